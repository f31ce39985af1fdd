//! The work queue's key: which App to reconcile.

use std::fmt;

/// Namespace and name of an App.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectKey {
    /// The App's namespace.
    pub namespace: String,
    /// The App's name.
    pub name: String,
}

impl ObjectKey {
    /// The key of the App `name` in `namespace`.
    pub fn new(namespace: impl Into<String>, name: impl Into<String>) -> Self {
        ObjectKey {
            namespace: namespace.into(),
            name: name.into(),
        }
    }
}

impl fmt::Display for ObjectKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.namespace, self.name)
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
