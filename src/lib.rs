//! Validate and transcode Unicode text (UTF-8, UTF-16, UTF-32) at memory
//! speed, with runtime-dispatched SIMD kernels and a safe API.
//!
//! ```
//! // Validation, with core's error contract plus the reason.
//! let e = rapidutf::validate_utf8(b"abc\xE0\x80\x80").unwrap_err();
//! assert_eq!((e.valid_up_to(), e.error_len()), (3, Some(1)));
//! assert_eq!(e.kind(), rapidutf::Utf8ErrorKind::Overlong);
//!
//! # #[cfg(feature = "transcode")] {
//! // Transcoding into a caller's buffer: Ok(units written).
//! let mut utf16 = [0u16; 16];
//! let n = rapidutf::utf8_to_utf16("héllo".as_bytes(), &mut utf16).unwrap();
//! assert_eq!(n, 5);
//!
//! // A buffer that is too small is an error, never a panic.
//! let mut tiny = [0u16; 2];
//! let err = rapidutf::utf8_to_utf16("héllo".as_bytes(), &mut tiny).unwrap_err();
//! assert_eq!(err, rapidutf::TranscodeError::OutputTooSmall { read: 3, written: 2 });
//! # }
//! ```
//!
//! # Start here
//!
//! | To ... | use | with the features |
//! |---|---|---|
//! | check bytes are UTF-8 | [`validate_utf8`] (position and [kind](Utf8ErrorKind) of the first error), [`is_valid_utf8`] (a bool, fastest) | none |
//! | replace `core::str::from_utf8` | [`from_utf8`], [`from_utf8_mut`], [`string_from_utf8`]; [`compat`] for std's own error types | none (`alloc` for `String`) |
//! | convert a `&str` | [`str_to_utf16_vec`], [`str_to_utf32_vec`], [`str_to_utf16`] (into a buffer, infallible but for its size) | `transcode` |
//! | convert into a caller's buffer | [`transcode`]: `utf8_to_utf16`, `utf16_to_utf8`, ... (the buffer sizes that always suffice are documented there); [`uninit`] for uninitialised memory | `transcode` |
//! | allocate the result | [`utf8_to_utf16_vec`], [`utf16_to_string`], [`utf32_to_string`], ... | `transcode`, `alloc` |
//! | decode UTF-16 or UTF-32 bytes as read from a file (any address, any length) | [`utf16le_bytes_to_string`], [`validate_utf16le_bytes`], [`utf16le_bytes_to_utf8`], [`utf16le_bytes_to_string_lossy`] and the `utf16be`, `utf32le`, `utf32be` forms | `transcode`, `alloc` (validation: none) |
//! | decode what may be broken | [`utf8_to_string_lossy`], [`utf16_to_string_lossy`], [`utf8_to_string_lossy_with`] and an [`ErrorStrategy`] | `alloc` |
//! | stream | [`stream`] (chunked decoders and validators), [`io`](mod@io) (`Read`/`Write` adapters; tokio codecs and `Bytes` with `tokio`, `bytes`, `futures`) | `stream`; `io` also `std`, `single-byte` |
//! | find out the encoding | [`detect_bom`], [`detect_encoding`] | none |
//! | detect and decode in one call | [`decode_detected()`], [`decode_detected_lossy`], [`Detection::decode`] | `alloc`, `single-byte` |
//! | read or write Latin-1 or Windows-1252 | [`latin1`](mod@latin1), [`windows1252`](mod@windows1252) | `single-byte` |
//! | write Latin-1 or Windows-1252, replacing what they lack | [`utf8_to_latin1_lossy`], [`str_to_windows1252_lossy`], their `_vec` and `_append` forms ([`Lossy`] counts the replacements) | `single-byte` (`alloc` for `_vec`, `_append`) |
//! | CESU-8, Modified UTF-8, WTF-8, surrogateescape, utf8mb3 | [`utf8_variants`] | `utf8-variants` |
//! | validate many strings, Arrow or Parquet columns | [`validate_utf8_offsets`], [`validate_utf8_ranges`], [`columnar`] | none |
//! | store strings as a JavaScript engine or CPython does | [`narrow`](mod@narrow) | `transcode`, `single-byte` |
//! | call it from C or C++ | the `rapidutf-capi` crate of the repository (`capi/`: a header, a static and a shared library) | |
//! | run one kernel | the methods of [`Kernel`] (every free function that runs a kernel has one) | |
//!
//! Every operation has one name; where a second is kept for a familiar
//! spelling it is documented as an alias: [`from_utf8`] is
//! [`validate_utf8`] under core's name, and [`utf32_len_from_utf8`] is
//! [`count_chars`] under the naming grid's
//! (`<output>_len_from_<input>`).
//!
//! # What is here
//!
//! - **Validation**: [`validate_utf8`] (core-identical errors, plus a
//!   [`Utf8ErrorKind`]), [`is_valid_utf8`] (a bare bool, fastest),
//!   [`validate_utf16`], [`validate_utf32`], [`is_ascii`].
//! - **Transcoding** into caller buffers, all directions between UTF-8,
//!   UTF-16 (native, LE, BE) and UTF-32: see [`transcode`] for the buffer
//!   sizes that always suffice. With `alloc`: [`utf8_to_utf16_vec`],
//!   [`utf16_to_string`] and friends.
//! - **Latin-1** (ISO-8859-1) to and from UTF-8, UTF-16 and UTF-32
//!   ([`latin1`](mod@latin1)): [`latin1_to_utf8`], [`utf8_to_latin1`] and
//!   friends, with [`Latin1Error`] saying whether a character is invalid
//!   or only above U+00FF; with `alloc`, [`latin1_to_string`] and
//!   [`utf8_to_latin1_vec`].
//! - **Windows-1252** as the WHATWG Encoding Standard defines it
//!   ([`windows1252`](mod@windows1252)): [`windows1252_to_utf8`],
//!   [`utf8_to_windows1252`] and friends, on the Latin-1 kernels.
//! - **Lossy encoding to Latin-1 and Windows-1252**: a caller-chosen byte
//!   for each character the target lacks and each maximal invalid subpart
//!   ([`utf8_to_latin1_lossy`], [`str_to_latin1_lossy`],
//!   [`utf8_to_windows1252_lossy`], [`str_to_windows1252_lossy`] and their
//!   `_vec` and `_append` forms), reporting the replacements in a
//!   [`Lossy`].
//! - **Lengths and counts**: [`count_chars`] (also named
//!   [`utf32_len_from_utf8`]), [`utf16_len_from_utf8`],
//!   [`utf8_len_from_utf16`], [`utf8_len_from_utf32`], ...
//! - **Uninitialised output** ([`uninit`]): every buffer transcoder, and
//!   bounded lossy decoding, into `&mut [MaybeUninit<T>]` (a vector's
//!   spare capacity, a foreign runtime's string object), never read and
//!   never zero-filled first.
//! - **Lossy decoding** (with `alloc`): [`utf8_to_string_lossy`],
//!   [`utf8_to_utf16_lossy`], [`utf8_to_utf32_lossy`] and
//!   [`utf16_to_string_lossy`], identical to std's, and the exact lengths
//!   [`utf16_len_from_utf8_lossy`] and [`utf32_len_from_utf8_lossy`]. The
//!   `_report` forms ([`utf8_to_utf16_lossy_report`],
//!   [`utf16_to_string_lossy_report`], ...) also count the replacements,
//!   in the same [`Lossy`] as the encoders; the UTF-8 to `String` forms
//!   say it with their `Cow`, and the stream decoders keep a running
//!   count.
//! - **For JavaScript engines and Python** ([`narrow`](mod@narrow)): the
//!   narrowest form in one pass, [`utf8_to_latin1_or_utf16`] (what V8 and
//!   JavaScriptCore store), [`utf8_to_pep393`] and
//!   [`pep393_kind_from_utf8`] (CPython's string kinds),
//!   [`utf16_to_latin1_or_utf16`]; and `TextEncoder.encodeInto`,
//!   [`utf16_to_utf8_lossy_into`] (and
//!   [`utf16_to_utf8_lossy_into_report`], which counts the lone
//!   surrogates it replaced).
//! - **Streaming** ([`stream`]): [`stream::Utf8Validator`] for chunked
//!   validation, and [`stream::Utf8Decoder`] / [`stream::Utf16Decoder`]
//!   for chunked UTF-8 ⇄ UTF-16 transcoding into bounded buffers, strict or
//!   lossy, plus UTF-8 → UTF-8 (a chunked `from_utf8_lossy`), UTF-8 →
//!   UTF-32 and [`stream::Utf32Decoder`]; results are independent of where
//!   the chunks are cut.
//! - **Drop-ins** for core and std: [`from_utf8`], [`from_utf8_mut`] and
//!   (with `alloc`) [`string_from_utf8`], with exactly their contracts;
//!   [`compat`] has the same three returning std's own error types, for
//!   code that names them or converts them with `?`.
//! - **Many strings in one buffer** (Arrow-style offsets or ranges):
//!   [`validate_utf8_offsets`], [`validate_utf8_ranges`], reporting the
//!   first failing string and its error.
//! - **Columnar layouts** ([`columnar`]): Arrow string views, Parquet
//!   PLAIN and DELTA_LENGTH_BYTE_ARRAY pages, validation of selected rows
//!   only, and a per-row ASCII bitmap as a by-product.
//! - **UTF-16 helpers**: [`swap_utf16_bytes`], [`make_utf16_well_formed`],
//!   [`to_well_formed_utf16`], [`utf8_len_from_utf16_lossy`].
//! - **I/O** ([`io`](mod@io), with `std`): [`io::Utf8Reader`] (a `Read` +
//!   `BufRead` that passes on only valid UTF-8), [`io::DecodeReader`]
//!   (UTF-16, UTF-32, Latin-1 or Windows-1252 read as UTF-8) and
//!   [`io::EncodeWriter`]; with the `bytes`, `tokio` and `futures`
//!   features, `Utf8Bytes`, `tokio_util` codecs, an `AsyncRead` adapter and
//!   a `Stream` of `Bytes` as text.
//! - **Byte order marks**: [`detect_bom`] and [`Bom`].
//! - **Detect, then decode**: [`decode_detected()`], [`decode_detected_lossy`],
//!   [`Detection::decode`] and [`Detection::decode_lossy`].
//! - **UTF-8 variants** ([`utf8_variants`]): CESU-8, Java's Modified UTF-8,
//!   WTF-8, Python's `surrogateescape` (PEP 383) and OPTU-8, and MySQL's
//!   `utf8mb3`, with their plain-UTF-8 stretches on the SIMD paths.
//!
//! Errors come from one layer ([`Utf8Error`], [`Utf16Error`],
//! [`Utf32Error`], and [`TranscodeError`] around them): the kernels only
//! notice that a block is bad, and one cold scalar routine computes the
//! exact position and kind.
//!
//! # Crate features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `std` | yes | runtime CPU feature detection (one binary uses AVX-512, AVX2 or SSE4.2 as the CPU allows) and the `RAPIDUTF_KERNEL` override; implies `alloc`. Without it the crate is `no_std` and uses the kernels enabled at compile time (`-C target-feature`) |
//! | `alloc` | via `std` | the functions that return `Vec`, `String` or `Cow` |
//! | `transcode` | yes | conversion between UTF-8, UTF-16 (native, LE, BE) and UTF-32 ([`transcode`], [`uninit`]), the counts and lengths |
//! | `stream` | yes | chunked decoders and validators ([`stream`]); implies `transcode` |
//! | `utf8-variants` | yes | CESU-8, Modified UTF-8, WTF-8, surrogateescape and OPTU-8, utf8mb3 ([`utf8_variants`]); implies `transcode` |
//! | `single-byte` | yes | Latin-1 and Windows-1252 ([`latin1`](mod@latin1), [`windows1252`](mod@windows1252)) and the narrowest forms ([`narrow`](mod@narrow)); implies `transcode` |
//! | `portable` | no | the portable kernel (`Kernel::Portable`, SIMD over the `wide` crate), for targets without a dedicated kernel, comparison and testing |
//! | `bytes` | no | [`io`](mod@io)`::Utf8Bytes`, `bytes::Bytes` that holds UTF-8; implies `std`, `stream`, `single-byte` |
//! | `futures` | no | `io::Utf8Stream`, a `Stream` of `Bytes` as text; implies `bytes` |
//! | `tokio` | no | `io::Utf8Codec`, `io::Utf8LinesCodec`, `io::LinesCodec` (a drop-in for tokio-util's) and `io::AsyncUtf8Reader`; implies `bytes` (tokio itself needs Rust 1.85 in its current releases) |
//!
//! `default-features = false, features = ["std"]` builds validation alone
//! (UTF-8, UTF-16, UTF-32, the drop-ins, many strings, lossy UTF-8): the
//! smallest build for a parser that only validates.
//!
//! # Kernel selection
//!
//! [`Kernel::available`] lists the kernels this CPU can run and
//! [`Kernel::active`] the one the free functions use: the fastest, unless
//! the environment variable `RAPIDUTF_KERNEL` (read once per process)
//! names another available kernel (`scalar`, `portable`, `sse42`, `avx2`,
//! `avx512`, `neon`, `simd128`). Each kernel can also be called directly, e.g.
//! `Kernel::Scalar.validate_utf8(bytes)`, which is how the tests cover
//! every kernel in one run.
//!
//! Short inputs are answered inline where an indirect call would cost
//! more than it saves: UTF-8 validation answers inputs under 8 bytes with
//! `core::str::from_utf8`, ASCII inputs under 67 bytes with a
//! word-at-a-time test, and other non-ASCII inputs under 19 bytes with the
//! scalar DFA (from 19 bytes on they reach the kernel's 16-byte path).
//! Transcoders and UTF-16/UTF-32 validators run the scalar loop on inputs
//! under 32 units, counts the scalar sum under 64 bytes. The `Kernel`
//! methods always run their kernel.
//!
//! An unknown or unavailable `RAPIDUTF_KERNEL` is ignored (the library
//! never prints): [`Kernel::active`] shows which kernel is in use.
//!
//! # Layers
//!
//! The crate is built in one-way layers (see `ARCHITECTURE.md` in the
//! repository): the error types and the byte-order leaf; the scalar
//! reference; the kernels (`arch`, with their tables); the glue that runs
//! "a kernel prefix, then the scalar finish"; dispatch and the kernel
//! registry; the public facades; streaming and the UTF-8 variants, on top.
//!
//! # How UTF-8 validation works
//!
//! The SIMD kernels implement the "lookup" algorithm of Keiser and Lemire,
//! *Validating UTF-8 In Less Than One Instruction Per Byte* (2021), once,
//! generically, for every instruction set: three 16-entry table lookups
//! per byte pair classify every two-byte error, the input shifted by two
//! and three bytes checks the continuations of 3- and 4-byte characters,
//! and all-ASCII 64-byte blocks take a fast path. [`is_valid_utf8`] tests
//! the accumulated error once at the end; [`validate_utf8`] tests it every
//! few blocks and, on failure, lets one scalar routine find the exact
//! position and [`Utf8ErrorKind`].
//!
//! # How UTF-16 and UTF-32 conversion works
//!
//! Each kernel converts (or validates) a prefix of the input in blocks and
//! stops before a block with an error, or where the output might not hold
//! a whole block; the scalar code then finishes the rest and is the only
//! place that computes errors, so every kernel reports exactly the same
//! [`Utf16Error`], [`Utf32Error`] or [`TranscodeError::OutputTooSmall`].
//! The AVX-512 kernel computes every candidate output byte in a fixed place
//! and squeezes out the unused ones with VBMI2's compress instructions
//! (Clausecker & Lemire, 2023); the other kernels (SSE4.2, AVX2, NEON,
//! simd128) compact with byte shuffles from tables keyed by each unit's
//! length, one 16-byte row per 128-bit lane (Lemire & Muła, 2022). Both
//! convert surrogate pairs in SIMD.
//!
//! # WebAssembly
//!
//! WebAssembly has no run-time feature detection: the `simd128` kernel is
//! in the build only when the target feature is on, and a build without it
//! runs the scalar kernel instead, with nothing to say so.
//! Turn it on for the whole build, e.g. in `.cargo/config.toml`:
//!
//! ```toml
//! [target.wasm32-unknown-unknown]
//! rustflags = ["-C", "target-feature=+simd128"]
//! ```
//!
//! (or `RUSTFLAGS="-C target-feature=+simd128"`), and check which kernel
//! runs with [`Kernel::active`], at start-up or in a test of your crate:
//!
//! ```
//! #[cfg(target_arch = "wasm32")]
//! assert_eq!(
//!     rapidutf::Kernel::active(),
//!     rapidutf::Kernel::Simd128,
//!     "built without -C target-feature=+simd128: the scalar kernel runs"
//! );
//! ```
//!
//! Current browsers, Node.js and Wasmtime all run WebAssembly SIMD.
//!
//! # Minimum Rust version
//!
//! 1.81, with every feature. Compilers before 1.89 lack the AVX-512
//! intrinsics: built with one, the crate leaves the AVX-512 kernel out
//! (`Kernel::Avx512` is then never [available](Kernel::is_available)), and
//! dispatch picks the fastest of the others.

