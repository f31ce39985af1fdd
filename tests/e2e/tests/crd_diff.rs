//! `kube-codegen crd diff cluster:<name>` against a real API server: the
//! installed CRD is read with its status, so dropping a version listed in
//! `status.storedVersions` (which the API server put there when the storage
//! version moved on) is reported, along with the schema's changes; a CRD that
//! is not installed is refused. And why a ratcheted tightening is an error by
//! default: the API server keeps a stored object updatable, but refuses a new
//! object with the old value. `cargo test -p e2e --test crd_diff`.

use std::process::Command;

use anyhow::{Context, Result};
use e2e::crds;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::Api;
use kube::api::{
    ApiResource, DeleteParams, DynamicObject, GroupVersionKind, Patch, PatchParams, PostParams,
};
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
         - v1 - ^.spec.size - maximum - ERROR - maximum decreased : 10 -> 5 \
         (ratcheted from Kubernetes 1.30: stored objects keep validating while this value is unchanged, \
         but new objects must satisfy it; `ratcheting: Enabled` in the configuration makes this a warning)\n"
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

    // Without the version removal the lowered maximum is still an error by
    // default, and compatible (a ratcheted warning) with `ratcheting: Enabled`.
    std::fs::write(
        dir.path().join("gadgets.yaml"),
        serde_json::to_string(&gadgets(&[("v1beta1", false), ("v1", true)], 5))?,
    )?;
    let (code, _, stderr) = crd_diff(&[&format!("cluster:{NAME}"), new])?;
    assert_eq!(code, 1, "{stderr}");
    let config = dir.path().join("config.yaml");
    std::fs::write(&config, "ratcheting: Enabled\n")?;
    let config = config.to_str().context("a UTF-8 path")?;
    let (code, _, stderr) = crd_diff(&[&format!("cluster:{NAME}"), new, "--config", config])?;
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

const DOOHICKEYS: &str = "doohickeys.crddiff.e2e.example.com";

/// The Doohickey CRD: `spec.mode` and `spec.name` strings (with the keywords
/// of `mode` and `name` added: an enum, a maxLength), and `spec.size`.
fn doohickeys(mode: Value, name: Value) -> Value {
    let mut mode_schema = json!({"type": "string"});
    mode_schema
        .as_object_mut()
        .unwrap()
        .extend(mode.as_object().cloned().unwrap_or_default());
    let mut name_schema = json!({"type": "string"});
    name_schema
        .as_object_mut()
        .unwrap()
        .extend(name.as_object().cloned().unwrap_or_default());
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": DOOHICKEYS},
        "spec": {
            "group": "crddiff.e2e.example.com",
            "scope": "Namespaced",
            "names": {"kind": "Doohickey", "listKind": "DoohickeyList", "plural": "doohickeys", "singular": "doohickey"},
            "versions": [{
                "name": "v1", "served": true, "storage": true,
                "schema": {"openAPIV3Schema": {"type": "object", "properties": {
                    "spec": {"type": "object", "properties": {
                        "mode": mode_schema,
                        "name": name_schema,
                        "size": {"type": "integer"}}}}}}
            }]
        }
    })
}

fn doohickey(name: &str, spec: Value) -> Result<DynamicObject> {
    Ok(serde_json::from_value(json!({
        "apiVersion": "crddiff.e2e.example.com/v1",
        "kind": "Doohickey",
        "metadata": {"name": name},
        "spec": spec
    }))?)
}

/// The API server's refusal of a request (422 Invalid), as its message.
fn refusal<T: std::fmt::Debug>(result: kube::Result<T>) -> String {
    match result {
        Err(kube::Error::Api(status)) => {
            assert_eq!(
                (status.code, status.reason.as_str()),
                (422, "Invalid"),
                "{status:?}"
            );
            status.message
        }
        other => panic!("not refused: {other:?}"),
    }
}

