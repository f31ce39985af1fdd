//! Each project: `kube-codegen import` then `crd`, against controller-gen on
//! the same Go packages; every differing attribute must be listed with its
//! reason in `differences/<project>.yaml`, and every listed one must still
//! occur (`KUBE_CODEGEN_UPDATE_DIFFERENCES=1` rewrites the lists, see
//! `../DIFFERENCES.md`).

use anyhow::Result;
use crd_parity::compare::{self, Difference};
use crd_parity::differences;
use import_parity::project::{PROJECTS, Project};
use import_parity::{go, run};

fn parity(name: &str) -> Result<()> {
    let project: &Project = PROJECTS.iter().find(|p| p.name == name).expect("a project");
    let started = std::time::Instant::now();
    let module = go::module_dir(project)?;
    let reference = go::reference_crds(project, &module)?;
    let go_done = started.elapsed();
    let ours = run::our_crds(project, &module)?;
    let observed: Vec<Difference> = match ours.crds {
        Ok(crds) => compare::compare_api(project.name, &crds, &reference),
        Err(errors) => vec![Difference {
            key: format!("{} / * / * / * / generate", project.name),
            ours: errors,
            reference: format!("{} CRDs", reference.len()),
        }],
    };
    eprintln!(
        "import-parity: {} {} ({}): {} CRDs from controller-gen, {} differing attributes, {} import warnings; Go side {:.1?}, total {:.1?}\n{}",
        project.module,
        project.version,
        project.shape,
        reference.len(),
        observed.len(),
        ours.warnings,
        go_done,
        started.elapsed(),
        differences::summary(&observed)
    );
    let list = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("differences")
        .join(format!("{}.yaml", project.name));
    differences::enforce(&list, &observed)
}

#[test]
fn kueue() -> Result<()> {
    parity("kueue")
}

#[test]
fn prometheus_operator() -> Result<()> {
    parity("prometheus-operator")
}

#[test]
fn external_secrets() -> Result<()> {
    parity("external-secrets")
}

#[test]
fn cluster_api() -> Result<()> {
    parity("cluster-api")
}
