//! A small, self-contained test set for Miri (`ci/miri.sh`), also run as a
//! normal integration test.
//!
//! Every available kernel is called through its own methods
//! (`Kernel::Avx2.validate_utf8(..)`) on inputs of every length from 0 to
//! [`MAX_LEN`] units, valid and with an error, each one a sub-slice at an
//! offset inside a larger allocation with guard units on both sides. Under
//! Miri's default aliasing model (Stacked Borrows) a slice only grants
//! access to its own range, so a kernel that reads even one byte past the
//! end of its input, or writes one unit past the end of `dst`, is reported
//! as undefined behaviour although the access stays inside the
//! allocation, where AddressSanitizer and guard zones see nothing.
//!
//! Each transcoder runs with a tight `dst`: exactly the size of the output,
//! and one unit less. The conversions of valid `&str` and `&[char]` input
//! run per kernel too; the appending and allocating conversions, which
//! write into a vector's spare capacity (and grow it when the output sized
//! from the input's start falls short), run through the active kernel,
//! which `ci/miri.sh` sets to each kernel in turn (`RAPIDUTF_KERNEL`). Expected results come from core/std only
//! (`core::str::from_utf8`, `char::decode_utf16`, `char::from_u32`,
//! `char::encode_utf8/16`, `String::from_utf8_lossy`), and the documented
//! rule that a transcoder reports whichever comes first in the input: an
//! invalid sequence, or a character that does not fit in `dst`.
//!
//! Miri interprets about a thousand times slower than native code, so
//! under Miri the lengths past two blocks are sampled, and fewer offsets
//! and one input shape per length are used (the shape rotates with the
//! length); natively every combination runs.
//!
//! `RAPIDUTF_REQUIRE_KERNELS` (comma-separated kernel names) makes the test
//! fail when one of those kernels is not available, so a run that quietly
//! tests fewer kernels than intended cannot pass (under Miri the variable
//! must be forwarded with `-Zmiri-env-forward`).

// It checks every kernel entry (the transcoders, the lossy and allocating
// conversions and the Latin-1 ones included), so it needs the default
// features `std`, `transcode` and `single-byte`; tests/it covers the smaller
// feature sets.
#![cfg(all(feature = "std", feature = "transcode", feature = "single-byte"))]

use rapidutf::{Kernel, TranscodeError, Utf16ErrorKind, Utf32ErrorKind, Utf8Error};

/// Inputs have every length from 0 to this many units (exclusive).
const MAX_LEN: usize = 200;

/// Under Miri, every length below this runs (every tail of one and two
/// 32-byte blocks, and of one 64-byte block), and above it one length in
/// [`MIRI_STRIDE`]: the long inputs cost the interpreter the most, and
/// add only further whole blocks before the same tails.
const MIRI_ALL_BELOW: usize = 67;

/// The stride of the lengths from [`MIRI_ALL_BELOW`] to [`MAX_LEN`] under
/// Miri; 17 is coprime with the block sizes, so the tails rotate.
const MIRI_STRIDE: usize = 17;

/// The input lengths a kernel runs at: all of `0..MAX_LEN` natively; under
/// Miri, see [`MIRI_ALL_BELOW`].
fn lengths() -> impl Iterator<Item = usize> {
    (0..MAX_LEN).filter(|&len| !cfg!(miri) || len < MIRI_ALL_BELOW || len % MIRI_STRIDE == 4)
}

/// Units of guard on each side of an input or output slice.
const GUARD: usize = 64;

/// The operations, each a group of calls that share an input: UTF-8
/// validation, counts, lossy decoding and the four UTF-8 transcoders;
/// UTF-16 validation with counts, and its two transcoders (in one byte
/// order); UTF-32 validation with counts, and its four transcoders.
const OPS: usize = 15;

/// The Latin-1 conversions are operations `OPS..OPS + LATIN1_OPS`: from
/// Latin-1 to UTF-8, UTF-16 and UTF-32 (each with the Windows-1252
/// decoder of the same output on the same bytes), and to Latin-1 from
/// each.
const LATIN1_OPS: usize = 6;

/// The conversions of input that is valid by its type are operations
/// `OPS + LATIN1_OPS..OPS + LATIN1_OPS + STR_OPS`: `str_to_utf16` (in one
/// byte order), `str_to_utf32`, `chars_to_utf8` and `chars_to_utf16` (in
/// one byte order).
const STR_OPS: usize = 4;

/// Under Miri, the rotating operation of a length is the one numbered
/// `(len + 4 * phase) % MIRI_SLOTS`, if there is one: a prime a little
/// under twice [`OPS`], so that about every other length runs one, and
/// each operation meets each kernel at lengths spread over all residues
/// modulo the block sizes (16, 32, 64).
const MIRI_SLOTS: usize = 29;

/// What one kernel runs at one input length.
///
/// Natively: everything (every operation, input shape, byte order, offset
/// and both tight `dst` sizes). Under Miri, where a call on 200 units takes
/// from 10 ms to a few seconds, each kernel runs UTF-8 validation at every
/// length of [`lengths`] and one other operation at about every other one (see
/// [`MIRI_SLOTS`]), each with one input shape, byte order, offset and
/// `dst` size, all rotating with the length.
#[derive(Clone, Copy)]
struct Plan {
    len: usize,
    /// The kernel's position, so that kernels rotate out of step.
    phase: usize,
}

impl Plan {
    fn runs(self, op: usize) -> bool {
        !cfg!(miri) || op == 0 || (self.len + 4 * self.phase) % MIRI_SLOTS == op
    }

    /// Whether input shape `shape` of `count` runs.
    fn shape(self, shape: usize, count: usize) -> bool {
        !cfg!(miri) || (self.len / OPS + self.phase) % count == shape
    }

    /// The start offsets (in units) of the input inside its allocation.
    fn offsets(self) -> Vec<usize> {
        const ALL: [usize; 5] = [0, 1, 3, 7, 8];
        if cfg!(miri) {
            vec![ALL[(self.len + self.phase) % ALL.len()]]
        } else {
            ALL.to_vec()
        }
    }

    /// The `dst` sizes, given the exact size of the output.
    fn caps(self, exact: usize) -> Vec<usize> {
        let all = [Some(exact), exact.checked_sub(1)];
        if cfg!(miri) {
            all[(self.len / 2) % 2].or(all[0]).into_iter().collect()
        } else {
            all.into_iter().flatten().collect()
        }
    }

    /// The UTF-16 byte orders (`None`: native, `Some(true)`: LE).
    fn orders(self) -> Vec<Option<bool>> {
        let all = [None, Some(true), Some(false)];
        if cfg!(miri) {
            vec![all[(self.len / OPS + self.phase) % 3]]
        } else {
            all.to_vec()
        }
    }
}

/// The kernels that `RAPIDUTF_REQUIRE_KERNELS` (comma-separated names)
/// requires.
fn required() -> Vec<Kernel> {
    rapidutf_testkit::kernels_named("RAPIDUTF_REQUIRE_KERNELS")
}

#[test]
fn required_kernels_are_available() {
    let available: Vec<Kernel> = Kernel::available().collect();
    assert!(available.contains(&Kernel::Scalar));
    for k in required() {
        assert!(
            available.contains(&k),
            "RAPIDUTF_REQUIRE_KERNELS requires {k}, but it is not available here \
             (available: {available:?})"
        );
    }
    eprintln!("kernels available: {available:?}");
}

