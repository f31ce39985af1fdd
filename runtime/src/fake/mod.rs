//! The fake clientset: [`Interface`] in memory, for unit tests of code written
//! against `C: Interface` (the analogue of client-go's `fake.NewSimpleClientset`).
//!
//! One fake holds objects of any [`Kind`]: the kinds of several generated crates
//! and the built-in kinds, in one object tracker with one `resourceVersion`
//! counter, one action log and one reactor chain, as client-go's fake takes
//! several schemes. Each generated crate's accessors (`fake.myapp_v1().apps(ns)`)
//! are views over the same fake.
//!
//! ```
//! use k8s_openapi::api::core::v1::ConfigMap;
//! use kube_codegen_runtime::fake;
//! use kube_codegen_runtime::params::ListParams;
//! use kube_codegen_runtime::Interface;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let mut settings = ConfigMap::default();
//! settings.metadata.name = Some("settings".into());
//! let fake = fake::Clientset::new([settings.into()]);
//! let maps = fake.resource::<ConfigMap>("default");
//! assert_eq!(maps.list(&ListParams::default()).await.unwrap().items.len(), 1);
//! assert!(maps.get("missing").await.unwrap_err().is_not_found());
//! assert!(fake.actions()[1].matches("get", "configmaps"));
//! # }
//! ```
//!
//! What it reproduces from the API server:
//!
//! - an object tracker keyed by group/version/resource, namespace and name, with
//!   one `resourceVersion` counter across all resources (like etcd's revision);
//! - uid, `creationTimestamp`, `generation` (1 on create; +1 when anything outside
//!   `metadata` changes, `status` excluded for kinds with a status subresource; +1
//!   when deletion starts), `generateName`;
//! - `NotFound`, `AlreadyExists`, `Conflict` (stale `resourceVersion`, failed uid
//!   or delete preconditions), `Invalid` (missing or malformed name, update
//!   without `resourceVersion`), `BadRequest` (namespace mismatch, bad
//!   selectors), `UnsupportedMediaType` (strategic merge patch of a custom
//!   resource), with the server's reason, code and message shape;
//! - status subresource semantics: writes to the main resource keep the stored
//!   `status` and drop `status` on create; `update_status`/`patch_status` change
//!   only `status`;
//! - no-op updates keep the `resourceVersion` and send no watch event;
//! - finalizers: `delete` sets `deletionTimestamp` while finalizers remain;
//!   removing the last one deletes the object;
//! - label and field selectors in the API server's grammar ([`crate::selector`]),
//!   field selectors limited to `metadata.name`, `metadata.namespace` and the
//!   kind's selectable fields; `limit`/`continue` paging;
//! - merge patches, JSON patches, and the `scale` subresource for kinds that
//!   declare one;
//! - watches: `ADDED`/`MODIFIED`/`DELETED`, from now (with an `ADDED` per
//!   existing object) or replayed from a `resourceVersion`; objects entering or
//!   leaving a selector arrive as `ADDED`/`DELETED`; a compacted version (see
//!   [`ObjectTracker::compact`]) answers with a 410 `ERROR` event; the stream ends
//!   after the watch timeout (290 s by default);
//! - admission webhooks ([`Clientset::with_admission`], what a manager's
//!   defaulters and validators register): mutating hooks patch creates and
//!   updates after decoding, validating hooks judge them (and deletes, with
//!   the stored object as `oldObject`) before they are stored, a denial is the
//!   server's error (`admission webhook "<name>" denied the request: ...`),
//!   warnings are kept ([`Clientset::warnings`]); see [`AdmissionHook`];
//! - recorded [`Action`]s and reactors ([`Clientset::prepend_reactor`],
//!   [`Clientset::add_reactor`]) to inject errors or canned answers;
//! - with the kind's CRD registered ([`Clientset::with_crds`] with a generated
//!   crate's `crds::all()`), what the API server does to
//!   custom resources, by the same engines `e2e --test fidelity` and
//!   `e2e --test ssa` compare with the real server: server-side apply merged by
//!   the schema's list types, map keys and map types; `metadata.managedFields`
//!   kept on create, update, patch and apply (the request's `fieldManager`;
//!   `before-first-apply`, `status` ownership through `/status` only, as the
//!   server does); 409 conflicts with one `FieldManagerConflict` cause per
//!   field unless `force`; fields a manager stops applying removed when nobody
//!   else owns them; unknown fields pruned; defaults; OpenAPI validation and
//!   `x-kubernetes-validations` CEL rules (transition rules with the stored
//!   object as `oldSelf`) answered with the server's 422 `Invalid` causes;
//!   dry-run writes computed the same way.
//!
//! Where it differs from the API server (by design or by limitation):
//!
//! - kinds without a registered CRD (the built-in kinds of k8s-openapi, and
//!   custom kinds whose CRD was not given) keep a simpler model: server-side
//!   apply is "create, or merge the configuration into the object",
//!   `managedFields` are not maintained, field ownership and conflicts are not
//!   tracked (`force` has no effect), fields dropped from a later apply
//!   configuration are not removed, and objects are stored as sent (no
//!   validation, defaults or pruning; only the name is checked, as an RFC 1123
//!   subdomain);
//! - with a CRD: `metadata` is not validated beyond the name (labels,
//!   annotations and owner references are stored as sent); objects seeded with
//!   [`Clientset::new`] or [`Clientset::add_object`] are stored as given (no
//!   defaults, no managed fields), as client-go's tracker stores them; the CEL
//!   functions the `cel` crate and `kube-codegen-schema` do not implement
//!   (`url`/`isURL`, `format.*`, two-variable comprehensions) fail the rule
//!   that uses one with `rule compile error: ...`, which names the function;
//!   CEL cost limits are not enforced; regular expressions use Rust's `regex`
//!   (`\d`, `\w` are Unicode-aware, ASCII in Go); see `kube-codegen-schema`
//!   and `kube-codegen-merge` for the rest;
//! - strategic merge patches of built-in kinds are applied as JSON merge patches:
//!   lists are replaced rather than merged by their patch merge key, and `$patch`
//!   directives are not understood;
//! - built-in kinds get the custom-resource semantics above: no per-kind
//!   strategy (a Service gets a `generation`, a Deployment no defaults, a Pod no
//!   node), and their `scale` subresource reports no selector;
//! - namespaces need not exist, and deleting a namespace deletes nothing;
//! - no garbage collection: owner references are stored but dependents are never
//!   deleted, and `propagationPolicy` is ignored;
//! - one version per resource: the same kind in two versions is stored twice,
//!   without conversion;
//! - no watch bookmarks (except the end-of-initial-events bookmark of
//!   `send_initial_events`), and a watch ahead of the current `resourceVersion`
//!   waits instead of failing;
//! - `list` ignores `resourceVersion`/`resourceVersionMatch` and always reads the
//!   latest state; continue tokens never expire;
//! - custom `+genclient:method=` verbs are served for the object itself, `status`,
//!   and `scale`; on other subresources with their own types the fake answers
//!   `MethodNotAllowed` unless a reactor handles the call;
//! - `dry_run` writes are computed but not stored, without a `resourceVersion`
//!   change;
//! - timestamps have one-second precision; uids are random but not RFC 4122
//!   compliant in every bit.
//!
//! [`Interface`]: crate::Interface

