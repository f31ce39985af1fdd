//! One Go API version package → one Rust version module: a Rust file per Go
//! file with its types and constants in Go's order and its comments in
//! place, the package's docs and markers for `mod.rs`, and the types of
//! other packages it names copied in (into the file of a local alias that
//! names them, else into a file named after their own Go file).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::comments;
use super::fields::{self, FieldCx, FieldMarkers};
use super::go_model::{Comment, ConstSpec, Decl, DeclKind, GoFile, GoType, StructType, TypeSpec};
use super::naming;
use super::packages::{Package, Packages};
use super::resolve::{Resolver, Src, TypeKey};
use super::rust_model::{Body, FileOut, ItemOut, RType, VersionOut};
use kube_codegen::diag::Diagnostic;

/// The package markers that make fields optional unless marked.
const OPTIONAL_BY_DEFAULT: &str = "+kubebuilder:validation:Optional";

/// Builds the Rust module of the version package `pkg`.
pub(crate) fn build(
    packages: &Packages,
    pkg: &Package,
    group_name: &str,
    group_module: &str,
) -> (VersionOut, Vec<Diagnostic>) {
    let mut b = Builder {
        r: Resolver::new(packages, &pkg.dir),
        emitted: BTreeSet::new(),
        consts: BTreeSet::new(),
    };
    b.register_locals(pkg);
    let mut files = Vec::new();
    for file in &pkg.files {
        let src = Src { pkg, file };
        let items = b.file_items(src);
        if items.is_empty() {
            continue;
        }
        files.push(FileOut {
            stem: naming::module_name(stem(&file.path)),
            from: go_name(pkg, &file.path),
            header: file_header(file),
            items,
        });
    }
    b.copies(&mut files);
    let version = VersionOut {
        group_name: group_name.to_owned(),
        group_module: group_module.to_owned(),
        version_module: naming::module_name(&pkg.name),
        from: pkg
            .import_path
            .as_deref()
            .map_or_else(|| pkg.dir.clone(), std::path::PathBuf::from),
        module_docs: module_docs(pkg),
        files,
    };
    (version, b.r.diags)
}

/// The package's markers, each once: the docs of its files' package clauses.
pub(crate) fn package_markers(pkg: &Package) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for file in &pkg.files {
        // Every comment above the package clause: controller-gen reads
        // `+groupName` from a group a blank line above it too.
        for c in comments::between(&file.comments, 0, file.package_line) {
            if let Some(m) = comments::marker_text(&c.text)
                && !out.iter().any(|o| o == m)
            {
                out.push(m.to_owned());
            }
        }
    }
    out
}

/// The comment groups that belong to a file's package clause: the group
/// right above it, and the one above that when a single blank line
/// separates them (where kubebuilder puts markers).
fn package_comments(file: &GoFile) -> [Vec<&Comment>; 2] {
    let above = comments::between(&file.comments, 0, file.package_line);
    let mut groups = comments::groups(&above);
    let doc = match groups.last() {
        Some(g)
            if g.last()
                .is_some_and(|c| c.end_line + 1 == file.package_line) =>
        {
            groups.pop().unwrap_or_default()
        }
        _ => return [Vec::new(), Vec::new()],
    };
    let first = doc.first().map_or(0, |c| c.line);
    let second = match groups.last() {
        Some(g) if g.last().is_some_and(|c| c.end_line + 2 == first) => {
            groups.pop().unwrap_or_default()
        }
        _ => Vec::new(),
    };
    [second, doc]
}

/// `mod.rs`'s `//!` lines: the package's docs (from the file that has them)
/// and its markers.
fn module_docs(pkg: &Package) -> Vec<String> {
    let mut docs: Vec<String> = Vec::new();
    let with_docs = pkg
        .files
        .iter()
        .find(|f| stem(&f.path) == "doc")
        .into_iter()
        .chain(&pkg.files);
    for file in with_docs {
        let [_, doc] = package_comments(file);
        let prose: Vec<String> = doc
            .iter()
            .filter(|c| !comments::is_marker(&c.text))
            .flat_map(|c| comments::lines(c, true))
            .map(|l| l.replacen("///", "//!", 1))
            .collect();
        if prose.iter().any(|l| l.trim() != "//!") {
            docs = prose;
            break;
        }
    }
    while docs.last().is_some_and(|l| l.trim() == "//!") {
        docs.pop();
    }
    let markers = package_markers(pkg);
    if !docs.is_empty() && !markers.is_empty() {
        docs.push("//!".into());
    }
    docs.extend(markers.iter().map(|m| {
        if comments::is_unknown_marker(&format!("// {m}")) {
            format!("//! (a marker controller-gen cannot read, so it ignores it) {m}")
        } else {
            format!("//! {m}")
        }
    }));
    docs
}

