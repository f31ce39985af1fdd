//! The user guide's marker reference (`docs/src/reference/markers.md`), made
//! from the marker registry ([`crate::parse::marker_registry`]) and the
//! markers of controller code (`+kubebuilder:rbac`, `+kubebuilder:webhook`),
//! so that the page and what the generator reads cannot drift apart
//! (`the_marker_reference_is_the_registrys` compares them).

use crate::parse::marker_registry::{ArgSpec, MARKERS, MarkerDef, MarkerId, Targets};
use crate::parse::marker_values::{ArgDef, ValueKind};
use crate::prose::code_list;

/// The sections of the reference, in order: a title and what the markers of
/// the section have in common.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    Module,
    Kind,
    Crd,
    Conversion,
    Validation,
    Presence,
    Schema,
    Topology,
    Declarative,
    DeepCopy,
    ControllerCode,
    KubeCodegen,
    Warned,
    OtherTool,
    Refused,
}

const SECTIONS: [Section; 15] = [
    Section::Module,
    Section::Kind,
    Section::Crd,
    Section::Conversion,
    Section::Validation,
    Section::Presence,
    Section::Schema,
    Section::Topology,
    Section::Declarative,
    Section::DeepCopy,
    Section::ControllerCode,
    Section::KubeCodegen,
    Section::Warned,
    Section::OtherTool,
    Section::Refused,
];

impl Section {
    fn title(self) -> &'static str {
        match self {
            Section::Module => "The version module",
            Section::Kind => "Kinds and their clients",
            Section::Crd => "The CRD",
            Section::Conversion => "Conversion between versions",
            Section::Validation => "Validation",
            Section::Presence => "Optional, required and null",
            Section::Schema => "Defaults and the rest of the schema",
            Section::Topology => "Lists, maps and structs under server-side apply",
            Section::Declarative => "Kubernetes' declarative-validation spellings (`+k8s:`)",
            Section::DeepCopy => "Deep copy",
            Section::ControllerCode => "Controller code: RBAC and webhooks",
            Section::KubeCodegen => "kube-codegen's own",
            Section::Warned => "Accepted with a warning",
            Section::OtherTool => "Markers of other tools",
            Section::Refused => "Refused",
        }
    }

    fn intro(self) -> &'static str {
        match self {
            Section::Module => {
                "In the `//!` comments of a version module (`apis/src/<group>/<version>/mod.rs`, \
                 Go's `doc.go`); they hold for every kind of the module."
            }
            Section::Kind => {
                "Above the struct of a kind (`metadata`, `spec`, `status`): what makes it a kind, \
                 and what its generated client can do."
            }
            Section::Crd => {
                "Above the struct of a kind: the kind's CustomResourceDefinition, and this \
                 version of it."
            }
            Section::Conversion => {
                "For kinds with several versions (one CRD, one storage version): how objects \
                 move between them."
            }
            Section::Validation => {
                "Above a field, or above a type for every field of that type: what the API \
                 server accepts. Most of them are JSON Schema keywords of the field's schema, \
                 which kube-codegen checks against the field's Rust type (a `Minimum` on a \
                 string is an error)."
            }
            Section::Presence => {
                "Whether a field must be given. Without a marker, a field is optional when \
                 serde may leave it out (an `Option`, `#[serde(default)]` on it or its struct, \
                 a `skip_serializing_if`) and required otherwise, as controller-gen decides by \
                 `omitempty`."
            }
            Section::Schema => "Above a field, or above a type for every field of that type.",
            Section::Topology => {
                "How server-side apply merges the value of several field managers, and what \
                 the API server keeps unique."
            }
            Section::Declarative => {
                "Kubernetes' own markers for its declarative validation, read as controller-gen \
                 v0.23 reads them: the same as the markers they name."
            }
            Section::DeepCopy => {
                "Which generated types get deep-copy `Clone` impls. Markers of Go's deepcopy-gen \
                 are accepted, so that API types imported from Go keep them."
            }
            Section::ControllerCode => {
                "In any comment of any `.rs` file under the directory `generate \
                 --rbac-source-dir` / `--webhook-source-dir` reads (in a project of \
                 `kube-codegen init`, `src/`), or `kube-codegen rbac` / `kube-codegen webhook \
                 --source-dir`. In API types they are warnings that say where they belong."
            }
            Section::KubeCodegen => "Markers no Go tool has.",
            Section::Warned => {
                "Markers that other Go tools read, or that controller-gen reads in another \
                 spelling, and that do nothing here: each is a warning that says what to write \
                 instead."
            }
            Section::OtherTool => {
                "Markers that Go APIs carry for other tools or for their readers, which \
                 controller-gen ignores and which say nothing about a CRD: accepted without a \
                 word, and without effect (a project that keeps Go as its source needs them \
                 there). Each name also covers the longer names below it \
                 (`+protobuf.options...`)."
            }
            Section::Refused => {
                "Markers whose meaning kube-codegen cannot honour: errors, since dropping them \
                 would silently weaken the API."
            }
        }
    }
}

