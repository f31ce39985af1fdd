use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A spec with an untagged enum flattened into it.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Flat {
    pub metadata: ObjectMeta,
    pub spec: FlatSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FlatSpec {
    #[serde(flatten)]
    pub foo: UntaggedEnum,
}

/// Which fields are set says which variant it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum UntaggedEnum {
    A { one: String },
    B { two: NormalEnum, three: String },
    C {},
}

impl Default for UntaggedEnum {
    fn default() -> Self {
        UntaggedEnum::C {}
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum NormalEnum {
    #[default]
    Low,
    High,
}
