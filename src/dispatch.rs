//! Runtime dispatch: one cached function pointer per entry point.
//!
//! Each entry point keeps a `static AtomicPtr` that starts out pointing at
//! its own `detect` function. The first call resolves the active kernel
//! ([`Kernel::active`], which honours `RAPIDUTF_KERNEL`), stores that
//! kernel's function in the pointer and calls it; every later call is one
//! relaxed load and an indirect call. A race between two first calls is
//! benign: both store the same pointer.
//!
//! Short inputs are handled before the indirect call where that pays (see
//! [`short`]): an indirect call and a SIMD prologue cost more than they
//! save on a few bytes, and ASCII is answered fastest inline.

use crate::arch::{KernelFns, Out};
use crate::byte_order::{Be, Le, Native};
use crate::error::{TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use crate::glue::{self, finish_transcode, finish_utf8, finish_validate, into_sink, Form, Sink};
use crate::scalar::latin1::{Latin1, ToLatin1};
use crate::scalar::transcode::{transcode, Chars, Decode, Encode, Str, Utf16, Utf32, Utf8};
use crate::scalar::windows1252::Windows1252;
use crate::{scalar, Kernel};
use core::convert::Infallible;
pub(crate) use core::sync::atomic::{AtomicPtr, Ordering::Relaxed};

/// Inputs shorter than this are checked by [`short`] first. It is one
/// block (64 bytes) plus the three bytes before the kernels' last,
/// overlapping block: below that, the kernels switch to 16-byte vectors.
pub(crate) const SHORT: usize = 64 + 3;

/// Below this many bytes the kernels are never called: a kernel's
/// shortest vector path (`arch::generic::utf8::SMALL_MIN`) needs 19.
const TINY: usize = 16 + 3;

/// Inputs shorter than [`SHORT`]: `Some(result)` when answered inline,
/// `None` when the kernel should run.
///
/// - An ASCII test answers most short text: overlapping words of 4 bytes
///   below 8 bytes, of 8 from there (two to three times faster than core
///   from 8 bytes on).
/// - Other inputs of [`TINY`] bytes or more go to the kernel's 16-byte
///   vector path (twice as fast as core's decoder at 20 bytes), shorter
///   ones to the scalar DFA (faster than core on 3-byte scripts, up to
///   10 % slower on 2-byte ones at 8 to 18 bytes).
/// - Below 8 bytes, not `core::str::from_utf8`, which needs no setup but
///   branches on each byte, and is mispredicted wherever lengths and
///   scripts vary from one string to the next, as in JSON keys. Measured
///   against it on strings of 1 to 7 bytes: ASCII 3.8-4.5x faster, other
///   text 1.3-2.4x; the keys of generated and real JSON validated one by
///   one, 2.1-3.7x.
#[inline(always)]
pub(crate) fn short(bytes: &[u8]) -> Option<Result<(), usize>> {
    if short_is_ascii(bytes) {
        Some(Ok(()))
    } else if bytes.len() >= TINY {
        None
    } else {
        Some(scalar::dfa::validate(bytes))
    }
}

/// Whether `bytes` (shorter than [`SHORT`]) is ASCII: one OR of unaligned
/// words, the last one overlapping the others; of 4 bytes below 8 bytes,
/// and below 4 the first, middle and last bytes (which are all of them).
#[inline(always)]
fn short_is_ascii(bytes: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let Some(last) = bytes.last_chunk::<8>() else {
        let n = bytes.len();
        return match (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
            (Some(&a), Some(&b)) => {
                (u32::from_ne_bytes(a) | u32::from_ne_bytes(b)) & HIGH as u32 == 0
            }
            _ if n > 0 => bytes[0] | bytes[n / 2] | bytes[n - 1] < 0x80,
            _ => true,
        };
    };
    let word = |w: &[u8]| w.first_chunk::<8>().map_or(0, |w| u64::from_ne_bytes(*w));
    bytes.chunks_exact(8).fold(word(last), |acc, w| acc | word(w)) & HIGH == 0
}

/// The table of the active kernel, found once and then kept: for the
/// operations that call several of its entries (the narrowest forms), one
/// load instead of a cached pointer per entry.
#[inline]
pub(crate) fn active_fns() -> &'static KernelFns {
    static FNS: AtomicPtr<KernelFns> = AtomicPtr::new(core::ptr::null_mut());
    #[cold]
    fn first() -> &'static KernelFns {
        let fns = Kernel::active().fns();
        FNS.store((fns as *const KernelFns).cast_mut(), Relaxed);
        fns
    }
    let p = FNS.load(Relaxed);
    if p.is_null() {
        return first();
    }
    // SAFETY: `FNS` only ever holds null or a `&'static KernelFns`,
    // stored by `first`.
    unsafe { &*p }
}

