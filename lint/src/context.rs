//! What a rule sees: the model's types and fields joined with their source
//! (markers as written, doc lines, byte ranges), and the edits a fix is made of.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::finding::{Edit, Finding};
use super::source::{Attached, FieldSrc, FileSrc, IGNORE_MARKER, ItemSrc, LintMarker};
use kube_codegen::model::{
    Api, ExternalType, Field, FieldType, StructDef, TypeBody, TypeDef, Version,
};

/// The input of every rule.
pub struct Cx<'a> {
    pub api: &'a Api,
    files: BTreeMap<PathBuf, FileSrc>,
}

impl<'a> Cx<'a> {
    /// Joins the model with the text of its files (`read` gives a file's text).
    pub fn new(api: &'a Api, read: &dyn Fn(&Path) -> Option<String>) -> Self {
        let mut files = BTreeMap::new();
        for group in &api.groups {
            for version in &group.versions {
                for file in &version.files {
                    if let Some(src) = read(&file.path).and_then(|t| FileSrc::read(&file.path, &t))
                    {
                        files.insert(file.path.clone(), src);
                    }
                }
            }
        }
        Cx { api, files }
    }

    /// Every struct, enum and newtype of the input with its source, in file order.
    pub fn types(&self) -> Vec<TypeView<'_>> {
        let mut out = Vec::new();
        for group in &self.api.groups {
            for version in &group.versions {
                for file in &version.files {
                    let Some(src) = self.files.get(&file.path) else {
                        continue;
                    };
                    for ty in &file.types {
                        if let Some(item) = src.item_at(&ty.location) {
                            out.push(TypeView {
                                version,
                                ty,
                                src: item,
                                file: src,
                                files: &self.files,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// Every field of every struct (fields serde skips are no API fields).
    pub fn fields(&self) -> Vec<FieldView<'_>> {
        self.types()
            .into_iter()
            .flat_map(|owner| owner.fields())
            .collect()
    }
}

/// A type of the input.
#[derive(Clone, Copy)]
pub struct TypeView<'a> {
    pub version: &'a Version,
    pub ty: &'a TypeDef,
    pub src: &'a ItemSrc,
    pub file: &'a FileSrc,
    files: &'a BTreeMap<PathBuf, FileSrc>,
}

impl<'a> TypeView<'a> {
    pub fn markers(&self) -> &'a Attached {
        &self.src.attached
    }

    /// The struct's body, if the type is a struct.
    pub fn as_struct(&self) -> Option<&'a StructDef> {
        match &self.ty.body {
            TypeBody::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// The struct's fields that are on the wire, with their source.
    pub fn fields(&self) -> Vec<FieldView<'a>> {
        let Some(s) = self.as_struct() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (index, field) in s.fields.iter().enumerate() {
            if field.skip {
                continue;
            }
            if let Some(src) = self
                .src
                .fields
                .iter()
                .find(|f| f.location == field.location)
            {
                out.push(FieldView {
                    owner: *self,
                    field,
                    src,
                    index,
                });
            }
        }
        out
    }

    /// A finding about the type, at its name.
    pub fn finding(&self, rule: &'static str, message: impl Into<String>) -> Finding {
        let mut f = Finding::new(rule, message, self.ty.location.clone())
            .with_span(self.ty.name.chars().count());
        f.subject = self.ty.name.clone();
        f.ignored_here = ignored_rules(self.markers());
        f
    }

    /// An edit that adds `+marker` on its own line above the type.
    pub fn add_marker(&self, marker: &str) -> Edit {
        Edit::insert(
            &self.file.path,
            self.src.insert_at,
            format!("{}// +{marker}\n", self.src.indent),
        )
    }
}

/// A field of a struct of the input.
#[derive(Clone, Copy)]
pub struct FieldView<'a> {
    pub owner: TypeView<'a>,
    pub field: &'a Field,
    pub src: &'a FieldSrc,
    /// The field's position among the struct's fields.
    pub index: usize,
}

impl<'a> FieldView<'a> {
    /// `Type.jsonName`, as findings name fields.
    pub fn qualified(&self) -> String {
        format!("{}.{}", self.owner.ty.name, self.field.json_name)
    }

    pub fn markers(&self) -> &'a Attached {
        &self.src.attached
    }

    /// The markers of the field and of the type alias or newtype its type
    /// names (which apply to it, as Go's named types' markers do).
    pub fn all_markers(&self) -> Vec<&'a LintMarker> {
        let mut out: Vec<&LintMarker> = self.markers().markers.iter().collect();
        if let Some(named) = self.named_type() {
            out.extend(named.markers().markers.iter());
        }
        out
    }

    /// Whether the field or its named type has the marker.
    pub fn has_marker(&self, identifier: &str) -> bool {
        self.all_markers()
            .iter()
            .any(|m| m.identifier == identifier)
    }

    /// The local type the field's type names (through `Option`, `Box`; not
    /// through lists or maps).
    pub fn named_type(&self) -> Option<TypeView<'a>> {
        match strip(&self.field.ty) {
            FieldType::Local(name) => self.owner_local(name),
            _ => None,
        }
    }

