//! What users see: inputs the macro accepts (they compile and their `main`
//! checks the generated items), and inputs it rejects, with the compiler's
//! output pinned in the `.stderr` files next to them (`TRYBUILD=overwrite`
//! rewrites those after a deliberate change; review the diff).

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.pass("tests/ui/pass/*.rs");
    cases.compile_fail("tests/ui/fail/*.rs");
}
