//! v1beta1 `CronTab` to and from v1, the hub: the shapes differ (one image
//! instead of a pod template, `cronSpec` instead of `schedule`), so the
//! conversions are written by hand. They only build v1 values, so they compile
//! here as well as in the generated crate.

use k8s_openapi::api::core::v1::{Container, PodSpec, PodTemplateSpec};

use super::{CronTab, CronTabSpec};
use crate::batch::v1;

/// The container name a v1beta1 image runs under in v1.
const CONTAINER: &str = "crontab";

impl From<CronTab> for v1::CronTab {
    fn from(old: CronTab) -> Self {
        v1::CronTab {
            metadata: old.metadata,
            spec: old.spec.into(),
            status: None,
        }
    }
}

impl From<v1::CronTab> for CronTab {
    fn from(hub: v1::CronTab) -> Self {
        CronTab {
            metadata: hub.metadata,
            spec: hub.spec.into(),
        }
    }
}

impl From<CronTabSpec> for v1::CronTabSpec {
    fn from(old: CronTabSpec) -> Self {
        v1::CronTabSpec {
            schedule: old.cron_spec,
            // v1beta1 leaves it out to mean v1's default.
            replicas: old.replicas.unwrap_or(1),
            template: PodTemplateSpec {
                metadata: None,
                spec: Some(PodSpec {
                    containers: vec![Container {
                        name: CONTAINER.to_owned(),
                        image: Some(old.image),
                        ..Container::default()
                    }],
                    ..PodSpec::default()
                }),
            },
            retry: v1::RetryPolicy {
                attempts: 3,
                backoff_seconds: None,
            },
            ..v1::CronTabSpec::default()
        }
    }
}

impl From<v1::CronTabSpec> for CronTabSpec {
    fn from(hub: v1::CronTabSpec) -> Self {
        let image = hub
            .template
            .spec
            .and_then(|pod| pod.containers.into_iter().next())
            .and_then(|container| container.image)
            .unwrap_or_default();
        CronTabSpec {
            cron_spec: hub.schedule,
            image,
            replicas: Some(hub.replicas),
        }
    }
}
