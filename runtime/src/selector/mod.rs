//! Label and field selectors, in the API server's grammar: one parser for the
//! listers and the fake clientset, so a selector that works on one works the
//! same on the other and on the server.
//!
//! - [`LabelSelector`] ports `k8s.io/apimachinery/pkg/labels.Parse` (as of
//!   Kubernetes 1.34): `app=web`, `tier!=db`, `env in (prod,qa)`,
//!   `track notin (canary)`, `release`, `!legacy`, `replicas>2`, `replicas<5`,
//!   with the server's validation of keys and values and its error messages.
//! - [`FieldSelector`] ports `k8s.io/apimachinery/pkg/fields.ParseSelector`:
//!   `metadata.name=web,status.phase!=Failed`, with `\,`, `\=` and `\\`
//!   escapes in values. Which fields a resource accepts is the resource's
//!   business ([`crate::ResourceInfo::is_selectable`]).

mod fields;
mod labels;
mod validation;

pub use fields::{FieldOperator, FieldSelector, FieldTerm};
pub use labels::{LabelSelector, Labels, Operator, Requirement};

/// A selector the API server would reject, with the server's message.
///
/// ```
/// use kube_codegen_runtime::selector::LabelSelector;
///
/// let error = LabelSelector::parse("app in web").unwrap_err();
/// assert_eq!(error.to_string(), "unable to parse requirement: found 'web' expected: '('");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SelectorError {
    input: String,
    message: String,
}

impl SelectorError {
    fn new(input: &str, message: impl Into<String>) -> SelectorError {
        SelectorError {
            input: input.to_owned(),
            message: message.into(),
        }
    }

    /// The selector as it was given.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// What is wrong, as the API server words it.
    pub fn message(&self) -> &str {
        &self.message
    }
}
