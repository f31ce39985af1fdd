//! Every diagnostic of bad input, shown exactly as the user sees it. Each case
//! is a tiny input tree under `tests/bad-input/<case>/`; several errors in one
//! run are all reported.

use std::path::Path;

use kube_codegen::diag::Diagnostics;
use kube_codegen::emit::crd::{CrdError, CrdOptions, build_crds};
use kube_codegen::parse::{ParseOptions, Parsed, parse_dir};

fn parse(case: &str) -> Result<Parsed, Diagnostics> {
    // Tests run in the package directory, so locations read `tests/bad-input/...`.
    parse_dir(
        &Path::new("tests/bad-input").join(case),
        &ParseOptions::default(),
    )
}

/// Asserts that `case` fails with exactly `errors` errors, rendered as `expected`.
fn check(case: &str, errors: usize, expected: &str) {
    let diags = match parse(case) {
        Ok(_) => panic!("{case} parsed without errors"),
        Err(d) => d,
    };
    assert_eq!(
        diags.to_string().trim_end(),
        expected.trim(),
        "rendering of {case}"
    );
    assert_eq!(diags.error_count(), errors, "errors of {case}");
}

/// Asserts that `case` parses but its CRDs fail with exactly `errors` errors,
/// rendered (with their source lines) as `expected`.
fn check_crds(case: &str, errors: usize, expected: &str) {
    let parsed = parse(case).unwrap_or_else(|d| panic!("{case} does not parse:\n{d}"));
    let crd_errors = build_crds(&parsed.api).expect_err("CRD errors");
    let mut diags = Diagnostics(crd_errors.iter().map(CrdError::to_diagnostic).collect());
    diags.fill_source_lines(|path, line| {
        let text = std::fs::read_to_string(path).ok()?;
        text.lines().nth(line - 1).map(str::to_owned)
    });
    diags.sort();
    assert_eq!(
        diags.to_string().trim_end(),
        expected.trim(),
        "rendering of {case}"
    );
    assert_eq!(diags.error_count(), errors, "errors of {case}");
}

/// Misspelt and unknown markers are errors (Go tools ignore them silently), with a suggestion when
/// one is close.
#[test]
fn unknown_marker() {
    check(
        "unknown-marker",
        3,
        r#"
error: unknown marker `+genclient:nonNamespacd`
 --> tests/bad-input/unknown-marker/myapp/v1/app.rs:5:4
  |
5 | // +genclient:nonNamespacd
  |    ^^^^^^^^^^^^^^^^^^^^^^^
  = help: did you mean `+genclient:nonNamespaced`?

error: unknown marker `+kubebuilder:validation:Minimun`
  --> tests/bad-input/unknown-marker/myapp/v1/app.rs:14:8
   |
14 |     // +kubebuilder:validation:Minimun=0
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: did you mean `+kubebuilder:validation:Minimum`?

error: unknown marker `+kubebuilder:frobnicate`
  --> tests/bad-input/unknown-marker/myapp/v1/app.rs:16:8
   |
16 |     // +kubebuilder:frobnicate
   |        ^^^^^^^^^^^^^^^^^^^^^^^
   = help: kube-codegen rejects markers it does not know rather than ignoring them; check the spelling, or if this is prose, do not start the line with `+`
"#,
    );
}

/// Values of the wrong type, unknown or missing arguments, text after a marker: each points at the
/// offending characters.
#[test]
fn malformed_value() {
    check(
        "malformed-value",
        8,
        r#"
error: expected one of `Namespaced`, `Cluster`, found `Clster`
 --> tests/bad-input/malformed-value/myapp/v1/app.rs:5:32
  |
5 | // +kubebuilder:resource:scope=Clster
  |                                ^^^^^^
  = help: did you mean `Cluster`?

error: unknown argument `JSONpath` for `+kubebuilder:printcolumn`
 --> tests/bad-input/malformed-value/myapp/v1/app.rs:6:48
  |
6 | // +kubebuilder:printcolumn:name=Age,type=date,JSONpath=.metadata.creationTimestamp
  |                                                ^^^^^^^^
  = help: did you mean `JSONPath`?

error: expected a number, found `abc`
  --> tests/bad-input/malformed-value/myapp/v1/app.rs:10:40
   |
10 |     // +kubebuilder:validation:Minimum=abc
   |                                        ^^^
   = help: write a number such as `0`, `-1` or `0.5`

error: expected a non-negative integer, found `-1`
  --> tests/bad-input/malformed-value/myapp/v1/app.rs:11:42
   |
11 |     // +kubebuilder:validation:MaxLength=-1
   |                                          ^^
   = help: lengths and counts are whole numbers, 0 or more

error: expected a value, found nothing
  --> tests/bad-input/malformed-value/myapp/v1/app.rs:12:29
   |
12 |     // +kubebuilder:default=
   |                             ^
   = help: write the value after `=`, or remove the marker

error: expected a JSON value, found `fast`
  --> tests/bad-input/malformed-value/myapp/v1/app.rs:18:17
   |
18 |     // +default=fast
   |                 ^^^^
   = help: the value is JSON, so strings need quotes: `"fast"`

error: unexpected text after `+optional`
  --> tests/bad-input/malformed-value/myapp/v1/app.rs:20:18
   |
20 |     // +optional because it has a default
   |                  ^^^^^^^^^^^^^^^^^^^^^^^^
   = help: a marker takes the whole comment line; write other text on a line of its own

error: `+kubebuilder:validation:XValidation` is missing `rule`
  --> tests/bad-input/malformed-value/myapp/v1/app.rs:22:8
   |
22 |     // +kubebuilder:validation:XValidation:message="no rule"
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: write `+kubebuilder:validation:XValidation:rule=...`
"#,
    );
}

/// Unknown verbs in `onlyVerbs`, `skipVerbs` and `+genclient:method`.
#[test]
fn unknown_verb() {
    check(
        "unknown-verb",
        4,
        r#"
error: unknown verb `gett` in `+genclient:onlyVerbs`
 --> tests/bad-input/unknown-verb/myapp/v1/app.rs:5:32
  |
5 | // +genclient:onlyVerbs=create,gett,frobnicate
  |                                ^^^^
  = help: did you mean `get`?

error: unknown verb `frobnicate` in `+genclient:onlyVerbs`
 --> tests/bad-input/unknown-verb/myapp/v1/app.rs:5:37
  |
5 | // +genclient:onlyVerbs=create,gett,frobnicate
  |                                     ^^^^^^^^^^
  = help: the verbs are `create`, `update`, `updateStatus`, `delete`, `deleteCollection`, `get`, `list`, `watch`, `patch`, `patchStatus`, `apply`, `applyStatus`

error: unknown verb `updateStatuss` in `+genclient:skipVerbs`
  --> tests/bad-input/unknown-verb/myapp/v1/app.rs:12:25
   |
12 | // +genclient:skipVerbs=updateStatuss
   |                         ^^^^^^^^^^^^^
   = help: did you mean `updateStatus`?

error: unknown verb `scale` in `+genclient:method`
  --> tests/bad-input/unknown-verb/myapp/v1/app.rs:13:33
   |
13 | // +genclient:method=Scale,verb=scale,subresource=scale
   |                                 ^^^^^
   = help: methods may use `get`, `list`, `create`, `update`, `patch`, `delete`, `apply`
"#,
    );
}

