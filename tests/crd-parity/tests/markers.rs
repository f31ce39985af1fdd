//! Every marker controller-gen registers for CRDs (as `controller-gen crd -w`
//! lists them, with where each may be written) is either supported by
//! kube-codegen at the same places, or accepted with a warning that says why it
//! has no effect, or refused with a diagnostic that says why. None is unknown.

use std::process::Command;

use anyhow::{Context, Result, bail};
use crd_parity::generators;
use kube_codegen::parse::{MarkerSupport, marker_support};

/// `(marker name, target)` of each line of `controller-gen crd -w`:
/// `+kubebuilder:validation:MaxLength=<int>   field   specifies ...`.
fn controller_gen_markers() -> Result<Vec<(String, String)>> {
    let bin = generators::controller_gen()?;
    let out = Command::new(&bin)
        .args(["crd", "-w"])
        .output()
        .with_context(|| format!("running {}", bin.display()))?;
    if !out.status.success() {
        bail!(
            "controller-gen crd -w: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // controller-gen prints the marker help on standard error.
    let text = String::from_utf8(out.stderr)?;
    let mut markers = Vec::new();
    for line in text.lines().map(str::trim_start) {
        let Some(spec) = line.strip_prefix('+') else {
            continue;
        };
        let mut columns = spec.split_whitespace();
        let (Some(usage), Some(target)) = (columns.next(), columns.next()) else {
            bail!("unexpected line in controller-gen crd -w: {line}");
        };
        let name_end = usage.find(['[', '=']).unwrap_or(usage.len());
        markers.push((usage[..name_end].to_owned(), target.to_owned()));
    }
    markers.sort();
    markers.dedup();
    Ok(markers)
}

#[test]
fn every_controller_gen_crd_marker_is_supported_or_explained() -> Result<()> {
    let markers = controller_gen_markers()?;
    assert!(
        markers.len() > 100,
        "controller-gen crd -w listed only {} markers",
        markers.len()
    );
    let (mut supported, mut warned, mut refused) = (0, 0, 0);
    let mut problems = Vec::new();
    for (name, target) in &markers {
        match marker_support(name) {
            MarkerSupport::Supported {
                module,
                type_,
                field,
            } => {
                let at = match target.as_str() {
                    "package" => module,
                    "type" => type_,
                    "field" => field,
                    other => bail!("unknown target {other} for +{name}"),
                };
                if at {
                    supported += 1;
                } else {
                    problems.push(format!(
                        "+{name}: controller-gen takes it on a {target}, kube-codegen does not"
                    ));
                }
            }
            MarkerSupport::Warned(why) => {
                assert!(!why.is_empty(), "+{name} is warned without a reason");
                warned += 1;
            }
            MarkerSupport::Refused(why) => {
                assert!(!why.is_empty(), "+{name} is refused without a reason");
                refused += 1;
            }
            // A marker controller-gen registers means something to a CRD:
            // never dropped without a word.
            MarkerSupport::Accepted(whose) => problems.push(format!(
                "+{name} ({target}) is registered by controller-gen but accepted silently as {whose}"
            )),
            MarkerSupport::Unknown => {
                problems.push(format!("+{name} ({target}) is unknown to kube-codegen"))
            }
        }
    }
    println!(
        "controller-gen {} CRD markers (name × place): {} — kube-codegen supports {supported}, \
         warns {warned}, refuses {refused}",
        generators::controller_gen_version()?,
        markers.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// The documents that say which controller-gen the suite compares with name
/// the release `hack/tools/controller-gen.sh` pins.
#[test]
fn the_documents_name_the_pinned_controller_gen() -> Result<()> {
    let version = generators::controller_gen_version()?;
    let root = crd_parity::corpus::repo_root();
    for doc in [
        "docs/src/contributing.md",
        "tests/crd-parity/README.md",
        "tests/crd-parity/DIFFERENCES.md",
    ] {
        let text = std::fs::read_to_string(root.join(doc))?;
        assert!(
            text.contains(&format!("controller-gen {version}")),
            "{doc} does not name controller-gen {version}"
        );
    }
    Ok(())
}
