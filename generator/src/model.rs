//! The API model: groups → versions → types (kinds are types with `+genclient`
//! or `+kubebuilder:object:root`), every node carrying the place in the input it
//! came from.
//!
//! The parser builds it, `validate` checks it, and every emitter reads it. Nothing
//! here knows about files on disk or about the shape of any artifact.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

/// A place in an input file: path as given to the parser, 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize)]
pub struct Location {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.column)
    }
}

/// Every API group found in the input, sorted by group name.
#[derive(Clone, Debug, Default)]
pub struct Api {
    pub groups: Vec<Group>,
}

/// An API group such as `myapp.k8s.io`.
#[derive(Clone, Debug)]
pub struct Group {
    /// `+groupName`, e.g. `myapp.k8s.io` (empty string for the legacy core group).
    pub name: String,
    /// The Rust module the group lives in (`apis/src/<module>/<version>/`), snake_case.
    pub module: String,
    /// `+groupGoName`: overrides the name used for accessors such as `myapp_v1()`.
    pub go_name: Option<String>,
    /// Versions sorted by Kubernetes version priority (v2 > v1 > v1beta1 > v1alpha1).
    pub versions: Vec<Version>,
}

/// One version module of a group: the analogue of a Go `pkg/apis/<group>/<version>` package.
#[derive(Clone, Debug)]
pub struct Version {
    /// `v1`, `v1beta1`, ... (directory name unless `+versionName` says otherwise).
    pub name: String,
    /// Rust module name of the version (the directory name).
    pub module: String,
    /// Where the `//! +groupName` marker was found.
    pub location: Location,
    /// Module-level docs (from `//!` lines that are not markers).
    pub docs: Vec<String>,
    /// `+k8s:deepcopy-gen=package` (default true): generate deep-copy for every type.
    pub deepcopy_package: bool,
    /// `+kubebuilder:skip` in the module docs: its kinds get no CRD (types and
    /// clients are still generated), as controller-gen skips the package.
    pub skip_crds: bool,
    /// The files of the module, in path order; each becomes a file in the output.
    pub files: Vec<SourceFile>,
    /// `type Name = Type;` aliases that carry docs or markers, which apply
    /// wherever a field names the alias (the Rust spelling of a Go named type).
    pub aliases: Vec<AliasDef>,
}

/// A type alias of a version module, as far as the schema cares.
#[derive(Clone, Debug)]
pub struct AliasDef {
    pub name: String,
    pub docs: Vec<String>,
    pub location: Location,
    /// Markers written above the alias.
    pub validation: Validation,
    /// The alias of the version this alias names in turn (`type
    /// HTTPHeaderName = HeaderName;`), whose docs and markers apply first.
    pub target: Option<AliasUse>,
}

/// A field whose type names a type alias of its version: where the alias sits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AliasUse {
    pub name: String,
    /// From the field's value down to the alias: empty for `Zone` or
    /// `Option<Zone>`, `[Items]` for `Vec<Zone>`, `[MapValues, Items]` for
    /// `BTreeMap<String, Vec<Zone>>`.
    pub path: Vec<AliasStep>,
}

/// One step from a schema into a part of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AliasStep {
    /// The items of a list or array.
    Items,
    /// The values of a map.
    MapValues,
}

/// One input file of a version module and the types it declares, in source order.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// File stem, e.g. `app` for `app.rs` (`mod` files are never emitted as types).
    pub stem: String,
    pub path: PathBuf,
    /// The path relative to the input directory (`myapp/v1/app.rs`): what the
    /// header of the generated file names as its source.
    pub rel: PathBuf,
    /// `use` items of the file, as written (`use k8s_openapi::api::core::v1::PodSpec;`).
    pub uses: Vec<String>,
    /// Items other than types, `use` and `mod` (functions, consts, inherent impls,
    /// trait impls other than `Clone`), as written: copied into the output so
    /// `#[serde(default = "...")]` functions and helper methods are not lost.
    pub items: Vec<String>,
    pub types: Vec<TypeDef>,
    /// The `impl From<A> for B` and `impl TryFrom<A> for B` among `items`
    /// whose types are API types: the user's conversions between versions.
    pub conversions: Vec<ConversionImpl>,
}

