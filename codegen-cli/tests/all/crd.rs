//! The CRD emitter over hand-built models: YAML shape, schemas for every Rust type
//! and marker, external k8s-openapi types, versions, errors, the structural checker
//! and determinism. Whole files expected are under `tests/expected/`.
//!
//! Re-bless: KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-cli --test all crd::

use std::path::PathBuf;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube_codegen::emit::crd::{
    Crd, CrdError, CrdOptions, build_crds, build_crds_with, check_structural, emit_crds,
};
use kube_codegen::emit::{Content, EmitOptions};
use kube_codegen::model::*;
use serde_json::{Value, json};

use crate::support::expect::expect_file;

// ---------------------------------------------------------------- model builders

fn loc(line: usize) -> Location {
    Location {
        file: PathBuf::from("apis/src/demo/v1/widget.rs"),
        line,
        column: 1,
    }
}

/// Doc lines as the parser leaves them (the space after `///` dropped).
fn docs(text: &str) -> Vec<String> {
    text.lines().map(str::to_owned).collect()
}

fn field(name: &str, ty: FieldType) -> Field {
    Field {
        name: name.to_owned(),
        json_name: name.to_owned(),
        docs: Vec::new(),
        location: loc(10),
        ty,
        ty_source: String::new(),
        serde_attrs: Vec::new(),
        flatten: false,
        serde_default: false,
        skip: false,
        validation: Validation::default(),
        required_marker: None,
        nullable: false,
        alias: None,
        lossless: false,
        serializes_itself: false,
    }
}

fn documented(mut f: Field, text: &str) -> Field {
    f.docs = docs(text);
    f
}

fn validated(mut f: Field, validation: Validation) -> Field {
    f.validation = validation;
    f
}

fn optional(inner: FieldType) -> FieldType {
    FieldType::Option(Box::new(inner))
}

fn local(name: &str) -> FieldType {
    FieldType::Local(name.to_owned())
}

fn external(path: &str) -> FieldType {
    FieldType::External(ExternalType::new(path))
}

const OBJECT_META: &str = "k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta";

fn int32() -> FieldType {
    FieldType::Integer {
        bits: 32,
        signed: true,
    }
}

fn strukt(name: &str, doc: &str, fields: Vec<Field>) -> TypeDef {
    TypeDef {
        name: name.to_owned(),
        docs: docs(doc),
        location: loc(5),
        derives: Vec::new(),
        deepcopy: true,
        validation: Validation::default(),
        body: TypeBody::Struct(StructDef {
            fields,
            ..Default::default()
        }),
        kind: None,
    }
}

fn unit_enum(name: &str, doc: &str, variants: &[&str]) -> TypeDef {
    TypeDef {
        body: TypeBody::Enum(EnumDef {
            variants: variants
                .iter()
                .map(|v| Variant {
                    name: (*v).to_owned(),
                    json_name: (*v).to_owned(),
                    docs: Vec::new(),
                    serde_attrs: Vec::new(),
                    is_default: false,
                    location: loc(30),
                    data: VariantData::Unit,
                    other: false,
                    skip: false,
                })
                .collect(),
            ..Default::default()
        }),
        ..strukt(name, doc, Vec::new())
    }
}

fn kind_info(plural: &str) -> Kind {
    Kind {
        client: None,
        namespaced: true,
        plural: plural.to_owned(),
        singular: plural.trim_end_matches('s').to_owned(),
        short_names: Vec::new(),
        categories: Vec::new(),
        status_subresource: false,
        scale: None,
        printer_columns: Vec::new(),
        storage_version: false,
        deprecated: None,
        served: true,
        skip_version: false,
        selectable_fields: Vec::new(),
        crd_annotations: Default::default(),
        crd_labels: Default::default(),
        conversion: None,
    }
}

/// A kind type with `metadata`, `spec: <Name>Spec` and, when `status` is set,
/// `status: Option<<Name>Status>`.
fn kind_type(name: &str, kind: Kind, status: bool) -> TypeDef {
    let mut fields = vec![
        field("metadata", external(OBJECT_META)),
        documented(
            field("spec", local(&format!("{name}Spec"))),
            "Desired state.",
        ),
    ];
    if status {
        let mut f = documented(
            field("status", optional(local(&format!("{name}Status")))),
            "Observed state.",
        );
        f.serde_default = true;
        fields.push(f);
    }
    TypeDef {
        kind: Some(kind),
        ..strukt(name, &format!("{name} is a test kind."), fields)
    }
}

fn version(name: &str, types: Vec<TypeDef>) -> Version {
    Version {
        name: name.to_owned(),
        module: name.to_owned(),
        location: loc(1),
        docs: Vec::new(),
        deepcopy_package: true,
        skip_crds: false,
        aliases: Vec::new(),
        files: vec![SourceFile {
            stem: "types".to_owned(),
            path: PathBuf::from(format!("apis/src/demo/{name}/types.rs")),
            rel: PathBuf::from(format!("demo/{name}/types.rs")),
            uses: Vec::new(),
            items: Vec::new(),
            types,
            conversions: Vec::new(),
        }],
    }
}

fn api(group: &str, versions: Vec<Version>) -> Api {
    Api {
        groups: vec![Group {
            name: group.to_owned(),
            module: group.split('.').next().unwrap_or(group).to_owned(),
            go_name: None,
            versions,
        }],
    }
}

// ---------------------------------------------------------------- helpers

/// The CRDs of `api`, floats allowed (several inputs here have float fields).
fn build_crds_floats_ok(api: &Api) -> Result<Vec<Crd>, Vec<CrdError>> {
    // hack/update-codegen.sh passes the fixture's conversion webhook too.
    let options = CrdOptions {
        allow_dangerous_types: true,
        conversion_webhook: Some(WebhookClient::Service {
            namespace: "fixture-system".to_owned(),
            name: "fixture-webhook".to_owned(),
            path: Some("/convert".to_owned()),
            port: Some(9443),
        }),
        ..CrdOptions::default()
    };
    build_crds_with(api, &options)
}

fn only_crd(api: &Api) -> Crd {
    let mut crds = build_crds_floats_ok(api).unwrap_or_else(|errors| panic!("{errors:#?}"));
    assert_eq!(crds.len(), 1, "expected one CRD");
    crds.remove(0)
}

fn assert_structural(crd: &Crd) {
    let problems = check_structural(&crd.definition);
    assert!(problems.is_empty(), "{}: {problems:#?}", crd.name);
}

/// The root schema of version `i` as JSON, for path lookups.
fn root_json(crd: &Crd, i: usize) -> Value {
    let schema = crd.definition.spec.versions[i]
        .schema
        .as_ref()
        .and_then(|s| s.open_api_v3_schema.as_ref())
        .expect("schema");
    serde_json::to_value(schema).unwrap()
}

/// `root.properties.a.properties.b` for `prop(&root, &["a", "b"])`.
fn prop<'v>(root: &'v Value, path: &[&str]) -> &'v Value {
    path.iter().fold(root, |node, name| {
        node.get("properties")
            .and_then(|p| p.get(*name))
            .unwrap_or_else(|| panic!("no property {name} in {node}"))
    })
}

fn text_of(content: &Content) -> &str {
    match content {
        Content::Text(text) => text,
        Content::Rust(_) | Content::Tokens(_) => panic!("expected text"),
    }
}

// ---------------------------------------------------------------- a small kind, exactly