/// Comments above the package clause that are not its docs: a licence header.
fn file_header(file: &GoFile) -> Vec<String> {
    let [second, doc] = package_comments(file);
    let package: BTreeSet<usize> = second.iter().chain(&doc).map(|c| c.line).collect();
    // Markers anywhere above the package clause are the package's (in mod.rs).
    let rest: Vec<&Comment> = comments::between(&file.comments, 0, file.package_line)
        .into_iter()
        .filter(|c| !package.contains(&c.line))
        .collect();
    let mut out = Vec::new();
    for (i, group) in comments::groups(&rest).iter().enumerate() {
        if i > 0 {
            out.push(String::new());
        }
        for c in group {
            // Markers in a licence block would attach to nothing: Go ignores them.
            out.extend(
                comments::lines(c, false)
                    .into_iter()
                    .filter(|l| !l.trim_start_matches('/').trim_start().starts_with('+')),
            );
        }
    }
    out
}

/// A Go file by its package's import path and its name, or its path as given.
fn go_name(pkg: &Package, path: &Path) -> std::path::PathBuf {
    match (&pkg.import_path, path.file_name()) {
        (Some(import), Some(name)) => Path::new(import).join(name),
        _ => path.to_owned(),
    }
}

fn stem(path: &Path) -> &str {
    path.file_stem().and_then(|s| s.to_str()).unwrap_or("types")
}

struct Builder<'p> {
    r: Resolver<'p>,
    emitted: BTreeSet<TypeKey>,
    consts: BTreeSet<String>,
}

impl<'p> Builder<'p> {
    /// A warning for each marker of `above` that kube-codegen does not know
    /// (it is kept as a comment, see [`comments::is_unknown_marker`]).
    fn warn_unknown(&mut self, file: &GoFile, above: &[&Comment]) {
        for c in above {
            let Some(why) = comments::unreadable_marker(&c.text) else {
                continue;
            };
            let marker = comments::marker_text(&c.text).unwrap_or_default();
            let column = c.text.find('+').map_or(1, |i| i + 1);
            let line = file.source.lines().nth(c.line - 1).unwrap_or_default();
            let indent = line.chars().take_while(|ch| ch.is_whitespace()).count();
            self.r.diags.push(
                Diagnostic::warning(
                    format!(
                        "kube-codegen cannot read the marker `{}` ({why}); controller-gen ignores such markers, and so does the import",
                        name_of(marker)
                    ),
                    kube_codegen::model::Location {
                        file: file.path.clone(),
                        line: c.line,
                        column: indent + column,
                    },
                )
                .with_span(marker.chars().count())
                .with_source_line(line)
                .with_help("it is kept as a comment; fix its spelling in the Go source if it is meant to do something"),
            );
        }
    }

    /// The version's own type names, and its aliases of other packages'
    /// types, which the copies take the place of.
    fn register_locals(&mut self, pkg: &'p Package) {
        for file in &pkg.files {
            for decl in &file.decls {
                let DeclKind::Type(spec) = &decl.kind else {
                    continue;
                };
                self.r.taken.insert(spec.name.clone());
                let key = (pkg.dir.clone(), spec.name.clone());
                if let Some(target) = self.alias_target(Src { pkg, file }, spec) {
                    self.r
                        .names
                        .entry(target)
                        .or_insert_with(|| spec.name.clone());
                }
                self.r.names.insert(key, spec.name.clone());
            }
        }
    }

    /// `type X = q.Y` where `q.Y` is Go source the import reads: `q.Y`.
    fn alias_target(&self, src: Src<'p>, spec: &TypeSpec) -> Option<TypeKey> {
        if !spec.alias {
            return None;
        }
        let GoType::Named {
            pkg: Some(q), name, ..
        } = &spec.ty
        else {
            return None;
        };
        let import = src.file.import_path(q)?;
        if super::known::lookup(import, name, false).is_some() {
            return None;
        }
        let other = self
            .r
            .packages
            .by_dir
            .values()
            .find(|p| p.import_path.as_deref() == Some(import))?;
        self.r.find(&other.dir, name)?;
        Some((other.dir.clone(), name.clone()))
    }

