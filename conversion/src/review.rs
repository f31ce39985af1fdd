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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::toy;

    fn review(objects: Vec<serde_json::Value>, desired: &str) -> serde_json::Value {
        let request = json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "ConversionReview",
            "request": {"uid": "42", "desiredAPIVersion": desired, "objects": objects}
        });
        let answer = toy::conversions().review(serde_json::from_value(request).unwrap());
        serde_json::to_value(answer).unwrap()
    }

    fn toy_v2(name: &str, items: &[&str]) -> serde_json::Value {
        json!({
            "apiVersion": "toy.example.com/v2", "kind": "Toy",
            "metadata": {"name": name, "uid": "u-1"}, "items": items, "label": "blue"
        })
    }

    #[test]
    fn converts_every_object_in_order_and_keeps_what_v1_cannot_hold() {
        let answer = review(
            vec![toy_v2("a", &["x", "y"]), toy_v2("b", &[])],
            "toy.example.com/v1",
        );
        let response = &answer["response"];
        assert_eq!(response["uid"], "42");
        assert_eq!(response["result"]["status"], "Success");
        let objects = response["convertedObjects"].as_array().unwrap();
        assert_eq!(objects[0]["count"], 2);
        assert_eq!(objects[1]["count"], 0);
        assert_eq!(objects[0]["apiVersion"], "toy.example.com/v1");
        assert_eq!(objects[0]["metadata"]["uid"], "u-1");
        let kept = objects[0]["metadata"]["annotations"]["conversion.kube-codegen.k8s.io/v2"]
            .as_str()
            .unwrap();
        assert!(kept.contains("blue") && kept.contains("\"x\""), "{kept}");
        // And back: the hub object again, annotation gone.
        let back = review(vec![objects[0].clone()], "toy.example.com/v2");
        assert_eq!(
            back["response"]["convertedObjects"][0],
            toy_v2("a", &["x", "y"])
        );
    }

    #[test]
    fn a_failing_conversion_fails_the_review_with_the_object_named() {
        let answer = review(
            vec![toy_v2("a", &["x"]), toy_v2("bad", &["forbidden"])],
            "toy.example.com/v1",
        );
        let result = &answer["response"]["result"];
        assert_eq!(result["status"], "Failure");
        assert_eq!(
            result["message"],
            "Toy \"bad\": converting Toy from toy.example.com/v2 to toy.example.com/v1: item `forbidden` has no v1 form"
        );
        assert!(
            answer["response"]["convertedObjects"]
                .as_array()
                .is_none_or(Vec::is_empty)
        );
    }

    #[test]
    fn unknown_kinds_and_versions_are_refused() {
        let answer = review(vec![toy_v2("a", &[])], "toy.example.com/v3");
        assert_eq!(
            answer["response"]["result"]["message"],
            "Toy \"a\": Toy has no version toy.example.com/v3 in this webhook"
        );
        let other = json!({"apiVersion": "other.example.com/v1", "kind": "Thing", "metadata": {"name": "t"}});
        let answer = review(vec![other], "other.example.com/v2");
        assert_eq!(
            answer["response"]["result"]["message"],
            "Thing \"t\": kind Thing of other.example.com/v1 is not converted by this webhook"
        );
    }
}
