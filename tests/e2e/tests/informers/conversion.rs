//! Multi-version kinds on the real API server, converted by the generated
//! crate's conversions served at `/convert` by `kube-codegen-manager`'s
//! webhook server on loopback (`url:` client config and `caBundle`, filled by
//! `kube-codegen-conversion`'s helpers): objects written through one
//! version's generated client are read, listed and watched through the
//! other's; data only one version holds survives updates through the other;
//! and after the storage version changes, every stored object is migrated.

use std::time::Duration;

use anyhow::{Context, Result};
use e2e::{crds, envtest};
use fixture_generated::apis::batch::{v1 as batch_v1, v1beta1 as batch_v1beta1};
use fixture_generated::apis::fleet::{v1 as fleet_v1, v2 as fleet_v2};
use fixture_generated::clientset::{Clientset, Interface};
use futures::StreamExt;
use k8s_openapi::api::core::v1::PodSpec;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use kube::api::{ListParams, PostParams, WatchEvent, WatchParams};
use kube::core::ObjectMeta;
use kube_codegen_conversion::{migrate_storage_version, set_ca_bundle, set_url};
use kube_codegen_manager::CancellationToken;
use kube_codegen_manager::webhook::{Options, Server};
use tokio::time::timeout;

const WAIT: Duration = Duration::from_secs(30);

/// The webhook server on a free loopback port, its certificate in a
/// temporary directory, until the returned guard drops; returns the URL to
/// convert at and the CA certificate (PEM) to trust.
async fn start_webhook() -> Result<(String, String, Running)> {
    let key = rcgen::KeyPair::generate()?;
    let cert = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()])?.self_signed(&key)?;
    let dir = tempfile::tempdir()?;
    std::fs::write(dir.path().join("tls.crt"), cert.pem())?;
    std::fs::write(dir.path().join("tls.key"), key.serialize_pem())?;
    let mut server = Server::new(Options {
        host: "127.0.0.1".parse()?,
        port: 0,
        cert_dir: dir.path().to_owned(),
        ..Options::default()
    });
    server.conversions(fixture_generated::conversion::conversions());
    let server = server.bind().await?;
    let url = format!("https://{}/convert", server.local_addr());
    let stop = CancellationToken::new();
    tokio::spawn(server.serve(stop.clone()));
    Ok((url, cert.pem(), Running { stop, _dir: dir }))
}

/// Stops the webhook server (and removes its certificate) when dropped.
struct Running {
    stop: CancellationToken,
    _dir: tempfile::TempDir,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

/// The fixture's CRD for `kind`, its webhook pointed at `url`.
fn crd(kind: &str, url: &str, ca: &str) -> Result<CustomResourceDefinition> {
    let mut crd = fixture_generated::crds::custom_resource_definitions()?
        .into_iter()
        .find(|c| c.spec.names.kind == kind)
        .with_context(|| format!("no CRD for {kind}"))?;
    set_url(&mut crd, url)?;
    set_ca_bundle(&mut crd, ca.as_bytes())?;
    Ok(crd)
}

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta {
        name: Some(name.to_owned()),
        ..ObjectMeta::default()
    }
}

fn image_of(spec: &batch_v1::CronTabSpec) -> Option<&str> {
    spec.template
        .spec
        .as_ref()?
        .containers
        .first()?
        .image
        .as_deref()
}

#[tokio::test]
async fn a_kind_works_through_the_clients_of_both_versions() -> Result<()> {
    let _webhooks = super::FIXTURE_CRDS.lock().await;
    let client = envtest::client().await?;
    let (url, ca, _stop) = start_webhook().await?;
    crds::install(&client, [crd("CronTab", &url, &ca)?]).await?;
    let ns = envtest::ns("conversion").await?;
    let clientset = Clientset::new(client.clone());
    let beta = clientset.batch_v1beta1().cron_tabs(ns.name());
    let v1 = clientset.batch_v1().cron_tabs(ns.name());
    let pp = PostParams::default();

    // Written as v1beta1 (stored as v1), read as v1.
    let written = beta
        .create(
            &pp,
            &batch_v1beta1::CronTab {
                metadata: meta("nightly"),
                spec: batch_v1beta1::CronTabSpec {
                    cron_spec: "0 3 * * *".to_owned(),
                    image: "busybox:1.36".to_owned(),
                    replicas: Some(2),
                },
            },
        )
        .await?;
    assert_eq!(written.spec.cron_spec, "0 3 * * *");
    let mut stored = v1.get("nightly").await?;
    assert_eq!(stored.spec.schedule, "0 3 * * *");
    assert_eq!(stored.spec.replicas, 2);
    assert_eq!(image_of(&stored.spec), Some("busybox:1.36"));

    // v1-only data, set through v1, survives an update through v1beta1.
    stored.spec.env.insert("TZ".to_owned(), "UTC".to_owned());
    stored.spec.tags = vec!["backup".to_owned()];
    v1.update(&pp, &stored).await?;
    let mut old = beta.get("nightly").await?;
    assert_eq!(old.spec.image, "busybox:1.36");
    old.spec.image = "busybox:1.37".to_owned();
    beta.update(&pp, &old).await?;
    let after = v1.get("nightly").await?;
    assert_eq!(
        image_of(&after.spec),
        Some("busybox:1.37"),
        "the v1beta1 change"
    );
    assert_eq!(after.spec.env.get("TZ").map(String::as_str), Some("UTC"));
    assert_eq!(after.spec.tags, ["backup"]);
    assert!(
        after.metadata.annotations.as_ref().is_none_or(|a| !a
            .keys()
            .any(|k| k.starts_with("conversion.kube-codegen.k8s.io/"))),
        "the kept data is spent once back in v1: {:?}",
        after.metadata.annotations
    );

    // Listed and watched as v1beta1 while written as v1.
    let list = beta.list(&ListParams::default()).await?;
    assert_eq!(list.items.len(), 1);
    assert_eq!(list.items[0].spec.image, "busybox:1.37");
    let mut events = beta
        .watch(
            &WatchParams::default(),
            &list.metadata.resource_version.clone().unwrap_or_default(),
        )
        .await?
        .boxed();
    let mut second = after.clone();
    second.metadata = meta("hourly");
    second.spec.schedule = "0 * * * *".to_owned();
    if let Some(pod) = second.spec.template.spec.as_mut() {
        *pod = PodSpec {
            containers: pod.containers.clone(),
            ..PodSpec::default()
        };
    }
    v1.create(&pp, &second).await?;
    let event = timeout(WAIT, events.next())
        .await
        .context("no watch event")?
        .context("watch ended")??;
    match event {
        WatchEvent::Added(added) => {
            assert_eq!(added.metadata.name.as_deref(), Some("hourly"));
            assert_eq!(added.spec.cron_spec, "0 * * * *");
            assert_eq!(added.spec.image, "busybox:1.37");
        }
        other => panic!("expected Added, got {other:?}"),
    }
    Ok(())
}