// ---------------------------------------------------------------------------
// Sub-slices inside a larger allocation.
// ---------------------------------------------------------------------------

/// `data` copied into a fresh allocation at offset `GUARD + off`, with
/// `fill` on both sides.
struct Placed<T> {
    buf: Vec<T>,
    start: usize,
    len: usize,
}

impl<T: Copy> Placed<T> {
    fn new(data: &[T], off: usize, fill: T) -> Self {
        let start = GUARD + off;
        let mut buf = vec![fill; start + data.len() + GUARD];
        buf[start..start + data.len()].copy_from_slice(data);
        Placed { buf, start, len: data.len() }
    }

    fn get(&self) -> &[T] {
        &self.buf[self.start..self.start + self.len]
    }
}

/// Runs `f` on a `dst` of `len` units placed inside a larger allocation
/// and checks that the guard units on both sides are untouched. Returns
/// `f`'s result and the whole of `dst`.
fn with_dst<T: Copy + PartialEq + std::fmt::Debug, R>(
    len: usize,
    off: usize,
    fill: T,
    f: impl FnOnce(&mut [T]) -> R,
) -> (R, Vec<T>) {
    let start = GUARD + off;
    let mut buf = vec![fill; start + len + GUARD];
    let r = f(&mut buf[start..start + len]);
    // Under Miri a write outside `dst` is already undefined behaviour (the
    // slice grants access to its own range only), and scanning the guards
    // would cost more than the call.
    if !cfg!(miri) {
        assert!(buf[..start].iter().all(|&u| u == fill), "write before dst");
        assert!(buf[start + len..].iter().all(|&u| u == fill), "write after dst");
    }
    (r, buf[start..start + len].to_vec())
}

// ---------------------------------------------------------------------------
// Inputs: deterministic, of an exact length in units.
// ---------------------------------------------------------------------------

/// Characters of every UTF-8 and UTF-16 width, in an order that puts each
/// width at every position modulo small block sizes.
const CHARS: [char; 9] = ['a', 'é', '€', '😀', 'z', 'ж', '中', '𝄞', '~'];

/// Valid text whose encoding by `encode` (units per char) has exactly
/// `len` units: characters from [`CHARS`] starting at `seed`, then ASCII
/// padding. `ascii` gives ASCII only.
fn text(len: usize, seed: usize, ascii: bool, units: impl Fn(char) -> usize) -> String {
    let mut s = String::new();
    let mut n = 0;
    let mut i = seed;
    while n < len {
        let c = if ascii { (b'a' + (i % 26) as u8) as char } else { CHARS[i % CHARS.len()] };
        let c = if n + units(c) <= len { c } else { 'x' };
        s.push(c);
        n += units(c);
        i += 1;
    }
    s
}

/// The UTF-8 input shapes: ASCII, mixed widths, and mixed widths with an
/// error (its kind, and whether it sits near the start, the middle or the
/// end, rotate with the length).
const UTF8_SHAPES: usize = 3;

/// The UTF-8 inputs of length `len` whose shape `keep` accepts:
/// `(shape, name, bytes)`. The error shape is left out where the error
/// does not fit.
fn utf8_inputs(len: usize, keep: impl Fn(usize) -> bool) -> Vec<(usize, &'static str, Vec<u8>)> {
    let mut out = Vec::new();
    if keep(0) {
        out.push((0, "ascii", text(len, len, true, char::len_utf8).into_bytes()));
    }
    if keep(1) {
        out.push((1, "mixed", text(len, len, false, char::len_utf8).into_bytes()));
    }
    // Errors: (name, bytes that replace the input from `at`).
    const ERRORS: [(&str, &[u8]); 6] = [
        ("byte FF", b"\xFF"),
        ("lone continuation", b"\x80"),
        ("overlong", b"\xC0\xAF"),
        ("surrogate", b"\xED\xA0\x80"),
        ("too large", b"\xF4\x90\x80\x80"),
        ("truncated at the end", b"\xF0\x9F\x98"),
    ];
    let (name, bad) = ERRORS[len % ERRORS.len()];
    if keep(2) && len >= bad.len() {
        // Errors near the end, in the middle and at the start, in turn.
        let at = if name.ends_with("end") {
            len - bad.len()
        } else {
            match len % 3 {
                0 => len - bad.len(),
                1 => (len - bad.len()) / 2,
                _ => (len - bad.len()) / 7,
            }
        };
        let mut v = text(len, len, false, char::len_utf8).into_bytes();
        // Keep what precedes the error valid: cut it at a char boundary
        // and pad with ASCII.
        let mut cut = at;
        while cut > 0 && (v[cut] & 0xC0) == 0x80 {
            cut -= 1;
        }
        v[cut..at].fill(b'-');
        v[at..at + bad.len()].copy_from_slice(bad);
        out.push((2, name, v));
    }
    out
}

/// The UTF-16 and UTF-32 input shapes: mixed widths, and mixed widths
/// with an error.
const WIDE_SHAPES: usize = 2;

/// The UTF-16 inputs (native order) of `len` units whose shape `keep`
/// accepts: `(shape, name, units)`.
fn utf16_inputs(len: usize, keep: impl Fn(usize) -> bool) -> Vec<(usize, &'static str, Vec<u16>)> {
    let mixed = || -> Vec<u16> { text(len, len, false, char::len_utf16).encode_utf16().collect() };
    let mut out = Vec::new();
    if keep(0) {
        out.push((0, "mixed", mixed()));
    }
    if keep(1) && len > 0 {
        let at = match len % 3 {
            0 => len - 1,
            1 => len / 2,
            _ => len / 7,
        };
        let mut v = mixed();
        // Keep the units before `at` valid: a high surrogate right before
        // becomes ASCII.
        if at > 0 && (0xD800..0xDC00).contains(&v[at - 1]) {
            v[at - 1] = u16::from(b'-');
        }
        let (name, unit, next) = match len % 4 {
            0 => ("unpaired high", 0xD800, u16::from(b'-')),
            1 => ("unpaired low", 0xDC00, u16::from(b'-')),
            2 => ("high before BMP", 0xDBFF, 0x20AC),
            _ => ("low, high swapped", 0xDFFF, 0xD83D),
        };
        v[at] = unit;
        if at + 1 < len {
            v[at + 1] = next;
        }
        out.push((1, name, v));
    }
    out
}

/// The UTF-32 inputs of `len` units whose shape `keep` accepts:
/// `(shape, name, values)`.
fn utf32_inputs(len: usize, keep: impl Fn(usize) -> bool) -> Vec<(usize, &'static str, Vec<u32>)> {
    let mixed = || -> Vec<u32> { text(len, len, false, |_| 1).chars().map(u32::from).collect() };
    let mut out = Vec::new();
    if keep(0) {
        out.push((0, "mixed", mixed()));
    }
    if keep(1) && len > 0 {
        let at = if len % 2 == 0 { len - 1 } else { len / 3 };
        let mut v = mixed();
        v[at] = [0xD800, 0xDFFF, 0x11_0000, u32::MAX][len % 4];
        out.push((1, "invalid value", v));
    }
    out
}

// ---------------------------------------------------------------------------
// Oracles: std's decoding, as (input units, output units) per character.
// ---------------------------------------------------------------------------

/// What a transcoder must return, from the input's characters up to the
/// first error and the error (if any), for a `dst` of `cap` units:
/// `(result, expected output)` where the result is `Ok(written)`,
/// `Err(Ok((read, written)))` for `OutputTooSmall` or `Err(Err(()))` for
/// `Invalid`.
type Expected = Result<usize, Result<(usize, usize), ()>>;

