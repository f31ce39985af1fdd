//! `kube-codegen create webhook`: the admission webhooks of a kind, as
//! kubebuilder's `create webhook --defaulting --programmatic-validation
//! --conversion` makes them.
//!
//! - `--defaulting` / `--programmatic-validation`:
//!   `src/webhooks/<kind>_<version>.rs`, a `Defaulter` and a `Validator` with
//!   their `+kubebuilder:webhook` markers and a unit test on the fake
//!   clientset, declared and registered in `src/webhooks/mod.rs` at its marker
//!   lines (the registry itself, and its registration in `src/main.rs`, the
//!   first time).
//! - `--conversion`: the generated crate's conversions served at `/convert`
//!   (`manager.conversions(...)` in `src/webhooks/mod.rs`), for a kind whose
//!   versions are converted by webhook.
//! - The first time, the deployment: `config/webhook` (the configurations
//!   `make manifests` writes from the markers, and the Service),
//!   `config/certmanager` (the certificate and the CA injection, a component
//!   to enable once cert-manager runs), and in `config/default` the webhook
//!   listed and the manager's Deployment patched with the port and the
//!   certificate's mount.
//!
//! Nothing the user wrote is overwritten: a webhook file that exists is
//! refused, and files that exist are only added to at their marker lines.

use std::path::{Path, PathBuf};

use super::builtin;
use super::create_api::{self, MODULES_MARKER, NewApi, Target};
use super::edit::{insert_before_marker, insert_module_before_marker, read_if_exists};
use super::layout;
use super::names;
use super::templates::{self, fill};
use super::{Error, FilePlan, Written};

/// What to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewWebhook {
    /// The API group of the kind.
    pub group: String,
    /// The API version of the kind.
    pub version: String,
    /// The kind whose objects the webhooks admit.
    pub kind: String,
    /// A mutating webhook (kubebuilder's `--defaulting`).
    pub defaulting: bool,
    /// A validating webhook (kubebuilder's `--programmatic-validation`).
    pub validation: bool,
    /// The conversion webhook (kubebuilder's `--conversion`).
    pub conversion: bool,
}

/// What `create webhook` planned, for its report.
#[derive(Debug)]
pub struct Created {
    /// The files written.
    pub plan: FilePlan,
    /// The kind's webhook file, when written.
    pub webhook_file: Option<PathBuf>,
    /// The conversions are registered.
    pub conversion: bool,
    /// The deployment's webhook manifests were written (the first webhook).
    pub first: bool,
}

/// The marker line of the registrations in `src/webhooks/mod.rs`.
const WEBHOOKS_MARKER: &str = "// kube-codegen:scaffold:webhooks";
/// The marker line of the registrations in `src/main.rs`.
const SETUP_MARKER: &str = "// kube-codegen:scaffold:setup";
/// The marker line of `config/default/kustomization.yaml`'s resources.
const RESOURCES_MARKER: &str = "# kube-codegen:scaffold:resources";
/// What registers the generated crate's conversions.
const CONVERSIONS: &str = "manager.conversions(generated::conversion::conversions());";

/// The kind's facts a webhook file needs.
struct Kind {
    /// The Rust path of its type.
    type_path: String,
    /// The group as `+kubebuilder:webhook:groups=` spells it (`core`).
    marker_group: String,
    /// The group as the webhook's path spells it (`""` for core).
    group: String,
    plural: String,
    namespaced: bool,
    /// The unit test can make one (`Default`).
    default: bool,
    /// The fake needs the generated CRDs (a kind of the API, not a built-in).
    crds: bool,
    conversion: bool,
}

