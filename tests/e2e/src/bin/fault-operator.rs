//! `fault-operator`: a small operator on kube-codegen-manager that the fault
//! scenarios run as a process (so it can be signalled, stopped and measured),
//! with everything an operator's manager runs: a controller with a finalizer,
//! writes and events, and a validating webhook, behind kubebuilder's flags.
//!
//! - ConfigMaps labelled `faults.e2e/operator` get the finalizer
//!   `faults.e2e/cleanup`, then the annotation `faults.e2e/reconciled` (this
//!   replica's identity) and a `Reconciled` event; a ConfigMap annotated
//!   `faults.e2e/sleep: <ms>` makes its reconcile take that long first (work
//!   in flight for a shutdown to wait for). A deleted one loses the finalizer.
//! - The validating webhook `/validate--v1-configmap` refuses ConfigMaps
//!   labelled `faults.e2e/operator` whose data has a `deny` key.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use k8s_openapi::api::core::v1::ConfigMap;
use kube::ResourceExt;
use kube::api::{Api, Patch, PatchParams};
use kube_codegen_manager::webhook::{Denied, FieldError, Request, Validator, Warnings, Webhook};
use kube_codegen_manager::{Action, Context, Event, Manager, finalizer, from_fn};
use kube_codegen_runtime::Clientset;

const LABEL: &str = "faults.e2e/operator";
const FINALIZER: &str = "faults.e2e/cleanup";
const RECONCILED: &str = "faults.e2e/reconciled";
const SLEEP: &str = "faults.e2e/sleep";

/// The fault scenarios' operator.
#[derive(Debug, Parser)]
#[command(name = "fault-operator")]
struct Cli {
    #[command(flatten)]
    manager: kube_codegen_manager::Args,
}

/// Refuses managed ConfigMaps with a `deny` key.
struct Deny;

impl Validator<ConfigMap> for Deny {
    async fn validate_create(&self, _: &Request<'_>, map: &ConfigMap) -> Result<Warnings, Denied> {
        let denied = map.labels().contains_key(LABEL)
            && map.data.as_ref().is_some_and(|d| d.contains_key("deny"));
        if denied {
            let error = FieldError::forbidden("data.deny", "the fault operator denies it");
            return Err(Denied::invalid::<ConfigMap>(&map.name_any(), [error]));
        }
        Ok(Warnings::new())
    }

    async fn validate_update(
        &self,
        request: &Request<'_>,
        _: &ConfigMap,
        map: &ConfigMap,
    ) -> Result<Warnings, Denied> {
        self.validate_create(request, map).await
    }
}

async fn reconcile(
    client: kube::Client,
    identity: Arc<str>,
    map: Arc<ConfigMap>,
    ctx: Context<Clientset>,
) -> Result<Action, finalizer::Error<kube::Error>> {
    if !map.labels().contains_key(LABEL) {
        return Ok(Action::await_change());
    }
    let recorder = ctx.recorder().clone();
    let writer = client.clone();
    finalizer::run(&client, FINALIZER, map, |event| async move {
        let client = writer;
        match event {
            finalizer::Event::Apply(map) => {
                if let Some(ms) = map.annotations().get(SLEEP).and_then(|s| s.parse().ok()) {
                    tokio::time::sleep(Duration::from_millis(ms)).await;
                }
                if map.annotations().get(RECONCILED).map(String::as_str) != Some(&*identity) {
                    let api: Api<ConfigMap> =
                        Api::namespaced(client.clone(), &map.namespace().unwrap_or_default());
                    let patch =
                        serde_json::json!({"metadata": {"annotations": {RECONCILED: &*identity}}});
                    api.patch(
                        &map.name_any(),
                        &PatchParams::default(),
                        &Patch::Merge(&patch),
                    )
                    .await?;
                    recorder.publish(
                        &*map,
                        Event::normal(
                            "Reconciled",
                            "Reconcile",
                            format!("reconciled by {identity}"),
                        ),
                    );
                }
                Ok(Action::await_change())
            }
            finalizer::Event::Cleanup(_) => Ok(Action::await_change()),
        }
    })
    .await
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    cli.manager.init_logging();
    let mut manager = match Manager::from_args("fault-operator", &cli.manager).await {
        Ok(manager) => manager,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "cannot start");
            return ExitCode::FAILURE;
        }
    };
    let client = manager
        .kube_client()
        .cloned()
        .expect("a manager on the API server");
    let identity: Arc<str> = manager.config().identity.clone().into();
    manager
        .controller::<ConfigMap>()
        .complete(from_fn(move |map, ctx| {
            reconcile(client.clone(), Arc::clone(&identity), map, ctx)
        }));
    manager.webhook(Webhook::<ConfigMap>::new().validator(Deny));
    match manager.run_until_signal().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "stopped");
            ExitCode::FAILURE
        }
    }
}
