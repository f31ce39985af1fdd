//! A typed informer over stored objects its Rust type cannot decode, on the
//! real API server: the fixture's Policy CRD as an older schema had it
//! (`spec.rules[].allow` untyped, so `"yes"` was stored), objects written
//! through a dynamic client. The informer syncs the rest, reports the broken
//! one, and follows it through the API: fixed, it appears; broken on update,
//! the last state that decoded stays cached; deleted, it is gone. One list and
//! one watch throughout.
//!
//! This binary owns the Policy CRD: the other tests here install only the
//! fixture CRDs they use.

use std::time::Duration;

use anyhow::{Context, Result};
use e2e::{crds, envtest};
use fixture_generated::apis::infra::v1alpha1::Policy;
use fixture_generated::informers::DecodeError;
use fixture_generated::prelude::*;
use generated::informers::{EventHandlerFuncs, SharedInformerFactory};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, JSONSchemaProps,
};
use kube::api::{ApiResource, DeleteParams, DynamicObject, Patch, PatchParams, PostParams};
use kube::{Api, Resource as _};
use serde_json::json;
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};
use tokio::time::timeout;

use super::{Probe, probed_client};

const WAIT: Duration = Duration::from_secs(30);

/// The fixture's Policy CRD with `rules[].allow` of any JSON type.
fn older_policy_crd() -> Result<CustomResourceDefinition> {
    let mut crd = fixture_generated::crds::custom_resource_definitions()?
        .into_iter()
        .find(|c| c.spec.names.kind == "Policy")
        .context("the fixture has a Policy CRD")?;
    let allow = crd.spec.versions[0]
        .schema
        .as_mut()
        .and_then(|s| s.open_api_v3_schema.as_mut())
        .and_then(|s| s.properties.as_mut()?.get_mut("spec"))
        .and_then(|s| s.properties.as_mut()?.get_mut("rules"))
        .and_then(|s| match s.items.as_mut()? {
            k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::JSONSchemaPropsOrArray::Schema(item) => {
                item.properties.as_mut()?.get_mut("allow")
            }
            _ => None,
        })
        .context("Policy's spec.rules[].allow")?;
    *allow = JSONSchemaProps {
        description: Some("Whether the action is allowed: `yes`, `no` or a boolean.".into()),
        x_kubernetes_preserve_unknown_fields: Some(true),
        ..JSONSchemaProps::default()
    };
    Ok(crd)
}

fn policy(name: &str, allow: serde_json::Value) -> Result<DynamicObject> {
    Ok(serde_json::from_value(json!({
        "apiVersion": "infra.fixture.example.com/v1alpha1",
        "kind": "Policy",
        "metadata": {"name": name},
        "spec": {"rules": [
            {"action": "get", "allow": true},
            {"action": "delete", "allow": allow},
        ]},
    }))?)
}

async fn set_allow(
    api: &Api<DynamicObject>,
    name: &str,
    allow: serde_json::Value,
) -> Result<String> {
    let patch = json!({"spec": {"rules": [{"action": "delete", "allow": allow}]}});
    let patched = api
        .patch(name, &PatchParams::default(), &Patch::Merge(&patch))
        .await?;
    patched
        .metadata
        .resource_version
        .context("a resourceVersion")
}

async fn next<T>(rx: &mut UnboundedReceiver<T>, what: &str) -> T {
    timeout(WAIT, rx.recv())
        .await
        .unwrap_or_else(|_| panic!("waited for {what}"))
        .expect("informer running")
}

/// `name allow-of-the-last-rule`, as the informer caches it.
fn describe(policy: &Policy) -> String {
    let allow = policy.spec.rules.last().map(|r| r.allow);
    format!(
        "{} {allow:?}",
        policy.meta().name.as_deref().unwrap_or_default()
    )
}

