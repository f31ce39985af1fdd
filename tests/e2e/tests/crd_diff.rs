//! `kube-codegen crd diff cluster:<name>` against a real API server: the
//! installed CRD is read with its status, so dropping a version listed in
//! `status.storedVersions` (which the API server put there when the storage
//! version moved on) is reported, along with the schema's changes; a CRD that
//! is not installed is refused. `cargo test -p e2e --test crd_diff`.

use std::process::Command;

use anyhow::{Context, Result};
use e2e::crds;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::Api;
use kube::api::DeleteParams;
use serde_json::{Value, json};

const NAME: &str = "gadgets.crddiff.e2e.example.com";

/// The Gadget CRD with these versions (`(name, storage)`), each
/// `spec.size: integer` with `maximum`.
fn gadgets(versions: &[(&str, bool)], maximum: i64) -> Value {
    let versions: Vec<Value> = versions
        .iter()
        .map(|(name, storage)| {
            json!({
                "name": name, "served": true, "storage": storage,
                "schema": {"openAPIV3Schema": {"type": "object", "properties": {
                    "spec": {"type": "object", "properties": {
                        "size": {"type": "integer", "maximum": maximum}}}}}}
            })
        })
        .collect();
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": NAME},
        "spec": {
            "group": "crddiff.e2e.example.com",
            "scope": "Namespaced",
            "names": {"kind": "Gadget", "listKind": "GadgetList", "plural": "gadgets", "singular": "gadget"},
            "versions": versions
        }
    })
}

/// `kube-codegen crd diff <args>` against the test cluster: exit status,
/// standard output, standard error.
fn crd_diff(args: &[&str]) -> Result<(i32, String, String)> {
    let cp = e2e::shared()?;
    let mut command = Command::new(e2e::kube_codegen()?);
    command.arg("crd").arg("diff").args(args);
    if let Some(kubeconfig) = cp.kubeconfig() {
        command.env("KUBECONFIG", kubeconfig);
    }
    let out = command.output().context("running kube-codegen")?;
    Ok((
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout)?,
        String::from_utf8(out.stderr)?,
    ))
}

#[tokio::test]
async fn installed_crd_with_its_stored_versions() -> Result<()> {
    let client = e2e::client().await?;
    // v1beta1 first, then v1 as the storage version: the API server keeps
    // both in status.storedVersions.
    let first: CustomResourceDefinition =
        serde_json::from_value(gadgets(&[("v1beta1", true)], 10))?;
    crds::install(&client, [first]).await?;
    let second: CustomResourceDefinition =
        serde_json::from_value(gadgets(&[("v1beta1", false), ("v1", true)], 10))?;
    crds::install(&client, [second]).await?;
    let api: Api<CustomResourceDefinition> = Api::all(client.clone());
    let installed = api.get(NAME).await?;
    let stored = installed
        .status
        .and_then(|s| s.stored_versions)
        .unwrap_or_default();
    assert_eq!(stored, ["v1beta1", "v1"]);

    // The next release drops v1beta1 and lowers the maximum.
    let dir = tempfile::tempdir()?;
    let new = dir.path().join("gadgets.yaml");
    std::fs::write(&new, serde_json::to_string(&gadgets(&[("v1", true)], 5))?)?;
    let new = new.to_str().context("a UTF-8 path")?;
    let expected = format!(
        "CustomResourceDefinition {NAME}\n\
         - storedVersionRemoval - ERROR - stored versions removed : [v1beta1]\n\
         - v1 - ^.spec.size - maximum - WARNING - maximum decreased : 10 -> 5 \
         (ratcheted from Kubernetes 1.30: stored objects keep validating while this value is unchanged)\n"
    );
    for old in [
        format!("cluster:{NAME}"),
        "cluster:".to_owned(),
        format!("kube://{NAME}"),
    ] {
        let (code, stdout, stderr) = crd_diff(&[&old, new])?;
        assert_eq!(code, 1, "{old}: {stderr}");
        assert_eq!(stdout, expected, "{old}");
    }

    // Without the version removal the change is compatible (a ratcheted warning).
    std::fs::write(
        dir.path().join("gadgets.yaml"),
        serde_json::to_string(&gadgets(&[("v1beta1", false), ("v1", true)], 5))?,
    )?;
    let (code, _, stderr) = crd_diff(&[&format!("cluster:{NAME}"), new])?;
    assert_eq!(code, 0, "{stderr}");

    let (code, stdout, stderr) = crd_diff(&["cluster:absent.crddiff.e2e.example.com", new])?;
    assert_eq!((code, stdout.as_str()), (2, ""), "{stderr}");
    assert_eq!(
        stderr,
        "error: cluster: no CustomResourceDefinition `absent.crddiff.e2e.example.com` is installed\n"
    );

    api.delete(NAME, &DeleteParams::default()).await?;
    Ok(())
}
