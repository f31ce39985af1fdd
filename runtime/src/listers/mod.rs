//! Listers and the namespace index behind them: typed, namespace-aware reads
//! from informer caches, for any kind.
//!
//! A lister never calls the API server: it reads the cache an informer keeps up
//! to date, through an index by namespace, and hands out `Arc`s of the cached
//! objects. Label selectors are [`LabelSelector`](crate::selector::LabelSelector)s,
//! in the API server's grammar. Secondary indexes ([`Indexer::add_index`],
//! client-go's `Indexers`) find objects by other keys, such as their
//! controller's uid, without a scan.

mod indexer;
mod lister;

pub use indexer::{Change, IndexFunc, Indexer};
pub use lister::{Lister, NamespaceLister};
