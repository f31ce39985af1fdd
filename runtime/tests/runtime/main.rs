//! The runtime's own tests, without an API server: the fake clientset, the
//! informers on scripted watch streams, the factory, the listers and the typed
//! clients, on kinds written the way generated crates write them
//! (`common`) and on built-in kinds.

mod admission;
mod common;
mod composition;
mod crd;
mod factory;
mod fake;
mod informers;
mod listers;
mod undecodable;
