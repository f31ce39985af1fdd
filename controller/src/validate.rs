//! Checks an App for what the CRD schema cannot express, and gives the rest of
//! the controller a typed view of a valid one.
//!
//! The CRD already rejects most bad input, but some specs pass its schema and
//! still cannot work: a Deployment name with dots is a valid Deployment name
//! but not a valid container name; an App name longer than 63 characters
//! cannot be a label value, and the children select their pods by it. Such an
//! App gets a Warning event and a `Ready=False/InvalidSpec` condition instead
//! of a crash loop or an endless stream of rejected writes.

use crate::api::App;

/// The parts of a valid App the controller needs, borrowed from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidApp<'a> {
    /// `metadata.name`.
    pub name: &'a str,
    /// `metadata.namespace`.
    pub namespace: &'a str,
    /// `metadata.uid`, for owner references.
    pub uid: &'a str,
    /// `metadata.generation` (0 when the server did not set one).
    pub generation: i64,
    /// `spec.deployment.name`: the Deployment's and its container's name.
    pub deployment_name: &'a str,
    /// `spec.deployment.image`.
    pub image: &'a str,
    /// `spec.deployment.replicas`; `None` leaves replicas to someone else.
    pub replicas: Option<i32>,
    /// `spec.service.name`.
    pub service_name: &'a str,
}

/// Validates `app`; on failure returns one message per problem, each naming
/// the field, the value and the rule, like the API server's field errors.
pub fn validate(app: &App) -> Result<ValidApp<'_>, Vec<String>> {
    let mut problems = Vec::new();
    let meta = &app.metadata;
    let name = required(&mut problems, "metadata.name", meta.name.as_deref());
    let namespace = required(
        &mut problems,
        "metadata.namespace",
        meta.namespace.as_deref(),
    );
    let uid = required(&mut problems, "metadata.uid", meta.uid.as_deref());
    if !name.is_empty() && !is_label_value(name) {
        problems.push(invalid(
            "metadata.name",
            name,
            "must be at most 63 characters to be usable as the value of the label the \
             App's pods are selected by",
        ));
    }

    let spec = &app.spec;
    let deployment_name = spec.deployment.name.as_str();
    if !is_dns1123_label(deployment_name) {
        problems.push(invalid(
            "spec.deployment.name",
            deployment_name,
            "must be a lowercase RFC 1123 label (at most 63 lowercase alphanumerics or \
             '-', starting and ending with an alphanumeric) because it also names the \
             Deployment's container",
        ));
    }
    let image = spec.deployment.image.as_str();
    if image.is_empty() {
        problems.push("spec.deployment.image: Required value".to_owned());
    } else if image.trim() != image || image.chars().any(char::is_whitespace) {
        problems.push(invalid(
            "spec.deployment.image",
            image,
            "must not contain whitespace",
        ));
    }
    if let Some(replicas) = spec.deployment.replicas
        && replicas < 0
    {
        problems.push(invalid(
            "spec.deployment.replicas",
            &replicas.to_string(),
            "must be greater than or equal to 0",
        ));
    }
    let service_name = spec.service.name.as_str();
    if !is_dns1035_label(service_name) {
        problems.push(invalid(
            "spec.service.name",
            service_name,
            "must be a lowercase RFC 1035 label (at most 63 lowercase alphanumerics or \
             '-', starting with a letter and ending with an alphanumeric)",
        ));
    }

    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(ValidApp {
        name,
        namespace,
        uid,
        generation: meta.generation.unwrap_or(0),
        deployment_name,
        image,
        replicas: spec.deployment.replicas,
        service_name,
    })
}

fn required<'a>(problems: &mut Vec<String>, field: &str, value: Option<&'a str>) -> &'a str {
    match value {
        Some(v) if !v.is_empty() => v,
        _ => {
            problems.push(format!("{field}: Required value"));
            ""
        }
    }
}

fn invalid(field: &str, value: &str, rule: &str) -> String {
    format!("{field}: Invalid value: {value:?}: {rule}")
}

/// RFC 1123 label: `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, at most 63 characters.
pub fn is_dns1123_label(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 63
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
}

/// RFC 1035 label: an RFC 1123 label that starts with a letter.
pub fn is_dns1035_label(s: &str) -> bool {
    is_dns1123_label(s) && s.as_bytes()[0].is_ascii_lowercase()
}

/// A label value: empty, or at most 63 characters of `[A-Za-z0-9._-]`
/// starting and ending with an alphanumeric.
pub fn is_label_value(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() {
        return true;
    }
    b.len() <= 63
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::app;

    #[test]
    fn a_valid_app_yields_its_parts() {
        let app = app("example", "web", "nginx:1.27", Some(2), "web-svc");
        let valid = validate(&app).unwrap();
        assert_eq!(
            valid,
            ValidApp {
                name: "example",
                namespace: "default",
                uid: "uid-example",
                generation: 1,
                deployment_name: "web",
                image: "nginx:1.27",
                replicas: Some(2),
                service_name: "web-svc",
            }
        );
    }

    #[test]
    fn a_dotted_deployment_name_passes_the_crd_but_not_the_container_rule() {
        let app = app("example", "web.v2", "nginx", Some(1), "web");
        let problems = validate(&app).unwrap_err();
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].starts_with("spec.deployment.name: Invalid value: \"web.v2\": must be a lowercase RFC 1123 label"),
            "{problems:?}"
        );
        assert!(problems[0].contains("names the Deployment's container"));
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let mut app = app("x".repeat(64).as_str(), "Web", " nginx", Some(-1), "9svc");
        app.metadata.uid = None;
        let problems = validate(&app).unwrap_err();
        let fields: Vec<&str> = problems
            .iter()
            .map(|p| p.split(':').next().unwrap())
            .collect();
        assert_eq!(
            fields,
            [
                "metadata.uid",
                "metadata.name",
                "spec.deployment.name",
                "spec.deployment.image",
                "spec.deployment.replicas",
                "spec.service.name"
            ]
        );
        assert_eq!(
            problems[4],
            "spec.deployment.replicas: Invalid value: \"-1\": must be greater than or equal to 0"
        );
    }

    #[test]
    fn an_empty_image_is_required() {
        let app = app("example", "web", "", None, "web");
        assert_eq!(
            validate(&app).unwrap_err(),
            ["spec.deployment.image: Required value"]
        );
    }

    #[test]
    fn name_rules() {
        assert!(is_dns1123_label("a"));
        assert!(is_dns1123_label("0web-1"));
        assert!(!is_dns1123_label(""));
        assert!(!is_dns1123_label("-a"));
        assert!(!is_dns1123_label("a-"));
        assert!(!is_dns1123_label("a.b"));
        assert!(!is_dns1123_label(&"a".repeat(64)));
        assert!(is_dns1123_label(&"a".repeat(63)));
        assert!(is_dns1035_label("web"));
        assert!(!is_dns1035_label("0web"));
        assert!(is_label_value(""));
        assert!(is_label_value("My_App.v1"));
        assert!(!is_label_value("_a"));
        assert!(!is_label_value(&"a".repeat(64)));
    }
}