mod actions;
mod admission;
mod api;
mod crd;
mod hooks;
mod meta;
mod patch;
mod rest;
mod scale;
mod select;
mod tracked;
mod tracker;
mod watch;
mod watcher;

use std::sync::Arc;

pub use actions::{Action, Fixture, PatchType, Reaction, Reactor};
pub use api::FakeApi;
pub use hooks::AdmissionHook;
pub use tracker::{
    EventType, ObjectTracker, ResourceKey, TrackerEvent, WatchHandle, WatchStart, Write,
};

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;

use crate::error::{Error, Result};
use crate::{Interface, Kind, ResourceInfo};

/// An object of any kind, to seed a fake clientset with:
/// `fake::Clientset::new([app.into(), deployment.into()])`.
#[derive(Clone, Debug)]
pub struct Object {
    info: ResourceInfo,
    value: std::result::Result<serde_json::Value, String>,
}

impl<K: Kind> From<K> for Object {
    fn from(object: K) -> Self {
        Object {
            info: K::INFO,
            value: serde_json::to_value(&object).map_err(|e| e.to_string()),
        }
    }
}

impl Object {
    /// What the API server knows about the object's resource.
    pub fn info(&self) -> &ResourceInfo {
        &self.info
    }
}

/// The fake clientset: implements [`Interface`] in memory,
/// records every call, and runs reactors first. Clones share the same objects,
/// actions and reactors.
#[derive(Clone, Debug, Default)]
pub struct Clientset {
    fixture: Arc<Fixture>,
}

