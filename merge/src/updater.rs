//! Ownership bookkeeping of an update or an apply (`merge/update.go`): who
//! loses fields another manager changed, conflicts, and pruning of fields an
//! applier stopped applying.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::managed::{ManagerId, VersionedSet};
use crate::path::Path;
use crate::schema::Schema;
use crate::set::Set;
use crate::typed::{self, Comparison, TypeError};

/// One field another manager owns that an apply would change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The owner.
    pub manager: ManagerId,
    /// The field.
    pub path: Path,
}

/// The schemas of an object's versions and the fields each version resets
/// (ignores for ownership, such as `status` on the main resource).
pub(crate) struct Updater<'a> {
    pub(crate) schemas: &'a BTreeMap<String, Schema>,
    pub(crate) ignored: &'a BTreeMap<String, Set>,
}

pub(crate) type Managers = BTreeMap<ManagerId, VersionedSet>;

pub(crate) enum UpdateError {
    Conflicts(Vec<Conflict>),
    Type(Vec<TypeError>),
}

impl Updater<'_> {
    fn filter(&self, version: &str, set: Set) -> Set {
        match self.ignored.get(version) {
            Some(ignored) => set.recursive_difference(ignored),
            None => set,
        }
    }

    fn compare(&self, version: &str, old: &Value, new: &Value) -> Option<Comparison> {
        let schema = self.schemas.get(version)?;
        let c = typed::compare(schema, old, new);
        Some(Comparison {
            removed: self.filter(version, c.removed),
            modified: self.filter(version, c.modified),
            added: self.filter(version, c.added),
        })
    }

    /// `update`: the comparison at `version`, other managers' conflicts
    /// (an error unless `force`), and their sets without what changed.
    fn update(
        &self,
        old: &Value,
        new: &Value,
        version: &str,
        managers: &mut Managers,
        workflow: &ManagerId,
        force: bool,
    ) -> Result<Comparison, UpdateError> {
        let compare = self.compare(version, old, new).unwrap_or_default();
        let mut versions: BTreeMap<String, Comparison> = BTreeMap::new();
        let mut conflicts: BTreeMap<ManagerId, Set> = BTreeMap::new();
        let mut removed: BTreeMap<ManagerId, Set> = BTreeMap::new();
        let ids: Vec<ManagerId> = managers.keys().cloned().collect();
        for id in ids {
            if &id == workflow {
                continue;
            }
            let vs = &managers[&id];
            let c = if vs.api_version == version {
                &compare
            } else {
                if !versions.contains_key(&vs.api_version) {
                    match self.compare(&vs.api_version, old, new) {
                        Some(c) => {
                            versions.insert(vs.api_version.clone(), c);
                        }
                        None => {
                            // A version the resource no longer serves.
                            managers.remove(&id);
                            continue;
                        }
                    }
                }
                &versions[&vs.api_version]
            };
            let conflict = vs.set.intersection(&c.modified.union(&c.added));
            if !conflict.is_empty() {
                conflicts.insert(id.clone(), conflict);
            }
            if !c.removed.is_empty() {
                removed.insert(id.clone(), c.removed.clone());
            }
        }
        if !force && !conflicts.is_empty() {
            let list = conflicts
                .iter()
                .flat_map(|(id, set)| {
                    set.paths().into_iter().map(|path| Conflict {
                        manager: id.clone(),
                        path,
                    })
                })
                .collect();
            return Err(UpdateError::Conflicts(list));
        }
        for (id, set) in conflicts.iter().chain(removed.iter()) {
            if let Some(vs) = managers.get_mut(id) {
                vs.set = vs.set.difference(set);
            }
        }
        managers.retain(|_, vs| !vs.set.is_empty());
        Ok(compare)
    }

    /// `Update`: after a create, update or non-apply patch by `manager`, it
    /// owns what it changed and others lose it.
    pub(crate) fn on_update(
        &self,
        live: &Value,
        new: &Value,
        version: &str,
        managers: &mut Managers,
        manager: &ManagerId,
    ) -> Result<(), UpdateError> {
        let compare = self.update(live, new, version, managers, manager, true)?;
        let previous = managers
            .get(manager)
            .map(|vs| vs.set.clone())
            .unwrap_or_default();
        let set = previous
            .difference(&compare.removed)
            .union(&compare.modified)
            .union(&compare.added);
        let set = self.filter(version, set);
        if set.is_empty() {
            managers.remove(manager);
        } else {
            managers.insert(
                manager.clone(),
                VersionedSet {
                    set,
                    api_version: version.to_owned(),
                    applied: false,
                },
            );
        }
        Ok(())
    }

    /// `Apply`: merges `config` into `live`, makes `manager` own exactly what
    /// it applied, prunes what it applied before and no longer applies, and
    /// raises conflicts. `Ok(None)` when the object does not change.
    pub(crate) fn on_apply(
        &self,
        live: &Value,
        config: &Value,
        version: &str,
        managers: &mut Managers,
        manager: &ManagerId,
        force: bool,
    ) -> Result<Option<Value>, UpdateError> {
        let schema = &self.schemas[version];
        let merged = typed::merge(schema, live, config).map_err(UpdateError::Type)?;
        let last = managers.get(manager).cloned();
        let set = self.filter(version, typed::to_field_set(schema, config));
        managers.insert(
            manager.clone(),
            VersionedSet {
                set,
                api_version: version.to_owned(),
                applied: true,
            },
        );
        let new = self.prune(merged, managers, last.as_ref());
        self.update(live, &new, version, managers, manager, force)?;
        if crate::value::equals(live, &new) {
            return Ok(None);
        }
        Ok(Some(new))
    }

    /// Removes a field, list or map item iff the applier applied it last time,
    /// did not apply it this time, and no other manager owns it.
    fn prune(&self, merged: Value, managers: &Managers, last: Option<&VersionedSet>) -> Value {
        let Some(last) = last.filter(|l| !l.set.is_empty()) else {
            return merged;
        };
        let Some(schema) = self.schemas.get(&last.api_version) else {
            return merged;
        };
        let root = schema.root();
        let named = |s: &Set| s.ensure_named_fields_are_members(schema, root);
        let pruned = typed::remove_items(schema, &merged, &named(&last.set), false);
        // Add back what other managers (or this applier's new configuration) own.
        let mut managed_at: BTreeMap<&str, Set> = BTreeMap::new();
        for vs in managers.values() {
            let entry = managed_at.entry(vs.api_version.as_str()).or_default();
            *entry = entry.union(&vs.set);
        }
        let mut pruned = pruned;
        let mut order: Vec<&str> = vec![last.api_version.as_str()];
        order.extend(managed_at.keys().filter(|v| **v != last.api_version));
        for version in order {
            let (Some(managed), Some(schema)) =
                (managed_at.get(version), self.schemas.get(version))
            else {
                continue;
            };
            let named = |s: &Set| s.ensure_named_fields_are_members(schema, schema.root());
            let merged_set = named(&typed::to_field_set(schema, &merged));
            let pruned_set = named(&typed::to_field_set(schema, &pruned));
            let keep = pruned_set.union(&named(managed));
            pruned = typed::remove_items(schema, &merged, &merged_set.difference(&keep), false);
        }
        // Add back dangling items: what was removed but the applier did not own.
        let pruned_set = named(&typed::to_field_set(schema, &pruned));
        let merged_set = named(&typed::to_field_set(schema, &merged));
        let dangling = merged_set
            .difference(&pruned_set)
            .intersection(&named(&last.set));
        typed::remove_items(schema, &merged, &dangling, false)
    }
}
