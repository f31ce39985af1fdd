//! One admission review, read once, and the review answered.
//!
//! The server reads a request's fields and keeps its objects as the JSON the
//! API server sent, borrowed from the body: a handler decodes each once,
//! straight into its kind, and computes its patch against that same text.
//! The untyped view of the whole request (kube's `AdmissionRequest`), which
//! few handlers need, is read only when asked for.
//!
//! Answers are written as controller-runtime writes them: the envelope's
//! `apiVersion` echoed (`admission.k8s.io/v1` when the request had none), the
//! patch base64-encoded as Go encodes a `[]byte`, and the reviews the server
//! could not read in controller-runtime's exact bytes.

use std::borrow::Cow;
use std::sync::OnceLock;

use base64::display::Base64Display;
use base64::engine::general_purpose::STANDARD;
use k8s_openapi::api::authentication::v1::UserInfo;
use kube::core::admission::{AdmissionRequest, AdmissionResponse, AdmissionReview, Operation};
use kube::core::{DynamicObject, GroupVersionKind, GroupVersionResource, Status};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

use super::denied::Warnings;

/// The `apiVersion` of an answer to a review that named none.
const V1: &str = "admission.k8s.io/v1";

/// A JSON string, borrowed from the body unless it holds escapes.
#[derive(Debug, Default, Deserialize)]
#[serde(transparent)]
pub(crate) struct Text<'a>(#[serde(borrow)] pub(crate) Cow<'a, str>);

/// `{"apiVersion": ..., "request": {...}}`; everything else is skipped.
#[derive(Deserialize)]
struct Envelope<'a> {
    #[serde(borrow, default, rename = "apiVersion")]
    api_version: Option<Text<'a>>,
    #[serde(borrow, default)]
    request: Option<Fields<'a>>,
}

/// The request's fields a handler reads every time, and its objects as
/// text. The fields kube's `AdmissionRequest` requires are required here
/// too (so the whole request reads as one later), but only checked to be
/// there.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Fields<'a> {
    #[serde(borrow)]
    uid: Text<'a>,
    #[serde(borrow)]
    kind: &'a RawValue,
    #[serde(borrow)]
    resource: &'a RawValue,
    #[serde(borrow, default)]
    name: Option<Text<'a>>,
    #[serde(borrow, default)]
    namespace: Option<Text<'a>>,
    operation: Operation,
    #[serde(borrow)]
    user_info: &'a RawValue,
    #[serde(borrow, default)]
    object: Option<&'a RawValue>,
    #[serde(borrow, default)]
    old_object: Option<&'a RawValue>,
    #[serde(default)]
    dry_run: Option<bool>,
}

/// One admission request as the server read it.
pub(crate) struct Incoming<'a> {
    body: &'a [u8],
    api_version: Option<Cow<'a, str>>,
    uid: Cow<'a, str>,
    name: Cow<'a, str>,
    namespace: Option<Cow<'a, str>>,
    operation: Operation,
    dry_run: bool,
    object: Option<&'a RawValue>,
    old_object: Option<&'a RawValue>,
    kind_text: &'a RawValue,
    resource_text: &'a RawValue,
    user_info_text: &'a RawValue,
    user_info: OnceLock<UserInfo>,
    whole: OnceLock<AdmissionRequest<DynamicObject>>,
}

impl<'a> Incoming<'a> {
    /// Reads `body`, an `AdmissionReview` with a request; the error says
    /// why it is not one.
    pub(crate) fn read(body: &'a [u8]) -> Result<Self, String> {
        let envelope: Envelope<'a> =
            serde_json::from_slice(body).map_err(|e| format!("not an AdmissionReview: {e}"))?;
        let fields = envelope
            .request
            .ok_or_else(|| "the AdmissionReview has no request".to_owned())?;
        Ok(Incoming {
            body,
            api_version: envelope.api_version.map(|t| t.0),
            uid: fields.uid.0,
            name: fields.name.map(|t| t.0).unwrap_or_default(),
            namespace: fields.namespace.map(|t| t.0),
            operation: fields.operation,
            dry_run: fields.dry_run.unwrap_or_default(),
            object: fields.object,
            old_object: fields.old_object,
            kind_text: fields.kind,
            resource_text: fields.resource,
            user_info_text: fields.user_info,
            user_info: OnceLock::new(),
            whole: OnceLock::new(),
        })
    }