impl Clientset {
    /// A fake clientset holding `objects` (like client-go's
    /// `NewSimpleClientset(objects...)`): they are stored as given, with uid,
    /// creation timestamp, generation and resourceVersion filled in.
    ///
    /// # Panics
    ///
    /// If an object has no name or cannot be serialized.
    pub fn new(objects: impl IntoIterator<Item = Object>) -> Self {
        objects
            .into_iter()
            .fold(Clientset::default(), Clientset::with_object)
    }

    /// Adds an object (builder style); see [`Clientset::new`].
    ///
    /// # Panics
    ///
    /// If the object has no name or cannot be serialized.
    #[must_use]
    pub fn with_object(self, object: impl Into<Object>) -> Self {
        if let Err(e) = self.add_object(object) {
            panic!("cannot seed the fake clientset: {e}");
        }
        self
    }

    /// Gives the kinds of these CRDs the API server's treatment of custom
    /// resources (builder style): server-side apply by the schema's list and
    /// map types with `managedFields`, conflicts and `force`; managed fields
    /// on create, update and patch; pruning of unknown fields, defaults, and
    /// OpenAPI and CEL validation with the server's `Invalid` causes.
    ///
    /// Takes `(name, yaml)` pairs, what a generated crate's `crds::all()`
    /// returns: `fake::Clientset::default().with_crds(generated::crds::all())`.
    /// A CRD is parsed and compiled when a request first needs it, once per
    /// process: every fake given the same CRD shares the compiled engines.
    ///
    /// ```
    /// use kube_codegen_runtime::fake;
    ///
    /// // Usually `generated::crds::all()`.
    /// const CRDS: &[(&str, &str)] = &[("configs.example.com", r#"
    /// apiVersion: apiextensions.k8s.io/v1
    /// kind: CustomResourceDefinition
    /// metadata: {name: configs.example.com}
    /// spec:
    ///   group: example.com
    ///   names: {kind: Config, plural: configs}
    ///   scope: Namespaced
    ///   versions:
    ///   - name: v1
    ///     served: true
    ///     storage: true
    ///     schema:
    ///       openAPIV3Schema:
    ///         type: object
    ///         properties:
    ///           spec:
    ///             type: object
    ///             properties:
    ///               replicas: {type: integer, minimum: 0, default: 1}
    /// "#)];
    /// let fake = fake::Clientset::default().with_crds(CRDS);
    /// // `fake.example_v1().configs("default").apply(...)` now answers 409 on
    /// // conflicts and 422 on `replicas: -1`, and fills in `replicas: 1`.
    /// # let _ = fake;
    /// ```
    ///
    /// # Panics
    ///
    /// On the first request for a kind whose CRD does not parse (generated
    /// CRDs always do).
    #[must_use]
    pub fn with_crds(self, crds: &'static [(&'static str, &'static str)]) -> Self {
        for (name, yaml) in crds {
            self.fixture.crds().register_static(name, yaml);
        }
        self
    }

