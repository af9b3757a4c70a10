//! UTF-16 helpers: byte swapping, making UTF-16 well-formed (each lone
//! surrogate becomes U+FFFD), and the UTF-8 length of lossy UTF-16.
//!
//! The well-formedness functions validate with the SIMD validator first
//! and only write after the first unpaired surrogate, so well-formed input
//! costs one validation pass. The byte swaps are plain loops over whole
//! slices, which the compiler vectorises.

use crate::byte_order::{Be, Le, Native};
use crate::dispatch::Utf16Order as Order;
use crate::error::{Lossy, TranscodeError};
use core::convert::Infallible;

/// Calls `f` with the index of each unpaired surrogate of `src`, in order.
#[inline]
fn for_each_lone<O: Order>(src: &[u16], mut f: impl FnMut(usize)) {
    let mut i = 0;
    while let Err(e) = O::validate(&src[i..]) {
        let at = i + e.valid_up_to();
        f(at);
        // The unit after an unpaired surrogate starts a new character
        // (std's `decode_utf16` resumes there too).
        i = at + 1;
    }
}

fn make_well_formed<O: Order>(buf: &mut [u16]) -> usize {
    let mut lone = 0;
    let mut i = 0;
    while let Err(e) = O::validate(&buf[i..]) {
        let at = i + e.valid_up_to();
        buf[at] = O::write16(0xFFFD);
        lone += 1;
        i = at + 1;
    }
    lone
}

/// The longest prefix of `src` that fits in `dst` and ends on a character
/// boundary (not between the units of a surrogate pair): all of `src`
/// when it fits, else `Err` with the prefix's length.
#[inline]
fn fitting<O: Order>(src: &[u16], dst: &[u16]) -> Result<usize, usize> {
    let n = dst.len();
    if n >= src.len() {
        return Ok(src.len());
    }
    let is = |u: u16, lo: u16| (O::read16(u) & 0xFC00) == lo;
    let splits_pair = n > 0 && is(src[n - 1], 0xD800) && is(src[n], 0xDC00);
    Err(if splits_pair { n - 1 } else { n })
}

fn to_well_formed<O: Order>(
    src: &[u16],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    let (n, fits) = match fitting::<O>(src, dst) {
        Ok(n) => (n, true),
        Err(n) => (n, false),
    };
    let dst = &mut dst[..n];
    dst.copy_from_slice(&src[..n]);
    let replaced = make_well_formed::<O>(dst);
    if fits {
        Ok(replaced)
    } else {
        Err(TranscodeError::OutputTooSmall { read: n, written: n })
    }
}

#[cfg(feature = "transcode")]
fn utf8_len_lossy<O: Order>(src: &[u16]) -> usize {
    // `utf8_len` counts 2 bytes for a lone surrogate; U+FFFD takes 3.
    let mut len = O::utf8_len(src);
    for_each_lone::<O>(src, |_| len += 1);
    len
}

/// Swaps the bytes of each unit of `src` into `dst[..src.len()]`:
/// UTF-16LE to UTF-16BE and back. Returns the number of units written,
/// `src.len()`.
///
/// Units are swapped one by one, whatever they hold: the input is not
/// validated, and a surrogate pair split by a short `dst` is still split.
///
/// # Errors
///
/// [`TranscodeError::OutputTooSmall`] when `dst.len() < src.len()`,
/// after swapping the first `dst.len()` units into `dst` (`read` and
/// `written` are both `dst.len()`).
///
/// ```
/// use rapidutf::TranscodeError;
/// let le: Vec<u16> = "hé".encode_utf16().map(u16::to_le).collect();
/// let mut be = [0u16; 2];
/// assert_eq!(rapidutf::swap_utf16_bytes(&le, &mut be), Ok(2));
/// assert_eq!(be, [0x68u16.to_be(), 0xE9u16.to_be()]);
///
/// let mut short = [0u16; 1];
/// let e = rapidutf::swap_utf16_bytes(&le, &mut short).unwrap_err();
/// assert_eq!(e, TranscodeError::OutputTooSmall { read: 1, written: 1 });
/// assert_eq!(short, [0x68u16.to_be()]);
/// ```
#[inline]
pub fn swap_utf16_bytes(src: &[u16], dst: &mut [u16]) -> Result<usize, TranscodeError<Infallible>> {
    let n = src.len().min(dst.len());
    for (d, s) in dst[..n].iter_mut().zip(src) {
        *d = s.swap_bytes();
    }
    if n < src.len() {
        return Err(TranscodeError::OutputTooSmall { read: n, written: n });
    }
    Ok(n)
}

