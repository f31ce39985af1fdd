//! The CRD's `spec.conversion`. A kind with `+kubebuilder:conversion:strategy=Webhook`
//! (on any of its versions) gets the `Webhook` strategy, as the API server
//! requires it: a client config and the `ConversionReview` versions the webhook
//! speaks (`v1`, what `kube-codegen-conversion` serves). Every other kind keeps
//! the API server's default, `None`, which only rewrites `apiVersion`; `lossy`
//! checks that this loses nothing.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceConversion, ServiceReference, WebhookClientConfig, WebhookConversion,
};

use super::CrdError;
use super::locate::Source;
use super::options::CrdOptions;
use crate::model::{Conversion, WebhookClient};

/// The `ConversionReview` versions the webhook is asked in.
pub const REVIEW_VERSIONS: [&str; 1] = ["v1"];

/// The conversion the kind's markers declare, looked for in the storage
/// version first; `None` when no version declares one.
pub(super) fn declared<'a>(sources: &[Source<'a>], storage: usize) -> Option<&'a Conversion> {
    let storage_first = std::iter::once(&sources[storage]).chain(sources);
    storage_first
        .filter_map(|s| s.kind.kind.as_ref()?.conversion.as_ref())
        .next()
}

/// `spec.conversion` for a kind whose conversion is `declared`.
pub(super) fn webhook(
    kind_name: &str,
    sources: &[Source<'_>],
    declared: &Conversion,
    options: &CrdOptions,
    errors: &mut Vec<CrdError>,
) -> Option<CustomResourceConversion> {
    // A `+kubebuilder:conversion:webhook` on any version of the kind wins over
    // the generator's options, which hold for every kind.
    let client = sources
        .iter()
        .filter_map(|s| s.kind.kind.as_ref()?.conversion.as_ref()?.client.as_ref())
        .next()
        .or(options.conversion_webhook.as_ref());
    let Some(client) = client else {
        errors.push(
            CrdError::new(
                &declared.location,
                format!(
                    "`{kind_name}` is converted by a webhook, but nothing says where the API \
                     server reaches it"
                ),
            )
            .with_help(format!(
                "add `// +kubebuilder:conversion:webhook:service=<namespace>/<name>` (or \
                 `url=https://...`) above `{kind_name}`, or pass `--conversion-webhook-service \
                 <namespace>/<name>` (`--conversion-webhook-url`) to the generator"
            )),
        );
        return None;
    };
    Some(CustomResourceConversion {
        strategy: "Webhook".to_owned(),
        webhook: Some(WebhookConversion {
            client_config: Some(client_config(client)),
            conversion_review_versions: REVIEW_VERSIONS.map(str::to_owned).to_vec(),
        }),
    })
}

fn client_config(client: &WebhookClient) -> WebhookClientConfig {
    match client {
        WebhookClient::Service {
            namespace,
            name,
            path,
            port,
        } => WebhookClientConfig {
            service: Some(ServiceReference {
                namespace: namespace.clone(),
                name: name.clone(),
                path: path.clone(),
                port: *port,
            }),
            ..Default::default()
        },
        WebhookClient::Url(url) => WebhookClientConfig {
            url: Some(url.clone()),
            ..Default::default()
        },
    }
}
