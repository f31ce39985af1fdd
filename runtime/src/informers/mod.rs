//! Shared informers: one watch per type, however many consumers, across every
//! generated crate.
//!
//! A [`SharedInformerFactory`] makes one [`SharedInformer`] per type and caches
//! it, so every controller asking for the same type shares one list+watch and
//! one cache, whichever generated crate (or k8s-openapi) the type comes from.
//! Informers are built on kube-runtime's `watcher` and reflector `Store`
//! (reconnects, bookmarks); they recover from failures as client-go's
//! reflector does (a re-list at once after `410 Gone`, a jittered backoff
//! from 800 ms to 30 s otherwise, a restarted server resumed within about a
//! second of its readiness, a silently dropped connection noticed within
//! 50 s: see [`RetryBackoff`]); after a re-list, handlers get exactly the
//! adds, updates and deletes that happened meanwhile.
//! Event handlers can be added at any time: a late one first gets an add for
//! each cached object. With a resync period, every cached object is
//! re-delivered as an update that often.
//!
//! Objects are decoded one by one: an object that does not decode as the
//! informer's type (another version without conversion, an older schema) is
//! reported as a [`DecodeError`] (log line, `undecodable()`, a counter, a
//! handler) instead of failing the list, and the informer syncs the rest; see
//! [`SharedInformer`] for what happens to its later states.
//!
//! ```no_run
//! # async fn demo(client: kube::Client) {
//! use std::time::Duration;
//! use futures::StreamExt;
//! use k8s_openapi::api::apps::v1::Deployment;
//! use kube_codegen_runtime::informers::{EventHandlerFuncs, Notification, SharedInformerFactory};
//!
//! let factory = SharedInformerFactory::new(client, Duration::from_secs(600));
//! let deployments = factory.informer_for::<Deployment>();
//! deployments.add_event_handler(EventHandlerFuncs::<Deployment>::new().on_update(|old, new| {
//!     println!("{:?}: {:?} -> {:?}", new.metadata.name, old.metadata.resource_version, new.metadata.resource_version);
//! }));
//! let mut changes = deployments.subscribe();
//! factory.start();
//! let synced = factory.wait_for_cache_sync().await;
//! assert!(synced.values().all(|ok| *ok));
//! while let Some(change) = changes.next().await {
//!     if let Notification::Delete { object } = change {
//!         println!("gone: {:?}", object.metadata.name);
//!     }
//! #   break;
//! }
//! factory.shutdown().await;
//! # }
//! ```

mod decode;
mod factory;
mod handler;
mod listeners;
mod recovery;
mod shared;

pub use decode::{DecodeError, Decoded};
pub use factory::{DiscoveryError, DynamicInformer, SharedInformerFactory, TweakListOptions};
pub use handler::{EventHandler, EventHandlerFuncs, Notification};
pub use listeners::Subscription;
pub use recovery::{RetryBackoff, WATCH_TIMEOUT_SECS};
pub use shared::{
    Cached, DecodeErrorHandler, HandlerRegistration, SharedInformer, WatchErrorHandler,
};
