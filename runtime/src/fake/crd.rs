//! The CustomResourceDefinitions a fake clientset knows, and what the API server
//! does with them: server-side apply and managed fields
//! ([`kube_codegen_merge`]), pruning, defaults and OpenAPI + CEL validation
//! ([`kube_codegen_schema`]).
//!
//! A CRD is registered with [`Clientset::with_crds`](super::Clientset::with_crds)
//! (usually a generated crate's `crds::custom_resource_definitions()`); its
//! schemas, patterns and CEL rules are compiled the first time a request needs
//! them, once per fake, and shared by every client of that fake.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock, RwLock};

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;
use kube_codegen_merge::FieldManager;
use kube_codegen_schema::{CustomResourceSchemas, FieldError, VersionSchema};
use serde_json::Value;

use crate::ResourceInfo;
use crate::error::{Error, ErrorKind, Result};

/// A registered CRD and its engines, compiled on first use.
struct Registered {
    crd: CustomResourceDefinition,
    compiled: OnceLock<Compiled>,
}

struct Compiled {
    fields: FieldManager,
    schemas: CustomResourceSchemas,
}

impl Registered {
    fn compiled(&self) -> &Compiled {
        self.compiled.get_or_init(|| Compiled {
            fields: FieldManager::for_crd(&self.crd),
            schemas: CustomResourceSchemas::for_crd(&self.crd),
        })
    }
}

/// The CRDs of one fake, by group and plural resource name.
#[derive(Default)]
pub(crate) struct CrdRegistry {
    crds: RwLock<BTreeMap<(String, String), Arc<Registered>>>,
}

impl std::fmt::Debug for CrdRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let crds = self.crds.read().unwrap_or_else(|e| e.into_inner());
        f.debug_list()
            .entries(crds.values().map(|r| &r.crd.metadata.name))
            .finish()
    }
}

impl CrdRegistry {
    /// Registers `crd`, replacing an earlier CRD of the same resource.
    pub(crate) fn register(&self, crd: CustomResourceDefinition) {
        let key = (crd.spec.group.clone(), crd.spec.names.plural.clone());
        let registered = Arc::new(Registered {
            crd,
            compiled: OnceLock::new(),
        });
        self.crds
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, registered);
    }

    /// The engines of the resource `info` describes, when a registered CRD
    /// serves its version.
    pub(crate) fn engines(&self, info: &ResourceInfo) -> Option<CrdEngines> {
        let key = (info.group.to_owned(), info.plural.to_owned());
        let registered = self
            .crds
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned()?;
        registered
            .crd
            .spec
            .versions
            .iter()
            .any(|v| v.name == info.version)
            .then(|| CrdEngines {
                registered,
                version: info.version.to_owned(),
            })
    }
}

/// The engines of one version of a registered CRD.
#[derive(Clone)]
pub(crate) struct CrdEngines {
    registered: Arc<Registered>,
    version: String,
}

impl CrdEngines {
    /// Managed fields and server-side apply.
    pub(crate) fn fields(&self) -> &FieldManager {
        &self.registered.compiled().fields
    }

    /// Pruning, defaults and validation of this version.
    pub(crate) fn schema(&self) -> &VersionSchema {
        self.registered
            .compiled()
            .schemas
            .version(&self.version)
            .expect("engines exist only for versions the CRD serves")
    }

    /// Prunes unknown fields, reads metadata as `ObjectMeta` and applies
    /// defaults, as the server decodes a request body; a body whose metadata
    /// is not `ObjectMeta` is a 400.
    pub(crate) fn decode(&self, object: &mut Value) -> Result<()> {
        self.schema()
            .decode(object)
            .map(drop)
            .map_err(|e| Error::api(ErrorKind::BadRequest, e.to_string()))
    }

    /// `Ok` when `errors` is empty, else the server's 422 for object `name`.
    pub(crate) fn check(&self, name: &str, errors: &[FieldError]) -> Result<()> {
        if errors.is_empty() {
            return Ok(());
        }
        Err(from_status(&self.schema().invalid(name, errors)))
    }
}

/// The current time, as managed fields record it.
pub(crate) fn now() -> Time {
    Time(k8s_openapi::jiff::Timestamp::now())
}

/// A runtime error carrying the engines' `Status` (k8s-openapi's type, the
/// same JSON as kube's).
pub(crate) fn from_status(
    status: &k8s_openapi::apimachinery::pkg::apis::meta::v1::Status,
) -> Error {
    match serde_json::to_value(status).and_then(serde_json::from_value) {
        Ok(status) => Error::from_status(status),
        Err(e) => Error::other(format!("cannot convert the server status: {e}")),
    }
}
