//! A manager's webhooks in the fake clientset: each [`Webhook`](super::Webhook)
//! becomes the runtime's [`AdmissionHook`], so a unit test on the fake sees
//! what the API server does with the webhooks installed, through the same
//! handlers the HTTPS server runs.

use std::sync::Arc;

use futures::future::BoxFuture;
use kube::core::DynamicObject;
use kube::core::admission::{AdmissionRequest, AdmissionResponse, AdmissionReview, Operation};
use kube_codegen_runtime::fake::{AdmissionHook, ResourceKey};

use super::handler::Handler;
use super::review::{Answer, Incoming};

/// One webhook of one resource, as the fake calls it.
pub(crate) struct FakeHook {
    pub(crate) name: String,
    pub(crate) mutating: bool,
    pub(crate) resource: ResourceKey,
    pub(crate) operations: Vec<Operation>,
    pub(crate) handler: Arc<dyn Handler>,
}

impl AdmissionHook for FakeHook {
    fn name(&self) -> &str {
        &self.name
    }

    fn mutating(&self) -> bool {
        self.mutating
    }

    fn handles(&self, resource: &ResourceKey, operation: &Operation) -> bool {
        *resource == self.resource && self.operations.contains(operation)
    }

    fn review<'a>(
        &'a self,
        request: &'a AdmissionRequest<DynamicObject>,
    ) -> BoxFuture<'a, AdmissionResponse> {
        Box::pin(async move {
            // The review as the API server would send it, read as the server
            // reads one: the handlers see what they see behind the server.
            let review = AdmissionReview {
                types: request.types.clone(),
                request: Some(request.clone()),
                response: None,
            };
            let body = match serde_json::to_vec(&review) {
                Ok(body) => body,
                Err(e) => return Answer::errored(500, e.to_string()).into_response(request),
            };
            let incoming = match Incoming::read(&body) {
                Ok(incoming) => incoming.with_whole(request.clone()),
                Err(message) => return Answer::errored(400, message).into_response(request),
            };
            self.handler.handle(&incoming).await.into_response(request)
        })
    }
}
