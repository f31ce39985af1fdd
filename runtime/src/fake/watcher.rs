//! kube-runtime watcher events from the fake clientset, so that informers (and
//! whatever reads their caches) run on the fake in unit tests:
//! `SharedInformer::from_stream(fake.watcher::<App>(""), resync)`.
//!
//! It does what kube-runtime's watcher does against a server: list (an `Init`,
//! an `InitApply` per object, `InitDone`), watch from the list's
//! `resourceVersion`, watch again from the last version seen when a watch ends,
//! and list again after `410 Gone`. Lists and watches go through the fake, so
//! they are recorded as actions and reactors see them.

use futures::stream::{self, BoxStream, StreamExt};
use kube::runtime::watcher::{self, Event};

use super::Clientset;
use crate::Kind;
use crate::client::{Interface, ResourceApi};
use crate::error::Error;
use crate::params::{ListParams, WatchEvent, WatchParams, WatchStream};

/// Where the watcher is.
enum State<K> {
    /// About to list.
    List,
    /// About to watch from this version.
    Watch(String),
    /// Watching; the last version seen.
    Watching(WatchStream<K>, String),
}

fn kube_error(error: Error) -> kube::Error {
    match error.status() {
        Some(status) => kube::Error::Api(Box::new(status.clone())),
        None => kube::Error::Service(error.to_string().into()),
    }
}

impl Clientset {
    /// The events kube-runtime's watcher would yield for kind `K` in
    /// `namespace` (`""`: all namespaces), from this fake: feed them to
    /// `SharedInformer::from_stream` to run informers, listers and
    /// kube-runtime's `applier` on the fake. The stream never ends by itself.
    ///
    /// ```
    /// use std::time::Duration;
    /// use k8s_openapi::api::core::v1::ConfigMap;
    /// use kube_codegen_runtime::fake;
    /// use kube_codegen_runtime::informers::SharedInformer;
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// let mut settings = ConfigMap::default();
    /// settings.metadata.name = Some("settings".into());
    /// let fake = fake::Clientset::new([settings.into()]);
    /// let informer = SharedInformer::from_stream(fake.watcher::<ConfigMap>(""), Duration::ZERO);
    /// informer.start();
    /// assert!(informer.wait_for_sync().await);
    /// assert!(informer.lister().namespace("default").get("settings").is_some());
    /// informer.shutdown().await;
    /// # }
    /// ```
    pub fn watcher<K: Kind>(
        &self,
        namespace: &str,
    ) -> BoxStream<'static, Result<Event<K>, watcher::Error>> {
        let namespace = if <K::Scope as crate::Scope>::NAMESPACED {
            namespace
        } else {
            ""
        };
        let api = self.api::<K>(namespace);
        stream::unfold(State::List, move |state| {
            let api = api.clone();
            async move { Some(step(api, state).await) }
        })
        .flat_map(stream::iter)
        .boxed()
    }
}

type Step<K> = (Vec<Result<Event<K>, watcher::Error>>, State<K>);

/// One step of the watcher: the events it yields and where it goes next.
async fn step<K: Kind>(api: super::FakeApi<K>, state: State<K>) -> Step<K> {
    match state {
        State::List => match api.list(&ListParams::default()).await {
            Ok(list) => {
                let version = list.metadata.resource_version.clone().unwrap_or_default();
                let mut events = vec![Ok(Event::Init)];
                events.extend(list.items.into_iter().map(|o| Ok(Event::InitApply(o))));
                events.push(Ok(Event::InitDone));
                (events, State::Watch(version))
            }
            Err(error) => {
                pause().await;
                (
                    vec![Err(watcher::Error::InitialListFailed(kube_error(error)))],
                    State::List,
                )
            }
        },
        State::Watch(version) => match api.watch(&WatchParams::default(), &version).await {
            Ok(events) => (Vec::new(), State::Watching(events, version)),
            Err(error) => {
                pause().await;
                (
                    vec![Err(watcher::Error::WatchStartFailed(kube_error(error)))],
                    State::Watch(version),
                )
            }
        },
        State::Watching(mut events, version) => match events.next().await {
            Some(Ok(WatchEvent::Added(object) | WatchEvent::Modified(object))) => {
                let seen = object.meta().resource_version.clone().unwrap_or(version);
                (
                    vec![Ok(Event::Apply(object))],
                    State::Watching(events, seen),
                )
            }
            Some(Ok(WatchEvent::Deleted(object))) => {
                let seen = object.meta().resource_version.clone().unwrap_or(version);
                (
                    vec![Ok(Event::Delete(object))],
                    State::Watching(events, seen),
                )
            }
            Some(Ok(WatchEvent::Bookmark(bookmark))) => {
                let seen = bookmark.metadata.resource_version;
                (Vec::new(), State::Watching(events, seen))
            }
            // 410 Gone (a compacted tracker): list again, as the watcher does.
            Some(Ok(WatchEvent::Error(status))) => {
                (vec![Err(watcher::Error::WatchError(status))], State::List)
            }
            Some(Err(error)) => (
                vec![Err(watcher::Error::WatchFailed(kube_error(error)))],
                State::Watch(version),
            ),
            // The watch timed out: watch again from where it ended.
            None => (Vec::new(), State::Watch(version)),
        },
    }
}

/// A short wait before retrying a failed list or watch (the real watcher backs
/// off too), so that a failing reactor does not spin.
async fn pause() {
    tokio::time::sleep(std::time::Duration::from_millis(10)).await;
}
