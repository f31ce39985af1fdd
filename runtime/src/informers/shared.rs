//! The shared informer: one kube-runtime `watcher` per type, applied to a
//! kube-runtime reflector `Store` (with a namespace index over the same `Arc`s),
//! fanned out to any number of listers, event handlers and subscription streams.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use futures::stream::BoxStream;
use futures::{Stream, StreamExt};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use kube::Api;
use kube::core::Resource;
use kube::runtime::reflector::{Lookup, Store, store::Writer};
use kube::runtime::watcher::{self, Event};
use serde::de::DeserializeOwned;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::decode::{DecodeError, Decoded, Outcome};
use super::handler::{EventHandler, Notification};
use super::listeners::{Listeners, Subscription};
use super::recovery::{WATCH_TIMEOUT_SECS, recovering};
use crate::listers::{Change, Indexer, Lister};

/// What an informer can cache: any resource kube's reflector can store, typed
/// (`DynamicType = ()`: generated and k8s-openapi kinds) or dynamic
/// (`DynamicObject`). Implemented for every such type.
pub trait Cached:
    Resource<DynamicType: Clone + Eq + Hash + Send + Sync> + Clone + Debug + Send + Sync + 'static
{
}

impl<K> Cached for K where
    K: Resource<DynamicType: Clone + Eq + Hash + Send + Sync>
        + Clone
        + Debug
        + Send
        + Sync
        + 'static
{
}

/// Where an informer's watch events come from.
type EventStream<K> = BoxStream<'static, Result<Event<Decoded<K>>, watcher::Error>>;

/// Called with each error the watch reports (it keeps retrying with backoff).
pub type WatchErrorHandler = Arc<dyn Fn(&watcher::Error) + Send + Sync>;

/// Called with each object the informer cannot decode.
pub type DecodeErrorHandler = Arc<dyn Fn(&DecodeError) + Send + Sync>;

/// `(namespace, name)`: `""` for the namespace of cluster-scoped objects.
type ObjectKey = (String, String);

/// The objects that do not decode, as the last list and the watch since say.
#[derive(Default)]
struct Undecodable {
    /// Each object whose current state does not decode, with why.
    current: BTreeMap<ObjectKey, DecodeError>,
    /// What the list in progress found, which replaces `current` when it is done.
    listing: Option<BTreeMap<ObjectKey, DecodeError>>,
}

/// Where an informer is in its life.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Phase {
    synced: bool,
    stopped: bool,
}

/// Everything one informer's handles share.
struct Inner<K: Cached> {
    /// The cache, as kube-runtime keeps it: what `Controller`/`applier` read.
    store: Store<K>,
    /// A namespace index over the store's `Arc`s: what listers read.
    indexer: Indexer<K>,
    dyntype: K::DynamicType,
    /// Consumers. Its lock is held while the cache changes and the change is queued,
    /// so a handler added concurrently sees each change either in its replay of the
    /// cache or as a notification, never both and never neither.
    listeners: Mutex<Listeners<K>>,
    /// The events and the store's writer, until the informer starts.
    source: Mutex<Option<(EventStream<K>, Writer<K>)>>,
    resync: Option<Duration>,
    phase: watch::Sender<Phase>,
    stop: watch::Sender<bool>,
    task: Mutex<Option<JoinHandle<()>>>,
    started: AtomicBool,
    error_handler: Mutex<Option<WatchErrorHandler>>,
    decode_error_handler: Mutex<Option<DecodeErrorHandler>>,
    undecodable: Mutex<Undecodable>,
    /// How many times a state of an object failed to decode, ever.
    decode_failures: AtomicU64,
    /// Objects are cached without `metadata.managedFields`.
    strip_managed_fields: AtomicBool,
}