/// The files to create and extend in the operator's workspace at `root`,
/// for a kind of the API in `input_dir` (or a built-in kind).
pub fn plan(root: &Path, input_dir: &Path, new: &NewWebhook) -> Result<Created, Error> {
    if !new.defaulting && !new.validation && !new.conversion {
        return Err(Error::Usage {
            message: "no webhook to create: pass at least one of --defaulting, --programmatic-validation and --conversion".into(),
            help: format!(
                "`--defaulting` writes a Defaulter (a mutating webhook), `--programmatic-validation` a Validator (a validating webhook), `--conversion` serves the conversions of a kind with several versions: e.g. `kube-codegen create webhook --group {} --version {} --kind {} --defaulting --programmatic-validation`",
                new.group, new.version, new.kind
            ),
        });
    }
    if !layout::is_operator(root) {
        return Err(Error::Usage {
            message: format!(
                "no operator here to add a webhook to: {} does not exist",
                root.join(layout::CONTROLLERS_MOD).display()
            ),
            help: "run `kube-codegen create webhook` in the root of a workspace made by `kube-codegen init`".into(),
        });
    }
    let kind = find_kind(input_dir, new)?;
    if new.conversion && !kind.conversion {
        return Err(Error::Usage {
            message: format!(
                "`{}` in `{}/{}` is not converted by webhook: it has no `+kubebuilder:conversion:strategy=Webhook` marker",
                new.kind, new.group, new.version
            ),
            help: format!(
                "add the kind's other versions, and above `pub struct {}` in its storage version (the hub) `// +kubebuilder:storageversion`, `// +kubebuilder:conversion:strategy=Webhook` and `// +kubebuilder:conversion:webhook:service=<project>-system/<project>-webhook-service,path=/convert` (the book's Conversion chapter, docs/src/conversion.md); then run `make generate` and this command again",
                new.kind
            ),
        });
    }

    let mut plan = FilePlan::default();
    let registry = root.join(layout::WEBHOOKS_MOD);
    let existing_registry = read_if_exists(&registry)?;
    let first = existing_registry.is_none();
    let mut registry_text = existing_registry
        .clone()
        .unwrap_or_else(|| templates::WEBHOOKS_MOD.to_owned());

    let webhook_file = if new.defaulting || new.validation {
        let module = format!("{}_{}", names::kind_module(&new.kind), new.version);
        let file = root.join(layout::WEBHOOKS_DIR).join(format!("{module}.rs"));
        plan.create(&file, webhook_source(new, &kind));
        let declaration = format!("pub mod {module};");
        let registration = format!("{module}::setup(manager);");
        let missing = |marker: &str, line: &str| Error::Layout {
            path: registry.clone(),
            message: format!("no `{marker}` line to add `{line}` at"),
            help: format!(
                "declare and register the webhook yourself (`{declaration}` with the modules, `{registration}` in `setup`), or put the marker line back, and run again"
            ),
        };
        registry_text = insert_module_before_marker(&registry_text, MODULES_MARKER, &declaration)
            .ok_or_else(|| missing(MODULES_MARKER, &declaration))?;
        registry_text = insert_before_marker(&registry_text, WEBHOOKS_MARKER, &registration)
            .ok_or_else(|| missing(WEBHOOKS_MARKER, &registration))?;
        Some(file)
    } else {
        None
    };
    let conversion = new.conversion && !registry_text.contains(CONVERSIONS);
    if conversion {
        registry_text = insert_before_marker(&registry_text, WEBHOOKS_MARKER, CONVERSIONS)
            .ok_or_else(|| Error::Layout {
                path: registry.clone(),
                message: format!("no `{WEBHOOKS_MARKER}` line to add `{CONVERSIONS}` at"),
                help: format!(
                    "add `{CONVERSIONS}` to `setup` yourself, or put the marker line back, and run again"
                ),
            })?;
    }
    if webhook_file.is_none() && !conversion {
        return Err(Error::Usage {
            message: format!(
                "the conversions are served already: {} registers them",
                registry.display()
            ),
            help: "nothing to do; `--defaulting` or `--programmatic-validation` add admission webhooks".into(),
        });
    }
    match existing_registry {
        Some(_) => plan.update(&registry, registry_text),
        None => {
            plan.create(&registry, registry_text);
            plan_main(&mut plan, root)?;
            plan_deployment(&mut plan, root)?;
        }
    }
    Ok(Created {
        plan,
        webhook_file,
        conversion,
        first,
    })
}

