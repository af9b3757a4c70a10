//! Lossy decoding: every maximal invalid subpart becomes one U+FFFD, the
//! Unicode "best practice" that `String::from_utf8_lossy` follows, so the
//! output is byte-identical to std's.
//!
//! Both directions run the SIMD kernels over the valid stretches and do
//! scalar work only at the errors: UTF-8 is validated (the first stretch
//! with the fast grouped check; after an error, with block-exact error
//! positions, so the scalar rescan that finds the exact error covers at
//! most one 64-byte block) and copied; UTF-16 is validated, then each
//! valid stretch is transcoded by the UTF-16 → UTF-8 transcoder into a
//! buffer of its exact UTF-8 length.

use crate::arch::KernelFns;
use crate::byte_order::{Be, ByteOrder, Le, Native};
use crate::dispatch::{ifunc, short, SHORT};
use crate::glue::{finish_utf8, scalar_valid, split_result};
use crate::strategy::ErrorStrategy;
use crate::{Kernel, TranscodeError, Utf16Error, Utf8Error};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// Decodes UTF-8, replacing each maximal invalid subpart with U+FFFD.
/// Byte-identical to [`String::from_utf8_lossy`]; borrows when the input
/// is valid.
///
/// ```
/// // E1 A0 C0: "E1 A0" is a truncated sequence, then C0 is invalid alone.
/// let s = rapidutf::utf8_to_string_lossy(b"a\xE1\xA0\xC0b");
/// assert_eq!(s, "a\u{FFFD}\u{FFFD}b");
/// ```
#[must_use]
pub fn utf8_to_string_lossy(src: &[u8]) -> Cow<'_, str> {
    utf8_lossy(src, split_valid_utf8, |out, _| out.push(char::REPLACEMENT_CHARACTER))
}

/// The longest valid prefix of `bytes` and the error after it: with the
/// grouped check, or with block-exact positions (`blocks`, once errors
/// have been seen).
fn split_valid_utf8(bytes: &[u8], blocks: bool) -> (&str, Option<Utf8Error>) {
    if blocks {
        split_valid_utf8_blocks(bytes)
    } else {
        split_valid_utf8_refined(bytes)
    }
}

