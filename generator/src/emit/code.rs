//! Rust source written as text, already formatted: the emitters' pen.
//!
//! Fixed-shape files (apply configurations, clients, informers, listers, the
//! register impls, the crate root) are written line by line, as prost-build's
//! `CodeGenerator` pushes strings and k8s-openapi fills templates: no token
//! trees, no re-parse, no formatter. The layout is prettyplease's (the
//! formatter these files went through before, so the output did not change):
//! 4-space indents, lines of at most [`WIDTH`] columns, and where a line would
//! be longer, the same breaks prettyplease makes for the few shapes these files
//! have: parameter lists, generic arguments, attribute and argument lists,
//! `use` lists and method chains ([`Code::sig`], [`Code::ty`], [`Code::list`],
//! [`Code::fill`], [`Code::chain`]). Blank lines are the emitter's: one item
//! per paragraph, runs of one-line items (`use`, `mod`, marker `impl`s)
//! together.
//!
//! Every emitted file is parsed back with syn, and compared with what
//! prettyplease makes of it, by `codegen-cli/tests/all/emitted_text.rs`.

use std::fmt::{self, Write as _};

use super::docs;

/// The widest line prettyplease writes (its `MARGIN`), trailing punctuation included.
pub(crate) const WIDTH: usize = 89;

/// The widest struct expression prettyplease writes on one line (`S { a: 1 }`,
/// its `end_with_max_width(34)` plus the closing brace).
pub(crate) const STRUCT_WIDTH: usize = 35;

/// Rust source under construction, indented by open blocks.
#[derive(Debug)]
pub(crate) struct Code {
    out: String,
    depth: usize,
}

impl Code {
    pub(crate) fn new() -> Self {
        Code {
            // Most files are a few KiB; growing from nothing costs copies.
            out: String::with_capacity(8 * 1024),
            depth: 0,
        }
    }

    /// The text written so far.
    pub(crate) fn finish(self) -> String {
        self.out
    }

    /// How many bytes have been written.
    pub(crate) fn len(&self) -> usize {
        self.out.len()
    }

    /// Text written as it is (already indented), ending in a newline.
    pub(crate) fn raw(&mut self, text: &str) {
        self.out.push_str(text);
        if !text.is_empty() && !text.ends_with('\n') {
            self.out.push('\n');
        }
    }

    /// The column where the next line starts.
    fn indent(&self) -> usize {
        self.depth * 4
    }

    /// Whether `len` more columns fit on a line at the current depth.
    pub(crate) fn fits(&self, len: usize) -> bool {
        self.indent() + len <= WIDTH
    }

    /// One line at the current depth.
    pub(crate) fn line(&mut self, text: impl fmt::Display) {
        let start = self.out.len();
        for _ in 0..self.depth {
            self.out.push_str("    ");
        }
        let text_start = self.out.len();
        let _ = write!(self.out, "{text}");
        if self.out.len() == text_start {
            // No trailing whitespace on an empty line.
            self.out.truncate(start);
        }
        self.out.push('\n');
    }

    /// Several lines at the current depth (their own leading spaces kept): a
    /// template. A trailing newline ends the last line, not one more.
    pub(crate) fn lines(&mut self, text: &str) {
        for line in text.strip_suffix('\n').unwrap_or(text).split('\n') {
            self.line(line);
        }
    }

    /// A blank line, unless there is one already or the block just opened.
    pub(crate) fn blank(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with("\n\n") && !self.out.ends_with("{\n") {
            self.out.push('\n');
        }
    }

    /// `text` (`impl X {`), then one level deeper.
    pub(crate) fn open(&mut self, text: impl fmt::Display) {
        self.line(text);
        self.depth += 1;
    }

    /// One level deeper: the body of a block whose opening line was written
    /// by a layout helper ([`Code::sig`] with a ` {` tail).
    pub(crate) fn depth_in(&mut self) {
        self.depth += 1;
    }

