//! Kinds whose versions differ: a Go project converts them with a webhook,
//! which kubebuilder wires up with a kustomize patch of the CRD
//! (`config/crd/patches/webhook_in_<plural>.yaml`: the `webhook-service` in
//! `system`, path `/convert`) that controller-gen never sees. kube-codegen
//! declares the same with markers on the storage version, which the import
//! adds there, under a comment saying so; the Rust conversions themselves are
//! the user's to write (`kube-codegen generate` names the impls).

use std::collections::BTreeSet;

use super::rust_model::VersionOut;

/// The lines added above the storage version of each kind in `kinds`.
pub(crate) const MARKERS: [&str; 3] = [
    "// Added by kube-codegen import: the versions differ, and the Go project converts them by webhook.",
    "// +kubebuilder:conversion:strategy=Webhook",
    "// +kubebuilder:conversion:webhook:service=system/webhook-service,path=/convert",
];

/// Adds [`MARKERS`] to the kinds of `kinds` whose storage version `v` is.
pub(crate) fn declare(v: &mut VersionOut, kinds: &BTreeSet<String>) {
    for item in v.files.iter_mut().flat_map(|f| f.items.iter_mut()) {
        let storage = item
            .comments
            .iter()
            .any(|l| l.trim_start_matches('/').trim() == "+kubebuilder:storageversion");
        let declared = item
            .comments
            .iter()
            .any(|l| l.contains("+kubebuilder:conversion:strategy"));
        if storage && !declared && kinds.contains(item.name()) {
            item.comments
                .extend(MARKERS.iter().map(|m| (*m).to_owned()));
        }
    }
}