/// A cache of every object of kind `K` that one watch sees, shared by any number of
/// consumers: the analogue of client-go's `SharedIndexInformer`.
///
/// Built on kube-runtime: its [`watcher`](kube::runtime::watcher()) lists,
/// watches and follows bookmarks, recovering from failures as client-go's
/// reflector does (see [`RetryBackoff`](super::RetryBackoff)); its reflector
/// [`Store`] is the cache, so kube-runtime's
/// `Controller` and `applier` can run on it ([`store`](Self::store)) without a
/// second watch. On a re-list the new list is compared with the cache, and
/// handlers get exactly the adds, updates and deletes that happened while the
/// watch was down.
///
/// Objects are decoded one by one: one that does not decode as `K` (written
/// through another version without conversion, by an older schema, ...) does
/// not fail the list. It is reported (a `WARN` log line, a [`DecodeError`] in
/// [`undecodable`](Self::undecodable), the [`decode_failures`](Self::decode_failures)
/// counter, the [decode error handler](Self::set_decode_error_handler)), the
/// informer syncs the others, and the object's later states are handled as
/// they come: one that decodes is cached (an add, or an update of the stale
/// state), a delete removes it. While an object that was cached does not
/// decode, the cache keeps its last state that did (no notification): the
/// object still exists, and a delete notification would tell controllers
/// otherwise.
///
/// Get one from a `SharedInformerFactory` (which makes one per type, however many
/// times it is asked) or build one with [`new`](Self::new) or
/// [`from_stream`](Self::from_stream). Cloning gives another handle to the same
/// informer.
pub struct SharedInformer<K: Cached> {
    inner: Arc<Inner<K>>,
}

impl<K: Cached> Clone for SharedInformer<K> {
    fn clone(&self) -> Self {
        SharedInformer {
            inner: Arc::clone(&self.inner),
        }
    }
}

impl<K: Cached> Debug for SharedInformer<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedInformer")
            .field("phase", &*self.inner.phase.borrow())
            .finish_non_exhaustive()
    }
}

/// Handle to one registered event handler, from [`SharedInformer::add_event_handler`].
/// Dropping it leaves the handler registered; [`remove`](Self::remove) removes it.
pub struct HandlerRegistration {
    synced: Arc<AtomicBool>,
    remove: Box<dyn Fn() + Send + Sync>,
}

impl Debug for HandlerRegistration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HandlerRegistration")
            .field("synced", &self.has_synced())
            .finish_non_exhaustive()
    }
}

impl HandlerRegistration {
    /// Whether this handler has been called for every object of the initial list
    /// (or, for a handler added later, for every object cached when it was added).
    pub fn has_synced(&self) -> bool {
        self.synced.load(Ordering::Acquire)
    }

    /// Stops calling the handler; notifications already queued are still delivered.
    pub fn remove(self) {
        (self.remove)();
    }
}

/// Locks `mutex`, ignoring poisoning: every critical section leaves the guarded
/// state consistent, so a panicking event handler elsewhere cannot corrupt it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<K> SharedInformer<K>
where
    K: Cached<DynamicType = ()> + DeserializeOwned,
{
    /// An informer that lists and watches `api` with `config` (label and field
    /// selectors, page size, ...). With a non-zero `resync`, every cached object is
    /// re-delivered to handlers as an update that often. Nothing happens until
    /// [`start`](Self::start).
    pub fn new(api: Api<K>, config: watcher::Config, resync: Duration) -> Self {
        Self::new_with(api, config, resync, ())
    }
}

impl<K> SharedInformer<K>
where
    K: Cached + DeserializeOwned,
{
    /// [`new`](Self::new) for a kind whose type is known at run time only
    /// (`DynamicObject`, with its `ApiResource`).
    pub fn new_with(
        api: Api<K>,
        config: watcher::Config,
        resync: Duration,
        dyntype: K::DynamicType,
    ) -> Self {
        // The same URL, decoded object by object.
        let namespace = api.namespace().map(str::to_owned);
        let client = api.into_client();
        let api: Api<Decoded<K>> = match namespace {
            Some(namespace) => Api::namespaced_with(client, &namespace, &dyntype),
            None => Api::all_with(client, &dyntype),
        };
        // A watch the server ends regularly, so one that goes quiet is a
        // connection that dropped (see `recovery`).
        let config = match config.timeout {
            Some(_) => config,
            None => config.timeout(WATCH_TIMEOUT_SECS),
        };
        let probe = api.clone().into_client();
        Self::from_decoded_stream_with(
            recovering(
                move || watcher::watcher(api.clone(), config.clone()),
                Some(probe),
            ),
            resync,
            dyntype,
        )
    }
}

impl<K: Cached<DynamicType = ()>> SharedInformer<K> {
    /// An informer fed by any stream of watcher events, for example a
    /// [`watcher`](kube::runtime::watcher()) with custom backoff, or a scripted
    /// stream in a test. The informer stops when the stream ends.
    pub fn from_stream(
        events: impl Stream<Item = Result<Event<K>, watcher::Error>> + Send + 'static,
        resync: Duration,
    ) -> Self {
        Self::from_stream_with(events, resync, ())
    }

