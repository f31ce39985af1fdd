//! Go types of Kubernetes' own modules and of Go's standard library → the
//! Rust types that serialize to the same JSON: k8s-openapi's for
//! `k8s.io/api`, `k8s.io/apimachinery` and `k8s.io/apiextensions-apiserver`
//! (Go's package path is k8s-openapi's module path), kube's where k8s-openapi
//! has none (`metav1.Duration`, `TypeMeta`, `GroupVersionKind`), and plain
//! Rust types for Go's named strings and integers.

use kube_codegen::emit::crd::external::is_known_external;

/// What a Go type of another module is in Rust.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// A Rust type path (`k8s_openapi::api::core::v1::PodSpec`, `String`).
    Path(String),
    /// `metav1.TypeMeta` embedded inline: `apiVersion` and `kind`, which kube
    /// writes for every kind itself.
    TypeMeta,
}

/// Types whose Rust form is not k8s-openapi's path for them.
const SPECIAL: &[(&str, &str, &str)] = &[
    // kube-core reads and writes Go's duration strings ("1h30m").
    (
        "k8s.io/apimachinery/pkg/apis/meta/v1",
        "Duration",
        "kube::core::Duration",
    ),
    (
        "k8s.io/apimachinery/pkg/apis/meta/v1",
        "TypeMeta",
        "kube::core::TypeMeta",
    ),
    (
        "k8s.io/apimachinery/pkg/apis/meta/v1",
        "GroupVersionKind",
        "kube::core::GroupVersionKind",
    ),
    (
        "k8s.io/apimachinery/pkg/apis/meta/v1",
        "GroupVersionResource",
        "kube::core::GroupVersionResource",
    ),
    // Go's standard library.
    ("time", "Duration", "i64"),
];

/// Named strings of Kubernetes' modules, for when their Go source is not in
/// the module cache (with it, they are imported with their docs and markers).
const NAMED_VALUES: &[(&str, &str, &str)] = &[
    ("k8s.io/apimachinery/pkg/types", "UID", "String"),
    ("k8s.io/apimachinery/pkg/types", "NodeName", "String"),
    ("k8s.io/apimachinery/pkg/types", "PatchType", "String"),
    ("k8s.io/api/core/v1", "ResourceName", "String"),
    ("k8s.io/api/core/v1", "Protocol", "String"),
    ("k8s.io/api/core/v1", "PullPolicy", "String"),
    ("k8s.io/api/core/v1", "ConditionStatus", "String"),
    ("k8s.io/api/core/v1", "ServiceType", "String"),
    ("k8s.io/api/core/v1", "RestartPolicy", "String"),
    ("k8s.io/api/core/v1", "DNSPolicy", "String"),
    ("k8s.io/api/core/v1", "TaintEffect", "String"),
    ("k8s.io/api/core/v1", "TolerationOperator", "String"),
    ("k8s.io/api/core/v1", "PersistentVolumeAccessMode", "String"),
    ("k8s.io/api/core/v1", "PersistentVolumeMode", "String"),
    (
        "k8s.io/api/core/v1",
        "ResourceList",
        "std::collections::BTreeMap<String, k8s_openapi::apimachinery::pkg::api::resource::Quantity>",
    ),
    ("k8s.io/api/core/v1", "URIScheme", "String"),
    ("k8s.io/api/core/v1", "IPFamily", "String"),
    ("k8s.io/api/core/v1", "ServiceAffinity", "String"),
    (
        "k8s.io/api/core/v1",
        "ServiceExternalTrafficPolicy",
        "String",
    ),
    (
        "k8s.io/api/core/v1",
        "ServiceInternalTrafficPolicy",
        "String",
    ),
    ("k8s.io/api/core/v1", "ServiceTrafficDistribution", "String"),
    (
        "k8s.io/apimachinery/pkg/apis/meta/v1",
        "ConditionStatus",
        "String",
    ),
    (
        "k8s.io/apimachinery/pkg/apis/meta/v1",
        "LabelSelectorOperator",
        "String",
    ),
    ("k8s.io/api/networking/v1", "PolicyType", "String"),
    ("k8s.io/api/networking/v1", "PathType", "String"),
    ("k8s.io/api/apps/v1", "DeploymentStrategyType", "String"),
    ("k8s.io/api/autoscaling/v2", "MetricSourceType", "String"),
    ("k8s.io/api/autoscaling/v2", "ScalingPolicySelect", "String"),
    (
        "k8s.io/api/autoscaling/v2",
        "HPAScalingPolicyType",
        "String",
    ),
    ("k8s.io/api/batch/v1", "ConcurrencyPolicy", "String"),
];

