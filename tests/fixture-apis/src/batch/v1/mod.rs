//! Version v1 of the batch fixture group: the storage version of `CronTab`.
//!
//! +groupName=batch.fixture.example.com
//! +k8s:deepcopy-gen=package

mod crontab;

pub use crontab::*;
