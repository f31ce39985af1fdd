//! The trap corpus of issue #16 (`tests/traps`) on the real API server. Each
//! case is an API shape written the way Rust operator authors write it, taken
//! from a public issue of kube-rs, kopium, k8s-openapi or controller-tools
//! (cited in the case's `mod.rs`), where generators wrote a CRD the API server
//! rejects or silently mishandles. Every case ends in one of two ways:
//!
//! - ok: its CRD is installed, and a sample object is created and read back
//!   unchanged, `Kind::default()` goes through server-side apply, an object
//!   applied, read, modified and applied again by its field manager comes
//!   back as applied, and for enums a second field manager applying another
//!   variant conflicts with the first (forcing replaces the variant), or,
//!   where the union is flattened into a struct, is refused (by a conflict,
//!   then the union's rule when forced; or by the rule alone when the
//!   variants share no field), and the owner of the variant switches it
//!   itself — nothing is silently merged or lost; for the shapes of issue
//!   #23 (kube's own types, re-exported paths, map keys, bytes) a second field
//!   manager also forces `Kind::default()` over the filled object, which then
//!   reads back, and the first takes it back whole; and what the Rust type
//!   could not read is refused by the server (a key no enum variant names, an
//!   integer key out of range, `""` for bytes, a duration kube cannot parse);
//! - refused: kube-codegen refuses it with the diagnostic in the case's
//!   `expected.txt` (`KUBE_CODEGEN_UPDATE_TRAPS=1` rewrites them).
//!
//! The run prints the tally.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail, ensure};
use k8s_openapi::NamespaceResourceScope;
use kube::api::{DynamicObject, Patch, PatchParams, PostParams};
use kube_codegen::emit::crd::CrdOptions;
use kube_codegen::parse::ParseOptions;
use kube_codegen::pipeline::parse_sources_and_check;
use serde::Serialize;
use serde::de::DeserializeOwned;
use traps::apis::*;

use super::*;

/// What forcing the second manager's variant does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Forced {
    /// The union is atomic: the forced variant replaces the first whole.
    Replaces,
    /// The union is flattened into a struct (granular): the merged object
    /// mixes variants, which the union's rule refuses.
    Refused,
}

/// A kind as the corpus tries it.
trait Kind:
    kube::Resource<DynamicType = (), Scope = NamespaceResourceScope>
    + Clone
    + Debug
    + Default
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
}

impl<K> Kind for K where
    K: kube::Resource<DynamicType = (), Scope = NamespaceResourceScope>
        + Clone
        + Debug
        + Default
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static
{
}

/// An object without what the server owns (`metadata`, and `status`, which
/// the main resource does not write when there is a status subresource).
fn body<K: Serialize>(object: &K) -> anyhow::Result<Value> {
    let mut value = serde_json::to_value(object)?;
    if let Some(map) = value.as_object_mut() {
        map.remove("metadata");
        map.remove("status");
    }
    Ok(value)
}

fn named<K: Kind>(mut object: K, name: &str) -> K {
    object.meta_mut().name = Some(name.to_owned());
    object
}

fn for_apply<K: Kind>(mut object: K) -> K {
    object.meta_mut().managed_fields = None;
    object.meta_mut().resource_version = None;
    object.meta_mut().uid = None;
    object.meta_mut().creation_timestamp = None;
    object.meta_mut().generation = None;
    object
}

