//! controller-gen marker parity, from source text to CRD: each marker family that
//! controller-gen v0.23 registers for CRDs, written as a user would, and the
//! schema attribute it must produce; and the API-server checks that run inside
//! `build_crds`, so no path writes a CRD the server rejects.

use std::collections::BTreeMap;
use std::path::PathBuf;

use kube_codegen::diag::Diagnostics;
use kube_codegen::emit::crd::build_crds;
use kube_codegen::parse::{ParseOptions, Parsed, parse_sources};
use serde_json::{Value, json};

const MOD: &str = "//! +groupName=demo.example.com\npub mod widget;\n";

fn parse(widget: &str) -> Result<Parsed, Diagnostics> {
    parse_with_module(MOD, widget)
}

fn parse_with_module(module: &str, widget: &str) -> Result<Parsed, Diagnostics> {
    let sources: Vec<(PathBuf, String)> = [
        ("lib.rs", "pub mod demo;\n"),
        ("demo/mod.rs", "pub mod v1;\n"),
        ("demo/v1/mod.rs", module),
        ("demo/v1/widget.rs", widget),
    ]
    .into_iter()
    .map(|(p, t)| (PathBuf::from(p), t.to_owned()))
    .collect();
    parse_sources(&sources, &ParseOptions::default())
}

/// A namespaced kind `Widget` whose spec is `spec_fields`, with `extra` types after it.
fn widget(spec_fields: &str, extra: &str) -> String {
    format!(
        r#"use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{{Deserialize, Serialize}};

/// A widget.
// +genclient
#[derive(Debug, Serialize, Deserialize)]
pub struct Widget {{
    pub metadata: ObjectMeta,
    pub spec: WidgetSpec,
}}

/// The spec.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {{
{spec_fields}
}}
{extra}
"#
    )
}

/// The `spec` schema of the only CRD, as JSON; panics with the diagnostics if any.
fn spec_schema(spec_fields: &str, extra: &str) -> (Value, Diagnostics) {
    let parsed = parse(&widget(spec_fields, extra)).unwrap_or_else(|d| panic!("{d}"));
    let crds = build_crds(&parsed.api).unwrap_or_else(|e| panic!("{e:?}"));
    let root = serde_json::to_value(
        crds[0].definition.spec.versions[0]
            .schema
            .as_ref()
            .and_then(|s| s.open_api_v3_schema.as_ref())
            .unwrap(),
    )
    .unwrap();
    (root["properties"]["spec"].clone(), parsed.warnings)
}

fn warnings_text(d: &Diagnostics) -> String {
    d.to_string()
}