fn pool(name: &str, nodes: i32) -> fleet_v1::NodePool {
    fleet_v1::NodePool {
        metadata: meta(name),
        spec: fleet_v1::NodePoolSpec {
            node_count: nodes,
            machine: fleet_v1::MachineType {
                cpu: Quantity("2".to_owned()),
                memory: Quantity("4Gi".to_owned()),
                labels: Default::default(),
            },
            zone: Some("eu-1".to_owned()),
            update_strategy: fleet_v1::UpdateStrategy::Recreate,
            // A Rust enum with data: the webhook converts each variant.
            image: Some(fleet_v1::ImageSource::Custom {
                url: format!("https://images.example.com/{name}.img"),
                sha256: None,
            }),
        },
        status: None,
    }
}

#[tokio::test]
async fn stored_objects_migrate_to_a_new_storage_version() -> Result<()> {
    let _webhooks = super::FIXTURE_CRDS.lock().await;
    let client = envtest::client().await?;
    let (url, ca, _stop) = start_webhook().await?;
    let clientset = Clientset::new(client.clone());
    let old_client = clientset.fleet_v1().node_pools();
    let new_client = clientset.fleet_v2().node_pools();
    let pp = PostParams::default();

    // The first release stored v1: objects are written (and kept) as v1.
    let mut first = crd("NodePool", &url, &ca)?;
    for version in &mut first.spec.versions {
        version.storage = version.name == "v1";
    }
    crds::install(&client, [first]).await?;
    let names = ["pool-a", "pool-b", "pool-c"];
    for (i, name) in names.iter().enumerate() {
        old_client.create(&pp, &pool(name, i as i32 + 1)).await?;
    }
    // Read as v2 (converted by the webhook) and back.
    let read = new_client.get("pool-c").await?;
    let nodes: Vec<&str> = read.spec.nodes.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(nodes, ["node-0", "node-1", "node-2"]);
    assert_eq!(read.spec.zones, ["eu-1"]);
    assert_eq!(
        read.spec.update_strategy,
        fleet_v2::UpdateStrategy::Recreate
    );
    assert_eq!(
        read.spec.image,
        Some(fleet_v2::ImageSource::Custom {
            url: "https://images.example.com/pool-c.img".to_owned(),
            sha256: None,
        })
    );
    assert_eq!(old_client.get("pool-c").await?.spec.node_count, 3);

    // The next release stores v2; the objects are still v1 in etcd.
    crds::install(&client, [crd("NodePool", &url, &ca)?]).await?;
    let migration =
        migrate_storage_version(client.clone(), "nodepools.fleet.fixture.example.com").await?;
    assert_eq!(migration.storage_version, "v2");
    assert!(migration.objects >= names.len(), "{migration:?}");
    assert_eq!(migration.stored_versions_before, ["v1", "v2"]);

    // Only v2 is stored now, so a CRD without v1 and without the webhook
    // reads every object: one left in v1 would fail to decode.
    let mut v2_only = fixture_generated::crds::custom_resource_definitions()?
        .into_iter()
        .find(|c| c.spec.names.kind == "NodePool")
        .context("NodePool CRD")?;
    v2_only.spec.versions.retain(|v| v.name == "v2");
    v2_only.spec.conversion = None;
    crds::install(&client, [v2_only]).await?;
    let all = new_client.list(&ListParams::default()).await?;
    let mut counts: Vec<(String, usize)> = all
        .items
        .iter()
        .filter(|p| names.contains(&p.metadata.name.as_deref().unwrap_or_default()))
        .map(|p| {
            (
                p.metadata.name.clone().unwrap_or_default(),
                p.spec.nodes.len(),
            )
        })
        .collect();
    counts.sort();
    assert_eq!(
        counts,
        [
            ("pool-a".to_owned(), 1),
            ("pool-b".to_owned(), 2),
            ("pool-c".to_owned(), 3)
        ]
    );
    for name in names {
        new_client.delete(name, &Default::default()).await?;
    }
    Ok(())
}