fn widget_api() -> Api {
    let mut kind = kind_info("widgets");
    kind.short_names = vec!["wd".to_owned()];
    kind.categories = vec!["all".to_owned()];
    kind.status_subresource = true;
    kind.printer_columns = vec![PrinterColumn {
        name: "Size".to_owned(),
        type_: "integer".to_owned(),
        json_path: ".spec.size".to_owned(),
        description: None,
        format: None,
        priority: None,
    }];
    let spec = strukt(
        "WidgetSpec",
        "WidgetSpec is the desired state.",
        vec![
            validated(
                documented(field("size", int32()), "How big.\nAt least one."),
                Validation {
                    minimum: Some(1.0),
                    ..Default::default()
                },
            ),
            documented(field("color", optional(local("Color"))), "Paint."),
        ],
    );
    let status = strukt(
        "WidgetStatus",
        "WidgetStatus is the observed state.",
        vec![{
            let mut f = documented(field("ready", FieldType::Bool), "Whether it is ready.");
            f.serde_default = true;
            f
        }],
    );
    let color = unit_enum("Color", "Color of a widget.", &["Red", "Blue"]);
    api(
        "demo.example.com",
        vec![version(
            "v1",
            vec![kind_type("Widget", kind, true), spec, status, color],
        )],
    )
}

#[test]
fn small_kind_renders_exactly_like_controller_gen() {
    let crd = only_crd(&widget_api());
    assert_eq!(
        crd.path,
        PathBuf::from("crds/demo.example.com_widgets.yaml")
    );
    let yaml = crd.to_yaml();
    expect_file!("tests/expected/demo.example.com_widgets.yaml", yaml);
    assert_structural(&crd);
}

#[test]
fn yaml_parses_back_into_the_same_crd() {
    let crd = only_crd(&widget_api());
    let parsed: CustomResourceDefinition = serde_saphyr::from_str(&crd.to_yaml()).unwrap();
    assert_eq!(parsed, crd.definition);
}

#[test]
fn emitting_twice_gives_identical_bytes() {
    let first = emit_crds(&widget_api(), &EmitOptions::default()).unwrap();
    let second = emit_crds(&widget_api(), &EmitOptions::default()).unwrap();
    assert_eq!(first.len(), second.len());
    for (a, b) in first.iter().zip(&second) {
        assert_eq!(a.path, b.path);
        match (&a.content, &b.content) {
            (Content::Text(x), Content::Text(y)) => assert_eq!(x, y),
            (Content::Rust(x), Content::Rust(y)) => assert_eq!(x, y),
            _ => panic!("content kinds differ"),
        }
    }
}

// ---------------------------------------------------------------- scope, versions, names

#[test]
fn cluster_scoped_kind_has_cluster_scope() {
    let mut kind = kind_info("regions");
    kind.namespaced = false;
    let spec = strukt("RegionSpec", "", vec![field("zone", FieldType::String)]);
    let crd = only_crd(&api(
        "geo.example.com",
        vec![version("v1", vec![kind_type("Region", kind, false), spec])],
    ));
    assert_eq!(crd.definition.spec.scope, "Cluster");
    assert_eq!(crd.name, "regions.geo.example.com");
    assert!(crd.definition.spec.versions[0].subresources.is_none());
    assert_structural(&crd);
}

fn two_version_api(v1_storage: bool, beta_storage: bool) -> Api {
    let mut v1_kind = kind_info("jobs");
    v1_kind.storage_version = v1_storage;
    v1_kind.short_names = vec!["jb".to_owned()];
    let mut beta_kind = kind_info("jobs");
    beta_kind.storage_version = beta_storage;
    beta_kind.short_names = vec!["jb".to_owned(), "oldjob".to_owned()];
    beta_kind.deprecated = Some(Deprecation {
        warning: Some("demo.example.com/v1beta1 Job is deprecated; use v1".to_owned()),
    });
    // The specs differ; `+kubebuilder:conversion:lossless` acknowledges it
    // (the tests of the check itself are in `conversion_tests`).
    let lossless = |mut f: Field| {
        f.lossless = true;
        f
    };
    let v1_spec = strukt(
        "JobSpec",
        "",
        vec![lossless(field("image", FieldType::String))],
    );
    let beta_spec = strukt(
        "JobSpec",
        "",
        vec![lossless(field("command", FieldType::String))],
    );
    api(
        "demo.example.com",
        vec![
            version("v1", vec![kind_type("Job", v1_kind, false), v1_spec]),
            version(
                "v1beta1",
                vec![kind_type("Job", beta_kind, false), beta_spec],
            ),
        ],
    )
}

#[test]
fn versions_of_a_kind_merge_into_one_crd_with_one_storage_version() {
    let crd = only_crd(&two_version_api(true, false));
    let versions = &crd.definition.spec.versions;
    let names: Vec<&str> = versions.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["v1", "v1beta1"], "model order is kept");
    assert!(versions[0].storage && !versions[1].storage);
    assert!(versions[0].served && versions[1].served);
    assert_eq!(versions[0].deprecated, None);
    assert_eq!(versions[1].deprecated, Some(true));
    assert_eq!(
        versions[1].deprecation_warning.as_deref(),
        Some("demo.example.com/v1beta1 Job is deprecated; use v1")
    );
    assert_eq!(
        crd.definition.spec.names.short_names,
        Some(vec!["jb".to_owned(), "oldjob".to_owned()])
    );
    // Each version keeps its own schema.
    assert!(prop(&root_json(&crd, 0), &["spec", "image"]).is_object());
    assert!(prop(&root_json(&crd, 1), &["spec", "command"]).is_object());
    assert_structural(&crd);

    let yaml = crd.to_yaml();
    assert!(yaml.contains("  - deprecated: true\n    deprecationWarning: demo.example.com/v1beta1 Job is deprecated; use v1\n"), "{yaml}");
}

#[test]
fn storage_version_must_be_unambiguous() {
    let errors = build_crds(&two_version_api(false, false)).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(
        errors[0].to_string(),
        "apis/src/demo/v1/widget.rs:5:1: Job has versions v1, v1beta1 but none is marked \
         +kubebuilder:storageversion; mark exactly one"
    );
    let errors = build_crds(&two_version_api(true, true)).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0]
            .message
            .contains("Job is marked +kubebuilder:storageversion in both v1 and v1beta1"),
        "{}",
        errors[0]
    );
}

#[test]
fn versions_must_agree_on_scope() {
    let mut api = two_version_api(true, false);
    let beta = &mut api.groups[0].versions[1].files[0].types[0];
    beta.kind.as_mut().unwrap().namespaced = false;
    let errors = build_crds(&api).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].message.contains("Job in v1beta1 is Cluster with plural \"jobs\", but in the storage version v1 it is Namespaced"),
        "{}",
        errors[0]
    );
}

#[test]
fn printer_columns_scale_and_selectable_fields_come_from_the_kind() {
    let mut kind = kind_info("pools");
    kind.status_subresource = true;
    kind.scale = Some(ScaleSubresource {
        spec_replicas_path: ".spec.replicas".to_owned(),
        status_replicas_path: ".status.replicas".to_owned(),
        label_selector_path: Some(".status.selector".to_owned()),
    });
    kind.printer_columns = vec![PrinterColumn {
        name: "Last".to_owned(),
        type_: "date".to_owned(),
        json_path: ".status.lastTime".to_owned(),
        description: Some("When it last ran".to_owned()),
        format: Some("date-time".to_owned()),
        priority: Some(1),
    }];
    kind.selectable_fields = vec![".spec.tier".to_owned()];
    let spec = strukt(
        "PoolSpec",
        "",
        vec![field("replicas", int32()), field("tier", FieldType::String)],
    );
    let status = strukt(
        "PoolStatus",
        "",
        vec![
            field("replicas", int32()),
            field("selector", FieldType::String),
            field(
                "lastTime",
                optional(external(
                    "k8s_openapi::apimachinery::pkg::apis::meta::v1::Time",
                )),
            ),
        ],
    );
    let crd = only_crd(&api(
        "demo.example.com",
        vec![version(
            "v1",
            vec![kind_type("Pool", kind, true), spec, status],
        )],
    ));
    let yaml = crd.to_yaml();
    assert!(yaml.contains(
        "  - additionalPrinterColumns:\n    - description: When it last ran\n      format: date-time\n      jsonPath: .status.lastTime\n      name: Last\n      priority: 1\n      type: date\n"
    ), "{yaml}");
    assert!(
        yaml.contains("    selectableFields:\n    - jsonPath: .spec.tier\n"),
        "{yaml}"
    );
    assert!(yaml.contains(
        "    subresources:\n      scale:\n        labelSelectorPath: .status.selector\n        specReplicasPath: .spec.replicas\n        statusReplicasPath: .status.replicas\n      status: {}\n"
    ), "{yaml}");
    assert_structural(&crd);
}