    /// The same, its whole request already read (the fake clientset's).
    pub(crate) fn with_whole(self, whole: AdmissionRequest<DynamicObject>) -> Self {
        let _ = self.whole.set(whole);
        self
    }

    /// The envelope's `apiVersion`, for the answer.
    pub(crate) fn api_version(&self) -> &str {
        self.api_version.as_deref().unwrap_or(V1)
    }

    pub(crate) fn uid(&self) -> &str {
        &self.uid
    }

    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    pub(crate) fn namespace(&self) -> Option<&str> {
        self.namespace.as_deref()
    }

    pub(crate) fn operation(&self) -> &Operation {
        &self.operation
    }

    pub(crate) fn dry_run(&self) -> bool {
        self.dry_run
    }

    /// The object as sent (`None` on deletes).
    pub(crate) fn object(&self) -> Option<&'a RawValue> {
        self.object
    }

    /// The stored object as sent (on updates and deletes).
    pub(crate) fn old_object(&self) -> Option<&'a RawValue> {
        self.old_object
    }

    /// Who made the request, read when first asked for (a `userInfo` that
    /// does not read as one is an empty user).
    pub(crate) fn user_info(&self) -> &UserInfo {
        self.user_info
            .get_or_init(|| serde_json::from_str(self.user_info_text.get()).unwrap_or_default())
    }

    /// The whole request as kube reads it, read when first asked for. A
    /// request whose objects or options kube cannot read (it already read as
    /// an admission review) has its fields without them.
    pub(crate) fn whole(&self) -> &AdmissionRequest<DynamicObject> {
        self.whole.get_or_init(|| {
            serde_json::from_slice::<AdmissionReview<DynamicObject>>(self.body)
                .ok()
                .and_then(|review| review.try_into().ok())
                .unwrap_or_else(|| self.fields_only())
        })
    }

    fn fields_only(&self) -> AdmissionRequest<DynamicObject> {
        fn read<T: serde::de::DeserializeOwned>(text: &RawValue, or: T) -> T {
            serde_json::from_str(text.get()).unwrap_or(or)
        }
        AdmissionRequest {
            types: kube::core::TypeMeta {
                api_version: self.api_version().to_owned(),
                kind: "AdmissionReview".to_owned(),
            },
            uid: self.uid.to_string(),
            kind: read(self.kind_text, GroupVersionKind::gvk("", "", "")),
            resource: read(self.resource_text, GroupVersionResource::gvr("", "", "")),
            sub_resource: None,
            request_kind: None,
            request_resource: None,
            request_sub_resource: None,
            name: self.name.to_string(),
            namespace: self.namespace.as_ref().map(ToString::to_string),
            operation: self.operation.clone(),
            user_info: self.user_info().clone(),
            object: None,
            old_object: None,
            dry_run: self.dry_run,
            options: None,
        }
    }
}

/// How a handler answered, without the request's uid and the envelope.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Answer {
    pub(crate) allowed: bool,
    pub(crate) verdict: Verdict,
    /// A JSON patch document (RFC 6902).
    pub(crate) patch: Option<Vec<u8>>,
    pub(crate) warnings: Warnings,
}

/// The `status` of an answer.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Verdict {
    /// controller-runtime's `Allowed`: `{"metadata":{},"code":200}`.
    Allowed,
    /// controller-runtime's `Errored(code, err)`: a code and a message.
    Errored { code: u16, message: String },
    /// A status of the handler's (a denial; boxed, as a Status is large and
    /// most answers allow).
    Status(Box<Status>),
}

impl Answer {
    /// Admitted, unchanged.
    pub(crate) fn allowed() -> Self {
        Answer {
            allowed: true,
            verdict: Verdict::Allowed,
            patch: None,
            warnings: Warnings::new(),
        }
    }

    /// Refused with `status`.
    pub(crate) fn refused(status: Status, warnings: Warnings) -> Self {
        Answer {
            allowed: false,
            verdict: Verdict::Status(Box::new(status)),
            patch: None,
            warnings,
        }
    }

