//! Typed apply configurations on the real API server: what a manager applies
//! is what it owns; applying again with fewer fields removes the dropped ones;
//! two managers share an object and conflict on a field both set, unless
//! forced; `extract_app` / `extract_app_status` give back exactly what each
//! manager applied, for spec and status.

use anyhow::Result;
use e2e::envtest;
use generated::applyconfigurations::myapp::v1::{
    AppApply, AppSpecApply, AppStatusApply, DeploymentSpecApply, ServiceSpecApply, extract_app,
    extract_app_status,
};
use generated::clientset::{ApplyParams, Clientset};
use generated::prelude::*;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition;
use serde_json::json;

use super::setup;

fn alice_config(ns: &str, replicas: Option<i32>, tier: bool) -> AppApply {
    let mut deployment = DeploymentSpecApply::default()
        .with_name("web")
        .with_image("nginx:1.27");
    deployment.replicas = replicas;
    let mut labels = vec![("team", "a")];
    if tier {
        labels.push(("tier", "frontend"));
    }
    AppApply::new("web", ns).with_labels(labels).with_spec(
        AppSpecApply::default()
            .with_deployment(deployment)
            .with_service(ServiceSpecApply::default().with_name("web")),
    )
}

fn ready(status: &str) -> Condition {
    serde_json::from_value(json!({
        "type": "Ready", "status": status, "reason": "Test", "message": "",
        "lastTransitionTime": "2026-01-01T00:00:00Z",
    }))
    .unwrap()
}

#[tokio::test]
async fn apply_configurations_round_trip() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("apply-configs").await?;
    let apps = Clientset::new(client).myapp_v1().apps(ns.name());
    let alice = ApplyParams::new("alice");

    // Apply, and read back what was applied as alice's configuration.
    let first = alice_config(ns.name(), Some(2), true);
    let app = apps.apply_config(&first, &alice).await?;
    assert_eq!(app.spec.deployment.replicas, Some(2));
    assert_eq!(app.metadata.labels.as_ref().unwrap()["tier"], "frontend");
    assert_eq!(extract_app(&app, "alice")?, first);

    // Applying again without `replicas` and the `tier` label gives them up:
    // the label is gone and replicas is back to the CRD's default.
    let second = alice_config(ns.name(), None, false);
    let app = apps.apply_config(&second, &alice).await?;
    assert_eq!(app.spec.deployment.replicas, Some(1), "defaulted again");
    assert!(!app.metadata.labels.as_ref().unwrap().contains_key("tier"));
    assert_eq!(extract_app(&app, "alice")?, second);

    // A second manager adds a label of its own: both own their part.
    let bob = ApplyParams::new("bob");
    let bobs = AppApply::new("web", ns.name()).with_labels([("reviewed-by", "bob")]);
    let app = apps.apply_config(&bobs, &bob).await?;
    assert_eq!(app.metadata.labels.as_ref().unwrap()["team"], "a");
    assert_eq!(extract_app(&app, "bob")?, bobs);
    assert_eq!(extract_app(&app, "alice")?, second);

    // Setting alice's image conflicts, naming the field, unless forced; then
    // the image is bob's and no longer alice's.
    let image = bobs.clone().with_spec(
        AppSpecApply::default()
            .with_deployment(DeploymentSpecApply::default().with_image("nginx:1.28")),
    );
    let err = apps.apply_config(&image, &bob).await.unwrap_err();
    assert!(err.is_conflict(), "{err}");
    assert!(err.message().contains(".spec.deployment.image"), "{err}");
    let app = apps.apply_config(&image, &bob.clone().force()).await?;
    assert_eq!(app.spec.deployment.image, "nginx:1.28");
    assert_eq!(extract_app(&app, "bob")?, image);
    let alices = extract_app(&app, "alice")?;
    let deployment = alices.spec.unwrap().deployment.unwrap();
    assert_eq!(deployment.image, None, "alice lost the image");
    assert_eq!(deployment.name.as_deref(), Some("web"));

    // Status through the status subresource: owned by its own manager, and
    // dropping the conditions removes them.
    let status_writer = ApplyParams::new("status-writer").force();
    let status = AppApply::new("web", ns.name()).with_status(
        AppStatusApply::default()
            .with_available_replicas(1)
            .with_conditions([ready("True")]),
    );
    let app = apps.apply_status_config(&status, &status_writer).await?;
    assert_eq!(app.status.as_ref().unwrap().conditions.len(), 1);
    assert_eq!(extract_app_status(&app, "status-writer")?, status);
    assert_eq!(
        extract_app(&app, "status-writer")?,
        AppApply::new("web", ns.name())
    );
    let fewer = AppApply::new("web", ns.name())
        .with_status(AppStatusApply::default().with_available_replicas(0));
    let app = apps.apply_status_config(&fewer, &status_writer).await?;
    let live = app.status.as_ref().unwrap();
    assert!(live.conditions.is_empty(), "{live:?}");
    assert_eq!(live.available_replicas, Some(0));
    assert_eq!(extract_app_status(&app, "status-writer")?, fewer);
    Ok(())
}

