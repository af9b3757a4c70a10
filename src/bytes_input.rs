//! UTF-16 and UTF-32 given as bytes: a file read with `std::fs::read`, a
//! network buffer, a `Vec<u8>` at any address and of any length.
//!
//! # Naming
//!
//! `_bytes` after the encoding's name says that the input is a `&[u8]` in
//! that encoding, with its byte order in the name: `validate_utf16le_bytes`
//! beside [`validate_utf16le`](crate::validate_utf16le) (which takes
//! `&[u16]`), `utf16le_bytes_to_utf8`, `utf16le_bytes_to_string`,
//! `utf16le_bytes_to_string_lossy`, and the same for `utf16be`,
//! `utf32le` and `utf32be`. Otherwise they follow the crate's grid, and
//! return what their `&[u16]`/`&[u32]` neighbours return.
//!
//! # Positions are in bytes
//!
//! Every position these functions report, an error's
//! [`valid_up_to`](crate::Utf16Error::valid_up_to) and
//! [`TranscodeError::OutputTooSmall`]'s `read`, is a byte offset into the
//! caller's slice (always a multiple of 2 or 4). A length that is not a
//! whole number of units is an error of its own,
//! [`Utf16ErrorKind::IncompleteUnit`]
//! or [`Utf32ErrorKind::IncompleteUnit`]
//! at the partial unit, reported after everything before it (so an
//! unpaired surrogate earlier in the input comes first); lossy decoding
//! replaces the partial unit with one U+FFFD (none more after a high
//! surrogate, whose U+FFFD stands for both, as in the WHATWG UTF-16
//! decoder).
//!
//! # Speed whatever the alignment
//!
//! Input that starts on a unit boundary (2 or 4 bytes) and is in an order
//! the kernels read directly (UTF-16 in either order; UTF-32 in the
//! target's order) goes to the SIMD kernels in place, without a copy.
//! Other input (an odd address, or UTF-32 in the other byte order) is
//! copied through a 4 KiB stack buffer a chunk at a time, the units
//! assembled with `from_ne_bytes`/`from_le_bytes`/`from_be_bytes`, and
//! each chunk goes to the same kernels; a chunk never ends between the two
//! halves of a surrogate pair, so the result is the same as in place.

use crate::byte_order::{Be, ByteOrder, Endian, Le};
use crate::dispatch::Utf16Order;
use crate::error::{TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind};
use crate::glue::units::fill;
#[cfg(feature = "transcode")]
use crate::glue::{Sink, Uninit};
#[cfg(feature = "transcode")]
use crate::scalar::transcode::Utf8;
use core::marker::PhantomData;
use core::mem::MaybeUninit;
use core::ops::ControlFlow;

/// Units per chunk of the copied path: 4 KiB of UTF-16, 8 KiB of UTF-32,
/// in L1 and long enough that the kernels run at full speed.
const CHUNK: usize = 2048;

/// Up to this many units, the copied path uses a small buffer, so that a
/// short input does not pay for clearing the large one.
const SMALL: usize = 64;

/// One encoding read from bytes: how its units are assembled, which
/// kernels take them, and its errors.
pub(crate) trait UnitBytes {
    /// The unit the kernels take.
    type Unit: Copy + Default;
    /// The input's error type.
    type Error: Copy;
    /// Bytes per unit.
    const SIZE: usize;
    /// The most UTF-8 bytes one unit becomes (U+FFFD included).
    const MOST: usize;
    /// The unit in `bytes` (exactly [`SIZE`](Self::SIZE) of them), as the
    /// kernels below expect it.
    fn load(bytes: &[u8]) -> Self::Unit;
    /// `bytes` as units in place, when its address and the byte order
    /// allow.
    fn in_place(bytes: &[u8]) -> Option<&[Self::Unit]>;
    /// Whether a chunk must not end after `unit` (a high surrogate, whose
    /// low half may be next).
    fn pairs_with_next(unit: Self::Unit) -> bool;
    /// `error` of a chunk that starts at byte `at`, in bytes of the input.
    fn in_bytes(error: Self::Error, at: usize) -> Self::Error;
    /// The error of a partial unit at byte `at`.
    fn incomplete(at: usize) -> Self::Error;
    /// The dispatched validator.
    fn validate(units: &[Self::Unit]) -> Result<(), Self::Error>;
    /// The dispatched transcoder to UTF-8 into a buffer.
    #[cfg(feature = "transcode")]
    fn to_utf8<S: ?Sized + Sink<Utf8>>(
        units: &[Self::Unit],
        dst: &mut S,
    ) -> Result<usize, TranscodeError<Self::Error>>;
    /// The dispatched transcoder to UTF-8, appending to a `String`'s spare
    /// capacity.
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    fn append_utf8(
        units: &[Self::Unit],
        dst: &mut alloc::string::String,
    ) -> Result<usize, TranscodeError<Self::Error>>;
    /// The exact UTF-8 length of valid `units`.
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    fn utf8_len(units: &[Self::Unit]) -> usize;
    /// The `&[u16]`/`&[u32]` neighbour to a `String`, for input in place.
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    fn to_string(units: &[Self::Unit]) -> Result<alloc::string::String, Self::Error>;
    /// Appends the lossy decoding of `units` (ending on a character
    /// boundary, or at the end of the input) to `dst`, adding the number
    /// of replacements to `replaced`.
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    fn append_lossy(units: &[Self::Unit], dst: &mut alloc::string::String, replaced: &mut usize);
}