    /// controller-runtime's `Errored(code, err)`.
    pub(crate) fn errored(code: u16, message: String) -> Self {
        Answer {
            allowed: false,
            verdict: Verdict::Errored { code, message },
            patch: None,
            warnings: Warnings::new(),
        }
    }

    /// The review answering `request`, as the server writes it (with a
    /// trailing newline, as Go's JSON encoder ends one).
    pub(crate) fn write(&self, request: &Incoming<'_>, out: &mut Vec<u8>) {
        let review = ReviewOut {
            types: Some(request.api_version()),
            response: ResponseOut {
                uid: request.uid(),
                answer: self,
            },
        };
        serde_json::to_writer(&mut *out, &review).expect("an AdmissionReview serializes");
        out.push(b'\n');
    }

    /// The review answering a body the server could not read: no uid, no
    /// `apiVersion` (controller-runtime's `writeResponse`).
    pub(crate) fn write_unread(&self, out: &mut Vec<u8>) {
        let review = ReviewOut {
            types: None,
            response: ResponseOut {
                uid: "",
                answer: self,
            },
        };
        serde_json::to_writer(&mut *out, &review).expect("an AdmissionReview serializes");
        out.push(b'\n');
    }

    /// kube's response to `request` (for the fake clientset).
    pub(crate) fn into_response(
        self,
        request: &AdmissionRequest<DynamicObject>,
    ) -> AdmissionResponse {
        let mut response = AdmissionResponse::from(request);
        response.allowed = self.allowed;
        response.result = match self.verdict {
            Verdict::Allowed => Status {
                code: 200,
                ..Status::default()
            },
            Verdict::Errored { code, message } => Status {
                code,
                message,
                ..Status::default()
            },
            Verdict::Status(status) => *status,
        };
        response.warnings = (!self.warnings.is_empty()).then_some(self.warnings);
        let Some(patch) = self.patch else {
            return response;
        };
        let written = serde_json::from_slice(&patch)
            .map_err(|e| e.to_string())
            .and_then(|patch| {
                response
                    .clone()
                    .with_patch(patch)
                    .map_err(|e| e.to_string())
            });
        match written {
            Ok(patched) => patched,
            Err(message) => Answer::errored(500, message).into_response(request),
        }
    }
}

/// `{"kind":"AdmissionReview","apiVersion":...,"response":{...}}`.
struct ReviewOut<'a> {
    types: Option<&'a str>,
    response: ResponseOut<'a>,
}

impl Serialize for ReviewOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut review = serializer.serialize_struct("AdmissionReview", 3)?;
        if let Some(api_version) = self.types {
            review.serialize_field("kind", "AdmissionReview")?;
            review.serialize_field("apiVersion", api_version)?;
        }
        review.serialize_field("response", &self.response)?;
        review.end()
    }
}

/// Go's `AdmissionResponse`, field for field in its order.
struct ResponseOut<'a> {
    uid: &'a str,
    answer: &'a Answer,
}

impl Serialize for ResponseOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let answer = self.answer;
        let mut response = serializer.serialize_struct("AdmissionResponse", 6)?;
        response.serialize_field("uid", self.uid)?;
        response.serialize_field("allowed", &answer.allowed)?;
        response.serialize_field("status", &VerdictOut(&answer.verdict))?;
        if let Some(patch) = &answer.patch {
            response.serialize_field("patch", &Base64(patch))?;
            response.serialize_field("patchType", "JSONPatch")?;
        }
        if !answer.warnings.is_empty() {
            response.serialize_field("warnings", &answer.warnings)?;
        }
        response.end()
    }
}

/// A `metav1.Status` as Go writes controller-runtime's `Allowed` and
/// `Errored` (`{"metadata":{},"message":...,"code":...}`), or a handler's
/// status as kube writes it.
struct VerdictOut<'a>(&'a Verdict);

/// `metadata: {}`.
#[derive(Serialize)]
struct Empty {}

impl Serialize for VerdictOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (code, message) = match self.0 {
            Verdict::Status(status) => return status.serialize(serializer),
            Verdict::Allowed => (200, ""),
            Verdict::Errored { code, message } => (*code, message.as_str()),
        };
        let mut status = serializer.serialize_struct("Status", 3)?;
        status.serialize_field("metadata", &Empty {})?;
        if !message.is_empty() {
            status.serialize_field("message", message)?;
        }
        status.serialize_field("code", &code)?;
        status.end()
    }
}

