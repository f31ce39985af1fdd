//! What several test files share. Each includes it as `mod support;`.

pub mod expect;
pub mod scratch;
