//! Rust enums with data on the real API server (issue #16): the fixture's
//! `Route` holds one enum of each serde representation. Every variant is
//! created and read back equal, `Route::default()` and read-modify-apply go
//! through server-side apply, two field managers applying different variants
//! conflict (and `force` switches the variant cleanly, the union being atomic),
//! and objects mixing two variants are refused with the generated rules'
//! messages.

use fixture_generated::apis::infra::v1alpha1::{
    Access, Backend, Filter, FixedResponse, Matcher, Retry, Route, RouteSpec, Timeout,
};
use kube::api::{DynamicObject, Patch, PatchParams, PostParams};

use super::*;

fn route_resource() -> ApiResource {
    resource("infra.fixture.example.com", "v1alpha1", "Route", "routes")
}

/// One spec per variant of every enum of the route (and a few combinations).
fn every_variant() -> Vec<RouteSpec> {
    let headers = || [("x-team".to_owned(), "a".to_owned())].into();
    vec![
        RouteSpec::default(),
        RouteSpec {
            backend: Backend::Service {
                name: "web".into(),
                port: 8080,
            },
            matcher: Some(Matcher::PathPrefix("/api".into())),
            timeout: Some(Timeout::Seconds(30)),
            filters: vec![
                Filter::AddHeaders { headers: headers() },
                Filter::Rewrite { path: "/".into() },
                Filter::Log,
            ],
            access: Some(Access::Token {
                secret_name: "callers".into(),
            }),
            retry: Retry::Immediate { attempts: 2 },
        },
        RouteSpec {
            backend: Backend::External {
                url: "https://example.com".into(),
                tls_verify: Some(false),
            },
            matcher: Some(Matcher::Headers(headers())),
            timeout: Some(Timeout::Duration("1m30s".into())),
            access: Some(Access::Networks {
                cidrs: vec!["10.0.0.0/8".into()],
                mutual_tls: true,
            }),
            retry: Retry::Backoff {
                attempts: 3,
                first_delay_seconds: 1,
            },
            ..RouteSpec::default()
        },
        RouteSpec {
            backend: Backend::Fixed(FixedResponse {
                status: 404,
                body: None,
            }),
            matcher: Some(Matcher::Regex {
                pattern: "^/v[0-9]+/".into(),
                case_insensitive: true,
            }),
            access: Some(Access::Networks {
                cidrs: vec![],
                mutual_tls: false,
            }),
            ..RouteSpec::default()
        },
    ]
}

#[tokio::test]
async fn every_variant_is_stored_and_read_back_unchanged() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("crd-unions").await?;
    let api: Api<Route> = Api::namespaced(client, ns.name());
    for (i, spec) in every_variant().into_iter().enumerate() {
        let name = format!("r{i}");
        api.create(&PostParams::default(), &Route::new(&name, spec.clone()))
            .await
            .with_context(|| format!("creating {spec:?}"))?;
        assert_eq!(api.get(&name).await?.spec, spec);
    }
    // What Rust writes for `Route::default()` is accepted by server-side apply.
    let applied = api
        .patch(
            "default",
            &PatchParams::apply("e2e-unions"),
            &Patch::Apply(&Route::new("default", RouteSpec::default())),
        )
        .await
        .context("server-side apply of Route::default()")?;
    assert_eq!(applied.spec, RouteSpec::default());
    Ok(())
}

#[tokio::test]
async fn read_modify_apply_switches_variants() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("crd-unions-rma").await?;
    let api: Api<Route> = Api::namespaced(client, ns.name());
    let manager = PatchParams::apply("e2e-unions");
    api.patch(
        "r",
        &manager,
        &Patch::Apply(&Route::new("r", every_variant().remove(1))),
    )
    .await?;
    let mut read = api.get("r").await?;
    read.metadata.managed_fields = None;
    read.metadata.resource_version = None;
    read.spec.backend = Backend::External {
        url: "https://example.com".into(),
        tls_verify: None,
    };
    read.spec.retry = Retry::Never;
    read.spec.filters.pop();
    let reapplied = api.patch("r", &manager, &Patch::Apply(&read)).await?;
    // The old variants' fields are gone, not merged into the new ones.
    assert_eq!(reapplied.spec, read.spec);
    Ok(())
}

