//! The generated CRDs against the real API server: they are accepted and become
//! Established, valid objects are stored (with defaults applied and unknown fields
//! pruned), and every kind of validation marker makes the server reject the
//! objects that break it, at the expected field path.

use anyhow::{Context, Result};
use e2e::{crds, envtest};
use kube::api::{ApiResource, DynamicObject, GroupVersionKind, Patch, PatchParams, PostParams};
use kube::{Api, Client};
use serde_json::{Value, json};

async fn setup() -> Result<Client> {
    let client = envtest::client().await?;
    let all = generated::crds::custom_resource_definitions()?
        .into_iter()
        .chain(fixture_generated::crds::custom_resource_definitions()?);
    crds::install(&client, all).await?;
    Ok(client)
}

fn resource(group: &str, version: &str, kind: &str, plural: &str) -> ApiResource {
    ApiResource::from_gvk_with_plural(&GroupVersionKind::gvk(group, version, kind), plural)
}

fn crontab_v1() -> ApiResource {
    resource("batch.fixture.example.com", "v1", "CronTab", "crontabs")
}

fn object(ar: &ApiResource, name: &str, body: Value) -> Result<DynamicObject> {
    let mut value = body;
    value["apiVersion"] = json!(ar.api_version);
    value["kind"] = json!(ar.kind);
    value["metadata"] = json!({ "name": name });
    Ok(serde_json::from_value(value)?)
}

fn valid_crontab_spec() -> Value {
    json!({
        "schedule": "*/5 * * * *",
        "replicas": 3,
        "minReplicas": 1,
        "template": { "spec": { "containers": [{ "name": "c", "image": "busybox" }] } },
    })
}

/// Creates `spec` as a new object and returns the server's rejection message.
async fn rejection(api: &Api<DynamicObject>, ar: &ApiResource, name: &str, spec: Value) -> String {
    let obj = object(ar, name, json!({ "spec": spec })).unwrap();
    match api.create(&PostParams::default(), &obj).await {
        Ok(_) => panic!("server accepted invalid {name}: {spec}"),
        Err(kube::Error::Api(status)) => {
            assert_eq!(status.code, 422, "{name}: {status:?}");
            assert_eq!(status.reason, "Invalid", "{name}: {status:?}");
            status.message
        }
        Err(other) => panic!("{name}: unexpected error {other}"),
    }
}

fn with(mut base: Value, key: &str, value: Value) -> Value {
    base[key] = value;
    base
}

#[tokio::test]
async fn every_generated_crd_is_established() -> Result<()> {
    let client = setup().await?;
    // Listing each resource proves the server serves it at the generated plural.
    for (ar, namespaced) in [
        (resource("myapp.k8s.io", "v1", "App", "apps"), true),
        (crontab_v1(), true),
        (
            resource(
                "batch.fixture.example.com",
                "v1beta1",
                "CronTab",
                "crontabs",
            ),
            true,
        ),
        (
            resource(
                "infra.fixture.example.com",
                "v1alpha1",
                "Cluster",
                "clusters",
            ),
            false,
        ),
        (
            resource(
                "infra.fixture.example.com",
                "v1alpha1",
                "Database",
                "databases",
            ),
            true,
        ),
        (
            resource(
                "infra.fixture.example.com",
                "v1alpha1",
                "Policy",
                "policies",
            ),
            true,
        ),
        (
            resource("infra.fixture.example.com", "v1alpha1", "Quota", "quotas"),
            true,
        ),
        (
            resource("infra.fixture.example.com", "v1alpha1", "Marker", "markers"),
            true,
        ),
        (
            resource(
                "infra.fixture.example.com",
                "v1alpha1",
                "Gateway",
                "gateways",
            ),
            true,
        ),
        (
            resource("infra.fixture.example.com", "v1alpha1", "Route", "routes"),
            true,
        ),
    ] {
        let api: Api<DynamicObject> = if namespaced {
            Api::default_namespaced_with(client.clone(), &ar)
        } else {
            Api::all_with(client.clone(), &ar)
        };
        api.list(&Default::default())
            .await
            .with_context(|| format!("listing {}", ar.plural))?;
    }
    Ok(())
}

