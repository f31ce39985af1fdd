//! Rust enums with data as structural unions: every serde representation gets
//! a schema that accepts exactly what serde writes for each variant (checked
//! here on the JSON serde writes, and on the real API server by
//! `e2e --test crds`), and rules that refuse objects mixing two variants.

use kube_codegen::emit::crd::validate_value;

use super::*;

/// The `spec` schema of a widget whose spec holds `field: <Type>` and the enum.
fn union_schema(field: &str, types: &str) -> Value {
    let (spec, warnings) = spec_schema(&format!("    pub value: {field},"), types);
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    spec["properties"]["value"].clone()
}

/// The problems the schema finds in `value`, as the API server words them.
fn problems(schema: &Value, value: Value) -> Vec<String> {
    let schema = serde_json::from_value(schema.clone()).unwrap();
    validate_value(&value, &schema)
}

fn rules(schema: &Value) -> Vec<(String, String)> {
    schema["x-kubernetes-validations"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["rule"].as_str().unwrap().to_owned(),
                r["message"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

const SOURCE: &str = r#"
/// Where the code comes from.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Source {
    /// A git repository.
    Git { url: String, git_ref: Option<String> },
    /// An OCI image reference.
    Image(String),
    /// A bucket.
    Bucket(Bucket),
    #[serde(rename = "configMap")]
    Config(std::collections::BTreeMap<String, String>),
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Bucket {
    pub name: String,
    #[serde(default)]
    pub prefix: String,
}
"#;

#[test]
fn externally_tagged_enums_are_one_property_per_variant_exactly_one_set() {
    let s = union_schema("Source", SOURCE);
    assert_eq!(s["type"], "object");
    assert_eq!(s["description"], "Where the code comes from.");
    // A manager that applies another variant replaces the whole value.
    assert_eq!(s["x-kubernetes-map-type"], "atomic");
    assert_eq!(s.get("required"), None);
    let p = &s["properties"];
    assert_eq!(
        p["git"],
        json!({"type": "object", "description": "A git repository.", "required": ["url"],
               "properties": {"url": {"type": "string"}, "gitRef": {"type": "string"}}})
    );
    assert_eq!(
        p["image"],
        json!({"type": "string", "description": "An OCI image reference."})
    );
    assert_eq!(p["bucket"]["required"], json!(["name"]));
    assert_eq!(
        p["configMap"]["additionalProperties"],
        json!({"type": "string"})
    );
    assert_eq!(
        rules(&s),
        [(
            "(has(self.git) ? 1 : 0) + (has(self.image) ? 1 : 0) + (has(self.bucket) ? 1 : 0) + \
             (has(self.configMap) ? 1 : 0) == 1"
                .to_owned(),
            "exactly one of git, image, bucket or configMap must be set".to_owned()
        )]
    );
    // What serde writes for each variant is accepted...
    for written in [
        json!({"git": {"url": "https://x", "gitRef": "main"}}),
        json!({"image": "nginx:1"}),
        json!({"bucket": {"name": "b", "prefix": ""}}),
        json!({"configMap": {"a": "b"}}),
    ] {
        assert_eq!(
            problems(&s, written.clone()),
            Vec::<String>::new(),
            "{written}"
        );
    }
    // ...two variants at once, or none, are not.
    for mixed in [json!({"git": {"url": "x"}, "image": "y"}), json!({})] {
        assert_eq!(
            problems(&s, mixed),
            [
                ": Invalid value: \"object\": exactly one of git, image, bucket or configMap must be set"
            ]
        );
    }
}

#[test]
fn a_single_variant_is_a_required_property() {
    let s = union_schema(
        "Only",
        r#"
#[derive(Debug, Serialize, Deserialize)]
pub enum Only {
    Value { count: i32 },
}
"#,
    );
    assert_eq!(s["required"], json!(["Value"]));
    assert_eq!(s.get("x-kubernetes-validations"), None);
}

const AUTH: &str = r#"
/// How callers prove who they are.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", rename_all_fields = "camelCase")]
pub enum Auth {
    /// A bearer token.
    Token { secret_name: String },
    /// A user and a password.
    Basic { secret_name: String, user_key: Option<String> },
    /// Client certificates.
    Mtls(Mtls),
    /// Nobody needs to.
    None,
    /// A type a newer API version added.
    #[serde(other)]
    Unknown,
    #[serde(skip)]
    Internal { debug: bool },
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Mtls {
    pub ca_bundle: String,
}
"#;

#[test]
fn internally_tagged_enums_have_the_tag_as_an_enum_and_a_rule_per_variant() {
    let s = union_schema("Auth", AUTH);
    assert_eq!(s["required"], json!(["type"]));
    assert_eq!(s["x-kubernetes-map-type"], "atomic");
    let p = &s["properties"];
    // `#[serde(other)]` is not offered (writing it back would replace a newer
    // tag), and `#[serde(skip)]` variants are not on the wire at all.
    assert_eq!(p["type"]["enum"], json!(["token", "basic", "mtls", "none"]));
    assert_eq!(
        p["type"]["description"],
        "Which variant this is:\n- token: A bearer token.\n- basic: A user and a password.\n\
         - mtls: Client certificates.\n- none: Nobody needs to."
    );
    let mut names: Vec<&String> = p.as_object().unwrap().keys().collect();
    names.sort();
    assert_eq!(
        names,
        ["caBundle", "secretName", "type", "userKey"],
        "the variants' fields, each once"
    );
    assert_eq!(
        rules(&s),
        [
            (
                "self.type != 'token' || has(self.secretName) && !has(self.userKey) && !has(self.caBundle)",
                "when type is token: secretName must be set; userKey, caBundle must not be set"
            ),
            (
                "self.type != 'basic' || has(self.secretName) && !has(self.caBundle)",
                "when type is basic: secretName must be set; caBundle must not be set"
            ),
            (
                "self.type != 'mtls' || has(self.caBundle) && !has(self.secretName) && !has(self.userKey)",
                "when type is mtls: caBundle must be set; secretName, userKey must not be set"
            ),
            (
                "self.type != 'none' || !has(self.secretName) && !has(self.userKey) && !has(self.caBundle)",
                "when type is none: secretName, userKey, caBundle must not be set"
            ),
        ]
        .map(|(r, m)| (r.to_owned(), m.to_owned()))
    );
    for written in [
        json!({"type": "token", "secretName": "s"}),
        json!({"type": "basic", "secretName": "s", "userKey": "u"}),
        json!({"type": "mtls", "caBundle": "..."}),
        json!({"type": "none"}),
    ] {
        assert_eq!(
            problems(&s, written.clone()),
            Vec::<String>::new(),
            "{written}"
        );
    }
    assert_eq!(
        problems(
            &s,
            json!({"type": "mtls", "caBundle": "...", "secretName": "s"})
        ),
        [
            ": Invalid value: \"object\": when type is mtls: caBundle must be set; secretName, userKey must not be set"
        ]
    );
    assert_eq!(
        problems(&s, json!({"type": "token"})),
        [
            ": Invalid value: \"object\": when type is token: secretName must be set; userKey, caBundle must not be set"
        ]
    );
    assert_eq!(
        problems(&s, json!({"type": "unknown"})),
        [".type: Invalid value: \"unknown\": must be one of the enum values"]
    );
}

#[test]
fn adjacently_tagged_enums_have_a_tag_and_a_content_union() {
    let s = union_schema(
        "Step",
        r#"
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", content = "with", rename_all = "camelCase")]
pub enum Step {
    Run { command: Vec<String> },
    Sleep { seconds: u32 },
    Stop,
}
"#,
    );
    assert_eq!(s["required"], json!(["kind"]));
    assert_eq!(
        s["properties"]["kind"]["enum"],
        json!(["run", "sleep", "stop"])
    );
    assert_eq!(
        s["properties"]["with"]["properties"]["seconds"],
        json!({"type": "integer", "format": "int64", "minimum": 0.0, "maximum": 4294967295.0})
    );
    assert_eq!(
        rules(&s)[2],
        (
            "self.kind != 'stop' || !has(self.with)".to_owned(),
            "when kind is stop: with must not be set".to_owned()
        )
    );
    for written in [
        json!({"kind": "run", "with": {"command": ["a"]}}),
        json!({"kind": "sleep", "with": {"seconds": 3}}),
        json!({"kind": "stop"}),
    ] {
        assert_eq!(
            problems(&s, written.clone()),
            Vec::<String>::new(),
            "{written}"
        );
    }
    assert_eq!(
        problems(&s, json!({"kind": "run", "with": {"seconds": 3}})),
        [
            ": Invalid value: \"object\": when kind is run: with, with.command must be set; with.seconds must not be set"
        ]
    );
    // Content that is one value for every variant.
    let s = union_schema(
        "Limit",
        r#"
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "unit", content = "amount")]
pub enum Limit {
    Requests(u32),
    Bytes(u32),
}
"#,
    );
    assert_eq!(
        s["properties"]["amount"],
        json!({"type": "integer", "format": "int64", "minimum": 0.0, "maximum": 4294967295.0})
    );
}

#[test]
fn untagged_integer_and_string_variants_are_int_or_string() {
    let s = union_schema(
        "Port",
        r#"
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Port {
    Number(i32),
    Name(String),
}
"#,
    );
    assert_eq!(
        s,
        json!({"x-kubernetes-int-or-string": true,
               "anyOf": [{"type": "integer"}, {"type": "string"}]})
    );
}

#[test]
fn untagged_struct_variants_follow_serde_order() {
    let s = union_schema(
        "Login",
        r#"
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Login {
    Mutual { user: String, certificate: String },
    Basic { user: String, #[serde(default)] realm: Option<String> },
}
"#,
    );
    assert_eq!(s["x-kubernetes-map-type"], "atomic");
    assert_eq!(
        rules(&s)[0].0,
        "has(self.user) && has(self.certificate) ? !has(self.realm) : \
         has(self.user) ? !has(self.certificate) : false"
    );
    for written in [
        json!({"user": "u", "certificate": "c"}),
        json!({"user": "u", "realm": "r"}),
        json!({"user": "u"}),
    ] {
        assert_eq!(
            problems(&s, written.clone()),
            Vec::<String>::new(),
            "{written}"
        );
    }
    // serde would read `Mutual` and drop `realm`; an object without `user`
    // is no variant at all.
    for lossy in [
        json!({"user": "u", "certificate": "c", "realm": "r"}),
        json!({"realm": "r"}),
    ] {
        assert_eq!(problems(&s, lossy.clone()).len(), 1, "{lossy}");
    }
}

#[test]
fn a_flattened_union_joins_the_struct_and_stays_granular() {
    let (spec, warnings) = spec_schema(
        r#"    pub name: String,
    #[serde(flatten)]
    pub retry: Retry,"#,
        r#"
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "retryPolicy")]
pub enum Retry {
    Never,
    Fixed { attempts: i32 },
}
"#,
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    assert_eq!(spec["required"], json!(["name", "retryPolicy"]));
    assert_eq!(spec.get("x-kubernetes-map-type"), None);
    assert_eq!(
        spec["properties"]["retryPolicy"]["enum"],
        json!(["Never", "Fixed"])
    );
    assert_eq!(rules(&spec).len(), 2);
    assert_eq!(
        problems(
            &spec,
            json!({"name": "n", "retryPolicy": "Never", "attempts": 3})
        ),
        [": Invalid value: \"object\": when retryPolicy is Never: attempts must not be set"]
    );
}

#[test]
fn unit_only_enums_stay_strings_and_other_is_not_offered() {
    let s = union_schema(
        "Phase",
        r#"
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Phase {
    Pending,
    InProgress,
    #[serde(rename = "done")]
    Done,
    #[serde(other)]
    Unknown,
}
"#,
    );
    assert_eq!(
        s,
        json!({"type": "string", "enum": ["PENDING", "IN_PROGRESS", "done"]})
    );
}

#[test]
fn generated_rules_pass_the_cel_checks_in_lists_and_maps() {
    // The rules are checked like the user's (fields, types, cost): unions in
    // bounded lists and in maps build without errors.
    let (spec, warnings) = spec_schema(
        r#"    // +kubebuilder:validation:MaxItems=100
    pub sources: Vec<Source>,
    // +kubebuilder:validation:MaxProperties=20
    pub auths: std::collections::BTreeMap<String, Auth>,"#,
        &format!("{SOURCE}{AUTH}"),
    );
    assert_eq!(warnings.iter().count(), 0, "{}", warnings_text(&warnings));
    assert_eq!(
        rules(&spec["properties"]["sources"]["items"]).len(),
        1,
        "{spec}"
    );
}