    /// One level shallower, without a closing line.
    pub(crate) fn depth_out(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// One level shallower (dropping a blank line before it), then `text` (`}`).
    pub(crate) fn close(&mut self, text: impl fmt::Display) {
        if self.out.ends_with("\n\n") {
            self.out.pop();
        }
        self.depth = self.depth.saturating_sub(1);
        self.line(text);
    }

    /// Outer docs (`/// ...`), wrapped as [`docs::lines`] wraps them.
    pub(crate) fn doc(&mut self, text: &str) {
        if docs::is_one_line(text) {
            self.doc_line("///", text);
            return;
        }
        for line in docs::lines(text) {
            self.doc_line("///", &line);
        }
    }

    /// Inner docs (`//! ...`), for module docs.
    pub(crate) fn inner_doc(&mut self, text: &str) {
        for line in docs::lines(text) {
            self.doc_line("//!", &line);
        }
    }

    /// Outer docs from the model's doc lines (which have lost the space after
    /// `///`, as rustdoc strips it); a blank line is a paragraph break.
    pub(crate) fn doc_lines(&mut self, lines: &[String]) {
        for line in lines.iter().flat_map(|l| l.split('\n')) {
            self.doc_line("///", line);
        }
    }

    /// Inner docs from the model's doc lines.
    pub(crate) fn inner_doc_lines(&mut self, lines: &[String]) {
        for line in lines.iter().flat_map(|l| l.split('\n')) {
            self.doc_line("//!", line);
        }
    }

    /// One doc line as prettyplease prints `#[doc = " line"]`: `/// line`,
    /// trailing spaces dropped; an outer doc starting with `/` (which `////`
    /// would turn into a plain comment) stays an attribute.
    fn doc_line(&mut self, marker: &str, line: &str) {
        let text = if line.trim().is_empty() {
            ""
        } else {
            line.trim_end_matches(' ')
        };
        if text.is_empty() {
            self.line(marker);
        } else if marker == "///" && text.starts_with('/') {
            self.line(format_args!("#[doc = {}]", lit(&format!(" {text}"))));
        } else {
            self.line(format_args!("{marker} {text}"));
        }
    }

    /// `prefix` + `ty` + `suffix` on one line, or with the type's generic
    /// arguments one per line (`Option<` / `    Vec<..>,` / `>,`), the
    /// outermost first, as far as it takes.
    pub(crate) fn ty(&mut self, prefix: &str, ty: &str, suffix: &str) {
        self.ty_in_list(prefix, ty, suffix, true);
    }

    /// [`Code::ty`], where `suffix` is a list's comma that prettyplease writes
    /// only when the list breaks, and so does not count against the width
    /// (`counted` false: a parameter, a generic argument).
    fn ty_in_list(&mut self, prefix: &str, ty: &str, suffix: &str, counted: bool) {
        let counted_len = if counted { suffix.len() } else { 0 };
        if self.fits(prefix.len() + ty.len() + counted_len) {
            self.line(format_args!("{prefix}{ty}{suffix}"));
            return;
        }
        let Some((head, args, rest)) = split_generics(ty) else {
            self.line(format_args!("{prefix}{ty}{suffix}"));
            return;
        };
        self.open(format_args!("{prefix}{head}<"));
        for arg in args {
            // `Item = T`, `Output = T`: the binding stays on the line.
            let (binding, arg_ty) = match arg.split_once(" = ") {
                Some((name, ty)) if is_ident(name) => (&arg[..name.len() + 3], ty),
                _ => ("", arg),
            };
            self.ty_in_list(binding, arg_ty, ",", false);
        }
        self.depth -= 1;
        self.line(format_args!(">{rest}{suffix}"));
    }

    /// A trait impl's first line, `head for target {`, opening its block
    /// (`tail` ` {}`: an empty impl, nothing opened); else `head` and
    /// `for target {` below it, as prettyplease breaks it.
    pub(crate) fn impl_for(&mut self, head: &str, target: &str, tail: &str) {
        // prettyplease does not count the closing brace of an empty impl.
        let len = head.len() + 5 + target.len() + tail.trim_end_matches('}').len();
        if self.fits(len) {
            self.line(format_args!("{head} for {target}{tail}"));
        } else {
            self.line(head);
            self.ty("for ", target, tail);
        }
        if tail == " {" {
            self.depth += 1;
        }
    }

    /// A function signature: `head(params) -> ret` + `tail` on one line; else
    /// one parameter per line and `) -> ret` + `tail` below, the return type
    /// broken as [`Code::ty`] breaks it when that is still too long.
    /// `ret` is empty for functions returning `()`.
    pub(crate) fn sig(&mut self, head: &str, params: &[&str], ret: &str, tail: &str) {
        let arrow = if ret.is_empty() { "" } else { " -> " };
        let params_len: usize = params.iter().map(|p| p.len() + 2).sum::<usize>();
        let one_line = head.len() + 2 + params_len.saturating_sub(2) + arrow.len() + ret.len();
        if self.fits(one_line + tail.len()) {
            self.line(format_args!(
                "{head}({}){arrow}{ret}{tail}",
                Joined(params, ", ")
            ));
            return;
        }
        if params.is_empty() {
            self.ty(&format!("{head}(){arrow}"), ret, tail);
            return;
        }
        // `fn name<K: Into<String>>(` too long: the generics break first.
        match split_generics(head) {
            Some((name, generics, "")) if !self.fits(head.len() + 1) => {
                self.open(format_args!("{name}<"));
                for generic in generics {
                    self.line(format_args!("{generic},"));
                }
                self.depth -= 1;
                self.open(">(");
            }
            _ => self.open(format_args!("{head}(")),
        }
        for param in params {
            self.ty_in_list("", param, ",", false);
        }
        self.depth -= 1;
        if ret.is_empty() {
            self.line(format_args!("){tail}"));
        } else {
            self.ty(&format!("){arrow}"), ret, tail);
        }
    }

    /// `open` + items + `close` on one line (`items` joined by `, `); else one
    /// item per line, each with a comma (prettyplease's consistent break:
    /// attribute arguments, call arguments, array literals). `trailing`: a
    /// comma after the last item when broken (call arguments and arrays have
    /// one, an attribute's list as the source had it).
    pub(crate) fn list(&mut self, open: &str, items: &[String], close: &str, trailing: bool) {
        let len: usize = items.iter().map(|i| i.len() + 2).sum::<usize>();
        if self.fits(open.len() + len.saturating_sub(2) + close.len()) {
            self.line(format_args!("{open}{}{close}", Joined(items, ", ")));
            return;
        }
        self.open(open);
        for (i, item) in items.iter().enumerate() {
            let comma = if trailing || i + 1 < items.len() {
                ","
            } else {
                ""
            };
            self.line(format_args!("{item}{comma}"));
        }
        self.depth -= 1;
        self.line(close);
    }

    /// `head { a, b }` + `tail` on one line (`head {}` when empty); else
    /// `head {`, one item per line with a comma, `}` + `tail` (patterns).
    pub(crate) fn braces(&mut self, head: &str, items: &[String], tail: &str) {
        self.braces_within(head, items, tail, usize::MAX);
    }

    /// [`Code::braces`] for a struct expression, which prettyplease keeps on
    /// one line only up to [`STRUCT_WIDTH`] columns, however long the line may be.
    pub(crate) fn struct_expr(&mut self, head: &str, items: &[String], tail: &str) {
        self.braces_within(head, items, tail, STRUCT_WIDTH);
    }

    fn braces_within(&mut self, head: &str, items: &[String], tail: &str, limit: usize) {
        if items.is_empty() {
            self.line(format_args!("{head} {{}}{tail}"));
            return;
        }
        let len = head.len() + 3 + items.iter().map(|i| i.len() + 2).sum::<usize>();
        if len <= limit && self.fits(len + tail.len()) {
            self.line(format_args!("{head} {{ {} }}{tail}", Joined(items, ", ")));
            return;
        }
        self.open(format_args!("{head} {{"));
        for item in items {
            self.line(format_args!("{item},"));
        }
        self.close(format_args!("}}{tail}"));
    }

    /// `open` + items + `close` on one line; else the items filled into as few
    /// lines as fit, each followed by a comma (prettyplease's inconsistent
    /// break: `use a::{B, C, ...};`).
    pub(crate) fn fill(&mut self, open: &str, items: &[String], close: &str) {
        let len: usize = items.iter().map(|i| i.len() + 2).sum::<usize>();
        if self.fits(open.len() + len.saturating_sub(2) + close.len()) {
            self.line(format_args!("{open}{}{close}", Joined(items, ", ")));
            return;
        }
        self.open(open);
        let mut current = String::new();
        for item in items {
            if !current.is_empty() && !self.fits(current.len() + 1 + item.len() + 1) {
                self.line(&current);
                current.clear();
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(item);
            current.push(',');
        }
        if !current.is_empty() {
            self.line(&current);
        }
        self.depth -= 1;
        self.line(close);
    }

    /// An expression `prefix` + `receiver.link.link()` + `suffix` on one line;
    /// else as prettyplease breaks a chain: `prefix` + `receiver` on the
    /// first line, each link on a line of its own one level deeper, a call's
    /// arguments broken too when its line is still too long. `counted`:
    /// whether `suffix` counts against the width (a statement's `;` does, a
    /// struct field's comma does not).
    pub(crate) fn chain_expr(
        &mut self,
        prefix: &str,
        receiver: &str,
        links: &[Link<'_>],
        suffix: &str,
        counted: bool,
    ) {
        let suffix_len = if counted { suffix.len() } else { 0 };
        let len = prefix.len() + receiver.len() + links.iter().map(Link::len).sum::<usize>();
        if self.fits(len + suffix_len) {
            // The common case: written straight into the line.
            self.line(format_args!(
                "{prefix}{receiver}{}{suffix}",
                Joined(links, "")
            ));
            return;
        }
        let texts: Vec<String> = links.iter().map(Link::text).collect();
        self.line(format_args!("{prefix}{receiver}"));
        self.depth += 1;
        for (i, (link, text)) in links.iter().zip(&texts).enumerate() {
            let end = if i + 1 == links.len() { suffix } else { "" };
            let end_len = if i + 1 == links.len() { suffix_len } else { 0 };
            match link.args {
                Some(args) if !args.is_empty() && !self.fits(text.len() + end_len) => {
                    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
                    self.list(&format!(".{}(", link.name), &args, &format!("){end}"), true);
                }
                _ => self.line(format_args!("{text}{end}")),
            }
        }
        self.depth -= 1;
    }

    /// A method chain: `first.a().b()` + `suffix` on one line; else `first`
    /// and each `.call` on a line of its own, one level deeper.
    pub(crate) fn chain(&mut self, first: &str, calls: &[String], suffix: &str) {
        let len: usize = calls.iter().map(String::len).sum();
        if self.fits(first.len() + len + suffix.len()) {
            self.line(format_args!("{first}{}{suffix}", Joined(calls, "")));
            return;
        }
        self.line(first);
        self.depth += 1;
        for (i, call) in calls.iter().enumerate() {
            let end = if i + 1 == calls.len() { suffix } else { "" };
            self.line(format_args!("{call}{end}"));
        }
        self.depth -= 1;
    }
}

/// prettyplease puts items back to back; hand-written Rust separates them with a
/// blank line. Adds one after every block that closes an item (`}` at the item's
/// own indentation) and after the last of a run of `use` items: for the Rust
/// that goes through prettyplease (items copied from the input, conversions).
pub(crate) fn space_items(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + code.len() / 16);
    let mut prev: Option<&str> = None;
    for line in code.lines() {
        if let Some(p) = prev {
            let indent = |l: &str| l.len() - l.trim_start().len();
            let closes_item =
                p.trim() == "}" && indent(p) == indent(line) && !line.trim().is_empty();
            let is_use = |l: &str| l.starts_with("use ") || l.starts_with("pub use ");
            let ends_uses = is_use(p) && !is_use(line) && !line.trim().is_empty();
            let opens_else = line.trim_start().starts_with(['}', ')', ']', '.', '?'])
                || line.trim_start().starts_with("else");
            if (closes_item || ends_uses) && !opens_else {
                out.push('\n');
            }
        }
        out.push_str(line);
        out.push('\n');
        prev = Some(line);
    }
    out
}

/// One link of a method chain: `.name` or `.name(args)`.
pub(crate) struct Link<'a> {
    pub(crate) name: &'a str,
    /// `None` for a field access.
    pub(crate) args: Option<&'a [&'a str]>,
}

