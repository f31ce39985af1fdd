//! The API server's handling of custom resources, on JSON objects: what create,
//! update, patch, apply, delete, get and list do to an object and which errors they
//! answer with (the generic registry store plus the custom-resource strategy of
//! kube-apiserver, as far as a fake can reproduce them).

use kube::api::{DeleteParams, ListParams};
use serde_json::{Map, Value, json};

use kube_codegen_merge::Subresource;

use super::crd::{self, CrdEngines};
use super::meta::{self, FieldError, OPTIMISTIC_LOCK_MESSAGE};
use super::patch;
use super::select::Selectors;
use super::tracker::{ObjectTracker, ResourceKey, Write};
use crate::ResourceInfo;
use crate::error::{Error, ErrorKind, Result};

/// A patch body, by type.
#[derive(Clone, Debug)]
pub(crate) enum PatchBody {
    Merge(Value),
    Json(Value),
    Strategic(Value),
}

/// Which part of the object a write may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// The main resource: everything but `status` when the status subresource exists.
    Main,
    /// The `status` subresource: only `status`.
    Status,
}

impl Part {
    fn subresource(self) -> Subresource {
        match self {
            Part::Main => Subresource::Main,
            Part::Status => Subresource::Status,
        }
    }
}

/// The options of one write request.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Request<'a> {
    /// Compute the answer, store nothing.
    pub(crate) dry_run: bool,
    /// The field manager (`fieldManager`; empty when the client sent none).
    pub(crate) manager: &'a str,
    /// Server-side apply takes the fields other managers own.
    pub(crate) force: bool,
}

impl<'a> Request<'a> {
    /// A write that is stored, by `manager`, not forced.
    pub(crate) fn new(dry_run: bool, manager: Option<&'a str>) -> Request<'a> {
        Request {
            dry_run,
            manager: manager.unwrap_or_default(),
            force: false,
        }
    }
}

/// How the update path tracks managed fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tracking {
    /// Decode the requested object and record an `Update` by the request's
    /// manager (PUT, PATCH).
    Update,
    /// The requested object is the result of an apply, already decoded and
    /// tracked.
    Applied,
}

/// How a write checks `metadata.resourceVersion`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum VersionCheck {
    /// PUT: required (custom resources do not allow unconditional updates) and must
    /// match.
    Required,
    /// PATCH/apply: must match when the resulting object carries one.
    IfPresent,
}

/// One resource collection in one namespace, answering like the API server.
pub(crate) struct Rest<'a> {
    pub(crate) tracker: &'a ObjectTracker,
    pub(crate) info: &'a ResourceInfo,
    /// Request namespace (`""` for cluster-scoped kinds and for all namespaces).
    pub(crate) namespace: &'a str,
    /// The engines of the kind's CRD, when one is registered: writes are then
    /// pruned, defaulted, validated and field-managed as the server does.
    pub(crate) engines: Option<CrdEngines>,
}

/// Builds the requested object of a change from the stored one.
pub(crate) type MakeFn<'p> = Box<dyn Fn(&Value) -> Result<Value> + Send + Sync + 'p>;

/// A write to one object, computed before it is carried out, so that
/// admission webhooks can run between its steps (see `fake::admission`).
pub(crate) enum Plan<'p> {
    /// Store a new object (normalized; with a CRD decoded, with its managed
    /// fields): system metadata and validation come next.
    Create(Value),
    /// Change the stored object.
    Change(Change<'p>),
}

/// A change of one stored object (PUT, PATCH, apply).
pub(crate) struct Change<'p> {
    /// The object's name.
    pub(crate) name: String,
    /// The main resource or `status`.
    pub(crate) part: Part,
    check: VersionCheck,
    tracking: Tracking,
    make: MakeFn<'p>,
}

/// A new object ready to store (see [`Rest::admit_new`]).
pub(crate) struct NewObject {
    /// The object, with its system metadata.
    pub(crate) object: Value,
    /// Its name was generated from `generateName` (and may be again).
    generated: bool,
}

/// Why [`Rest::commit`] did not write.
enum Commit {
    /// The stored object changed since it was read.
    Stale,
    /// The write failed.
    Failed(Error),
}

