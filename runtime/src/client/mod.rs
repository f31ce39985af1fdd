//! Typed clients, for any [`Kind`], over the API server or the fake clientset.
//!
//! - [`Interface`] is what a clientset is: the real [`Clientset`] over a
//!   `kube::Client` and the in-memory [`fake::Clientset`](crate::fake::Clientset)
//!   both implement it, and hand out a [`ResourceApi`] per kind and namespace.
//!   Write code against `C: Interface` to run it with either; generated crates
//!   add their group-version accessors to every `Interface`
//!   (`clientset.myapp_v1().apps("default")`).
//! - [`TypedClient`] is the client of one kind in one namespace, with a method per
//!   verb the kind allows ([`verb`]).
//!
//! ```no_run
//! use k8s_openapi::api::core::v1::ConfigMap;
//! use kube_codegen_runtime::params::PostParams;
//! use kube_codegen_runtime::{Clientset, Interface, Result};
//!
//! /// Runs on the real and on the fake clientset alike.
//! async fn ensure_settings<C: Interface>(clientset: &C) -> Result<ConfigMap> {
//!     let maps = clientset.resource::<ConfigMap>("default");
//!     match maps.get("settings").await {
//!         Err(e) if e.is_not_found() => {
//!             let mut map = ConfigMap::default();
//!             map.metadata.name = Some("settings".into());
//!             maps.create(&PostParams::default(), &map).await
//!         }
//!         other => other,
//!     }
//! }
//!
//! # async fn demo() -> Result<()> {
//! ensure_settings(&Clientset::try_default().await?).await?;
//! ensure_settings(&kube_codegen_runtime::fake::Clientset::default()).await?;
//! # Ok(())
//! # }
//! ```

mod kube_api;
pub mod verb;

use std::fmt::Debug;
use std::future::Future;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use kube_api::{Clientset, KubeApi};

use crate::Kind;
use crate::apply::ApplyConfiguration;
use crate::error::Result;
use crate::params::{
    ApplyParams, DeleteParams, DeleteResponse, ListParams, ObjectList, Patch, PatchParams,
    PostParams, WatchParams, WatchStream,
};

/// A clientset: hands out the API of any kind. Implemented by [`Clientset`]
/// (the API server) and [`fake::Clientset`](crate::fake::Clientset) (memory).
pub trait Interface: Clone + Send + Sync + 'static {
    /// Every verb on one kind in one namespace.
    type Api<K: Kind>: ResourceApi<K>;

    /// The API of kind `K` in `namespace` (`""` for cluster-scoped kinds, or all
    /// namespaces for list and watch), with every verb whatever the kind allows.
    fn api<K: Kind>(&self, namespace: &str) -> Self::Api<K>;

    /// The typed client of kind `K` in `namespace`: the verbs the kind allows.
    fn resource<K: Kind>(&self, namespace: &str) -> TypedClient<K, Self> {
        TypedClient::new(self, namespace)
    }
}

/// Bound of the patch bodies and apply configurations the clients send.
pub trait Body: Serialize + Debug + Send + Sync {}

impl<T: Serialize + Debug + Send + Sync + ?Sized> Body for T {}

