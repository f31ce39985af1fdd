//! CEL rules: what `kube-codegen` decides at generate time against what the real
//! API server decides when the CRD is installed, and the cost kube-codegen
//! estimates against the API server's own estimator.
//!
//! Each case puts its rules on one node of the same spec type (the spec, the
//! items of a list, a field); kube-codegen parses the Rust source with the
//! rules' markers and builds the CRD (refused = an error that names the rule),
//! and the API server gets the rule-free CRD of the same source with the rules
//! added (refused = the CRD create is rejected). Verdicts must agree, except the
//! differences listed in [`KNOWN`] with their reason; a listed case that stops
//! differing fails the test too, so the list stays true.
//!
//! The costs are compared with `hack/tools/cel-cost` (the API server's CRD
//! validation code, k8s.io/apiextensions-apiserver at the control plane's
//! version): every rule's estimate and cardinality must be the same number.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, JSONSchemaProps,
};
use kube::Api;
use kube::api::{DeleteParams, PostParams};
use kube_codegen::emit::crd::{build_crds, rule_costs};
use kube_codegen::parse::{ParseOptions, parse_sources};
use serde_json::{Value, json};

/// Where a case's rules sit.
#[derive(Clone, Copy)]
enum Place {
    /// On the spec.
    Spec,
    /// On the items of `ports`, an unbounded list (no `listType`).
    Port,
    /// On the items of `slots`, a list map of at most 8 ports.
    Slot,
    /// On the field `mode`, a string.
    Mode,
}

use Place::{Mode, Port, Slot, Spec};

