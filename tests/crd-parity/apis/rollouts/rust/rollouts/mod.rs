//! Argo Rollouts (reduced): Rollout.

pub mod v1alpha1;
