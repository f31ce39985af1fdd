//! The API-server side of the probes: installing CRDs and sending objects.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{ApiResource, DeleteParams, DynamicObject, GroupVersionKind, PostParams};
use kube::{Api, Client};
use serde_json::Value;

use crate::probes::{Outcome, Probe};

/// How long a new CRD may take to be Established and served.
const READY_TIMEOUT: Duration = Duration::from_secs(60);

/// Creates (or replaces) `crd` and waits until it is Established. Creation,
/// not server-side apply: the largest CRDs of the corpus would not fit in
/// etcd's request limit with apply's managed fields on top.
pub async fn install(client: &Client, crd: &Value) -> Result<()> {
    let api: Api<CustomResourceDefinition> = Api::all(client.clone());
    let mut crd: CustomResourceDefinition = serde_json::from_value(crd.clone())?;
    let name = crd.metadata.name.clone().unwrap_or_default();
    match api.get_opt(&name).await? {
        Some(existing) => {
            crd.metadata.resource_version = existing.metadata.resource_version;
            api.replace(&name, &PostParams::default(), &crd).await
        }
        None => api.create(&PostParams::default(), &crd).await,
    }
    .with_context(|| format!("installing CRD {name}"))?;
    let start = Instant::now();
    loop {
        let current = api.get(&name).await?;
        let conditions = current
            .status
            .and_then(|s| s.conditions)
            .unwrap_or_default();
        if conditions
            .iter()
            .any(|c| c.type_ == "Established" && c.status == "True")
        {
            return Ok(());
        }
        if start.elapsed() > READY_TIMEOUT {
            bail!("CRD {name} not Established after {READY_TIMEOUT:?}: {conditions:?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Where a probe goes: group, plural and scope of the CRD that serves it.
pub struct Target {
    /// The CRD's API group.
    pub group: String,
    /// Its resource name (`crontabs`).
    pub plural: String,
    /// The namespace of a namespaced kind; `None` for a cluster-scoped one.
    pub namespace: Option<String>,
}

impl Target {
    /// The target for `kind` among `crds`, in `namespace` when namespaced.
    pub fn find(crds: &[Value], kind: &str, namespace: &str) -> Option<Target> {
        let crd = crds.iter().find(|c| c["spec"]["names"]["kind"] == kind)?;
        let namespaced = crd["spec"]["scope"] == "Namespaced";
        Some(Target {
            group: crd["spec"]["group"].as_str()?.to_owned(),
            plural: crd["spec"]["names"]["plural"].as_str()?.to_owned(),
            namespace: namespaced.then(|| namespace.to_owned()),
        })
    }

    fn api(&self, client: &Client, probe: &Probe) -> (Api<DynamicObject>, ApiResource) {
        let gvk = GroupVersionKind::gvk(&self.group, &probe.version, &probe.kind);
        let ar = ApiResource::from_gvk_with_plural(&gvk, &self.plural);
        let api = match &self.namespace {
            Some(ns) => Api::namespaced_with(client.clone(), ns, &ar),
            None => Api::all_with(client.clone(), &ar),
        };
        (api, ar)
    }
}

/// Sends `probe` to `target` and reports what the server did; the object is
/// deleted again afterwards.
pub async fn send(client: &Client, target: &Target, probe: &Probe) -> Result<Outcome> {
    let (api, ar) = target.api(client, probe);
    let object = dynamic(&ar, &probe.name, &probe.object)?;
    let result = match &probe.update {
        None => create(&api, &object).await,
        Some(update) => {
            let created = create(&api, &object)
                .await
                .with_context(|| format!("probe {}: creating the object to update", probe.name))?;
            let mut next = dynamic(&ar, &probe.name, update)?;
            next.metadata.resource_version = created.metadata.resource_version;
            api.replace(&probe.name, &PostParams::default(), &next)
                .await
        }
    };
    let outcome = match result {
        Ok(stored) => Outcome::Accepted(stored_body(&stored)?),
        Err(kube::Error::Api(status)) => {
            let mut fields: Vec<String> = status
                .details
                .iter()
                .flat_map(|d| d.causes.iter())
                .map(|c| c.field.clone())
                .collect();
            fields.sort();
            Outcome::Rejected {
                code: status.code,
                reason: status.reason.clone(),
                fields,
                message: status.message.clone(),
            }
        }
        Err(other) => return Err(other).context(format!("probe {}", probe.name)),
    };
    let _ = api.delete(&probe.name, &DeleteParams::default()).await;
    Ok(outcome)
}

/// Creates `object`, retrying while a just-installed CRD is not served yet.
async fn create(api: &Api<DynamicObject>, object: &DynamicObject) -> kube::Result<DynamicObject> {
    let start = Instant::now();
    loop {
        match api.create(&PostParams::default(), object).await {
            Err(kube::Error::Api(s)) if s.code == 404 && start.elapsed() < READY_TIMEOUT => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            other => return other,
        }
    }
}

fn dynamic(ar: &ApiResource, name: &str, body: &Value) -> Result<DynamicObject> {
    let mut value = body.clone();
    value["apiVersion"] = Value::from(ar.api_version.clone());
    value["kind"] = Value::from(ar.kind.clone());
    value["metadata"] = serde_json::json!({ "name": name });
    Ok(serde_json::from_value(value)?)
}

/// The stored object minus what differs by construction (metadata, group).
fn stored_body(stored: &DynamicObject) -> Result<Value> {
    let mut value = serde_json::to_value(stored)?;
    if let Some(map) = value.as_object_mut() {
        map.remove("metadata");
        map.remove("apiVersion");
        map.remove("kind");
    }
    Ok(value)
}

/// Deletes the CRD `name` (and so every object of it); absent is fine.
pub async fn uninstall(client: &Client, name: &str) -> Result<()> {
    let api: Api<CustomResourceDefinition> = Api::all(client.clone());
    match api.delete(name, &DeleteParams::default()).await {
        Ok(_) => Ok(()),
        Err(kube::Error::Api(s)) if s.code == 404 => Ok(()),
        Err(e) => Err(e).context(format!("deleting CRD {name}")),
    }
}