// ---------------------------------------------------------------- Rust types → schemas

/// One kind `Thing` whose spec holds `fields`, plus `extra` types.
fn thing(fields: Vec<Field>, extra: Vec<TypeDef>) -> Api {
    let mut types = vec![
        kind_type("Thing", kind_info("things"), false),
        strukt("ThingSpec", "", fields),
    ];
    types.extend(extra);
    api("demo.example.com", vec![version("v1", types)])
}

fn spec_of(api: &Api) -> (Crd, Value) {
    let crd = only_crd(api);
    let spec = prop(&root_json(&crd, 0), &["spec"]).clone();
    (crd, spec)
}

#[test]
fn scalar_collection_and_wrapper_types_map_like_kubernetes() {
    let uint = |bits| FieldType::Integer {
        bits,
        signed: false,
    };
    let sint = |bits| FieldType::Integer { bits, signed: true };
    let vec_of = |t: FieldType| FieldType::Vec(Box::new(t));
    let map_of = |t: FieldType| FieldType::Map {
        ordered: true,
        key: Box::new(FieldType::String),
        value: Box::new(t),
    };
    let (crd, spec) = spec_of(&thing(
        vec![
            field("name", FieldType::String),
            field("on", FieldType::Bool),
            field("small", sint(16)),
            field("count", sint(32)),
            field("big", sint(64)),
            field("port", uint(16)),
            field("bytes", uint(32)),
            field("huge", uint(64)),
            field("ratio", FieldType::Float { bits: 32 }),
            field("precise", FieldType::Float { bits: 64 }),
            field("data", vec_of(uint(8))),
            Field {
                serializes_itself: true,
                ..field("encoded", vec_of(uint(8)))
            },
            field("cert", external("k8s_openapi::ByteString")),
            field("certs", vec_of(external("k8s_openapi::ByteString"))),
            field("nested", optional(vec_of(map_of(vec_of(sint(64)))))),
            field("boxed", FieldType::Boxed(Box::new(FieldType::String))),
            field("anything", FieldType::Json),
        ],
        vec![],
    ));
    let expect = |name: &str, schema: Value| {
        assert_eq!(prop(&spec, &[name]), &schema, "{name}");
    };
    expect("name", json!({ "type": "string" }));
    expect("on", json!({ "type": "boolean" }));
    // Types narrower than their format carry their bounds.
    expect(
        "small",
        json!({ "type": "integer", "format": "int32", "minimum": -32768.0, "maximum": 32767.0 }),
    );
    expect("count", json!({ "type": "integer", "format": "int32" }));
    expect("big", json!({ "type": "integer", "format": "int64" }));
    expect(
        "port",
        json!({ "type": "integer", "format": "int32", "minimum": 0.0, "maximum": 65535.0 }),
    );
    expect(
        "bytes",
        json!({ "type": "integer", "format": "int64", "minimum": 0.0, "maximum": 4294967295.0 }),
    );
    expect(
        "huge",
        json!({ "type": "integer", "format": "int64", "minimum": 0.0 }),
    );
    // Floats as controller-gen writes them with `allowDangerousTypes`: no format.
    expect("ratio", json!({ "type": "number" }));
    expect("precise", json!({ "type": "number" }));
    // What serde writes: a `Vec<u8>` is a list of numbers, unless the field
    // writes it itself (as base64, Go's `[]byte`), and then it is left out when
    // empty (the server refuses `""` for `format: byte`) like a `ByteString`.
    expect(
        "data",
        json!({ "type": "array", "items": { "type": "integer", "format": "int32", "minimum": 0.0, "maximum": 255.0 } }),
    );
    expect("encoded", json!({ "type": "string", "format": "byte" }));
    expect("cert", json!({ "type": "string", "format": "byte" }));
    // Items serde writes even when empty: the same base64 check, `""` allowed.
    expect(
        "certs",
        json!({
            "type": "array",
            "items": {
                "type": "string",
                "pattern": "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$",
            },
        }),
    );
    expect(
        "nested",
        json!({
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": {
                    "type": "array",
                    "items": { "type": "integer", "format": "int64" },
                },
            },
        }),
    );
    expect("boxed", json!({ "type": "string" }));
    expect(
        "anything",
        json!({ "x-kubernetes-preserve-unknown-fields": true }),
    );
    // Non-Option fields without defaults are required, in field order; Option is not.
    assert_eq!(
        spec["required"],
        json!([
            "name", "on", "small", "count", "big", "port", "bytes", "huge", "ratio", "precise",
            "data", "certs", "boxed", "anything"
        ])
    );
    assert_structural(&crd);
}

#[test]
fn requiredness_follows_markers_option_and_serde_default() {
    let mut defaulted = field("defaulted", FieldType::String);
    defaulted.serde_default = true;
    let mut marked_optional = field("markedOptional", FieldType::String);
    marked_optional.required_marker = Some(false);
    let mut marked_required = field("markedRequired", optional(FieldType::String));
    marked_required.required_marker = Some(true);
    let mut skipped_when_empty = field("list", FieldType::Vec(Box::new(FieldType::String)));
    skipped_when_empty.serde_attrs = vec!["skip_serializing_if = \"Vec::is_empty\"".to_owned()];
    let with_default = validated(
        field("withDefault", int32()),
        Validation {
            default: Some(json!(3)),
            ..Default::default()
        },
    );
    let mut hidden = field("hidden", FieldType::String);
    hidden.skip = true;
    let mut renamed = field("renamed_field", FieldType::String);
    renamed.json_name = "renamedField".to_owned();
    let (crd, spec) = spec_of(&thing(
        vec![
            field("plain", FieldType::String),
            defaulted,
            marked_optional,
            marked_required,
            skipped_when_empty,
            with_default,
            hidden,
            renamed,
        ],
        vec![],
    ));
    // A `+kubebuilder:default` leaves a field required, as in controller-gen:
    // the API server defaults before it checks `required`.
    assert_eq!(
        spec["required"],
        json!(["plain", "markedRequired", "withDefault", "renamedField"])
    );
    assert!(
        spec["properties"].get("hidden").is_none(),
        "serde(skip) fields are not in the schema"
    );
    assert!(spec["properties"].get("renamed_field").is_none());
    assert_eq!(prop(&spec, &["withDefault"])["default"], json!(3));
    // The root requires spec (non-optional) but never metadata.
    assert_eq!(root_json(&crd, 0)["required"], json!(["spec"]));
    assert_structural(&crd);
}