/// Bytes as Go's JSON encoder writes a `[]byte`: a base64 string.
struct Base64<'a>(&'a [u8]);

impl Serialize for Base64<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&Base64Display::new(self.0, &STANDARD))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn review(request: Value) -> Vec<u8> {
        serde_json::to_vec(&json!({"apiVersion": "admission.k8s.io/v1beta1", "kind": "AdmissionReview", "request": request})).unwrap()
    }

    fn request() -> Value {
        json!({
            "uid": "u-1",
            "kind": {"group": "", "version": "v1", "kind": "ConfigMap"},
            "resource": {"group": "", "version": "v1", "resource": "configmaps"},
            "name": "c\u{e9}", "namespace": "shop", "operation": "UPDATE",
            "userInfo": {"username": "alice", "groups": ["dev"]},
            "object": {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, "data": {"k": "\"v\""}},
            "oldObject": null,
            "dryRun": true,
            "options": {"kind": "UpdateOptions", "apiVersion": "meta.k8s.io/v1"},
        })
    }

    #[test]
    fn reads_the_fields_and_keeps_the_objects_as_sent() {
        let body = review(request());
        let incoming = Incoming::read(&body).unwrap();
        assert_eq!(incoming.uid(), "u-1");
        assert_eq!(incoming.name(), "c\u{e9}");
        assert_eq!(incoming.namespace(), Some("shop"));
        assert_eq!(incoming.operation(), &Operation::Update);
        assert!(incoming.dry_run());
        assert_eq!(incoming.api_version(), "admission.k8s.io/v1beta1");
        assert_eq!(
            incoming.object().unwrap().get(),
            r#"{"apiVersion":"v1","data":{"k":"\"v\""},"kind":"ConfigMap","metadata":{"name":"c"}}"#
        );
        assert!(incoming.old_object().is_none(), "null is no object");
        assert_eq!(incoming.user_info().username.as_deref(), Some("alice"));
        let whole = incoming.whole();
        assert_eq!(whole.resource.resource, "configmaps");
        assert_eq!(whole.options.as_ref().unwrap().0["kind"], "UpdateOptions");
        assert_eq!(whole.object.as_ref().unwrap().data["data"]["k"], "\"v\"");
    }

    #[test]
    fn what_kube_requires_is_required() {
        for missing in ["uid", "kind", "resource", "operation", "userInfo"] {
            let mut request = request();
            request.as_object_mut().unwrap().remove(missing);
            let error = Incoming::read(&review(request)).err().unwrap();
            assert!(
                error.contains(&format!("missing field `{missing}`")),
                "{error}"
            );
        }
        let error = Incoming::read(br#"{"apiVersion":"admission.k8s.io/v1"}"#)
            .err()
            .unwrap();
        assert_eq!(error, "the AdmissionReview has no request");
    }

    #[test]
    fn answers_as_controller_runtime_writes_them() {
        let body = review(request());
        let incoming = Incoming::read(&body).unwrap();
        let mut out = Vec::new();
        Answer {
            patch: Some(br#"[{"op":"add","path":"/a","value":1}]"#.to_vec()),
            warnings: vec!["careful".to_owned()],
            ..Answer::allowed()
        }
        .write(&incoming, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"kind\":\"AdmissionReview\",\"apiVersion\":\"admission.k8s.io/v1beta1\",\"response\":{\"uid\":\"u-1\",\"allowed\":true,\"status\":{\"metadata\":{},\"code\":200},\"patch\":\"W3sib3AiOiJhZGQiLCJwYXRoIjoiL2EiLCJ2YWx1ZSI6MX1d\",\"patchType\":\"JSONPatch\",\"warnings\":[\"careful\"]}}\n"
        );
        // controller-runtime's http_test.go: "should error when given an infinite body".
        let mut out = Vec::new();
        Answer::errored(
            413,
            "request entity is too large; limit is 7340032 bytes".to_owned(),
        )
        .write_unread(&mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"response\":{\"uid\":\"\",\"allowed\":false,\"status\":{\"metadata\":{},\"message\":\"request entity is too large; limit is 7340032 bytes\",\"code\":413}}}\n"
        );
    }
}
