//! The lister and informer emitters, over hand-built models: which files come out
//! and what the thin surface over the runtime looks like for namespaced and
//! cluster-scoped kinds in several groups.

use std::collections::BTreeMap;
use std::path::PathBuf;

use kube_codegen::emit::informers::emit_informers;
use kube_codegen::emit::{Content, EmitOptions, GeneratedFile};
use kube_codegen::model::{
    Api, ClientConfig, Group, Kind, Location, SourceFile, StructDef, TypeBody, TypeDef, Validation,
    Verb, Version,
};

/// A kind type with a client offering `verbs`.
fn kind(name: &str, plural: &str, namespaced: bool, verbs: &[Verb]) -> TypeDef {
    TypeDef {
        name: name.to_owned(),
        docs: vec![],
        location: Location::default(),
        derives: vec![],
        deepcopy: true,
        validation: Validation::default(),
        body: TypeBody::Struct(StructDef::default()),
        kind: Some(Kind {
            client: Some(ClientConfig {
                verbs: verbs.to_vec(),
                methods: vec![],
                no_status: false,
            }),
            namespaced,
            plural: plural.to_owned(),
            singular: name.to_lowercase(),
            short_names: vec![],
            categories: vec![],
            status_subresource: false,
            scale: None,
            printer_columns: vec![],
            storage_version: false,
            deprecated: None,
            served: true,
            skip_version: false,
            selectable_fields: vec![],
            crd_annotations: Default::default(),
            crd_labels: Default::default(),
            conversion: None,
        }),
    }
}

/// A plain (non-kind) type.
fn plain(name: &str) -> TypeDef {
    TypeDef {
        kind: None,
        ..kind(name, "", true, &[])
    }
}

fn version(name: &str, stem: &str, types: Vec<TypeDef>) -> Version {
    Version {
        name: name.to_owned(),
        module: name.to_owned(),
        location: Location::default(),
        docs: vec![],
        deepcopy_package: true,
        skip_crds: false,
        aliases: Vec::new(),
        files: vec![SourceFile {
            stem: stem.to_owned(),
            path: PathBuf::from(format!("{stem}.rs")),
            rel: PathBuf::from(format!("{stem}.rs")),
            uses: vec![],
            items: vec![],
            types,
            conversions: Vec::new(),
        }],
    }
}

fn group(name: &str, module: &str, go_name: Option<&str>, versions: Vec<Version>) -> Group {
    Group {
        name: name.to_owned(),
        module: module.to_owned(),
        go_name: go_name.map(str::to_owned),
        versions,
    }
}

/// Two groups: `myapp.k8s.io/v1` (a namespaced kind, a cluster-scoped kind, a kind
/// without watch, a non-kind type) and `infra.example.com` with two versions and a
/// `+groupGoName`.
fn api() -> Api {
    let all = Verb::ALL.to_vec();
    Api {
        groups: vec![
            group(
                "infra.example.com",
                "infra",
                Some("InfraExample"),
                vec![
                    version(
                        "v1",
                        "database",
                        vec![
                            kind("Database", "databases", true, &all),
                            plain("DatabaseSpec"),
                        ],
                    ),
                    version(
                        "v1alpha1",
                        "cluster",
                        vec![kind("NetworkPolicy", "networkpolicies", true, &all)],
                    ),
                ],
            ),
            group(
                "myapp.k8s.io",
                "myapp",
                None,
                vec![version(
                    "v1",
                    "app",
                    vec![
                        kind("App", "apps", true, &all),
                        kind("Tenant", "tenants", false, &all),
                        kind(
                            "Report",
                            "reports",
                            true,
                            &[Verb::Create, Verb::Get, Verb::List],
                        ),
                        plain("AppSpec"),
                    ],
                )],
            ),
        ],
    }
}

/// One emitted file: its tokens printed without any whitespace (for matching
/// token sequences whatever their spacing), and formatted (for failure messages).
struct Emitted {
    tokens: String,
    pretty: String,
}

/// Emits for `api`, by path.
fn emit(api: &Api) -> BTreeMap<String, Emitted> {
    let opts = EmitOptions {
        crate_name: "mycrate".to_owned(),
        ..EmitOptions::default()
    };
    emit_informers(api, &opts)
        .into_iter()
        .map(|file: GeneratedFile| {
            let path = file.path.to_string_lossy().replace('\\', "/");
            let emitted = match file.content {
                Content::Rust(text) => {
                    syn::parse_file(&text)
                        .unwrap_or_else(|e| panic!("{path} is not a Rust file: {e}"));
                    let tokens: proc_macro2::TokenStream = text.parse().unwrap();
                    Emitted {
                        tokens: squash(&tokens.to_string()),
                        pretty: text,
                    }
                }
                Content::Tokens(_) => panic!("{path}: informers are written as text"),
                Content::Text(text) => Emitted {
                    tokens: text.clone(),
                    pretty: text,
                },
            };
            (path, emitted)
        })
        .collect()
}

