//! Faults, survived the way controller-runtime survives them (issue 27):
//! one test binary on the real control plane, one module per part of the
//! manager under fault.
//!
//! - `webhook`: the webhook server against abusive clients (garbage,
//!   oversized and endless bodies, fuzzed reviews, a panicking handler,
//!   connections stalled mid-header), with the API server as the client
//!   that matters.
//!
//! Run one part with `cargo test -p e2e --test faults faults::webhook::`.

mod faults {
    mod webhook;
}
