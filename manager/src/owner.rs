//! Who controls an object: the controller owner reference (`controller:
//! true`) is the only thing that makes a child "ours" (controllerutil's
//! `SetControllerReference` and `metav1.IsControlledBy`). Names and labels can
//! be copied by anyone; the owner's uid cannot.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, OwnerReference};
use kube::Resource;

/// Why a controller reference could not be set.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OwnerError {
    /// The owner has no uid yet (it was never stored by the API server).
    #[error("{kind} {name:?} has no uid: only an object read from the API server can own another")]
    NoUid {
        /// The owner's kind.
        kind: String,
        /// The owner's name.
        name: String,
    },
    /// Another object already controls the child.
    #[error("the object is already controlled by {controller}")]
    AlreadyControlled {
        /// `Kind "name"` of the current controller.
        controller: String,
    },
    /// A namespaced child cannot be owned by an object of another namespace.
    #[error(
        "cross-namespace owner references are disallowed: owner in {owner:?}, object in {object:?}"
    )]
    CrossNamespace {
        /// The owner's namespace.
        owner: String,
        /// The child's namespace.
        object: String,
    },
}

/// The owner reference marked `controller: true`, if any (there is at most one).
pub fn controller_of(meta: &ObjectMeta) -> Option<&OwnerReference> {
    meta.owner_references
        .as_deref()?
        .iter()
        .find(|r| r.controller == Some(true))
}

/// Whether the object whose uid is `owner_uid` controls `meta`'s object.
pub fn is_controlled_by(meta: &ObjectMeta, owner_uid: &str) -> bool {
    controller_of(meta).is_some_and(|r| r.uid == owner_uid)
}

/// The name of the object of kind `K` (any version of its group) that
/// controls `meta`'s object, if one does; its namespace is the object's.
pub fn controller_name<K: Resource<DynamicType = ()>>(meta: &ObjectMeta) -> Option<&str> {
    controller_of(meta)
        .filter(|r| is_kind::<K>(&r.api_version, &r.kind))
        .map(|r| r.name.as_str())
}

/// Whether an `apiVersion`/`kind` pair names `K`, in any version of its group
/// (an owner reference written through an older version still counts).
pub fn is_kind<K: Resource<DynamicType = ()>>(api_version: &str, kind: &str) -> bool {
    let group = api_version.rsplit_once('/').map_or("", |(group, _)| group);
    group == K::group(&()) && kind == K::kind(&())
}

/// A human description of who controls an object, for events and conditions.
pub fn describe_controller(meta: &ObjectMeta) -> String {
    match controller_of(meta) {
        Some(r) => format!("{} {:?}", r.kind, r.name),
        None => "no controller".to_owned(),
    }
}

/// The controller owner reference to `owner`, with `blockOwnerDeletion` (so a
/// foreground deletion of the owner waits for the child).
pub fn controller_reference<K: Resource<DynamicType = ()>>(
    owner: &K,
) -> Result<OwnerReference, OwnerError> {
    let meta = owner.meta();
    let name = meta.name.clone().unwrap_or_default();
    let uid = meta.uid.clone().ok_or_else(|| OwnerError::NoUid {
        kind: K::kind(&()).into_owned(),
        name: name.clone(),
    })?;
    Ok(OwnerReference {
        api_version: K::api_version(&()).into_owned(),
        kind: K::kind(&()).into_owned(),
        name,
        uid,
        controller: Some(true),
        block_owner_deletion: Some(true),
    })
}

