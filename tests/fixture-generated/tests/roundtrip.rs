//! The generated fixture types as a user meets them: JSON in and out through
//! every serde shape the fixture uses (renames, `rename_all`, `flatten`, `skip`,
//! defaults, maps, nested lists, enums, k8s-openapi types, free-form JSON), deep
//! copies, and the kube facts of namespaced and cluster-scoped kinds.

#[path = "roundtrip/conversion.rs"]
mod conversion;

use fixture_generated::apis::batch::{v1, v1beta1};
use fixture_generated::apis::infra::v1alpha1::{
    Cluster, ClusterPhase, ClusterSpec, Database, Engine, Marker, Policy, Quota,
};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use kube::Resource;
use serde_json::json;

/// A CronTab as the API server returns it, using every field of the spec.
fn served_crontab() -> serde_json::Value {
    json!({
        "apiVersion": "batch.fixture.example.com/v1",
        "kind": "CronTab",
        "metadata": {"name": "nightly", "namespace": "jobs", "resourceVersion": "17"},
        "spec": {
            "schedule": "0 3 * * *",
            "replicas": 2,
            "minReplicas": 1,
            "maxUnavailableFraction": 0.25,
            "concurrencyPolicy": "Forbid",
            "template": {
                "metadata": {"labels": {"app": "nightly"}},
                "spec": {"containers": [{"name": "job", "image": "busybox:1.36", "args": ["sh", "-c", "date"]}]}
            },
            "resources": {"limits": {"cpu": "500m", "memory": "128Mi"}},
            "scratch": "10Gi",
            "probePort": "http",
            "selector": {"matchLabels": {"app": "nightly"}},
            "env": {"MODE": "full", "TZ": "UTC"},
            "preRun": ["fsck", "mount"],
            "notify": [
                {"name": "ops", "url": "https://hooks.example.com/ops", "type": "webhook"}
            ],
            "tags": ["backup", "nightly"],
            "attempts": 5,
            "backoffSeconds": 30,
            "settings": {"verbose": true, "paths": ["/data", "/logs"]}
        },
        "status": {
            "replicas": 2,
            "selector": "app=nightly",
            "lastScheduleTime": "2025-03-04T03:00:00Z",
            "conditions": [{
                "type": "Ready",
                "status": "True",
                "reason": "Scheduled",
                "message": "next run at 03:00",
                "lastTransitionTime": "2025-03-04T03:00:01Z"
            }]
        }
    })
}

fn served_cluster() -> serde_json::Value {
    json!({
        "apiVersion": "infra.fixture.example.com/v1alpha1",
        "kind": "Cluster",
        "metadata": {"name": "eu-1"},
        "spec": {
            "region": "eu-west",
            "nodeCount": 12,
            "preemptible": true,
            "pools": {
                "general": {"machineType": "n2-standard-4", "size": 8},
                "spot": {"machineType": "n2-standard-8", "size": 4, "maxPrice": 0.5}
            },
            "nodeLabels": {"tier": "prod"},
            "subnets": [["10.0.0.0/24", "10.0.1.0/24"], ["10.1.0.0/24"]],
            "version": "1.34"
        },
        "status": {"phase": "deleting", "readyNodes": 11}
    })
}

#[test]
fn a_crontab_round_trips_through_json_unchanged() {
    let crontab: v1::CronTab = serde_json::from_value(served_crontab()).unwrap();
    let spec = &crontab.spec;
    assert_eq!(spec.concurrency_policy, v1::ConcurrencyPolicy::Forbid);
    // `flatten`: the retry policy's fields sit in the spec itself.
    assert_eq!(spec.retry.attempts, 5);
    assert_eq!(spec.retry.backoff_seconds, Some(30));
    // `rename = "type"` on a field called `kind`.
    assert_eq!(spec.notify[0].kind, "webhook");
    assert_eq!(
        spec.probe_port,
        Some(IntOrString::String("http".to_owned()))
    );
    assert_eq!(spec.scratch.as_ref().map(|q| q.0.as_str()), Some("10Gi"));
    assert_eq!(spec.env["TZ"], "UTC");
    assert_eq!(spec.settings.as_ref().unwrap()["paths"][1], "/logs");
    assert_eq!(serde_json::to_value(&crontab).unwrap(), served_crontab());
}