/// The server-side steps every accepted case goes through.
async fn try_kind<K: Kind>(
    api: &Api<K>,
    sample: K,
    modify: impl FnOnce(&mut K),
    variants: Option<(K, K, Forced)>,
) -> anyhow::Result<()> {
    let sample = named(sample, "sample");
    api.create(&PostParams::default(), &sample)
        .await
        .context("create")?;
    let got = api.get("sample").await.context("get")?;
    ensure!(
        body(&got)? == body(&sample)?,
        "create + get changed the object:\n  sent {}\n  read {}",
        body(&sample)?,
        body(&got)?
    );

    let default = named(K::default(), "default");
    api.patch(
        "default",
        &PatchParams::apply("traps"),
        &Patch::Apply(&default),
    )
    .await
    .context("server-side apply of Kind::default()")?;

    // Read-modify-apply, as a controller that owns the object does it: the
    // fields it no longer sends are removed, whoever else wrote them before.
    let owned = named(sample.clone(), "owned");
    api.patch("owned", &PatchParams::apply("traps"), &Patch::Apply(&owned))
        .await
        .context("server-side apply of the sample")?;
    let mut read = for_apply(api.get("owned").await?);
    modify(&mut read);
    let reapplied = api
        .patch("owned", &PatchParams::apply("traps"), &Patch::Apply(&read))
        .await
        .context("read-modify-apply")?;
    ensure!(
        body(&reapplied)? == body(&read)?,
        "read-modify-apply changed the object:\n  sent {}\n  read {}",
        body(&read)?,
        body(&reapplied)?
    );

    if let Some((first, second, forced)) = variants {
        let (first, second) = (named(first, "union"), named(second, "union"));
        api.patch(
            "union",
            &PatchParams::apply("team-a"),
            &Patch::Apply(&first),
        )
        .await
        .context("team-a applies a variant")?;
        let refused = |result: &Result<K, kube::Error>| matches!(result, Err(kube::Error::Api(status)) if status.code == 422);
        let tried = api
            .patch(
                "union",
                &PatchParams::apply("team-b"),
                &Patch::Apply(&second),
            )
            .await;
        match (forced, &tried) {
            // Both variants set the same field (the union, or its tag):
            // the second manager conflicts with the first.
            (_, Err(kube::Error::Api(status))) if status.code == 409 => {
                let result = api
                    .patch(
                        "union",
                        &PatchParams::apply("team-b").force(),
                        &Patch::Apply(&second),
                    )
                    .await;
                match (forced, result) {
                    (Forced::Replaces, Ok(replaced)) => ensure!(
                        body(&replaced)? == body(&second)?,
                        "forcing another variant left {}",
                        body(&replaced)?
                    ),
                    (Forced::Refused, result) if refused(&result) => {}
                    (_, other) => bail!("forcing another variant: unexpected {other:?}"),
                }
            }
            // A flattened untagged union: the variants share no field, so
            // nothing conflicts, and the union's rule refuses the mix.
            (Forced::Refused, _) if refused(&tried) => {}
            _ => bail!("team-b applying another variant should conflict, got {tried:?}"),
        }
        if forced == Forced::Refused {
            // The owner of the variant switches it itself.
            let switched = api
                .patch(
                    "union",
                    &PatchParams::apply("team-a"),
                    &Patch::Apply(&second),
                )
                .await
                .context("team-a switches the variant")?;
            ensure!(
                body(&switched)? == body(&second)?,
                "switching the variant left {}",
                body(&switched)?
            );
        }
    }
    Ok(())
}

/// Two field managers on one object: `team-a` applies the filled object,
/// `team-b` forces `Kind::default()` over it (taking the fields it sends),
/// what they left reads back as `K`, and `team-a` forcing its object back
/// gets exactly it.
async fn two_managers<K: Kind>(api: &Api<K>, sample: K) -> anyhow::Result<()> {
    let sample = named(sample, "shared");
    let apply = |manager: &str| PatchParams::apply(manager).force();
    api.patch("shared", &apply("team-a"), &Patch::Apply(&sample))
        .await
        .context("team-a applies the sample")?;
    api.patch(
        "shared",
        &apply("team-b"),
        &Patch::Apply(&named(K::default(), "shared")),
    )
    .await
    .context("team-b applies Kind::default()")?;
    api.get("shared")
        .await
        .context("reading what two managers wrote")?;
    let back = api
        .patch("shared", &apply("team-a"), &Patch::Apply(&sample))
        .await
        .context("team-a applies the sample again")?;
    ensure!(
        body(&back)? == body(&sample)?,
        "after two managers:\n  sent {}\n  read {}",
        body(&sample)?,
        body(&back)?
    );
    Ok(())
}

/// Creates `spec` (JSON, bypassing the Rust type) and returns the server's
/// rejection message, which must name every one of `expected`.
async fn refused_spec(
    client: &Client,
    ns: &str,
    ar: &kube::api::ApiResource,
    name: &str,
    spec: Value,
    expected: &[&str],
) -> anyhow::Result<()> {
    let dynamic: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns, ar);
    let message = rejection(&dynamic, ar, name, spec).await;
    for part in expected {
        ensure!(message.contains(part), "{name}: {part:?} not in {message}");
    }
    Ok(())
}

