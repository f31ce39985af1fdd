//! The real clientset: every verb through a `kube::Api<K>`, and custom verbs
//! (whose request and result types differ from the kind) through
//! `kube::core::Request` on the same URL.

use std::fmt;

use futures::StreamExt;
use kube::api::GetParams;
use kube::core::Request;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Body, Interface, ResourceApi};
use crate::error::{Error, Result};
use crate::kind::{Kind, Scope};
use crate::params::{
    ApplyParams, DeleteParams, DeleteResponse, ListParams, ObjectList, Patch, PatchParams,
    PostParams, WatchParams, WatchStream, object_name,
};

/// The clientset over a `kube::Client`: typed clients of every kind, of every
/// generated crate and of k8s-openapi, share its connection.
///
/// ```no_run
/// # async fn demo() -> kube_codegen_runtime::Result<()> {
/// use k8s_openapi::api::apps::v1::Deployment;
/// use kube_codegen_runtime::{Clientset, Interface};
///
/// let clientset = Clientset::try_default().await?;
/// let web = clientset.resource::<Deployment>("default").get("web").await?;
/// # let _ = web;
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct Clientset {
    client: kube::Client,
}

impl Clientset {
    /// A clientset over an existing client.
    pub fn new(client: kube::Client) -> Self {
        Clientset { client }
    }

    /// A clientset configured from the environment, like `kubectl`: the kubeconfig
    /// (`KUBECONFIG` or `~/.kube/config`), else the in-cluster service account.
    pub async fn try_default() -> Result<Self> {
        Ok(Clientset::new(kube::Client::try_default().await?))
    }

    /// A clientset from an explicit configuration.
    pub fn from_config(config: kube::Config) -> Result<Self> {
        Ok(Clientset::new(kube::Client::try_from(config)?))
    }

    /// The underlying client (shared by every typed client, the informers, ...).
    pub fn client(&self) -> &kube::Client {
        &self.client
    }
}

impl From<kube::Client> for Clientset {
    fn from(client: kube::Client) -> Self {
        Clientset::new(client)
    }
}

impl fmt::Debug for Clientset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Clientset").finish_non_exhaustive()
    }
}

impl Interface for Clientset {
    type Api<K: Kind> = KubeApi<K>;

    fn api<K: Kind>(&self, namespace: &str) -> KubeApi<K> {
        KubeApi {
            api: <K::Scope as Scope>::api(self.client.clone(), Some(namespace)),
            namespace: namespace.to_owned(),
        }
    }
}

/// [`ResourceApi`] over a `kube::Api<K>`.
#[derive(Clone)]
pub struct KubeApi<K> {
    api: kube::Api<K>,
    namespace: String,
}

impl<K: Kind> KubeApi<K> {
    /// The underlying `kube::Api`, for calls the typed client does not offer.
    pub fn kube_api(&self) -> &kube::Api<K> {
        &self.api
    }

    fn raw(&self) -> (kube::Client, Request) {
        (
            self.api.clone().into_client(),
            Request::new(self.api.resource_url()),
        )
    }
}

impl<K: Kind> fmt::Debug for KubeApi<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KubeApi")
            .field("url", &self.api.resource_url())
            .finish()
    }
}

fn build_error(error: kube::core::request::Error) -> Error {
    Error::from(kube::Error::BuildRequest(error))
}

fn serialize<I: Serialize>(input: &I) -> Result<Vec<u8>> {
    serde_json::to_vec(input).map_err(|e| Error::from(kube::Error::SerdeError(e)))
}

impl<K: Kind> ResourceApi<K> for KubeApi<K> {
    fn namespace(&self) -> &str {
        &self.namespace
    }

    async fn create(&self, pp: &PostParams, object: &K) -> Result<K> {
        Ok(self.api.create(pp, object).await?)
    }

    async fn update(&self, pp: &PostParams, object: &K) -> Result<K> {
        let name = object_name(object)?;
        Ok(self.api.replace(name, pp, object).await?)
    }

    async fn update_status(&self, pp: &PostParams, object: &K) -> Result<K> {
        let name = object_name(object)?;
        Ok(self.api.replace_status(name, pp, object).await?)
    }

    async fn delete(&self, name: &str, dp: &DeleteParams) -> Result<DeleteResponse<K>> {
        Ok(self
            .api
            .delete(name, dp)
            .await?
            .either(DeleteResponse::Object, DeleteResponse::from_status))
    }