#[test]
fn enums_become_string_enums_and_type_markers_apply_where_used() {
    let mut engine = unit_enum(
        "Engine",
        "Engine is the database engine.",
        &["postgres", "mysql"],
    );
    engine.validation.enum_values = Some(vec![json!("postgres")]);
    let mut policy = unit_enum("Policy", "Policy says what to do.", &["Allow", "Forbid"]);
    policy.validation.x_validations = vec![XValidation {
        rule: "self != 'Forbid' || true".to_owned(),
        message: None,
        message_expression: None,
        reason: None,
        field_path: None,
        optional_old_self: None,
        marker: None,
    }];
    let (crd, spec) = spec_of(&thing(
        vec![
            field("engine", local("Engine")),
            documented(
                field("policy", optional(local("Policy"))),
                "What to do on overlap.",
            ),
            validated(
                field("otherPolicy", local("Policy")),
                Validation {
                    enum_values: Some(vec![json!("Allow")]),
                    x_validations: vec![XValidation {
                        rule: "self == 'Allow'".to_owned(),
                        message: Some("only Allow".to_owned()),
                        message_expression: None,
                        reason: None,
                        field_path: None,
                        optional_old_self: None,
                        marker: None,
                    }],
                    ..Default::default()
                },
            ),
        ],
        vec![engine, policy],
    ));
    assert_eq!(
        prop(&spec, &["engine"]),
        &json!({ "type": "string", "enum": ["postgres"], "description": "Engine is the database engine." })
    );
    let policy = prop(&spec, &["policy"]);
    assert_eq!(policy["enum"], json!(["Allow", "Forbid"]));
    assert_eq!(
        policy["description"],
        json!("What to do on overlap."),
        "field docs win"
    );
    let other = prop(&spec, &["otherPolicy"]);
    assert_eq!(
        other["enum"],
        json!(["Allow"]),
        "field markers win over type markers"
    );
    assert_eq!(
        other["x-kubernetes-validations"],
        json!([{ "rule": "self != 'Forbid' || true" }, { "rule": "self == 'Allow'", "message": "only Allow" }]),
        "rules of the type and the field both apply"
    );
    assert_structural(&crd);
}

#[test]
fn flattened_structs_merge_their_fields_into_the_parent() {
    let mut retry = strukt(
        "RetryPolicy",
        "",
        vec![
            field("attempts", int32()),
            field("backoffSeconds", optional(int32())),
        ],
    );
    retry.validation.x_validations = vec![XValidation {
        rule: "self.attempts > 0".to_owned(),
        message: None,
        message_expression: None,
        reason: None,
        field_path: None,
        optional_old_self: None,
        marker: None,
    }];
    let mut flattened = field("retry", local("RetryPolicy"));
    flattened.flatten = true;
    let mut extra = field(
        "extra",
        FieldType::Map {
            ordered: true,
            key: Box::new(FieldType::String),
            value: Box::new(FieldType::String),
        },
    );
    extra.flatten = true;
    let (crd, spec) = spec_of(&thing(
        vec![field("schedule", FieldType::String), flattened, extra],
        vec![retry],
    ));
    let names: Vec<&String> = spec["properties"].as_object().unwrap().keys().collect();
    assert_eq!(names, ["attempts", "backoffSeconds", "schedule"]);
    assert_eq!(spec["required"], json!(["schedule", "attempts"]));
    assert_eq!(
        spec["x-kubernetes-validations"],
        json!([{ "rule": "self.attempts > 0" }])
    );
    assert_eq!(
        spec["x-kubernetes-preserve-unknown-fields"],
        json!(true),
        "a flattened map keeps unknown fields"
    );
    assert_structural(&crd);
}

#[test]
fn recursive_types_are_cut_with_preserve_unknown_fields() {
    let node = strukt(
        "Node",
        "Node is a tree node.",
        vec![
            field("value", FieldType::String),
            field("children", FieldType::Vec(Box::new(local("Node")))),
            field("next", optional(FieldType::Boxed(Box::new(local("Node"))))),
        ],
    );
    let (crd, spec) = spec_of(&thing(vec![field("root", local("Node"))], vec![node]));
    let root = prop(&spec, &["root"]);
    assert_eq!(root["properties"]["value"], json!({ "type": "string" }));
    let cut = json!({
        "type": "object",
        "description": "Node is a tree node.",
        "x-kubernetes-preserve-unknown-fields": true,
    });
    assert_eq!(root["properties"]["children"]["items"], cut);
    assert_eq!(root["properties"]["next"], cut);
    assert_structural(&crd);
}

// ---------------------------------------------------------------- validation markers

#[test]
fn every_validation_marker_lands_in_the_schema() {
    let v = |validation: Validation| validation;
    let string_list = FieldType::Vec(Box::new(FieldType::String));
    let target = strukt(
        "Target",
        "",
        vec![
            field("name", FieldType::String),
            field("url", FieldType::String),
        ],
    );
    let (crd, spec) = spec_of(&thing(
        vec![
            validated(
                field("number", FieldType::Float { bits: 64 }),
                v(Validation {
                    minimum: Some(0.0),
                    maximum: Some(1.0),
                    exclusive_minimum: Some(true),
                    exclusive_maximum: Some(true),
                    multiple_of: Some(0.05),
                    ..Default::default()
                }),
            ),
            validated(
                field("text", FieldType::String),
                v(Validation {
                    min_length: Some(1),
                    max_length: Some(63),
                    pattern: Some("^[a-z]+$".to_owned()),
                    format: Some("hostname".to_owned()),
                    title: Some("Text".to_owned()),
                    ..Default::default()
                }),
            ),
            validated(
                field("choice", FieldType::String),
                v(Validation {
                    enum_values: Some(vec![json!("a"), json!("b")]),
                    default: Some(json!("a")),
                    ..Default::default()
                }),
            ),
            validated(
                field("tags", string_list.clone()),
                v(Validation {
                    min_items: Some(1),
                    max_items: Some(10),
                    unique_items: Some(true),
                    ..Default::default()
                }),
            ),
            validated(
                field("atomicList", string_list.clone()),
                v(Validation {
                    list_type: Some("atomic".to_owned()),
                    ..Default::default()
                }),
            ),
            validated(
                field("targets", FieldType::Vec(Box::new(local("Target")))),
                v(Validation {
                    list_type: Some("map".to_owned()),
                    list_map_keys: vec!["name".to_owned()],
                    ..Default::default()
                }),
            ),
            validated(
                field(
                    "labels",
                    FieldType::Map {
                        ordered: true,
                        key: Box::new(FieldType::String),
                        value: Box::new(FieldType::String),
                    },
                ),
                v(Validation {
                    min_properties: Some(1),
                    max_properties: Some(32),
                    map_type: Some("granular".to_owned()),
                    ..Default::default()
                }),
            ),
            validated(
                field("target", local("Target")),
                v(Validation {
                    struct_type: Some("atomic".to_owned()),
                    x_validations: vec![XValidation {
                        rule: "self.name != ''".to_owned(),
                        message: Some("name must be set".to_owned()),
                        message_expression: Some("'bad ' + self.name".to_owned()),
                        reason: Some("FieldValueInvalid".to_owned()),
                        field_path: Some(".name".to_owned()),
                        optional_old_self: None,
                        marker: None,
                    }],
                    ..Default::default()
                }),
            ),
            validated(
                field("raw", FieldType::Json),
                v(Validation {
                    preserve_unknown_fields: true,
                    ..Default::default()
                }),
            ),
            validated(
                field("object", optional(FieldType::Json)),
                v(Validation {
                    embedded_resource: true,
                    preserve_unknown_fields: true,
                    ..Default::default()
                }),
            ),
            validated(
                field("port", FieldType::String),
                v(Validation {
                    int_or_string: true,
                    ..Default::default()
                }),
            ),
            validated(
                field("window", int32()),
                v(Validation {
                    type_override: Some("string".to_owned()),
                    format: Some("time-range".to_owned()),
                    ..Default::default()
                }),
            ),
            {
                let mut f = field("maybe", optional(FieldType::String));
                f.nullable = true;
                f
            },
        ],
        vec![target],
    ));
    let expect = |name: &str, schema: Value| {
        assert_eq!(prop(&spec, &[name]), &schema, "{name}");
    };
    expect(
        "number",
        json!({
            "type": "number",
            "minimum": 0.0, "maximum": 1.0, "exclusiveMinimum": true, "exclusiveMaximum": true,
            "multipleOf": 0.05,
        }),
    );
    expect(
        "text",
        json!({
            "type": "string", "minLength": 1, "maxLength": 63, "pattern": "^[a-z]+$",
            "format": "hostname", "title": "Text",
        }),
    );
    expect(
        "choice",
        json!({ "type": "string", "enum": ["a", "b"], "default": "a" }),
    );
    expect(
        "tags",
        json!({
            "type": "array", "items": { "type": "string" }, "minItems": 1, "maxItems": 10,
            "x-kubernetes-list-type": "set",
        }),
    );
    expect(
        "atomicList",
        json!({ "type": "array", "items": { "type": "string" }, "x-kubernetes-list-type": "atomic" }),
    );
    let targets = prop(&spec, &["targets"]);
    assert_eq!(targets["x-kubernetes-list-type"], json!("map"));
    assert_eq!(targets["x-kubernetes-list-map-keys"], json!(["name"]));
    expect(
        "labels",
        json!({
            "type": "object", "additionalProperties": { "type": "string" },
            "minProperties": 1, "maxProperties": 32, "x-kubernetes-map-type": "granular",
        }),
    );
    let target = prop(&spec, &["target"]);
    assert_eq!(target["x-kubernetes-map-type"], json!("atomic"));
    assert_eq!(
        target["x-kubernetes-validations"],
        json!([{
            "rule": "self.name != ''", "message": "name must be set",
            "messageExpression": "'bad ' + self.name", "reason": "FieldValueInvalid",
            "fieldPath": ".name",
        }])
    );
    expect(
        "raw",
        json!({ "x-kubernetes-preserve-unknown-fields": true }),
    );
    expect(
        "object",
        json!({
            "type": "object", "x-kubernetes-embedded-resource": true,
            "x-kubernetes-preserve-unknown-fields": true,
        }),
    );
    expect(
        "port",
        json!({
            "anyOf": [{ "type": "integer" }, { "type": "string" }],
            "x-kubernetes-int-or-string": true,
        }),
    );
    expect(
        "window",
        json!({ "type": "string", "format": "time-range" }),
    );
    expect("maybe", json!({ "type": "string", "nullable": true }));
    assert_structural(&crd);
}

