//! The `scale` subresource of custom resources: an `autoscaling/v1` `Scale` view of
//! the replica fields the CRD names (`specReplicasPath`, `statusReplicasPath`,
//! `labelSelectorPath`); writing it writes the desired replicas into the object.

use serde_json::{Map, Value, json};

use super::meta;
use super::patch;
use super::rest::{Part, PatchBody, Request, Rest};
use crate::ScaleInfo;
use crate::error::{Error, ErrorKind, Result};

fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.trim_start_matches('.')
        .split('.')
        .filter(|s| !s.is_empty())
}

fn read_path<'a>(object: &'a Value, path: &str) -> Option<&'a Value> {
    segments(path).try_fold(object, |current, segment| current.get(segment))
}

fn write_path(object: &mut Value, path: &str, value: Value) {
    let mut current = object;
    for segment in segments(path) {
        if !current.is_object() {
            *current = Value::Object(Map::new());
        }
        current = current
            .as_object_mut()
            .expect("object")
            .entry(segment.to_owned())
            .or_insert(Value::Null);
    }
    *current = value;
}

impl Rest<'_> {
    fn scale_info(&self) -> Result<ScaleInfo> {
        self.info.scale.ok_or_else(meta::no_such_path)
    }

    fn scale_of(&self, object: &Value, scale: &ScaleInfo) -> Value {
        let mut metadata = Map::new();
        for field in [
            "name",
            "namespace",
            "uid",
            "resourceVersion",
            "creationTimestamp",
        ] {
            if let Some(value) = object.get("metadata").and_then(|m| m.get(field)) {
                metadata.insert(field.to_owned(), value.clone());
            }
        }
        let replicas = |path: &str| read_path(object, path).and_then(Value::as_i64).unwrap_or(0);
        let mut status = Map::new();
        status.insert(
            "replicas".into(),
            json!(replicas(scale.status_replicas_path)),
        );
        if let Some(selector) = scale
            .label_selector_path
            .and_then(|p| read_path(object, p))
            .and_then(Value::as_str)
        {
            status.insert("selector".into(), Value::String(selector.to_owned()));
        }
        json!({
            "apiVersion": "autoscaling/v1",
            "kind": "Scale",
            "metadata": metadata,
            "spec": { "replicas": replicas(scale.spec_replicas_path) },
            "status": status,
        })
    }

    /// `GET .../<name>/scale`.
    pub(crate) fn get_scale(&self, name: &str) -> Result<Value> {
        let scale = self.scale_info()?;
        Ok(self.scale_of(&self.get(name)?, &scale))
    }

    /// `PUT .../<name>/scale`: sets the desired replicas; the `Scale`'s
    /// `resourceVersion`, when set, must be current.
    pub(crate) fn update_scale(
        &self,
        name: &str,
        requested: &Value,
        dry_run: bool,
    ) -> Result<Value> {
        let scale = self.scale_info()?;
        let replicas = requested
            .get("spec")
            .and_then(|s| s.get("replicas"))
            .cloned()
            .unwrap_or(json!(0));
        if replicas.as_i64().is_none_or(|r| r < 0) {
            return Err(Error::api(
                ErrorKind::Invalid,
                format!(
                    "Scale.autoscaling \"{name}\" is invalid: spec.replicas: Invalid value: {replicas}: must be greater than or equal to 0"
                ),
            ));
        }
        let version = meta::meta_str(requested, "resourceVersion").to_owned();
        let mut patch_body = Map::new();
        let mut target = Value::Object(Map::new());
        write_path(&mut target, scale.spec_replicas_path, replicas);
        if let Some(map) = target.as_object() {
            patch_body.extend(map.clone());
        }
        if !version.is_empty() {
            patch_body.insert("metadata".into(), json!({ "resourceVersion": version }));
        }
        let updated = self.patch(
            name,
            &PatchBody::Merge(Value::Object(patch_body)),
            Part::Main,
            &Request::new(dry_run, None),
        )?;
        Ok(self.scale_of(&updated, &scale))
    }

    /// `PATCH .../<name>/scale`: the patch applies to the `Scale` view.
    pub(crate) fn patch_scale(&self, name: &str, body: &PatchBody, dry_run: bool) -> Result<Value> {
        let mut view = self.get_scale(name)?;
        match body {
            // `Scale` is a built-in type, so unlike the custom resource itself its
            // strategic merge patches are accepted (and for it, equal merge patches).
            PatchBody::Merge(p) | PatchBody::Strategic(p) => patch::merge_patch(&mut view, p),
            PatchBody::Json(p) => {
                patch::json_patch(&mut view, p).map_err(|e| Error::api(ErrorKind::Invalid, e.0))?
            }
        }
        self.update_scale(name, &view, dry_run)
    }
}
