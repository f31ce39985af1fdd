//! The table of markers kube-codegen knows: name, where each may be written, and
//! what value it takes. Used to parse markers and to suggest the right spelling
//! of a misspelt one.

use super::marker_values::{ArgDef, ValueKind};
use super::suggest;

/// What a marker means; the builders match on this, never on marker text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkerId {
    // Module (`//!` in the version module).
    GroupName,
    VersionName,
    GroupGoName,
    // Deep copy.
    DeepcopyGen,
    DeepcopyGenInterfaces,
    DeepcopyGenNonPointerInterfaces,
    ObjectGenerate,
    ObjectRoot,
    // Client generation.
    Genclient,
    GenclientNonNamespaced,
    GenclientNoStatus,
    GenclientNoVerbs,
    GenclientReadonly,
    GenclientOnlyVerbs,
    GenclientSkipVerbs,
    GenclientMethod,
    ResourceName,
    // CRD shape.
    Resource,
    SubresourceStatus,
    SubresourceScale,
    PrintColumn,
    StorageVersion,
    DeprecatedVersion,
    UnservedVersion,
    /// `+kubebuilder:skipversion`: this version is left out of the CRD.
    SkipVersion,
    /// `+kubebuilder:skip` on the module: no CRDs for this version module.
    SkipCrds,
    SelectableField,
    /// `+kubebuilder:metadata:annotations=...,labels=...`: the CRD object's own metadata.
    CrdMetadata,
    /// `+kubebuilder:conversion:strategy=Webhook`: versions converted by a webhook.
    ConversionStrategy,
    /// `+kubebuilder:conversion:webhook:service=ns/name,path=...,port=...` or `url=...`.
    ConversionWebhook,
    /// `+kubebuilder:conversion:lossless` on a field: its differences between
    /// versions lose no data.
    ConversionLossless,
    // Schema and validation.
    Minimum,
    Maximum,
    ExclusiveMinimum,
    ExclusiveMaximum,
    MultipleOf,
    MinLength,
    MaxLength,
    Pattern,
    EnumValues,
    Format,
    MinItems,
    MaxItems,
    UniqueItems,
    MinProperties,
    MaxProperties,
    ValidationRequired,
    ValidationOptional,
    XValidation,
    /// `+kubebuilder:validation:AtMostOneOf=a;b` (and `ExactlyOneOf`,
    /// `AtLeastOneOf`): a CEL rule over which of the fields are set.
    AtMostOneOf,
    ExactlyOneOf,
    /// `+k8s:immutable`: controller-gen's `self == oldSelf` rule.
    Immutable,
    AtLeastOneOf,
    XPreserveUnknownFields,
    PreserveUnknownFields,
    XEmbeddedResource,
    EmbeddedResource,
    XIntOrString,
    Type,
    KubebuilderDefault,
    /// `+default=<json>`, the Kubernetes-native default; `+kubebuilder:default` wins over it.
    Default,
    /// `+kubebuilder:example=`.
    Example,
    /// `+kubebuilder:validation:Schemaless`: the field's schema is left empty.
    Schemaless,
    /// Spellings controller-gen silently ignores: a warning, no effect.
    Ignored,
    Title,
    /// `+kubebuilder:externalDocs:url=...,description=...`.
    ExternalDocs,
    Optional,
    Required,
    /// `+k8s:required`: required, and (controller-gen v0.23) not empty where
    /// the field's own schema is a string, list or map.
    K8sRequired,
    Nullable,
    ListType,
    ListMapKey,
    MapType,
    StructType,
    /// `+enum`: Kubernetes' openapi-gen marker for string enums; a Rust enum
    /// already is one, so it is accepted and changes nothing.
    EnumType,
    /// `+kubebuilder:rbac`, read from controller code by [`crate::rbac`];
    /// in type files it is a foreign marker.
    Rbac,
    /// `+kubebuilder:webhook`, read from controller code by [`crate::webhook`];
    /// in type files it is a foreign marker.
    Webhook,
    /// `+kubebuilder:webhookconfiguration`, likewise.
    WebhookConfiguration,
    /// `+kube-codegen:lint:ignore=<rule> <reason>` on a field or type:
    /// `kube-codegen lint` does not report `<rule>` there (read by
    /// the linter (`kube-codegen-lint`); the generator ignores it).
    LintIgnore,
    /// Markers of other Go tools that kube-codegen does not act on but a
    /// user may expect it to (RBAC and webhook markers in type files, strategic
    /// merge patch): accepted with a warning that says what to write instead.
    Foreign,
    /// Markers addressed to other tools (openapi-gen, protobuf, client-go's
    /// lifecycle generators, OLM, ...) or to readers (`+deprecated`), which
    /// controller-gen ignores and which say nothing about a CRD: accepted
    /// without a diagnostic and without effect, as controller-gen does (a
    /// project keeping Go as its source needs them there for its other tools,
    /// so a warning would have no fix). Listed in the book's marker contract
    /// (docs/src/markers.md).
    OtherTool,
    /// Markers whose meaning kube-codegen cannot honour: an error, since
    /// dropping them would silently weaken the API.
    Unsupported,
}

