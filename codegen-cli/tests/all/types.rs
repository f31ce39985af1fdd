//! Tests of the types, deep-copy and register emitters on hand-built models.
//!
//! The fixture-driven golden files and the compiled generated crates are checked
//! elsewhere (`tests/fixture-generated`, `generated/tests`); these tests pin the
//! decisions a reader of the generated code would notice.

use std::path::PathBuf;

use kube_codegen::emit::types::emit_types;
use kube_codegen::emit::{Content, EmitOptions, GeneratedFile};
use kube_codegen::model::*;

fn loc() -> Location {
    Location::default()
}

fn ext(path: &str) -> FieldType {
    FieldType::External(ExternalType::new(path))
}

fn local(name: &str) -> FieldType {
    FieldType::Local(name.to_owned())
}

fn opt(ty: FieldType) -> FieldType {
    FieldType::Option(Box::new(ty))
}

const OBJECT_META: &str = "k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta";
const CONDITION: &str = "k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition";

fn field(name: &str, ty: FieldType, serde: &[&str]) -> Field {
    Field {
        name: name.to_owned(),
        json_name: name.to_owned(),
        docs: vec![format!("The {name}.")],
        location: loc(),
        ty,
        ty_source: String::new(),
        serde_attrs: serde.iter().map(|s| s.to_string()).collect(),
        flatten: serde.iter().any(|s| s.contains("flatten")),
        serde_default: serde.iter().any(|s| s.contains("default")),
        skip: serde.contains(&"skip"),
        validation: Validation::default(),
        required_marker: None,
        nullable: false,
        alias: None,
        lossless: false,
        serializes_itself: false,
    }
}

