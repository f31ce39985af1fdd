//! The apply configuration of `metadata`: the fields of `ObjectMeta` a field
//! manager may own (client-go's `ObjectMetaApplyConfiguration`).

use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference;
use serde::{Deserialize, Serialize};

/// The `metadata` of an apply configuration: every field optional, only what
/// was set is sent. `uid`, `resourceVersion`, `managedFields` and the other
/// fields the server writes are not part of an apply.
///
/// ```
/// use kube_codegen_runtime::apply::ObjectMetaApply;
///
/// let meta = ObjectMetaApply::default()
///     .with_name("web")
///     .with_labels([("app", "web")])
///     .with_finalizers(["example.com/cleanup"]);
/// assert_eq!(
///     serde_json::to_value(&meta).unwrap(),
///     serde_json::json!({
///         "name": "web",
///         "labels": {"app": "web"},
///         "finalizers": ["example.com/cleanup"],
///     }),
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMetaApply {
    /// The object's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A prefix the server completes into a unique name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generate_name: Option<String>,
    /// The object's namespace (namespaced kinds only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// The labels this manager owns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<BTreeMap<String, String>>,
    /// The annotations this manager owns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotations: Option<BTreeMap<String, String>>,
    /// The owner references this manager owns (a list keyed by `uid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner_references: Option<Vec<OwnerReference>>,
    /// The finalizers this manager owns (a set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finalizers: Option<Vec<String>>,
}

impl ObjectMetaApply {
    /// Sets `name`.
    #[must_use]
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Sets `generateName`.
    #[must_use]
    pub fn with_generate_name(mut self, prefix: impl Into<String>) -> Self {
        self.generate_name = Some(prefix.into());
        self
    }

    /// Sets `namespace`.
    #[must_use]
    pub fn with_namespace(mut self, namespace: impl Into<String>) -> Self {
        self.namespace = Some(namespace.into());
        self
    }

    /// Adds labels, replacing the value of a key set before.
    #[must_use]
    pub fn with_labels<K: Into<String>, V: Into<String>>(
        mut self,
        labels: impl IntoIterator<Item = (K, V)>,
    ) -> Self {
        insert(&mut self.labels, labels);
        self
    }

    /// Adds annotations, replacing the value of a key set before.
    #[must_use]
    pub fn with_annotations<K: Into<String>, V: Into<String>>(
        mut self,
        annotations: impl IntoIterator<Item = (K, V)>,
    ) -> Self {
        insert(&mut self.annotations, annotations);
        self
    }

    /// Appends owner references.
    #[must_use]
    pub fn with_owner_references(
        mut self,
        references: impl IntoIterator<Item = OwnerReference>,
    ) -> Self {
        self.owner_references
            .get_or_insert_with(Vec::new)
            .extend(references);
        self
    }

    /// Appends finalizers.
    #[must_use]
    pub fn with_finalizers<S: Into<String>>(
        mut self,
        finalizers: impl IntoIterator<Item = S>,
    ) -> Self {
        self.finalizers
            .get_or_insert_with(Vec::new)
            .extend(finalizers.into_iter().map(Into::into));
        self
    }
}

fn insert<K: Into<String>, V: Into<String>>(
    map: &mut Option<BTreeMap<String, String>>,
    entries: impl IntoIterator<Item = (K, V)>,
) {
    map.get_or_insert_with(BTreeMap::new)
        .extend(entries.into_iter().map(|(k, v)| (k.into(), v.into())));
}
