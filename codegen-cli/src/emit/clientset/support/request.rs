//! Requests for `+genclient:method=` verbs, whose request and response types differ
//! from the kind (e.g. a `Scale` read from the `scale` subresource). `kube::Api<K>`
//! only sends and decodes `K` for most subresource calls, so these build the same
//! requests with `kube::core::Request` and decode whatever type the method declares.

use std::fmt::Debug;

use kube::api::{DeleteParams, GetParams, ListParams, Patch, PatchParams, PostParams};
use kube::core::Request;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::{Error, Result};
use super::params::{ApplyParams, DeleteResponse};

/// Sends requests with arbitrary request and response types to one resource
/// collection URL; the typed clients use it for their custom verbs.
pub struct RawClient {
    client: kube::Client,
    request: Request,
}

fn build_error(error: kube::core::request::Error) -> Error {
    Error::from(kube::Error::BuildRequest(error))
}

fn serialize<I: Serialize>(input: &I) -> Result<Vec<u8>> {
    serde_json::to_vec(input).map_err(|e| Error::from(kube::Error::SerdeError(e)))
}

impl RawClient {
    /// A client for the collection `api` talks to (same client, same namespace).
    pub fn for_api<K: kube::Resource + Clone>(api: &kube::Api<K>) -> RawClient {
        RawClient {
            request: Request::new(api.resource_url()),
            client: api.clone().into_client(),
        }
    }

    /// `GET <collection>/<name>[/<subresource>]`.
    pub async fn get<T: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
    ) -> Result<T> {
        let request = match subresource {
            Some(sub) => self.request.get_subresource(sub, name),
            None => self.request.get(name, &GetParams::default()),
        }
        .map_err(build_error)?;
        Ok(self.client.request::<T>(request).await?)
    }

    /// `GET <collection>` (a list).
    pub async fn list<T: DeserializeOwned>(&self, lp: &ListParams) -> Result<T> {
        let request = self.request.list(lp).map_err(build_error)?;
        Ok(self.client.request::<T>(request).await?)
    }

    /// `POST <collection>/<name>/<subresource>`, or `POST <collection>` without a
    /// subresource.
    pub async fn create<I: Serialize, T: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
    ) -> Result<T> {
        let body = serialize(input)?;
        let request = match subresource {
            Some(sub) => self.request.create_subresource(sub, name, pp, body),
            None => self.request.create(pp, body),
        }
        .map_err(build_error)?;
        Ok(self.client.request::<T>(request).await?)
    }

    /// `PUT <collection>/<name>[/<subresource>]`.
    pub async fn update<I: Serialize, T: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PostParams,
        input: &I,
    ) -> Result<T> {
        let body = serialize(input)?;
        let request = match subresource {
            Some(sub) => self.request.replace_subresource(sub, name, pp, body),
            None => self.request.replace(name, pp, body),
        }
        .map_err(build_error)?;
        Ok(self.client.request::<T>(request).await?)
    }

    /// `PATCH <collection>/<name>[/<subresource>]`.
    pub async fn patch<P: Serialize + Debug, T: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        pp: &PatchParams,
        patch: &Patch<P>,
    ) -> Result<T> {
        let request = match subresource {
            Some(sub) => self.request.patch_subresource(sub, name, pp, patch),
            None => self.request.patch(name, pp, patch),
        }
        .map_err(build_error)?;
        Ok(self.client.request::<T>(request).await?)
    }

    /// Server-side apply of `input` to `<collection>/<name>[/<subresource>]`.
    pub async fn apply<I: Serialize + Debug, T: DeserializeOwned>(
        &self,
        name: &str,
        subresource: Option<&str>,
        params: &ApplyParams,
        input: &I,
    ) -> Result<T> {
        self.patch(
            name,
            subresource,
            &params.to_patch_params(),
            &Patch::Apply(input),
        )
        .await
    }

    /// `DELETE <collection>/<name>[/<subresource>]`.
    pub async fn delete<T: DeserializeOwned + Clone>(
        &self,
        name: &str,
        subresource: Option<&str>,
        dp: &DeleteParams,
    ) -> Result<DeleteResponse<T>> {
        let mut request = self.request.delete(name, dp).map_err(build_error)?;
        if let Some(sub) = subresource {
            // kube has no delete-subresource request: insert the subresource into the
            // path of the plain delete request, keeping its query string.
            let uri = request.uri().to_string();
            let (path, query) = match uri.split_once('?') {
                Some((path, query)) => (path.to_owned(), format!("?{query}")),
                None => (uri.clone(), String::new()),
            };
            *request.uri_mut() = format!("{path}/{sub}{query}")
                .parse()
                .map_err(|e| Error::other(format!("invalid subresource URL: {e}")))?;
        }
        let response = self.client.request_status::<T>(request).await?;
        Ok(response.either(DeleteResponse::Object, DeleteResponse::from_status))
    }
}