/// Defines a dispatched entry point `$name` that calls the active kernel's
/// `$field`. Plumbing only; no algorithm lives here.
macro_rules! ifunc {
    ($vis:vis $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $field:ident) => {
        #[inline]
        $vis fn $name($($arg: $ty),*) -> $ret {
            type F = unsafe fn($($ty),*) -> $ret;
            static PTR: $crate::dispatch::AtomicPtr<()> =
                $crate::dispatch::AtomicPtr::new(detect as *mut ());
            fn detect($($arg: $ty),*) -> $ret {
                let fns = $crate::dispatch::active_fns();
                PTR.store(fns.$field as *mut (), $crate::dispatch::Relaxed);
                fns.$field($($arg),*)
            }
            let p = PTR.load($crate::dispatch::Relaxed);
            // SAFETY: PTR only ever holds `detect` (a safe fn of this same
            // signature, so callable as `F`) or the entry of the active
            // kernel's table, stored above; both are valid `F`s.
            let f = unsafe { core::mem::transmute::<*mut (), F>(p) };
            // SAFETY: `detect` is safe; a table entry came from a
            // `KernelFns`, which is only handed out when the running CPU
            // supports its kernel, so its functions may be called.
            unsafe { f($($arg),*) }
        }
    };
}
// Lossy decoding defines its own entries with it (only with `alloc`).
#[allow(unused_imports)]
pub(crate) use ifunc;

ifunc!(validate_utf8_raw(bytes: &[u8]) -> Result<(), usize> = validate_utf8);
ifunc!(is_valid_utf8_raw(bytes: &[u8]) -> bool = is_valid_utf8);
ifunc!(is_ascii_raw(bytes: &[u8]) -> bool = is_ascii);

// Lengths and counts.
ifunc!(count_chars_raw(src: &[u8]) -> usize = count_chars);
ifunc!(utf16_len_from_utf8_raw(src: &[u8]) -> usize = utf16_len_from_utf8);
ifunc!(utf8_len_from_utf16le_raw(src: &[u16]) -> usize = utf8_len_from_utf16le);
ifunc!(utf8_len_from_utf16be_raw(src: &[u16]) -> usize = utf8_len_from_utf16be);
ifunc!(utf8_len_from_utf32_raw(src: &[u32]) -> usize = utf8_len_from_utf32);
ifunc!(utf16_len_from_utf32_raw(src: &[u32]) -> usize = utf16_len_from_utf32);
ifunc!(utf32_len_from_utf16le_raw(src: &[u16]) -> usize = utf32_len_from_utf16le);
ifunc!(utf32_len_from_utf16be_raw(src: &[u16]) -> usize = utf32_len_from_utf16be);
ifunc!(utf8_len_from_latin1_raw(src: &[u8]) -> usize = utf8_len_from_latin1);

/// Below this many input bytes the counts run the scalar sum inline: the
/// kernels' main loop takes 256 bytes, and below 64 they would only run
/// their single-vector loop and the scalar tail anyway.
const SHORT_COUNT: usize = 64;

/// Defines the dispatched count `$name`: the scalar `$scalar` inline for
/// inputs under [`SHORT_COUNT`] bytes, else the kernel through `$raw`.
macro_rules! count_entry {
    ($name:ident($t:ty) = $raw:ident, $scalar:expr) => {
        #[doc = concat!("[`crate::", stringify!($name), "`].")]
        #[inline]
        pub(crate) fn $name(src: &[$t]) -> usize {
            if core::mem::size_of_val(src) < SHORT_COUNT {
                $scalar(src)
            } else {
                $raw(src)
            }
        }
    };
}

