//! The operator's admission webhooks, one module per kind and version, and
//! the conversion webhook of the kinds converted between versions. `kube-codegen
//! create webhook` adds each new module and registration at the marker
//! lines below (keep them); add your own the same way.

use kube_codegen_manager::Manager;
use kube_codegen_runtime::Interface;

// kube-codegen:scaffold:modules

/// Registers every webhook on `manager`: its webhook server serves them on
/// every replica (`--webhook-port`, the certificate in `--webhook-cert-path`).
pub fn setup<C: Interface>(manager: &mut Manager<C>) -> &mut Manager<C> {
    // kube-codegen:scaffold:webhooks
    manager
}