#[tokio::test]
async fn valid_objects_are_stored_with_defaults_and_pruning() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("crd-valid").await?;
    let ar = crontab_v1();
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns.name(), &ar);
    let mut spec = valid_crontab_spec();
    spec.as_object_mut().unwrap().remove("replicas");
    spec["unknownField"] = json!("pruned");
    spec["settings"] = json!({ "free": { "form": [1, 2] } });
    spec["notify"] =
        json!([{ "name": "ops", "url": "https://example.com/hook", "type": "webhook" }]);
    let created = api
        .create(
            &PostParams::default(),
            &object(&ar, "ok", json!({ "spec": spec }))?,
        )
        .await?;
    let stored = &created.data["spec"];
    assert_eq!(
        stored["replicas"],
        json!(1),
        "+kubebuilder:default=1 applied"
    );
    assert_eq!(
        stored["attempts"],
        json!(3),
        "default of a flattened field applied"
    );
    assert_eq!(
        stored.get("unknownField"),
        None,
        "unknown fields are pruned"
    );
    assert_eq!(
        stored["settings"],
        json!({ "free": { "form": [1, 2] } }),
        "preserved"
    );

    let cluster_ar = resource(
        "infra.fixture.example.com",
        "v1alpha1",
        "Cluster",
        "clusters",
    );
    let clusters: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_ar);
    let name = format!("c-{}", ns.name());
    let cluster = object(
        &cluster_ar,
        &name,
        json!({ "spec": { "region": "eu-west", "nodeCount": 3, "version": "1.34" } }),
    )?;
    let created = clusters.create(&PostParams::default(), &cluster).await?;
    assert_eq!(created.metadata.namespace, None, "cluster-scoped");
    clusters.delete(&name, &Default::default()).await?;
    Ok(())
}

