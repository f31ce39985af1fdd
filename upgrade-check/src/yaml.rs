//! CustomResourceDefinitions read from YAML: a file (several documents
//! allowed) or every `.yaml`/`.yml` file under a directory. Documents of
//! other kinds are passed over (a directory such as `config/crd` also holds
//! a kustomization); a file that does not parse is an error at its line.

use std::path::{Path, PathBuf};

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use serde_json::Value;

use super::Error;

/// The CRDs of a file or directory; an error when there are none.
pub fn read_path(path: &Path) -> Result<Vec<CustomResourceDefinition>, Error> {
    let files = if path.is_dir() {
        let mut files = Vec::new();
        walk(path, &mut files);
        files.sort();
        files
    } else {
        vec![path.to_owned()]
    };
    let mut crds = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| Error::File {
            path: file.clone(),
            message: e.to_string(),
        })?;
        crds.extend(read_text(&text, file)?);
    }
    if crds.is_empty() {
        return Err(Error::File {
            path: path.to_owned(),
            message: "holds no CustomResourceDefinition (apiextensions.k8s.io/v1)".to_owned(),
        });
    }
    Ok(crds)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with('.') {
                walk(&path, out);
            }
        } else if name.ends_with(".yaml") || name.ends_with(".yml") {
            out.push(path);
        }
    }
}

/// The CRDs of one YAML text (`file` names it in errors).
pub fn read_text(text: &str, file: &Path) -> Result<Vec<CustomResourceDefinition>, Error> {
    let error = |message: String| Error::File {
        path: file.to_owned(),
        message,
    };
    let documents: Vec<Value> = serde_saphyr::from_multiple(text).map_err(|e| {
        match kube_codegen_crd_diff::yaml_error(&e) {
            (Some((line, column)), message) => Error::At(super::file_error(
                file,
                text,
                line,
                column,
                format!("not YAML: {message}"),
            )),
            (None, message) => error(format!("not YAML: {message}")),
        }
    })?;
    let mut crds = Vec::new();
    for (i, doc) in documents.into_iter().enumerate() {
        if doc.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
            continue;
        }
        let api_version = doc
            .get("apiVersion")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if api_version != "apiextensions.k8s.io/v1" {
            return Err(error(format!(
                "document {}: `{api_version}` CustomResourceDefinitions are not compared; convert them to apiextensions.k8s.io/v1",
                i + 1
            )));
        }
        let crd: CustomResourceDefinition = serde_json::from_value(doc).map_err(|e| {
            error(format!(
                "document {}: not a CustomResourceDefinition: {e}",
                i + 1
            ))
        })?;
        crds.push(crd);
    }
    Ok(crds)
}