/// A kind needs `metadata: ObjectMeta`.
#[test]
fn missing_object_meta() {
    check(
        "missing-object-meta",
        2,
        r#"
error: kind `App` has no `metadata: ObjectMeta` field
 --> tests/bad-input/missing-object-meta/myapp/v1/app.rs:6:12
  |
6 | pub struct App {
  |            ^^^
  = help: add `pub metadata: ObjectMeta,` with `use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;`

error: the `metadata` field of kind `Other` must be `ObjectMeta`, not `Option<ObjectMeta>`
  --> tests/bad-input/missing-object-meta/myapp/v1/app.rs:13:9
   |
13 |     pub metadata: Option<ObjectMeta>,
   |         ^^^^^^^^
   = help: add `pub metadata: ObjectMeta,` with `use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;`; kube's `Resource` trait needs it without `Option`
"#,
    );
}

/// Field types without a structural schema, each with what to use instead.
#[test]
fn unsupported_field_type() {
    check(
        "unsupported-field-type",
        8,
        r#"
error: tuple types are not supported: JSON has no unnamed fields
 --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:5:15
  |
5 |     pub pair: (i32, i32),
  |               ^^^^^^^^^^
  = help: use a struct with named fields

error: references are not supported in API types: objects are deserialized into owned values
 --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:6:15
  |
6 |     pub name: &'static str,
  |               ^^^^^^^^^^^^
  = help: use an owned type: `String` instead of `&str`, `Vec<T>` instead of `&[T]`

error: trait objects are not supported: the schema of a field must be known
 --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:7:18
  |
7 |     pub any: Box<dyn std::any::Any>,
  |                  ^^^^^^^^^^^^^^^^^
  = help: use a concrete type, or `serde_json::Value` for arbitrary JSON

error: function pointers are not data and cannot be part of an API type
 --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:8:19
  |
8 |     pub callback: fn(i32) -> i32,
  |                   ^^^^^^^^^^^^^^
  = help: keep behaviour in functions or impl blocks, outside the type

error: the length of a fixed-size array must be an integer literal
 --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:9:21
  |
9 |     pub fixed: [u8; LEN],
  |                     ^^^
  = help: write the length as a number (`[String; 3]`), or use `Vec<T>`

error: sets are not supported
  --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:10:14
   |
10 |     pub set: std::collections::BTreeSet<String>,
   |              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: use `Vec<T>` with `+listType=set`

error: generic type `Wrapper` is not supported
  --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:14:19
   |
14 | pub struct Wrapper<T> {
   |                   ^^^
   = help: API types must be concrete: declare one struct per use

error: tuple struct `Pair` is not supported: JSON objects need field names
  --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:19:16
   |
19 | pub struct Pair(pub i32, pub i32);
   |                ^^^^^^^^^^^^^^^^^^
   = help: give the fields names: `struct Pair { name: Type }`; a tuple struct of one field (a newtype) is supported
"#,
    );
}

/// Enums with data that no structural schema holds: each conflict at the
/// variant or field that shows it, naming the variants involved.
#[test]
fn union_conflicts() {
    check_crds(
        "union-conflicts",
        8,
        r#"
error: `Source::Empty` is the string "Empty" on the wire, but `Source::Git` is an object: no structural schema holds both
  --> tests/bad-input/union-conflicts/myapp/v1/app.rs:26:5
   |
26 |     Empty,
   |     ^^^^^
   = help: write `Empty {}` (the object `{"Empty": {}}`), or tag the enum: `#[serde(tag = "type")]` writes every variant as an object

error: `Auth::Token` holds a `String`, which serde cannot write next to the tag `type` of an internally tagged enum
  --> tests/bad-input/union-conflicts/myapp/v1/app.rs:33:5
   |
33 |     Token(String),
   |     ^^^^^
   = help: give the variant named fields (`Token { value: String }`), or use adjacent tagging: `#[serde(tag = "type", content = "value")]`

error: the field `command` of `Step::Retry` has `Vec<String>`, not `String` as in `Run`: both are the property `command`
  --> tests/bad-input/union-conflicts/myapp/v1/app.rs:42:13
   |
42 |     Retry { command: Vec<String> },
   |             ^^^^^^^
   = help: give the two fields the same type and markers, or different names (`#[serde(rename = "...")]`)

error: the field `kind` of `Step::Wait` has the name of the tag `kind`
  --> tests/bad-input/union-conflicts/myapp/v1/app.rs:43:12
   |
43 |     Wait { kind: String },
   |            ^^^^
   = help: rename the field, or the tag (`#[serde(tag = "...")]`)

error: the unit variant `Port::Unset` of an untagged enum is `null` on the wire, which an API object cannot hold
  --> tests/bad-input/union-conflicts/myapp/v1/app.rs:51:5
   |
51 |     Unset,
   |     ^^^^^
   = help: remove it and use `Option<Port>` where the value may be missing, or tag the enum

error: `Value::Text` holds a `String` but `Value::Pair` an object: no structural schema holds both
  --> tests/bad-input/union-conflicts/myapp/v1/app.rs:58:5
   |
58 |     Text(String),
   |     ^^^^
   = help: give `Text` named fields (`Text { value: String }`)

error: `Login::Mutual` is never read: serde tries `Basic` first, which reads every object that has `user`
  --> tests/bad-input/union-conflicts/myapp/v1/app.rs:67:5
   |
67 |     Mutual { user: String, certificate: String },
   |     ^^^^^^
   = help: put `Mutual` before `Basic`, or give `Basic` a required field `Mutual` does not have

error: `Size::Blocks` is never read: serde tries `Bytes` first and it takes the same values
  --> tests/bad-input/union-conflicts/myapp/v1/app.rs:75:5
   |
75 |     Blocks(u32),
   |     ^^^^^^
   = help: keep one variant per kind of value (one integer, one string)
"#,
    );
}

/// CEL rules the API server would refuse for their cost (reported at the
/// marker, with the server's hint) or for `oldSelf` where old values do not
/// correlate.
#[test]
fn cel_budget_and_transition_rules() {
    check_crds(
        "cel-budget",
        4,
        r#"
error: spec.versions[0].schema.openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)
 --> tests/bad-input/cel-budget/myapp/v1/app.rs:6:12
  |
6 | pub struct App {
  |            ^
  = help: bound what the rule walks: `+kubebuilder:validation:MaxItems` on the lists, `MaxProperties` on the maps and `MaxLength` on the strings above and in it; the cost is the rule's worst case times how often it may run

error: spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[hosts].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)
  --> tests/bad-input/cel-budget/myapp/v1/app.rs:15:8
   |
15 |     // +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a == b || !a.endsWith(b)))",message="no host is a suffix of another"
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: bound what the rule walks: `+kubebuilder:validation:MaxItems` on the lists, `MaxProperties` on the maps and `MaxLength` on the strings above and in it; the cost is the rule's worst case times how often it may run

error: spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[hosts].x-kubernetes-validations[0].rule: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema
  --> tests/bad-input/cel-budget/myapp/v1/app.rs:15:8
   |
15 |     // +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a == b || !a.endsWith(b)))",message="no host is a suffix of another"
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: bound what the rule walks: `+kubebuilder:validation:MaxItems` on the lists, `MaxProperties` on the maps and `MaxLength` on the strings above and in it; the cost is the rule's worst case times how often it may run

error: spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[backends].items.x-kubernetes-validations[0].rule: Invalid value: "self.weight >= oldSelf.weight": oldSelf cannot be used on the uncorrelatable portion of the schema within spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[backends]
  --> tests/bad-input/cel-budget/myapp/v1/app.rs:21:4
   |
21 | // +kubebuilder:validation:XValidation:rule="self.weight >= oldSelf.weight",message="weights only grow"
   |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: old and new items of a list correlate only by key: make the list `+listType=map` with `+listMapKey=`, or write the rule on the list itself
"#,
    );
}

/// One run reports every error: those found reading the input (an unknown
/// marker, a tuple variant) together with those of the CRDs built from what
/// could be read (a CEL rule naming the Rust field, a float, an enum with no
/// structural schema), as `generate`, `crd`, `build.rs` and the macro do.
#[test]
fn every_error_is_reported_in_one_run() {
    let diags = kube_codegen::pipeline::parse_and_check(
        Path::new("tests/bad-input/one-round"),
        &ParseOptions::default(),
        Some(&CrdOptions::default()),
        true,
    )
    .expect_err("errors of both kinds");
    assert_eq!(diags.error_count(), 5, "{diags}");
    assert_eq!(
        diags.to_string().trim_end(),
        r#"
error: spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: "self.min_replicas <= self.maxReplicas": compilation failed: undefined field 'min_replicas'; did you mean `minReplicas`?
  --> tests/bad-input/one-round/myapp/v1/app.rs:11:4
   |
11 | // +kubebuilder:validation:XValidation:rule="self.min_replicas <= self.maxReplicas",message="min <= max"
   |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

error: unknown marker `+kubebuilder:validation:Minimun`
  --> tests/bad-input/one-round/myapp/v1/app.rs:15:8
   |
15 |     // +kubebuilder:validation:Minimun=0
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: did you mean `+kubebuilder:validation:Minimum`?

error: `f64` fields are refused by default, as controller-gen refuses Go floats: JSON numbers are read differently across languages, so a float may not round-trip; use an integer, a `String`, or `Quantity` instead, or pass `--allow-dangerous-types` (Builder: `allow_dangerous_types(true)`) to generate `type: number`
  --> tests/bad-input/one-round/myapp/v1/app.rs:18:9
   |
18 |     pub ratio: f64,
   |         ^

error: `Source::Empty` is the string "Empty" on the wire, but `Source::Git` is an object: no structural schema holds both
  --> tests/bad-input/one-round/myapp/v1/app.rs:26:5
   |
26 |     Empty,
   |     ^^^^^
   = help: write `Empty {}` (the object `{"Empty": {}}`), or tag the enum: `#[serde(tag = "type")]` writes every variant as an object

error: tuple variant `Both` is a JSON array of 2 values, which has no structural schema
  --> tests/bad-input/one-round/myapp/v1/app.rs:32:5
   |
32 |     Both(String, String),
   |     ^^^^^^^^^^^^^^^^^^^^
   = help: give the fields names: `Both { name: Type, ... }`
"#
        .trim()
    );
}

/// Types that are neither local, std, `serde_json::Value` nor `k8s_openapi`.
#[test]
fn unresolved_type() {
    check(
        "unresolved-type",
        3,
        r#"
error: cannot find type `SourceSpec`
 --> tests/bad-input/unresolved-type/myapp/v1/app.rs:6:17
  |
6 |     pub source: SourceSpec,
  |                 ^^^^^^^^^^
  = help: field types may be declared in this version module, imported from `k8s_openapi` (also through `kube`), or be `String`, `bool`, integers, `Option`, `Vec`, `Box`, `BTreeMap` / `HashMap` (keys: `String`, a newtype of it, a unit-only enum or an integer), `serde_json::Value`, `jiff::Timestamp`, `chrono::DateTime<Utc>` or `kube::core::Duration`

error: cannot use `OffsetDateTime` from crate `time`: kube-codegen does not know its schema
 --> tests/bad-input/unresolved-type/myapp/v1/app.rs:7:18
  |
7 |     pub created: OffsetDateTime,
  |                  ^^^^^^^^^^^^^^
  = help: field types may be declared in this version module, imported from `k8s_openapi` (also through `kube`), or be `String`, `bool`, integers, `Option`, `Vec`, `Box`, `BTreeMap` / `HashMap` (keys: `String`, a newtype of it, a unit-only enum or an integer), `serde_json::Value`, `jiff::Timestamp`, `chrono::DateTime<Utc>` or `kube::core::Duration`; Go's `metav1.Time` is `k8s_openapi::apimachinery::pkg::apis::meta::v1::Time`

error: `super::super::v2::AppSpec` is not a type of this version module
 --> tests/bad-input/unresolved-type/myapp/v1/app.rs:8:16
  |
8 |     pub other: super::super::v2::AppSpec,
  |                ^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: a version module may use its own types, std types, `serde_json::Value` and `k8s_openapi` types; copy the type into this version if both versions need it
"#,
    );
}

/// A file that is not valid Rust; other files are still checked, without follow-on errors about the
/// broken file's types.
#[test]
fn syntax_error() {
    check(
        "syntax-error",
        2,
        r#"
error: syntax error: expected `,`
 --> tests/bad-input/syntax-error/myapp/v1/app.rs:6:5
  |
6 |     pub image: String,
  |     ^^^
  = help: the file must be valid Rust; `cargo check` on the API crate shows the same error

error: unknown marker `+kubebuilder:validation:Minimun`
 --> tests/bad-input/syntax-error/myapp/v1/other.rs:7:8
  |
7 |     // +kubebuilder:validation:Minimun=1
  |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: did you mean `+kubebuilder:validation:Minimum`?
"#,
    );
}

/// A directory that declares kinds without `+groupName` (a helper module without kinds is fine).
#[test]
fn missing_group_name() {
    check(
        "missing-group-name",
        1,
        r#"
error: version module `myapp/v1` has no `+groupName`, but declares kinds (`+genclient`)
 --> tests/bad-input/missing-group-name/myapp/v1/app.rs:4:4
  |
4 | // +genclient
  |    ^^^^^^^^^^
  = help: add `//! +groupName=<group>` (such as `myapp.example.com`) at the top of `myapp/v1/mod.rs`
"#,
    );
}

/// `+groupName` on the group module instead of the version module.
#[test]
fn group_name_outside_version() {
    check(
        "group-name-outside-version",
        2,
        r#"
error: `+groupName` outside a version module
 --> tests/bad-input/group-name-outside-version/myapp/mod.rs:1:5
  |
1 | //! +groupName=myapp.example.com
  |     ^^^^^^^^^^
  = help: API versions live in `<input>/<group>/<version>/mod.rs`; move the marker there

error: version module `myapp/v1` has no `+groupName`, but declares kinds (`+kubebuilder:object:root`)
 --> tests/bad-input/group-name-outside-version/myapp/v1/app.rs:4:4
  |
4 | // +kubebuilder:object:root=true
  |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: add `//! +groupName=<group>` (such as `myapp.example.com`) at the top of `myapp/v1/mod.rs`
"#,
    );
}

/// The same kind twice in one version, and two kinds with one plural.
#[test]
fn duplicate_kind() {
    check(
        "duplicate-kind",
        2,
        r#"
error: kinds `App` and `Application` both have the resource name `apps` in `myapp.example.com/v1`
  --> tests/bad-input/duplicate-kind/myapp/v1/app.rs:13:12
   |
13 | pub struct Application {
   |            ^^^^^^^^^^^
   = help: give one of them another plural with `+resourceName=` or `+kubebuilder:resource:path=`

error: kind `App` is defined twice in `myapp.example.com/v1`
 --> tests/bad-input/duplicate-kind/myapp/v1/more.rs:6:12
  |
6 | pub struct App {
  |            ^^^
  = help: the first definition is at tests/bad-input/duplicate-kind/myapp/v1/app.rs:6:12; rename or remove one
"#,
    );
}

/// Exactly one storage version per kind across the versions of a group.
#[test]
fn storage_versions() {
    check(
        "storage-versions",
        2,
        r#"
error: kind `App` of group `myapp.example.com` has several storage versions: `v2`, `v1`
 --> tests/bad-input/storage-versions/myapp/v1/app.rs:7:12
  |
7 | pub struct App {
  |            ^^^
  = help: keep `+kubebuilder:storageversion` on exactly one version of `App`

error: kind `Job` of group `myapp.example.com` has no storage version among `v3`, `v2`, `v1`
 --> tests/bad-input/storage-versions/myapp/v3/app.rs:6:12
  |
6 | pub struct Job {
  |            ^^^
  = help: add `// +kubebuilder:storageversion` above `Job` in the one version the API server should store
"#,
    );
}

/// Field markers on types, type markers on fields, variants and modules.
#[test]
fn wrong_target() {
    check(
        "wrong-target",
        5,
        r#"
error: `+optional` cannot be used on a type
 --> tests/bad-input/wrong-target/myapp/v1/app.rs:4:4
  |
4 | // +optional
  |    ^^^^^^^^^
  = help: `+optional` belongs above a field

error: `+kubebuilder:subresource:status` cannot be used on a field
 --> tests/bad-input/wrong-target/myapp/v1/app.rs:9:8
  |
9 |     // +kubebuilder:subresource:status
  |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: `+kubebuilder:subresource:status` belongs above a struct or enum

error: `+groupName` cannot be used on a field
  --> tests/bad-input/wrong-target/myapp/v1/app.rs:10:8
   |
10 |     // +groupName=other.example.com
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: `+groupName` belongs in the version module's `//!` comments

error: `+kubebuilder:validation:MinLength` cannot be used on an enum variant
  --> tests/bad-input/wrong-target/myapp/v1/app.rs:16:8
   |
16 |     // +kubebuilder:validation:MinLength=1
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: `+kubebuilder:validation:MinLength` belongs above a struct or enum or above a field

error: `+genclient` cannot be used on the module (`//!`)
 --> tests/bad-input/wrong-target/myapp/v1/mod.rs:2:5
  |
2 | //! +genclient
  |     ^^^^^^^^^^
  = help: `+genclient` belongs above a struct or enum
"#,
    );
}

/// Kind markers on a type that is not a kind, contradicting client markers, and subresources the
/// type cannot have.
#[test]
fn kind_markers() {
    check(
        "kind-markers",
        4,
        r#"
error: `+genclient:noStatus` has no effect without `+genclient`
 --> tests/bad-input/kind-markers/myapp/v1/app.rs:4:4
  |
4 | // +genclient:noStatus
  |    ^^^^^^^^^^^^^^^^^^^
  = help: add `// +genclient` above `NotAKind`

error: `+kubebuilder:printcolumn` only applies to kinds, and `NotAKind` is not one
 --> tests/bad-input/kind-markers/myapp/v1/app.rs:5:4
  |
5 | // +kubebuilder:printcolumn:name=Age,type=date,JSONPath=.metadata.creationTimestamp
  |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: add `// +genclient` (or `// +kubebuilder:object:root=true`) above `NotAKind` to make it a kind

error: `+genclient:readonly` and `+genclient:onlyVerbs` contradict each other
  --> tests/bad-input/kind-markers/myapp/v1/app.rs:13:4
   |
13 | // +genclient:onlyVerbs=get
   |    ^^^^^^^^^^^^^^^^^^^^^^^^
   = help: choose the verbs with one of `noVerbs`, `readonly`, `onlyVerbs=` or `skipVerbs=`

warning: `+kubebuilder:subresource:status` on `App`, which has no `status` field
  --> tests/bad-input/kind-markers/myapp/v1/app.rs:14:4
   |
14 | // +kubebuilder:subresource:status
   |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: the CRD gets the status subresource (as controller-gen writes it), but `App` has no status to write; add a `status` field, or remove the marker

error: `specpath` must start with `.spec.`, found `spec.replicas`
  --> tests/bad-input/kind-markers/myapp/v1/app.rs:15:44
   |
15 | // +kubebuilder:subresource:scale:specpath=spec.replicas,statuspath=.status.replicas
   |                                            ^^^^^^^^^^^^^
   = help: write a JSON path such as `.spec.replicas`
"#,
    );
}

/// Validation markers that do not fit the type they are on, and contradicting bounds.
#[test]
fn marker_type_mismatch() {
    check(
        "marker-type-mismatch",
        8,
        r#"
error: `+kubebuilder:validation:MinLength` applies to strings, but field `replicas` (`i32`) is an integer
 --> tests/bad-input/marker-type-mismatch/myapp/v1/app.rs:7:8
  |
7 |     // +kubebuilder:validation:MinLength=1
  |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: numbers take `Minimum`, `Maximum`, `ExclusiveMinimum`, `ExclusiveMaximum` and `MultipleOf`

error: `+kubebuilder:validation:Minimum` applies to integers and numbers, but field `names` (`Vec<String>`) is a list
 --> tests/bad-input/marker-type-mismatch/myapp/v1/app.rs:9:8
  |
9 |     // +kubebuilder:validation:Minimum=0
  |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: lists take `MinItems`, `MaxItems`, `UniqueItems`, `+listType` and `+listMapKey`; validations of the items go on the item type

error: `+listType=map` needs at least one `+listMapKey`
  --> tests/bad-input/marker-type-mismatch/myapp/v1/app.rs:12:8
   |
12 |     // +listType=map
   |        ^^^^^^^^^^^^^
   = help: name the item field that identifies an item, e.g. `+listMapKey=name`

error: the minimum value (10) is greater than the maximum (1)
  --> tests/bad-input/marker-type-mismatch/myapp/v1/app.rs:14:8
   |
14 |     // +kubebuilder:validation:Minimum=10
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: no value could pass; fix the bound that is wrong

error: `+kubebuilder:validation:Pattern` applies to strings, but field `labels` (`BTreeMap<String, String>`) is a map
  --> tests/bad-input/marker-type-mismatch/myapp/v1/app.rs:17:8
   |
17 |     // +kubebuilder:validation:Pattern=`^a$`
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: maps take `MinProperties`, `MaxProperties` and `+mapType`

error: `+listMapKey=host` of `routes`: `Route` has no field `host`
  --> tests/bad-input/marker-type-mismatch/myapp/v1/app.rs:31:9
   |
31 |     pub routes: Vec<Route>,
   |         ^^^^^^
   = help: list map keys name fields of `Route` by their JSON name: `path`

error: `+listMapKey=path` of `routes`: `Route.path` must be required or have a default
  --> tests/bad-input/marker-type-mismatch/myapp/v1/app.rs:31:9
   |
31 |     pub routes: Vec<Route>,
   |         ^^^^^^
   = help: the API server rejects list map keys that may be missing; make the field required or add `+kubebuilder:default=`

error: `+listType=map` needs a list of objects, but `names` is `Vec<String>`
  --> tests/bad-input/marker-type-mismatch/myapp/v1/app.rs:34:9
   |
34 |     pub names: Vec<String>,
   |         ^^^^^
   = help: use `+listType=set` for scalars, or make the items a struct
"#,
    );
}

/// Markers of other tools and markers attached to nothing are warnings: the
/// parse succeeds, and the warnings say what was ignored.
#[test]
fn warnings_do_not_fail_the_parse() {
    let parsed = match parse("warnings") {
        Ok(p) => p,
        Err(d) => panic!("{d}"),
    };
    assert_eq!(parsed.warnings.error_count(), 0);
    assert_eq!(
        parsed.warnings.to_string().trim_end(),
        r#"
warning: `+kubebuilder:rbac` is ignored
 --> tests/bad-input/warnings/myapp/v1/app.rs:4:4
  |
4 | // +kubebuilder:rbac:groups=myapp.example.com,resources=apps,verbs=get;list
  |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: kube-codegen does not use `+kubebuilder:rbac` markers: RBAC markers are read from controller code (`kube-codegen rbac --source-dir DIR`, or `generate --rbac-source-dir DIR`), not from API types

warning: `Vec<u8>` is a JSON array of numbers
  --> tests/bad-input/warnings/myapp/v1/app.rs:10:16
   |
10 |     pub bytes: Vec<u8>,
   |                ^^^^^^^
   = help: for bytes encoded as base64 (Go's `[]byte`) use `k8s_openapi::ByteString`

warning: `+optional` is not attached to a type or field and has no effect
  --> tests/bad-input/warnings/myapp/v1/app.rs:11:8
   |
11 |     // +optional
   |        ^^^^^^^^^
   = help: write markers directly above the type or field they apply to (one blank line may separate them from the doc comment)

warning: `+kubebuilder:validation:MinLength` is not attached to a type or field and has no effect
  --> tests/bad-input/warnings/myapp/v1/app.rs:14:4
   |
14 | // +kubebuilder:validation:MinLength=1
   |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: write markers directly above the type or field they apply to (one blank line may separate them from the doc comment)

warning: `+k8s:openapi-gen` is ignored
 --> tests/bad-input/warnings/myapp/v1/mod.rs:2:5
  |
2 | //! +k8s:openapi-gen=true
  |     ^^^^^^^^^^^^^^^^^^^^^
  = help: kube-codegen does not use `+k8s:openapi-gen` markers: OpenAPI schemas come from the CRD emitter
"#
        .trim()
    );
    assert_eq!(parsed.api.kinds().count(), 1);
}

/// Defaults inside a field that may be missing and has no default of its own
/// never apply to objects without it (controller-tools#622/#631): a warning
/// with the fix. A `#[serde(default)]` struct field gets `default: {}` instead,
/// unless `{}` is not valid.
#[test]
fn defaults_that_never_apply_are_warned() {
    let parsed = parse("defaults-never-apply").unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(
        parsed.warnings.to_string().trim_end(),
        r#"
warning: the defaults inside `limits` (`cpu`, `memory`) never apply to an object without it: it is optional and has no default, and the API server fills in defaults only in objects that are there
  --> tests/bad-input/defaults-never-apply/myapp/v1/app.rs:14:9
   |
14 |     pub limits: Option<Limits>,
   |         ^^^^^^
   = help: add `// +kubebuilder:default={}` above `limits` so the server creates it with its defaults (controller-tools#622), or make it `Limits` with `#[serde(default)]`

warning: the defaults inside `owner` (`kind`) never apply to an object without it: it is optional and has no default, and the API server fills in defaults only in objects that are there
  --> tests/bad-input/defaults-never-apply/myapp/v1/app.rs:20:9
   |
20 |     pub owner: Owner,
   |         ^^^^^
   = help: `{}` is no valid `Owner`: `name` is required; give it a default, then add `// +kubebuilder:default={}` above `owner` so the server creates it with its defaults (controller-tools#622), or make it `Owner` with `#[serde(default)]`
"#
        .trim()
    );
    // The `#[serde(default)]` struct with defaults inside gets `default: {}`;
    // one whose `{}` would be invalid does not.
    let crds = build_crds(&parsed.api).unwrap_or_else(|e| panic!("{e:?}"));
    let spec = serde_json::to_value(&crds[0].definition.spec.versions[0].schema).unwrap()
        ["openAPIV3Schema"]["properties"]["spec"]["properties"]
        .clone();
    let defaults: Vec<(&str, &serde_json::Value)> = ["limits", "retry", "owner", "tuning"]
        .into_iter()
        .map(|f| (f, &spec[f]["default"]))
        .collect();
    assert_eq!(
        format!("{defaults:?}"),
        r#"[("limits", Null), ("retry", Object {}), ("owner", Null), ("tuning", Object {})]"#
    );
}

/// CRDs in `*.k8s.io` / `*.kubernetes.io` need the API-approval annotation or the
/// API server rejects them; a label without `=` is malformed.
#[test]
fn protected_group_needs_approval_annotation() {
    check(
        "protected-group",
        2,
        r#"
error: kind `App` is in the protected group `myapp.k8s.io`: the API server rejects its CRD without the `api-approved.kubernetes.io` annotation
 --> tests/bad-input/protected-group/myapp/v1/app.rs:6:12
  |
6 | pub struct App {
  |            ^^^
  = help: add `// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=<link to the API review, or `unapproved, <reason>`>"` above `App`, or use a group outside k8s.io and kubernetes.io

error: `team` is not a `key=value` pair
  --> tests/bad-input/protected-group/myapp/v1/app.rs:12:4
   |
12 | // +kubebuilder:metadata:labels=team
   |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: write `+kubebuilder:metadata:labels="example.com/key=value"`
"#,
    );
}

/// CRD markers: a CEL rule or message expression that does not parse (pointing at
/// the column inside the rule), a `+default` that is not JSON, an `items:` marker
/// on a value that is not a list. Warnings for what controller-gen ignores
/// silently (`ref(...)` defaults, the lower-case `validation:optional`) come with
/// the errors.
#[test]
fn crd_markers() {
    check(
        "crd-markers",
        4,
        r#"
error: `rule` is not valid CEL: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
  --> tests/bad-input/crd-markers/myapp/v1/app.rs:13:61
   |
13 |     // +kubebuilder:validation:XValidation:rule="self.min <= ",message="bad"
   |                                                             ^
   = help: the API server rejects a CRD whose rules do not parse; see https://kubernetes.io/docs/reference/using-api/cel/ for the syntax

error: `messageExpression` is not valid CEL: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
  --> tests/bad-input/crd-markers/myapp/v1/app.rs:15:87
   |
15 |     // +kubebuilder:validation:XValidation:rule="self > 0",messageExpression="'got ' + "
   |                                                                                       ^
   = help: the API server rejects a CRD whose rules do not parse; see https://kubernetes.io/docs/reference/using-api/cel/ for the syntax

error: expected a JSON value, found `not-json`
  --> tests/bad-input/crd-markers/myapp/v1/app.rs:17:17
   |
17 |     // +default=not-json
   |                 ^^^^^^^^
   = help: the value is JSON, so strings need quotes: `"not-json"`

error: `+kubebuilder:validation:items:MaxLength` applies to the items of a list, but field `mode` (`String`) is a string
  --> tests/bad-input/crd-markers/myapp/v1/app.rs:19:8
   |
19 |     // +kubebuilder:validation:items:MaxLength=3
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: write the marker without `items:`, or move it to a list field

warning: `+default=ref(...)` is ignored
  --> tests/bad-input/crd-markers/myapp/v1/app.rs:21:17
   |
21 |     // +default=ref(DefaultPolicy)
   |                 ^^^^^^^^^^^^^^^^^^
   = help: controller-gen cannot evaluate Go constants and ignores `ref(...)` defaults; write the value as JSON (`+default="value"`) or use `+kubebuilder:default`

warning: `+kubebuilder:validation:optional` is ignored
  --> tests/bad-input/crd-markers/myapp/v1/app.rs:23:8
   |
23 |     // +kubebuilder:validation:optional
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: controller-gen ignores this lower-case spelling; write `+kubebuilder:validation:Optional`
"#,
    );
}

/// Runs the whole generator (CRDs and conversions included) on `case`.
fn generate(case: &str) -> Result<(), Diagnostics> {
    let config = kube_codegen::pipeline::Config {
        input_dir: Path::new("tests/bad-input").join(case),
        output_dir: std::env::temp_dir().join("kube-codegen-never-written"),
        crd_dirs: Vec::new(),
        boilerplate: kube_codegen::write::Boilerplate::from_text(""),
        parse: ParseOptions::default(),
        emit: Default::default(),
        crate_version: None,
        rbac: None,
        webhook: None,
        add_dependencies: false,
    };
    match kube_codegen::pipeline::run(&config) {
        Ok(_) => Ok(()),
        Err(kube_codegen::pipeline::Error::Input(diags)) => Err(diags),
        Err(other) => panic!("{case}: {other}"),
    }
}

/// Like [`check`], for problems found after parsing, by the generator.
fn check_generate(case: &str, errors: usize, expected: &str) {
    let diags = generate(case).expect_err(case);
    assert_eq!(
        diags.to_string().trim_end(),
        expected.trim(),
        "rendering of {case}"
    );
    assert_eq!(diags.error_count(), errors, "errors of {case}");
}

/// Two versions that differ, and no conversion: each field that one direction
/// loses (or that the target requires) is an error; a field marked
/// `+kubebuilder:conversion:lossless` is not.
#[test]
fn lossy_versions() {
    check_generate(
        "lossy-versions",
        4,
        r#"
error: converting `Cluster` from v1 to v2 loses `spec.nodeCount`: v2 has no such field
  --> tests/bad-input/lossy-versions/fleet/v1/cluster.rs:15:9
   |
15 |     pub node_count: i32,
   |         ^^^^^^^^^^
   = help: without a conversion the API server only rewrites `apiVersion`: declare one (`// +kubebuilder:conversion:strategy=Webhook` above `Cluster`, conversions in Rust), or acknowledge a change that loses no data with `// +kubebuilder:conversion:lossless` above the field

error: converting `Cluster` from v2 to v1 leaves out `spec.nodeCount`: v1 requires it and v2 has no such field
  --> tests/bad-input/lossy-versions/fleet/v1/cluster.rs:15:9
   |
15 |     pub node_count: i32,
   |         ^^^^^^^^^^
   = help: without a conversion the API server only rewrites `apiVersion`: declare one (`// +kubebuilder:conversion:strategy=Webhook` above `Cluster`, conversions in Rust), or acknowledge a change that loses no data with `// +kubebuilder:conversion:lossless` above the field

error: converting `Cluster` from v2 to v1 loses `spec.nodes`: v1 has no such field
  --> tests/bad-input/lossy-versions/fleet/v2/cluster.rs:17:9
   |
17 |     pub nodes: Vec<String>,
   |         ^^^^^
   = help: without a conversion the API server only rewrites `apiVersion`: declare one (`// +kubebuilder:conversion:strategy=Webhook` above `Cluster`, conversions in Rust), or acknowledge a change that loses no data with `// +kubebuilder:conversion:lossless` above the field

error: converting `Cluster` from v1 to v2 may break `spec.region`: v2 does not accept values other than `"eu"`, `"us"` (v1 does)
  --> tests/bad-input/lossy-versions/fleet/v2/cluster.rs:20:9
   |
20 |     pub region: Option<String>,
   |         ^^^^^^
   = help: without a conversion the API server only rewrites `apiVersion`: declare one (`// +kubebuilder:conversion:strategy=Webhook` above `Cluster`, conversions in Rust), or acknowledge a change that loses no data with `// +kubebuilder:conversion:lossless` above the field
"#,
    );
}

/// A converted kind whose versions' types differ where nobody wrote a
/// conversion: the error names the differences and the impls to write; the
/// types that agree (`Network`) are left to the generator. Enums are paired
/// variant by variant, and a struct variant field by field (`Access`). The
/// same run reports the CRD's errors (`Access` mixes a string and an object).
#[test]
fn unconverted_types() {
    check_generate(
        "unconverted-types",
        4,
        r#"
error: `v1::ClusterSpec` and `v2::ClusterSpec` differ, and no conversion between them is written: v2 has `nodes`, v1 does not; v1 has `nodeCount`, v2 does not
  --> tests/bad-input/unconverted-types/fleet/v1/cluster.rs:16:12
   |
16 | pub struct ClusterSpec {
   |            ^^^^^^^^^^^
   = help: write `impl From<ClusterSpec> for v2::ClusterSpec` and `impl From<v2::ClusterSpec> for ClusterSpec` (or `TryFrom`, if it can fail) in a file of `fleet/v1/` with `use crate::fleet::v2;`; kube-codegen writes the conversions of the types whose fields agree

error: `v1::Access` and `v2::Access` differ, and no conversion between them is written: in variant `Token`: v2 has `secretRef`, v1 does not; in variant `Token`: v1 has `secret`, v2 does not
  --> tests/bad-input/unconverted-types/fleet/v1/cluster.rs:29:10
   |
29 | pub enum Access {
   |          ^^^^^^
   = help: write `impl From<Access> for v2::Access` and `impl From<v2::Access> for Access` (or `TryFrom`, if it can fail) in a file of `fleet/v1/` with `use crate::fleet::v2;`; kube-codegen writes the conversions of the types whose fields agree

error: `Access::Anonymous` is the string "Anonymous" on the wire, but `Access::Token` is an object: no structural schema holds both
  --> tests/bad-input/unconverted-types/fleet/v1/cluster.rs:31:5
   |
31 |     Anonymous,
   |     ^^^^^^^^^
   = help: write `Anonymous {}` (the object `{"Anonymous": {}}`), or tag the enum: `#[serde(tag = "type")]` writes every variant as an object

error: `Access::Anonymous` is the string "Anonymous" on the wire, but `Access::Token` is an object: no structural schema holds both
  --> tests/bad-input/unconverted-types/fleet/v2/cluster.rs:34:5
   |
34 |     Anonymous,
   |     ^^^^^^^^^
   = help: write `Anonymous {}` (the object `{"Anonymous": {}}`), or tag the enum: `#[serde(tag = "type")]` writes every variant as an object
"#,
    );
}

/// `kube-codegen crd` writes no conversion code, so the versions nobody
/// converts are not its errors: the same input reports only the CRD's.
#[test]
fn unconverted_types_are_no_error_of_a_crd_only_run() {
    let check = |conversions| {
        kube_codegen::pipeline::parse_and_check(
            Path::new("tests/bad-input/unconverted-types"),
            &ParseOptions::default(),
            Some(&CrdOptions::default()),
            conversions,
        )
        .expect_err("the CRD's errors")
    };
    let crd_only = check(false);
    assert_eq!(crd_only.error_count(), 2, "{crd_only}");
    assert!(
        !crd_only.to_string().contains("no conversion between them"),
        "{crd_only}"
    );
    assert_eq!(check(true).error_count(), 4);
}

/// Conversion markers: a webhook without a strategy, a service that is not
/// `namespace/name`, a URL the API server refuses, a kind marker on a field,
/// a Service path the API server refuses (the admission webhooks' check).
#[test]
fn conversion_markers() {
    check(
        "conversion-markers",
        5,
        r#"
error: `+kubebuilder:conversion:webhook` has no effect without a conversion strategy
 --> tests/bad-input/conversion-markers/fleet/v1/cluster.rs:5:4
  |
5 | // +kubebuilder:conversion:webhook:url=https://webhook.example.com/convert
  |    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  = help: add `// +kubebuilder:conversion:strategy=Webhook` above `Cluster`

error: `fleet-webhook` is not `<namespace>/<name>`
  --> tests/bad-input/conversion-markers/fleet/v1/cluster.rs:13:44
   |
13 | // +kubebuilder:conversion:webhook:service=fleet-webhook,path=convert
   |                                            ^^^^^^^^^^^^^
   = help: write the service's namespace and name, such as `service=system/webhook-service`

error: `http://webhook.example.com/convert` is not an `https://` URL
  --> tests/bad-input/conversion-markers/fleet/v1/cluster.rs:21:40
   |
21 | // +kubebuilder:conversion:webhook:url=http://webhook.example.com/convert
   |                                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: the API server calls webhooks at `https://host[:port][/path]` (no user, query or fragment)

error: `+kubebuilder:conversion:strategy` cannot be used on a field
  --> tests/bad-input/conversion-markers/fleet/v1/cluster.rs:25:8
   |
25 |     // +kubebuilder:conversion:strategy=Webhook
   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   = help: `+kubebuilder:conversion:strategy` belongs above a struct or enum

error: path segment `Convert_v1` is not lowercase letters, digits, `-` and `.`
  --> tests/bad-input/conversion-markers/fleet/v1/cluster.rs:31:69
   |
31 | // +kubebuilder:conversion:webhook:service=fleet/fleet-webhook,path=/Convert_v1
   |                                                                     ^^^^^^^^^^^
   = help: write the URL path of the webhook, `/` and segments of lowercase letters, digits, `-` and `.`, such as `path=/convert`
"#,
    );
}

/// Map keys must be what serde writes as a JSON object key (a string, a
/// newtype of one, a unit-only enum, an integer); `Zone`, `NodeName` and `u16`
/// keys are fine, each other key is refused at its field, saying why.
#[test]
fn map_keys() {
    check(
        "map-keys",
        6,
        r#"
error: `Point` cannot be a map key: JSON object keys are strings, and serde writes the struct `Point` as a JSON object, not a string
  --> tests/bad-input/map-keys/myapp/v1/app.rs:11:9
   |
11 |     pub points: BTreeMap<Point, i32>,
   |         ^^^^^^
   = help: use `String`, a newtype of `String`, an enum of unit variants or an integer as the key, or a list of objects (`Vec<T>` with `+listType=map`) for structured keys

error: `Option<String>` cannot be a map key: JSON object keys are strings, and serde cannot write `None` as a key
  --> tests/bad-input/map-keys/myapp/v1/app.rs:12:9
   |
12 |     pub maybe: BTreeMap<Option<String>, i32>,
   |         ^^^^^
   = help: use `String`, a newtype of `String`, an enum of unit variants or an integer as the key, or a list of objects (`Vec<T>` with `+listType=map`) for structured keys

error: `Vec<String>` cannot be a map key: JSON object keys are strings, and serde writes a list as a JSON array, not a string
  --> tests/bad-input/map-keys/myapp/v1/app.rs:13:9
   |
13 |     pub lists: HashMap<Vec<String>, i32>,
   |         ^^^^^
   = help: use `String`, a newtype of `String`, an enum of unit variants or an integer as the key, or a list of objects (`Vec<T>` with `+listType=map`) for structured keys

error: `Shape` cannot be a map key: JSON object keys are strings, and serde writes the enum `Shape`, which has variants with data or a tag, as a JSON object (or its variant's value), not a string
  --> tests/bad-input/map-keys/myapp/v1/app.rs:14:9
   |
14 |     pub shapes: BTreeMap<Shape, i32>,
   |         ^^^^^^
   = help: use `String`, a newtype of `String`, an enum of unit variants or an integer as the key, or a list of objects (`Vec<T>` with `+listType=map`) for structured keys

error: `Wrapped` cannot be a map key: JSON object keys are strings, and `Wrapped` holds a `Point`: serde writes the struct `Point` as a JSON object, not a string
  --> tests/bad-input/map-keys/myapp/v1/app.rs:15:9
   |
15 |     pub wrapped: BTreeMap<Wrapped, i32>,
   |         ^^^^^^^
   = help: use `String`, a newtype of `String`, an enum of unit variants or an integer as the key, or a list of objects (`Vec<T>` with `+listType=map`) for structured keys

error: `Point` cannot be a map key: JSON object keys are strings, and serde writes the struct `Point` as a JSON object, not a string
  --> tests/bad-input/map-keys/myapp/v1/app.rs:16:9
   |
16 |     pub nested: Option<Vec<BTreeMap<String, BTreeMap<Point, String>>>>,
   |         ^^^^^^
   = help: use `String`, a newtype of `String`, an enum of unit variants or an integer as the key, or a list of objects (`Vec<T>` with `+listType=map`) for structured keys
"#,
    );
}

/// Types of other crates whose JSON is not what a Kubernetes API holds, each
/// refused with what to write instead.
#[test]
fn crate_types() {
    check(
        "crate-types",
        5,
        r#"
error: `std::time::Duration` cannot be used in API types: serde writes it as an object `{"secs": .., "nanos": ..}`, not as the duration strings Kubernetes APIs use
 --> tests/bad-input/crate-types/myapp/v1/app.rs:7:18
  |
7 |     pub timeout: std::time::Duration,
  |                  ^^^^^^^^^^^^^^^^^^^
  = help: use `kube::core::Duration` (Go's `metav1.Duration`: "1h30m")

error: `kube::core::Selector` cannot be used in API types: kube's `Selector` is a query: serde writes its expressions as tuple variants (`{"In": ["app", ["web"]]}`), which no structural schema holds
 --> tests/bad-input/crate-types/myapp/v1/app.rs:8:19
  |
8 |     pub selector: Selector,
  |                   ^^^^^^^^
  = help: use `k8s_openapi::apimachinery::pkg::apis::meta::v1::LabelSelector` (what Kubernetes APIs store) and turn it into a query with `kube::core::Selector::try_from`

error: `serde_bytes::ByteBuf` cannot be used in API types: serde writes bytes to JSON as an array of numbers
 --> tests/bad-input/crate-types/myapp/v1/app.rs:9:18
  |
9 |     pub payload: serde_bytes::ByteBuf,
  |                  ^^^^^^^^^^^^^^^^^^^^
  = help: for bytes written as base64 (Go's `[]byte`, `format: byte`) use `k8s_openapi::ByteString`

error: `jiff::Zoned` cannot be used in API types: serde writes a time-zone annotation (`...-05:00[America/New_York]`), which the API server's `date-time` format refuses
  --> tests/bad-input/crate-types/myapp/v1/app.rs:10:13
   |
10 |     pub at: jiff::Zoned,
   |             ^^^^^^^^^^^
   = help: use `jiff::Timestamp` or `chrono::DateTime<chrono::Utc>` (RFC 3339, like `metav1.Time`)

error: `kube::api::DynamicObject` cannot be used in API types: it is a whole object of any kind, whose schema is not known
  --> tests/bad-input/crate-types/myapp/v1/app.rs:11:17
   |
11 |     pub target: kube::api::DynamicObject,
   |                 ^^^^^^^^^^^^^^^^^^^^^^^^
   = help: for an embedded object use `k8s_openapi::apimachinery::pkg::runtime::RawExtension` (with `+kubebuilder:validation:EmbeddedResource`), or the k8s-openapi type of the kind
"#,
    );
}
