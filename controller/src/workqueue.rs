//! A work queue with client-go's guarantees, for keys of objects to reconcile:
//!
//! - a key is queued at most once however often it is added (`dirty` set);
//! - a key is handed to at most one worker at a time: a key added while it is
//!   being processed is queued again only when the worker calls
//!   [`WorkQueue::done`] (`processing` set), so the same App is never
//!   reconciled twice at once, whatever the number of workers;
//! - failed keys come back after a per-key exponential backoff
//!   ([`WorkQueue::add_rate_limited`]) that [`WorkQueue::forget`] resets;
//! - [`WorkQueue::shutdown`] makes [`WorkQueue::get`] return `None` at once
//!   (queued keys are dropped; another leader or the next start will list
//!   them again) while workers finish the keys they hold.
//!
//! Why not `kube::runtime::Controller`: its scheduler gives the same
//! guarantees but reads objects from kube's own reflector `Store`, while this
//! controller reads from the generated informers' listers; feeding it would
//! mean keeping a second cache of every App, Deployment and Service.

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;

/// Called with the queue length whenever it changes (for a depth gauge).
pub type DepthObserver = Arc<dyn Fn(usize) + Send + Sync>;

struct State<K> {
    queue: VecDeque<K>,
    dirty: HashSet<K>,
    processing: HashSet<K>,
    failures: HashMap<K, u32>,
    shutting_down: bool,
}

struct Inner<K> {
    state: Mutex<State<K>>,
    notify: Notify,
    base_delay: Duration,
    max_delay: Duration,
    observer: Option<DepthObserver>,
}

/// A de-duplicating, rate-limited work queue; cloning gives another handle.
pub struct WorkQueue<K> {
    inner: Arc<Inner<K>>,
}

impl<K> Clone for WorkQueue<K> {
    fn clone(&self) -> Self {
        WorkQueue {
            inner: Arc::clone(&self.inner),
        }
    }
}

impl<K> std::fmt::Debug for WorkQueue<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkQueue").finish_non_exhaustive()
    }
}

