//! Kinds of the model → `CustomResourceDefinition` objects: one per kind of a group,
//! all its versions merged, exactly one storage version.

use std::collections::BTreeMap;
use std::path::PathBuf;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceColumnDefinition, CustomResourceConversion, CustomResourceDefinition,
    CustomResourceDefinitionNames, CustomResourceDefinitionSpec, CustomResourceDefinitionVersion,
    CustomResourceSubresourceScale, CustomResourceSubresourceStatus, CustomResourceSubresources,
    CustomResourceValidation, JSONSchemaProps, SelectableField,
};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use super::descriptions::truncate_descriptions;
use super::external::ExternalSchemas;
use super::locate::{Source, locate};
use super::options::CrdOptions;
use super::schema::SchemaBuilder;
use super::structural::check_structural;
use super::{Crd, CrdError};
use crate::model::{Api, Group, Kind, TypeDef, Version};

/// The annotation that records the generator version, like controller-gen's
/// `controller-gen.kubebuilder.io/version`.
pub const VERSION_ANNOTATION: &str = "kube-codegen.k8s.io/version";

/// The value of [`VERSION_ANNOTATION`]: this crate's version, so output is stable
/// across runs and changes only with the generator.
pub const GENERATOR_VERSION: &str = concat!("v", env!("CARGO_PKG_VERSION"));

/// One version of a kind, as found in the model.
struct KindVersion<'a> {
    version: &'a Version,
    ty: &'a TypeDef,
    kind: &'a Kind,
}

pub(super) fn build(api: &Api, options: &CrdOptions) -> Result<Vec<Crd>, Vec<CrdError>> {
    let mut externals =
        ExternalSchemas::with_options(options.kube_version, options.embedded_object_meta);
    let mut errors = Vec::new();
    let mut crds = Vec::new();
    // The core group ("") holds built-in types, never CRDs.
    for group in api.groups.iter().filter(|g| !g.name.is_empty()) {
        for versions in kinds_of(group).into_values() {
            let before = errors.len();
            let Some(mut crd) = build_one(group, &versions, options, &mut externals, &mut errors)
            else {
                continue;
            };
            if let Some(max_len) = options.max_description_length {
                truncate_all(&mut crd, max_len);
            }
            // What the API server would reject, checked here so that no path
            // (generate, crd, verify, build.rs, the macro) writes such a CRD.
            // When the schema already has errors, only its CEL rules are
            // checked (what failed is `dyn` to them): the structural checks
            // would only echo those errors.
            let sources: Vec<Source<'_>> = versions
                .iter()
                .map(|v| Source {
                    version: v.version,
                    kind: v.ty,
                })
                .collect();
            let problems = if errors.len() == before {
                check_structural(&crd.definition)
            } else {
                super::structural::check_rules(&crd.definition)
            };
            errors.extend(
                problems
                    .iter()
                    .map(|problem| locate(problem, &sources, &crd.definition)),
            );
            if errors.len() == before {
                crd.definition.spec.conversion = conversion(&crd, &sources, options, &mut errors);
            }
            crds.push(crd);
        }
    }
    crds.sort_by(|a, b| a.path.cmp(&b.path));
    // A type used in several places (or kinds) reports its problems once.
    let mut seen = std::collections::BTreeSet::new();
    errors.retain(|e| seen.insert((e.location.clone(), e.message.clone())));
    if errors.is_empty() {
        Ok(crds)
    } else {
        Err(errors)
    }
}