/// Every verb on objects of kind `K` in one namespace, as the API server serves
/// them; what an [`Interface`] implementation provides.
///
/// The `custom_*` methods serve `+genclient:method=` verbs, whose request and
/// result types may differ from `K` (a `Scale` from the `scale` subresource).
pub trait ResourceApi<K: Kind>: Clone + Debug + Send + Sync + 'static {
    /// The namespace the API is bound to (`""`: cluster-scoped or all).
    fn namespace(&self) -> &str;

    /// POST a new object.
    fn create(&self, pp: &PostParams, object: &K) -> impl Future<Output = Result<K>> + Send;
    /// PUT the object named by its `metadata.name`.
    fn update(&self, pp: &PostParams, object: &K) -> impl Future<Output = Result<K>> + Send;
    /// PUT the `status` subresource.
    fn update_status(&self, pp: &PostParams, object: &K) -> impl Future<Output = Result<K>> + Send;
    /// DELETE one object.
    fn delete(
        &self,
        name: &str,
        dp: &DeleteParams,
    ) -> impl Future<Output = Result<DeleteResponse<K>>> + Send;
    /// DELETE every object `lp` selects.
    fn delete_collection(
        &self,
        dp: &DeleteParams,
        lp: &ListParams,
    ) -> impl Future<Output = Result<DeleteResponse<ObjectList<K>>>> + Send;
    /// GET one object.
    fn get(&self, name: &str) -> impl Future<Output = Result<K>> + Send;
    /// GET the collection.
    fn list(&self, lp: &ListParams) -> impl Future<Output = Result<ObjectList<K>>> + Send;
    /// Watch the collection from `resource_version`.
    fn watch(
        &self,
        wp: &WatchParams,
        resource_version: &str,
    ) -> impl Future<Output = Result<WatchStream<K>>> + Send;
    /// PATCH the object.
    fn patch<P: Body>(
        &self,
        name: &str,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> impl Future<Output = Result<K>> + Send;
    /// PATCH the `status` subresource.
    fn patch_status<P: Body>(
        &self,
        name: &str,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> impl Future<Output = Result<K>> + Send;
    /// Server-side apply `config` to the object.
    fn apply<P: Body>(
        &self,
        name: &str,
        config: &P,
        params: &ApplyParams,
    ) -> impl Future<Output = Result<K>> + Send;
    /// Server-side apply `config` to the `status` subresource.
    fn apply_status<P: Body>(
        &self,
        name: &str,
        config: &P,
        params: &ApplyParams,
    ) -> impl Future<Output = Result<K>> + Send;

    /// GET the object or one of its subresources, decoded as `R`.
    fn custom_get<R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
    ) -> impl Future<Output = Result<R>> + Send;
    /// GET the collection, decoded as `R`.
    fn custom_list<R: DeserializeOwned + Send + 'static>(
        &self,
        lp: &ListParams,
    ) -> impl Future<Output = Result<R>> + Send;
    /// POST `input` as a new object (`subresource` `None`, `name` ignored) or to a
    /// subresource of the object `name`.
    fn custom_create<I: Body + 'static, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
    ) -> impl Future<Output = Result<R>> + Send;
    /// PUT `input` to the object or one of its subresources.
    fn custom_update<I: Body + 'static, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
    ) -> impl Future<Output = Result<R>> + Send;
    /// PATCH the object or one of its subresources.
    fn custom_patch<P: Body, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> impl Future<Output = Result<R>> + Send;
    /// Server-side apply `input` to the object or one of its subresources.
    fn custom_apply<I: Body + 'static, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        params: &ApplyParams,
        input: &I,
    ) -> impl Future<Output = Result<R>> + Send;
    /// DELETE the object or one of its subresources.
    fn custom_delete<R: DeserializeOwned + Clone + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        dp: &DeleteParams,
    ) -> impl Future<Output = Result<DeleteResponse<R>>> + Send;
}

/// The typed client of kind `K` in one namespace, over clientset `C` (the API
/// server by default, or the fake): one method per verb `K` allows.
///
/// Get one from a generated accessor (`clientset.myapp_v1().apps("default")`)
/// or from [`Interface::resource`]. Cloning is cheap.
pub struct TypedClient<K: Kind, C: Interface = Clientset> {
    api: C::Api<K>,
}

impl<K: Kind, C: Interface> Clone for TypedClient<K, C> {
    fn clone(&self) -> Self {
        TypedClient {
            api: self.api.clone(),
        }
    }
}

impl<K: Kind, C: Interface> Debug for TypedClient<K, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TypedClient")
            .field("resource", &K::INFO.to_string())
            .field("api", &self.api)
            .finish()
    }
}

impl<K: Kind, C: Interface> TypedClient<K, C> {
    /// The client of `K` objects in `namespace` through `clientset`; `""` lists
    /// and watches every namespace (and is the only namespace of
    /// cluster-scoped kinds).
    pub fn new(clientset: &C, namespace: &str) -> Self {
        TypedClient {
            api: clientset.api(namespace),
        }
    }

    /// Every verb, whatever the kind allows (and the `custom_*` requests).
    pub fn api(&self) -> &C::Api<K> {
        &self.api
    }

    /// The namespace of the client (`""`: cluster-scoped, or all namespaces).
    pub fn namespace(&self) -> &str {
        self.api.namespace()
    }
}

impl<K: verb::Create, C: Interface> TypedClient<K, C> {
    /// Creates an object. The server fills in uid, resourceVersion, generation and
    /// creationTimestamp (and the name from `generateName`); fails with
    /// `AlreadyExists` if the name is taken, `Invalid` if the object does not
    /// validate.
    pub async fn create(&self, pp: &PostParams, object: &K) -> Result<K> {
        self.api.create(pp, object).await
    }
}

impl<K: verb::Update, C: Interface> TypedClient<K, C> {
    /// Replaces the object named by its `metadata.name`. Its
    /// `metadata.resourceVersion` must be the stored one: a stale version fails
    /// with `Conflict`. With a status subresource, changes to `status` are
    /// ignored (use `update_status`).
    pub async fn update(&self, pp: &PostParams, object: &K) -> Result<K> {
        self.api.update(pp, object).await
    }
}

