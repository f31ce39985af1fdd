//! The App API as this controller uses it: the generated types.

pub use generated::apis::myapp::v1::{App, AppSpec, AppStatus, DeploymentSpec, ServiceSpec};
