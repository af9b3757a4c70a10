//! Lossy decoding's engine, for every output: a caller's uninitialised
//! buffer ([`crate::uninit`], the C ABI) and the spare capacity of the
//! `String`s and `Vec`s of [`crate::utf8_to_string_lossy`] and friends.
//!
//! A kernel converts (or validates and copies) each valid stretch, as the
//! strict transcoders do. After an error, scalar code decodes the input
//! (one character at a time, or eight bytes at a time where none of them
//! starts a multi-byte character) for as long as errors are dense, and hands
//! back to the kernel once [`RESUME`] bytes (or units) in a row decode:
//! on text with an error every few bytes a kernel call per error cost
//! several times what the scalar decoder does (lossy decoding of 4 MiB of
//! `0xFF` took 4.6 times std's time when every error went through the
//! kernel and the error layer), while on text with rare errors the
//! scalar stretch after each is short: after a valid stretch of [`SPARSE`]
//! bytes or more, it hands back after one character.
//!
//! The lossy lengths walk the input the same way with a target that
//! counts instead of writing ([`Counted`]).
//!
//! Every function here stops only at a character or subpart boundary,
//! with `TranscodeError::OutputTooSmall { read, written }` when the next
//! character or replacement does not fit, so that a call on
//! `src[read..]` goes on exactly as one call with more room would have:
//! a maximal invalid subpart is decided by the bytes from its start on.
//! Each keeps the [`Out`] contract: `dst[..written]` holds whole
//! characters of valid output, and nothing else is reported as written.

use super::{finish_utf8, into_sink, split_result, transcode_with, Sink, Uninit};
use crate::arch::{Entry, KernelFns, Out};
use crate::byte_order::ByteOrder;
use crate::error::{TranscodeError, Utf16Error, Utf8Error};
use crate::scalar;
use crate::scalar::transcode::{Decode, Encode, Utf16, Utf32, Utf8};
use crate::strategy::ErrorStrategy;
use core::convert::Infallible;
use core::marker::PhantomData;
use core::mem::MaybeUninit;

/// Input units in a row that must decode before a dense run hands back to
/// the kernel: enough that errors with a few characters between them stay
/// in the scalar loop, few enough (half a block) that after an isolated
/// error the kernel takes over again within one block's worth of input.
const RESUME: usize = 32;

/// A valid stretch at least this long before an error says that errors
/// are sparse: the scalar loop after it hands back to the kernel after
/// one character (see `utf8_lossy_into`).
const SPARSE: usize = 64;

/// The result of a bounded lossy conversion: `Ok(written)` with all of
/// `src` consumed, or `OutputTooSmall` at a character boundary.
pub(crate) type Lossy = Result<usize, TranscodeError<Infallible>>;

/// The longest valid prefix of `bytes` and the error after it, with
/// `fns`' grouped check (fast on valid input) refined as
/// [`refine`] does, or with block-exact positions (`blocks`, once errors
/// have been seen, when more are likely).
#[inline]
pub(crate) fn split_valid<'a>(
    fns: &KernelFns,
    bytes: &'a [u8],
    blocks: bool,
) -> (&'a str, Option<Utf8Error>) {
    let exact = |b: &'a [u8]| split_result(b, finish_utf8(b, fns.validate_utf8_blocks(b)));
    if blocks {
        exact(bytes)
    } else {
        refine(bytes, fns.validate_utf8(bytes), exact)
    }
}

/// The valid prefix and the error, from a grouped check's answer `r` on
/// `bytes`: when the kernel flags a group of blocks past the first, the
/// check resumes at the start of the character there with `blocks` (a
/// block-exact check), so the scalar rescan that finds the exact error
/// stays short however large the groups.
#[inline(always)]
pub(crate) fn refine<'a>(
    bytes: &'a [u8],
    r: Result<(), usize>,
    blocks: impl Fn(&'a [u8]) -> (&'a str, Option<Utf8Error>),
) -> (&'a str, Option<Utf8Error>) {
    let pos = match r {
        // Within the first block, the rescan is short already.
        Err(pos) if pos >= 64 => pos,
        _ => return split_result(bytes, finish_utf8(bytes, r)),
    };
    let start = scalar::utf8::char_start(bytes, pos);
    let (valid, err) = blocks(&bytes[start..]);
    let end = start + valid.len();
    debug_assert!(super::scalar_valid(&bytes[..start]), "a UTF-8 kernel flagged a block too late");
    // SAFETY: `bytes[..start]` is valid: the kernel's contract for `pos`
    // (valid up to an incomplete last character, which `char_start` backs
    // over) rests on the SIMD validators having no false negatives (see
    // the module docs of `glue`; cross-checked above in debug builds);
    // `bytes[start..end]` was just found valid, and starts on a character
    // boundary.
    let valid = unsafe { core::str::from_utf8_unchecked(&bytes[..end]) };
    let err = err.map(|e| {
        let len = e.error_len().map_or(0, |n| n as u8);
        Utf8Error::new(start + e.valid_up_to(), len, e.kind())
    });
    (valid, err)
}