/// The accepted cases, each with its sample, its modification and its
/// variants; extra checks where the trap is about what the server stores.
async fn ok_case(case: &str, client: &Client, ns: &str) -> anyhow::Result<()> {
    use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
    use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

    macro_rules! api {
        ($k:ty) => {
            Api::<$k>::namespaced(client.clone(), ns)
        };
    }
    match case {
        "t01_quantities" => {
            use t01_quantities::v1::*;
            let sample = Limit::new("x", LimitSpec::default());
            try_kind(
                &api!(Limit),
                sample,
                |o| {
                    o.spec.memory = Some(Quantity("1Gi".into()));
                    o.spec.max_surge = Some(IntOrString::String("25%".into()));
                },
                None,
            )
            .await
        }
        "t02_nullable_elements" => {
            use t02_nullable_elements::v1::*;
            let sample = Track::new(
                "x",
                TrackSpec {
                    tracks: vec![Some("stable".into()), None],
                    weights: BTreeMap::from([("a".into(), Some(1)), ("b".into(), None)]),
                },
            );
            try_kind(&api!(Track), sample, |o| o.spec.tracks.push(None), None).await
        }
        "t03_raw_extension" => {
            use k8s_openapi::apimachinery::pkg::runtime::RawExtension;
            use t03_raw_extension::v1::*;
            let sample = Wrapper::new("x", WrapperSpec::default());
            try_kind(
                &api!(Wrapper),
                sample,
                |o| {
                    o.spec.extra = Some(RawExtension(json!({"kind": "Anything", "n": 1})));
                },
                None,
            )
            .await
        }
        "t04_internally_tagged" => {
            use t04_internally_tagged::v1::*;
            let left = |v: &str| {
                Tagged::new(
                    "x",
                    TaggedSpec {
                        union: TaggedUnion::Left {
                            left_value: v.into(),
                        },
                    },
                )
            };
            let right = Tagged::new(
                "x",
                TaggedSpec {
                    union: TaggedUnion::Right {
                        right_value: "r".into(),
                    },
                },
            );
            try_kind(
                &api!(Tagged),
                left("l"),
                |o| {
                    o.spec.union = TaggedUnion::Right {
                        right_value: "r".into(),
                    };
                },
                Some((left("a"), right, Forced::Replaces)),
            )
            .await
        }
        "t05_adjacently_tagged" => {
            use t05_adjacently_tagged::v1::*;
            let job = |step| Job::new("x", JobSpec { step });
            try_kind(
                &api!(Job),
                job(Step::A { path: "/".into() }),
                |o| o.spec.step = Step::C,
                Some((
                    job(Step::B { flag: true }),
                    job(Step::A { path: "/x".into() }),
                    Forced::Replaces,
                )),
            )
            .await
        }
        "t06_complex_enum_list" => {
            use t06_complex_enum_list::v1::*;
            let sample = Variants::new(
                "x",
                VariantsSpec {
                    values: vec![
                        VariantType::VariantA(VariantAModel { name: "a".into() }),
                        VariantType::VariantB(VariantBModel { count: 2 }),
                    ],
                },
            );
            try_kind(&api!(Variants), sample, |o| o.spec.values.reverse(), None).await
        }
        "t07_flattened_untagged" => {
            use t07_flattened_untagged::v1::*;
            let flat = |value| Flat::new("x", FlatSpec { foo: value });
            try_kind(
                &api!(Flat),
                flat(UntaggedEnum::A { one: "1".into() }),
                |o| {
                    o.spec.foo = UntaggedEnum::B {
                        two: NormalEnum::High,
                        three: "3".into(),
                    };
                },
                Some((
                    flat(UntaggedEnum::A { one: "1".into() }),
                    flat(UntaggedEnum::B {
                        two: NormalEnum::Low,
                        three: "3".into(),
                    }),
                    Forced::Refused,
                )),
            )
            .await
        }
        "t08_untagged_int_or_string" => {
            use t08_untagged_int_or_string::v1::*;
            let probe = |port| Probe::new("x", ProbeSpec { port });
            try_kind(
                &api!(Probe),
                probe(PortValue::Name("http".into())),
                |o| o.spec.port = PortValue::Number(8080),
                Some((
                    probe(PortValue::Number(1)),
                    probe(PortValue::Name("web".into())),
                    Forced::Replaces,
                )),
            )
            .await
        }
        "t09_one_of_selector" => {
            use t09_one_of_selector::v1::*;
            let server = |pod_selector| Server::new("x", ServerSpec { pod_selector });
            let labels =
                ServerPodSelector::MatchLabels(BTreeMap::from([("app".into(), "web".into())]));
            let expressions = ServerPodSelector::MatchExpressions(vec![MatchExpression {
                key: "tier".into(),
                operator: Operator::In,
                values: Some(vec!["front".into()]),
            }]);
            try_kind(
                &api!(Server),
                server(labels.clone()),
                |o| o.spec.pod_selector = expressions.clone(),
                Some((
                    server(labels.clone()),
                    server(expressions.clone()),
                    Forced::Replaces,
                )),
            )
            .await
        }
        "t10_flatten_map" => {
            use t10_flatten_map::v1::*;
            let sample = Open::new(
                "x",
                OpenSpec {
                    foo: "f".into(),
                    bar: HashMap::from([("extra".into(), json!({"kept": [1, 2]}))]),
                },
            );
            try_kind(
                &api!(Open),
                sample,
                |o| {
                    o.spec.bar.insert("more".into(), json!("yes"));
                },
                None,
            )
            .await
        }
        "t11_preserve_unknown" => {
            use t11_preserve_unknown::v1::*;
            let sample = Plugin::new(
                "x",
                PluginSpec {
                    name: "p".into(),
                    settings: json!({"a": {"b": [true]}}),
                },
            );
            try_kind(
                &api!(Plugin),
                sample,
                |o| o.spec.settings["c"] = json!(3),
                None,
            )
            .await
        }
        "t12_pod_template_metadata" => {
            use k8s_openapi::api::core::v1::{Container, PodSpec, PodTemplateSpec};
            use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
            use t12_pod_template_metadata::v1::*;
            let sample = Runner::new(
                "x",
                RunnerSpec {
                    template: PodTemplateSpec {
                        metadata: Some(ObjectMeta {
                            labels: Some(BTreeMap::from([("app".into(), "web".into())])),
                            annotations: Some(BTreeMap::from([("note".into(), "kept".into())])),
                            ..Default::default()
                        }),
                        spec: Some(PodSpec {
                            containers: vec![Container {
                                name: "c".into(),
                                image: Some("busybox".into()),
                                ..Default::default()
                            }],
                            ..Default::default()
                        }),
                    },
                },
            );
            try_kind(
                &api!(Runner),
                sample,
                |o| {
                    if let Some(meta) = o.spec.template.metadata.as_mut() {
                        meta.labels
                            .get_or_insert_with(BTreeMap::new)
                            .insert("tier".into(), "front".into());
                    }
                },
                None,
            )
            .await
        }
        "t13_nested_defaults" => {
            use t13_nested_defaults::v1::*;
            let sample = Cert::new(
                "x",
                CertSpec {
                    common_name: "a.example.com".into(),
                    rotation: Rotation {
                        activate: Some(false),
                        days_before: Some(30),
                    },
                },
            );
            try_kind(
                &api!(Cert),
                sample,
                |o| o.spec.rotation.days_before = Some(60),
                None,
            )
            .await?;
            // Written without `rotation` (in YAML, by another client): the
            // server creates it with its defaults, as serde would default it.
            let ar = resource("t13.traps.example.com", "v1", "Cert", "certs");
            let dynamic: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns, &ar);
            dynamic
                .create(
                    &PostParams::default(),
                    &object(&ar, "bare", json!({"spec": {"commonName": "b"}}))?,
                )
                .await?;
            let bare = api!(Cert).get("bare").await?;
            ensure!(
                bare.spec.rotation
                    == Rotation {
                        activate: Some(true),
                        days_before: Some(90)
                    },
                "nested defaults not applied: {:?}",
                bare.spec.rotation
            );
            Ok(())
        }
        "t14_optional_enum" => {
            use t14_optional_enum::v1::*;
            try_kind(
                &api!(Logger),
                Logger::new(
                    "x",
                    LoggerSpec {
                        level: Some(Level::Debug),
                    },
                ),
                |o| o.spec.level = Some(Level::Error),
                None,
            )
            .await
        }
        "t15_documented_enum" => {
            use t15_documented_enum::v1::*;
            let sample = Shadow {
                spec: ShadowSpec {
                    state: State::MonitoringUpdate,
                },
                ..Shadow::default()
            };
            try_kind(&api!(Shadow), sample, |o| o.spec.state = State::Idle, None).await
        }
        "t16_no_spec" => {
            use t16_no_spec::v1::*;
            let sample = Flatroot {
                replicas: 3,
                image: "nginx".into(),
                ..Flatroot::default()
            };
            try_kind(&api!(Flatroot), sample, |o| o.replicas = 5, None).await
        }
        "t17_recursive" => {
            use t17_recursive::v1::*;
            let leaf = |name: &str| TreeNode {
                name: name.into(),
                children: vec![],
            };
            let sample = Tree::new(
                "x",
                TreeNode {
                    name: "root".into(),
                    children: vec![
                        TreeNode {
                            name: "a".into(),
                            children: vec![leaf("a1"), leaf("a2")],
                        },
                        leaf("b"),
                    ],
                },
            );
            try_kind(
                &api!(Tree),
                sample,
                |o| o.spec.children[0].children.push(leaf("a3")),
                None,
            )
            .await
        }
        "t18_timestamps" => {
            use t18_timestamps::v1::*;
            let at: traps::jiff::Timestamp = "2024-05-06T07:08:09Z".parse()?;
            try_kind(
                &api!(Run),
                Run::new("x", RunSpec { at, finished: None }),
                |o| o.spec.finished = Some(at),
                None,
            )
            .await
        }
        "t19_flattened_tagged" => {
            use t19_flattened_tagged::v1::*;
            let backup = |method| {
                Backup::new(
                    "x",
                    BackupSpec {
                        shared: "s".into(),
                        method,
                    },
                )
            };
            try_kind(
                &api!(Backup),
                backup(Method::Snapshot { volume: "v".into() }),
                |o| {
                    o.spec.method = Method::Dump {
                        database: "db".into(),
                        compress: Some(true),
                    }
                },
                Some((
                    backup(Method::Snapshot { volume: "v".into() }),
                    backup(Method::Dump {
                        database: "db".into(),
                        compress: None,
                    }),
                    Forced::Refused,
                )),
            )
            .await
        }
        "t20_untagged_structs" => {
            use t20_untagged_structs::v1::*;
            let login = |auth| Login::new("x", LoginSpec { auth });
            try_kind(
                &api!(Login),
                login(Auth::Basic {
                    user: "u".into(),
                    password: "p".into(),
                }),
                |o| o.spec.auth = Auth::Token { token: "t".into() },
                Some((
                    login(Auth::Token { token: "t".into() }),
                    login(Auth::Basic {
                        user: "u".into(),
                        password: "p".into(),
                    }),
                    Forced::Replaces,
                )),
            )
            .await
        }
        "t21_unsigned_bounds" => {
            use t21_unsigned_bounds::v1::*;
            try_kind(
                &api!(Counter),
                Counter::new(
                    "x",
                    CounterSpec {
                        hash: u32::MAX,
                        level: 255,
                        offset: -5,
                    },
                ),
                |o| o.spec.level = 0,
                None,
            )
            .await?;
            // What Rust could not read back is refused, not stored.
            let ar = resource("t21.traps.example.com", "v1", "Counter", "counters");
            let dynamic: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns, &ar);
            let message = rejection(
                &dynamic,
                &ar,
                "too-big",
                json!({"hash": 4_294_967_296_u64, "level": 256, "offset": 0}),
            )
            .await;
            ensure!(
                message.contains("spec.hash") && message.contains("spec.level"),
                "{message}"
            );
            Ok(())
        }
        "t22_optional_lists" => {
            use t22_optional_lists::v1::*;
            let sample = Endpoint::new(
                "x",
                EndpointSpec {
                    ports: Some(vec![PortSpec {
                        name: "http".into(),
                        port: 80,
                    }]),
                    hosts: None,
                },
            );
            try_kind(
                &api!(Endpoint),
                sample,
                |o| o.spec.hosts = Some(vec![]),
                None,
            )
            .await
        }
        "t23_emptied_by_apply" => {
            use t23_emptied_by_apply::v1::*;
            let sample = Application::new(
                "x",
                ApplicationSpec {
                    sync_policy: SyncPolicy {
                        automated: Automated {
                            self_heal: Some(true),
                            prune: Some(false),
                        },
                    },
                    labels: BTreeMap::from([("team".into(), "a".into())]),
                },
            );
            // Everything the manager had set inside is dropped: `spec`,
            // `automated` and `labels` are applied empty.
            try_kind(
                &api!(Application),
                sample,
                |o| o.spec = ApplicationSpec::default(),
                None,
            )
            .await
        }
        "t24_kube_types" => {
            use kube::core::{Duration, GroupVersionKind, TypeMeta};
            use t24_kube_types::v1::*;
            let sample = Probe::new(
                "x",
                ProbeSpec {
                    interval: Some("1h30m".parse::<Duration>()?),
                    timeout: Some("-1.5s".parse::<Duration>()?),
                    retention: Some("30s".parse::<Duration>()?),
                    target: Some(GroupVersionKind::gvk("apps", "v1", "Deployment")),
                    target_type: TypeMeta {
                        api_version: "apps/v1".into(),
                        kind: "Deployment".into(),
                    },
                },
            );
            try_kind(
                &api!(Probe),
                sample.clone(),
                |o| o.spec.interval = Some(std::time::Duration::from_millis(1500).into()),
                None,
            )
            .await?;
            two_managers(&api!(Probe), sample).await?;
            // What kube's `Duration` cannot read is refused, not stored.
            let ar = resource("t24.traps.example.com", "v1", "Probe", "probes");
            refused_spec(
                client,
                ns,
                &ar,
                "days",
                json!({"interval": "1d", "targetType": {"apiVersion": "v1", "kind": "Pod"}}),
                &["spec.interval"],
            )
            .await?;
            // A field's own pattern meets the type's (an `allOf` of both):
            // `1d` matches the field's and is still refused, `1h30m` matches
            // kube's and is refused by the field's.
            for (name, retention) in [("retention-days", "1d"), ("retention-mixed", "1h30m")] {
                refused_spec(
                    client,
                    ns,
                    &ar,
                    name,
                    json!({"retention": retention, "targetType": {"apiVersion": "v1", "kind": "Pod"}}),
                    &["spec.retention"],
                )
                .await?;
            }
            Ok(())
        }
        "t25_reexported_paths" => {
            use k8s_openapi::api::autoscaling::v1::ScaleSpec;
            use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
            use t25_reexported_paths::v1::*;
            let at: k8s_openapi::jiff::Timestamp = "2025-01-02T03:04:05Z".parse()?;
            let sample = Snapshot::new(
                "x",
                SnapshotSpec {
                    taken_at: Some(at),
                    expires_at: Some(at),
                    restore_labels: Some(ObjectMeta {
                        labels: Some(BTreeMap::from([("restored".into(), "yes".into())])),
                        ..ObjectMeta::default()
                    }),
                    scale: Some(ScaleSpec { replicas: Some(3) }),
                },
            );
            try_kind(
                &api!(Snapshot),
                sample.clone(),
                |o| o.spec.scale = Some(ScaleSpec { replicas: Some(0) }),
                None,
            )
            .await?;
            two_managers(&api!(Snapshot), sample).await
        }
        "t26_string_like_keys" => {
            use t26_string_like_keys::v1::*;
            let placement = |zones: &[(Zone, i32)], nodes: &[(&str, &str)]| {
                Placement::new(
                    "x",
                    PlacementSpec {
                        replicas_per_zone: zones.iter().copied().collect(),
                        node_labels: nodes
                            .iter()
                            .map(|(n, l)| (NodeName((*n).into()), (*l).into()))
                            .collect(),
                    },
                )
            };
            let sample = placement(
                &[(Zone::EuWest, 2), (Zone::UsEast, 1)],
                &[("node-1", "gpu")],
            );
            try_kind(
                &api!(Placement),
                sample.clone(),
                |o| {
                    o.spec.replicas_per_zone.insert(Zone::EuNorth, 3);
                },
                None,
            )
            .await?;
            two_managers(&api!(Placement), sample).await?;
            // Two managers, a key each: the map merges, and Rust reads both.
            let api = api!(Placement);
            let apply = |manager: &str| PatchParams::apply(manager);
            let a = named(placement(&[(Zone::EuWest, 1)], &[("node-a", "a")]), "keys");
            let b = named(placement(&[(Zone::UsEast, 2)], &[("node-b", "b")]), "keys");
            api.patch("keys", &apply("team-a"), &Patch::Apply(&a))
                .await?;
            api.patch("keys", &apply("team-b"), &Patch::Apply(&b))
                .await?;
            let merged = api.get("keys").await?.spec;
            ensure!(
                merged.replicas_per_zone == BTreeMap::from([(Zone::EuWest, 1), (Zone::UsEast, 2)])
                    && merged.node_labels.len() == 2,
                "two managers' keys: {merged:?}"
            );
            // A key that is no zone is refused by the server.
            let ar = resource("t26.traps.example.com", "v1", "Placement", "placements");
            refused_spec(
                client,
                ns,
                &ar,
                "mars",
                json!({"replicasPerZone": {"eu-west": 1, "mars": 2}}),
                &[
                    "spec.replicasPerZone",
                    "the keys must be one of: eu-west, eu-north, us-east",
                ],
            )
            .await
        }
        "t27_integer_keys" => {
            use t27_integer_keys::v1::*;
            let sample = Router::new(
                "x",
                RouterSpec {
                    ports: BTreeMap::from([(80, "web".into()), (u16::MAX, "last".into())]),
                    priorities: BTreeMap::from([(i64::MIN, 1), (0, 2), (i64::MAX, 3)]),
                },
            );
            try_kind(
                &api!(Router),
                sample.clone(),
                |o| {
                    o.spec.ports.insert(443, "tls".into());
                },
                None,
            )
            .await?;
            two_managers(&api!(Router), sample).await?;
            let ar = resource("t27.traps.example.com", "v1", "Router", "routers");
            for (name, ports) in [
                ("text", json!({"http": "web"})),
                ("zero-padded", json!({"080": "web"})),
                ("too-big", json!({"65536": "web"})),
                ("negative", json!({"-1": "web"})),
            ] {
                refused_spec(
                    client,
                    ns,
                    &ar,
                    name,
                    json!({"ports": ports}),
                    &["the keys must be unsigned decimal integers from 0 to 65535"],
                )
                .await?;
            }
            refused_spec(
                client,
                ns,
                &ar,
                "huge",
                json!({"priorities": {"9223372036854775808": 1}}),
                &["spec.priorities"],
            )
            .await
        }
        "t28_empty_bytes" => {
            use k8s_openapi::ByteString;
            use t28_empty_bytes::v1::*;
            // Nothing is sent for no bytes: the server would refuse `""`.
            let empty = serde_json::to_value(BundleSpec::default())?;
            ensure!(
                empty.get("ca").is_none() && empty.get("key").is_none(),
                "empty bytes are sent: {empty}"
            );
            let pem = ByteString(b"-----BEGIN CERTIFICATE-----".to_vec());
            let sample = Bundle::new(
                "x",
                BundleSpec {
                    ca: pem.clone(),
                    cert: Some(ByteString(vec![0, 255])),
                    extra: vec![pem.clone(), ByteString(Vec::new())],
                    files: BTreeMap::from([
                        ("a".into(), pem.clone()),
                        ("empty".into(), ByteString(Vec::new())),
                    ]),
                    digest: vec![0, 1, 255],
                    key: b"secret".to_vec(),
                },
            );
            try_kind(
                &api!(Bundle),
                sample.clone(),
                |o| {
                    o.spec.ca = ByteString(Vec::new());
                    o.spec.key.clear();
                },
                None,
            )
            .await?;
            two_managers(&api!(Bundle), sample).await?;
            // Created and updated (not applied) with no bytes, read back as no bytes.
            let api = api!(Bundle);
            let created = api
                .create(&PostParams::default(), &named(Bundle::default(), "empty"))
                .await
                .context("create with no bytes")?;
            ensure!(created.spec == BundleSpec::default(), "{:?}", created.spec);
            let mut updated = created;
            updated.spec.cert = Some(ByteString(Vec::new()));
            let updated = api
                .replace("empty", &PostParams::default(), &updated)
                .await
                .context("update with no bytes")?;
            ensure!(updated.spec.cert.is_none(), "{:?}", updated.spec);
            // Why: the server refuses `""` for `format: byte`.
            let ar = resource("t28.traps.example.com", "v1", "Bundle", "bundles");
            refused_spec(
                client,
                ns,
                &ar,
                "empty-ca",
                json!({"ca": ""}),
                &["spec.ca", "must be of type byte"],
            )
            .await
        }
        other => bail!("no checks written for the case {other}"),
    }
}