#[tokio::test]
async fn two_managers_applying_different_variants_conflict_until_forced() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("crd-unions-managers").await?;
    let api: Api<Route> = Api::namespaced(client, ns.name());
    let service = Route::new(
        "r",
        RouteSpec {
            backend: Backend::Service {
                name: "web".into(),
                port: 80,
            },
            ..RouteSpec::default()
        },
    );
    let fixed = Route::new(
        "r",
        RouteSpec {
            backend: Backend::Fixed(FixedResponse {
                status: 503,
                body: Some("maintenance".into()),
            }),
            ..RouteSpec::default()
        },
    );
    api.patch("r", &PatchParams::apply("team-a"), &Patch::Apply(&service))
        .await?;
    let err = api
        .patch("r", &PatchParams::apply("team-b"), &Patch::Apply(&fixed))
        .await
        .expect_err("team-b applies another variant of a union team-a owns");
    match &err {
        kube::Error::Api(status) => {
            assert_eq!(status.code, 409, "{status:?}");
            assert!(
                status.message.contains("team-a") && status.message.contains(".spec.backend"),
                "{status:?}"
            );
        }
        other => panic!("expected a conflict, got {other}"),
    }
    let forced = api
        .patch(
            "r",
            &PatchParams::apply("team-b").force(),
            &Patch::Apply(&fixed),
        )
        .await?;
    // The union is replaced whole: no field of `Service` is left behind.
    assert_eq!(forced.spec.backend, fixed.spec.backend);
    assert_eq!(api.get("r").await?.spec, fixed.spec);
    Ok(())
}

#[tokio::test]
async fn objects_mixing_variants_are_refused() -> Result<()> {
    let client = setup().await?;
    let ns = envtest::ns("crd-unions-mixed").await?;
    let ar = route_resource();
    let api: Api<DynamicObject> = Api::namespaced_with(client, ns.name(), &ar);
    let backend = json!({"type": "drop"});
    for (name, spec, message) in [
        (
            "internal",
            json!({"backend": {"type": "service", "name": "web", "port": 80, "url": "https://x"}, "retryPolicy": "Never"}),
            "when type is service: name, port must be set; url, tlsVerify, status, body must not be set",
        ),
        (
            "internal-missing",
            json!({"backend": {"type": "fixed"}, "retryPolicy": "Never"}),
            "when type is fixed: status must be set",
        ),
        (
            "external",
            json!({"backend": backend, "matcher": {"pathPrefix": "/", "headers": {}}, "retryPolicy": "Never"}),
            "exactly one of pathPrefix, headers or regex must be set",
        ),
        (
            "adjacent",
            json!({"backend": backend, "filters": [{"kind": "log", "config": {"path": "/"}}], "retryPolicy": "Never"}),
            "when kind is log: config must not be set",
        ),
        (
            "untagged",
            json!({"backend": backend, "access": {"secretName": "s", "cidrs": []}, "retryPolicy": "Never"}),
            "the fields set must be those of one variant",
        ),
        (
            "flattened",
            json!({"backend": backend, "retryPolicy": "Never", "attempts": 3}),
            "when retryPolicy is Never: attempts, firstDelaySeconds must not be set",
        ),
        (
            "unknown-tag",
            json!({"backend": {"type": "unknown"}, "retryPolicy": "Never"}),
            "Unsupported value: \"unknown\"",
        ),
    ] {
        let message_seen = rejection(&api, &ar, name, spec).await;
        assert!(message_seen.contains(message), "{name}: {message_seen}");
    }
    Ok(())
}
