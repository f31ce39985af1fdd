//! Module markers: the `//!` lines of a version module (the analogue of Go's
//! `doc.go`): `+groupName`, `+versionName`, `+groupGoName`,
//! `+k8s:deepcopy-gen=package`, `+kubebuilder:object:generate` and the default
//! optionality of fields.

use super::comments::Comments;
use super::context::read_marker;
use super::marker_registry::{MarkerId as M, Targets};
use super::markers::Marker;
use super::source::SourceText;
use crate::diag::Diagnostic;
use crate::model::Location;

/// What the module markers of one version say.
pub(crate) struct ModuleMarkers {
    pub group_name: Option<(String, Location)>,
    pub version_name: Option<String>,
    pub group_go_name: Option<String>,
    pub deepcopy_package: bool,
    pub optional_by_default: bool,
    /// `+kubebuilder:skip`.
    pub skip_crds: bool,
}

/// Reads the `//!` markers of every file of a version module.
pub(crate) fn read(
    files: &[(&SourceText, &Comments)],
    diags: &mut Vec<Diagnostic>,
) -> ModuleMarkers {
    let mut out = ModuleMarkers {
        group_name: None,
        version_name: None,
        group_go_name: None,
        deepcopy_package: true,
        optional_by_default: false,
        skip_crds: false,
    };
    let mut seen: Vec<Marker> = Vec::new();
    for (src, comments) in files {
        for c in comments.inner() {
            let Some(m) = read_marker(c, src, Some(Targets::MODULE), diags) else {
                continue;
            };
            if let Some(previous) = seen.iter().find(|p| p.id() == m.id())
                && previous.value != m.value
            {
                diags.push(
                    m.error(format!(
                        "`{}` is given twice with different values",
                        m.name()
                    ))
                    .with_help(format!("the other one is at {}", previous.location)),
                );
                continue;
            }
            apply(&m, &mut out, diags);
            seen.push(m);
        }
    }
    out
}

fn apply(m: &Marker, out: &mut ModuleMarkers, diags: &mut Vec<Diagnostic>) {
    let text = m.value.as_str().unwrap_or_default().to_owned();
    let value_error = |message: String, help: &str| {
        m.error_at(m.value_offset(), text.chars().count(), message)
            .with_help(help)
    };
    match m.id() {
        M::GroupName => {
            if !text.is_empty() && !is_dns_subdomain(&text) {
                diags.push(value_error(
                    format!("`{text}` is not a valid API group name"),
                    "a group is a lower-case DNS name such as `myapp.example.com`",
                ));
            } else if !text.is_empty() && !text.contains('.') {
                diags.push(value_error(
                    format!("group `{text}` needs a dot: CRD groups are domain names"),
                    "use a domain you own, such as `myapp.example.com`",
                ));
            }
            out.group_name = Some((text, m.location.clone()));
        }
        M::VersionName => {
            if !is_dns_label(&text) {
                diags.push(value_error(
                    format!("`{text}` is not a valid version name"),
                    "versions are lower-case letters and digits starting with a letter, such as `v1` or `v1beta1`",
                ));
            }
            out.version_name = Some(text);
        }
        M::GroupGoName => {
            if text.is_empty() || !text.chars().all(|c| c.is_ascii_alphanumeric()) {
                diags.push(value_error(
                    format!("`{text}` is not a valid name"),
                    "use letters and digits, e.g. `MyApp`",
                ));
            }
            out.group_go_name = Some(text);
        }
        M::DeepcopyGen => match text.as_str() {
            "package" => out.deepcopy_package = true,
            "false" => out.deepcopy_package = false,
            _ => diags.push(value_error(
                format!("expected `package` or `false`, found `{text}`"),
                "`+k8s:deepcopy-gen=package` generates deep-copy for every type of the module",
            )),
        },
        M::ObjectGenerate => out.deepcopy_package = m.is_true(),
        M::ValidationOptional => out.optional_by_default = true,
        M::ValidationRequired => out.optional_by_default = false,
        M::SkipCrds => out.skip_crds = m.is_true(),
        _ => {}
    }
}

/// A DNS-1123 subdomain: dot-separated labels of `a-z`, `0-9` and `-`.
fn is_dns_subdomain(s: &str) -> bool {
    s.len() <= 253
        && s.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
}

/// A DNS-1035 label, as CRD version names must be.
fn is_dns_label(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.starts_with(|c: char| c.is_ascii_lowercase())
        && !s.ends_with('-')
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(is_dns_subdomain("myapp.k8s.io"));
        assert!(!is_dns_subdomain("MyApp.io"));
        assert!(!is_dns_subdomain("a..b"));
        assert!(is_dns_label("v1beta1"));
        assert!(!is_dns_label("1v"));
        assert!(!is_dns_label("V1"));
    }
}
