//! The CRD generator's options, controller-gen's `crd:` options in Rust spelling.

use super::external::KubeVersion;
use crate::model::WebhookClient;

/// How CRDs are generated. The defaults suit most APIs; see each field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrdOptions {
    /// Kubernetes version whose built-in type schemas fields of k8s-openapi types
    /// get (`--kube-version`). Default: the workspace's (1.34).
    pub kube_version: KubeVersion,
    /// controller-gen's `maxDescLen` (`--max-description-length`): descriptions
    /// longer than this many bytes are cut at the last sentence end before the
    /// limit; 0 drops every description. Default: none, descriptions kept whole.
    pub max_description_length: Option<usize>,
    /// controller-gen's `generateEmbeddedObjectMeta`: `ObjectMeta` below the root
    /// (a pod template's metadata) keeps name, namespace, labels, annotations and
    /// finalizers, so the API server does not prune them. Default: on
    /// (`--no-embedded-object-meta` turns it off: a bare `type: object`, which the
    /// server prunes to `{}`).
    pub embedded_object_meta: bool,
    /// controller-gen's `allowDangerousTypes` (`--allow-dangerous-types`): `f32`
    /// and `f64` fields become `type: number`. Default: off, such fields are errors.
    pub allow_dangerous_types: bool,
    /// Where the API server reaches the conversion webhook of every kind with
    /// `+kubebuilder:conversion:strategy=Webhook` whose own
    /// `+kubebuilder:conversion:webhook` marker does not say
    /// (`--conversion-webhook-service` / `--conversion-webhook-url`). Default: none.
    pub conversion_webhook: Option<WebhookClient>,
}

impl Default for CrdOptions {
    fn default() -> Self {
        CrdOptions {
            kube_version: KubeVersion::default(),
            max_description_length: None,
            embedded_object_meta: true,
            allow_dangerous_types: false,
            conversion_webhook: None,
        }
    }
}
