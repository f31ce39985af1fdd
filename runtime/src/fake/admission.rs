//! Admission webhooks in the fake clientset: what the API server does with
//! the mutating and validating webhooks its configurations name, for the
//! hooks registered with [`Clientset::with_admission`](super::Clientset::with_admission).
//!
//! For a create, update (PUT, PATCH, server-side apply) or delete of a
//! resource a hook handles, the fake builds the `AdmissionRequest` the API
//! server would send (`object`, `oldObject`, `dryRun`, `options`) and calls
//! the hooks in the server's order: once the request is decoded and its
//! managed fields recorded, every mutating hook in registration order, each
//! JSON patch applied and the object decoded again (pruned and defaulted by
//! the CRD); then system metadata and schema validation; then every
//! validating hook, with the stored object as `oldObject` on updates and
//! deletes. A denial fails the request as the server fails it: the hook's
//! status (its code at least 400) with the message
//! `admission webhook "<name>" denied the request: <message>`. Warnings are
//! kept for the test to read ([`Clientset::warnings`](super::Clientset::warnings)).
//!
//! Writes to `status` and `scale` are not admitted: a rule for `apps` does not
//! match `apps/status`. An update whose stored object changed while its hooks
//! ran starts over, as the server's optimistic retry does.

use std::sync::Arc;

use kube::api::{DeleteParams, ListParams};
use kube::core::admission::{AdmissionRequest, Operation};
use kube::core::{DynamicObject, Status, TypeMeta};
use serde_json::{Value, json};

use super::actions::Fixture;
use super::hooks::AdmissionHook;
use super::meta;
use super::patch;
use super::rest::{Part, Plan, Request, Rest};
use super::tracker::{ResourceKey, Write};
use crate::ResourceInfo;
use crate::error::{Error, ErrorKind, Result};

/// The `metav1.XxxOptions` an admission request carries.
fn options(kind: &str, req: &Request<'_>) -> Value {
    let mut options = json!({"kind": kind, "apiVersion": "meta.k8s.io/v1"});
    if !req.manager.is_empty() {
        options["fieldManager"] = Value::String(req.manager.to_owned());
    }
    if req.dry_run {
        options["dryRun"] = json!(["All"]);
    }
    options
}

/// The error the API server answers a denial with (`webhookerrors.ToStatusErr`).
fn denied(webhook: &str, mut status: Status) -> Error {
    let denied_by = format!("admission webhook \"{webhook}\" denied the request");
    if status.code < 400 {
        status.code = 400;
    }
    status.status = Some(kube::core::response::StatusSummary::Failure);
    status.message = if !status.message.is_empty() {
        format!("{denied_by}: {}", status.message)
    } else if !status.reason.is_empty() {
        format!("{denied_by}: {}", status.reason)
    } else {
        format!("{denied_by} without explanation")
    };
    Error::from_status(status)
}

/// The admission webhooks of one resource in one namespace.
pub(crate) struct Admission<'a> {
    fixture: &'a Fixture,
    info: &'a ResourceInfo,
    key: ResourceKey,
    namespace: &'a str,
    hooks: Vec<Arc<dyn AdmissionHook>>,
}