#[test]
fn defaults_fill_what_the_json_leaves_out() {
    let crontab: v1::CronTab = serde_json::from_value(json!({
        "metadata": {"name": "minimal"},
        "spec": {"schedule": "*/5 * * * *", "template": {}}
    }))
    .unwrap();
    let spec = &crontab.spec;
    assert_eq!(spec.replicas, 0);
    assert_eq!(spec.concurrency_policy, v1::ConcurrencyPolicy::Allow);
    // `#[serde(default = "default_attempts")]`, a function copied from the input.
    assert_eq!(spec.retry.attempts, 3);
    assert!(spec.env.is_empty() && spec.notify.is_empty());
    assert!(crontab.status.is_none());

    let written = serde_json::to_value(&crontab).unwrap();
    // Empty collections and absent options are skipped; plain fields are written.
    assert_eq!(
        written["spec"],
        json!({
            "schedule": "*/5 * * * *",
            "replicas": 0,
            "minReplicas": 0,
            "concurrencyPolicy": "Allow",
            "template": {},
            "attempts": 3
        })
    );
}

#[test]
fn skipped_fields_never_reach_the_wire_but_are_deep_copied() {
    let mut crontab: v1::CronTab = serde_json::from_value(served_crontab()).unwrap();
    crontab.spec.local_only = 7;
    let written = serde_json::to_value(&crontab).unwrap();
    assert!(written["spec"].get("localOnly").is_none());
    let read: v1::CronTab = serde_json::from_value(written).unwrap();
    assert_eq!(read.spec.local_only, 0);
    assert_eq!(crontab.clone().spec.local_only, 7);
}

#[test]
fn a_cluster_round_trips_with_maps_nested_lists_and_renamed_enum_values() {
    let cluster: Cluster = serde_json::from_value(served_cluster()).unwrap();
    let status = cluster.status.as_ref().unwrap();
    // `rename_all = "lowercase"` with one variant renamed on its own.
    assert_eq!(status.phase, Some(ClusterPhase::Terminating));
    assert_eq!(cluster.spec.node_count, 12);
    assert_eq!(
        cluster.spec.pools.as_ref().unwrap()["spot"].max_price,
        Some(0.5)
    );
    assert_eq!(cluster.spec.subnets[0][1], "10.0.1.0/24");
    assert_eq!(serde_json::to_value(&cluster).unwrap(), served_cluster());
    assert_eq!(
        serde_json::to_value(ClusterPhase::Provisioning).unwrap(),
        json!("provisioning")
    );
}

#[test]
fn a_database_has_no_status_and_a_lowercase_engine() {
    let database: Database = serde_json::from_value(json!({
        "apiVersion": "infra.fixture.example.com/v1alpha1",
        "kind": "Database",
        "metadata": {"name": "orders", "namespace": "shop"},
        "spec": {
            "engine": "mysql",
            "storageGib": 50,
            "port": 3306,
            "backupWindow": "02:00-03:00",
            "companion": {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "orders-creds"}},
            "parameters": {"max_connections": 200}
        }
    }))
    .unwrap();
    assert_eq!(database.spec.engine, Engine::Mysql);
    assert_eq!(database.spec.port, Some(IntOrString::Int(3306)));
    assert_eq!(database.spec.companion.as_ref().unwrap()["kind"], "Secret");
    let defaulted: Database =
        serde_json::from_value(json!({"metadata": {}, "spec": {"storageGib": 10}})).unwrap();
    assert_eq!(defaulted.spec.engine, Engine::Postgres);
    assert_eq!(
        serde_json::to_value(&defaulted).unwrap()["spec"]["engine"],
        "postgres"
    );
}

