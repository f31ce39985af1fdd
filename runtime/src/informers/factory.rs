//! The shared informer factory: hands out one informer per type however many
//! consumers ask, and starts, syncs and stops them together.
//!
//! It is generic over kinds, so one factory serves the kinds of any number of
//! generated crates (whose accessors, `factory.myapp_v1().apps()`, call
//! [`SharedInformerFactory::informer_for`]) and the built-in kinds.

use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use futures::future::{BoxFuture, join_all};
use kube::api::{ApiResource, DynamicObject, GroupVersionResource};
use kube::core::{GroupVersion, Resource};
use kube::runtime::watcher;
use kube::{Api, Client};
use serde::de::DeserializeOwned;

use super::decode::DecodeError;
use super::shared::{Cached, DecodeErrorHandler, SharedInformer, WatchErrorHandler};
use crate::ResourceInfo;
use crate::fake;
use crate::kind::Scope;

/// An informer over dynamic objects of one group/version/resource.
pub type DynamicInformer = SharedInformer<DynamicObject>;

/// Changes the watcher configuration (label and field selectors, timeouts, page
/// size, ...) of every informer of a factory: client-go's `TweakListOptions`.
pub type TweakListOptions = Arc<dyn Fn(watcher::Config) -> watcher::Config + Send + Sync>;

/// Where the informers list and watch.
#[derive(Clone)]
enum Source {
    /// The API server.
    Api(Client),
    /// The fake clientset's tracker.
    Fake(fake::Clientset),
}

/// What the factory caches informers by: the Rust type for typed informers, the
/// group/version/resource for dynamic ones.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum InformerKey {
    Typed(TypeId),
    Dynamic(GroupVersionResource),
}

/// What the factory needs to do with an informer whatever its kind.
trait Control: Send + Sync {
    fn start(&self);
    fn is_started(&self) -> bool;
    fn wait_for_sync(&self) -> BoxFuture<'_, bool>;
    fn shutdown(&self) -> BoxFuture<'_, ()>;
    fn undecodable(&self) -> Vec<DecodeError>;
    fn as_any(&self) -> &dyn Any;
}

impl<K: Cached> Control for SharedInformer<K> {
    fn start(&self) {
        SharedInformer::start(self);
    }

    fn is_started(&self) -> bool {
        SharedInformer::is_started(self)
    }

    fn wait_for_sync(&self) -> BoxFuture<'_, bool> {
        Box::pin(SharedInformer::wait_for_sync(self))
    }

    fn shutdown(&self) -> BoxFuture<'_, ()> {
        Box::pin(SharedInformer::shutdown(self))
    }

    fn undecodable(&self) -> Vec<DecodeError> {
        SharedInformer::undecodable(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One informer the factory made, with the name it reports it under.
struct Made {
    key: InformerKey,
    name: String,
    informer: Arc<dyn Control>,
}

#[derive(Default)]
struct State {
    informers: Vec<Made>,
    started: bool,
    shut_down: bool,
}

/// Settings shared by every informer of a factory.
#[derive(Clone)]
struct Options {
    default_resync: Duration,
    namespace: Option<String>,
    tweak: Option<TweakListOptions>,
    custom_resync: HashMap<InformerKey, Duration>,
    error_handler: Option<WatchErrorHandler>,
    decode_error_handler: Option<DecodeErrorHandler>,
    strip_managed_fields: bool,
}

/// Makes and caches shared informers: asking twice for the same type returns the
/// same informer, so there is one watch per type however many consumers there are.
///
/// `start` begins the watches of every informer asked for so far (call it again
/// after asking for more), `wait_for_cache_sync` waits for their first lists, and
/// `shutdown` stops them all. Cloning gives another handle to the same factory.
///
/// It gives informers for any kind with static type information through
/// [`informer_for`](Self::informer_for): the kinds of generated crates (whose
/// accessors, `factory.myapp_v1().apps()`, call it) and k8s-openapi's, all from
/// one factory; and for anything the server serves through
/// [`dynamic_informer`](Self::dynamic_informer) and
/// [`discover_informer`](Self::discover_informer).
///
/// ```no_run
/// # async fn demo(client: kube::Client) {
/// use std::time::Duration;
/// use k8s_openapi::api::apps::v1::Deployment;
///
/// let factory = kube_codegen_runtime::informers::SharedInformerFactory::new(client, Duration::from_secs(600))
///     .with_namespace("production")
///     .with_tweak_list_options(|config| config.labels("team=payments"));
/// let deployments = factory.informer_for::<Deployment>();
/// factory.start();
/// let synced = factory.wait_for_cache_sync().await;
/// assert!(synced.values().all(|ok| *ok));
/// let web = deployments.lister().namespace("production").get("web");
/// # let _ = web;
/// factory.shutdown().await;
/// # }
/// ```
#[derive(Clone)]
pub struct SharedInformerFactory {
    source: Source,
    options: Arc<Options>,
    state: Arc<Mutex<State>>,
}

impl Debug for SharedInformerFactory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = self.state();
        f.debug_struct("SharedInformerFactory")
            .field("namespace", &self.options.namespace)
            .field("default_resync", &self.options.default_resync)
            .field(
                "informers",
                &state.informers.iter().map(|m| &m.name).collect::<Vec<_>>(),
            )
            .field("started", &state.started)
            .finish_non_exhaustive()
    }
}