fn without_metadata(object: &Value) -> Value {
    let mut copy = object.clone();
    if let Some(map) = copy.as_object_mut() {
        map.remove("metadata");
    }
    copy
}

fn set_field(object: &mut Value, key: &str, value: Option<Value>) {
    if let Some(map) = object.as_object_mut() {
        match value {
            Some(value) => map.insert(key.to_owned(), value),
            None => map.remove(key),
        };
    }
}

/// Copies `metadata.<field>` from `from` to `to` (removing it when `from` lacks it).
fn keep_meta(to: &mut Value, from: &Value, field: &str) {
    let value = from.get("metadata").and_then(|m| m.get(field)).cloned();
    let meta = meta::meta_mut(to);
    match value {
        Some(value) => meta.insert(field.to_owned(), value),
        None => meta.remove(field),
    };
}

impl Rest<'_> {
    fn key(&self) -> ResourceKey {
        ResourceKey::of(self.info)
    }

    /// Namespaced kinds need a namespace for everything but list, watch and
    /// delete-collection; the server has no such path otherwise.
    fn require_namespace(&self) -> Result<()> {
        if self.info.namespaced && self.namespace.is_empty() {
            return Err(meta::no_such_path());
        }
        Ok(())
    }

    /// Sets `apiVersion`/`kind` and reconciles the object's namespace with the
    /// request's, as the server does before storing.
    fn normalize(&self, object: &mut Value) -> Result<()> {
        if !object.is_object() {
            return Err(meta::bad_request("the request body must be a JSON object"));
        }
        set_field(
            object,
            "apiVersion",
            Some(Value::String(self.info.api_version())),
        );
        set_field(
            object,
            "kind",
            Some(Value::String(self.info.kind.to_owned())),
        );
        let object_namespace = meta::meta_str(object, "namespace").to_owned();
        let meta = meta::meta_mut(object);
        if self.info.namespaced {
            if object_namespace.is_empty() {
                meta.insert("namespace".into(), Value::String(self.namespace.to_owned()));
            } else if object_namespace != self.namespace {
                return Err(meta::bad_request(
                    "the namespace of the provided object does not match the namespace sent on the request",
                ));
            }
        } else {
            meta.remove("namespace");
        }
        Ok(())
    }

    /// Gives an apply configuration the kind's `apiVersion` and `kind` when it
    /// lacks them; its namespace, when set, must be the request's. Unlike
    /// [`Rest::normalize`], a missing namespace stays missing: the server
    /// merges the configuration as sent.
    fn identify(&self, config: &mut Value) -> Result<()> {
        let namespace = meta::meta_str(config, "namespace");
        if self.info.namespaced && !namespace.is_empty() && namespace != self.namespace {
            return Err(meta::bad_request(
                "the namespace of the provided object does not match the namespace sent on the request",
            ));
        }
        if let Some(map) = config.as_object_mut() {
            map.entry("apiVersion")
                .or_insert_with(|| Value::String(self.info.api_version()));
            map.entry("kind")
                .or_insert_with(|| Value::String(self.info.kind.to_owned()));
        }
        Ok(())
    }

    pub(crate) fn get(&self, name: &str) -> Result<Value> {
        self.require_namespace()?;
        self.tracker
            .get(&self.key(), self.namespace, name)
            .ok_or_else(|| meta::not_found(self.info, name))
    }

    /// The matching objects, in key order, and the `resourceVersion` of the read.
    fn select(&self, labels: Option<&str>, fields: Option<&str>) -> Result<(Vec<Value>, u64)> {
        let selectors = Selectors::parse(labels, fields, self.info)?;
        let namespace = (!self.namespace.is_empty()).then_some(self.namespace);
        let (items, version) = self.tracker.list(&self.key(), namespace);
        Ok((
            items.into_iter().filter(|o| selectors.matches(o)).collect(),
            version,
        ))
    }

    fn list_object(&self, items: Vec<Value>, metadata: Map<String, Value>) -> Value {
        json!({
            "apiVersion": self.info.api_version(),
            "kind": format!("{}List", self.info.kind),
            "metadata": metadata,
            "items": items,
        })
    }

    /// A list, honouring selectors, `limit` and `continue` (the continue token is the
    /// last returned key, so pages stay consistent with key order).
    pub(crate) fn list(&self, lp: &ListParams) -> Result<Value> {
        let (items, version) =
            self.select(lp.label_selector.as_deref(), lp.field_selector.as_deref())?;
        let key_of = |o: &Value| {
            format!(
                "{}/{}",
                meta::meta_str(o, "namespace"),
                meta::meta_str(o, "name")
            )
        };
        let mut items: Vec<Value> = match &lp.continue_token {
            Some(token) => items.into_iter().filter(|o| key_of(o) > *token).collect(),
            None => items,
        };
        let mut metadata = Map::new();
        metadata.insert("resourceVersion".into(), Value::String(version.to_string()));
        if let Some(limit) = lp.limit.filter(|l| *l > 0).map(|l| l as usize)
            && items.len() > limit
        {
            let remaining = items.len() - limit;
            items.truncate(limit);
            let last = items.last().map(key_of).unwrap_or_default();
            metadata.insert("continue".into(), Value::String(last));
            metadata.insert("remainingItemCount".into(), json!(remaining));
        }
        Ok(self.list_object(items, metadata))
    }

    /// PUT of the main resource or of `status`.
    pub(crate) fn update(&self, object: Value, part: Part, req: &Request<'_>) -> Result<Value> {
        let plan = self.plan_update(object, part)?;
        self.execute(plan, req)
    }

    /// PATCH of the main resource or of `status`.
    pub(crate) fn patch(
        &self,
        name: &str,
        body: &PatchBody,
        part: Part,
        req: &Request<'_>,
    ) -> Result<Value> {
        let plan = self.plan_patch(name, body, part)?;
        self.execute(plan, req)
    }

    /// Server-side apply; see [`Rest::plan_apply`].
    pub(crate) fn apply(
        &self,
        name: &str,
        config: Value,
        part: Part,
        req: &Request<'_>,
    ) -> Result<Value> {
        let plan = self.plan_apply(name, config, part, req)?;
        self.execute(plan, req)
    }

    /// Create: the object before system metadata (see [`Rest::insert`]):
    /// normalized, and with a CRD decoded (pruned, defaulted) with its
    /// managed fields recorded.
    pub(crate) fn plan_create<'p>(&self, mut object: Value, req: &Request<'_>) -> Result<Plan<'p>> {
        self.require_namespace()?;
        self.normalize(&mut object)?;
        if let Some(engines) = &self.engines {
            engines.decode(&mut object)?;
            engines.fields().update(
                Subresource::Main,
                &Value::Null,
                &mut object,
                req.manager,
                &crd::now(),
            );
        }
        Ok(Plan::Create(object))
    }

    /// A PUT: the requested object is `object`.
    pub(crate) fn plan_update<'p>(&self, object: Value, part: Part) -> Result<Plan<'p>> {
        let name = meta::meta_str(&object, "name").to_owned();
        self.plan_change(
            name,
            part,
            VersionCheck::Required,
            Tracking::Update,
            Box::new(move |_| Ok(object.clone())),
        )
    }

    /// A PATCH: the requested object is the stored one patched.
    pub(crate) fn plan_patch<'p>(
        &self,
        name: &str,
        body: &'p PatchBody,
        part: Part,
    ) -> Result<Plan<'p>> {
        if let PatchBody::Strategic(_) = body
            && !self.info.strategic_merge_patch
        {
            return Err(meta::unsupported_patch());
        }
        let make = move |current: &Value| {
            let mut patched = current.clone();
            match body {
                // Built-in kinds only (checked above). Approximated as a merge
                // patch: lists are replaced, not merged by their patch merge key,
                // and `$patch` directives are not understood.
                PatchBody::Merge(patch) | PatchBody::Strategic(patch) => {
                    if !patch.is_object() {
                        return Err(meta::bad_request("a merge patch must be a JSON object"));
                    }
                    patch::merge_patch(&mut patched, patch);
                }
                PatchBody::Json(patch) => patch::json_patch(&mut patched, patch)
                    .map_err(|e| Error::api(ErrorKind::Invalid, e.0))?,
            }
            Ok(patched)
        };
        let (check, tracking) = (VersionCheck::IfPresent, Tracking::Update);
        self.plan_change(name.to_owned(), part, check, tracking, Box::new(make))
    }

    /// Server-side apply. With the kind's CRD, as the server does it: the
    /// configuration is merged by the schema's list and map types, field
    /// ownership is recorded in `managedFields`, conflicts with other managers
    /// are a 409 unless forced, fields the manager stopped applying are removed,
    /// defaults apply to the result. Without one, approximated: the object is
    /// created when it does not exist, else the configuration is merged into it.
    pub(crate) fn plan_apply<'p>(
        &self,
        name: &str,
        mut config: Value,
        part: Part,
        req: &Request<'p>,
    ) -> Result<Plan<'p>> {
        self.require_namespace()?;
        if !config.is_object() {
            return Err(meta::bad_request(
                "the apply configuration must be a JSON object",
            ));
        }
        let exists = self
            .tracker
            .get(&self.key(), self.namespace, name)
            .is_some();
        match meta::meta_str(&config, "name") {
            "" => {
                meta::meta_mut(&mut config).insert("name".into(), Value::String(name.to_owned()));
            }
            given if given != name => {
                return Err(meta::bad_request(format!(
                    "the name of the object ({given}) does not match the name on the URL ({name})"
                )));
            }
            _ => {}
        }
        let (check, name) = (VersionCheck::IfPresent, name.to_owned());
        let Some(engines) = self.engines.clone() else {
            if !exists && part == Part::Main {
                return self.plan_create(config, req);
            }
            let merge = move |current: &Value| {
                let mut merged = current.clone();
                patch::apply_merge(&mut merged, &config);
                Ok(merged)
            };
            return self.plan_change(name, part, check, Tracking::Update, Box::new(merge));
        };
        self.identify(&mut config)?;
        let (manager, force) = (req.manager, req.force);
        let apply = move |live: &Value| -> Result<Value> {
            let fields = engines.fields();
            let mut applied = fields
                .apply(
                    part.subresource(),
                    live,
                    &config,
                    manager,
                    force,
                    &crd::now(),
                )
                .map_err(|e| crd::from_status(&e.to_status()))?;
            engines.schema().default(&mut applied);
            Ok(applied)
        };
        if !exists && part == Part::Main {
            let mut created = apply(&Value::Null)?;
            self.normalize(&mut created)?;
            return Ok(Plan::Create(created));
        }
        self.plan_change(name, part, check, Tracking::Applied, Box::new(apply))
    }

    /// A change of the stored object `name`, after the checks every update
    /// path makes first.
    fn plan_change<'p>(
        &self,
        name: String,
        part: Part,
        check: VersionCheck,
        tracking: Tracking,
        make: MakeFn<'p>,
    ) -> Result<Plan<'p>> {
        self.require_namespace()?;
        if part == Part::Status && !self.info.status_subresource {
            return Err(meta::no_such_path());
        }
        Ok(Plan::Change(Change {
            name,
            part,
            check,
            tracking,
            make,
        }))
    }

    /// Carries out a plan: stores the new object, or changes the stored one
    /// in one read-modify-write.
    pub(crate) fn execute(&self, plan: Plan<'_>, req: &Request<'_>) -> Result<Value> {
        match plan {
            Plan::Create(object) => self.insert(object, req.dry_run),
            Plan::Change(change) => {
                self.tracker
                    .write(&self.key(), self.namespace, &change.name, |current| {
                        let current =
                            current.ok_or_else(|| meta::not_found(self.info, &change.name))?;
                        let requested = self.requested(current, &change, req)?;
                        self.updated(current, requested, change.part, req.dry_run)
                    })
            }
        }
    }

    /// Prunes and defaults an object again, as the server decodes what a
    /// mutating admission webhook returned.
    pub(crate) fn redecode(&self, object: &mut Value) -> Result<()> {
        match &self.engines {
            Some(engines) => engines.decode(object),
            None => Ok(()),
        }
    }

    /// Stores a new object: names (`generateName`), uid, creation timestamp,
    /// generation 1, no status when the status subresource exists, validation
    /// against the CRD.
    fn insert(&self, object: Value, dry_run: bool) -> Result<Value> {
        let new = self.admit_new(object)?;
        self.store_new(new, dry_run)
    }

    /// A new object as the server validates and stores it: name checked (or
    /// generated from `generateName`), system metadata set, status dropped when
    /// the status subresource exists, validated against the CRD.
    pub(crate) fn admit_new(&self, mut object: Value) -> Result<NewObject> {
        let given_name = meta::meta_str(&object, "name").to_owned();
        let generate = meta::meta_str(&object, "generateName").to_owned();
        let mut errors = Vec::new();
        if given_name.is_empty() && generate.is_empty() {
            errors.push(FieldError::required(
                "metadata.name",
                "name or generateName is required",
            ));
        } else if !given_name.is_empty()
            && let Some(problem) = meta::validate_name(&given_name)
        {
            errors.push(FieldError::invalid(
                "metadata.name",
                &format!("\"{given_name}\""),
                &problem,
            ));
        }
        if !generate.is_empty()
            && given_name.is_empty()
            && let Some(problem) = meta::validate_name(&format!("{generate}x"))
        {
            errors.push(FieldError::invalid(
                "metadata.generateName",
                &format!("\"{generate}\""),
                &problem,
            ));
        }
        if !errors.is_empty() {
            return Err(meta::invalid(
                &self.info.qualified_kind(),
                self.info,
                &given_name,
                errors,
            ));
        }
        if !meta::meta_str(&object, "resourceVersion").is_empty() {
            return Err(Error::api(
                ErrorKind::InternalError,
                "resourceVersion should not be set on objects to be created",
            ));
        }
        {
            let meta = meta::meta_mut(&mut object);
            meta.insert("uid".into(), Value::String(self.tracker.random().uid()));
            meta.insert("creationTimestamp".into(), Value::String(meta::now()));
            meta.insert("generation".into(), json!(1));
            meta.remove("deletionTimestamp");
            meta.remove("deletionGracePeriodSeconds");
            meta.remove("resourceVersion");
        }
        if self.info.status_subresource {
            set_field(&mut object, "status", None);
        }
        if let Some(engines) = &self.engines {
            engines.check(&given_name, &engines.schema().validate_create(&object))?;
        }
        let generated = given_name.is_empty();
        if generated {
            let name = self.tracker.random().generate_name(&generate);
            meta::meta_mut(&mut object).insert("name".into(), Value::String(name));
        }
        Ok(NewObject { object, generated })
    }

    /// Stores an object [`Rest::admit_new`] made; a generated name that
    /// collides is generated again, as the server retries.
    pub(crate) fn store_new(&self, new: NewObject, dry_run: bool) -> Result<Value> {
        let NewObject {
            mut object,
            generated,
        } = new;
        let generate = meta::meta_str(&object, "generateName").to_owned();
        for _ in 0..8 {
            let name = meta::meta_str(&object, "name").to_owned();
            let candidate = object.clone();
            let result =
                self.tracker.write(
                    &self.key(),
                    self.namespace,
                    &name,
                    |current| match current {
                        Some(_) => Err(meta::already_exists(self.info, &name)),
                        None if dry_run => Ok(Write::Unchanged(candidate)),
                        None => Ok(Write::Put(candidate)),
                    },
                );
            match result {
                Err(e) if e.is_already_exists() && generated => {
                    let name = self.tracker.random().generate_name(&generate);
                    meta::meta_mut(&mut object).insert("name".into(), Value::String(name));
                }
                other => return other,
            }
        }
        let name = meta::meta_str(&object, "name").to_owned();
        Err(meta::already_exists(self.info, &name))
    }

    /// The object a change asks for, from the stored one: made, normalized,
    /// named, version-checked, and with a CRD decoded with its managed fields.
    pub(crate) fn requested(
        &self,
        current: &Value,
        change: &Change<'_>,
        req: &Request<'_>,
    ) -> Result<Value> {
        let name = change.name.as_str();
        let mut requested = (change.make)(current)?;
        self.normalize(&mut requested)?;
        let requested_name = meta::meta_str(&requested, "name");
        if requested_name.is_empty() {
            meta::meta_mut(&mut requested).insert("name".into(), Value::String(name.to_owned()));
        } else if requested_name != name {
            return Err(meta::bad_request(format!(
                "the name of the object ({requested_name}) does not match the name on the URL ({name})"
            )));
        }
        self.check_versions(name, current, &requested, change.check)?;
        if let (Some(engines), Tracking::Update) = (&self.engines, change.tracking) {
            engines.decode(&mut requested)?;
            engines.fields().update(
                change.part.subresource(),
                current,
                &mut requested,
                req.manager,
                &crd::now(),
            );
        }
        Ok(requested)
    }

    /// What storing `requested` over `current` does: the status strategy,
    /// system metadata, generation, validation, no-op detection and
    /// finalizer-driven deletion.
    pub(crate) fn updated(
        &self,
        current: &Value,
        requested: Value,
        part: Part,
        dry_run: bool,
    ) -> Result<Write> {
        let name = meta::meta_str(current, "name");
        let mut updated = match part {
            Part::Status => {
                let mut updated = current.clone();
                set_field(&mut updated, "status", requested.get("status").cloned());
                if self.engines.is_some() {
                    keep_meta(&mut updated, &requested, "managedFields");
                }
                updated
            }
            Part::Main => {
                let mut updated = requested;
                for field in [
                    "uid",
                    "creationTimestamp",
                    "generation",
                    "deletionTimestamp",
                    "deletionGracePeriodSeconds",
                    "resourceVersion",
                ] {
                    keep_meta(&mut updated, current, field);
                }
                if self.info.status_subresource {
                    set_field(&mut updated, "status", current.get("status").cloned());
                }
                if without_metadata(&updated) != without_metadata(current) {
                    let generation = current
                        .get("metadata")
                        .and_then(|m| m.get("generation"))
                        .and_then(Value::as_i64)
                        .unwrap_or(0);
                    meta::meta_mut(&mut updated).insert("generation".into(), json!(generation + 1));
                }
                updated
            }
        };
        match &self.engines {
            Some(engines) => {
                let errors = match part {
                    Part::Main => engines.schema().validate_update(&updated, current),
                    Part::Status => engines.schema().validate_status_update(&updated, current),
                };
                engines.check(name, &errors)?;
            }
            // Without a CRD, managed fields are not tracked: they stay as stored.
            None => keep_meta(&mut updated, current, "managedFields"),
        }
        if updated == *current {
            return Ok(Write::Unchanged(updated));
        }
        let deleting = !meta::meta_str(&updated, "deletionTimestamp").is_empty();
        if dry_run {
            Ok(Write::Unchanged(updated))
        } else if deleting && !meta::has_finalizers(&updated) {
            // The last finalizer is gone: the server deletes the object instead of
            // storing it, and answers with the requested object.
            Ok(Write::Delete(updated))
        } else {
            Ok(Write::Put(updated))
        }
    }

    /// Carries out `write`, computed from `read`, unless the stored object
    /// changed since it was read: `Ok(None)` then, and the caller starts over
    /// (the server's optimistic retry around admission).
    pub(crate) fn commit(&self, name: &str, read: &Value, write: Write) -> Result<Option<Value>> {
        let version = meta::meta_str(read, "resourceVersion");
        let result = self
            .tracker
            .write(&self.key(), self.namespace, name, |stored| match stored {
                Some(stored) if meta::meta_str(stored, "resourceVersion") == version => Ok(write),
                Some(_) => Err(Commit::Stale),
                None => Err(Commit::Failed(meta::not_found(self.info, name))),
            });
        match result {
            Ok(object) => Ok(Some(object)),
            Err(Commit::Stale) => Ok(None),
            Err(Commit::Failed(e)) => Err(e),
        }
    }

    fn check_versions(
        &self,
        name: &str,
        current: &Value,
        requested: &Value,
        check: VersionCheck,
    ) -> Result<()> {
        let stored_uid = meta::meta_str(current, "uid");
        let uid = meta::meta_str(requested, "uid");
        if !uid.is_empty() && uid != stored_uid {
            // The server reports this one straight from its storage layer.
            let key = if self.info.namespaced {
                format!(
                    "/registry/{}/{}/{}/{name}",
                    self.info.group, self.info.plural, self.namespace
                )
            } else {
                format!("/registry/{}/{}/{name}", self.info.group, self.info.plural)
            };
            return Err(meta::conflict(
                self.info,
                name,
                &format!(
                    "StorageError: invalid object, Code: 4, Key: {key}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: {uid}, UID in object meta: {stored_uid}"
                ),
            ));
        }
        let version = meta::meta_str(requested, "resourceVersion");
        if version.is_empty() {
            if check == VersionCheck::Required {
                return Err(meta::invalid(
                    &self.info.qualified_resource(),
                    self.info,
                    name,
                    vec![FieldError::invalid(
                        "metadata.resourceVersion",
                        "0",
                        "must be specified for an update",
                    )],
                ));
            }
            return Ok(());
        }
        if version != meta::meta_str(current, "resourceVersion") {
            return Err(meta::conflict(self.info, name, OPTIMISTIC_LOCK_MESSAGE));
        }
        Ok(())
    }

    /// Delete: preconditions, then either removal (answered, like the server does for
    /// custom resources, with a `Success` status) or, while finalizers remain,
    /// marking with `deletionTimestamp` and a generation bump (answered with the
    /// object).
    pub(crate) fn delete(&self, name: &str, dp: &DeleteParams) -> Result<Value> {
        self.require_namespace()?;
        let mut gone = false;
        let object = self
            .tracker
            .write(&self.key(), self.namespace, name, |current| {
                let current = current.ok_or_else(|| meta::not_found(self.info, name))?;
                let (write, removed) = self.deletion(name, current, dp)?;
                gone = removed;
                Ok::<_, Error>(write)
            })?;
        Ok(self.deleted(name, object, gone))
    }

    /// The answer to a delete: the object while finalizers hold it, else a
    /// `Success` status.
    pub(crate) fn deleted(&self, name: &str, object: Value, gone: bool) -> Value {
        if !gone {
            return object;
        }
        json!({
            "kind": "Status",
            "apiVersion": "v1",
            "metadata": {},
            "status": "Success",
            "details": {
                "name": name,
                "group": self.info.group,
                "kind": self.info.plural,
                "uid": meta::meta_str(&object, "uid"),
            },
        })
    }

    /// What a delete does to `current`: its preconditions checked, then
    /// removal (`gone`), or marking while finalizers remain.
    pub(crate) fn deletion(
        &self,
        name: &str,
        current: &Value,
        dp: &DeleteParams,
    ) -> Result<(Write, bool)> {
        if let Some(pre) = &dp.preconditions {
            let stored_uid = meta::meta_str(current, "uid");
            if let Some(uid) = pre.uid.as_deref().filter(|u| *u != stored_uid) {
                return Err(meta::precondition_failed(
                    self.info, name, "UID", uid, stored_uid,
                ));
            }
            let stored_version = meta::meta_str(current, "resourceVersion");
            if let Some(version) = pre
                .resource_version
                .as_deref()
                .filter(|v| *v != stored_version)
            {
                return Err(meta::precondition_failed(
                    self.info,
                    name,
                    "ResourceVersion",
                    version,
                    stored_version,
                ));
            }
        }
        if !meta::has_finalizers(current) {
            let write = if dp.dry_run {
                Write::Unchanged(current.clone())
            } else {
                Write::Delete(current.clone())
            };
            return Ok((write, true));
        }
        if !meta::meta_str(current, "deletionTimestamp").is_empty() || dp.dry_run {
            return Ok((Write::Unchanged(current.clone()), false));
        }
        let mut marked = current.clone();
        let generation = current
            .get("metadata")
            .and_then(|m| m.get("generation"))
            .and_then(Value::as_i64)
            .unwrap_or(0);
        let meta = meta::meta_mut(&mut marked);
        meta.insert("deletionTimestamp".into(), Value::String(meta::now()));
        meta.insert("deletionGracePeriodSeconds".into(), json!(0));
        meta.insert("generation".into(), json!(generation + 1));
        Ok((Write::Put(marked), false))
    }

    /// The objects a delete-collection deletes, and the `resourceVersion` of
    /// the read.
    pub(crate) fn select_for_delete(&self, lp: &ListParams) -> Result<(Vec<Value>, u64)> {
        self.select(lp.label_selector.as_deref(), lp.field_selector.as_deref())
    }

    /// The same collection in the namespace of `item` (a delete-collection
    /// across namespaces deletes each item in its own).
    pub(crate) fn in_namespace_of<'r>(&'r self, item: &'r Value) -> Rest<'r> {
        Rest {
            tracker: self.tracker,
            info: self.info,
            namespace: meta::meta_str(item, "namespace"),
            engines: None,
        }
    }

    /// The answer to a delete-collection: the list of what was deleted.
    pub(crate) fn deleted_list(&self, deleted: Vec<Value>, version: u64) -> Value {
        let mut metadata = Map::new();
        metadata.insert("resourceVersion".into(), Value::String(version.to_string()));
        self.list_object(deleted, metadata)
    }

    /// Deletes every matching object; answers the list of what was deleted.
    pub(crate) fn delete_collection(&self, dp: &DeleteParams, lp: &ListParams) -> Result<Value> {
        let (items, version) = self.select_for_delete(lp)?;
        let mut deleted = Vec::new();
        for item in items {
            let rest = self.in_namespace_of(&item);
            let name = meta::meta_str(&item, "name");
            let result = rest
                .tracker
                .write(&rest.key(), rest.namespace, name, |current| {
                    let current = current.ok_or_else(|| meta::not_found(rest.info, name))?;
                    rest.deletion(name, current, dp).map(|(write, _)| write)
                });
            match result {
                Ok(object) => deleted.push(object),
                Err(e) if e.is_not_found() => {}
                Err(e) => return Err(e),
            }
        }
        Ok(self.deleted_list(deleted, version))
    }
}