/// The case directories under `dir`, by name.
fn cases(dir: &Path) -> anyhow::Result<Vec<(String, PathBuf)>> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    out.sort();
    Ok(out)
}

/// The issue a case cites (the second line of its `mod.rs`).
fn citation(case_dir: &Path) -> String {
    let mod_rs = walk_files(case_dir)
        .into_iter()
        .find(|p| p.ends_with("mod.rs") && p.parent().is_some_and(|d| d.ends_with("v1")));
    mod_rs
        .and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|text| {
            text.lines()
                .nth(1)
                .map(|l| l.trim_start_matches("//!").trim().to_owned())
        })
        .unwrap_or_default()
}

fn walk_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk_files(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The diagnostics kube-codegen shows for a refused case, as a user sees them
/// (all of them, one run).
fn diagnostics_of(case_dir: &Path) -> anyhow::Result<String> {
    let files: Vec<(PathBuf, String)> = walk_files(case_dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let text = std::fs::read_to_string(&p)?;
            Ok((p.strip_prefix(case_dir)?.to_path_buf(), text))
        })
        .collect::<anyhow::Result<_>>()?;
    // Input and CRD errors together, source lines filled, as `generate` reports them.
    match parse_sources_and_check(
        &files,
        &ParseOptions::default(),
        Some(&CrdOptions::default()),
        true,
    ) {
        Err(diagnostics) => Ok(diagnostics.to_string()),
        Ok(_) => bail!("kube-codegen accepts {}", case_dir.display()),
    }
}

