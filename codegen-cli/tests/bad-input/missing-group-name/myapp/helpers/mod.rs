//! Not a version: no kinds, so no group needed.
pub fn help() {}