/// The kind `new` names: one of the API in `input_dir`, or a built-in one.
fn find_kind(input_dir: &Path, new: &NewWebhook) -> Result<Kind, Error> {
    let api = NewApi {
        group: new.group.clone(),
        version: new.version.clone(),
        kind: new.kind.clone(),
        namespaced: true,
        resource: false,
        controller: false,
    };
    if builtin::is_builtin_group(&new.group) {
        let kind = create_api::builtin_target(&api)?;
        return Ok(Kind {
            type_path: kind.path.to_owned(),
            marker_group: kind.marker_group().to_owned(),
            group: kind.group.to_owned(),
            plural: kind.plural.to_owned(),
            namespaced: kind.namespaced,
            default: true,
            crds: false,
            conversion: false,
        });
    }
    api.check()?;
    let not_found = || Error::Usage {
        message: format!(
            "no kind `{}` in `{}/{}` in {}: a webhook is for a kind that exists",
            new.kind,
            new.group,
            new.version,
            input_dir.display()
        ),
        help: format!(
            "create the kind first (`kube-codegen create api --group {} --version {} --kind {}`), or check --group, --version and --kind; built-in kinds are in groups such as `apps` and `core`",
            new.group, new.version, new.kind
        ),
    };
    match create_api::existing_kind(input_dir, &new.group, &new.version, &new.kind, not_found)? {
        Target::Own {
            plural,
            namespaced,
            default,
            conversion,
            ..
        } => Ok(Kind {
            type_path: format!(
                "generated::apis::{}::{}::{}",
                names::group_module(&new.group),
                new.version,
                new.kind
            ),
            marker_group: new.group.clone(),
            group: new.group.clone(),
            plural,
            namespaced,
            default,
            crds: true,
            conversion,
        }),
        Target::Builtin(_) => unreachable!("existing_kind reads the API's own kinds"),
    }
}

/// The kind's webhook file: the defaulter and the validator asked for, their
/// registration and their unit test.
fn webhook_source(new: &NewWebhook, kind: &Kind) -> String {
    let var = names::kind_module(&new.kind);
    let lower_kind = new.kind.to_lowercase();
    let path = |verb: &str| {
        format!(
            "/{verb}-{}-{}-{lower_kind}",
            kind.group.replace('.', "-"),
            new.version
        )
    };
    let (mutate_path, validate_path) = (path("mutate"), path("validate"));
    let (namespace, namespace_line) = if kind.namespaced {
        (
            "default",
            format!("        {var}.metadata.namespace = Some(\"default\".to_owned());\n"),
        )
    } else {
        ("", String::new())
    };
    let values = [
        ("kind", new.kind.as_str()),
        ("var", var.as_str()),
        ("type_path", kind.type_path.as_str()),
        ("api_version", &api_version(kind, new)),
        ("mutate_path", mutate_path.as_str()),
        ("validate_path", validate_path.as_str()),
        ("marker_group", kind.marker_group.as_str()),
        ("plural", kind.plural.as_str()),
        ("version", new.version.as_str()),
        ("lower_kind", lower_kind.as_str()),
        ("namespace", namespace),
        ("namespace_line", namespace_line.as_str()),
        (
            "with_crds",
            if kind.crds {
                ".with_crds(generated::crds::all())"
            } else {
                ""
            },
        ),
    ];
    let mut imports = vec!["Denied", "Request", "Webhook"];
    let mut registrations = String::new();
    let mut what = Vec::new();
    let mut test_body = String::new();
    let defaulter = if new.defaulting {
        imports.push("Defaulter");
        registrations.push_str(&format!(".defaulter({}Webhook)", new.kind));
        what.push("a defaulter");
        test_body.push_str(&fill(DEFAULTING_TEST, &values));
        fill(templates::WEBHOOK_DEFAULTER, &values)
    } else {
        String::new()
    };
    let validator = if new.validation {
        imports.extend(["FieldError", "Validator", "Warnings"]);
        registrations.push_str(&format!(".validator({}Webhook)", new.kind));
        what.push("a validator");
        test_body.push_str(&fill(VALIDATION_TEST, &values));
        fill(templates::WEBHOOK_VALIDATOR, &values)
    } else {
        String::new()
    };
    imports.sort_unstable();
    let tests = if kind.default {
        fill(
            &fill(templates::WEBHOOK_TEST, &[("test_body", &test_body)]),
            &values,
        )
    } else {
        String::new()
    };
    let imports = imports.join(", ");
    let what = what.join(" and ");
    let mut all: Vec<(&str, &str)> = values.to_vec();
    all.extend([
        ("imports", imports.as_str()),
        ("what", what.as_str()),
        ("defaulter", defaulter.as_str()),
        ("validator", validator.as_str()),
        ("registrations", registrations.as_str()),
        ("tests", tests.as_str()),
    ]);
    fill(templates::WEBHOOK, &all)
}

