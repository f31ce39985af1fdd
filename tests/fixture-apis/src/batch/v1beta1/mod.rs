//! Version v1beta1 of the batch fixture group: an older, deprecated shape of
//! `CronTab` that is still served.
//!
//! +groupName=batch.fixture.example.com

mod conversion;
mod crontab;

pub use crontab::*;
