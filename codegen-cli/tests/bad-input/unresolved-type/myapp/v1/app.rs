use url::Url;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AppSpec {
    pub source: SourceSpec,
    pub created: Url,
    pub other: super::super::v2::AppSpec,
}