    async fn delete_collection(
        &self,
        dp: &DeleteParams,
        lp: &ListParams,
    ) -> Result<DeleteResponse<ObjectList<K>>> {
        Ok(self
            .api
            .delete_collection(dp, lp)
            .await?
            .either(DeleteResponse::Object, DeleteResponse::from_status))
    }

    async fn get(&self, name: &str) -> Result<K> {
        Ok(self.api.get(name).await?)
    }

    async fn list(&self, lp: &ListParams) -> Result<ObjectList<K>> {
        Ok(self.api.list(lp).await?)
    }

    async fn watch(&self, wp: &WatchParams, resource_version: &str) -> Result<WatchStream<K>> {
        let events = self.api.watch(wp, resource_version).await?;
        Ok(events.map(|event| event.map_err(Error::from)).boxed())
    }

    async fn patch<P: Body>(&self, name: &str, pp: &PatchParams, patch: &Patch<P>) -> Result<K> {
        Ok(self.api.patch(name, pp, patch).await?)
    }

    async fn patch_status<P: Body>(
        &self,
        name: &str,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> Result<K> {
        Ok(self.api.patch_status(name, pp, patch).await?)
    }

    async fn apply<P: Body>(&self, name: &str, config: &P, params: &ApplyParams) -> Result<K> {
        let patch = Patch::Apply(config);
        Ok(self
            .api
            .patch(name, &params.to_patch_params(), &patch)
            .await?)
    }

    async fn apply_status<P: Body>(
        &self,
        name: &str,
        config: &P,
        params: &ApplyParams,
    ) -> Result<K> {
        let patch = Patch::Apply(config);
        Ok(self
            .api
            .patch_status(name, &params.to_patch_params(), &patch)
            .await?)
    }

    async fn custom_get<R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
    ) -> Result<R> {
        let (client, request) = self.raw();
        let request = match subresource {
            Some(sub) => request.get_subresource(sub, name),
            None => request.get(name, &GetParams::default()),
        }
        .map_err(build_error)?;
        Ok(client.request::<R>(request).await?)
    }

    async fn custom_list<R: DeserializeOwned + Send + 'static>(
        &self,
        lp: &ListParams,
    ) -> Result<R> {
        let (client, request) = self.raw();
        let request = request.list(lp).map_err(build_error)?;
        Ok(client.request::<R>(request).await?)
    }

    async fn custom_create<I: Body + 'static, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
    ) -> Result<R> {
        let (client, request) = self.raw();
        let body = serialize(input)?;
        let request = match subresource {
            Some(sub) => request.create_subresource(sub, name, pp, body),
            None => request.create(pp, body),
        }
        .map_err(build_error)?;
        Ok(client.request::<R>(request).await?)
    }

    async fn custom_update<I: Body + 'static, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
    ) -> Result<R> {
        let (client, request) = self.raw();
        let body = serialize(input)?;
        let request = match subresource {
            Some(sub) => request.replace_subresource(sub, name, pp, body),
            None => request.replace(name, pp, body),
        }
        .map_err(build_error)?;
        Ok(client.request::<R>(request).await?)
    }

    async fn custom_patch<P: Body, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> Result<R> {
        let (client, request) = self.raw();
        let request = match subresource {
            Some(sub) => request.patch_subresource(sub, name, pp, patch),
            None => request.patch(name, pp, patch),
        }
        .map_err(build_error)?;
        Ok(client.request::<R>(request).await?)
    }

    async fn custom_apply<I: Body + 'static, R: DeserializeOwned + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        params: &ApplyParams,
        input: &I,
    ) -> Result<R> {
        let patch = Patch::Apply(input);
        self.custom_patch(name, subresource, &params.to_patch_params(), &patch)
            .await
    }

    async fn custom_delete<R: DeserializeOwned + Clone + Send + 'static>(
        &self,
        name: &str,
        subresource: Option<&str>,
        dp: &DeleteParams,
    ) -> Result<DeleteResponse<R>> {
        let (client, request) = self.raw();
        let mut request = request.delete(name, dp).map_err(build_error)?;
        if let Some(sub) = subresource {
            // kube builds no DELETE of a subresource: insert it into the path.
            let uri = request.uri().to_string();
            let (path, query) = match uri.split_once('?') {
                Some((path, query)) => (path.to_owned(), format!("?{query}")),
                None => (uri.clone(), String::new()),
            };
            *request.uri_mut() = format!("{path}/{sub}{query}")
                .parse()
                .map_err(|e| Error::other(format!("invalid subresource URL: {e}")))?;
        }
        Ok(client
            .request_status::<R>(request)
            .await?
            .either(DeleteResponse::Object, DeleteResponse::from_status))
    }
}