    fn file_items(&mut self, src: Src<'p>) -> Vec<ItemOut> {
        let mut items = Vec::new();
        let mut prev_end = src.file.package_line;
        for decl in &src.file.decls {
            let above = comments::between(&src.file.comments, prev_end, decl.start);
            self.warn_unknown(src.file, &above);
            prev_end = decl.end;
            match &decl.kind {
                DeclKind::Type(spec) => {
                    let lines = comments::leading(&above, decl.start, "");
                    if let Some(item) = self.local_type(src, decl, spec, lines) {
                        items.push(item);
                    }
                }
                DeclKind::Const(c) => {
                    let lines = comments::leading(&above, decl.start, "");
                    if let Some(item) = self.constant(src, decl, c, lines) {
                        items.push(item);
                    }
                }
                DeclKind::Other => {}
            }
        }
        items
    }

    fn local_type(
        &mut self,
        src: Src<'p>,
        decl: &'p Decl,
        spec: &'p TypeSpec,
        lines: Vec<String>,
    ) -> Option<ItemOut> {
        if let Some(target) = self.alias_target(src, spec) {
            // The copy takes the alias's place and name; the alias's own
            // comments stay above it as plain comments (Go reads the aliased
            // type's docs and markers).
            self.emitted.insert(target.clone());
            let (pkg, file, tdecl, tspec) = self.r.find(&target.0, &target.1)?;
            let mut own: Vec<String> = lines.iter().map(|l| demote(l)).collect();
            if !own.is_empty() {
                own.push(String::new());
            }
            let tsrc = Src { pkg, file };
            let above = comments::between(&file.comments, previous_end(file, tdecl), tdecl.start);
            self.warn_unknown(file, &above);
            own.extend(comments::leading(&above, tdecl.start, ""));
            return self.type_item(tsrc, tdecl, tspec, &spec.name, own);
        }
        self.type_item(src, decl, spec, &spec.name, lines)
    }

    /// The item for `spec` (declared at `decl` in `src`) named `name`.
    fn type_item(
        &mut self,
        src: Src<'p>,
        decl: &'p Decl,
        spec: &'p TypeSpec,
        name: &str,
        comments_above: Vec<String>,
    ) -> Option<ItemOut> {
        let trailing = comments::trailing_on(&src.file.comments, decl.end).map(comments::trailing);
        if spec.generic {
            self.r.refuse(
                src.file,
                super::resolve::Refusal {
                    pos: spec.pos,
                    width: spec.name.len(),
                    message: format!("generic type `{}` has no CRD schema", spec.name),
                    help: "API types are concrete: declare one type per use".into(),
                },
            );
            return None;
        }
        // A struct, or a defined type of one (`type HTTPRoute v1.HTTPRoute`),
        // is a struct of its own with this name and these docs.
        let defined_struct = (!spec.alias)
            .then(|| self.r.struct_of(src, &spec.ty))
            .flatten();
        if let Some((body_src, body)) = defined_struct {
            let optional_by_default = comments_above
                .iter()
                .filter_map(|l| rust_marker(l))
                .chain(package_markers(src.pkg).iter().map(String::as_str))
                .any(|m| m == OPTIONAL_BY_DEFAULT);
            let root = body.fields.iter().any(|f| {
                f.tag_value("json")
                    .is_some_and(|t| t.split(',').next() == Some("metadata"))
                    && matches!(&f.ty, GoType::Named { pkg: Some(_), name, .. }
                        if name == "ObjectMeta" || name == "ListMeta")
            });
            let (fields, tail) = self.struct_fields(
                body_src,
                body,
                &FieldCx {
                    optional_by_default,
                    root,
                },
            );
            let camel_case = fields.iter().any(|f| {
                !f.attrs.iter().any(|a| a.starts_with("#[serde(rename =")) && f.name.contains('_')
            });
            return Some(ItemOut {
                comments: comments_above,
                body: Body::Struct {
                    name: name.to_owned(),
                    camel_case,
                    fields,
                    tail,
                },
                trailing,
            });
        }
        if let GoType::Other { text, .. } = &spec.ty
            && !matches!(text.as_str(), "interface{}" | "any")
        {
            // Interfaces, functions, channels: Go code, not data (a field
            // naming one is refused where it does).
            return None;
        }
        let ty = match self.r.rust(src, &spec.ty) {
            Ok(ty) => ty,
            Err(refusal) => {
                self.r.refuse(src.file, refusal);
                return None;
            }
        };
        if matches!(&ty, RType::Local(target) if target == name) {
            // `type X = X` after copying: the copy is the type.
            return None;
        }
        Some(ItemOut {
            comments: comments_above,
            body: Body::Alias {
                name: name.to_owned(),
                ty,
            },
            trailing,
        })
    }

