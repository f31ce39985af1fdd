//! Types of crates other than k8s-openapi that API files name, by the path
//! that defines them (see [`super::reexports`] for how a written path gets
//! there): what serde writes for each, hence its schema, how generated code
//! names it, and which of them kube-codegen refuses and why.
//!
//! The schemas are the ones kube-derive gives these types (kube-core's
//! `JsonSchema` impls: `Duration` is a `string`, here with the pattern of what
//! it reads), and for types kube-derive has no schema of, what their
//! `Serialize` writes, field for field.

use serde_json::{Value, json};

/// A type kube-codegen knows the JSON of.
pub(crate) struct CrateType {
    /// The defining path, as [`super::reexports::canonical`] gives it.
    pub path: &'static str,
    /// How generated code names it, through a crate every generated crate
    /// depends on where there is one (`kube::core::Duration`, not kube-core's).
    pub spelling: &'static str,
    /// Whether it is `Copy` (deep copy then copies it).
    pub copy: bool,
    /// Its structural schema.
    schema: fn() -> Value,
}

impl CrateType {
    /// The type's schema.
    pub fn schema(&self) -> Value {
        (self.schema)()
    }
}

/// `jiff::Timestamp`, a `string` / `date-time` in the schema.
pub(crate) const JIFF_TIMESTAMP: &str = "jiff::Timestamp";

/// `chrono::DateTime<chrono::Utc>`, a `string` / `date-time` in the schema.
pub(crate) const CHRONO_DATE_TIME: &str = "chrono::DateTime<chrono::Utc>";

/// The durations kube-core's `Duration` reads (Go's `time.ParseDuration`
/// grammar: a sign, then `0` or numbers with units, `""` being zero), which
/// include every one it writes (`5400s`, `1.5µs`, `-2ms`).
pub(crate) const DURATION_PATTERN: &str =
    "^[-+]?((([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+|0)?$";

fn date_time() -> Value {
    json!({ "type": "string", "format": "date-time" })
}

/// `Object` of string properties, all required (none has a serde default).
fn strings(required: &[&str], optional: &[&str]) -> Value {
    let properties: serde_json::Map<String, Value> = required
        .iter()
        .chain(optional)
        .map(|name| ((*name).to_owned(), json!({ "type": "string" })))
        .collect();
    json!({ "type": "object", "properties": properties, "required": required })
}

static KNOWN: &[CrateType] = &[
    // The time crates' UTC timestamps serialize as RFC 3339, like `metav1.Time`.
    CrateType {
        path: JIFF_TIMESTAMP,
        spelling: JIFF_TIMESTAMP,
        copy: true,
        schema: date_time,
    },
    CrateType {
        path: CHRONO_DATE_TIME,
        spelling: CHRONO_DATE_TIME,
        copy: true,
        schema: date_time,
    },
    // kube's `metav1.Duration` ("1h30m"). kube-derive's schema is a bare
    // string; the pattern keeps out what kube-core's parser refuses ("1d",
    // "5 minutes"), which the server would otherwise store unreadable.
    CrateType {
        path: "kube_core::duration::Duration",
        spelling: "kube::core::Duration",
        copy: true,
        schema: || json!({ "type": "string", "pattern": DURATION_PATTERN }),
    },
    // `#[serde(flatten)] types: TypeMeta` on a kind is its `apiVersion` and `kind`.
    CrateType {
        path: "kube_core::metadata::TypeMeta",
        spelling: "kube::core::TypeMeta",
        copy: false,
        schema: || strings(&["apiVersion", "kind"], &[]),
    },
    CrateType {
        path: "kube_core::gvk::GroupVersionKind",
        spelling: "kube::core::GroupVersionKind",
        copy: false,
        schema: || strings(&["group", "version", "kind"], &[]),
    },
    CrateType {
        path: "kube_core::gvk::GroupVersion",
        spelling: "kube::core::GroupVersion",
        copy: false,
        schema: || strings(&["group", "version"], &[]),
    },
    // Its private `api_version` is written under that name, and read with a default.
    CrateType {
        path: "kube_core::gvk::GroupVersionResource",
        spelling: "kube::core::GroupVersionResource",
        copy: false,
        schema: || strings(&["group", "version", "resource"], &["api_version"]),
    },
];