/// `(name, place, rules)`: valid rules, syntax errors, unknown fields, type
/// errors, rules over and just under the cost budget (alone and together),
/// transition rules. Several rules of one case are separated by ` ;; `.
const CORPUS: &[(&str, Place, &str)] = &[
    ("valid-compare", Spec, "self.replicas >= 0"),
    (
        "valid-has",
        Spec,
        "!has(self.minReplicas) || !has(self.maxReplicas) || self.minReplicas <= self.maxReplicas",
    ),
    (
        "valid-string",
        Spec,
        "self.name.startsWith('a') || self.name == ''",
    ),
    ("valid-bounded-all", Spec, "self.tags.all(t, t.size() < 10)"),
    ("valid-map-size", Spec, "size(self.labels) <= 5"),
    ("valid-objects", Spec, "self.ports.all(p, p.port > 0)"),
    (
        "valid-exists-one",
        Spec,
        "self.ports.exists_one(p, p.name == 'http') || size(self.ports) == 0",
    ),
    ("valid-regex", Spec, "self.name.matches('^[a-z]*$')"),
    (
        "valid-map-macro",
        Spec,
        "self.tags.map(t, t.size()).all(n, n > 0)",
    ),
    (
        "valid-optional",
        Spec,
        "self.?mode.orValue('fast') != 'slow'",
    ),
    (
        "valid-opt-map",
        Spec,
        "self.?mode.optMap(m, m.size()).orValue(0) <= 10",
    ),
    (
        "valid-opt-flat-map",
        Spec,
        "self.?minReplicas.optFlatMap(m, m > 0 ? optional.of(m) : optional.none()).orValue(1) >= 1",
    ),
    (
        "unknown-field-in-opt-map",
        Spec,
        "self.?mode.optMap(m, self.modes).hasValue() || self.replicas > 0",
    ),
    (
        "type-error-in-opt-flat-map",
        Spec,
        "self.?minReplicas.optFlatMap(m, m > 0).orValue(true)",
    ),
    (
        "valid-ternary",
        Spec,
        "has(self.mode) ? self.mode != '' : true",
    ),
    (
        "valid-transition",
        Spec,
        "self.replicas >= oldSelf.replicas",
    ),
    ("valid-map-keys", Spec, "self.labels.all(k, k.size() < 64)"),
    ("valid-in", Spec, "'app' in self.labels"),
    (
        "valid-filter",
        Spec,
        "self.tags.filter(t, t == 'x').size() <= 1",
    ),
    ("valid-modulo", Spec, "self.replicas % 2 == 0"),
    ("valid-conversion", Spec, "int(self.name.size()) <= 63"),
    (
        "valid-k8s-strings",
        Spec,
        "self.name.lowerAscii() == self.name",
    ),
    (
        "valid-k8s-url",
        Spec,
        "isURL('https://example.com') || self.replicas > 0",
    ),
    (
        "valid-k8s-quantity",
        Spec,
        "quantity('1Gi').isGreaterThan(quantity('1Mi')) || self.replicas > 0",
    ),
    (
        "valid-bounded-quadratic",
        Spec,
        "self.tags.all(a, self.tags.all(b, a == b || a != b))",
    ),
    (
        "valid-index",
        Spec,
        "size(self.tags) == 0 || self.tags[0] != ''",
    ),
    (
        "valid-int-or-string",
        Spec,
        "!has(self.port) || (type(self.port) == string ? self.port.endsWith('%') : self.port > 0)",
    ),
    (
        "valid-two-variable",
        Spec,
        "self.labels.all(k, v, v.size() < 64 && k != v)",
    ),
    (
        "valid-map-values",
        Spec,
        "self.labels.all(k, self.labels[k].size() < 64)",
    ),
    (
        "valid-item-rule",
        Port,
        "self.port > 0 && self.port < 65536",
    ),
    (
        "valid-list-map-transition",
        Slot,
        "self.port >= oldSelf.port",
    ),
    (
        "valid-optional-old-self",
        Mode,
        "!oldSelf.hasValue() || self == oldSelf.value() OPTIONAL",
    ),
    (
        "valid-message-expression",
        Spec,
        "self.replicas < 100 MESSAGE self.replicas > 1000 ? 'far too many' : 'too many'",
    ),
    ("syntax-dangling-operator", Spec, "self.replicas >"),
    ("syntax-single-equals", Spec, "self.replicas = 1"),
    ("syntax-empty-argument", Spec, "self.tags.all(t, )"),
    ("syntax-unbalanced", Spec, "(self.replicas > 0"),
    ("syntax-unknown-token", Spec, "self.replicas > 0 ;"),
    ("field-rust-name", Spec, "self.min_replicas <= 1"),
    ("field-in-item", Spec, "self.ports.all(p, p.portNumber > 0)"),
    ("field-in-has", Spec, "has(self.labelz)"),
    ("field-typo", Spec, "self.namee != ''"),
    ("field-old-self", Spec, "oldSelf.replica == self.replicas"),
    ("field-optional", Spec, "self.?modes.orValue('') == ''"),
    ("field-untyped-json", Spec, "has(self.raw)"),
    ("field-root-only-metadata", Spec, "self.metadata.name != ''"),
    ("type-int-string", Spec, "self.replicas == 'three'"),
    ("type-string-int", Spec, "self.name > 5"),
    ("type-list-plus-int", Spec, "self.tags + 1 == []"),
    ("type-size-string", Spec, "self.labels.size() == 'x'"),
    ("type-argument", Spec, "self.name.startsWith(1)"),
    ("type-method-on-int", Spec, "self.replicas.startsWith('a')"),
    ("type-not-bool", Spec, "self.replicas + 1"),
    ("type-null-int", Spec, "self.replicas == null"),
    ("type-undeclared-function", Spec, "isHostname(self.name)"),
    ("type-optional-old-self", Mode, "self == oldSelf OPTIONAL"),
    (
        "cost-unbounded-regex",
        Spec,
        "self.notes.all(n, n.matches('^a+$'))",
    ),
    (
        "cost-unbounded-quadratic",
        Spec,
        "self.notes.all(a, self.notes.all(b, a == b))",
    ),
    (
        "cost-unbounded-objects",
        Spec,
        "self.ports.all(a, self.ports.all(b, a.name != b.name || a.port == b.port))",
    ),
    (
        "cost-just-under-budget",
        Spec,
        "self.notes.all(n, n.size() < 10 && n != 'x')",
    ),
    (
        "cost-just-over-budget",
        Spec,
        "self.notes.all(n, n.size() < 10 && n != 'x' && n != 'y')",
    ),
    (
        "cost-item-times-items",
        Port,
        "self.name.size() < 10 && self.name != 'x' && self.name != 'y' && self.port != 1",
    ),
    (
        "cost-message-expression",
        Spec,
        "self.replicas < 100 MESSAGE 'too many: ' + string(self.replicas)",
    ),
    (
        "cost-total-over-budget",
        Spec,
        "self.notes.all(n, n.size() < 10 && n != 'x') ;; self.notes.all(n, n.size() < 11 && n != 'x') ;; \
         self.notes.all(n, n.size() < 12 && n != 'x') ;; self.notes.all(n, n.size() < 13 && n != 'x') ;; \
         self.notes.all(n, n.size() < 14 && n != 'x') ;; self.notes.all(n, n.size() < 15 && n != 'x') ;; \
         self.notes.all(n, n.size() < 16 && n != 'x') ;; self.notes.all(n, n.size() < 17 && n != 'x') ;; \
         self.notes.all(n, n.size() < 18 && n != 'x') ;; self.notes.all(n, n.size() < 19 && n != 'x') ;; \
         self.notes.all(n, n.size() < 20 && n != 'x') ;; self.notes.all(n, n.size() < 21 && n != 'x')",
    ),
    (
        "transition-in-atomic-list",
        Port,
        "self.port == oldSelf.port",
    ),
    ("transition-optional-unused", Mode, "self != 'x' OPTIONAL"),
];