/// A conversion the user wrote between two API types (`impl From<v1beta1::CronTabSpec>
/// for v1::CronTabSpec`); the generator writes the conversions nobody wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConversionImpl {
    pub from: TypeRef,
    pub to: TypeRef,
    /// `TryFrom` (the conversion may fail) rather than `From`.
    pub fallible: bool,
    /// The `impl` keyword.
    pub location: Location,
}

/// A type of a version module, named from anywhere in the input.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TypeRef {
    /// The group's Rust module (`batch`).
    pub group_module: String,
    /// The version's Rust module (`v1beta1`).
    pub version_module: String,
    pub name: String,
}

/// A struct or enum declared in a version module.
#[derive(Clone, Debug)]
pub struct TypeDef {
    pub name: String,
    pub docs: Vec<String>,
    pub location: Location,
    /// Derives the user wrote, minus `Clone` (always generated as deep copy).
    pub derives: Vec<String>,
    /// `+k8s:deepcopy-gen=false` turns the generated Clone off for this type.
    pub deepcopy: bool,
    /// Validation markers written on the type itself (apply wherever it is used).
    pub validation: Validation,
    pub body: TypeBody,
    /// Present when the type is a Kubernetes kind (`+genclient` or `+kubebuilder:object:root`).
    pub kind: Option<Kind>,
}

#[derive(Clone, Debug)]
pub enum TypeBody {
    Struct(StructDef),
    /// An enum: a string schema with an `enum` of the JSON names when its
    /// variants are all units written as strings, else a structural union (see
    /// `emit::crd::union`).
    Enum(EnumDef),
    /// A one-field tuple struct (`struct Hostname(String)`, with or without
    /// `#[serde(transparent)]`): the Rust spelling of a Go named type. On the wire
    /// and in the schema it is its field; the type's markers apply wherever it is used.
    Newtype(NewtypeDef),
}

/// The field of a newtype.
#[derive(Clone, Debug)]
pub struct NewtypeDef {
    pub inner: FieldType,
    /// `#[serde(...)]` container attributes copied verbatim (`transparent`).
    pub serde_attrs: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct StructDef {
    /// `#[serde(rename_all = "...")]` on the struct, already applied to `Field::json_name`.
    pub rename_all: Option<String>,
    /// `#[serde(default)]` on the container.
    pub default: bool,
    /// `#[serde(deny_unknown_fields)]` etc.: container attributes copied verbatim.
    pub serde_attrs: Vec<String>,
    pub fields: Vec<Field>,
}

#[derive(Clone, Debug, Default)]
pub struct EnumDef {
    pub rename_all: Option<String>,
    pub serde_attrs: Vec<String>,
    /// How serde writes a variant (the container's `tag`, `content`, `untagged`).
    pub tagging: Tagging,
    pub variants: Vec<Variant>,
}

impl EnumDef {
    /// Whether the enum is a plain string on the wire: externally tagged with
    /// unit variants only (serde writes a unit variant as its name).
    pub fn is_string_enum(&self) -> bool {
        self.tagging == Tagging::External
            && self
                .wire_variants()
                .all(|v| matches!(v.data, VariantData::Unit))
    }

    /// The variants on the wire: without `#[serde(skip)]` ones.
    pub fn wire_variants(&self) -> impl Iterator<Item = &Variant> {
        self.variants.iter().filter(|v| !v.skip)
    }
}

/// serde's enum representations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Tagging {
    /// The default: a unit variant is its name, a variant with data is
    /// `{"<name>": <data>}`.
    #[default]
    External,
    /// `#[serde(tag = "type")]`: `{"type": "<name>", <the variant's fields>}`.
    Internal { tag: String },
    /// `#[serde(tag = "t", content = "c")]`: `{"t": "<name>", "c": <data>}`.
    Adjacent { tag: String, content: String },
    /// `#[serde(untagged)]`: the variant's data alone.
    Untagged,
}