/// UTF-16 bytes in byte order `O`: units in memory order, for that
/// order's kernels.
pub(crate) struct Utf16Bytes<O>(PhantomData<O>);
/// UTF-32 bytes in byte order `O`: native values, for the UTF-32 kernels.
pub(crate) struct Utf32Bytes<O>(PhantomData<O>);

impl<O: Utf16Order> UnitBytes for Utf16Bytes<O> {
    type Unit = u16;
    type Error = Utf16Error;
    const SIZE: usize = 2;
    const MOST: usize = 3;
    #[inline(always)]
    fn load(bytes: &[u8]) -> u16 {
        u16::from_ne_bytes([bytes[0], bytes[1]])
    }
    #[inline(always)]
    fn in_place(bytes: &[u8]) -> Option<&[u16]> {
        crate::glue::units::as_u16s(bytes)
    }
    #[inline(always)]
    fn pairs_with_next(unit: u16) -> bool {
        O::read16(unit) & 0xFC00 == 0xD800
    }
    #[inline(always)]
    fn in_bytes(error: Utf16Error, at: usize) -> Utf16Error {
        Utf16Error::new(at + 2 * error.valid_up_to(), error.kind())
    }
    #[inline(always)]
    fn incomplete(at: usize) -> Utf16Error {
        Utf16Error::new(at, Utf16ErrorKind::IncompleteUnit)
    }
    #[inline(always)]
    fn validate(units: &[u16]) -> Result<(), Utf16Error> {
        O::validate(units)
    }
    #[cfg(feature = "transcode")]
    #[inline(always)]
    fn to_utf8<S: ?Sized + Sink<Utf8>>(
        units: &[u16],
        dst: &mut S,
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        O::to_utf8(units, dst)
    }
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    #[inline(always)]
    fn append_utf8(
        units: &[u16],
        dst: &mut alloc::string::String,
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        O::to_utf8(units, dst)
    }
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    #[inline(always)]
    fn utf8_len(units: &[u16]) -> usize {
        O::utf8_len(units)
    }
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    #[inline(always)]
    fn to_string(units: &[u16]) -> Result<alloc::string::String, Utf16Error> {
        // What `utf16le_to_string`/`utf16be_to_string` do.
        crate::transcode::fresh(
            units.len(),
            3,
            |a, b| O::utf8_len(&units[a..b]),
            |from, out| O::to_utf8(&units[from..], out),
        )
    }
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    fn append_lossy(units: &[u16], dst: &mut alloc::string::String, replaced: &mut usize) {
        use crate::error::TranscodeError::OutputTooSmall;
        let fns = crate::dispatch::active_fns();
        let mut rest = units;
        // The lossy engine is written for the two orders' kernel entries;
        // the match folds away.
        let lossy = match O::ENDIAN {
            Endian::Little => crate::glue::lossy::utf16_lossy_sink::<Le, _>,
            Endian::Big => crate::glue::lossy::utf16_lossy_sink::<Be, _>,
        };
        while let Err(OutputTooSmall { read, .. }) = lossy(fns, rest, dst, replaced) {
            // A lone surrogate takes 3 bytes, one more than it counted:
            // room for the rest at its worst.
            rest = &rest[read..];
            dst.reserve(3 * rest.len());
        }
    }
}

impl<O: ByteOrder> UnitBytes for Utf32Bytes<O> {
    type Unit = u32;
    type Error = Utf32Error;
    const SIZE: usize = 4;
    const MOST: usize = 4;
    #[inline(always)]
    fn load(bytes: &[u8]) -> u32 {
        let bytes = [bytes[0], bytes[1], bytes[2], bytes[3]];
        match O::ENDIAN {
            Endian::Little => u32::from_le_bytes(bytes),
            Endian::Big => u32::from_be_bytes(bytes),
        }
    }
    #[inline(always)]
    fn in_place(bytes: &[u8]) -> Option<&[u32]> {
        // The kernels take native values: in place only in native order.
        if O::SWAP {
            None
        } else {
            crate::glue::units::as_u32s(bytes)
        }
    }
    #[inline(always)]
    fn pairs_with_next(_: u32) -> bool {
        false
    }
    #[inline(always)]
    fn in_bytes(error: Utf32Error, at: usize) -> Utf32Error {
        Utf32Error::new(at + 4 * error.valid_up_to(), error.kind())
    }
    #[inline(always)]
    fn incomplete(at: usize) -> Utf32Error {
        Utf32Error::new(at, Utf32ErrorKind::IncompleteUnit)
    }
    #[inline(always)]
    fn validate(units: &[u32]) -> Result<(), Utf32Error> {
        crate::dispatch::validate_utf32(units)
    }
    #[cfg(feature = "transcode")]
    #[inline(always)]
    fn to_utf8<S: ?Sized + Sink<Utf8>>(
        units: &[u32],
        dst: &mut S,
    ) -> Result<usize, TranscodeError<Utf32Error>> {
        crate::dispatch::utf32_to_utf8(units, dst)
    }
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    #[inline(always)]
    fn append_utf8(
        units: &[u32],
        dst: &mut alloc::string::String,
    ) -> Result<usize, TranscodeError<Utf32Error>> {
        crate::dispatch::utf32_to_utf8(units, dst)
    }
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    #[inline(always)]
    fn utf8_len(units: &[u32]) -> usize {
        crate::utf8_len_from_utf32(units)
    }
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    #[inline(always)]
    fn to_string(units: &[u32]) -> Result<alloc::string::String, Utf32Error> {
        crate::utf32_to_string(units)
    }
    #[cfg(all(feature = "transcode", feature = "alloc"))]
    fn append_lossy(units: &[u32], dst: &mut alloc::string::String, replaced: &mut usize) {
        let mut rest = units;
        loop {
            match crate::dispatch::utf32_to_utf8(rest, dst) {
                Ok(_) => return,
                Err(TranscodeError::Invalid { error, .. }) => {
                    // One value is one character, valid or not.
                    dst.push(char::REPLACEMENT_CHARACTER);
                    *replaced += 1;
                    rest = &rest[error.valid_up_to() + 1..];
                }
                Err(TranscodeError::OutputTooSmall { read, .. }) => {
                    rest = &rest[read..];
                    dst.reserve(4 * rest.len());
                }
            }
        }
    }
}