/// The outputs of lossy UTF-8 decoding: UTF-8 itself (valid stretches
/// are validated and copied), UTF-16 in a byte order and UTF-32 (they go
/// through the transcoder).
pub(crate) trait LossyTarget: Encode {
    /// Converts the longest valid prefix of `src` that fits in `dst`: the
    /// transcoders' contract (`Ok(written)`, or the first problem in
    /// input order, `dst[..written]` the conversion of what came before).
    /// `blocks` as for [`split_valid`].
    fn bulk(
        fns: &KernelFns,
        src: &[u8],
        dst: &mut Out<Self::Unit>,
        blocks: bool,
    ) -> Result<usize, TranscodeError<Utf8Error>>;

    /// Writes the lossy decoding of `chunk`, eight bytes none of which
    /// starts a multi-byte character (each is ASCII or a maximal invalid
    /// subpart on its own, replaced by U+FFFD), at the start of `dst`,
    /// and nothing past it: the number of units written, or `None`
    /// (nothing written) when `dst` is shorter than the longest such
    /// output.
    fn singles(chunk: &[u8; 8], dst: &mut Out<Self::Unit>) -> Option<usize>;
}

/// Whether any of `chunk` may start a multi-byte character (C2 to F4).
#[inline(always)]
fn has_lead(chunk: &[u8; 8]) -> bool {
    chunk.iter().fold(false, |any, &b| any | (b.wrapping_sub(0xC2) < 0xF5 - 0xC2))
}

impl LossyTarget for Utf8 {
    #[inline]
    fn bulk(
        fns: &KernelFns,
        src: &[u8],
        dst: &mut Out<u8>,
        blocks: bool,
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        // Only as much as fits is looked at.
        let w = src.len().min(dst.len());
        let (valid, err) = split_valid(fns, &src[..w], blocks);
        let n = valid.len();
        super::write_copy(dst, valid.as_bytes());
        match err {
            None if w == src.len() => Ok(n),
            // Everything that fits is valid, up to a character boundary;
            // or a character is cut by the end of the room (whether it is
            // valid shows when there is room).
            None => Err(TranscodeError::OutputTooSmall { read: n, written: n }),
            Some(e) if w < src.len() && e.error_len().is_none() => {
                Err(TranscodeError::OutputTooSmall { read: n, written: n })
            }
            Some(error) => Err(TranscodeError::Invalid { error, written: n }),
        }
    }

    #[inline(always)]
    fn singles(chunk: &[u8; 8], dst: &mut Out<u8>) -> Option<usize> {
        let dst = dst.get_mut(..24)?;
        // Byte `k`'s output starts at `k` plus two for each non-ASCII byte
        // before it: a prefix sum in the bytes of one word, so that the
        // stores' offsets are found together, not each from the one before.
        let word = u64::from_le_bytes(*chunk);
        let high = (word >> 7) & 0x0101_0101_0101_0101;
        let before = high.wrapping_mul(0x0101_0101_0101_0101) - high;
        let at = (0x0706_0504_0302_0100 + 2 * before).to_le_bytes();
        let n = usize::from(at[7]) + 1 + 2 * usize::from(chunk[7] >> 7);
        let first = |b: u8| if b < 0x80 { b } else { 0xEF };
        // Bytes 0 to 4 as four bytes each (one 32-bit store): the byte or
        // U+FFFD's first, U+FFFD's other two, a byte of scratch, with no
        // branch on which (the choice is as good as random where errors
        // are dense). Byte `k`'s scratch ends before `at[k] + 4 <= n`
        // (three bytes follow it, each of at least one byte of output),
        // and the bytes whose output lies there store later.
        for k in 0..5 {
            let unit = u32::from_ne_bytes([first(chunk[k]), 0xBF, 0xBD, 0]);
            // SAFETY: `at[k] + 4 <= n <= 24`, inside `dst`; an unaligned
            // store of plain bytes into `MaybeUninit`s.
            unsafe { dst.as_mut_ptr().add(usize::from(at[k])).cast::<u32>().write_unaligned(unit) };
        }
        // Bytes 5 to 7 exactly: nothing is written past the output.
        for k in 5..8 {
            let (o, b) = (usize::from(at[k]), chunk[k]);
            dst[o].write(first(b));
            if b >= 0x80 {
                dst[o + 1].write(0xBF);
                dst[o + 2].write(0xBD);
            }
        }
        Some(n)
    }
}