fn expect<T: Copy>(chars: &[(usize, Vec<T>)], invalid: bool, cap: usize) -> (Expected, Vec<T>) {
    let (mut read, mut out) = (0, Vec::new());
    for (n, units) in chars {
        if out.len() + units.len() > cap {
            return (Err(Ok((read, out.len()))), out);
        }
        read += n;
        out.extend_from_slice(units);
    }
    if invalid {
        (Err(Err(())), out)
    } else {
        (Ok(out.len()), out)
    }
}

/// Checks a transcoder's result against [`expect`] for the tight `dst`
/// sizes of `plan` (exact and exact - 1), with the error compared by
/// `same`. `what` names the call in a failure message.
#[allow(clippy::too_many_arguments)]
fn check_transcode<T, E>(
    plan: Plan,
    what: &dyn Fn() -> String,
    chars: &[(usize, Vec<T>)],
    invalid: bool,
    off: usize,
    fill: T,
    same: impl Fn(&E) -> bool,
    f: impl Fn(&mut [T]) -> Result<usize, TranscodeError<E>>,
) where
    T: Copy + PartialEq + std::fmt::Debug,
    E: std::fmt::Debug,
{
    let exact: usize = chars.iter().map(|(_, u)| u.len()).sum();
    for cap in plan.caps(exact) {
        let (want, want_out) = expect(chars, invalid, cap);
        let (got, dst) = with_dst(cap, off, fill, &f);
        let ok = match (&want, &got) {
            (Ok(n), Ok(m)) => n == m && dst[..*m] == want_out[..],
            (
                Err(Ok((read, written))),
                Err(TranscodeError::OutputTooSmall { read: r, written: w }),
            ) => (read, written) == (r, w) && dst[..*w] == want_out[..],
            (Err(Err(())), Err(TranscodeError::Invalid { error: e, .. })) => same(e),
            _ => false,
        };
        assert!(
            ok,
            "{}, dst {cap}: expected {want:?} writing {want_out:?}, got {got:?} having written {dst:?}",
            what()
        );
    }
}

/// UTF-8 -> UTF-16 oracle: `(bytes, units)` per character of `prefix`,
/// the units as stored for byte order `le` (`None`: native).
fn chars16(prefix: &str, le: Option<bool>) -> Vec<(usize, Vec<u16>)> {
    prefix
        .chars()
        .map(|c| {
            let mut u = [0u16; 2];
            (c.len_utf8(), c.encode_utf16(&mut u).iter().map(|&x| order(x, le)).collect())
        })
        .collect()
}

/// `u` as stored in memory for byte order `le` (`None`: native).
fn order(u: u16, le: Option<bool>) -> u16 {
    match le {
        None => u,
        Some(true) => u.to_le(),
        Some(false) => u.to_be(),
    }
}

// ---------------------------------------------------------------------------
// The tests: one per kernel, so that they can run in parallel processes.
// ---------------------------------------------------------------------------

/// Runs every operation of [`OPS`] that `Plan` selects on kernel `k`, or
/// reports on stderr that the kernel is not available here (the
/// `required_kernels_are_available` test fails if it was required).
fn run_kernel(k: Kernel) {
    if !k.is_available() {
        eprintln!("kernel {k}: not available here, not tested");
        return;
    }
    let phase = Kernel::available().position(|x| x == k).unwrap_or(0);
    for len in lengths() {
        let plan = Plan { len, phase };
        utf8_ops(k, plan);
        utf16_ops(k, plan);
        utf32_ops(k, plan);
        latin1_ops(k, plan);
        str_ops(k, plan);
    }
}

macro_rules! kernel_tests {
    ($($name:ident: $k:expr;)*) => {$(
        #[test]
        fn $name() {
            run_kernel($k);
        }
    )*};
}

kernel_tests! {
    kernel_scalar: Kernel::Scalar;
    kernel_portable: Kernel::Portable;
    kernel_sse42: Kernel::Sse42;
    kernel_avx2: Kernel::Avx2;
    kernel_avx512: Kernel::Avx512;
    kernel_neon: Kernel::Neon;
}

/// Operations 0 to 6.
fn utf8_ops(k: Kernel, plan: Plan) {
    let len = plan.len;
    for (shape, name, data) in utf8_inputs(len, |shape| plan.shape(shape, UTF8_SHAPES)) {
        let std = core::str::from_utf8(&data);
        assert_eq!(std.is_err(), shape == 2, "input generator: {name}, len {len}");
        let valid_up_to = std.map_or_else(|e| e.valid_up_to(), str::len);
        let prefix = core::str::from_utf8(&data[..valid_up_to]).unwrap();
        let bad = std.is_err();
        let same = |e: &Utf8Error| {
            let s = std.unwrap_err();
            (e.valid_up_to(), e.error_len()) == (s.valid_up_to(), s.error_len())
        };
        for off in plan.offsets() {
            let placed = Placed::new(&data, off, 0xFF);
            let src = placed.get();
            let what = |op: &str| format!("{k}: {op}, {name}, len {len}, offset {off}");
            if plan.runs(0) {
                let got = k.validate_utf8(src);
                let ok = match (&got, &std) {
                    (Ok(s), Ok(t)) => s == t,
                    (Err(e), Err(s)) => {
                        (e.valid_up_to(), e.error_len()) == (s.valid_up_to(), s.error_len())
                    }
                    _ => false,
                };
                assert!(ok, "{}: got {got:?}, core {std:?}", what("validate_utf8"));
                assert_eq!(k.is_valid_utf8(src), !bad, "{}", what("is_valid_utf8"));
                assert_eq!(k.is_ascii(src), data.is_ascii(), "{}", what("is_ascii"));
            }
            if plan.runs(1) {
                let non_cont = data.iter().filter(|&&b| (b & 0xC0) != 0x80).count();
                let f_bytes = data.iter().filter(|&&b| b >= 0xF0).count();
                assert_eq!(k.count_chars(src), non_cont, "{}", what("count_chars"));
                assert_eq!(
                    k.utf16_len_from_utf8(src),
                    non_cont + f_bytes,
                    "{}",
                    what("utf16_len_from_utf8")
                );
            }
            if plan.runs(2) {
                let lossy = String::from_utf8_lossy(&data);
                assert_eq!(k.utf8_to_string_lossy(src), lossy, "{}", what("lossy"));
                // The lengths walk the engine with a zero-sized output.
                let units = lossy.encode_utf16().count();
                assert_eq!(k.utf16_len_from_utf8_lossy(src), units, "{}", what("lossy len"));
            }
            if plan.runs(3) {
                let c = chars16(prefix, None);
                let w = || what("utf8_to_utf16");
                check_transcode(plan, &w, &c, bad, off, 0xAAAA, same, |d| k.utf8_to_utf16(src, d));
            }
            if plan.runs(4) {
                let c = chars16(prefix, Some(true));
                let w = || what("utf8_to_utf16le");
                check_transcode(plan, &w, &c, bad, off, 0xAAAA, same, |d| {
                    k.utf8_to_utf16le(src, d)
                });
            }
            if plan.runs(5) {
                let c = chars16(prefix, Some(false));
                let w = || what("utf8_to_utf16be");
                check_transcode(plan, &w, &c, bad, off, 0xAAAA, same, |d| {
                    k.utf8_to_utf16be(src, d)
                });
            }
            if plan.runs(6) {
                let c: Vec<(usize, Vec<u32>)> =
                    prefix.chars().map(|c| (c.len_utf8(), vec![u32::from(c)])).collect();
                let w = || what("utf8_to_utf32");
                check_transcode(plan, &w, &c, bad, off, 0xAAAA_AAAA, same, |d| {
                    k.utf8_to_utf32(src, d)
                });
            }
        }
    }
}

