//! The generated App types as a user meets them: JSON in and out, deep copies,
//! and what kube needs to know about the kind.

use generated::apis::myapp::v1::{App, AppSpec, AppStatus, DeploymentSpec, ServiceSpec};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition;
use kube::Resource;
use serde_json::json;

/// An App as the API server returns it: full metadata, spec and status.
fn served_app() -> serde_json::Value {
    json!({
        "apiVersion": "myapp.k8s.io/v1",
        "kind": "App",
        "metadata": {
            "name": "web",
            "namespace": "shop",
            "uid": "5c1b6a4e-0d6f-4c1e-9a51-7f0f3e2b9d11",
            "resourceVersion": "4711",
            "generation": 3,
            "labels": {"team": "storefront"},
            "creationTimestamp": "2025-01-02T03:04:05Z"
        },
        "spec": {
            "deployment": {"name": "web", "image": "nginx:1.27", "replicas": 3},
            "service": {"name": "web-svc"}
        },
        "status": {
            "availableReplicas": 2,
            "observedGeneration": 3,
            "conditions": [{
                "type": "Ready",
                "status": "False",
                "reason": "DeploymentProgressing",
                "message": "2 of 3 replicas are available",
                "lastTransitionTime": "2025-01-02T03:05:00Z",
                "observedGeneration": 3
            }]
        }
    })
}

fn spec(image: &str, replicas: Option<i32>) -> AppSpec {
    AppSpec {
        deployment: DeploymentSpec {
            name: "web".to_owned(),
            image: image.to_owned(),
            replicas,
        },
        service: ServiceSpec {
            name: "web-svc".to_owned(),
        },
    }
}

#[test]
fn a_served_app_round_trips_through_json_unchanged() {
    let app: App = serde_json::from_value(served_app()).unwrap();
    assert_eq!(app.metadata.name.as_deref(), Some("web"));
    assert_eq!(app.spec.deployment.replicas, Some(3));
    let status = app.status.as_ref().unwrap();
    assert_eq!(status.available_replicas, Some(2));
    assert_eq!(status.conditions[0].type_, "Ready");
    assert_eq!(serde_json::to_value(&app).unwrap(), served_app());
}

