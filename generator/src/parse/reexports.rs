//! The public paths that reach a type through another crate or module than the
//! one that defines it, so that a field type resolves to the defining type
//! whichever way it was imported: `k8s_openapi::jiff::Timestamp` is
//! `jiff::Timestamp`, `kube::api::ObjectMeta` and `kube::core::ObjectMeta` are
//! k8s-openapi's `ObjectMeta`, `kube::core::Duration` is kube-core's
//! `duration::Duration`.
//!
//! The table holds the `pub use` items of the crates whose types API files
//! name, read from the sources of the releases the workspace pins (k8s-openapi
//! 0.29, kube 5): a crate re-exported as a module (`kube::core` is
//! `kube_core`), a module re-exported elsewhere, or a single item. A path is
//! rewritten by the longest entry it starts with until none applies, so chains
//! (`kube::api::ObjectMeta` → `kube_client::api::ObjectMeta` →
//! `kube_core::metadata::ObjectMeta` → k8s-openapi's) need no entry of their own.

/// `(public path, the path it re-exports)`.
const REEXPORTS: &[(&str, &str)] = &[
    // k8s-openapi 0.29 (`lib.rs`): the crates its types are written with.
    ("k8s_openapi::jiff", "jiff"),
    ("k8s_openapi::serde_json", "serde_json"),
    ("k8s_openapi::serde", "serde"),
    ("k8s_openapi::schemars", "schemars"),
    // kube 5 (`lib.rs`): its member crates.
    ("kube::core", "kube_core"),
    ("kube::api", "kube_client::api"),
    ("kube::client", "kube_client::client"),
    ("kube::runtime", "kube_runtime"),
    ("kube_client::core", "kube_core"),
    // kube-client 5 (`api/mod.rs`): kube-core's types and the scale subresource's.
    (
        "kube_client::api::ObjectMeta",
        "kube_core::metadata::ObjectMeta",
    ),
    (
        "kube_client::api::ListMeta",
        "kube_core::metadata::ListMeta",
    ),
    (
        "kube_client::api::TypeMeta",
        "kube_core::metadata::TypeMeta",
    ),
    (
        "kube_client::api::PartialObjectMeta",
        "kube_core::metadata::PartialObjectMeta",
    ),
    (
        "kube_client::api::GroupVersionKind",
        "kube_core::gvk::GroupVersionKind",
    ),
    (
        "kube_client::api::GroupVersionResource",
        "kube_core::gvk::GroupVersionResource",
    ),
    (
        "kube_client::api::ApiResource",
        "kube_core::discovery::ApiResource",
    ),
    (
        "kube_client::api::DynamicObject",
        "kube_core::dynamic::DynamicObject",
    ),
    ("kube_client::api::Object", "kube_core::object::Object"),
    (
        "kube_client::api::ObjectList",
        "kube_core::object::ObjectList",
    ),
    ("kube_client::api::NotUsed", "kube_core::object::NotUsed"),
    (
        "kube_client::api::ScaleSpec",
        "kube_core::subresource::ScaleSpec",
    ),
    (
        "kube_client::api::ScaleStatus",
        "kube_core::subresource::ScaleStatus",
    ),
    // kube-core 5 (`lib.rs`): its modules' types at its root.
    ("kube_core::Duration", "kube_core::duration::Duration"),
    ("kube_core::ObjectMeta", "kube_core::metadata::ObjectMeta"),
    ("kube_core::ListMeta", "kube_core::metadata::ListMeta"),
    ("kube_core::TypeMeta", "kube_core::metadata::TypeMeta"),
    (
        "kube_core::PartialObjectMeta",
        "kube_core::metadata::PartialObjectMeta",
    ),
    ("kube_core::GroupVersion", "kube_core::gvk::GroupVersion"),
    (
        "kube_core::GroupVersionKind",
        "kube_core::gvk::GroupVersionKind",
    ),
    (
        "kube_core::GroupVersionResource",
        "kube_core::gvk::GroupVersionResource",
    ),
    (
        "kube_core::ApiResource",
        "kube_core::discovery::ApiResource",
    ),
    (
        "kube_core::dynamic::ApiResource",
        "kube_core::discovery::ApiResource",
    ),
    (
        "kube_core::DynamicObject",
        "kube_core::dynamic::DynamicObject",
    ),
    ("kube_core::Object", "kube_core::object::Object"),
    ("kube_core::ObjectList", "kube_core::object::ObjectList"),
    ("kube_core::NotUsed", "kube_core::object::NotUsed"),
    ("kube_core::Selector", "kube_core::labels::Selector"),
    ("kube_core::Expression", "kube_core::labels::Expression"),
    ("kube_core::Status", "kube_core::response::Status"),
    // kube-core 5: k8s-openapi's types under kube-core's modules.
    (
        "kube_core::metadata::ObjectMeta",
        "k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta",
    ),
    (
        "kube_core::metadata::ListMeta",
        "k8s_openapi::apimachinery::pkg::apis::meta::v1::ListMeta",
    ),
    (
        "kube_core::subresource::Scale",
        "k8s_openapi::api::autoscaling::v1::Scale",
    ),
    (
        "kube_core::subresource::ScaleSpec",
        "k8s_openapi::api::autoscaling::v1::ScaleSpec",
    ),
    (
        "kube_core::subresource::ScaleStatus",
        "k8s_openapi::api::autoscaling::v1::ScaleStatus",
    ),
    // chrono 0.4 (`lib.rs`): its modules' types at its root.
    ("chrono::offset::Utc", "chrono::Utc"),
    ("chrono::prelude", "chrono"),
];

