//! Capping update managers (`capManagersManager`): past ten, the oldest
//! are merged into `ancient-changes`, one entry per API version.

use std::collections::BTreeMap;

use crate::managed::{ManagedFields, ManagerId, Operation, VersionedSet};

/// Managers from updates kept before the oldest are merged into
/// `ancient-changes` (`DefaultMaxUpdateManagers`).
pub const MAX_UPDATE_MANAGERS: usize = 10;

/// Merges the oldest update managers into `ancient-changes` buckets (one per
/// API version) while there are more than [`MAX_UPDATE_MANAGERS`].
pub(crate) fn cap_update_managers(managed: &mut ManagedFields) {
    let mut updaters: Vec<ManagerId> = managed
        .fields
        .iter()
        .filter(|(_, vs)| !vs.applied)
        .map(|(id, _)| id.clone())
        .collect();
    if updaters.len() <= MAX_UPDATE_MANAGERS {
        return;
    }
    let seconds = |id: &ManagerId| {
        managed
            .times
            .get(id)
            .cloned()
            .flatten()
            .map_or(0, |t| t.0.as_second())
    };
    updaters.sort_by(|a, b| seconds(a).cmp(&seconds(b)).then_with(|| a.cmp(b)));
    let mut first_of_version: BTreeMap<String, ManagerId> = BTreeMap::new();
    let mut length = updaters.len();
    for id in updaters {
        if length <= MAX_UPDATE_MANAGERS {
            break;
        }
        let Some(vs) = managed.fields.get(&id).cloned() else {
            continue;
        };
        let time = managed.times.get(&id).cloned().flatten();
        let bucket = ManagerId {
            manager: "ancient-changes".to_owned(),
            operation: Operation::Update,
            api_version: vs.api_version.clone(),
            subresource: String::new(),
        };
        match first_of_version.get(&vs.api_version) {
            Some(first) => {
                if !managed.fields.contains_key(&bucket)
                    && let Some(s) = managed.fields.remove(first)
                {
                    managed.times.remove(first);
                    managed.fields.insert(bucket.clone(), s);
                }
                let union = vs.set.union(&managed.fields[&bucket].set);
                managed
                    .fields
                    .insert(bucket.clone(), VersionedSet { set: union, ..vs });
                managed.fields.remove(&id);
                managed.times.remove(&id);
                managed.times.insert(bucket, time);
                length -= 1;
            }
            None => {
                first_of_version.insert(vs.api_version.clone(), id);
            }
        }
    }
}