#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    /// The string that appears on the wire.
    pub json_name: String,
    pub docs: Vec<String>,
    /// Serde attributes of the variant copied verbatim (`rename = "..."`).
    pub serde_attrs: Vec<String>,
    /// `#[default]` on the variant.
    pub is_default: bool,
    pub location: Location,
    /// What the variant carries.
    pub data: VariantData,
    /// `#[serde(other)]`: any tag no other variant has reads as this unit variant.
    pub other: bool,
    /// `#[serde(skip)]` (or `skip_serializing`): never written, not in the schema.
    pub skip: bool,
}

/// The data of an enum variant.
#[derive(Clone, Debug)]
pub enum VariantData {
    Unit,
    /// `Image(String)`: one unnamed field, written as its value. The field's
    /// `name` is `0` and its `json_name` the variant's.
    Newtype(Box<Field>),
    /// `Git { url: String }`: named fields, like a struct's (JSON names after the
    /// variant's `rename_all` or the enum's `rename_all_fields`).
    Struct(Vec<Field>),
}

impl VariantData {
    /// The fields the variant carries: none, the newtype's one, or the struct's.
    pub fn fields(&self) -> &[Field] {
        match self {
            VariantData::Unit => &[],
            VariantData::Newtype(field) => std::slice::from_ref(field.as_ref()),
            VariantData::Struct(fields) => fields,
        }
    }
}

/// A named struct field.
#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    /// JSON name after `rename`/`rename_all`.
    pub json_name: String,
    pub docs: Vec<String>,
    pub location: Location,
    pub ty: FieldType,
    /// The type as written, for error messages and for emitting it back.
    pub ty_source: String,
    /// Field-level serde attributes, copied verbatim into the generated type.
    pub serde_attrs: Vec<String>,
    /// `#[serde(flatten)]`: the fields of the inner struct are merged into this object.
    pub flatten: bool,
    /// `#[serde(default)]` or `#[serde(default = "...")]` on the field.
    pub serde_default: bool,
    /// `#[serde(skip)]`: not part of the wire format, and not in the schema.
    pub skip: bool,
    pub validation: Validation,
    /// `+optional`/`+required`/`+kubebuilder:validation:Optional|Required` as written.
    pub required_marker: Option<bool>,
    /// `+nullable`.
    pub nullable: bool,
    /// The type alias the field's type names, whose markers apply to it.
    pub alias: Option<AliasUse>,
    /// `+kubebuilder:conversion:lossless`: the user states that the versions'
    /// differences at this field lose no data, so no conversion is needed.
    pub lossless: bool,
    /// `#[serde(with)]` or `serialize_with`: the field writes its own JSON.
    pub serializes_itself: bool,
}

/// k8s-openapi's base64 bytes (Go's `[]byte`).
pub const BYTE_STRING: &str = "k8s_openapi::ByteString";

impl Field {
    /// Whether the field holds bytes written as a base64 string (`format:
    /// byte`): a `k8s_openapi::ByteString` (maybe in an `Option`), or a
    /// `Vec<u8>` the field serializes itself (`#[serde(with = ...)]`, taken as
    /// base64 like Go's `[]byte`; serde alone writes a list of numbers).
    pub fn is_bytes(&self) -> bool {
        match self.ty.unwrap_option() {
            FieldType::External(ext) => ext.path == BYTE_STRING,
            FieldType::Vec(item) => {
                self.serializes_itself
                    && !self.ty.is_option()
                    && **item
                        == (FieldType::Integer {
                            bits: 8,
                            signed: false,
                        })
            }
            _ => false,
        }
    }