count_entry!(count_chars(u8) = count_chars_raw, scalar::count::count_chars);
count_entry!(utf16_len_from_utf8(u8) = utf16_len_from_utf8_raw, scalar::count::utf16_len_from_utf8);
count_entry!(
    utf8_len_from_utf16le(u16) = utf8_len_from_utf16le_raw,
    scalar::count::utf8_len_from_utf16::<Le>
);
count_entry!(
    utf8_len_from_utf16be(u16) = utf8_len_from_utf16be_raw,
    scalar::count::utf8_len_from_utf16::<Be>
);
count_entry!(
    utf8_len_from_utf32(u32) = utf8_len_from_utf32_raw,
    scalar::count::utf8_len_from_utf32
);
count_entry!(
    utf16_len_from_utf32(u32) = utf16_len_from_utf32_raw,
    scalar::count::utf16_len_from_utf32
);
count_entry!(
    utf32_len_from_utf16le(u16) = utf32_len_from_utf16le_raw,
    scalar::count::utf32_len_from_utf16::<Le>
);
count_entry!(
    utf32_len_from_utf16be(u16) = utf32_len_from_utf16be_raw,
    scalar::count::utf32_len_from_utf16::<Be>
);
count_entry!(
    utf8_len_from_latin1(u8) = utf8_len_from_latin1_raw,
    scalar::latin1::utf8_len_from_latin1
);

ifunc!(count_chars_and_kind_raw(src: &[u8]) -> (usize, u8) = count_chars_and_kind);

/// The characters of `src` and the PEP 393 kind its bytes imply (see
/// `arch::KernelFns::count_chars_and_kind`): the scalar sum inline for
/// inputs under [`SHORT_COUNT`] bytes, else the kernel.
#[inline]
pub(crate) fn count_chars_and_kind(src: &[u8]) -> (usize, u8) {
    if src.len() < SHORT_COUNT {
        scalar::count::count_chars_and_kind(src)
    } else {
        count_chars_and_kind_raw(src)
    }
}

/// [`crate::utf8_to_latin1_or_utf16`] and its allocating form: the active
/// kernel's entries, none for inputs under [`SHORT_UNITS`].
#[inline]
pub(crate) fn utf8_to_latin1_or_utf16<A, B>(
    src: &[u8],
    latin1: &mut A,
    utf16: &mut B,
) -> Result<(Form, usize), TranscodeError<Utf8Error>>
where
    A: ?Sized + Sink<Latin1>,
    B: ?Sized + Sink<Utf16<Native>>,
{
    glue::utf8_to_latin1_or_utf16_with(active_fns(), SHORT_UNITS, src, latin1, utf16)
}

/// [`crate::utf8_to_pep393`] and its allocating form, as
/// [`utf8_to_latin1_or_utf16`].
#[inline]
pub(crate) fn utf8_to_pep393<A, B, C>(
    src: &[u8],
    ucs1: &mut A,
    ucs2: &mut B,
    ucs4: &mut C,
) -> Result<(Form, usize), TranscodeError<Utf8Error>>
where
    A: ?Sized + Sink<Latin1>,
    B: ?Sized + Sink<Utf16<Native>>,
    C: ?Sized + Sink<Utf32>,
{
    glue::utf8_to_pep393_with(active_fns(), SHORT_UNITS, src, ucs1, ucs2, ucs4)
}

/// [`crate::utf16_to_latin1_or_utf16`] and its allocating form, as
/// [`utf8_to_latin1_or_utf16`].
#[inline]
pub(crate) fn utf16_to_latin1_or_utf16<A, B>(
    src: &[u16],
    latin1: &mut A,
    utf16: &mut B,
) -> Result<(Form, usize), TranscodeError<Infallible>>
where
    A: ?Sized + Sink<Latin1>,
    B: ?Sized + Sink<Utf16<Native>>,
{
    glue::utf16_to_latin1_or_utf16_with(active_fns(), SHORT_UNITS, src, latin1, utf16)
}

/// The UTF-8 check of the active kernel under the short-input policy:
/// `Ok(())` or the kernel's `Err(pos)` (see `arch::KernelFns`), which
/// the glue turns into an exact error.
#[inline]
pub(crate) fn validate_utf8_scan(bytes: &[u8]) -> Result<(), usize> {
    if bytes.len() < SHORT {
        short(bytes).unwrap_or_else(|| validate_utf8_raw(bytes))
    } else {
        validate_utf8_raw(bytes)
    }
}

/// [`crate::validate_utf8`]: short inputs inline, the rest dispatched.
#[inline]
pub(crate) fn validate_utf8(bytes: &[u8]) -> Result<&str, Utf8Error> {
    finish_utf8(bytes, validate_utf8_scan(bytes))
}