/// Without whitespace, nor the trailing commas a broken line gets.
fn squash(text: &str) -> String {
    let squashed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    squashed
        .replace(",>", ">")
        .replace(",)", ")")
        .replace(",]", "]")
        .replace(",}", "}")
}

/// `code` in the same form as [`Emitted::tokens`].
fn normalize(code: &str) -> String {
    let tokens = code
        .parse::<proc_macro2::TokenStream>()
        .unwrap_or_else(|e| panic!("bad needle `{code}`: {e}"));
    squash(&tokens.to_string())
}

fn contains(files: &BTreeMap<String, Emitted>, path: &str, needle: &str) -> bool {
    let file = files
        .get(path)
        .unwrap_or_else(|| panic!("{path} was not emitted"));
    file.tokens.contains(&normalize(needle))
}

fn assert_has(files: &BTreeMap<String, Emitted>, path: &str, needle: &str) {
    assert!(
        contains(files, path, needle),
        "{path} lacks `{needle}`:\n{}",
        files[path].pretty
    );
}

fn assert_lacks(files: &BTreeMap<String, Emitted>, path: &str, needle: &str) {
    assert!(
        !contains(files, path, needle),
        "{path} should not contain `{needle}`:\n{}",
        files[path].pretty
    );
}

#[test]
fn emits_one_file_per_group_version_with_listable_watchable_kinds() {
    let files = emit(&api());
    let paths: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(
        paths,
        [
            "src/informers/infra/v1.rs",
            "src/informers/infra/v1alpha1.rs",
            "src/informers/mod.rs",
            "src/informers/myapp/v1.rs",
            "src/listers/mod.rs",
        ],
        "no copies of the runtime; a kind without `watch` (Report) gets no informer"
    );
    let myapp = "src/informers/myapp/v1.rs";
    assert_has(&files, myapp, "pub type AppInformer");
    assert_has(&files, myapp, "pub type TenantInformer");
    assert_lacks(&files, myapp, "Report");
}

#[test]
fn listers_are_aliases_of_the_runtimes_lister() {
    let files = emit(&api());
    let root = "src/listers/mod.rs";
    assert_has(
        &files,
        root,
        "pub use kube_codegen_runtime::listers::{Indexer, Lister, NamespaceLister};",
    );
    assert_has(
        &files,
        root,
        "#![doc = \" Listers of `myapp.k8s.io/v1`.\"] use crate::apis::myapp::v1 as types;",
    );
    assert_has(
        &files,
        root,
        "#[doc = \" Lists and gets `App` objects from an informer's cache.\"] \
         pub type AppLister = kube_codegen_runtime::listers::Lister<types::App>;",
    );
    assert_has(
        &files,
        root,
        "pub type TenantLister = kube_codegen_runtime::listers::Lister<types::Tenant>;",
    );
    assert_has(
        &files,
        root,
        "pub type NetworkPolicyLister = kube_codegen_runtime::listers::Lister<types::NetworkPolicy>;",
    );
    assert_lacks(&files, root, "ReportLister");
}

#[test]
fn the_factory_gets_one_accessor_per_group_version() {
    let files = emit(&api());
    let root = "src/informers/mod.rs";
    assert_has(
        &files,
        root,
        "#[doc = \" The informers of `infra.example.com/v1`.\"] \
         fn infra_example_v1(&self) -> infra::v1::InfraExampleV1Informers<'_>;",
    );
    assert_has(&files, root, "pub trait SharedInformerFactoryExt");
    assert_has(
        &files,
        root,
        "impl SharedInformerFactoryExt for SharedInformerFactory",
    );
    assert_has(
        &files,
        root,
        "fn myapp_v1(&self) -> myapp::v1::MyappV1Informers<'_> { myapp::v1::MyappV1Informers::new(self) }",
    );
    assert_has(
        &files,
        root,
        "pub mod infra { #![doc = \" Informers of the API group `infra.example.com`.\"] pub mod v1; pub mod v1alpha1; }",
    );
    // Accessors are the snake_case plurals, as in the clientset.
    assert_has(
        &files,
        "src/informers/infra/v1alpha1.rs",
        "pub fn network_policies(&self) -> NetworkPolicyInformer { \
         self.factory.informer_for::<types::NetworkPolicy>() }",
    );
    assert_has(
        &files,
        "src/informers/myapp/v1.rs",
        "pub fn tenants(&self) -> TenantInformer { self.factory.informer_for::<types::Tenant>() }",
    );
}

