//! The admission webhooks of {kind} ({api_version}): {what}, served by the
//! manager's webhook server. The API server calls them on every create and
//! update of a {kind}, as the `+kubebuilder:webhook` markers below say;
//! `make manifests` turns those into config/webhook/manifests.yaml.

use {type_path};
use kube_codegen_manager::Manager;
use kube_codegen_manager::webhook::{{imports}};
use kube_codegen_runtime::Interface;

/// The webhooks of {kind}. Hold here what they look things up with: a
/// lister (`manager.cache::<Kind>().lister()` in [`setup`]) or a clientset.
pub struct {kind}Webhook;
{defaulter}{validator}
/// Adds the webhooks to the manager (`webhooks::setup` calls this).
pub fn setup<C: Interface>(manager: &mut Manager<C>) {
    manager.webhook(Webhook::<{kind}>::new(){registrations});
}
{tests}
