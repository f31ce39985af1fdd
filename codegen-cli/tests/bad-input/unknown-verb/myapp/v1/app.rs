use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
// +genclient:onlyVerbs=create,gett,frobnicate
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
}

// +genclient
// +genclient:skipVerbs=updateStatuss
// +genclient:method=Scale,verb=scale,subresource=scale
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Other {
    pub metadata: ObjectMeta,
}
