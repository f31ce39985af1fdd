//! The clientset emitter on a hand-built model: which files come out, which verbs
//! each client offers (as the `+genclient` variants shape them), scopes, custom
//! verbs, and what the fake knows about each resource. That the output compiles
//! warning-free is proven by the generated crates (`generated`, `fixture-generated`).

#[path = "clientset/model.rs"]
mod model;

use std::collections::BTreeMap;

use kube_codegen::emit::clientset::emit_clientset;
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
            let Content::Rust(tokens) = f.content else {
                panic!("{path}: the clientset emits only Rust");
            };
            let file = syn::parse2::<syn::File>(tokens)
                .unwrap_or_else(|e| panic!("{path} is not valid Rust: {e}"));
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

#[test]
fn layout_has_a_client_and_a_fake_per_kind_and_the_support_files() {
    let paths: Vec<String> = parsed().into_keys().collect();
    let expected = [
        "src/clientset/mod.rs",
        "src/clientset/error.rs",
        "src/clientset/params.rs",
        "src/clientset/request.rs",
        "src/clientset/batch/mod.rs",
        "src/clientset/batch/v1/mod.rs",
        "src/clientset/batch/v1/cron_tab.rs",
        "src/clientset/batch/v1beta1/cron_tab.rs",
        "src/clientset/infra/v1alpha1/cluster.rs",
        "src/clientset/infra/v1alpha1/marker.rs",
        "src/clientset/myapp/v1/app.rs",
        "src/clientset/fake/mod.rs",
        "src/clientset/fake/tracker.rs",
        "src/clientset/fake/actions.rs",
        "src/clientset/fake/myapp/v1/mod.rs",
        "src/clientset/fake/myapp/v1/app.rs",
        "src/clientset/fake/infra/v1alpha1/quota.rs",
    ];
    for path in expected {
        assert!(
            paths.iter().any(|p| p == path),
            "{path} missing from {paths:#?}"
        );
    }
    // Not a `+genclient` kind: no client, real or fake.
    assert!(
        !paths.iter().any(|p| p.contains("policy_list")),
        "{paths:#?}"
    );
}

#[test]
fn default_genclient_offers_every_verb_in_canonical_order() {
    let app = file("src/clientset/myapp/v1/app.rs");
    assert_eq!(
        method_names(&app, "AppInterface"),
        [
            "create",
            "update",
            "update_status",
            "delete",
            "delete_collection",
            "get",
            "list",
            "watch",
            "patch",
            "patch_status",
            "apply",
            "apply_status",
        ]
    );
    let methods: BTreeMap<_, _> = trait_methods(&app, "AppInterface").into_iter().collect();
    assert_eq!(methods["create"], ["pp : & PostParams", "app : & App"]);
    assert_eq!(methods["get"], ["name : & str"]);
    assert_eq!(
        methods["watch"],
        ["wp : & WatchParams", "resource_version : & str"]
    );
    assert_eq!(
        methods["apply"],
        ["name : & str", "config : & P", "params : & ApplyParams"]
    );
}

#[test]
fn no_status_and_skip_verbs_remove_verbs() {
    let database = file("src/clientset/infra/v1alpha1/database.rs");
    assert_eq!(
        method_names(&database, "DatabaseInterface"),
        [
            "create", "update", "delete", "get", "list", "patch", "apply"
        ]
    );
    let beta = file("src/clientset/batch/v1beta1/cron_tab.rs");
    let names = method_names(&beta, "CronTabInterface");
    assert!(!names.iter().any(|n| n.ends_with("_status")), "{names:?}");
    assert!(names.contains(&"watch".to_owned()));
}