#[test]
fn unique_items_conflicting_with_atomic_list_is_an_error() {
    let errors = build_crds(&thing(
        vec![validated(
            field("tags", FieldType::Vec(Box::new(FieldType::String))),
            Validation {
                unique_items: Some(true),
                list_type: Some("atomic".to_owned()),
                ..Default::default()
            },
        )],
        vec![],
    ))
    .unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0]
            .message
            .contains("UniqueItems=true conflicts with listType=atomic")
    );
}

// ---------------------------------------------------------------- k8s-openapi types

#[test]
fn external_k8s_types_get_their_structural_schemas() {
    let meta = "k8s_openapi::apimachinery::pkg::apis::meta::v1";
    let (crd, spec) = spec_of(&thing(
        vec![
            documented(
                field(
                    "template",
                    external("k8s_openapi::api::core::v1::PodTemplateSpec"),
                ),
                "The pod to run.",
            ),
            field(
                "scratch",
                optional(external(
                    "k8s_openapi::apimachinery::pkg::api::resource::Quantity",
                )),
            ),
            field(
                "probePort",
                optional(external(
                    "k8s_openapi::apimachinery::pkg::util::intstr::IntOrString",
                )),
            ),
            field("since", optional(external(&format!("{meta}::Time")))),
            field(
                "selector",
                optional(external(&format!("{meta}::LabelSelector"))),
            ),
            field(
                "conditions",
                FieldType::Vec(Box::new(external(&format!("{meta}::Condition")))),
            ),
            field("owner", optional(external(OBJECT_META))),
        ],
        vec![],
    ));
    let template = prop(&spec, &["template"]);
    assert_eq!(
        template["description"],
        json!("The pod to run."),
        "field docs win"
    );
    assert_eq!(
        prop(template, &["metadata"]),
        &json!({
            "type": "object",
            "description": "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
            "properties": {
                "annotations": { "type": "object", "additionalProperties": { "type": "string" } },
                "finalizers": { "type": "array", "items": { "type": "string" } },
                "labels": { "type": "object", "additionalProperties": { "type": "string" } },
                "name": { "type": "string" },
                "namespace": { "type": "string" },
            },
        }),
        "embedded ObjectMeta keeps what the API server allows (generateEmbeddedObjectMeta)"
    );
    let containers = prop(template, &["spec", "containers"]);
    assert_eq!(containers["type"], json!("array"));
    assert_eq!(containers["items"]["required"], json!(["name"]));
    let limits = prop(&containers["items"], &["resources", "limits"]);
    assert_eq!(
        limits["additionalProperties"]["x-kubernetes-int-or-string"],
        json!(true)
    );

    let scratch = prop(&spec, &["scratch"]);
    assert_eq!(
        scratch["anyOf"],
        json!([{ "type": "integer" }, { "type": "string" }])
    );
    assert_eq!(scratch["x-kubernetes-int-or-string"], json!(true));
    assert!(
        scratch["pattern"]
            .as_str()
            .unwrap()
            .starts_with("^(\\+|-)?")
    );
    assert!(scratch.get("type").is_none());
    assert_eq!(
        prop(&spec, &["probePort"]),
        &json!({ "anyOf": [{ "type": "integer" }, { "type": "string" }], "x-kubernetes-int-or-string": true })
    );
    assert_eq!(
        prop(&spec, &["since"]),
        &json!({ "type": "string", "format": "date-time" })
    );
    let selector = prop(&spec, &["selector"]);
    assert_eq!(
        prop(selector, &["matchLabels"])["additionalProperties"],
        json!({ "type": "string" })
    );
    let condition = &prop(&spec, &["conditions"])["items"];
    assert_eq!(
        condition["required"],
        json!(["lastTransitionTime", "message", "reason", "status", "type"])
    );
    assert_eq!(
        prop(condition, &["lastTransitionTime"])["format"],
        json!("date-time")
    );
    assert_eq!(
        prop(&spec, &["owner"])["properties"],
        prop(template, &["metadata"])["properties"],
        "any ObjectMeta below the root is embedded metadata"
    );
    assert_structural(&crd);
    // No `$ref` survives anywhere in the rendered document.
    assert!(!crd.to_yaml().contains("$ref:"));
}

#[test]
fn conditions_as_a_list_map_keyed_by_type_are_valid() {
    let (crd, _) = spec_of(&thing(
        vec![validated(
            field(
                "conditions",
                FieldType::Vec(Box::new(external(
                    "k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition",
                ))),
            ),
            Validation {
                list_type: Some("map".to_owned()),
                list_map_keys: vec!["type".to_owned()],
                ..Default::default()
            },
        )],
        vec![],
    ));
    assert_structural(&crd);
}

#[test]
fn unresolvable_types_are_reported_with_their_location() {
    let mut unknown = field("thing", external("other_crate::Thing"));
    unknown.location = loc(42);
    let mut missing = field("part", local("Part"));
    missing.location = loc(43);
    let errors = build_crds(&thing(vec![unknown, missing], vec![])).unwrap_err();
    let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(texts.len(), 2, "{texts:#?}");
    assert!(
        texts[0].starts_with(
            "apis/src/demo/v1/widget.rs:42:1: no schema is known for other_crate::Thing"
        )
    );
    assert_eq!(
        texts[1],
        "apis/src/demo/v1/widget.rs:43:1: type Part is not declared in v1 v1; declare it in this version module"
    );
}