/// Why [`SharedInformerFactory::discover_informer`] found no informer.
#[derive(Debug, thiserror::Error)]
pub enum DiscoveryError {
    /// Discovery itself failed.
    #[error("API discovery failed: {0}")]
    Api(#[source] kube::Error),
    /// The server does not serve this group/version/resource.
    #[error("the server does not serve resource {:?} in {}/{}", .0.resource, .0.group, .0.version)]
    NotServed(GroupVersionResource),
    /// The factory serves the fake clientset, which has no API discovery.
    #[error(
        "the factory serves the fake clientset, which has no API discovery: use dynamic_informer"
    )]
    NoServer,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl SharedInformerFactory {
    /// A factory whose informers watch through `client` (a `kube::Client` or a
    /// [`Clientset`](crate::Clientset)) in every namespace, and resync every
    /// `default_resync` (zero: never).
    pub fn new(client: impl Into<Client>, default_resync: Duration) -> Self {
        Self::with_source(Source::Api(client.into()), default_resync)
    }

    /// A factory whose informers list and watch the fake clientset `fake`
    /// (its object tracker, directly: see [`fake::Clientset::tracked_watcher`]),
    /// so whatever runs on informers and listers (a controller, a generated
    /// crate's informer accessors) runs in a unit test without a server.
    /// [`with_tweak_list_options`](Self::with_tweak_list_options) does not
    /// apply to it (the fake informers get every object of their namespace), and
    /// [`discover_informer`](Self::discover_informer) answers
    /// [`DiscoveryError::NoServer`].
    ///
    /// ```
    /// use std::time::Duration;
    /// use k8s_openapi::api::core::v1::ConfigMap;
    /// use kube_codegen_runtime::fake;
    /// use kube_codegen_runtime::informers::SharedInformerFactory;
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// let mut settings = ConfigMap::default();
    /// settings.metadata.name = Some("settings".into());
    /// settings.metadata.namespace = Some("default".into());
    /// let fake = fake::Clientset::new([settings.into()]);
    /// let factory = SharedInformerFactory::from_fake(&fake, Duration::ZERO);
    /// let config_maps = factory.informer_for::<ConfigMap>();
    /// factory.start();
    /// assert!(factory.wait_for_cache_sync().await.values().all(|ok| *ok));
    /// assert!(config_maps.lister().namespace("default").get("settings").is_some());
    /// factory.shutdown().await;
    /// # }
    /// ```
    pub fn from_fake(fake: &fake::Clientset, default_resync: Duration) -> Self {
        Self::with_source(Source::Fake(fake.clone()), default_resync)
    }

    fn with_source(source: Source, default_resync: Duration) -> Self {
        SharedInformerFactory {
            source,
            options: Arc::new(Options {
                default_resync,
                namespace: None,
                tweak: None,
                custom_resync: HashMap::new(),
                error_handler: None,
                decode_error_handler: None,
                strip_managed_fields: false,
            }),
            state: Arc::new(Mutex::new(State::default())),
        }
    }

    /// Limits the informers of namespaced kinds to `namespace` (cluster-scoped
    /// kinds are still watched cluster-wide). Applies to informers made after it.
    pub fn with_namespace(mut self, namespace: impl Into<String>) -> Self {
        Arc::make_mut(&mut self.options).namespace = Some(namespace.into());
        self
    }

    /// Changes the watcher configuration of every informer, e.g. label or field
    /// selectors: `|config| config.labels("app=web").fields("metadata.name!=x")`.
    pub fn with_tweak_list_options(
        mut self,
        tweak: impl Fn(watcher::Config) -> watcher::Config + Send + Sync + 'static,
    ) -> Self {
        Arc::make_mut(&mut self.options).tweak = Some(Arc::new(tweak));
        self
    }

    /// Resyncs the informer of kind `K` every `resync` instead of the default.
    pub fn with_custom_resync<K: Resource<DynamicType = ()> + 'static>(
        mut self,
        resync: Duration,
    ) -> Self {
        Arc::make_mut(&mut self.options)
            .custom_resync
            .insert(InformerKey::Typed(TypeId::of::<K>()), resync);
        self
    }

    /// Resyncs the dynamic informer of `gvr` every `resync` instead of the default.
    pub fn with_custom_resync_for_resource(
        mut self,
        gvr: &GroupVersionResource,
        resync: Duration,
    ) -> Self {
        Arc::make_mut(&mut self.options)
            .custom_resync
            .insert(InformerKey::Dynamic(gvr.clone()), resync);
        self
    }

    /// Calls `handler` with every watch error of every informer (the watches retry
    /// with backoff by themselves; this is for logs and metrics).
    pub fn with_watch_error_handler(
        mut self,
        handler: impl Fn(&watcher::Error) + Send + Sync + 'static,
    ) -> Self {
        Arc::make_mut(&mut self.options).error_handler = Some(Arc::new(handler));
        self
    }

    /// Caches objects without `metadata.managedFields` in every informer
    /// (see [`SharedInformer::strip_managed_fields`]).
    pub fn with_managed_fields_stripped(mut self) -> Self {
        Arc::make_mut(&mut self.options).strip_managed_fields = true;
        self
    }

    /// Calls `handler` with every object an informer of this factory cannot
    /// decode (see [`SharedInformer::set_decode_error_handler`]).
    pub fn with_decode_error_handler(
        mut self,
        handler: impl Fn(&DecodeError) + Send + Sync + 'static,
    ) -> Self {
        Arc::make_mut(&mut self.options).decode_error_handler = Some(Arc::new(handler));
        self
    }

    /// The client the informers watch through; `None` for a factory over the
    /// fake clientset.
    pub fn client(&self) -> Option<&Client> {
        match &self.source {
            Source::Api(client) => Some(client),
            Source::Fake(_) => None,
        }
    }

    /// The namespace the factory is limited to, if any.
    pub fn namespace(&self) -> Option<&str> {
        self.options.namespace.as_deref()
    }

    fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.state)
    }

    fn watcher_config(&self) -> watcher::Config {
        let config = watcher::Config::default();
        match &self.options.tweak {
            Some(tweak) => tweak(config),
            None => config,
        }
    }

    fn resync_for(&self, key: &InformerKey) -> Duration {
        self.options
            .custom_resync
            .get(key)
            .copied()
            .unwrap_or(self.options.default_resync)
    }

    /// The cached informer under `key`, or a new one from `make`, cached.
    fn get_or_make<K: Cached>(
        &self,
        key: InformerKey,
        name: impl FnOnce() -> String,
        make: impl FnOnce() -> SharedInformer<K>,
    ) -> SharedInformer<K> {
        let mut state = self.state();
        if let Some(made) = state.informers.iter().find(|m| m.key == key)
            && let Some(informer) = made.informer.as_any().downcast_ref::<SharedInformer<K>>()
        {
            return informer.clone();
        }
        let informer = make();
        if let Some(handler) = &self.options.error_handler {
            informer.set_shared_watch_error_handler(Arc::clone(handler));
        }
        if let Some(handler) = &self.options.decode_error_handler {
            informer.set_shared_decode_error_handler(Arc::clone(handler));
        }
        if self.options.strip_managed_fields {
            informer.strip_managed_fields();
        }
        state.informers.push(Made {
            key,
            name: name(),
            informer: Arc::new(informer.clone()),
        });
        informer
    }

    /// The shared informer of kind `K`: any kind with static type information, the
    /// generated ones as well as k8s-openapi's (`Deployment`, `Service`, ...).
    pub fn informer_for<K>(&self) -> SharedInformer<K>
    where
        K: Resource<DynamicType = (), Scope: Scope>
            + Clone
            + DeserializeOwned
            + Debug
            + Send
            + Sync
            + 'static,
    {
        let key = InformerKey::Typed(TypeId::of::<K>());
        let resync = self.resync_for(&key);
        self.get_or_make(
            key,
            || format!("{}/{}", K::api_version(&()), K::plural(&())),
            || match &self.source {
                Source::Api(client) => {
                    let api = <K::Scope as Scope>::api::<K>(client.clone(), self.namespace());
                    SharedInformer::new(api, self.watcher_config(), resync)
                }
                Source::Fake(fake) => {
                    let key = fake::ResourceKey {
                        group: K::group(&()).into_owned(),
                        version: K::version(&()).into_owned(),
                        resource: K::plural(&()).into_owned(),
                    };
                    let namespace = self
                        .namespace()
                        .filter(|_| <K::Scope as Scope>::NAMESPACED)
                        .map(str::to_owned);
                    SharedInformer::from_decoded_stream(
                        fake.tracked_watcher(key, namespace),
                        resync,
                    )
                }
            },
        )
    }

    /// The shared informer of dynamic objects of `resource`, which has `scope`
    /// (both as API discovery reports them).
    pub fn dynamic_informer(
        &self,
        resource: &ApiResource,
        scope: &kube::discovery::Scope,
    ) -> DynamicInformer {
        let gvr = GroupVersionResource::gvr(&resource.group, &resource.version, &resource.plural);
        let key = InformerKey::Dynamic(gvr);
        let resync = self.resync_for(&key);
        self.get_or_make(
            key,
            || format!("{}/{} (dynamic)", resource.api_version, resource.plural),
            || match &self.source {
                Source::Api(client) => {
                    let mut api = Api::<DynamicObject>::dynamic(client.clone(), resource, scope);
                    if let Some(namespace) = self.namespace() {
                        api = api.constrain(namespace);
                    }
                    SharedInformer::new_with(api, self.watcher_config(), resync, resource.clone())
                }
                Source::Fake(fake) => {
                    let key = fake::ResourceKey {
                        group: resource.group.clone(),
                        version: resource.version.clone(),
                        resource: resource.plural.clone(),
                    };
                    let namespace = self
                        .namespace()
                        .filter(|_| matches!(scope, kube::discovery::Scope::Namespaced))
                        .map(str::to_owned);
                    SharedInformer::from_decoded_stream_with(
                        fake.tracked_watcher(key, namespace),
                        resync,
                        resource.clone(),
                    )
                }
            },
        )
    }

    /// The shared dynamic informer of a resource described by its
    /// [`ResourceInfo`] (a generated crate's `apis::known_kinds()` lists its own),
    /// without asking the server.
    pub fn dynamic_informer_for(&self, info: &ResourceInfo) -> DynamicInformer {
        let scope = if info.namespaced {
            kube::discovery::Scope::Namespaced
        } else {
            kube::discovery::Scope::Cluster
        };
        self.dynamic_informer(&info.api_resource(), &scope)
    }

    /// The shared dynamic informer of `gvr`, whatever it is, asking the server's API
    /// discovery for its kind and scope.
    pub async fn discover_informer(
        &self,
        gvr: &GroupVersionResource,
    ) -> Result<DynamicInformer, DiscoveryError> {
        let Source::Api(client) = &self.source else {
            return Err(DiscoveryError::NoServer);
        };
        let group_version = GroupVersion::gv(&gvr.group, &gvr.version);
        let group = kube::discovery::pinned_group(client, &group_version)
            .await
            .map_err(DiscoveryError::Api)?;
        let (resource, capabilities) = group
            .versioned_resources(&gvr.version)
            .into_iter()
            .find(|(resource, _)| resource.plural == gvr.resource)
            .ok_or_else(|| DiscoveryError::NotServed(gvr.clone()))?;
        Ok(self.dynamic_informer(&resource, &capabilities.scope))
    }

    /// Starts every informer made so far that is not running yet (call it again
    /// after asking for more). Does nothing after [`shutdown`](Self::shutdown).
    ///
    /// # Panics
    ///
    /// When called outside a Tokio runtime.
    pub fn start(&self) {
        let mut state = self.state();
        if state.shut_down {
            return;
        }
        state.started = true;
        for made in &state.informers {
            made.informer.start();
        }
    }

    /// Waits until every started informer has its first complete list; returns,
    /// per informer (`"<apiVersion>/<plural>"`), whether it synced (`false` if it
    /// was shut down first).
    pub async fn wait_for_cache_sync(&self) -> BTreeMap<String, bool> {
        let started: Vec<(String, Arc<dyn Control>)> = self
            .state()
            .informers
            .iter()
            .filter(|m| m.informer.is_started())
            .map(|m| (m.name.clone(), Arc::clone(&m.informer)))
            .collect();
        let synced = join_all(started.iter().map(|(_, informer)| informer.wait_for_sync())).await;
        started
            .iter()
            .map(|(name, _)| name.clone())
            .zip(synced)
            .collect()
    }

    /// The objects the informers cannot decode, per informer
    /// (`"<apiVersion>/<plural>"`) that has any: see [`SharedInformer::undecodable`].
    pub fn undecodable(&self) -> BTreeMap<String, Vec<DecodeError>> {
        self.state()
            .informers
            .iter()
            .map(|m| (m.name.clone(), m.informer.undecodable()))
            .filter(|(_, undecodable)| !undecodable.is_empty())
            .collect()
    }

    /// Stops every informer and waits until their watches and event handlers have
    /// finished. Informers made later are never started.
    pub async fn shutdown(&self) {
        let informers: Vec<Arc<dyn Control>> = {
            let mut state = self.state();
            state.shut_down = true;
            state
                .informers
                .iter()
                .map(|m| Arc::clone(&m.informer))
                .collect()
        };
        join_all(informers.iter().map(|informer| informer.shutdown())).await;
    }
}
