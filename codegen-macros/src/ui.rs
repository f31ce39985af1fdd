//! The macro's errors as the user sees them, without compiling the cases:
//! each `tests/ui/fail/*.rs` goes through [`expand`](crate::expand::expand)
//! as rustc would hand it over, and every `compile_error!` of the expansion
//! is rendered the way rustc renders one (message, `-->` location, the source
//! line, carets under the span), then compared with the `.stderr` file next
//! to the case (`KUBE_CODEGEN_BLESS=1` rewrites those; review the diff).
//!
//! Why not trybuild: it builds the cases in a target directory of its own,
//! with `--cfg trybuild` in the flags, so every dependency (k8s-openapi, the
//! generator, syn, ...) was compiled a second time in each CI run. The cases
//! that must compile are an ordinary integration test (`tests/pass.rs`).

use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;

/// One `compile_error!` of an expansion.
struct Error {
    message: String,
    start: proc_macro2::LineColumn,
    end: proc_macro2::LineColumn,
}

/// Each use of the macro in a case: the attribute's arguments and the item
/// it is on, as the macro receives them (the attribute itself removed).
fn macro_inputs(source: &str, case: &Path) -> Vec<(TokenStream, TokenStream)> {
    let mut inputs = Vec::new();
    let file: syn::File =
        syn::parse_str(source).unwrap_or_else(|e| panic!("{}: not Rust: {e}", case.display()));
    for mut item in file.items {
        let attrs = match &mut item {
            syn::Item::Mod(m) => &mut m.attrs,
            syn::Item::Struct(s) => &mut s.attrs,
            syn::Item::Enum(e) => &mut e.attrs,
            syn::Item::Fn(f) => &mut f.attrs,
            _ => continue,
        };
        let Some(at) = attrs.iter().position(|a| {
            let path = a.path();
            path.segments.len() == 2
                && path.segments[0].ident == "kube_codegen_macros"
                && path.segments[1].ident == "api"
        }) else {
            continue;
        };
        let attr = attrs.remove(at);
        let args = match attr.meta {
            syn::Meta::List(list) => list.tokens,
            _ => TokenStream::new(),
        };
        inputs.push((args, item.into_token_stream()));
    }
    assert!(
        !inputs.is_empty(),
        "{}: no item with #[kube_codegen_macros::api]",
        case.display()
    );
    inputs
}

/// The `compile_error! { "..." }` invocations of an expansion, with their
/// spans (the invocation's start, the braces' end, as syn sets them).
fn compile_errors(tokens: TokenStream, out: &mut Vec<Error>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) if ident == "compile_error" => {
                let Some(TokenTree::Group(body)) = tokens.get(i + 2) else {
                    continue;
                };
                let literal = body.stream().into_iter().next();
                let Some(TokenTree::Literal(literal)) = literal else {
                    continue;
                };
                let syn::Lit::Str(message) = syn::Lit::new(literal) else {
                    continue;
                };
                out.push(Error {
                    message: message.value(),
                    start: ident.span().start(),
                    end: body.span().end(),
                });
            }
            TokenTree::Group(group) => {
                compile_errors(group.stream(), out);
            }
            _ => {}
        }
    }
}

/// rustc's rendering of an error on one line of `source` (a span over
/// several lines is shown on its first line, to its end).
fn render(error: &Error, source: &str, shown_path: &str) -> String {
    let line = source.lines().nth(error.start.line - 1).unwrap_or("");
    let number = error.start.line.to_string();
    let gutter = " ".repeat(number.len());
    let width = if error.end.line == error.start.line {
        error.end.column.saturating_sub(error.start.column)
    } else {
        line.chars().count().saturating_sub(error.start.column)
    };
    format!(
        "error: {message}\n{gutter}--> {shown_path}:{line_no}:{column}\n{gutter} |\n{number} | {line}\n{gutter} | {pad}{carets}\n",
        // rustc aligns a message's further lines under its first.
        message = error.message.replace('\n', "\n       "),
        line_no = error.start.line,
        column = error.start.column + 1,
        pad = " ".repeat(error.start.column),
        carets = "^".repeat(width.max(1)),
    )
}

/// What rustc prints for a case: its errors, a blank line apart.
fn stderr_of(case: &Path, shown_path: &str) -> String {
    let source = std::fs::read_to_string(case).unwrap();
    let mut errors = Vec::new();
    for (args, item) in macro_inputs(&source, case) {
        compile_errors(crate::expand::expand(args, item), &mut errors);
    }
    assert!(
        !errors.is_empty(),
        "{}: the macro accepted a case that must fail",
        case.display()
    );
    errors
        .iter()
        .map(|e| render(e, &source, shown_path))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_failing_case_shows_its_errors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root.join("tests/ui/fail"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in tests/ui/fail");
    let bless = std::env::var("KUBE_CODEGEN_BLESS").is_ok_and(|v| v == "1");
    let mut stale = Vec::new();
    for case in &cases {
        let shown = format!(
            "tests/ui/fail/{}",
            case.file_name().unwrap().to_string_lossy()
        );
        let actual = stderr_of(case, &shown);
        let expected_path = case.with_extension("stderr");
        if bless {
            std::fs::write(&expected_path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected.trim_end() != actual.trim_end() {
            stale.push(format!(
                "{shown}:\n--- expected ({})\n{expected}\n--- actual\n{actual}",
                expected_path.display()
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "{} case(s) differ (KUBE_CODEGEN_BLESS=1 cargo test -p kube-codegen-macros rewrites them):\n\n{}",
        stale.len(),
        stale.join("\n")
    );
}
