//! A reduced model of cert-manager's certificates API, translated from
//! `../../go/v1` marker by marker.
//!
//! +groupName=cert-manager.io

mod certificate;
mod issuer;

pub use certificate::*;
pub use issuer::*;
