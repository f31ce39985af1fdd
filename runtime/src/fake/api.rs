//! The typed side of the fake: one resource collection in one namespace, with
//! every verb of [`ResourceApi`]. Each call is recorded as an [`Action`],
//! offered to the reactors, and otherwise answered by the tracker with the API
//! server's semantics.

use std::any::TypeId;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use futures::StreamExt;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::actions::{Action, Fixture, PatchType};
use super::admission::Admission;
use super::meta;
use super::rest::{Part, PatchBody, Plan, Request, Rest};
use super::tracker::ResourceKey;
use crate::client::{Body, ResourceApi};
use crate::error::{Error, ErrorKind, Result};
use crate::params::{
    ApplyParams, DeleteParams, DeleteResponse, ListParams, ObjectList, Patch, PatchParams,
    PostParams, WatchEvent, WatchParams, WatchStream,
};
use crate::{Kind, ResourceInfo};

/// The fake [`ResourceApi`] of kind `K` in one namespace (or cluster-wide), from
/// [`fake::Clientset`](super::Clientset).
pub struct FakeApi<K> {
    fixture: Arc<Fixture>,
    info: ResourceInfo,
    namespace: String,
    kind: PhantomData<fn() -> K>,
}

impl<K> Clone for FakeApi<K> {
    fn clone(&self) -> Self {
        FakeApi {
            fixture: self.fixture.clone(),
            info: self.info,
            namespace: self.namespace.clone(),
            kind: PhantomData,
        }
    }
}

impl<K> fmt::Debug for FakeApi<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FakeApi")
            .field("resource", &ResourceKey::of(&self.info))
            .field("namespace", &self.namespace)
            .finish()
    }
}

fn encode<T: Serialize>(value: &T) -> Result<Value> {
    serde_json::to_value(value).map_err(|e| Error::other(format!("cannot encode the request: {e}")))
}

fn decode<T: DeserializeOwned>(value: Value) -> Result<T> {
    serde_json::from_value(value)
        .map_err(|e| Error::other(format!("cannot decode the response: {e}")))
}

fn decode_delete<T: DeserializeOwned>(value: Value) -> Result<DeleteResponse<T>> {
    if value.get("kind").and_then(Value::as_str) == Some("Status") {
        Ok(DeleteResponse::from_status(decode(value)?))
    } else {
        Ok(DeleteResponse::Object(decode(value)?))
    }
}

/// The patch body and its type; `Err` for patch types the fake does not know.
fn patch_body<P: Serialize>(patch: &Patch<P>) -> Result<(PatchType, Value)> {
    Ok(match patch {
        Patch::Apply(p) => (PatchType::Apply, encode(p)?),
        Patch::Merge(p) => (PatchType::Merge, encode(p)?),
        Patch::Strategic(p) => (PatchType::Strategic, encode(p)?),
        Patch::Json(p) => (PatchType::Json, encode(p)?),
        _ => {
            return Err(Error::other(
                "the fake clientset does not support this patch type",
            ));
        }
    })
}

/// The field manager of a server-side apply sent as a plain patch; the server
/// rejects an apply without one.
fn apply_manager(pp: &PatchParams) -> Result<()> {
    if pp.field_manager.as_deref().is_none_or(str::is_empty) {
        return Err(Error::api(
            ErrorKind::Invalid,
            "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch",
        ));
    }
    Ok(())
}

fn post_request(pp: &PostParams) -> Request<'_> {
    Request::new(pp.dry_run, pp.field_manager.as_deref())
}

fn patch_request(pp: &PatchParams) -> Request<'_> {
    Request {
        force: pp.force,
        ..Request::new(pp.dry_run, pp.field_manager.as_deref())
    }
}

fn apply_request(params: &ApplyParams) -> Request<'_> {
    Request {
        dry_run: params.dry_run,
        manager: &params.field_manager,
        force: params.force,
    }
}

/// Whether `T` is the kind itself: custom verbs on other subresources are then
/// served as verbs on the object.
fn is<T: 'static, K: 'static>() -> bool {
    TypeId::of::<T>() == TypeId::of::<K>()
}