fn api_version(kind: &Kind, new: &NewWebhook) -> String {
    if kind.group.is_empty() {
        new.version.clone()
    } else {
        format!("{}/{}", kind.group, new.version)
    }
}

/// The unit test's part for the defaulter.
const DEFAULTING_TEST: &str = r#"        // The defaulter labels a new {kind} with its name.
        let created = client.create(&PostParams::default(), &{var}("sample")).await.unwrap();
        let labels = created.metadata.labels.unwrap_or_default();
        assert_eq!(labels.get(INSTANCE_LABEL).map(String::as_str), Some("sample"));
"#;

/// The unit test's part for the validator.
const VALIDATION_TEST: &str = r#"        // The validator refuses a name longer than a label value, with the
        // field's error.
        let long = "a".repeat(64);
        let error = client.create(&PostParams::default(), &{var}(&long)).await.unwrap_err();
        assert!(error.to_string().contains("metadata.name: Too long: may not be more than 63 bytes"), "{error}");
"#;

/// `mod webhooks;` and `webhooks::setup(&mut manager);` in `src/main.rs`.
fn plan_main(plan: &mut FilePlan, root: &Path) -> Result<(), Error> {
    let main = root.join(layout::MAIN);
    let text = read_if_exists(&main)?.unwrap_or_default();
    let declaration = "mod webhooks;";
    let registration = "webhooks::setup(&mut manager);";
    let missing = |marker: &str, line: &str| Error::Layout {
        path: main.clone(),
        message: format!("no `{marker}` line to add `{line}` at"),
        help: format!(
            "add `{declaration}` with the modules and `{registration}` before the manager runs, or put the marker lines back (`{MODULES_MARKER}` after the modules, `{SETUP_MARKER}` before `manager.run_until_signal()`), and run again"
        ),
    };
    let text = insert_module_before_marker(&text, MODULES_MARKER, declaration)
        .ok_or_else(|| missing(MODULES_MARKER, declaration))?;
    let text = insert_before_marker(&text, SETUP_MARKER, registration)
        .ok_or_else(|| missing(SETUP_MARKER, registration))?;
    plan.update(&main, text);
    Ok(())
}

