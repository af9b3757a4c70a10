//! Lossy decoding: every maximal invalid subpart becomes one U+FFFD, the
//! Unicode "best practice" that `String::from_utf8_lossy` follows, so the
//! output is byte-identical to std's.
//!
//! The engine is `glue::lossy`'s: the kernels over the valid stretches
//! (UTF-8 is validated and copied, the first stretch with the fast
//! grouped check, later ones with block-exact error positions; UTF-16 is
//! transcoded), scalar code while errors are dense. This module sizes the
//! outputs: never more room than the conversion's worst case (3 bytes of
//! UTF-8 per byte or unit of input, one UTF-16 unit per byte), grown by
//! doubling up to it where the first guess runs out.

use crate::arch::KernelFns;
#[cfg(feature = "transcode")]
use crate::byte_order::{Be, Le, Native};
use crate::dispatch::{active_fns, ifunc, short, SHORT};
use crate::glue::lossy::{refine, utf8_lossy_sink, LossyTarget};
use crate::glue::{finish_utf8, split_result, Sink};
use crate::scalar::transcode::Utf8;
#[cfg(feature = "transcode")]
use crate::scalar::transcode::{Utf16, Utf32};
use crate::strategy::ErrorStrategy;
use crate::{Kernel, Lossy, TranscodeError, Utf8Error};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// Decodes UTF-8, replacing each maximal invalid subpart with U+FFFD.
/// Byte-identical to [`String::from_utf8_lossy`]; borrows when the input
/// is valid.
///
/// The result reports replacements as std's does: `Cow::Borrowed` exactly
/// when nothing was replaced (the input is valid UTF-8), `Cow::Owned`
/// exactly when something was.
///
/// ```
/// use std::borrow::Cow;
/// // E1 A0 C0: "E1 A0" is a truncated sequence, then C0 is invalid alone.
/// let s = rapidutf::utf8_to_string_lossy(b"a\xE1\xA0\xC0b");
/// assert_eq!(s, "a\u{FFFD}\u{FFFD}b");
/// assert!(matches!(s, Cow::Owned(_))); // something was replaced
/// assert!(matches!(rapidutf::utf8_to_string_lossy(b"ok"), Cow::Borrowed(_)));
/// ```
#[must_use]
#[inline]
pub fn utf8_to_string_lossy(src: &[u8]) -> Cow<'_, str> {
    utf8_lossy(active_fns(), src, split_valid_utf8_refined(src), ErrorStrategy::Replace, &mut 0)
}

/// [`utf8_to_string_lossy`], also counting the maximal invalid subparts it
/// replaced: `replaced` is 0 exactly when `src` is valid UTF-8 (and the
/// output borrowed).
///
/// ```
/// let r = rapidutf::utf8_to_string_lossy_report(b"a\xE1\xA0\xC0b");
/// assert_eq!((&*r.output, r.replaced), ("a\u{FFFD}\u{FFFD}b", 2));
/// assert!(!rapidutf::utf8_to_string_lossy_report(b"ok").had_replacements());
/// ```
#[inline]
pub fn utf8_to_string_lossy_report(src: &[u8]) -> Lossy<Cow<'_, str>> {
    let mut replaced = 0;
    let first = split_valid_utf8_refined(src);
    let output = utf8_lossy(active_fns(), src, first, ErrorStrategy::Replace, &mut replaced);
    Lossy { output, replaced }
}

impl Kernel {
    /// [`crate::utf8_to_string_lossy`] with this kernel, whatever the
    /// input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// for k in rapidutf::Kernel::available() {
    ///     assert_eq!(k.utf8_to_string_lossy(b"a\xFFb"), "a\u{FFFD}b");
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub fn utf8_to_string_lossy(self, src: &[u8]) -> Cow<'_, str> {
        let fns = self.fns();
        let first = crate::glue::lossy::split_valid(fns, src, false);
        utf8_lossy(fns, src, first, ErrorStrategy::Replace, &mut 0)
    }
}

#[cfg(feature = "transcode")]
impl Kernel {
    /// [`crate::utf16_len_from_utf8_lossy`] with this kernel's validation
    /// and count, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = b"caf\xC3\xA9 \xF0\x9F\x98\x80 \xE2\x82 \xFF".repeat(9);
    /// for k in rapidutf::Kernel::available() {
    ///     let n = k.utf16_len_from_utf8_lossy(&src);
    ///     assert_eq!(n, rapidutf::utf8_to_utf16_lossy(&src).len(), "{k}");
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub fn utf16_len_from_utf8_lossy(self, src: &[u8]) -> usize {
        lossy_len::<Utf16<Le>>(self.fns(), src)
    }

