//! `src/informers/<group>/<version>.rs`: the group-version's informers
//! (`MyappV1Informers`, one accessor per kind) and an alias per kind
//! (`AppInformer`).

use crate::emit::code::Code;
use crate::emit::names::GroupVersion;

const FACTORY: &str = "kube_codegen_runtime::informers::SharedInformerFactory";

/// The whole file.
pub(crate) fn version_file(gv: &GroupVersion<'_>) -> String {
    let informers = gv.informers();
    let mut code = Code::new();
    code.inner_doc(&format!(
        "Informers of `{}`: `{informers}` (one accessor per kind) and an informer type per kind.",
        gv.api_version(),
    ));
    code.blank();
    code.line(format_args!("use {} as types;", gv.types_path()));
    for kind in &gv.kinds {
        code.blank();
        code.doc(&format!(
            "The shared informer of `{}` objects.",
            kind.name()
        ));
        code.ty(
            &format!("pub type {} = ", kind.informer_alias()),
            &format!(
                "kube_codegen_runtime::informers::SharedInformer<{}>",
                kind.type_ref()
            ),
            ";",
        );
    }
    code.blank();
    code.doc(&format!(
        "The informers of `{}`, from \
         [`SharedInformerFactoryExt::{}`](crate::informers::SharedInformerFactoryExt::{}).",
        gv.api_version(),
        gv.accessor(),
        gv.accessor()
    ));
    code.line("#[derive(Clone, Copy, Debug)]");
    code.open(format_args!("pub struct {informers}<'a> {{"));
    code.line(format_args!("factory: &'a {FACTORY},"));
    code.close("}");
    code.blank();
    code.open(format_args!("impl<'a> {informers}<'a> {{"));
    code.line("/// The informers of this group-version, made and cached by `factory`.");
    code.sig(
        "pub fn new",
        &[&format!("factory: &'a {FACTORY}")],
        "Self",
        " {",
    );
    code.depth_in();
    code.struct_expr(&informers, &["factory".to_owned()], "");
    code.close("}");
    for kind in &gv.kinds {
        code.blank();
        code.doc(&format!(
            "The shared informer of `{}` objects (`{}`): the same one on every call.",
            kind.name(),
            kind.kind.plural
        ));
        // `#[inline]`: the informer of a kind is compiled in the crate that asks
        // for it, not for every kind in this one (as `#[derive(Clone)]` does).
        code.line("#[inline]");
        code.sig(
            &format!("pub fn {}", kind.accessor()),
            &["&self"],
            &kind.informer_alias(),
            " {",
        );
        code.depth_in();
        code.line(format_args!(
            "self.factory.informer_for::<{}>()",
            kind.type_ref()
        ));
        code.close("}");
    }
    code.close("}");
    code.finish()
}