/// The section of a marker of the registry.
fn section(def: &MarkerDef) -> Section {
    use MarkerId as M;
    let declarative = def.name.starts_with("k8s:");
    match def.id {
        M::GroupName | M::VersionName | M::GroupGoName | M::SkipCrds => Section::Module,
        M::DeepcopyGen
        | M::DeepcopyGenInterfaces
        | M::DeepcopyGenNonPointerInterfaces
        | M::ObjectGenerate => Section::DeepCopy,
        M::ObjectRoot
        | M::Genclient
        | M::GenclientNonNamespaced
        | M::GenclientNoStatus
        | M::GenclientNoVerbs
        | M::GenclientReadonly
        | M::GenclientOnlyVerbs
        | M::GenclientSkipVerbs
        | M::GenclientMethod
        | M::ResourceName => Section::Kind,
        M::Resource
        | M::SubresourceStatus
        | M::SubresourceScale
        | M::PrintColumn
        | M::StorageVersion
        | M::DeprecatedVersion
        | M::UnservedVersion
        | M::SkipVersion
        | M::SelectableField
        | M::CrdMetadata => Section::Crd,
        M::ConversionStrategy | M::ConversionWebhook | M::ConversionLossless => Section::Conversion,
        _ if declarative
            && !matches!(
                def.id,
                M::Foreign | M::OtherTool | M::Ignored | M::Unsupported
            ) =>
        {
            Section::Declarative
        }
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
        | M::AtMostOneOf
        | M::ExactlyOneOf
        | M::AtLeastOneOf
        | M::Immutable => Section::Validation,
        M::ValidationRequired
        | M::ValidationOptional
        | M::Optional
        | M::Required
        | M::K8sRequired
        | M::Nullable => Section::Presence,
        M::XPreserveUnknownFields
        | M::PreserveUnknownFields
        | M::XEmbeddedResource
        | M::EmbeddedResource
        | M::XIntOrString
        | M::Type
        | M::KubebuilderDefault
        | M::Default
        | M::Example
        | M::Schemaless
        | M::Title
        | M::ExternalDocs => Section::Schema,
        M::ListType | M::ListMapKey | M::MapType | M::StructType | M::EnumType => Section::Topology,
        M::Rbac | M::Webhook | M::WebhookConfiguration => Section::ControllerCode,
        M::LintIgnore => Section::KubeCodegen,
        M::Foreign | M::Ignored => Section::Warned,
        M::OtherTool => Section::OtherTool,
        M::Unsupported => Section::Refused,
    }
}

/// The marker reference, in Markdown.
pub fn marker_reference() -> String {
    let mut out = String::from(
        "# Markers\n\
         \n\
         <!-- Made by `kube_codegen::docs::marker_reference()` from the marker registry \
         (generator/src/parse/marker_registry.rs): edit the registry, then \
         `KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen --lib docs` rewrites this page. -->\n\
         \n\
         Markers are comment lines that start with `+`, written above what they describe: \
         a struct, an enum or a field (`//` or `///` lines; a block of them separated from \
         the item by one blank line counts too, as in Go), or the version module (`//!` \
         lines in its `mod.rs`). They are controller-gen's and Kubernetes' markers, spelt \
         as in Go:\n\
         \n\
         ```rust\n\
         // +kubebuilder:validation:Minimum=1\n\
         // +kubebuilder:printcolumn:name=Size,type=integer,JSONPath=`.spec.size`\n\
         // +genclient\n\
         ```\n\
         \n\
         - A marker takes no value (`+genclient`; `=true` and `=false` work too), one value \
         (`+name=value`) or named arguments (`+name:key=value,key=value`).\n\
         - Strings are bare, `\"quoted\"` or `` `backticked` `` (for text with commas, such \
         as a JSONPath); lists are `a;b;c` or `{a,b,c}`. `:=` is read as `=`, as \
         controller-gen reads it.\n\
         - A misspelt or unknown marker is an error that names the marker it most likely \
         meant, and so is a marker where it cannot apply; a marker given twice that is not \
         repeatable is a warning (the last one counts). Repeatable markers add up.\n\
         \n\
         Rust says the rest: `Option<T>` is optional, `#[serde(rename, rename_all, default, \
         flatten, skip)]` are honoured, k8s-openapi's types get their real schemas.\n",
    );
    let mut defs: Vec<&'static MarkerDef> = MARKERS.iter().collect();
    defs.push(crate::rbac::marker_def());
    defs.extend(crate::webhook::marker_defs());
    for s in SECTIONS {
        let of: Vec<&MarkerDef> = defs.iter().copied().filter(|d| section(d) == s).collect();
        if of.is_empty() {
            continue;
        }
        out.push_str(&format!("\n## {}\n\n{}\n", s.title(), s.intro()));
        match s {
            Section::Warned | Section::OtherTool | Section::Refused => noted(&mut out, &of),
            _ => {
                for def in of {
                    marker(&mut out, def, s);
                }
            }
        }
    }
    out
}

