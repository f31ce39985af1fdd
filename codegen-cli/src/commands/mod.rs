//! One module per command (or family of commands), each with the function
//! [`crate::run`] calls.

pub(crate) mod crd;
pub(crate) mod crd_diff;
pub(crate) mod generate;
pub(crate) mod import;
pub(crate) mod lint;
pub(crate) mod rbac;
pub(crate) mod scaffold;
pub(crate) mod verify;
pub(crate) mod webhook;