// Every public function and method is `#[inline]`: it is compiled in the
// crate that calls it, with the generic glue it instantiates, so a
// dependent builds only what it uses. What this crate always builds is
// the kernels, reached through their tables. (Measured with
// `bench/build-times.sh`: 28 % of the default build's CPU time.)
#![warn(clippy::missing_inline_in_public_items)]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]
// With a feature off, the internals that only its API uses are compiled
// but unused (the kernels' tables hold stand-ins for its entries); the
// full build, which CI lints, reports dead code as usual.
#![cfg_attr(
    not(all(
        feature = "transcode",
        feature = "stream",
        feature = "utf8-variants",
        feature = "single-byte"
    )),
    allow(dead_code, unused_imports, unused_macros)
)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod arch;
mod bom;
mod byte_order;
mod bytes_input;
pub mod columnar;
pub mod compat;
#[cfg(feature = "transcode")]
mod count;
#[cfg(all(feature = "alloc", feature = "single-byte"))]
mod decode_detected;
pub mod detect;
mod dispatch;
mod dropin;
mod error;
mod glue;
#[cfg(feature = "transcode")]
mod grid;
#[cfg(all(feature = "std", feature = "stream", feature = "single-byte"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "std", feature = "stream", feature = "single-byte"))))]
pub mod io;
mod kernel;
#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
pub mod latin1;
#[cfg(feature = "alloc")]
mod lossy;
mod many;
#[cfg(all(feature = "transcode", feature = "single-byte"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "transcode", feature = "single-byte"))))]
pub mod narrow;
mod scalar;
mod strategy;
#[cfg(feature = "stream")]
#[cfg_attr(docsrs, doc(cfg(feature = "stream")))]
pub mod stream;
#[cfg(feature = "transcode")]
#[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
pub mod transcode;
#[cfg(feature = "transcode")]
#[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
pub mod uninit;
mod utf16_tools;
#[cfg(feature = "utf8-variants")]
#[cfg_attr(docsrs, doc(cfg(feature = "utf8-variants")))]
pub mod utf8_variants;
mod validate;
#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
pub mod windows1252;

