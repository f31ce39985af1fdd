//! The `batch.fixture.example.com` group, in two versions.

pub mod v1;
pub mod v1beta1;