/// Cases on which kube-codegen and the API server disagree today, and why.
const KNOWN: &[(&str, &str)] = &[];

const SOURCE: &str = r#"use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::{Deserialize, Serialize};

/// A widget.
// +genclient
#[derive(Debug, Serialize, Deserialize)]
pub struct Widget {
    pub metadata: ObjectMeta,
    pub spec: WidgetSpec,
}

/// The spec.
SPEC_RULES
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
    MODE_RULES
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// Ports, unbounded.
    #[serde(default)]
    pub ports: Vec<Port>,
    /// Slots, by name.
    // +kubebuilder:validation:MaxItems=8
    // +listType=map
    // +listMapKey=name
    #[serde(default)]
    pub slots: Vec<Slot>,
    /// A port by number or name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<IntOrString>,
    /// Anything.
    #[serde(default)]
    pub raw: serde_json::Value,
}

/// A port.
PORT_RULES
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Port {
    /// Name.
    pub name: String,
    /// Number.
    pub port: i32,
}

/// A slot.
SLOT_RULES
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Slot {
    /// Name.
    pub name: String,
    /// Number.
    pub port: i32,
}
"#;

/// The rules of a case, each with its `messageExpression` and `optionalOldSelf`.
fn rules(text: &str) -> Vec<Value> {
    text.split(" ;; ")
        .map(|one| {
            let (one, optional) = match one.strip_suffix(" OPTIONAL") {
                Some(rest) => (rest, true),
                None => (one, false),
            };
            let mut rule = match one.split_once(" MESSAGE ") {
                Some((rule, message)) => json!({"rule": rule, "messageExpression": message}),
                None => json!({"rule": one, "message": "m"}),
            };
            if optional {
                rule["optionalOldSelf"] = json!(true);
            }
            rule
        })
        .collect()
}