/// The Go module paths whose packages k8s-openapi mirrors.
const K8S_OPENAPI_ROOTS: &[&str] = &[
    "k8s.io/api/",
    "k8s.io/apimachinery/",
    "k8s.io/apiextensions-apiserver/",
    "k8s.io/kube-aggregator/",
];

/// The Rust form of `pkg.name`, or `None` when neither k8s-openapi nor the
/// table above has it.
pub(crate) fn lookup(pkg: &str, name: &str, embedded: bool) -> Option<Known> {
    if embedded && pkg == "k8s.io/apimachinery/pkg/apis/meta/v1" && name == "TypeMeta" {
        return Some(Known::TypeMeta);
    }
    if let Some((_, _, rust)) = SPECIAL.iter().find(|(p, n, _)| *p == pkg && *n == name) {
        return Some(Known::Path((*rust).to_owned()));
    }
    if !K8S_OPENAPI_ROOTS.iter().any(|root| pkg.starts_with(root)) {
        return None;
    }
    let module = pkg
        .strip_prefix("k8s.io/")?
        .split('/')
        .map(|part| part.replace('-', "_"))
        .collect::<Vec<_>>()
        .join("::");
    let path = format!("k8s_openapi::{module}::{name}");
    is_known_external(&path).then_some(Known::Path(path))
}

/// A named string or map of Kubernetes' modules whose Go source is not at
/// hand, as the plain Rust type of its JSON.
pub(crate) fn fallback(pkg: &str, name: &str) -> Option<Known> {
    NAMED_VALUES
        .iter()
        .find(|(p, n, _)| *p == pkg && *n == name)
        .map(|(_, _, rust)| Known::Path((*rust).to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubernetes_types_map_to_k8s_openapi_and_kube() {
        let path = |p: &str, n: &str| match lookup(p, n, false) {
            Some(Known::Path(path)) => path,
            other => panic!("{p}.{n}: {other:?}"),
        };
        assert_eq!(
            path("k8s.io/api/core/v1", "PodTemplateSpec"),
            "k8s_openapi::api::core::v1::PodTemplateSpec"
        );
        assert_eq!(
            path("k8s.io/apimachinery/pkg/apis/meta/v1", "Condition"),
            "k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition"
        );
        assert_eq!(
            path("k8s.io/apimachinery/pkg/api/resource", "Quantity"),
            "k8s_openapi::apimachinery::pkg::api::resource::Quantity"
        );
        assert_eq!(
            path(
                "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1",
                "JSON"
            ),
            "k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSON"
        );
        assert_eq!(
            path("k8s.io/apimachinery/pkg/apis/meta/v1", "Duration"),
            "kube::core::Duration"
        );
        assert_eq!(
            lookup("k8s.io/apimachinery/pkg/apis/meta/v1", "TypeMeta", true),
            Some(Known::TypeMeta)
        );
        assert_eq!(lookup("k8s.io/api/core/v1", "NoSuchType", false), None);
        assert_eq!(lookup("github.com/x/y", "Z", false), None);
        assert_eq!(lookup("k8s.io/api/core/v1", "Protocol", false), None);
        assert_eq!(
            fallback("k8s.io/api/core/v1", "Protocol"),
            Some(Known::Path("String".into()))
        );
    }
}