/// Calls `each(units, at)` on the whole units of `bytes` in order, `at`
/// being the byte offset of `units[0]`, and stops at the first `Break`:
/// once with the input in place where [`UnitBytes::in_place`] allows,
/// else chunk by chunk through a stack buffer. A chunk ends between two
/// units that are not a surrogate pair, or at the last whole unit. Any
/// partial unit after the whole ones is the caller's.
#[inline(always)]
pub(crate) fn for_each_run<U: UnitBytes, B>(
    bytes: &[u8],
    mut each: impl FnMut(&[U::Unit], usize) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let whole = &bytes[..bytes.len() - bytes.len() % U::SIZE];
    if let Some(units) = U::in_place(whole) {
        return each(units, 0);
    }
    if whole.len() <= SMALL * U::SIZE {
        copied::<U, B, SMALL>(whole, each)
    } else {
        copied::<U, B, CHUNK>(whole, each)
    }
}

/// [`for_each_run`]'s copied path, through a buffer of `N` units.
#[inline(always)]
fn copied<U: UnitBytes, B, const N: usize>(
    whole: &[u8],
    mut each: impl FnMut(&[U::Unit], usize) -> ControlFlow<B>,
) -> ControlFlow<B> {
    // Not cleared first: each chunk's units are written before they are
    // read (`fill`). A stream decoder's call of a few KiB would otherwise
    // clear the whole buffer each time (UTF-32BE streamed in 4 KiB chunks
    // runs 1.1-1.3x faster without it; whole buffers do not notice).
    let mut buf = [MaybeUninit::<U::Unit>::uninit(); N];
    let mut at = 0;
    while at < whole.len() {
        let rest = &whole[at..];
        let n = N.min(rest.len() / U::SIZE);
        let units = fill(&mut buf[..n], rest.chunks_exact(U::SIZE).map(U::load));
        // Hold back a high surrogate that is not the last unit: its low
        // half is the first unit of the next chunk. (`n` is then `N`, at
        // least 2, so the chunk is not empty.)
        let take =
            if n * U::SIZE < rest.len() && U::pairs_with_next(units[n - 1]) { n - 1 } else { n };
        each(&units[..take], at)?;
        at += take * U::SIZE;
    }
    ControlFlow::Continue(())
}

/// The byte-input validator of encoding `U`.
fn validate<U: UnitBytes>(src: &[u8]) -> Result<(), U::Error> {
    let r = for_each_run::<U, _>(src, |units, at| match U::validate(units) {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => ControlFlow::Break(U::in_bytes(e, at)),
    });
    if let ControlFlow::Break(e) = r {
        return Err(e);
    }
    match src.len() % U::SIZE {
        0 => Ok(()),
        partial => Err(U::incomplete(src.len() - partial)),
    }
}

/// The output of the byte-input transcoder: a caller's bytes, or
/// uninitialised memory ([`crate::uninit`]), written chunk by chunk.
#[cfg(feature = "transcode")]
pub(crate) trait Utf8Dst {
    /// Converts `units` into the output from byte `at` on (`at` at most
    /// its length): the bytes written, or the error of `units`.
    fn convert<U: UnitBytes>(
        &mut self,
        at: usize,
        units: &[U::Unit],
    ) -> Result<usize, TranscodeError<U::Error>>;
}

#[cfg(feature = "transcode")]
impl Utf8Dst for [u8] {
    #[inline(always)]
    fn convert<U: UnitBytes>(
        &mut self,
        at: usize,
        units: &[U::Unit],
    ) -> Result<usize, TranscodeError<U::Error>> {
        U::to_utf8(units, &mut self[at..])
    }
}

#[cfg(feature = "transcode")]
impl Utf8Dst for [MaybeUninit<u8>] {
    #[inline(always)]
    fn convert<U: UnitBytes>(
        &mut self,
        at: usize,
        units: &[U::Unit],
    ) -> Result<usize, TranscodeError<U::Error>> {
        U::to_utf8(units, &mut Uninit(&mut self[at..]))
    }
}