/// Where a marker may be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Targets(u8);

impl Targets {
    pub const MODULE: Targets = Targets(1);
    pub const TYPE: Targets = Targets(2);
    pub const FIELD: Targets = Targets(4);
    /// Enum variants take no markers; this target exists to say so.
    pub const VARIANT: Targets = Targets(8);
    const TF: Targets = Targets(2 | 4);
    const MT: Targets = Targets(1 | 2);
    const MTF: Targets = Targets(1 | 2 | 4);
    /// Anywhere (for markers of other tools, and for reading loose markers).
    pub const ANY: Targets = Targets(1 | 2 | 4 | 8);

    pub fn contains(self, other: Targets) -> bool {
        self.0 & other.0 == other.0
    }

    /// "a field", "a type", ... for messages.
    pub fn describe(self) -> &'static str {
        match self.0 {
            1 => "the module (`//!`)",
            2 => "a type",
            4 => "a field",
            8 => "an enum variant",
            _ => "this item",
        }
    }

    /// Where the marker belongs instead, for help texts.
    pub fn allowed_places(self) -> String {
        let mut places = Vec::new();
        if self.contains(Targets::MODULE) {
            places.push("in the version module's `//!` comments");
        }
        if self.contains(Targets::TYPE) {
            places.push("above a struct or enum");
        }
        if self.contains(Targets::FIELD) {
            places.push("above a field");
        }
        places.join(" or ")
    }
}

