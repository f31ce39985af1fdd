//! The API server's verdict on a webhook configuration: a dry-run create
//! (validated as a create is, stored nowhere, so no webhook is installed and
//! cases with the same configuration names do not collide).

use std::collections::BTreeSet;

use anyhow::{Context, Result, bail};
use kube::api::{ApiResource, DynamicObject, GroupVersionKind, PostParams};
use kube::{Api, Client};
use serde_json::Value;

use crate::outcome::Cause;

/// What the server said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Created (a dry run: nothing is stored).
    Accepted,
    /// Refused as `Invalid`, with its causes.
    Refused(BTreeSet<Cause>),
}

/// Sends `document` (a webhook configuration) to the server as a dry-run create.
pub async fn dry_run(client: &Client, document: &Value) -> Result<Verdict> {
    let kind = document["kind"].as_str().unwrap_or_default().to_owned();
    let gvk = GroupVersionKind::gvk("admissionregistration.k8s.io", "v1", &kind);
    let plural = format!("{}s", kind.to_lowercase());
    let resource = ApiResource::from_gvk_with_plural(&gvk, &plural);
    let api: Api<DynamicObject> = Api::all_with(client.clone(), &resource);
    let object: DynamicObject =
        serde_json::from_value(document.clone()).context("a configuration as an object")?;
    let params = PostParams {
        dry_run: true,
        ..PostParams::default()
    };
    match api.create(&params, &object).await {
        Ok(_) => Ok(Verdict::Accepted),
        Err(kube::Error::Api(status)) if status.code == 422 => {
            let causes = status
                .details
                .iter()
                .flat_map(|d| d.causes.iter())
                .map(|c| Cause {
                    kind: kind.clone(),
                    field: c.field.clone(),
                    // `Duplicate value: "x"`, `Required value`: the kind of error.
                    reason: c.message.split(':').next().unwrap_or_default().to_owned(),
                })
                .collect();
            Ok(Verdict::Refused(causes))
        }
        Err(kube::Error::Api(status)) => bail!(
            "the API server answered {} {}: {}",
            status.code,
            status.reason,
            status.message
        ),
        Err(e) => Err(e).context("creating a webhook configuration (dry run)"),
    }
}