/// Swaps the bytes of each unit of `buf` in place: UTF-16LE to UTF-16BE
/// and back.
///
/// ```
/// let mut units = [0x0061u16, 0xD83D];
/// rapidutf::swap_utf16_bytes_in_place(&mut units);
/// assert_eq!(units, [0x6100, 0x3DD8]);
/// ```
#[inline]
pub fn swap_utf16_bytes_in_place(buf: &mut [u16]) {
    for u in buf {
        *u = u.swap_bytes();
    }
}

/// Makes native-endian UTF-16 well-formed in place: each unpaired
/// surrogate becomes U+FFFD, exactly as [`String::from_utf16_lossy`]
/// decodes it (what JavaScript's `String.prototype.toWellFormed` does).
/// Returns the number of surrogates replaced.
///
/// Well-formed input is only validated (with the SIMD validator), never
/// written.
///
/// [`String::from_utf16_lossy`]: alloc::string::String::from_utf16_lossy
///
/// ```
/// let mut units = [0x61, 0xD800, 0xD83D, 0xDE00, 0xDC00];
/// assert_eq!(rapidutf::make_utf16_well_formed(&mut units), 2);
/// assert_eq!(units, [0x61, 0xFFFD, 0xD83D, 0xDE00, 0xFFFD]);
/// ```
#[inline]
pub fn make_utf16_well_formed(buf: &mut [u16]) -> usize {
    make_well_formed::<Native>(buf)
}

/// [`make_utf16_well_formed`] for UTF-16LE units (the replacement is
/// written as UTF-16LE too).
///
/// ```
/// let mut units = [0xD800u16.to_le(), 0x61u16.to_le()];
/// assert_eq!(rapidutf::make_utf16le_well_formed(&mut units), 1);
/// assert_eq!(units, [0xFFFDu16.to_le(), 0x61u16.to_le()]);
/// ```
#[inline]
pub fn make_utf16le_well_formed(buf: &mut [u16]) -> usize {
    make_well_formed::<Le>(buf)
}

/// [`make_utf16_well_formed`] for UTF-16BE units (the replacement is
/// written as UTF-16BE too).
///
/// ```
/// let mut units = [0x61u16.to_be(), 0xDFFFu16.to_be()];
/// assert_eq!(rapidutf::make_utf16be_well_formed(&mut units), 1);
/// assert_eq!(units, [0x61u16.to_be(), 0xFFFDu16.to_be()]);
/// ```
#[inline]
pub fn make_utf16be_well_formed(buf: &mut [u16]) -> usize {
    make_well_formed::<Be>(buf)
}

/// Copies native-endian UTF-16 `src` into `dst[..src.len()]`, replacing
/// each unpaired surrogate with U+FFFD (see [`make_utf16_well_formed`]).
/// Returns the number of surrogates replaced.
///
/// # Errors
///
/// [`TranscodeError::OutputTooSmall`] when `dst.len() < src.len()`: the
/// longest prefix of `src` that fits and does not end between the two
/// units of a surrogate pair is made well-formed into `dst` (`read` and
/// `written` are its length), as the transcoders do.
///
/// ```
/// use rapidutf::TranscodeError;
/// let src = [0xDC00, 0x62, 0xD83D, 0xDE00];
/// let mut dst = [0u16; 4];
/// assert_eq!(rapidutf::to_well_formed_utf16(&src, &mut dst), Ok(1));
/// assert_eq!(dst, [0xFFFD, 0x62, 0xD83D, 0xDE00]);
///
/// // Three units would split the pair U+1F600: two are written.
/// let mut short = [0u16; 3];
/// let e = rapidutf::to_well_formed_utf16(&src, &mut short).unwrap_err();
/// assert_eq!(e, TranscodeError::OutputTooSmall { read: 2, written: 2 });
/// assert_eq!(short[..2], [0xFFFD, 0x62]);
/// ```
#[inline]
pub fn to_well_formed_utf16(
    src: &[u16],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    to_well_formed::<Native>(src, dst)
}

