//! The `+genclient:method=` verbs of a kind: one trait per kind with custom
//! methods (`CronTabMethods`), implemented for the runtime's `TypedClient` of the
//! kind over any clientset, each method one call of the runtime's custom
//! requests (whose request and result types may differ from the kind).

use crate::emit::code::{Code, lit};
use crate::emit::names::{ClientKind, method_ident};
use crate::model::CustomMethod;

/// `a \`Cluster\`` / `an \`App\``.
fn a(name: &str) -> String {
    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} `{name}`")
}

/// The trait and its impl; nothing for a kind without custom methods.
pub(crate) fn methods_trait(code: &mut Code, kind: &ClientKind<'_>) {
    if kind.client.methods.is_empty() {
        return;
    }
    let name = kind.methods_trait();
    let k = kind.type_ref();
    let methods: Vec<Method> = kind
        .client
        .methods
        .iter()
        .map(|m| method(kind, m))
        .collect();
    code.doc(&format!(
        "The `+genclient:method=` verbs of `{}`, on its typed client.",
        kind.name()
    ));
    code.open(format_args!("pub trait {name} {{"));
    for (i, m) in methods.iter().enumerate() {
        if i > 0 {
            code.blank();
        }
        code.doc(&m.doc);
        m.signature(code, ";");
    }
    code.close("}");
    code.blank();
    code.impl_for(
        &format!("impl<C: kube_codegen_runtime::Interface> {name}"),
        &format!("kube_codegen_runtime::TypedClient<{k}, C>"),
        " {",
    );
    for (i, m) in methods.iter().enumerate() {
        if i > 0 {
            code.blank();
        }
        m.signature(code, " {");
        code.depth_in();
        let args: Vec<String> = m
            .args
            .iter()
            .map(|a| {
                if *a == "SUB" {
                    m.sub.clone()
                } else {
                    (*a).to_owned()
                }
            })
            .collect();
        code.list(
            &format!("kube_codegen_runtime::ResourceApi::{}(", m.call),
            &args,
            ")",
            true,
        );
        code.close("}");
    }
    code.close("}");
}

/// One method: what its declaration and its definition are made of.
struct Method {
    doc: String,
    name: String,
    generics: &'static str,
    params: Vec<String>,
    output: String,
    /// The runtime's function it calls, and the arguments (`SUB`: the
    /// subresource, `sub`).
    call: &'static str,
    args: Vec<&'static str>,
    sub: String,
}

impl Method {
    /// `fn name(&self, ...) -> impl Future<Output = Result<T>> + Send` and `tail`.
    fn signature(&self, code: &mut Code, tail: &str) {
        let mut params: Vec<&str> = vec!["&self"];
        params.extend(self.params.iter().map(String::as_str));
        code.sig(
            &format!("fn {}{}", self.name, self.generics),
            &params,
            &format!(
                "impl std::future::Future<Output = kube_codegen_runtime::Result<{}>> + Send",
                self.output
            ),
            tail,
        );
    }
}

/// One method of the trait.
fn method(kind: &ClientKind<'_>, method: &CustomMethod) -> Method {
    let result = match (method.verb.as_str(), method.result.as_deref()) {
        ("list", None) => format!(
            "kube_codegen_runtime::params::ObjectList<{}>",
            kind.type_ref()
        ),
        (_, result) => kind.method_type(result),
    };
    let input = kind.method_type(method.input.as_deref());
    let sub = match &method.subresource {
        Some(s) => format!("Some({})", lit(s)),
        None => "None".to_owned(),
    };
    let target = match &method.subresource {
        Some(s) => format!("the `{s}` subresource of {}", a(kind.name())),
        None => a(kind.name()),
    };
    let p = "kube_codegen_runtime::params";
    let mut generics = "";
    let (what, params, output, call, args): (String, Vec<String>, String, &str, Vec<&str>) =
        match method.verb.as_str() {
            "get" => (
                format!("Reads {target}"),
                vec!["name: &str".to_owned()],
                result,
                "custom_get",
                vec!["self.api()", "name", "SUB"],
            ),
            "list" => (
                format!("Lists `{}` objects", kind.name()),
                vec![format!("lp: &{p}::ListParams")],
                result,
                "custom_list",
                vec!["self.api()", "lp"],
            ),
            "create" if method.subresource.is_some() => (
                format!("Creates {target}"),
                vec![
                    "name: &str".to_owned(),
                    format!("pp: &{p}::PostParams"),
                    format!("input: &{input}"),
                ],
                result,
                "custom_create",
                vec!["self.api()", "name", "SUB", "pp", "input"],
            ),
            "create" => (
                format!("Creates {target}"),
                vec![format!("pp: &{p}::PostParams"), format!("input: &{input}")],
                result,
                "custom_create",
                vec!["self.api()", "\"\"", "None", "pp", "input"],
            ),
            "patch" => {
                generics = "<P: kube_codegen_runtime::client::Body>";
                (
                    format!("Patches {target}"),
                    vec![
                        "name: &str".to_owned(),
                        format!("pp: &{p}::PatchParams"),
                        format!("patch: &{p}::Patch<P>"),
                    ],
                    result,
                    "custom_patch",
                    vec!["self.api()", "name", "SUB", "pp", "patch"],
                )
            }
            "apply" => (
                format!("Server-side applies to {target}"),
                vec![
                    "name: &str".to_owned(),
                    format!("input: &{input}"),
                    format!("params: &{p}::ApplyParams"),
                ],
                result,
                "custom_apply",
                vec!["self.api()", "name", "SUB", "params", "input"],
            ),
            "delete" => (
                format!("Deletes {target}"),
                vec!["name: &str".to_owned(), format!("dp: &{p}::DeleteParams")],
                format!("{p}::DeleteResponse<{result}>"),
                "custom_delete",
                vec!["self.api()", "name", "SUB", "dp"],
            ),
            // `update`, and any verb validation let through, is a PUT.
            _ => (
                format!("Replaces {target}"),
                vec![
                    "name: &str".to_owned(),
                    format!("pp: &{p}::PostParams"),
                    format!("input: &{input}"),
                ],
                result,
                "custom_update",
                vec!["self.api()", "name", "SUB", "pp", "input"],
            ),
        };
    Method {
        doc: format!("{what} (`+genclient:method={}`).", method.name),
        name: method_ident(method),
        generics,
        params,
        output,
        call,
        args,
        sub,
    }
}