    /// The field's value with `Option`, `Box` and newtypes seen through.
    pub fn underlying(&self) -> Underlying<'a> {
        underlying(self.owner.version, &self.field.ty)
    }

    /// A type of the field's version by name, with its source.
    pub fn owner_local(&self, name: &str) -> Option<TypeView<'a>> {
        local_type(self.owner, name)
    }

    /// A finding about the field, at its name.
    pub fn finding(&self, rule: &'static str, message: impl Into<String>) -> Finding {
        let mut f = Finding::new(rule, message, self.field.location.clone())
            .with_span(self.field.name.chars().count());
        f.subject = self.qualified();
        f.field = Some(self.field.name.clone());
        let mut ignored = ignored_rules(self.markers());
        ignored.extend(ignored_rules(self.owner.markers()));
        // A type's suppression holds wherever the type is used.
        if let Some(named) = self.named_type() {
            ignored.extend(ignored_rules(named.markers()));
        }
        f.ignored_here = ignored;
        f
    }

    /// A finding about the field caused by one of its markers: reported at
    /// the field, as KAL does (a fix then edits the marker's line).
    pub fn finding_at(
        &self,
        rule: &'static str,
        message: impl Into<String>,
        _marker: &LintMarker,
    ) -> Finding {
        self.finding(rule, message)
    }

    /// An edit that adds `+marker` on its own line above the field.
    pub fn add_marker(&self, marker: &str) -> Edit {
        Edit::insert(
            &self.owner.file.path,
            self.src.insert_at,
            format!("{}// +{marker}\n", self.src.indent),
        )
    }

    /// An edit that wraps the field's type in `Option<...>`.
    pub fn wrap_in_option(&self) -> Edit {
        Edit::replace(
            &self.owner.file.path,
            self.src.ty_range.clone(),
            format!("Option<{}>", self.field.ty_source),
        )
    }

    /// An edit that takes the field's type out of its `Option<...>`.
    pub fn unwrap_option(&self) -> Edit {
        Edit::replace(
            &self.owner.file.path,
            self.src.ty_range.clone(),
            self.field.ty.unwrap_option_display(&self.field.ty_source),
        )
    }

    /// Edits that rename the field so that its JSON name becomes `json`, as
    /// KAL renames a Go field and its tag together: the `rename` literal when
    /// there is one, and the Rust name where it follows the JSON name (through
    /// the struct's `rename_all = "camelCase"`, or as it is without one).
    pub fn rename_to(&self, json: &str) -> Vec<Edit> {
        use heck::ToSnakeCase;
        let path = &self.owner.file.path;
        let old_json = &self.field.json_name;
        let rust = &self.field.name;
        let rename_all = self.owner.as_struct().and_then(|s| s.rename_all.as_deref());
        let mut edits = Vec::new();
        // The doc comment that starts with the old name starts with the new one.
        if let Some(doc) = self
            .markers()
            .docs
            .iter()
            .find(|d| !d.text.trim().is_empty())
        {
            let text = doc.text.trim_start();
            if text.split_whitespace().next() == Some(old_json.as_str()) {
                let start = doc.text_range.start + (doc.text.len() - text.len());
                edits.push(Edit::replace(path, start..start + old_json.len(), json));
            }
        }
        if let Some((_, range)) = &self.src.rename {
            edits.push(Edit::replace(path, range.clone(), format!("\"{json}\"")));
            if *rust == old_json.to_snake_case() {
                edits.push(Edit::replace(
                    path,
                    self.src.ident_range.clone(),
                    json.to_snake_case(),
                ));
            }
            return edits;
        }
        let new_rust = match rename_all {
            Some("camelCase") => json.to_snake_case(),
            None if rust == old_json => json.to_owned(),
            _ => return edits,
        };
        edits.push(Edit::replace(path, self.src.ident_range.clone(), new_rust));
        edits
    }
}

