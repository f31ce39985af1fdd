//! Telling the API server to trust the webhook: the CRD's
//! `spec.conversion.webhook.clientConfig.caBundle` holds the CA that signed
//! the webhook's serving certificate (what cert-manager's CA injector does).

use k8s_openapi::ByteString;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, WebhookClientConfig,
};
use kube::api::{Api, Patch, PatchParams};
use serde_json::json;

/// Why a CRD cannot take a CA bundle.
#[derive(Debug, thiserror::Error)]
pub enum CaBundleError {
    /// The CRD's conversion strategy is not `Webhook`.
    #[error("CRD {0} has no webhook conversion (`+kubebuilder:conversion:strategy=Webhook`)")]
    NoWebhook(String),
    /// The API server refused the patch.
    #[error("patching CRD {name}: {source}")]
    Patch {
        /// The CRD's name.
        name: String,
        /// The API server's answer.
        #[source]
        source: kube::Error,
    },
}

fn client_config(
    crd: &mut CustomResourceDefinition,
) -> Result<&mut WebhookClientConfig, CaBundleError> {
    let name = crd.metadata.name.clone().unwrap_or_default();
    crd.spec
        .conversion
        .as_mut()
        .filter(|c| c.strategy == "Webhook")
        .and_then(|c| c.webhook.as_mut())
        .map(|w| w.client_config.get_or_insert_with(Default::default))
        .ok_or(CaBundleError::NoWebhook(name))
}

/// Sets the CRD's `caBundle` to `ca_pem` (the PEM of the CA certificate).
pub fn set_ca_bundle(
    crd: &mut CustomResourceDefinition,
    ca_pem: &[u8],
) -> Result<(), CaBundleError> {
    client_config(crd)?.ca_bundle = Some(ByteString(ca_pem.to_vec()));
    Ok(())
}

/// Points the CRD's webhook at `url` instead of its service (a webhook run
/// outside the cluster: in development, or in tests on a local API server).
pub fn set_url(crd: &mut CustomResourceDefinition, url: &str) -> Result<(), CaBundleError> {
    let config = client_config(crd)?;
    config.service = None;
    config.url = Some(url.to_owned());
    Ok(())
}

/// Sets the `caBundle` of CRD `name` on the server (a JSON merge patch that
/// leaves the rest of the CRD alone), as a webhook does at start-up once it
/// knows its certificate.
pub async fn patch_ca_bundle(
    client: kube::Client,
    name: &str,
    ca_pem: &[u8],
) -> Result<(), CaBundleError> {
    let api: Api<CustomResourceDefinition> = Api::all(client);
    let patch = json!({
        "spec": {"conversion": {"webhook": {"clientConfig": {"caBundle": ByteString(ca_pem.to_vec())}}}}
    });
    api.patch(name, &PatchParams::default(), &Patch::Merge(&patch))
        .await
        .map_err(|source| CaBundleError::Patch {
            name: name.to_owned(),
            source,
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
        CustomResourceConversion, ServiceReference, WebhookConversion,
    };

    fn crd(strategy: &str) -> CustomResourceDefinition {
        let mut crd = CustomResourceDefinition::default();
        crd.metadata.name = Some("widgets.example.com".into());
        crd.spec.conversion = Some(CustomResourceConversion {
            strategy: strategy.into(),
            webhook: (strategy == "Webhook").then(|| WebhookConversion {
                client_config: Some(WebhookClientConfig {
                    service: Some(ServiceReference {
                        namespace: "system".into(),
                        name: "webhook".into(),
                        path: Some("/convert".into()),
                        port: None,
                    }),
                    ..Default::default()
                }),
                conversion_review_versions: vec!["v1".into()],
            }),
        });
        crd
    }

    #[test]
    fn ca_bundle_and_url_go_into_the_client_config() {
        let mut c = crd("Webhook");
        set_ca_bundle(&mut c, b"-----BEGIN CERTIFICATE-----").unwrap();
        set_url(&mut c, "https://127.0.0.1:9443/convert").unwrap();
        let value = serde_json::to_value(&c).unwrap();
        let config = &value["spec"]["conversion"]["webhook"]["clientConfig"];
        assert_eq!(config["url"], "https://127.0.0.1:9443/convert");
        assert_eq!(config["caBundle"], "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t");
        assert!(config.get("service").is_none());
    }

    #[test]
    fn a_crd_without_webhook_conversion_is_refused() {
        let err = set_ca_bundle(&mut crd("None"), b"x").unwrap_err();
        assert_eq!(
            err.to_string(),
            "CRD widgets.example.com has no webhook conversion (`+kubebuilder:conversion:strategy=Webhook`)"
        );
    }
}