/// The byte-input transcoder to UTF-8 of encoding `U`, into `dst`.
#[cfg(feature = "transcode")]
pub(crate) fn to_utf8<U: UnitBytes, D: ?Sized + Utf8Dst>(
    src: &[u8],
    dst: &mut D,
) -> Result<usize, TranscodeError<U::Error>> {
    let mut written = 0;
    let r = for_each_run::<U, _>(src, |units, at| match dst.convert::<U>(written, units) {
        Ok(n) => {
            written += n;
            ControlFlow::Continue(())
        }
        Err(TranscodeError::Invalid { error, written: n }) => {
            ControlFlow::Break(TranscodeError::Invalid {
                error: U::in_bytes(error, at),
                written: written + n,
            })
        }
        Err(TranscodeError::OutputTooSmall { read, written: n }) => {
            ControlFlow::Break(TranscodeError::OutputTooSmall {
                read: at + read * U::SIZE,
                written: written + n,
            })
        }
    });
    if let ControlFlow::Break(e) = r {
        return Err(e);
    }
    match src.len() % U::SIZE {
        0 => Ok(written),
        partial => {
            Err(TranscodeError::Invalid { error: U::incomplete(src.len() - partial), written })
        }
    }
}

/// Makes room in `out` for the UTF-8 of `units`, the next of `left`
/// units still to convert, counting only where the room might not do: on
/// the first chunk, the whole output is sized from its exact length (with
/// 1/16 to spare where more chunks follow, never above the worst case),
/// so the chunks after it seldom count at all; a later chunk that does
/// not fit (the text changed script) grows the string by amortised
/// doubling. An output of a lossy decoding may still run out (a lone
/// surrogate counts 2 bytes and takes 3): its loop grows it then.
#[cfg(all(feature = "transcode", feature = "alloc"))]
fn make_room<U: UnitBytes>(out: &mut alloc::string::String, units: &[U::Unit], left: usize) {
    let spare = out.capacity() - out.len();
    if units.is_empty() || spare >= U::MOST * units.len() {
        return;
    }
    let need = U::utf8_len(units);
    if out.capacity() == 0 {
        let chunks = left.div_ceil(units.len());
        let guess = need.saturating_mul(chunks);
        let guess = if chunks > 1 { guess.saturating_add(guess / 16) } else { guess };
        out.reserve_exact(guess.min(left.saturating_mul(U::MOST)).max(need));
    } else if spare < need {
        out.reserve(need);
    }
}

/// Shrinks a string whose unused room exceeds half its length (plus
/// 4 KiB), as the allocating `&[u16]` forms do, after a guess that the
/// rest of the text did not bear out.
#[cfg(all(feature = "transcode", feature = "alloc"))]
fn trim(out: &mut alloc::string::String) {
    if out.capacity() - out.len() > out.len() / 2 + 4096 {
        out.shrink_to_fit();
    }
}

/// The byte-input conversion to a `String` of encoding `U`.
#[cfg(all(feature = "transcode", feature = "alloc"))]
fn to_string<U: UnitBytes>(src: &[u8]) -> Result<alloc::string::String, U::Error> {
    let whole = src.len() - src.len() % U::SIZE;
    let out = match U::in_place(&src[..whole]) {
        // The `&[u16]`/`&[u32]` function, with its sizing policy.
        Some(units) => U::to_string(units).map_err(|e| U::in_bytes(e, 0))?,
        None => {
            let mut out = alloc::string::String::new();
            let r = for_each_run::<U, _>(src, |units, at| {
                make_room::<U>(&mut out, units, (whole - at) / U::SIZE);
                let mut done = 0;
                loop {
                    match U::append_utf8(&units[done..], &mut out) {
                        Ok(_) => return ControlFlow::Continue(()),
                        Err(TranscodeError::Invalid { error, .. }) => {
                            return ControlFlow::Break(U::in_bytes(error, at + done * U::SIZE))
                        }
                        // Only where the count fell short (it cannot on
                        // valid input): make room and go on.
                        Err(TranscodeError::OutputTooSmall { read, .. }) => {
                            done += read;
                            out.reserve(4 * (units.len() - done) + 4);
                        }
                    }
                }
            });
            if let ControlFlow::Break(e) = r {
                return Err(e);
            }
            trim(&mut out);
            out
        }
    };
    match src.len() - whole {
        0 => Ok(out),
        _ => Err(U::incomplete(whole)),
    }
}