    fn struct_fields(
        &mut self,
        src: Src<'p>,
        body: &'p StructType,
        cx: &FieldCx,
    ) -> (Vec<super::rust_model::FieldOut>, Vec<String>) {
        let mut out = Vec::new();
        let mut prev_end = body.open_line;
        for f in &body.fields {
            let above = comments::between(&src.file.comments, prev_end, f.start);
            self.warn_unknown(src.file, &above);
            prev_end = f.end;
            let markers = FieldMarkers {
                texts: above
                    .iter()
                    .filter_map(|c| comments::marker_text(&c.text))
                    .collect(),
            };
            let lines = comments::leading(&above, f.start, "");
            out.extend(fields::fields(&mut self.r, src, f, &markers, cx, lines));
        }
        let tail = comments::between(&src.file.comments, prev_end, body.close_line);
        let mut tail_lines: Vec<String> = Vec::new();
        for (i, group) in comments::groups(&tail).iter().enumerate() {
            if i > 0 || !out.is_empty() {
                tail_lines.push(String::new());
            }
            for c in group {
                tail_lines.extend(comments::lines(c, false).into_iter().map(|l| demote(&l)));
            }
        }
        dedupe_names(&mut out);
        (out, tail_lines)
    }

    fn constant(
        &mut self,
        src: Src<'p>,
        decl: &'p Decl,
        c: &'p ConstSpec,
        lines: Vec<String>,
    ) -> Option<ItemOut> {
        let value = c.value.as_deref()?;
        let ty = match &c.ty {
            None => literal_type(value)?,
            Some(GoType::Named {
                pkg: None, name, ..
            }) => {
                let underlying = self.underlying_basic(src, name)?;
                match underlying {
                    "String" => "&str",
                    "bool" => "bool",
                    other if value.starts_with(|ch: char| ch.is_ascii_digit() || ch == '-') => {
                        other
                    }
                    _ => return None,
                }
            }
            Some(_) => return None,
        };
        let name = naming::const_name(&c.name);
        if !self.consts.insert(name.clone()) {
            return None;
        }
        let value = match ty {
            "&str" => rust_string(value)?,
            _ => value.to_owned(),
        };
        let trailing = comments::trailing_on(&src.file.comments, decl.end).map(comments::trailing);
        Some(ItemOut {
            comments: lines,
            body: Body::Const {
                name,
                ty: ty.to_owned(),
                value,
            },
            trailing,
        })
    }

