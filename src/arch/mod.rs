//! The kernels: one leaf per instruction set, as in memchr, each with its
//! table of entry points.
//!
//! - `generic/`: each algorithm written once, `#[inline(always)]` over the
//!   vector traits; private to the crate.
//! - `x86_64/vector/`, `aarch64/neon/vector.rs`, `portable/vector.rs`: the
//!   vector vocabulary, implemented once per register type.
//! - `x86_64/{sse42,avx2,avx512}/`, `aarch64/neon/`, `wasm32/`, `portable/`: each
//!   kernel's table (`kernel_table!`) and the code that only that ISA has.
//! - `scalar.rs`: the scalar kernel's table, over `crate::scalar`.
//!
//! Every kernel exposes the same [`KernelFns`] table, generated from one
//! list of entries (`kernel_fns!`). Only this module can build a table
//! (it has a private field), and each leaf hands its table out only from
//! its detection function, after checking the CPU: holding a
//! `&KernelFns` proves that its functions may run. That is what makes its
//! safe methods sound.
//!
//! This layer sits below the glue, dispatch and the public facades, and
//! imports nothing from them: only the scalar reference and the byte-order
//! leaf.

use crate::byte_order::{Be, Le, Native};
use crate::scalar::latin1::{Latin1, ToLatin1};
use crate::scalar::narrow::UpTo;
use crate::scalar::transcode::{Chars, Decode, Encode, Str, Utf16, Utf32, Utf8};
use crate::scalar::windows1252::Windows1252;

// On big-endian targets the algorithms on 16- and 32-bit lanes (which
// assume little-endian lanes) are in no table, and neither are their
// vector operations; on targets without a SIMD kernel (wasm32 without
// simd128, others without `portable`) no algorithm is, and where the
// portable kernel is the only one and has no one-instruction byte shuffle
// (wasm32 without simd128, with `portable`) it leaves the transcoding
// steps to the scalar loop, so only its validators and counts are (and
// the re-exports of the unused entries are unused imports).
#[cfg_attr(
    any(
        target_endian = "big",
        not(any(
            target_arch = "x86_64",
            target_arch = "aarch64",
            all(target_arch = "wasm32", target_feature = "simd128"),
            all(
                feature = "portable",
                any(target_feature = "ssse3", target_feature = "simd128", target_feature = "neon")
            )
        ))
    ),
    allow(dead_code, unused_imports)
)]
pub(crate) mod generic;
#[cfg(feature = "portable")]
#[cfg_attr(target_endian = "big", allow(dead_code))]
pub(crate) mod portable;
pub(crate) mod scalar;

cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        pub(crate) mod x86_64;
    } else if #[cfg(target_arch = "aarch64")] {
        pub(crate) mod aarch64;
    } else if #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))] {
        pub(crate) mod wasm32;
    }
}

/// Whether the portable kernel is built and its byte shuffle is one
/// instruction on this target (see `portable::NATIVE_SHUFFLE`); without
/// one, it is slower than the scalar kernel and leaves some steps to it.
#[cfg(feature = "portable")]
pub(crate) const PORTABLE_NATIVE_SHUFFLE: bool = portable::NATIVE_SHUFFLE;
/// See the other definition: without the `portable` feature there is no
/// portable kernel.
#[cfg(not(feature = "portable"))]
pub(crate) const PORTABLE_NATIVE_SHUFFLE: bool = false;

/// A transcoder's output buffer: memory that the kernels (and the scalar
/// loop after them) only ever *write*, never read, so it may be
/// uninitialised, such as a `Vec`'s spare capacity.
///
/// The contract of every transcoder entry (see [`KernelFns`]): when it
/// returns `(read, written)`, each of `dst[..written]` has been written
/// with an initialised value, and nothing at or past `dst.len()` has been
/// touched. Units past `written` may hold scratch values; they are never
/// counted as output. The glue relies on this to hand `dst[..written]` out
/// as initialised memory (`Vec::set_len`).
pub(crate) type Out<T> = [core::mem::MaybeUninit<T>];

