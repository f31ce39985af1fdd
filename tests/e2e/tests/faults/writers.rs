//! A second writer on the App controller's objects at 20 Hz: another
//! program (an HPA, a tool, a person's script) updates the Apps and their
//! Deployments with read-modify-write updates (PUT with the resource version
//! read, retried on conflict), each time setting its own annotation, while
//! the Apps' specs change under the controller. Neither side loses a field:
//! the Deployments follow their Apps, the writer's last annotation stays on
//! every object, and the controller's reconciles fail for nothing but stale
//! reads (logged at debug level).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use anyhow::{Result, ensure};
use generated::apis::myapp::v1::App;
use k8s_openapi::api::apps::v1::Deployment;
use kube::api::{Api, Patch, PatchParams, PostParams};
use kube::{Resource, ResourceExt};

use super::support::{self, Replica, create_apps, names, record};
use crate::apps::{self, TIMEOUT, eventually};

const MARK: &str = "second-writer.example.com/tick";

/// Reads `name`, sets the writer's annotation to `tick`, writes it back with
/// the version read; on a conflict reads again. Returns the conflicts met.
async fn touch<K>(api: &Api<K>, name: &str, tick: u64) -> Result<u32>
where
    K: Resource + Clone + serde::Serialize + serde::de::DeserializeOwned + std::fmt::Debug,
{
    let mut conflicts = 0;
    loop {
        let mut object = api.get(name).await?;
        object
            .annotations_mut()
            .insert(MARK.to_owned(), tick.to_string());
        match api.replace(name, &PostParams::default(), &object).await {
            Ok(_) => return Ok(conflicts),
            Err(kube::Error::Api(status)) if status.code == 409 => conflicts += 1,
            Err(error) => return Err(error.into()),
        }
    }
}

fn mark<K: Resource>(object: &K) -> Option<u64> {
    object.meta().annotations.as_ref()?.get(MARK)?.parse().ok()
}

#[tokio::test]
async fn a_second_writer_at_20hz_loses_no_field_on_either_side() -> Result<()> {
    let _faults = support::shared().await;
    let cp = support::control_plane().await?;
    let (client, ns) = support::setup("faults-writers").await?;
    let ns = ns.name().to_owned();
    let replica = Replica::start(cp, &ns, "writers", None, false).await?;
    let apps_names = names("app", 5);
    create_apps(&client, &ns, &apps_names).await?;
    eventually("the Apps to converge", TIMEOUT, || async {
        Ok(apps::all_converged(&client, &ns, &apps_names)
            .await?
            .then_some(()))
    })
    .await?;

    let apps_api: Api<App> = Api::namespaced(client.clone(), &ns);
    let deployments: Api<Deployment> = Api::namespaced(client.clone(), &ns);
    let (mut written_apps, mut written_deployments) = (HashMap::new(), HashMap::new());
    let mut conflicts = 0;
    let start = Instant::now();
    let mut tick: u64 = 0;
    let mut interval = tokio::time::interval(Duration::from_millis(50));
    while start.elapsed() < Duration::from_secs(8) {
        interval.tick().await;
        tick += 1;
        let name = &apps_names[(tick as usize) % apps_names.len()];
        conflicts += touch(&deployments, name, tick).await?;
        written_deployments.insert(name.clone(), tick);
        conflicts += touch(&apps_api, name, tick).await?;
        written_apps.insert(name.clone(), tick);
        // The Apps' specs change under both: the controller writes too.
        if tick.is_multiple_of(10) {
            let replicas = 1 + (tick / 10) % 3;
            let patch = serde_json::json!({"spec": {"deployment": {"replicas": replicas}}});
            apps_api
                .patch(name, &PatchParams::default(), &Patch::Merge(&patch))
                .await?;
        }
    }

    eventually("the Deployments to follow their Apps", TIMEOUT, || async {
        for name in &apps_names {
            let app = apps_api.get(name).await?;
            let deployment = deployments.get(name).await?;
            let wanted = app.spec.deployment.replicas;
            if deployment.spec.as_ref().and_then(|s| s.replicas) != wanted || !apps::converged(&app)
            {
                return Ok(None);
            }
        }
        Ok(Some(()))
    })
    .await?;
    for name in &apps_names {
        let app = apps_api.get(name).await?;
        let deployment = deployments.get(name).await?;
        ensure!(
            mark(&app) == written_apps.get(name).copied(),
            "App {name} lost the second writer's annotation: {:?}",
            app.annotations()
        );
        ensure!(
            mark(&deployment) == written_deployments.get(name).copied(),
            "Deployment {name} lost the second writer's annotation: {:?}",
            deployment.annotations()
        );
        let image = deployment
            .spec
            .as_ref()
            .and_then(|s| s.template.spec.as_ref())
            .and_then(|p| p.containers.first())
            .and_then(|c| c.image.clone());
        ensure!(
            image.as_deref() == Some(app.spec.deployment.image.as_str()),
            "Deployment {name} lost the controller's image: {image:?}"
        );
    }
    let errors = replica.running.metrics.reconciles("error");
    record(
        "a second writer at 20 Hz on the same objects",
        &format!(
            "{} writes by it in 8 s ({conflicts} conflicts it retried); 0 lost fields on either side; {errors} reconcile errors",
            tick * 2
        ),
    );
    ensure!(
        errors == 0,
        "{errors} reconciles failed beside the second writer"
    );
    replica.running.stop().await?;
    Ok(())
}
