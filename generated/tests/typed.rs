//! The generated surface over the runtime: the group-version accessors on the
//! real and the fake clientset, the verbs the markers allow, the informer
//! accessors on the runtime's factory, the lister aliases, and what `App`
//! tells the runtime about itself.

use std::time::Duration;

use generated::apis::myapp::v1::{App, AppSpec, AppStatus, DeploymentSpec, ServiceSpec};
use generated::clientset::{Clientset, TypedClient, fake};
use generated::informers::SharedInformerFactory;
use generated::listers::LabelSelector;
use generated::listers::myapp::v1::AppLister;
use generated::prelude::*;
use kube::api::{ListParams, PostParams};
use kube_codegen_runtime::Kind;

fn app(name: &str) -> App {
    App::new(
        name,
        AppSpec {
            deployment: DeploymentSpec {
                name: name.to_owned(),
                image: "nginx".to_owned(),
                replicas: Some(1),
            },
            service: ServiceSpec {
                name: name.to_owned(),
            },
        },
    )
}

/// Written against any clientset of the runtime, as a controller would be.
async fn mark_available<C: kube_codegen_runtime::Interface>(
    clientset: &C,
    namespace: &str,
) -> generated::clientset::Result<usize> {
    let apps = clientset.myapp_v1().apps(namespace);
    let list = apps.list(&ListParams::default()).await?;
    for mut app in list.items.clone() {
        app.status = Some(AppStatus {
            available_replicas: Some(1),
            observed_generation: app.metadata.generation,
            conditions: Vec::new(),
        });
        apps.update_status(&PostParams::default(), &app).await?;
    }
    Ok(list.items.len())
}

#[tokio::test]
async fn the_accessors_hand_out_the_runtimes_typed_clients() {
    let mut seed = app("web");
    seed.metadata.namespace = Some("prod".into());
    let fake = fake::Clientset::new([seed.into()]);
    assert_eq!(mark_available(&fake, "prod").await.unwrap(), 1);
    let apps: TypedClient<App, fake::Clientset> = fake.myapp_v1().apps("prod");
    let web = apps.get("web").await.unwrap();
    assert_eq!(web.status.unwrap().available_replicas, Some(1));
    assert_eq!(apps.namespace(), "prod");
    let described: Vec<String> = fake
        .actions()
        .iter()
        .map(|a| format!("{} {}/{:?}", a.verb, a.resource, a.subresource))
        .collect();
    assert_eq!(
        described,
        [
            "list apps/None",
            "update apps/Some(\"status\")",
            "get apps/None"
        ]
    );
}

#[test]
fn the_kind_tells_the_runtime_how_the_server_serves_it() {
    let info = App::INFO;
    assert_eq!(
        info.gvr(),
        kube::api::GroupVersionResource::gvr("myapp.k8s.io", "v1", "apps")
    );
    assert!(info.namespaced && info.status_subresource);
    assert_eq!(info.scale, None);
    assert!(!info.strategic_merge_patch, "a custom resource");
    assert_eq!(generated::apis::known_kinds().collect::<Vec<_>>(), [&info]);
    assert_eq!(generated::apis::myapp::v1::KINDS, [info]);
}

#[tokio::test]
async fn the_informer_accessors_share_the_runtimes_informers() {
    let config = kube::Config::new("http://127.0.0.1:1".parse().unwrap());
    let clientset = Clientset::from_config(config).unwrap();
    let factory = SharedInformerFactory::new(clientset, Duration::ZERO);
    let typed = factory.myapp_v1().apps();
    let generic = factory.informer_for::<App>();
    let mut cached = app("web");
    cached.metadata.namespace = Some("shop".into());
    typed.indexer().insert(std::sync::Arc::new(cached));
    let lister: AppLister = generic.lister();
    assert!(lister.namespace("shop").get("web").is_some());
    assert_eq!(lister.list(&LabelSelector::everything()).len(), 1);
    factory.shutdown().await;
}

/// The apply configurations: only what is set is sent, typed apply on any
/// clientset, and `extract_app` reading what a manager owns.
mod apply_configurations {
    use generated::apis::myapp::v1::App;
    use generated::applyconfigurations::myapp::v1::{
        AppApply, AppSpecApply, AppStatusApply, DeploymentSpecApply, ServiceSpecApply, extract_app,
        extract_app_status,
    };
    use generated::clientset::{ApplyParams, ErrorKind, fake};
    use generated::prelude::*;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition;
    use serde_json::json;

    fn condition(kind: &str) -> Condition {
        serde_json::from_value(json!({
            "type": kind, "status": "True", "reason": "Test", "message": "",
            "lastTransitionTime": "2026-01-01T00:00:00Z",
        }))
        .unwrap()
    }

    fn web() -> AppApply {
        AppApply::new("web", "default")
            .with_labels([("team", "a")])
            .with_spec(
                AppSpecApply::default()
                    .with_deployment(DeploymentSpecApply::default().with_image("nginx:1.27")),
            )
    }

    #[test]
    fn only_the_fields_set_are_serialized() {
        assert_eq!(
            serde_json::to_value(web()).unwrap(),
            json!({
                "apiVersion": "myapp.k8s.io/v1",
                "kind": "App",
                "metadata": {"name": "web", "namespace": "default", "labels": {"team": "a"}},
                "spec": {"deployment": {"image": "nginx:1.27"}},
            })
        );
        // A status configuration carries no spec, and lists are appended to.
        let status = AppApply::new("web", "default").with_status(
            AppStatusApply::default()
                .with_observed_generation(3)
                .with_conditions([condition("Ready")])
                .with_conditions([condition("Progressing")]),
        );
        let json = serde_json::to_value(&status).unwrap();
        assert_eq!(json["status"]["observedGeneration"], 3);
        assert_eq!(json["status"]["conditions"].as_array().unwrap().len(), 2);
        assert!(json.get("spec").is_none(), "{json}");
        // And it reads back as what was built.
        assert_eq!(serde_json::from_value::<AppApply>(json).unwrap(), status);
    }