/// Operations 7 to 9, and UTF-16 lossy decoding through the active kernel
/// (there is no per-kernel entry for it) with operation 7.
fn utf16_ops(k: Kernel, plan: Plan) {
    if !(7..=9).any(|op| plan.runs(op)) {
        return;
    }
    let len = plan.len;
    for (shape, name, native) in utf16_inputs(len, |shape| plan.shape(shape, WIDE_SHAPES)) {
        // The oracle: char::decode_utf16 up to the first error.
        let mut chars8: Vec<(usize, Vec<u8>)> = Vec::new();
        let mut chars32: Vec<(usize, Vec<u32>)> = Vec::new();
        let mut error = None;
        let mut at = 0;
        for r in char::decode_utf16(native.iter().copied()) {
            match r {
                Ok(c) => {
                    chars8.push((c.len_utf16(), c.to_string().into_bytes()));
                    chars32.push((c.len_utf16(), vec![u32::from(c)]));
                    at += c.len_utf16();
                }
                Err(e) => {
                    let kind = if (0xD800..0xDC00).contains(&e.unpaired_surrogate()) {
                        Utf16ErrorKind::UnpairedHigh
                    } else {
                        Utf16ErrorKind::UnpairedLow
                    };
                    error = Some((at, kind));
                    break;
                }
            }
        }
        assert_eq!(error.is_some(), shape == 1, "input generator: {name}, len {len}");
        let same = |e: &rapidutf::Utf16Error| Some((e.valid_up_to(), e.kind())) == error;
        let bad = error.is_some();

        for le in plan.orders() {
            let data: Vec<u16> = native.iter().map(|&u| order(u, le)).collect();
            for off in plan.offsets() {
                let placed = Placed::new(&data, off, order(0xD800, le));
                let src = placed.get();
                let what = |op: &str| format!("{k}: {op}, {le:?}, {name}, len {len}, offset {off}");
                if plan.runs(7) {
                    let (v, l8, l32, lossy) = match le {
                        None => (
                            k.validate_utf16(src),
                            k.utf8_len_from_utf16(src),
                            k.utf32_len_from_utf16(src),
                            rapidutf::utf16_to_string_lossy(src),
                        ),
                        Some(true) => (
                            k.validate_utf16le(src),
                            k.utf8_len_from_utf16le(src),
                            k.utf32_len_from_utf16le(src),
                            rapidutf::utf16le_to_string_lossy(src),
                        ),
                        Some(false) => (
                            k.validate_utf16be(src),
                            k.utf8_len_from_utf16be(src),
                            k.utf32_len_from_utf16be(src),
                            rapidutf::utf16be_to_string_lossy(src),
                        ),
                    };
                    let v = v.map_err(|e| (e.valid_up_to(), e.kind())).err();
                    assert_eq!(v, error, "{}", what("validate_utf16"));
                    // The documented counts, on any input.
                    let utf8_len: usize = native
                        .iter()
                        .map(|&u| match u {
                            0..0x80 => 1,
                            0x80..0x800 | 0xD800..0xE000 => 2,
                            _ => 3,
                        })
                        .sum();
                    let utf32_len =
                        native.iter().filter(|u| !(0xDC00..0xE000).contains(*u)).count();
                    assert_eq!(l8, utf8_len, "{}", what("utf8_len_from_utf16"));
                    assert_eq!(l32, utf32_len, "{}", what("utf32_len_from_utf16"));
                    assert_eq!(lossy, String::from_utf16_lossy(&native), "{}", what("lossy"));
                }
                if plan.runs(8) {
                    let w = || what("utf16_to_utf8");
                    check_transcode(plan, &w, &chars8, bad, off, 0xAA, same, |d| match le {
                        None => k.utf16_to_utf8(src, d),
                        Some(true) => k.utf16le_to_utf8(src, d),
                        Some(false) => k.utf16be_to_utf8(src, d),
                    });
                }
                if plan.runs(9) {
                    let w = || what("utf16_to_utf32");
                    check_transcode(
                        plan,
                        &w,
                        &chars32,
                        bad,
                        off,
                        0xAAAA_AAAA,
                        same,
                        |d| match le {
                            None => k.utf16_to_utf32(src, d),
                            Some(true) => k.utf16le_to_utf32(src, d),
                            Some(false) => k.utf16be_to_utf32(src, d),
                        },
                    );
                }
            }
        }
    }
}

/// Operations 10 to 14.
fn utf32_ops(k: Kernel, plan: Plan) {
    if !(10..=14).any(|op| plan.runs(op)) {
        return;
    }
    let len = plan.len;
    for (shape, name, data) in utf32_inputs(len, |shape| plan.shape(shape, WIDE_SHAPES)) {
        let mut error = None;
        let mut chars: Vec<char> = Vec::new();
        for (i, &u) in data.iter().enumerate() {
            match char::from_u32(u) {
                Some(c) => chars.push(c),
                None => {
                    let kind = if u > 0x10_FFFF {
                        Utf32ErrorKind::TooLarge
                    } else {
                        Utf32ErrorKind::Surrogate
                    };
                    error = Some((i, kind));
                    break;
                }
            }
        }
        assert_eq!(error.is_some(), shape == 1, "input generator: {name}, len {len}");
        let same = |e: &rapidutf::Utf32Error| Some((e.valid_up_to(), e.kind())) == error;
        let bad = error.is_some();
        let c16 = |le: Option<bool>| -> Vec<(usize, Vec<u16>)> {
            chars
                .iter()
                .map(|c| {
                    let mut u = [0u16; 2];
                    (1, c.encode_utf16(&mut u).iter().map(|&x| order(x, le)).collect())
                })
                .collect()
        };

        for off in plan.offsets() {
            let placed = Placed::new(&data, off, 0xD800);
            let src = placed.get();
            let what = |op: &str| format!("{k}: {op}, {name}, len {len}, offset {off}");
            if plan.runs(10) {
                let v = k.validate_utf32(src).map_err(|e| (e.valid_up_to(), e.kind())).err();
                assert_eq!(v, error, "{}", what("validate_utf32"));
                // The documented counts, on any input.
                let utf8_len: usize = data
                    .iter()
                    .map(|&u| match u {
                        0..0x80 => 1,
                        0x80..0x800 => 2,
                        0x800..0x10000 => 3,
                        _ => 4,
                    })
                    .sum();
                let utf16_len: usize = data.iter().map(|&u| if u >= 0x10000 { 2 } else { 1 }).sum();
                assert_eq!(k.utf8_len_from_utf32(src), utf8_len, "{}", what("utf8_len_from_utf32"));
                assert_eq!(
                    k.utf16_len_from_utf32(src),
                    utf16_len,
                    "{}",
                    what("utf16_len_from_utf32")
                );
            }
            if plan.runs(11) {
                let c: Vec<(usize, Vec<u8>)> =
                    chars.iter().map(|c| (1, c.to_string().into_bytes())).collect();
                let w = || what("utf32_to_utf8");
                check_transcode(plan, &w, &c, bad, off, 0xAA, same, |d| k.utf32_to_utf8(src, d));
            }
            if plan.runs(12) {
                let w = || what("utf32_to_utf16");
                check_transcode(plan, &w, &c16(None), bad, off, 0xAAAA, same, |d| {
                    k.utf32_to_utf16(src, d)
                });
            }
            if plan.runs(13) {
                let w = || what("utf32_to_utf16le");
                check_transcode(plan, &w, &c16(Some(true)), bad, off, 0xAAAA, same, |d| {
                    k.utf32_to_utf16le(src, d)
                });
            }
            if plan.runs(14) {
                let w = || what("utf32_to_utf16be");
                check_transcode(plan, &w, &c16(Some(false)), bad, off, 0xAAAA, same, |d| {
                    k.utf32_to_utf16be(src, d)
                });
            }
        }
    }
}