#[tokio::test]
async fn trap_corpus_ends_ok_or_refused_with_a_diagnostic() -> anyhow::Result<()> {
    let client = envtest::client().await?;
    crds::install(&client, traps::crds::custom_resource_definitions()?).await?;
    let root = Path::new(traps::REFUSED_CASES)
        .parent()
        .context("cases directory")?
        .to_path_buf();
    let mut lines = Vec::new();
    let (mut ok, mut refused, mut failed) = (0, 0, Vec::new());
    for (case, dir) in cases(&root.join("ok"))? {
        let ns = envtest::ns(&case.replace('_', "-")).await?;
        let outcome = ok_case(&case, &client, ns.name()).await;
        match &outcome {
            Ok(()) => ok += 1,
            Err(e) => failed.push(format!("{case}: {e:#}")),
        }
        let verdict = if outcome.is_ok() { "ok" } else { "FAILED" };
        lines.push(format!("  {case:<32} {verdict:<9} {}", citation(&dir)));
    }
    let update = std::env::var_os("KUBE_CODEGEN_UPDATE_TRAPS").is_some();
    for (case, dir) in cases(&root.join("refused"))? {
        let shown = diagnostics_of(&dir)?;
        let expected_path = dir.join("expected.txt");
        if update {
            std::fs::write(&expected_path, &shown)?;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if shown.trim_end() == expected.trim_end() && !expected.trim().is_empty() {
            refused += 1;
            lines.push(format!("  {case:<32} {:<9} {}", "refused", citation(&dir)));
        } else {
            failed.push(format!(
                "{case}: the diagnostics are not {}:\n{shown}",
                expected_path.display()
            ));
            lines.push(format!("  {case:<32} {:<9} {}", "FAILED", citation(&dir)));
        }
    }
    println!(
        "trap corpus: {} cases: {ok} ok on the real API server, {refused} refused with a \
         diagnostic (refused/<case>/expected.txt), {} failed\n{}",
        ok + refused + failed.len(),
        failed.len(),
        lines.join("\n")
    );
    ensure!(failed.is_empty(), "{}", failed.join("\n\n"));
    ensure!(ok + refused >= 41, "the corpus has {} cases", ok + refused);
    Ok(())
}
