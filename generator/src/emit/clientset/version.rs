//! `src/clientset/<group>/<version>.rs`: the group-version's client
//! (`MyappV1Client`, one accessor per kind), the verbs each kind's markers allow
//! (the runtime's `verb` marker traits), and the traits of custom methods.

use super::methods::methods_trait;
use crate::emit::code::Code;
use crate::emit::names::{ClientKind, GroupVersion};
use crate::model::Verb;

/// The runtime's marker trait of a verb.
fn verb_trait(verb: Verb) -> &'static str {
    match verb {
        Verb::Create => "Create",
        Verb::Update => "Update",
        Verb::UpdateStatus => "UpdateStatus",
        Verb::Delete => "Delete",
        Verb::DeleteCollection => "DeleteCollection",
        Verb::Get => "Get",
        Verb::List => "List",
        Verb::Watch => "Watch",
        Verb::Patch => "Patch",
        Verb::PatchStatus => "PatchStatus",
        Verb::Apply => "Apply",
        Verb::ApplyStatus => "ApplyStatus",
    }
}

/// The accessor of one kind on the group-version client.
fn accessor(code: &mut Code, kind: &ClientKind<'_>) {
    let name = kind.accessor();
    let k = kind.type_ref();
    let resource = &kind.kind.plural;
    let ret = format!("kube_codegen_runtime::TypedClient<{k}, C>");
    if kind.kind.namespaced {
        code.doc(&format!(
            "The client of `{}` objects (`{resource}`) in `namespace`; `\"\"` lists and watches every namespace.",
            kind.name()
        ));
        code.sig(
            &format!("pub fn {name}"),
            &["&self", "namespace: &str"],
            &ret,
            " {",
        );
        code.depth_in();
        code.line("kube_codegen_runtime::TypedClient::new(&self.clientset, namespace)");
    } else {
        code.doc(&format!(
            "The client of `{}` objects (`{resource}`, cluster-scoped).",
            kind.name()
        ));
        code.sig(&format!("pub fn {name}"), &["&self"], &ret, " {");
        code.depth_in();
        code.line("kube_codegen_runtime::TypedClient::new(&self.clientset, \"\")");
    }
    code.close("}");
}

/// The verbs the kind's `+genclient` markers allow: a run of one-line impls.
fn verbs(code: &mut Code, kind: &ClientKind<'_>) {
    let k = kind.type_ref();
    for verb in kind.verbs() {
        code.impl_for(
            &format!("impl kube_codegen_runtime::verb::{}", verb_trait(verb)),
            &k,
            " {}",
        );
    }
}

/// The whole file.
pub(crate) fn version_file(gv: &GroupVersion<'_>) -> String {
    let mut code = Code::new();
    let client = gv.client();
    code.inner_doc(&format!(
        "Clients of `{}`: `{client}` (one accessor per kind), the verbs each kind \
         allows, and its custom methods.",
        gv.api_version(),
    ));
    code.blank();
    code.line(format_args!("use {} as types;", gv.types_path()));
    code.blank();
    code.doc(&format!(
        "The clients of `{}`, over any clientset (the real one or the fake), from \
         [`Interface::{}`](crate::clientset::Interface::{}).",
        gv.api_version(),
        gv.accessor(),
        gv.accessor()
    ));
    code.line("#[derive(Clone, Debug)]");
    code.open(format_args!("pub struct {client}<C> {{"));
    code.line("clientset: C,");
    code.close("}");
    code.blank();
    code.open(format_args!(
        "impl<C: kube_codegen_runtime::Interface> {client}<C> {{"
    ));
    code.line("/// The clients of this group-version over `clientset`.");
    code.open("pub fn new(clientset: C) -> Self {");
    code.struct_expr(&client, &["clientset".to_owned()], "");
    code.close("}");
    for kind in &gv.kinds {
        code.blank();
        accessor(&mut code, kind);
    }
    code.close("}");
    for kind in &gv.kinds {
        code.blank();
        verbs(&mut code, kind);
    }
    for kind in &gv.kinds {
        if !kind.client.methods.is_empty() {
            code.blank();
            methods_trait(&mut code, kind);
        }
    }
    code.finish()
}