#[tokio::test]
async fn validation_markers_are_enforced_by_the_server() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("crd-invalid").await?;
    let ar = crontab_v1();
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns.name(), &ar);
    let base = valid_crontab_spec();
    let notify = |entries: Value| with(base.clone(), "notify", entries);
    let target =
        |name: &str, kind: &str| json!({ "name": name, "url": "https://x.example", "type": kind });

    // (case, spec, field path and words the server's message must contain)
    let cases: Vec<(&str, Value, &[&str])> = vec![
        (
            "required",
            {
                let mut s = base.clone();
                s.as_object_mut().unwrap().remove("schedule");
                s
            },
            &["spec.schedule", "Required value"],
        ),
        (
            "min-length",
            with(base.clone(), "schedule", json!("* * * *")),
            &["spec.schedule", "at least 9"],
        ),
        (
            "pattern",
            with(base.clone(), "schedule", json!("every-five-minutes")),
            &["spec.schedule", "should match"],
        ),
        (
            "maximum",
            with(base.clone(), "replicas", json!(101)),
            &["spec.replicas", "less than or equal to 100"],
        ),
        (
            "minimum",
            with(base.clone(), "replicas", json!(-1)),
            &["spec.replicas", "greater than or equal to 0"],
        ),
        (
            "exclusive-maximum",
            with(base.clone(), "minReplicas", json!(100)),
            &["spec.minReplicas", "less than 100"],
        ),
        (
            "exclusive-minimum",
            with(base.clone(), "maxUnavailableFraction", json!(0)),
            &["spec.maxUnavailableFraction", "greater than 0"],
        ),
        (
            "multiple-of",
            with(base.clone(), "maxUnavailableFraction", json!(0.07)),
            &["spec.maxUnavailableFraction", "multiple of"],
        ),
        (
            "enum-type",
            with(base.clone(), "concurrencyPolicy", json!("Sometimes")),
            &["spec.concurrencyPolicy", "Unsupported value"],
        ),
        (
            "enum-marker",
            notify(json!([target("a", "sms")])),
            &["spec.notify[0].type", "Unsupported value"],
        ),
        (
            "max-items",
            with(
                base.clone(),
                "preRun",
                json!(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]),
            ),
            &["spec.preRun", "must have at most 10 items"],
        ),
        (
            "max-properties",
            with(
                base.clone(),
                "env",
                Value::Object((0..33).map(|i| (format!("K{i}"), json!("v"))).collect()),
            ),
            &["spec.env", "must have at most 32 items"],
        ),
        (
            "list-map-keys",
            notify(json!([target("a", "slack"), target("a", "email")])),
            &["spec.notify[1]", "Duplicate value"],
        ),
        (
            "list-set",
            with(base.clone(), "tags", json!(["x", "x"])),
            &["spec.tags[1]", "Duplicate value"],
        ),
        (
            "minimum-flattened",
            with(base.clone(), "attempts", json!(0)),
            &["spec.attempts", "greater than or equal to 1"],
        ),
        (
            "x-validation",
            with(base.clone(), "minReplicas", json!(5)),
            &["spec", "minReplicas must not exceed replicas"],
        ),
        (
            "type",
            with(base.clone(), "replicas", json!("three")),
            &["spec.replicas", "must be of type integer"],
        ),
        (
            "int-or-string",
            with(base.clone(), "probePort", json!(true)),
            &["spec.probePort"],
        ),
    ];
    let mut failures = Vec::new();
    for (case, spec, expected) in cases {
        let message = rejection(&api, &ar, case, spec).await;
        if let Some(missing) = expected.iter().find(|e| !message.contains(*e)) {
            failures.push(format!("{case}: message lacks {missing:?}: {message}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    Ok(())
}

#[tokio::test]
async fn markers_on_other_kinds_are_enforced_too() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("crd-infra").await?;
    let db_ar = resource(
        "infra.fixture.example.com",
        "v1alpha1",
        "Database",
        "databases",
    );
    let dbs: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns.name(), &db_ar);
    let db = |spec: Value| {
        with(json!({ "storageGib": 20 }), "x", json!(null))
            .as_object()
            .map(|_| spec)
            .unwrap()
    };
    let message = rejection(&dbs, &db_ar, "multiple", db(json!({ "storageGib": 25 }))).await;
    assert!(
        message.contains("spec.storageGib") && message.contains("multiple of 10"),
        "{message}"
    );
    let message = rejection(
        &dbs,
        &db_ar,
        "engine",
        db(json!({ "storageGib": 20, "engine": "oracle" })),
    )
    .await;
    assert!(
        message.contains("spec.engine") && message.contains("Unsupported value"),
        "{message}"
    );
    let message = rejection(
        &dbs,
        &db_ar,
        "embedded",
        db(json!({ "storageGib": 20, "companion": { "data": {} } })),
    )
    .await;
    assert!(
        message.contains("spec.companion.apiVersion") || message.contains("spec.companion.kind"),
        "{message}"
    );

    let policy_ar = resource(
        "infra.fixture.example.com",
        "v1alpha1",
        "Policy",
        "policies",
    );
    let policies: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns.name(), &policy_ar);
    let message = rejection(&policies, &policy_ar, "min-items", json!({ "rules": [] })).await;
    assert!(
        message.contains("spec.rules") && message.contains("at least 1 items"),
        "{message}"
    );

    let cluster_ar = resource(
        "infra.fixture.example.com",
        "v1alpha1",
        "Cluster",
        "clusters",
    );
    let clusters: Api<DynamicObject> = Api::all_with(client.clone(), &cluster_ar);
    let spec = json!({ "region": "eu-west", "nodeCount": 3, "version": "1.34" });
    for (case, key, value, expect) in [
        ("region", "region", json!("mars"), "Unsupported value"),
        (
            "node-count",
            "nodeCount",
            json!(0),
            "greater than or equal to 1",
        ),
        ("pools", "pools", json!({}), "at least 1 properties"),
        ("subnets", "subnets", json!([]), "at least 1 items"),
        ("version", "version", json!("latest"), "should match"),
    ] {
        let message = rejection(
            &clusters,
            &cluster_ar,
            &format!("{case}-{}", ns.name()),
            with(spec.clone(), key, value),
        )
        .await;
        assert!(
            message.contains(&format!("spec.{key}")) && message.contains(expect),
            "{case}: {message}"
        );
    }

    // A transition rule (`oldSelf`) only applies on update.
    let name = format!("upgrade-{}", ns.name());
    clusters
        .create(
            &PostParams::default(),
            &object(&cluster_ar, &name, json!({ "spec": spec }))?,
        )
        .await?;
    let lower = json!({ "spec": { "version": "1.33" } });
    let err = clusters
        .patch(&name, &PatchParams::default(), &Patch::Merge(&lower))
        .await
        .expect_err("version may not go down");
    assert!(err.to_string().contains("version may not go down"), "{err}");
    clusters.delete(&name, &Default::default()).await?;
    Ok(())
}