/// The markers of a section whose markers have a note: one table.
fn noted(out: &mut String, defs: &[&MarkerDef]) {
    out.push_str("\n| marker | why |\n|---|---|\n");
    for def in defs {
        out.push_str(&format!("| `+{}` | {} |\n", def.name, cell(def.note)));
    }
}

/// One marker: its heading, what it does, where it goes, what it takes.
fn marker(out: &mut String, def: &MarkerDef, section: Section) {
    out.push_str(&format!("\n### `+{}`\n\n{}\n\n", def.name, def.help));
    let places = if section == Section::ControllerCode {
        "a comment of controller code".to_owned()
    } else {
        places(def.targets)
    };
    out.push_str(&format!("- On: {places}.\n"));
    out.push_str(&format!("- Form: {}.\n", form(def)));
    if let ArgSpec::Value(kind) = def.spec {
        out.push_str(&format!("- Value: {}.\n", value(kind)));
    }
    out.push_str(if def.repeatable {
        "- Repeatable: yes.\n"
    } else {
        "- Repeatable: no.\n"
    });
    if def.has_items_form() {
        let short = def.name.trim_start_matches("kubebuilder:validation:");
        out.push_str(&format!(
            "- Also `+kubebuilder:validation:items:{short}`: the same, for each item of a list.\n"
        ));
    }
    if let ArgSpec::Args(args) = def.spec {
        out.push_str("\n| argument | value | |\n|---|---|---|\n");
        for arg in args {
            let values = match def.id {
                MarkerId::Rbac => crate::rbac::argument_values(arg.name),
                MarkerId::Webhook => crate::webhook::argument_values(arg.name),
                _ => None,
            };
            let what = match values {
                Some(values) => format!("{}: {values}", value(arg.kind)),
                None => value(arg.kind),
            };
            let required = if arg.required { "required" } else { "optional" };
            out.push_str(&format!(
                "| `{}` | {} | {required} |\n",
                arg.name,
                cell(&what)
            ));
        }
    }
}