/// Below this many bytes [`is_ascii`] runs the scalar word loop inline:
/// the kernels take 64-byte blocks, and below one they run that loop
/// anyway.
const SHORT_ASCII: usize = 64;

/// [`crate::is_ascii`]: short inputs inline, the rest dispatched.
#[inline]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    if bytes.len() < SHORT_ASCII {
        scalar::ascii::is_ascii(bytes)
    } else {
        is_ascii_raw(bytes)
    }
}

/// [`crate::is_valid_utf8`]: short inputs inline, the rest dispatched.
#[inline]
pub(crate) fn is_valid_utf8(bytes: &[u8]) -> bool {
    if bytes.len() < SHORT {
        short(bytes).map_or_else(|| is_valid_utf8_raw(bytes), |r| r.is_ok())
    } else {
        is_valid_utf8_raw(bytes)
    }
}

// ---------------------------------------------------------------------
// Transcoding and UTF-16/UTF-32 validation: kernel prefix + scalar finish.
// ---------------------------------------------------------------------

/// Below this many input units the transcoders and the UTF-16/UTF-32
/// validators do not call a kernel (see `glue::SHORT_UNITS`).
pub(crate) use crate::glue::SHORT_UNITS;

/// Defines a dispatched transcoder `$name` over the entry `$field`: short
/// inputs go to the scalar loop inline, the rest to the active kernel and
/// the scalar finish (`glue::finish_transcode`), into any `glue::Sink`
/// (a caller's buffer, or spare capacity). The source is a slice of units,
/// or valid input by its type (a `&str`, chars), whose units the scalar
/// loop reads. Plumbing only; `for_each_transcoder!` calls it for every
/// direction of the kernels' entry list.
macro_rules! dispatched_transcoder {
    ([$cond:meta] $name:ident = $field:ident: $src:ty, $dec:ty $([$valid:ty])? => $enc:ty) => {
        #[cfg($cond)]
        ifunc!(pub(crate) $field(src: $src, dst: &mut Out<<$enc as Encode>::Unit>) -> (usize, usize) = $field);

        #[cfg($cond)]
        #[doc = concat!("The dispatched `", stringify!($name), "`: kernel prefix, scalar finish.")]
        #[inline]
        pub(crate) fn $name<S: ?Sized + Sink<$enc>>(
            src: $src,
            dst: &mut S,
        ) -> Result<usize, TranscodeError<<$dec as Decode>::Error>> {
            // One copy of the conversion, whatever the sink.
            fn convert(
                src: $src,
                dst: &mut Out<<$enc as Encode>::Unit>,
            ) -> Result<usize, TranscodeError<<$dec as Decode>::Error>> {
                let units: &[<$dec as Decode>::Unit] = src.as_ref();
                if units.len() < SHORT_UNITS {
                    return transcode::<$dec, $enc>(units, dst);
                }
                let progress = $field(src, dst);
                finish_transcode::<$dec, $enc>(units, dst, progress)
            }
            // SAFETY: `convert` is a kernel entry and the scalar finish, or
            // the scalar loop alone: both keep the `Out` contract.
            unsafe { into_sink(dst, |out| convert(src, out)) }
        }
    };
}

crate::arch::for_each_transcoder!(dispatched_transcoder);

ifunc!(validate_utf16le_prefix(src: &[u16]) -> usize = validate_utf16le_prefix);
ifunc!(validate_utf16be_prefix(src: &[u16]) -> usize = validate_utf16be_prefix);
ifunc!(validate_utf32_prefix(src: &[u32]) -> usize = validate_utf32_prefix);

/// The dispatched UTF-16LE validator.
#[inline]
pub(crate) fn validate_utf16le(src: &[u16]) -> Result<(), Utf16Error> {
    let valid = if src.len() < SHORT_UNITS { 0 } else { validate_utf16le_prefix(src) };
    finish_validate(src, valid, scalar::utf16::validate::<Le>)
}

/// The dispatched UTF-16BE validator.
#[inline]
pub(crate) fn validate_utf16be(src: &[u16]) -> Result<(), Utf16Error> {
    let valid = if src.len() < SHORT_UNITS { 0 } else { validate_utf16be_prefix(src) };
    finish_validate(src, valid, scalar::utf16::validate::<Be>)
}

