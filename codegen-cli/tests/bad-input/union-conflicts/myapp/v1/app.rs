use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

// +genclient
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct App {
    pub metadata: ObjectMeta,
    pub spec: AppSpec,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AppSpec {
    pub source: Source,
    pub auth: Auth,
    pub step: Step,
    pub port: Port,
    pub value: Value,
    pub login: Login,
    pub size: Size,
}

/// A unit variant is a string, the others objects.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Source {
    Git { url: String },
    Empty,
}

/// A newtype of a string cannot sit next to the tag.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Auth {
    Token(String),
    Basic { user: String },
}

/// Two variants, one property, two types; and a field named like the tag.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Step {
    Run { command: String },
    Retry { command: Vec<String> },
    Wait { kind: String },
}

/// Untagged unit variants are `null`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Port {
    Number(i32),
    Unset,
}

/// A string or an object.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    Text(String),
    Pair { key: String, value: String },
}

/// serde reads `Basic` first for every object `Mutual` could hold.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Login {
    Basic { user: String },
    Mutual { user: String, certificate: String },
}

/// Two integer variants.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Size {
    Bytes(u64),
    Blocks(u32),
}
