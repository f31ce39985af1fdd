//! The CustomResourceDefinitions a fake clientset knows, and what the API server
//! does with them: server-side apply and managed fields
//! ([`kube_codegen_merge`]), pruning, defaults and OpenAPI + CEL validation
//! ([`kube_codegen_schema`]).
//!
//! CRDs are registered with [`Clientset::with_crds`](super::Clientset::with_crds)
//! (a generated crate's `crds::all()`, as YAML) or
//! [`Clientset::with_crd_objects`](super::Clientset::with_crd_objects) (typed).
//! A CRD is parsed and its schemas, patterns and CEL rules compiled the first
//! time a request needs them; CRDs given as `&'static str` YAML are compiled
//! once per process and shared by every fake, so a test suite that builds a
//! fake per test pays for it once.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;
use kube_codegen_merge::FieldManager;
use kube_codegen_schema::{CustomResourceSchemas, FieldError, VersionSchema};
use serde_json::Value;

use crate::ResourceInfo;
use crate::error::{Error, ErrorKind, Result};

/// A CRD with its engines.
struct Compiled {
    crd: CustomResourceDefinition,
    fields: FieldManager,
    schemas: CustomResourceSchemas,
}

impl Compiled {
    fn new(crd: CustomResourceDefinition) -> Compiled {
        Compiled {
            fields: FieldManager::for_crd(&crd),
            schemas: CustomResourceSchemas::for_crd(&crd),
            crd,
        }
    }

    /// Compiles a generated crate's CRD, once per process.
    fn of_static(name: &str, yaml: &'static str) -> Arc<Compiled> {
        type Cache = Mutex<HashMap<(usize, usize), Arc<Compiled>>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        // A `&'static str` never changes: its address and length name it.
        let key = (yaml.as_ptr() as usize, yaml.len());
        let cache = CACHE.get_or_init(Cache::default);
        if let Some(compiled) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Arc::clone(compiled);
        }
        let crd = match crate::crds::parse(&[(name, yaml)]) {
            Ok(mut crds) => crds.remove(0),
            Err(e) => panic!("the CRD given to the fake clientset does not parse: {e}"),
        };
        let compiled = Arc::new(Compiled::new(crd));
        cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, Arc::clone(&compiled));
        compiled
    }
}

/// A registered CRD: typed, or YAML parsed on first use.
enum Source {
    Typed(Box<CustomResourceDefinition>),
    Static {
        name: &'static str,
        yaml: &'static str,
    },
}

struct Registered {
    source: Source,
    compiled: OnceLock<Arc<Compiled>>,
}

impl Registered {
    fn compiled(&self) -> &Compiled {
        self.compiled.get_or_init(|| match &self.source {
            Source::Typed(crd) => Arc::new(Compiled::new((**crd).clone())),
            Source::Static { name, yaml } => Compiled::of_static(name, yaml),
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
            .entries(
                crds.keys()
                    .map(|(group, plural)| format!("{plural}.{group}")),
            )
            .finish()
    }
}

impl CrdRegistry {
    fn insert(&self, group: &str, plural: &str, source: Source) {
        let registered = Arc::new(Registered {
            source,
            compiled: OnceLock::new(),
        });
        self.crds
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert((group.to_owned(), plural.to_owned()), registered);
    }

    /// Registers `crd`, replacing an earlier CRD of the same resource.
    pub(crate) fn register(&self, crd: CustomResourceDefinition) {
        let (group, plural) = (crd.spec.group.clone(), crd.spec.names.plural.clone());
        self.insert(&group, &plural, Source::Typed(Box::new(crd)));
    }

    /// Registers the YAML of the CRD `name` (`<plural>.<group>`, as every CRD
    /// is named), parsed when first needed.
    pub(crate) fn register_static(&self, name: &'static str, yaml: &'static str) {
        let (plural, group) = name.split_once('.').unwrap_or((name, ""));
        self.insert(group, plural, Source::Static { name, yaml });
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
            .compiled()
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
