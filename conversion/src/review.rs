//! One `ConversionReview` in, one out: every object of the request converted
//! to the desired version, or a failure naming the first one that could not be.

use kube::core::Status;
use kube::core::conversion::{ConversionRequest, ConversionResponse, ConversionReview};
use serde_json::Value;

use crate::Conversions;

/// What became of one object of a review, for metrics and logs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted<'a> {
    /// The object's kind.
    pub kind: &'a str,
    /// Its `apiVersion`.
    pub from: &'a str,
    /// The desired `apiVersion`.
    pub to: &'a str,
    /// Whether it was converted.
    pub ok: bool,
}

impl Conversions {
    /// The answer to `review` (kube's `ConversionReview`): the request's
    /// objects in `desiredAPIVersion`, in order, or a failure.
    pub fn review(&self, review: ConversionReview) -> ConversionReview {
        self.review_with(review, |_| {})
    }

    /// [`Conversions::review`], telling `observe` about each object converted
    /// (or the one that failed).
    pub fn review_with(
        &self,
        review: ConversionReview,
        mut observe: impl FnMut(Converted<'_>),
    ) -> ConversionReview {
        let request = match ConversionRequest::from_review(review) {
            Ok(request) => request,
            Err(_) => {
                return ConversionResponse::invalid(Status::failure(
                    "the ConversionReview has no request",
                    "BadRequest",
                ))
                .into_review();
            }
        };
        let desired = request.desired_api_version.clone();
        let mut converted = Vec::with_capacity(request.objects.len());
        for object in &request.objects {
            let field = |key: &str| object.get(key).and_then(Value::as_str).unwrap_or_default();
            let (kind, from) = (field("kind"), field("apiVersion"));
            match self.convert(object.clone(), &desired) {
                Ok(value) => {
                    observe(Converted {
                        kind,
                        from,
                        to: &desired,
                        ok: true,
                    });
                    converted.push(value);
                }
                Err(err) => {
                    observe(Converted {
                        kind,
                        from,
                        to: &desired,
                        ok: false,
                    });
                    let name = object
                        .pointer("/metadata/name")
                        .and_then(Value::as_str)
                        .unwrap_or_default();
                    let message = format!("{kind} {name:?}: {err}");
                    tracing::warn!(%message, "conversion failed");
                    return ConversionResponse::for_request(request)
                        .failure(Status::failure(&message, "ConversionFailed"))
                        .into_review();
                }
            }
        }
        ConversionResponse::for_request(request)
            .success(converted)
            .into_review()
    }
}
