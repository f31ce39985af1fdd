//! The `fleet.fixture.example.com` group: a cluster-scoped kind in two
//! versions that differ, converted by a webhook (hub v2, spoke v1).

pub mod v1;
pub mod v2;
