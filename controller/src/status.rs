//! The App's status: `availableReplicas`, `observedGeneration` and the `Ready`
//! condition, computed from what the reconcile found. Pure functions; the
//! reconciler writes the result only when it differs from the cached status.

use k8s_openapi::api::apps::v1::Deployment;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, Time};

use generated::applyconfigurations::myapp::v1::{AppApply, AppStatusApply};

use crate::api::AppStatus;
use kube_codegen_manager::conditions::set_status_condition;

/// The condition type this controller maintains.
pub const READY: &str = "Ready";

/// Reasons of the `Ready` condition (CamelCase, as Kubernetes reasons are).
pub mod reason {
    /// The Deployment has all its replicas updated and available.
    pub const AVAILABLE: &str = "Available";
    /// The Deployment is rolling out or waiting for pods.
    pub const PROGRESSING: &str = "Progressing";
    /// The spec passed the CRD schema but cannot be realised.
    pub const INVALID_SPEC: &str = "InvalidSpec";
    /// A child's name is taken by an object this App does not control.
    pub const RESOURCE_EXISTS: &str = "ErrResourceExists";
    /// A child the App controls is being deleted; it is recreated once gone.
    pub const CHILD_DELETING: &str = "ChildDeleting";
    /// The API server refused a write (other than a transient conflict).
    pub const RECONCILE_FAILED: &str = "ReconcileFailed";
}

/// The value of the `Ready` condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readiness {
    /// `status: "True"` or `"False"`.
    pub ready: bool,
    /// One of [`reason`].
    pub reason: &'static str,
    /// A sentence for humans.
    pub message: String,
}

impl Readiness {
    /// `Ready=False` with the given reason and message.
    pub fn not_ready(reason: &'static str, message: impl Into<String>) -> Readiness {
        Readiness {
            ready: false,
            reason,
            message: message.into(),
        }
    }
}

/// The App's available replicas as its Deployment reports them.
pub fn available_replicas(deployment: &Deployment) -> i32 {
    deployment
        .status
        .as_ref()
        .and_then(|s| s.available_replicas)
        .unwrap_or(0)
}

/// Readiness of a Deployment the App controls: ready once the Deployment
/// controller has seen the current spec and every desired replica is updated
/// and available. The message depends only on the counts, so the Deployment
/// controller's bookkeeping updates do not cause App status writes.
pub fn deployment_readiness(deployment: &Deployment) -> Readiness {
    let name = deployment.metadata.name.as_deref().unwrap_or_default();
    let desired = deployment
        .spec
        .as_ref()
        .and_then(|s| s.replicas)
        .unwrap_or(1);
    let status = deployment.status.clone().unwrap_or_default();
    let available = status.available_replicas.unwrap_or(0);
    let updated = status.updated_replicas.unwrap_or(0);
    let observed =
        status.observed_generation.unwrap_or(0) >= deployment.metadata.generation.unwrap_or(0);
    if available < desired {
        return Readiness::not_ready(
            reason::PROGRESSING,
            format!("Deployment {name:?} has {available} of {desired} replicas available"),
        );
    }
    if !observed || updated < desired {
        return Readiness::not_ready(
            reason::PROGRESSING,
            format!("Deployment {name:?} is rolling out: {updated} of {desired} replicas updated"),
        );
    }
    Readiness {
        ready: true,
        reason: reason::AVAILABLE,
        message: format!("Deployment {name:?} has {available} of {desired} replicas available"),
    }
}

/// The status to write: `current` with `availableReplicas`,
/// `observedGeneration` and the `Ready` condition replaced. Conditions of
/// other types (written by other tools) are kept. The condition's
/// `lastTransitionTime` changes only when its `status` does.
pub fn next_status(
    current: Option<&AppStatus>,
    generation: i64,
    available: Option<i32>,
    readiness: &Readiness,
    now: Time,
) -> AppStatus {
    let mut conditions = current.map(|s| s.conditions.clone()).unwrap_or_default();
    set_status_condition(
        &mut conditions,
        Condition {
            type_: READY.to_owned(),
            status: if readiness.ready { "True" } else { "False" }.to_owned(),
            reason: readiness.reason.to_owned(),
            message: readiness.message.clone(),
            observed_generation: Some(generation),
            last_transition_time: now,
        },
    );
    AppStatus {
        available_replicas: available,
        observed_generation: Some(generation),
        conditions,
    }
}

/// The status this controller owns, as the apply configuration it applies
/// through the status subresource: `availableReplicas` (while known),
/// `observedGeneration` and the `Ready` condition. Conditions of other types
/// are other managers' (the list is a map keyed by `type`) and are left out,
/// so applying never removes them.
pub fn status_apply(name: &str, namespace: &str, status: &AppStatus) -> AppApply {
    let mut owned = AppStatusApply::default().with_conditions(
        status
            .conditions
            .iter()
            .filter(|c| c.type_ == READY)
            .cloned(),
    );
    owned.available_replicas = status.available_replicas;
    owned.observed_generation = status.observed_generation;
    AppApply::new(name, namespace).with_status(owned)
}

/// The `Ready` condition of a status, if present.
pub fn ready_condition(status: Option<&AppStatus>) -> Option<&Condition> {
    status?.conditions.iter().find(|c| c.type_ == READY)
}