/// controllerutil's `SetControllerReference`: makes `owner` the controller of
/// `object` (replacing a reference to the same owner, keeping the others);
/// an error if another object controls it already or the namespaces differ.
pub fn set_controller_reference<O, K>(owner: &O, object: &mut K) -> Result<(), OwnerError>
where
    O: Resource<DynamicType = ()>,
    K: Resource,
{
    let reference = controller_reference(owner)?;
    if let Some(owner_ns) = owner.meta().namespace.as_deref()
        && let Some(object_ns) = object.meta().namespace.as_deref()
        && owner_ns != object_ns
    {
        return Err(OwnerError::CrossNamespace {
            owner: owner_ns.to_owned(),
            object: object_ns.to_owned(),
        });
    }
    let meta = object.meta_mut();
    if let Some(current) = controller_of(meta)
        && current.uid != reference.uid
    {
        return Err(OwnerError::AlreadyControlled {
            controller: describe_controller(meta),
        });
    }
    let references = meta.owner_references.get_or_insert_with(Vec::new);
    references.retain(|r| r.uid != reference.uid);
    references.push(reference);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::apps::v1::{Deployment, ReplicaSet};

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

    fn deployment(name: &str, uid: Option<&str>) -> Deployment {
        let mut d = Deployment::default();
        d.metadata.name = Some(name.into());
        d.metadata.namespace = Some("shop".into());
        d.metadata.uid = uid.map(Into::into);
        d
    }

    #[test]
    fn only_the_controller_reference_counts() {
        let m = meta(vec![
            owner("Deployment", "apps/v1", "a", "u1", false),
            owner("Deployment", "apps/v1", "b", "u2", true),
        ]);
        assert!(!is_controlled_by(&m, "u1"));
        assert!(is_controlled_by(&m, "u2"));
        assert_eq!(controller_name::<Deployment>(&m), Some("b"));
        assert_eq!(describe_controller(&m), "Deployment \"b\"");
    }

    #[test]
    fn other_kinds_and_groups_do_not_count_other_versions_do() {
        let m = meta(vec![owner("Deployment", "other.io/v1", "a", "u1", true)]);
        assert_eq!(controller_name::<Deployment>(&m), None);
        let m = meta(vec![owner("ReplicaSet", "apps/v1", "a", "u1", true)]);
        assert_eq!(controller_name::<Deployment>(&m), None);
        assert_eq!(controller_name::<ReplicaSet>(&m), Some("a"));
        let m = meta(vec![owner("Deployment", "apps/v1beta1", "a", "u1", true)]);
        assert_eq!(controller_name::<Deployment>(&m), Some("a"));
    }

    #[test]
    fn no_owner_references() {
        let m = ObjectMeta::default();
        assert!(controller_of(&m).is_none());
        assert!(!is_controlled_by(&m, "u1"));
        assert_eq!(describe_controller(&m), "no controller");
    }

    #[test]
    fn set_controller_reference_as_controllerutil_does() {
        let web = deployment("web", Some("u-web"));
        let mut child = ReplicaSet::default();
        child.metadata.namespace = Some("shop".into());
        child.metadata.owner_references = Some(vec![owner("Thing", "x.io/v1", "t", "u-t", false)]);
        set_controller_reference(&web, &mut child).unwrap();
        // Twice is the same as once; other owners are kept.
        set_controller_reference(&web, &mut child).unwrap();
        let refs = child.metadata.owner_references.clone().unwrap();
        assert_eq!(refs.len(), 2);
        assert_eq!(refs[1].api_version, "apps/v1");
        assert_eq!(refs[1].block_owner_deletion, Some(true));
        assert!(is_controlled_by(&child.metadata, "u-web"));

        let other = deployment("other", Some("u-other"));
        assert_eq!(
            set_controller_reference(&other, &mut child)
                .unwrap_err()
                .to_string(),
            "the object is already controlled by Deployment \"web\""
        );
        assert_eq!(
            set_controller_reference(&deployment("new", None), &mut ReplicaSet::default())
                .unwrap_err()
                .to_string(),
            "Deployment \"new\" has no uid: only an object read from the API server can own another"
        );
        let mut elsewhere = ReplicaSet::default();
        elsewhere.metadata.namespace = Some("billing".into());
        assert!(matches!(
            set_controller_reference(&web, &mut elsewhere),
            Err(OwnerError::CrossNamespace { .. })
        ));
    }
}