    /// An informer fed by a stream of watcher events whose objects may not
    /// decode, such as a watcher of [`Decoded<K>`], or a scripted stream in a
    /// test (`serde_json::from_value::<Decoded<K>>(json)`).
    pub fn from_decoded_stream(
        events: impl Stream<Item = Result<Event<Decoded<K>>, watcher::Error>> + Send + 'static,
        resync: Duration,
    ) -> Self {
        Self::from_decoded_stream_with(events, resync, ())
    }
}

impl<K: Cached> SharedInformer<K> {
    /// [`from_stream`](Self::from_stream) for a kind with a run-time type.
    pub fn from_stream_with(
        events: impl Stream<Item = Result<Event<K>, watcher::Error>> + Send + 'static,
        resync: Duration,
        dyntype: K::DynamicType,
    ) -> Self {
        Self::from_decoded_stream_with(events.map(|event| event.map(decoded)), resync, dyntype)
    }

    /// [`from_decoded_stream`](Self::from_decoded_stream) for a kind with a
    /// run-time type.
    pub fn from_decoded_stream_with(
        events: impl Stream<Item = Result<Event<Decoded<K>>, watcher::Error>> + Send + 'static,
        resync: Duration,
        dyntype: K::DynamicType,
    ) -> Self {
        let writer = Writer::new(dyntype.clone());
        SharedInformer {
            inner: Arc::new(Inner {
                store: writer.as_reader(),
                indexer: Indexer::new(),
                dyntype,
                listeners: Mutex::new(Listeners::default()),
                source: Mutex::new(Some((events.boxed(), writer))),
                resync: (!resync.is_zero()).then_some(resync),
                phase: watch::Sender::new(Phase::default()),
                stop: watch::Sender::new(false),
                task: Mutex::new(None),
                started: AtomicBool::new(false),
                error_handler: Mutex::new(None),
                decode_error_handler: Mutex::new(None),
                undecodable: Mutex::new(Undecodable::default()),
                decode_failures: AtomicU64::new(0),
                strip_managed_fields: AtomicBool::new(false),
            }),
        }
    }

    /// A lister over this informer's cache.
    pub fn lister(&self) -> Lister<K> {
        Lister::new(self.inner.indexer.clone())
    }

    /// The cache as a kube-runtime reflector [`Store`]: hand it to kube-runtime's
    /// `applier` (or anything else that reads a `Store`), which then shares this
    /// informer's watch instead of opening its own. It holds the same objects as
    /// the listers.
    pub fn store(&self) -> Store<K> {
        self.inner.store.clone()
    }

    /// The namespace index the listers read.
    pub fn indexer(&self) -> &Indexer<K> {
        &self.inner.indexer
    }

    /// Whether the first complete list has been loaded into the cache.
    pub fn has_synced(&self) -> bool {
        self.inner.phase.borrow().synced
    }

    /// Whether [`start`](Self::start) was called.
    pub fn is_started(&self) -> bool {
        self.inner.started.load(Ordering::Acquire)
    }

    /// Waits until the cache holds the first complete list; `false` if the informer
    /// stopped before that.
    pub async fn wait_for_sync(&self) -> bool {
        let mut phase = self.inner.phase.subscribe();
        match phase.wait_for(|p| p.synced || p.stopped).await {
            Ok(p) => p.synced,
            Err(_) => false,
        }
    }

    /// Calls `handler` for every change of the cache, from now on. Can be called at
    /// any time: a handler added after the informer has objects first gets an
    /// `on_add` for each of them (like client-go), then every later change.
    pub fn add_event_handler(&self, handler: impl EventHandler<K>) -> HandlerRegistration {
        let mut listeners = lock(&self.inner.listeners);
        let (replay, synced) = self.replay();
        let (id, flag) = listeners.add_handler(Arc::new(handler), replay, synced);
        let weak: Weak<Inner<K>> = Arc::downgrade(&self.inner);
        HandlerRegistration {
            synced: flag,
            remove: Box::new(move || {
                if let Some(inner) = weak.upgrade() {
                    lock(&inner.listeners).remove(id);
                }
            }),
        }
    }

    /// A stream of every change of the cache, starting with an add for each object
    /// already cached. It ends when the informer shuts down.
    pub fn subscribe(&self) -> Subscription<K> {
        let mut listeners = lock(&self.inner.listeners);
        let (replay, synced) = self.replay();
        listeners.add_subscription(replay, synced)
    }

