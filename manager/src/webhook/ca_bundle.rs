//! Telling the API server to trust (and where to find) the webhook server:
//! the `caBundle` and client config of every webhook of a
//! `MutatingWebhookConfiguration` or `ValidatingWebhookConfiguration`, what
//! cert-manager's CA injector does. (For a CRD's conversion webhook,
//! `kube_codegen_conversion::set_ca_bundle` and `patch_ca_bundle`.)

use k8s_openapi::ByteString;
use k8s_openapi::api::admissionregistration::v1::{
    MutatingWebhookConfiguration, ValidatingWebhookConfiguration, WebhookClientConfig,
};
use kube::api::{Api, Patch, PatchParams};
use serde_json::json;

/// Why a configuration could not be patched.
#[derive(Debug, thiserror::Error)]
#[error("setting the caBundle of {kind} {name}: {source}")]
pub struct CaBundleError {
    /// `MutatingWebhookConfiguration` or `ValidatingWebhookConfiguration`.
    pub kind: &'static str,
    /// The configuration's name.
    pub name: String,
    /// The API server's answer.
    #[source]
    pub source: kube::Error,
}

/// A `MutatingWebhookConfiguration` or `ValidatingWebhookConfiguration`.
pub trait WebhookConfiguration:
    kube::Resource<DynamicType = (), Scope = k8s_openapi::ClusterResourceScope>
    + k8s_openapi::Resource
    + Clone
    + std::fmt::Debug
    + serde::Serialize
    + serde::de::DeserializeOwned
    + Send
    + Sync
    + 'static
{
    /// The client configs of its webhooks, by webhook name.
    fn client_configs(&mut self) -> Vec<(&str, &mut WebhookClientConfig)>;

    /// Sets every webhook's `caBundle` to `ca_pem` (the PEM of the CA that
    /// signed the serving certificate).
    fn set_ca_bundle(&mut self, ca_pem: &[u8]) {
        for (_, config) in self.client_configs() {
            config.ca_bundle = Some(ByteString(ca_pem.to_vec()));
        }
    }

    /// Points every webhook at `base_url` (`https://127.0.0.1:9443`) plus
    /// its service path instead of its service: a webhook server run outside
    /// the cluster, in development or in tests on a local API server. A
    /// webhook already pointed at a URL keeps that URL's path, so a second
    /// call moves it to another server (a standby taking over).
    fn set_url(&mut self, base_url: &str) {
        let base = base_url.trim_end_matches('/');
        for (_, config) in self.client_configs() {
            let path = match config.service.take() {
                Some(service) => service.path.unwrap_or_default(),
                None => config.url.as_deref().map(url_path).unwrap_or_default(),
            };
            config.url = Some(format!("{base}{path}"));
        }
    }
}

/// The path of `url` (`/validate-x` of `https://host:9443/validate-x`).
fn url_path(url: &str) -> String {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    after_scheme
        .find('/')
        .map(|at| after_scheme[at..].to_owned())
        .unwrap_or_default()
}

impl WebhookConfiguration for MutatingWebhookConfiguration {
    fn client_configs(&mut self) -> Vec<(&str, &mut WebhookClientConfig)> {
        self.webhooks
            .iter_mut()
            .flatten()
            .map(|w| (w.name.as_str(), &mut w.client_config))
            .collect()
    }
}

impl WebhookConfiguration for ValidatingWebhookConfiguration {
    fn client_configs(&mut self) -> Vec<(&str, &mut WebhookClientConfig)> {
        self.webhooks
            .iter_mut()
            .flatten()
            .map(|w| (w.name.as_str(), &mut w.client_config))
            .collect()
    }
}

/// Sets the `caBundle` of every webhook of the configuration `name` on the
/// server (a strategic merge patch keyed by webhook name, leaving the rest
/// alone), as an operator does at start-up once it knows its CA.
pub async fn patch_ca_bundle<W: WebhookConfiguration>(
    client: kube::Client,
    name: &str,
    ca_pem: &[u8],
) -> Result<(), CaBundleError> {
    let error = |source| CaBundleError {
        kind: W::KIND,
        name: name.to_owned(),
        source,
    };
    let api: Api<W> = Api::all(client);
    let mut current = api.get(name).await.map_err(error)?;
    let webhooks: Vec<_> = current
        .client_configs()
        .into_iter()
        .map(|(webhook, _)| json!({"name": webhook, "clientConfig": {"caBundle": ByteString(ca_pem.to_vec())}}))
        .collect();
    let patch = json!({"webhooks": webhooks});
    api.patch(name, &PatchParams::default(), &Patch::Strategic(&patch))
        .await
        .map_err(error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use k8s_openapi::api::admissionregistration::v1::{ServiceReference, ValidatingWebhook};

    use super::*;

    #[test]
    fn ca_bundle_and_url_go_into_every_client_config() {
        let webhook = |name: &str, path: &str| ValidatingWebhook {
            name: name.to_owned(),
            client_config: WebhookClientConfig {
                service: Some(ServiceReference {
                    name: "webhook-service".into(),
                    namespace: "system".into(),
                    path: Some(path.to_owned()),
                    port: None,
                }),
                ..WebhookClientConfig::default()
            },
            ..ValidatingWebhook::default()
        };
        let mut config = ValidatingWebhookConfiguration {
            webhooks: Some(vec![
                webhook("vapp-v1.kb.io", "/validate-example-com-v1-app"),
                webhook("vdb-v1.kb.io", "/validate-example-com-v1-db"),
            ]),
            ..ValidatingWebhookConfiguration::default()
        };
        config.set_ca_bundle(b"-----BEGIN CERTIFICATE-----");
        config.set_url("https://127.0.0.1:9443/");
        let value = serde_json::to_value(&config).unwrap();
        let webhooks = value["webhooks"].as_array().unwrap();
        assert_eq!(
            webhooks[0]["clientConfig"]["url"],
            "https://127.0.0.1:9443/validate-example-com-v1-app"
        );
        assert_eq!(
            webhooks[1]["clientConfig"]["url"],
            "https://127.0.0.1:9443/validate-example-com-v1-db"
        );
        assert_eq!(
            webhooks[1]["clientConfig"]["caBundle"],
            "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t"
        );
        assert!(webhooks[0]["clientConfig"].get("service").is_none());

        // Pointed again, at another server: each keeps its path.
        config.set_url("https://127.0.0.1:9555");
        let value = serde_json::to_value(&config).unwrap();
        assert_eq!(
            value["webhooks"][1]["clientConfig"]["url"],
            "https://127.0.0.1:9555/validate-example-com-v1-db"
        );
    }
}