/// The value a marker takes.
#[derive(Clone, Copy, Debug)]
pub enum ArgSpec {
    /// `+name`, or `+name=true|false`.
    Flag,
    /// `+name=value`.
    Value(ValueKind),
    /// `+name:key=value,key2=value2` (or bare `+name` when no key is required).
    Args(&'static [ArgDef]),
    /// Anything after the name; not interpreted (foreign and unsupported markers).
    Any,
}

/// One known marker.
#[derive(Debug)]
pub struct MarkerDef {
    pub id: MarkerId,
    /// Without the leading `+`.
    pub name: &'static str,
    pub targets: Targets,
    pub spec: ArgSpec,
    /// May be given several times (each adds something).
    pub repeatable: bool,
    /// For `Foreign`, `OtherTool`, `Ignored` and `Unsupported` markers: why.
    pub note: &'static str,
    /// What the marker does, in a sentence or two (the marker reference of
    /// the user guide, `docs/src/reference/markers.md`, is made of these);
    /// empty for the markers with a `note`.
    pub help: &'static str,
}

impl MarkerDef {
    /// Whether the marker also exists as `+kubebuilder:validation:items:<Name>`,
    /// applying to the items of a list (controller-gen's `ValidationMarkers`).
    pub fn has_items_form(&self) -> bool {
        matches!(
            self.id,
            M::Minimum
                | M::Maximum
                | M::ExclusiveMinimum
                | M::ExclusiveMaximum
                | M::MultipleOf
                | M::MinLength
                | M::MaxLength
                | M::Pattern
                | M::EnumValues
                | M::Format
                | M::MinItems
                | M::MaxItems
                | M::UniqueItems
                | M::MinProperties
                | M::MaxProperties
                | M::XValidation
                | M::XPreserveUnknownFields
                | M::XEmbeddedResource
                | M::XIntOrString
                | M::Type
        ) && self.name.starts_with("kubebuilder:validation:")
    }
}

const fn def(
    id: MarkerId,
    name: &'static str,
    targets: Targets,
    spec: ArgSpec,
    help: &'static str,
) -> MarkerDef {
    MarkerDef {
        id,
        name,
        targets,
        spec,
        repeatable: false,
        note: "",
        help,
    }
}

const fn repeatable(
    id: MarkerId,
    name: &'static str,
    targets: Targets,
    spec: ArgSpec,
    help: &'static str,
) -> MarkerDef {
    MarkerDef {
        repeatable: true,
        ..def(id, name, targets, spec, help)
    }
}

const fn foreign(name: &'static str, note: &'static str) -> MarkerDef {
    MarkerDef {
        note,
        repeatable: true,
        ..def(MarkerId::Foreign, name, Targets::ANY, ArgSpec::Any, "")
    }
}

const fn other_tool(name: &'static str, note: &'static str) -> MarkerDef {
    MarkerDef {
        note,
        repeatable: true,
        ..def(MarkerId::OtherTool, name, Targets::ANY, ArgSpec::Any, "")
    }
}

const fn ignored(name: &'static str, note: &'static str) -> MarkerDef {
    MarkerDef {
        note,
        repeatable: true,
        ..def(MarkerId::Ignored, name, Targets::ANY, ArgSpec::Any, "")
    }
}

const fn unsupported(name: &'static str, note: &'static str) -> MarkerDef {
    MarkerDef {
        note,
        repeatable: true,
        ..def(MarkerId::Unsupported, name, Targets::ANY, ArgSpec::Any, "")
    }
}

use ArgSpec::{Args, Flag, Value};
use MarkerId as M;
use ValueKind as V;

const T: Targets = Targets::TYPE;
const F: Targets = Targets::FIELD;
const TF: Targets = Targets::TF;

const RESOURCE_ARGS: &[ArgDef] = &[
    ArgDef::optional("path", V::Str),
    ArgDef::optional("singular", V::Str),
    ArgDef::optional("shortName", V::StrList),
    ArgDef::optional("categories", V::StrList),
    ArgDef::optional("scope", V::OneOf(&["Namespaced", "Cluster"])),
];

const SCALE_ARGS: &[ArgDef] = &[
    ArgDef::required("specpath", V::Str),
    ArgDef::required("statuspath", V::Str),
    ArgDef::optional("selectorpath", V::Str),
];

const PRINT_COLUMN_ARGS: &[ArgDef] = &[
    ArgDef::required("name", V::Str),
    ArgDef::required(
        "type",
        V::OneOf(&["integer", "number", "string", "boolean", "date"]),
    ),
    ArgDef::required("JSONPath", V::Str),
    ArgDef::optional("description", V::Str),
    ArgDef::optional(
        "format",
        V::OneOf(&[
            "int32",
            "int64",
            "float",
            "double",
            "byte",
            "date",
            "date-time",
            "password",
        ]),
    ),
    ArgDef::optional("priority", V::Int),
];

const CRD_METADATA_ARGS: &[ArgDef] = &[
    ArgDef::optional("annotations", V::StrList),
    ArgDef::optional("labels", V::StrList),
];

const EXTERNAL_DOCS_ARGS: &[ArgDef] = &[
    ArgDef::required("url", V::Str),
    ArgDef::optional("description", V::Str),
];

const XVALIDATION_ARGS: &[ArgDef] = &[
    ArgDef::required("rule", V::Str),
    ArgDef::optional("message", V::Str),
    ArgDef::optional("messageExpression", V::Str),
    ArgDef::optional(
        "reason",
        V::OneOf(&[
            "FieldValueInvalid",
            "FieldValueForbidden",
            "FieldValueRequired",
            "FieldValueDuplicate",
        ]),
    ),
    ArgDef::optional("fieldPath", V::Str),
    ArgDef::optional("optionalOldSelf", V::Bool),
];

const CONVERSION_WEBHOOK_ARGS: &[ArgDef] = &[
    ArgDef::optional("service", V::Str),
    ArgDef::optional("path", V::Str),
    ArgDef::optional("port", V::Int),
    ArgDef::optional("url", V::Str),
];

const DEPRECATED_ARGS: &[ArgDef] = &[ArgDef::optional("warning", V::Str)];
const SELECTABLE_FIELD_ARGS: &[ArgDef] = &[ArgDef::required("JSONPath", V::Str)];

/// Every known marker.
pub(crate) static MARKERS: &[MarkerDef] = &[
    def(
        M::GroupName,
        "groupName",
        Targets::MODULE,
        Value(V::Str),
        "The API group of every kind in the version module, a DNS name with a dot (`+groupName=cache.example.com`). Each version module has one.",
    ),
    def(
        M::VersionName,
        "versionName",
        Targets::MODULE,
        Value(V::Str),
        "The API version of the module's kinds, when it is not the module's name (the directory `v1alpha1` is version `v1alpha1` without it).",
    ),
    def(
        M::GroupGoName,
        "groupGoName",
        Targets::MODULE,
        Value(V::Str),
        "The name of the group's accessor on the generated clientset and informer factory (`+groupGoName=MyApp`: `my_app()`), instead of the group's module name; every version of the group gives the same.",
    ),
    def(
        M::DeepcopyGen,
        "k8s:deepcopy-gen",
        Targets::MT,
        Value(V::Str),
        "Deep copy (the generated types' `Clone`): on the module, `=package` for every type of the module and `=false` for none; on a type, `=true` or `=false` for that type.",
    ),
    def(
        M::DeepcopyGenInterfaces,
        "k8s:deepcopy-gen:interfaces",
        T,
        Value(V::Str),
        "deepcopy-gen's `runtime.Object` interfaces of a Go type: accepted, no effect (a kind's `kube::Resource` impl comes from `+genclient` or `+kubebuilder:object:root`).",
    ),
    def(
        M::DeepcopyGenNonPointerInterfaces,
        "k8s:deepcopy-gen:nonpointer-interfaces",
        T,
        Value(V::Bool),
        "deepcopy-gen's interfaces on non-pointer receivers: accepted, no effect.",
    ),
    def(
        M::ObjectGenerate,
        "kubebuilder:object:generate",
        Targets::MT,
        Value(V::Bool),
        "controller-gen's spelling of `+k8s:deepcopy-gen`: on the module, deep copy for every type (`=true`) or none (`=false`); on a type, for that type.",
    ),
    def(
        M::ObjectRoot,
        "kubebuilder:object:root",
        T,
        Value(V::Bool),
        "Makes the type a kind (a version of a CRD, a `kube::Resource` impl) without a typed client; `+genclient` adds one. A `FooList` type marked so, as kubebuilder writes it, is a list type, not a kind.",
    ),
    def(
        M::Genclient,
        "genclient",
        T,
        Flag,
        "Makes the type a kind: a typed client with every verb (unless the `+genclient:` markers below say otherwise), a lister, an informer, a `kube::Resource` impl and a version of the kind's CRD; with a `status` field, the status verbs and the status subresource.",
    ),
    def(
        M::GenclientNonNamespaced,
        "genclient:nonNamespaced",
        T,
        Flag,
        "The kind is cluster-scoped: its CRD has `scope: Cluster` and its client takes no namespace.",
    ),
    def(
        M::GenclientNoStatus,
        "genclient:noStatus",
        T,
        Flag,
        "The client has no status verbs (`update_status`, `patch_status`, `apply_status`), and `+genclient` alone gives the CRD no status subresource.",
    ),
    def(
        M::GenclientNoVerbs,
        "genclient:noVerbs",
        T,
        Flag,
        "The client has no verbs.",
    ),
    def(
        M::GenclientReadonly,
        "genclient:readonly",
        T,
        Flag,
        "The client has only the read verbs: `get`, `list` and `watch`.",
    ),
    def(
        M::GenclientOnlyVerbs,
        "genclient:onlyVerbs",
        T,
        Value(V::Raw),
        "The client has only these verbs (`+genclient:onlyVerbs=create,get`; `,` or `;` between them): `create`, `update`, `updateStatus`, `delete`, `deleteCollection`, `get`, `list`, `watch`, `patch`, `patchStatus`, `apply`, `applyStatus`.",
    ),
    def(
        M::GenclientSkipVerbs,
        "genclient:skipVerbs",
        T,
        Value(V::Raw),
        "The client has every verb but these (`+genclient:skipVerbs=delete,deleteCollection`), named as for `onlyVerbs`.",
    ),
    repeatable(
        M::GenclientMethod,
        "genclient:method",
        T,
        Value(V::Raw),
        "An extra client method: its name, then `verb=` (`get`, `list`, `create`, `update`, `patch`, `delete` or `apply`) and optionally `subresource=`, and the Rust types it sends and gets back, `input=` and `result=` (`+genclient:method=GetScale,verb=get,subresource=scale,result=k8s_openapi::api::autoscaling::v1::Scale`).",
    ),
    def(
        M::ResourceName,
        "resourceName",
        T,
        Value(V::Str),
        "The kind's resource name (its plural: the URL path and the CRD's `plural`) when the pluraliser gets it wrong; the same as `+kubebuilder:resource:path=`.",
    ),
    def(
        M::Resource,
        "kubebuilder:resource",
        T,
        Args(RESOURCE_ARGS),
        "The CRD's names and scope: `path` (the plural), `singular`, the `shortName`s and `categories` kubectl knows it by, and `scope` (`Namespaced` unless `Cluster` or `+genclient:nonNamespaced`).",
    ),
    def(
        M::SubresourceStatus,
        "kubebuilder:subresource:status",
        T,
        Flag,
        "Serves the kind's `status` as the `/status` subresource: writes of the object leave the status as it is, writes of `/status` change only the status.",
    ),
    def(
        M::SubresourceScale,
        "kubebuilder:subresource:scale",
        T,
        Args(SCALE_ARGS),
        "Serves the `/scale` subresource (`kubectl scale`, HorizontalPodAutoscalers): the JSON paths of the replica count in the spec and in the status, and of a label selector in the status.",
    ),
    repeatable(
        M::PrintColumn,
        "kubebuilder:printcolumn",
        T,
        Args(PRINT_COLUMN_ARGS),
        "A column of `kubectl get`: its name, type and JSONPath, and optionally a description, a format and a priority (above 0: shown only with `-o wide`).",
    ),
    def(
        M::StorageVersion,
        "kubebuilder:storageversion",
        T,
        Flag,
        "This version is the one the API server stores the kind's objects in; a kind with several versions marks one.",
    ),
    def(
        M::DeprecatedVersion,
        "kubebuilder:deprecatedversion",
        T,
        Args(DEPRECATED_ARGS),
        "This version is deprecated: the API server sends a warning to the clients that use it (`warning=`, or the server's own text).",
    ),
    def(
        M::UnservedVersion,
        "kubebuilder:unservedversion",
        T,
        Flag,
        "This version is in the CRD but not served: the API server takes no requests in it.",
    ),
    def(
        M::SkipVersion,
        "kubebuilder:skipversion",
        T,
        Flag,
        "Leaves this version of the kind out of its CRD.",
    ),
    def(
        M::SkipCrds,
        "kubebuilder:skip",
        Targets::MODULE,
        Flag,
        "No CRDs for the kinds of this version module (their types and clients are still generated).",
    ),
    repeatable(
        M::SelectableField,
        "kubebuilder:selectablefield",
        T,
        Args(SELECTABLE_FIELD_ARGS),
        "A field of the kind that clients may select objects by (`kubectl get --field-selector`), by its JSONPath.",
    ),
    repeatable(
        M::CrdMetadata,
        "kubebuilder:metadata",
        T,
        Args(CRD_METADATA_ARGS),
        "Annotations and labels of the CRD object itself (`+kubebuilder:metadata:annotations=\"example.com/key=value\",labels=\"app=x\"`).",
    ),
    // controller-gen has no conversion markers (kubebuilder patches the CRD
    // with kustomize); these follow the CRD's `spec.conversion` fields.
    def(
        M::ConversionStrategy,
        "kubebuilder:conversion:strategy",
        T,
        Value(V::OneOf(&["Webhook"])),
        "`Webhook`: the kind's objects are converted between its versions by a conversion webhook (the generated crate's conversions, served by the manager) instead of only getting a new `apiVersion`.",
    ),
    def(
        M::ConversionWebhook,
        "kubebuilder:conversion:webhook",
        T,
        Args(CONVERSION_WEBHOOK_ARGS),
        "Where the API server reaches the kind's conversion webhook: a Service (`service=namespace/name`, optionally `path=` and `port=`) or a `url=`; without it, `generate --conversion-webhook-service` or `--conversion-webhook-url`.",
    ),
    def(
        M::ConversionLossless,
        "kubebuilder:conversion:lossless",
        F,
        Flag,
        "Says that the field's difference between the kind's versions loses no data (no object sets it, say): the conversion check lets it, and the fields below it, pass.",
    ),
    def(
        M::Minimum,
        "kubebuilder:validation:Minimum",
        TF,
        Value(V::Number),
        "The least value the number may have (`minimum`).",
    ),
    def(
        M::Maximum,
        "kubebuilder:validation:Maximum",
        TF,
        Value(V::Number),
        "The greatest value the number may have (`maximum`).",
    ),
    def(
        M::ExclusiveMinimum,
        "kubebuilder:validation:ExclusiveMinimum",
        TF,
        Value(V::Bool),
        "`=true`: the number must be greater than the `Minimum`, not equal to it.",
    ),
    def(
        M::ExclusiveMaximum,
        "kubebuilder:validation:ExclusiveMaximum",
        TF,
        Value(V::Bool),
        "`=true`: the number must be less than the `Maximum`, not equal to it.",
    ),
    def(
        M::MultipleOf,
        "kubebuilder:validation:MultipleOf",
        TF,
        Value(V::Number),
        "The number must be a multiple of this one (`multipleOf`).",
    ),
    def(
        M::MinLength,
        "kubebuilder:validation:MinLength",
        TF,
        Value(V::UInt),
        "The least number of characters of the string (`minLength`).",
    ),
    def(
        M::MaxLength,
        "kubebuilder:validation:MaxLength",
        TF,
        Value(V::UInt),
        "The greatest number of characters of the string (`maxLength`); it also bounds the cost of CEL rules over the string.",
    ),
    def(
        M::Pattern,
        "kubebuilder:validation:Pattern",
        TF,
        Value(V::Str),
        "A regular expression the string must match (`pattern`).",
    ),
    def(
        M::EnumValues,
        "kubebuilder:validation:Enum",
        TF,
        Value(V::LiteralList),
        "The only values the field may have (`Enum=a;b;c`). A Rust enum of unit variants needs no marker: it is one.",
    ),
    def(
        M::Format,
        "kubebuilder:validation:Format",
        TF,
        Value(V::Str),
        "The string's format (`format`: `date-time`, `uuid`, `email`, `byte`, ...), which the API server checks.",
    ),
    def(
        M::MinItems,
        "kubebuilder:validation:MinItems",
        TF,
        Value(V::UInt),
        "The least number of items of the list (`minItems`).",
    ),
    def(
        M::MaxItems,
        "kubebuilder:validation:MaxItems",
        TF,
        Value(V::UInt),
        "The greatest number of items of the list (`maxItems`); it also bounds the cost of CEL rules over the list.",
    ),
    def(
        M::UniqueItems,
        "kubebuilder:validation:UniqueItems",
        TF,
        Value(V::Bool),
        "`=true`: the list's items must all differ. Written as `x-kubernetes-list-type: set`, since the API server refuses `uniqueItems: true`.",
    ),
    def(
        M::MinProperties,
        "kubebuilder:validation:MinProperties",
        TF,
        Value(V::UInt),
        "The least number of keys of the object or map (`minProperties`).",
    ),
    def(
        M::MaxProperties,
        "kubebuilder:validation:MaxProperties",
        TF,
        Value(V::UInt),
        "The greatest number of keys of the object or map (`maxProperties`).",
    ),
    def(
        M::ValidationRequired,
        "kubebuilder:validation:Required",
        Targets::MTF,
        Flag,
        "On a field, the field must be given. On a type or the module, every field of the type (or of the module's types) must be, unless marked `+optional`; that is the default.",
    ),
    def(
        M::ValidationOptional,
        "kubebuilder:validation:Optional",
        Targets::MTF,
        Flag,
        "On a field, the field may be left out. On a type or the module, every field of the type (or of the module's types) may be, unless marked `+required`.",
    ),
    repeatable(
        M::XValidation,
        "kubebuilder:validation:XValidation",
        TF,
        Args(XVALIDATION_ARGS),
        "A CEL rule the value must satisfy (`x-kubernetes-validations`): `rule`, the `message` or `messageExpression` the API server answers with, its `reason` and `fieldPath`, and `optionalOldSelf` for transition rules. The rule is compiled against the schema, and its cost estimated, as the API server does.",
    ),
    def(
        M::Immutable,
        "k8s:immutable",
        F,
        Flag,
        "The field cannot change once set: the CEL rule `self == oldSelf` (message `field is immutable`).",
    ),
    repeatable(
        M::AtMostOneOf,
        "kubebuilder:validation:AtMostOneOf",
        T,
        Value(V::StrList),
        "At most one of these fields of the type may be set (`AtMostOneOf=a;b`, by JSON name): a CEL rule on the type.",
    ),
    repeatable(
        M::ExactlyOneOf,
        "kubebuilder:validation:ExactlyOneOf",
        T,
        Value(V::StrList),
        "Exactly one of these fields of the type must be set (`ExactlyOneOf=a;b`, by JSON name): a CEL rule on the type.",
    ),
    repeatable(
        M::AtLeastOneOf,
        "kubebuilder:validation:AtLeastOneOf",
        T,
        Value(V::StrList),
        "At least one of these fields of the type must be set (`AtLeastOneOf=a;b`, by JSON name): a CEL rule on the type.",
    ),
    def(
        M::XPreserveUnknownFields,
        "kubebuilder:validation:XPreserveUnknownFields",
        TF,
        Flag,
        "The API server keeps the fields the schema does not list instead of pruning them (`x-kubernetes-preserve-unknown-fields`).",
    ),
    def(
        M::PreserveUnknownFields,
        "kubebuilder:pruning:PreserveUnknownFields",
        TF,
        Flag,
        "The same as `+kubebuilder:validation:XPreserveUnknownFields`.",
    ),
    def(
        M::XEmbeddedResource,
        "kubebuilder:validation:XEmbeddedResource",
        TF,
        Flag,
        "The value is a Kubernetes object of its own, with `apiVersion`, `kind` and `metadata` (`x-kubernetes-embedded-resource`).",
    ),
    def(
        M::EmbeddedResource,
        "kubebuilder:validation:EmbeddedResource",
        TF,
        Flag,
        "The same as `+kubebuilder:validation:XEmbeddedResource`.",
    ),
    def(
        M::XIntOrString,
        "kubebuilder:validation:XIntOrString",
        TF,
        Flag,
        "The value is an integer or a string (`x-kubernetes-int-or-string`), for a type that serializes as either.",
    ),
    def(
        M::Type,
        "kubebuilder:validation:Type",
        TF,
        Value(V::OneOf(&[
            "string", "number", "integer", "boolean", "object", "array",
        ])),
        "Overrides the schema's `type`, for a type that serializes in its own way.",
    ),
    def(
        M::KubebuilderDefault,
        "kubebuilder:default",
        TF,
        Value(V::Literal),
        "The value the API server fills in where the field is missing: JSON, or controller-gen's literal syntax (`{a,b}`, `a;b`, `{k: v}`, a bare string). It wins over `+default`.",
    ),
    def(
        M::Default,
        "default",
        TF,
        Value(V::Raw),
        "The value the API server fills in where the field is missing, as JSON (Kubernetes' own marker; `ref(...)` is ignored with a warning, as controller-gen ignores it). `+kubebuilder:default` wins over it.",
    ),
    def(
        M::Example,
        "kubebuilder:example",
        TF,
        Value(V::Literal),
        "An example value in the schema (`example`), for readers of the CRD.",
    ),
    def(
        M::Schemaless,
        "kubebuilder:validation:Schemaless",
        F,
        Flag,
        "The field's schema is left empty: nothing of its Rust type is described, and other markers give what the API server should know (for fields that hold schemas themselves).",
    ),
    def(
        M::Title,
        "kubebuilder:title",
        TF,
        Value(V::Str),
        "The schema's `title`.",
    ),
    def(
        M::ExternalDocs,
        "kubebuilder:externalDocs",
        TF,
        Args(EXTERNAL_DOCS_ARGS),
        "A link to documentation in the schema (`externalDocs`): its `url` and optionally a `description`.",
    ),
    def(
        M::Optional,
        "optional",
        F,
        Flag,
        "The field may be left out (it is not in the schema's `required`). An `Option` field is optional without it.",
    ),
    def(
        M::Optional,
        "k8s:optional",
        F,
        Flag,
        "Kubernetes' declarative-validation spelling of `+optional`.",
    ),
    def(
        M::Required,
        "required",
        F,
        Flag,
        "The field must be given (it is in the schema's `required`).",
    ),
    def(
        M::K8sRequired,
        "k8s:required",
        F,
        Flag,
        "The field must be given and, where its schema is a string, a list or a map, not be empty (`minLength`, `minItems` or `minProperties` 1), as controller-gen v0.23 reads it.",
    ),
    def(
        M::Nullable,
        "nullable",
        F,
        Flag,
        "The field accepts `null` (`nullable: true`); the generated type then writes a `None` as `null` instead of leaving it out.",
    ),
    def(
        M::ListType,
        "listType",
        TF,
        Value(V::OneOf(&["atomic", "set", "map"])),
        "How server-side apply merges the list (`x-kubernetes-list-type`): `atomic` (replaced whole), `set` (scalars, each once) or `map` (objects keyed by their `+listMapKey` fields).",
    ),
    repeatable(
        M::ListMapKey,
        "listMapKey",
        TF,
        Value(V::Str),
        "A key field, by JSON name, of the items of a `+listType=map` list; repeat it for a key of several fields.",
    ),
    def(
        M::MapType,
        "mapType",
        TF,
        Value(V::OneOf(&["atomic", "granular"])),
        "How server-side apply merges the map (`x-kubernetes-map-type`): `granular` (key by key, the default) or `atomic` (replaced whole).",
    ),
    def(
        M::StructType,
        "structType",
        TF,
        Value(V::OneOf(&["atomic", "granular"])),
        "How server-side apply merges the object (`x-kubernetes-map-type`): `granular` (field by field, the default) or `atomic` (replaced whole).",
    ),
    def(
        M::EnumType,
        "k8s:enum",
        T,
        Flag,
        "Kubernetes' marker of a string enum type: accepted, no effect (a Rust enum already is one).",
    ),
    // Kubernetes' declarative-validation spellings, which controller-gen
    // (v0.23) reads as the `+listType` / `+kubebuilder:validation:` markers.
    def(
        M::ListType,
        "k8s:listType",
        TF,
        Value(V::OneOf(&["atomic", "set", "map"])),
        "Kubernetes' declarative-validation spelling of `+listType`.",
    ),
    repeatable(
        M::ListMapKey,
        "k8s:listMapKey",
        TF,
        Value(V::Str),
        "Kubernetes' declarative-validation spelling of `+listMapKey`.",
    ),
    def(
        M::MaxItems,
        "k8s:maxItems",
        F,
        Value(V::UInt),
        "Kubernetes' declarative-validation spelling of `+kubebuilder:validation:MaxItems`.",
    ),
    def(
        M::Minimum,
        "k8s:minimum",
        F,
        Value(V::Number),
        "Kubernetes' declarative-validation spelling of `+kubebuilder:validation:Minimum`.",
    ),
    def(
        M::Maximum,
        "k8s:maximum",
        F,
        Value(V::Number),
        "Kubernetes' declarative-validation spelling of `+kubebuilder:validation:Maximum`.",
    ),
    repeatable(
        M::LintIgnore,
        "kube-codegen:lint:ignore",
        TF,
        ArgSpec::Any,
        "`kube-codegen lint` does not report these rules at the field or type: `+kube-codegen:lint:ignore=<rule>[,<rule>] <why>`. The generator ignores it.",
    ),
    ignored(
        "kubebuilder:validation:optional",
        "controller-gen ignores this lower-case spelling; write `+kubebuilder:validation:Optional`",
    ),
    ignored(
        "kubebuilder:validation:required",
        "controller-gen ignores this lower-case spelling; write `+kubebuilder:validation:Required`",
    ),
    foreign(
        "kubebuilder:rbac",
        "RBAC markers are read from controller code (`kube-codegen rbac --source-dir DIR`, \
         or `generate --rbac-source-dir DIR`), not from API types",
    ),
    foreign(
        "kubebuilder:webhook",
        "webhook markers are read from controller code (`kube-codegen webhook --source-dir DIR`, \
         or `generate --webhook-source-dir DIR`), not from API types",
    ),
    foreign(
        "kubebuilder:webhookconfiguration",
        "webhook markers are read from controller code (`kube-codegen webhook --source-dir DIR`, \
         or `generate --webhook-source-dir DIR`), not from API types",
    ),
    foreign(
        "patchStrategy",
        "strategic merge patch does not apply to custom resources; for server-side apply \
         merging write `+listType=map` and `+listMapKey=...`",
    ),
    foreign(
        "patchMergeKey",
        "strategic merge patch does not apply to custom resources; for server-side apply \
         merging write `+listType=map` and `+listMapKey=...`",
    ),
    // Markers controller-gen ignores (it registers none of them) that real Go
    // APIs carry for other tools or for readers: no diagnostic, no effect.
    other_tool(
        "deprecated",
        "a note for readers and linters (`+deprecated`, `+deprecated: use x`); a CRD has no \
         field deprecation, and controller-gen writes nothing for it",
    ),
    other_tool(
        "k8s:openapi-gen",
        "openapi-gen's; the CRD's schema comes from the CRD generator",
    ),
    other_tool(
        "k8s:prerelease-lifecycle-gen",
        "prerelease-lifecycle-gen's, for the Kubernetes source tree",
    ),
    other_tool(
        "k8s:conversion-gen",
        "conversion-gen's; kube-codegen plans conversions itself \
         (`+kubebuilder:conversion:strategy=Webhook`)",
    ),
    other_tool(
        "k8s:conversion-fn",
        "conversion-gen's; kube-codegen plans conversions itself",
    ),
    other_tool(
        "k8s:defaulter-gen",
        "defaulter-gen's; defaults in a CRD come from `+default` / `+kubebuilder:default`",
    ),
    other_tool(
        "k8s:defaulter-gen-input",
        "defaulter-gen's; defaults in a CRD come from `+default` / `+kubebuilder:default`",
    ),
    other_tool("kubebuilder:ac", "applyconfiguration-gen's options"),
    other_tool(
        "kubebuilder:docs-gen",
        "options of API reference generators (`:collapse=`)",
    ),
    other_tool("protobuf", "go-to-protobuf's"),
    other_tool("union", "openapi-gen's union markers"),
    other_tool("unionDiscriminator", "openapi-gen's union markers"),
    other_tool("unionMember", "openapi-gen's union markers"),
    other_tool("featureGate", "for the Kubernetes source tree"),
    other_tool(
        "enum",
        "openapi-gen's marker for string enums (controller-gen's is `+k8s:enum`); \
         a Rust enum already is one",
    ),
    other_tool(
        "build",
        "Go's old build-constraint syntax (`// +build`, now `//go:build`)",
    ),
    other_tool(
        "metrics",
        "kube-state-metrics' custom-resource metrics markers (`+metrics:...`)",
    ),
    other_tool(
        "operator-sdk",
        "Operator SDK's ClusterServiceVersion markers (`+operator-sdk:csv:...`)",
    ),
    unsupported(
        "k8s:validation",
        "use the `+kubebuilder:validation:` markers",
    ),
];

/// Finds the marker a marker text (without `+`) names: the longest known name
/// that the text starts with, followed by the end, `=`, `:` or a space.
/// Foreign and unsupported names also match any longer name below them
/// (`kubebuilder:rbac:groups=...`).
pub fn lookup(text: &str) -> Option<&'static MarkerDef> {
    MARKERS
        .iter()
        .filter(|d| {
            let Some(rest) = text.strip_prefix(d.name) else {
                return false;
            };
            let open_ended = matches!(
                d.id,
                M::Foreign | M::OtherTool | M::Unsupported | M::Ignored
            );
            match rest.chars().next() {
                None | Some('=') | Some(':') => true,
                Some(c) if c.is_whitespace() => true,
                Some('.') => open_ended,
                _ => false,
            }
        })
        .max_by_key(|d| d.name.len())
}