#[test]
fn clone_from_equals_clone_and_reuses_nested_allocations() {
    let source: Cluster = serde_json::from_value(served_cluster()).unwrap();
    let mut target = source.clone();
    target.spec.subnets[0][0] = "192.168.0.0/16".to_owned();
    target.spec.node_labels.clear();
    let outer = target.spec.subnets.as_ptr();
    let inner = target.spec.subnets[0].as_ptr();
    let first_subnet = target.spec.subnets[0][0].as_ptr();

    target.clone_from(&source);

    assert_eq!(target, source.clone());
    assert_eq!(target.spec.subnets.as_ptr(), outer);
    assert_eq!(target.spec.subnets[0].as_ptr(), inner);
    // The longer old string's buffer holds the new value.
    assert_eq!(target.spec.subnets[0][0].as_ptr(), first_subnet);
}

#[test]
fn clone_from_across_differently_shaped_values_still_equals_clone() {
    let source: v1::CronTab = serde_json::from_value(served_crontab()).unwrap();
    let mut target = v1::CronTab::new("other", v1::CronTabSpec::default());
    target.clone_from(&source);
    assert_eq!(target, source);
    let mut emptied = source.clone();
    emptied.clone_from(&v1::CronTab::new("x", v1::CronTabSpec::default()));
    assert_eq!(emptied, v1::CronTab::new("x", v1::CronTabSpec::default()));
}

#[test]
fn cluster_scoped_and_namespaced_kinds_have_the_right_urls() {
    assert_eq!(
        Cluster::url_path(&(), None),
        "/apis/infra.fixture.example.com/v1alpha1/clusters"
    );
    assert_eq!(
        Database::url_path(&(), Some("shop")),
        "/apis/infra.fixture.example.com/v1alpha1/namespaces/shop/databases"
    );
    assert_eq!(
        v1beta1::CronTab::url_path(&(), Some("jobs")),
        "/apis/batch.fixture.example.com/v1beta1/namespaces/jobs/crontabs"
    );
    const { assert!(!Cluster::NAMESPACED && Database::NAMESPACED) };
}

#[test]
fn each_version_of_a_kind_is_its_own_resource() {
    assert_eq!(
        v1::CronTab::api_version(&()),
        "batch.fixture.example.com/v1"
    );
    assert_eq!(
        v1beta1::CronTab::api_version(&()),
        "batch.fixture.example.com/v1beta1"
    );
    assert_eq!(v1::CronTab::SHORT_NAMES, ["ct", "ctab"]);
    assert_eq!(v1::CronTab::CATEGORIES, ["fixture", "all"]);
    let old = v1beta1::CronTab::new(
        "legacy",
        v1beta1::CronTabSpec {
            cron_spec: "0 * * * *".to_owned(),
            image: "busybox".to_owned(),
            replicas: None,
        },
    );
    let written = serde_json::to_value(&old).unwrap();
    assert_eq!(written["apiVersion"], "batch.fixture.example.com/v1beta1");
    assert_eq!(
        written["spec"],
        json!({"cronSpec": "0 * * * *", "image": "busybox"})
    );
}

#[test]
fn kinds_without_spec_are_created_from_a_name() {
    let marker = Marker::new("m");
    assert_eq!(
        serde_json::to_value(&marker).unwrap(),
        json!({
            "apiVersion": "infra.fixture.example.com/v1alpha1",
            "kind": "Marker",
            "metadata": {"name": "m"}
        })
    );
}