/// The fixture's CronTab: renamed fields (`type`), a flattened struct, a
/// string enum, a map and a list-map keyed by `name` shared by two managers;
/// dropping entries removes only the dropper's. (`minReplicas` is sent: a
/// CEL rule reads it and it has no default.)
#[tokio::test]
async fn fixture_configurations_merge_by_the_schemas_keys() -> Result<()> {
    use fixture_generated::apis::batch::v1::ConcurrencyPolicy;
    use fixture_generated::applyconfigurations::batch::v1::{
        CronTabApply, CronTabSpecApply, NotifyTargetApply, RetryPolicyApply, extract_cron_tab,
    };
    use fixture_generated::clientset::prelude::*;
    use k8s_openapi::api::core::v1::PodTemplateSpec;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

    // A k8s-openapi type is set whole; an empty one (`{}`) would be no field
    // the server records as owned, so the template has a label.
    let template = || PodTemplateSpec {
        metadata: Some(ObjectMeta {
            labels: Some([("app".to_owned(), "nightly".to_owned())].into()),
            ..ObjectMeta::default()
        }),
        spec: None,
    };
    let client = setup().await?;
    let ns = envtest::ns("apply-crontab").await?;
    let crontabs = Clientset::new(client).batch_v1().cron_tabs(ns.name());
    let target = |name: &str, kind: &str| {
        NotifyTargetApply::default()
            .with_name(name)
            .with_url(format!("https://{name}.example.com"))
            .with_kind(kind)
    };
    let alice = ApplyParams::new("alice");
    let full = CronTabApply::new("nightly", ns.name()).with_spec(
        CronTabSpecApply::default()
            .with_schedule("0 3 * * *")
            .with_min_replicas(0)
            .with_template(template())
            .with_concurrency_policy(ConcurrencyPolicy::Forbid)
            .with_env([("LEVEL", "debug".to_owned())])
            .with_notify([target("ops", "slack")])
            .with_retry(RetryPolicyApply::default().with_attempts(5u32)),
    );
    let crontab = crontabs.apply_config(&full, &alice).await?;
    assert_eq!(crontab.spec.notify[0].kind, "slack");
    assert_eq!(crontab.spec.retry.attempts, 5);
    assert_eq!(extract_cron_tab(&crontab, "alice")?, full);

    // Bob adds an entry to the keyed list and the map: merged, not replaced.
    let bob = ApplyParams::new("bob");
    let bobs = CronTabApply::new("nightly", ns.name()).with_spec(
        CronTabSpecApply::default()
            .with_env([("TRACE", "1".to_owned())])
            .with_notify([target("pager", "email")]),
    );
    let crontab = crontabs.apply_config(&bobs, &bob).await?;
    let names: Vec<&str> = crontab
        .spec
        .notify
        .iter()
        .map(|n| n.name.as_str())
        .collect();
    assert_eq!(names, ["ops", "pager"]);
    assert_eq!(crontab.spec.env.len(), 2);
    assert_eq!(extract_cron_tab(&crontab, "bob")?, bobs);
    assert_eq!(extract_cron_tab(&crontab, "alice")?, full);

    // Alice drops her entries and the retry settings: only hers go, and
    // `attempts` is defaulted again.
    let fewer = CronTabApply::new("nightly", ns.name()).with_spec(
        CronTabSpecApply::default()
            .with_schedule("0 3 * * *")
            .with_min_replicas(0)
            .with_template(template()),
    );
    let crontab = crontabs.apply_config(&fewer, &alice).await?;
    let names: Vec<&str> = crontab
        .spec
        .notify
        .iter()
        .map(|n| n.name.as_str())
        .collect();
    assert_eq!(names, ["pager"]);
    assert_eq!(crontab.spec.env.keys().collect::<Vec<_>>(), ["TRACE"]);
    assert_eq!(crontab.spec.retry.attempts, 3, "the CRD's default");
    assert_eq!(extract_cron_tab(&crontab, "alice")?, fewer);
    Ok(())
}