impl<K: Kind> FakeApi<K> {
    /// The fake API of `K` in `namespace` (`""` for cluster-scoped kinds, or all
    /// namespaces for list and watch).
    pub(crate) fn new(fixture: Arc<Fixture>, namespace: &str) -> Self {
        FakeApi {
            fixture,
            info: K::INFO,
            namespace: namespace.to_owned(),
            kind: PhantomData,
        }
    }

    fn rest(&self) -> Rest<'_> {
        Rest {
            tracker: self.fixture.tracker(),
            info: &self.info,
            namespace: &self.namespace,
            engines: self.fixture.crds().engines(&self.info),
        }
    }

    fn action(&self, verb: &str, name: Option<&str>, subresource: Option<&str>) -> Action {
        let mut action = Action::new(
            verb,
            self.info.group,
            self.info.version,
            self.info.plural,
            &self.namespace,
        );
        action.name = name.map(str::to_owned);
        action.subresource = subresource.map(str::to_owned);
        action
    }

    /// Records the action, runs the reactors, and falls back to `answer`.
    fn run(
        &self,
        action: &Action,
        answer: impl FnOnce(&Rest<'_>) -> Result<Value>,
    ) -> Result<Value> {
        match self.fixture.invoke(action) {
            Some(reaction) => reaction,
            None => answer(&self.rest()),
        }
    }

    /// Carries out a write, through the admission hooks of the resource when
    /// it has any.
    async fn execute(&self, rest: &Rest<'_>, plan: Plan<'_>, req: &Request<'_>) -> Result<Value> {
        match Admission::of(&self.fixture, &self.info, &self.namespace) {
            Some(admission) => admission.execute(rest, plan, req).await,
            None => rest.execute(plan, req),
        }
    }

    /// A create of `object`, admitted.
    async fn create_value(&self, object: Value, req: &Request<'_>) -> Result<Value> {
        let rest = self.rest();
        let plan = rest.plan_create(object, req)?;
        self.execute(&rest, plan, req).await
    }

    /// A PUT of `object`, admitted.
    async fn update_value(&self, object: Value, part: Part, req: &Request<'_>) -> Result<Value> {
        let rest = self.rest();
        let plan = rest.plan_update(object, part)?;
        self.execute(&rest, plan, req).await
    }

    /// A PATCH, admitted.
    async fn patch_value(
        &self,
        name: &str,
        body: &PatchBody,
        part: Part,
        req: &Request<'_>,
    ) -> Result<Value> {
        let rest = self.rest();
        let plan = rest.plan_patch(name, body, part)?;
        self.execute(&rest, plan, req).await
    }

    /// A server-side apply, admitted.
    async fn apply_value(
        &self,
        name: &str,
        config: Value,
        part: Part,
        req: &Request<'_>,
    ) -> Result<Value> {
        let rest = self.rest();
        let plan = rest.plan_apply(name, config, part, req)?;
        self.execute(&rest, plan, req).await
    }

    /// A delete, admitted.
    async fn delete_value(&self, name: &str, dp: &DeleteParams) -> Result<Value> {
        let rest = self.rest();
        match Admission::of(&self.fixture, &self.info, &self.namespace) {
            Some(admission) => admission.delete(&rest, name, dp).await,
            None => rest.delete(name, dp),
        }
    }

    fn not_emulated(&self, subresource: &str, verb: &str) -> Error {
        Error::api(
            ErrorKind::MethodNotAllowed,
            format!(
                "the fake clientset does not emulate the \"{subresource}\" subresource of {}; add a reactor for verb \"{verb}\" on \"{}/{subresource}\"",
                self.info.qualified_resource(),
                self.info.plural
            ),
        )
    }

    async fn do_create(&self, pp: &PostParams, object: &K) -> Result<K> {
        let object = encode(object)?;
        let mut action = self.action("create", None, None);
        action.object = Some(object.clone());
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode(reaction?);
        }
        decode(self.create_value(object, &post_request(pp)).await?)
    }

    async fn update_part(&self, pp: &PostParams, object: &K, part: Part) -> Result<K> {
        let object = encode(object)?;
        let name = meta::meta_str(&object, "name").to_owned();
        if name.is_empty() {
            return Err(Error::other("resource name may not be empty"));
        }
        let subresource = (part == Part::Status).then_some("status");
        let mut action = self.action("update", Some(&name), subresource);
        action.object = Some(object.clone());
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode(reaction?);
        }
        decode(self.update_value(object, part, &post_request(pp)).await?)
    }

    fn do_get(&self, name: &str) -> Result<K> {
        let action = self.action("get", Some(name), None);
        decode(self.run(&action, |rest| rest.get(name))?)
    }

    fn do_list(&self, lp: &ListParams) -> Result<ObjectList<K>> {
        let mut action = self.action("list", None, None);
        action.label_selector = lp.label_selector.clone();
        action.field_selector = lp.field_selector.clone();
        decode(self.run(&action, |rest| rest.list(lp))?)
    }

    async fn do_delete(&self, name: &str, dp: &DeleteParams) -> Result<DeleteResponse<K>> {
        let action = self.action("delete", Some(name), None);
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode_delete(reaction?);
        }
        decode_delete(self.delete_value(name, dp).await?)
    }

    async fn do_delete_collection(
        &self,
        dp: &DeleteParams,
        lp: &ListParams,
    ) -> Result<DeleteResponse<ObjectList<K>>> {
        let mut action = self.action("delete-collection", None, None);
        action.label_selector = lp.label_selector.clone();
        action.field_selector = lp.field_selector.clone();
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode_delete(reaction?);
        }
        let rest = self.rest();
        decode_delete(
            match Admission::of(&self.fixture, &self.info, &self.namespace) {
                Some(admission) => admission.delete_collection(&rest, dp, lp).await,
                None => rest.delete_collection(dp, lp),
            }?,
        )
    }

    /// `watch`. Reactors can fail a watch; a reactor's `Ok` answer is ignored and
    /// the tracker's watch is returned.
    fn do_watch(&self, wp: &WatchParams, version: &str) -> Result<WatchStream<K>> {
        let mut action = self.action("watch", None, None);
        action.label_selector = wp.label_selector.clone();
        action.field_selector = wp.field_selector.clone();
        action.resource_version = Some(version.to_owned());
        if let Some(Err(error)) = self.fixture.invoke(&action) {
            return Err(error);
        }
        let events = self.rest().watch(wp, version)?;
        Ok(events.map(decode::<WatchEvent<K>>).boxed())
    }

    async fn patch_part<P: Serialize>(
        &self,
        name: &str,
        pp: &PatchParams,
        patch: &Patch<P>,
        part: Part,
    ) -> Result<K> {
        let (patch_type, body) = patch_body(patch)?;
        let subresource = (part == Part::Status).then_some("status");
        let mut action = self.action("patch", Some(name), subresource);
        action.patch_type = Some(patch_type);
        action.patch = Some(body.clone());
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode(reaction?);
        }
        let req = patch_request(pp);
        decode(match patch_type {
            PatchType::Apply => {
                apply_manager(pp)?;
                self.apply_value(name, body, part, &req).await
            }
            PatchType::Merge => {
                self.patch_value(name, &PatchBody::Merge(body), part, &req)
                    .await
            }
            PatchType::Json => {
                self.patch_value(name, &PatchBody::Json(body), part, &req)
                    .await
            }
            PatchType::Strategic => {
                self.patch_value(name, &PatchBody::Strategic(body), part, &req)
                    .await
            }
        }?)
    }

    /// A custom `get` verb, on the object or one of its subresources.
    fn do_custom_get<R: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        same_type: bool,
    ) -> Result<R> {
        let action = self.action("get", Some(name), subresource);
        decode(self.run(&action, |rest| match subresource {
            None | Some("status") => rest.get(name),
            Some("scale") if self.info.scale.is_some() => rest.get_scale(name),
            Some(_) if same_type => rest.get(name),
            Some(sub) => Err(self.not_emulated(sub, "get")),
        })?)
    }

    /// A custom `list` verb.
    fn do_custom_list<R: DeserializeOwned>(&self, lp: &ListParams) -> Result<R> {
        let mut action = self.action("list", None, None);
        action.label_selector = lp.label_selector.clone();
        action.field_selector = lp.field_selector.clone();
        decode(self.run(&action, |rest| rest.list(lp))?)
    }

    /// A custom `create` verb: without a subresource it creates the input as an
    /// object; on a subresource the fake treats it as an update of that
    /// subresource (as client-go's fake does).
    async fn do_custom_create<I: Serialize, R: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
        same_type: bool,
    ) -> Result<R> {
        let input = encode(input)?;
        let mut action = self.action("create", (!name.is_empty()).then_some(name), subresource);
        action.object = Some(input.clone());
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode(reaction?);
        }
        decode(match subresource {
            None => self.create_value(input, &post_request(pp)).await,
            Some(sub) => self.write_subresource(name, sub, input, pp, same_type, "create"),
        }?)
    }

    /// A custom `update` verb, on the object or one of its subresources.
    async fn do_custom_update<I: Serialize, R: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
        same_type: bool,
    ) -> Result<R> {
        let mut input = encode(input)?;
        let mut action = self.action("update", Some(name), subresource);
        action.object = Some(input.clone());
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode(reaction?);
        }
        decode(match subresource {
            None => {
                meta::meta_mut(&mut input).insert("name".into(), Value::String(name.to_owned()));
                self.update_value(input, Part::Main, &post_request(pp))
                    .await
            }
            Some(sub) => self.write_subresource(name, sub, input, pp, same_type, "update"),
        }?)
    }

    /// A PUT or POST to a subresource: `status` and `scale` as the server treats
    /// them, other subresources as the object itself when they carry the kind.
    fn write_subresource(
        &self,
        name: &str,
        subresource: &str,
        mut input: Value,
        pp: &PostParams,
        same_type: bool,
        verb: &str,
    ) -> Result<Value> {
        let rest = self.rest();
        match subresource {
            "status" => {
                meta::meta_mut(&mut input).insert("name".into(), Value::String(name.to_owned()));
                rest.update(input, Part::Status, &post_request(pp))
            }
            "scale" if self.info.scale.is_some() => rest.update_scale(name, &input, pp.dry_run),
            _ if same_type => {
                meta::meta_mut(&mut input).insert("name".into(), Value::String(name.to_owned()));
                rest.update(input, Part::Main, &post_request(pp))
            }
            sub => Err(self.not_emulated(sub, verb)),
        }
    }

    /// A custom `patch` verb, on the object or one of its subresources.
    async fn do_custom_patch<P: Serialize, R: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PatchParams,
        patch: &Patch<P>,
        same_type: bool,
    ) -> Result<R> {
        let (patch_type, body) = patch_body(patch)?;
        let mut action = self.action("patch", Some(name), subresource);
        action.patch_type = Some(patch_type);
        action.patch = Some(body.clone());
        let body = match patch_type {
            PatchType::Merge | PatchType::Apply => PatchBody::Merge(body),
            PatchType::Json => PatchBody::Json(body),
            PatchType::Strategic => PatchBody::Strategic(body),
        };
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode(reaction?);
        }
        let rest = self.rest();
        decode(match subresource {
            None => {
                self.patch_value(name, &body, Part::Main, &patch_request(pp))
                    .await
            }
            Some("status") => rest.patch(name, &body, Part::Status, &patch_request(pp)),
            Some("scale") if self.info.scale.is_some() => rest.patch_scale(name, &body, pp.dry_run),
            Some(_) if same_type => rest.patch(name, &body, Part::Main, &patch_request(pp)),
            Some(sub) => Err(self.not_emulated(sub, "patch")),
        }?)
    }

    /// A custom `apply` verb, on the object or one of its subresources.
    async fn do_custom_apply<I: Serialize, R: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        params: &ApplyParams,
        input: &I,
        same_type: bool,
    ) -> Result<R> {
        let input = encode(input)?;
        let mut action = self.action("patch", Some(name), subresource);
        action.patch_type = Some(PatchType::Apply);
        action.patch = Some(input.clone());
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode(reaction?);
        }
        let rest = self.rest();
        decode(match subresource {
            None => {
                self.apply_value(name, input, Part::Main, &apply_request(params))
                    .await
            }
            Some("status") => rest.apply(name, input, Part::Status, &apply_request(params)),
            Some("scale") if self.info.scale.is_some() => {
                rest.patch_scale(name, &PatchBody::Merge(input), params.dry_run)
            }
            Some(_) if same_type => rest.apply(name, input, Part::Main, &apply_request(params)),
            Some(sub) => Err(self.not_emulated(sub, "patch")),
        }?)
    }

    /// A custom `delete` verb, on the object or one of its subresources.
    async fn do_custom_delete<R: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        dp: &DeleteParams,
        same_type: bool,
    ) -> Result<DeleteResponse<R>> {
        let action = self.action("delete", Some(name), subresource);
        if let Some(reaction) = self.fixture.invoke(&action) {
            return decode_delete(reaction?);
        }
        decode_delete(match subresource {
            None => self.delete_value(name, dp).await,
            Some(_) if same_type => self.rest().delete(name, dp),
            Some(sub) => Err(self.not_emulated(sub, "delete")),
        }?)
    }
}