// ---------------------------------------------------------------- src/crds.rs

#[test]
fn crds_module_exposes_every_crd_as_data() {
    let mut two = two_version_api(true, false);
    two.groups.extend(widget_api().groups);
    let files = emit_crds(&two, &EmitOptions::default()).unwrap();
    let paths: Vec<String> = files.iter().map(|f| f.path.display().to_string()).collect();
    assert_eq!(
        paths,
        [
            "crds/demo.example.com_jobs.yaml",
            "crds/demo.example.com_widgets.yaml",
            "src/crds.rs"
        ]
    );
    assert!(text_of(&files[1].content).starts_with("---\napiVersion: apiextensions.k8s.io/v1\n"));
    let Content::Rust(code) = &files[2].content else {
        panic!("src/crds.rs is Rust");
    };
    syn::parse_file(code).expect("valid Rust");
    let compact: String = code.split_whitespace().collect();
    let has = |fragment: &str| {
        let fragment: String = fragment.split_whitespace().collect();
        assert!(compact.contains(&fragment), "{fragment} not in:\n{code}");
    };
    has(
        r#"pub const JOBS_DEMO_EXAMPLE_COM: &str = include_str!("../crds/demo.example.com_jobs.yaml");"#,
    );
    has("/// The CRD `jobs.demo.example.com` (kind `Job`, versions `v1`, `v1beta1`) as YAML");
    has(
        r#"pub fn all() -> &'static [(&'static str, &'static str)] { &[
        #[cfg(feature = "demo")]
        ("jobs.demo.example.com", JOBS_DEMO_EXAMPLE_COM),
        #[cfg(feature = "demo")]
        ("widgets.demo.example.com", WIDGETS_DEMO_EXAMPLE_COM),
    ] }"#,
    );
    has(
        "pub fn custom_resource_definitions() -> Result<Vec<CustomResourceDefinition>, kube_codegen_runtime::crds::CrdError,>",
    );
    // Parsed by the runtime, not by code compiled into every generated crate.
    has("kube_codegen_runtime::crds::parse(all())");
}

#[test]
fn the_core_group_has_no_crds() {
    let mut core = widget_api();
    core.groups[0].name = String::new();
    assert!(build_crds(&core).unwrap().is_empty());
}

// ---------------------------------------------------------------- the structural checker

/// The widget CRD with `edit` applied to its v1 root schema (as JSON).
fn broken_widget(edit: impl FnOnce(&mut Value)) -> Vec<String> {
    let mut crd = only_crd(&widget_api()).definition;
    let version = &mut crd.spec.versions[0];
    let schema = version
        .schema
        .as_mut()
        .unwrap()
        .open_api_v3_schema
        .as_mut()
        .unwrap();
    let mut value = serde_json::to_value(&*schema).unwrap();
    edit(&mut value);
    *schema = serde_json::from_value(value).unwrap();
    check_structural(&crd)
}

const ROOT: &str = "spec.versions[0].schema.openAPIV3Schema";

#[test]
fn checker_catches_a_missing_type() {
    let problems = broken_widget(|root| {
        root["properties"]["spec"]["properties"]["size"]
            .as_object_mut()
            .unwrap()
            .remove("type");
    });
    assert_eq!(
        problems,
        [format!(
            "{ROOT}.properties[spec].properties[size].type: Required value: must not be empty for specified object fields"
        )]
    );
}

#[test]
fn checker_catches_refs_and_definitions() {
    let problems = broken_widget(|root| {
        root["properties"]["spec"]["properties"]["color"] =
            json!({ "$ref": "#/definitions/Color" });
        root["definitions"] = json!({ "Color": { "type": "string" } });
    });
    assert!(
        problems.contains(&format!(
            "{ROOT}.definitions: Forbidden: definitions is not supported"
        )),
        "{problems:#?}"
    );
    assert!(
        problems.contains(&format!(
            "{ROOT}.properties[spec].properties[color].$ref: Forbidden: $ref is not supported"
        )),
        "{problems:#?}"
    );
    assert!(problems.contains(&format!("{ROOT}.properties[spec].properties[color].type: Required value: must not be empty for specified object fields")), "{problems:#?}");
}

#[test]
fn checker_catches_properties_with_additional_properties() {
    let problems = broken_widget(|root| {
        root["properties"]["spec"]["additionalProperties"] = json!({ "type": "string" });
    });
    assert_eq!(
        problems,
        [format!(
            "{ROOT}.properties[spec].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive"
        )]
    );
    let problems = broken_widget(|root| {
        root["additionalProperties"] = json!(false);
    });
    assert_eq!(
        problems,
        [
            format!(
                "{ROOT}: Invalid value: [\"additionalProperties\"]: only description, type, format, title, maximum, exclusiveMaximum, minimum, exclusiveMinimum, maxLength, minLength, pattern, maxItems, minItems, uniqueItems, multipleOf, required, items, properties, externalDocs, example, x-kubernetes-preserve-unknown-fields, x-kubernetes-validations are allowed at the root of the schema if the status subresource is enabled"
            ),
            format!("{ROOT}.additionalProperties: Forbidden: must not be used at the root"),
            format!(
                "{ROOT}.additionalProperties: Forbidden: additionalProperties: false is not supported"
            ),
        ]
    );
}

#[test]
fn checker_catches_non_structural_junctors_and_metadata() {
    let problems = broken_widget(|root| {
        root["properties"]["spec"]["anyOf"] = json!([
            { "type": "object", "description": "no", "properties": { "size": { "minimum": 2 }, "ghost": {} } },
        ]);
        root["properties"]["metadata"] = json!({
            "type": "object",
            "description": "not allowed at the root",
            "properties": { "name": { "type": "string", "maxLength": 10 } },
        });
    });
    assert_eq!(
        problems,
        [
            format!(
                "{ROOT}.properties[spec].anyOf[0].type: Forbidden: must be empty to be structural"
            ),
            format!(
                "{ROOT}.properties[spec].anyOf[0].description: Forbidden: must be empty to be structural"
            ),
            format!(
                "{ROOT}.properties[spec].anyOf[0].properties[ghost]: Required value: must be specified outside of value validation (in the structural part of the schema)"
            ),
            format!(
                "{ROOT}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified"
            ),
        ]
    );
}

#[test]
fn checker_catches_topology_and_value_mistakes() {
    let problems = broken_widget(|root| {
        let spec = &mut root["properties"]["spec"]["properties"];
        spec["tags"] =
            json!({ "type": "array", "items": { "type": "string" }, "uniqueItems": true });
        spec["targets"] = json!({
            "type": "array",
            "x-kubernetes-list-type": "map",
            "x-kubernetes-list-map-keys": ["name"],
            "items": { "type": "object", "properties": { "name": { "type": "string" } } },
        });
        spec["labels"] = json!({ "type": "string", "x-kubernetes-map-type": "atomic" });
        spec["code"] = json!({ "type": "string", "pattern": "([a-z", "default": 7 });
        spec["port"] = json!({ "type": "string", "x-kubernetes-int-or-string": true });
        spec["unset"] = json!({ "type": "object", "x-kubernetes-preserve-unknown-fields": false });
    });
    let expected = [
        format!(
            "{ROOT}.properties[spec].properties[code].pattern: Invalid value: must be a valid regular expression, but isn't"
        ),
        format!(
            "{ROOT}.properties[spec].properties[code].default: Invalid value: 7: must be of type string"
        ),
        format!(
            "{ROOT}.properties[spec].properties[labels].type: Invalid value: must be object if x-kubernetes-map-type is specified"
        ),
        format!(
            "{ROOT}.properties[spec].properties[port].type: Invalid value: must be empty if x-kubernetes-int-or-string is true"
        ),
        format!(
            "{ROOT}.properties[spec].properties[tags].uniqueItems: Forbidden: uniqueItems cannot be set to true"
        ),
        format!(
            "{ROOT}.properties[spec].properties[targets].items.properties[name].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property"
        ),
        format!(
            "{ROOT}.properties[spec].properties[unset].x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined"
        ),
    ];
    for prefix in &expected {
        assert!(
            problems.iter().any(|p| p.starts_with(prefix.as_str())),
            "missing {prefix} in {problems:#?}"
        );
    }
    assert_eq!(problems.len(), expected.len(), "{problems:#?}");
}