fn derives(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn strukt(name: &str, fields: Vec<Field>) -> TypeDef {
    TypeDef {
        name: name.to_owned(),
        docs: vec![format!("{name} is a test type.")],
        location: loc(),
        derives: derives(&["Debug", "Default", "PartialEq", "Serialize", "Deserialize"]),
        deepcopy: true,
        validation: Validation::default(),
        body: TypeBody::Struct(StructDef {
            fields,
            ..StructDef::default()
        }),
        kind: None,
    }
}

fn kind(plural: &str, namespaced: bool) -> Kind {
    Kind {
        client: None,
        namespaced,
        plural: plural.to_owned(),
        singular: plural.trim_end_matches('s').to_owned(),
        short_names: vec!["ap".to_owned()],
        categories: vec![],
        status_subresource: true,
        scale: None,
        printer_columns: vec![],
        storage_version: true,
        deprecated: None,
        served: true,
        skip_version: false,
        selectable_fields: vec![],
        crd_annotations: Default::default(),
        crd_labels: Default::default(),
        conversion: None,
    }
}

fn variant(name: &str, is_default: bool) -> Variant {
    Variant {
        name: name.to_owned(),
        json_name: name.to_lowercase(),
        docs: vec![format!("{name}.")],
        serde_attrs: vec![],
        is_default,
        location: loc(),
        data: VariantData::Unit,
        other: false,
        skip: false,
    }
}

/// The App example as the parser models it.
fn app_api() -> Api {
    let mut app = strukt(
        "App",
        vec![
            field("metadata", ext(OBJECT_META), &[]),
            field("spec", local("AppSpec"), &[]),
            field(
                "status",
                opt(local("AppStatus")),
                &["default, skip_serializing_if = \"Option::is_none\""],
            ),
        ],
    );
    app.kind = Some(kind("apps", true));
    let spec = strukt(
        "AppSpec",
        vec![
            field("image", FieldType::String, &[]),
            field(
                "replicas",
                opt(FieldType::Integer {
                    bits: 32,
                    signed: true,
                }),
                &["default = \"default_replicas\""],
            ),
            field("phase", local("Phase"), &["default"]),
            field(
                "labels",
                FieldType::Map {
                    ordered: true,
                    key: Box::new(FieldType::String),
                    value: Box::new(FieldType::String),
                },
                &["default, skip_serializing_if = \"BTreeMap::is_empty\""],
            ),
        ],
    );
    let mut phase = TypeDef {
        name: "Phase".to_owned(),
        docs: vec!["Phase of an App.".to_owned()],
        location: loc(),
        derives: derives(&[
            "Copy",
            "Debug",
            "Default",
            "PartialEq",
            "Eq",
            "Serialize",
            "Deserialize",
        ]),
        deepcopy: true,
        validation: Validation::default(),
        body: TypeBody::Enum(EnumDef {
            rename_all: Some("lowercase".to_owned()),
            serde_attrs: vec!["rename_all = \"lowercase\"".to_owned()],
            variants: vec![variant("Pending", true), variant("Running", false)],
            tagging: Tagging::External,
        }),
        kind: None,
    };
    phase.derives.push("schemars::JsonSchema".to_owned());
    let mut status = strukt(
        "AppStatus",
        vec![
            field(
                "available_replicas",
                opt(FieldType::Integer {
                    bits: 32,
                    signed: true,
                }),
                &["default, skip_serializing_if = \"Option::is_none\""],
            ),
            field(
                "conditions",
                FieldType::Vec(Box::new(ext(CONDITION))),
                &["default, skip_serializing_if = \"Vec::is_empty\""],
            ),
        ],
    );
    if let TypeBody::Struct(def) = &mut status.body {
        def.rename_all = Some("camelCase".to_owned());
        def.serde_attrs = vec!["rename_all = \"camelCase\"".to_owned()];
    }
    let app_file = SourceFile {
        stem: "app".to_owned(),
        path: PathBuf::from("apis/src/myapp/v1/app.rs"),
        rel: PathBuf::from("myapp/v1/app.rs"),
        uses: vec![
            "use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;".to_owned(),
            "use serde::{Deserialize, Serialize};".to_owned(),
            "use schemars::JsonSchema;".to_owned(),
            "use super::AppStatus;".to_owned(),
        ],
        items: vec!["fn default_replicas() -> Option<i32> {\n    Some(1)\n}".to_owned()],
        types: vec![app, spec, phase],
        conversions: Vec::new(),
    };
    let status_file = SourceFile {
        stem: "status".to_owned(),
        path: PathBuf::from("apis/src/myapp/v1/status.rs"),
        rel: PathBuf::from("myapp/v1/status.rs"),
        uses: vec![
            "use k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition;".to_owned(),
            "use serde::{Deserialize, Serialize};".to_owned(),
        ],
        items: vec![],
        types: vec![status],
        conversions: Vec::new(),
    };
    Api {
        groups: vec![Group {
            name: "myapp.k8s.io".to_owned(),
            module: "myapp".to_owned(),
            go_name: None,
            versions: vec![Version {
                name: "v1".to_owned(),
                module: "v1".to_owned(),
                location: loc(),
                docs: vec!["The v1 API of myapp.".to_owned(), String::new()],
                deepcopy_package: true,
                skip_crds: false,
                aliases: Vec::new(),
                files: vec![app_file, status_file],
            }],
        }],
    }
}

fn render(file: &GeneratedFile) -> String {
    let Content::Rust(text) = &file.content else {
        panic!("{} is not Rust", file.path.display());
    };
    let parsed: syn::File = syn::parse_file(text)
        .unwrap_or_else(|e| panic!("{} does not parse: {e}\n{text}", file.path.display()));
    // Compared without the blank lines the emitter places between items.
    prettyplease::unparse(&parsed)
}

fn emitted(api: &Api) -> Vec<(String, String)> {
    emit_types(api, &EmitOptions::default())
        .iter()
        .map(|f| (f.path.display().to_string(), render(f)))
        .collect()
}

fn file<'a>(files: &'a [(String, String)], path: &str) -> &'a str {
    files
        .iter()
        .find(|(p, _)| p == path)
        .map(|(_, text)| text.as_str())
        .unwrap_or_else(|| {
            panic!(
                "no {path} among {:?}",
                files.iter().map(|f| &f.0).collect::<Vec<_>>()
            )
        })
}

#[test]
fn emits_one_file_per_input_file_and_a_mod_per_version_and_group() {
    let files = emitted(&app_api());
    let paths: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        paths,
        [
            "src/apis/mod.rs",
            "src/apis/myapp/mod.rs",
            "src/apis/myapp/v1/mod.rs",
            "src/apis/myapp/v1/app.rs",
            "src/apis/myapp/v1/status.rs",
        ]
    );
}

/// The version module of a one-group, one-version API.
fn only_version(api: &mut Api) -> &mut Version {
    &mut api.groups[0].versions[0]
}

