//! Real-world fidelity (issue #30): what real kubebuilder APIs write, through
//! the parser to the CRD, the way controller-gen v0.23.0 treats it. Each test
//! is a fault found translating open-source Go APIs into kube-codegen input.

use std::path::PathBuf;

use kube_codegen::diag::Diagnostics;
use kube_codegen::emit::crd::build_crds;
use kube_codegen::parse::{ParseOptions, Parsed, parse_sources};
use serde_json::{Value, json};

/// Parses one kind file `widget.rs` in `demo.example.com/v1`.
fn parse(widget: &str) -> Result<Parsed, Diagnostics> {
    let sources: Vec<(PathBuf, String)> = [
        ("lib.rs", "pub mod demo;\n"),
        ("demo/mod.rs", "pub mod v1;\n"),
        (
            "demo/v1/mod.rs",
            "//! +groupName=demo.example.com\npub mod widget;\n",
        ),
        ("demo/v1/widget.rs", widget),
    ]
    .into_iter()
    .map(|(p, t)| (PathBuf::from(p), t.to_owned()))
    .collect();
    parse_sources(&sources, &ParseOptions::default())
}

/// A kind `Widget` with `kind_markers` above it and `spec_fields` in its spec.
fn widget(kind_markers: &str, spec_fields: &str) -> String {
    format!(
        r#"use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{{Deserialize, Serialize}};

/// A widget.
// +genclient
{kind_markers}
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
"#
    )
}

/// The only CRD's only version, as JSON, and the warnings.
fn crd_version(source: &str) -> (Value, Diagnostics) {
    let parsed = parse(source).unwrap_or_else(|d| panic!("{d}"));
    let crds = build_crds(&parsed.api).unwrap_or_else(|e| panic!("{e:?}"));
    let version = serde_json::to_value(&crds[0].definition.spec.versions[0]).unwrap();
    (version, parsed.warnings)
}

