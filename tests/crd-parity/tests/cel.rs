//! CEL rules: what `kube-codegen` decides at generate time against what the real
//! API server decides when the CRD is installed.
//!
//! Each rule of the corpus sits on the same spec type; kube-codegen parses the
//! Rust source with the rule's marker and builds the CRD (refused = an error
//! that names the rule), and the API server gets the rule-free CRD of the same
//! source with the rule added (refused = the CRD create is rejected). Verdicts
//! must agree, except the differences listed in [`KNOWN`] with their reason;
//! a listed rule that stops differing fails the test too, so the list stays true.

use std::path::PathBuf;

use anyhow::{Context, Result};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::Api;
use kube::api::{DeleteParams, PostParams};
use kube_codegen::emit::crd::build_crds;
use kube_codegen::parse::{ParseOptions, parse_sources};
use serde_json::{Value, json};

/// `(name, rule)`: valid rules, syntax errors, unknown fields, type errors,
/// rules over and under the cost budget, transition rules.
const CORPUS: &[(&str, &str)] = &[
    ("valid-compare", "self.replicas >= 0"),
    (
        "valid-has",
        "!has(self.minReplicas) || !has(self.maxReplicas) || self.minReplicas <= self.maxReplicas",
    ),
    (
        "valid-string",
        "self.name.startsWith('a') || self.name == ''",
    ),
    ("valid-bounded-all", "self.tags.all(t, t.size() < 10)"),
    ("valid-map-size", "size(self.labels) <= 5"),
    ("valid-objects", "self.ports.all(p, p.port > 0)"),
    (
        "valid-exists-one",
        "self.ports.exists_one(p, p.name == 'http') || size(self.ports) == 0",
    ),
    ("valid-regex", "self.name.matches('^[a-z]*$')"),
    (
        "valid-map-macro",
        "self.tags.map(t, t.size()).all(n, n > 0)",
    ),
    ("valid-optional", "self.?mode.orValue('fast') != 'slow'"),
    ("valid-ternary", "has(self.mode) ? self.mode != '' : true"),
    ("valid-transition", "self.replicas >= oldSelf.replicas"),
    ("valid-map-keys", "self.labels.all(k, k.size() < 64)"),
    ("valid-in", "'app' in self.labels"),
    ("valid-filter", "self.tags.filter(t, t == 'x').size() <= 1"),
    ("valid-modulo", "self.replicas % 2 == 0"),
    ("valid-conversion", "int(self.name.size()) <= 63"),
    ("valid-k8s-strings", "self.name.lowerAscii() == self.name"),
    (
        "valid-k8s-url",
        "isURL('https://example.com') || self.replicas > 0",
    ),
    (
        "valid-k8s-quantity",
        "quantity('1Gi').isGreaterThan(quantity('1Mi')) || self.replicas > 0",
    ),
    (
        "valid-bounded-quadratic",
        "self.tags.all(a, self.tags.all(b, a == b || a != b))",
    ),
    ("valid-index", "size(self.tags) == 0 || self.tags[0] != ''"),
    ("syntax-dangling-operator", "self.replicas >"),
    ("syntax-single-equals", "self.replicas = 1"),
    ("syntax-empty-argument", "self.tags.all(t, )"),
    ("syntax-unbalanced", "(self.replicas > 0"),
    ("syntax-unknown-token", "self.replicas > 0 ;"),
    ("field-rust-name", "self.min_replicas <= 1"),
    ("field-in-item", "self.ports.all(p, p.portNumber > 0)"),
    ("field-in-has", "has(self.labelz)"),
    ("field-typo", "self.namee != ''"),
    ("field-old-self", "oldSelf.replica == self.replicas"),
    ("field-optional", "self.?modes.orValue('') == ''"),
    ("type-int-string", "self.replicas == 'three'"),
    ("type-string-int", "self.name > 5"),
    ("type-list-plus-int", "self.tags + 1 == []"),
    ("type-size-string", "self.labels.size() == 'x'"),
    ("type-argument", "self.name.startsWith(1)"),
    ("type-method-on-int", "self.replicas.startsWith('a')"),
    ("type-not-bool", "self.replicas + 1"),
    (
        "cost-unbounded-regex",
        "self.notes.all(n, n.matches('^a+$'))",
    ),
    (
        "cost-unbounded-quadratic",
        "self.notes.all(a, self.notes.all(b, a == b))",
    ),
    (
        "cost-unbounded-objects",
        "self.ports.all(a, self.ports.all(b, a.name != b.name || a.port == b.port))",
    ),
];