impl<O: ByteOrder> LossyTarget for Utf16<O>
where
    Utf8: Entry<Utf16<O>>,
{
    #[inline]
    fn bulk(
        fns: &KernelFns,
        src: &[u8],
        dst: &mut Out<u16>,
        _: bool,
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        transcode_with::<Utf8, Utf16<O>, _>(fns, src, &mut Uninit(dst))
    }

    #[inline(always)]
    fn singles(chunk: &[u8; 8], dst: &mut Out<u16>) -> Option<usize> {
        for (d, &b) in dst.get_mut(..8)?.iter_mut().zip(chunk) {
            d.write(O::write16(if b < 0x80 { u16::from(b) } else { 0xFFFD }));
        }
        Some(8)
    }
}

impl LossyTarget for Utf32
where
    Utf8: Entry<Utf32>,
{
    #[inline]
    fn bulk(
        fns: &KernelFns,
        src: &[u8],
        dst: &mut Out<u32>,
        _: bool,
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        transcode_with::<Utf8, Utf32, _>(fns, src, &mut Uninit(dst))
    }

    #[inline(always)]
    fn singles(chunk: &[u8; 8], dst: &mut Out<u32>) -> Option<usize> {
        for (d, &b) in dst.get_mut(..8)?.iter_mut().zip(chunk) {
            d.write(if b < 0x80 { u32::from(b) } else { 0xFFFD });
        }
        Some(8)
    }
}

/// The length of lossy decoding's output in `T` (UTF-16 in a byte order,
/// UTF-32), counted rather than written: the engine's target for the
/// lossy lengths, so that they find the stretches and subparts as the
/// conversions do, dense errors included. Its unit is `()`, one for each
/// unit of `T`, so its output buffer takes no memory however long it is
/// ([`unbounded`]).
pub(crate) struct Counted<T>(PhantomData<T>);

/// An output buffer for [`Counted`] that no count outgrows.
#[inline(always)]
pub(crate) fn unbounded() -> [MaybeUninit<()>; usize::MAX] {
    [MaybeUninit::uninit(); usize::MAX]
}

/// How [`Counted`] counts the units of an output.
pub(crate) trait Count {
    /// The units of a valid stretch, with `fns`' kernel.
    fn valid(fns: &KernelFns, valid: &str) -> usize;
    /// The units of the character `c`.
    fn char(c: u32) -> usize;
}

impl<O: ByteOrder> Count for Utf16<O> {
    #[inline(always)]
    fn valid(fns: &KernelFns, valid: &str) -> usize {
        fns.utf16_len_from_utf8(valid.as_bytes())
    }

    #[inline(always)]
    fn char(c: u32) -> usize {
        1 + usize::from(c > 0xFFFF)
    }
}

impl Count for Utf32 {
    #[inline(always)]
    fn valid(fns: &KernelFns, valid: &str) -> usize {
        fns.count_chars(valid.as_bytes())
    }

    #[inline(always)]
    fn char(_: u32) -> usize {
        1
    }
}

impl<T: Count> Encode for Counted<T> {
    type Unit = ();

    #[inline(always)]
    fn encode(dst: &mut [MaybeUninit<()>], c: u32) -> Option<usize> {
        let n = T::char(c);
        dst.get(..n).map(|_| n)
    }

    #[inline(always)]
    fn from_ascii(_: u8) {}
}