    /// [`crate::utf32_len_from_utf8_lossy`] with this kernel's validation
    /// and count, whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = b"caf\xC3\xA9 \xF0\x9F\x98\x80 \xE2\x82 \xFF".repeat(9);
    /// for k in rapidutf::Kernel::available() {
    ///     let n = k.utf32_len_from_utf8_lossy(&src);
    ///     assert_eq!(n, rapidutf::utf8_to_utf32_lossy(&src).len(), "{k}");
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub fn utf32_len_from_utf8_lossy(self, src: &[u8]) -> usize {
        lossy_len::<Utf32>(self.fns(), src)
    }
}

// The block-exact check, dispatched: only lossy decoding uses it.
ifunc!(validate_utf8_blocks_raw(bytes: &[u8]) -> Result<(), usize> = validate_utf8_blocks);

/// The longest valid prefix as a `str`, and the error after it, for input
/// that is expected to hold errors: the kernel reports errors to within a
/// vector rather than a group of blocks (`validate_utf8_blocks`), so the
/// scalar rescan that finds the exact error is short.
pub(crate) fn split_valid_utf8_blocks(bytes: &[u8]) -> (&str, Option<Utf8Error>) {
    let r = if bytes.len() < SHORT {
        short(bytes).unwrap_or_else(|| validate_utf8_blocks_raw(bytes))
    } else {
        validate_utf8_blocks_raw(bytes)
    };
    split_result(bytes, finish_utf8(bytes, r))
}

/// The longest valid prefix and the error after it, with the grouped check
/// (fast on valid input), refined with [`split_valid_utf8_blocks`] so
/// that the scalar rescan stays short however large the groups.
fn split_valid_utf8_refined(bytes: &[u8]) -> (&str, Option<Utf8Error>) {
    refine(bytes, crate::dispatch::validate_utf8_scan(bytes), split_valid_utf8_blocks)
}

/// The most units of output that `len` units of input can take: the
/// worst case of the conversion, which no allocation here exceeds.
fn worst(len: usize, per_unit: usize) -> usize {
    len.saturating_mul(per_unit)
}

/// Makes room in `out` for the output of `rest` input units after a
/// conversion ran out of it: the capacity doubles (so that a long input
/// costs a few reallocations, however many errors it has), but never
/// past the length plus the worst case of the rest (`per_unit` output
/// units per input unit), so that the largest allocation stays within
/// the conversion's worst case.
fn grow<S: crate::glue::Growable>(out: &mut S, rest: usize, per_unit: usize) {
    let (len, capacity) = out.len_and_capacity();
    let limit = len.saturating_add(worst(rest, per_unit));
    let target = capacity.saturating_mul(2).clamp(len.saturating_add(1), limit.max(len + 1));
    out.reserve(target - len);
}

/// [`utf8_to_string_lossy`] and [`utf8_to_string_lossy_with`] with
/// `fns`: `first` is the longest valid prefix of `src` and the error
/// after it (a borrowed result when there is none). Adds the number of
/// subparts handled to `replaced`.
fn utf8_lossy<'a>(
    fns: &KernelFns,
    src: &'a [u8],
    first: (&'a str, Option<Utf8Error>),
    strategy: ErrorStrategy,
    replaced: &mut usize,
) -> Cow<'a, str> {
    let (valid, err) = first;
    if err.is_none() {
        return Cow::Borrowed(valid);
    }
    // Each invalid byte becomes at most 3 bytes; for the usual few errors,
    // a little slack avoids a reallocation.
    let room = (src.len() + src.len() / 16 + 8).min(worst(src.len(), 3));
    let mut out = String::with_capacity(room);
    out.push_str(valid);
    // Past the first error, more are likely (`blocks`).
    append_utf8_lossy(fns, &src[valid.len()..], &mut out, strategy, true, replaced);
    Cow::Owned(out)
}

/// Appends the lossy decoding of `src` to `out`, each maximal invalid
/// subpart handled by `strategy`, with `fns`' kernel; adds the number of
/// subparts handled to `replaced`. `blocks` as for the engine: whether
/// errors are expected from the start. Also the stream decoders' `String`
/// output.
pub(crate) fn append_utf8_lossy(
    fns: &KernelFns,
    src: &[u8],
    out: &mut String,
    strategy: ErrorStrategy,
    blocks: bool,
    replaced: &mut usize,
) {
    let mut rest = src;
    while let Err(TranscodeError::OutputTooSmall { read, .. }) =
        utf8_lossy_sink::<Utf8, _>(fns, rest, out, strategy, blocks, replaced)
    {
        rest = &rest[read..];
        grow(out, rest.len(), 3);
    }
}