    #[tokio::test]
    async fn typed_apply_needs_a_name_and_the_clients_namespace() {
        let clientset = fake::Clientset::default();
        let apps = clientset.myapp_v1().apps("default");
        let params = ApplyParams::new("tester");
        let nameless = AppApply::default().with_namespace("default");
        let err = apps.apply_config(&nameless, &params).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BadRequest);
        assert_eq!(
            err.message(),
            "App: metadata.name must be provided to apply"
        );
        let elsewhere = AppApply::new("web", "other");
        let err = apps.apply_config(&elsewhere, &params).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BadRequest);
        assert!(err.message().contains("(other)"), "{}", err.message());
        assert!(clientset.actions().is_empty(), "nothing was sent");

        let whole = AppApply::new("web", "default").with_spec(
            AppSpecApply::default()
                .with_deployment(
                    DeploymentSpecApply::default()
                        .with_name("web")
                        .with_image("nginx:1.27"),
                )
                .with_service(ServiceSpecApply::default().with_name("web")),
        );
        let applied = apps.apply_config(&whole, &params).await.unwrap();
        assert_eq!(applied.spec.deployment.image, "nginx:1.27");
        assert!(clientset.actions()[0].matches("patch", "apps"));
    }

    /// With the crate's CRDs the fake applies as the API server does: managed
    /// fields, so extract gives back what was applied; conflicts between
    /// managers; a field a manager stops applying is removed.
    #[tokio::test]
    async fn the_fake_with_the_crds_applies_and_extracts_as_the_server_does() {
        let clientset = fake::Clientset::default().with_crds(generated::crds::all());
        let apps = clientset.myapp_v1().apps("default");
        let whole = AppApply::new("web", "default")
            .with_labels([("team", "a")])
            .with_spec(
                AppSpecApply::default()
                    .with_deployment(
                        DeploymentSpecApply::default()
                            .with_name("web")
                            .with_image("nginx:1.27")
                            .with_replicas(3),
                    )
                    .with_service(ServiceSpecApply::default().with_name("web")),
            );
        let mine = ApplyParams::new("tester");
        let applied = apps.apply_config(&whole, &mine).await.unwrap();
        assert_eq!(extract_app(&applied, "tester").unwrap(), whole);

        // Another manager setting the same field is refused unless it forces.
        let theirs = AppApply::new("web", "default").with_spec(
            AppSpecApply::default()
                .with_deployment(DeploymentSpecApply::default().with_image("nginx:1.28")),
        );
        let err = apps
            .apply_config(&theirs, &ApplyParams::new("other"))
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Conflict);
        assert!(
            err.message().contains(".spec.deployment.image"),
            "{}",
            err.message()
        );

        // Applying again without `replicas` gives it up: the CRD's default returns.
        let fewer = AppApply::new("web", "default").with_spec(
            AppSpecApply::default()
                .with_deployment(
                    DeploymentSpecApply::default()
                        .with_name("web")
                        .with_image("nginx:1.27"),
                )
                .with_service(ServiceSpecApply::default().with_name("web")),
        );
        let reapplied = apps.apply_config(&fewer, &mine).await.unwrap();
        assert_eq!(reapplied.spec.deployment.replicas, Some(1));
        assert!(
            reapplied
                .metadata
                .labels
                .as_ref()
                .is_none_or(|l| l.is_empty())
        );
        assert_eq!(extract_app(&reapplied, "tester").unwrap(), fewer);
    }

    #[test]
    fn extract_reads_what_a_manager_owns_from_managed_fields() {
        let object: App = serde_json::from_value(json!({
            "apiVersion": "myapp.k8s.io/v1",
            "kind": "App",
            "metadata": {
                "name": "web", "namespace": "default", "labels": {"team": "a", "other": "b"},
                "managedFields": [
                    {"manager": "tester", "operation": "Apply", "apiVersion": "myapp.k8s.io/v1",
                     "fieldsType": "FieldsV1",
                     "fieldsV1": {"f:metadata": {"f:labels": {"f:team": {}}},
                                  "f:spec": {"f:deployment": {"f:image": {}}}}},
                    {"manager": "tester", "operation": "Apply", "apiVersion": "myapp.k8s.io/v1",
                     "fieldsType": "FieldsV1", "subresource": "status",
                     "fieldsV1": {"f:status": {"f:availableReplicas": {}}}},
                ],
            },
            "spec": {"deployment": {"name": "web", "image": "nginx:1.27", "replicas": 2},
                     "service": {"name": "web"}},
            "status": {"availableReplicas": 2, "observedGeneration": 1},
        }))
        .unwrap();
        assert_eq!(extract_app(&object, "tester").unwrap(), web());
        assert_eq!(
            extract_app_status(&object, "tester").unwrap(),
            AppApply::new("web", "default")
                .with_status(AppStatusApply::default().with_available_replicas(2))
        );
        // A manager that never applied owns nothing but the object's identity.
        assert_eq!(
            extract_app(&object, "someone-else").unwrap(),
            AppApply::new("web", "default")
        );
    }
}