    /// Calls `handler` with each error the watch reports; the watch itself retries
    /// with backoff, so these are for logging and metrics.
    pub fn set_watch_error_handler(
        &self,
        handler: impl Fn(&watcher::Error) + Send + Sync + 'static,
    ) {
        *lock(&self.inner.error_handler) = Some(Arc::new(handler));
    }

    /// Sets the watch error handler from a shared one.
    pub fn set_shared_watch_error_handler(&self, handler: WatchErrorHandler) {
        *lock(&self.inner.error_handler) = Some(handler);
    }

    /// Calls `handler` with each object state the informer cannot decode, once
    /// per state (and again when a re-list finds it still undecodable), after
    /// logging it. It runs on the informer's task, so it should be quick: to
    /// publish a Kubernetes Event about the object, spawn the publishing.
    ///
    /// ```no_run
    /// # fn demo(client: kube::Client, informer: kube_codegen_runtime::informers::SharedInformer<k8s_openapi::api::core::v1::ConfigMap>) {
    /// use kube::runtime::events::{Event, EventType, Recorder, Reporter};
    ///
    /// let recorder = Recorder::new(client, Reporter::from("my-controller"));
    /// informer.set_decode_error_handler(move |error| {
    ///     let (recorder, reference) = (recorder.clone(), error.object_ref());
    ///     let note = error.to_string();
    ///     tokio::spawn(async move {
    ///         let event = Event {
    ///             type_: EventType::Warning,
    ///             reason: "Undecodable".into(),
    ///             note: Some(note),
    ///             action: "Decode".into(),
    ///             secondary: None,
    ///         };
    ///         let _ = recorder.publish(&event, &reference).await;
    ///     });
    /// });
    /// # }
    /// ```
    pub fn set_decode_error_handler(&self, handler: impl Fn(&DecodeError) + Send + Sync + 'static) {
        *lock(&self.inner.decode_error_handler) = Some(Arc::new(handler));
    }

    /// Caches objects without `metadata.managedFields` (controller-runtime's
    /// `TransformStripManagedFields`): they are most of a small object's size,
    /// and a controller reading its cache rarely needs them. Objects handed to
    /// handlers and listers lack them too. Set it before the informer starts.
    pub fn strip_managed_fields(&self) {
        self.inner
            .strip_managed_fields
            .store(true, Ordering::Relaxed);
    }

    /// Sets the decode error handler from a shared one.
    pub fn set_shared_decode_error_handler(&self, handler: DecodeErrorHandler) {
        *lock(&self.inner.decode_error_handler) = Some(handler);
    }

    /// The objects whose current state does not decode as `K`, by namespace and
    /// name: those the last list found, updated by the watch since. An object
    /// leaves it when a state of it decodes or it is deleted. Those that decoded
    /// before are still cached in their last state that did.
    pub fn undecodable(&self) -> Vec<DecodeError> {
        lock(&self.inner.undecodable)
            .current
            .values()
            .cloned()
            .collect()
    }

    /// How many object states failed to decode since the informer started: a
    /// counter for metrics, which a re-list that finds the same objects again
    /// increases.
    pub fn decode_failures(&self) -> u64 {
        self.inner.decode_failures.load(Ordering::Relaxed)
    }

    /// Starts the watch on the current Tokio runtime (and the tasks of handlers
    /// added so far). Calling it again, or after [`shutdown`](Self::shutdown), does
    /// nothing.
    ///
    /// # Panics
    ///
    /// When called outside a Tokio runtime.
    pub fn start(&self) {
        // Before any state changes, so a call outside a runtime leaves the informer
        // startable.
        let runtime = tokio::runtime::Handle::current();
        if self.inner.started.swap(true, Ordering::AcqRel) || *self.inner.stop.borrow() {
            return;
        }
        let Some((source, writer)) = lock(&self.inner.source).take() else {
            return;
        };
        lock(&self.inner.listeners).start(runtime.clone());
        let stop = self.inner.stop.subscribe();
        let task = runtime.spawn(run(Arc::clone(&self.inner), source, writer, stop));
        *lock(&self.inner.task) = Some(task);
    }

    /// Stops the watch, lets every handler finish what is queued for it, ends the
    /// subscription streams, and waits for all of that. The cache keeps its last
    /// contents.
    pub async fn shutdown(&self) {
        self.inner.stop.send_replace(true);
        let task = lock(&self.inner.task).take();
        if let Some(task) = task {
            let _ = task.await;
        }
        // Also when the informer never started: close the queues and wake waiters.
        self.inner.finish();
        let tasks = lock(&self.inner.listeners).close();
        for task in tasks {
            let _ = task.await;
        }
    }