/// [`utf8_to_string_lossy_with_report`] for a caller that has validated
/// `src` already: `first` is its longest valid prefix and the error after
/// it, which are not looked for again.
/// Built where its one caller, the lines codec (`io` with `tokio`), is.
#[cfg(all(feature = "std", feature = "stream", feature = "single-byte", feature = "tokio"))]
pub(crate) fn utf8_lossy_from<'a>(
    src: &'a [u8],
    first: (&'a str, Option<Utf8Error>),
    strategy: ErrorStrategy,
    replaced: &mut usize,
) -> Cow<'a, str> {
    utf8_lossy(active_fns(), src, first, strategy, replaced)
}

/// The length of the lossy decoding of `src` in `T` (UTF-16, UTF-32),
/// with `fns`' kernel: the engine's walk over the valid stretches (each
/// counted by the kernel) and the invalid subparts (one unit each), as
/// the conversions walk them, writing nothing.
#[cfg(feature = "transcode")]
fn lossy_len<T: crate::glue::lossy::Count>(fns: &KernelFns, src: &[u8]) -> usize {
    use crate::glue::lossy::{unbounded, utf8_lossy_into, Counted};
    let replace = ErrorStrategy::Replace;
    match utf8_lossy_into::<Counted<T>>(fns, src, &mut unbounded(), replace, false, &mut 0) {
        Ok(n) => n,
        // `unbounded` has room for any count.
        Err(e) => e.written(),
    }
}

#[cfg(feature = "transcode")]
/// The number of UTF-16 units that [`utf8_to_utf16_lossy`] writes for
/// `src` (in any byte order): exact, without converting. Each valid
/// stretch counts as [`utf16_len_from_utf8`](crate::utf16_len_from_utf8)
/// does (one unit per character, two above U+FFFF), each maximal invalid
/// subpart one unit (its U+FFFD).
///
/// The valid stretches are validated and counted by the SIMD kernels;
/// only the errors are looked at with scalar code.
///
/// ```
/// let src = b"a\xE1\xA0\xC0b\xF0\x9F\x98\x80";
/// assert_eq!(rapidutf::utf16_len_from_utf8_lossy(src), 6);
/// assert_eq!(rapidutf::utf16_len_from_utf8_lossy(src), rapidutf::utf8_to_utf16_lossy(src).len());
/// ```
#[must_use]
#[inline]
pub fn utf16_len_from_utf8_lossy(src: &[u8]) -> usize {
    lossy_len::<Utf16<Le>>(active_fns(), src)
}

#[cfg(feature = "transcode")]
/// The number of UTF-32 values that [`utf8_to_utf32_lossy`] writes for
/// `src`: the characters of each valid stretch, plus one per maximal
/// invalid subpart; exact, without converting.
///
/// ```
/// let src = b"a\xE1\xA0\xC0b\xF0\x9F\x98\x80";
/// assert_eq!(rapidutf::utf32_len_from_utf8_lossy(src), 5);
/// assert_eq!(rapidutf::utf32_len_from_utf8_lossy(src), rapidutf::utf8_to_utf32_lossy(src).len());
/// ```
#[must_use]
#[inline]
pub fn utf32_len_from_utf8_lossy(src: &[u8]) -> usize {
    lossy_len::<Utf32>(active_fns(), src)
}

#[cfg(feature = "transcode")]
/// Lossy UTF-16 in byte order `O` to a new `String`, with the number of
/// unpaired surrogates replaced.
fn utf16_lossy<O: crate::dispatch::Utf16Order>(src: &[u16]) -> Lossy<String>
where
    Utf16<O>: crate::arch::Entry<Utf8>
        + crate::scalar::transcode::Decode<Unit = u16, Error = crate::Utf16Error>,
{
    let fns = active_fns();
    let mut out = String::new();
    out.reserve_exact(O::utf8_len(src).min(worst(src.len(), 3)));
    let mut rest = src;
    let mut replaced = 0;
    while let Err(TranscodeError::OutputTooSmall { read, .. }) =
        crate::glue::lossy::utf16_lossy_sink::<O, _>(fns, rest, &mut out, &mut replaced)
    {
        rest = &rest[read..];
        grow(&mut out, rest.len(), 3);
    }
    Lossy { output: out, replaced }
}

