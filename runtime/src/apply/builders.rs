//! The `metadata` builders of every kind's apply configuration (client-go's
//! `WithName`, `WithLabels`, ...), written once here: a generated
//! configuration only says where its `metadata` is.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference;

use super::ObjectMetaApply;

/// `with_name`, `with_labels`, ... on a kind's apply configuration, each
/// setting that part of its `metadata` (created when unset). Generated crates
/// implement it for every `<Kind>Apply`; their `prelude` brings it in scope.
///
/// ```
/// use kube_codegen_runtime::apply::{MetadataBuilders, ObjectMetaApply};
///
/// #[derive(Default)]
/// struct WidgetApply {
///     metadata: Option<ObjectMetaApply>,
/// }
///
/// impl MetadataBuilders for WidgetApply {
///     fn metadata_mut(&mut self) -> &mut ObjectMetaApply {
///         self.metadata.get_or_insert_with(Default::default)
///     }
/// }
///
/// let widget = WidgetApply::default()
///     .with_name("blue")
///     .with_labels([("team", "a")])
///     .with_finalizers(["example.com/cleanup"]);
/// let meta = widget.metadata.unwrap();
/// assert_eq!(meta.name.as_deref(), Some("blue"));
/// assert_eq!(meta.labels.unwrap()["team"], "a");
/// assert_eq!(meta.finalizers.unwrap(), ["example.com/cleanup"]);
/// ```
pub trait MetadataBuilders: Sized {
    /// The configuration's `metadata`, created empty when unset.
    fn metadata_mut(&mut self) -> &mut ObjectMetaApply;

    /// Sets `metadata.name`.
    #[must_use]
    fn with_name(self, value: impl Into<String>) -> Self {
        edit(self, |m| m.with_name(value))
    }

    /// Sets `metadata.generateName`.
    #[must_use]
    fn with_generate_name(self, value: impl Into<String>) -> Self {
        edit(self, |m| m.with_generate_name(value))
    }

    /// Inserts `entries` into `metadata.labels`, replacing the value of a key
    /// set before.
    #[must_use]
    fn with_labels<K: Into<String>, V: Into<String>>(
        self,
        entries: impl IntoIterator<Item = (K, V)>,
    ) -> Self {
        edit(self, |m| m.with_labels(entries))
    }

    /// Inserts `entries` into `metadata.annotations`, replacing the value of a
    /// key set before.
    #[must_use]
    fn with_annotations<K: Into<String>, V: Into<String>>(
        self,
        entries: impl IntoIterator<Item = (K, V)>,
    ) -> Self {
        edit(self, |m| m.with_annotations(entries))
    }

    /// Appends `values` to `metadata.ownerReferences`.
    #[must_use]
    fn with_owner_references(self, values: impl IntoIterator<Item = OwnerReference>) -> Self {
        edit(self, |m| m.with_owner_references(values))
    }

    /// Appends `values` to `metadata.finalizers`.
    #[must_use]
    fn with_finalizers<S: Into<String>>(self, values: impl IntoIterator<Item = S>) -> Self {
        edit(self, |m| m.with_finalizers(values))
    }
}

/// `with_namespace`, on the apply configurations of namespaced kinds only.
pub trait NamespaceBuilder: MetadataBuilders {
    /// Sets `metadata.namespace`.
    #[must_use]
    fn with_namespace(self, value: impl Into<String>) -> Self {
        edit(self, |m| m.with_namespace(value))
    }
}

fn edit<A: MetadataBuilders>(
    mut config: A,
    change: impl FnOnce(ObjectMetaApply) -> ObjectMetaApply,
) -> A {
    let meta = config.metadata_mut();
    *meta = change(std::mem::take(meta));
    config
}
