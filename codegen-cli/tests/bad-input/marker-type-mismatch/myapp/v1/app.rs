use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AppSpec {
    // +kubebuilder:validation:MinLength=1
    pub replicas: i32,
    // +kubebuilder:validation:Minimum=0
    // +kubebuilder:validation:MaxItems=3
    pub names: Vec<String>,
    // +listType=map
    pub ports: Vec<Port>,
    // +kubebuilder:validation:Minimum=10
    // +kubebuilder:validation:Maximum=1
    pub size: Option<u32>,
    // +kubebuilder:validation:Pattern=`^a$`
    pub labels: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Port {
    pub name: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Routes {
    // +listType=map
    // +listMapKey=host
    // +listMapKey=path
    pub routes: Vec<Route>,
    // +listType=map
    // +listMapKey=name
    pub names: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Route {
    pub path: Option<String>,
}
