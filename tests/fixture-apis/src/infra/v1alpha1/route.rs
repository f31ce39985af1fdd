use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::{Deserialize, Serialize};

/// Route sends requests to a backend; its choices are Rust enums, one of each
/// serde representation: internally, externally and adjacently tagged,
/// untagged, and flattened into the spec.
// +genclient
// +kubebuilder:resource:categories=fixture
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Route {
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Where requests go and how.
    pub spec: RouteSpec,
}

/// RouteSpec describes a route.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteSpec {
    /// Where requests go.
    pub backend: Backend,
    /// Which requests the route takes; all of them when unset.
    pub matcher: Option<Matcher>,
    /// How long a request may take.
    pub timeout: Option<Timeout>,
    /// Steps applied to each request, in order.
    // +kubebuilder:validation:MaxItems=16
    #[serde(default)]
    pub filters: Vec<Filter>,
    /// Who may call the route; anyone when unset.
    pub access: Option<Access>,
    /// When a failed request is tried again.
    #[serde(flatten)]
    pub retry: Retry,
}

/// A backend, by its `type`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Backend {
    /// A Service in the route's namespace.
    Service {
        /// The Service's name.
        name: String,
        /// The port to call.
        // +kubebuilder:validation:Minimum=1
        // +kubebuilder:validation:Maximum=65535
        port: i32,
    },
    /// An address outside the cluster.
    External {
        /// Its URL.
        url: String,
        /// Whether its certificate is checked; yes when unset.
        tls_verify: Option<bool>,
    },
    /// A fixed answer.
    Fixed(FixedResponse),
    /// Every request is dropped.
    #[default]
    Drop,
    /// A backend type a newer version of the API added.
    #[serde(other)]
    Unknown,
}

/// The answer of a fixed backend.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FixedResponse {
    /// The HTTP status.
    // +kubebuilder:validation:Minimum=100
    // +kubebuilder:validation:Maximum=599
    pub status: i32,
    /// The body, if any.
    pub body: Option<String>,
}

/// Which requests match, one way or another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Matcher {
    /// Requests whose path starts with this.
    PathPrefix(String),
    /// Requests that carry these headers with these values.
    Headers(BTreeMap<String, String>),
    /// Requests whose path matches a regular expression.
    Regex {
        /// The expression (RE2 syntax).
        pattern: String,
        /// Whether case is ignored.
        #[serde(default)]
        case_insensitive: bool,
    },
}

/// A time limit: whole seconds, or a duration such as `1m30s`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Timeout {
    Seconds(u32),
    Duration(String),
}

/// One step of request processing, by its `kind`, configured by `config`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "config", rename_all = "camelCase")]
pub enum Filter {
    /// Adds headers to the request.
    AddHeaders {
        /// Header name to value.
        headers: BTreeMap<String, String>,
    },
    /// Replaces the request's path.
    Rewrite {
        /// The new path.
        path: String,
    },
    /// Logs the request.
    Log,
}

/// Who may call: holders of a token, or clients from some networks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged, rename_all_fields = "camelCase")]
pub enum Access {
    /// Callers that present a token from this Secret.
    Token {
        /// The Secret's name.
        secret_name: String,
    },
    /// Callers from these networks.
    Networks {
        /// CIDR blocks.
        cidrs: Vec<String>,
        /// Whether callers must also present a client certificate.
        #[serde(default)]
        mutual_tls: bool,
    },
}

/// When a failed request is tried again, by `retryPolicy`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "retryPolicy", rename_all_fields = "camelCase")]
pub enum Retry {
    /// Never.
    #[default]
    Never,
    /// Up to `attempts` times, right away.
    Immediate {
        /// Attempts after the first.
        // +kubebuilder:validation:Maximum=10
        attempts: i32,
    },
    /// Up to `attempts` times, waiting twice as long each time.
    Backoff {
        /// Attempts after the first.
        // +kubebuilder:validation:Maximum=10
        attempts: i32,
        /// The first wait, in seconds.
        first_delay_seconds: i32,
    },
}