#[test]
fn items_markers_validate_the_items() {
    let (spec, warnings) = spec_schema(
        r#"    // +kubebuilder:validation:items:MaxLength=63
    // +kubebuilder:validation:items:Pattern=`^[a-z]+$`
    // +kubebuilder:validation:items:XValidation:rule="self != 'default'",message="reserved"
    // +kubebuilder:validation:MaxItems=5
    pub names: Vec<String>,
    // +kubebuilder:validation:items:Minimum=1
    // +kubebuilder:validation:items:Maximum=65535
    // +kubebuilder:validation:items:Enum=80;443
    pub ports: Vec<i32>,"#,
        "",
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    assert_eq!(
        spec["properties"]["names"],
        json!({
            "type": "array",
            "maxItems": 5,
            "items": {
                "type": "string",
                "maxLength": 63,
                "pattern": "^[a-z]+$",
                "x-kubernetes-validations": [{"rule": "self != 'default'", "message": "reserved"}],
            },
        })
    );
    assert_eq!(
        spec["properties"]["ports"]["items"],
        json!({"type": "integer", "format": "int32", "minimum": 1.0, "maximum": 65535.0, "enum": [80, 443]})
    );
}

#[test]
fn k8s_spellings_controller_gen_registers_are_the_same_markers() {
    let (spec, warnings) = spec_schema(
        r#"    // +listType=map
    // +listMapKey=name
    // +k8s:optional
    pub entries: Vec<Entry>,
    // +k8s:required
    pub mode: Option<String>,
    // +listType=set
    pub tags: Vec<String>,"#,
        r#"
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
}

/// How it runs.
// +k8s:enum
#[derive(Debug, Default, Serialize, Deserialize)]
pub enum Mode {
    #[default]
    Fast,
}
"#,
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    assert_eq!(
        spec["properties"]["entries"]["x-kubernetes-list-map-keys"],
        json!(["name"])
    );
    // `+k8s:optional` makes a list optional, `+k8s:required` an `Option` required.
    assert_eq!(spec["required"], json!(["mode", "tags"]), "{spec}");
    // controller-gen v0.23: `+k8s:required` on a string also refuses it empty.
    assert_eq!(spec["properties"]["mode"]["minLength"], json!(1), "{spec}");
}

/// controller-gen v0.23 reads Kubernetes' declarative-validation spellings
/// (`+k8s:listType`, `+k8s:listMapKey`, `+k8s:maxItems`, `+k8s:minimum`,
/// `+k8s:maximum`) as the markers they alias; the numbers may end in a `#`
/// comment. `+k8s:required` also sets the minimum size of a string, list or map
/// of the field's own unless one is given, and `minProperties` on a named type.
#[test]
fn k8s_declarative_validation_spellings_are_the_markers_they_alias() {
    let (spec, warnings) = spec_schema(
        r#"    // +k8s:listType=map
    // +k8s:listMapKey=name
    // +listMapKey=name
    // +listType=map
    // +k8s:maxItems=16 # the server's cost budget
    pub entries: Vec<Entry>,
    // +k8s:minimum=1
    // +k8s:maximum=10 #inclusive
    pub replicas: i32,
    // +k8s:required
    pub tags: Vec<String>,
    // +k8s:required
    // +kubebuilder:validation:MinProperties=2
    pub labels: std::collections::BTreeMap<String, String>,
    // +k8s:required
    pub entry: Entry,"#,
        r#"
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
}
"#,
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    let entries = &spec["properties"]["entries"];
    assert_eq!(entries["x-kubernetes-list-type"], json!("map"), "{entries}");
    assert_eq!(entries["x-kubernetes-list-map-keys"], json!(["name"]));
    assert_eq!(entries["maxItems"], json!(16));
    let replicas = &spec["properties"]["replicas"];
    assert_eq!(
        (&replicas["minimum"], &replicas["maximum"]),
        (&json!(1.0), &json!(10.0))
    );
    assert_eq!(spec["properties"]["tags"]["minItems"], json!(1));
    assert_eq!(spec["properties"]["labels"]["minProperties"], json!(2));
    // A field naming a type is a `$ref` in controller-gen, which gets
    // `minProperties` whatever the type is.
    assert_eq!(
        spec["properties"]["entry"]["minProperties"],
        json!(1),
        "{spec}"
    );
}

/// The strategic-merge-patch markers do not apply to custom resources: each is
/// a warning that says what to write instead.
#[test]
fn spellings_controller_gen_ignores_are_warnings() {
    let (spec, warnings) = spec_schema(
        r#"    // +patchStrategy=merge
    // +patchMergeKey=name
    pub entries: Vec<Entry>,"#,
        r#"
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
}
"#,
    );
    let entries = &spec["properties"]["entries"];
    assert!(entries.get("x-kubernetes-list-type").is_none(), "{entries}");
    let text = warnings_text(&warnings);
    for expected in [
        "warning: `+patchStrategy` is ignored",
        "help: kube-codegen does not use `+patchMergeKey` markers: strategic merge patch does not apply to custom resources; for server-side apply merging write `+listType=map` and `+listMapKey=...`",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
}

#[test]
fn external_docs_on_fields_and_types() {
    let (spec, warnings) = spec_schema(
        r#"    // +kubebuilder:externalDocs:url="https://example.com/tls",description="TLS setup"
    pub tls: Tls,
    // +kubebuilder:externalDocs:url=https://example.com/mode
    pub mode: String,"#,
        r#"
/// TLS settings.
// +kubebuilder:externalDocs:url="https://example.com/tls-type"
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Tls {
    pub secret: String,
}
"#,
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    // The field's marker wins over the type's, as controller-gen applies field
    // markers after the type's schema.
    assert_eq!(
        spec["properties"]["tls"]["externalDocs"],
        json!({"url": "https://example.com/tls", "description": "TLS setup"})
    );
    assert_eq!(
        spec["properties"]["mode"]["externalDocs"],
        json!({"url": "https://example.com/mode"})
    );
}

/// controller-gen's one marker with both arguments, as well as one per argument.
#[test]
fn crd_metadata_takes_annotations_and_labels_in_one_marker() {
    let text = widget("    pub size: i32,", "").replace(
        "// +genclient\n",
        "// +genclient\n// +kubebuilder:metadata:annotations=\"example.com/owner=team-a, b\";\"example.com/tier=gold\",labels=\"app.kubernetes.io/part-of=shop\"\n// +kubebuilder:metadata:labels=\"example.com/extra=yes\"\n",
    );
    let parsed = parse(&text).unwrap_or_else(|d| panic!("{d}"));
    let crds = build_crds(&parsed.api).unwrap_or_else(|e| panic!("{e:?}"));
    let meta = &crds[0].definition.metadata;
    let annotations = meta.annotations.as_ref().unwrap();
    assert_eq!(annotations["example.com/owner"], "team-a, b");
    assert_eq!(annotations["example.com/tier"], "gold");
    let labels = meta.labels.as_ref().unwrap();
    assert_eq!(labels["app.kubernetes.io/part-of"], "shop");
    assert_eq!(labels["example.com/extra"], "yes");
}

/// Null safety: serde writes a `None` list element or map value as `null`, so
/// the schema allows it there; a `None` field is left out of the generated type.
#[test]
fn option_elements_are_nullable() {
    let (spec, warnings) = spec_schema(
        r#"    #[serde(default)]
    pub tracks: Vec<Option<String>>,
    #[serde(default)]
    pub limits: std::collections::BTreeMap<String, Option<i32>>,
    pub label: Option<String>,
    #[serde(default)]
    pub raw: k8s_openapi::apimachinery::pkg::runtime::RawExtension,"#,
        "",
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    let p = &spec["properties"];
    assert_eq!(
        p["tracks"]["items"],
        json!({"type": "string", "nullable": true})
    );
    assert_eq!(
        p["limits"]["additionalProperties"],
        json!({"type": "integer", "format": "int32", "nullable": true})
    );
    assert!(p["label"].get("nullable").is_none(), "{}", p["label"]);
    // `RawExtension::default()` is `null`.
    assert_eq!(p["raw"]["nullable"], true, "{}", p["raw"]);
}

/// A default on a field the Rust type always writes never reaches the API
/// server's defaulting; a default equal to the type's zero value is harmless.
#[test]
fn defaults_the_rust_type_always_overrides_are_warned_about() {
    let (_, warnings) = spec_schema(
        r#"    // +kubebuilder:default=3
    pub replicas: i32,
    // +kubebuilder:default=0
    pub offset: i32,
    // +kubebuilder:default=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retries: Option<i32>,
    // +default="fast"
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mode: String,"#,
        "",
    );
    assert_eq!(
        warnings_text(&warnings),
        "warning: the default of field `replicas` never applies to objects written with this Rust type: a field of type `i32` is always serialized, so the API server never sees it missing
  --> demo/v1/widget.rs:16:8
   |
16 |     // +kubebuilder:default=3
   |        ^^^^^^^^^^^^^^^^^^^^^^
   = help: make it `Option<i32>` (a `None` is left out and the server fills the default in), or keep it if only objects written in YAML rely on the default

"
    );
}

/// The time crates' UTC timestamps are RFC 3339 strings, like `metav1.Time`.
#[test]
fn time_crate_timestamps_are_date_time_strings() {
    let (spec, warnings) = spec_schema(
        r#"    pub at: jiff::Timestamp,
    pub seen: Option<chrono::DateTime<chrono::Utc>>,"#,
        "",
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    for field in ["at", "seen"] {
        assert_eq!(
            spec["properties"][field],
            json!({"type": "string", "format": "date-time"}),
            "{field}"
        );
    }
}

#[test]
fn example_schemaless_and_defaults() {
    let (spec, warnings) = spec_schema(
        r#"    // +kubebuilder:example=web
    // +kubebuilder:default=app
    // +default="ignored"
    pub name: String,
    // +kubebuilder:default={}
    // +kubebuilder:example={}
    pub args: Vec<String>,
    // +default={"a": "b"}
    pub labels: Option<std::collections::BTreeMap<String, String>>,
    // +default=ref(DefaultPolicy)
    pub policy: Option<String>,
    /// Free-form settings.
    // +kubebuilder:validation:Schemaless
    // +kubebuilder:pruning:PreserveUnknownFields
    // +kubebuilder:validation:Type=object
    pub settings: Option<serde_json::Value>,"#,
        "",
    );
    let p = &spec["properties"];
    assert_eq!(p["name"]["default"], "app");
    assert_eq!(p["name"]["example"], "web");
    assert_eq!(p["args"]["default"], json!([]));
    assert_eq!(p["args"]["example"], json!([]));
    assert_eq!(p["labels"]["default"], json!({"a": "b"}));
    assert_eq!(p["policy"].get("default"), None);
    assert_eq!(
        p["settings"],
        json!({
            "description": "Free-form settings.",
            "type": "object",
            "x-kubernetes-preserve-unknown-fields": true,
        })
    );
    let text = warnings_text(&warnings);
    assert!(
        text.contains(
            "warning: `+default` and `+kubebuilder:default` are both given; `+kubebuilder:default` wins"
        ),
        "{text}"
    );
    assert!(
        text.contains("warning: `+default=ref(...)` is ignored"),
        "{text}"
    );
}

#[test]
fn xvalidation_keeps_every_argument_and_type_rules() {
    let (spec, _) = spec_schema(
        r#"    // +kubebuilder:validation:XValidation:rule="self.min <= self.max",messageExpression="self.max < 0 ? 'max is negative' : 'min exceeds max'",reason=FieldValueForbidden,fieldPath=".min"
    pub range: Range,
    // +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self == oldSelf.value()",message="immutable",optionalOldSelf=true
    pub id: Option<String>,
    // +k8s:immutable
    pub uid: String,"#,
        r#"
// +kubebuilder:validation:XValidation:rule="self.max < 100",message="small"
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Range {
    pub min: i32,
    pub max: i32,
}
"#,
    );
    assert_eq!(
        spec["properties"]["range"]["x-kubernetes-validations"],
        json!([
            {"rule": "self.max < 100", "message": "small"},
            {
                "rule": "self.min <= self.max",
                "messageExpression": "self.max < 0 ? 'max is negative' : 'min exceeds max'",
                "reason": "FieldValueForbidden",
                "fieldPath": ".min",
            },
        ])
    );
    assert_eq!(
        spec["properties"]["id"]["x-kubernetes-validations"],
        json!([{"rule": "!oldSelf.hasValue() || self == oldSelf.value()", "message": "immutable", "optionalOldSelf": true}])
    );
    assert_eq!(
        spec["properties"]["uid"]["x-kubernetes-validations"],
        json!([{"rule": "self == oldSelf", "message": "field is immutable"}])
    );
}

#[test]
fn status_subresource_without_status_field_is_written_with_a_warning() {
    let source = widget("    pub size: i32,", "").replace(
        "// +genclient\n",
        "// +genclient\n// +kubebuilder:subresource:status\n",
    );
    let parsed = parse(&source).unwrap_or_else(|d| panic!("{d}"));
    let crds = build_crds(&parsed.api).unwrap();
    let subresources = crds[0].definition.spec.versions[0].subresources.as_ref();
    assert!(subresources.and_then(|s| s.status.as_ref()).is_some());
    let text = warnings_text(&parsed.warnings);
    assert!(
        text.contains(
            "warning: `+kubebuilder:subresource:status` on `Widget`, which has no `status` field"
        ),
        "{text}"
    );
}

#[test]
fn lower_case_validation_optional_is_ignored_with_a_warning() {
    let (spec, warnings) = spec_schema(
        "    // +kubebuilder:validation:optional\n    pub size: i32,",
        "",
    );
    assert_eq!(spec["required"], json!(["size"]));
    let text = warnings_text(&warnings);
    assert!(
        text.contains("warning: `+kubebuilder:validation:optional` is ignored"),
        "{text}"
    );
}

#[test]
fn api_server_rejections_point_at_the_field() {
    // A default that does not validate against its own schema: the server
    // rejects the CRD, so `build_crds` does, at the field that has it.
    let parsed = parse(&widget(
        "    // +kubebuilder:validation:MaxLength=3\n    // +kubebuilder:default=toolong\n    pub name: String,",
        "",
    ))
    .unwrap_or_else(|d| panic!("{d}"));
    let errors = build_crds(&parsed.api).expect_err("an invalid default");
    let error = &errors[0];
    assert_eq!(
        (error.location.line, error.location.column),
        (18, 9),
        "{error}"
    );
    assert!(
        error
            .message
            .contains("properties[spec].properties[name].default"),
        "{error}"
    );
    let by_message: BTreeMap<_, _> = errors.iter().map(|e| (&e.message, &e.location)).collect();
    assert_eq!(by_message.len(), errors.len());
}

/// A default that breaks a CEL rule of its own schema: the API server runs the
/// rules on defaults when the CRD is written, so `build_crds` does, at the field.
#[test]
fn defaults_that_break_their_rules_point_at_the_field() {
    let parsed = parse(&widget(
        "    // +kubebuilder:default={}\n    pub target: Target,",
        r#"
/// Where secrets go.
// +kubebuilder:validation:XValidation:rule="has(self.name) || has(self.generateName)",message="name or generateName is required"
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Target {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generate_name: Option<String>,
}
"#,
    ))
    .unwrap_or_else(|d| panic!("{d}"));
    let errors = build_crds(&parsed.api).expect_err("a default its rule rejects");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        (errors[0].location.line, errors[0].location.column),
        (17, 9),
        "{}",
        errors[0]
    );
    assert_eq!(
        errors[0].message,
        "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[target].default: \
         Invalid value: \"object\": name or generateName is required"
    );
}

/// A rule that selects a field its schema does not have is refused at generate
/// time (the API server would reject the CRD), at its marker, with the property
/// it most likely meant.
#[test]
fn cel_rules_naming_unknown_fields_point_at_the_marker() {
    let parsed = parse(&widget(
        r#"    // +kubebuilder:validation:XValidation:rule="self.min_replicas <= self.maxReplicas",message="min <= max"
    pub scaling: Scaling,"#,
        r#"
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Scaling {
    pub min_replicas: i32,
    pub max_replicas: i32,
}
"#,
    ))
    .unwrap_or_else(|d| panic!("{d}"));
    let errors = build_crds(&parsed.api).expect_err("an unknown field in a rule");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        (errors[0].location.line, errors[0].location.column),
        (16, 8),
        "{}",
        errors[0]
    );
    assert_eq!(
        errors[0].message,
        "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[scaling].x-kubernetes-validations[0].rule: \
         Invalid value: \"self.min_replicas <= self.maxReplicas\": compilation failed: \
         undefined field 'min_replicas'; did you mean `minReplicas`?"
    );
}

/// `optMap` / `optFlatMap` (the optional library's macros) are expanded as
/// cel-go expands them, so a rule is checked inside them too.
#[test]
fn cel_rules_are_checked_inside_optional_macros() {
    let parsed = parse(&widget(
        r#"    // +kubebuilder:validation:XValidation:rule="self.?limits.optMap(l, l.max_replicas).orValue(0) >= 0"
    pub scaling: Scaling,"#,
        r#"
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Scaling {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<Limits>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    pub max_replicas: i32,
}
"#,
    ))
    .unwrap_or_else(|d| panic!("{d}"));
    let errors = build_crds(&parsed.api).expect_err("an unknown field inside optMap");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        errors[0].message,
        "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[scaling].x-kubernetes-validations[0].rule: \
         Invalid value: \"self.?limits.optMap(l, l.max_replicas).orValue(0) >= 0\": compilation failed: \
         undefined field 'max_replicas'; did you mean `maxReplicas`?"
    );
}

const NAMED_TYPES: &str = r#"
/// A DNS name.
// +kubebuilder:validation:MaxLength=253
// +kubebuilder:validation:Pattern=`^[a-z0-9.-]+$`
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hostname(String);

/// A port number.
// +kubebuilder:validation:Minimum=1
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Port(pub i32);
"#;

#[test]
fn newtypes_have_their_field_schema_and_their_markers() {
    let (spec, warnings) = spec_schema(
        r#"    /// Where it is served.
    // +kubebuilder:validation:MaxLength=63
    pub host: Hostname,
    pub aliases: Vec<Hostname>,
    pub port: Option<Port>,
    pub checksum: k8s_openapi::ByteString,
    pub pair: [Port; 2],"#,
        NAMED_TYPES,
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    let p = &spec["properties"];
    // The field's docs win; where the field and its type both set a value
    // validation, both apply (controller-gen's allOf, the type's first); the
    // type's other markers stay.
    assert_eq!(
        p["host"],
        json!({"type": "string", "description": "Where it is served.", "pattern": "^[a-z0-9.-]+$",
               "allOf": [{"maxLength": 253}, {"maxLength": 63}]})
    );
    assert_eq!(
        p["aliases"]["items"],
        json!({"type": "string", "description": "A DNS name.", "maxLength": 253, "pattern": "^[a-z0-9.-]+$"})
    );
    assert_eq!(
        p["port"],
        json!({"type": "integer", "format": "int32", "description": "A port number.", "minimum": 1.0})
    );
    assert_eq!(p["checksum"], json!({"type": "string", "format": "byte"}));
    assert_eq!(p["pair"]["type"], "array");
    assert_eq!(p["pair"]["items"]["minimum"], 1.0);
    // A `ByteString` holding no bytes is left out (the server refuses `""`
    // for `format: byte`), so it is not required.
    assert_eq!(spec["required"], json!(["host", "aliases", "pair"]));
}

#[test]
fn newtypes_and_arrays_are_emitted_with_a_deep_copy() {
    use kube_codegen::emit::types::emit_types;
    use kube_codegen::emit::{Content, EmitOptions};
    let parsed = parse(&widget(
        "    pub host: Hostname,\n    pub pair: [Port; 2],",
        NAMED_TYPES,
    ))
    .unwrap_or_else(|d| panic!("{d}"));
    let files = emit_types(&parsed.api, &EmitOptions::default());
    let widget = files
        .iter()
        .find(|f| f.path.ends_with("widget.rs"))
        .expect("widget.rs");
    let Content::Rust(text) = &widget.content else {
        panic!("not Rust")
    };
    let text = prettyplease::unparse(&syn::parse_file(text).unwrap());
    for expected in [
        "#[serde(transparent)]\npub struct Hostname(pub String);",
        "pub struct Port(pub i32);",
        "pub pair: [Port; 2],",
        "impl Clone for Hostname {\n    #[inline]\n    fn clone(&self) -> Self {\n        Self(self.0.clone())\n    }\n    #[inline]\n    fn clone_from(&mut self, source: &Self) {\n        self.0.clone_from(&source.0);\n    }\n}",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn type_alias_markers_apply_where_the_alias_is_used() {
    let (spec, warnings) = spec_schema(
        r#"    // +kubebuilder:validation:MaxLength=10
    pub zone: Zone,
    pub zones: Vec<Zone>,
    pub by_region: std::collections::BTreeMap<String, Zone>,
    pub maybe: Option<Zone>,
    pub grid: Option<Vec<std::collections::BTreeMap<String, Zone>>>,"#,
        r#"
/// A zone name.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=32
pub type Zone = String;
"#,
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    let zone =
        json!({"type": "string", "description": "A zone name.", "minLength": 1, "maxLength": 32});
    let p = &spec["properties"];
    assert_eq!(
        p["zone"],
        json!({"type": "string", "description": "A zone name.", "minLength": 1,
               "allOf": [{"maxLength": 32}, {"maxLength": 10}]})
    );
    assert_eq!(p["zones"]["items"], zone);
    assert_eq!(p["byRegion"]["additionalProperties"], zone);
    assert_eq!(p["maybe"], zone);
    assert_eq!(p["grid"]["items"]["additionalProperties"], zone);
}

#[test]
fn markers_an_alias_cannot_carry_are_errors() {
    let source = widget(
        "    pub zone: Zone,",
        "// +genclient\npub type Zone = String;\n",
    );
    let errors = parse(&source).expect_err("a kind marker on an alias");
    let text = errors.to_string();
    assert!(
        text.contains("error: `+genclient` cannot be used on the type alias `Zone`"),
        "{text}"
    );
}

#[test]
fn skip_and_skipversion_leave_crds_out() {
    let plain = widget("    pub size: i32,", "");
    let parsed = parse(&plain).unwrap();
    assert_eq!(build_crds(&parsed.api).unwrap().len(), 1);

    let skipped_version = plain.replace(
        "// +genclient\n",
        "// +genclient\n// +kubebuilder:skipversion\n",
    );
    let parsed = parse(&skipped_version).unwrap_or_else(|d| panic!("{d}"));
    assert!(build_crds(&parsed.api).unwrap().is_empty());

    let skipped_package = format!("//! +kubebuilder:skip\n{MOD}");
    let parsed = parse_with_module(&skipped_package, &plain).unwrap_or_else(|d| panic!("{d}"));
    assert!(build_crds(&parsed.api).unwrap().is_empty());
    // The types are still there: only the CRD is skipped.
    assert_eq!(parsed.api.kinds().count(), 1);
}

#[test]
fn one_of_markers_become_controller_gen_rules() {
    let (spec, _) = spec_schema(
        "    pub choice: Choice,",
        r#"
// +kubebuilder:validation:ExactlyOneOf=a;b
// +kubebuilder:validation:AtMostOneOf=b;c
// +kubebuilder:validation:XValidation:rule="true"
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Choice {
    pub a: Option<String>,
    pub b: Option<String>,
    pub c: Option<String>,
}
"#,
    );
    assert_eq!(
        spec["properties"]["choice"]["x-kubernetes-validations"],
        json!([
            {"rule": "true"},
            // controller-gen v0.23's spelling (kueue's CRDs, tests/import-parity).
            {"rule": "(has(self.b)?1:0)+(has(self.c)?1:0) <= 1", "message": "at most one of the fields in [b c] may be set"},
            {"rule": "(has(self.a)?1:0)+(has(self.b)?1:0) == 1", "message": "exactly one of the fields in [a b] must be set"},
        ])
    );
    let source = widget(
        "    pub choice: Choice,",
        "// +kubebuilder:validation:AtLeastOneOf=a;z\n#[derive(Debug, Default, Serialize, Deserialize)]\npub struct Choice {\n    pub a: Option<String>,\n}\n",
    );
    let text = parse(&source).expect_err("a missing field").to_string();
    assert!(
        text.contains("error: `+kubebuilder:validation:AtLeastOneOf` names `z`, which is not a field of this type"),
        "{text}"
    );
}

#[path = "crd_markers/unions.rs"]
mod unions;

/// A `#[serde(default)]` field Rust always sends gets the default serde
/// gives it: `{}` for a struct whose type has defaults (the server fills them
/// in exactly when serde would default the field), and its empty value for
/// what server-side apply can empty out (a struct without required fields, a
/// map, a set list), or the server's merge leaves `null` and refuses the
/// object (kubernetes#135841). Required, `Option`, skipped-when-empty,
/// atomic and invalid-when-empty fields get no default.
#[test]
fn serde_default_fields_rust_always_sends_get_their_empty_value() {
    let (spec, warnings) = spec_schema(
        r#"    #[serde(default)]
    pub nested: WithDefaults,
    #[serde(default)]
    pub settings: Settings,
    #[serde(default)]
    pub labels: std::collections::BTreeMap<String, String>,
    // +listType=set
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub plain: Vec<String>,
    pub required: Settings,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<Settings>,
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub skipped: std::collections::BTreeMap<String, String>,
    // +structType=atomic
    #[serde(default)]
    pub atomic: Settings,
    #[serde(default)]
    pub named: Named,
    // +kubebuilder:validation:MinProperties=1
    #[serde(default)]
    pub non_empty: std::collections::BTreeMap<String, String>,"#,
        r#"
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct WithDefaults {
    // +kubebuilder:default=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retries: Option<i32>,
    // +kubebuilder:default="x"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub self_heal: Option<bool>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Named {
    pub name: String,
}
"#,
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    let defaults: Vec<(&str, Value)> = spec["properties"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, p)| (name.as_str(), p["default"].clone()))
        .collect();
    assert_eq!(
        defaults,
        vec![
            ("atomic", Value::Null),
            ("labels", json!({})),
            ("named", Value::Null),
            ("nested", json!({})),
            ("nonEmpty", Value::Null),
            ("optional", Value::Null),
            ("plain", Value::Null),
            ("required", Value::Null),
            ("settings", json!({})),
            ("skipped", Value::Null),
            ("tags", json!([])),
        ]
    );
}
