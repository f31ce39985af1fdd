//! Inputs the macro accepts: they compile, with the dependencies of every
//! other test, and each checks the items generated for it. (The inputs it
//! rejects, with the errors a user sees, are `src/ui.rs`'s cases.)

#[path = "pass/arguments.rs"]
mod arguments;
#[path = "pass/two_versions.rs"]
mod two_versions;

#[test]
fn arguments_a_kept_clone_and_an_enum_with_data() {
    arguments::check();
}

#[test]
fn two_versions_make_one_crd() {
    two_versions::check();
}