/// The known marker a misspelt name most likely meant. `name` is the marker
/// text up to its first `=`, so for markers that take `:key=value` arguments
/// it may include the first key (`kubebuilder:resourc:path`); those are compared
/// with only as many `:`-separated parts as their own name has.
pub(crate) fn suggest(name: &str) -> Option<&'static str> {
    let parts: Vec<&str> = name.split(':').collect();
    let mut best: Option<(usize, &'static str)> = None;
    for d in MARKERS
        .iter()
        .filter(|d| !matches!(d.id, M::Unsupported | M::Ignored))
    {
        let n = d.name.split(':').count();
        let takes_args = matches!(d.spec, ArgSpec::Args(_) | ArgSpec::Any);
        let compared = if takes_args && n < parts.len() {
            parts[..n].join(":")
        } else {
            name.to_owned()
        };
        if suggest::closest(&compared, [d.name]).is_some() {
            let distance = suggest::edit_distance(&compared, d.name);
            // Prefer the closest, then the most specific name.
            let better = best.is_none_or(|(bd, bn)| {
                distance < bd || (distance == bd && d.name.len() > bn.len())
            });
            if better {
                best = Some((distance, d.name));
            }
        }
    }
    best.map(|(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_match_wins() {
        assert_eq!(lookup("genclient").unwrap().id, M::Genclient);
        assert_eq!(
            lookup("genclient:nonNamespaced").unwrap().id,
            M::GenclientNonNamespaced
        );
        assert_eq!(
            lookup("genclient:method=Foo,verb=get").unwrap().id,
            M::GenclientMethod
        );
        assert_eq!(
            lookup("k8s:deepcopy-gen:interfaces=x").unwrap().id,
            M::DeepcopyGenInterfaces
        );
        assert_eq!(
            lookup("kubebuilder:rbac:groups=a,verbs=get").unwrap().id,
            M::Foreign
        );
        assert_eq!(lookup("protobuf.options.x").unwrap().id, M::OtherTool);
        assert_eq!(lookup("deprecated: use x").unwrap().id, M::OtherTool);
        assert_eq!(lookup("deprecated").unwrap().id, M::OtherTool);
        assert!(lookup("kubebuilder:validation:Minimun=0").is_none());
        assert!(lookup("optionalx").is_none());
        // `genclient` matches the prefix of a misspelt variant; the caller rejects
        // the `:` that a flag cannot take.
        assert_eq!(lookup("genclient:nonNamespacd").unwrap().id, M::Genclient);
    }

    #[test]
    fn suggests_known_markers() {
        assert_eq!(
            suggest("kubebuilder:validation:Minimun"),
            Some("kubebuilder:validation:Minimum")
        );
        assert_eq!(
            suggest("genclient:nonNamespacd"),
            Some("genclient:nonNamespaced")
        );
        assert_eq!(
            suggest("kubebuilder:resourc:path"),
            Some("kubebuilder:resource")
        );
        assert_eq!(suggest("optinal"), Some("optional"));
        assert_eq!(
            suggest("kubebuilder:subresource:staus"),
            Some("kubebuilder:subresource:status")
        );
        assert_eq!(suggest("totally:unrelated:thing"), None);
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<_> = MARKERS.iter().map(|d| d.name).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len());
    }
}
