//! Status conditions with apimachinery's `meta.SetStatusCondition` semantics:
//! one condition per type; `lastTransitionTime` changes only when the
//! condition's `status` does.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, Time};

/// Sets `new` in `conditions`: replaces the condition of the same type,
/// keeping its `lastTransitionTime` unless the status flips; appends it
/// otherwise. Returns whether anything changed (so a status write is needed).
pub fn set_status_condition(conditions: &mut Vec<Condition>, new: Condition) -> bool {
    match conditions.iter_mut().find(|c| c.type_ == new.type_) {
        Some(existing) => {
            let before = existing.clone();
            if existing.status != new.status {
                existing.status = new.status;
                existing.last_transition_time = new.last_transition_time;
            }
            existing.reason = new.reason;
            existing.message = new.message;
            existing.observed_generation = new.observed_generation;
            *existing != before
        }
        None => {
            conditions.push(new);
            true
        }
    }
}

/// The condition of type `type_`, if present.
pub fn find_status_condition<'a>(
    conditions: &'a [Condition],
    type_: &str,
) -> Option<&'a Condition> {
    conditions.iter().find(|c| c.type_ == type_)
}

/// Whether the condition of type `type_` is present with status `True`.
pub fn is_status_condition_true(conditions: &[Condition], type_: &str) -> bool {
    find_status_condition(conditions, type_).is_some_and(|c| c.status == "True")
}

/// Removes the condition of type `type_`; returns whether there was one.
pub fn remove_status_condition(conditions: &mut Vec<Condition>, type_: &str) -> bool {
    let before = conditions.len();
    conditions.retain(|c| c.type_ != type_);
    conditions.len() != before
}

/// The current time, truncated to whole seconds as the API server stores it,
/// so a written condition compares equal to the one read back.
pub fn now() -> Time {
    let now = k8s_openapi::jiff::Timestamp::now();
    Time(k8s_openapi::jiff::Timestamp::from_second(now.as_second()).unwrap_or(now))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn condition(type_: &str, status: &str, reason: &str, at: &str) -> Condition {
        Condition {
            type_: type_.into(),
            status: status.into(),
            reason: reason.into(),
            message: String::new(),
            observed_generation: Some(1),
            last_transition_time: Time(at.parse().unwrap()),
        }
    }

    #[test]
    fn the_transition_time_moves_only_when_the_status_flips() {
        let mut conditions = Vec::new();
        assert!(set_status_condition(
            &mut conditions,
            condition("Ready", "False", "Progressing", "2025-01-01T00:00:00Z")
        ));
        assert!(set_status_condition(
            &mut conditions,
            condition("Ready", "False", "Stuck", "2025-01-01T00:05:00Z")
        ));
        assert_eq!(conditions[0].reason, "Stuck");
        assert_eq!(
            conditions[0].last_transition_time.0.to_string(),
            "2025-01-01T00:00:00Z"
        );
        assert!(!set_status_condition(
            &mut conditions,
            condition("Ready", "False", "Stuck", "2025-01-01T00:09:00Z")
        ));
        assert!(set_status_condition(
            &mut conditions,
            condition("Ready", "True", "Available", "2025-01-01T00:10:00Z")
        ));
        assert_eq!(
            conditions[0].last_transition_time.0.to_string(),
            "2025-01-01T00:10:00Z"
        );
        assert!(is_status_condition_true(&conditions, "Ready"));
        assert!(set_status_condition(
            &mut conditions,
            condition("Degraded", "False", "Fine", "2025-01-01T00:10:00Z")
        ));
        assert_eq!(conditions.len(), 2);
        assert!(remove_status_condition(&mut conditions, "Degraded"));
        assert!(!remove_status_condition(&mut conditions, "Degraded"));
        assert!(find_status_condition(&conditions, "Degraded").is_none());
    }

    #[test]
    fn now_has_whole_seconds() {
        assert_eq!(now().0.subsec_nanosecond(), 0);
    }
}
