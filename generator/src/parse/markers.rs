//! Marker grammar: `+name`, `+name=value`, `+name:key=value,key2=value2`.
//! Turns a marker line into a typed [`Marker`] (values are parsed by
//! `marker_values`), or into diagnostics that point at the offending characters.

use std::path::Path;

use super::comments::LineComment;
use super::marker_registry::{self, ArgSpec, MarkerDef, MarkerId};
use super::marker_values::{
    Arg, ArgDef, MarkerError, Value, ValueKind, parse_value, split_top_level, trim_offset,
};
use super::suggest;
use crate::diag::Diagnostic;
use crate::model::Location;

/// The prefix of the validation markers.
const VALIDATION_PREFIX: &str = "kubebuilder:validation:";
/// The prefix of the validation markers that apply to the items of a list.
const ITEMS_PREFIX: &str = "kubebuilder:validation:items:";

/// A marker line before interpretation: the text from `+` to the end of the line.
#[derive(Clone, Debug)]
pub struct RawMarker {
    pub text: String,
    /// Where the `+` is.
    pub location: Location,
}

/// The marker on a comment line, if the line is one: its text (after the comment
/// prefix and spaces) starts with `+` and a letter. `// +1 for this` is prose.
pub(crate) fn raw_marker(comment: &LineComment, file: &Path) -> Option<RawMarker> {
    let trimmed = comment.text.trim_start();
    let mut chars = trimmed.chars();
    if chars.next() != Some('+') || !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let indent = comment.text.chars().count() - trimmed.chars().count();
    Some(RawMarker {
        text: trimmed.trim_end().to_owned(),
        location: Location {
            file: file.to_owned(),
            line: comment.line,
            column: comment.text_column + indent,
        },
    })
}

/// A known marker with its typed value.
#[derive(Clone, Debug)]
pub struct Marker {
    pub def: &'static MarkerDef,
    pub value: Value,
    pub location: Location,
    /// As written, from `+` to the end of the line.
    pub text: String,
    /// Written as `+kubebuilder:validation:items:<Name>`: applies to the items
    /// of the list it is written on, not to the list itself.
    pub items: bool,
}

impl Marker {
    pub fn id(&self) -> MarkerId {
        self.def.id
    }

    /// `+name`, for messages.
    pub fn name(&self) -> String {
        match self.def.name.strip_prefix(VALIDATION_PREFIX) {
            Some(short) if self.items => format!("+{ITEMS_PREFIX}{short}"),
            _ => format!("+{}", self.def.name),
        }
    }

    /// An error underlining the whole marker.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(message, self.location.clone()).with_span(self.text.chars().count())
    }

    /// A warning underlining the whole marker.
    pub fn warning(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::warning(message, self.location.clone()).with_span(self.text.chars().count())
    }

    /// A warning underlining `len` characters at `offset` from the `+`.
    pub fn warning_at(&self, offset: usize, len: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic::warning(message, shifted(&self.location, offset)).with_span(len.max(1))
    }

    /// An error underlining `len` characters at `offset` from the `+`.
    pub fn error_at(&self, offset: usize, len: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(message, shifted(&self.location, offset)).with_span(len.max(1))
    }

    /// An error underlining the value of argument `key` (or the whole marker).
    pub fn arg_error(&self, key: &str, message: impl Into<String>) -> Diagnostic {
        match self.arg(key) {
            Some(arg) => self.error_at(arg.offset, arg.len, message),
            None => self.error(message),
        }
    }

    /// A flag that is on, or a boolean value that is true.
    pub fn is_true(&self) -> bool {
        self.value.as_bool().unwrap_or(false)
    }

    pub fn arg(&self, key: &str) -> Option<&Arg> {
        match &self.value {
            Value::Args(args) => args.iter().find(|a| a.key == key),
            _ => None,
        }
    }

    pub fn arg_str(&self, key: &str) -> Option<&str> {
        self.arg(key).and_then(|a| a.value.as_str())
    }

    /// Character offset of the value of a `+name=value` marker.
    pub fn value_offset(&self) -> usize {
        self.name().chars().count() + 1
    }
}

