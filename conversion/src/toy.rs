//! Two versions of a tiny kind for the crate's own tests: `v1` has a count,
//! `v2` (the hub) named items and a label.

use serde::{Deserialize, Serialize};

macro_rules! resource {
    ($ty:ty, $version:literal) => {
        impl k8s_openapi::Resource for $ty {
            const API_VERSION: &'static str = concat!("toy.example.com/", $version);
            const GROUP: &'static str = "toy.example.com";
            const KIND: &'static str = "Toy";
            const VERSION: &'static str = $version;
            const URL_PATH_SEGMENT: &'static str = "toys";
            type Scope = k8s_openapi::NamespaceResourceScope;
        }
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct V1 {
    pub api_version: String,
    pub kind: String,
    pub metadata: k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta,
    pub count: i32,
}
resource!(V1, "v1");

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct V2 {
    pub api_version: String,
    pub kind: String,
    pub metadata: k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta,
    pub items: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}
resource!(V2, "v2");

impl From<V1> for V2 {
    fn from(v1: V1) -> Self {
        V2 {
            api_version: "toy.example.com/v2".into(),
            kind: "Toy".into(),
            metadata: v1.metadata,
            items: (0..v1.count).map(|i| format!("item-{i}")).collect(),
            label: None,
        }
    }
}

impl TryFrom<V2> for V1 {
    type Error = String;

    fn try_from(v2: V2) -> Result<Self, String> {
        if v2.items.iter().any(|i| i == "forbidden") {
            return Err("item `forbidden` has no v1 form".into());
        }
        Ok(V1 {
            api_version: "toy.example.com/v1".into(),
            kind: "Toy".into(),
            metadata: v2.metadata,
            count: v2.items.len() as i32,
        })
    }
}

/// The toy kind, hub v2 and spoke v1.
pub fn conversions() -> crate::Conversions {
    let mut conversions = crate::Conversions::new();
    conversions.kind::<V2>().spoke::<V1>();
    conversions
}
