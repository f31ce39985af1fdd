//! The `infra.fixture.example.com` group: cluster-scoped and namespaced kinds
//! with every shape of generated client.

pub mod v1alpha1;