impl<K> WorkQueue<K>
where
    K: Clone + Eq + Hash + Send + 'static,
{
    /// A queue whose failed keys wait `base_delay * 2^(failures-1)`, at most
    /// `max_delay`.
    pub fn new(base_delay: Duration, max_delay: Duration, observer: Option<DepthObserver>) -> Self {
        WorkQueue {
            inner: Arc::new(Inner {
                state: Mutex::new(State {
                    queue: VecDeque::new(),
                    dirty: HashSet::new(),
                    processing: HashSet::new(),
                    failures: HashMap::new(),
                    shutting_down: false,
                }),
                notify: Notify::new(),
                base_delay,
                max_delay,
                observer,
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<K>> {
        // Every critical section leaves the state consistent.
        self.inner
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn observe(&self, len: usize) {
        if let Some(observer) = &self.inner.observer {
            observer(len);
        }
    }

    /// Queues `key` unless it is queued already; a key being processed is
    /// queued again when its worker is done.
    pub fn add(&self, key: K) {
        let len = {
            let mut state = self.lock();
            if state.shutting_down || !state.dirty.insert(key.clone()) {
                return;
            }
            if state.processing.contains(&key) {
                return;
            }
            state.queue.push_back(key);
            state.queue.len()
        };
        self.observe(len);
        self.inner.notify.notify_one();
    }

    /// Queues `key` after `delay`.
    pub fn add_after(&self, key: K, delay: Duration) {
        if delay.is_zero() {
            return self.add(key);
        }
        let weak = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            if let Some(inner) = weak.upgrade() {
                WorkQueue { inner }.add(key);
            }
        });
    }

    /// Queues `key` after its backoff, and counts one more failure for it.
    pub fn add_rate_limited(&self, key: K) {
        let delay = {
            let mut state = self.lock();
            let failures = state.failures.entry(key.clone()).or_insert(0);
            *failures = failures.saturating_add(1);
            backoff(self.inner.base_delay, self.inner.max_delay, *failures)
        };
        self.add_after(key, delay);
    }

    /// Forgets the failures of `key` (call after a successful reconcile).
    pub fn forget(&self, key: &K) {
        self.lock().failures.remove(key);
    }

    /// How many times in a row `key` has failed.
    pub fn num_requeues(&self, key: &K) -> u32 {
        self.lock().failures.get(key).copied().unwrap_or(0)
    }

    /// Waits for a key and marks it as being processed; `None` once the queue
    /// is shut down. Call [`done`](Self::done) when finished with it.
    pub async fn get(&self) -> Option<K> {
        loop {
            // Register as a waiter before looking, so an `add` between the
            // look and the wait wakes this worker. A `Notified` that is only
            // created is no waiter until polled: `notify_one` would then
            // store a single permit for any number of adds, and all but one
            // waiting worker would sleep while keys are queued.
            let notified = self.inner.notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            let taken = {
                let mut state = self.lock();
                if state.shutting_down {
                    return None;
                }
                state.queue.pop_front().map(|key| {
                    state.dirty.remove(&key);
                    state.processing.insert(key.clone());
                    (key, state.queue.len())
                })
            };
            if let Some((key, len)) = taken {
                self.observe(len);
                if len > 0 {
                    // Keys remain: pass the wakeup on, in case this worker
                    // consumed the one meant for another.
                    self.inner.notify.notify_one();
                }
                return Some(key);
            }
            notified.await;
        }
    }

    /// Marks `key` as processed; if it was added meanwhile, queues it again.
    pub fn done(&self, key: &K) {
        let requeued = {
            let mut state = self.lock();
            state.processing.remove(key);
            if state.dirty.contains(key) && !state.shutting_down {
                state.queue.push_back(key.clone());
                Some(state.queue.len())
            } else {
                None
            }
        };
        if let Some(len) = requeued {
            self.observe(len);
            self.inner.notify.notify_one();
        }
    }

    /// Keys waiting to be processed.
    pub fn len(&self) -> usize {
        self.lock().queue.len()
    }

    /// Whether no key is waiting.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keys being processed right now.
    pub fn in_flight(&self) -> usize {
        self.lock().processing.len()
    }

    /// Stops handing out keys and ignores new ones; workers keep the keys
    /// they hold until they call `done`.
    pub fn shutdown(&self) {
        {
            let mut state = self.lock();
            state.shutting_down = true;
            state.queue.clear();
            state.dirty.clear();
        }
        self.observe(0);
        self.inner.notify.notify_waiters();
    }

    /// Whether [`shutdown`](Self::shutdown) was called.
    pub fn is_shutting_down(&self) -> bool {
        self.lock().shutting_down
    }
}

/// `base * 2^(failures-1)`, capped at `max`.
pub fn backoff(base: Duration, max: Duration, failures: u32) -> Duration {
    let exponent = failures.saturating_sub(1).min(31);
    base.checked_mul(1u32 << exponent)
        .map_or(max, |d| d.min(max))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn queue() -> WorkQueue<&'static str> {
        WorkQueue::new(Duration::from_millis(10), Duration::from_secs(1), None)
    }

    async fn next(q: &WorkQueue<&'static str>) -> Option<&'static str> {
        tokio::time::timeout(Duration::from_secs(5), q.get())
            .await
            .expect("a key within 5s")
    }

    #[tokio::test]
    async fn duplicate_adds_are_queued_once_in_order() {
        let q = queue();
        q.add("a");
        q.add("b");
        q.add("a");
        assert_eq!(q.len(), 2);
        assert_eq!(next(&q).await, Some("a"));
        assert_eq!(next(&q).await, Some("b"));
        assert!(q.is_empty());
    }

    #[tokio::test]
    async fn a_key_in_process_is_not_handed_out_again_until_done() {
        let q = queue();
        q.add("a");
        assert_eq!(next(&q).await, Some("a"));
        q.add("a");
        q.add("b");
        // "a" is being processed: the next key is "b", not "a".
        assert_eq!(next(&q).await, Some("b"));
        assert!(q.is_empty());
        assert_eq!(q.in_flight(), 2);
        q.done(&"a");
        assert_eq!(q.len(), 1);
        assert_eq!(next(&q).await, Some("a"));
        q.done(&"a");
        q.done(&"b");
        assert!(q.is_empty());
        assert_eq!(q.in_flight(), 0);
    }

    #[tokio::test]
    async fn a_waiting_worker_wakes_on_add() {
        let q = queue();
        let worker = tokio::spawn({
            let q = q.clone();
            async move { q.get().await }
        });
        tokio::task::yield_now().await;
        q.add("a");
        assert_eq!(worker.await.unwrap(), Some("a"));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_waiting_worker_wakes_when_as_many_keys_are_added() {
        // Workers that keep their key until both have one: if a wakeup were
        // lost (two adds storing one permit), the second would never get its
        // key and the round would time out.
        for round in 0..200 {
            let q = queue();
            let both = Arc::new(tokio::sync::Barrier::new(2));
            let workers: Vec<_> = (0..2)
                .map(|_| {
                    let (q, both) = (q.clone(), Arc::clone(&both));
                    tokio::spawn(async move {
                        let key = q.get().await;
                        both.wait().await;
                        key
                    })
                })
                .collect();
            q.add("a");
            q.add("b");
            let mut keys = Vec::new();
            for worker in workers {
                let key = tokio::time::timeout(Duration::from_secs(5), worker)
                    .await
                    .unwrap_or_else(|_| panic!("round {round}: a worker never got a key"))
                    .unwrap();
                keys.push(key.unwrap());
            }
            keys.sort_unstable();
            assert_eq!(keys, ["a", "b"]);
        }
    }

    #[tokio::test]
    async fn shutdown_releases_waiting_workers_and_drops_queued_keys() {
        let q = queue();
        let waiting = tokio::spawn({
            let q = q.clone();
            async move { q.get().await }
        });
        tokio::task::yield_now().await;
        q.shutdown();
        assert_eq!(waiting.await.unwrap(), None);
        q.add("late");
        assert_eq!(q.get().await, None);
        assert!(q.is_shutting_down());
    }

    #[tokio::test(start_paused = true)]
    async fn failures_back_off_exponentially_until_forgotten() {
        let q = queue();
        q.add_rate_limited("a");
        q.add_rate_limited("a");
        q.add_rate_limited("a");
        assert_eq!(q.num_requeues(&"a"), 3);
        assert!(q.is_empty(), "nothing before the first backoff elapsed");
        let start = tokio::time::Instant::now();
        assert_eq!(next(&q).await, Some("a"));
        // Three delayed adds (10, 20, 40 ms) collapse into one queued key.
        assert_eq!(start.elapsed(), Duration::from_millis(10));
        q.done(&"a");
        q.forget(&"a");
        assert_eq!(q.num_requeues(&"a"), 0);
    }

    #[test]
    fn backoff_is_capped() {
        let base = Duration::from_millis(5);
        let max = Duration::from_secs(1);
        assert_eq!(backoff(base, max, 1), base);
        assert_eq!(backoff(base, max, 2), Duration::from_millis(10));
        assert_eq!(backoff(base, max, 8), Duration::from_millis(640));
        assert_eq!(backoff(base, max, 9), max);
        assert_eq!(backoff(base, max, u32::MAX), max);
    }

    #[tokio::test]
    async fn depth_is_observed() {
        let depth = Arc::new(AtomicUsize::new(usize::MAX));
        let seen = Arc::clone(&depth);
        let q = WorkQueue::new(
            Duration::from_millis(1),
            Duration::from_millis(1),
            Some(Arc::new(move |len| seen.store(len, Ordering::SeqCst))),
        );
        q.add("a");
        q.add("b");
        assert_eq!(depth.load(Ordering::SeqCst), 2);
        q.get().await;
        assert_eq!(depth.load(Ordering::SeqCst), 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn concurrent_workers_never_hold_the_same_key() {
        let q: WorkQueue<u32> =
            WorkQueue::new(Duration::from_millis(1), Duration::from_millis(1), None);
        let held = Arc::new(Mutex::new(HashSet::new()));
        let processed = Arc::new(AtomicUsize::new(0));
        let mut workers = Vec::new();
        for _ in 0..4 {
            let (q, held, processed) = (q.clone(), Arc::clone(&held), Arc::clone(&processed));
            workers.push(tokio::spawn(async move {
                while let Some(key) = q.get().await {
                    assert!(held.lock().unwrap().insert(key), "key {key} held twice");
                    tokio::task::yield_now().await;
                    held.lock().unwrap().remove(&key);
                    processed.fetch_add(1, Ordering::SeqCst);
                    q.done(&key);
                }
            }));
        }
        for round in 0..200u32 {
            q.add(round % 5);
            if round % 7 == 0 {
                tokio::task::yield_now().await;
            }
        }
        while !(q.is_empty() && q.in_flight() == 0) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        q.shutdown();
        for w in workers {
            w.await.unwrap();
        }
        assert!(processed.load(Ordering::SeqCst) >= 5);
    }
}
