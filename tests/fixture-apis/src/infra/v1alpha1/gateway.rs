use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Gateway exercises controller-gen's marker families and Go-style named types:
/// newtypes, type aliases, fixed-size arrays, `items:` validations, `+k8s:`
/// spellings, examples, schemaless fields and CEL rules with every argument.
// +genclient
// +kubebuilder:resource:categories=fixture
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Gateway {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The listeners and their hosts.
    pub spec: GatewaySpec,
}

/// GatewaySpec describes a gateway.
// +kubebuilder:validation:XValidation:rule="!has(self.minPort) || !has(self.maxPort) || self.minPort <= self.maxPort",message="minPort must not exceed maxPort"
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GatewaySpec {
    /// The primary host name.
    // +kubebuilder:example=gateway.example.com
    pub host: Hostname,
    /// Further host names; each is a Hostname.
    // +kubebuilder:validation:MaxItems=8
    // +listType=set
    // +k8s:optional
    pub aliases: Vec<Hostname>,
    /// The lowest port served.
    pub min_port: Option<Port>,
    /// The highest port served.
    pub max_port: Option<Port>,
    /// Listener names, each a DNS label.
    // +kubebuilder:validation:items:MaxLength=15
    // +kubebuilder:validation:items:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
    // +kubebuilder:default={}
    #[serde(default)]
    pub listeners: Vec<String>,
    /// Release tracks of the listeners, by position; a gap is `null`.
    #[serde(default)]
    pub tracks: Vec<Option<String>>,
    /// An embedded object for the data plane, as it was given.
    #[serde(default)]
    pub raw: k8s_openapi::apimachinery::pkg::runtime::RawExtension,
    /// Free-form annotations for the data plane.
    #[serde(default)]
    pub extra: serde_json::Value,
    /// Zone of each region.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub zones: BTreeMap<String, Zone>,
    /// Two weights that split traffic between the primary and canary backends.
    pub weights: [Weight; 2],
    /// The TLS certificate, base64 in JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<k8s_openapi::ByteString>,
    /// Opaque settings handed to the data plane.
    // +kubebuilder:validation:Schemaless
    // +kubebuilder:pruning:PreserveUnknownFields
    // +kubebuilder:validation:Type=object
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<serde_json::Value>,
    /// The class of the gateway; fixed once set.
    // +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self == oldSelf.value()",message="class is immutable",reason=FieldValueForbidden,optionalOldSelf=true
    // +default="standard"
    // +k8s:optional
    pub class: String,
}

/// A DNS name.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=253
// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$`
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hostname(pub String);

/// A TCP port.
// +kubebuilder:validation:Minimum=1
// +kubebuilder:validation:Maximum=65535
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Port(pub i32);

/// A share of traffic in percent.
// +kubebuilder:validation:Minimum=0
// +kubebuilder:validation:Maximum=100
pub type Weight = i32;

/// A zone name.
// +kubebuilder:validation:Enum=a;b;c
pub type Zone = String;
