//! A hand-built API model for the clientset emitter tests: every verb-shaping
//! marker (`onlyVerbs`, `skipVerbs`, `noStatus`, `readonly`, `noVerbs`,
//! `nonNamespaced`, `method=`), a scale subresource and a selectable field, over
//! two groups and three versions.

use std::path::PathBuf;

use kube_codegen::model::{
    Api, ClientConfig, CustomMethod, Group, Kind, Location, ScaleSubresource, SourceFile,
    StructDef, TypeBody, TypeDef, Validation, Verb, Version,
};

/// `+genclient` with the default verb set (all verbs, status verbs unless `no_status`).
pub fn all_verbs(no_status: bool) -> ClientConfig {
    ClientConfig {
        verbs: Verb::ALL
            .into_iter()
            .filter(|v| !(no_status && v.is_status()))
            .collect(),
        methods: Vec::new(),
        no_status,
    }
}

/// `+genclient:onlyVerbs=...`.
pub fn only(verbs: &[Verb]) -> ClientConfig {
    ClientConfig {
        verbs: verbs.to_vec(),
        methods: Vec::new(),
        no_status: true,
    }
}

/// A kind's type definition.
pub fn kind(
    name: &str,
    plural: &str,
    namespaced: bool,
    status: bool,
    client: Option<ClientConfig>,
) -> TypeDef {
    TypeDef {
        name: name.to_owned(),
        docs: vec![format!("{name} is a test kind.")],
        location: Location {
            file: PathBuf::from(format!("{}.rs", name.to_lowercase())),
            line: 1,
            column: 1,
        },
        derives: vec!["Debug".into(), "Serialize".into(), "Deserialize".into()],
        deepcopy: true,
        validation: Validation::default(),
        body: TypeBody::Struct(StructDef::default()),
        kind: Some(Kind {
            client,
            namespaced,
            plural: plural.to_owned(),
            singular: name.to_lowercase(),
            short_names: Vec::new(),
            categories: Vec::new(),
            status_subresource: status,
            scale: None,
            printer_columns: Vec::new(),
            storage_version: true,
            deprecated: None,
            served: true,
            skip_version: false,
            selectable_fields: Vec::new(),
            crd_annotations: Default::default(),
            crd_labels: Default::default(),
            conversion: None,
        }),
    }
}

fn version(name: &str, types: Vec<TypeDef>) -> Version {
    Version {
        name: name.to_owned(),
        module: name.to_owned(),
        location: Location::default(),
        docs: Vec::new(),
        deepcopy_package: true,
        skip_crds: false,
        aliases: Vec::new(),
        files: vec![SourceFile {
            stem: "types".to_owned(),
            path: PathBuf::from("types.rs"),
            rel: PathBuf::from("types.rs"),
            uses: Vec::new(),
            items: Vec::new(),
            types,
            conversions: Vec::new(),
        }],
    }
}

/// The scale subresource of `CronTab`.
pub fn scale() -> ScaleSubresource {
    ScaleSubresource {
        spec_replicas_path: ".spec.replicas".into(),
        status_replicas_path: ".status.replicas".into(),
        label_selector_path: Some(".status.selector".into()),
    }
}

/// `+genclient:method=...`.
pub fn method(
    name: &str,
    verb: &str,
    subresource: Option<&str>,
    input: Option<&str>,
    result: Option<&str>,
) -> CustomMethod {
    CustomMethod {
        name: name.to_owned(),
        verb: verb.to_owned(),
        subresource: subresource.map(str::to_owned),
        input: input.map(str::to_owned),
        result: result.map(str::to_owned),
    }
}

const SCALE: &str = "k8s_openapi::api::autoscaling::v1::Scale";

/// The test API:
/// - `myapp.k8s.io/v1`: `App` (namespaced, status, every verb);
/// - `batch.fixture.example.com/v1`: `CronTab` (status, scale, selectable
///   `.spec.schedule`, `GetScale`/`UpdateScale`/`PatchScale` custom verbs, a custom
///   verb without subresource), `v1beta1`: `CronTab` (`noStatus`);
/// - `infra.fixture.example.com/v1alpha1` (go name `Infra`): `Cluster`
///   (cluster-scoped, status), `Database` (`noStatus`, `skipVerbs=deleteCollection,watch`),
///   `Policy` (`readonly`), `Quota` (`onlyVerbs=create,get,list,delete`), `Marker`
///   (`noVerbs`), `PolicyList` (not a `+genclient` kind: no client).
pub fn api() -> Api {
    let app = kind("App", "apps", true, true, Some(all_verbs(false)));

    let mut crontab_client = all_verbs(false);
    crontab_client.methods = vec![
        method("GetScale", "get", Some("scale"), None, Some(SCALE)),
        method(
            "UpdateScale",
            "update",
            Some("scale"),
            Some(SCALE),
            Some(SCALE),
        ),
        method("PatchScale", "patch", Some("scale"), None, Some(SCALE)),
        method("GetStatus", "get", Some("status"), None, None),
    ];
    let mut crontab = kind("CronTab", "crontabs", true, true, Some(crontab_client));
    if let Some(k) = crontab.kind.as_mut() {
        k.scale = Some(scale());
        k.selectable_fields = vec![".spec.schedule".into()];
    }
    let crontab_beta = kind("CronTab", "crontabs", true, false, Some(all_verbs(true)));

    let cluster = kind("Cluster", "clusters", false, true, Some(all_verbs(false)));
    let mut database_client = all_verbs(true);
    database_client
        .verbs
        .retain(|v| !matches!(v, Verb::DeleteCollection | Verb::Watch));
    let database = kind("Database", "databases", true, false, Some(database_client));
    let policy = kind(
        "Policy",
        "policies",
        true,
        false,
        Some(only(&[Verb::Get, Verb::List, Verb::Watch])),
    );
    let quota = kind(
        "Quota",
        "quotas",
        true,
        false,
        Some(only(&[Verb::Create, Verb::Get, Verb::List, Verb::Delete])),
    );
    let mut marker_client = only(&[]);
    marker_client.methods = vec![method("Touch", "create", None, None, None)];
    let marker = kind("Marker", "markers", true, false, Some(marker_client));
    let mut policy_list = kind("PolicyList", "policylists", true, false, None);
    policy_list.kind = None;

    Api {
        groups: vec![
            Group {
                name: "batch.fixture.example.com".into(),
                module: "batch".into(),
                go_name: None,
                versions: vec![
                    version("v1", vec![crontab]),
                    version("v1beta1", vec![crontab_beta]),
                ],
            },
            Group {
                name: "infra.fixture.example.com".into(),
                module: "infra".into(),
                go_name: Some("Infra".into()),
                versions: vec![version(
                    "v1alpha1",
                    vec![cluster, database, policy, quota, marker, policy_list],
                )],
            },
            Group {
                name: "myapp.k8s.io".into(),
                module: "myapp".into(),
                go_name: None,
                versions: vec![version("v1", vec![app])],
            },
        ],
    }
}