pub use bom::{detect_bom, Bom};
#[cfg(all(feature = "alloc", feature = "transcode"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "alloc", feature = "transcode"))))]
pub use bytes_input::{
    utf16be_bytes_to_string, utf16be_bytes_to_string_lossy, utf16be_bytes_to_string_lossy_report,
    utf16le_bytes_to_string, utf16le_bytes_to_string_lossy, utf16le_bytes_to_string_lossy_report,
    utf32be_bytes_to_string, utf32be_bytes_to_string_lossy, utf32be_bytes_to_string_lossy_report,
    utf32le_bytes_to_string, utf32le_bytes_to_string_lossy, utf32le_bytes_to_string_lossy_report,
};
#[cfg(feature = "transcode")]
#[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
pub use bytes_input::{
    utf16be_bytes_to_utf8, utf16le_bytes_to_utf8, utf32be_bytes_to_utf8, utf32le_bytes_to_utf8,
};
pub use bytes_input::{
    validate_utf16be_bytes, validate_utf16le_bytes, validate_utf32be_bytes, validate_utf32le_bytes,
};
#[cfg(feature = "transcode")]
#[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
pub use count::{
    count_chars, utf16_len_from_chars, utf16_len_from_utf32, utf16_len_from_utf8,
    utf32_len_from_utf16, utf32_len_from_utf16be, utf32_len_from_utf16le, utf8_len_from_chars,
    utf8_len_from_utf16, utf8_len_from_utf16be, utf8_len_from_utf16le, utf8_len_from_utf32,
};
#[cfg(all(feature = "alloc", feature = "single-byte"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "alloc", feature = "single-byte"))))]
pub use decode_detected::{
    decode_detected, decode_detected_lossy, DetectedDecodeError, DetectedDecodeErrorKind,
};
pub use detect::{
    detect_encoding, detect_encoding_prefix, DetectedEncoding, Detection, EncodingSet,
    EncodingSetIter, UnknownEncoding,
};
pub use dropin::{from_utf8, from_utf8_mut};
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use dropin::{string_from_utf8, FromUtf8Error};
pub use error::{
    Latin1Error, Latin1ErrorKind, Lossy, TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error,
    Utf32ErrorKind, Utf8Error, Utf8ErrorKind,
};
#[cfg(feature = "transcode")]
#[doc(inline)]
pub use grid::*;
pub use kernel::{Kernel, UnknownKernel};
#[cfg(feature = "single-byte")]
#[doc(no_inline)]
pub use latin1::*;
#[cfg(all(feature = "alloc", feature = "transcode"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "alloc", feature = "transcode"))))]
pub use lossy::{
    utf16_len_from_utf8_lossy, utf16_to_string_lossy, utf16be_to_string_lossy,
    utf16le_to_string_lossy, utf32_len_from_utf8_lossy, utf32_to_string_lossy, utf8_to_utf16_lossy,
    utf8_to_utf16_lossy_with, utf8_to_utf16be_lossy, utf8_to_utf16be_lossy_with,
    utf8_to_utf16le_lossy, utf8_to_utf16le_lossy_with, utf8_to_utf32_lossy,
    utf8_to_utf32_lossy_with,
};
#[cfg(all(feature = "alloc", feature = "transcode"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "alloc", feature = "transcode"))))]
pub use lossy::{
    utf16_to_string_lossy_report, utf16be_to_string_lossy_report, utf16le_to_string_lossy_report,
    utf32_to_string_lossy_report, utf8_to_utf16_lossy_report, utf8_to_utf16_lossy_with_report,
    utf8_to_utf16be_lossy_report, utf8_to_utf16be_lossy_with_report, utf8_to_utf16le_lossy_report,
    utf8_to_utf16le_lossy_with_report, utf8_to_utf32_lossy_report, utf8_to_utf32_lossy_with_report,
};
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use lossy::{
    utf8_to_string_lossy, utf8_to_string_lossy_report, utf8_to_string_lossy_with,
    utf8_to_string_lossy_with_report,
};
pub use many::{
    validate_utf8_offsets, validate_utf8_ranges, ManyStringsError, ManyStringsErrorKind,
    StringOffset,
};
#[cfg(all(feature = "transcode", feature = "single-byte"))]
#[doc(no_inline)]
pub use narrow::*;
pub use strategy::{ErrorStrategy, UnknownStrategy};
#[cfg(feature = "transcode")]
#[doc(no_inline)]
pub use transcode::*;
pub use utf16_tools::{
    make_utf16_well_formed, make_utf16be_well_formed, make_utf16le_well_formed, swap_utf16_bytes,
    swap_utf16_bytes_in_place, to_well_formed_utf16, to_well_formed_utf16be,
    to_well_formed_utf16le,
};
#[cfg(feature = "transcode")]
#[cfg_attr(docsrs, doc(cfg(feature = "transcode")))]
pub use utf16_tools::{
    utf16_to_utf8_lossy_into, utf16_to_utf8_lossy_into_report, utf16be_to_utf8_lossy_into,
    utf16be_to_utf8_lossy_into_report, utf16le_to_utf8_lossy_into,
    utf16le_to_utf8_lossy_into_report, utf8_len_from_utf16_lossy, utf8_len_from_utf16be_lossy,
    utf8_len_from_utf16le_lossy,
};
pub use validate::{
    is_ascii, is_valid_utf16, is_valid_utf16be, is_valid_utf16le, is_valid_utf32, is_valid_utf8,
    validate_utf16, validate_utf16be, validate_utf16le, validate_utf32, validate_utf8,
};
#[cfg(feature = "single-byte")]
#[doc(no_inline)]
pub use windows1252::*;

// The README's examples are compiled and run as doctests (they use the
// whole API).
#[cfg(all(
    doctest,
    feature = "std",
    feature = "transcode",
    feature = "stream",
    feature = "utf8-variants",
    feature = "single-byte"
))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
