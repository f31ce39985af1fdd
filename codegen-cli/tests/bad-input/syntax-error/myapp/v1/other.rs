use serde::{Deserialize, Serialize};

/// Uses a type of the broken file: no follow-on error.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Other {
    pub spec: AppSpec,
    // +kubebuilder:validation:Minimun=1
    pub count: i32,
}