    /// Whether the generated type leaves the field out of its JSON when it
    /// holds no bytes (and reads it back as no bytes): the API server refuses
    /// `""` for `format: byte`. Not where the user chose when the field is
    /// left out (`skip_serializing_if`), nor for `+nullable` fields.
    pub fn skips_empty_bytes(&self) -> bool {
        self.is_bytes()
            && !self.skip
            && !self.flatten
            && !self.nullable
            && !self
                .serde_attrs
                .iter()
                .any(|a| a.contains("skip_serializing"))
    }

    /// Whether the field is required in the schema, following controller-gen's rules
    /// adapted to Rust: explicit markers win, then `Option`, `serde(default)` and
    /// `skip_serializing_if` make a field optional (Go's `omitempty`). A
    /// `+kubebuilder:default` does not, as in controller-gen: the API server
    /// fills the default in before it checks `required`.
    pub fn is_required(&self, container_default: bool) -> bool {
        if let Some(required) = self.required_marker {
            return required;
        }
        !(self.ty.is_option()
            || self.serde_default
            || container_default
            || self.skips_empty_bytes()
            || self
                .serde_attrs
                .iter()
                .any(|a| a.contains("skip_serializing_if")))
    }
}

/// The shape of a field's type, resolved.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldType {
    String,
    Bool,
    /// Signed or unsigned integer of the given bit width (`i32` → 32, `u64` → 64).
    Integer {
        bits: u8,
        signed: bool,
    },
    /// `isize` / `usize`: Go's `int` / `uint`, an integer without a fixed width
    /// (controller-gen writes no `format` for them).
    PointerSized {
        signed: bool,
    },
    Float {
        bits: u8,
    },
    Option(Box<FieldType>),
    Vec(Box<FieldType>),
    /// `BTreeMap<K, V>` or `HashMap<K, V>`: a JSON object, whose keys are
    /// `String` or a type serde writes as a string key (a newtype of one, a
    /// unit-only enum, an integer, `bool`, `char`; see `parse::map_keys`).
    Map {
        ordered: bool,
        key: Box<FieldType>,
        value: Box<FieldType>,
    },
    /// `serde_json::Value`: any JSON, schema `x-kubernetes-preserve-unknown-fields`.
    Json,
    /// A type that could not be read (and was reported): kept so that what is
    /// checked after the parse (CEL rules that name the field) sees a field of
    /// any type rather than none. An input with it is never generated.
    Unresolved,
    /// A type declared in the same version module.
    Local(String),
    /// A type from k8s-openapi (or another known crate), by its full path.
    External(ExternalType),
    /// `Box<T>` (recursive types); same schema and wire format as `T`.
    Boxed(Box<FieldType>),
    /// `[T; N]`: a JSON array of exactly `len` items (serde writes arrays as
    /// tuples); the schema is a list, as controller-gen writes Go's `[N]T`.
    Array {
        item: Box<FieldType>,
        len: usize,
    },
}

impl FieldType {
    pub fn is_option(&self) -> bool {
        matches!(self, FieldType::Option(_))
    }

    /// The type with one `Option` layer removed.
    pub fn unwrap_option(&self) -> &FieldType {
        match self {
            FieldType::Option(inner) => inner,
            other => other,
        }
    }

    /// `written` (the type as the user wrote it) without its outer `Option<...>`.
    pub fn unwrap_option_display(&self, written: &str) -> String {
        let trimmed = written.trim();
        match (self, trimmed.find('<')) {
            (FieldType::Option(_), Some(open)) if trimmed.ends_with('>') => {
                trimmed[open + 1..trimmed.len() - 1].trim().to_owned()
            }
            _ => trimmed.to_owned(),
        }
    }
}