/// The markers of `rules`, with the indentation of `place`.
fn markers(place: Place, rules: &[Value]) -> String {
    let indent = if matches!(place, Mode) { "    " } else { "" };
    rules
        .iter()
        .map(|r| {
            let mut marker = format!(
                "{indent}// +kubebuilder:validation:XValidation:rule={:?}",
                r["rule"].as_str().unwrap_or_default()
            );
            if let Some(m) = r["messageExpression"].as_str() {
                marker.push_str(&format!(",messageExpression={m:?}"));
            } else {
                marker.push_str(",message=\"m\"");
            }
            if r["optionalOldSelf"] == json!(true) {
                marker.push_str(",optionalOldSelf=true");
            }
            marker
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// kube-codegen's verdict on a case (`None`: no rules): `Ok(crd)` or the
/// errors' text.
fn ours(case: Option<(Place, &str)>) -> std::result::Result<Value, String> {
    let mut source = SOURCE.to_owned();
    for (slot, place) in [
        ("SPEC_RULES", Spec),
        ("PORT_RULES", Port),
        ("SLOT_RULES", Slot),
        ("MODE_RULES", Mode),
    ] {
        let text = match case {
            Some((p, text)) if std::mem::discriminant(&p) == std::mem::discriminant(&place) => {
                markers(place, &rules(text))
            }
            _ => String::new(),
        };
        source = source.replace(slot, &text);
    }
    let files = vec![
        (PathBuf::from("cel/mod.rs"), "pub mod v1;\n".to_owned()),
        (
            PathBuf::from("cel/v1/mod.rs"),
            "//! +groupName=cel.example.com\nmod widget;\npub use widget::*;\n".to_owned(),
        ),
        (PathBuf::from("cel/v1/widget.rs"), source),
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

/// The rule-free CRD with the case's rules at their place, in a group of its own.
fn for_server(base: &Value, index: usize, place: Place, text: &str) -> Value {
    let group = format!("r{index}.cel.example.com");
    let mut crd = base.clone();
    crd["metadata"] = json!({ "name": format!("widgets.{group}") });
    crd["spec"]["group"] = json!(group);
    let spec = &mut crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"];
    let node = match place {
        Spec => spec,
        Port => &mut spec["properties"]["ports"]["items"],
        Slot => &mut spec["properties"]["slots"]["items"],
        Mode => &mut spec["properties"]["mode"],
    };
    node["x-kubernetes-validations"] = json!(rules(text));
    crd
}

fn root_schema(crd: &Value) -> &Value {
    &crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
}

#[tokio::test]
async fn cel_verdicts_match_the_api_server() -> Result<()> {
    let client = e2e::client().await?;
    let api: Api<CustomResourceDefinition> = Api::all(client);
    let base = ours(None).map_err(anyhow::Error::msg)?;
    let mut differences = Vec::new();
    let mut agreed = 0;
    for (index, (name, place, text)) in CORPUS.iter().enumerate() {
        let ours = ours(Some((*place, text)));
        let crd: CustomResourceDefinition =
            serde_json::from_value(for_server(&base, index, *place, text))?;
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
                "{name}: kube-codegen accepts `{text}`, the API server refuses it: {message}"
            )),
            (Err(message), Ok(())) => differences.push(format!(
                "{name}: kube-codegen refuses `{text}`, the API server accepts it: {message}"
            )),
        }
    }
    println!(
        "CEL corpus: {} cases, {agreed} verdicts agree, {} differ",
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

/// One rule's estimate by the API server: `(path, key)` and `(max cost, cost)`,
/// or the compile error.
type ServerCost = ((String, String), std::result::Result<(u64, u64), String>);

/// The API server's estimates of a root schema's rules (`hack/tools/cel-cost`).
fn servers_costs(schema: &Value) -> Result<Vec<ServerCost>> {
    let bin = crd_parity::generators::cel_cost()?;
    let mut child = Command::new(&bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("running {}", bin.display()))?;
    child
        .stdin
        .take()
        .context("stdin")?
        .write_all(schema.to_string().as_bytes())?;
    let out = child.wait_with_output()?;
    if !out.status.success() {
        bail!("cel-cost failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    let mut costs = Vec::new();
    for line in String::from_utf8(out.stdout)?.lines() {
        let v: Value = serde_json::from_str(line)?;
        let key = (
            v["path"].as_str().unwrap_or_default().to_owned(),
            v["key"].as_str().unwrap_or_default().to_owned(),
        );
        let result = match v["error"].as_str() {
            Some(error) => Err(error.to_owned()),
            None => Ok((
                v["maxCost"].as_u64().unwrap_or_default(),
                v["cost"].as_u64().unwrap_or_default(),
            )),
        };
        costs.push((key, result));
    }
    Ok(costs)
}

#[test]
fn cel_costs_match_the_api_servers_estimator() -> Result<()> {
    let base = ours(None).map_err(anyhow::Error::msg)?;
    let (mut compared, mut differences) = (0, Vec::new());
    for (index, (name, place, text)) in CORPUS.iter().enumerate() {
        if name.starts_with("syntax-") {
            continue;
        }
        let crd = for_server(&base, index, *place, text);
        let schema = root_schema(&crd);
        let typed: JSONSchemaProps = serde_json::from_value(schema.clone())?;
        let ours: Vec<_> = rule_costs(&typed)
            .into_iter()
            .map(|c| ((c.path, c.key.to_owned()), (c.max_cost, c.cost)))
            .collect();
        for ((path, key), server) in servers_costs(schema)? {
            let mine = ours
                .iter()
                .find(|(k, _)| k.0 == path && k.1 == key)
                .map(|(_, v)| *v);
            match (server, mine) {
                (Ok(server), Some(mine)) if server == mine => compared += 1,
                (Err(_), None) => {}
                (server, mine) => differences.push(format!(
                    "{name} {path}.{key}: the API server estimates {server:?}, kube-codegen {mine:?}"
                )),
            }
        }
    }
    println!("CEL costs: {compared} estimates equal the API server's");
    assert!(compared > 40, "only {compared} rules compared");
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    Ok(())
}
