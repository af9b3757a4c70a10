//! The oracle shared by rapidutf's tests, fuzz targets and benchmarks.
//!
//! Every expected value here is computed from core and std or from the
//! written specification, never from the library under test:
//!
//! - [`oracle`]: decoders built on `core::str::from_utf8`,
//!   `char::decode_utf16` and `char::from_u32` that keep each character's
//!   input width; the UTF-8 error-kind table; what a transcoder must return
//!   for a given output size, and a runner that checks the guard zone
//!   behind `dst`;
//! - [`count`]: the documented definitions of the lengths and counts;
//! - [`corpus`]: the texts every test, fuzz target and benchmark runs on
//!   (generated, and the shared corpora where present) and the one list
//!   of languages;
//! - [`textgen`]: the generator of those texts;
//! - [`legacy`]: the Latin-1 and Windows-1252 inputs, and the
//!   Windows-1252 table (from CPython, with WHATWG's five C1 bytes);
//! - `gen` (feature `proptest`): input strategies;
//! - [`boundary`]: every character and error kind at every window offset;
//! - [`reference`](mod@reference): error strategies, many-strings validation, detection;
//! - [`kernels`](mod@kernels): the kernel lists the test runs take from
//!   the environment, and the kernels a run covers;
//! - [`rerun`]: a test binary run again under every kernel.
//!
//! Not published: the library's package does not depend on it.

pub mod boundary;
pub mod corpus;
pub mod count;
#[cfg(feature = "proptest")]
pub mod gen;
pub mod kernels;
pub mod legacy;
pub mod oracle;
pub mod reference;
pub mod rerun;
pub mod textgen;

pub use corpus::{lipsum, lipsum_file, LANGUAGES};
pub use count::*;
#[cfg(feature = "proptest")]
pub use gen::*;
pub use kernels::{kernels, kernels_named};
pub use legacy::{
    latin1_encode_lossy, latin1_inputs, windows1252_byte, windows1252_encode_lossy,
    windows1252_inputs, windows1252_table,
};
pub use oracle::*;
pub use rerun::{
    rerun_under_every_kernel, rerun_under_every_kernel_skipping, run_watched, self_command,
};
