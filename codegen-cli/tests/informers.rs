//! The lister and informer emitters, over hand-built models: which files come out,
//! what the generated surface looks like for namespaced and cluster-scoped kinds in
//! several groups, and that the support files parse.

use std::collections::BTreeMap;
use std::path::PathBuf;

use kube_codegen::emit::informers::naming::plural_accessor;
use kube_codegen::emit::informers::{emit_informers, support::SUPPORT_FILES};
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
                Content::Rust(tokens) => {
                    let parsed = syn::parse2::<syn::File>(tokens.clone())
                        .unwrap_or_else(|e| panic!("{path} is not a Rust file: {e}"));
                    Emitted {
                        tokens: squash(&tokens.to_string()),
                        pretty: prettyplease::unparse(&parsed),
                    }
                }
                Content::Text(text) => Emitted {
                    tokens: text.clone(),
                    pretty: text,
                },
            };
            (path, emitted)
        })
        .collect()
}

fn squash(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
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
fn emits_one_lister_and_informer_per_listable_watchable_kind() {
    let files = emit(&api());
    let paths: Vec<&str> = files.keys().map(String::as_str).collect();
    let expected = [
        "src/informers/factory.rs",
        "src/informers/handler.rs",
        "src/informers/infra/mod.rs",
        "src/informers/infra/v1/database.rs",
        "src/informers/infra/v1/mod.rs",
        "src/informers/infra/v1alpha1/mod.rs",
        "src/informers/infra/v1alpha1/network_policy.rs",
        "src/informers/listeners.rs",
        "src/informers/mod.rs",
        "src/informers/myapp/mod.rs",
        "src/informers/myapp/v1/app.rs",
        "src/informers/myapp/v1/mod.rs",
        "src/informers/myapp/v1/tenant.rs",
        "src/informers/scope.rs",
        "src/informers/shared.rs",
        "src/listers/indexer.rs",
        "src/listers/infra/mod.rs",
        "src/listers/infra/v1/database.rs",
        "src/listers/infra/v1/mod.rs",
        "src/listers/infra/v1alpha1/mod.rs",
        "src/listers/infra/v1alpha1/network_policy.rs",
        "src/listers/lister.rs",
        "src/listers/mod.rs",
        "src/listers/myapp/mod.rs",
        "src/listers/myapp/v1/app.rs",
        "src/listers/myapp/v1/mod.rs",
        "src/listers/myapp/v1/tenant.rs",
        "src/listers/selector.rs",
    ];
    assert_eq!(
        paths, expected,
        "a kind without `watch` (Report) gets no informer"
    );
}

#[test]
fn namespaced_lister_reads_by_namespace_and_cluster_scoped_by_name() {
    let files = emit(&api());
    let app = "src/listers/myapp/v1/app.rs";
    assert_has(&files, app, "use crate::apis::myapp::v1::App;");
    assert_has(&files, app, "pub struct AppLister { inner: Lister<App>, }");
    assert_has(
        &files,
        app,
        "pub fn list(&self, selector: &Selector) -> Vec<Arc<App>> { self.inner.list(selector) }",
    );
    assert_has(
        &files,
        app,
        "pub fn apps<'a>(&'a self, namespace: &'a str) -> AppNamespaceLister<'a>",
    );
    assert_has(
        &files,
        app,
        "pub fn get(&self, name: &str) -> Option<Arc<App>> { self.inner.get(name) }",
    );
    let tenant = "src/listers/myapp/v1/tenant.rs";
    assert_has(
        &files,
        tenant,
        "pub fn get(&self, name: &str) -> Option<Arc<Tenant>> { self.inner.get(name) }",
    );
    assert_lacks(&files, tenant, "NamespaceLister");
    assert_has(
        &files,
        "src/listers/myapp/v1/mod.rs",
        "pub use app::{AppLister, AppNamespaceLister}; pub use tenant::TenantLister;",
    );
    // Accessors are the plural resource names, as in the clientset.
    assert_has(
        &files,
        "src/listers/infra/v1alpha1/network_policy.rs",
        "pub fn network_policies<'a>(&'a self, namespace: &'a str) -> NetworkPolicyNamespaceLister<'a>",
    );
}

#[test]
fn factory_chain_goes_through_group_and_version_structs() {
    let files = emit(&api());
    let root = "src/informers/mod.rs";
    assert_has(
        &files,
        root,
        "pub fn new(clientset: crate::clientset::Clientset, default_resync: std::time::Duration) -> Self \
         { Self::from_client(clientset.client().clone(), default_resync) }",
    );
    assert_has(
        &files,
        root,
        "pub fn myapp(&self) -> myapp::MyappInformers<'_> { myapp::MyappInformers::new(self) }",
    );
    // `+groupGoName` names the accessor.
    assert_has(
        &files,
        root,
        "pub fn infra_example(&self) -> infra::InfraExampleInformers<'_>",
    );
    assert_has(
        &files,
        "src/informers/infra/mod.rs",
        "pub fn v1alpha1(&self) -> v1alpha1::InfraExampleV1alpha1Informers<'a>",
    );
    assert_has(
        &files,
        "src/informers/myapp/v1/mod.rs",
        "pub fn apps(&self) -> AppInformer { AppInformer::new(self.factory.informer_for::<crate::apis::myapp::v1::App>()) }",
    );
    let informer = "src/informers/myapp/v1/app.rs";
    assert_has(
        &files,
        informer,
        "pub fn lister(&self) -> crate::listers::myapp::v1::AppLister",
    );
    assert_has(
        &files,
        informer,
        "pub fn add_event_handler(&self, handler: impl EventHandler<App>) -> HandlerRegistration",
    );
    assert_has(
        &files,
        informer,
        "pub fn subscribe(&self) -> Subscription<App>",
    );
}

#[test]
fn for_resource_knows_every_generated_resource_and_its_scope() {
    let files = emit(&api());
    let root = "src/informers/mod.rs";
    assert_has(
        &files,
        root,
        r#"("myapp.k8s.io", "v1", "apps") => (kube::api::ApiResource::erase::<crate::apis::myapp::v1::App>(&()), kube::discovery::Scope::Namespaced),"#,
    );
    assert_has(
        &files,
        root,
        r#"("myapp.k8s.io", "v1", "tenants") => (kube::api::ApiResource::erase::<crate::apis::myapp::v1::Tenant>(&()), kube::discovery::Scope::Cluster),"#,
    );
    assert!(!files[root].pretty.contains(r#""reports""#));
}

#[test]
fn doc_examples_use_the_crate_name_and_real_accessors() {
    let files = emit(&api());
    assert!(
        files["src/listers/mod.rs"]
            .pretty
            .contains("let lister = factory.infra_example().v1().databases().lister();")
    );
    assert!(
        files["src/listers/lister.rs"]
            .pretty
            .contains("mycrate::listers::parse_selector")
    );
    for (path, file) in &files {
        assert!(
            !file.pretty.contains("__CRATE__"),
            "{path} still has the crate placeholder"
        );
    }
}

#[test]
fn kinds_named_like_imports_are_aliased_and_modules_avoid_support_names() {
    let all = Verb::ALL.to_vec();
    let api = Api {
        groups: vec![group(
            "selector.example.com",
            "selector",
            None,
            vec![version(
                "v1",
                "kinds",
                vec![
                    kind("Selector", "selectors", true, &all),
                    kind("Mod", "mods", false, &all),
                ],
            )],
        )],
    };
    let files = emit(&api);
    // The group module `selector` would clash with the support module of that name.
    assert_has(&files, "src/listers/mod.rs", "pub mod selector_api;");
    assert_has(&files, "src/informers/mod.rs", "pub mod selector;");
    assert_has(
        &files,
        "src/listers/selector_api/v1/selector.rs",
        "use crate::apis::selector::v1::Selector as SelectorKind;",
    );
    assert_has(
        &files,
        "src/listers/selector_api/v1/selector.rs",
        "pub fn list(&self, selector: &Selector) -> Vec<Arc<SelectorKind>>",
    );
    // A kind called `Mod` cannot live in `mod.rs`.
    assert!(files.contains_key("src/listers/selector_api/v1/mod_kind.rs"));
    assert_has(
        &files,
        "src/listers/selector_api/v1/mod.rs",
        "mod mod_kind;",
    );
}

#[test]
fn an_api_without_informer_kinds_still_gets_the_generic_machinery() {
    let files = emit(&Api::default());
    assert_has(&files, "src/informers/mod.rs", "pub fn for_resource");
    assert!(files.contains_key("src/informers/shared.rs"));
    assert!(!files.keys().any(|p| p.matches('/').count() > 2));
}

#[test]
fn every_support_file_parses() {
    for (path, source) in SUPPORT_FILES {
        syn::parse_file(source).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}

#[test]
fn accessors_are_the_plural_resource_names_like_the_clientset() {
    assert_eq!(plural_accessor("apps"), "apps");
    assert_eq!(plural_accessor("networkpolicies"), "networkpolicies");
    assert_eq!(plural_accessor("people"), "people");
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
    for path in [
        "src/informers/batch/v1/cron_tab.rs",
        "src/informers/batch/v1beta1/cron_tab.rs",
        "src/informers/infra/v1alpha1/cluster.rs",
        "src/informers/infra/v1alpha1/policy.rs",
    ] {
        assert!(files.contains_key(path), "{path} missing");
    }
    // `skipVerbs=...,watch`, `onlyVerbs` without watch, `noVerbs`: no informer.
    for kind in ["database", "quota", "marker"] {
        assert!(
            !files.keys().any(|p| p.ends_with(&format!("/{kind}.rs"))),
            "{kind} cannot be watched, so it has no informer or lister"
        );
    }
    // `+groupGoName=Infrastructure` names the accessor; Cluster is cluster-scoped.
    assert_has(
        &files,
        "src/informers/mod.rs",
        "pub fn infrastructure(&self) -> infra::InfrastructureInformers<'_>",
    );
    assert_has(
        &files,
        "src/listers/infra/v1alpha1/cluster.rs",
        "pub fn get(&self, name: &str) -> Option<Arc<Cluster>>",
    );
    assert_has(
        &files,
        "src/informers/batch/v1beta1/mod.rs",
        "pub fn cron_tabs(&self) -> CronTabInformer { CronTabInformer::new(self.factory.informer_for::<crate::apis::batch::v1beta1::CronTab>()) }",
    );
}