impl Kernel {
    /// [`crate::utf8_to_string_lossy`] with this kernel's validation,
    /// whatever the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    #[must_use]
    pub fn utf8_to_string_lossy(self, src: &[u8]) -> Cow<'_, str> {
        let fns = self.fns();
        utf8_lossy(
            src,
            |bytes, blocks| split_with(fns, bytes, blocks),
            |out, _| out.push(char::REPLACEMENT_CHARACTER),
        )
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
    pub fn utf16_len_from_utf8_lossy(self, src: &[u8]) -> usize {
        let fns = self.fns();
        lossy_len(
            src,
            |bytes, blocks| split_with(fns, bytes, blocks),
            |valid| fns.utf16_len_from_utf8(valid),
        )
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
    pub fn utf32_len_from_utf8_lossy(self, src: &[u8]) -> usize {
        let fns = self.fns();
        lossy_len(
            src,
            |bytes, blocks| split_with(fns, bytes, blocks),
            |valid| fns.count_chars(valid),
        )
    }
}

/// The longest valid prefix and the error after it, with one given
/// kernel: the grouped check refined as in [`split_valid_utf8_refined`],
/// or (`blocks`) the block-exact one.
fn split_with<'a>(fns: &KernelFns, bytes: &'a [u8], blocks: bool) -> (&'a str, Option<Utf8Error>) {
    if blocks {
        split_blocks_with(fns, bytes)
    } else {
        refine(bytes, fns.validate_utf8(bytes), |b| split_blocks_with(fns, b))
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
/// (fast on valid input); when the kernel flags a group of blocks past the
/// first, the check resumes at the start of the character there with
/// [`split_valid_utf8_blocks`], so the scalar rescan stays short however
/// large the groups.
fn split_valid_utf8_refined(bytes: &[u8]) -> (&str, Option<Utf8Error>) {
    refine(bytes, crate::dispatch::validate_utf8_scan(bytes), split_valid_utf8_blocks)
}

/// [`split_valid_utf8_blocks`] with one given kernel, on any length.
fn split_blocks_with<'a>(fns: &KernelFns, bytes: &'a [u8]) -> (&'a str, Option<Utf8Error>) {
    split_result(bytes, finish_utf8(bytes, fns.validate_utf8_blocks(bytes)))
}

/// The valid prefix and the error, from a grouped check's answer `r`,
/// refined with `blocks` (see [`split_valid_utf8_refined`]).
#[inline(always)]
fn refine(
    bytes: &[u8],
    r: Result<(), usize>,
    blocks: impl Fn(&[u8]) -> (&str, Option<Utf8Error>),
) -> (&str, Option<Utf8Error>) {
    let pos = match r {
        // Within the first block, the rescan is short already.
        Err(pos) if pos >= 64 => pos,
        _ => return split_result(bytes, finish_utf8(bytes, r)),
    };
    let start = crate::scalar::utf8::char_start(bytes, pos);
    let (valid, err) = blocks(&bytes[start..]);
    let end = start + valid.len();
    debug_assert!(scalar_valid(&bytes[..start]), "a UTF-8 kernel flagged a block too late");
    // SAFETY: `bytes[..start]` is valid: the kernel's contract for `pos`
    // (valid up to an incomplete last character, which `char_start` backs
    // over) rests on the SIMD validators having no false negatives
    // (`crate::glue`; cross-checked above in debug builds);
    // `bytes[start..end]` was just found valid, and starts on a character
    // boundary.
    let valid = unsafe { core::str::from_utf8_unchecked(&bytes[..end]) };
    let err = err.map(|e| {
        let len = e.error_len().map_or(0, |n| n as u8);
        Utf8Error::new(start + e.valid_up_to(), len, e.kind())
    });
    (valid, err)
}

/// [`utf8_to_string_lossy`] over `split(bytes, blocks)`, which returns the
/// longest valid prefix of `bytes` and the error after it, if any: with
/// the grouped check (`blocks == false`, for the first stretch) or with
/// block-exact positions (after an error, when more are likely).
///
/// `emit` writes what stands for each maximal invalid subpart (U+FFFD for
/// std's behaviour; see [`ErrorStrategy`]).
fn utf8_lossy<'a>(
    src: &'a [u8],
    split: impl for<'b> Fn(&'b [u8], bool) -> (&'b str, Option<Utf8Error>),
    emit: impl Fn(&mut String, &[u8]),
) -> Cow<'a, str> {
    let (valid, err) = split(src, false);
    let Some(mut e) = err else {
        return Cow::Borrowed(valid);
    };
    // Each invalid byte becomes at most 3 bytes; for the usual few errors,
    // a little slack avoids a reallocation.
    let mut out = String::with_capacity(src.len() + src.len() / 16 + 8);
    out.push_str(valid);
    let mut rest = src;
    loop {
        let at = e.valid_up_to();
        let Some(n) = e.error_len() else {
            // The input ends inside a character: the rest is one subpart.
            emit(&mut out, &rest[at..]);
            break;
        };
        emit(&mut out, &rest[at..at + n]);
        rest = &rest[at + n..];
        // Errors come in clusters (a broken character leaves orphaned
        // continuation bytes, each its own error): check the first
        // character with scalar code before calling the kernel.
        let (valid, next) = match scalar_run(rest) {
            Some(err) => ("", Some(err)),
            None => split(rest, true),
        };
        out.push_str(valid);
        match next {
            Some(next) => e = next,
            None => break,
        }
    }
    Cow::Owned(out)
}