/// "the version module, a type or a field".
fn places(targets: Targets) -> String {
    let mut places = Vec::new();
    if targets.contains(Targets::MODULE) {
        places.push("the version module (`//!`)");
    }
    if targets.contains(Targets::TYPE) {
        places.push("a type (struct or enum)");
    }
    if targets.contains(Targets::FIELD) {
        places.push("a field");
    }
    match places.as_slice() {
        [] => "anywhere".to_owned(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// How the marker is written: `+name`, `+name=<value>`,
/// `+name:key=<value>[,key=<value>]`.
fn form(def: &MarkerDef) -> String {
    match def.spec {
        ArgSpec::Flag => format!("`+{}`", def.name),
        ArgSpec::Value(kind) => format!("`+{}={}`", def.name, placeholder(kind)),
        ArgSpec::Args(args) => {
            let (required, optional): (Vec<&ArgDef>, Vec<&ArgDef>) =
                args.iter().partition(|a| a.required);
            let mut text = format!("+{}", def.name);
            let mut first = true;
            for arg in required {
                text.push(if first { ':' } else { ',' });
                first = false;
                text.push_str(&format!("{}={}", arg.name, placeholder(arg.kind)));
            }
            for arg in optional {
                let sep = if first { ':' } else { ',' };
                first = false;
                text.push_str(&format!("[{sep}{}={}]", arg.name, placeholder(arg.kind)));
            }
            format!("`{text}`")
        }
        ArgSpec::Any => match def.id {
            MarkerId::LintIgnore => format!("`+{}=<rule>[,<rule>] <why>`", def.name),
            _ => format!("`+{}...`", def.name),
        },
    }
}

/// The placeholder of a value in a marker's form.
fn placeholder(kind: ValueKind) -> String {
    match kind {
        ValueKind::Str => "<string>".to_owned(),
        ValueKind::UInt => "<n>".to_owned(),
        ValueKind::Int => "<integer>".to_owned(),
        ValueKind::Number => "<number>".to_owned(),
        ValueKind::Bool => "<bool>".to_owned(),
        ValueKind::StrList => "<list>".to_owned(),
        ValueKind::Literal | ValueKind::Json => "<value>".to_owned(),
        ValueKind::LiteralList => "<values>".to_owned(),
        ValueKind::OneOf(values) => values.join("|"),
        ValueKind::Raw => "<text>".to_owned(),
    }
}

/// What a value is, in words.
fn value(kind: ValueKind) -> String {
    match kind {
        ValueKind::Str => "a string".to_owned(),
        ValueKind::UInt => "a whole number, 0 or more".to_owned(),
        ValueKind::Int => "an integer".to_owned(),
        ValueKind::Number => "a number (an integer or a decimal)".to_owned(),
        ValueKind::Bool => "`true` or `false`".to_owned(),
        ValueKind::StrList => "a list of strings (`a;b` or `{a,b}`)".to_owned(),
        ValueKind::Literal => {
            "JSON, or controller-gen's literal syntax (`{a,b}`, `a;b`, `{k: v}`, a bare string)"
                .to_owned()
        }
        ValueKind::Json => "JSON".to_owned(),
        ValueKind::LiteralList => {
            "a list of strings, numbers or booleans (`a;b;1` or `{a,b,1}`)".to_owned()
        }
        ValueKind::OneOf([one]) => format!("`{one}`"),
        ValueKind::OneOf(values) => format!("one of {}", code_list(values)),
        ValueKind::Raw => "text the marker reads itself (see above)".to_owned(),
    }
}

/// Text for a table cell: `|` would end it.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/src/reference/markers.md` is the registry's; with
    /// `KUBE_CODEGEN_BLESS=1` the page is rewritten.
    #[test]
    fn the_marker_reference_is_the_registrys() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../docs/src/reference/markers.md");
        let page = marker_reference();
        if std::env::var("KUBE_CODEGEN_BLESS").is_ok_and(|v| v == "1") {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &page).unwrap();
            return;
        }
        let written = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            written == page,
            "docs/src/reference/markers.md is not the marker registry's: \
             KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen --lib docs rewrites it"
        );
    }

    /// Every marker is described: a `help` for those that do something, a
    /// `note` for the others, never both.
    #[test]
    fn every_marker_says_what_it_does() {
        let mut defs: Vec<&MarkerDef> = MARKERS.iter().collect();
        defs.push(crate::rbac::marker_def());
        defs.extend(crate::webhook::marker_defs());
        for def in defs {
            let noted = matches!(
                def.id,
                MarkerId::Foreign | MarkerId::OtherTool | MarkerId::Ignored | MarkerId::Unsupported
            );
            if noted {
                assert!(
                    !def.note.is_empty() && def.help.is_empty(),
                    "+{}: a note, no help",
                    def.name
                );
            } else {
                assert!(
                    def.note.is_empty() && def.help.ends_with('.'),
                    "+{}: a help sentence, no note",
                    def.name
                );
            }
        }
    }

    /// The verbs `+genclient:onlyVerbs` names are the generator's.
    #[test]
    fn the_client_verbs_named_are_the_generators() {
        let only = MARKERS
            .iter()
            .find(|d| d.id == MarkerId::GenclientOnlyVerbs)
            .unwrap();
        let named: Vec<&str> = only
            .help
            .split("them): ")
            .nth(1)
            .unwrap()
            .trim_end_matches('.')
            .split(", ")
            .map(|v| v.trim_matches('`'))
            .collect();
        let verbs: Vec<&str> = crate::model::Verb::ALL
            .iter()
            .map(|v| v.marker_name())
            .collect();
        assert_eq!(named, verbs);
    }

    #[test]
    fn forms_show_required_arguments_first_and_optional_ones_in_brackets() {
        let column = MARKERS
            .iter()
            .find(|d| d.id == MarkerId::PrintColumn)
            .unwrap();
        assert_eq!(
            form(column),
            "`+kubebuilder:printcolumn:name=<string>,type=integer|number|string|boolean|date,\
             JSONPath=<string>[,description=<string>][,format=int32|int64|float|double|byte|date|date-time|password][,priority=<integer>]`"
        );
        assert_eq!(
            places(Targets::ANY),
            "the version module (`//!`), a type (struct or enum) or a field"
        );
        assert_eq!(code_list(&["a", "b", "c"]), "`a`, `b` or `c`");
    }
}