/// A type from outside the API crate, by the full Rust path that defines it
/// (`k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta`, whether it
/// was written `ObjectMeta`, `kube::api::ObjectMeta` or `kube::core::ObjectMeta`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExternalType {
    /// The defining path: what the type is.
    pub path: String,
    /// How generated code names it, where that is not `path`: through a crate
    /// the generated crate depends on (`kube::core::Duration` for kube-core's
    /// `duration::Duration`), or as written (`k8s_openapi::jiff::Timestamp`,
    /// which needs no dependency on jiff).
    pub spelling: Option<String>,
}

impl ExternalType {
    /// The type at its defining path, named by it.
    pub fn new(path: impl Into<String>) -> Self {
        ExternalType {
            path: path.into(),
            spelling: None,
        }
    }

    pub fn name(&self) -> &str {
        self.path.rsplit("::").next().unwrap_or(&self.path)
    }

    /// The path generated code writes.
    pub fn rust_path(&self) -> &str {
        self.spelling.as_deref().unwrap_or(&self.path)
    }
}

/// Validation and schema markers that apply to a field or a type.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Validation {
    pub minimum: Option<f64>,
    pub maximum: Option<f64>,
    pub exclusive_minimum: Option<bool>,
    pub exclusive_maximum: Option<bool>,
    pub multiple_of: Option<f64>,
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    pub pattern: Option<String>,
    /// `Enum=a;b;c`: values as JSON (strings, numbers or booleans).
    pub enum_values: Option<Vec<serde_json::Value>>,
    pub format: Option<String>,
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
    pub unique_items: Option<bool>,
    pub min_properties: Option<u64>,
    pub max_properties: Option<u64>,
    /// `+kubebuilder:validation:XValidation:rule=...,message=...`.
    pub x_validations: Vec<XValidation>,
    /// The rules of `AtMostOneOf`, `ExactlyOneOf` and `AtLeastOneOf`, in that
    /// order, written after `x_validations` as controller-gen orders them.
    pub field_set_rules: Vec<XValidation>,
    pub preserve_unknown_fields: bool,
    pub embedded_resource: bool,
    pub int_or_string: bool,
    /// `+kubebuilder:validation:Type=string` overrides the inferred type.
    pub type_override: Option<String>,
    /// `+kubebuilder:default=` or `+default=` (a JSON value); when both are
    /// written, `+kubebuilder:default` wins, as in controller-gen.
    pub default: Option<serde_json::Value>,
    /// `default` came from `+kubebuilder:default` (which a `+default` cannot replace).
    pub default_from_kubebuilder: bool,
    /// `+kubebuilder:example=` (a JSON value).
    pub example: Option<serde_json::Value>,
    /// `+kubebuilder:validation:Schemaless`: the schema is empty (no type, no
    /// properties) and only these markers and the description describe it.
    pub schemaless: bool,
    /// `+kubebuilder:validation:items:*`: validations of the items of a list.
    pub items: Option<Box<Validation>>,
    /// `+listType=atomic|set|map`.
    pub list_type: Option<String>,
    /// `+listMapKey=` (repeatable).
    pub list_map_keys: Vec<String>,
    /// `+mapType=atomic|granular`.
    pub map_type: Option<String>,
    /// `+structType=atomic|granular`.
    pub struct_type: Option<String>,
    /// `+kubebuilder:title=`.
    pub title: Option<String>,
    /// `+kubebuilder:externalDocs`: (url, description).
    pub external_docs: Option<(String, Option<String>)>,
    /// `+k8s:required`: besides required, not empty (`minLength`, `minItems`
    /// or `minProperties` 1 unless given) where the field's own schema is a
    /// string, list or map, as controller-gen v0.23 writes it.
    pub k8s_required: bool,
}

#[derive(Clone, Debug, Default)]
pub struct XValidation {
    pub rule: String,
    pub message: Option<String>,
    pub message_expression: Option<String>,
    pub reason: Option<String>,
    pub field_path: Option<String>,
    /// `optionalOldSelf=true`: the rule also runs on create, with `oldSelf` absent.
    pub optional_old_self: Option<bool>,
    /// The marker that wrote the rule and its length, so that a problem with
    /// the rule points at it; `None` for rules the generator writes.
    pub marker: Option<(Location, usize)>,
}

