//! Every case through controller-gen and kube-codegen, and what each writes
//! through a real API server (dry-run creates):
//!
//! - both write documents: they must be equal (compared as data), or the
//!   difference be listed; the API server must accept ours;
//! - both refuse: the same refusal;
//! - we refuse and controller-gen writes: listed; and where the API server
//!   refuses what controller-gen wrote, it must refuse exactly what our
//!   diagnostics say it refuses (the same objects, fields and kinds of error).
//!
//! Needs Go (controller-gen) and the local control plane of `tests/e2e`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use anyhow::{Result, bail};
use webhook_parity::corpus;
use webhook_parity::differences::{self, Entry};
use webhook_parity::outcome::{self, Cause, Outcome};
use webhook_parity::server::{self, Verdict};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kube_codegen_and_controller_gen_agree_or_the_difference_is_listed() -> Result<()> {
    let client = e2e::client().await?;
    let mut observed = Vec::new();
    let mut failures = String::new();
    let mut tally = String::new();
    let cases = corpus::cases()?;
    assert!(cases.len() >= 40, "{} cases", cases.len());
    for case in &cases {
        let go = case.markers("go")?;
        assert!(!go.is_empty(), "{}: no markers", case.name);
        assert_eq!(
            go,
            case.markers("rust")?,
            "{}: the two sides differ",
            case.name
        );
        let theirs = outcome::reference(case)?;
        let ours = outcome::ours(case)?;
        // What we write, the API server takes.
        if let Outcome::Documents(documents) = &ours {
            for document in documents {
                if let Verdict::Refused(causes) = server::dry_run(&client, document).await? {
                    writeln!(
                        failures,
                        "{}: the API server refuses our {}: {}",
                        case.name,
                        outcome::describe(document),
                        show(&causes)
                    )?;
                }
            }
        }
        let class = match (&ours, &theirs) {
            (Outcome::Documents(a), Outcome::Documents(b)) if a == b => "same documents",
            (Outcome::Refused { .. }, Outcome::Refused { .. }) => "both refuse",
            (Outcome::Documents(a), Outcome::Documents(b)) => {
                let at = outcome::first_difference(a, b).unwrap_or_default();
                observed.push(Entry {
                    case: case.name.clone(),
                    ours: format!("{} ({at})", outcome::summary(&ours)),
                    reference: outcome::summary(&theirs),
                    reason: String::new(),
                });
                "different documents"
            }
            (Outcome::Documents(_), Outcome::Refused { .. }) => {
                observed.push(entry(&case.name, &ours, outcome::summary(&theirs)));
                "controller-gen refuses"
            }
            (Outcome::Refused { cited, .. }, Outcome::Documents(documents)) => {
                // What the API server does with controller-gen's documents.
                let mut refused = BTreeSet::new();
                for document in documents {
                    if let Verdict::Refused(causes) = server::dry_run(&client, document).await? {
                        refused.extend(causes);
                    }
                }
                let verdict = if refused.is_empty() {
                    "the API server accepts them".to_owned()
                } else {
                    if refused != *cited {
                        writeln!(
                            failures,
                            "{}: the API server refuses {} in controller-gen's output, our \
                             diagnostics say {}",
                            case.name,
                            show(&refused),
                            show(cited)
                        )?;
                    }
                    format!("the API server refuses {}", show(&refused))
                };
                let reference = format!("{}; {verdict}", outcome::summary(&theirs));
                observed.push(entry(&case.name, &ours, reference));
                if refused.is_empty() {
                    "we refuse what the API server accepts"
                } else {
                    "we refuse what the API server refuses"
                }
            }
        };
        writeln!(tally, "  {:<48} {class}", case.name)?;
    }
    eprintln!("webhook-parity: {} cases\n{tally}", cases.len());
    let listed = differences::enforce(&corpus::root().join("differences.yaml"), &observed);
    if !failures.is_empty() {
        bail!(
            "{failures}{}",
            listed.err().map(|e| e.to_string()).unwrap_or_default()
        );
    }
    listed
}

fn entry(case: &str, ours: &Outcome, reference: String) -> Entry {
    Entry {
        case: case.to_owned(),
        ours: outcome::summary(ours),
        reference,
        reason: String::new(),
    }
}

fn show(causes: &BTreeSet<Cause>) -> String {
    causes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