    /// The current cache contents as adds, and whether the initial list is done.
    /// Called with the listeners lock held.
    fn replay(&self) -> (Vec<Notification<K>>, bool) {
        let synced = self.has_synced();
        let replay = self
            .inner
            .indexer
            .snapshot()
            .into_iter()
            .map(|object| Notification::Add {
                object,
                is_in_initial_list: true,
            })
            .collect();
        (replay, synced)
    }
}

impl<K: Cached> Inner<K> {
    /// The store's `Arc` of `object`, just written.
    fn stored(&self, object: &K) -> Option<Arc<K>> {
        self.store.get(&object.to_object_ref(self.dyntype.clone()))
    }

    /// Applies one watcher event whose object may not decode: the decoded ones
    /// as they are, the others reported, and their effect on the cache decided
    /// here (see [`SharedInformer`]).
    fn apply_decoded(&self, writer: &mut Writer<K>, event: Event<Decoded<K>>) {
        match event {
            Event::Init => {
                lock(&self.undecodable).listing = Some(BTreeMap::new());
                self.apply(writer, Event::Init);
            }
            Event::InitDone => {
                let mut undecodable = lock(&self.undecodable);
                if let Some(listed) = undecodable.listing.take() {
                    undecodable.current = listed;
                }
                drop(undecodable);
                self.apply(writer, Event::InitDone);
            }
            Event::InitApply(Decoded::Object(object)) => {
                self.apply(writer, Event::InitApply(self.trimmed(object)))
            }
            Event::Apply(Decoded::Object(object)) => {
                lock(&self.undecodable).current.remove(&key(object.meta()));
                self.apply(writer, Event::Apply(self.trimmed(object)));
            }
            Event::Delete(Decoded::Object(object)) => {
                lock(&self.undecodable).current.remove(&key(object.meta()));
                self.apply(writer, Event::Delete(self.trimmed(object)));
            }
            Event::InitApply(Decoded::Undecodable(error)) => {
                let error = self.named(error);
                // A re-list must not drop the stale state the cache keeps.
                let stale = self.cached(error.meta());
                self.report(&error, stale.is_some());
                if let Some(stale) = stale {
                    self.apply(writer, Event::InitApply(K::clone(&stale)));
                }
                let mut undecodable = lock(&self.undecodable);
                if let Some(listing) = undecodable.listing.as_mut() {
                    listing.insert(key(error.meta()), error);
                }
            }
            Event::Apply(Decoded::Undecodable(error)) => {
                let error = self.named(error);
                self.report(&error, self.cached(error.meta()).is_some());
                lock(&self.undecodable)
                    .current
                    .insert(key(error.meta()), error);
            }
            Event::Delete(Decoded::Undecodable(error)) => {
                // Gone: nothing to fix, so nothing to report.
                lock(&self.undecodable).current.remove(&key(error.meta()));
                if let Some(stale) = self.cached(error.meta()) {
                    self.apply(writer, Event::Delete(K::clone(&stale)));
                }
            }
        }
    }

    /// `object` as it is cached: without managed fields if so set.
    fn trimmed(&self, mut object: K) -> K {
        if self.strip_managed_fields.load(Ordering::Relaxed) {
            object.meta_mut().managed_fields = None;
        }
        object
    }

    /// `error`, naming the kind this informer watches.
    fn named(&self, mut error: Box<DecodeError>) -> DecodeError {
        error.set_kind(&K::api_version(&self.dyntype), &K::kind(&self.dyntype));
        *error
    }

    /// The cached state of the object `meta` names.
    fn cached(&self, meta: &ObjectMeta) -> Option<Arc<K>> {
        let (namespace, name) = key(meta);
        self.indexer.get(&namespace, &name)
    }

    /// Logs an object that does not decode, counts it and calls the handler.
    fn report(&self, error: &DecodeError, stale: bool) {
        let outcome = if stale {
            Outcome::KeptStale
        } else {
            Outcome::LeftOut
        };
        tracing::warn!(
            kind = error.kind(),
            namespace = error.namespace(),
            name = error.name(),
            resource_version = error.resource_version(),
            path = error.path(),
            "{error}; {outcome}"
        );
        self.decode_failures.fetch_add(1, Ordering::Relaxed);
        let handler = lock(&self.decode_error_handler).clone();
        if let Some(handler) = handler {
            handler(error);
        }
    }

