//! Every diagnostic of bad input, shown exactly as the user sees it. Each case
//! is a tiny input tree under `tests/bad-input/<case>/`; several errors in one
//! run are all reported.

use std::path::Path;

use kube_codegen::diag::Diagnostics;
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
        9,
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

error: map keys must be `String`
  --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:11:47
   |
11 |     pub by_number: std::collections::BTreeMap<i32, String>,
   |                                               ^^^
   = help: JSON object keys are strings: write `BTreeMap<String, V>`

error: generic type `Wrapper` is not supported
  --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:15:19
   |
15 | pub struct Wrapper<T> {
   |                   ^^^
   = help: API types must be concrete: declare one struct per use

error: tuple struct `Pair` is not supported: JSON objects need field names
  --> tests/bad-input/unsupported-field-type/myapp/v1/app.rs:20:16
   |
20 | pub struct Pair(pub i32, pub i32);
   |                ^^^^^^^^^^^^^^^^^^
   = help: give the fields names: `struct Pair { name: Type }`; a tuple struct of one field (a newtype) is supported
"#,
    );
}

/// Enums must be plain strings on the wire.
#[test]
fn data_carrying_enum() {
    check(
        "data-carrying-enum",
        3,
        r#"
error: enum variant `Source::Git` carries data, which has no structural schema
 --> tests/bad-input/data-carrying-enum/myapp/v1/app.rs:5:5
  |
5 |     Git { url: String },
  |     ^^^^^^^^^^^^^^^^^^^
  = help: API enums are strings: use unit variants only; for a choice between shapes, use a struct with one optional field per case

error: enum variant `Source::Image` carries data, which has no structural schema
 --> tests/bad-input/data-carrying-enum/myapp/v1/app.rs:6:5
  |
6 |     Image(String),
  |     ^^^^^^^^^^^^^
  = help: API enums are strings: use unit variants only; for a choice between shapes, use a struct with one optional field per case

error: `#[serde(tag)]` makes this enum an object or an untyped value on the wire
  --> tests/bad-input/data-carrying-enum/myapp/v1/app.rs:11:9
   |
11 | #[serde(tag = "kind")]
   |         ^^^^^^^^^^^^
   = help: API enums must be plain strings: remove the attribute and use unit variants
"#,
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
  = help: field types may be declared in this version module, imported from `k8s_openapi`, or be `String`, `bool`, integers, floats, `Option`, `Vec`, `Box`, `BTreeMap<String, _>`, `HashMap<String, _>` or `serde_json::Value`

error: cannot use `Url` from crate `url`: kube-codegen does not know its schema
 --> tests/bad-input/unresolved-type/myapp/v1/app.rs:7:18
  |
7 |     pub created: Url,
  |                  ^^^
  = help: field types may be declared in this version module, imported from `k8s_openapi`, or be `String`, `bool`, integers, floats, `Option`, `Vec`, `Box`, `BTreeMap<String, _>`, `HashMap<String, _>` or `serde_json::Value`; for timestamps use `k8s_openapi::apimachinery::pkg::apis::meta::v1::Time`

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