pub use kube_codegen_manager::conditions::now;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn deployment(replicas: i32, status: serde_json::Value) -> Deployment {
        serde_json::from_value(json!({
            "metadata": {"name": "web", "generation": 2},
            "spec": {"replicas": replicas, "selector": {}, "template": {}},
            "status": status
        }))
        .unwrap()
    }

    fn time(s: &str) -> Time {
        Time(s.parse().unwrap())
    }

    #[test]
    fn readiness_follows_the_deployment() {
        let d = deployment(
            2,
            json!({"observedGeneration": 2, "updatedReplicas": 2, "availableReplicas": 2}),
        );
        assert_eq!(
            deployment_readiness(&d),
            Readiness {
                ready: true,
                reason: "Available",
                message: "Deployment \"web\" has 2 of 2 replicas available".into()
            }
        );
        let d = deployment(
            2,
            json!({"observedGeneration": 2, "updatedReplicas": 2, "availableReplicas": 1}),
        );
        assert_eq!(
            deployment_readiness(&d),
            Readiness::not_ready(
                "Progressing",
                "Deployment \"web\" has 1 of 2 replicas available"
            )
        );
        let d = deployment(
            2,
            json!({"observedGeneration": 2, "updatedReplicas": 1, "availableReplicas": 2}),
        );
        assert_eq!(
            deployment_readiness(&d),
            Readiness::not_ready(
                "Progressing",
                "Deployment \"web\" is rolling out: 1 of 2 replicas updated"
            )
        );
        // The Deployment controller has not seen generation 2 yet.
        let d = deployment(
            2,
            json!({"observedGeneration": 1, "updatedReplicas": 2, "availableReplicas": 2}),
        );
        assert!(!deployment_readiness(&d).ready);
        let d = deployment(0, json!({}));
        assert!(!deployment_readiness(&d).ready, "generation 2 not observed");
    }

    #[test]
    fn a_fresh_deployment_and_its_first_status_read_the_same() {
        // So the Deployment controller's first status write causes no App write.
        let fresh = deployment(3, json!(null));
        let counted = deployment(
            3,
            json!({"observedGeneration": 2, "replicas": 3, "updatedReplicas": 3, "unavailableReplicas": 3}),
        );
        assert_eq!(deployment_readiness(&fresh), deployment_readiness(&counted));
        assert_eq!(available_replicas(&fresh), available_replicas(&counted));
    }

    #[test]
    fn transition_time_changes_only_when_status_flips() {
        let t0 = time("2025-01-01T00:00:00Z");
        let t1 = time("2025-01-01T00:01:00Z");
        let progressing = Readiness::not_ready("Progressing", "0 of 1");
        let s1 = next_status(None, 1, Some(0), &progressing, t0.clone());
        assert_eq!(s1.observed_generation, Some(1));
        assert_eq!(s1.conditions.len(), 1);
        assert_eq!(s1.conditions[0].last_transition_time, t0);

        let still = Readiness::not_ready("ErrResourceExists", "taken");
        let s2 = next_status(Some(&s1), 2, None, &still, t1.clone());
        assert_eq!(s2.conditions[0].last_transition_time, t0);
        assert_eq!(s2.conditions[0].reason, "ErrResourceExists");
        assert_eq!(s2.conditions[0].observed_generation, Some(2));
        assert_eq!(s2.available_replicas, None);

        let ready = Readiness {
            ready: true,
            reason: "Available",
            message: "1 of 1".into(),
        };
        let s3 = next_status(Some(&s2), 2, Some(1), &ready, t1.clone());
        assert_eq!(s3.conditions[0].status, "True");
        assert_eq!(s3.conditions[0].last_transition_time, t1);
        // Recomputing from the same facts yields an equal status: no write.
        assert_eq!(
            next_status(Some(&s3), 2, Some(1), &ready, time("2030-01-01T00:00:00Z")),
            s3
        );
    }

    #[test]
    fn conditions_of_other_types_are_kept() {
        let other = Condition {
            type_: "Audited".into(),
            status: "True".into(),
            reason: "ByHand".into(),
            message: String::new(),
            observed_generation: None,
            last_transition_time: time("2024-01-01T00:00:00Z"),
        };
        let current = AppStatus {
            conditions: vec![other.clone()],
            ..AppStatus::default()
        };
        let s = next_status(
            Some(&current),
            1,
            None,
            &Readiness::not_ready("Progressing", "x"),
            now(),
        );
        assert_eq!(s.conditions[0], other);
        assert_eq!(s.conditions[1].type_, "Ready");
        assert_eq!(ready_condition(Some(&s)).unwrap().reason, "Progressing");
    }

    #[test]
    fn the_applied_status_holds_only_what_this_controller_owns() {
        let other = Condition {
            type_: "Audited".into(),
            status: "True".into(),
            reason: "ByHand".into(),
            message: String::new(),
            observed_generation: None,
            last_transition_time: time("2024-01-01T00:00:00Z"),
        };
        let current = AppStatus {
            conditions: vec![other],
            ..AppStatus::default()
        };
        let next = next_status(
            Some(&current),
            4,
            Some(2),
            &Readiness::not_ready("Progressing", "rolling out"),
            time("2025-01-01T00:00:00Z"),
        );
        let json = serde_json::to_value(status_apply("web", "default", &next)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "apiVersion": "myapp.k8s.io/v1",
                "kind": "App",
                "metadata": {"name": "web", "namespace": "default"},
                "status": {
                    "availableReplicas": 2,
                    "observedGeneration": 4,
                    "conditions": [{
                        "type": "Ready", "status": "False", "reason": "Progressing",
                        "message": "rolling out", "observedGeneration": 4,
                        "lastTransitionTime": "2025-01-01T00:00:00Z",
                    }],
                },
            })
        );
    }

    #[test]
    fn now_has_whole_seconds() {
        let t = now();
        assert_eq!(t.0.subsec_nanosecond(), 0);
    }
}