/// [`to_well_formed_utf16`] for UTF-16LE units.
///
/// # Errors
///
/// As [`to_well_formed_utf16`].
///
/// ```
/// let src = [0xD800u16.to_le()];
/// let mut dst = [0u16; 1];
/// assert_eq!(rapidutf::to_well_formed_utf16le(&src, &mut dst), Ok(1));
/// assert_eq!(dst, [0xFFFDu16.to_le()]);
/// assert!(rapidutf::to_well_formed_utf16le(&src, &mut []).is_err());
/// ```
#[inline]
pub fn to_well_formed_utf16le(
    src: &[u16],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    to_well_formed::<Le>(src, dst)
}

/// [`to_well_formed_utf16`] for UTF-16BE units.
///
/// # Errors
///
/// As [`to_well_formed_utf16`].
///
/// ```
/// let src = [0x41u16.to_be()];
/// let mut dst = [0u16; 1];
/// assert_eq!(rapidutf::to_well_formed_utf16be(&src, &mut dst), Ok(0));
/// assert_eq!(dst, src);
/// assert!(rapidutf::to_well_formed_utf16be(&src, &mut []).is_err());
/// ```
#[inline]
pub fn to_well_formed_utf16be(
    src: &[u16],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    to_well_formed::<Be>(src, dst)
}

#[cfg(feature = "transcode")]
/// The length in bytes of the UTF-8 that lossy decoding of native-endian
/// UTF-16 `src` produces: `String::from_utf16_lossy(src).len()`, without
/// decoding (each unpaired surrogate counts the 3 bytes of U+FFFD).
///
/// ```
/// let src = [0x61, 0xD800, 0xD83D, 0xDE00];
/// assert_eq!(rapidutf::utf8_len_from_utf16_lossy(&src), 1 + 3 + 4);
/// assert_eq!(rapidutf::utf8_len_from_utf16_lossy(&src), String::from_utf16_lossy(&src).len());
/// ```
#[must_use]
#[inline]
pub fn utf8_len_from_utf16_lossy(src: &[u16]) -> usize {
    utf8_len_lossy::<Native>(src)
}

#[cfg(feature = "transcode")]
/// [`utf8_len_from_utf16_lossy`] for UTF-16LE units.
///
/// ```
/// let src = [0xDC00u16.to_le()];
/// assert_eq!(rapidutf::utf8_len_from_utf16le_lossy(&src), 3);
/// ```
#[must_use]
#[inline]
pub fn utf8_len_from_utf16le_lossy(src: &[u16]) -> usize {
    utf8_len_lossy::<Le>(src)
}

#[cfg(feature = "transcode")]
/// [`utf8_len_from_utf16_lossy`] for UTF-16BE units.
///
/// ```
/// let src = [0xE9u16.to_be()];
/// assert_eq!(rapidutf::utf8_len_from_utf16be_lossy(&src), 2);
/// ```
#[must_use]
#[inline]
pub fn utf8_len_from_utf16be_lossy(src: &[u16]) -> usize {
    utf8_len_lossy::<Be>(src)
}

