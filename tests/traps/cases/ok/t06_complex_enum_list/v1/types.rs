use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// A list of variants, each a struct.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Variants {
    pub metadata: ObjectMeta,
    pub spec: VariantsSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VariantsSpec {
    #[serde(default)]
    pub values: Vec<VariantType>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum VariantType {
    VariantA(VariantAModel),
    VariantB(VariantBModel),
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VariantAModel {
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VariantBModel {
    pub count: i32,
}