fn find_type<'a>(api: &'a mut Api, name: &str) -> &'a mut TypeDef {
    only_version(api)
        .files
        .iter_mut()
        .flat_map(|f| f.types.iter_mut())
        .find(|t| t.name == name)
        .unwrap()
}

#[test]
fn types_keep_docs_derives_and_serde_attributes_but_not_clone_or_foreign_derives() {
    let files = emitted(&app_api());
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(app.contains("/// AppSpec is a test type.\n#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]\npub struct AppSpec {"), "{app}");
    // A `None` is left out of the wire form unless the user chose how it is
    // written (null safety: the API server rejects `null` under apply).
    assert!(app.contains("    /// The replicas.\n    #[serde(default = \"default_replicas\")]\n    #[serde(skip_serializing_if = \"Option::is_none\")]\n    pub replicas: Option<i32>,"), "{app}");
    // The enum keeps `Copy`, its `#[default]` variant and `rename_all`, and loses `JsonSchema`.
    assert!(app.contains("#[derive(Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]\n#[serde(rename_all = \"lowercase\")]\npub enum Phase {\n    /// Pending.\n    #[default]\n    Pending,"), "{app}");
    assert!(!app.contains("derive(Clone"), "{app}");
    assert!(
        !app.contains("JsonSchema"),
        "the dropped derive's `use` must go too:\n{app}"
    );
    // Verbatim items are copied, so `default = "default_replicas"` still resolves.
    assert!(
        app.contains("fn default_replicas() -> Option<i32> {\n    Some(1)\n}"),
        "{app}"
    );
}

#[test]
fn imports_are_what_the_output_uses_and_siblings_come_through_super() {
    let files = emitted(&app_api());
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    let uses: Vec<&str> = app.lines().filter(|l| l.starts_with("use ")).collect();
    assert_eq!(
        uses,
        [
            "use std::collections::BTreeMap;",
            "use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;",
            "use serde::{Deserialize, Serialize};",
            "use super::AppStatus;",
        ]
    );
    let status = file(&files, "src/apis/myapp/v1/status.rs");
    assert!(
        status.contains("pub conditions: Vec<Condition>,"),
        "{status}"
    );
}

#[test]
fn two_types_with_one_name_are_written_with_full_paths() {
    let mut api = app_api();
    let version = only_version(&mut api);
    // A local `Condition` in the status file next to k8s-openapi's.
    let mut local = strukt("Condition", vec![field("reason", FieldType::String, &[])]);
    local.derives = derives(&["Debug", "PartialEq"]);
    version.files[1].types.push(local);
    if let TypeBody::Struct(def) = &mut version.files[1].types[0].body {
        def.fields
            .push(field("local", opt(local_ty("Condition")), &[]));
    }
    let files = emitted(&api);
    let status = file(&files, "src/apis/myapp/v1/status.rs");
    assert!(
        status.contains(
            "pub conditions: Vec<k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition>,"
        ),
        "{status}"
    );
    assert!(status.contains("pub local: Option<Condition>,"), "{status}");
    assert!(!status.contains("use k8s_openapi"), "{status}");
}

fn local_ty(name: &str) -> FieldType {
    local(name)
}

#[test]
fn clone_copies_field_by_field_and_clone_from_reuses_the_fields() {
    let files = emitted(&app_api());
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    let expected = "impl Clone for AppSpec {
    #[inline]
    fn clone(&self) -> Self {
        Self {
            image: self.image.clone(),
            replicas: self.replicas,
            phase: self.phase,
            labels: self.labels.clone(),
        }
    }
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.image.clone_from(&source.image);
        self.replicas = source.replicas;
        self.phase = source.phase;
        self.labels.clone_from(&source.labels);
    }
}";
    assert!(app.contains(expected), "{app}");
    assert!(
        app.contains(
            "impl Clone for Phase {\n    #[inline]\n    fn clone(&self) -> Self {\n        *self\n    }\n}"
        ),
        "{app}"
    );
}

#[test]
fn enums_that_are_not_copy_clone_by_match() {
    let mut api = app_api();
    let phase = find_type(&mut api, "Phase");
    phase.derives.retain(|d| d != "Copy");
    let files = emitted(&api);
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(app.contains("match self {\n            Self::Pending => Self::Pending,\n            Self::Running => Self::Running,\n        }"), "{app}");
    // The spec's field of that type is now cloned, not copied.
    assert!(app.contains("phase: self.phase.clone(),"), "{app}");
}