#[cfg(feature = "transcode")]
/// Decodes native-endian UTF-16, replacing each unpaired surrogate with
/// U+FFFD. Identical to [`String::from_utf16_lossy`].
///
/// ```
/// assert_eq!(rapidutf::utf16_to_string_lossy(&[0x61, 0xDC00, 0x62]), "a\u{FFFD}b");
/// ```
#[must_use]
#[inline]
pub fn utf16_to_string_lossy(src: &[u16]) -> String {
    utf16_lossy::<Native>(src).output
}

#[cfg(feature = "transcode")]
/// [`utf16_to_string_lossy`] for UTF-16LE.
#[must_use]
#[inline]
pub fn utf16le_to_string_lossy(src: &[u16]) -> String {
    utf16_lossy::<Le>(src).output
}

#[cfg(feature = "transcode")]
/// [`utf16_to_string_lossy`] for UTF-16BE.
#[must_use]
#[inline]
pub fn utf16be_to_string_lossy(src: &[u16]) -> String {
    utf16_lossy::<Be>(src).output
}

#[cfg(feature = "transcode")]
/// Decodes UTF-32, replacing each value that is not a Unicode scalar value
/// (a surrogate, or a value above U+10FFFF) with U+FFFD: the same as
/// `src.iter().map(|&v| char::from_u32(v).unwrap_or('\u{FFFD}')).collect::<String>()`,
/// with the valid stretches converted by the SIMD transcoder.
///
/// ```
/// let s = rapidutf::utf32_to_string_lossy(&[0x61, 0xD800, 0x1F600, 0x110000]);
/// assert_eq!(s, "a\u{FFFD}😀\u{FFFD}");
/// ```
#[must_use]
#[inline]
pub fn utf32_to_string_lossy(src: &[u32]) -> String {
    let mut out = String::new();
    // Exact for valid input, and enough for any: a surrogate counts the 3
    // bytes of U+FFFD, a value above U+10FFFF 4.
    out.reserve_exact(crate::utf8_len_from_utf32(src));
    let mut rest = src;
    loop {
        match crate::dispatch::utf32_to_utf8(rest, &mut out) {
            Ok(_) => return out,
            Err(TranscodeError::Invalid { error, .. }) => {
                // One value is one character, valid or not.
                out.push(char::REPLACEMENT_CHARACTER);
                rest = &rest[error.valid_up_to() + 1..];
            }
            Err(TranscodeError::OutputTooSmall { read, .. }) => {
                rest = &rest[read..];
                grow(&mut out, rest.len(), 4);
            }
        }
    }
}