/// `spec.conversion` of a CRD whose versions have no schema errors: the
/// webhook its kind declares, or none when the versions lose nothing without one.
fn conversion(
    crd: &Crd,
    sources: &[Source<'_>],
    options: &CrdOptions,
    errors: &mut Vec<CrdError>,
) -> Option<CustomResourceConversion> {
    let versions = &crd.definition.spec.versions;
    let storage = versions.iter().position(|v| v.storage)?;
    if let Some(declared) = super::conversion::declared(sources, storage) {
        return super::conversion::webhook(&crd.kind, sources, declared, options, errors);
    }
    let schemas: Vec<&JSONSchemaProps> = versions
        .iter()
        .filter_map(|v| v.schema.as_ref()?.open_api_v3_schema.as_ref())
        .collect();
    if schemas.len() == versions.len() {
        let served: Vec<bool> = versions.iter().map(|v| v.served).collect();
        errors.extend(super::lossy::check(
            &crd.kind, sources, &schemas, &served, storage,
        ));
    }
    None
}

/// controller-gen's `maxDescLen` over every version's schema.
fn truncate_all(crd: &mut Crd, max_len: usize) {
    for version in &mut crd.definition.spec.versions {
        if let Some(schema) = version
            .schema
            .as_mut()
            .and_then(|s| s.open_api_v3_schema.as_mut())
        {
            truncate_descriptions(schema, max_len);
        }
    }
}

/// The kinds of a group by kind name, each with its versions in model order.
fn kinds_of(group: &Group) -> BTreeMap<&str, Vec<KindVersion<'_>>> {
    let mut kinds: BTreeMap<&str, Vec<KindVersion<'_>>> = BTreeMap::new();
    for version in group.versions.iter().filter(|v| !v.skip_crds) {
        for ty in version.types() {
            if let Some(kind) = ty.kind.as_ref().filter(|k| !k.skip_version) {
                kinds
                    .entry(ty.name.as_str())
                    .or_default()
                    .push(KindVersion { version, ty, kind });
            }
        }
    }
    kinds
}

fn build_one(
    group: &Group,
    versions: &[KindVersion<'_>],
    options: &CrdOptions,
    externals: &mut ExternalSchemas,
    errors: &mut Vec<CrdError>,
) -> Option<Crd> {
    let storage = storage_index(versions, errors)?;
    let names_from = &versions[storage];
    let kind_name = &names_from.ty.name;
    let (plural, namespaced) = (&names_from.kind.plural, names_from.kind.namespaced);
    for other in versions {
        if other.kind.plural != *plural || other.kind.namespaced != namespaced {
            errors.push(CrdError::new(
                &other.ty.location,
                format!(
                    "{kind_name} in {} is {} with plural {:?}, but in the storage version {} it \
                     is {} with plural {:?}; all versions of a kind share one CRD and must agree",
                    other.version.name,
                    scope(other.kind.namespaced),
                    other.kind.plural,
                    names_from.version.name,
                    scope(namespaced),
                    plural,
                ),
            ));
        }
    }

    let crd_versions = versions
        .iter()
        .enumerate()
        .map(|(i, v)| crd_version(v, i == storage, options, externals, errors))
        .collect();
    let name = format!("{plural}.{}", group.name);
    // `+kubebuilder:metadata:*` may sit on any version of the kind; the storage
    // version's value wins where two disagree.
    let mut annotations = BTreeMap::new();
    let mut labels = BTreeMap::new();
    for v in versions
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != storage)
        .chain([(storage, names_from)])
    {
        annotations.extend(v.1.kind.crd_annotations.clone());
        labels.extend(v.1.kind.crd_labels.clone());
    }
    annotations.insert(VERSION_ANNOTATION.to_owned(), GENERATOR_VERSION.to_owned());
    let definition = CustomResourceDefinition {
        metadata: ObjectMeta {
            name: Some(name.clone()),
            annotations: Some(annotations),
            labels: (!labels.is_empty()).then_some(labels),
            ..Default::default()
        },
        spec: CustomResourceDefinitionSpec {
            group: group.name.clone(),
            names: names(kind_name, names_from.kind, versions),
            scope: scope(namespaced).to_owned(),
            versions: crd_versions,
            conversion: None,
            preserve_unknown_fields: None,
        },
        status: None,
    };
    Some(Crd {
        name,
        kind: kind_name.clone(),
        path: PathBuf::from(format!("crds/{}_{plural}.yaml", group.name)),
        definition,
        location: names_from.ty.location.clone(),
    })
}