    /// The basic type under the local named type `name`, as Rust writes it.
    fn underlying_basic(&self, src: Src<'p>, name: &str) -> Option<&'static str> {
        if let Some(RType::Prim(p)) = super::resolve::basic(name) {
            return Some(p);
        }
        let (_, _, _, spec) = self.r.find(&src.pkg.dir, name)?;
        match &spec.ty {
            GoType::Named {
                pkg: None, name, ..
            } if name != &spec.name => self.underlying_basic(src, name),
            _ => None,
        }
    }

    /// The types of other packages the module names, each copied once:
    /// into the file of the local alias that names it, else into a file
    /// named after its package and Go file.
    fn copies(&mut self, files: &mut Vec<FileOut>) {
        let mut extra: BTreeMap<String, (std::path::PathBuf, Vec<(usize, ItemOut)>)> =
            BTreeMap::new();
        while let Some(key) = self.r.pending.pop() {
            if key.0 == self.r.home || !self.emitted.insert(key.clone()) {
                continue;
            }
            let Some((pkg, file, decl, spec)) = self.r.find(&key.0, &key.1) else {
                continue;
            };
            let name = self
                .r
                .names
                .get(&key)
                .cloned()
                .unwrap_or_else(|| key.1.clone());
            let src = Src { pkg, file };
            let above = comments::between(&file.comments, previous_end(file, decl), decl.start);
            self.warn_unknown(file, &above);
            let lines = comments::leading(&above, decl.start, "");
            let Some(item) = self.type_item(src, decl, spec, &name, lines) else {
                continue;
            };
            let prefix = pkg
                .import_path
                .as_deref()
                .map(|p| {
                    p.rsplit('/')
                        .take(2)
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()
                        .collect::<Vec<_>>()
                        .join("_")
                })
                .unwrap_or_else(|| pkg.name.clone());
            let stem = naming::module_name(&format!("{prefix}_{}", stem(&file.path)));
            extra
                .entry(stem)
                .or_insert_with(|| (go_name(pkg, &file.path), Vec::new()))
                .1
                .push((decl.start, item));
        }
        for (stem, (from, mut items)) in extra {
            items.sort_by_key(|(line, _)| *line);
            files.push(FileOut {
                stem,
                from,
                header: Vec::new(),
                items: items.into_iter().map(|(_, i)| i).collect(),
            });
        }
    }
}

/// A marker's name: its text up to `=` or a space.
fn name_of(marker: &str) -> &str {
    marker
        .split(|c: char| c == '=' || c.is_whitespace())
        .next()
        .unwrap_or(marker)
}

/// Where the comments above `decl` start: after the declaration before it.
fn previous_end(file: &GoFile, decl: &Decl) -> usize {
    file.decls
        .iter()
        .filter(|d| d.end < decl.start)
        .map(|d| d.end)
        .max()
        .unwrap_or(file.package_line)
}

/// A doc line made a plain comment, a marker made inert (`+x` → `+x` stays
/// readable, but as prose: Go applies the aliased type's markers, not these).
fn demote(line: &str) -> String {
    if line.is_empty() {
        return String::new();
    }
    let text = line
        .strip_prefix("///")
        .or_else(|| line.strip_prefix("//"))
        .unwrap_or(line);
    let text = text.trim_start();
    if text.is_empty() {
        "//".into()
    } else if text.starts_with('+') {
        format!("// (Go alias marker) {text}")
    } else {
        format!("// {text}")
    }
}

/// Two JSON names with one Rust name (`foo`, `Foo`): the later ones numbered.
fn dedupe_names(fields: &mut [super::rust_model::FieldOut]) {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for f in fields.iter_mut() {
        if seen.insert(f.name.clone()) {
            continue;
        }
        let mut n = 2;
        while seen.contains(&format!("{}_{n}", f.name)) {
            n += 1;
        }
        let json = naming::serde_camel(&f.name);
        if !f.attrs.iter().any(|a| a.starts_with("#[serde(rename =")) {
            f.attrs.insert(0, format!("#[serde(rename = {json:?})]"));
        }
        f.name = format!("{}_{n}", f.name);
        seen.insert(f.name.clone());
    }
}

fn literal_type(value: &str) -> Option<&'static str> {
    if value.starts_with(['"', '`']) {
        Some("&str")
    } else if value == "true" || value == "false" {
        Some("bool")
    } else if value.chars().all(|c| c.is_ascii_digit() || c == '_') {
        Some("i64")
    } else {
        None
    }
}

/// A Go string literal as a Rust one; `None` for escapes Rust spells
/// otherwise (`\a`, `\x80`, `\u1234`, octal).
fn rust_string(go: &str) -> Option<String> {
    if let Some(raw) = go.strip_prefix('`').and_then(|s| s.strip_suffix('`')) {
        let mut hashes = String::from("#");
        while raw.contains(&format!("\"{hashes}")) {
            hashes.push('#');
        }
        return Some(format!("r{hashes}\"{raw}\"{hashes}"));
    }
    let inner = go.strip_prefix('"')?.strip_suffix('"')?;
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' && !matches!(chars.next(), Some('\\' | '"' | 'n' | 't' | 'r')) {
            return None;
        }
    }
    Some(format!("\"{inner}\""))
}

/// The marker of a Rust `//` comment line (`// +optional` → `+optional`).
fn rust_marker(line: &str) -> Option<&str> {
    if line.starts_with("///") {
        return None;
    }
    let text = line.strip_prefix("//")?.trim();
    text.starts_with('+').then_some(text)
}