fn shifted(location: &Location, offset: usize) -> Location {
    Location {
        column: location.column + offset,
        ..location.clone()
    }
}

fn to_diagnostic(e: MarkerError, raw: &RawMarker) -> Diagnostic {
    let d = Diagnostic::error(e.message, shifted(&raw.location, e.offset)).with_span(e.len.max(1));
    match e.help {
        Some(h) => d.with_help(h),
        None => d,
    }
}

/// How kube-codegen treats a marker name (without `+` and arguments), for
/// comparing the marker set with other generators'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkerSupport {
    /// Read and applied; where it may be written.
    Supported {
        module: bool,
        type_: bool,
        field: bool,
    },
    /// Accepted with a warning and no effect (why).
    Warned(&'static str),
    /// Accepted without a diagnostic and without effect: a marker of another
    /// tool that controller-gen ignores too (whose it is).
    Accepted(&'static str),
    /// An error that says why.
    Refused(&'static str),
    /// Not a marker kube-codegen knows: an "unknown marker" error.
    Unknown,
}

/// What kube-codegen does with the marker `name` (`kubebuilder:validation:MaxLength`,
/// `kubebuilder:validation:items:Pattern`, `kubebuilder:printcolumn`).
pub fn marker_support(name: &str) -> MarkerSupport {
    use marker_registry::{MarkerId as M, Targets};
    let items_name = name
        .strip_prefix(ITEMS_PREFIX)
        .map(|rest| format!("{VALIDATION_PREFIX}{rest}"));
    let def = match &items_name {
        Some(items_name) => marker_registry::lookup(items_name).filter(|d| d.has_items_form()),
        None => marker_registry::lookup(name),
    };
    let Some(def) = def else {
        return MarkerSupport::Unknown;
    };
    match def.id {
        M::Foreign | M::Ignored => MarkerSupport::Warned(def.note),
        M::OtherTool => MarkerSupport::Accepted(def.note),
        M::Unsupported => MarkerSupport::Refused(def.note),
        _ => MarkerSupport::Supported {
            module: def.targets.contains(Targets::MODULE),
            type_: def.targets.contains(Targets::TYPE),
            field: def.targets.contains(Targets::FIELD),
        },
    }
}

/// Parses a marker line. Unknown markers, values of the wrong type and unknown
/// or missing arguments are errors (all of them, not just the first).
pub fn parse_marker(raw: &RawMarker) -> Result<Marker, Vec<Diagnostic>> {
    let written = &raw.text[1..];
    let name_end = written
        .find(|c: char| c == '=' || c.is_whitespace())
        .unwrap_or(written.len());
    let unknown = || vec![unknown_marker(raw, &written[..name_end])];
    // `+kubebuilder:validation:items:Minimum=1` is `Minimum` applied to the items;
    // look it up as `+kubebuilder:validation:Minimum=1` and remember the shift.
    let items_body = written
        .strip_prefix(ITEMS_PREFIX)
        .map(|rest| format!("{VALIDATION_PREFIX}{rest}"));
    let items = items_body.is_some();
    let body = items_body.as_deref().unwrap_or(written);
    let Some(def) = marker_registry::lookup(body) else {
        return Err(unknown());
    };
    if items && !def.has_items_form() {
        return Err(unknown());
    }
    parse_body(raw, def, body, items)
}

/// Parses a marker line as `def`, a marker whose name the text starts with
/// (other generators, such as RBAC, keep their markers out of the type registry).
pub(crate) fn parse_marker_as(
    raw: &RawMarker,
    def: &'static MarkerDef,
) -> Result<Marker, Vec<Diagnostic>> {
    parse_body(raw, def, &raw.text[1..], false)
}

/// Parses the arguments of `def` in `body`, the marker text without its `+`
/// (for an `items:` form, rewritten as the marker it applies to the items).
fn parse_body(
    raw: &RawMarker,
    def: &'static MarkerDef,
    body: &str,
    items: bool,
) -> Result<Marker, Vec<Diagnostic>> {
    let written = &raw.text[1..];
    let name_end = written
        .find(|c: char| c == '=' || c.is_whitespace())
        .unwrap_or(written.len());
    let unknown = || vec![unknown_marker(raw, &written[..name_end])];
    let shift = if items { "items:".len() } else { 0 };
    let mut rest = &body[def.name.len()..];
    let mut rest_offset = 1 + shift + def.name.chars().count();
    // controller-gen reads `+name:=value` as `+name=value` (the `=` of an
    // anonymous argument): `+kubebuilder:default:={}`, `+kubebuilder:validation:Enum:=a;b`.
    if matches!(def.spec, ArgSpec::Value(_) | ArgSpec::Flag) && rest.starts_with(":=") {
        rest = &rest[1..];
        rest_offset += 1;
    }
    let marker = |value| Marker {
        def,
        value,
        location: raw.location.clone(),
        text: raw.text.clone(),
        items,
    };
    let first = rest.chars().next();
    if first.is_some_and(char::is_whitespace) && !matches!(def.spec, ArgSpec::Any) {
        let extra = rest.trim_start();
        let offset = rest_offset + rest.chars().count() - extra.chars().count();
        let err = MarkerError::new(
            offset,
            extra.chars().count(),
            format!("unexpected text after `+{}`", def.name),
        )
        .help("a marker takes the whole comment line; write other text on a line of its own");
        return Err(vec![to_diagnostic(err, raw)]);
    }
    let result = match (def.spec, first) {
        (ArgSpec::Any, _) => Ok(Value::Str(rest.trim().to_owned())),
        (ArgSpec::Flag, None) => Ok(Value::Flag(true)),
        (ArgSpec::Flag, Some('=')) => {
            match parse_value(&rest[1..], ValueKind::Bool, rest_offset + 1) {
                Ok(Value::Bool(b)) => Ok(Value::Flag(b)),
                Ok(_) => unreachable!("a Bool value parses to Value::Bool"),
                Err(e) => Err(vec![e.help(format!(
                    "`+{}` is a flag: write it without a value",
                    def.name
                ))]),
            }
        }
        (ArgSpec::Value(_), None) => Err(vec![
            MarkerError::new(
                0,
                raw.text.chars().count(),
                format!("`+{}` needs a value", def.name),
            )
            .help(format!("write `+{}=<value>`", def.name)),
        ]),
        (ArgSpec::Value(kind), Some('=')) => {
            parse_value(declared_value(def, kind, &rest[1..]), kind, rest_offset + 1)
                .map_err(|e| vec![e])
        }
        (ArgSpec::Args(defs), None) => {
            check_required(def, defs, &[]).map(|()| Value::Args(Vec::new()))
        }
        (ArgSpec::Args(defs), Some(':')) => parse_args(def, &rest[1..], defs, rest_offset + 1),
        (ArgSpec::Args(_), Some(_)) => Err(vec![
            MarkerError::new(
                rest_offset,
                1,
                format!("`+{}` takes `:key=value` arguments", def.name),
            )
            .help(format!("write `+{}:key=value,key2=value2`", def.name)),
        ]),
        // A flag or single-value marker followed by `:` is a longer name we do not know.
        _ => return Err(unknown()),
    };
    result
        .map(marker)
        .map_err(|errors| errors.into_iter().map(|e| to_diagnostic(e, raw)).collect())
}

/// The value of a `+name=value` marker as controller-gen reads it: the numbers
/// of Kubernetes' declarative-validation spellings (`+k8s:maxItems=16 # why`)
/// end at a `#` comment, as gengo's tag scanner ends them.
fn declared_value<'a>(def: &MarkerDef, kind: ValueKind, text: &'a str) -> &'a str {
    let number = matches!(kind, ValueKind::Number | ValueKind::UInt | ValueKind::Int);
    match text.find('#') {
        Some(comment) if number && def.name.starts_with("k8s:") => text[..comment].trim_end(),
        _ => text,
    }
}