#[cfg(feature = "transcode")]
/// Converts UTF-8 to native-endian UTF-16, replacing each maximal invalid
/// subpart with U+FFFD. Identical to
/// `String::from_utf8_lossy(src).encode_utf16().collect::<Vec<u16>>()`,
/// without the intermediate string: valid stretches go through the SIMD
/// transcoder, each error through the error layer.
///
/// ```
/// let v = rapidutf::utf8_to_utf16_lossy(b"a\xE1\xA0\xC0b");
/// assert_eq!(v, [0x61, 0xFFFD, 0xFFFD, 0x62]);
/// ```
#[must_use]
#[inline]
pub fn utf8_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    utf8_to_units_with::<Utf16<Native>>(src, ErrorStrategy::Replace).output
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16_lossy`] to UTF-16LE.
///
/// ```
/// let v = rapidutf::utf8_to_utf16le_lossy(b"\xF0\x9F\x98\x80\xFF");
/// assert_eq!(v, [0xD83D, 0xDE00, 0xFFFD].map(u16::to_le));
/// ```
#[must_use]
#[inline]
pub fn utf8_to_utf16le_lossy(src: &[u8]) -> Vec<u16> {
    utf8_to_units_with::<Utf16<Le>>(src, ErrorStrategy::Replace).output
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16_lossy`] to UTF-16BE.
///
/// ```
/// let v = rapidutf::utf8_to_utf16be_lossy(b"a\xC3");
/// assert_eq!(v, [0x61, 0xFFFD].map(u16::to_be));
/// ```
#[must_use]
#[inline]
pub fn utf8_to_utf16be_lossy(src: &[u8]) -> Vec<u16> {
    utf8_to_units_with::<Utf16<Be>>(src, ErrorStrategy::Replace).output
}

#[cfg(feature = "transcode")]
/// Converts UTF-8 to UTF-32, replacing each maximal invalid subpart with
/// U+FFFD. Identical to
/// `String::from_utf8_lossy(src).chars().map(u32::from).collect::<Vec<u32>>()`,
/// without the intermediate string; its exact length is
/// [`utf32_len_from_utf8_lossy`].
///
/// ```
/// let v = rapidutf::utf8_to_utf32_lossy(b"a\xE1\xA0\xC0\xF0\x9F\x98\x80");
/// assert_eq!(v, [0x61, 0xFFFD, 0xFFFD, 0x1F600]);
/// ```
#[must_use]
#[inline]
pub fn utf8_to_utf32_lossy(src: &[u8]) -> Vec<u32> {
    utf8_to_units_with::<Utf32>(src, ErrorStrategy::Replace).output
}

#[cfg(feature = "transcode")]
/// Lossy UTF-8 to a new vector of UTF-16 (in a byte order) or UTF-32
/// units, each maximal invalid subpart handled by `strategy`.
fn utf8_to_units_with<E: LossyTarget>(src: &[u8], strategy: ErrorStrategy) -> Lossy<Vec<E::Unit>>
where
    Vec<E::Unit>: Sink<E>,
{
    let fns = active_fns();
    // Valid UTF-8 needs at most one unit per byte, and every strategy puts
    // at most one unit (a BMP character) per byte of a subpart: `src.len()`
    // units always suffice, the worst case.
    let mut out = Vec::new();
    out.reserve_exact(src.len());
    let mut rest = src;
    let mut blocks = false;
    let mut replaced = 0;
    while let Err(TranscodeError::OutputTooSmall { read, .. }) =
        utf8_lossy_sink::<E, _>(fns, rest, &mut out, strategy, blocks, &mut replaced)
    {
        // Unreachable (see above); growing keeps it correct regardless.
        rest = &rest[read..];
        blocks = true;
        grow(&mut out, rest.len(), 1);
    }
    Lossy { output: out, replaced }
}

/// Decodes UTF-8, handling each maximal invalid subpart with `strategy`;
/// borrows when the input is valid. With [`ErrorStrategy::Replace`] it is
/// [`utf8_to_string_lossy`].
///
/// `Cow::Borrowed` exactly when no subpart was handled (the input is
/// valid UTF-8), whatever the strategy: with [`ErrorStrategy::Ignore`],
/// an invalid input that comes out as a valid-looking prefix is still
/// `Owned`.
///
/// ```
/// use rapidutf::{utf8_to_string_lossy_with, ErrorStrategy};
/// // "Grüße" with the ü in UTF-8 and the ß in Latin-1.
/// let s = utf8_to_string_lossy_with(b"Gr\xC3\xBC\xDFe", ErrorStrategy::Latin1);
/// assert_eq!(s, "Grüße");
/// ```
#[must_use]
#[inline]
pub fn utf8_to_string_lossy_with(src: &[u8], strategy: ErrorStrategy) -> Cow<'_, str> {
    utf8_lossy(active_fns(), src, split_valid_utf8_refined(src), strategy, &mut 0)
}

/// [`utf8_to_string_lossy_with`], also counting the maximal invalid
/// subparts that `strategy` handled (replaced, mapped or dropped):
/// `replaced` is 0 exactly when `src` is valid UTF-8.
///
/// ```
/// use rapidutf::{utf8_to_string_lossy_with_report, ErrorStrategy};
/// let r = utf8_to_string_lossy_with_report(b"a\x80\x80", ErrorStrategy::Ignore);
/// assert_eq!((&*r.output, r.replaced), ("a", 2));
/// ```
#[inline]
pub fn utf8_to_string_lossy_with_report(
    src: &[u8],
    strategy: ErrorStrategy,
) -> Lossy<Cow<'_, str>> {
    let mut replaced = 0;
    let output =
        utf8_lossy(active_fns(), src, split_valid_utf8_refined(src), strategy, &mut replaced);
    Lossy { output, replaced }
}

