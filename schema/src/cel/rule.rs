//! A rule of `x-kubernetes-validations`, compiled once with the schema: the
//! structural schema holds these, and the evaluation in the parent module
//! runs them over its nodes (this module needs no node, so the schema and
//! the evaluation do not import each other).

use cel::Program;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    JSONSchemaProps, ValidationRule,
};

use super::library::{ENV, UNSUPPORTED_FUNCTIONS};

/// One compiled rule.
pub(crate) struct Rule {
    pub(super) source: ValidationRule,
    pub(super) program: Result<Program, String>,
    pub(super) message: Option<Result<Program, String>>,
    pub(super) uses_old_self: bool,
    /// The `fieldPath`, relative to the node (`x.y`).
    pub(super) field_path: Option<String>,
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rule")
            .field("rule", &self.source.rule)
            .finish()
    }
}

fn compile(source: &str) -> Result<Program, String> {
    let program = ENV.compile(source).map_err(|e| e.to_string())?;
    let refs = program.references();
    if let Some(f) = UNSUPPORTED_FUNCTIONS.iter().find(|f| refs.has_function(f)) {
        return Err(format!(
            "`{f}` is a function of Kubernetes' CEL library that kube-codegen-schema does not implement (see its documentation for the list); the API server evaluates this rule, this crate cannot"
        ));
    }
    Ok(program)
}

impl Rule {
    /// Compiles a rule of the node `s`.
    pub(crate) fn compile(rule: &ValidationRule, s: &JSONSchemaProps) -> Result<Rule, String> {
        let program = compile(&rule.rule)?;
        let uses_old_self = program.references().has_variable("oldSelf");
        let message = match rule.message_expression.as_deref().filter(|m| !m.is_empty()) {
            Some(m) => Some(Ok(
                compile(m).map_err(|e| format!("messageExpression: {e}"))?
            )),
            None => None,
        };
        let field_path = match rule.field_path.as_deref().filter(|p| !p.is_empty()) {
            Some(p) => {
                Some(normalize_field_path(p, s).map_err(|e| format!("fieldPath {p:?}: {e}"))?)
            }
            None => None,
        };
        Ok(Rule {
            source: rule.clone(),
            program: Ok(program),
            message,
            uses_old_self,
            field_path,
        })
    }

    /// A rule that does not compile: validation reports it, as the server
    /// reports a rule compile error.
    pub(crate) fn failed(rule: &ValidationRule, message: String) -> Rule {
        Rule {
            source: rule.clone(),
            program: Err(message),
            message: None,
            uses_old_self: rule.rule.contains("oldSelf"),
            field_path: None,
        }
    }
}

/// `ValidFieldPath`: `.a.b['c']` relative to the node, as a field path
/// (`a.b.c`, or `[key]` into a map).
fn normalize_field_path(path: &str, s: &JSONSchemaProps) -> Result<String, String> {
    let mut out = String::new();
    let mut schema = s.clone();
    let mut rest = path;
    while !rest.is_empty() {
        let (name, tail) = if let Some(r) = rest.strip_prefix("['") {
            let end = r.find("']").ok_or("expected ] after a quoted name")?;
            (
                r[..end].replace("\\'", "'").replace("\\\\", "\\"),
                &r[end + 2..],
            )
        } else if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            (r[..end].to_owned(), &r[end..])
        } else {
            return Err(format!("expected [ or . but got: {rest}"));
        };
        if let Some(props) = schema.properties.as_ref().filter(|p| !p.is_empty()) {
            let next = props.get(&name).ok_or("does not refer to a valid field")?.clone();
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(&name);
            schema = next;
        } else if let Some(k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaPropsOrBool::Schema(a)) =
            &schema.additional_properties
        {
            out.push_str(&format!("[{name}]"));
            schema = (**a).clone();
        } else {
            return Err("does not refer to a valid field".to_owned());
        }
        rest = tail;
    }
    Ok(out)
}
