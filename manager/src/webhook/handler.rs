//! One admission review in, one answer out: the typed handlers behind a
//! [`Defaulter`] and a [`Validator`], as controller-runtime's
//! `defaulterForType` and `validatorForType` handle them.
//!
//! Each object is decoded once, from the text the API server sent, straight
//! into the kind; a defaulter's patch is computed from two serializations
//! of the typed object into buffers kept between requests.

use std::marker::PhantomData;
use std::sync::{Mutex, PoisonError};

use futures::future::BoxFuture;
use kube::core::admission::Operation;
use kube_codegen_runtime::Kind;
use serde_json::Value;
use serde_json::value::RawValue;

use super::admission::{Defaulter, Request, Validator};
use super::denied::Warnings;
use super::patch::defaulting_patch;
use super::recorded::Recorded;
use super::review::{Answer, Incoming};

/// Answers the admission reviews of one webhook path.
pub(crate) trait Handler: Send + Sync + 'static {
    /// The answer to `request`.
    fn handle<'a>(&'a self, request: &'a Incoming<'a>) -> BoxFuture<'a, Answer>;
}

/// `object` read as `K`. An error names the field that does not fit
/// (`spec.replicas: invalid type: ...`), as the informers report an
/// undecodable object.
fn decode<K: Kind>(object: Option<&RawValue>, which: &str) -> Result<K, String> {
    let object = object.ok_or_else(|| format!("the request has no {which}"))?;
    serde_json::from_str(object.get()).map_err(|_| why_not::<K>(object, which))
}

/// Why `object` does not decode as `K` (read again as a value, to find the
/// field: only for objects that failed).
fn why_not<K: Kind>(object: &RawValue, which: &str) -> String {
    let info = K::INFO;
    let raw: Value = match serde_json::from_str(object.get()) {
        Ok(raw) => raw,
        Err(e) => return format!("reading the {which}: {e}"),
    };
    let name = raw
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let (at, error) = match serde_path_to_error::deserialize::<_, K>(&raw) {
        Err(e) => {
            let path = e.path().to_string();
            let at = if path == "." {
                String::new()
            } else {
                format!("{path}: ")
            };
            (at, e.into_inner().to_string())
        }
        // Read as a value it fits: the text itself did not.
        Ok(_) => match serde_json::from_str::<K>(object.get()) {
            Err(e) => (String::new(), e.to_string()),
            Ok(_) => (String::new(), "undecodable".to_owned()),
        },
    };
    format!(
        "cannot decode the {which} as {} {} {name:?}: {at}{error}",
        info.kind,
        info.api_version()
    )
}

/// Serializations kept between requests.
#[derive(Default)]
struct Buffers(Mutex<Vec<Recorded>>);

/// Serializations past this size are not kept (an unusually large object
/// does not pin its memory).
const KEEP_AT_MOST: usize = 1 << 20;

/// Serializations kept at most (concurrent requests of one handler beyond
/// this allocate their own).
const KEEP: usize = 64;

impl Buffers {
    fn take(&self) -> Buffer<'_> {
        let recorded = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop()
            .unwrap_or_default();
        Buffer {
            recorded,
            pool: self,
        }
    }
}

/// A serialization on loan, given back when dropped.
struct Buffer<'p> {
    recorded: Recorded,
    pool: &'p Buffers,
}

impl Drop for Buffer<'_> {
    fn drop(&mut self) {
        if self.recorded.capacity() <= KEEP_AT_MOST {
            let recorded = std::mem::take(&mut self.recorded);
            let mut pool = self.pool.0.lock().unwrap_or_else(PoisonError::into_inner);
            if pool.len() < KEEP {
                pool.push(recorded);
            }
        }
    }
}

/// A [`Defaulter`] as a handler.
pub(crate) struct Defaulting<K, D> {
    defaulter: D,
    buffers: Buffers,
    kind: PhantomData<fn() -> K>,
}

impl<K, D> Defaulting<K, D> {
    pub(crate) fn new(defaulter: D) -> Self {
        Defaulting {
            defaulter,
            buffers: Buffers::default(),
            kind: PhantomData,
        }
    }
}

impl<K: Kind, D: Defaulter<K>> Defaulting<K, D> {
    async fn answer(&self, request: &Incoming<'_>) -> Answer {
        // A delete has nothing to default (controller-runtime skips it too).
        if *request.operation() == Operation::Delete {
            return Answer::allowed();
        }
        let mut object: K = match decode(request.object(), "object") {
            Ok(object) => object,
            Err(message) => return Answer::errored(400, message),
        };
        let raw = request.object().expect("decoded");
        let (mut before, mut after) = (self.buffers.take(), self.buffers.take());
        if let Err(e) = before.recorded.record(&object) {
            return Answer::errored(500, format!("encoding the object: {e}"));
        }
        if let Err(denied) = self
            .defaulter
            .default(&Request::new(request), &mut object)
            .await
        {
            let (status, warnings) = denied.into_parts();
            return Answer::refused(status, warnings);
        }
        if let Err(e) = after.recorded.record(&object) {
            return Answer::errored(500, format!("encoding the defaulted object: {e}"));
        }
        if before.recorded.text() == after.recorded.text() {
            return Answer::allowed();
        }
        let mut patch = Vec::with_capacity(128);
        match defaulting_patch(raw, &before.recorded, &after.recorded, &mut patch) {
            Ok(true) => Answer {
                patch: Some(patch),
                ..Answer::allowed()
            },
            Ok(false) => Answer::allowed(),
            Err(e) => Answer::errored(500, format!("computing the patch: {e}")),
        }
    }
}

impl<K: Kind, D: Defaulter<K>> Handler for Defaulting<K, D> {
    fn handle<'a>(&'a self, request: &'a Incoming<'a>) -> BoxFuture<'a, Answer> {
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
    async fn answer(&self, request: &Incoming<'_>) -> Answer {
        let context = Request::new(request);
        let verdict = match request.operation() {
            Operation::Create => match decode::<K>(request.object(), "object") {
                Ok(object) => self.validator.validate_create(&context, &object).await,
                Err(message) => return Answer::errored(400, message),
            },
            Operation::Update => {
                let decoded = decode::<K>(request.object(), "object").and_then(|new| {
                    decode::<K>(request.old_object(), "oldObject").map(|old| (old, new))
                });
                match decoded {
                    Ok((old, new)) => self.validator.validate_update(&context, &old, &new).await,
                    Err(message) => return Answer::errored(400, message),
                }
            }
            // The object being deleted is the old object.
            Operation::Delete => match decode::<K>(request.old_object(), "oldObject") {
                Ok(object) => self.validator.validate_delete(&context, &object).await,
                Err(message) => return Answer::errored(400, message),
            },
            Operation::Connect => Ok(Warnings::new()),
        };
        match verdict {
            Ok(warnings) => Answer {
                warnings,
                ..Answer::allowed()
            },
            Err(denied) => {
                let (status, warnings) = denied.into_parts();
                Answer::refused(status, warnings)
            }
        }
    }
}

impl<K: Kind, V: Validator<K>> Handler for Validating<K, V> {
    fn handle<'a>(&'a self, request: &'a Incoming<'a>) -> BoxFuture<'a, Answer> {
        Box::pin(self.answer(request))
    }
}

/// The answer to a handler that panicked (controller-runtime's recovered
/// panic: a 500).
pub(crate) fn panicked(what: &str) -> Answer {
    Answer::errored(500, format!("panic: {what} [recovered]"))
}