impl<T: Count> LossyTarget for Counted<T> {
    #[inline]
    fn bulk(
        fns: &KernelFns,
        src: &[u8],
        dst: &mut Out<()>,
        blocks: bool,
    ) -> Result<usize, TranscodeError<Utf8Error>> {
        let (valid, err) = split_valid(fns, src, blocks);
        let written = T::valid(fns, valid);
        match err {
            // Never with `unbounded` room, which the lengths use; with less,
            // nothing is taken, and a call with more room goes on.
            _ if dst.len() < written => Err(TranscodeError::OutputTooSmall { read: 0, written: 0 }),
            None => Ok(written),
            Some(error) => Err(TranscodeError::Invalid { error, written }),
        }
    }

    #[inline(always)]
    fn singles(_: &[u8; 8], dst: &mut Out<()>) -> Option<usize> {
        // Each byte is ASCII or a subpart of its own: one unit each.
        dst.get(..8).map(|_| 8)
    }
}

/// Writes what `strategy` puts for the maximal invalid subpart `bad` at
/// `dst[*o..]`, all of it or nothing; false if it does not fit.
#[inline]
fn substitute<E: Encode>(
    dst: &mut Out<E::Unit>,
    o: &mut usize,
    strategy: ErrorStrategy,
    bad: &[u8],
) -> bool {
    let start = *o;
    let fits = strategy.substitute(bad, |c| match E::encode(&mut dst[*o..], u32::from(c)) {
        Some(n) => {
            *o += n;
            true
        }
        None => false,
    });
    if !fits {
        *o = start;
    }
    fits
}

/// Writes what `strategy` puts for the maximal invalid subpart of `n`
/// bytes at `src[at..]` (as [`substitute`]), with U+FFFD written directly
/// for [`ErrorStrategy::Replace`]: the hot path of dense errors.
#[inline(always)]
fn replace<E: Encode>(
    dst: &mut Out<E::Unit>,
    o: &mut usize,
    strategy: ErrorStrategy,
    src: &[u8],
    at: usize,
    n: usize,
) -> bool {
    if strategy != ErrorStrategy::Replace {
        return substitute::<E>(dst, o, strategy, &src[at..at + n]);
    }
    match E::encode(&mut dst[*o..], 0xFFFD) {
        Some(n) => {
            *o += n;
            true
        }
        None => false,
    }
}

/// Whether `bytes` starts with [`RESUME`] bytes of ASCII, testing the
/// first eight on their own first.
#[inline(always)]
fn ascii_run(bytes: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    match bytes.first_chunk::<8>() {
        Some(w) if u64::from_ne_bytes(*w) & HIGH == 0 => {
            bytes.get(..RESUME).is_some_and(<[u8]>::is_ascii)
        }
        _ => false,
    }
}

/// Decodes UTF-8 `src` from `*i`, where an invalid sequence starts, with
/// scalar code, until `resume` bytes in a row are valid or the input
/// ends; `false` when `dst` has no room for the next character or
/// replacement (`*i` and `*o` are then at its start).
#[inline]
fn dense_utf8<E: LossyTarget>(
    src: &[u8],
    dst: &mut Out<E::Unit>,
    i: &mut usize,
    o: &mut usize,
    strategy: ErrorStrategy,
    replaced: &mut usize,
    resume: usize,
) -> bool {
    let mut clean = 0;
    while *i < src.len() && clean < resume {
        let b = src[*i];
        let (c, w) = if b < 0x80 {
            // After an error, a run of ASCII long enough goes back to the
            // kernel at once, rather than after `RESUME` bytes one at a
            // time (text with rare errors); its first word decides
            // quickly where errors are dense.
            if clean == 0 && ascii_run(&src[*i..]) {
                return true;
            }
            (u32::from(b), 1)
        } else if !(0xC2..=0xF4).contains(&b) {
            // A continuation byte where a character should start, or a
            // byte that never appears in UTF-8: a subpart of its own
            // (what most dense errors are), without decoding.
            if !replace::<E>(dst, o, strategy, src, *i, 1) {
                return false;
            }
            *i += 1;
            *replaced += 1;
            clean = 0;
            // The first chunk is tested here, so that the call is made only
            // when it will decode something.
            let chunk = src[*i..].first_chunk::<8>();
            if strategy == ErrorStrategy::Replace && chunk.is_some_and(|c| !has_lead(c)) {
                match singles::<E>(src, dst, i, o, replaced) {
                    Some(n) => clean = n,
                    None => return true,
                }
            }
            continue;
        } else {
            match scalar::utf8::decode_or_subpart(src, *i) {
                Ok(cw) => cw,
                Err(n) => {
                    if !replace::<E>(dst, o, strategy, src, *i, n) {
                        return false;
                    }
                    *i += n;
                    *replaced += 1;
                    clean = 0;
                    continue;
                }
            }
        };
        let Some(n) = E::encode(&mut dst[*o..], c) else {
            return false;
        };
        *i += w;
        *o += n;
        clean += w;
    }
    true
}

