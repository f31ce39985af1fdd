//! A realistic CronTab of the fixture API (pod template with containers, env
//! map, notification list, conditions), shared by the benchmarks.

use fixture_generated::apis::batch::v1::CronTab;
use serde_json::json;

/// A CronTab whose containers run `image`.
pub fn crontab(image: &str) -> CronTab {
    let containers: Vec<_> = (0..3)
        .map(|i| {
            json!({
                "name": format!("c{i}"), "image": image,
                "args": ["--port", "8080", "--verbose"],
                "env": (0..8).map(|e| json!({"name": format!("E{e}"), "value": format!("v{e}")})).collect::<Vec<_>>(),
                "ports": [{"containerPort": 8080, "name": "http"}],
                "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}},
            })
        })
        .collect();
    serde_json::from_value(json!({
        "apiVersion": "batch.fixture.example.com/v1", "kind": "CronTab",
        "metadata": {"name": "bench", "namespace": "default",
                     "labels": {"app": "bench", "tier": "batch", "team": "x"},
                     "annotations": {"note": "a fairly long annotation value ".repeat(4)}},
        "spec": {
            "schedule": "*/5 * * * *", "replicas": 3, "minReplicas": 1,
            "template": {"metadata": {"labels": {"app": "bench"}}, "spec": {"containers": containers}},
            "env": (0..16).map(|i| (format!("KEY_{i}"), json!(format!("value-{i}")))).collect::<serde_json::Map<_, _>>(),
            "preRun": ["make", "migrate", "warm-cache"],
            "notify": [{"name": "ops", "url": "https://example.com/hook", "type": "webhook"}],
            "tags": ["a", "b", "c"], "attempts": 3,
        },
        "status": {"replicas": 3, "selector": "app=bench", "conditions": [
            {"type": "Ready", "status": "True", "reason": "Running", "message": "all good",
             "lastTransitionTime": "2026-01-01T00:00:00Z"}]},
    }))
    .expect("a valid CronTab")
}