impl Link<'_> {
    fn text(&self) -> String {
        self.to_string()
    }

    /// The length of [`Link::text`], without writing it.
    fn len(&self) -> usize {
        1 + self.name.len()
            + self.args.map_or(0, |args| {
                2 + args.iter().map(|a| a.len()).sum::<usize>() + 2 * args.len().saturating_sub(1)
            })
    }
}

impl fmt::Display for Link<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.args {
            None => write!(f, ".{}", self.name),
            Some(args) => write!(f, ".{}({})", self.name, Joined(args, ", ")),
        }
    }
}

/// Items joined by a separator, written without collecting them into a string.
pub(crate) struct Joined<'a, T>(pub(crate) &'a [T], pub(crate) &'a str);

impl<T: fmt::Display> fmt::Display for Joined<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(self.1)?;
            }
            write!(f, "{item}")?;
        }
        Ok(())
    }
}

/// `Head<A, B>rest` → (`Head`, [`A`, `B`], `rest`), splitting at the first
/// top-level `<`; `None` for a type without generic arguments.
fn split_generics(ty: &str) -> Option<(&str, Vec<&str>, &str)> {
    let open = ty.find('<')?;
    let mut depth = 0usize;
    let mut args = Vec::new();
    let mut start = open + 1;
    for (i, c) in ty.char_indices().skip_while(|(i, _)| *i <= open) {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' if i > 0 && ty.as_bytes()[i - 1] == b'-' => {}
            ')' | ']' => depth = depth.saturating_sub(1),
            '>' if depth > 0 => depth -= 1,
            '>' => {
                args.push(ty[start..i].trim());
                return Some((&ty[..open], args, &ty[i + 1..]));
            }
            ',' if depth == 0 => {
                args.push(ty[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    None
}

fn is_ident(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// A string literal as proc-macro2 (and so prettyplease) writes it.
pub(crate) fn lit(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\0' if chars
                .as_str()
                .starts_with(|n: char| ('0'..='7').contains(&n)) =>
            {
                out.push_str("\\x00");
            }
            '\0' => out.push_str("\\0"),
            '\'' => out.push('\''),
            c => out.extend(c.escape_debug()),
        }
    }
    out.push('"');
    out
}

/// Rust's keywords, as syn refuses them for identifiers (its list).
pub(crate) fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "_" | "abstract"
            | "as"
            | "async"
            | "await"
            | "become"
            | "box"
            | "break"
            | "const"
            | "continue"
            | "crate"
            | "do"
            | "dyn"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "final"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "macro"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "override"
            | "priv"
            | "pub"
            | "ref"
            | "return"
            | "Self"
            | "self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "try"
            | "type"
            | "typeof"
            | "unsafe"
            | "unsized"
            | "use"
            | "virtual"
            | "where"
            | "while"
            | "yield"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(f: impl FnOnce(&mut Code)) -> String {
        let mut code = Code::new();
        f(&mut code);
        code.finish()
    }

    #[test]
    fn blocks_indent_and_blank_lines_separate_items_once() {
        let out = code(|c| {
            c.line("use a::B;");
            c.blank();
            c.open("impl B {");
            c.blank();
            c.line("fn f() {}");
            c.blank();
            c.blank();
            c.line("fn g() {}");
            c.blank();
            c.close("}");
        });
        assert_eq!(
            out,
            "use a::B;\n\nimpl B {\n    fn f() {}\n\n    fn g() {}\n}\n"
        );
    }

    #[test]
    fn long_types_break_their_outermost_generics_first() {
        let long = "Option<Vec<::k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition>>";
        let out = code(|c| {
            c.depth = 1;
            c.ty("pub conditions: ", long, ",");
        });
        assert_eq!(
            out,
            "    pub conditions: Option<\n        Vec<::k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition>,\n    >,\n"
        );
        let out = code(|c| c.ty("x: ", "impl IntoIterator<Item = u8>", ","));
        assert_eq!(out, "x: impl IntoIterator<Item = u8>,\n");
    }

    #[test]
    fn signatures_break_parameters_then_the_return_type() {
        let out = code(|c| {
            c.depth = 1;
            c.sig(
                "pub fn apps",
                &["&self", "namespace: &str"],
                "kube_codegen_runtime::TypedClient<types::App, C>",
                " {",
            );
        });
        assert_eq!(
            out,
            "    pub fn apps(\n        &self,\n        namespace: &str,\n    ) -> kube_codegen_runtime::TypedClient<types::App, C> {\n"
        );
        let out = code(|c| c.sig("fn f", &["&self"], "u8", ";"));
        assert_eq!(out, "fn f(&self) -> u8;\n");
    }

    #[test]
    fn lists_break_consistently_and_use_lists_fill() {
        let items: Vec<String> = (0..12).map(|i| format!("Item{i:02}AndSomeMore")).collect();
        let out = code(|c| c.list("f(", &items[..2], ")", true));
        assert_eq!(out, "f(Item00AndSomeMore, Item01AndSomeMore)\n");
        let out = code(|c| c.list("f(", &items, ");", true));
        assert_eq!(out.lines().count(), 14, "{out}");
        assert!(out.ends_with("    Item11AndSomeMore,\n);\n"), "{out}");
        let out = code(|c| c.fill("use a::{", &items, "};"));
        assert_eq!(
            out.lines().nth(1),
            Some("    Item00AndSomeMore, Item01AndSomeMore, Item02AndSomeMore, Item03AndSomeMore,")
        );
    }

    #[test]
    fn literals_escape_as_proc_macro2_does() {
        assert_eq!(lit("a\"b\\c'd\n"), r#""a\"b\\c'd\n""#);
        assert_eq!(lit("\u{0}1"), r#""\x001""#);
    }
}