#[test]
fn checker_catches_crd_level_mistakes() {
    let mut crd = only_crd(&two_version_api(true, false)).definition;
    crd.metadata.name = Some("jobs.wrong.example.com".to_owned());
    crd.spec.names.short_names = Some(vec!["Bad_Name".to_owned()]);
    crd.spec.versions[1].storage = true;
    crd.spec.versions[0].additional_printer_columns = Some(vec![
        k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceColumnDefinition {
            name: "Age".to_owned(),
            type_: "time".to_owned(),
            json_path: ".metadata.creationTimestamp".to_owned(),
            ..Default::default()
        },
    ]);
    crd.spec.versions[0].selectable_fields = Some(vec![
        k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::SelectableField {
            json_path: ".spec.missing".to_owned(),
        },
    ]);
    let problems = check_structural(&crd);
    assert_eq!(
        problems,
        [
            "metadata.name: Invalid value: Some(\"jobs.wrong.example.com\"): must be spec.names.plural+\".\"+spec.group",
            "spec.names.shortNames[0]: Invalid value: \"Bad_Name\": must be a DNS-1035 label",
            "spec.versions: Invalid value: must have exactly one version marked as storage version, found 2",
            "spec.versions[0].additionalPrinterColumns[0].type: Unsupported value: \"time\": supported values: integer, number, string, boolean, date",
            "spec.versions[0].selectableFields[0].jsonPath: Invalid value: \".spec.missing\": is an invalid path: does not refer to a valid field",
        ]
    );
}

#[test]
fn large_crds_round_trip_through_yaml() {
    let (crd, _) = spec_of(&thing(
        vec![
            field(
                "template",
                external("k8s_openapi::api::core::v1::PodTemplateSpec"),
            ),
            field(
                "deployment",
                external("k8s_openapi::api::apps::v1::DeploymentSpec"),
            ),
            field(
                "schema",
                optional(external(
                    "k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaProps",
                )),
            ),
        ],
        vec![],
    ));
    assert_structural(&crd);
    let yaml = crd.to_yaml();
    if let Ok(path) = std::env::var("CRD_TEST_DUMP") {
        std::fs::write(path, &yaml).unwrap();
    }
    // As written by the writer: the boilerplate header as `#` lines before `---`.
    let on_disk = format!(
        "# Copyright The Authors.\n#\n# Code generated by kube-codegen. DO NOT EDIT.\n\n{yaml}"
    );
    let parsed: CustomResourceDefinition = serde_saphyr::from_str(&on_disk).unwrap();
    assert_eq!(parsed, crd.definition);
}

// ---------------------------------------------------------------- the real inputs

fn parse_input(dir: &str) -> Api {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir);
    let parsed = kube_codegen::parse::parse_dir(&root, &Default::default())
        .unwrap_or_else(|d| panic!("{dir} does not parse: {d:?}"));
    parsed.api
}

#[test]
fn fixture_and_app_crds_are_structural_and_deterministic() {
    for dir in ["tests/fixture-apis/src", "apis/src"] {
        let api = parse_input(dir);
        let crds = build_crds_floats_ok(&api).unwrap_or_else(|e| panic!("{dir}: {e:#?}"));
        assert!(!crds.is_empty(), "{dir} has kinds");
        for crd in &crds {
            assert_structural(crd);
            let yaml = crd.to_yaml();
            assert_eq!(yaml, crd.to_yaml());
            let parsed: CustomResourceDefinition = serde_saphyr::from_str(&yaml).unwrap();
            assert_eq!(parsed, crd.definition, "{} round-trips", crd.name);
        }
    }
}

#[test]
fn fixture_crontab_merges_its_versions_and_markers() {
    let api = parse_input("tests/fixture-apis/src");
    let crds = build_crds_floats_ok(&api).unwrap();
    let crontab = crds
        .iter()
        .find(|c| c.name == "crontabs.batch.fixture.example.com")
        .expect("CronTab CRD");
    let versions: Vec<(&str, bool, Option<bool>)> = crontab
        .definition
        .spec
        .versions
        .iter()
        .map(|v| (v.name.as_str(), v.storage, v.deprecated))
        .collect();
    assert_eq!(
        versions,
        [("v1", true, None), ("v1beta1", false, Some(true))]
    );
    let spec = prop(&root_json(crontab, 0), &["spec"]).clone();
    // `#[serde(flatten)] retry: RetryPolicy` and `#[serde(skip)] local_only`.
    assert!(prop(&spec, &["attempts"]).is_object());
    assert!(spec["properties"].get("localOnly").is_none());
    assert_eq!(
        prop(&spec, &["maxUnavailableFraction"])["exclusiveMinimum"],
        json!(true)
    );
    assert_eq!(
        prop(&spec, &["notify"])["x-kubernetes-list-map-keys"],
        json!(["name"])
    );
    assert_eq!(
        prop(&spec, &["scratch"])["x-kubernetes-int-or-string"],
        json!(true)
    );
    assert_eq!(
        spec["x-kubernetes-validations"][0]["rule"],
        json!("self.minReplicas <= self.replicas")
    );
    let status = prop(&root_json(crontab, 0), &["status"]).clone();
    assert_eq!(
        prop(&status, &["lastScheduleTime"])["nullable"],
        json!(true)
    );
}

#[test]
fn checker_catches_rule_and_root_mistakes() {
    let problems = broken_widget(|root| {
        root["nullable"] = json!(true);
        root["properties"]["metadata"] = json!({ "type": "object", "default": {} });
        root["properties"]["spec"]["x-kubernetes-validations"] = json!([
            { "rule": "self.size > 0 &&\n self.size < 10" },
            { "rule": "true", "reason": "Because" },
            { "rule": "true", "message": "  " },
            { "rule": "true", "fieldPath": ".nope" },
            { "rule": "true", "fieldPath": ".size" },
        ]);
    });
    let spec = format!("{ROOT}.properties[spec].x-kubernetes-validations");
    assert_eq!(
        problems,
        [
            format!("{ROOT}.nullable: Forbidden: nullable cannot be true at the root"),
            format!(
                "{ROOT}: Invalid value: [\"nullable\"]: only description, type, format, title, maximum, exclusiveMaximum, minimum, exclusiveMinimum, maxLength, minLength, pattern, maxItems, minItems, uniqueItems, multipleOf, required, items, properties, externalDocs, example, x-kubernetes-preserve-unknown-fields, x-kubernetes-validations are allowed at the root of the schema if the status subresource is enabled"
            ),
            format!(
                "{ROOT}.properties[metadata]: Forbidden: default must not be set in top-level metadata"
            ),
            format!(
                "{spec}[0].message: Required value: message must be specified if rule contains line breaks"
            ),
            format!(
                "{spec}[1].reason: Unsupported value: \"Because\": supported values: FieldValueInvalid, FieldValueForbidden, FieldValueRequired, FieldValueDuplicate"
            ),
            format!("{spec}[2].message: Invalid value: message must be non-empty if specified"),
            format!("{spec}[3].fieldPath: Invalid value: fieldPath must be a valid path"),
        ]
    );
}

