//! The clientset emitter on a hand-built model: which files come out, which verbs
//! each kind's typed client offers (as the `+genclient` variants shape them, through
//! the runtime's verb marker traits), scopes, custom verbs, and what each kind tells
//! the runtime about itself. That the output compiles warning-free is proven by the
//! generated crates (`generated`, `fixture-generated`).

#[path = "clientset/model.rs"]
mod model;

use std::collections::BTreeMap;

use kube_codegen::emit::clientset::emit_clientset;
use kube_codegen::emit::types::emit_types;
use kube_codegen::emit::{Content, EmitOptions, GeneratedFile};
use quote::ToTokens;

fn emit() -> Vec<GeneratedFile> {
    emit_clientset(&model::api(), &EmitOptions::default())
}

/// Every emitted file, parsed, by path.
fn parsed() -> BTreeMap<String, syn::File> {
    emit()
        .into_iter()
        .map(|f| {
            let path = f.path.to_string_lossy().replace('\\', "/");
            let Content::Rust(text) = f.content else {
                panic!("{path}: the clientset emits only Rust");
            };
            let file =
                syn::parse_file(&text).unwrap_or_else(|e| panic!("{path} is not valid Rust: {e}"));
            (path, file)
        })
        .collect()
}

fn file(path: &str) -> syn::File {
    parsed()
        .remove(path)
        .unwrap_or_else(|| panic!("{path} was not emitted"))
}

