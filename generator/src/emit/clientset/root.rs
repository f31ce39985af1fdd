//! `src/clientset/mod.rs`: the crate's `Interface`, which adds a group-version
//! accessor to every clientset of the runtime (real or fake), the group modules,
//! the prelude, and re-exports of the runtime's clientsets and error type.

use crate::emit::EmitOptions;
use crate::emit::code::Code;
use crate::emit::features::gate;
use crate::emit::names::{GroupVersion, group_module};
use crate::model::Group;

/// The module docs, with an example that compiles against the first kind (if any).
fn module_doc(groups: &[(&Group, Vec<GroupVersion<'_>>)], opts: &EmitOptions) -> String {
    let krate = opts.crate_name.replace('-', "_");
    let mut doc = String::from(
        "The typed clients of this crate's API. [`Interface`] adds one accessor per \
         group-version to every clientset of `kube_codegen_runtime`: the real \
         [`Clientset`] over a `kube::Client` and the in-memory [`fake::Clientset`], \
         which also serve the kinds of other generated crates and the built-in kinds. \
         Each accessor hands out `kube_codegen_runtime::TypedClient`s with the verbs \
         the kind's `+genclient` markers allow. Write code against `C: \
         kube_codegen_runtime::Interface` to run it with either clientset.\n\n\
         Errors are one type, [`Error`], shared with every generated crate, whose \
         [`Error::kind`] tells `NotFound`, `AlreadyExists`, `Conflict`, `Invalid`, \
         `Forbidden`, ... apart.\n",
    );
    let first = groups
        .iter()
        .flat_map(|(_, versions)| versions.iter())
        .flat_map(|gv| gv.kinds.iter().map(move |k| (gv, k)))
        .find(|(_, k)| k.client.has(crate::model::Verb::Get));
    if let Some((gv, kind)) = first {
        let accessor = gv.accessor();
        let kind_accessor = kind.accessor();
        let args = if kind.kind.namespaced {
            "\"default\""
        } else {
            ""
        };
        let name = kind.name();
        doc.push_str(&format!(
            "\n```no_run\n\
             use {krate}::prelude::*;\n\
             use {krate}::clientset::Clientset;\n\n\
             # async fn demo() -> Result<(), {krate}::clientset::Error> {{\n\
             let clientset = Clientset::try_default().await?;\n\
             let client = clientset.{accessor}().{kind_accessor}({args});\n\
             match client.get(\"example\").await {{\n\
             \x20   Ok(object) => println!(\"found {{:?}}\", object.metadata.name),\n\
             \x20   Err(e) if e.is_not_found() => println!(\"no such {name}\"),\n\
             \x20   Err(e) => return Err(e),\n\
             }}\n\
             # Ok(())\n\
             # }}\n\
             ```\n"
        ));
    }
    doc
}

/// `src/clientset/mod.rs`.
pub(crate) fn root_file(groups: &[(&Group, Vec<GroupVersion<'_>>)], opts: &EmitOptions) -> String {
    let mut code = Code::new();
    code.inner_doc(&module_doc(groups, opts));
    code.blank();
    code.lines(
        "pub use kube_codegen_runtime::params::{
    ApplyParams, DeleteResponse, NAMESPACE_ALL, WatchStream,
};
pub use kube_codegen_runtime::{Clientset, Error, ErrorKind, Result, TypedClient, fake};",
    );
    for (group, versions) in groups {
        code.blank();
        gate(&mut code, opts, group);
        code.open(format_args!("pub mod {} {{", group_module(group)));
        code.inner_doc(&format!("Clients of the API group `{}`.", group.name));
        code.blank();
        for gv in versions {
            code.line(format_args!("pub mod {};", gv.version_module()));
        }
        code.close("}");
    }
    code.blank();
    code.line("/// The traits that add this module's methods, imported anonymously:");
    code.line("/// `use <crate>::clientset::prelude::*;` (also in the crate's `prelude`).");
    code.open("pub mod prelude {");
    code.line("pub use super::Interface as _;");
    for (group, versions) in groups {
        for gv in versions {
            for k in gv.kinds.iter().filter(|k| !k.client.methods.is_empty()) {
                gate(&mut code, opts, group);
                code.line(format_args!(
                    "pub use super::{}::{}::{} as _;",
                    gv.group_module(),
                    gv.version_module(),
                    k.methods_trait()
                ));
            }
        }
    }
    code.close("}");
    code.blank();
    code.doc(
        "Adds this crate's group-version accessors to every clientset of \
         `kube_codegen_runtime` (implemented for all of them): \
         `clientset.<group>_<version>().<kind plural>(namespace)`.",
    );
    code.open("pub trait Interface: kube_codegen_runtime::Interface {");
    let mut first = true;
    for (group, versions) in groups {
        for gv in versions {
            if !first {
                code.blank();
            }
            first = false;
            let client = format!(
                "{}::{}::{}",
                gv.group_module(),
                gv.version_module(),
                gv.client()
            );
            gate(&mut code, opts, group);
            code.doc(&format!("The clients of `{}`.", gv.api_version()));
            code.sig(
                &format!("fn {}", gv.accessor()),
                &["&self"],
                &format!("{client}<Self>"),
                " {",
            );
            code.depth_in();
            code.list(
                &format!("{client}::new("),
                &["self.clone()".to_owned()],
                ")",
                true,
            );
            code.close("}");
        }
    }
    code.close("}");
    code.blank();
    code.line("impl<C: kube_codegen_runtime::Interface> Interface for C {}");
    code.finish()
}