/// After a byte that was a subpart on its own, decodes `src` from `*i`
/// eight bytes at a time for as long as none of them starts a multi-byte
/// character (ASCII mixed with stray continuation bytes and bytes that
/// never occur in UTF-8), each chunk by [`LossyTarget::singles`]:
/// `Some(n)` with the `n` valid bytes in a row that end what it decoded,
/// or `None` when a run of ASCII follows (from the start, or after a
/// chunk) that should go back to the kernel at once.
///
/// Where errors are this dense, whether the next byte is ASCII is as good
/// as random, and each such guess the branch predictor loses costs more
/// than the rest of a byte's work in [`dense_utf8`]'s loop. Kept out of
/// that loop, whose other cases (multi-byte characters and their
/// truncations between errors) it would only slow down.
#[inline(never)]
fn singles<E: LossyTarget>(
    src: &[u8],
    dst: &mut Out<E::Unit>,
    i: &mut usize,
    o: &mut usize,
    replaced: &mut usize,
) -> Option<usize> {
    if ascii_run(&src[*i..]) {
        return None;
    }
    let mut clean = 0;
    while let Some(chunk) = src[*i..].first_chunk::<8>() {
        if has_lead(chunk) {
            break;
        }
        let Some(n) = E::singles(chunk, &mut dst[*o..]) else {
            break;
        };
        *i += 8;
        *o += n;
        // The ASCII bytes that end the chunk (all eight when it has no
        // other) are valid input in a row.
        let high = u64::from_le_bytes(*chunk) & 0x8080_8080_8080_8080;
        // Each other byte was a subpart of its own.
        *replaced += high.count_ones() as usize;
        clean = if high == 0 { clean + 8 } else { high.leading_zeros() as usize / 8 };
        if clean != 0 && ascii_run(&src[*i..]) {
            return None;
        }
    }
    Some(clean)
}

/// Lossy UTF-8 to `E` (UTF-8, or UTF-16 in a byte order) into `dst`, each
/// maximal invalid subpart handled by `strategy`, with `fns`' kernel.
/// `blocks`: whether errors are expected from the start (see
/// [`split_valid`]). `replaced` counts the subparts handled whose output
/// was written (all of them when the call returns `Ok`), so that calls
/// resumed after `OutputTooSmall` add up to one call's count.
pub(crate) fn utf8_lossy_into<E: LossyTarget>(
    fns: &KernelFns,
    src: &[u8],
    dst: &mut Out<E::Unit>,
    strategy: ErrorStrategy,
    mut blocks: bool,
    replaced: &mut usize,
) -> Lossy {
    let (mut i, mut o) = (0, 0);
    let mut resume;
    loop {
        match E::bulk(fns, &src[i..], &mut dst[o..], blocks) {
            Ok(n) => return Ok(o + n),
            Err(TranscodeError::OutputTooSmall { read, written }) => {
                return Err(TranscodeError::OutputTooSmall { read: i + read, written: o + written })
            }
            Err(TranscodeError::Invalid { error, written }) => {
                i += error.valid_up_to();
                o += written;
                // After a long valid stretch the error is likely alone:
                // the kernel takes over again after the next character.
                // That matters for text of 2- and 3-byte characters, which
                // `ascii_run` does not hand back early: Russian with an
                // error every 100 bytes decodes 3.3 times as fast into a
                // `String` this way as with `RESUME` bytes decoded first,
                // and 1.2 times into UTF-16. After a short stretch, errors
                // are dense and the scalar loop keeps going.
                resume = if error.valid_up_to() >= SPARSE { 1 } else { RESUME };
            }
        }
        blocks = true;
        if !dense_utf8::<E>(src, dst, &mut i, &mut o, strategy, replaced, resume) {
            return Err(TranscodeError::OutputTooSmall { read: i, written: o });
        }
        if i == src.len() {
            return Ok(o);
        }
    }
}

