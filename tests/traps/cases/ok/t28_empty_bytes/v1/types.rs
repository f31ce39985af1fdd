use std::collections::BTreeMap;

use k8s_openapi::ByteString;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A bundle of certificates and keys.
// +genclient
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Bundle {
    pub metadata: ObjectMeta,
    pub spec: BundleSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BundleSpec {
    /// The CA certificate (PEM), base64 in JSON.
    pub ca: ByteString,
    /// A client certificate, when there is one.
    pub cert: Option<ByteString>,
    /// Extra certificates; an empty one is kept.
    #[serde(default)]
    pub extra: Vec<ByteString>,
    /// Files by name.
    #[serde(default)]
    pub files: BTreeMap<String, ByteString>,
    /// A digest, as serde writes bytes: a list of numbers.
    #[serde(default)]
    pub digest: Vec<u8>,
    /// A key, as base64 (Go's `[]byte`).
    #[serde(serialize_with = "to_base64", deserialize_with = "from_base64")]
    pub key: Vec<u8>,
}

fn to_base64<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    ByteString(bytes.to_vec()).serialize(serializer)
}

fn from_base64<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
    ByteString::deserialize(deserializer).map(|bytes| bytes.0)
}
