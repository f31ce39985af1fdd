//! A CRD embedding a PodTemplateSpec (the fixture's CronTab `spec.template`)
//! behaves on the real API server like the server's own pod templates, because
//! the generator gives embedded Kubernetes types the server's own schema: container
//! names are unique keys, server-side apply merges containers by name, the
//! template's metadata is kept, reference types may be empty, ports default to TCP.

use anyhow::Result;
use e2e::{crds, envtest};
use kube::api::{ApiResource, DynamicObject, GroupVersionKind, Patch, PatchParams, PostParams};
use kube::{Api, Client};
use serde_json::{Value, json};

async fn crontabs(
    prefix: &str,
) -> Result<(Api<DynamicObject>, ApiResource, envtest::TestNamespace)> {
    let client: Client = envtest::client().await?;
    crds::install(
        &client,
        fixture_generated::crds::custom_resource_definitions()?,
    )
    .await?;
    let ns = envtest::ns(prefix).await?;
    let ar = ApiResource::from_gvk_with_plural(
        &GroupVersionKind::gvk("batch.fixture.example.com", "v1", "CronTab"),
        "crontabs",
    );
    let api = Api::namespaced_with(client, ns.name(), &ar);
    Ok((api, ar, ns))
}

fn crontab(ar: &ApiResource, name: &str, template: Value) -> Result<DynamicObject> {
    Ok(serde_json::from_value(json!({
        "apiVersion": ar.api_version,
        "kind": ar.kind,
        "metadata": { "name": name },
        "spec": { "schedule": "*/5 * * * *", "minReplicas": 1, "template": template },
    }))?)
}

#[tokio::test]
async fn duplicate_container_names_are_rejected() -> Result<()> {
    let (api, ar, _ns) = crontabs("embed-dup").await?;
    let template = json!({ "spec": { "containers": [
        { "name": "c", "image": "busybox" },
        { "name": "c", "image": "nginx" },
    ] } });
    let err = api
        .create(&PostParams::default(), &crontab(&ar, "dup", template)?)
        .await
        .expect_err("two containers named c");
    let kube::Error::Api(status) = err else {
        panic!("unexpected error {err}")
    };
    assert_eq!(status.code, 422, "{status:?}");
    assert!(
        status
            .message
            .contains(r#"spec.template.spec.containers[1]: Duplicate value: {"name":"c"}"#),
        "{}",
        status.message
    );
    Ok(())
}

#[tokio::test]
async fn template_metadata_is_kept_and_defaults_apply() -> Result<()> {
    let (api, ar, _ns) = crontabs("embed-keep").await?;
    let template = json!({
        "metadata": {
            "labels": { "app": "web" },
            "annotations": { "note": "kept" },
            "unknownMetaField": "pruned",
        },
        "spec": {
            "imagePullSecrets": [{}],
            "containers": [{
                "name": "web",
                "image": "nginx",
                "ports": [{ "containerPort": 80 }],
            }],
        },
    });
    let created = api
        .create(&PostParams::default(), &crontab(&ar, "keep", template)?)
        .await?;
    let stored = api.get(created.metadata.name.as_deref().unwrap()).await?;
    let template = &stored.data["spec"]["template"];
    assert_eq!(
        template["metadata"],
        json!({ "labels": { "app": "web" }, "annotations": { "note": "kept" } }),
        "labels and annotations survive a write; fields ObjectMeta may not hold here are pruned"
    );
    assert_eq!(
        template["spec"]["imagePullSecrets"],
        json!([{ "name": "" }]),
        "`imagePullSecrets: [{{}}]` is accepted and its name defaulted"
    );
    assert_eq!(
        template["spec"]["containers"][0]["ports"][0]["protocol"],
        json!("TCP"),
        "ports[].protocol defaults to TCP"
    );
    Ok(())
}

/// Server-side applies a CronTab `merged` whose template has only `container`.
async fn apply(
    api: &Api<DynamicObject>,
    ar: &ApiResource,
    manager: &str,
    container: Value,
) -> Result<DynamicObject> {
    let obj = crontab(
        ar,
        "merged",
        json!({ "spec": { "containers": [container] } }),
    )?;
    let params = PatchParams::apply(manager).force();
    Ok(api.patch("merged", &params, &Patch::Apply(&obj)).await?)
}

#[tokio::test]
async fn server_side_apply_merges_containers_by_name() -> Result<()> {
    let (api, ar, _ns) = crontabs("embed-ssa").await?;
    apply(
        &api,
        &ar,
        "team-a",
        json!({ "name": "a", "image": "busybox" }),
    )
    .await?;
    let merged = apply(
        &api,
        &ar,
        "team-b",
        json!({ "name": "b", "image": "nginx" }),
    )
    .await?;
    let names: Vec<&str> = merged.data["spec"]["template"]["spec"]["containers"]
        .as_array()
        .expect("containers")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(
        names,
        ["a", "b"],
        "each manager owns its own container (a list-map keyed by name, not an atomic list)"
    );
    Ok(())
}