#[test]
fn deepcopy_gen_false_means_no_clone_and_no_copy() {
    let mut api = app_api();
    find_type(&mut api, "Phase").deepcopy = false;
    let files = emitted(&api);
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(!app.contains("impl Clone for Phase"), "{app}");
    assert!(app.contains("#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]\n#[serde(rename_all = \"lowercase\")]\npub enum Phase"), "{app}");
}

#[test]
fn kinds_implement_k8s_openapi_resource_with_their_scope() {
    let files = emitted(&app_api());
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    let expected = r#"impl k8s_openapi::Resource for App {
    const API_VERSION: &'static str = "myapp.k8s.io/v1";
    const GROUP: &'static str = "myapp.k8s.io";
    const KIND: &'static str = "App";
    const VERSION: &'static str = "v1";
    const URL_PATH_SEGMENT: &'static str = "apps";
    type Scope = k8s_openapi::NamespaceResourceScope;
}
impl k8s_openapi::ListableResource for App {
    const LIST_KIND: &'static str = "AppList";
}
impl k8s_openapi::Metadata for App {
    type Ty = ObjectMeta;
    fn metadata(&self) -> &Self::Ty {
        &self.metadata
    }
    fn metadata_mut(&mut self) -> &mut Self::Ty {
        &mut self.metadata
    }
}"#;
    assert!(app.contains(expected), "{app}");
    assert!(
        app.contains("pub const PLURAL: &'static str = \"apps\";"),
        "{app}"
    );
    assert!(
        app.contains("pub const SHORT_NAMES: &'static [&'static str] = &[\"ap\"];"),
        "{app}"
    );
    assert!(app.contains("pub const NAMESPACED: bool = true;"), "{app}");

    let mut api = app_api();
    find_type(&mut api, "App").kind.as_mut().unwrap().namespaced = false;
    let files = emitted(&api);
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(
        app.contains("type Scope = k8s_openapi::ClusterResourceScope;"),
        "{app}"
    );
    assert!(app.contains("pub const NAMESPACED: bool = false;"), "{app}");
}

#[test]
fn core_group_kinds_have_a_bare_api_version() {
    let mut api = app_api();
    api.groups[0].name = String::new();
    let files = emitted(&api);
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(
        app.contains("const API_VERSION: &'static str = \"v1\";"),
        "{app}"
    );
}

#[test]
fn kinds_get_a_constructor_when_every_other_field_can_be_empty() {
    let files = emitted(&app_api());
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    let expected = "    pub fn new(name: &str, spec: AppSpec) -> Self {
        Self {
            metadata: ObjectMeta {
                name: Some(name.to_owned()),
                ..Default::default()
            },
            spec,
            status: None,
        }
    }";
    assert!(app.contains(expected), "{app}");

    // A required field whose type may have no `Default` (k8s-openapi's `Time`
    // has none): no constructor rather than one that does not compile.
    let mut api = app_api();
    if let TypeBody::Struct(def) = &mut find_type(&mut api, "App").body {
        def.fields.push(field(
            "created",
            ext("k8s_openapi::apimachinery::pkg::apis::meta::v1::Time"),
            &[],
        ));
    }
    let files = emitted(&api);
    assert!(!file(&files, "src/apis/myapp/v1/app.rs").contains("pub fn new("));

    // A kind without `spec` gets `new(name)`.
    let mut api = app_api();
    if let TypeBody::Struct(def) = &mut find_type(&mut api, "App").body {
        def.fields.retain(|f| f.name != "spec");
        def.fields.push(field("note", FieldType::String, &[]));
    }
    let files = emitted(&api);
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(app.contains("pub fn new(name: &str) -> Self {"), "{app}");
    assert!(app.contains("note: Default::default(),"), "{app}");
}

#[test]
fn helpers_the_user_already_wrote_are_not_generated_again() {
    let mut api = app_api();
    only_version(&mut api).files[0].items.push(
        "impl App {\n    pub const PLURAL: &'static str = \"apps\";\n    pub fn new(spec: AppSpec) -> Self { Self { spec, ..Default::default() } }\n}".to_owned(),
    );
    let files = emitted(&api);
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert_eq!(app.matches("pub const PLURAL").count(), 1, "{app}");
    assert_eq!(app.matches("pub fn new(").count(), 1, "{app}");
    assert!(app.contains("pub const SINGULAR"), "{app}");
}