/// Stores an object as-is, the way a fake clientset is seeded (client-go's
/// `tracker.Add`): no validation and no status stripping; missing system metadata
/// (uid, creation timestamp, generation) is filled in, the object's own namespace
/// is kept (`default` when a namespaced object has none), an existing object with
/// the same name is replaced.
pub(crate) fn seed(
    tracker: &ObjectTracker,
    info: &ResourceInfo,
    mut object: Value,
) -> Result<Value> {
    if !object.is_object() {
        return Err(meta::bad_request("a seed object must be a JSON object"));
    }
    set_field(
        &mut object,
        "apiVersion",
        Some(Value::String(info.api_version())),
    );
    set_field(
        &mut object,
        "kind",
        Some(Value::String(info.kind.to_owned())),
    );
    let name = meta::meta_str(&object, "name").to_owned();
    if name.is_empty() {
        return Err(meta::invalid(
            &info.qualified_kind(),
            info,
            "",
            vec![FieldError::required("metadata.name", "name is required")],
        ));
    }
    let namespace = match meta::meta_str(&object, "namespace") {
        "" if info.namespaced => "default".to_owned(),
        _ if !info.namespaced => String::new(),
        ns => ns.to_owned(),
    };
    let uid = tracker.random().uid();
    let meta = meta::meta_mut(&mut object);
    if info.namespaced {
        meta.insert("namespace".into(), Value::String(namespace.clone()));
    } else {
        meta.remove("namespace");
    }
    meta.entry("uid").or_insert(Value::String(uid));
    meta.entry("creationTimestamp")
        .or_insert_with(|| Value::String(meta::now()));
    meta.entry("generation").or_insert(json!(1));
    tracker.write(&ResourceKey::of(info), &namespace, &name, |_| {
        Ok(Write::Put(object))
    })
}