#[cfg(feature = "transcode")]
/// Converts possibly ill-formed native-endian UTF-16 into as much UTF-8 as
/// `dst` holds, each unpaired surrogate as U+FFFD: `(units read, bytes
/// written)`. Byte for byte what the Encoding Standard's
/// `TextEncoder.encodeInto(source, destination)` writes and returns, for
/// runtimes that implement it (and any caller with a bounded buffer).
///
/// It stops before the first character that `dst` cannot hold, so it
/// never splits a surrogate pair or a UTF-8 sequence, and never skips a
/// character to fit a later, shorter one; a U+FFFD counts one unit read,
/// a pair two. Valid stretches are converted by the SIMD kernels, only
/// the lone surrogates by scalar code. `dst.len() >= 3 * src.len()`
/// always holds everything; [`utf8_len_from_utf16_lossy`] is the exact
/// size.
///
/// ```
/// // "a", a lone high surrogate, "😀" (a pair).
/// let src = [0x61, 0xD800, 0xD83D, 0xDE00];
/// let mut dst = [0u8; 16];
/// assert_eq!(rapidutf::utf16_to_utf8_lossy_into(&src, &mut dst), (4, 8));
/// assert_eq!(&dst[..8], "a\u{FFFD}😀".as_bytes());
///
/// // Room for "a" and U+FFFD, not for the 4 bytes of the pair.
/// let mut small = [0u8; 6];
/// assert_eq!(rapidutf::utf16_to_utf8_lossy_into(&src, &mut small), (2, 4));
/// ```
#[must_use]
#[inline]
pub fn utf16_to_utf8_lossy_into(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    if cfg!(target_endian = "little") {
        utf16le_to_utf8_lossy_into(src, dst)
    } else {
        utf16be_to_utf8_lossy_into(src, dst)
    }
}

#[cfg(feature = "transcode")]
/// [`utf16_to_utf8_lossy_into`] for UTF-16LE units.
///
/// ```
/// let src = [0x61u16.to_le(), 0xDC00u16.to_le()];
/// let mut dst = [0u8; 8];
/// assert_eq!(rapidutf::utf16le_to_utf8_lossy_into(&src, &mut dst), (2, 4));
/// assert_eq!(&dst[..4], b"a\xEF\xBF\xBD");
/// ```
#[must_use]
#[inline]
pub fn utf16le_to_utf8_lossy_into(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    use crate::dispatch::{utf16le_to_utf8_prefix, SHORT_UNITS};
    crate::glue::encode_into::<crate::byte_order::Le>(
        src,
        dst,
        SHORT_UNITS,
        utf16le_to_utf8_prefix,
        &mut 0,
    )
}

#[cfg(feature = "transcode")]
/// [`utf16_to_utf8_lossy_into`] for UTF-16BE units.
///
/// ```
/// let src = [0xE9u16.to_be(), 0x20ACu16.to_be()];
/// let mut dst = [0u8; 4];
/// // "é" fits, "€" (3 bytes) does not.
/// assert_eq!(rapidutf::utf16be_to_utf8_lossy_into(&src, &mut dst), (1, 2));
/// ```
#[must_use]
#[inline]
pub fn utf16be_to_utf8_lossy_into(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    use crate::dispatch::{utf16be_to_utf8_prefix, SHORT_UNITS};
    crate::glue::encode_into::<crate::byte_order::Be>(
        src,
        dst,
        SHORT_UNITS,
        utf16be_to_utf8_prefix,
        &mut 0,
    )
}

#[cfg(feature = "transcode")]
/// [`utf16_to_utf8_lossy_into`], also counting the lone surrogates it
/// replaced with U+FFFD (in `src[..read]`): `output` is its
/// `(read, written)`.
///
/// ```
/// use rapidutf::Lossy;
/// let src = [0x61, 0xD800, 0xD83D, 0xDE00, 0xDC00];
/// let mut dst = [0u8; 16];
/// let Lossy { output: (read, written), replaced } = rapidutf::utf16_to_utf8_lossy_into_report(&src, &mut dst);
/// assert_eq!((read, written, replaced), (5, 11, 2));
/// assert_eq!(&dst[..written], "a\u{FFFD}😀\u{FFFD}".as_bytes());
/// ```
#[inline]
pub fn utf16_to_utf8_lossy_into_report(src: &[u16], dst: &mut [u8]) -> Lossy<(usize, usize)> {
    if cfg!(target_endian = "little") {
        utf16le_to_utf8_lossy_into_report(src, dst)
    } else {
        utf16be_to_utf8_lossy_into_report(src, dst)
    }
}