/// A type whose JSON no schema describes the way a Rust user means it.
pub(crate) struct RefusedType {
    pub path: &'static str,
    /// What serde writes, and why that does not work.
    pub why: &'static str,
    /// What to write instead.
    pub instead: &'static str,
}

const BYTES_INSTEAD: &str = "for bytes written as base64 (Go's `[]byte`, `format: byte`) use \
    `k8s_openapi::ByteString`";
const WHOLE_OBJECT_INSTEAD: &str = "for an embedded object use \
    `k8s_openapi::apimachinery::pkg::runtime::RawExtension` (with \
    `+kubebuilder:validation:EmbeddedResource`), or the k8s-openapi type of the kind";
const SELECTOR_INSTEAD: &str = "use `k8s_openapi::apimachinery::pkg::apis::meta::v1::LabelSelector` \
    (what Kubernetes APIs store) and turn it into a query with `kube::core::Selector::try_from`";
const NAIVE_TIME_INSTEAD: &str =
    "use `jiff::Timestamp` or `chrono::DateTime<chrono::Utc>` (RFC 3339, like `metav1.Time`)";

static REFUSED: &[RefusedType] = &[
    RefusedType {
        path: "std::time::Duration",
        why: "serde writes it as an object `{\"secs\": .., \"nanos\": ..}`, not as the \
              duration strings Kubernetes APIs use",
        instead: "use `kube::core::Duration` (Go's `metav1.Duration`: \"1h30m\")",
    },
    RefusedType {
        path: "core::time::Duration",
        why: "serde writes it as an object `{\"secs\": .., \"nanos\": ..}`, not as the \
              duration strings Kubernetes APIs use",
        instead: "use `kube::core::Duration` (Go's `metav1.Duration`: \"1h30m\")",
    },
    RefusedType {
        path: "kube_core::labels::Selector",
        why: "kube's `Selector` is a query: serde writes its expressions as tuple variants \
              (`{\"In\": [\"app\", [\"web\"]]}`), which no structural schema holds",
        instead: SELECTOR_INSTEAD,
    },
    RefusedType {
        path: "kube_core::labels::Expression",
        why: "serde writes kube's selector expressions as tuple variants \
              (`{\"In\": [\"app\", [\"web\"]]}`), which no structural schema holds",
        instead: SELECTOR_INSTEAD,
    },
    RefusedType {
        path: "kube_core::dynamic::DynamicObject",
        why: "it is a whole object of any kind, whose schema is not known",
        instead: WHOLE_OBJECT_INSTEAD,
    },
    RefusedType {
        path: "kube_core::object::Object",
        why: "it is a whole object of a kind with type parameters, which API types cannot have",
        instead: WHOLE_OBJECT_INSTEAD,
    },
    RefusedType {
        path: "kube_core::metadata::PartialObjectMeta",
        why: "it is an object's `apiVersion`, `kind` and `metadata` with a type parameter",
        instead: WHOLE_OBJECT_INSTEAD,
    },
    RefusedType {
        path: "serde_bytes::ByteBuf",
        why: "serde writes bytes to JSON as an array of numbers",
        instead: BYTES_INSTEAD,
    },
    RefusedType {
        path: "serde_bytes::Bytes",
        why: "serde writes bytes to JSON as an array of numbers",
        instead: BYTES_INSTEAD,
    },
    RefusedType {
        path: "bytes::Bytes",
        why: "serde writes bytes to JSON as an array of numbers",
        instead: BYTES_INSTEAD,
    },
    RefusedType {
        path: "bytes::BytesMut",
        why: "serde writes bytes to JSON as an array of numbers",
        instead: BYTES_INSTEAD,
    },
    RefusedType {
        path: "jiff::civil::DateTime",
        why: "a civil date-time has no offset, so it is not the RFC 3339 `date-time` the \
              API server checks",
        instead: NAIVE_TIME_INSTEAD,
    },
    RefusedType {
        path: "jiff::Zoned",
        why: "serde writes a time-zone annotation (`...-05:00[America/New_York]`), which the \
              API server's `date-time` format refuses",
        instead: NAIVE_TIME_INSTEAD,
    },
    RefusedType {
        path: "chrono::NaiveDateTime",
        why: "a naive date-time has no offset, so it is not the RFC 3339 `date-time` the API \
              server checks",
        instead: NAIVE_TIME_INSTEAD,
    },
];

