//! The differential suite of `kube-codegen lint` against kube-api-linter
//! (KAL): each case is a package of KAL's own test data (its
//! `pkg/analysis/<rule>/testdata/src/<pkg>`, read in the Go module cache) and
//! a Rust twin of its types (`cases/<rule>/<case>/apis`), run through KAL (at
//! the version `hack/tools/kube-api-linter.sh` pins) and through our lint
//! with the same configuration. The findings are compared by rule, type and
//! field; what differs is listed with its reason in `differences.yaml`
//! (`DIFFERENCES.md` explains the kinds), which the test checks both ways.
//! The twins also carry KAL-style `// want "<regex>"` comments on the line
//! each of our findings is reported at.

pub mod case;
pub mod differences;
pub mod findings;
pub mod kal;
pub mod wants;
