//! rapidutf's integration tests, one module per operation. Each module
//! holds the techniques that apply to its operation (exhaustive inputs,
//! errors at every offset, the corpus, proptest properties, `dst`
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

#[cfg(all(feature = "alloc", feature = "transcode"))]
mod append;
mod bom;
#[cfg(all(feature = "alloc", feature = "transcode"))]
mod bytes_input;
mod columnar;
mod compat;
#[cfg(feature = "transcode")]
mod counts;
#[cfg(all(feature = "alloc", feature = "single-byte"))]
mod decode_detected;
mod detect;
mod dispatch;
#[cfg(feature = "transcode")]
mod encode_into;
mod errors;
#[cfg(all(feature = "std", feature = "stream", feature = "single-byte"))]
mod io;
#[cfg(all(feature = "alloc", feature = "single-byte"))]
mod latin1;
#[cfg(feature = "alloc")]
mod lossy;
#[cfg(all(feature = "alloc", feature = "transcode"))]
mod lossy_lengths;
#[cfg(all(feature = "alloc", feature = "transcode"))]
mod lossy_report;
#[cfg(all(feature = "alloc", feature = "transcode", feature = "single-byte"))]
mod narrow;
#[cfg(all(feature = "alloc", feature = "single-byte"))]
mod single_byte_lossy;
#[cfg(feature = "stream")]
mod stream;
#[cfg(all(feature = "stream", feature = "alloc"))]
mod stream_bytes;
#[cfg(all(feature = "stream", feature = "alloc"))]
mod stream_str;
#[cfg(feature = "transcode")]
mod transcode_from_utf8;
#[cfg(feature = "transcode")]
mod transcode_to_utf8;
#[cfg(all(feature = "alloc", feature = "transcode", feature = "single-byte"))]
mod uninit;
#[cfg(all(feature = "alloc", feature = "utf8-variants"))]
mod utf8_variants;
#[cfg(feature = "transcode")]
mod valid_input;
mod validate_utf16_utf32;
mod validate_utf8;
#[cfg(all(feature = "alloc", feature = "single-byte"))]
mod windows1252;