/// The dispatched UTF-16 functions of a byte order, for the code that is
/// generic over it (`utf16_tools`, the lossy decoders, byte input):
/// implemented for the leaf's [`Le`] and [`Be`], so [`Native`] is one of
/// them.
pub(crate) trait Utf16Order: crate::byte_order::ByteOrder {
    /// [`validate_utf16le`] or [`validate_utf16be`].
    fn validate(src: &[u16]) -> Result<(), Utf16Error>;
    /// [`utf8_len_from_utf16le`] or [`utf8_len_from_utf16be`].
    #[cfg(feature = "transcode")]
    fn utf8_len(src: &[u16]) -> usize;
    /// [`utf16le_to_utf8`] or [`utf16be_to_utf8`].
    #[cfg(feature = "transcode")]
    fn to_utf8<S: ?Sized + Sink<Utf8>>(
        src: &[u16],
        dst: &mut S,
    ) -> Result<usize, TranscodeError<Utf16Error>>;
}

impl Utf16Order for Le {
    #[inline]
    fn validate(src: &[u16]) -> Result<(), Utf16Error> {
        validate_utf16le(src)
    }
    #[cfg(feature = "transcode")]
    #[inline]
    fn utf8_len(src: &[u16]) -> usize {
        utf8_len_from_utf16le(src)
    }
    #[cfg(feature = "transcode")]
    #[inline]
    fn to_utf8<S: ?Sized + Sink<Utf8>>(
        src: &[u16],
        dst: &mut S,
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        utf16le_to_utf8(src, dst)
    }
}

impl Utf16Order for Be {
    #[inline]
    fn validate(src: &[u16]) -> Result<(), Utf16Error> {
        validate_utf16be(src)
    }
    #[cfg(feature = "transcode")]
    #[inline]
    fn utf8_len(src: &[u16]) -> usize {
        utf8_len_from_utf16be(src)
    }
    #[cfg(feature = "transcode")]
    #[inline]
    fn to_utf8<S: ?Sized + Sink<Utf8>>(
        src: &[u16],
        dst: &mut S,
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        utf16be_to_utf8(src, dst)
    }
}

/// The dispatched UTF-32 validator.
#[inline]
pub(crate) fn validate_utf32(src: &[u32]) -> Result<(), Utf32Error> {
    let valid = if src.len() < SHORT_UNITS { 0 } else { validate_utf32_prefix(src) };
    finish_validate(src, valid, scalar::utf32::validate)
}

// The native-endian functions are the LE or BE ones.
#[cfg(target_endian = "big")]
pub(crate) use validate_utf16be as validate_utf16;
#[cfg(target_endian = "little")]
pub(crate) use validate_utf16le as validate_utf16;
#[cfg(all(target_endian = "big", feature = "transcode"))]
pub(crate) use {
    chars_to_utf16be as chars_to_utf16, str_to_utf16be as str_to_utf16,
    utf16be_to_utf32 as utf16_to_utf32, utf16be_to_utf8 as utf16_to_utf8,
    utf32_to_utf16be as utf32_to_utf16, utf8_to_utf16be as utf8_to_utf16,
};
#[cfg(all(target_endian = "little", feature = "transcode"))]
pub(crate) use {
    chars_to_utf16le as chars_to_utf16, str_to_utf16le as str_to_utf16,
    utf16le_to_utf32 as utf16_to_utf32, utf16le_to_utf8 as utf16_to_utf8,
    utf32_to_utf16le as utf32_to_utf16, utf8_to_utf16le as utf8_to_utf16,
};
#[cfg(all(target_endian = "big", feature = "single-byte"))]
pub(crate) use {
    latin1_to_utf16be as latin1_to_utf16, utf16be_to_latin1 as utf16_to_latin1,
    windows1252_to_utf16be as windows1252_to_utf16,
};
#[cfg(all(target_endian = "little", feature = "single-byte"))]
pub(crate) use {
    latin1_to_utf16le as latin1_to_utf16, utf16le_to_latin1 as utf16_to_latin1,
    windows1252_to_utf16le as windows1252_to_utf16,
};

/// `bytes` as a `String` if it is valid UTF-8, else the bytes back with
/// the exact error: the zero-copy core of
/// [`string_from_utf8`](crate::string_from_utf8).
#[cfg(feature = "alloc")]
pub(crate) fn string_from_utf8(
    bytes: alloc::vec::Vec<u8>,
) -> Result<alloc::string::String, (alloc::vec::Vec<u8>, Utf8Error)> {
    match validate_utf8(&bytes) {
        // SAFETY: `validate_utf8` accepted every byte of `bytes`.
        Ok(_) => Ok(unsafe { alloc::string::String::from_utf8_unchecked(bytes) }),
        Err(e) => Err((bytes, e)),
    }
}