fn spec_properties(version: &Value) -> &Value {
    &version["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]
}

#[test]
fn markers_of_other_tools_that_controller_gen_ignores_are_accepted_silently() {
    let fields = r#"    /// How many.
    // +deprecated
    // +optional
    pub count: Option<i32>,
    /// Old name of `count`.
    // +deprecated: use count
    // +k8s:openapi-gen=false
    // +protobuf=true
    // +optional
    pub size: Option<i32>,
    /// Where.
    // +deprecated Use `count` instead.
    // +kubebuilder:docs-gen:collapse=Where
    // +operator-sdk:csv:customresourcedefinitions:type=spec,displayName="Where"
    // +optional
    pub place: Option<String>,"#;
    let (with, warnings) = crd_version(&widget(
        "// +k8s:openapi-gen=true\n// +kubebuilder:ac:generate=true\n// +k8s:prerelease-lifecycle-gen:introduced=1.30",
        fields,
    ));
    assert_eq!(warnings.iter().count(), 0, "{warnings}");
    // The same CRD as without them.
    let plain: String = fields
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            !l.starts_with("// +") || l.starts_with("// +optional")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let (without, _) = crd_version(&widget("", &plain));
    assert_eq!(with, without);
}

#[test]
fn patch_markers_beside_a_map_list_say_nothing_and_alone_still_warn() {
    let conditions = |list: &str| {
        format!(
            r#"    /// The latest observations.
    {list}
    // +patchStrategy=merge
    // +patchMergeKey=type
    // +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition>,"#
        )
    };
    let (_, warnings) = crd_version(&widget(
        "",
        &conditions("// +listType=map\n    // +listMapKey=type"),
    ));
    assert_eq!(warnings.iter().count(), 0, "{warnings}");
    let (_, warnings) = crd_version(&widget("", &conditions("// +listType=atomic")));
    let text = warnings.to_string();
    assert!(text.contains("`+patchStrategy` is ignored"), "{text}");
    assert!(text.contains("`+patchMergeKey` is ignored"), "{text}");
}

#[test]
fn indented_doc_lines_keep_their_indentation_as_controller_gen_writes_them() {
    let (version, _) = crd_version(&widget(
        "",
        r#"    /// Selects pods, for example:
    ///
    /// ```yaml
    /// matchLabels:
    ///   app: web
    /// ```
    ///    - an indented item
    // +optional
    pub selector: Option<String>,"#,
    ));
    assert_eq!(
        spec_properties(&version)["selector"]["description"],
        json!(
            "Selects pods, for example:\n\n```yaml\nmatchLabels:\n  app: web\n```\n   - an indented item"
        )
    );
}

#[test]
fn a_pattern_on_a_type_with_its_own_pattern_keeps_both() {
    let (version, warnings) = crd_version(&widget(
        "",
        r#"    /// How often, at most in hours.
    // +kubebuilder:validation:Pattern=`^[0-9]+[smhd]$`
    // +optional
    pub interval: Option<kube::core::Duration>,
    /// How long, up to 8 characters.
    // +kubebuilder:validation:MaxLength=8
    // +optional
    pub timeout: Option<kube::core::Duration>,"#,
    ));
    assert_eq!(warnings.iter().count(), 0, "{warnings}");
    let properties = spec_properties(&version);
    let kube_pattern = properties["timeout"]["pattern"].clone();
    assert!(kube_pattern.is_string(), "{properties:#}");
    assert_eq!(properties["timeout"]["maxLength"], json!(8));
    // Both hold: what the field allows and what kube's `Duration` reads.
    assert_eq!(
        properties["interval"],
        json!({
            "type": "string",
            "description": "How often, at most in hours.",
            "allOf": [{"pattern": kube_pattern}, {"pattern": "^[0-9]+[smhd]$"}],
        })
    );
}

#[test]
fn required_on_metadata_lists_it_as_controller_gen_does_for_go_without_omitempty() {
    let source = widget("", "    pub size: i32,").replace(
        "    pub metadata: ObjectMeta,",
        "    /// Standard object metadata.\n    // +required\n    pub metadata: ObjectMeta,",
    );
    let (version, warnings) = crd_version(&source);
    assert_eq!(warnings.iter().count(), 0, "{warnings}");
    assert_eq!(
        version["schema"]["openAPIV3Schema"]["required"],
        json!(["metadata", "spec"])
    );
    // Without the marker, the server's own field stays out of `required`.
    let (version, _) = crd_version(&widget("", "    pub size: i32,"));
    assert_eq!(
        version["schema"]["openAPIV3Schema"]["required"],
        json!(["spec"])
    );
}

#[test]
fn an_empty_column_description_and_columns_without_subresources_are_written_as_controller_gen_writes_them()
 {
    let (version, _) = crd_version(&widget(
        "// +kubebuilder:printcolumn:name=Size,type=integer,JSONPath=`.spec.size`,description=\"\"\n\
         // +kubebuilder:printcolumn:name=Age,type=date,JSONPath=`.metadata.creationTimestamp`,description=\"How old\"",
        "    pub size: i32,",
    ));
    assert_eq!(
        version["additionalPrinterColumns"],
        json!([
            {"name": "Size", "type": "integer", "jsonPath": ".spec.size"},
            {"name": "Age", "type": "date", "jsonPath": ".metadata.creationTimestamp", "description": "How old"},
        ])
    );
    assert_eq!(version["subresources"], json!({}));
    // Without printer columns (and subresources), no key at all.
    let (version, _) = crd_version(&widget("", "    pub size: i32,"));
    assert!(version.get("subresources").is_none(), "{version:#}");
}

#[test]
fn an_alias_of_an_alias_carries_both_their_markers_as_a_go_named_type_of_one_does() {
    // gateway-api: `type HTTPHeaderName HeaderName`, `type HeaderName string`
    // with its own markers; k8s.io/api: `+k8s:deepcopy-gen=false`, `+enum`.
    let source = widget(
        "",
        "    pub header: HTTPHeaderName,\n    pub names: ResourceNames,",
    ) + r#"
/// HeaderName is the name of a header.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=256
// +k8s:deepcopy-gen=false
// +enum
pub type HeaderName = String;

/// HTTPHeaderName is the name of an HTTP header.
// +kubebuilder:validation:Pattern=`^[A-Za-z0-9!#$%&'*+\-.^_\x60|~]+$`
pub type HTTPHeaderName = HeaderName;

/// Resource names.
pub type ResourceNames = std::collections::BTreeMap<HeaderName, i32>;
"#;
    let (version, warnings) = crd_version(&source);
    assert_eq!(warnings.iter().count(), 0, "{warnings}");
    let properties = spec_properties(&version);
    assert_eq!(
        properties["header"],
        json!({
            "type": "string",
            "description": "HTTPHeaderName is the name of an HTTP header.",
            "minLength": 1,
            "maxLength": 256,
            "pattern": "^[A-Za-z0-9!#$%&'*+\\-.^_\\x60|~]+$",
        })
    );
    assert_eq!(
        properties["names"]["additionalProperties"],
        json!({"type": "integer", "format": "int32"})
    );
}
