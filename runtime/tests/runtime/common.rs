//! Kinds written by hand the way a generated crate writes them: `App`, a
//! namespaced custom resource with a status subresource, and `Tenant`, a
//! cluster-scoped one with a scale subresource and a selectable field.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ObjectMeta};
use kube_codegen_runtime::{Kind, ResourceInfo, ScaleInfo, verb};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    pub spec: AppSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<AppStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AppSpec {
    pub deployment: DeploymentSpec,
    pub service: ServiceSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DeploymentSpec {
    pub name: String,
    pub image: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ServiceSpec {
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_replicas: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

impl App {
    pub fn new(name: &str, spec: AppSpec) -> App {
        App {
            metadata: ObjectMeta {
                name: Some(name.to_owned()),
                ..ObjectMeta::default()
            },
            spec,
            status: None,
        }
    }
}

impl k8s_openapi::Resource for App {
    const API_VERSION: &'static str = "myapp.k8s.io/v1";
    const GROUP: &'static str = "myapp.k8s.io";
    const KIND: &'static str = "App";
    const VERSION: &'static str = "v1";
    const URL_PATH_SEGMENT: &'static str = "apps";
    type Scope = k8s_openapi::NamespaceResourceScope;
}

impl k8s_openapi::ListableResource for App {
    const LIST_KIND: &'static str = "AppList";
}

impl k8s_openapi::Metadata for App {
    type Ty = ObjectMeta;
    fn metadata(&self) -> &ObjectMeta {
        &self.metadata
    }
    fn metadata_mut(&mut self) -> &mut ObjectMeta {
        &mut self.metadata
    }
}

impl Kind for App {
    const INFO: ResourceInfo =
        ResourceInfo::new("myapp.k8s.io", "v1", "App", "apps", true).with_status_subresource();
}

impl verb::Create for App {}
impl verb::Update for App {}
impl verb::UpdateStatus for App {}
impl verb::Delete for App {}
impl verb::DeleteCollection for App {}
impl verb::Get for App {}
impl verb::List for App {}
impl verb::Watch for App {}
impl verb::Patch for App {}
impl verb::PatchStatus for App {}
impl verb::Apply for App {}
impl verb::ApplyStatus for App {}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tenant {
    pub metadata: ObjectMeta,
    pub spec: TenantSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<TenantStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TenantSpec {
    pub tier: String,
    pub seats: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TenantStatus {
    pub seats: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<String>,
}

pub fn tenant(name: &str, tier: &str, seats: i32) -> Tenant {
    Tenant {
        metadata: ObjectMeta {
            name: Some(name.to_owned()),
            ..ObjectMeta::default()
        },
        spec: TenantSpec {
            tier: tier.to_owned(),
            seats,
        },
        status: None,
    }
}

impl k8s_openapi::Resource for Tenant {
    const API_VERSION: &'static str = "example.com/v1alpha1";
    const GROUP: &'static str = "example.com";
    const KIND: &'static str = "Tenant";
    const VERSION: &'static str = "v1alpha1";
    const URL_PATH_SEGMENT: &'static str = "tenants";
    type Scope = k8s_openapi::ClusterResourceScope;
}

impl k8s_openapi::ListableResource for Tenant {
    const LIST_KIND: &'static str = "TenantList";
}

impl k8s_openapi::Metadata for Tenant {
    type Ty = ObjectMeta;
    fn metadata(&self) -> &ObjectMeta {
        &self.metadata
    }
    fn metadata_mut(&mut self) -> &mut ObjectMeta {
        &mut self.metadata
    }
}

impl Kind for Tenant {
    const INFO: ResourceInfo =
        ResourceInfo::new("example.com", "v1alpha1", "Tenant", "tenants", false)
            .with_status_subresource()
            .with_scale(ScaleInfo {
                spec_replicas_path: ".spec.seats",
                status_replicas_path: ".status.seats",
                label_selector_path: Some(".status.selector"),
            })
            .with_selectable_fields(&[".spec.tier"]);
}

// Read-only, as `+genclient:readonly` makes a kind.
impl verb::Get for Tenant {}
impl verb::List for Tenant {}
impl verb::Watch for Tenant {}