#[test]
fn doc_examples_use_the_crate_name_and_real_accessors() {
    let files = emit(&api());
    let listers = &files["src/listers/mod.rs"].pretty;
    assert!(
        listers.contains("let lister = factory.infra_example_v1().databases().lister();"),
        "{listers}"
    );
    assert!(listers.contains("use mycrate::prelude::*;"), "{listers}");
    let informers = &files["src/informers/mod.rs"].pretty;
    assert!(
        informers.contains("EventHandlerFuncs::<mycrate::apis::infra::v1::Database>::new()"),
        "{informers}"
    );
}

#[test]
fn kinds_named_like_generated_items_and_modules_named_like_keywords_work() {
    let all = Verb::ALL.to_vec();
    let api = Api {
        groups: vec![group(
            "type.example.com",
            "type",
            None,
            vec![version(
                "v1",
                "kinds",
                vec![
                    kind("Lister", "listers", true, &all),
                    kind("SharedInformer", "sharedinformers", false, &all),
                    kind("Types", "types", true, &all),
                ],
            )],
        )],
    };
    let files = emit(&api);
    let version = files
        .keys()
        .find(|p| p.starts_with("src/informers/") && p.ends_with("/v1.rs"))
        .cloned()
        .expect("a version file");
    // The user's kinds are always `types::<Kind>`: no name of theirs can clash.
    assert_has(
        &files,
        &version,
        "pub type ListerInformer = kube_codegen_runtime::informers::SharedInformer<types::Lister>;",
    );
    assert_has(
        &files,
        &version,
        "pub type SharedInformerInformer = kube_codegen_runtime::informers::SharedInformer<types::SharedInformer>;",
    );
    assert_has(&files, &version, "pub fn types(&self) -> TypesInformer");
    assert_has(
        &files,
        "src/listers/mod.rs",
        "pub type ListerLister = kube_codegen_runtime::listers::Lister<types::Lister>;",
    );
}

#[test]
fn an_api_without_informer_kinds_gets_only_the_roots() {
    let files = emit(&Api::default());
    let paths: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(paths, ["src/informers/mod.rs", "src/listers/mod.rs"]);
    assert_has(
        &files,
        "src/informers/mod.rs",
        "pub trait SharedInformerFactoryExt {}",
    );
}

/// The rich fixture API, parsed from `tests/fixture-apis/src`.
fn fixture() -> Api {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixture-apis/src");
    kube_codegen::parse::parse_dir(&dir, &kube_codegen::parse::ParseOptions::default())
        .unwrap_or_else(|diags| panic!("the fixture does not parse: {diags:?}"))
        .api
}

#[test]
fn fixture_kinds_get_informers_as_their_verbs_allow() {
    let files = emit(&fixture());
    // Listable and watchable, in two versions of one group and in another group.
    for (path, informer) in [
        ("src/informers/batch/v1.rs", "CronTabInformer"),
        ("src/informers/batch/v1beta1.rs", "CronTabInformer"),
        ("src/informers/infra/v1alpha1.rs", "ClusterInformer"),
        ("src/informers/infra/v1alpha1.rs", "PolicyInformer"),
    ] {
        assert_has(&files, path, &format!("pub type {informer}"));
    }
    // `skipVerbs=...,watch`, `onlyVerbs` without watch, `noVerbs`: no informer.
    for kind in ["Database", "Quota", "Marker"] {
        assert!(
            !files
                .values()
                .any(|f| f.pretty.contains(&format!("{kind}Informer"))
                    || f.pretty.contains(&format!("{kind}Lister"))),
            "{kind} cannot be watched, so it has no informer or lister"
        );
    }
    // `+groupGoName=Infrastructure` names the accessor.
    assert_has(
        &files,
        "src/informers/mod.rs",
        "fn infrastructure_v1alpha1(&self) -> infra::v1alpha1::InfrastructureV1alpha1Informers<'_>",
    );
    assert_has(
        &files,
        "src/informers/batch/v1beta1.rs",
        "pub fn cron_tabs(&self) -> CronTabInformer { self.factory.informer_for::<types::CronTab>() }",
    );
}