/// The byte-input lossy decoding of encoding `U`, with the number of
/// replacements (one per unpaired surrogate or invalid value, and one for
/// a partial last unit that is not already counted with the unpaired high
/// surrogate before it).
#[cfg(all(feature = "transcode", feature = "alloc"))]
fn to_string_lossy<U: UnitBytes>(src: &[u8]) -> crate::error::Lossy<alloc::string::String> {
    let whole = src.len() - src.len() % U::SIZE;
    let mut out = alloc::string::String::new();
    let mut replaced = 0;
    let done: ControlFlow<core::convert::Infallible> = for_each_run::<U, _>(src, |units, at| {
        make_room::<U>(&mut out, units, (whole - at) / U::SIZE);
        U::append_lossy(units, &mut out, &mut replaced);
        ControlFlow::Continue(())
    });
    debug_assert!(done.is_continue());
    trim(&mut out);
    // A partial last unit is one more U+FFFD, except right after a high
    // surrogate (necessarily unpaired: it is the last whole unit), whose
    // U+FFFD stands for both: the WHATWG UTF-16 decoder reports a single
    // error for such an end of input, and CPython's codecs replace the two
    // as one.
    if whole < src.len() {
        let after_high =
            whole >= U::SIZE && U::pairs_with_next(U::load(&src[whole - U::SIZE..whole]));
        if !after_high {
            out.push(char::REPLACEMENT_CHARACTER);
            replaced += 1;
        }
    }
    crate::error::Lossy { output: out, replaced }
}

/// Validates UTF-16LE given as bytes, at any address: every surrogate
/// must be paired, and the length must be even.
///
/// # Errors
///
/// The first unpaired surrogate, at its byte offset, or
/// [`IncompleteUnit`](Utf16ErrorKind::IncompleteUnit) at the last byte of
/// an odd-length input.
///
/// ```
/// use rapidutf::Utf16ErrorKind;
/// // "a😀" in UTF-16LE, as a file holds it.
/// assert!(rapidutf::validate_utf16le_bytes(b"a\x00\x3D\xD8\x00\xDE").is_ok());
/// let e = rapidutf::validate_utf16le_bytes(b"a\x00\x3D\xD8b\x00").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (2, Utf16ErrorKind::UnpairedHigh));
/// let e = rapidutf::validate_utf16le_bytes(b"a\x00b").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (2, Utf16ErrorKind::IncompleteUnit));
/// ```
#[inline]
pub fn validate_utf16le_bytes(src: &[u8]) -> Result<(), Utf16Error> {
    validate::<Utf16Bytes<Le>>(src)
}

/// Validates UTF-16BE given as bytes, at any address: every surrogate
/// must be paired, and the length must be even.
///
/// # Errors
///
/// The first unpaired surrogate, at its byte offset, or
/// [`IncompleteUnit`](Utf16ErrorKind::IncompleteUnit) at the last byte of
/// an odd-length input.
///
/// ```
/// use rapidutf::Utf16ErrorKind;
/// assert!(rapidutf::validate_utf16be_bytes(b"\x00a\xD8\x3D\xDE\x00").is_ok());
/// let e = rapidutf::validate_utf16be_bytes(b"\x00a\xDE\x00").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (2, Utf16ErrorKind::UnpairedLow));
/// ```
#[inline]
pub fn validate_utf16be_bytes(src: &[u8]) -> Result<(), Utf16Error> {
    validate::<Utf16Bytes<Be>>(src)
}

/// Validates UTF-32LE given as bytes, at any address: every value must be
/// a Unicode scalar value, and the length a multiple of 4.
///
/// # Errors
///
/// The first surrogate or value above U+10FFFF, at its byte offset, or
/// [`IncompleteUnit`](Utf32ErrorKind::IncompleteUnit) at the trailing 1 to
/// 3 bytes.
///
/// ```
/// use rapidutf::Utf32ErrorKind;
/// assert!(rapidutf::validate_utf32le_bytes(b"a\x00\x00\x00\x00\xF6\x01\x00").is_ok());
/// let e = rapidutf::validate_utf32le_bytes(b"a\x00\x00\x00\x00\xD8\x00\x00").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (4, Utf32ErrorKind::Surrogate));
/// let e = rapidutf::validate_utf32le_bytes(b"a\x00\x00\x00b").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (4, Utf32ErrorKind::IncompleteUnit));
/// ```
#[inline]
pub fn validate_utf32le_bytes(src: &[u8]) -> Result<(), Utf32Error> {
    validate::<Utf32Bytes<Le>>(src)
}

/// Validates UTF-32BE given as bytes, at any address: every value must be
/// a Unicode scalar value, and the length a multiple of 4.
///
/// # Errors
///
/// The first surrogate or value above U+10FFFF, at its byte offset, or
/// [`IncompleteUnit`](Utf32ErrorKind::IncompleteUnit) at the trailing 1 to
/// 3 bytes.
///
/// ```
/// use rapidutf::Utf32ErrorKind;
/// assert!(rapidutf::validate_utf32be_bytes(b"\x00\x00\x00a\x00\x01\xF6\x00").is_ok());
/// let e = rapidutf::validate_utf32be_bytes(b"\x00\x11\x00\x00").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (0, Utf32ErrorKind::TooLarge));
/// ```
#[inline]
pub fn validate_utf32be_bytes(src: &[u8]) -> Result<(), Utf32Error> {
    validate::<Utf32Bytes<Be>>(src)
}

#[cfg(feature = "transcode")]
mod transcode_api {
    use super::{to_utf8, Utf16Bytes, Utf32Bytes};
    use crate::byte_order::{Be, Le};
    use crate::error::{TranscodeError, Utf16Error, Utf32Error};

