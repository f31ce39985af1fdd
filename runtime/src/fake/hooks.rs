//! The admission webhooks registered on a fake clientset: what the fixture
//! holds and the admission chain calls (its own module, so that the two
//! need not import each other).

use std::sync::Arc;

use futures::future::BoxFuture;
use kube::core::DynamicObject;
use kube::core::admission::{AdmissionRequest, AdmissionResponse, Operation};

use super::tracker::ResourceKey;

/// An admission webhook the fake clientset calls, as the API server calls
/// the webhooks of its `MutatingWebhookConfiguration`s and
/// `ValidatingWebhookConfiguration`s. `kube-codegen-manager` implements it
/// for the defaulters and validators registered on a manager, so a unit test
/// on the fake sees what the API server would do with the webhooks installed.
pub trait AdmissionHook: Send + Sync + 'static {
    /// The webhook's name in its configuration (`vapp-v1.kb.io`), which a
    /// denial names.
    fn name(&self) -> &str;

    /// Whether it may change objects (a mutating webhook, called first) or
    /// only admit or deny them (a validating one).
    fn mutating(&self) -> bool;

    /// Whether it is called for `operation` on `resource` (its rules).
    fn handles(&self, resource: &ResourceKey, operation: &Operation) -> bool;

    /// Answers one review.
    fn review<'a>(
        &'a self,
        request: &'a AdmissionRequest<DynamicObject>,
    ) -> BoxFuture<'a, AdmissionResponse>;
}

/// The hooks registered on one fake.
#[derive(Default)]
pub(crate) struct Hooks(std::sync::RwLock<Vec<Arc<dyn AdmissionHook>>>);

impl std::fmt::Debug for Hooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.all().iter().map(|h| h.name().to_owned()))
            .finish()
    }
}

impl Hooks {
    pub(crate) fn add(&self, hook: Arc<dyn AdmissionHook>) {
        self.0.write().unwrap_or_else(|e| e.into_inner()).push(hook);
    }

    pub(crate) fn all(&self) -> Vec<Arc<dyn AdmissionHook>> {
        self.0.read().unwrap_or_else(|e| e.into_inner()).clone()
    }
}