fn find_trait<'a>(file: &'a syn::File, name: &str) -> &'a syn::ItemTrait {
    file.items
        .iter()
        .find_map(|item| match item {
            syn::Item::Trait(t) if t.ident == name => Some(t),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no trait {name}"))
}

/// The methods of a trait, with their parameters after `&self` (as written).
fn trait_methods(file: &syn::File, name: &str) -> Vec<(String, Vec<String>)> {
    find_trait(file, name)
        .items
        .iter()
        .filter_map(|item| match item {
            syn::TraitItem::Fn(f) => Some((
                f.sig.ident.to_string(),
                f.sig
                    .inputs
                    .iter()
                    .skip(1)
                    .map(|a| a.to_token_stream().to_string())
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

fn method_names(file: &syn::File, name: &str) -> Vec<String> {
    trait_methods(file, name)
        .into_iter()
        .map(|(n, _)| n)
        .collect()
}

fn text(file: &syn::File) -> String {
    prettyplease::unparse(file)
}

/// Whether `source` contains `needle`, whitespace aside (prettyplease wraps
/// long lines).
fn has(source: &str, needle: &str) -> bool {
    let squash = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    squash(source).contains(&squash(needle))
}

/// The verbs implemented for `types::<kind>` in a version file, in order.
fn verbs(file: &syn::File, kind: &str) -> Vec<String> {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Impl(i) if i.items.is_empty() => {
                let self_ty = i.self_ty.to_token_stream().to_string().replace(' ', "");
                let (_, path, _) = i.trait_.as_ref()?;
                let path = path.to_token_stream().to_string().replace(' ', "");
                (self_ty == format!("types::{kind}")).then(|| {
                    path.strip_prefix("kube_codegen_runtime::verb::")
                        .map(str::to_owned)
                })?
            }
            _ => None,
        })
        .collect()
}

/// The inherent methods of the group-version client struct, with their parameters.
fn accessors(file: &syn::File) -> BTreeMap<String, Vec<String>> {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Impl(i) if i.trait_.is_none() => Some(i),
            _ => None,
        })
        .flat_map(|i| i.items.iter())
        .filter_map(|item| match item {
            syn::ImplItem::Fn(f) if f.sig.ident != "new" => Some((
                f.sig.ident.to_string(),
                f.sig
                    .inputs
                    .iter()
                    .skip(1)
                    .map(|a| a.to_token_stream().to_string())
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn layout_is_one_file_per_group_version_and_no_runtime_copies() {
    let paths: Vec<String> = parsed().into_keys().collect();
    assert_eq!(
        paths,
        [
            "src/clientset/batch/v1.rs",
            "src/clientset/batch/v1beta1.rs",
            "src/clientset/infra/v1alpha1.rs",
            "src/clientset/mod.rs",
            "src/clientset/myapp/v1.rs",
        ]
    );
    // Not a `+genclient` kind: no client.
    let infra = text(&file("src/clientset/infra/v1alpha1.rs"));
    assert!(!infra.contains("PolicyList"), "{infra}");
}

#[test]
fn default_genclient_offers_every_verb_in_canonical_order() {
    let myapp = file("src/clientset/myapp/v1.rs");
    assert_eq!(
        verbs(&myapp, "App"),
        [
            "Create",
            "Update",
            "UpdateStatus",
            "Delete",
            "DeleteCollection",
            "Get",
            "List",
            "Watch",
            "Patch",
            "PatchStatus",
            "Apply",
            "ApplyStatus",
        ]
    );
    let source = text(&myapp);
    assert_eq!(accessors(&myapp)["apps"], ["namespace : & str"]);
    assert!(
        has(
            &source,
            "-> kube_codegen_runtime::TypedClient<types::App, C> {"
        ),
        "{source}"
    );
    assert!(
        source.contains("kube_codegen_runtime::TypedClient::new(&self.clientset, namespace)"),
        "{source}"
    );
}

#[test]
fn no_status_and_skip_verbs_remove_verbs() {
    let infra = file("src/clientset/infra/v1alpha1.rs");
    assert_eq!(
        verbs(&infra, "Database"),
        [
            "Create", "Update", "Delete", "Get", "List", "Patch", "Apply"
        ]
    );
    let beta = verbs(&file("src/clientset/batch/v1beta1.rs"), "CronTab");
    assert!(!beta.iter().any(|n| n.ends_with("Status")), "{beta:?}");
    assert!(beta.contains(&"Watch".to_owned()));
}

#[test]
fn readonly_only_verbs_and_no_verbs() {
    let infra = file("src/clientset/infra/v1alpha1.rs");
    assert_eq!(verbs(&infra, "Policy"), ["Get", "List", "Watch"]);
    assert_eq!(verbs(&infra, "Quota"), ["Create", "Delete", "Get", "List"]);
    // `noVerbs` keeps only the custom verbs.
    assert!(verbs(&infra, "Marker").is_empty());
    let methods = trait_methods(&infra, "MarkerMethods");
    assert_eq!(methods.len(), 1);
    assert_eq!(methods[0].0, "touch");
    assert_eq!(
        methods[0].1,
        [
            "pp : & kube_codegen_runtime :: params :: PostParams",
            "input : & types :: Marker"
        ]
    );
}

#[test]
fn custom_methods_use_their_subresource_and_declared_types() {
    let batch = file("src/clientset/batch/v1.rs");
    let methods: BTreeMap<_, _> = trait_methods(&batch, "CronTabMethods")
        .into_iter()
        .collect();
    assert_eq!(methods["get_scale"], ["name : & str"]);
    assert_eq!(
        methods["update_scale"],
        [
            "name : & str",
            "pp : & kube_codegen_runtime :: params :: PostParams",
            "input : & k8s_openapi :: api :: autoscaling :: v1 :: Scale"
        ]
    );
    let source = text(&batch);
    assert!(
        source.contains(
            "-> impl std::future::Future<\n        Output = kube_codegen_runtime::Result<k8s_openapi::api::autoscaling::v1::Scale>,"
        ),
        "{source}"
    );
    assert!(
        source.contains(
            r#"kube_codegen_runtime::ResourceApi::custom_get(self.api(), name, Some("scale"))"#
        ),
        "{source}"
    );
    assert!(
        source.contains(
            "impl<C: kube_codegen_runtime::Interface> CronTabMethods\nfor kube_codegen_runtime::TypedClient<types::CronTab, C> {"
        ),
        "{source}"
    );
    // Without `result=`, a custom verb returns the kind.
    assert!(
        source.contains("Output = kube_codegen_runtime::Result<types::CronTab>"),
        "{source}"
    );
    // The traits are in the prelude.
    let root = text(&file("src/clientset/mod.rs"));
    assert!(
        root.contains("pub use super::batch::v1::CronTabMethods as _;"),
        "{root}"
    );
    assert!(
        root.contains("pub use super::infra::v1alpha1::MarkerMethods as _;"),
        "{root}"
    );
}

#[test]
fn accessors_follow_scope_and_group_names() {
    let infra = accessors(&file("src/clientset/infra/v1alpha1.rs"));
    assert_eq!(
        infra["clusters"],
        Vec::<String>::new(),
        "cluster-scoped: no namespace"
    );
    assert_eq!(infra["databases"], ["namespace : & str"]);
    assert_eq!(infra["policies"], ["namespace : & str"]);

    let root = file("src/clientset/mod.rs");
    assert_eq!(
        method_names(&root, "Interface"),
        ["batch_v1", "batch_v1beta1", "infra_v1alpha1", "myapp_v1"]
    );
    let source = text(&root);
    assert!(
        source.contains("pub trait Interface: kube_codegen_runtime::Interface {"),
        "{source}"
    );
    assert!(
        source.contains("impl<C: kube_codegen_runtime::Interface> Interface for C {}"),
        "{source}"
    );
    assert!(
        source.contains(
            "pub use kube_codegen_runtime::{Clientset, Error, ErrorKind, Result, TypedClient, fake};"
        ),
        "{source}"
    );
}

/// The `impl kube_codegen_runtime::Kind` of `kind`, from the types emitter.
fn kind_info(kind: &str) -> String {
    let files = emit_types(&model::api(), &EmitOptions::default());
    files
        .into_iter()
        .filter_map(|f| match f.content {
            Content::Rust(text) => Some(text),
            Content::Tokens(_) | Content::Text(_) => None,
        })
        .find_map(|source| {
            let start = source.find(&format!("impl kube_codegen_runtime::Kind for {kind} {{"))?;
            let end = source[start..].find("\n}\n")?;
            Some(source[start..start + end].to_owned())
        })
        .unwrap_or_else(|| panic!("no Kind impl for {kind}"))
}

#[test]
fn kinds_tell_the_runtime_their_scope_status_scale_and_selectable_fields() {
    let crontab = kind_info("CronTab");
    for expected in [
        r#""batch.fixture.example.com","#,
        r#""crontabs","#,
        "true,\n",
        ".with_status_subresource()",
        r#"spec_replicas_path: ".spec.replicas","#,
        r#"label_selector_path: Some(".status.selector"),"#,
        r#".with_selectable_fields(&[".spec.schedule"])"#,
    ] {
        assert!(crontab.contains(expected), "{expected} not in {crontab}");
    }
    let cluster = kind_info("Cluster");
    assert!(cluster.contains("false,\n"), "{cluster}");
    assert!(!cluster.contains("with_scale"), "{cluster}");
    let database = kind_info("Database");
    assert!(!database.contains("with_status_subresource"), "{database}");
}

#[test]
fn generated_docs_cover_every_public_item() {
    for (path, file) in parsed() {
        let source = text(&file);
        assert!(source.starts_with("//!"), "{path} has no module docs");
        let lines: Vec<&str> = source.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let trimmed = line.trim_start();
            let is_pub_item = [
                "pub fn ",
                "pub async fn ",
                "pub struct ",
                "pub enum ",
                "pub trait ",
                "pub static ",
                "pub const ",
                "pub type ",
                "pub mod ",
            ]
            .iter()
            .any(|p| trimmed.starts_with(p));
            // `pub mod x;` is documented by the `//!` docs of its own file, and
            // `pub mod x {` by the `//!` line that opens it.
            let module_decl = trimmed.starts_with("pub mod ")
                && (trimmed.ends_with(';')
                    || lines
                        .get(i + 1)
                        .is_some_and(|l| l.trim_start().starts_with("//!")));
            if !is_pub_item || module_decl || i == 0 {
                continue;
            }
            // Walk up over attributes to the doc comment.
            let documented = lines[..i]
                .iter()
                .rev()
                .map(|l| l.trim_start())
                .find(|l| !l.starts_with("#["))
                .is_some_and(|l| l.starts_with("///"));
            assert!(documented, "{path}: undocumented `{trimmed}`");
        }
    }
}

#[test]
fn output_is_deterministic() {
    let render = |files: Vec<GeneratedFile>| -> Vec<(String, String)> {
        files
            .into_iter()
            .map(|f| match f.content {
                Content::Rust(t) | Content::Text(t) => (f.path.display().to_string(), t),
                Content::Tokens(t) => (f.path.display().to_string(), t.to_string()),
            })
            .collect()
    };
    assert_eq!(render(emit()), render(emit()));
}

#[test]
fn keyword_names_become_valid_identifiers() {
    let mut api = model::api();
    let ty = model::kind("Type", "types", true, false, Some(model::all_verbs(true)));
    let mut custom = model::all_verbs(true);
    custom.methods = vec![model::method("Match", "get", None, None, None)];
    let mut kind = model::kind("Impl", "impls", false, false, Some(custom));
    kind.kind.as_mut().unwrap().plural = "loops".into();
    api.groups[2].versions[0].files[0].types.extend([ty, kind]);
    let files = emit_clientset(&api, &EmitOptions::default());
    for f in &files {
        let Content::Rust(text) = &f.content else {
            continue;
        };
        syn::parse_file(text)
            .unwrap_or_else(|e| panic!("{} is not valid Rust: {e}", f.path.display()));
    }
    let version = files
        .iter()
        .find(|f| f.path.ends_with("clientset/myapp/v1.rs"))
        .expect("v1.rs");
    let Content::Rust(source) = &version.content else {
        unreachable!()
    };
    let parsed: syn::File = syn::parse_file(source).unwrap();
    assert_eq!(
        trait_methods(&parsed, "ImplMethods"),
        [("r#match".to_owned(), vec!["name : & str".to_owned()])],
        "{source}"
    );
    let accessors = accessors(&parsed);
    assert_eq!(accessors["types"], ["namespace : & str"], "{source}");
    assert!(accessors["loops"].is_empty(), "{source}");
    assert!(
        source.contains("impl kube_codegen_runtime::verb::Get for types::Type {}"),
        "{source}"
    );
}
