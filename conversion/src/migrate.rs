//! Storage-version migration, as kube-storage-version-migrator does it: after
//! the storage version of a CRD changes, objects stay in etcd in the version
//! they were written in until something writes them again. Each object gets a
//! write that changes nothing (a merge patch holding only its
//! `resourceVersion`, which doubles as a precondition), which the API server
//! stores in the new storage version; then `status.storedVersions` is set to
//! the storage version alone, so the old versions can be removed.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, ApiResource, DynamicObject, ListParams, Patch, PatchParams};
use kube::core::GroupVersionKind;
use serde_json::json;

/// How many times an object that keeps changing is retried.
const ATTEMPTS: usize = 5;

/// Why a migration stopped.
#[derive(Debug, thiserror::Error)]
pub enum MigrationError {
    /// No version of the CRD is marked `storage`.
    #[error("CRD {0} has no storage version")]
    NoStorageVersion(String),
    /// A request failed.
    #[error("{what}: {source}")]
    Api {
        /// What was being done.
        what: String,
        /// The API server's answer.
        #[source]
        source: kube::Error,
    },
    /// An object changed on every attempt to rewrite it.
    #[error("{0} kept changing; run the migration again")]
    Busy(String),
}

/// What a migration did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Migration {
    /// The storage version every object is in now.
    pub storage_version: String,
    /// Objects rewritten.
    pub objects: usize,
    /// `status.storedVersions` before; afterwards it is `[storage_version]`.
    pub stored_versions_before: Vec<String>,
}

fn api_error(what: impl Into<String>) -> impl FnOnce(kube::Error) -> MigrationError {
    let what = what.into();
    move |source| MigrationError::Api { what, source }
}

/// Rewrites every object of CRD `name` in its storage version and records
/// that no other version is stored any more.
pub async fn migrate_storage_version(
    client: kube::Client,
    name: &str,
) -> Result<Migration, MigrationError> {
    let crds: Api<CustomResourceDefinition> = Api::all(client.clone());
    let crd = crds
        .get(name)
        .await
        .map_err(api_error(format!("reading CRD {name}")))?;
    let storage = crd
        .spec
        .versions
        .iter()
        .find(|v| v.storage)
        .ok_or_else(|| MigrationError::NoStorageVersion(name.to_owned()))?
        .name
        .clone();
    let gvk = GroupVersionKind::gvk(&crd.spec.group, &storage, &crd.spec.names.kind);
    let resource = ApiResource::from_gvk_with_plural(&gvk, &crd.spec.names.plural);
    let all: Api<DynamicObject> = Api::all_with(client.clone(), &resource);
    let namespaced = crd.spec.scope == "Namespaced";
    let mut objects = 0;
    let mut params = ListParams::default().limit(500);
    loop {
        let page = all
            .list_metadata(&params)
            .await
            .map_err(api_error(format!("listing {}", crd.spec.names.plural)))?;
        for object in &page.items {
            let api = match (&object.metadata.namespace, namespaced) {
                (Some(ns), true) => Api::namespaced_with(client.clone(), ns, &resource),
                _ => all.clone(),
            };
            let object_name = object.metadata.name.clone().unwrap_or_default();
            if rewrite(&api, &object_name, object.metadata.resource_version.clone()).await? {
                objects += 1;
            }
        }
        match page.metadata.continue_.filter(|c| !c.is_empty()) {
            Some(token) => params = params.continue_token(&token),
            None => break,
        }
    }
    let before = crd
        .status
        .as_ref()
        .and_then(|s| s.stored_versions.clone())
        .unwrap_or_default();
    crds.patch_status(
        name,
        &PatchParams::default(),
        &Patch::Merge(json!({ "status": { "storedVersions": [storage] } })),
    )
    .await
    .map_err(api_error(format!("setting storedVersions of CRD {name}")))?;
    Ok(Migration {
        storage_version: storage,
        objects,
        stored_versions_before: before,
    })
}

/// Writes object `name` unchanged; `false` when it is gone.
async fn rewrite(
    api: &Api<DynamicObject>,
    name: &str,
    mut resource_version: Option<String>,
) -> Result<bool, MigrationError> {
    for _ in 0..ATTEMPTS {
        let patch = json!({ "metadata": { "resourceVersion": resource_version } });
        match api
            .patch(name, &PatchParams::default(), &Patch::Merge(&patch))
            .await
        {
            Ok(_) => return Ok(true),
            Err(kube::Error::Api(status)) if status.is_not_found() => return Ok(false),
            Err(kube::Error::Api(status)) if status.is_conflict() => {
                match api
                    .get_metadata_opt(name)
                    .await
                    .map_err(api_error(format!("reading {name}")))?
                {
                    Some(current) => resource_version = current.metadata.resource_version,
                    None => return Ok(false),
                }
            }
            Err(source) => return Err(api_error(format!("rewriting {name}"))(source)),
        }
    }
    Err(MigrationError::Busy(name.to_owned()))
}
