//! Installing CustomResourceDefinitions into the test cluster and waiting until
//! the API server serves them.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Patch, PatchParams};
use kube::{Api, Client, ResourceExt};

/// How long a CRD may take to become Established (the API server usually needs
/// well under a second; discovery caches can add a few).
const ESTABLISH_TIMEOUT: Duration = Duration::from_secs(60);

/// Server-side applies every CRD (so re-installing an unchanged CRD is a no-op
/// and a changed one is updated) and waits until each is `Established` and its
/// resources answer a list request. Safe to call from several tests at once.
pub async fn install(
    client: &Client,
    crds: impl IntoIterator<Item = CustomResourceDefinition>,
) -> Result<()> {
    let api: Api<CustomResourceDefinition> = Api::all(client.clone());
    let params = PatchParams::apply("kube-codegen-e2e").force();
    let mut names = Vec::new();
    for mut crd in crds {
        crd.metadata.managed_fields = None;
        let name = crd.name_any();
        api.patch(&name, &params, &Patch::Apply(&crd))
            .await
            .map_err(|e| match e {
                // The status message says why the server refuses the CRD.
                kube::Error::Api(status) => anyhow::anyhow!("{}", status.message),
                other => other.into(),
            })
            .with_context(|| format!("applying CRD {name}"))?;
        names.push(name);
    }
    for name in &names {
        wait_established(&api, name).await?;
    }
    Ok(())
}

async fn wait_established(api: &Api<CustomResourceDefinition>, name: &str) -> Result<()> {
    let start = Instant::now();
    loop {
        let crd = api
            .get(name)
            .await
            .with_context(|| format!("reading CRD {name}"))?;
        let conditions = crd
            .status
            .as_ref()
            .and_then(|s| s.conditions.clone())
            .unwrap_or_default();
        let established = conditions
            .iter()
            .any(|c| c.type_ == "Established" && c.status == "True");
        if established {
            return Ok(());
        }
        if let Some(c) = conditions
            .iter()
            .find(|c| c.type_ == "NamesAccepted" && c.status == "False")
        {
            bail!(
                "CRD {name} names not accepted: {}",
                c.message.clone().unwrap_or_default()
            );
        }
        if start.elapsed() > ESTABLISH_TIMEOUT {
            bail!("CRD {name} not Established after {ESTABLISH_TIMEOUT:?}: {conditions:?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