/// Rules on which kube-codegen and the API server disagree today, and why.
const KNOWN: &[(&str, &str)] = &[
    (
        "cost-unbounded-regex",
        "rule cost is not estimated at generate time (the API server's cost model, issue #16 part 3)",
    ),
    (
        "cost-unbounded-quadratic",
        "rule cost is not estimated at generate time (the API server's cost model, issue #16 part 3)",
    ),
    (
        "cost-unbounded-objects",
        "rule cost is not estimated at generate time (the API server's cost model, issue #16 part 3)",
    ),
];

const SOURCE: &str = r#"use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A widget.
// +genclient
#[derive(Debug, Serialize, Deserialize)]
pub struct Widget {
    pub metadata: ObjectMeta,
    pub spec: WidgetSpec,
}

/// The spec.
RULE
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WidgetSpec {
    /// Replicas.
    pub replicas: i32,
    /// Lower bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_replicas: Option<i32>,
    /// Upper bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_replicas: Option<i32>,
    /// Name.
    // +kubebuilder:validation:MaxLength=63
    pub name: String,
    /// Tags.
    // +kubebuilder:validation:MaxItems=10
    // +kubebuilder:validation:items:MaxLength=20
    #[serde(default)]
    pub tags: Vec<String>,
    /// Notes, unbounded.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Labels.
    // +kubebuilder:validation:MaxProperties=16
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// Mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// Ports.
    #[serde(default)]
    pub ports: Vec<Port>,
}

/// A port.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Port {
    /// Name.
    pub name: String,
    /// Number.
    pub port: i32,
}
"#;

/// kube-codegen's verdict: `Ok(crd)` or the errors' text.
fn ours(rule: Option<&str>) -> std::result::Result<Value, String> {
    let marker = rule.map_or(String::new(), |r| {
        format!("// +kubebuilder:validation:XValidation:rule=\"{r}\",message=\"m\"")
    });
    let files = vec![
        (PathBuf::from("cel/mod.rs"), "pub mod v1;\n".to_owned()),
        (
            PathBuf::from("cel/v1/mod.rs"),
            "//! +groupName=cel.example.com\nmod widget;\npub use widget::*;\n".to_owned(),
        ),
        (
            PathBuf::from("cel/v1/widget.rs"),
            SOURCE.replace("RULE", &marker),
        ),
    ];
    let parsed = parse_sources(&files, &ParseOptions::default()).map_err(|d| d.to_string())?;
    let crds = build_crds(&parsed.api).map_err(|errors| {
        errors
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    Ok(serde_json::to_value(&crds[0].definition).expect("a CRD serializes"))
}

/// The rule-free CRD with `rule` on `spec`, in a group of its own.
fn for_server(base: &Value, index: usize, rule: &str) -> Value {
    let group = format!("r{index}.cel.example.com");
    let mut crd = base.clone();
    crd["metadata"] = json!({ "name": format!("widgets.{group}") });
    crd["spec"]["group"] = json!(group);
    crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["x-kubernetes-validations"] =
        json!([{ "rule": rule, "message": "m" }]);
    crd
}

#[tokio::test]
async fn cel_verdicts_match_the_api_server() -> Result<()> {
    let client = e2e::client().await?;
    let api: Api<CustomResourceDefinition> = Api::all(client);
    let base = ours(None).map_err(anyhow::Error::msg)?;
    let mut differences = Vec::new();
    let mut agreed = 0;
    for (index, (name, rule)) in CORPUS.iter().enumerate() {
        let ours = ours(Some(rule));
        let crd: CustomResourceDefinition = serde_json::from_value(for_server(&base, index, rule))?;
        let server = match api.create(&PostParams::default(), &crd).await {
            Ok(created) => {
                let name = created.metadata.name.unwrap_or_default();
                api.delete(&name, &DeleteParams::default())
                    .await
                    .with_context(|| format!("deleting {name}"))?;
                Ok(())
            }
            Err(kube::Error::Api(status)) if status.code == 422 => Err(status.message),
            Err(other) => return Err(other).with_context(|| format!("creating the CRD of {name}")),
        };
        match (&ours, &server) {
            (Ok(_), Ok(())) | (Err(_), Err(_)) => agreed += 1,
            (Ok(_), Err(message)) => differences.push(format!(
                "{name}: kube-codegen accepts `{rule}`, the API server refuses it: {message}"
            )),
            (Err(message), Ok(())) => differences.push(format!(
                "{name}: kube-codegen refuses `{rule}`, the API server accepts it: {message}"
            )),
        }
    }
    println!(
        "CEL corpus: {} rules, {agreed} verdicts agree, {} differ",
        CORPUS.len(),
        differences.len()
    );
    let differing: Vec<&str> = differences
        .iter()
        .map(|d| d.split(':').next().unwrap_or_default())
        .collect();
    let known: Vec<&str> = KNOWN.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        differing,
        known,
        "differences between kube-codegen and the API server:\n{}",
        differences.join("\n")
    );
    Ok(())
}
