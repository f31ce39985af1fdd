//! Keeps the benchmarks from rotting: the synthetic API that `bench/run.sh`
//! measures (bench/synth/synth.py) must stay valid input, so a change to the
//! marker grammar or the validator that rejects it fails here, in `cargo test`,
//! rather than in a benchmark run nobody does for weeks. Speed itself is never
//! asserted (see bench/run.sh for that).

use std::path::{Path, PathBuf};
use std::process::Command;

use kube_codegen::emit::EmitOptions;
use kube_codegen::parse::ParseOptions;
use kube_codegen::pipeline::{self, Config};
use kube_codegen::write::Boilerplate;

const KINDS: usize = 10;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs synth.py; `None` when there is no Python 3 to run it with.
fn synth(lang: &str, out: &Path) -> Option<()> {
    let script = repo_root().join("bench/synth/synth.py");
    let status = match Command::new("python3")
        .arg(&script)
        .args(["--kinds", &KINDS.to_string(), "--lang", lang, "--out"])
        .arg(out)
        .status()
    {
        Ok(status) => status,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!(
                "skipped: python3 not found, cannot run {}",
                script.display()
            );
            return None;
        }
        Err(e) => panic!("running {}: {e}", script.display()),
    };
    assert!(status.success(), "synth.py --lang {lang} failed: {status}");
    Some(())
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn synthetic_api_parses_and_generates_every_kind() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("in");
    if synth("rust", &input).is_none() {
        return;
    }
    let config = Config {
        input_dir: input,
        output_dir: tmp.path().join("out"),
        crd_dirs: Vec::new(),
        boilerplate: Boilerplate::default(),
        parse: ParseOptions::default(),
        emit: EmitOptions::default(),
        crate_version: None,
        rbac: None,
        webhook: None,
        add_dependencies: false,
    };
    let output = match pipeline::run(&config) {
        Ok(output) => output,
        Err(e) => panic!("the synthetic API no longer generates:\n{e}"),
    };

    let kinds: Vec<_> = output
        .parsed
        .api
        .kinds()
        .map(|(_, _, _, kind)| kind)
        .collect();
    assert_eq!(kinds.len(), KINDS, "every synthetic kind is a kind");
    assert_eq!(
        output.parsed.api.groups.len(),
        KINDS,
        "one group per kind up to 50"
    );
    let crds = output
        .files
        .keys()
        .filter(|p| p.starts_with(config.output_dir.join("crds")))
        .count();
    assert_eq!(crds, KINDS, "one CRD per kind");
    // Cluster-scoped kinds (every fifth) and kinds without status (every seventh)
    // must both be there, or the benchmark stops exercising those paths.
    assert!(kinds.iter().any(|k| !k.namespaced));
    assert!(kinds.iter().any(|k| !k.status_subresource));
}

#[test]
fn synthetic_go_and_derive_twins_are_written() {
    let tmp = tempfile::tempdir().unwrap();
    let go = tmp.path().join("go");
    let derive = tmp.path().join("derive");
    if synth("go", &go).is_none() || synth("derive", &derive).is_none() {
        return;
    }
    let go_types = files_under(&go.join("pkg/apis"))
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with("_types.go"))
        .count();
    assert_eq!(go_types, KINDS);
    let lib = std::fs::read_to_string(derive.join("src/lib.rs")).unwrap();
    assert_eq!(lib.matches("::crd(),").count(), KINDS, "{lib}");
}
