//! The webhooks of the fixture's `Database` kind, as an operator writes them:
//! a defaulter and a validator on the manager, with the `+kubebuilder:webhook`
//! markers `kube-codegen webhook` turns into their configurations (the test
//! generates them from this directory).

use std::sync::Arc;

use fixture_generated::apis::infra::v1alpha1::{Database, Engine};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use kube_codegen_manager::webhook::{
    Defaulter, Denied, FieldError, Operation, Request, Validator, Warnings, Webhook,
};

/// The label that protects a Database from deletion.
pub const PROTECTED: &str = "infra.fixture.example.com/protected";

/// Defaults a Database's port from its engine and its backup window; judges
/// its size, its backup window, engine changes and deletes.
#[derive(Clone, Default)]
pub struct Databases {
    /// Every request the webhooks saw, as `OPERATION name dry-run`.
    pub seen: Arc<std::sync::Mutex<Vec<String>>>,
}

impl Databases {
    fn saw(&self, request: &Request<'_>, what: &str) {
        let dry = if request.dry_run() { " dry-run" } else { "" };
        self.seen.lock().unwrap().push(format!(
            "{what} {:?} {}{dry}",
            request.operation(),
            request.name()
        ));
    }
}

fn name(db: &Database) -> &str {
    db.metadata.name.as_deref().unwrap_or_default()
}

// +kubebuilder:webhook:path=/mutate-infra-fixture-example-com-v1alpha1-database,mutating=true,failurePolicy=fail,sideEffects=None,groups=infra.fixture.example.com,resources=databases,verbs=create;update,versions=v1alpha1,name=mdatabase-v1alpha1.kb.io,admissionReviewVersions=v1,patch=`{"objectSelector":{"matchExpressions":[{"key":"webhooks.example.com/skip","operator":"DoesNotExist"}]},"matchConditions":[{"name":"not-skipped","expression":"!has(object.metadata.annotations) || !('webhooks.example.com/skip' in object.metadata.annotations)"}]}`
impl Defaulter<Database> for Databases {
    async fn default(&self, request: &Request<'_>, db: &mut Database) -> Result<(), Denied> {
        self.saw(request, "default");
        let port = match db.spec.engine {
            Engine::Postgres => 5432,
            Engine::Mysql => 3306,
        };
        db.spec.port.get_or_insert(IntOrString::Int(port));
        if db.spec.backup_window.is_empty() {
            db.spec.backup_window = "02:00-03:00".to_owned();
        }
        Ok(())
    }
}

/// `HH:MM-HH:MM`.
fn is_time_range(text: &str) -> bool {
    let time = |t: &str| {
        let (h, m) = t.split_once(':').unwrap_or(("x", "x"));
        h.len() == 2
            && m.len() == 2
            && h.parse::<u8>().is_ok_and(|h| h < 24)
            && m.parse::<u8>().is_ok_and(|m| m < 60)
    };
    text.split_once('-')
        .is_some_and(|(a, b)| time(a) && time(b))
}

// +kubebuilder:webhook:path=/validate-infra-fixture-example-com-v1alpha1-database,mutating=false,failurePolicy=fail,sideEffects=None,groups=infra.fixture.example.com,resources=databases,verbs=create;update;delete,versions=v1alpha1,name=vdatabase-v1alpha1.kb.io,admissionReviewVersions=v1
impl Validator<Database> for Databases {
    async fn validate_create(
        &self,
        request: &Request<'_>,
        db: &Database,
    ) -> Result<Warnings, Denied> {
        self.saw(request, "validate");
        let mut warnings = Warnings::new();
        if db.spec.engine == Engine::Mysql {
            warnings.push("spec.engine: mysql is deprecated; use postgres".to_owned());
        }
        let mut errors = Vec::new();
        if db.spec.storage_gib > 1000 {
            errors.push(FieldError::invalid(
                "spec.storageGib",
                db.spec.storage_gib,
                "must be at most 1000",
            ));
        }
        if !is_time_range(&db.spec.backup_window) {
            errors.push(FieldError::invalid(
                "spec.backupWindow",
                db.spec.backup_window.as_str(),
                "must be HH:MM-HH:MM",
            ));
        }
        if errors.is_empty() {
            Ok(warnings)
        } else {
            Err(Denied::invalid::<Database>(name(db), errors).with_warnings(warnings))
        }
    }

    async fn validate_update(
        &self,
        request: &Request<'_>,
        old: &Database,
        new: &Database,
    ) -> Result<Warnings, Denied> {
        if old.spec.engine != new.spec.engine {
            self.saw(request, "validate");
            let error = FieldError::forbidden("spec.engine", "may not change");
            return Err(Denied::invalid::<Database>(name(new), [error]));
        }
        self.validate_create(request, new).await
    }

    async fn validate_delete(
        &self,
        request: &Request<'_>,
        db: &Database,
    ) -> Result<Warnings, Denied> {
        self.saw(request, "validate");
        let protected = db
            .metadata
            .labels
            .as_ref()
            .is_some_and(|l| l.contains_key(PROTECTED));
        if protected {
            return Err(Denied::new(format!(
                "database {} is protected; remove the {PROTECTED} label first",
                name(db)
            )));
        }
        Ok(Warnings::new())
    }
}

/// The Database webhooks as the manager and the fake register them: the
/// operations of the markers above.
pub fn webhook(databases: &Databases) -> Webhook<Database> {
    Webhook::<Database>::new()
        .defaulter(databases.clone())
        .validator(databases.clone())
        .validation_operations([Operation::Create, Operation::Update, Operation::Delete])
}
