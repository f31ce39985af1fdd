//! Match condition expressions checked as the API server checks them when a
//! webhook configuration is written (apiserver's `admission/plugin/cel`
//! compiler): parsed, type-checked against the admission environment
//! (`object`, `oldObject`, `namespaceObject`, `request`, `authorizer`,
//! `authorizer.requestResource`; no `params` for webhooks) with the server's
//! function table, and required to evaluate to a `bool`. The server estimates
//! no cost for match conditions when a configuration is written, so neither
//! is one estimated here.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::emit::crd::cel::{Decl, DeclKind, Variable, check_expression};

/// Why a match condition's expression would be refused, in cel-go's words.
pub(super) fn check(expression: &str) -> Result<(), String> {
    let (request, namespace) = declarations();
    let variables = [
        ("object", Variable::Dyn),
        ("oldObject", Variable::Dyn),
        ("namespaceObject", Variable::Object(namespace)),
        ("request", Variable::Object(request)),
        (
            "authorizer",
            Variable::Library("kubernetes.authorization.Authorizer"),
        ),
        (
            "authorizer.requestResource",
            Variable::Library("kubernetes.authorization.ResourceCheck"),
        ),
    ];
    match check_expression(expression, &variables) {
        Err(errors) => Err(errors.join("; ")),
        Ok(Some(result)) if result != "bool" => {
            Err(format!("must evaluate to bool but got {result}"))
        }
        Ok(_) => Ok(()),
    }
}

/// The declarations of `kubernetes.AdmissionRequest` and `kubernetes.Namespace`
/// (apiserver's `BuildRequestType` and `BuildNamespaceType`).
fn declarations() -> (&'static Decl, &'static Decl) {
    static DECLS: OnceLock<(Decl, Decl)> = OnceLock::new();
    let (request, namespace) = DECLS.get_or_init(|| (request(), namespace()));
    (request, namespace)
}

fn decl(kind: DeclKind) -> Decl {
    // Sizes only matter to the cost estimate, which match conditions do not get.
    Decl {
        kind,
        max_elements: 0,
        min_size: 1,
    }
}

fn object<const N: usize>(fields: [(&str, Decl); N]) -> Decl {
    let fields: BTreeMap<String, Decl> = fields
        .into_iter()
        .map(|(name, d)| (name.to_owned(), d))
        .collect();
    decl(DeclKind::Object(fields))
}

fn string() -> Decl {
    decl(DeclKind::String)
}

fn strings() -> Decl {
    decl(DeclKind::List(Box::new(string())))
}

fn request() -> Decl {
    let gvk = object([
        ("group", string()),
        ("version", string()),
        ("kind", string()),
    ]);
    let gvr = object([
        ("group", string()),
        ("version", string()),
        ("resource", string()),
    ]);
    let user_info = object([
        ("username", string()),
        ("uid", string()),
        ("groups", strings()),
        ("extra", decl(DeclKind::Map(Box::new(strings())))),
    ]);
    object([
        ("kind", gvk.clone()),
        ("resource", gvr.clone()),
        ("subResource", string()),
        ("requestKind", gvk),
        ("requestResource", gvr),
        ("requestSubResource", string()),
        ("name", string()),
        ("namespace", string()),
        ("operation", string()),
        ("userInfo", user_info),
        ("dryRun", decl(DeclKind::Bool)),
        ("options", decl(DeclKind::Dyn)),
    ])
}

fn namespace() -> Decl {
    let labels = || decl(DeclKind::Map(Box::new(string())));
    let condition = object([
        ("status", string()),
        ("type", string()),
        ("lastTransitionTime", decl(DeclKind::Timestamp)),
        ("message", string()),
        ("reason", string()),
    ]);
    let metadata = object([
        ("name", string()),
        ("generateName", string()),
        ("namespace", string()),
        ("labels", labels()),
        ("annotations", labels()),
        ("UID", string()),
        ("creationTimestamp", decl(DeclKind::Timestamp)),
        ("deletionGracePeriodSeconds", decl(DeclKind::Int)),
        ("deletionTimestamp", decl(DeclKind::Timestamp)),
        ("generation", decl(DeclKind::Int)),
        ("resourceVersion", string()),
        ("finalizers", strings()),
    ]);
    object([
        ("metadata", metadata),
        ("spec", object([("finalizers", strings())])),
        (
            "status",
            object([
                ("conditions", decl(DeclKind::List(Box::new(condition)))),
                ("phase", string()),
            ]),
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_the_server_accepts() {
        for expression in [
            "object.metadata.namespace != 'kube-system'",
            "request.resource.resource != 'leases'",
            "!(request.userInfo.username in ['system:admin'])",
            "'env' in namespaceObject.metadata.labels && namespaceObject.metadata.labels['env'] == 'prod'",
            "authorizer.requestResource.check('get').allowed()",
            "authorizer.group('apps').resource('deployments').namespace('ns').check('list').allowed()",
            "request.userInfo.groups.exists(g, g == 'system:masters')",
            "has(object.spec) && request.dryRun == false",
        ] {
            assert_eq!(check(expression), Ok(()), "{expression}");
        }
    }

    #[test]
    fn conditions_the_server_refuses() {
        for (expression, message) in [
            (
                "request.resource.resurce == 'x'",
                "undefined field 'resurce'",
            ),
            ("params.x == 1", "undeclared reference to 'params'"),
            ("object.metadata.name", "must evaluate to bool but got dyn"),
            ("request.name", "must evaluate to bool but got string"),
            ("request.name == 1", "found no matching overload for '_==_'"),
            ("request.name ==", "Syntax error: mismatched input"),
        ] {
            let found = check(expression).unwrap_err();
            assert!(found.contains(message), "{expression}: {found}");
        }
    }
}