impl<'a> Admission<'a> {
    /// The hooks of the resource `info` describes, `None` when no hook
    /// handles any operation on it.
    pub(crate) fn of(
        fixture: &'a Fixture,
        info: &'a ResourceInfo,
        namespace: &'a str,
    ) -> Option<Admission<'a>> {
        let key = ResourceKey::of(info);
        let operations = [Operation::Create, Operation::Update, Operation::Delete];
        let hooks: Vec<_> = fixture
            .hooks()
            .all()
            .into_iter()
            .filter(|h| operations.iter().any(|op| h.handles(&key, op)))
            .collect();
        (!hooks.is_empty()).then_some(Admission {
            fixture,
            info,
            key,
            namespace,
            hooks,
        })
    }

    /// The review the API server would send.
    fn request(
        &self,
        operation: Operation,
        name: &str,
        object: Option<&Value>,
        old: Option<&Value>,
        options: Value,
    ) -> Result<AdmissionRequest<DynamicObject>> {
        let gvk =
            json!({"group": self.info.group, "version": self.info.version, "kind": self.info.kind});
        let gvr = json!({"group": self.info.group, "version": self.info.version, "resource": self.info.plural});
        let dry_run = options.get("dryRun").is_some();
        let mut request = json!({
            "uid": self.fixture.tracker().random().uid(),
            "kind": gvk,
            "resource": gvr,
            "requestKind": gvk,
            "requestResource": gvr,
            "name": name,
            "operation": operation,
            "userInfo": {},
            "object": object,
            "oldObject": old,
            "dryRun": dry_run,
            "options": options,
        });
        if self.info.namespaced {
            request["namespace"] = Value::String(self.namespace.to_owned());
        }
        let mut request: AdmissionRequest<DynamicObject> = serde_json::from_value(request)
            .map_err(|e| Error::other(format!("cannot build the admission request: {e}")))?;
        request.types = TypeMeta {
            api_version: "admission.k8s.io/v1".to_owned(),
            kind: "AdmissionReview".to_owned(),
        };
        Ok(request)
    }

    /// Calls every hook of kind `mutating` that handles `operation`; the
    /// mutating ones patch `object`.
    async fn call(
        &self,
        mutating: bool,
        operation: Operation,
        object: &mut Option<Value>,
        old: Option<&Value>,
        options: &Value,
    ) -> Result<()> {
        let hooks = self
            .hooks
            .iter()
            .filter(|h| h.mutating() == mutating && h.handles(&self.key, &operation));
        for hook in hooks {
            let name = object
                .as_ref()
                .or(old)
                .map(|o| meta::meta_str(o, "name"))
                .unwrap_or_default();
            let request = self.request(
                operation.clone(),
                name,
                object.as_ref(),
                old,
                options.clone(),
            )?;
            let response = hook.review(&request).await;
            self.fixture
                .record_warnings(response.warnings.clone().unwrap_or_default());
            if !response.allowed {
                return Err(denied(hook.name(), response.result));
            }
            if let (true, Some(patch), Some(object)) = (mutating, &response.patch, object.as_mut())
            {
                let ops: Value = serde_json::from_slice(patch).map_err(|e| {
                    Error::api(
                        ErrorKind::InternalError,
                        format!("Internal error occurred: admission webhook \"{}\" returned a patch that is not JSON: {e}", hook.name()),
                    )
                })?;
                patch::json_patch(object, &ops).map_err(|e| {
                    Error::api(
                        ErrorKind::InternalError,
                        format!("Internal error occurred: the patch of admission webhook \"{}\" does not apply: {}", hook.name(), e.0),
                    )
                })?;
            }
        }
        Ok(())
    }

    /// Mutating hooks on `object`, then the object decoded again.
    async fn mutate(
        &self,
        rest: &Rest<'_>,
        operation: Operation,
        object: Value,
        old: Option<&Value>,
        options: &Value,
    ) -> Result<Value> {
        let mut object = Some(object);
        self.call(true, operation, &mut object, old, options)
            .await?;
        let mut object = object.unwrap_or_default();
        rest.redecode(&mut object)?;
        Ok(object)
    }

    /// Validating hooks.
    async fn validate(
        &self,
        operation: Operation,
        object: Option<&Value>,
        old: Option<&Value>,
        options: &Value,
    ) -> Result<()> {
        let mut object = object.cloned();
        self.call(false, operation, &mut object, old, options).await
    }

    /// Carries out `plan` with the hooks in the API server's order.
    pub(crate) async fn execute(
        &self,
        rest: &Rest<'_>,
        plan: Plan<'_>,
        req: &Request<'_>,
    ) -> Result<Value> {
        match plan {
            Plan::Create(object) => {
                let options = options("CreateOptions", req);
                let object = self
                    .mutate(rest, Operation::Create, object, None, &options)
                    .await?;
                let new = rest.admit_new(object)?;
                self.validate(Operation::Create, Some(&new.object), None, &options)
                    .await?;
                rest.store_new(new, req.dry_run)
            }
            Plan::Change(change) if change.part == Part::Main => {
                let options = options("UpdateOptions", req);
                loop {
                    let current = rest.get(&change.name)?;
                    let requested = rest.requested(&current, &change, req)?;
                    let requested = self
                        .mutate(rest, Operation::Update, requested, Some(&current), &options)
                        .await?;
                    let write = rest.updated(&current, requested, change.part, req.dry_run)?;
                    let (Write::Put(object) | Write::Delete(object) | Write::Unchanged(object)) =
                        &write;
                    self.validate(Operation::Update, Some(object), Some(&current), &options)
                        .await?;
                    if let Some(written) = rest.commit(&change.name, &current, write)? {
                        return Ok(written);
                    }
                }
            }
            plan => rest.execute(plan, req),
        }
    }

    /// A delete, its validating hooks seeing the stored object.
    pub(crate) async fn delete(
        &self,
        rest: &Rest<'_>,
        name: &str,
        dp: &DeleteParams,
    ) -> Result<Value> {
        let (object, gone) = self.delete_object(rest, name, dp).await?;
        Ok(rest.deleted(name, object, gone))
    }

    /// The delete itself: the object's last state, and whether it is gone.
    async fn delete_object(
        &self,
        rest: &Rest<'_>,
        name: &str,
        dp: &DeleteParams,
    ) -> Result<(Value, bool)> {
        let options = delete_options(dp);
        loop {
            let current = rest.get(name)?;
            let (write, gone) = rest.deletion(name, &current, dp)?;
            self.validate(Operation::Delete, None, Some(&current), &options)
                .await?;
            if let Some(object) = rest.commit(name, &current, write)? {
                return Ok((object, gone));
            }
        }
    }

    /// A delete-collection: each object's delete admitted on its own, as the
    /// server deletes them one by one; the first denial fails the request,
    /// after the others are deleted.
    pub(crate) async fn delete_collection(
        &self,
        rest: &Rest<'_>,
        dp: &DeleteParams,
        lp: &ListParams,
    ) -> Result<Value> {
        let (items, version) = rest.select_for_delete(lp)?;
        let mut deleted = Vec::new();
        let mut first_error = None;
        for item in items {
            let one = rest.in_namespace_of(&item);
            let name = meta::meta_str(&item, "name");
            let admission = Admission {
                namespace: one.namespace,
                hooks: self.hooks.clone(),
                key: self.key.clone(),
                ..*self
            };
            match admission.delete_object(&one, name, dp).await {
                Ok((object, _)) => deleted.push(object),
                Err(e) if e.is_not_found() => {}
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match first_error {
            Some(e) => Err(e),
            None => Ok(rest.deleted_list(deleted, version)),
        }
    }
}

fn delete_options(dp: &DeleteParams) -> Value {
    let mut options = json!({"kind": "DeleteOptions", "apiVersion": "meta.k8s.io/v1"});
    if dp.dry_run {
        options["dryRun"] = json!(["All"]);
    }
    options
}