#[test]
fn kinds_serialize_api_version_and_kind_unless_they_declare_them() {
    let files = emitted(&app_api());
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(
        app.contains("#[serde(remote = \"Self\")]\npub struct App {"),
        "{app}"
    );
    assert!(app.contains("impl serde::Serialize for App {"), "{app}");
    assert!(
        app.contains("impl<'de> serde::Deserialize<'de> for App {"),
        "{app}"
    );
    assert_eq!(
        app.matches("remote").count(),
        1,
        "only the kind is remote:\n{app}"
    );

    let mut api = app_api();
    if let TypeBody::Struct(def) = &mut find_type(&mut api, "App").body {
        let mut api_version = field(
            "api_version",
            FieldType::String,
            &["rename = \"apiVersion\""],
        );
        api_version.json_name = "apiVersion".to_owned();
        def.fields.insert(0, api_version);
        def.fields.insert(1, field("kind", FieldType::String, &[]));
    }
    let files = emitted(&api);
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(!app.contains("remote"), "{app}");
    assert!(!app.contains("impl serde::Serialize"), "{app}");
}

#[test]
fn serde_attributes_are_accepted_in_every_spelling() {
    let mut api = app_api();
    if let TypeBody::Struct(def) = &mut find_type(&mut api, "AppSpec").body {
        def.fields[0].serde_attrs = vec!["#[serde(rename = \"img\")]".to_owned()];
        def.fields[1].serde_attrs = vec!["serde(default)".to_owned()];
        def.fields[2].serde_attrs = vec!["skip".to_owned()];
        def.fields[2].skip = true;
        def.fields[2].serde_default = false;
    }
    let files = emitted(&api);
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(
        app.contains("#[serde(rename = \"img\")]\n    pub image: String,"),
        "{app}"
    );
    assert!(
        app.contains("#[serde(default)]\n    #[serde(skip_serializing_if = \"Option::is_none\")]\n    pub replicas: Option<i32>,"),
        "{app}"
    );
    assert!(
        app.contains("#[serde(skip)]\n    pub phase: Phase,"),
        "{app}"
    );
}

#[test]
fn flags_the_model_holds_apart_from_the_attributes_still_reach_the_output() {
    let mut api = app_api();
    if let TypeBody::Struct(def) = &mut find_type(&mut api, "AppStatus").body {
        def.serde_attrs.clear();
        def.default = true;
        def.fields[0].serde_attrs.clear();
        def.fields[0].flatten = true;
        def.fields[0].serde_default = false;
    }
    let files = emitted(&api);
    let status = file(&files, "src/apis/myapp/v1/status.rs");
    assert!(
        status.contains(
            "#[serde(rename_all = \"camelCase\")]\n#[serde(default)]\npub struct AppStatus"
        ),
        "{status}"
    );
    assert!(
        status.contains("#[serde(flatten)]\n    pub available_replicas"),
        "{status}"
    );
}

#[test]
fn version_module_reexports_files_and_registers_its_kinds() {
    let files = emitted(&app_api());
    let module = file(&files, "src/apis/myapp/v1/mod.rs");
    let expected = r#"//! The v1 API of myapp.
mod app;
pub use app::*;
mod status;
pub use status::*;
/// The API group of this version.
pub const GROUP: &str = "myapp.k8s.io";
/// The name of this version within its group.
pub const VERSION: &str = "v1";
/// `GROUP/VERSION`, the `apiVersion` of this version's objects.
pub const API_VERSION: &str = "myapp.k8s.io/v1";
"#;
    assert!(module.starts_with(expected), "{module}");
    assert!(
        module.contains(
            "pub const KINDS: &[kube_codegen_runtime::ResourceInfo] = &[\n    <App as kube_codegen_runtime::Kind>::INFO,\n];"
        ),
        "{module}"
    );
    let group = file(&files, "src/apis/myapp/mod.rs");
    assert!(group.contains("pub mod v1;"), "{group}");
    let apis = file(&files, "src/apis/mod.rs");
    assert!(
        apis.contains("#[cfg(feature = \"myapp\")]\npub mod myapp;"),
        "{apis}"
    );
    assert!(
        apis.contains("#[cfg(feature = \"myapp\")]\n        myapp::v1::KINDS,\n    ];"),
        "{apis}"
    );
    assert!(
        apis.contains("Item = &'static kube_codegen_runtime::ResourceInfo"),
        "{apis}"
    );
}