    /// Converts UTF-16LE given as bytes (any address, any length) to
    /// UTF-8: `Ok(bytes written)`.
    ///
    /// `dst.len() >= 3 * (src.len() / 2)` always suffices;
    /// [`utf8_len_from_utf16le`](crate::utf8_len_from_utf16le) of the
    /// units is exact.
    ///
    /// # Errors
    ///
    /// [`TranscodeError::Invalid`] at the first unpaired surrogate, or at
    /// the last byte of an odd-length input
    /// ([`IncompleteUnit`](crate::Utf16ErrorKind::IncompleteUnit)), or
    /// [`TranscodeError::OutputTooSmall`] when the next character does not
    /// fit in `dst`, whichever comes first in the input. Positions
    /// (`valid_up_to()`, `read`) are byte offsets into `src`.
    ///
    /// ```
    /// // "h€!" as a UTF-16LE file's bytes.
    /// let src: &[u8] = b"h\x00\xAC\x20!\x00";
    /// let mut buf = [0u8; 16];
    /// let n = rapidutf::utf16le_bytes_to_utf8(src, &mut buf).unwrap();
    /// assert_eq!(&buf[..n], "h€!".as_bytes());
    /// // Too small a buffer: how far it got, in bytes of the input.
    /// let e = rapidutf::utf16le_bytes_to_utf8(src, &mut buf[..2]).unwrap_err();
    /// assert_eq!(e, rapidutf::TranscodeError::OutputTooSmall { read: 2, written: 1 });
    /// ```
    #[inline]
    pub fn utf16le_bytes_to_utf8(
        src: &[u8],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        to_utf8::<Utf16Bytes<Le>, _>(src, dst)
    }

    /// Converts UTF-16BE given as bytes (any address, any length) to
    /// UTF-8: `Ok(bytes written)`.
    ///
    /// `dst.len() >= 3 * (src.len() / 2)` always suffices.
    ///
    /// # Errors
    ///
    /// As [`utf16le_bytes_to_utf8`]: the first unpaired surrogate or
    /// partial unit, or a `dst` too small, with positions in bytes.
    ///
    /// ```
    /// let mut buf = [0u8; 16];
    /// let n = rapidutf::utf16be_bytes_to_utf8(b"\x00h\x20\xAC", &mut buf).unwrap();
    /// assert_eq!(&buf[..n], "h€".as_bytes());
    /// let e = rapidutf::utf16be_bytes_to_utf8(b"\x00h\x20", &mut buf).unwrap_err();
    /// assert_eq!(e.into_invalid().unwrap().valid_up_to(), 2);
    /// ```
    #[inline]
    pub fn utf16be_bytes_to_utf8(
        src: &[u8],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        to_utf8::<Utf16Bytes<Be>, _>(src, dst)
    }

    /// Converts UTF-32LE given as bytes (any address, any length) to
    /// UTF-8: `Ok(bytes written)`.
    ///
    /// `dst.len() >= src.len()` always suffices (4 bytes of UTF-8 at most
    /// per 4 bytes of input).
    ///
    /// # Errors
    ///
    /// [`TranscodeError::Invalid`] at the first surrogate or value above
    /// U+10FFFF, or at trailing 1 to 3 bytes
    /// ([`IncompleteUnit`](crate::Utf32ErrorKind::IncompleteUnit)), or
    /// [`TranscodeError::OutputTooSmall`], whichever comes first in the
    /// input; positions are byte offsets into `src`.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// let n = rapidutf::utf32le_bytes_to_utf8(b"a\x00\x00\x00\x00\xF6\x01\x00", &mut buf).unwrap();
    /// assert_eq!(&buf[..n], "a😀".as_bytes());
    /// ```
    #[inline]
    pub fn utf32le_bytes_to_utf8(
        src: &[u8],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf32Error>> {
        to_utf8::<Utf32Bytes<Le>, _>(src, dst)
    }

    /// Converts UTF-32BE given as bytes (any address, any length) to
    /// UTF-8: `Ok(bytes written)`.
    ///
    /// `dst.len() >= src.len()` always suffices.
    ///
    /// # Errors
    ///
    /// As [`utf32le_bytes_to_utf8`], with positions in bytes.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// let n = rapidutf::utf32be_bytes_to_utf8(b"\x00\x00\x00a", &mut buf).unwrap();
    /// assert_eq!(&buf[..n], b"a");
    /// let e = rapidutf::utf32be_bytes_to_utf8(b"\x00\x00\xD8\x00", &mut buf).unwrap_err();
    /// assert_eq!(e.into_invalid().unwrap().valid_up_to(), 0);
    /// ```
    #[inline]
    pub fn utf32be_bytes_to_utf8(
        src: &[u8],
        dst: &mut [u8],
    ) -> Result<usize, TranscodeError<Utf32Error>> {
        to_utf8::<Utf32Bytes<Be>, _>(src, dst)
    }
}

#[cfg(feature = "transcode")]
pub use transcode_api::*;

#[cfg(all(feature = "transcode", feature = "alloc"))]
mod alloc_api {
    use super::{to_string, to_string_lossy, Utf16Bytes, Utf32Bytes};
    use crate::byte_order::{Be, Le};
    use crate::error::{Lossy, Utf16Error, Utf32Error};
    use alloc::string::String;