/// The deployment's webhook manifests: `config/webhook`, `config/certmanager`
/// and `config/default` listing the one and offering the other.
fn plan_deployment(plan: &mut FilePlan, root: &Path) -> Result<(), Error> {
    let webhook = root.join(layout::WEBHOOK_CONFIG_DIR);
    plan.create(
        webhook.join("kustomization.yaml"),
        templates::CONFIG_WEBHOOK,
    );
    plan.create(
        webhook.join("service.yaml"),
        templates::CONFIG_WEBHOOK_SERVICE,
    );

    let default = root.join(layout::DEFAULT_DIR);
    let kustomization = default.join("kustomization.yaml");
    let text = read_if_exists(&kustomization)?.unwrap_or_default();
    let listed = insert_before_marker(&text, RESOURCES_MARKER, "- ../webhook").ok_or_else(|| {
        Error::Layout {
            path: kustomization.clone(),
            message: format!("no `{RESOURCES_MARKER}` line to list ../webhook at"),
            help: "add `- ../webhook` under `resources:` yourself, and put the marker line back below the list".into(),
        }
    })?;
    let updated = format!(
        "{}\n{}",
        listed.trim_end(),
        templates::CONFIG_DEFAULT_WEBHOOK
    );
    plan.update(&kustomization, updated);
    plan.create(
        default.join("manager_webhook_patch.yaml"),
        templates::CONFIG_MANAGER_WEBHOOK_PATCH,
    );

    // cert-manager's objects are named as kustomize names the rest:
    // config/default's namespace and prefix.
    let setting = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let (namespace, prefix) = match (setting("namespace:"), setting("namePrefix:")) {
        (Some(namespace), Some(prefix)) => (namespace, prefix),
        _ => {
            return Err(Error::Layout {
                path: kustomization,
                message: "no `namespace:` and `namePrefix:` lines: the certificate's DNS names are made of them".into(),
                help: "put them back (`kube-codegen init` wrote `namespace: <project>-system` and `namePrefix: <project>-`), and run again".into(),
            });
        }
    };
    let values = [
        ("namespace", namespace.as_str()),
        ("prefix", prefix.as_str()),
    ];
    let certmanager = root.join(layout::CERTMANAGER_DIR);
    plan.create(
        certmanager.join("kustomization.yaml"),
        fill(templates::CONFIG_CERTMANAGER, &values),
    );
    plan.create(
        certmanager.join("certificate.yaml"),
        fill(templates::CONFIG_CERTMANAGER_CERTIFICATE, &values),
    );
    Ok(())
}

/// Plans and writes; returns what was planned and the files written.
pub fn run(root: &Path, input_dir: &Path, new: &NewWebhook) -> Result<(Created, Written), Error> {
    let created = plan(root, input_dir, new)?;
    let written = created.plan.write()?;
    Ok((created, written))
}