/// UTF-8 -> UTF-16 lossy decoding and validation through the free
/// functions (the active kernel; short inputs are answered without one).
#[test]
fn free_functions_active_kernel() {
    for len in (0..MAX_LEN).step_by(if cfg!(miri) { 11 } else { 1 }) {
        let plan = Plan { len, phase: 0 };
        for (_, name, data) in utf8_inputs(len, |_| true) {
            let want: Vec<u16> = String::from_utf8_lossy(&data).encode_utf16().collect();
            for off in plan.offsets() {
                let placed = Placed::new(&data, off, 0xFF);
                let src = placed.get();
                assert_eq!(
                    rapidutf::utf8_to_utf16_lossy(src),
                    want,
                    "{name}, len {len}, offset {off}"
                );
                assert_eq!(
                    rapidutf::validate_utf8(src).is_ok(),
                    core::str::from_utf8(src).is_ok(),
                    "{name}, len {len}, offset {off}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Latin-1.
// ---------------------------------------------------------------------------

/// Latin-1 input shapes: ASCII; some bytes `80..=FF`; every byte one.
const LATIN1_SHAPES: usize = 3;

/// `len` Latin-1 bytes of shape `shape` (see [`LATIN1_SHAPES`]).
fn latin1_input(len: usize, shape: usize) -> Vec<u8> {
    (0..len)
        .map(|i| {
            let letter = b'a' + (i % 26) as u8;
            match shape {
                0 => letter,
                1 if i % 5 == 2 => 0xC0 + (i % 64) as u8,
                1 => letter,
                _ => 0x80 + (i * 7 % 128) as u8,
            }
        })
        .collect()
}

/// Operations `OPS..OPS + LATIN1_OPS` on inputs of `plan.len` characters.
/// To Latin-1, the input of shape 1 has a character above U+00FF in the
/// middle, and that of shape 2 an invalid unit there.
fn latin1_ops(k: Kernel, plan: Plan) {
    if !(OPS..OPS + LATIN1_OPS).any(|op| plan.runs(op)) {
        return;
    }
    let len = plan.len;
    let table = rapidutf_testkit::windows1252_table();
    for shape in (0..LATIN1_SHAPES).filter(|&s| plan.shape(s, LATIN1_SHAPES)) {
        let data = latin1_input(len, shape);
        let text: String = data.iter().map(|&b| b as char).collect();
        // The same bytes as Windows-1252 (shape 2 has bytes 80..=9F).
        let win: Vec<char> = data.iter().map(|&b| table[usize::from(b)]).collect();
        for off in plan.offsets() {
            let what = |f: &str| format!("{k}.{f}, shape {shape}, len {len}, offset {off}");
            let placed = Placed::new(&data, off, 0xFF);
            let src = placed.get();
            let never = |e: &std::convert::Infallible| match *e {};
            if plan.runs(OPS) {
                let c8: Vec<(usize, Vec<u8>)> =
                    text.chars().map(|c| (1, c.to_string().into_bytes())).collect();
                let w = || what("latin1_to_utf8");
                check_transcode(plan, &w, &c8, false, off, 0xAA, never, |d| {
                    k.latin1_to_utf8(src, d)
                });
                let w8: Vec<(usize, Vec<u8>)> =
                    win.iter().map(|c| (1, c.to_string().into_bytes())).collect();
                let w = || what("windows1252_to_utf8");
                check_transcode(plan, &w, &w8, false, off, 0xAA, never, |d| {
                    k.windows1252_to_utf8(src, d)
                });
            }
            if plan.runs(OPS + 1) {
                for le in plan.orders() {
                    let c16: Vec<(usize, Vec<u16>)> =
                        data.iter().map(|&b| (1, vec![order(u16::from(b), le)])).collect();
                    let w = || what(&format!("latin1_to_utf16 {le:?}"));
                    check_transcode(plan, &w, &c16, false, off, 0xAAAA, never, |d| match le {
                        None => k.latin1_to_utf16(src, d),
                        Some(true) => k.latin1_to_utf16le(src, d),
                        Some(false) => k.latin1_to_utf16be(src, d),
                    });
                    // Every character of Windows-1252 is one UTF-16 unit.
                    let w16: Vec<(usize, Vec<u16>)> =
                        win.iter().map(|&c| (1, vec![order(u32::from(c) as u16, le)])).collect();
                    let w = || what(&format!("windows1252_to_utf16 {le:?}"));
                    check_transcode(plan, &w, &w16, false, off, 0xAAAA, never, |d| match le {
                        None => k.windows1252_to_utf16(src, d),
                        Some(true) => k.windows1252_to_utf16le(src, d),
                        Some(false) => k.windows1252_to_utf16be(src, d),
                    });
                }
            }
            if plan.runs(OPS + 2) {
                let c32: Vec<(usize, Vec<u32>)> =
                    data.iter().map(|&b| (1, vec![u32::from(b)])).collect();
                let w = || what("latin1_to_utf32");
                check_transcode(plan, &w, &c32, false, off, 0xAAAA_AAAA, never, |d| {
                    k.latin1_to_utf32(src, d)
                });
                let w32: Vec<(usize, Vec<u32>)> =
                    win.iter().map(|&c| (1, vec![u32::from(c)])).collect();
                let w = || what("windows1252_to_utf32");
                check_transcode(plan, &w, &w32, false, off, 0xAAAA_AAAA, never, |d| {
                    k.windows1252_to_utf32(src, d)
                });
            }
        }

        // To Latin-1: the characters before the middle one, then the
        // middle one (replaced by a bad one in shapes 1 and 2), then the
        // rest.
        let mid = len / 2;
        let chars: Vec<char> = text.chars().collect();
        let bad = shape != 0 && len > 0;
        let (head, tail): (String, String) = if bad {
            (chars[..mid].iter().collect(), chars[mid + 1..].iter().collect())
        } else {
            (text.clone(), String::new())
        };
        let out = |units: fn(char) -> usize| -> Vec<(usize, Vec<u8>)> {
            head.chars().map(|c| (units(c), vec![c as u8])).collect()
        };
        for off in plan.offsets() {
            let what = |f: &str| format!("{k}.{f}, shape {shape}, len {len}, offset {off}");
            if plan.runs(OPS + 3) {
                let bad_unit: &[u8] = if shape == 1 { "€".as_bytes() } else { b"\xFF" };
                let mut src8 = head.clone().into_bytes();
                if bad {
                    src8.extend_from_slice(bad_unit);
                    src8.extend_from_slice(tail.as_bytes());
                }
                let pos = head.len();
                let placed = Placed::new(&src8, off, 0xFF);
                let src = placed.get();
                let same = |e: &rapidutf::Latin1Error<Utf8Error>| {
                    e.valid_up_to() == pos && (e.unrepresentable() == Some('€')) == (shape == 1)
                };
                let w = || what("utf8_to_latin1");
                check_transcode(plan, &w, &out(char::len_utf8), bad, off, 0xAA, same, |d| {
                    k.utf8_to_latin1(src, d)
                });
            }
            if plan.runs(OPS + 4) {
                for le in plan.orders() {
                    let mut v: Vec<u16> = head.encode_utf16().collect();
                    if bad {
                        v.push(if shape == 1 { 0x20AC } else { 0xDC00 });
                        v.extend(tail.encode_utf16());
                    }
                    let units: Vec<u16> = v.iter().map(|&u| order(u, le)).collect();
                    let pos = head.chars().count();
                    let placed = Placed::new(&units, off, 0xFFFF);
                    let src = placed.get();
                    let same = |e: &rapidutf::Latin1Error<rapidutf::Utf16Error>| {
                        e.valid_up_to() == pos && (e.unrepresentable().is_some()) == (shape == 1)
                    };
                    let w = || what(&format!("utf16_to_latin1 {le:?}"));
                    check_transcode(plan, &w, &out(char::len_utf16), bad, off, 0xAA, same, |d| {
                        match le {
                            None => k.utf16_to_latin1(src, d),
                            Some(true) => k.utf16le_to_latin1(src, d),
                            Some(false) => k.utf16be_to_latin1(src, d),
                        }
                    });
                }
            }
            if plan.runs(OPS + 5) {
                let mut v: Vec<u32> = head.chars().map(u32::from).collect();
                if bad {
                    v.push(if shape == 1 { 0x20AC } else { 0x11_0000 });
                    v.extend(tail.chars().map(u32::from));
                }
                let pos = head.chars().count();
                let placed = Placed::new(&v, off, 0xFFFF_FFFF);
                let src = placed.get();
                let same = |e: &rapidutf::Latin1Error<rapidutf::Utf32Error>| {
                    e.valid_up_to() == pos && (e.unrepresentable().is_some()) == (shape == 1)
                };
                let w = || what("utf32_to_latin1");
                check_transcode(plan, &w, &out(|_| 1), bad, off, 0xAA, same, |d| {
                    k.utf32_to_latin1(src, d)
                });
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Valid input: `&str` and `&[char]`.
// ---------------------------------------------------------------------------

/// Operations `OPS + LATIN1_OPS..` (see [`STR_OPS`]) on text of `plan.len`
/// bytes (`&str`) or characters (`&[char]`): ASCII or mixed widths, by the
/// input shape.
fn str_ops(k: Kernel, plan: Plan) {
    let first = OPS + LATIN1_OPS;
    if !(first..first + STR_OPS).any(|op| plan.runs(op)) {
        return;
    }
    let len = plan.len;
    let never = |e: &std::convert::Infallible| match *e {};
    for shape in (0..2).filter(|&s| plan.shape(s, 2)) {
        let s = text(len, len, shape == 0, char::len_utf8);
        let chars: Vec<char> = text(len, len + 1, shape == 0, |_| 1).chars().collect();
        for off in plan.offsets() {
            let what = |f: &str| format!("{k}.{f}, shape {shape}, len {len}, offset {off}");
            // The `&str` at the offset: a placed copy of its bytes (valid
            // UTF-8, so the view is a `str`).
            let placed = Placed::new(s.as_bytes(), off, b'.');
            let src = core::str::from_utf8(placed.get()).expect("text() is valid UTF-8");
            if plan.runs(first) {
                for le in plan.orders() {
                    let c = chars16(src, le);
                    let w = || what(&format!("str_to_utf16 {le:?}"));
                    check_transcode(plan, &w, &c, false, off, 0xAAAA, never, |d| match le {
                        None => k.str_to_utf16(src, d),
                        Some(true) => k.str_to_utf16le(src, d),
                        Some(false) => k.str_to_utf16be(src, d),
                    });
                }
            }
            if plan.runs(first + 1) {
                let c: Vec<(usize, Vec<u32>)> =
                    src.chars().map(|c| (c.len_utf8(), vec![u32::from(c)])).collect();
                let w = || what("str_to_utf32");
                check_transcode(plan, &w, &c, false, off, 0xAAAA_AAAA, never, |d| {
                    k.str_to_utf32(src, d)
                });
            }
            let placed = Placed::new(&chars, off, '.');
            let src = placed.get();
            if plan.runs(first + 2) {
                let c: Vec<(usize, Vec<u8>)> =
                    src.iter().map(|c| (1, c.to_string().into_bytes())).collect();
                let w = || what("chars_to_utf8");
                check_transcode(plan, &w, &c, false, off, 0xAA, never, |d| k.chars_to_utf8(src, d));
            }
            if plan.runs(first + 3) {
                for le in plan.orders() {
                    let c: Vec<(usize, Vec<u16>)> = src
                        .iter()
                        .map(|c| {
                            let mut u = [0u16; 2];
                            (1, c.encode_utf16(&mut u).iter().map(|&x| order(x, le)).collect())
                        })
                        .collect();
                    let w = || what(&format!("chars_to_utf16 {le:?}"));
                    check_transcode(plan, &w, &c, false, off, 0xAAAA, never, |d| match le {
                        None => k.chars_to_utf16(src, d),
                        Some(true) => k.chars_to_utf16le(src, d),
                        Some(false) => k.chars_to_utf16be(src, d),
                    });
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Spare-capacity sinks: the appending and allocating conversions.
// ---------------------------------------------------------------------------

/// The kernel that `RAPIDUTF_KERNEL` names is the one dispatch uses, so
/// that a run meant for a kernel cannot quietly test another (under Miri
/// the variable must be forwarded with `-Zmiri-env-forward`).
fn active_is_the_named_kernel() {
    if let Ok(name) = std::env::var("RAPIDUTF_KERNEL") {
        assert_eq!(Kernel::active().name(), name, "RAPIDUTF_KERNEL names a kernel not in use");
    }
}

/// `v` with `head` in it and room for `extra` more units that hold nothing
/// (spare capacity: under Miri, reading it is undefined behaviour).
fn with_head<T: Copy>(head: &[T], extra: usize) -> Vec<T> {
    let mut v = Vec::with_capacity(head.len() + extra);
    v.extend_from_slice(head);
    v
}

/// Every appending conversion, and the allocating ones, through the active
/// kernel, into vectors that already hold a few units and have spare
/// capacity: the output of the valid prefix appended after what was there,
/// the error at its place; against std. At lengths 0 to [`MAX_LEN`] (under
/// Miri, one length in 23, mixed text with an error in the middle every
/// other one).
#[test]
fn sinks_active_kernel() {
    active_is_the_named_kernel();
    for len in (0..MAX_LEN).step_by(if cfg!(miri) { 23 } else { 1 }) {
        for (_, name, data) in utf8_inputs(len, |shape| !cfg!(miri) || shape == 1 + len % 2) {
            let what = |f: &str| format!("{f}, {name}, len {len}");
            let (valid, err) = match core::str::from_utf8(&data) {
                Ok(s) => (s, None),
                Err(e) => (core::str::from_utf8(&data[..e.valid_up_to()]).unwrap(), Some(e)),
            };
            let err_at = err.map(|e| e.valid_up_to());
            let placed = Placed::new(&data, len % 8, 0xFF);
            let src = placed.get();

            let mut v = with_head(&[7u16], 3);
            let r = rapidutf::utf8_to_utf16_append(src, &mut v).map_err(|e| e.valid_up_to());
            let want: Vec<u16> = [7].into_iter().chain(valid.encode_utf16()).collect();
            assert_eq!((r.err(), &v), (err_at, &want), "{}", what("utf8_to_utf16_append"));
            let mut v = with_head(&[7u32], 1);
            let r = rapidutf::utf8_to_utf32_append(src, &mut v).map_err(|e| e.valid_up_to());
            let want: Vec<u32> = [7].into_iter().chain(valid.chars().map(u32::from)).collect();
            assert_eq!((r.err(), &v), (err_at, &want), "{}", what("utf8_to_utf32_append"));
            let v = rapidutf::utf8_to_utf16be_vec(src).map_err(|e| e.valid_up_to());
            let want: Vec<u16> = valid.encode_utf16().map(u16::to_be).collect();
            assert_eq!(v, err_at.map_or(Ok(want), Err), "{}", what("utf8_to_utf16be_vec"));

            // The same text as UTF-16 and UTF-32 (with an unpaired
            // surrogate or a surrogate value where UTF-8 had its error).
            let mut units: Vec<u16> = valid.encode_utf16().collect();
            let mut values: Vec<u32> = valid.chars().map(u32::from).collect();
            if err.is_some() {
                units.extend([0xDC00, 0x61]);
                values.extend([0xD800, 0x61]);
            }
            let mut s = String::from("é");
            s.reserve(5);
            let r = rapidutf::utf16_to_utf8_append(&units, &mut s).map_err(|e| e.valid_up_to());
            let at16 = err.map(|_| valid.encode_utf16().count());
            assert_eq!((r.err(), &s[2..]), (at16, valid), "{}", what("utf16_to_utf8_append"));
            let t =
                rapidutf::utf16le_to_string(&units.iter().map(|u| u.to_le()).collect::<Vec<_>>());
            assert_eq!(
                t.ok().as_deref(),
                err.is_none().then_some(valid),
                "{}",
                what("utf16le_to_string")
            );
            let mut s = String::from("€");
            let r = rapidutf::utf32_to_utf8_append(&values, &mut s).map_err(|e| e.valid_up_to());
            let at32 = err.map(|_| valid.chars().count());
            assert_eq!((r.err(), &s[3..]), (at32, valid), "{}", what("utf32_to_utf8_append"));
            let mut v = with_head(&[9u16], 2);
            let r = rapidutf::utf32_to_utf16_append(&values, &mut v).map_err(|e| e.valid_up_to());
            let want: Vec<u16> = [9].into_iter().chain(valid.encode_utf16()).collect();
            assert_eq!((r.err(), &v), (at32, &want), "{}", what("utf32_to_utf16_append"));
            let mut v = with_head(&[9u32], 2);
            let r = rapidutf::utf16_to_utf32_append(&units, &mut v).map_err(|e| e.valid_up_to());
            let want: Vec<u32> = [9].into_iter().chain(valid.chars().map(u32::from)).collect();
            assert_eq!((r.err(), &v), (at16, &want), "{}", what("utf16_to_utf32_append"));

            // Valid by type.
            let mut v = with_head(&[1u16], 2);
            let n = rapidutf::str_to_utf16le_append(valid, &mut v);
            let want: Vec<u16> =
                [1].into_iter().chain(valid.encode_utf16().map(u16::to_le)).collect();
            assert_eq!((n, &v), (want.len() - 1, &want), "{}", what("str_to_utf16le_append"));
            let want: Vec<u32> = valid.chars().map(u32::from).collect();
            assert_eq!(rapidutf::str_to_utf32_vec(valid), want, "{}", what("str_to_utf32_vec"));
            let chars: Vec<char> = valid.chars().collect();
            let mut s = String::from("x");
            assert_eq!(rapidutf::chars_to_utf8_append(&chars, &mut s), valid.len());
            assert_eq!(&s[1..], valid, "{}", what("chars_to_utf8_append"));
            let v = rapidutf::chars_to_utf16_vec(&chars);
            assert!(v.iter().copied().eq(valid.encode_utf16()), "{}", what("chars_to_utf16_vec"));

            // Legacy: the bytes as Latin-1.
            let latin1: String = data.iter().map(|&b| char::from(b)).collect();
            let mut s = String::from("x");
            assert_eq!(rapidutf::latin1_to_utf8_append(src, &mut s), latin1.len());
            assert_eq!(&s[1..], latin1, "{}", what("latin1_to_utf8_append"));
            let v = rapidutf::latin1_to_utf16_vec(src);
            assert!(v.iter().copied().eq(latin1.encode_utf16()), "{}", what("latin1_to_utf16_vec"));
        }
    }
}

/// The allocating conversions of inputs longer than twice the 4096 units
/// whose output they count exactly before allocating: the first 4096
/// units ASCII, the rest characters with more output per input unit, so
/// the room sized from the start falls short and the output grows once
/// (the regrow) before the conversion goes on; and the other way round,
/// where the output is shrunk (natively only). Through the active kernel;
/// against std.
#[test]
fn regrow_active_kernel() {
    active_is_the_named_kernel();
    let ascii = "abcdefgh".repeat(512);
    // Past 2 * 4096 units in every form, with 3 bytes of UTF-8 per UTF-16
    // and UTF-32 unit after the first 4096.
    let cjk = "中文字".repeat(1366);
    let grows = format!("{ascii}{cjk}");
    let shrinks = format!("{cjk}{ascii}");
    // Under Miri the growing case only: the shrinking one takes the
    // interpreter as long again, through the same glue.
    let cases = if cfg!(miri) { vec![&grows] } else { vec![&grows, &shrinks] };
    for s in cases {
        let units: Vec<u16> = s.encode_utf16().collect();
        assert!(units.len() > 8192);
        let t = rapidutf::utf16_to_string(&units).expect("valid UTF-16");
        assert!(t == *s, "utf16_to_string");
        assert!(t.capacity() <= t.len() + t.len() / 2 + 4096, "utf16_to_string: capacity");
        let values: Vec<u32> = s.chars().map(u32::from).collect();
        let t = rapidutf::utf32_to_string(&values).expect("valid UTF-32");
        assert!(t == *s, "utf32_to_string");
        let chars: Vec<char> = s.chars().collect();
        let t = rapidutf::chars_to_string(&chars);
        assert!(t == *s, "chars_to_string");
        assert!(t.capacity() <= t.len() + t.len() / 2 + 4096, "chars_to_string: capacity");
    }
    // An error past the room the start promised: the valid prefix is
    // converted, grown into, and the error is at its place.
    let mut units: Vec<u16> = grows.encode_utf16().collect();
    let at = units.len() - 5;
    units[at] = 0xDC00;
    let e = rapidutf::utf16_to_string(&units).expect_err("an unpaired surrogate");
    assert_eq!((e.valid_up_to(), e.kind()), (at, Utf16ErrorKind::UnpairedLow));
}

// ---------------------------------------------------------------------------
// Byte input, `&str` output of the stream decoders, lossy single-byte
// encoders: the glue with `unsafe` of its own (the in-place view of
// aligned bytes as units, `StrBuf`'s unchecked `&str`, the replacement
// bursts), through the active kernel.
// ---------------------------------------------------------------------------

/// The UTF-16 byte-input functions of one byte order: validation, the
/// buffer transcoder, the strict and the lossy `String` decoders.
type Utf16BytesFns = (
    fn(&[u8]) -> Result<(), rapidutf::Utf16Error>,
    fn(&[u8], &mut [u8]) -> Result<usize, TranscodeError<rapidutf::Utf16Error>>,
    fn(&[u8]) -> Result<String, rapidutf::Utf16Error>,
    fn(&[u8]) -> String,
);

/// UTF-16LE/BE and UTF-32LE/BE given as bytes at every address modulo 4,
/// with 0 to 3 stray bytes at the end: validation, the tight-`dst`
/// transcoder, and the strict and lossy `String` forms, against std.
#[test]
fn free_functions_byte_input() {
    let text = "a\u{e9}\u{20ac}\u{1d11e}z".repeat(if cfg!(miri) { 5 } else { 40 });
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut bad16 = units.clone();
    bad16.insert(units.len() / 2, 0xDC00);
    for (name, us) in [("valid", &units), ("lone low surrogate", &bad16)] {
        for be in [false, true] {
            let bytes: Vec<u8> = us
                .iter()
                .flat_map(|&u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect();
            for extra in 0..2 {
                let mut data = bytes.clone();
                data.extend(std::iter::repeat(0x41).take(extra));
                let want = if extra == 0 { String::from_utf16(us).ok() } else { None };
                let lossy = {
                    let mut s = String::from_utf16_lossy(us);
                    let high_last = us.last().is_some_and(|&u| (0xD800..0xDC00).contains(&u));
                    if extra > 0 && !high_last {
                        s.push('\u{FFFD}');
                    }
                    s
                };
                for off in 0..4 {
                    let placed = Placed::new(&data, off, 0xFF);
                    let src = placed.get();
                    let what = format!(
                        "UTF-16{}, {name}, +{extra}, offset {off}",
                        if be { "BE" } else { "LE" }
                    );
                    let (validate, to_utf8, to_string, to_lossy): Utf16BytesFns = if be {
                        (
                            rapidutf::validate_utf16be_bytes,
                            rapidutf::utf16be_bytes_to_utf8,
                            rapidutf::utf16be_bytes_to_string,
                            rapidutf::utf16be_bytes_to_string_lossy,
                        )
                    } else {
                        (
                            rapidutf::validate_utf16le_bytes,
                            rapidutf::utf16le_bytes_to_utf8,
                            rapidutf::utf16le_bytes_to_string,
                            rapidutf::utf16le_bytes_to_string_lossy,
                        )
                    };
                    assert_eq!(validate(src).is_ok(), want.is_some(), "{what}");
                    assert_eq!(to_string(src).ok(), want, "{what}");
                    assert_eq!(to_lossy(src), lossy, "{what}");
                    if let Some(w) = &want {
                        for len in [w.len(), w.len().saturating_sub(1)] {
                            let (r, out) = with_dst(len, off, 0xA5u8, |dst| to_utf8(src, dst));
                            match r {
                                Ok(n) => assert_eq!(&out[..n], w.as_bytes(), "{what}, dst {len}"),
                                Err(e) => assert!(len < w.len(), "{what}, dst {len}: {e:?}"),
                            }
                        }
                    }
                }
            }
        }
    }
    // UTF-32, valid, at every address, one byte order per offset.
    let values: Vec<u32> = text.chars().map(u32::from).collect();
    for off in 0..4 {
        let be = off % 2 == 1;
        let bytes: Vec<u8> = values
            .iter()
            .flat_map(|&v| if be { v.to_be_bytes() } else { v.to_le_bytes() })
            .collect();
        let placed = Placed::new(&bytes, off, 0xFF);
        let src = placed.get();
        let got = if be {
            rapidutf::utf32be_bytes_to_string(src)
        } else {
            rapidutf::utf32le_bytes_to_string(src)
        };
        assert_eq!(got.as_deref(), Ok(text.as_str()), "UTF-32, offset {off}");
    }
}

/// The stream decoders' `&str` output into buffers of every size around
/// the output's, in two chunks split inside a character, and the lossy
/// Latin-1 encoder into tight buffers.
#[cfg(feature = "stream")]
#[test]
fn free_functions_str_outputs() {
    use rapidutf::stream::{Utf16Decoder, Utf8Decoder};
    let text = "ab\u{e9}\u{20ac}\u{1d11e}".repeat(if cfg!(miri) { 3 } else { 20 });
    let bytes = text.as_bytes();
    let split = 3; // inside "é"
    for len in [4, 7, text.len()] {
        let mut d = Utf8Decoder::new();
        let mut got = String::new();
        let mut rest = &bytes[..split];
        let mut last = false;
        loop {
            let (_, read, s) = with_dst(len, 1, 0u8, |dst| {
                d.decode_to_str(rest, dst, last).map(|(r, n, s)| (r, n, s.to_owned()))
            })
            .0
            .unwrap();
            got.push_str(&s);
            rest = &rest[read..];
            if rest.is_empty() {
                if last {
                    break;
                }
                rest = &bytes[split..];
                last = true;
            }
        }
        assert_eq!(got, text, "UTF-8 decode_to_str, dst {len}");
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut d = Utf16Decoder::new();
        let mut got = String::new();
        for (chunk, last) in [(&units[..5], false), (&units[5..], true)] {
            let mut rest = chunk;
            loop {
                let (_, read, s) = with_dst(len, 0, 0u8, |dst| {
                    let (r, n, s) = d.decode_to_str_lossy(rest, dst, last);
                    (r, n, s.to_owned())
                })
                .0;
                got.push_str(&s);
                rest = &rest[read..];
                if rest.is_empty() {
                    break;
                }
            }
        }
        assert_eq!(got, text, "UTF-16 decode_to_str_lossy, dst {len}");
    }
    let src = "caf\u{e9} \u{20ac}5 \u{1d11e}!".repeat(if cfg!(miri) { 2 } else { 10 });
    let want: Vec<u8> = src.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect();
    for len in [want.len(), want.len() - 1] {
        let (r, out) =
            with_dst(len, 3, 0xA5u8, |dst| rapidutf::str_to_latin1_lossy(&src, dst, b'?'));
        match r {
            Ok(l) => assert_eq!(&out[..l.output], &want[..], "str_to_latin1_lossy, dst {len}"),
            Err(_) => assert!(len < want.len(), "str_to_latin1_lossy, dst {len}"),
        }
    }
}

/// The readers' line search (baseline vectors, a last vector that ends at
/// the buffer's end) over lines of every length to 40 and an unterminated
/// last line, read with `Utf8Reader`'s `BufRead::lines`.
#[cfg(all(feature = "std", feature = "stream", feature = "single-byte"))]
#[test]
fn free_functions_line_search() {
    use std::io::BufRead;
    let mut text = String::new();
    for len in 0..=if cfg!(miri) { 40 } else { 100 } {
        text.push_str(&"é".repeat(len / 2));
        text.push_str(&"a".repeat(len % 2));
        text.push('\n');
    }
    text.push_str("last");
    let got: Vec<String> =
        rapidutf::io::Utf8Reader::new(text.as_bytes()).lines().map(Result::unwrap).collect();
    let want: Vec<&str> = text.lines().collect();
    assert_eq!(got, want);
}
