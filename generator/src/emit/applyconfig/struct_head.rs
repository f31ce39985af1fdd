//! What stands above every apply-configuration struct, a kind's or not: its
//! docs and its derives (one place for [`super::version`] and [`super::kind`]).

use crate::emit::code::Code;
use crate::emit::names::GroupVersion;
use crate::model::TypeDef;

/// The derives of every configuration: `PartialEq` when every enum and
/// newtype they hold has it.
pub(crate) fn derives(partial_eq: bool) -> &'static str {
    if partial_eq {
        "#[derive(Clone, Debug, Default, PartialEq, ::serde::Serialize, ::serde::Deserialize)]"
    } else {
        "#[derive(Clone, Debug, Default, ::serde::Serialize, ::serde::Deserialize)]"
    }
}

/// The docs of a configuration: what it is, then the type's own docs.
pub(crate) fn struct_docs(code: &mut Code, gv: &GroupVersion<'_>, ty: &TypeDef) {
    let path = format!("{}::{}", gv.types_path(), ty.name);
    code.doc(&format!(
        "The apply configuration of [`{}`]({path}): every field optional, only what is \
         set is sent.",
        ty.name
    ));
    if ty.docs.iter().any(|d| !d.trim().is_empty()) {
        code.line("///");
        code.doc_lines(&ty.docs);
    }
}
