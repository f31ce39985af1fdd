//! A reduced model of Argo Rollouts' Rollout API, translated from
//! `../../go/v1alpha1` marker by marker.
//!
//! +groupName=argoproj.io

mod rollout;

pub use rollout::*;
