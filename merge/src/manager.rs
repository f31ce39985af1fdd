//! The field manager of one resource: what the API server does to
//! `metadata.managedFields` on create, update, patch and apply
//! (`managedfields/internal`'s chain of managers), and its errors.

use std::collections::BTreeMap;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ManagedFieldsEntry, Time};
use serde_json::Value;

use crate::cap::cap_update_managers;
use crate::error::{Error, conflict_message};
use crate::managed::{ManagedFields, ManagerId, Operation, VersionedSet};
use crate::path::{Path, PathElement};
use crate::schema::Schema;
use crate::set::Set;
use crate::typed::{self, format_errors};
use crate::updater::{UpdateError, Updater};

/// The manager that owns what an object held before its first apply.
pub const BEFORE_FIRST_APPLY: &str = "before-first-apply";

/// Where a request is sent: the resource itself or a subresource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subresource {
    /// The main resource.
    Main,
    /// `/status`.
    Status,
}

impl Subresource {
    fn name(self) -> &'static str {
        match self {
            Subresource::Main => "",
            Subresource::Status => "status",
        }
    }
}

/// Fields never tracked in managed fields (`stripMetaManager`).
fn strip_set() -> Set {
    let mut s = Set::new();
    for p in [
        &["apiVersion"][..],
        &["kind"],
        &["metadata"],
        &["metadata", "name"],
        &["metadata", "namespace"],
        &["metadata", "creationTimestamp"],
        &["metadata", "selfLink"],
        &["metadata", "uid"],
        &["metadata", "clusterName"],
        &["metadata", "generation"],
        &["metadata", "managedFields"],
        &["metadata", "resourceVersion"],
    ] {
        s.insert(&Path::fields(p).0);
    }
    s
}

/// The field managers of one custom resource: compiled schemas of its
/// versions and the fields each endpoint resets.
///
/// ```
/// use kube_codegen_merge::{FieldManager, Subresource};
/// use serde_json::json;
///
/// let crd = serde_json::from_value(json!({
///   "metadata": {"name": "widgets.example.com"},
///   "spec": {"group": "example.com", "scope": "Namespaced",
///     "names": {"kind": "Widget", "plural": "widgets"},
///     "versions": [{"name": "v1", "served": true, "storage": true,
///       "subresources": {"status": {}},
///       "schema": {"openAPIV3Schema": {"type": "object", "properties": {
///         "spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}},
///         "status": {"type": "object"}}}}}]}
/// })).unwrap();
/// let fm = FieldManager::for_crd(&crd);
/// let now = k8s_openapi::apimachinery::pkg::apis::meta::v1::Time(Default::default());
/// let applied = json!({"apiVersion": "example.com/v1", "kind": "Widget",
///     "metadata": {"name": "w"}, "spec": {"replicas": 2}});
/// let created = fm
///     .apply(Subresource::Main, &json!({}), &applied, "ctl", false, &now)
///     .unwrap();
/// assert_eq!(created["metadata"]["managedFields"][0]["manager"], "ctl");
/// // Another manager changing the field conflicts.
/// let other = json!({"apiVersion": "example.com/v1", "kind": "Widget",
///     "metadata": {"name": "w"}, "spec": {"replicas": 3}});
/// let err = fm.apply(Subresource::Main, &created, &other, "other", false, &now).unwrap_err();
/// assert_eq!(err.code(), 409);
/// assert_eq!(err.to_string(), r#"Apply failed with 1 conflict: conflict with "ctl": .spec.replicas"#);
/// ```
#[derive(Clone, Debug)]
pub struct FieldManager {
    group: String,
    kind: String,
    schemas: BTreeMap<String, Schema>,
    /// Reset fields by subresource, then API version.
    reset: [BTreeMap<String, Set>; 2],
}

