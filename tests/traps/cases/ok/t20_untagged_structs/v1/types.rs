use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Credentials, one kind or another.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Login {
    pub metadata: ObjectMeta,
    pub spec: LoginSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LoginSpec {
    pub auth: Auth,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Auth {
    Basic { user: String, password: String },
    Token { token: String },
}

impl Default for Auth {
    fn default() -> Self {
        Auth::Token {
            token: String::new(),
        }
    }
}
