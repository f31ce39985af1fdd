//! One admission review in, one response out: the typed handlers behind a
//! [`Defaulter`] and a [`Validator`], as controller-runtime's
//! `defaulterForType` and `validatorForType` handle them.

use std::marker::PhantomData;

use futures::future::BoxFuture;
use kube::core::admission::{AdmissionRequest, AdmissionResponse, Operation};
use kube::core::{DynamicObject, Status};
use kube_codegen_runtime::Kind;
use serde_json::Value;

use super::admission::{Defaulter, Request, Validator, Warnings};
use super::patch::defaulting_patch;

/// Answers the admission reviews of one webhook path.
pub trait Handler: Send + Sync + 'static {
    /// The response to `request` (its `uid` copied).
    fn handle<'a>(
        &'a self,
        request: &'a AdmissionRequest<DynamicObject>,
    ) -> BoxFuture<'a, AdmissionResponse>;
}

/// An allowed response (`code: 200`, as controller-runtime's `Allowed`).
fn allowed(request: &AdmissionRequest<DynamicObject>) -> AdmissionResponse {
    let mut response = AdmissionResponse::from(request);
    response.result = Status {
        code: 200,
        ..Status::default()
    };
    response
}

/// A refusal carrying `status` and `warnings`.
fn refused(
    request: &AdmissionRequest<DynamicObject>,
    status: Status,
    warnings: Warnings,
) -> AdmissionResponse {
    let mut response = AdmissionResponse::from(request);
    response.allowed = false;
    response.result = status;
    response.warnings = (!warnings.is_empty()).then_some(warnings);
    response
}

/// controller-runtime's `Errored(code, err)`: a refusal with a code and a
/// message, no reason.
fn errored(
    request: &AdmissionRequest<DynamicObject>,
    code: u16,
    message: String,
) -> AdmissionResponse {
    let status = Status {
        code,
        message,
        ..Status::default()
    };
    refused(request, status, Warnings::new())
}

/// `object` read as `K`; an error names the field that does not fit
/// (`spec.replicas: invalid type: ...`), as the informers report an
/// undecodable object.
fn decode<K: Kind>(object: Option<&DynamicObject>, which: &str) -> Result<(Value, K), String> {
    let info = K::INFO;
    let object = object.ok_or_else(|| format!("the request has no {which}"))?;
    let raw = serde_json::to_value(object).map_err(|e| format!("reading the {which}: {e}"))?;
    let name = object.metadata.name.as_deref().unwrap_or_default();
    let typed = serde_path_to_error::deserialize(&raw).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." {
            String::new()
        } else {
            format!("{path}: ")
        };
        format!(
            "cannot decode the {which} as {} {} {name:?}: {at}{}",
            info.kind,
            info.api_version(),
            e.inner()
        )
    })?;
    Ok((raw, typed))
}

/// A [`Defaulter`] as a handler.
pub(crate) struct Defaulting<K, D> {
    defaulter: D,
    kind: PhantomData<fn() -> K>,
}

impl<K, D> Defaulting<K, D> {
    pub(crate) fn new(defaulter: D) -> Self {
        Defaulting {
            defaulter,
            kind: PhantomData,
        }
    }
}

impl<K: Kind, D: Defaulter<K>> Defaulting<K, D> {
    async fn answer(&self, request: &AdmissionRequest<DynamicObject>) -> AdmissionResponse {
        // A delete has nothing to default (controller-runtime skips it too).
        if request.operation == Operation::Delete {
            return allowed(request);
        }
        let (raw, mut object): (Value, K) = match decode(request.object.as_ref(), "object") {
            Ok(decoded) => decoded,
            Err(message) => return errored(request, 400, message),
        };
        let before = match serde_json::to_value(&object) {
            Ok(value) => value,
            Err(e) => return errored(request, 500, format!("encoding the object: {e}")),
        };
        if let Err(denied) = self
            .defaulter
            .default(&Request::new(request), &mut object)
            .await
        {
            let (status, warnings) = denied.into_parts();
            return refused(request, status, warnings);
        }
        let after = match serde_json::to_value(&object) {
            Ok(value) => value,
            Err(e) => return errored(request, 500, format!("encoding the defaulted object: {e}")),
        };
        let patch = defaulting_patch(&raw, &before, &after);
        if patch.0.is_empty() {
            return allowed(request);
        }
        match allowed(request).with_patch(patch) {
            Ok(response) => response,
            Err(e) => errored(request, 500, e.to_string()),
        }
    }
}

impl<K: Kind, D: Defaulter<K>> Handler for Defaulting<K, D> {
    fn handle<'a>(
        &'a self,
        request: &'a AdmissionRequest<DynamicObject>,
    ) -> BoxFuture<'a, AdmissionResponse> {
        Box::pin(self.answer(request))
    }
}

/// A [`Validator`] as a handler.
pub(crate) struct Validating<K, V> {
    validator: V,
    kind: PhantomData<fn() -> K>,
}

impl<K, V> Validating<K, V> {
    pub(crate) fn new(validator: V) -> Self {
        Validating {
            validator,
            kind: PhantomData,
        }
    }
}

impl<K: Kind, V: Validator<K>> Validating<K, V> {
    async fn answer(&self, request: &AdmissionRequest<DynamicObject>) -> AdmissionResponse {
        let context = Request::new(request);
        let verdict = match request.operation {
            Operation::Create => match decode::<K>(request.object.as_ref(), "object") {
                Ok((_, object)) => self.validator.validate_create(&context, &object).await,
                Err(message) => return errored(request, 400, message),
            },
            Operation::Update => {
                let decoded =
                    decode::<K>(request.object.as_ref(), "object").and_then(|(_, new)| {
                        decode::<K>(request.old_object.as_ref(), "oldObject")
                            .map(|(_, old)| (old, new))
                    });
                match decoded {
                    Ok((old, new)) => self.validator.validate_update(&context, &old, &new).await,
                    Err(message) => return errored(request, 400, message),
                }
            }
            // The object being deleted is the old object.
            Operation::Delete => match decode::<K>(request.old_object.as_ref(), "oldObject") {
                Ok((_, object)) => self.validator.validate_delete(&context, &object).await,
                Err(message) => return errored(request, 400, message),
            },
            Operation::Connect => Ok(Warnings::new()),
        };
        match verdict {
            Ok(warnings) => {
                let mut response = allowed(request);
                response.warnings = (!warnings.is_empty()).then_some(warnings);
                response
            }
            Err(denied) => {
                let (status, warnings) = denied.into_parts();
                refused(request, status, warnings)
            }
        }
    }
}

impl<K: Kind, V: Validator<K>> Handler for Validating<K, V> {
    fn handle<'a>(
        &'a self,
        request: &'a AdmissionRequest<DynamicObject>,
    ) -> BoxFuture<'a, AdmissionResponse> {
        Box::pin(self.answer(request))
    }
}

/// The response to a review the server could not hand to a webhook: a body
/// that is not an `AdmissionReview` (controller-runtime's 400 `Errored`).
pub(crate) fn unreadable(message: String) -> AdmissionResponse {
    let mut response = AdmissionResponse::invalid(message);
    response.result.code = 400;
    response.result.reason = String::new();
    response.result.status = None;
    response
}

/// The response to a handler that panicked (controller-runtime's
/// recovered panic: a 500).
pub(crate) fn panicked(request: &AdmissionRequest<DynamicObject>, what: &str) -> AdmissionResponse {
    errored(request, 500, format!("panic: {what} [recovered]"))
}
