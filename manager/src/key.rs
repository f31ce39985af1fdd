//! The work queue's key: which object to reconcile (client-go's
//! `types.NamespacedName`, controller-runtime's `reconcile.Request`).

use std::fmt;

/// Namespace and name of an object (`""` namespace: cluster-scoped).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectKey {
    /// The object's namespace.
    pub namespace: String,
    /// The object's name.
    pub name: String,
}

impl ObjectKey {
    /// The key of the object `name` in `namespace`.
    pub fn new(namespace: impl Into<String>, name: impl Into<String>) -> Self {
        ObjectKey {
            namespace: namespace.into(),
            name: name.into(),
        }
    }
}

impl ObjectKey {
    /// The key of `object`.
    pub fn of<K: kube::Resource>(object: &K) -> Self {
        let meta = object.meta();
        ObjectKey::new(
            meta.namespace.clone().unwrap_or_default(),
            meta.name.clone().unwrap_or_default(),
        )
    }
}

impl fmt::Display for ObjectKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.namespace.is_empty() {
            f.write_str(&self.name)
        } else {
            write!(f, "{}/{}", self.namespace, self.name)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_as_namespace_slash_name() {
        assert_eq!(
            ObjectKey::new("default", "example").to_string(),
            "default/example"
        );
    }
}
