//! The operator's controllers, one module per kind. `kube-codegen create
//! api` adds each new controller's module and registration at the marker
//! lines below (keep them); add your own the same way.

use kube_codegen_manager::Manager;
use kube_codegen_runtime::Interface;

// kube-codegen:scaffold:modules

/// Registers every controller on `manager`.
pub fn setup<C: Interface>(manager: &mut Manager<C>) -> &mut Manager<C> {
    // kube-codegen:scaffold:controllers
    manager
}