    /// Like [`Clientset::with_crds`], for typed CRDs (built or changed at run
    /// time); each is compiled once per fake, when first needed.
    #[must_use]
    pub fn with_crd_objects(
        self,
        crds: impl IntoIterator<Item = CustomResourceDefinition>,
    ) -> Self {
        for crd in crds {
            self.register_crd(crd);
        }
        self
    }

    /// Registers one CRD (see [`Clientset::with_crd_objects`]), replacing an
    /// earlier CRD of the same group and resource. Objects already stored are
    /// left as they are.
    pub fn register_crd(&self, crd: CustomResourceDefinition) {
        self.fixture.crds().register(crd);
    }

    /// Stores an object directly (no action is recorded, no reactor runs),
    /// replacing one with the same name.
    ///
    /// # Errors
    ///
    /// If the object has no name or cannot be serialized.
    pub fn add_object(&self, object: impl Into<Object>) -> Result<()> {
        let Object { info, value } = object.into();
        let value = value.map_err(Error::other)?;
        rest::seed(self.fixture.tracker(), &info, value)?;
        Ok(())
    }

    /// Every call made so far, oldest first, whatever the kind.
    pub fn actions(&self) -> Vec<Action> {
        self.fixture.actions()
    }

    /// Forgets the recorded calls.
    pub fn clear_actions(&self) {
        self.fixture.clear_actions()
    }

    /// Runs `react` on calls matching `verb` and `resource` (`"*"` for any,
    /// `"apps/status"` for a subresource) before every reactor added so far.
    /// Returning `Some(Err(e))` injects an error, `Some(Ok(value))` answers with
    /// `value`, `None` passes the call on.
    pub fn prepend_reactor(
        &self,
        verb: &str,
        resource: &str,
        react: impl Fn(&Action) -> Reaction + Send + Sync + 'static,
    ) {
        self.fixture
            .prepend_reactor(Reactor::new(verb, resource, react))
    }

    /// Like [`Clientset::prepend_reactor`], but runs after the reactors added so
    /// far (still before the tracker).
    pub fn add_reactor(
        &self,
        verb: &str,
        resource: &str,
        react: impl Fn(&Action) -> Reaction + Send + Sync + 'static,
    ) {
        self.fixture
            .add_reactor(Reactor::new(verb, resource, react))
    }

    /// Calls `hook` on the creates, updates (PUT, PATCH, apply) and deletes
    /// it handles, as the API server calls an admission webhook (builder
    /// style); see [`Clientset::register_admission`].
    #[must_use]
    pub fn with_admission(self, hook: impl AdmissionHook) -> Self {
        self.register_admission(Arc::new(hook));
        self
    }

    /// Calls `hook` on the writes it handles, as the API server calls the
    /// webhooks of its admission configurations: mutating hooks (in
    /// registration order) patch the object after it is decoded, validating
    /// hooks judge the result before it is stored, a denial fails the
    /// request with the hook's status. `kube-codegen-manager` registers a
    /// manager's defaulters and validators here.
    pub fn register_admission(&self, hook: Arc<dyn AdmissionHook>) {
        self.fixture.hooks().add(hook);
    }

    /// Every warning the admission hooks returned so far, oldest first (what
    /// the API server sends in `Warning` headers and kubectl prints as
    /// `Warning: ...`).
    pub fn warnings(&self) -> Vec<String> {
        self.fixture.warnings()
    }

    /// Forgets the warnings.
    pub fn clear_warnings(&self) {
        self.fixture.clear_warnings()
    }

    /// The object tracker (e.g. to `compact()` it or end all watches).
    pub fn tracker(&self) -> &ObjectTracker {
        self.fixture.tracker()
    }

    /// The shared state behind the fake clients.
    pub fn fixture(&self) -> &Arc<Fixture> {
        &self.fixture
    }
}

impl Interface for Clientset {
    type Api<K: Kind> = FakeApi<K>;

    fn api<K: Kind>(&self, namespace: &str) -> FakeApi<K> {
        FakeApi::new(Arc::clone(&self.fixture), namespace)
    }
}