    /// Converts UTF-16LE given as bytes (any address, any length) to a
    /// `String`: what `String::from_utf16` does for `&[u16]`, straight
    /// from a file's bytes, without an aligned copy first.
    ///
    /// # Errors
    ///
    /// The first unpaired surrogate, at its byte offset, or
    /// [`IncompleteUnit`](crate::Utf16ErrorKind::IncompleteUnit) at the
    /// last byte of an odd-length input.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf16le_bytes_to_string(b"h\x00i\x00").unwrap(), "hi");
    /// // The same text one byte further on, at an odd address.
    /// let shifted = b"_h\x00i\x00";
    /// assert_eq!(rapidutf::utf16le_bytes_to_string(&shifted[1..]).unwrap(), "hi");
    /// let e = rapidutf::utf16le_bytes_to_string(b"h\x00\x00\xDC").unwrap_err();
    /// assert_eq!(e.valid_up_to(), 2);
    /// ```
    #[inline]
    pub fn utf16le_bytes_to_string(src: &[u8]) -> Result<String, Utf16Error> {
        to_string::<Utf16Bytes<Le>>(src)
    }

    /// Converts UTF-16BE given as bytes (any address, any length) to a
    /// `String`.
    ///
    /// # Errors
    ///
    /// The first unpaired surrogate, at its byte offset, or
    /// [`IncompleteUnit`](crate::Utf16ErrorKind::IncompleteUnit) at the
    /// last byte of an odd-length input.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf16be_bytes_to_string(b"\x00h\x00i").unwrap(), "hi");
    /// assert!(rapidutf::utf16be_bytes_to_string(b"\x00h\x00").is_err());
    /// ```
    #[inline]
    pub fn utf16be_bytes_to_string(src: &[u8]) -> Result<String, Utf16Error> {
        to_string::<Utf16Bytes<Be>>(src)
    }

    /// Converts UTF-32LE given as bytes (any address, any length) to a
    /// `String`.
    ///
    /// # Errors
    ///
    /// The first surrogate or value above U+10FFFF, at its byte offset,
    /// or [`IncompleteUnit`](crate::Utf32ErrorKind::IncompleteUnit) at the
    /// trailing 1 to 3 bytes.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf32le_bytes_to_string(b"\x00\xF6\x01\x00").unwrap(), "😀");
    /// assert!(rapidutf::utf32le_bytes_to_string(b"\x00\xF6\x01").is_err());
    /// ```
    #[inline]
    pub fn utf32le_bytes_to_string(src: &[u8]) -> Result<String, Utf32Error> {
        to_string::<Utf32Bytes<Le>>(src)
    }

    /// Converts UTF-32BE given as bytes (any address, any length) to a
    /// `String`.
    ///
    /// # Errors
    ///
    /// The first surrogate or value above U+10FFFF, at its byte offset,
    /// or [`IncompleteUnit`](crate::Utf32ErrorKind::IncompleteUnit) at the
    /// trailing 1 to 3 bytes.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf32be_bytes_to_string(b"\x00\x01\xF6\x00").unwrap(), "😀");
    /// let e = rapidutf::utf32be_bytes_to_string(b"\x00\x00\x00a\x00\x00\xDF\xFF").unwrap_err();
    /// assert_eq!(e.valid_up_to(), 4);
    /// ```
    #[inline]
    pub fn utf32be_bytes_to_string(src: &[u8]) -> Result<String, Utf32Error> {
        to_string::<Utf32Bytes<Be>>(src)
    }

    /// Decodes UTF-16LE given as bytes (any address, any length),
    /// replacing each unpaired surrogate with U+FFFD, and a trailing odd
    /// byte with one more: `String::from_utf16_lossy` of the units, plus
    /// that last U+FFFD, except after a high surrogate, whose U+FFFD then
    /// stands for both (as the WHATWG UTF-16 decoder and CPython's codecs
    /// do).
    ///
    /// ```
    /// let s = rapidutf::utf16le_bytes_to_string_lossy(b"a\x00\x00\xDCb\x00\x3D\xD8c");
    /// assert_eq!(s, "a\u{FFFD}b\u{FFFD}");
    /// let s = rapidutf::utf16le_bytes_to_string_lossy(b"a\x00\x00\xDCb\x00c");
    /// assert_eq!(s, "a\u{FFFD}b\u{FFFD}");
    /// ```
    #[must_use]
    #[inline]
    pub fn utf16le_bytes_to_string_lossy(src: &[u8]) -> String {
        to_string_lossy::<Utf16Bytes<Le>>(src).output
    }

    /// Decodes UTF-16BE given as bytes (any address, any length),
    /// replacing each unpaired surrogate with U+FFFD, and a trailing odd
    /// byte with one more, except after a high surrogate (see
    /// [`utf16le_bytes_to_string_lossy`]).
    ///
    /// ```
    /// let s = rapidutf::utf16be_bytes_to_string_lossy(b"\x00a\xDC\x00\x00");
    /// assert_eq!(s, "a\u{FFFD}\u{FFFD}");
    /// ```
    #[must_use]
    #[inline]
    pub fn utf16be_bytes_to_string_lossy(src: &[u8]) -> String {
        to_string_lossy::<Utf16Bytes<Be>>(src).output
    }

