use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AppSpec {
    pub source: SourceSpec,
    pub created: DateTime<Utc>,
    pub other: super::super::v2::AppSpec,
}