impl<K: Kind> ResourceApi<K> for FakeApi<K> {
    fn namespace(&self) -> &str {
        &self.namespace
    }

    async fn create(&self, pp: &PostParams, object: &K) -> Result<K> {
        self.do_create(pp, object).await
    }

    async fn update(&self, pp: &PostParams, object: &K) -> Result<K> {
        self.update_part(pp, object, Part::Main).await
    }

    async fn update_status(&self, pp: &PostParams, object: &K) -> Result<K> {
        self.update_part(pp, object, Part::Status).await
    }

    async fn delete(&self, name: &str, dp: &DeleteParams) -> Result<DeleteResponse<K>> {
        self.do_delete(name, dp).await
    }

    async fn delete_collection(
        &self,
        dp: &DeleteParams,
        lp: &ListParams,
    ) -> Result<DeleteResponse<ObjectList<K>>> {
        self.do_delete_collection(dp, lp).await
    }

    async fn get(&self, name: &str) -> Result<K> {
        self.do_get(name)
    }

    async fn list(&self, lp: &ListParams) -> Result<ObjectList<K>> {
        self.do_list(lp)
    }

    async fn watch(&self, wp: &WatchParams, resource_version: &str) -> Result<WatchStream<K>> {
        self.do_watch(wp, resource_version)
    }