/// A new release adds an enum to `spec.mode` (which had none) and a maxLength
/// to `spec.name`. `crd diff` calls both errors by default, and warnings with
/// `ratcheting: Enabled`. Applied to the real control plane: a Doohickey
/// stored before still updates (ratcheting: its values are unchanged), a
/// change of its mode to another value outside the enum is refused, and a
/// client creating a NEW Doohickey with the values it always wrote is refused.
/// That client is what the error default protects.
#[tokio::test]
async fn a_ratcheted_tightening_refuses_new_objects_with_old_values() -> Result<()> {
    let client = e2e::client().await?;
    let ns = e2e::ns("crd-diff-ratcheting").await?;
    let before: CustomResourceDefinition =
        serde_json::from_value(doohickeys(json!({}), json!({})))?;
    crds::install(&client, [before]).await?;
    let ar = ApiResource::from_gvk_with_plural(
        &GroupVersionKind::gvk("crddiff.e2e.example.com", "v1", "Doohickey"),
        "doohickeys",
    );
    let api: Api<DynamicObject> = Api::namespaced_with(client.clone(), ns.name(), &ar);
    let old_values = json!({"mode": "Turbo", "name": "a-rather-long-name", "size": 1});
    api.create(
        &PostParams::default(),
        &doohickey("stored", old_values.clone())?,
    )
    .await
    .context("creating the Doohickey the old schema allows")?;

    let after = doohickeys(json!({"enum": ["Fast", "Slow"]}), json!({"maxLength": 8}));
    let dir = tempfile::tempdir()?;
    let new = dir.path().join("doohickeys.yaml");
    std::fs::write(&new, serde_json::to_string(&after)?)?;
    let new = new.to_str().context("a UTF-8 path")?;
    let old = format!("cluster:{DOOHICKEYS}");
    let (code, stdout, stderr) = crd_diff(&[&old, new])?;
    assert_eq!(code, 1, "{stderr}");
    let note = "ratcheted from Kubernetes 1.30: stored objects keep validating while this value is unchanged";
    assert_eq!(
        stdout,
        format!(
            "CustomResourceDefinition {DOOHICKEYS}\n\
             - v1 - ^.spec.mode - enum - ERROR - enum constraint added when there was none previously : [\"Fast\" \"Slow\"] \
             ({note}, but new objects must satisfy it; `ratcheting: Enabled` in the configuration makes this a warning)\n\
             - v1 - ^.spec.name - maxLength - ERROR - maximum constraint added when there was none previously : 8 \
             ({note}, but new objects must satisfy it; `ratcheting: Enabled` in the configuration makes this a warning)\n"
        )
    );
    let config = dir.path().join("config.yaml");
    std::fs::write(&config, "ratcheting: Enabled\n")?;
    let config = config.to_str().context("a UTF-8 path")?;
    let (code, stdout, stderr) = crd_diff(&[&old, new, "--config", config])?;
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        format!(
            "CustomResourceDefinition {DOOHICKEYS}\n\
             - v1 - ^.spec.mode - enum - WARNING - enum constraint added when there was none previously : [\"Fast\" \"Slow\"] ({note})\n\
             - v1 - ^.spec.name - maxLength - WARNING - maximum constraint added when there was none previously : 8 ({note})\n"
        )
    );

    // The release goes out. The API server swaps in the new schema shortly
    // after the CRD is Established: wait until a dry run sees it.
    let after: CustomResourceDefinition = serde_json::from_value(after)?;
    crds::install(&client, [after]).await?;
    let dry_run = PostParams {
        dry_run: true,
        ..PostParams::default()
    };
    let start = std::time::Instant::now();
    while api
        .create(&dry_run, &doohickey("probe", old_values.clone())?)
        .await
        .is_ok()
    {
        anyhow::ensure!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "the API server still serves the old schema after 30s"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }

    // A client creating a new object with the values it always wrote: refused.
    let message = refusal(
        api.create(
            &PostParams::default(),
            &doohickey("new", old_values.clone())?,
        )
        .await,
    );
    assert!(
        message.contains(r#"spec.mode: Unsupported value: "Turbo""#),
        "{message}"
    );
    assert!(message.contains("spec.name: Too long"), "{message}");

    // The stored object: an update that leaves mode and name unchanged passes
    // (ratcheting) ...
    let patch = PatchParams::default();
    let updated = api
        .patch(
            "stored",
            &patch,
            &Patch::Merge(json!({"spec": {"size": 2}})),
        )
        .await
        .context("updating the stored Doohickey, its old values unchanged")?;
    assert_eq!(updated.data["spec"]["size"], 2);
    assert_eq!(updated.data["spec"]["mode"], "Turbo");
    // ... while changing its mode to another value outside the enum is not.
    let message = refusal(
        api.patch(
            "stored",
            &patch,
            &Patch::Merge(json!({"spec": {"mode": "Warp"}})),
        )
        .await,
    );
    assert!(
        message.contains(r#"spec.mode: Unsupported value: "Warp""#),
        "{message}"
    );

    let crds: Api<CustomResourceDefinition> = Api::all(client.clone());
    crds.delete(DOOHICKEYS, &DeleteParams::default()).await?;
    Ok(())
}