#[tokio::test]
async fn status_subresource_separates_spec_and_status() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("crd-status").await?;
    let ar = crontab_v1();
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns.name(), &ar);
    let created = api
        .create(
            &PostParams::default(),
            &object(
                &ar,
                "s",
                json!({ "spec": valid_crontab_spec(), "status": { "replicas": 9 } }),
            )?,
        )
        .await?;
    assert_eq!(
        created.data.get("status"),
        None,
        "status is dropped on create"
    );
    assert_eq!(created.metadata.generation, Some(1));

    let status = json!({ "status": { "replicas": 2 }, "spec": { "replicas": 50 } });
    let after = api
        .patch_status("s", &PatchParams::default(), &Patch::Merge(&status))
        .await?;
    assert_eq!(after.data["status"]["replicas"], json!(2), "status written");
    assert_eq!(
        after.data["spec"]["replicas"],
        json!(3),
        "spec untouched by /status"
    );
    assert_eq!(
        after.metadata.generation,
        Some(1),
        "status writes keep the generation"
    );

    let spec = json!({ "status": { "replicas": 7 }, "spec": { "replicas": 4 } });
    let after = api
        .patch("s", &PatchParams::default(), &Patch::Merge(&spec))
        .await?;
    assert_eq!(after.data["spec"]["replicas"], json!(4), "spec written");
    assert_eq!(
        after.data["status"]["replicas"],
        json!(2),
        "status untouched by the main resource"
    );
    assert_eq!(
        after.metadata.generation,
        Some(2),
        "spec writes bump the generation"
    );

    // The scale subresource maps to the paths in the marker.
    let scale: Value = client
        .request(http_get(&format!(
            "/apis/batch.fixture.example.com/v1/namespaces/{}/crontabs/s/scale",
            ns.name()
        ))?)
        .await?;
    assert_eq!(scale["spec"]["replicas"], json!(4), "{scale}");
    assert_eq!(scale["status"]["replicas"], json!(2), "{scale}");
    Ok(())
}

fn http_get(path: &str) -> Result<http::Request<Vec<u8>>> {
    Ok(http::Request::get(path).body(Vec::new())?)
}

#[tokio::test]
async fn discovery_shows_short_names_categories_and_printer_columns() -> Result<()> {
    let client = setup().await?;
    let list: Value = client
        .request(http_get("/apis/batch.fixture.example.com/v1")?)
        .await?;
    let crontabs = list["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "crontabs")
        .expect("crontabs in discovery");
    assert_eq!(crontabs["shortNames"], json!(["ct", "ctab"]));
    assert_eq!(crontabs["categories"], json!(["fixture", "all"]));
    assert_eq!(crontabs["namespaced"], json!(true));
    let apps: Value = client.request(http_get("/apis/myapp.k8s.io/v1")?).await?;
    assert_eq!(apps["resources"][0]["shortNames"], json!(["ap"]), "{apps}");

    let ns = envtest::ns("crd-table").await?;
    let ar = crontab_v1();
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns.name(), &ar);
    api.create(
        &PostParams::default(),
        &object(&ar, "t", json!({ "spec": valid_crontab_spec() }))?,
    )
    .await?;
    let request = http::Request::get(format!(
        "/apis/batch.fixture.example.com/v1/namespaces/{}/crontabs",
        ns.name()
    ))
    .header("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io")
    .body(Vec::new())?;
    let table: Value = client.request(request).await?;
    let columns: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(columns, ["Name", "Schedule", "Replicas", "Last"], "{table}");
    assert_eq!(table["rows"][0]["cells"][1], json!("*/5 * * * *"));
    assert_eq!(table["rows"][0]["cells"][2], json!(3));
    Ok(())
}