/// The path of the type `path` (segments, without a leading `::`) names,
/// through every re-export on the way.
pub(crate) fn canonical(path: &[String]) -> Vec<String> {
    let mut current = path.to_vec();
    // Each step replaces a prefix by a path of another crate or module; the
    // table has no cycles, and the bound keeps a mistake in it from looping.
    for _ in 0..REEXPORTS.len() {
        let Some((from, to)) = longest_prefix(&current) else {
            break;
        };
        let skip = from.split("::").count();
        let mut next: Vec<String> = to.split("::").map(str::to_owned).collect();
        next.extend(current.drain(..).skip(skip));
        current = next;
    }
    current
}

/// The longest table entry whose public path `path` starts with.
fn longest_prefix(path: &[String]) -> Option<(&'static str, &'static str)> {
    REEXPORTS
        .iter()
        .filter(|(from, _)| {
            let mut segments = from.split("::");
            let matches = segments.by_ref().zip(path).all(|(a, b)| a == b.as_str());
            matches && from.split("::").count() <= path.len()
        })
        .max_by_key(|(from, _)| from.len())
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(path: &str) -> String {
        let segments: Vec<String> = path.split("::").map(str::to_owned).collect();
        canonical(&segments).join("::")
    }

    #[test]
    fn chains_of_reexports_reach_the_defining_type() {
        let meta = "k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta";
        for path in [
            "kube::api::ObjectMeta",
            "kube::core::ObjectMeta",
            "kube::core::metadata::ObjectMeta",
            "kube_core::ObjectMeta",
            "kube_client::api::ObjectMeta",
            "kube_client::core::ObjectMeta",
            meta,
        ] {
            assert_eq!(canon(path), meta, "{path}");
        }
        assert_eq!(canon("k8s_openapi::jiff::Timestamp"), "jiff::Timestamp");
        assert_eq!(
            canon("kube::core::Duration"),
            "kube_core::duration::Duration"
        );
        assert_eq!(
            canon("kube::api::ScaleSpec"),
            "k8s_openapi::api::autoscaling::v1::ScaleSpec"
        );
        assert_eq!(canon("k8s_openapi::serde_json::Value"), "serde_json::Value");
        assert_eq!(canon("chrono::prelude::Utc"), "chrono::Utc");
    }

    #[test]
    fn paths_without_reexports_stay() {
        for path in [
            "jiff::Timestamp",
            "k8s_openapi::api::core::v1::PodSpec",
            "kube_core::duration::Duration",
            "kube",
            "my_crate::Thing",
        ] {
            assert_eq!(canon(path), path);
        }
        // A prefix must match whole segments.
        assert_eq!(canon("kube::corex::Duration"), "kube::corex::Duration");
    }

    #[test]
    fn the_table_has_no_cycles() {
        for (from, _) in REEXPORTS {
            let segments: Vec<String> = from.split("::").map(str::to_owned).collect();
            let resolved = canonical(&segments);
            assert!(
                longest_prefix(&resolved).is_none(),
                "{from} does not settle: {resolved:?}"
            );
        }
    }
}
