use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// An object holding a tagged union.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tagged {
    pub metadata: ObjectMeta,
    pub spec: TaggedSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TaggedSpec {
    pub union: TaggedUnion,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tag")]
pub enum TaggedUnion {
    Left { left_value: String },
    Right { right_value: String },
}

impl Default for TaggedUnion {
    fn default() -> Self {
        TaggedUnion::Left {
            left_value: String::new(),
        }
    }
}