#[tokio::test]
async fn an_object_the_type_cannot_decode_is_reported_and_the_rest_sync() -> Result<()> {
    let client = envtest::client().await?;
    crds::install(&client, [older_policy_crd()?]).await?;
    let ns = envtest::ns("inf-undecodable").await?;
    let resource = ApiResource::erase::<Policy>(&());
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns.name(), &resource);
    let pp = PostParams::default();
    api.create(&pp, &policy("open", json!(true))?).await?;
    api.create(&pp, &policy("closed", json!(false))?).await?;
    let legacy = api.create(&pp, &policy("legacy", json!("yes"))?).await?;

    let probe = Probe::default();
    let (reports, mut reported) = unbounded_channel::<DecodeError>();
    let factory = SharedInformerFactory::new(probed_client(&probe).await?, Duration::ZERO)
        .with_namespace(ns.name())
        .with_decode_error_handler(move |error| {
            let _ = reports.send(error.clone());
        });
    let informer = factory.infrastructure_v1alpha1().policies();
    let (changes, mut changed) = unbounded_channel::<String>();
    let (adds, updates, deletes) = (changes.clone(), changes.clone(), changes);
    informer.add_event_handler(
        EventHandlerFuncs::<Policy>::new()
            .on_add(move |p, _| drop(adds.send(format!("add {}", describe(p)))))
            .on_update(move |_, p| drop(updates.send(format!("update {}", describe(p)))))
            .on_delete(move |p| drop(deletes.send(format!("delete {}", describe(p))))),
    );
    factory.start();
    let synced = timeout(WAIT, factory.wait_for_cache_sync())
        .await
        .context("the informer never synced")?;
    assert_eq!(
        synced.into_iter().collect::<Vec<_>>(),
        [(
            "infra.fixture.example.com/v1alpha1/policies".to_owned(),
            true
        )]
    );
    let mut initial = vec![
        next(&mut changed, "add").await,
        next(&mut changed, "add").await,
    ];
    initial.sort();
    assert_eq!(initial, ["add closed Some(false)", "add open Some(true)"]);

    let error = next(&mut reported, "the report of legacy").await;
    assert_eq!(
        error.to_string(),
        format!(
            "cannot decode Policy {}/legacy (resourceVersion {}) as \
             fixture_generated::apis::infra::v1alpha1::policy::Policy: at spec.rules[1].allow: \
             invalid type: string \"yes\", expected a boolean",
            ns.name(),
            legacy
                .metadata
                .resource_version
                .as_deref()
                .unwrap_or_default()
        )
    );
    assert_eq!(error.uid(), legacy.metadata.uid.as_deref());
    let undecodable = factory.undecodable();
    assert_eq!(
        undecodable.get("infra.fixture.example.com/v1alpha1/policies"),
        Some(&vec![error])
    );
    assert_eq!(informer.decode_failures(), 1);
    let lister = informer.lister();
    assert!(lister.namespace(ns.name()).get("legacy").is_none());

    // Fixed through the API: it appears.
    set_allow(&api, "legacy", json!(true)).await?;
    assert_eq!(
        next(&mut changed, "legacy fixed").await,
        "add legacy Some(true)"
    );
    assert!(informer.undecodable().is_empty());

    // Broken on update: reported, and its last state that decoded stays cached.
    let broken = set_allow(&api, "closed", json!("no")).await?;
    let error = next(&mut reported, "the report of closed").await;
    assert_eq!(
        (error.name(), error.resource_version(), error.path()),
        ("closed", Some(broken.as_str()), "spec.rules[0].allow")
    );
    let cached = lister.namespace(ns.name()).get("closed").context("kept")?;
    assert_eq!(describe(&cached), "closed Some(false)");

    // Deleted while broken: handlers get the last cached state; it is gone.
    api.delete("closed", &DeleteParams::default()).await?;
    assert_eq!(
        next(&mut changed, "closed deleted").await,
        "delete closed Some(false)"
    );
    assert!(lister.namespace(ns.name()).get("closed").is_none());
    assert!(factory.undecodable().is_empty());
    assert_eq!(informer.decode_failures(), 2);

    let path = format!(
        "/apis/infra.fixture.example.com/v1alpha1/namespaces/{}/policies",
        ns.name()
    );
    assert_eq!(
        (probe.lists_of(&path), probe.watches_of(&path)),
        (1, 1),
        "one list and one watch: {:?}",
        probe.calls()
    );
    factory.shutdown().await;
    Ok(())
}