/// Which version stores the kind: the one marked `+kubebuilder:storageversion`, or
/// the only version. `None` (with an error) when that is ambiguous.
fn storage_index(versions: &[KindVersion<'_>], errors: &mut Vec<CrdError>) -> Option<usize> {
    let marked: Vec<usize> = (0..versions.len())
        .filter(|&i| versions[i].kind.storage_version)
        .collect();
    let first = &versions[0];
    match (marked.as_slice(), versions.len()) {
        ([only], _) => Some(*only),
        ([], 1) => Some(0),
        ([], _) => {
            let names: Vec<&str> = versions.iter().map(|v| v.version.name.as_str()).collect();
            errors.push(CrdError::new(
                &first.ty.location,
                format!(
                    "{} has versions {} but none is marked +kubebuilder:storageversion; mark \
                     exactly one",
                    first.ty.name,
                    names.join(", ")
                ),
            ));
            None
        }
        (several, _) => {
            for &i in &several[1..] {
                errors.push(CrdError::new(
                    &versions[i].ty.location,
                    format!(
                        "{} is marked +kubebuilder:storageversion in both {} and {}; exactly \
                         one version may be the storage version",
                        versions[i].ty.name,
                        versions[several[0]].version.name,
                        versions[i].version.name
                    ),
                ));
            }
            None
        }
    }
}

fn scope(namespaced: bool) -> &'static str {
    if namespaced { "Namespaced" } else { "Cluster" }
}

/// Names from the storage version; short names and categories of every version,
/// first appearance first.
fn names(
    kind_name: &str,
    kind: &Kind,
    versions: &[KindVersion<'_>],
) -> CustomResourceDefinitionNames {
    let mut short_names: Vec<String> = Vec::new();
    let mut categories: Vec<String> = Vec::new();
    for v in versions {
        for name in &v.kind.short_names {
            if !short_names.contains(name) {
                short_names.push(name.clone());
            }
        }
        for category in &v.kind.categories {
            if !categories.contains(category) {
                categories.push(category.clone());
            }
        }
    }
    CustomResourceDefinitionNames {
        kind: kind_name.to_owned(),
        list_kind: Some(format!("{kind_name}List")),
        plural: kind.plural.clone(),
        singular: Some(kind.singular.clone()),
        short_names: (!short_names.is_empty()).then_some(short_names),
        categories: (!categories.is_empty()).then_some(categories),
    }
}

fn crd_version(
    v: &KindVersion<'_>,
    storage: bool,
    options: &CrdOptions,
    externals: &mut ExternalSchemas,
    errors: &mut Vec<CrdError>,
) -> CustomResourceDefinitionVersion {
    let schema = SchemaBuilder::new(v.version, externals, errors)
        .allow_dangerous_types(options.allow_dangerous_types)
        .root(v.ty);
    let kind = v.kind;
    let columns: Vec<CustomResourceColumnDefinition> = kind
        .printer_columns
        .iter()
        .map(|c| CustomResourceColumnDefinition {
            name: c.name.clone(),
            type_: c.type_.clone(),
            json_path: c.json_path.clone(),
            // `description=""` writes no key, as in controller-gen.
            description: c.description.clone().filter(|d| !d.is_empty()),
            format: c.format.clone(),
            priority: c.priority,
        })
        .collect();
    let selectable: Vec<SelectableField> = kind
        .selectable_fields
        .iter()
        .map(|path| SelectableField {
            json_path: path.clone(),
        })
        .collect();
    CustomResourceDefinitionVersion {
        name: v.version.name.clone(),
        served: kind.served,
        storage,
        deprecated: kind.deprecated.is_some().then_some(true),
        deprecation_warning: kind.deprecated.as_ref().and_then(|d| d.warning.clone()),
        subresources: subresources(kind),
        additional_printer_columns: (!columns.is_empty()).then_some(columns),
        selectable_fields: (!selectable.is_empty()).then_some(selectable),
        schema: Some(CustomResourceValidation {
            open_api_v3_schema: Some(schema),
        }),
    }
}

/// The version's subresources; `{}` without any where the version has
/// printer columns, as controller-gen (v0.23) writes it (its printer-column
/// marker makes the subresources object it would put them in).
fn subresources(kind: &Kind) -> Option<CustomResourceSubresources> {
    let status = kind
        .status_subresource
        .then(|| CustomResourceSubresourceStatus(serde_json::Value::Object(Default::default())));
    let scale = kind.scale.as_ref().map(|s| CustomResourceSubresourceScale {
        spec_replicas_path: s.spec_replicas_path.clone(),
        status_replicas_path: s.status_replicas_path.clone(),
        label_selector_path: s.label_selector_path.clone(),
    });
    (status.is_some() || scale.is_some() || !kind.printer_columns.is_empty())
        .then_some(CustomResourceSubresources { status, scale })
}