#[cfg(feature = "transcode")]
/// [`utf16le_to_utf8_lossy_into`], also counting the lone surrogates it
/// replaced (see [`utf16_to_utf8_lossy_into_report`]).
///
/// ```
/// let src = [0x61u16.to_le(), 0xDC00u16.to_le()];
/// let mut dst = [0u8; 8];
/// let r = rapidutf::utf16le_to_utf8_lossy_into_report(&src, &mut dst);
/// assert_eq!((r.output, r.replaced), ((2, 4), 1));
/// ```
#[inline]
pub fn utf16le_to_utf8_lossy_into_report(src: &[u16], dst: &mut [u8]) -> Lossy<(usize, usize)> {
    use crate::dispatch::{utf16le_to_utf8_prefix, SHORT_UNITS};
    let mut replaced = 0;
    let output = crate::glue::encode_into::<crate::byte_order::Le>(
        src,
        dst,
        SHORT_UNITS,
        utf16le_to_utf8_prefix,
        &mut replaced,
    );
    Lossy { output, replaced }
}

#[cfg(feature = "transcode")]
/// [`utf16be_to_utf8_lossy_into`], also counting the lone surrogates it
/// replaced (see [`utf16_to_utf8_lossy_into_report`]).
///
/// ```
/// let src = [0xD800u16.to_be(), 0x20ACu16.to_be()];
/// let mut dst = [0u8; 4];
/// // U+FFFD fits, "€" (3 bytes) does not.
/// let r = rapidutf::utf16be_to_utf8_lossy_into_report(&src, &mut dst);
/// assert_eq!((r.output, r.replaced), ((1, 3), 1));
/// ```
#[inline]
pub fn utf16be_to_utf8_lossy_into_report(src: &[u16], dst: &mut [u8]) -> Lossy<(usize, usize)> {
    use crate::dispatch::{utf16be_to_utf8_prefix, SHORT_UNITS};
    let mut replaced = 0;
    let output = crate::glue::encode_into::<crate::byte_order::Be>(
        src,
        dst,
        SHORT_UNITS,
        utf16be_to_utf8_prefix,
        &mut replaced,
    );
    Lossy { output, replaced }
}

#[cfg(feature = "transcode")]
impl crate::Kernel {
    /// [`crate::utf16_to_utf8_lossy_into`] with this kernel, whatever the
    /// input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](crate::Kernel::is_available).
    ///
    /// ```
    /// let mut src: Vec<u16> = "encodeInto: “ok” 😀 ".repeat(6).encode_utf16().collect();
    /// src[40] = 0xDFFF;
    /// let (mut a, mut b) = ([0u8; 100], [0u8; 100]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16_to_utf8_lossy_into(&src, &mut a);
    ///     assert_eq!(r, rapidutf::utf16_to_utf8_lossy_into(&src, &mut b), "{k}");
    ///     assert_eq!(a[..r.1], b[..r.1], "{k}");
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub fn utf16_to_utf8_lossy_into(self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        if cfg!(target_endian = "little") {
            self.utf16le_to_utf8_lossy_into(src, dst)
        } else {
            self.utf16be_to_utf8_lossy_into(src, dst)
        }
    }

    /// [`crate::utf16le_to_utf8_lossy_into`] with this kernel, whatever
    /// the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](crate::Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf16le_to_utf8_lossy_into(self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let fns = self.fns();
        crate::glue::encode_into::<crate::byte_order::Le>(
            src,
            dst,
            0,
            |s, d| fns.utf16le_to_utf8_prefix(s, d),
            &mut 0,
        )
    }

    /// [`crate::utf16be_to_utf8_lossy_into`] with this kernel, whatever
    /// the input's length.
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](crate::Kernel::is_available).
    #[must_use]
    #[inline]
    pub fn utf16be_to_utf8_lossy_into(self, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
        let fns = self.fns();
        crate::glue::encode_into::<crate::byte_order::Be>(
            src,
            dst,
            0,
            |s, d| fns.utf16be_to_utf8_prefix(s, d),
            &mut 0,
        )
    }
}