/// `src`'s values as `u32`s: the input of the UTF-32 algorithms, for the
/// `&[char]` entries (whose values are scalar values by their type).
#[inline(always)]
pub(crate) fn chars_as_u32(src: &[char]) -> &[u32] {
    // SAFETY: `char` has the size and alignment of `u32`, and every `char`
    // is a valid `u32`; the shared borrow allows no write of a non-`char`.
    unsafe { core::slice::from_raw_parts(src.as_ptr().cast::<u32>(), src.len()) }
}

/// The private field of every [`KernelFns`]: only `arch` can build one.
#[derive(Clone, Copy)]
struct Token(());

/// Defines [`KernelFns`] from one list of entries (name, signature, doc,
/// and the `cfg` predicate under which kernels have it), its safe methods,
/// the `kernel_entry!` macro that `kernel_table!` uses to write each
/// kernel's `#[target_feature]` wrapper with the right signature, and
/// `for_each_transcoder!`, from which `dispatch` defines a dispatched
/// transcoder for each entry that ends in `=> name: decoder => encoder`
/// (the scalar reference's types of its source and target). `$d` is a
/// literal `$`, so that the generated macros can have metavariables of
/// their own. Plumbing only.
///
/// An entry whose predicate is false (its Cargo feature is off) keeps its
/// field, but every table holds a stand-in that converts or counts
/// nothing and instantiates no algorithm: the public functions that would
/// call it are compiled out with it, and the kernels' code is not built.
macro_rules! kernel_fns {
    (
        $d:tt
        $(
            $(#[$doc:meta])*
            [$cond:meta] $name:ident($a0:ident: $t0:ty $(, $arg:ident: $t:ty)*) -> $ret:ty
            $(=> $public:ident: $dec:ty $([$valid:ty])? => $enc:ty)?;
        )*
    ) => {
        /// The entry points of one kernel: a token (see the module docs).
        ///
        /// The pointers are `unsafe fn` because SIMD kernels are
        /// `#[target_feature]` functions: calling one is sound only on a
        /// CPU with those features. The fields can be read (dispatch caches
        /// them), but a table can only be built here, and is only handed
        /// out after detection.
        // Some entries are only used with some features (lossy decoding
        // needs `alloc`).
        #[allow(dead_code)]
        pub(crate) struct KernelFns {
            $(
                $(#[$doc])*
                pub(crate) $name: unsafe fn($t0 $(, $t)*) -> $ret,
            )*
            /// Proof of origin: only `arch` can build a table.
            token: Token,
        }

        #[allow(dead_code)]
        impl KernelFns {
            $(
                $(#[$doc])*
                #[inline(always)]
                pub(crate) fn $name(&self, $a0: $t0 $(, $arg: $t)*) -> $ret {
                    // SAFETY: a `KernelFns` is only handed out by its
                    // kernel's detection function, when the running CPU
                    // supports the kernel (see the module docs).
                    unsafe { (self.$name)($a0 $(, $arg)*) }
                }
            )*
        }

        /// One kernel's wrapper for entry `$name`: `$f` (a generic
        /// algorithm instantiated for the kernel) under the kernel's
        /// attributes, with the entry's signature. Used by
        /// `kernel_table!`.
        macro_rules! kernel_entry {
            $(
                ([$d(#[$d attr:meta])*] $name $d f:expr) => {
                    /// The kernel's entry.
                    ///
                    /// # Safety
                    ///
                    /// The CPU has the kernel's target features (the
                    /// attributes above).
                    #[cfg($cond)]
                    $d(#[$d attr])*
                    #[allow(unused_unsafe)]
                    pub(super) unsafe fn $name($a0: $t0 $(, $arg: $t)*) -> $ret {
                        // SAFETY: this function is compiled with the
                        // kernel's target features (the attributes above)
                        // and is only reachable through the kernel's table,
                        // which its detection function hands out only when
                        // the CPU has them: the precondition of the generic
                        // algorithms.
                        unsafe { $d f($a0 $(, $arg)*) }
                    }
                    /// The entry's stand-in while its feature is off.
                    #[cfg(not($cond))]
                    pub(super) fn $name($a0: $t0 $(, $arg: $t)*) -> $ret {
                        let _ = ($a0 $(, $arg)*);
                        Default::default()
                    }
                };
            )*
        }

        /// Calls `$m!([cfg] name = entry: source, decoder => encoder)` for
        /// each entry of the list that names a dispatched transcoder (its
        /// `=> name: decoder => encoder`, with `decoder[input type]` for
        /// valid input), so that the entry traits below and `dispatch`
        /// are written from this one list: a new direction is declared
        /// here once.
        macro_rules! for_each_transcoder {
            ($d m:ident) => {
                $($(
                    $d m!([$cond] $public = $name: $t0, $dec $([$valid])? => $enc);
                )?)*
            };
        }
    };
}

kernel_fns! {$
    /// `Ok(())` when valid; `Err(pos)` under the contract of
    /// `scalar::utf8::rewind` (`bytes[..pos]` is a valid prefix up to an
    /// incomplete last character, and the first error is in or after it).
    [all()] validate_utf8(bytes: &[u8]) -> Result<(), usize>;
    /// Whether the input is valid UTF-8.
    [all()] is_valid_utf8(bytes: &[u8]) -> bool;
    /// Whether every byte is ASCII.
    [all()] is_ascii(bytes: &[u8]) -> bool;
    /// As `validate_utf8`, but `Err(pos)` comes closer to the first
    /// error: past the short-input path, the flagged block's start plus
    /// the lowest lane with error bits, rather than the start of a group
    /// of blocks (see `generic::utf8::validate_blocks`; the scalar kernel:
    /// the same as `validate_utf8`). For lossy decoding, which rescans
    /// after every error.
    [all()] validate_utf8_blocks(bytes: &[u8]) -> Result<(), usize>;

    /// UTF-8 to UTF-16LE, a prefix: `(read, written)`, `src[..read]` valid
    /// and converted into `dst[..written]`; stops before any block with an
    /// error and whenever `dst` might not hold a block's output, and never
    /// writes past `dst.len()`. The glue finishes with the scalar loop.
    /// Like every transcoder entry it never reads `dst`, and has written
    /// every unit of `dst[..written]` (see [`Out`]).
    [feature = "transcode"] utf8_to_utf16le_prefix(src: &[u8], dst: &mut Out<u16>) -> (usize, usize) => utf8_to_utf16le: Utf8 => Utf16<Le>;
    /// As `utf8_to_utf16le_prefix`, to UTF-16BE.
    [feature = "transcode"] utf8_to_utf16be_prefix(src: &[u8], dst: &mut Out<u16>) -> (usize, usize) => utf8_to_utf16be: Utf8 => Utf16<Be>;
    /// As `utf8_to_utf16le_prefix`, to UTF-32.
    [feature = "transcode"] utf8_to_utf32_prefix(src: &[u8], dst: &mut Out<u32>) -> (usize, usize) => utf8_to_utf32: Utf8 => Utf32;
    /// As `utf8_to_utf16le_prefix`, to native-endian UCS-2 (UTF-16
    /// without surrogate pairs): also stops before any block with a 4-byte
    /// character, which UCS-2 cannot hold.
    [feature = "transcode"] utf8_to_ucs2_prefix(src: &[u8], dst: &mut Out<u16>) -> (usize, usize);
    /// UTF-16LE to UTF-8, a prefix (as `utf8_to_utf16le_prefix`).
    [feature = "transcode"] utf16le_to_utf8_prefix(src: &[u16], dst: &mut Out<u8>) -> (usize, usize) => utf16le_to_utf8: Utf16<Le> => Utf8;
    /// UTF-16BE to UTF-8, a prefix.
    [feature = "transcode"] utf16be_to_utf8_prefix(src: &[u16], dst: &mut Out<u8>) -> (usize, usize) => utf16be_to_utf8: Utf16<Be> => Utf8;
    /// UTF-32 to UTF-8, a prefix.
    [feature = "transcode"] utf32_to_utf8_prefix(src: &[u32], dst: &mut Out<u8>) -> (usize, usize) => utf32_to_utf8: Utf32 => Utf8;
    /// UTF-16LE to UTF-32, a prefix.
    [feature = "transcode"] utf16le_to_utf32_prefix(src: &[u16], dst: &mut Out<u32>) -> (usize, usize) => utf16le_to_utf32: Utf16<Le> => Utf32;
    /// UTF-16BE to UTF-32, a prefix.
    [feature = "transcode"] utf16be_to_utf32_prefix(src: &[u16], dst: &mut Out<u32>) -> (usize, usize) => utf16be_to_utf32: Utf16<Be> => Utf32;
    /// UTF-32 to UTF-16LE, a prefix.
    [feature = "transcode"] utf32_to_utf16le_prefix(src: &[u32], dst: &mut Out<u16>) -> (usize, usize) => utf32_to_utf16le: Utf32 => Utf16<Le>;
    /// UTF-32 to UTF-16BE, a prefix.
    [feature = "transcode"] utf32_to_utf16be_prefix(src: &[u32], dst: &mut Out<u16>) -> (usize, usize) => utf32_to_utf16be: Utf32 => Utf16<Be>;
    /// A `&str` to UTF-16LE, a prefix: as `utf8_to_utf16le_prefix`, but
    /// the input is valid by its type and is not validated again.
    [feature = "transcode"] str_to_utf16le_prefix(src: &str, dst: &mut Out<u16>) -> (usize, usize) => str_to_utf16le: Str[str] => Utf16<Le>;
    /// A `&str` to UTF-16BE, a prefix.
    [feature = "transcode"] str_to_utf16be_prefix(src: &str, dst: &mut Out<u16>) -> (usize, usize) => str_to_utf16be: Str[str] => Utf16<Be>;
    /// A `&str` to UTF-32, a prefix.
    [feature = "transcode"] str_to_utf32_prefix(src: &str, dst: &mut Out<u32>) -> (usize, usize) => str_to_utf32: Str[str] => Utf32;
    /// Chars (scalar values by their type) to UTF-8, a prefix: as
    /// `utf32_to_utf8_prefix` without its checks.
    [feature = "transcode"] chars_to_utf8_prefix(src: &[char], dst: &mut Out<u8>) -> (usize, usize) => chars_to_utf8: Chars[[char]] => Utf8;
    /// Chars to UTF-16LE, a prefix.
    [feature = "transcode"] chars_to_utf16le_prefix(src: &[char], dst: &mut Out<u16>) -> (usize, usize) => chars_to_utf16le: Chars[[char]] => Utf16<Le>;
    /// Chars to UTF-16BE, a prefix.
    [feature = "transcode"] chars_to_utf16be_prefix(src: &[char], dst: &mut Out<u16>) -> (usize, usize) => chars_to_utf16be: Chars[[char]] => Utf16<Be>;
    /// The length of a valid UTF-16LE prefix, which never ends between the
    /// two halves of a surrogate pair.
    [all()] validate_utf16le_prefix(src: &[u16]) -> usize;
    /// The length of a valid UTF-16BE prefix.
    [all()] validate_utf16be_prefix(src: &[u16]) -> usize;
    /// The length of a valid UTF-32 prefix.
    [all()] validate_utf32_prefix(src: &[u32]) -> usize;

    /// Latin-1 to UTF-8, a prefix (as `utf8_to_utf16le_prefix`; Latin-1
    /// has no errors).
    [feature = "single-byte"] latin1_to_utf8_prefix(src: &[u8], dst: &mut Out<u8>) -> (usize, usize) => latin1_to_utf8: Latin1 => Utf8;
    /// Latin-1 to UTF-16LE, a prefix.
    [feature = "single-byte"] latin1_to_utf16le_prefix(src: &[u8], dst: &mut Out<u16>) -> (usize, usize) => latin1_to_utf16le: Latin1 => Utf16<Le>;
    /// Latin-1 to UTF-16BE, a prefix.
    [feature = "single-byte"] latin1_to_utf16be_prefix(src: &[u8], dst: &mut Out<u16>) -> (usize, usize) => latin1_to_utf16be: Latin1 => Utf16<Be>;
    /// Latin-1 to UTF-32, a prefix.
    [feature = "single-byte"] latin1_to_utf32_prefix(src: &[u8], dst: &mut Out<u32>) -> (usize, usize) => latin1_to_utf32: Latin1 => Utf32;
    /// UTF-8 to Latin-1, a prefix: `src[..read]` is valid and has no
    /// character above U+00FF.
    [feature = "single-byte"] utf8_to_latin1_prefix(src: &[u8], dst: &mut Out<u8>) -> (usize, usize) => utf8_to_latin1: ToLatin1<Utf8> => Latin1;
    /// UTF-16LE to Latin-1, a prefix (as `utf8_to_latin1_prefix`).
    [feature = "single-byte"] utf16le_to_latin1_prefix(src: &[u16], dst: &mut Out<u8>) -> (usize, usize) => utf16le_to_latin1: ToLatin1<Utf16<Le>> => Latin1;
    /// UTF-16BE to Latin-1, a prefix.
    [feature = "single-byte"] utf16be_to_latin1_prefix(src: &[u16], dst: &mut Out<u8>) -> (usize, usize) => utf16be_to_latin1: ToLatin1<Utf16<Be>> => Latin1;
    /// UTF-32 to Latin-1, a prefix.
    [feature = "single-byte"] utf32_to_latin1_prefix(src: &[u32], dst: &mut Out<u8>) -> (usize, usize) => utf32_to_latin1: ToLatin1<Utf32> => Latin1;
    /// Windows-1252 to UTF-8, a prefix (as `latin1_to_utf8_prefix`).
    [feature = "single-byte"] windows1252_to_utf8_prefix(src: &[u8], dst: &mut Out<u8>) -> (usize, usize) => windows1252_to_utf8: Windows1252 => Utf8;
    /// Windows-1252 to UTF-16LE, a prefix.
    [feature = "single-byte"] windows1252_to_utf16le_prefix(src: &[u8], dst: &mut Out<u16>) -> (usize, usize) => windows1252_to_utf16le: Windows1252 => Utf16<Le>;
    /// Windows-1252 to UTF-16BE, a prefix.
    [feature = "single-byte"] windows1252_to_utf16be_prefix(src: &[u8], dst: &mut Out<u16>) -> (usize, usize) => windows1252_to_utf16be: Windows1252 => Utf16<Be>;
    /// Windows-1252 to UTF-32, a prefix.
    [feature = "single-byte"] windows1252_to_utf32_prefix(src: &[u8], dst: &mut Out<u32>) -> (usize, usize) => windows1252_to_utf32: Windows1252 => Utf32;

    // Lengths and counts: each exactly as defined in `crate::count`, on
    // any input.
    /// UTF-8 bytes that are not continuation bytes.
    [feature = "transcode"] count_chars(src: &[u8]) -> usize;
    /// UTF-8 bytes that are not continuation bytes, and the PEP 393 kind
    /// the largest byte implies (0 ASCII, 1 UCS-1, 2 UCS-2, 3 UCS-4; see
    /// `scalar::count::kind_of_byte`).
    [feature = "transcode"] count_chars_and_kind(src: &[u8]) -> (usize, u8);
    /// UTF-16 units for UTF-8.
    [feature = "transcode"] utf16_len_from_utf8(src: &[u8]) -> usize;
    /// UTF-8 bytes for UTF-16LE.
    [feature = "transcode"] utf8_len_from_utf16le(src: &[u16]) -> usize;
    /// UTF-8 bytes for UTF-16BE.
    [feature = "transcode"] utf8_len_from_utf16be(src: &[u16]) -> usize;
    /// UTF-8 bytes for UTF-32.
    [feature = "transcode"] utf8_len_from_utf32(src: &[u32]) -> usize;
    /// UTF-16 units for UTF-32.
    [feature = "transcode"] utf16_len_from_utf32(src: &[u32]) -> usize;
    /// UTF-32 values for UTF-16LE.
    [feature = "transcode"] utf32_len_from_utf16le(src: &[u16]) -> usize;
    /// UTF-32 values for UTF-16BE.
    [feature = "transcode"] utf32_len_from_utf16be(src: &[u16]) -> usize;
    /// UTF-8 bytes for Latin-1.
    [feature = "single-byte"] utf8_len_from_latin1(src: &[u8]) -> usize;
}

/// Defines one kernel's table: a wrapper per entry (`name: algorithm,`,
/// one line each, every entry required), all with the same attributes
/// (the kernel's `#[target_feature]`s), the `static` table, and
/// `fns()`, which hands the table out only when `detect` holds.
///
/// A SIMD kernel names its target features once, as
/// `features: detected!("f1", "f2", ...)`: each becomes one
/// `#[target_feature(enable = ...)]` of every wrapper *and* a feature that
/// detection requires, so that what the compiler may emit and what the
/// CPU is checked for cannot drift apart. The list must hold every
/// feature that the ones it enables imply (`avx2` implies `avx`, which
/// implies `sse4.2`, ...): runtime detection checks each CPUID bit on its
/// own, while the compiler emits the instructions of all of them.
/// `ci/kernel-features.py` checks the lists against rustc's implications.
macro_rules! kernel_table {
    (
        $(#[doc = $fdoc:literal])*
        features: $($detected:ident)::+!($($feature:tt),+ $(,)?),
        $($name:ident: $f:expr,)*
    ) => {
        crate::arch::kernel_table! {
            $(#[doc = $fdoc])*
            detect: $($detected)::+!($($feature),+),
            attrs: [$(#[target_feature(enable = $feature)])+],
            $($name: $f,)*
        }
    };
    (
        $(#[doc = $fdoc:literal])*
        detect: $detect:expr,
        attrs: $attrs:tt,
        $($name:ident: $f:expr,)*
    ) => {
        /// The kernel's entry wrappers.
        mod entries {
            #[allow(unused_imports)]
            use super::*;
            #[allow(unused_imports)]
            use crate::arch::Out;
            $(crate::arch::kernel_entry!($attrs $name $f);)*
        }

        static FNS: crate::arch::KernelFns =
            crate::arch::KernelFns { $($name: entries::$name,)* token: crate::arch::Token(()) };

        $(#[doc = $fdoc])*
        pub(crate) fn fns() -> Option<&'static crate::arch::KernelFns> {
            ($detect).then_some(&FNS)
        }
    };
}
// Path access for `kernel_table!` and `dispatch` (the macros are defined
// by an expansion).
#[allow(clippy::single_component_path_imports)]
pub(crate) use for_each_transcoder;
#[allow(clippy::single_component_path_imports)]
pub(crate) use kernel_entry;
pub(crate) use kernel_table;

/// The index of the first `needle` in `bytes`, with the vectors every CPU
/// of the target has (SSE2 on x86_64, NEON on aarch64): no detection, no
/// call through a table, inlined where it is used (the line readers, once
/// a line). Elsewhere a word at a time.
// Only the I/O adapters search for bytes.
#[cfg_attr(
    not(all(feature = "std", feature = "stream", feature = "single-byte")),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) fn find_byte(bytes: &[u8], needle: u8) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    // SAFETY: `ByteSearch for __m128i` runs SSE2 only, which this target
    // has (its `target_feature`).
    return unsafe { generic::find::find_byte::<core::arch::x86_64::__m128i>(bytes, needle) };
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    // SAFETY: `ByteSearch for uint8x16_t` runs NEON only, which this
    // target has (its `target_feature`).
    return unsafe { generic::find::find_byte::<core::arch::aarch64::uint8x16_t>(bytes, needle) };
    #[allow(unreachable_code)]
    crate::scalar::find::find_byte(bytes, needle)
}

/// A kernel's transcoder entry: converts a valid prefix of `src` into
/// `dst` and returns `(read, written)` (see [`KernelFns`]).
pub(crate) type Transcoder<S, D> = unsafe fn(&[S], &mut Out<D>) -> (usize, usize);

/// Which [`KernelFns`] entry converts `Self` (a source encoding) to `E`.
pub(crate) trait Entry<E: Encode>: Decode {
    /// The entry of `fns` for this direction and byte order.
    fn entry(fns: &KernelFns) -> Transcoder<Self::Unit, E::Unit>;
}

/// Implements [`Entry`] (a direction of slices) or [`ValidEntry`] (of
/// valid input: `decoder[input type]`) for one direction, as
/// `for_each_transcoder!` gives it, or for a stage that reuses an entry.
/// Plumbing only.
macro_rules! entry_impl {
    ([$cond:meta] $public:ident = $field:ident: $src:ty, $dec:ty [$valid:ty] => $enc:ty) => {
        impl ValidEntry<$enc> for $dec {
            type Src = $valid;
            #[inline(always)]
            fn entry(fns: &KernelFns) -> ValidTranscoder<$valid, <$enc as Encode>::Unit> {
                fns.$field
            }
        }
    };
    ([$cond:meta] $public:ident = $field:ident: $src:ty, $dec:ty => $enc:ty) => {
        impl Entry<$enc> for $dec {
            #[inline(always)]
            fn entry(fns: &KernelFns) -> Transcoder<Self::Unit, <$enc as Encode>::Unit> {
                fns.$field
            }
        }
    };
}

for_each_transcoder!(entry_impl);

// The narrow stages of the narrowest-form conversions: to Latin-1 and to
// UCS-2, each up to its first character that needs a wider form (entries
// of their own directions, or of no public one).
entry_impl!([all()] stage = utf8_to_latin1_prefix: &[u8], UpTo<Utf8, 0xFF> => Latin1);
entry_impl!([all()] stage = utf16le_to_latin1_prefix: &[u16], UpTo<Utf16<Le>, 0xFF> => Latin1);
entry_impl!([all()] stage = utf16be_to_latin1_prefix: &[u16], UpTo<Utf16<Be>, 0xFF> => Latin1);
entry_impl!([all()] stage = utf8_to_ucs2_prefix: &[u8], UpTo<Utf8, 0xFFFF> => Utf16<Native>);

/// Which [`KernelFns`] entry converts valid input `Self` (a `&str`'s
/// bytes, or chars) to `E`: the entries that take the input's own type.
pub(crate) trait ValidEntry<E: Encode>: Decode {
    /// The input's type: `str` or `[char]`.
    type Src: ?Sized + AsRef<[Self::Unit]>;
    /// The entry of `fns` for this direction and byte order.
    fn entry(fns: &KernelFns) -> ValidTranscoder<Self::Src, E::Unit>;
}

/// A kernel's transcoder entry for valid input of type `S` (`str` or
/// `[char]`), under the contract of [`Transcoder`].
pub(crate) type ValidTranscoder<S, D> = unsafe fn(&S, &mut Out<D>) -> (usize, usize);
