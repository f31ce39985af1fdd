//! The same objects sent to a real API server with both CRDs installed:
//! controller-gen's in `<group>.cg`, kube-codegen's in `<group>`. Verdicts,
//! error field paths and stored objects must match, or the difference be
//! listed in `probe-differences.yaml`.

use std::collections::BTreeMap;

use anyhow::{Context, Result, bail};
use crd_parity::compare::Difference;
use crd_parity::probes::{self, Outcome};
use crd_parity::server::{self, Target};
use crd_parity::{corpus, differences, generators};
use serde_json::Value;

fn crd_name(crd: &Value) -> String {
    crd["metadata"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probes_get_the_same_verdicts_from_both_crds() -> Result<()> {
    let client = e2e::client().await?;
    let ns = e2e::ns("crd-parity").await?;
    let mut observed: Vec<Difference> = Vec::new();
    let mut misjudged = Vec::new();
    let mut tally: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut installed = Vec::new();
    let mut total = 0;
    for api in corpus::apis()? {
        let probes = probes::load(&api.probes_file())?;
        if probes.is_empty() {
            continue;
        }
        total += probes.len();
        let reference: Vec<Value> = generators::reference_crds(&api)?
            .iter()
            .map(probes::regroup)
            .collect();
        for crd in &reference {
            server::install(&client, crd).await?;
            installed.push(crd_name(crd));
        }
        let mut ours = match generators::our_crds(&api)? {
            // No conversion webhook runs here, and controller-gen's CRDs
            // (kubebuilder adds the webhook with kustomize) have none: the
            // probes compare schemas, so ours are probed without it too.
            Ok(mut crds) => {
                for crd in &mut crds {
                    if let Some(spec) = crd.get_mut("spec").and_then(|s| s.as_object_mut()) {
                        spec.remove("conversion");
                    }
                }
                Some(crds)
            }
            Err(errors) => {
                observed.push(Difference {
                    key: format!("{} / probes / * / * / skipped", api.name),
                    ours: format!("no CRD to probe: {errors}"),
                    reference: format!("{} probes", probes.len()),
                });
                None
            }
        };
        for crd in ours.iter().flatten() {
            if let Err(e) = server::install(&client, crd).await {
                observed.push(Difference {
                    key: format!("{} / {} / * / * / install", api.name, crd_name(crd)),
                    ours: format!("rejected: {e:#}"),
                    reference: "installed".to_owned(),
                });
            } else {
                installed.push(crd_name(crd));
            }
        }
        if observed
            .iter()
            .any(|d| d.api() == api.name && d.attribute() == "install")
        {
            ours = None;
        }
        let entry = tally.entry(api.name.clone()).or_default();
        for probe in &probes {
            let target = Target::find(&reference, &probe.kind, ns.name()).with_context(|| {
                format!("{}: no reference CRD for kind {}", api.name, probe.kind)
            })?;
            let theirs = server::send(&client, &target, probe).await?;
            if theirs.verdict() != probe.expect {
                misjudged.push(format!(
                    "{} / {}: expected {:?} from controller-gen's CRD, got {}",
                    api.name,
                    probe.name,
                    probe.expect,
                    theirs.describe()
                ));
            }
            let Some(ours) = &ours else { continue };
            let mine = match Target::find(ours, &probe.kind, ns.name()) {
                Some(t) => server::send(&client, &t, probe).await?,
                None => Outcome::Rejected {
                    code: 404,
                    reason: "NotFound".into(),
                    fields: vec![],
                    message: format!("no CRD for kind {}", probe.kind),
                },
            };
            let diffs = probes::compare(&api.name, probe, &mine, &theirs);
            entry.1 += usize::from(mine.verdict() == theirs.verdict());
            entry.2 += usize::from(diffs.is_empty());
            observed.extend(diffs);
        }
        entry.0 = probes.len();
    }
    for name in &installed {
        server::uninstall(&client, name).await?;
    }
    eprintln!("crd-parity probes: {total} objects (api: probes, same verdict, identical outcome)");
    for (api, (n, verdicts, identical)) in &tally {
        eprintln!("  {api:<16} {n:>3} {verdicts:>3} {identical:>3}");
    }
    eprintln!("differing attributes:\n{}", differences::summary(&observed));
    assert!(total >= 40, "only {total} probes");
    if !misjudged.is_empty() {
        bail!(
            "probes that do not test what they say:\n  {}",
            misjudged.join("\n  ")
        );
    }
    differences::enforce(&corpus::root().join("probe-differences.yaml"), &observed)
}