fn unknown_marker(raw: &RawMarker, name: &str) -> Diagnostic {
    let d = Diagnostic::error(format!("unknown marker `+{name}`"), raw.location.clone())
        .with_span(raw.text.chars().count());
    match marker_registry::suggest(name) {
        Some(known) => d.with_help(format!("did you mean `+{known}`?")),
        None => d.with_help(
            "kube-codegen rejects markers it does not know rather than ignoring them; \
             check the spelling, or if this is prose, do not start the line with `+`",
        ),
    }
}

fn check_required(def: &MarkerDef, defs: &[ArgDef], given: &[Arg]) -> Result<(), Vec<MarkerError>> {
    let missing: Vec<&str> = defs
        .iter()
        .filter(|d| d.required && !given.iter().any(|a| a.key == d.name))
        .map(|d| d.name)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let list = missing
        .iter()
        .map(|m| format!("`{m}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let example = defs
        .iter()
        .filter(|d| d.required)
        .map(|d| format!("{}=...", d.name))
        .collect::<Vec<_>>()
        .join(",");
    let len = def.name.chars().count() + 1;
    Err(vec![
        MarkerError::new(0, len, format!("`+{}` is missing {list}", def.name))
            .help(format!("write `+{}:{example}`", def.name)),
    ])
}

fn parse_args(
    def: &MarkerDef,
    text: &str,
    defs: &[ArgDef],
    offset: usize,
) -> Result<Value, Vec<MarkerError>> {
    let mut args = Vec::new();
    let mut errors = Vec::new();
    for (piece_offset, piece) in split_top_level(text, ',') {
        let piece_offset = offset + piece_offset;
        let (key_raw, value_raw) = match piece.find('=') {
            Some(eq) => (&piece[..eq], Some((&piece[eq + 1..], eq + 1))),
            None => (piece, None),
        };
        let (key, key_offset) = trim_offset(key_raw, piece_offset);
        if key.is_empty() {
            errors.push(MarkerError::new(
                piece_offset,
                piece.chars().count(),
                format!("expected `key=value` in `+{}`", def.name),
            ));
            continue;
        }
        let key_len = key.chars().count();
        let Some(arg_def) = defs.iter().find(|d| d.name == key) else {
            let known = defs
                .iter()
                .map(|d| format!("`{}`", d.name))
                .collect::<Vec<_>>();
            let help = match suggest::closest(key, defs.iter().map(|d| d.name)) {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!("`+{}` takes {}", def.name, known.join(", ")),
            };
            errors.push(
                MarkerError::new(
                    key_offset,
                    key_len,
                    format!("unknown argument `{key}` for `+{}`", def.name),
                )
                .help(help),
            );
            continue;
        };
        if args.iter().any(|a: &Arg| a.key == key) {
            errors.push(
                MarkerError::new(
                    key_offset,
                    key_len,
                    format!("argument `{key}` is given twice"),
                )
                .help(format!("keep one `{key}=`")),
            );
            continue;
        }
        let parsed = match value_raw {
            Some((raw, rel)) => {
                let chars_before = piece[..rel].chars().count();
                let value_offset = piece_offset + chars_before;
                let (trimmed, trimmed_offset) = trim_offset(raw, value_offset);
                parse_value(raw, arg_def.kind, value_offset)
                    .map(|v| (v, trimmed_offset, trimmed.chars().count()))
            }
            None if matches!(arg_def.kind, ValueKind::Bool) => {
                Ok((Value::Bool(true), key_offset, key_len))
            }
            None => Err(MarkerError::new(
                key_offset,
                key_len,
                format!("argument `{key}` needs a value"),
            )
            .help(format!("write `{key}=<value>`"))),
        };
        match parsed {
            Ok((value, offset, len)) => args.push(Arg {
                key: key.to_owned(),
                value,
                offset,
                len,
            }),
            Err(e) => errors.push(e),
        }
    }
    if let Err(missing) = check_required(def, defs, &args) {
        // Only worth saying when the arguments that were given parsed.
        if errors.is_empty() {
            errors.extend(missing);
        }
    }
    if errors.is_empty() {
        Ok(Value::Args(args))
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn raw(text: &str) -> RawMarker {
        RawMarker {
            text: text.to_owned(),
            location: Location {
                file: "f.rs".into(),
                line: 3,
                column: 8,
            },
        }
    }

    fn ok(text: &str) -> Marker {
        parse_marker(&raw(text)).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    fn err(text: &str) -> Vec<Diagnostic> {
        parse_marker(&raw(text)).expect_err(text)
    }

    #[test]
    fn items_forms_apply_to_items() {
        let m = ok("+kubebuilder:validation:items:MaxLength=63");
        assert_eq!(m.id(), MarkerId::MaxLength);
        assert!(m.items);
        assert_eq!(m.name(), "+kubebuilder:validation:items:MaxLength");
        assert_eq!(m.value, Value::UInt(63));
        // Values are located after the longer name.
        let e = &err("+kubebuilder:validation:items:MaxLength=x")[0];
        assert_eq!(
            e.location.column,
            8 + "+kubebuilder:validation:items:MaxLength=".len()
        );
        // Markers without an items form stay unknown.
        let e = &err("+kubebuilder:validation:items:Required")[0];
        assert!(e.message.starts_with("unknown marker"), "{}", e.message);
        let m = ok("+listType=map");
        assert_eq!(m.id(), MarkerId::ListType);
        assert!(!m.items);
    }

    #[test]
    fn colon_equals_is_controller_gens_spelling_of_equals() {
        assert_eq!(
            ok("+kubebuilder:validation:Pattern:=`^a$`").value,
            Value::Str("^a$".into())
        );
        assert_eq!(
            ok("+kubebuilder:default:=3").id(),
            MarkerId::KubebuilderDefault
        );
        assert_eq!(
            ok("+kubebuilder:validation:items:MaxLength:=8").value,
            Value::UInt(8)
        );
        assert_eq!(ok("+genclient:=false").value, Value::Flag(false));
        // Values are located after the `:=`.
        let e = &err("+kubebuilder:validation:MaxLength:=x")[0];
        assert_eq!(
            e.location.column,
            8 + "+kubebuilder:validation:MaxLength:=".len()
        );
    }

    #[test]
    fn flags_values_and_args() {
        assert_eq!(ok("+genclient").value, Value::Flag(true));
        assert_eq!(ok("+genclient=false").value, Value::Flag(false));
        assert_eq!(
            ok("+kubebuilder:validation:Minimum=-1.5").value,
            Value::Number(-1.5)
        );
        assert_eq!(
            ok("+kubebuilder:validation:MaxLength=63").value,
            Value::UInt(63)
        );
        assert_eq!(
            ok("+groupName=myapp.k8s.io").value,
            Value::Str("myapp.k8s.io".into())
        );
        let pattern = ok("+kubebuilder:validation:Pattern=`^[a-z]{1,3}$`");
        assert_eq!(pattern.value, Value::Str("^[a-z]{1,3}$".into()));
        let bare = ok("+kubebuilder:validation:Pattern=^[a-z]{1,3}(,x)?$");
        assert_eq!(bare.value, Value::Str("^[a-z]{1,3}(,x)?$".into()));
        let m = ok(
            "+kubebuilder:resource:path=apps,shortName=ap;app,categories={all,mine},scope=Cluster",
        );
        assert_eq!(m.arg_str("path"), Some("apps"));
        assert_eq!(
            m.arg("shortName").unwrap().value.as_str_list(),
            vec!["ap", "app"]
        );
        assert_eq!(
            m.arg("categories").unwrap().value.as_str_list(),
            vec!["all", "mine"]
        );
        assert_eq!(m.arg_str("scope"), Some("Cluster"));
        let x = ok(
            r#"+kubebuilder:validation:XValidation:rule="self.a, self.b == 1",message=`say "hi"`"#,
        );
        assert_eq!(x.arg_str("rule"), Some("self.a, self.b == 1"));
        assert_eq!(x.arg_str("message"), Some("say \"hi\""));
        let p = ok(
            r#"+kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`,priority=1"#,
        );
        assert_eq!(p.arg("priority").unwrap().value, Value::Int(1));
        assert_eq!(
            p.arg_str("JSONPath"),
            Some(r#".status.conditions[?(@.type=="Ready")].status"#)
        );
        assert_eq!(
            ok("+kubebuilder:deprecatedversion").value,
            Value::Args(vec![])
        );
    }

    #[test]
    fn defaults_and_enums() {
        let d = |t: &str| ok(t).value.to_json();
        assert_eq!(d("+kubebuilder:default=3"), json!(3));
        assert_eq!(d("+kubebuilder:default=Always"), json!("Always"));
        assert_eq!(d(r#"+kubebuilder:default="a,b""#), json!("a,b"));
        assert_eq!(d(r#"+kubebuilder:default={"a": 1}"#), json!({"a": 1}));
        assert_eq!(d("+kubebuilder:default={a,b}"), json!(["a", "b"]));
        assert_eq!(d("+kubebuilder:default=a;b"), json!(["a", "b"]));
        assert_eq!(d("+kubebuilder:default={}"), json!({}));
        assert_eq!(
            d("+kubebuilder:default={replicas: 1, name: web}"),
            json!({"replicas": 1, "name": "web"})
        );
        // `+default` keeps its text: JSON and `ref(...)` are told apart by `schema_markers`.
        assert_eq!(d("+default=\"x\""), json!("\"x\""));
        assert_eq!(
            d("+kubebuilder:validation:Enum=a;\"b;c\";1;true"),
            json!(["a", "b;c", 1, true])
        );
        assert_eq!(d("+kubebuilder:validation:Enum={x,y}"), json!(["x", "y"]));
    }

    #[test]
    fn malformed_values_point_at_the_value() {
        let e = &err("+kubebuilder:validation:Minimum=abc")[0];
        assert_eq!(e.message, "expected a number, found `abc`");
        assert_eq!((e.location.column, e.span_len), (8 + 32, 3));
        let e = &err("+kubebuilder:resource:scope=Clster")[0];
        assert_eq!(
            e.message,
            "expected one of `Namespaced`, `Cluster`, found `Clster`"
        );
        assert_eq!(e.help.as_deref(), Some("did you mean `Cluster`?"));
        let e = &err("+kubebuilder:printcolumn:name=Age,type=date")[0];
        assert_eq!(
            e.message,
            "`+kubebuilder:printcolumn` is missing `JSONPath`"
        );
        let e = &err("+kubebuilder:printcolumn:name=Age,type=date,JSONpath=.x")[0];
        assert_eq!(
            e.message,
            "unknown argument `JSONpath` for `+kubebuilder:printcolumn`"
        );
        assert_eq!(e.help.as_deref(), Some("did you mean `JSONPath`?"));
        assert_eq!(e.location.column, 8 + 44);
        let e = &err("+optional please")[0];
        assert_eq!(e.message, "unexpected text after `+optional`");
        let e = &err("+kubebuilder:validation:MinLength")[0];
        assert_eq!(
            e.message,
            "`+kubebuilder:validation:MinLength` needs a value"
        );
        let e = &err("+genclient=yes")[0];
        assert_eq!(e.message, "expected `true` or `false`, found `yes`");
    }

    #[test]
    fn several_argument_errors_are_all_reported() {
        let errors = err("+kubebuilder:printcolumn:nme=A,typ=string,JSONPath=.a");
        assert_eq!(errors.len(), 2);
    }

    #[test]
    fn unknown_markers_get_suggestions() {
        let e = &err("+kubebuilder:validation:Minimun=0")[0];
        assert_eq!(
            e.message,
            "unknown marker `+kubebuilder:validation:Minimun`"
        );
        assert_eq!(e.span_len, 33);
        assert_eq!(
            e.help.as_deref(),
            Some("did you mean `+kubebuilder:validation:Minimum`?")
        );
        let e = &err("+genclient:nonNamespacd")[0];
        assert_eq!(
            e.help.as_deref(),
            Some("did you mean `+genclient:nonNamespaced`?")
        );
    }

    #[test]
    fn prose_is_not_a_marker() {
        let c = |text: &str| LineComment {
            line: 1,
            style: super::super::comments::CommentStyle::Plain,
            text: text.to_owned(),
            text_column: 3,
        };
        assert!(raw_marker(&c(" +1 for this"), Path::new("f")).is_none());
        assert!(raw_marker(&c(" plain"), Path::new("f")).is_none());
        let m = raw_marker(&c("   +optional  "), Path::new("f")).unwrap();
        assert_eq!((m.text.as_str(), m.location.column), ("+optional", 6));
    }
}