/// An edit that removes a marker's line.
pub fn remove_marker(file: &Path, m: &LintMarker) -> Edit {
    Edit::delete(file, m.line_range.clone())
}

/// An edit that replaces a marker's identifier, keeping its expression.
pub fn replace_marker(file: &Path, m: &LintMarker, identifier: &str) -> Edit {
    let expr = m
        .expression
        .strip_prefix(":=")
        .map_or_else(|| m.expression.clone(), |v| format!("={v}"));
    Edit::replace(file, m.text_range.clone(), format!("+{identifier}{expr}"))
}

/// The type with `Option` and `Box` layers taken off.
pub fn strip(ty: &FieldType) -> &FieldType {
    match ty {
        FieldType::Option(inner) | FieldType::Boxed(inner) => strip(inner),
        other => other,
    }
}

/// A type as it is on the wire: its `Option` and `Box` layers and the
/// version's newtypes (Go's named types; serde writes a newtype as its field)
/// seen through, with the newtypes passed on the way, whose markers apply to
/// the value as a Go named type's do.
pub struct Underlying<'a> {
    /// The type under the layers.
    pub ty: &'a FieldType,
    /// The newtypes passed, outermost first.
    pub newtypes: Vec<&'a TypeDef>,
}

/// [`Underlying`] of `ty` in `version` (a newtype that names itself again
/// stops the walk).
pub fn underlying<'a>(version: &'a Version, ty: &'a FieldType) -> Underlying<'a> {
    let mut newtypes: Vec<&TypeDef> = Vec::new();
    let mut ty = strip(ty);
    while let FieldType::Local(name) = ty
        && let Some(t) = version.find_type(name)
        && let TypeBody::Newtype(n) = &t.body
        && !newtypes.iter().any(|seen| seen.name == t.name)
    {
        newtypes.push(t);
        ty = strip(&n.inner);
    }
    Underlying { ty, newtypes }
}

/// A local type of `owner`'s version by name.
pub fn local_type<'a>(owner: TypeView<'a>, name: &str) -> Option<TypeView<'a>> {
    let ty = owner.version.find_type(name)?;
    let file = owner.files.get(&ty.location.file)?;
    let item = file.item_at(&ty.location)?;
    Some(TypeView {
        ty,
        src: item,
        file,
        ..owner
    })
}

/// The rules `+kube-codegen:lint:ignore=<rule>[,<rule>] <reason>` markers turn off.
pub fn ignored_rules(attached: &Attached) -> Vec<String> {
    attached
        .named(IGNORE_MARKER)
        .filter_map(|m| m.expression.strip_prefix('='))
        .flat_map(|rest| {
            let rules = rest.split_whitespace().next().unwrap_or("");
            rules.split(',').map(str::to_owned).collect::<Vec<_>>()
        })
        .collect()
}

/// A k8s-openapi / kube type by its defining path.
pub fn external_is(ty: &FieldType, path: &str) -> bool {
    matches!(strip(ty), FieldType::External(ExternalType { path: p, .. }) if p == path)
}