#[test]
fn serialized_apps_start_with_api_version_and_kind() {
    // The API server rejects objects without them; the Rust type has no such fields.
    let app = App::new("web", spec("nginx:1.27", Some(1)));
    let text = serde_json::to_string(&app).unwrap();
    assert!(
        text.starts_with(r#"{"apiVersion":"myapp.k8s.io/v1","kind":"App","metadata":"#),
        "{text}"
    );
}

#[test]
fn absent_optional_fields_stay_absent() {
    let app = App::new("web", spec("nginx:1.27", None));
    assert_eq!(
        serde_json::to_value(&app).unwrap(),
        json!({
            "apiVersion": "myapp.k8s.io/v1",
            "kind": "App",
            "metadata": {"name": "web"},
            "spec": {
                "deployment": {"name": "web", "image": "nginx:1.27"},
                "service": {"name": "web-svc"}
            }
        })
    );
    let status: AppStatus = serde_json::from_value(json!({})).unwrap();
    assert_eq!(status, AppStatus::default());
    assert_eq!(serde_json::to_value(&status).unwrap(), json!({}));
}

#[test]
fn objects_without_api_version_and_kind_still_deserialize() {
    // List items from some servers and hand-written fixtures omit them.
    let mut object = served_app();
    let map = object.as_object_mut().unwrap();
    map.remove("apiVersion");
    map.remove("kind");
    let app: App = serde_json::from_value(object).unwrap();
    assert_eq!(app.spec.deployment.image, "nginx:1.27");
}

#[test]
fn clone_is_a_deep_copy() {
    let app: App = serde_json::from_value(served_app()).unwrap();
    let mut copy = app.clone();
    assert_eq!(copy, app);
    copy.spec.deployment.image.push_str("-alpine");
    copy.status.as_mut().unwrap().conditions[0].status = "True".to_owned();
    assert_eq!(app.spec.deployment.image, "nginx:1.27");
    assert_eq!(app.status.as_ref().unwrap().conditions[0].status, "False");
}

#[test]
fn clone_from_equals_clone_and_reuses_the_target_allocations() {
    let source: App = serde_json::from_value(served_app()).unwrap();
    // A stale copy of the same object, as a cache holds it: same shape, older values.
    let mut target = source.clone();
    target.spec.deployment.image = String::with_capacity(64);
    target.spec.deployment.image.push_str("nginx:1.26");
    target.status.as_mut().unwrap().conditions[0].message = "old".to_owned();
    target.status.as_mut().unwrap().available_replicas = Some(0);

    let image_buffer = target.spec.deployment.image.as_ptr();
    let conditions = &target.status.as_ref().unwrap().conditions;
    let (conditions_buffer, conditions_capacity) = (conditions.as_ptr(), conditions.capacity());

    target.clone_from(&source);

    assert_eq!(target, source.clone());
    assert_eq!(target.spec.deployment.image.as_ptr(), image_buffer);
    let conditions: &Vec<Condition> = &target.status.as_ref().unwrap().conditions;
    assert_eq!(conditions.as_ptr(), conditions_buffer);
    assert_eq!(conditions.capacity(), conditions_capacity);
}

#[test]
fn clone_from_handles_present_and_absent_options() {
    let source = App::new("web", spec("nginx:1.27", Some(2)));
    let mut target: App = serde_json::from_value(served_app()).unwrap();
    target.clone_from(&source);
    assert_eq!(target, source);
    assert!(target.status.is_none());

    let served: App = serde_json::from_value(served_app()).unwrap();
    target.clone_from(&served);
    assert_eq!(target, served);
}

#[test]
fn app_is_a_namespaced_kube_resource() {
    assert_eq!(App::kind(&()), "App");
    assert_eq!(App::group(&()), "myapp.k8s.io");
    assert_eq!(App::version(&()), "v1");
    assert_eq!(App::api_version(&()), "myapp.k8s.io/v1");
    assert_eq!(App::plural(&()), "apps");
    assert_eq!(
        App::url_path(&(), Some("shop")),
        "/apis/myapp.k8s.io/v1/namespaces/shop/apps"
    );
    assert_eq!(App::url_path(&(), None), "/apis/myapp.k8s.io/v1/apps");
    let app = App::new("web", spec("nginx:1.27", None));
    assert_eq!(app.meta().name.as_deref(), Some("web"));
    assert_eq!(
        app.object_ref(&()).api_version.as_deref(),
        Some("myapp.k8s.io/v1")
    );
}

#[test]
fn register_constants_describe_the_kind() {
    assert_eq!(App::GROUP, "myapp.k8s.io");
    assert_eq!(App::VERSION, "v1");
    assert_eq!(App::API_VERSION, "myapp.k8s.io/v1");
    assert_eq!(App::KIND, "App");
    assert_eq!(App::PLURAL, "apps");
    assert_eq!(App::SINGULAR, "app");
    assert_eq!(App::SHORT_NAMES, ["ap"]);
    assert_eq!(App::CATEGORIES, ["all"]);
    const { assert!(App::NAMESPACED) };
    assert_eq!(generated::apis::myapp::v1::API_VERSION, "myapp.k8s.io/v1");
}

#[test]
fn known_kinds_match_what_kube_derives_from_the_type() {
    let app = generated::apis::known_kinds()
        .find(|k| k.kind == "App")
        .expect("App is registered");
    assert!(app.namespaced);
    assert_eq!(
        app.api_resource(),
        kube::core::ApiResource::erase::<App>(&())
    );
}

#[test]
fn kube_api_accepts_the_type() {
    // Compiling is the check: `Api<App>` needs `Resource<DynamicType = ()>`,
    // `Clone`, `Serialize` and `DeserializeOwned`, and a namespaced scope.
    fn typed_api(client: kube::Client) -> kube::Api<App> {
        kube::Api::namespaced(client, "shop")
    }
    let _: fn(kube::Client) -> kube::Api<App> = typed_api;
}
