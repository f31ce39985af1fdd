//! Installed CustomResourceDefinitions, read from the cluster of the
//! kubeconfig (`KUBECONFIG`, `~/.kube/config`, or in-cluster), with their
//! status: `storedVersionRemoval` compares against `status.storedVersions`.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::Api;

use super::Error;

/// Each of `names` as installed (`None`: not installed).
pub fn fetch(names: &[String]) -> Result<Vec<Option<CustomResourceDefinition>>, Error> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::Cluster(e.to_string()))?;
    runtime.block_on(async {
        let client = kube::Client::try_default()
            .await
            .map_err(|e| Error::Cluster(format!("no cluster to ask: {e}")))?;
        let api: Api<CustomResourceDefinition> = Api::all(client);
        let mut out = Vec::new();
        for name in names {
            let crd = api.get_opt(name).await.map_err(|e| {
                Error::Cluster(format!("reading CustomResourceDefinition `{name}`: {e}"))
            })?;
            out.push(crd);
        }
        Ok(out)
    })
}