impl FieldManager {
    /// Compiles the schemas of every version of `crd`; with a status
    /// subresource the main resource ignores `status` and `/status` ignores
    /// `spec`, as the API server's strategies reset them.
    pub fn for_crd(crd: &CustomResourceDefinition) -> FieldManager {
        let group = crd.spec.group.clone();
        let mut schemas = BTreeMap::new();
        let mut reset: [BTreeMap<String, Set>; 2] = Default::default();
        for v in &crd.spec.versions {
            let api_version = format!("{group}/{}", v.name);
            let schema = v
                .schema
                .as_ref()
                .and_then(|s| s.open_api_v3_schema.as_ref())
                .map_or_else(Schema::deduced, Schema::from_crd_schema);
            schemas.insert(api_version.clone(), schema);
            if v.subresources.as_ref().is_some_and(|s| s.status.is_some()) {
                let field = |name: &str| {
                    let mut s = Set::new();
                    s.insert(&[PathElement::Field(name.to_owned())]);
                    s
                };
                reset[0].insert(api_version.clone(), field("status"));
                reset[1].insert(api_version, field("spec"));
            }
        }
        FieldManager {
            group,
            kind: crd.spec.names.kind.clone(),
            schemas,
            reset,
        }
    }

    fn updater(&self, sub: Subresource) -> Updater<'_> {
        Updater {
            schemas: &self.schemas,
            ignored: &self.reset[match sub {
                Subresource::Main => 0,
                Subresource::Status => 1,
            }],
        }
    }

    fn version_of<'a>(&self, obj: &'a Value) -> &'a str {
        obj.get("apiVersion").and_then(Value::as_str).unwrap_or("")
    }

    fn id(&self, manager: &str, op: Operation, api_version: &str, sub: Subresource) -> ManagerId {
        ManagerId {
            manager: if manager.is_empty() {
                "unknown".to_owned()
            } else {
                manager.to_owned()
            },
            operation: op,
            api_version: if op == Operation::Update {
                api_version.to_owned()
            } else {
                String::new()
            },
            subresource: sub.name().to_owned(),
        }
    }

    /// Sets `new`'s `metadata.managedFields` after a create (`live` is
    /// `null` or `{}`), update or non-apply patch by `manager`: what it
    /// changed becomes its own. Managed fields the request sets itself are
    /// kept (an empty list resets them), as on the API server. Like the API
    /// server, an object that does not fit the schema gets no managed fields
    /// rather than an error.
    pub fn update(
        &self,
        sub: Subresource,
        live: &Value,
        new: &mut Value,
        manager: &str,
        now: &Time,
    ) {
        let managed = self.live_or_new(sub, live, new);
        set_managed_fields(new, None);
        let creating = live
            .pointer("/metadata/uid")
            .and_then(Value::as_str)
            .unwrap_or("")
            .is_empty();
        // Objects updated before any tracking stay untracked until applied.
        if managed.fields.is_empty() && !creating {
            return;
        }
        match self.track_update(sub, live, new, managed, manager, now) {
            Some(managed) => set_managed_fields(new, Some(managed.encode())),
            None => set_managed_fields(new, None),
        }
    }

    fn live_or_new(&self, sub: Subresource, live: &Value, new: &Value) -> ManagedFields {
        let decode = |obj: &Value| -> Result<ManagedFields, ()> {
            let entries: Vec<ManagedFieldsEntry> = match obj.pointer("/metadata/managedFields") {
                None | Some(Value::Null) => vec![],
                Some(v) => serde_json::from_value(v.clone()).map_err(|_| ())?,
            };
            ManagedFields::decode(&entries).map_err(|_| ())
        };
        if sub == Subresource::Main {
            if let Some(Value::Array(entries)) = new.pointer("/metadata/managedFields") {
                let reset = entries.is_empty()
                    || (entries.len() == 1 && entries[0].as_object().is_some_and(|m| m.is_empty()));
                if reset {
                    return ManagedFields::default();
                }
            }
            if let Ok(m) = decode(new)
                && !m.fields.is_empty()
            {
                return m;
            }
        }
        decode(live).unwrap_or_default()
    }

    /// The update chain: the change is owned by a provisional manager, then
    /// merged into `manager`'s entry with a new time; meta fields stripped;
    /// update managers capped.
    fn track_update(
        &self,
        sub: Subresource,
        live: &Value,
        new: &Value,
        mut managed: ManagedFields,
        manager: &str,
        now: &Time,
    ) -> Option<ManagedFields> {
        let version = self.version_of(new).to_owned();
        let schema = self.schemas.get(&version)?;
        let empty = Value::Object(Default::default());
        let live = if live.is_null() { &empty } else { live };
        if !typed::validate(schema, new, true).is_empty()
            || !typed::validate(schema, live, true).is_empty()
        {
            return None;
        }
        let id = self.id(manager, Operation::Update, &version, sub);
        let current = self.id("current-operation", Operation::Update, &version, sub);
        let mut fields = std::mem::take(&mut managed.fields);
        self.updater(sub)
            .on_update(live, new, &version, &mut fields, &current)
            .ok()?;
        strip(&mut fields, &current);
        if let Some(vs) = fields.remove(&current) {
            let set = match fields.get(&id) {
                Some(previous) => vs.set.union(&previous.set),
                None => vs.set,
            };
            fields.insert(id.clone(), VersionedSet { set, ..vs });
            managed.times.insert(id, Some(now.clone()));
        }
        managed.fields = fields;
        managed
            .times
            .retain(|id, _| managed.fields.contains_key(id));
        cap_update_managers(&mut managed);
        Some(managed)
    }

    /// Server-side apply of `applied` by `manager` to `live` (`{}` or
    /// `null` when the object does not exist yet). Returns the new object
    /// with its managed fields; when the apply changes no field, that is the
    /// live object, whose managed fields may still change (a second manager
    /// applying the same value shares the field). The caller then defaults,
    /// validates and stores the object as for an update.
    pub fn apply(
        &self,
        sub: Subresource,
        live: &Value,
        applied: &Value,
        manager: &str,
        force: bool,
        now: &Time,
    ) -> Result<Value, Error> {
        let empty = Value::Object(Default::default());
        let live_in = if live.is_null() { &empty } else { live };
        let entries: Vec<ManagedFieldsEntry> = match live_in.pointer("/metadata/managedFields") {
            None | Some(Value::Null) => vec![],
            Some(v) => serde_json::from_value(v.clone())
                .map_err(|e| Error::Internal(format!("failed to decode managed fields: {e}")))?,
        };
        let mut managed = ManagedFields::decode(&entries)
            .map_err(|e| Error::Internal(format!("failed to decode managed fields: {e}")))?;
        let version = self.version_of(applied).to_owned();
        let applied_kind = applied.get("kind").and_then(Value::as_str).unwrap_or("");
        let (group, v) = version.rsplit_once('/').unwrap_or(("", version.as_str()));
        if group != self.group || applied_kind != self.kind || !self.schemas.contains_key(&version)
        {
            return Err(Error::BadRequest(format!(
                "invalid object type: {group}/{v}, Kind={applied_kind}"
            )));
        }
        let mut live = live_in.clone();
        if let Some(m) = live.get_mut("metadata").and_then(Value::as_object_mut) {
            m.remove("managedFields");
        }
        // Before the first apply, what the object holds is owned by one manager.
        if managed.fields.is_empty() {
            let before = self.id(BEFORE_FIRST_APPLY, Operation::Update, &version, sub);
            let mut fields = BTreeMap::new();
            if self
                .track_into(sub, &empty, &live, &mut fields, &before)
                .is_ok()
            {
                if fields.contains_key(&before) {
                    managed.times.insert(before, Some(now.clone()));
                }
                managed.fields = fields;
            }
        }
        if applied.pointer("/metadata/managedFields").is_some() {
            return Err(Error::BadRequest(
                "metadata.managedFields must be nil".to_owned(),
            ));
        }
        let schema = &self.schemas[&version];
        let errors = typed::validate(schema, applied, false);
        if !errors.is_empty() {
            let ns = applied
                .pointer("/metadata/namespace")
                .and_then(Value::as_str)
                .unwrap_or("");
            let name = applied
                .pointer("/metadata/name")
                .and_then(Value::as_str)
                .unwrap_or("");
            return Err(Error::Internal(format!(
                "failed to create typed patch object ({ns}/{name}; {version}, Kind={}): {}",
                self.kind,
                format_errors(&errors)
            )));
        }
        let id = self.id(manager, Operation::Apply, &version, sub);
        let mut fields = std::mem::take(&mut managed.fields);
        let result = self
            .updater(sub)
            .on_apply(&live, applied, &version, &mut fields, &id, force);
        let new = match result {
            Ok(new) => new,
            Err(UpdateError::Conflicts(mut conflicts)) => {
                // By manager; each manager's fields in field set order, as
                // the server lists them.
                conflicts.sort_by_key(|c| c.manager.describe());
                return Err(Error::Conflict {
                    message: conflict_message(&conflicts),
                    conflicts,
                });
            }
            Err(UpdateError::Type(errors)) => {
                return Err(Error::Internal(format!(
                    "failed to merge config: {}",
                    format_errors(&errors)
                )));
            }
        };
        strip(&mut fields, &id);
        managed.fields = fields;
        managed
            .times
            .retain(|id, _| managed.fields.contains_key(id));
        // The time moves only when the object changes.
        let mut new = match new {
            Some(new) => {
                managed.times.insert(id, Some(now.clone()));
                new
            }
            None => live,
        };
        set_managed_fields(&mut new, Some(managed.encode()));
        Ok(new)
    }

    /// What `manager` applied to `obj` (through `sub`), as an applied
    /// configuration: the fields of its `Apply` entry extracted from the
    /// object (`managedfields.ExtractInto`, client-go's `ExtractX`), with
    /// `apiVersion` and `kind`. `None` when the manager never applied.
    pub fn extract(
        &self,
        obj: &Value,
        manager: &str,
        sub: Subresource,
    ) -> Result<Option<Value>, Error> {
        let entries: Vec<ManagedFieldsEntry> = match obj.pointer("/metadata/managedFields") {
            None | Some(Value::Null) => vec![],
            Some(v) => serde_json::from_value(v.clone())
                .map_err(|e| Error::Internal(format!("failed to decode managed fields: {e}")))?,
        };
        let Some(entry) = entries.iter().find(|e| {
            e.manager.as_deref() == Some(manager)
                && e.operation.as_deref() == Some("Apply")
                && e.subresource.as_deref().unwrap_or("") == sub.name()
        }) else {
            return Ok(None);
        };
        let empty = Value::Object(Default::default());
        let set = Set::from_fields_v1(entry.fields_v1.as_ref().map_or(&empty, |f| &f.0))
            .map_err(|e| Error::Internal(format!("error marshalling FieldsV1 to JSON: {e}")))?;
        let version = self.version_of(obj);
        let schema = self
            .schemas
            .get(version)
            .ok_or_else(|| Error::BadRequest(format!("no schema for {version}")))?;
        let mut out = typed::remove_items(schema, obj, &set.leaves(), true);
        if out.is_null() {
            out = empty;
        }
        if let Some(m) = out.as_object_mut()
            && !m.contains_key("kind")
        {
            m.insert("kind".to_owned(), Value::String(self.kind.clone()));
            m.insert("apiVersion".to_owned(), Value::String(version.to_owned()));
        }
        Ok(Some(out))
    }

    fn track_into(
        &self,
        sub: Subresource,
        live: &Value,
        new: &Value,
        fields: &mut BTreeMap<ManagerId, VersionedSet>,
        id: &ManagerId,
    ) -> Result<(), ()> {
        let version = self.version_of(new);
        let schema = self.schemas.get(version).ok_or(())?;
        if !typed::validate(schema, new, true).is_empty() {
            return Err(());
        }
        self.updater(sub)
            .on_update(live, new, version, fields, id)
            .map_err(|_| ())?;
        strip(fields, id);
        Ok(())
    }
}

fn strip(fields: &mut BTreeMap<ManagerId, VersionedSet>, id: &ManagerId) {
    if let Some(vs) = fields.get_mut(id) {
        vs.set = vs.set.difference(&strip_set());
        if vs.set.is_empty() {
            fields.remove(id);
        }
    }
}

fn set_managed_fields(obj: &mut Value, entries: Option<Vec<ManagedFieldsEntry>>) {
    let Some(meta) = obj.as_object_mut().map(|o| {
        o.entry("metadata")
            .or_insert_with(|| Value::Object(Default::default()))
    }) else {
        return;
    };
    let Some(meta) = meta.as_object_mut() else {
        return;
    };
    match entries.filter(|e| !e.is_empty()) {
        Some(entries) => {
            meta.insert(
                "managedFields".to_owned(),
                serde_json::to_value(entries).unwrap_or(Value::Null),
            );
        }
        None => {
            meta.remove("managedFields");
        }
    }
}