#[test]
fn readonly_only_verbs_and_no_verbs() {
    let policy = file("src/clientset/infra/v1alpha1/policy.rs");
    assert_eq!(
        method_names(&policy, "PolicyInterface"),
        ["get", "list", "watch"]
    );
    let quota = file("src/clientset/infra/v1alpha1/quota.rs");
    assert_eq!(
        method_names(&quota, "QuotaInterface"),
        ["create", "delete", "get", "list"]
    );
    // `noVerbs` keeps only the custom verbs.
    let marker = file("src/clientset/infra/v1alpha1/marker.rs");
    let methods = trait_methods(&marker, "MarkerInterface");
    assert_eq!(methods.len(), 1);
    assert_eq!(methods[0].0, "touch");
    assert_eq!(methods[0].1, ["pp : & PostParams", "input : & Marker"]);
}

#[test]
fn custom_methods_use_their_subresource_and_declared_types() {
    let crontab = file("src/clientset/batch/v1/cron_tab.rs");
    let methods: BTreeMap<_, _> = trait_methods(&crontab, "CronTabInterface")
        .into_iter()
        .collect();
    assert_eq!(methods["get_scale"], ["name : & str"]);
    assert_eq!(
        methods["update_scale"],
        [
            "name : & str",
            "pp : & PostParams",
            "input : & k8s_openapi :: api :: autoscaling :: v1 :: Scale"
        ]
    );
    let source = text(&crontab);
    assert!(
        source.contains(
            "-> impl Future<Output = Result<k8s_openapi::api::autoscaling::v1::Scale>> + Send"
        ),
        "{source}"
    );
    assert!(source.contains(r#"RawClient::for_api(&self.api).get(name, Some("scale")).await"#));
    assert!(
        source.contains(
            r#"RawClient::for_api(&self.api).update(name, Some("scale"), pp, input).await"#
        )
    );
    // Without `result=`, a custom verb returns the kind.
    assert!(source.contains(
        "fn get_status(&self, name: &str) -> impl Future<Output = Result<CronTab>> + Send;"
    ));
    let fake = text(&file("src/clientset/fake/batch/v1/cron_tab.rs"));
    assert!(
        fake.contains(r#"self.resource.custom_get(name, Some("scale"), false)"#),
        "{fake}"
    );
    assert!(
        fake.contains(r#"self.resource.custom_get(name, Some("status"), true)"#),
        "{fake}"
    );
}

#[test]
fn accessors_follow_scope_and_group_names() {
    let infra = file("src/clientset/infra/v1alpha1/mod.rs");
    let methods: BTreeMap<_, _> = trait_methods(&infra, "InfraV1alpha1Interface")
        .into_iter()
        .collect();
    assert_eq!(
        methods["clusters"],
        Vec::<String>::new(),
        "cluster-scoped: no namespace"
    );
    assert_eq!(methods["databases"], ["namespace : & str"]);
    assert_eq!(methods["policies"], ["namespace : & str"]);

    let root = file("src/clientset/mod.rs");
    assert_eq!(
        method_names(&root, "Interface"),
        ["batch_v1", "batch_v1beta1", "infra_v1alpha1", "myapp_v1"]
    );
    let source = text(&root);
    assert!(source.contains("pub fn client(&self) -> &kube::Client"));
    assert!(source.contains("pub async fn try_default() -> Result<Self>"));
    assert!(source.contains("type MyappV1: myapp::v1::MyappV1Interface;"));
}

#[test]
fn real_clients_are_built_on_kube_api() {
    let app = text(&file("src/clientset/myapp/v1/app.rs"));
    assert!(
        app.contains("kube::Api::namespaced(client, namespace)"),
        "{app}"
    );
    assert!(
        app.contains("Ok(self.api.replace_status(name, pp, app).await?)"),
        "{app}"
    );
    assert!(
        app.contains(
            "Ok(self.api.patch(name, &params.to_patch_params(), &Patch::Apply(config)).await?)"
        ),
        "{app}"
    );
    let cluster = text(&file("src/clientset/infra/v1alpha1/cluster.rs"));
    assert!(
        cluster.contains("pub fn new(client: kube::Client) -> Self"),
        "{cluster}"
    );
    assert!(cluster.contains("kube::Api::all(client)"), "{cluster}");
    assert!(!cluster.contains("namespaced"), "{cluster}");
}

#[test]
fn fake_knows_scope_status_scale_and_selectable_fields() {
    let crontab = text(&file("src/clientset/fake/batch/v1/cron_tab.rs"));
    for expected in [
        r#"group: "batch.fixture.example.com""#,
        r#"plural: "crontabs""#,
        "namespaced: true",
        "status_subresource: true",
        r#"spec_replicas_path: ".spec.replicas""#,
        r#"label_selector_path: Some(".status.selector")"#,
        r#"selectable_fields: &[".spec.schedule"]"#,
    ] {
        assert!(crontab.contains(expected), "{expected} not in {crontab}");
    }
    let cluster = text(&file("src/clientset/fake/infra/v1alpha1/cluster.rs"));
    assert!(cluster.contains("namespaced: false"), "{cluster}");
    assert!(cluster.contains("scale: None"), "{cluster}");
    let database = text(&file("src/clientset/fake/infra/v1alpha1/database.rs"));
    assert!(database.contains("status_subresource: false"), "{database}");

    let fake = text(&file("src/clientset/fake/mod.rs"));
    for variant in [
        "BatchV1CronTab(Box<crate::apis::batch::v1::CronTab>)",
        "BatchV1beta1CronTab(Box<crate::apis::batch::v1beta1::CronTab>)",
        "InfraV1alpha1Cluster(Box<crate::apis::infra::v1alpha1::Cluster>)",
        "MyappV1App(Box<crate::apis::myapp::v1::App>)",
    ] {
        assert!(fake.contains(variant), "{variant} not in the seed enum");
    }
    assert!(fake.contains("impl crate::clientset::Interface for Clientset"));
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
            // `pub mod x;` is documented by the `//!` docs of its own file.
            let module_decl = trimmed.starts_with("pub mod ") && trimmed.ends_with(';');
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
fn support_files_are_emitted_verbatim() {
    let error = text(&file("src/clientset/error.rs"));
    assert!(error.contains("pub enum ErrorKind"));
    assert!(error.contains("pub fn is_not_found(&self) -> bool"));
    let tracker = text(&file("src/clientset/fake/tracker.rs"));
    assert!(tracker.contains("pub fn compact(&self)"));
}

#[test]
fn output_is_deterministic() {
    let render = |files: Vec<GeneratedFile>| -> Vec<(String, String)> {
        files
            .into_iter()
            .map(|f| match f.content {
                Content::Rust(t) => (f.path.display().to_string(), t.to_string()),
                Content::Text(t) => (f.path.display().to_string(), t),
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
        let Content::Rust(tokens) = &f.content else {
            continue;
        };
        syn::parse2::<syn::File>(tokens.clone())
            .unwrap_or_else(|e| panic!("{} is not valid Rust: {e}", f.path.display()));
    }
    let impl_file = files
        .iter()
        .find(|f| f.path.ends_with("clientset/myapp/v1/impl.rs"))
        .expect("impl.rs");
    let Content::Rust(tokens) = &impl_file.content else {
        unreachable!()
    };
    let source = prettyplease::unparse(&syn::parse2(tokens.clone()).unwrap());
    assert!(source.contains("fn r#match(&self, name: &str)"), "{source}");
    // A kind called `Type` takes its object as `r#type`... or rather `object`.
    let type_file = files
        .iter()
        .find(|f| f.path.ends_with("clientset/myapp/v1/type.rs"))
        .expect("type.rs");
    let Content::Rust(tokens) = &type_file.content else {
        unreachable!()
    };
    let source = prettyplease::unparse(&syn::parse2(tokens.clone()).unwrap());
    assert!(source.contains("object: &Type"), "{source}");
}
