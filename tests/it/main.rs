//! rapidutf's integration tests, one module per operation. Each module
//! holds the techniques that apply to its operation (exhaustive inputs,
//! errors at every offset, the lipsum corpus, proptest properties, `dst`
//! sweeps with a guard zone), run with every kernel in
//! `Kernel::available()`; the oracle is `rapidutf_testkit` (core and std).
//!
//! Tests that need a fresh process (`RAPIDUTF_KERNEL` is read once per
//! process) run this binary again as a child with a name filter
//! (`common::self_command`, `common::rerun_under_every_kernel`).
//!
//! proptest keeps the seeds of past failures of module `m` in
//! `tests/proptest-regressions/m.txt` (its rule for a file beside a
//! `main.rs`) and replays them before new cases.

mod common;

#[cfg(feature = "alloc")]
mod append;
mod bom;
mod counts;
#[cfg(feature = "alloc")]
mod derive;
mod detect;
mod dispatch;
mod errors;
mod latin1;
#[cfg(feature = "alloc")]
mod lossy;
mod stream;
mod transcode_from_utf8;
mod transcode_to_utf8;
mod valid_input;
mod validate_utf16_utf32;
mod validate_utf8;
mod windows1252;
