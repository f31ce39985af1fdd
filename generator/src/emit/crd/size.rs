//! The warning for a CRD too large for client-side `kubectl apply`.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaProps;

use super::Crd;
use super::descriptions::children;
use crate::diag::Diagnostic;

/// The most `kubectl apply` (client-side) can store in the
/// `kubectl.kubernetes.io/last-applied-configuration` annotation: the API server's
/// limit on all annotations of an object.
pub const CLIENT_SIDE_APPLY_LIMIT: usize = 262_144;

/// How many of the heaviest fields the warning names.
const NAMED_FIELDS: usize = 3;

/// A warning at the kind when its rendered CRD (`yaml`) exceeds
/// [`CLIENT_SIDE_APPLY_LIMIT`], naming the fields whose descriptions weigh most.
pub fn size_warning(crd: &Crd, yaml_len: usize) -> Option<Diagnostic> {
    if yaml_len <= CLIENT_SIDE_APPLY_LIMIT {
        return None;
    }
    let mut weights: Vec<(String, usize)> = Vec::new();
    let mut total = 0;
    for version in &crd.definition.spec.versions {
        let Some(root) = version
            .schema
            .as_ref()
            .and_then(|s| s.open_api_v3_schema.as_ref())
        else {
            continue;
        };
        total += description_bytes(&mut root.clone());
        for (name, child) in root.properties.iter().flatten() {
            let grandchildren: Vec<_> = child.properties.iter().flatten().collect();
            if grandchildren.is_empty() {
                weights.push((name.clone(), description_bytes(&mut child.clone())));
            }
            for (inner, schema) in grandchildren {
                weights.push((
                    format!("{name}.{inner}"),
                    description_bytes(&mut schema.clone()),
                ));
            }
        }
    }
    // The same field in several versions counts once per version, heaviest first.
    let mut merged: Vec<(String, usize)> = Vec::new();
    for (path, bytes) in weights {
        match merged.iter_mut().find(|(p, _)| *p == path) {
            Some(entry) => entry.1 += bytes,
            None => merged.push((path, bytes)),
        }
    }
    merged.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let heaviest: Vec<String> = merged
        .iter()
        .filter(|(_, bytes)| *bytes > 0)
        .take(NAMED_FIELDS)
        .map(|(path, bytes)| format!("`{path}` ({} KiB)", bytes.div_ceil(1024)))
        .collect();
    let message = format!(
        "the CRD {} is {} KiB, over the {} KiB that client-side `kubectl apply` can store in \
         its last-applied annotation: `kubectl apply -f` fails with \"metadata.annotations: Too \
         long\"; its descriptions hold {} KiB of text, most in {}",
        crd.name,
        yaml_len.div_ceil(1024),
        CLIENT_SIDE_APPLY_LIMIT / 1024,
        total.div_ceil(1024),
        if heaviest.is_empty() {
            "no field".to_owned()
        } else {
            heaviest.join(", ")
        },
    );
    Some(
        Diagnostic::warning(message, crd.location.clone()).with_help(
            "shorten descriptions with `--max-description-length <N>` (0 drops them; Builder: \
         `max_description_length`), or install the CRD with `kubectl apply --server-side -f crds/`",
        ),
    )
}

/// Bytes of every description in `schema` and below.
fn description_bytes(schema: &mut JSONSchemaProps) -> usize {
    let own = schema.description.as_ref().map_or(0, String::len);
    own + children(schema)
        .into_iter()
        .map(description_bytes)
        .sum::<usize>()
}