/// The known type at a defining path (`chrono::DateTime<chrono::Utc>` for the
/// chrono timestamp).
pub(crate) fn known(path: &str) -> Option<&'static CrateType> {
    KNOWN.iter().find(|t| t.path == path)
}

/// Whether a defining path, without type arguments, names a known type
/// (`chrono::DateTime` for `chrono::DateTime<chrono::Utc>`) or a refused one.
pub(crate) fn is_named(path: &str) -> bool {
    KNOWN.iter().any(|t| t.path.split('<').next() == Some(path)) || refused(path).is_some()
}

/// Why the type at a defining path is refused, if it is one kube-codegen
/// knows to have no schema.
pub(crate) fn refused(path: &str) -> Option<&'static RefusedType> {
    REFUSED.iter().find(|t| t.path == path)
}

/// Whether the external type at `path` is `Copy`.
pub(crate) fn is_copy(path: &str) -> bool {
    known(path).is_some_and(|t| t.copy)
}

/// How generated code names the type a user wrote as `written` (a full path):
/// kube's member crates through `kube`, which every generated crate depends
/// on; other paths as written, so `k8s_openapi::jiff::Timestamp` needs no
/// dependency on jiff.
pub(crate) fn spelling(written: &[String], known: &CrateType) -> String {
    match written.first().map(String::as_str) {
        Some("kube" | "k8s_openapi") if !known.path.contains('<') => written.join("::"),
        _ => known.spelling.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(path: &str) -> Vec<String> {
        path.split("::").map(str::to_owned).collect()
    }

    #[test]
    fn generated_code_names_kube_types_through_kube() {
        let duration = known("kube_core::duration::Duration").unwrap();
        assert_eq!(
            spelling(&written("kube_core::Duration"), duration),
            "kube::core::Duration"
        );
        assert_eq!(
            spelling(&written("kube::core::duration::Duration"), duration),
            "kube::core::duration::Duration"
        );
        let timestamp = known(JIFF_TIMESTAMP).unwrap();
        assert_eq!(
            spelling(&written("k8s_openapi::jiff::Timestamp"), timestamp),
            "k8s_openapi::jiff::Timestamp"
        );
        assert_eq!(
            spelling(&written("jiff::Timestamp"), timestamp),
            "jiff::Timestamp"
        );
    }

    #[test]
    fn schemas_are_what_serde_writes() {
        assert_eq!(
            known("kube_core::metadata::TypeMeta").unwrap().schema(),
            json!({
                "type": "object",
                "properties": { "apiVersion": { "type": "string" }, "kind": { "type": "string" } },
                "required": ["apiVersion", "kind"],
            })
        );
        assert!(is_copy("kube_core::duration::Duration"));
        assert!(!is_copy("kube_core::gvk::GroupVersionKind"));
        assert!(refused("std::time::Duration").is_some());
    }

    /// The durations kube-core writes (`Debug` of `std::time::Duration`,
    /// signed) and reads pass; what it cannot read does not.
    #[test]
    fn the_duration_pattern_is_what_kube_reads() {
        let pattern = regex::Regex::new(DURATION_PATTERN).unwrap();
        for ok in [
            "",
            "0",
            "5400s",
            "1.5µs",
            "1.5μs",
            "100ns",
            "-2ms",
            "+3.5h",
            "1h30m",
            "1.000000001s",
            ".5s",
            "2us",
        ] {
            assert!(pattern.is_match(ok), "{ok:?}");
        }
        for refused in ["1d", "5 minutes", "1", "s", "1e3s", "--1s", "1h 30m", "0s0"] {
            assert!(!pattern.is_match(refused), "{refused:?}");
        }
    }
}