/// What to do after `create webhook`.
pub fn next_steps(created: &Created) -> String {
    let mut out = String::from("\nNext:\n");
    if let Some(file) = &created.webhook_file {
        out.push_str(&format!(
            "  edit {} (your defaults and rules; its markers say when the API server calls them)\n",
            file.display()
        ));
    }
    out.push_str(&format!(
        "  make manifests   (the webhook configurations of the markers: {})\n",
        layout::WEBHOOK_OUTPUT
    ));
    out.push_str(
        "  make test        (the webhooks' unit test, on the fake clientset)\n  make run ARGS=\"--webhook-cert-path <dir>\"   (the server needs tls.crt and tls.key there, and the API server needs to reach it)\n",
    );
    if created.first {
        out.push_str(&format!(
            "  before `make deploy`: install cert-manager and enable {} in {}/kustomization.yaml (the [CERTMANAGER] lines), so that the server gets its certificate and the API server trusts it\n",
            layout::CERTMANAGER_DIR,
            layout::DEFAULT_DIR
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An operator's workspace as `init` writes it, with `create api`'s
    /// Memcached in `cache.example.com/v1alpha1`.
    fn operator() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let write = |path: &str, text: &str| {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(layout::CONTROLLERS_MOD, templates::CONTROLLERS_MOD);
        write(layout::MAIN, &fill(templates::MAIN, &[("project", "shop")]));
        write(
            "config/default/kustomization.yaml",
            &fill(templates::CONFIG_DEFAULT, &[("project", "shop")]),
        );
        write(
            "config/samples/kustomization.yaml",
            templates::CONFIG_SAMPLES,
        );
        write("apis/src/lib.rs", "//! APIs.\n");
        create_api::run(
            dir.path(),
            &dir.path().join("apis/src"),
            &NewApi {
                group: "cache.example.com".into(),
                version: "v1alpha1".into(),
                kind: "Memcached".into(),
                namespaced: true,
                resource: true,
                controller: false,
            },
        )
        .unwrap();
        dir
    }

    fn webhook(kind: &str, defaulting: bool, validation: bool, conversion: bool) -> NewWebhook {
        NewWebhook {
            group: "cache.example.com".into(),
            version: "v1alpha1".into(),
            kind: kind.into(),
            defaulting,
            validation,
            conversion,
        }
    }

    fn plan_in(root: &Path, new: &NewWebhook) -> Result<Created, Error> {
        plan(root, &root.join("apis/src"), new)
    }

    fn error(root: &Path, new: &NewWebhook) -> String {
        plan_in(root, new).unwrap_err().to_string()
    }

    fn content<'a>(plan: &'a FilePlan, path: &str) -> &'a str {
        &plan
            .files
            .iter()
            .find(|f| f.path.ends_with(path))
            .unwrap_or_else(|| panic!("{path} is not planned"))
            .content
    }

    #[test]
    fn a_defaulter_and_a_validator_with_their_markers_registered_with_the_manager() {
        let dir = operator();
        let root = dir.path();
        let created = plan_in(root, &webhook("Memcached", true, true, false)).unwrap();
        assert!(created.first);
        let source = content(&created.plan, "src/webhooks/memcached_v1alpha1.rs");
        for line in [
            "use generated::apis::cache::v1alpha1::Memcached;",
            "use kube_codegen_manager::webhook::{Defaulter, Denied, FieldError, Request, Validator, Warnings, Webhook};",
            "// +kubebuilder:webhook:path=/mutate-cache-example-com-v1alpha1-memcached,mutating=true,failurePolicy=fail,sideEffects=None,groups=cache.example.com,resources=memcacheds,verbs=create;update,versions=v1alpha1,name=mmemcached-v1alpha1.kb.io,admissionReviewVersions=v1\n",
            "// +kubebuilder:webhook:path=/validate-cache-example-com-v1alpha1-memcached,mutating=false,failurePolicy=fail,sideEffects=None,groups=cache.example.com,resources=memcacheds,verbs=create;update,versions=v1alpha1,name=vmemcached-v1alpha1.kb.io,admissionReviewVersions=v1\n",
            "impl Defaulter<Memcached> for MemcachedWebhook {",
            "impl Validator<Memcached> for MemcachedWebhook {",
            "manager.webhook(Webhook::<Memcached>::new().defaulter(MemcachedWebhook).validator(MemcachedWebhook));",
            ".with_crds(generated::crds::all());",
            "memcached.metadata.namespace = Some(\"default\".to_owned());",
            "assert_eq!(labels.get(INSTANCE_LABEL)",
            "Too long: may not be more than 63 bytes",
        ] {
            assert!(source.contains(line), "{line}\n{source}");
        }
        for placeholder in ["{kind}", "{var}", "{imports}", "{tests}", "{test_body}"] {
            assert!(!source.contains(placeholder), "{placeholder}\n{source}");
        }
        assert_eq!(
            content(&created.plan, layout::WEBHOOKS_MOD),
            templates::WEBHOOKS_MOD
                .replace(
                    "// kube-codegen:scaffold:modules",
                    "pub mod memcached_v1alpha1;\n// kube-codegen:scaffold:modules"
                )
                .replace(
                    "    // kube-codegen:scaffold:webhooks",
                    "    memcached_v1alpha1::setup(manager);\n    // kube-codegen:scaffold:webhooks"
                )
        );
        let main = content(&created.plan, layout::MAIN);
        assert!(
            main.contains("mod controllers;\nmod webhooks;\n// kube-codegen:scaffold:modules\n"),
            "{main}"
        );
        assert!(
            main.contains(
                "    webhooks::setup(&mut manager);\n    // kube-codegen:scaffold:setup\n"
            ),
            "{main}"
        );
        let default = content(&created.plan, "config/default/kustomization.yaml");
        assert!(
            default.contains(
                "- ../manager\n- ../webhook\n# kube-codegen:scaffold:resources\npatches:\n"
            ),
            "{default}"
        );
        assert!(
            default.contains("- path: manager_webhook_patch.yaml\n"),
            "{default}"
        );
        assert!(default.contains("#- ../certmanager\n"), "{default}");
        let certificate = content(&created.plan, "config/certmanager/certificate.yaml");
        assert!(
            certificate.contains("  - shop-webhook-service.shop-system.svc\n"),
            "{certificate}"
        );
        assert!(certificate.contains("    name: shop-selfsigned-issuer\n"));
        let component = content(&created.plan, "config/certmanager/kustomization.yaml");
        assert!(
            component.contains("cert-manager.io/inject-ca-from: shop-system/shop-serving-cert\n"),
            "{component}"
        );
        for file in [
            "config/webhook/kustomization.yaml",
            "config/webhook/service.yaml",
            "config/default/manager_webhook_patch.yaml",
        ] {
            content(&created.plan, file);
        }
    }

    #[test]
    fn a_second_webhook_is_only_registered() {
        let dir = operator();
        let root = dir.path();
        run(
            root,
            &root.join("apis/src"),
            &webhook("Memcached", true, false, false),
        )
        .unwrap();
        let registry = std::fs::read_to_string(root.join(layout::WEBHOOKS_MOD)).unwrap();
        // The same kind and version again: its file exists.
        let err = run(
            root,
            &root.join("apis/src"),
            &webhook("Memcached", false, true, false),
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.starts_with("refusing to overwrite what exists:\n"),
            "{err}"
        );
        assert!(
            err.contains(&format!(
                "  {}\n",
                root.join("src/webhooks/memcached_v1alpha1.rs").display()
            )),
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(root.join(layout::WEBHOOKS_MOD)).unwrap(),
            registry
        );
        // A built-in kind: only its file and its registration.
        let created = plan_in(
            root,
            &NewWebhook {
                group: "core".into(),
                version: "v1".into(),
                kind: "Pod".into(),
                defaulting: false,
                validation: true,
                conversion: false,
            },
        )
        .unwrap();
        let paths: Vec<_> = created
            .plan
            .files
            .iter()
            .map(|f| f.path.strip_prefix(root).unwrap().to_owned())
            .collect();
        assert_eq!(
            paths,
            [
                PathBuf::from("src/webhooks/pod_v1.rs"),
                PathBuf::from(layout::WEBHOOKS_MOD)
            ]
        );
        let source = content(&created.plan, "src/webhooks/pod_v1.rs");
        assert!(
            source.contains("use k8s_openapi::api::core::v1::Pod;"),
            "{source}"
        );
        assert!(
            source.contains("path=/validate--v1-pod,mutating=false,failurePolicy=fail,sideEffects=None,groups=core,resources=pods,"),
            "{source}"
        );
        assert!(!source.contains("Defaulter"), "{source}");
        assert!(!source.contains("with_crds"), "{source}");
    }

    #[test]
    fn no_flag_no_operator_and_no_kind_say_what_to_do() {
        let dir = operator();
        let root = dir.path();
        assert_eq!(
            error(root, &webhook("Memcached", false, false, false)),
            "no webhook to create: pass at least one of --defaulting, --programmatic-validation and --conversion\n  = help: `--defaulting` writes a Defaulter (a mutating webhook), `--programmatic-validation` a Validator (a validating webhook), `--conversion` serves the conversions of a kind with several versions: e.g. `kube-codegen create webhook --group cache.example.com --version v1alpha1 --kind Memcached --defaulting --programmatic-validation`"
        );
        assert_eq!(
            error(root, &webhook("Redis", true, false, false)),
            format!(
                "no kind `Redis` in `cache.example.com/v1alpha1` in {}: a webhook is for a kind that exists\n  = help: create the kind first (`kube-codegen create api --group cache.example.com --version v1alpha1 --kind Redis`), or check --group, --version and --kind; built-in kinds are in groups such as `apps` and `core`",
                root.join("apis/src").display()
            )
        );
        assert_eq!(
            error(root, &webhook("Memcached", false, false, true)),
            "`Memcached` in `cache.example.com/v1alpha1` is not converted by webhook: it has no `+kubebuilder:conversion:strategy=Webhook` marker\n  = help: add the kind's other versions, and above `pub struct Memcached` in its storage version (the hub) `// +kubebuilder:storageversion`, `// +kubebuilder:conversion:strategy=Webhook` and `// +kubebuilder:conversion:webhook:service=<project>-system/<project>-webhook-service,path=/convert` (the book's Conversion chapter, docs/src/conversion.md); then run `make generate` and this command again"
        );
        let plain = tempfile::tempdir().unwrap();
        assert_eq!(
            error(plain.path(), &webhook("Memcached", true, false, false)),
            format!(
                "no operator here to add a webhook to: {} does not exist\n  = help: run `kube-codegen create webhook` in the root of a workspace made by `kube-codegen init`",
                plain.path().join("src/controllers/mod.rs").display()
            )
        );
    }

    #[test]
    fn conversion_registers_the_generated_conversions_once() {
        let dir = operator();
        let root = dir.path();
        let kind_file = root.join("apis/src/cache/v1alpha1/memcached.rs");
        let text = std::fs::read_to_string(&kind_file).unwrap();
        let marked = text.replacen(
            "pub struct Memcached {",
            "// +kubebuilder:storageversion\n// +kubebuilder:conversion:strategy=Webhook\n// +kubebuilder:conversion:webhook:service=shop-system/shop-webhook-service,path=/convert\npub struct Memcached {",
            1,
        );
        assert_ne!(marked, text);
        std::fs::write(&kind_file, marked).unwrap();
        let (created, _) = run(
            root,
            &root.join("apis/src"),
            &webhook("Memcached", false, false, true),
        )
        .unwrap();
        assert!(created.conversion && created.webhook_file.is_none());
        let registry = std::fs::read_to_string(root.join(layout::WEBHOOKS_MOD)).unwrap();
        assert!(
            registry.contains(
                "    manager.conversions(generated::conversion::conversions());\n    // kube-codegen:scaffold:webhooks\n"
            ),
            "{registry}"
        );
        assert!(root.join("config/certmanager/certificate.yaml").is_file());
        // Again: nothing left to do.
        assert_eq!(
            error(root, &webhook("Memcached", false, false, true)),
            format!(
                "the conversions are served already: {} registers them\n  = help: nothing to do; `--defaulting` or `--programmatic-validation` add admission webhooks",
                root.join(layout::WEBHOOKS_MOD).display()
            )
        );
        // Admission webhooks of the same kind still come.
        let created = plan_in(root, &webhook("Memcached", true, false, true)).unwrap();
        assert!(!created.conversion && created.webhook_file.is_some());
    }

    #[test]
    fn edited_files_without_their_marker_lines_are_refused_and_nothing_is_written() {
        let dir = operator();
        let root = dir.path();
        let main = root.join(layout::MAIN);
        let before = std::fs::read_to_string(&main).unwrap();
        std::fs::write(
            &main,
            before.replace("    // kube-codegen:scaffold:setup\n", ""),
        )
        .unwrap();
        let err = run(
            root,
            &root.join("apis/src"),
            &webhook("Memcached", true, false, false),
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            err,
            format!(
                "{}: no `// kube-codegen:scaffold:setup` line to add `webhooks::setup(&mut manager);` at\n  = help: add `mod webhooks;` with the modules and `webhooks::setup(&mut manager);` before the manager runs, or put the marker lines back (`// kube-codegen:scaffold:modules` after the modules, `// kube-codegen:scaffold:setup` before `manager.run_until_signal()`), and run again",
                main.display()
            )
        );
        assert!(!root.join("src/webhooks").exists());
        std::fs::write(&main, &before).unwrap();
        let default = root.join("config/default/kustomization.yaml");
        let text = std::fs::read_to_string(&default).unwrap();
        std::fs::write(
            &default,
            text.replace("# kube-codegen:scaffold:resources\n", ""),
        )
        .unwrap();
        assert_eq!(
            error(root, &webhook("Memcached", true, false, false)),
            format!(
                "{}: no `# kube-codegen:scaffold:resources` line to list ../webhook at\n  = help: add `- ../webhook` under `resources:` yourself, and put the marker line back below the list",
                default.display()
            )
        );
    }
}