/// Two rules are the same when they say the same, wherever they are written.
impl PartialEq for XValidation {
    fn eq(&self, other: &Self) -> bool {
        (
            &self.rule,
            &self.message,
            &self.message_expression,
            &self.reason,
            &self.field_path,
            self.optional_old_self,
        ) == (
            &other.rule,
            &other.message,
            &other.message_expression,
            &other.reason,
            &other.field_path,
            other.optional_old_self,
        )
    }
}

/// Kubernetes-kind information of a type.
#[derive(Clone, Debug)]
pub struct Kind {
    /// `+genclient` present: a typed client, lister and informer are generated.
    pub client: Option<ClientConfig>,
    pub namespaced: bool,
    /// Lower-case plural resource name (`+resourceName` or `+kubebuilder:resource:path`
    /// or the pluraliser).
    pub plural: String,
    pub singular: String,
    pub short_names: Vec<String>,
    pub categories: Vec<String>,
    /// `+kubebuilder:subresource:status` (with or without a `status` field, as in
    /// controller-gen), or a `+genclient` without `noStatus` on a kind with a
    /// `status` field: the CRD has the status subresource.
    pub status_subresource: bool,
    pub scale: Option<ScaleSubresource>,
    pub printer_columns: Vec<PrinterColumn>,
    pub storage_version: bool,
    pub deprecated: Option<Deprecation>,
    /// `+kubebuilder:unservedversion`.
    pub served: bool,
    /// `+kubebuilder:skipversion`: the CRD leaves this version out.
    pub skip_version: bool,
    /// `+kubebuilder:selectablefield:JSONPath=`.
    pub selectable_fields: Vec<String>,
    /// `+kubebuilder:metadata:annotations="key=value"`: annotations of the CRD
    /// object itself (e.g. `api-approved.kubernetes.io` for `*.k8s.io` groups).
    pub crd_annotations: BTreeMap<String, String>,
    /// `+kubebuilder:metadata:labels="key=value"`: labels of the CRD object.
    pub crd_labels: BTreeMap<String, String>,
    /// `+kubebuilder:conversion:strategy=Webhook`: the versions of the kind are
    /// converted by a webhook, hub (the storage version) and spoke.
    pub conversion: Option<Conversion>,
}

/// How the versions of a kind are converted (`+kubebuilder:conversion:*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conversion {
    /// Where the webhook is (`+kubebuilder:conversion:webhook:...`); `None`:
    /// the generator's `--conversion-webhook-*` options say.
    pub client: Option<WebhookClient>,
    /// The `+kubebuilder:conversion:strategy` marker.
    pub location: Location,
}

/// Where the API server reaches a conversion webhook: the CRD's
/// `spec.conversion.webhook.clientConfig`, without the `caBundle`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebhookClient {
    /// A Service in the cluster (the usual way).
    Service {
        namespace: String,
        name: String,
        /// URL path on the service; the API server's default is `/`.
        path: Option<String>,
        /// The service port; the API server's default is 443.
        port: Option<i32>,
    },
    /// `https://host:port/path`, for a webhook outside the cluster.
    Url(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deprecation {
    pub warning: Option<String>,
}

/// What `+genclient` and its variants ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientConfig {
    /// The standard verbs the client offers, in canonical order.
    pub verbs: Vec<Verb>,
    /// `+genclient:method=...` extra verbs.
    pub methods: Vec<CustomMethod>,
    /// `noStatus` was given (or the type has no `status` field).
    pub no_status: bool,
}

impl ClientConfig {
    pub fn has(&self, verb: Verb) -> bool {
        self.verbs.contains(&verb)
    }
}