/// Versions that differ: without a conversion each difference is an error at
/// its field; `+kubebuilder:conversion:lossless` acknowledges one; a declared
/// webhook conversion puts `spec.conversion` in the CRD instead.
mod conversion_tests {
    use super::*;

    fn job_api(v1_fields: Vec<Field>, beta_fields: Vec<Field>) -> Api {
        let mut v1_kind = kind_info("jobs");
        v1_kind.storage_version = true;
        let beta_kind = kind_info("jobs");
        api(
            "demo.example.com",
            vec![
                version(
                    "v1",
                    vec![
                        kind_type("Job", v1_kind, false),
                        strukt("JobSpec", "", v1_fields),
                    ],
                ),
                version(
                    "v1beta1",
                    vec![
                        kind_type("Job", beta_kind, false),
                        strukt("JobSpec", "", beta_fields),
                    ],
                ),
            ],
        )
    }

    fn messages(api: &Api) -> Vec<String> {
        match build_crds(api) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.into_iter().map(|e| e.message).collect(),
        }
    }

    fn with_validation(mut f: Field, validation: Validation) -> Field {
        f.validation = validation;
        f
    }

    #[test]
    fn a_compatible_pair_passes_without_a_diagnostic() {
        let fields = || {
            vec![
                field("image", FieldType::String),
                field(
                    "replicas",
                    optional(FieldType::Integer {
                        bits: 32,
                        signed: true,
                    }),
                ),
            ]
        };
        assert_eq!(messages(&job_api(fields(), fields())), Vec::<String>::new());
        // Looser validation in the storage version loses nothing either.
        let max = |n| Validation {
            max_length: Some(n),
            ..Validation::default()
        };
        let v1 = vec![with_validation(field("image", FieldType::String), max(100))];
        let beta = vec![with_validation(field("image", FieldType::String), max(10))];
        assert!(
            !messages(&job_api(v1, beta))
                .iter()
                .any(|m| m.contains("from v1beta1 to v1")),
            "a wider limit in v1 is fine for v1beta1 objects"
        );
    }

    /// The API server never converts to or from a version it does not serve:
    /// what such a version lacks is lost nowhere.
    #[test]
    fn an_unserved_version_loses_nothing() {
        let v1 = vec![field("image", FieldType::String)];
        let beta = vec![field("command", FieldType::String)];
        let mut api = job_api(v1.clone(), beta.clone());
        assert!(!messages(&api).is_empty(), "the served pair differs");
        let beta_version = &mut api.groups[0].versions[1];
        assert_eq!(beta_version.name, "v1beta1");
        let kind = beta_version.files[0].types[0].kind.as_mut().unwrap();
        kind.served = false;
        assert_eq!(messages(&api), Vec::<String>::new());
    }

    #[test]
    fn every_difference_is_named_in_each_direction() {
        let int = FieldType::Integer {
            bits: 32,
            signed: true,
        };
        let enum_of = |values: &[&str]| Validation {
            enum_values: Some(values.iter().map(|v| serde_json::json!(v)).collect()),
            ..Validation::default()
        };
        let v1 = vec![
            field("image", FieldType::String),
            field("replicas", FieldType::String),
            with_validation(field("policy", FieldType::String), enum_of(&["Allow"])),
            field("newRequired", FieldType::String),
        ];
        let beta = vec![
            field("command", FieldType::String),
            field("replicas", int),
            with_validation(
                field("policy", FieldType::String),
                enum_of(&["Allow", "Forbid"]),
            ),
        ];
        let mut got = messages(&job_api(v1, beta));
        got.sort();
        assert_eq!(
            got,
            [
                "converting `Job` from v1 to v1beta1 leaves out `spec.command`: v1beta1 requires it and v1 has no such field",
                "converting `Job` from v1 to v1beta1 loses `spec.image`: v1beta1 has no such field",
                "converting `Job` from v1 to v1beta1 loses `spec.newRequired`: v1beta1 has no such field",
                "converting `Job` from v1 to v1beta1 loses `spec.replicas`: it is a string in v1 and an integer in v1beta1",
                "converting `Job` from v1beta1 to v1 leaves out `spec.image`: v1 requires it and v1beta1 has no such field",
                "converting `Job` from v1beta1 to v1 leaves out `spec.newRequired`: v1 requires it and v1beta1 has no such field",
                "converting `Job` from v1beta1 to v1 loses `spec.command`: v1 has no such field",
                "converting `Job` from v1beta1 to v1 loses `spec.replicas`: it is an integer in v1beta1 and a string in v1",
                "converting `Job` from v1beta1 to v1 may break `spec.policy`: v1 does not accept `\"Forbid\"` (v1beta1 does)",
            ]
        );
    }

    #[test]
    fn lossless_acknowledges_a_field_and_everything_below_it() {
        let mut removed = field("command", FieldType::String);
        removed.lossless = true;
        let got = messages(&job_api(
            vec![field("image", optional(FieldType::String))],
            vec![removed, field("image", optional(FieldType::String))],
        ));
        assert_eq!(got, Vec::<String>::new());
    }

    fn declared(api: &mut Api, client: Option<WebhookClient>) {
        let kind = api.groups[0].versions[0].files[0].types[0]
            .kind
            .as_mut()
            .unwrap();
        kind.conversion = Some(Conversion {
            client,
            location: loc(3),
        });
    }

    #[test]
    fn a_declared_webhook_goes_into_the_crd_with_the_marker_winning_over_the_option() {
        let differing = || {
            job_api(
                vec![field("image", FieldType::String)],
                vec![field("command", FieldType::String)],
            )
        };
        let mut api = differing();
        declared(&mut api, None);
        let option = WebhookClient::Url("https://webhook.example.com:8443/convert".to_owned());
        let crds = build_crds_with(
            &api,
            &CrdOptions {
                conversion_webhook: Some(option.clone()),
                ..CrdOptions::default()
            },
        )
        .unwrap();
        let yaml = crds[0].to_yaml();
        assert!(
            yaml.contains(
                "  conversion:\n    strategy: Webhook\n    webhook:\n      clientConfig:\n        url: https://webhook.example.com:8443/convert\n      conversionReviewVersions:\n      - v1\n"
            ),
            "{yaml}"
        );

        let mut api = differing();
        declared(
            &mut api,
            Some(WebhookClient::Service {
                namespace: "system".to_owned(),
                name: "webhook-service".to_owned(),
                path: Some("/convert".to_owned()),
                port: None,
            }),
        );
        let crds = build_crds_with(
            &api,
            &CrdOptions {
                conversion_webhook: Some(option),
                ..CrdOptions::default()
            },
        )
        .unwrap();
        let config = crds[0].definition.spec.conversion.as_ref().unwrap();
        let service = config
            .webhook
            .as_ref()
            .unwrap()
            .client_config
            .as_ref()
            .unwrap();
        assert_eq!(service.service.as_ref().unwrap().name, "webhook-service");
        assert!(service.url.is_none());
    }

    #[test]
    fn a_webhook_nobody_locates_is_an_error() {
        let mut api = job_api(
            vec![field("image", FieldType::String)],
            vec![field("image", FieldType::String)],
        );
        declared(&mut api, None);
        let errors = build_crds(&api).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(
            errors[0].message,
            "`Job` is converted by a webhook, but nothing says where the API server reaches it"
        );
        assert_eq!(errors[0].location, loc(3));
    }
}