#[test]
fn a_file_with_nothing_public_is_declared_but_not_reexported() {
    let mut api = app_api();
    only_version(&mut api).files.push(SourceFile {
        stem: "defaults".to_owned(),
        path: PathBuf::from("apis/src/myapp/v1/defaults.rs"),
        rel: PathBuf::from("myapp/v1/defaults.rs"),
        uses: vec![],
        items: vec!["pub(crate) fn one() -> i32 { 1 }".to_owned()],
        types: vec![],
        conversions: Vec::new(),
    });
    let files = emitted(&api);
    let module = file(&files, "src/apis/myapp/v1/mod.rs");
    assert!(
        module.contains("mod defaults;\n/// The API group"),
        "{module}"
    );
}

#[test]
fn doc_lines_keep_their_indentation() {
    let mut api = app_api();
    find_type(&mut api, "AppSpec").docs = vec![
        "An example:".to_owned(),
        String::new(),
        "    let spec = AppSpec::default();".to_owned(),
    ];
    let files = emitted(&api);
    let app = file(&files, "src/apis/myapp/v1/app.rs");
    assert!(
        app.contains("/// An example:\n///\n///     let spec = AppSpec::default();\n"),
        "{app}"
    );
}

/// The rich fixture through the real parser: the shapes the hand-built models
/// above cannot vouch for (attribute spelling, `use` lists, verbatim items).
fn fixture() -> Vec<(String, String)> {
    let input = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixture-apis/src");
    let parsed = kube_codegen::parse::parse_dir(&input, &Default::default())
        .unwrap_or_else(|e| panic!("the fixture must parse:\n{e}"));
    emitted(&parsed.api)
}

#[test]
fn the_fixture_keeps_every_serde_shape_and_its_helper_functions() {
    let files = fixture();
    let crontab = file(&files, "src/apis/batch/v1/crontab.rs");
    for expected in [
        "    #[serde(flatten)]\n    pub retry: RetryPolicy,",
        "    #[serde(skip)]\n    pub local_only: u32,",
        "    #[serde(rename = \"type\")]\n    pub kind: String,",
        "    #[serde(default = \"default_attempts\")]\n    pub attempts: u32,",
        "fn default_attempts() -> u32 {\n    3\n}",
        "pub template: PodTemplateSpec,",
        "pub settings: Option<serde_json::Value>,",
        "use k8s_openapi::api::core::v1::{PodTemplateSpec, ResourceRequirements};",
    ] {
        assert!(
            crontab.contains(expected),
            "missing {expected:?} in\n{crontab}"
        );
    }
    let cluster = file(&files, "src/apis/infra/v1alpha1/cluster.rs");
    assert!(
        cluster.starts_with("use std::collections::{BTreeMap, HashMap};\n"),
        "{cluster}"
    );
    assert!(
        cluster.contains("type Scope = k8s_openapi::ClusterResourceScope;"),
        "{cluster}"
    );
    assert!(
        cluster.contains(
            "    /// Being torn down.\n    #[serde(rename = \"deleting\")]\n    Terminating,"
        ),
        "{cluster}"
    );
    let policy = file(&files, "src/apis/infra/v1alpha1/policy.rs");
    assert!(
        policy.contains("pub fn new(name: &str) -> Self {"),
        "Marker has no spec:\n{policy}"
    );
}

#[test]
fn the_fixture_versions_list_their_kinds_and_files() {
    let files = fixture();
    let batch = file(&files, "src/apis/batch/mod.rs");
    assert!(batch.contains("pub mod v1;\npub mod v1beta1;"), "{batch}");
    let v1beta1 = file(&files, "src/apis/batch/v1beta1/mod.rs");
    assert!(
        v1beta1.starts_with("//! Version v1beta1 of the batch fixture group"),
        "{v1beta1}"
    );
    assert!(
        !v1beta1.contains("+groupName"),
        "markers are not docs:\n{v1beta1}"
    );
    let apis = file(&files, "src/apis/mod.rs");
    assert!(
        apis.contains(
            "        #[cfg(feature = \"batch\")]\n        batch::v1::KINDS,\n        #[cfg(feature = \"batch\")]\n        batch::v1beta1::KINDS,\n        #[cfg(feature = \"fleet\")]\n        fleet::v2::KINDS,\n"
        ),
        "{apis}"
    );
}