#[tokio::test]
async fn deprecated_version_warns_and_both_versions_are_served() -> Result<()> {
    let client = setup().await?;
    let crds: Api<k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition> =
        Api::all(client.clone());
    let crd = crds.get("crontabs.batch.fixture.example.com").await?;
    let versions: Vec<(String, bool, bool, bool)> = crd
        .spec
        .versions
        .iter()
        .map(|v| {
            (
                v.name.clone(),
                v.served,
                v.storage,
                v.deprecated.unwrap_or(false),
            )
        })
        .collect();
    assert_eq!(
        versions,
        [
            ("v1".into(), true, true, false),
            ("v1beta1".into(), true, false, true)
        ]
    );
    assert_eq!(
        crd.status.unwrap().stored_versions,
        Some(vec!["v1".to_owned()])
    );
    Ok(())
}

fn gateway() -> ApiResource {
    resource(
        "infra.fixture.example.com",
        "v1alpha1",
        "Gateway",
        "gateways",
    )
}

fn valid_gateway_spec() -> Value {
    json!({
        "host": "gw.example.com",
        "aliases": ["a.example.com", "b.example.com"],
        "minPort": 80,
        "maxPort": 443,
        "listeners": ["http", "https"],
        "zones": { "eu": "a" },
        "weights": [90, 10],
        "certificate": "aGVsbG8=",
        "settings": { "anything": { "nested": [1, 2] } },
    })
}