/// The verbs client-gen knows, plus the apply verbs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verb {
    Create,
    Update,
    UpdateStatus,
    Delete,
    DeleteCollection,
    Get,
    List,
    Watch,
    Patch,
    PatchStatus,
    Apply,
    ApplyStatus,
}

impl Verb {
    pub const ALL: [Verb; 12] = [
        Verb::Create,
        Verb::Update,
        Verb::UpdateStatus,
        Verb::Delete,
        Verb::DeleteCollection,
        Verb::Get,
        Verb::List,
        Verb::Watch,
        Verb::Patch,
        Verb::PatchStatus,
        Verb::Apply,
        Verb::ApplyStatus,
    ];

    /// The marker spelling (`updateStatus`, `deleteCollection`, ...).
    pub fn marker_name(self) -> &'static str {
        match self {
            Verb::Create => "create",
            Verb::Update => "update",
            Verb::UpdateStatus => "updateStatus",
            Verb::Delete => "delete",
            Verb::DeleteCollection => "deleteCollection",
            Verb::Get => "get",
            Verb::List => "list",
            Verb::Watch => "watch",
            Verb::Patch => "patch",
            Verb::PatchStatus => "patchStatus",
            Verb::Apply => "apply",
            Verb::ApplyStatus => "applyStatus",
        }
    }

    pub fn from_marker_name(name: &str) -> Option<Verb> {
        Verb::ALL.into_iter().find(|v| v.marker_name() == name)
    }

    /// Status verbs disappear with `noStatus`.
    pub fn is_status(self) -> bool {
        matches!(
            self,
            Verb::UpdateStatus | Verb::PatchStatus | Verb::ApplyStatus
        )
    }

    /// `+genclient:readonly` keeps only these.
    pub fn is_read_only(self) -> bool {
        matches!(self, Verb::Get | Verb::List | Verb::Watch)
    }
}

/// `+genclient:method=Scale,verb=update,subresource=scale,input=...,result=...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomMethod {
    /// Method name as written (`GetScale`); emitted in snake_case.
    pub name: String,
    /// One of get, list, create, update, patch, delete, apply.
    pub verb: String,
    pub subresource: Option<String>,
    /// Full Rust path (or local type name) of the request body type; the kind itself when absent.
    pub input: Option<String>,
    /// Full Rust path (or local type name) of the result type; the kind itself when absent.
    pub result: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScaleSubresource {
    pub spec_replicas_path: String,
    pub status_replicas_path: String,
    pub label_selector_path: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrinterColumn {
    pub name: String,
    pub type_: String,
    pub json_path: String,
    pub description: Option<String>,
    pub format: Option<String>,
    pub priority: Option<i32>,
}

impl Api {
    /// Every type of every version, with its group and version.
    pub fn types(&self) -> impl Iterator<Item = (&Group, &Version, &TypeDef)> {
        self.groups.iter().flat_map(|g| {
            g.versions.iter().flat_map(move |v| {
                v.files
                    .iter()
                    .flat_map(move |f| f.types.iter().map(move |t| (g, v, t)))
            })
        })
    }

    /// Every kind, with its group and version.
    pub fn kinds(&self) -> impl Iterator<Item = (&Group, &Version, &TypeDef, &Kind)> {
        self.types()
            .filter_map(|(g, v, t)| t.kind.as_ref().map(|k| (g, v, t, k)))
    }
}

impl Version {
    /// Every type of the version, in file then source order.
    pub fn types(&self) -> impl Iterator<Item = &TypeDef> {
        self.files.iter().flat_map(|f| f.types.iter())
    }

    pub fn find_type(&self, name: &str) -> Option<&TypeDef> {
        self.types().find(|t| t.name == name)
    }

    pub fn find_alias(&self, name: &str) -> Option<&AliasDef> {
        self.aliases.iter().find(|a| a.name == name)
    }
}

/// A map from a type name to its definition, for emitters that walk field types.
pub type TypeIndex<'a> = BTreeMap<&'a str, &'a TypeDef>;