impl<K: verb::UpdateStatus, C: Interface> TypedClient<K, C> {
    /// Replaces the `status` of the object through the status subresource; every
    /// other change is ignored. Same resourceVersion rules as `update`.
    pub async fn update_status(&self, pp: &PostParams, object: &K) -> Result<K> {
        self.api.update_status(pp, object).await
    }
}

impl<K: verb::Delete, C: Interface> TypedClient<K, C> {
    /// Deletes an object by name. While finalizers remain, it stays with
    /// `metadata.deletionTimestamp` set. Fails with `NotFound` if it does not
    /// exist, `Conflict` if a precondition fails.
    pub async fn delete(&self, name: &str, dp: &DeleteParams) -> Result<DeleteResponse<K>> {
        self.api.delete(name, dp).await
    }
}

impl<K: verb::DeleteCollection, C: Interface> TypedClient<K, C> {
    /// Deletes every object the list parameters select.
    pub async fn delete_collection(
        &self,
        dp: &DeleteParams,
        lp: &ListParams,
    ) -> Result<DeleteResponse<ObjectList<K>>> {
        self.api.delete_collection(dp, lp).await
    }
}

impl<K: verb::Get, C: Interface> TypedClient<K, C> {
    /// Reads an object by name; `NotFound` if it does not exist.
    pub async fn get(&self, name: &str) -> Result<K> {
        self.api.get(name).await
    }
}

impl<K: verb::List, C: Interface> TypedClient<K, C> {
    /// Lists objects, filtered by the label and field selectors of `lp`.
    pub async fn list(&self, lp: &ListParams) -> Result<ObjectList<K>> {
        self.api.list(lp).await
    }
}

impl<K: verb::Watch, C: Interface> TypedClient<K, C> {
    /// Watches objects from `resource_version` (`"0"` or `""`: an `Added` event per
    /// existing object first) until the watch times out. A version too old for
    /// the server yields an `Error` event with code 410.
    pub async fn watch(&self, wp: &WatchParams, resource_version: &str) -> Result<WatchStream<K>> {
        self.api.watch(wp, resource_version).await
    }
}

impl<K: verb::Patch, C: Interface> TypedClient<K, C> {
    /// Patches an object (JSON merge, JSON patch or apply; custom resources do not
    /// accept strategic merge patches). With a status subresource, changes to
    /// `status` are ignored.
    pub async fn patch<P: Body>(
        &self,
        name: &str,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> Result<K> {
        self.api.patch(name, pp, patch).await
    }
}

impl<K: verb::PatchStatus, C: Interface> TypedClient<K, C> {
    /// Patches the `status` of an object through the status subresource.
    pub async fn patch_status<P: Body>(
        &self,
        name: &str,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> Result<K> {
        self.api.patch_status(name, pp, patch).await
    }
}

impl<K: verb::Apply, C: Interface> TypedClient<K, C> {
    /// Server-side applies `config` (a partial object, e.g. a `serde_json::Value`
    /// with `apiVersion`, `kind`, `metadata.name` and the fields you own) as
    /// `params.field_manager`; creates the object if it does not exist.
    pub async fn apply<P: Body>(&self, name: &str, config: &P, params: &ApplyParams) -> Result<K> {
        self.api.apply(name, config, params).await
    }

    /// Server-side applies a typed apply configuration (a generated
    /// `<Kind>Apply`) as `params.field_manager`: the object is the one its
    /// `metadata.name` names, which is required (a `BadRequest` error
    /// otherwise, as is a `metadata.namespace` other than the client's). Only
    /// the fields set in `config` are sent, and owned.
    pub async fn apply_config<A: ApplyConfiguration<Kind = K>>(
        &self,
        config: &A,
        params: &ApplyParams,
    ) -> Result<K> {
        let name = crate::apply::target(config, self.namespace())?;
        self.api.apply(name, config, params).await
    }
}

impl<K: verb::ApplyStatus, C: Interface> TypedClient<K, C> {
    /// Server-side applies `config` to the `status` of an object as
    /// `params.field_manager`.
    pub async fn apply_status<P: Body>(
        &self,
        name: &str,
        config: &P,
        params: &ApplyParams,
    ) -> Result<K> {
        self.api.apply_status(name, config, params).await
    }

    /// Server-side applies the `status` of a typed apply configuration through
    /// the status subresource, as [`apply_config`](Self::apply_config) does
    /// the object.
    pub async fn apply_status_config<A: ApplyConfiguration<Kind = K>>(
        &self,
        config: &A,
        params: &ApplyParams,
    ) -> Result<K> {
        let name = crate::apply::target(config, self.namespace())?;
        self.api.apply_status(name, config, params).await
    }
}