#[cfg(feature = "transcode")]
/// Converts UTF-8 to native-endian UTF-16, handling each maximal invalid
/// subpart with `strategy`. With [`ErrorStrategy::Replace`] it is
/// [`utf8_to_utf16_lossy`].
///
/// ```
/// use rapidutf::{utf8_to_utf16_lossy_with, ErrorStrategy};
/// let v = utf8_to_utf16_lossy_with(b"a\x80b", ErrorStrategy::Windows1252);
/// assert_eq!(v, [0x61, 0x20AC, 0x62]);
/// assert_eq!(utf8_to_utf16_lossy_with(b"a\x80b", ErrorStrategy::Ignore), [0x61, 0x62]);
/// ```
#[must_use]
#[inline]
pub fn utf8_to_utf16_lossy_with(src: &[u8], strategy: ErrorStrategy) -> Vec<u16> {
    utf8_to_units_with::<Utf16<Native>>(src, strategy).output
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16_lossy_with`] to UTF-16LE. With
/// [`ErrorStrategy::Replace`] it is [`utf8_to_utf16le_lossy`].
///
/// ```
/// use rapidutf::{utf8_to_utf16le_lossy_with, ErrorStrategy};
/// let v = utf8_to_utf16le_lossy_with(b"a\xE9b", ErrorStrategy::Latin1);
/// assert_eq!(v, [0x61, 0xE9, 0x62].map(u16::to_le));
/// ```
#[must_use]
#[inline]
pub fn utf8_to_utf16le_lossy_with(src: &[u8], strategy: ErrorStrategy) -> Vec<u16> {
    utf8_to_units_with::<Utf16<Le>>(src, strategy).output
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16_lossy_with`] to UTF-16BE. With
/// [`ErrorStrategy::Replace`] it is [`utf8_to_utf16be_lossy`].
///
/// ```
/// use rapidutf::{utf8_to_utf16be_lossy_with, ErrorStrategy};
/// let v = utf8_to_utf16be_lossy_with(b"\x80!", ErrorStrategy::Windows1252);
/// assert_eq!(v, [0x20AC, 0x21].map(u16::to_be));
/// ```
#[must_use]
#[inline]
pub fn utf8_to_utf16be_lossy_with(src: &[u8], strategy: ErrorStrategy) -> Vec<u16> {
    utf8_to_units_with::<Utf16<Be>>(src, strategy).output
}

#[cfg(feature = "transcode")]
/// Converts UTF-8 to UTF-32, handling each maximal invalid subpart with
/// `strategy`. With [`ErrorStrategy::Replace`] it is
/// [`utf8_to_utf32_lossy`].
///
/// ```
/// use rapidutf::{utf8_to_utf32_lossy_with, ErrorStrategy};
/// let input = b"\xF0\x9F\x98\x80 \xE1\xA0";
/// assert_eq!(utf8_to_utf32_lossy_with(input, ErrorStrategy::Ignore), [0x1F600, 0x20]);
/// assert_eq!(utf8_to_utf32_lossy_with(input, ErrorStrategy::Latin1), [0x1F600, 0x20, 0xE1, 0xA0]);
/// ```
#[must_use]
#[inline]
pub fn utf8_to_utf32_lossy_with(src: &[u8], strategy: ErrorStrategy) -> Vec<u32> {
    utf8_to_units_with::<Utf32>(src, strategy).output
}

// ---------------------------------------------------------------------
// Reporting replacements.
//
// The lossy functions above return the output alone, as
// `String::from_utf8_lossy` does. Whether anything was replaced is what a
// caller logs, counts or rejects on, and finding out afterwards would
// cost a second pass (a strict decode, or a search for U+FFFD, which
// valid input may hold). The UTF-8 to `String` forms say it with their
// `Cow` (`Borrowed` exactly when nothing was replaced, std's idiom); the
// others have a `_report` form returning [`Lossy`]: the output and the
// number of replacements, counted by the same engine as it writes them
// (the count the stream decoders keep, and the single-byte encoders
// return), so the output is the plain form's, byte for byte, at the
// plain form's speed.
// ---------------------------------------------------------------------

#[cfg(feature = "transcode")]
/// [`utf16_to_string_lossy`], also counting the unpaired surrogates it
/// replaced: `replaced` is 0 exactly when the output equals the strict
/// decoding ([`utf16_to_string`](crate::utf16_to_string) succeeds). The
/// output is the plain form's, and the count costs nothing on valid
/// input.
///
/// # Panics
///
/// Never; as the plain form, it allocates (at most 3 bytes per unit).
///
/// ```
/// let r = rapidutf::utf16_to_string_lossy_report(&[0x61, 0xDC00, 0x62, 0xD800]);
/// assert_eq!((r.output.as_str(), r.replaced), ("a\u{FFFD}b\u{FFFD}", 2));
/// // U+FFFD in the input is not a replacement.
/// let r = rapidutf::utf16_to_string_lossy_report(&[0xFFFD]);
/// assert_eq!((r.output.as_str(), r.had_replacements()), ("\u{FFFD}", false));
/// ```
#[inline]
pub fn utf16_to_string_lossy_report(src: &[u16]) -> Lossy<String> {
    utf16_lossy::<Native>(src)
}

#[cfg(feature = "transcode")]
/// [`utf16le_to_string_lossy`], also counting the replacements, as
/// [`utf16_to_string_lossy_report`] does.
///
/// # Panics
///
/// Never (see [`utf16_to_string_lossy_report`]).
///
/// ```
/// let units = [0x61, 0xD800].map(u16::to_le);
/// let r = rapidutf::utf16le_to_string_lossy_report(&units);
/// assert_eq!((r.output.as_str(), r.replaced), ("a\u{FFFD}", 1));
/// ```
#[inline]
pub fn utf16le_to_string_lossy_report(src: &[u16]) -> Lossy<String> {
    utf16_lossy::<Le>(src)
}

#[cfg(feature = "transcode")]
/// [`utf16be_to_string_lossy`], also counting the replacements, as
/// [`utf16_to_string_lossy_report`] does.
///
/// # Panics
///
/// Never (see [`utf16_to_string_lossy_report`]).
///
/// ```
/// let units = [0xD83D, 0xDE00].map(u16::to_be);
/// let r = rapidutf::utf16be_to_string_lossy_report(&units);
/// assert_eq!((r.output.as_str(), r.replaced), ("😀", 0));
/// ```
#[inline]
pub fn utf16be_to_string_lossy_report(src: &[u16]) -> Lossy<String> {
    utf16_lossy::<Be>(src)
}

#[cfg(feature = "transcode")]
/// [`utf32_to_string_lossy`], also counting the values it replaced (each
/// surrogate or value above U+10FFFF): `replaced` is 0 exactly when
/// [`utf32_to_string`](crate::utf32_to_string) succeeds.
///
/// # Panics
///
/// Never; as the plain form, it allocates (at most 4 bytes per value).
///
/// ```
/// let r = rapidutf::utf32_to_string_lossy_report(&[0x61, 0x110000, 0xD800]);
/// assert_eq!((r.output.as_str(), r.replaced), ("a\u{FFFD}\u{FFFD}", 2));
/// ```
#[inline]
pub fn utf32_to_string_lossy_report(src: &[u32]) -> Lossy<String> {
    let mut out = String::new();
    // As in `utf32_to_string_lossy`: exact for valid input, enough for any.
    out.reserve_exact(crate::utf8_len_from_utf32(src));
    let mut rest = src;
    let mut replaced = 0;
    loop {
        match crate::dispatch::utf32_to_utf8(rest, &mut out) {
            Ok(_) => return Lossy { output: out, replaced },
            Err(TranscodeError::Invalid { error, .. }) => {
                // One value is one character, valid or not.
                out.push(char::REPLACEMENT_CHARACTER);
                replaced += 1;
                rest = &rest[error.valid_up_to() + 1..];
            }
            Err(TranscodeError::OutputTooSmall { read, .. }) => {
                rest = &rest[read..];
                grow(&mut out, rest.len(), 4);
            }
        }
    }
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16_lossy`], also counting the maximal invalid subparts it
/// replaced: `replaced` is 0 exactly when `src` is valid UTF-8, that is
/// when the output equals the strict conversion.
///
/// # Panics
///
/// Never; as the plain form, it allocates (at most one unit per byte).
///
/// ```
/// // Two subparts: the truncated E1 A0, and C0 (never in UTF-8).
/// let r = rapidutf::utf8_to_utf16_lossy_report(b"a\xE1\xA0\xC0");
/// assert_eq!((r.output.as_slice(), r.replaced), (&[0x61, 0xFFFD, 0xFFFD][..], 2));
/// assert!(!rapidutf::utf8_to_utf16_lossy_report(b"ok").had_replacements());
/// ```
#[inline]
pub fn utf8_to_utf16_lossy_report(src: &[u8]) -> Lossy<Vec<u16>> {
    utf8_to_units_with::<Utf16<Native>>(src, ErrorStrategy::Replace)
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16le_lossy`], also counting the replacements, as
/// [`utf8_to_utf16_lossy_report`] does.
///
/// # Panics
///
/// Never (see [`utf8_to_utf16_lossy_report`]).
///
/// ```
/// let r = rapidutf::utf8_to_utf16le_lossy_report(b"\xFF");
/// assert_eq!((r.output, r.replaced), (vec![0xFFFDu16.to_le()], 1));
/// ```
#[inline]
pub fn utf8_to_utf16le_lossy_report(src: &[u8]) -> Lossy<Vec<u16>> {
    utf8_to_units_with::<Utf16<Le>>(src, ErrorStrategy::Replace)
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16be_lossy`], also counting the replacements, as
/// [`utf8_to_utf16_lossy_report`] does.
///
/// # Panics
///
/// Never (see [`utf8_to_utf16_lossy_report`]).
///
/// ```
/// let r = rapidutf::utf8_to_utf16be_lossy_report("é".as_bytes());
/// assert_eq!((r.output, r.replaced), (vec![0xE9u16.to_be()], 0));
/// ```
#[inline]
pub fn utf8_to_utf16be_lossy_report(src: &[u8]) -> Lossy<Vec<u16>> {
    utf8_to_units_with::<Utf16<Be>>(src, ErrorStrategy::Replace)
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16_lossy_with`], also counting the maximal invalid
/// subparts that `strategy` handled (replaced, mapped or dropped):
/// `replaced` is 0 exactly when `src` is valid UTF-8.
///
/// # Panics
///
/// Never (see [`utf8_to_utf16_lossy_report`]).
///
/// ```
/// use rapidutf::{utf8_to_utf16_lossy_with_report, ErrorStrategy};
/// let r = utf8_to_utf16_lossy_with_report(b"a\x80\x80", ErrorStrategy::Ignore);
/// assert_eq!((r.output.as_slice(), r.replaced), (&[0x61][..], 2));
/// ```
#[inline]
pub fn utf8_to_utf16_lossy_with_report(src: &[u8], strategy: ErrorStrategy) -> Lossy<Vec<u16>> {
    utf8_to_units_with::<Utf16<Native>>(src, strategy)
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16le_lossy_with`], also counting the maximal invalid
/// subparts that `strategy` handled, as
/// [`utf8_to_utf16_lossy_with_report`] does.
///
/// # Panics
///
/// Never (see [`utf8_to_utf16_lossy_report`]).
///
/// ```
/// use rapidutf::{utf8_to_utf16le_lossy_with_report, ErrorStrategy};
/// let r = utf8_to_utf16le_lossy_with_report(b"\xC3", ErrorStrategy::Windows1252);
/// assert_eq!((r.output, r.replaced), (vec![0xC3u16.to_le()], 1));
/// ```
#[inline]
pub fn utf8_to_utf16le_lossy_with_report(src: &[u8], strategy: ErrorStrategy) -> Lossy<Vec<u16>> {
    utf8_to_units_with::<Utf16<Le>>(src, strategy)
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16be_lossy_with`], also counting the maximal invalid
/// subparts that `strategy` handled, as
/// [`utf8_to_utf16_lossy_with_report`] does.
///
/// # Panics
///
/// Never (see [`utf8_to_utf16_lossy_report`]).
///
/// ```
/// use rapidutf::{utf8_to_utf16be_lossy_with_report, ErrorStrategy};
/// let r = utf8_to_utf16be_lossy_with_report(b"a\xFFb", ErrorStrategy::Ignore);
/// assert_eq!((r.output, r.replaced), (vec![0x61u16.to_be(), 0x62u16.to_be()], 1));
/// ```
#[inline]
pub fn utf8_to_utf16be_lossy_with_report(src: &[u8], strategy: ErrorStrategy) -> Lossy<Vec<u16>> {
    utf8_to_units_with::<Utf16<Be>>(src, strategy)
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf32_lossy_with`], also counting the maximal invalid
/// subparts that `strategy` handled (replaced, mapped or dropped):
/// `replaced` is 0 exactly when `src` is valid UTF-8.
///
/// # Panics
///
/// Never (see [`utf8_to_utf32_lossy_report`]).
///
/// ```
/// use rapidutf::{utf8_to_utf32_lossy_with_report, ErrorStrategy};
/// let r = utf8_to_utf32_lossy_with_report(b"\xE9t\xE9", ErrorStrategy::Latin1);
/// assert_eq!((r.output.as_slice(), r.replaced), (&[0xE9, 0x74, 0xE9][..], 2));
/// ```
#[inline]
pub fn utf8_to_utf32_lossy_with_report(src: &[u8], strategy: ErrorStrategy) -> Lossy<Vec<u32>> {
    utf8_to_units_with::<Utf32>(src, strategy)
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf32_lossy`], also counting the maximal invalid subparts it
/// replaced: `replaced` is 0 exactly when `src` is valid UTF-8.
///
/// # Panics
///
/// Never; as the plain form, it allocates (at most one value per byte).
///
/// ```
/// let r = rapidutf::utf8_to_utf32_lossy_report(b"a\xE1\xA0");
/// assert_eq!((r.output.as_slice(), r.replaced), (&[0x61, 0xFFFD][..], 1));
/// ```
#[inline]
pub fn utf8_to_utf32_lossy_report(src: &[u8]) -> Lossy<Vec<u32>> {
    utf8_to_units_with::<Utf32>(src, ErrorStrategy::Replace)
}