    async fn patch<P: Body>(&self, name: &str, pp: &PatchParams, patch: &Patch<P>) -> Result<K> {
        self.patch_part(name, pp, patch, Part::Main).await
    }

    async fn patch_status<P: Body>(
        &self,
        name: &str,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> Result<K> {
        self.patch_part(name, pp, patch, Part::Status).await
    }

    async fn apply<P: Body>(&self, name: &str, config: &P, params: &ApplyParams) -> Result<K> {
        let patch = Patch::Apply(config);
        self.patch_part(name, &params.to_patch_params(), &patch, Part::Main)
            .await
    }

    async fn apply_status<P: Body>(
        &self,
        name: &str,
        config: &P,
        params: &ApplyParams,
    ) -> Result<K> {
        let patch = Patch::Apply(config);
        self.patch_part(name, &params.to_patch_params(), &patch, Part::Status)
            .await
    }

    async fn custom_get<R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
    ) -> Result<R> {
        self.do_custom_get(name, subresource, is::<R, K>())
    }

    async fn custom_list<R: DeserializeOwned + Send + 'static>(
        &self,
        lp: &ListParams,
    ) -> Result<R> {
        self.do_custom_list(lp)
    }

    async fn custom_create<I: Body + 'static, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
    ) -> Result<R> {
        let same_type = is::<I, K>() && is::<R, K>();
        self.do_custom_create(name, subresource, pp, input, same_type)
            .await
    }

    async fn custom_update<I: Body + 'static, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
    ) -> Result<R> {
        let same_type = is::<I, K>() && is::<R, K>();
        self.do_custom_update(name, subresource, pp, input, same_type)
            .await
    }

    async fn custom_patch<P: Body, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> Result<R> {
        self.do_custom_patch(name, subresource, pp, patch, is::<R, K>())
            .await
    }

    async fn custom_apply<I: Body + 'static, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        params: &ApplyParams,
        input: &I,
    ) -> Result<R> {
        let same_type = is::<I, K>() && is::<R, K>();
        self.do_custom_apply(name, subresource, params, input, same_type)
            .await
    }

    async fn custom_delete<R: DeserializeOwned + Clone + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        dp: &DeleteParams,
    ) -> Result<DeleteResponse<R>> {
        self.do_custom_delete(name, subresource, dp, is::<R, K>())
            .await
    }
}
