//! The API server's audit log of a local control plane: every write the
//! server received (`hack/k8s/controlplane.sh`'s policy logs create, update,
//! patch, delete and deletecollection at Metadata level), with the client's
//! user agent, so a test counts the writes of each operator replica.
//!
//! ```no_run
//! # fn demo() -> anyhow::Result<()> {
//! let log = e2e::audit::AuditLog::of(e2e::shared()?)?;
//! let writes = log.events()?;
//! let mine = writes.iter().filter(|w| w.is_from("replica-a")).count();
//! # let _ = mine; Ok(()) }
//! ```

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::MicroTime;
use k8s_openapi::jiff::Timestamp;
use serde::Deserialize;

/// The user agent a test client sends, naming `identity` (the manager's
/// own clients name their identity the same way).
pub fn user_agent(identity: &str) -> String {
    format!("e2e ({identity})")
}

/// One write the API server received.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Write {
    /// `create`, `update`, `patch`, `delete` or `deletecollection`.
    pub verb: String,
    /// The request's `User-Agent`.
    #[serde(default)]
    pub user_agent: String,
    /// What it wrote.
    #[serde(default)]
    pub object_ref: ObjectRef,
    /// When the server received it (the server's clock).
    pub request_received_timestamp: MicroTime,
    /// The server's answer.
    #[serde(default)]
    pub response_status: Option<ResponseStatus>,
}

/// The object of a [`Write`].
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectRef {
    /// Plural resource name (`apps`, `leases`, ...).
    #[serde(default)]
    pub resource: String,
    /// Its namespace, if any.
    #[serde(default)]
    pub namespace: Option<String>,
    /// Its name (absent on a create of a generated name and on collections).
    #[serde(default)]
    pub name: Option<String>,
    /// `status`, `scale`, ...
    #[serde(default)]
    pub subresource: Option<String>,
}

/// The HTTP status of a [`Write`].
#[derive(Debug, Clone, Deserialize)]
pub struct ResponseStatus {
    /// HTTP status code.
    #[serde(default)]
    pub code: Option<u16>,
}

impl Write {
    /// Whether the client that sent it named `identity` in its user agent.
    pub fn is_from(&self, identity: &str) -> bool {
        self.user_agent.contains(&format!("({identity})"))
            || self.user_agent.contains(&format!("identity={identity}"))
    }

    /// When the server received it.
    pub fn received(&self) -> Timestamp {
        self.request_received_timestamp.0
    }

    /// The HTTP status code of the answer.
    pub fn code(&self) -> Option<u16> {
        self.response_status.as_ref().and_then(|s| s.code)
    }

    /// Whether it is a write of the Lease `name`.
    pub fn is_lease(&self, name: &str) -> bool {
        self.object_ref.resource == "leases" && self.object_ref.name.as_deref() == Some(name)
    }
}

/// An audit log file.
#[derive(Debug, Clone)]
pub struct AuditLog {
    path: PathBuf,
}

impl AuditLog {
    /// The audit log of a local control plane.
    pub fn of(cp: &crate::ControlPlane) -> Result<AuditLog> {
        let path = cp
            .audit_log()
            .context("the audit log needs a local control plane")?;
        Ok(AuditLog { path })
    }

    /// The log at `path`.
    pub fn at(path: impl AsRef<Path>) -> AuditLog {
        AuditLog {
            path: path.as_ref().to_path_buf(),
        }
    }

    /// Every write logged so far, in order. The server writes an event before
    /// it answers, so a write a client has its answer to is here.
    pub fn events(&self) -> Result<Vec<Write>> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("reading {}", self.path.display())),
        };
        text.lines()
            .filter(|line| !line.trim().is_empty())
            // The server may be writing the last line right now.
            .filter_map(|line| serde_json::from_str::<Write>(line).ok())
            .map(Ok)
            .collect()
    }

    /// The writes from the client naming `identity`.
    pub fn writes_from(&self, identity: &str) -> Result<Vec<Write>> {
        Ok(self
            .events()?
            .into_iter()
            .filter(|w| w.is_from(identity))
            .collect())
    }

    /// The first successful write of the Lease `lease` by `identity`
    /// received after `since`: a standby writes its Lease only to take it
    /// over, so this is its acquisition.
    pub fn acquisition(&self, lease: &str, identity: &str, since: Timestamp) -> Result<Write> {
        self.writes_from(identity)?
            .into_iter()
            .find(|w| {
                w.is_lease(lease) && w.received() > since && w.code().is_some_and(|c| c < 300)
            })
            .with_context(|| format!("no Lease write by {identity} after {since}"))
    }

    /// The writes by `identity` received after `after`, one line each.
    pub fn writes_after(&self, identity: &str, after: Timestamp) -> Result<Vec<String>> {
        Ok(self
            .writes_from(identity)?
            .into_iter()
            .filter(|w| w.received() > after)
            .map(|w| {
                format!(
                    "{} {} {:?} at {}",
                    w.verb,
                    w.object_ref.resource,
                    w.object_ref.name,
                    w.received()
                )
            })
            .collect())
    }
}
