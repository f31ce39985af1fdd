//! Who controls an object: the controller owner reference (`controller: true`)
//! is the only thing that makes a Deployment or Service "ours". Names and
//! labels can be copied by anyone; the App's uid cannot.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, OwnerReference};

use crate::api;

/// The owner reference marked `controller: true`, if any (there is at most one).
pub fn controller_of(meta: &ObjectMeta) -> Option<&OwnerReference> {
    meta.owner_references
        .as_deref()?
        .iter()
        .find(|r| r.controller == Some(true))
}

/// Whether the App with uid `app_uid` controls the object.
pub fn is_controlled_by(meta: &ObjectMeta, app_uid: &str) -> bool {
    controller_of(meta).is_some_and(|r| r.uid == app_uid)
}

/// The name of the App that controls the object, if an App does; its
/// namespace is the object's. Used to requeue the App when a child changes.
pub fn controlling_app(meta: &ObjectMeta) -> Option<&str> {
    controller_of(meta)
        .filter(|r| api::is_app_kind(&r.api_version, &r.kind))
        .map(|r| r.name.as_str())
}

/// A human description of who controls an object, for events and conditions.
pub fn describe_controller(meta: &ObjectMeta) -> String {
    match controller_of(meta) {
        Some(r) => format!("{} {:?}", r.kind, r.name),
        None => "no controller".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner(
        kind: &str,
        api_version: &str,
        name: &str,
        uid: &str,
        controller: bool,
    ) -> OwnerReference {
        OwnerReference {
            api_version: api_version.into(),
            kind: kind.into(),
            name: name.into(),
            uid: uid.into(),
            controller: Some(controller),
            block_owner_deletion: None,
        }
    }

    fn meta(refs: Vec<OwnerReference>) -> ObjectMeta {
        ObjectMeta {
            owner_references: Some(refs),
            ..ObjectMeta::default()
        }
    }

    #[test]
    fn only_the_controller_reference_counts() {
        let m = meta(vec![
            owner("App", "myapp.k8s.io/v1", "a", "u1", false),
            owner("App", "myapp.k8s.io/v1", "b", "u2", true),
        ]);
        assert!(!is_controlled_by(&m, "u1"));
        assert!(is_controlled_by(&m, "u2"));
        assert_eq!(controlling_app(&m), Some("b"));
        assert_eq!(describe_controller(&m), "App \"b\"");
    }

    #[test]
    fn other_kinds_and_groups_are_not_apps() {
        let m = meta(vec![owner("App", "other.io/v1", "a", "u1", true)]);
        assert_eq!(controlling_app(&m), None);
        let m = meta(vec![owner("Foo", "myapp.k8s.io/v1", "a", "u1", true)]);
        assert_eq!(controlling_app(&m), None);
        let m = meta(vec![owner("App", "myapp.k8s.io/v1beta1", "a", "u1", true)]);
        assert_eq!(controlling_app(&m), Some("a"));
    }

    #[test]
    fn no_owner_references() {
        let m = ObjectMeta::default();
        assert!(controller_of(&m).is_none());
        assert!(!is_controlled_by(&m, "u1"));
        assert_eq!(describe_controller(&m), "no controller");
    }
}