/// Lossy UTF-16 in byte order `O` to UTF-8 into `dst`, each unpaired
/// surrogate replaced by U+FFFD, with `fns`' kernel; `replaced` counts
/// the replacements written.
pub(crate) fn utf16_lossy_into<O: ByteOrder>(
    fns: &KernelFns,
    src: &[u16],
    dst: &mut Out<u8>,
    replaced: &mut usize,
) -> Lossy
where
    Utf16<O>: Entry<Utf8> + Decode<Unit = u16, Error = Utf16Error>,
{
    let (mut i, mut o) = (0, 0);
    loop {
        match transcode_with::<Utf16<O>, Utf8, _>(fns, &src[i..], &mut Uninit(&mut dst[o..])) {
            Ok(n) => return Ok(o + n),
            Err(TranscodeError::OutputTooSmall { read, written }) => {
                return Err(TranscodeError::OutputTooSmall { read: i + read, written: o + written })
            }
            Err(TranscodeError::Invalid { error, written }) => {
                i += error.valid_up_to();
                o += written;
            }
        }
        // Scalar decoding while lone surrogates are dense (see `RESUME`).
        let mut clean = 0;
        while i < src.len() && clean < RESUME {
            let u = O::read16(src[i]);
            let low = || src.get(i + 1).map(|&n| O::read16(n)).filter(|n| n & 0xFC00 == 0xDC00);
            let (written, w, valid) = if u & 0xF800 != 0xD800 {
                (Utf8::encode(&mut dst[o..], u32::from(u)), 1, true)
            } else if let Some(low) = (u < 0xDC00).then(low).flatten() {
                let c = 0x10000 + ((u32::from(u) & 0x3FF) << 10 | (u32::from(low) & 0x3FF));
                (Utf8::encode(&mut dst[o..], c), 2, true)
            } else {
                // An unpaired surrogate: std replaces it alone, and
                // decodes from the next unit on. (A constant, so that the
                // encoder folds to three stores.)
                (Utf8::encode(&mut dst[o..], 0xFFFD), 1, false)
            };
            let Some(n) = written else {
                return Err(TranscodeError::OutputTooSmall { read: i, written: o });
            };
            i += w;
            o += n;
            *replaced += usize::from(!valid);
            clean = if valid { clean + w } else { 0 };
        }
        if i == src.len() {
            return Ok(o);
        }
    }
}

/// [`utf8_lossy_into`] on a sink's output (committing what it wrote).
pub(crate) fn utf8_lossy_sink<E: LossyTarget, S: ?Sized + Sink<E>>(
    fns: &KernelFns,
    src: &[u8],
    dst: &mut S,
    strategy: ErrorStrategy,
    blocks: bool,
    replaced: &mut usize,
) -> Lossy {
    // SAFETY: `utf8_lossy_into` keeps the `Out` contract: `dst[..written]`
    // holds the kernel's conversions of validated stretches (for UTF-8,
    // copies of bytes the validator accepted) and characters that
    // `E::encode` or `LossyTarget::singles` (ASCII bytes and U+FFFD) wrote
    // whole, nothing else.
    unsafe { into_sink(dst, |out| utf8_lossy_into::<E>(fns, src, out, strategy, blocks, replaced)) }
}

/// [`utf16_lossy_into`] on a sink's output (committing what it wrote).
pub(crate) fn utf16_lossy_sink<O: ByteOrder, S: ?Sized + Sink<Utf8>>(
    fns: &KernelFns,
    src: &[u16],
    dst: &mut S,
    replaced: &mut usize,
) -> Lossy
where
    Utf16<O>: Entry<Utf8> + Decode<Unit = u16, Error = Utf16Error>,
{
    // SAFETY: `utf16_lossy_into` keeps the `Out` contract: `dst[..written]`
    // holds the transcoder's output and characters that `Utf8::encode`
    // wrote whole.
    unsafe { into_sink(dst, |out| utf16_lossy_into::<O>(fns, src, out, replaced)) }
}
