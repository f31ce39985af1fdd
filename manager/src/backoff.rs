//! How a failed object is retried: after `base * 2^(failures-1)`, at most
//! `max`, counted per object and forgotten after a success (client-go's per-item
//! exponential rate limiter, which kube-runtime leaves to the error policy).

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use crate::key::ObjectKey;

/// Consecutive failures per object.
#[derive(Debug)]
pub struct Backoff {
    base: Duration,
    max: Duration,
    failures: Mutex<HashMap<ObjectKey, u32>>,
}

impl Backoff {
    /// Delays from `base`, doubling, capped at `max`.
    pub fn new(base: Duration, max: Duration) -> Self {
        Backoff {
            base,
            max,
            failures: Mutex::default(),
        }
    }

    /// One more failure of `key`: how long to wait before its retry, and how
    /// many times in a row it failed.
    pub fn failed(&self, key: &ObjectKey) -> (Duration, u32) {
        let mut failures = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
        let count = failures.entry(key.clone()).or_insert(0);
        *count = count.saturating_add(1);
        (delay(self.base, self.max, *count), *count)
    }

    /// `key` succeeded: its next failure starts from `base` again.
    pub fn forget(&self, key: &ObjectKey) {
        self.failures
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(key);
    }
}

/// A small pseudo-random source for jitter: replicas need only not agree.
#[derive(Debug, Clone)]
pub(crate) struct Jitter(u64);

impl Jitter {
    pub(crate) fn new() -> Self {
        use std::hash::{BuildHasher, RandomState};
        Jitter(RandomState::new().hash_one(std::process::id()) | 1)
    }

    /// A duration in `[0, max)`.
    pub(crate) fn up_to(&mut self, max: Duration) -> Duration {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        max.mul_f64((x >> 11) as f64 / (1u64 << 53) as f64)
    }
}

/// `base * 2^(failures-1)`, capped at `max`.
pub fn delay(base: Duration, max: Duration, failures: u32) -> Duration {
    let exponent = failures.saturating_sub(1).min(31);
    base.checked_mul(1u32 << exponent)
        .map_or(max, |d| d.min(max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_double_up_to_the_cap() {
        let base = Duration::from_millis(5);
        let max = Duration::from_secs(1);
        assert_eq!(delay(base, max, 1), base);
        assert_eq!(delay(base, max, 2), Duration::from_millis(10));
        assert_eq!(delay(base, max, 8), Duration::from_millis(640));
        assert_eq!(delay(base, max, 9), max);
        assert_eq!(delay(base, max, u32::MAX), max);
    }

    #[test]
    fn failures_count_per_object_until_forgotten() {
        let backoff = Backoff::new(Duration::from_millis(10), Duration::from_secs(1));
        let (a, b) = (ObjectKey::new("ns", "a"), ObjectKey::new("ns", "b"));
        assert_eq!(backoff.failed(&a), (Duration::from_millis(10), 1));
        assert_eq!(backoff.failed(&a), (Duration::from_millis(20), 2));
        assert_eq!(backoff.failed(&b), (Duration::from_millis(10), 1));
        backoff.forget(&a);
        assert_eq!(backoff.failed(&a), (Duration::from_millis(10), 1));
    }
}
