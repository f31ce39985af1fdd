//! The App API as this controller uses it: the generated types, and the
//! identity of the kind for owner references and for mapping a child back to
//! its App.

pub use generated::apis::myapp::v1::{App, AppSpec, AppStatus, DeploymentSpec, ServiceSpec};
use kube::Resource;

/// `myapp.k8s.io`.
pub fn app_group() -> String {
    App::group(&()).into_owned()
}

/// `myapp.k8s.io/v1`, the `apiVersion` written into owner references.
pub fn app_api_version() -> String {
    App::api_version(&()).into_owned()
}

/// `App`.
pub fn app_kind() -> String {
    App::kind(&()).into_owned()
}

/// Whether an `apiVersion`/`kind` pair names the App kind, in any version of
/// its group (an owner reference written by an older version still counts).
pub fn is_app_kind(api_version: &str, kind: &str) -> bool {
    let group = api_version.rsplit_once('/').map_or("", |(group, _)| group);
    group == app_group() && kind == app_kind()
}
