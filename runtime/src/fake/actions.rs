//! Recorded actions and reactors, the analogue of client-go's `k8s.io/client-go/testing`.
//!
//! Every call on a fake client is recorded as an [`Action`] before anything else
//! happens, so tests can assert what their code asked for. Reactors run next, in
//! order; the first that handles the action decides its result (an injected error,
//! or a canned object); when none does, the object tracker answers.

use std::sync::{Arc, Mutex, RwLock};

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::crd::CrdRegistry;
use super::hooks::Hooks;
use super::tracker::ObjectTracker;
use crate::error::Error;

/// The kind of patch a `patch` action carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatchType {
    /// `application/json-patch+json` (RFC 6902).
    Json,
    /// `application/merge-patch+json` (RFC 7386).
    Merge,
    /// `application/strategic-merge-patch+json`.
    Strategic,
    /// `application/apply-patch+yaml`: server-side apply.
    Apply,
}

/// One recorded call.
#[derive(Clone, Debug, PartialEq)]
pub struct Action {
    /// client-go's verb: `get`, `list`, `watch`, `create`, `update`, `patch`,
    /// `delete` or `delete-collection` (status writes are `update`/`patch` with
    /// subresource `status`; apply is `patch` with [`PatchType::Apply`]).
    pub verb: String,
    /// API group of the resource.
    pub group: String,
    /// API version of the resource.
    pub version: String,
    /// Plural resource name (`apps`).
    pub resource: String,
    /// Subresource (`status`, `scale`, ...), if any.
    pub subresource: Option<String>,
    /// Namespace of the request (`""` for cluster-scoped kinds or all namespaces).
    pub namespace: String,
    /// Object name, for calls about one object.
    pub name: Option<String>,
    /// The object sent (create, update, apply configuration, custom-verb input).
    pub object: Option<Value>,
    /// The patch type, for patches.
    pub patch_type: Option<PatchType>,
    /// The patch body, for patches (JSON patches as their JSON list of operations).
    pub patch: Option<Value>,
    /// Label selector of a list, watch or delete-collection.
    pub label_selector: Option<String>,
    /// Field selector of a list, watch or delete-collection.
    pub field_selector: Option<String>,
    /// `resourceVersion` a watch started from.
    pub resource_version: Option<String>,
}

impl Action {
    /// A blank action for a verb on a resource; the fake fills in the rest.
    pub fn new(verb: &str, group: &str, version: &str, resource: &str, namespace: &str) -> Action {
        Action {
            verb: verb.to_owned(),
            group: group.to_owned(),
            version: version.to_owned(),
            resource: resource.to_owned(),
            subresource: None,
            namespace: namespace.to_owned(),
            name: None,
            object: None,
            patch_type: None,
            patch: None,
            label_selector: None,
            field_selector: None,
            resource_version: None,
        }
    }

    /// Whether the action has this verb and resource (`"*"` matches anything);
    /// `"apps/status"` matches the `status` subresource of `apps`.
    pub fn matches(&self, verb: &str, resource: &str) -> bool {
        let verb_ok = verb == "*" || verb == self.verb;
        let resource_ok = resource == "*"
            || match &self.subresource {
                Some(sub) => resource == format!("{}/{sub}", self.resource),
                None => resource == self.resource,
            };
        verb_ok && resource_ok
    }

    /// The sent object decoded as `T` (e.g. the typed kind).
    pub fn object_as<T: DeserializeOwned>(&self) -> Option<T> {
        self.object
            .as_ref()
            .and_then(|v| serde_json::from_value(v.clone()).ok())
    }
}

/// What a reactor returns: `None` to pass the action on, `Some(Ok(object))` to answer
/// with that object (decoded into the call's result type), `Some(Err(error))` to fail.
pub type Reaction = Option<Result<Value, Error>>;

type ReactionFn = dyn Fn(&Action) -> Reaction + Send + Sync;

/// A reactor: a verb and resource filter and the function to run on matching actions.
#[derive(Clone)]
pub struct Reactor {
    verb: String,
    resource: String,
    react: Arc<ReactionFn>,
}

impl std::fmt::Debug for Reactor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reactor")
            .field("verb", &self.verb)
            .field("resource", &self.resource)
            .finish_non_exhaustive()
    }
}

impl Reactor {
    /// A reactor for `verb` on `resource` (`"*"` for any; `"apps/status"` for a
    /// subresource).
    pub fn new(
        verb: &str,
        resource: &str,
        react: impl Fn(&Action) -> Reaction + Send + Sync + 'static,
    ) -> Reactor {
        Reactor {
            verb: verb.to_owned(),
            resource: resource.to_owned(),
            react: Arc::new(react),
        }
    }
}

/// The shared state of a fake clientset: the tracker, the recorded actions, the
/// reactor chain, the registered CRDs and admission hooks, and the warnings
/// the hooks returned.
#[derive(Debug, Default)]
pub struct Fixture {
    tracker: ObjectTracker,
    actions: Mutex<Vec<Action>>,
    reactors: RwLock<Vec<Reactor>>,
    crds: CrdRegistry,
    hooks: Hooks,
    warnings: Mutex<Vec<String>>,
}

impl Fixture {
    /// A fixture over an existing tracker.
    pub fn new(tracker: ObjectTracker) -> Fixture {
        Fixture {
            tracker,
            actions: Mutex::default(),
            reactors: RwLock::default(),
            crds: CrdRegistry::default(),
            hooks: Hooks::default(),
            warnings: Mutex::default(),
        }
    }

    /// The object tracker.
    pub fn tracker(&self) -> &ObjectTracker {
        &self.tracker
    }

    /// The CRDs whose kinds get the API server's treatment of custom resources.
    pub(crate) fn crds(&self) -> &CrdRegistry {
        &self.crds
    }

    /// The admission hooks the fake calls.
    pub(crate) fn hooks(&self) -> &Hooks {
        &self.hooks
    }

    /// Keeps the warnings an admission hook returned.
    pub(crate) fn record_warnings(&self, warnings: Vec<String>) {
        if !warnings.is_empty() {
            self.warnings
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend(warnings);
        }
    }

    /// Every warning admission hooks returned so far, oldest first, as the
    /// API server sends them in `Warning` headers.
    pub fn warnings(&self) -> Vec<String> {
        self.warnings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Forgets the warnings.
    pub fn clear_warnings(&self) {
        self.warnings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// Every action recorded so far, oldest first.
    pub fn actions(&self) -> Vec<Action> {
        self.actions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Forgets the recorded actions.
    pub fn clear_actions(&self) {
        self.actions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// Runs `react` before every reactor added so far.
    pub fn prepend_reactor(&self, reactor: Reactor) {
        self.reactors
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(0, reactor);
    }

    /// Runs `react` after every reactor added so far (but before the tracker).
    pub fn add_reactor(&self, reactor: Reactor) {
        self.reactors
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .push(reactor);
    }

    /// Records the action and runs the reactor chain; `None` means the tracker
    /// should answer.
    pub fn invoke(&self, action: &Action) -> Reaction {
        self.actions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(action.clone());
        // Clone the chain so a reactor may add reactors without deadlocking.
        let reactors = self
            .reactors
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        reactors
            .iter()
            .filter(|r| action.matches(&r.verb, &r.resource))
            .find_map(|r| (r.react)(action))
    }
}