    /// Decodes UTF-32LE given as bytes (any address, any length),
    /// replacing each value that is not a scalar value with U+FFFD, and
    /// trailing 1 to 3 bytes with one more.
    ///
    /// ```
    /// let s = rapidutf::utf32le_bytes_to_string_lossy(b"a\x00\x00\x00\x00\xD8\x00\x00b\x00");
    /// assert_eq!(s, "a\u{FFFD}\u{FFFD}");
    /// ```
    #[must_use]
    #[inline]
    pub fn utf32le_bytes_to_string_lossy(src: &[u8]) -> String {
        to_string_lossy::<Utf32Bytes<Le>>(src).output
    }

    /// Decodes UTF-32BE given as bytes (any address, any length),
    /// replacing each value that is not a scalar value with U+FFFD, and
    /// trailing 1 to 3 bytes with one more.
    ///
    /// ```
    /// let s = rapidutf::utf32be_bytes_to_string_lossy(b"\x00\x00\x00a\x00\x11\x00\x00");
    /// assert_eq!(s, "a\u{FFFD}");
    /// ```
    #[must_use]
    #[inline]
    pub fn utf32be_bytes_to_string_lossy(src: &[u8]) -> String {
        to_string_lossy::<Utf32Bytes<Be>>(src).output
    }
    /// [`utf16le_bytes_to_string_lossy`], also counting the replacements:
    /// `replaced` is 0 exactly when [`utf16le_bytes_to_string`] succeeds (a
    /// U+FFFD in the input itself is not a replacement). The output is the
    /// plain form's.
    ///
    /// ```
    /// let r = rapidutf::utf16le_bytes_to_string_lossy_report(b"a\x00\x00\xDCb\x00");
    /// assert_eq!((r.output.as_str(), r.replaced), ("a\u{FFFD}b", 1));
    /// let r = rapidutf::utf16le_bytes_to_string_lossy_report(b"a\x00b\x00");
    /// assert_eq!((r.output.as_str(), r.had_replacements()), ("ab", false));
    /// ```
    #[inline]
    pub fn utf16le_bytes_to_string_lossy_report(src: &[u8]) -> Lossy<String> {
        to_string_lossy::<Utf16Bytes<Le>>(src)
    }

    /// [`utf16be_bytes_to_string_lossy`], also counting the replacements:
    /// `replaced` is 0 exactly when [`utf16be_bytes_to_string`] succeeds (a
    /// U+FFFD in the input itself is not a replacement). The output is the
    /// plain form's.
    ///
    /// ```
    /// // A lone low surrogate, then half a unit: two replacements.
    /// let r = rapidutf::utf16be_bytes_to_string_lossy_report(b"\x00a\xDC\x00\x00");
    /// assert_eq!((r.output.as_str(), r.replaced), ("a\u{FFFD}\u{FFFD}", 2));
    /// let r = rapidutf::utf16be_bytes_to_string_lossy_report(b"\x00a\x00b");
    /// assert_eq!((r.output.as_str(), r.replaced), ("ab", 0));
    /// ```
    #[inline]
    pub fn utf16be_bytes_to_string_lossy_report(src: &[u8]) -> Lossy<String> {
        to_string_lossy::<Utf16Bytes<Be>>(src)
    }

    /// [`utf32le_bytes_to_string_lossy`], also counting the replacements:
    /// `replaced` is 0 exactly when [`utf32le_bytes_to_string`] succeeds (a
    /// U+FFFD in the input itself is not a replacement). The output is the
    /// plain form's.
    ///
    /// ```
    /// let r = rapidutf::utf32le_bytes_to_string_lossy_report(b"a\x00\x00\x00\x00\xD8\x00\x00");
    /// assert_eq!((r.output.as_str(), r.replaced), ("a\u{FFFD}", 1));
    /// let r = rapidutf::utf32le_bytes_to_string_lossy_report(b"a\x00\x00\x00");
    /// assert_eq!((r.output.as_str(), r.replaced), ("a", 0));
    /// ```
    #[inline]
    pub fn utf32le_bytes_to_string_lossy_report(src: &[u8]) -> Lossy<String> {
        to_string_lossy::<Utf32Bytes<Le>>(src)
    }

    /// [`utf32be_bytes_to_string_lossy`], also counting the replacements:
    /// `replaced` is 0 exactly when [`utf32be_bytes_to_string`] succeeds (a
    /// U+FFFD in the input itself is not a replacement). The output is the
    /// plain form's.
    ///
    /// ```
    /// let r = rapidutf::utf32be_bytes_to_string_lossy_report(b"\x00\x00\x00a\x00\x11\x00\x00");
    /// assert_eq!((r.output.as_str(), r.replaced), ("a\u{FFFD}", 1));
    /// let r = rapidutf::utf32be_bytes_to_string_lossy_report(b"\x00\x00\x00a");
    /// assert_eq!((r.output.as_str(), r.replaced), ("a", 0));
    /// ```
    #[inline]
    pub fn utf32be_bytes_to_string_lossy_report(src: &[u8]) -> Lossy<String> {
        to_string_lossy::<Utf32Bytes<Be>>(src)
    }
}

#[cfg(all(feature = "transcode", feature = "alloc"))]
pub use alloc_api::*;