/// `bytes` as a `&mut str` if it is valid UTF-8: the core of
/// [`from_utf8_mut`](crate::from_utf8_mut).
pub(crate) fn str_from_utf8_mut(bytes: &mut [u8]) -> Result<&mut str, Utf8Error> {
    str_from_utf8_mut_else(bytes, |_, e| Err(e))
}

/// `bytes` as a `&mut str` if it is valid UTF-8, else what `on_error`
/// makes of the bytes and their error: the core of the `from_utf8_mut`
/// drop-ins, whose error path needs the bytes again.
pub(crate) fn str_from_utf8_mut_else<'a, E>(
    bytes: &'a mut [u8],
    on_error: impl FnOnce(&'a mut [u8], Utf8Error) -> Result<&'a mut str, E>,
) -> Result<&'a mut str, E> {
    match validate_utf8(bytes) {
        // SAFETY: `validate_utf8` accepted every byte of `bytes`.
        Ok(_) => Ok(unsafe { core::str::from_utf8_unchecked_mut(bytes) }),
        Err(e) => on_error(bytes, e),
    }
}

/// `bytes::Bytes` that hold UTF-8: the zero-copy core of
/// [`Utf8Bytes`](crate::io::Utf8Bytes).
#[cfg(feature = "bytes")]
pub(crate) mod valid_bytes {
    use super::validate_utf8;
    use crate::error::Utf8Error;
    use alloc::string::String;
    use bytes::Bytes;

    /// A `Bytes` whose contents are UTF-8. Every constructor proves it:
    /// by validating the bytes ([`split_valid`](Self::split_valid)), by
    /// taking a `String`,
    /// or by slicing one at character boundaries. A `Bytes` never
    /// changes what it holds, so the proof lasts.
    #[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub(crate) struct ValidBytes(Bytes);

    impl ValidBytes {
        /// The longest valid prefix of `bytes` (sharing its memory), and
        /// the error after it, if any: one validation.
        pub(crate) fn split_valid(bytes: Bytes) -> (ValidBytes, Option<Utf8Error>) {
            match validate_utf8(&bytes) {
                Ok(_) => (ValidBytes(bytes), None),
                Err(e) => (ValidBytes(bytes.slice(..e.valid_up_to())), Some(e)),
            }
        }

        /// The valid prefix of `bytes` that `split` returns as a `str`
        /// (which must start where `bytes` does), and its error: for
        /// callers with their own validation strategy. The `str` is the
        /// proof.
        pub(crate) fn split_with(
            bytes: Bytes,
            split: impl FnOnce(&[u8]) -> (&str, Option<Utf8Error>),
        ) -> (ValidBytes, Option<Utf8Error>) {
            let (valid, error) = split(&bytes);
            assert!(valid.as_ptr() == bytes.as_ptr() && valid.len() <= bytes.len(), "not a prefix");
            let n = valid.len();
            (ValidBytes(bytes.slice(..n)), error)
        }

        pub(crate) fn from_string(s: String) -> Self {
            ValidBytes(Bytes::from(s))
        }

        pub(crate) const fn from_static(s: &'static str) -> Self {
            ValidBytes(Bytes::from_static(s.as_bytes()))
        }

        pub(crate) fn as_str(&self) -> &str {
            // SAFETY: every constructor of `ValidBytes` proved its bytes
            // UTF-8 (validated them, took a `str`, or sliced a valid one
            // at character boundaries), and `Bytes` is immutable.
            unsafe { core::str::from_utf8_unchecked(&self.0) }
        }

        /// The part of the text at `range`, sharing its memory; `None`
        /// unless both ends are character boundaries.
        #[inline]
        pub(crate) fn slice(&self, range: core::ops::Range<usize>) -> Option<ValidBytes> {
            self.as_str().get(range.clone()).map(|_| ValidBytes(self.0.slice(range)))
        }

        pub(crate) fn bytes(&self) -> &Bytes {
            &self.0
        }

        pub(crate) fn into_bytes(self) -> Bytes {
            self.0
        }
    }
}