/// The markers of newtypes and type aliases, `items:` validations, `+k8s:`
/// spellings, `Schemaless`, `+default` and CEL rules with `optionalOldSelf`, as
/// the API server applies them.
#[tokio::test]
async fn named_types_and_new_markers_are_enforced() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("crd-gateway").await?;
    let ar = gateway();
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns.name(), &ar);

    // A valid object: `+default="standard"` and `+kubebuilder:default={}` (as `[]`)
    // fill the missing fields; the schemaless field keeps what it was given.
    let created = api
        .create(
            &PostParams::default(),
            &object(&ar, "ok", json!({ "spec": valid_gateway_spec() }))?,
        )
        .await?;
    let spec = &created.data["spec"];
    assert_eq!(spec["class"], "standard");
    assert_eq!(spec["settings"]["anything"]["nested"], json!([1, 2]));
    let minimal = json!({ "host": "gw.example.com", "weights": [50, 50] });
    let created = api
        .create(
            &PostParams::default(),
            &object(&ar, "minimal", json!({ "spec": minimal }))?,
        )
        .await?;
    assert_eq!(created.data["spec"]["listeners"], json!([]));

    let cases: Vec<(&str, Value, &str)> = vec![
        // The newtype's markers, on the field and on list items.
        ("host-pattern", json!({ "host": "Not_A_Host" }), "spec.host"),
        (
            "alias-length",
            json!({ "aliases": [""] }),
            "spec.aliases[0]",
        ),
        // `+k8s:listType=set`.
        (
            "alias-dup",
            json!({ "aliases": ["x.io", "x.io"] }),
            "spec.aliases[1]",
        ),
        // The newtype's Maximum through `Option<Port>`.
        ("port", json!({ "maxPort": 70000 }), "spec.maxPort"),
        // A type alias's markers on array items and on map values.
        ("weight", json!({ "weights": [101, 0] }), "spec.weights[0]"),
        ("zone", json!({ "zones": { "eu": "z" } }), "spec.zones.eu"),
        // `items:` markers.
        (
            "listener",
            json!({ "listeners": ["UPPER"] }),
            "spec.listeners[0]",
        ),
        // The type-level CEL rule.
        (
            "ports",
            json!({ "minPort": 500, "maxPort": 400 }),
            "minPort must not exceed maxPort",
        ),
        // `ByteString` is base64.
        (
            "cert",
            json!({ "certificate": "not base64!" }),
            "spec.certificate",
        ),
    ];
    let mut failures = Vec::new();
    for (name, patch, expected) in cases {
        let mut spec = valid_gateway_spec();
        for (k, v) in patch.as_object().unwrap() {
            spec[k] = v.clone();
        }
        let message = rejection(&api, &ar, name, spec).await;
        if !message.contains(expected) {
            failures.push(format!("{name}: expected {expected:?} in {message}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // `self == oldSelf` with `optionalOldSelf`: the class cannot change.
    let patch = json!({ "spec": { "class": "premium" } });
    let err = api
        .patch("ok", &PatchParams::default(), &Patch::Merge(&patch))
        .await
        .expect_err("class is immutable");
    assert!(err.to_string().contains("class is immutable"), "{err}");
    Ok(())
}

/// Null safety (issue #16): the generated type server-side applies as it is —
/// `None` fields are left out instead of written as `null` (which the server
/// rejects under apply), a `None` list element and a default `RawExtension` are
/// `null`, which the schema allows (`nullable`) — and so does the
/// read-modify-apply loop of a controller.
#[tokio::test]
async fn typed_values_with_nones_server_side_apply_and_round_trip() -> Result<()> {
    use fixture_generated::apis::infra::v1alpha1::{Gateway, GatewaySpec, Hostname, Port};
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

    let client = setup().await?;
    let ns = envtest::ns("crd-null-safety").await?;
    let api: Api<Gateway> = Api::namespaced(client, ns.name());
    let desired = Gateway {
        metadata: ObjectMeta {
            name: Some("typed".to_owned()),
            ..Default::default()
        },
        spec: GatewaySpec {
            host: Hostname("gw.example.com".to_owned()),
            weights: [50, 50],
            tracks: vec![Some("stable".to_owned()), None, Some("canary".to_owned())],
            ..Default::default()
        },
    };
    assert_eq!(desired.spec.min_port, None);
    let manager = PatchParams::apply("e2e-null-safety").force();
    let applied = api
        .patch("typed", &manager, &Patch::Apply(&desired))
        .await
        .context("server-side apply of a value with None fields")?;
    assert_eq!(applied.spec.tracks, desired.spec.tracks);
    assert_eq!(applied.spec.min_port, None);
    // `RawExtension::default()` and `Value::default()` are `null`: accepted, kept.
    assert_eq!(applied.spec.raw, desired.spec.raw);
    assert_eq!(applied.spec.extra, serde_json::Value::Null);

    // Read, modify, apply back — the normal controller loop.
    let mut read = api.get("typed").await?;
    read.metadata.managed_fields = None;
    read.metadata.resource_version = None;
    read.spec.max_port = Some(Port(8443));
    read.spec.tracks[1] = Some("beta".to_owned());
    let reapplied = api
        .patch("typed", &manager, &Patch::Apply(&read))
        .await
        .context("server-side apply of a value read back from the server")?;
    assert_eq!(reapplied.spec.max_port, Some(Port(8443)));
    assert_eq!(reapplied.spec.min_port, None);
    assert_eq!(
        reapplied.spec.tracks,
        vec![
            Some("stable".to_owned()),
            Some("beta".to_owned()),
            Some("canary".to_owned())
        ]
    );
    Ok(())
}

#[path = "crds/unions.rs"]
mod unions;

#[path = "crds/traps.rs"]
mod traps_corpus;