#[test]
fn known_kinds_lists_every_kind_of_every_version() {
    let mut kinds: Vec<String> = fixture_generated::apis::known_kinds()
        .map(|k| {
            let scope = if k.namespaced {
                "namespaced"
            } else {
                "cluster"
            };
            format!("{} {} {scope}", k.api_version(), k.plural)
        })
        .collect();
    kinds.sort();
    assert_eq!(
        kinds,
        [
            "batch.fixture.example.com/v1 crontabs namespaced",
            "batch.fixture.example.com/v1beta1 crontabs namespaced",
            "fleet.fixture.example.com/v1 nodepools cluster",
            "fleet.fixture.example.com/v2 nodepools cluster",
            "infra.fixture.example.com/v1alpha1 clusters cluster",
            "infra.fixture.example.com/v1alpha1 databases namespaced",
            "infra.fixture.example.com/v1alpha1 gateways namespaced",
            "infra.fixture.example.com/v1alpha1 markers namespaced",
            "infra.fixture.example.com/v1alpha1 policies namespaced",
            "infra.fixture.example.com/v1alpha1 quotas namespaced",
            "infra.fixture.example.com/v1alpha1 routes namespaced",
        ]
    );
    for kind in fixture_generated::apis::known_kinds() {
        if kind.kind == "Cluster" {
            assert_eq!(
                kind.api_resource(),
                kube::core::ApiResource::erase::<Cluster>(&())
            );
        }
    }
}

#[test]
fn kube_api_accepts_each_kind_in_its_scope() {
    // Compiling is the check: `Api::all` for cluster-scoped kinds, `Api::namespaced`
    // for namespaced ones (kube refuses a namespace for a cluster-scoped type).
    fn apis(client: kube::Client) {
        let _: kube::Api<Cluster> = kube::Api::all(client.clone());
        let _: kube::Api<Database> = kube::Api::namespaced(client.clone(), "shop");
        let _: kube::Api<Policy> = kube::Api::namespaced(client.clone(), "shop");
        let _: kube::Api<Quota> = kube::Api::namespaced(client.clone(), "shop");
        let _: kube::Api<v1::CronTab> = kube::Api::default_namespaced(client);
    }
    let _: fn(kube::Client) = apis;
    let _ = ClusterSpec::default();
}

/// Enums with data (issue #16): the JSON serde writes for each representation,
/// read back equal, and a deep copy that reuses the target's allocations when
/// both are the same variant.
#[test]
fn union_enums_round_trip_in_their_serde_shapes() {
    use fixture_generated::apis::infra::v1alpha1::{
        Access, Backend, Filter, Matcher, Retry, RouteSpec, Timeout,
    };

    let spec = RouteSpec {
        backend: Backend::Service {
            name: "web".into(),
            port: 80,
        },
        matcher: Some(Matcher::PathPrefix("/api".into())),
        timeout: Some(Timeout::Seconds(5)),
        filters: vec![Filter::Rewrite { path: "/".into() }, Filter::Log],
        access: Some(Access::Token {
            secret_name: "s".into(),
        }),
        retry: Retry::Backoff {
            attempts: 2,
            first_delay_seconds: 1,
        },
    };
    let written = serde_json::to_value(&spec).unwrap();
    assert_eq!(
        written,
        json!({
            "backend": {"type": "service", "name": "web", "port": 80},
            "matcher": {"pathPrefix": "/api"},
            "timeout": 5,
            "filters": [{"kind": "rewrite", "config": {"path": "/"}}, {"kind": "log"}],
            "access": {"secretName": "s"},
            "retryPolicy": "Backoff", "attempts": 2, "firstDelaySeconds": 1,
        })
    );
    assert_eq!(serde_json::from_value::<RouteSpec>(written).unwrap(), spec);
    // A tag a newer version of the API added reads as `#[serde(other)]`.
    let newer: Backend = serde_json::from_value(json!({"type": "grpc"})).unwrap();
    assert_eq!(newer, Backend::Unknown);

    let mut copy = RouteSpec {
        backend: Backend::Service {
            name: String::with_capacity(64),
            port: 1,
        },
        ..RouteSpec::default()
    };
    let buffer = match &copy.backend {
        Backend::Service { name, .. } => name.as_ptr(),
        _ => unreachable!(),
    };
    copy.clone_from(&spec);
    assert_eq!(copy, spec);
    match &copy.backend {
        Backend::Service { name, .. } => assert_eq!(name.as_ptr(), buffer, "allocation reused"),
        other => panic!("{other:?}"),
    }
}