/// The error at the start of `rest`, if its first character is invalid
/// (checked with scalar code); `None` when it is valid, and the kernel
/// takes over from the start of `rest`.
#[inline]
pub(crate) fn scalar_run(rest: &[u8]) -> Option<crate::Utf8Error> {
    match rest.first() {
        None | Some(0..=0x7F) => None,
        Some(_) => match crate::scalar::utf8::decode(rest, 0) {
            Some(_) => None,
            None => Some(crate::scalar::utf8::error_at(rest, 0)),
        },
    }
}

/// The length of the lossy decoding of `src` in a form where U+FFFD is
/// one unit (UTF-16, UTF-32): `count` of each valid stretch (the SIMD
/// count) plus one per maximal invalid subpart, with the stretches and
/// subparts found as [`utf8_lossy`] finds them (`split`).
#[cfg(feature = "transcode")]
fn lossy_len(
    src: &[u8],
    split: impl for<'b> Fn(&'b [u8], bool) -> (&'b str, Option<Utf8Error>),
    count: impl Fn(&[u8]) -> usize,
) -> usize {
    let (valid, mut err) = split(src, false);
    let mut total = count(valid.as_bytes());
    let mut rest = src;
    while let Some(e) = err {
        let at = e.valid_up_to();
        let end = e.error_len().map_or(rest.len(), |n| at + n);
        total += 1;
        rest = &rest[end..];
        // As in `utf8_lossy`: a cluster of errors is checked a character
        // at a time before the kernel is called again.
        let (valid, next) = match scalar_run(rest) {
            Some(e) => ("", Some(e)),
            None if rest.is_empty() => ("", None),
            None => split(rest, true),
        };
        total += count(valid.as_bytes());
        err = next;
    }
    total
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
pub fn utf16_len_from_utf8_lossy(src: &[u8]) -> usize {
    lossy_len(src, split_valid_utf8, crate::utf16_len_from_utf8)
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
pub fn utf32_len_from_utf8_lossy(src: &[u8]) -> usize {
    lossy_len(src, split_valid_utf8, crate::count_chars)
}

#[cfg(feature = "transcode")]
/// The byte-order-specific functions that [`utf16_lossy`] and
/// [`utf8_to_utf16_with`] build on: the dispatched transcoders, which
/// write into spare capacity.
trait Utf16Fns: ByteOrder {
    fn utf8_len(src: &[u16]) -> usize;
    /// Appends the UTF-8 of `src` (see `dispatch`'s transcoders).
    fn to_utf8(src: &[u16], dst: &mut String) -> Result<usize, TranscodeError<Utf16Error>>;
    /// Appends the UTF-16 of `src` in this byte order.
    fn from_utf8(src: &[u8], dst: &mut Vec<u16>) -> Result<usize, TranscodeError<Utf8Error>>;
}

#[cfg(feature = "transcode")]
impl Utf16Fns for Le {
    fn utf8_len(src: &[u16]) -> usize {
        crate::utf8_len_from_utf16le(src)
    }
    fn to_utf8(src: &[u16], dst: &mut String) -> Result<usize, TranscodeError<Utf16Error>> {
        crate::dispatch::utf16le_to_utf8(src, dst)
    }
    fn from_utf8(src: &[u8], dst: &mut Vec<u16>) -> Result<usize, TranscodeError<Utf8Error>> {
        crate::dispatch::utf8_to_utf16le(src, dst)
    }
}

#[cfg(feature = "transcode")]
impl Utf16Fns for Be {
    fn utf8_len(src: &[u16]) -> usize {
        crate::utf8_len_from_utf16be(src)
    }
    fn to_utf8(src: &[u16], dst: &mut String) -> Result<usize, TranscodeError<Utf16Error>> {
        crate::dispatch::utf16be_to_utf8(src, dst)
    }
    fn from_utf8(src: &[u8], dst: &mut Vec<u16>) -> Result<usize, TranscodeError<Utf8Error>> {
        crate::dispatch::utf8_to_utf16be(src, dst)
    }
}

#[cfg(feature = "transcode")]
/// Appends the lossy UTF-8 of `src` to `out`: one pass of the transcoder,
/// straight into the string's spare capacity, with a U+FFFD for each
/// unpaired surrogate.
fn utf16_lossy_into<O: Utf16Fns>(src: &[u16], out: &mut String) {
    // Exact for valid input (a lone surrogate counts 2 bytes and becomes
    // 3: a conversion that runs out of room reserves more and goes on).
    out.reserve(O::utf8_len(src));
    let mut rest = src;
    loop {
        match O::to_utf8(rest, out) {
            Ok(_) => return,
            Err(TranscodeError::Invalid { error, .. }) => {
                // The converted prefix is in `out`; the unit after it is an
                // unpaired surrogate: std replaces it alone, and decodes
                // from the next unit on.
                out.push(char::REPLACEMENT_CHARACTER);
                rest = &rest[error.valid_up_to() + 1..];
            }
            Err(TranscodeError::OutputTooSmall { read, .. }) => {
                rest = &rest[read..];
                // `reserve` at least doubles the capacity, so this happens
                // a few times at most, however many errors there are.
                out.reserve(O::utf8_len(rest));
            }
        }
    }
}

#[cfg(feature = "transcode")]
fn utf16_lossy<O: Utf16Fns>(src: &[u16]) -> String {
    let mut out = String::new();
    utf16_lossy_into::<O>(src, &mut out);
    out
}

#[cfg(feature = "transcode")]
/// Decodes native-endian UTF-16, replacing each unpaired surrogate with
/// U+FFFD. Identical to [`String::from_utf16_lossy`].
///
/// ```
/// assert_eq!(rapidutf::utf16_to_string_lossy(&[0x61, 0xDC00, 0x62]), "a\u{FFFD}b");
/// ```
#[must_use]
pub fn utf16_to_string_lossy(src: &[u16]) -> String {
    utf16_lossy::<Native>(src)
}

#[cfg(feature = "transcode")]
/// [`utf16_to_string_lossy`] for UTF-16LE.
#[must_use]
pub fn utf16le_to_string_lossy(src: &[u16]) -> String {
    utf16_lossy::<Le>(src)
}

#[cfg(feature = "transcode")]
/// [`utf16_to_string_lossy`] for UTF-16BE.
#[must_use]
pub fn utf16be_to_string_lossy(src: &[u16]) -> String {
    utf16_lossy::<Be>(src)
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
pub fn utf8_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    utf8_to_utf16_replacing::<Native>(src)
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16_lossy`] to UTF-16LE.
///
/// ```
/// let v = rapidutf::utf8_to_utf16le_lossy(b"\xF0\x9F\x98\x80\xFF");
/// assert_eq!(v, [0xD83D, 0xDE00, 0xFFFD].map(u16::to_le));
/// ```
#[must_use]
pub fn utf8_to_utf16le_lossy(src: &[u8]) -> Vec<u16> {
    utf8_to_utf16_replacing::<Le>(src)
}

#[cfg(feature = "transcode")]
/// [`utf8_to_utf16_lossy`] to UTF-16BE.
///
/// ```
/// let v = rapidutf::utf8_to_utf16be_lossy(b"a\xC3");
/// assert_eq!(v, [0x61, 0xFFFD].map(u16::to_be));
/// ```
#[must_use]
pub fn utf8_to_utf16be_lossy(src: &[u8]) -> Vec<u16> {
    utf8_to_utf16_replacing::<Be>(src)
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
pub fn utf8_to_utf32_lossy(src: &[u8]) -> Vec<u32> {
    let mut out = Vec::new();
    utf8_to_wide_with(src, &mut out, crate::dispatch::utf8_to_utf32, |_, out| out.push(0xFFFD));
    out
}

#[cfg(feature = "transcode")]
/// Lossy UTF-8 to UTF-16 in byte order `O`, with std's U+FFFD per
/// maximal invalid subpart.
fn utf8_to_utf16_replacing<O: Utf16Fns>(src: &[u8]) -> Vec<u16> {
    let mut out = Vec::new();
    utf8_to_utf16_with::<O>(src, &mut out, |_, out| out.push(O::write16(0xFFFD)));
    out
}

#[cfg(feature = "transcode")]
/// Appends UTF-8 `src` to `out` as UTF-16 in byte order `O`;
/// `emit(subpart, out)` appends what stands for each maximal invalid
/// subpart, at most one unit per byte of it.
fn utf8_to_utf16_with<O: Utf16Fns>(
    src: &[u8],
    out: &mut Vec<u16>,
    emit: impl Fn(&[u8], &mut Vec<u16>),
) {
    utf8_to_wide_with(src, out, O::from_utf8, emit);
}

#[cfg(feature = "transcode")]
/// Appends UTF-8 `src` to `out` in a form of at most one unit per UTF-8
/// byte (UTF-16, UTF-32): `convert` appends the conversion of a valid
/// prefix (a dispatched transcoder), `emit(subpart, out)` what stands for
/// each maximal invalid subpart, at most one unit per byte of it.
fn utf8_to_wide_with<T>(
    src: &[u8],
    out: &mut Vec<T>,
    convert: impl Fn(&[u8], &mut Vec<T>) -> Result<usize, TranscodeError<Utf8Error>>,
    emit: impl Fn(&[u8], &mut Vec<T>),
) {
    // Valid UTF-8 needs at most one unit per byte, and each subpart gets at
    // most one unit per byte: the output never outgrows the input consumed,
    // so `src.len()` units of room always suffice.
    out.reserve(src.len());
    let mut rest = src;
    loop {
        // The valid prefix is converted into `out`'s spare capacity.
        match convert(rest, out) {
            Ok(_) => return,
            Err(TranscodeError::Invalid { error, .. }) => {
                let at = error.valid_up_to();
                let end = error.error_len().map_or(rest.len(), |n| at + n);
                emit(&rest[at..end], out);
                rest = &rest[end..];
            }
            // Cannot happen (see above); continue rather than fail.
            Err(TranscodeError::OutputTooSmall { read, .. }) => {
                rest = &rest[read..];
                out.reserve(rest.len());
            }
        }
    }
}

/// Decodes UTF-8, handling each maximal invalid subpart with `strategy`;
/// borrows when the input is valid. With [`ErrorStrategy::Replace`] it is
/// [`utf8_to_string_lossy`].
///
/// ```
/// use rapidutf::{utf8_to_string_lossy_with, ErrorStrategy};
/// // "Grüße" with the ü in UTF-8 and the ß in Latin-1.
/// let s = utf8_to_string_lossy_with(b"Gr\xC3\xBC\xDFe", ErrorStrategy::Latin1);
/// assert_eq!(s, "Grüße");
/// ```
#[must_use]
pub fn utf8_to_string_lossy_with(src: &[u8], strategy: ErrorStrategy) -> Cow<'_, str> {
    utf8_lossy(src, split_valid_utf8, |out, bad| {
        strategy.substitute(bad, |c| {
            out.push(c);
            true
        });
    })
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
pub fn utf8_to_utf16_lossy_with(src: &[u8], strategy: ErrorStrategy) -> Vec<u16> {
    // Every strategy's characters are in the BMP, at most one per byte of
    // the subpart, as `utf8_to_utf16_with` asks.
    let mut out = Vec::new();
    utf8_to_utf16_with::<Native>(src, &mut out, |bad, out| {
        strategy.substitute(bad, |c| {
            let mut buf = [0; 2];
            out.extend_from_slice(c.encode_utf16(&mut buf));
            true
        });
    });
    out
}