    /// Applies one watcher event to the store and the index and queues the
    /// resulting notifications. During a list (`Init` .. `InitDone`) the writer
    /// collects the objects, and the cache keeps serving the previous state.
    fn apply(&self, writer: &mut Writer<K>, event: Event<K>) {
        writer.apply_watcher_event(&event);
        match event {
            Event::Init | Event::InitApply(_) => {}
            Event::InitDone => {
                let listed = self.store.state();
                let mut listeners = lock(&self.listeners);
                let first = !self.phase.borrow().synced;
                for change in self.indexer.replace(listed) {
                    listeners.notify(match change {
                        Change::Added(object) => Notification::Add {
                            object,
                            is_in_initial_list: first,
                        },
                        Change::Updated { old, new } => Notification::Update { old, new },
                        Change::Deleted(object) => Notification::Delete { object },
                    });
                }
                if first {
                    self.phase.send_modify(|p| p.synced = true);
                    listeners.synced();
                }
            }
            Event::Apply(object) => {
                let Some(stored) = self.stored(&object) else {
                    return;
                };
                let mut listeners = lock(&self.listeners);
                match self.indexer.apply(stored) {
                    Some(Change::Added(object)) => listeners.notify(Notification::Add {
                        object,
                        is_in_initial_list: false,
                    }),
                    Some(Change::Updated { old, new }) => {
                        listeners.notify(Notification::Update { old, new })
                    }
                    // The version already cached, re-sent by a resumed watch.
                    Some(Change::Deleted(_)) | None => {}
                }
            }
            Event::Delete(object) => {
                let meta = object.meta();
                let namespace = meta.namespace.as_deref().unwrap_or_default();
                let name = meta.name.as_deref().unwrap_or_default();
                let mut listeners = lock(&self.listeners);
                // A delete for an object not cached was already reported: skip it.
                if self.indexer.remove(namespace, name).is_some() {
                    listeners.notify(Notification::Delete {
                        object: Arc::new(object),
                    });
                }
            }
        }
    }

    /// Re-delivers every cached object as an update to itself.
    fn resync(&self) {
        let mut listeners = lock(&self.listeners);
        for object in self.indexer.snapshot() {
            listeners.notify(Notification::Update {
                old: Arc::clone(&object),
                new: object,
            });
        }
    }

    fn report_watch_error(&self, error: &watcher::Error) {
        let handler = lock(&self.error_handler).clone();
        if let Some(handler) = handler {
            handler(error);
        }
    }

    /// Marks the informer stopped, which releases `wait_for_sync` callers.
    fn finish(&self) {
        self.phase.send_modify(|p| p.stopped = true);
    }
}

/// The informer's task: applies watch events until the stream ends or `stop` is
/// set, and resyncs on schedule.
async fn run<K: Cached>(
    inner: Arc<Inner<K>>,
    mut source: EventStream<K>,
    mut writer: Writer<K>,
    mut stop: watch::Receiver<bool>,
) {
    let mut resync = inner.resync.map(|period| {
        let mut interval = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        interval
    });
    loop {
        tokio::select! {
            _ = stop.wait_for(|stop| *stop) => break,
            item = source.next() => match item {
                Some(Ok(event)) => inner.apply_decoded(&mut writer, event),
                Some(Err(error)) => inner.report_watch_error(&error),
                None => break,
            },
            _ = async {
                match resync.as_mut() {
                    Some(interval) => interval.tick().await,
                    None => std::future::pending().await,
                }
            } => inner.resync(),
        }
    }
    inner.finish();
}

/// An event of decoded objects as one whose objects may not decode.
fn decoded<K>(event: Event<K>) -> Event<Decoded<K>> {
    match event {
        Event::Apply(object) => Event::Apply(Decoded::Object(object)),
        Event::Delete(object) => Event::Delete(Decoded::Object(object)),
        Event::Init => Event::Init,
        Event::InitApply(object) => Event::InitApply(Decoded::Object(object)),
        Event::InitDone => Event::InitDone,
    }
}

/// The key the index and the undecodable objects are kept under.
fn key(meta: &ObjectMeta) -> ObjectKey {
    (
        meta.namespace.clone().unwrap_or_default(),
        meta.name.clone().unwrap_or_default(),
    )
}
