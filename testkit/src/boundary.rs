//! Window-boundary cases: one character, or one invalid sequence, of every
//! kind at every offset of a 128-byte span, after a run of every script
//! and before a run of another (or at the very end of the input).
//!
//! The SIMD kernels read 16- to 64-byte vectors, group them into 64-byte
//! windows, and take different paths for windows of ASCII, of 2-byte, of
//! 3-byte and of mixed characters; the AVX-512 validator switches to a
//! 512-bit loop from 8 KiB, and the allocating conversions size their
//! output from the first 4096 input units. A character that straddles two
//! vectors, that starts in the last byte of a window, or whose kind differs
//! from the run before it is where a kernel goes wrong (a 4-byte lead that
//! ends a window of 3-byte characters was once taken for a 3-byte one and
//! the next window converted as BMP text). So every case places a *probe*
//! (a character of each UTF-8 length, a surrogate pair, or one invalid
//! sequence of each kind) at input position `base + offset`, for every
//! `offset` of the span, after a run of one [`Script`] that reaches the
//! probe exactly, and before a run of another script or the end of the
//! input. The input's address and the output's alignment rotate from case
//! to case ([`Case::src_shift`], [`Case::dst_shift`]), so that every
//! alignment a kernel may step to occurs many times.
//!
//! Each input form has its generator: [`utf8_cases`] (bytes, valid and
//! invalid: every `str`, validation, UTF-8-source and lossy test),
//! [`utf16_cases`] (UTF-16 values: pairs, lone high and low surrogates),
//! [`utf32_cases`] (values: surrogates and values above U+10FFFF; the valid
//! ones are the `&[char]` cases) and [`legacy_cases`] (Latin-1 and
//! Windows-1252 bytes). A run is built backwards from the probe, so the
//! characters that touch the probe are the script's, and any padding (ASCII)
//! sits at the start of the input; the script's characters rotate with the
//! offset, so the probe meets each of them.
//!
//! # How many cases: [`Level`]
//!
//! `RAPIDUTF_BOUNDARY` picks the level (see [`level`]):
//!
//! - `quick`: every probe kind at every offset, after one script (rotating
//!   with the offset), for emulated and sanitised runs;
//! - `sampled` (the default): every probe kind at every offset after every
//!   script; what follows the probe, the probe's variant and the
//!   alignments rotate, and so do the choices a test makes per case
//!   ([`Case::pick`], [`Case::sizes`], [`Case::one_in`]: one UTF-16 byte
//!   order, one of the exact and the cut-short output sizes); each kind
//!   after each script also once deep in a long input or at the start of
//!   one;
//! - `full`: every script (and the end of the input) after the probe at
//!   every offset, every offset deep in and at the start of a long input,
//!   every choice a test makes per case. Run it in release builds
//!   (`RAPIDUTF_BOUNDARY=full cargo test --release window_boundaries`).
//!
//! [`count`] says how many cases a generator yields at a level.

use crate::{Decoded, Key, Outcome, GUARD};
use rapidutf::TranscodeError;

/// How thoroughly to cover the cases: [`level`] reads it from
/// `RAPIDUTF_BOUNDARY`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Every probe kind at every offset, after one script each.
    Quick,
    /// Every probe kind at every offset after every script (the default).
    Sampled,
    /// Every probe kind at every offset after every script, before every
    /// script, and deep in long inputs.
    Full,
}

impl Level {
    /// Every level, from the smallest.
    pub const ALL: [Level; 3] = [Level::Quick, Level::Sampled, Level::Full];

    /// `quick`, `sampled` or `full`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Quick => "quick",
            Level::Sampled => "sampled",
            Level::Full => "full",
        }
    }
}

/// The level named by `RAPIDUTF_BOUNDARY` (`quick`, `sampled`, `full`);
/// [`Level::Sampled`] when it is unset.
///
/// # Panics
///
/// On any other value, so that a typo does not quietly test less.
pub fn level() -> Level {
    match std::env::var("RAPIDUTF_BOUNDARY") {
        Err(_) => Level::Sampled,
        Ok(v) => Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(v.trim()))
            .unwrap_or_else(|| panic!("RAPIDUTF_BOUNDARY={v:?}: expected quick, sampled or full")),
    }
}

/// The characters of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Script {
    /// A short name, for failure messages.
    pub name: &'static str,
    chars: &'static [char],
}

impl Script {
    /// Printable ASCII.
    pub const ASCII: Script =
        Script { name: "ascii", chars: &['T', 'h', 'e', ' ', 'f', 'o', 'x', '.'] };
    /// Latin-1 letters and signs (2 bytes in UTF-8, one in Latin-1), all
    /// of them in Windows-1252 too (U+0081 is one of the five C1 controls
    /// it keeps).
    pub const LATIN1: Script = Script {
        name: "latin1",
        chars: &['é', 'ü', 'ß', '\u{A0}', 'à', '\u{FF}', '©', '\u{81}', 'ö'],
    };
    /// Other 2-byte characters (Cyrillic, Greek, Hebrew, Arabic, the last
    /// 2-byte code point).
    pub const TWO: Script = Script {
        name: "2-byte",
        chars: &['ж', 'Ω', 'ש', 'م', '\u{7FF}', 'п', '\u{100}', 'ё'],
    };
    /// 3-byte characters: CJK, Hangul, Devanagari, the BMP's edges around
    /// the surrogates and at its end.
    pub const THREE: Script = Script {
        name: "3-byte",
        chars: &[
            '中', '文', 'も', '한', '\u{800}', 'न', '\u{D7FF}', '\u{E000}', '\u{FFFD}', '\u{FFFF}',
        ],
    };
    /// 4-byte characters (surrogate pairs in UTF-16), from U+10000 to
    /// U+10FFFF.
    pub const FOUR: Script = Script {
        name: "4-byte",
        chars: &['😀', '\u{10000}', '𝄞', '\u{1D800}', '\u{10FFFF}', '\u{20000}', '🎉'],
    };
    /// Every width in an order where no two neighbours share one.
    pub const MIXED: Script = Script {
        name: "mixed",
        chars: &['a', 'é', '中', '😀', 'b', 'ж', '\u{FFFF}', 'c', '\u{10000}', '€', 'ß', 'も'],
    };
    /// The scripts of the UTF text forms.
    pub const UNICODE: [Script; 6] =
        [Script::ASCII, Script::LATIN1, Script::TWO, Script::THREE, Script::FOUR, Script::MIXED];
    /// Windows-1252's graphic characters in `80..=9F` (3-byte in UTF-8).
    pub const CP1252: Script = Script {
        name: "cp1252",
        chars: &['€', '‚', 'ƒ', '„', '…', '†', '‰', 'Š', '“', '”', '—', '™', 'Ÿ'],
    };
    /// ASCII and Latin-1 in turn.
    pub const LATIN1_MIXED: Script = Script {
        name: "latin1-mixed",
        chars: &['a', 'é', 'b', '\u{FF}', ' ', '\u{80}', 'c', '\u{A0}'],
    };

    /// The characters of the run, in order.
    pub fn chars(self) -> &'static [char] {
        self.chars
    }
}

/// What follows the probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// A run of this script.
    Run(Script),
    /// Nothing: the probe ends the input (a truncated sequence there is
    /// `Truncated`, a high surrogate unpaired).
    End,
}

/// Where the probe sits and how long the input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The probe in the first span of the input, a short run after it.
    Short,
    /// The probe a long run into the input (8 KiB of UTF-8, 8192 units of
    /// UTF-16 or UTF-32; the first half ASCII, the second half the run's
    /// script): the AVX-512 validator's 512-bit loop, and the allocating
    /// conversions' output sized from the ASCII start, which a script with
    /// more output per input unit outgrows before the probe.
    Deep,
    /// The probe in the first span of a long input.
    LongTail,
}

/// The unit types of the input forms, and how a character is written in
/// each generator's form.
pub trait Unit: Copy + std::fmt::Debug + PartialEq + 'static {
    /// An ASCII unit, for padding.
    const PAD: Self;
}

impl Unit for u8 {
    const PAD: u8 = b'.';
}
impl Unit for u16 {
    const PAD: u16 = 0x2E;
}
impl Unit for u32 {
    const PAD: u32 = 0x2E;
}
/// The `&[char]` form of the valid UTF-32 cases.
impl Unit for char {
    const PAD: char = '.';
}

/// One boundary case.
#[derive(Clone, Debug)]
pub struct Case<T> {
    /// The whole input.
    pub input: Vec<T>,
    /// Where the probe starts.
    pub at: usize,
    /// The probe's length in units.
    pub probe_len: usize,
    /// The probe's kind (`"4-byte"`, `"overlong"`, `"lone high"`, ...).
    pub kind: &'static str,
    /// The script of the run before the probe.
    pub before: Script,
    /// What follows it.
    pub after: After,
    /// Where the probe sits.
    pub shape: Shape,
    /// The case's number in its generator's sequence, which the
    /// alignments rotate with.
    pub index: usize,
    /// The level the case was made for.
    pub level: Level,
}

impl<T: Unit> Case<T> {
    /// Where the case's input should start in memory: this many units past
    /// a 64-byte boundary. It rotates from case to case.
    pub fn src_shift(&self) -> usize {
        (self.index * 5) % (64 / std::mem::size_of::<T>())
    }

    /// How many units of `D` the output should start past a 64-byte
    /// boundary; it rotates from case to case, independently of
    /// [`Case::src_shift`].
    pub fn dst_shift<D>(&self) -> usize {
        let n = 64 / std::mem::size_of::<D>();
        (self.index * 7 + self.index / 64) % n
    }

    /// The input, copied to [`Case::src_shift`] units past a 64-byte
    /// boundary: slice it with [`Placed::get`].
    pub fn placed(&self) -> Placed<T> {
        Placed::new(&self.input, self.src_shift())
    }

    /// The choices of `all` that a test should make for this case: all of
    /// them at [`Level::Full`], otherwise one, rotating from case to case.
    pub fn pick<X: Copy>(&self, all: &[X]) -> Vec<X> {
        if self.level == Level::Full {
            all.to_vec()
        } else {
            vec![all[(self.index / 3) % all.len()]]
        }
    }

    /// Whether a test should run a costly check that does not need every
    /// case on this one: always at [`Level::Full`], otherwise on one case
    /// in `n`.
    pub fn one_in(&self, n: usize) -> bool {
        self.level == Level::Full || self.index % n == 0
    }

    /// The `dst` sizes to try for `want` (see [`Conversion::sizes`]), each
    /// once: first the size that always suffices, `bound`, with which a
    /// kernel takes its fastest path, then (both at [`Level::Full`],
    /// otherwise one, rotating) the exact size and one unit too few for the
    /// probe.
    pub fn sizes<K: Copy, D: Copy>(&self, want: &Conversion<K, D>, bound: usize) -> Vec<usize> {
        let [bound, exact, cut] = want.sizes(bound, self.at);
        let mut sizes = vec![bound];
        for size in self.pick(&[exact, cut]) {
            if !sizes.contains(&size) {
                sizes.push(size);
            }
        }
        sizes
    }

    /// The probe's units.
    pub fn probe(&self) -> &[T] {
        &self.input[self.at..self.at + self.probe_len]
    }

    /// What the case is, for a failure message.
    pub fn label(&self) -> String {
        let after = match self.after {
            After::Run(s) => s.name,
            After::End => "end",
        };
        format!(
            "boundary case #{}: {} probe {:X?} at unit {} after {}, before {after}, {:?} input \
             of {} units, src shift {}, dst shift (bytes) {}",
            self.index,
            self.kind,
            self.probe(),
            self.at,
            self.before.name,
            self.shape,
            self.input.len(),
            self.src_shift() * std::mem::size_of::<T>(),
            self.dst_shift::<u8>(),
        )
    }
}

/// A copy of a slice at a chosen offset from a 64-byte boundary, followed
/// in the same allocation by units that must not be read as input (a
/// kernel that reads past the end of its slice sees them; AddressSanitizer
/// and Miri report it).
pub struct Placed<T> {
    buf: Vec<T>,
    start: usize,
    len: usize,
}

impl<T: Unit> Placed<T> {
    /// `v` at `shift` units past a 64-byte boundary.
    pub fn new(v: &[T], shift: usize) -> Self {
        let per = 64 / std::mem::size_of::<T>();
        let mut buf = Vec::with_capacity(v.len() + 2 * per + 64);
        let misalign = (buf.as_ptr() as usize % 64) / std::mem::size_of::<T>();
        let start = (per - misalign) % per + shift;
        buf.resize(start, T::PAD);
        buf.extend_from_slice(v);
        buf.resize(buf.len() + 64, T::PAD);
        Placed { buf, start, len: v.len() }
    }

    /// The placed slice.
    pub fn get(&self) -> &[T] {
        &self.buf[self.start..self.start + self.len]
    }

    /// The placed slice, to write into (a benchmark's output buffer at a
    /// chosen alignment).
    pub fn get_mut(&mut self) -> &mut [T] {
        &mut self.buf[self.start..self.start + self.len]
    }
}

/// A conversion's expected result at every output size: the output of
/// the valid prefix, the input read and output written after each
/// character, and the error after them. Built once per case from an
/// oracle's [`Decoded`], it answers [`Conversion::outcome`] for any `dst`
/// size without encoding again.
#[derive(Clone, Debug)]
pub struct Conversion<K, D> {
    /// `(read, written)` after each character of the valid prefix.
    pub steps: Vec<(usize, usize)>,
    /// The output of the whole valid prefix.
    pub out: Vec<D>,
    /// The input's error, after the valid prefix.
    pub err: Option<K>,
}

impl<K: Copy, D: Copy> Conversion<K, D> {
    /// The conversion of `dec`, each character written by `enc`.
    pub fn new(dec: &Decoded<K>, enc: impl Fn(char, &mut Vec<D>)) -> Self {
        let mut out = Vec::with_capacity(dec.chars.len());
        let mut steps = Vec::with_capacity(dec.chars.len());
        let mut read = 0;
        for &(c, w) in &dec.chars {
            enc(c, &mut out);
            read += w;
            steps.push((read, out.len()));
        }
        Conversion { steps, out, err: dec.err }
    }

    /// What a conversion into `cap` units must return (as
    /// [`oracle::expect`](crate::expect)): the largest whole-character
    /// prefix that fits, then the first of "does not fit" and "invalid".
    pub fn outcome(&self, cap: usize) -> Outcome<K, D> {
        // The characters that fit: their `written` is at most `cap`.
        let fit = self.steps.partition_point(|&(_, w)| w <= cap);
        if fit < self.steps.len() {
            let (read, written) = if fit == 0 { (0, 0) } else { self.steps[fit - 1] };
            return Outcome::TooSmall { read, written, out: self.out[..written].to_vec() };
        }
        match self.err {
            Some(e) => Outcome::Invalid(e, self.out.clone()),
            None => Outcome::Ok(self.out.clone()),
        }
    }

    /// The output units of the input before position `at` (the units of
    /// the characters that end at or before it).
    pub fn written_before(&self, at: usize) -> usize {
        let n = self.steps.partition_point(|&(r, _)| r <= at);
        if n == 0 {
            0
        } else {
            self.steps[n - 1].1
        }
    }

    /// The `dst` sizes a boundary case tries: `bound` (the size that
    /// always suffices, with which a kernel takes its fastest path), the
    /// exact size, and one unit too few for the character at `at` (the
    /// probe; for an invalid probe, for the character before it), where
    /// the kernel must stop at the probe's window.
    pub fn sizes(&self, bound: usize, at: usize) -> [usize; 3] {
        let before = self.written_before(at);
        let probe = self.steps.iter().find(|&&(r, _)| r > at).map_or(before, |&(_, w)| w) - before;
        [bound, self.out.len(), (before + probe).saturating_sub(1)]
    }
}

/// Runs `f` on a `dst` of `len` units starting `shift` units past a
/// 64-byte boundary, in a buffer filled with `fill` around it; panics if
/// anything before or after `dst` changed. Returns `f`'s result and the
/// contents of `dst`.
pub fn with_dst<D: Copy + PartialEq + std::fmt::Debug, R>(
    len: usize,
    shift: usize,
    fill: D,
    f: impl FnOnce(&mut [D]) -> R,
) -> (R, Vec<D>) {
    let size = std::mem::size_of::<D>();
    let per = 64 / size;
    let mut buf: Vec<D> = Vec::with_capacity(len + 2 * per + GUARD);
    let misalign = (buf.as_ptr() as usize % 64) / size;
    let start = (per - misalign) % per + shift;
    buf.resize(start + len + GUARD, fill);
    let r = f(&mut buf[start..start + len]);
    assert!(buf[..start].iter().all(|&u| u == fill), "wrote before the start of a {len}-unit dst");
    assert!(
        buf[start + len..].iter().all(|&u| u == fill),
        "wrote past the end of a {len}-unit dst: {:X?}",
        &buf[start + len..]
    );
    (r, buf[start..start + len].to_vec())
}

/// A transcoder's result as an [`Outcome`], from its result and `dst`'s
/// contents (see [`with_dst`]).
pub fn outcome_of<E: Key, D: Copy>(
    r: Result<usize, TranscodeError<E>>,
    dst: &[D],
) -> Outcome<E::K, D> {
    match r {
        Ok(n) => Outcome::Ok(dst[..n].to_vec()),
        Err(TranscodeError::Invalid { error, written }) => {
            Outcome::Invalid(error.key(), dst[..written].to_vec())
        }
        Err(TranscodeError::OutputTooSmall { read, written }) => {
            Outcome::TooSmall { read, written, out: dst[..written].to_vec() }
        }
        Err(_) => panic!("a TranscodeError variant the oracle does not know"),
    }
}

/// Runs the transcoder `f` into a `dst` of `cap` units at the case's
/// output alignment (filled with `fill`, guarded: [`with_dst`]), and
/// checks its result and output against `want`'s.
pub fn check_into<T: Unit, E: Key, D: Copy + PartialEq + std::fmt::Debug>(
    case: &Case<T>,
    who: impl FnOnce() -> String,
    want: &Conversion<E::K, D>,
    cap: usize,
    fill: D,
    f: impl FnOnce(&mut [D]) -> Result<usize, TranscodeError<E>>,
) {
    let (r, dst) = with_dst(cap, case.dst_shift::<D>(), fill, f);
    let got = outcome_of(r, &dst);
    let expected = want.outcome(cap);
    if got != expected {
        panic!("{}, dst of {cap}: {}\n{}", who(), mismatch(&got, &expected), case.label());
    }
}

/// How two outcomes differ, briefly: their status, and the first output
/// unit where they part (with a few units of context), rather than two
/// outputs of up to kilobytes.
pub fn mismatch<K: std::fmt::Debug, D: PartialEq + std::fmt::Debug>(
    got: &Outcome<K, D>,
    want: &Outcome<K, D>,
) -> String {
    fn parts<K: std::fmt::Debug, D>(o: &Outcome<K, D>) -> (String, &[D]) {
        match o {
            Outcome::Ok(out) => (format!("Ok({})", out.len()), out),
            Outcome::Invalid(k, out) => (format!("Invalid({k:?}, written {})", out.len()), out),
            Outcome::TooSmall { read, written, out } => {
                (format!("OutputTooSmall {{ read: {read}, written: {written} }}"), out)
            }
        }
    }
    let ((gs, go), (ws, wo)) = (parts(got), parts(want));
    let at = go.iter().zip(wo).position(|(a, b)| a != b).unwrap_or(go.len().min(wo.len()));
    let near =
        |o: &[D]| format!("{:X?}", &o[at.saturating_sub(4).min(o.len())..(at + 4).min(o.len())]);
    format!("got {gs}, want {ws}; outputs part at unit {at}: got {}, want {}", near(go), near(wo))
}

/// No error at all: the error type of the conversions of valid input.
impl Key for std::convert::Infallible {
    type K = std::convert::Infallible;
    fn key(&self) -> Self::K {
        *self
    }
}

/// How many cases `generate` yields at `level` (it builds them).
pub fn count<T>(
    generate: impl Fn(Level) -> Box<dyn Iterator<Item = Case<T>>>,
    level: Level,
) -> usize {
    generate(level).count()
}

/// A probe kind: its name and its variants (one per case, rotating with
/// the offset).
type Probes<T> = &'static [(&'static str, &'static [&'static [T]])];

/// The UTF-8 probes: a character of each length (the edges of each range
/// among them) and one invalid sequence of each kind.
const UTF8_PROBES: Probes<u8> = &[
    ("1-byte", &[b"Z", b"\x7F", b"\x00", b"~"]),
    ("2-byte", &[b"\xC2\x80", b"\xDF\xBF", b"\xC3\xA9", b"\xD0\x96"]),
    (
        "3-byte",
        &[
            b"\xE0\xA0\x80",
            b"\xEF\xBF\xBF",
            b"\xE4\xB8\xAD",
            b"\xED\x9F\xBF",
            b"\xEE\x80\x80",
            b"\xEF\xBF\xBD",
        ],
    ),
    (
        "4-byte",
        &[b"\xF0\x90\x80\x80", b"\xF4\x8F\xBF\xBF", b"\xF0\x9D\xA0\x80", b"\xF0\x9F\x98\x80"],
    ),
    // A lead byte without all its continuations: `Truncated` at the end of
    // the input, `MissingContinuation` before a run.
    ("truncated", &[b"\xC3", b"\xE4\xB8", b"\xF0\x9F\x98", b"\xE0\xA0", b"\xF4\x8F\xBF", b"\xF0"]),
    ("overlong", &[b"\xE0\x80\x80", b"\xE0\x9F\xBF", b"\xF0\x80\x80\x80", b"\xF0\x8F\xBF\xBF"]),
    ("surrogate", &[b"\xED\xA0\x80", b"\xED\xBF\xBF", b"\xED\xB0\x80"]),
    ("too large", &[b"\xF4\x90\x80\x80", b"\xF4\xBF\xBF\xBF"]),
    ("continuation", &[b"\x80", b"\xBF", b"\x80\x80", b"\xBF\xBF\xBF\xBF"]),
    (
        "invalid byte",
        &[
            b"\xF5",
            b"\xFF",
            b"\xC0",
            b"\xC1\xBF",
            b"\xF8\x88\x80\x80\x80",
            b"\xFE",
            b"\xC0\xAF",
            b"\xF7\xBF\xBF\xBF",
        ],
    ),
];

/// The UTF-16 probes (values): a unit of each UTF-8 length, a surrogate
/// pair, a lone high and a lone low surrogate.
const UTF16_PROBES: Probes<u16> = &[
    ("1-byte", &[&[0x5A], &[0x7F], &[0x00]]),
    ("2-byte", &[&[0x80], &[0x7FF], &[0xE9]]),
    ("3-byte", &[&[0x800], &[0xFFFF], &[0x4E2D], &[0xD7FF], &[0xE000], &[0xFFFD]]),
    ("pair", &[&[0xD800, 0xDC00], &[0xDBFF, 0xDFFF], &[0xD83D, 0xDE00], &[0xD834, 0xDD1E]]),
    ("lone high", &[&[0xD800], &[0xDBFF], &[0xD83D]]),
    ("lone low", &[&[0xDC00], &[0xDFFF], &[0xDE00], &[0xDC00, 0xD800]]),
];

/// The UTF-32 probes: a value of each UTF-8 length, and the invalid values
/// (surrogates, above U+10FFFF).
const UTF32_PROBES: Probes<u32> = &[
    ("1-byte", &[&[0x5A], &[0x7F], &[0x00]]),
    ("2-byte", &[&[0x80], &[0x7FF], &[0xE9]]),
    ("3-byte", &[&[0x800], &[0xFFFF], &[0x4E2D], &[0xD7FF], &[0xE000]]),
    ("4-byte", &[&[0x10000], &[0x10FFFF], &[0x1D800], &[0x1F600]]),
    ("surrogate", &[&[0xD800], &[0xDFFF], &[0xDBFF], &[0xDC00]]),
    ("too large", &[&[0x110000], &[0xFFFF_FFFF], &[0x8000_0000], &[0x1F_FFFF], &[0x0011_FFFF]]),
];

/// The Latin-1 / Windows-1252 probes: bytes above ASCII (the five that
/// Windows-1252 leaves undefined among them).
const LEGACY_PROBES: Probes<u8> = &[
    ("c1", &[b"\x80", b"\x9F", b"\x8A", b"\x93"]),
    ("undefined in cp1252", &[b"\x81", b"\x8D", b"\x8F", b"\x90", b"\x9D"]),
    ("latin1", &[b"\xA0", b"\xFF", b"\xE9", b"\xC0", b"\xDF"]),
];

/// A generator's parameters.
struct Spec<T: 'static> {
    probes: Probes<T>,
    scripts: &'static [Script],
    /// Offsets `0..span` of the probe after its base.
    span: usize,
    /// The base of a [`Shape::Deep`] probe and the run after a
    /// [`Shape::LongTail`] one, in units.
    long: usize,
    /// The longest run after a probe in the other shapes; the run's length
    /// varies below it with the offset.
    tail: usize,
    /// Appends a character of a run, in this form.
    encode: fn(char, &mut Vec<T>),
}

/// UTF-8: every probe of [`UTF8_PROBES`] at every byte offset of a 128-byte
/// span, after every script of [`Script::UNICODE`].
///
/// At [`Level::Sampled`]: 10 probe kinds × 6 scripts × 128 offsets in
/// short inputs, plus each kind after each script once deep in or at the
/// start of an input of over 8 KiB.
pub fn utf8_cases(level: Level) -> Box<dyn Iterator<Item = Case<u8>>> {
    generate(
        Spec {
            probes: UTF8_PROBES,
            scripts: &Script::UNICODE,
            span: 128,
            long: 8192,
            tail: 128,
            encode: |c, out| out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        },
        level,
    )
}

/// UTF-16 values: every probe of [`UTF16_PROBES`] (a unit of each UTF-8
/// length, a surrogate pair, a lone high and a lone low surrogate) at every
/// unit offset of a 128-byte span, after every script of
/// [`Script::UNICODE`]; the deep shapes at 8192 units. Store the values in
/// the byte order under test.
pub fn utf16_cases(level: Level) -> Box<dyn Iterator<Item = Case<u16>>> {
    generate(
        Spec {
            probes: UTF16_PROBES,
            scripts: &Script::UNICODE,
            span: 64,
            long: 8192,
            tail: 64,
            encode: |c, out| out.extend_from_slice(c.encode_utf16(&mut [0; 2])),
        },
        level,
    )
}

/// UTF-32 values: every probe of [`UTF32_PROBES`] at every offset of a
/// 256-byte span (four AVX-512 vectors), after every script of
/// [`Script::UNICODE`]; the deep shapes at 8192 values. The cases without
/// an invalid value are the `&[char]` cases.
pub fn utf32_cases(level: Level) -> Box<dyn Iterator<Item = Case<u32>>> {
    generate(
        Spec {
            probes: UTF32_PROBES,
            scripts: &Script::UNICODE,
            span: 64,
            long: 8192,
            tail: 64,
            encode: |c, out| out.push(u32::from(c)),
        },
        level,
    )
}

/// Latin-1 / Windows-1252 bytes: every probe of [`LEGACY_PROBES`] at every
/// byte offset of a 128-byte span, after runs of ASCII, of Latin-1
/// letters, of Windows-1252's `80..=9F` graphic characters and of both.
pub fn legacy_cases(level: Level) -> Box<dyn Iterator<Item = Case<u8>>> {
    const SCRIPTS: [Script; 4] =
        [Script::ASCII, Script::LATIN1, Script::CP1252, Script::LATIN1_MIXED];
    generate(
        Spec {
            probes: LEGACY_PROBES,
            scripts: &SCRIPTS,
            span: 128,
            long: 8192,
            tail: 128,
            encode: |c, out| out.push(legacy_byte(c)),
        },
        level,
    )
}

/// The byte of a legacy script's character: its Latin-1 code, or its
/// Windows-1252 code for the graphic characters of `80..=9F`.
fn legacy_byte(c: char) -> u8 {
    const CP1252: [(char, u8); 13] = [
        ('€', 0x80),
        ('‚', 0x82),
        ('ƒ', 0x83),
        ('„', 0x84),
        ('…', 0x85),
        ('†', 0x86),
        ('‰', 0x89),
        ('Š', 0x8A),
        ('“', 0x93),
        ('”', 0x94),
        ('—', 0x97),
        ('™', 0x99),
        ('Ÿ', 0x9F),
    ];
    match u8::try_from(u32::from(c)) {
        Ok(b) => b,
        Err(_) => CP1252
            .iter()
            .find(|&&(x, _)| x == c)
            .map(|&(_, b)| b)
            .expect("a legacy script's character"),
    }
}

/// Every case of `spec` at `level`, in a fixed order.
fn generate<T: Unit>(spec: Spec<T>, level: Level) -> Box<dyn Iterator<Item = Case<T>>> {
    let Spec { probes, scripts, span, long, tail, encode } = spec;
    let mut afters: Vec<After> = scripts.iter().map(|&s| After::Run(s)).collect();
    afters.push(After::End);
    let mut plans = Vec::new();
    for (ki, &(kind, variants)) in probes.iter().enumerate() {
        for (si, &before) in scripts.iter().enumerate() {
            for off in 0..span {
                if level == Level::Quick && (off + ki) % scripts.len() != si {
                    continue;
                }
                let probe = variants[(off + si) % variants.len()];
                let rotated = afters[(off + 3 * ki + 5 * si) % afters.len()];
                let short_afters: Vec<After> =
                    if level == Level::Full { afters.clone() } else { vec![rotated] };
                for after in short_afters {
                    plans.push((kind, probe, before, after, Shape::Short, off));
                }
                // One offset per kind and script (per kind in a quick
                // run), spread over the span, or every one.
                let deep = match level {
                    Level::Quick => off == (37 * ki + 5) % span,
                    Level::Sampled => off == (37 * ki + 11 * si + 5) % span,
                    Level::Full => true,
                };
                if deep {
                    // Below the full level, one of the two long shapes,
                    // each for half of the kinds and scripts.
                    if level == Level::Full || (ki + si) % 2 == 0 {
                        plans.push((kind, probe, before, rotated, Shape::Deep, off));
                    }
                    if level == Level::Full || (ki + si) % 2 == 1 {
                        plans.push((kind, probe, before, rotated, Shape::LongTail, off));
                    }
                }
            }
        }
    }
    Box::new(plans.into_iter().enumerate().map(
        move |(index, (kind, probe, before, after, shape, off))| {
            let base = if shape == Shape::Deep { long } else { 0 };
            let tail_len = match (after, shape) {
                (After::End, _) => 0,
                (_, Shape::LongTail) => long,
                // The end of the input at every distance from the probe's
                // vector, half a span to a span after the probe.
                _ => tail - (off * 37 + index) % (tail / 2),
            };
            // Deep: the first half of the long run is ASCII, so that the
            // allocating conversions' output sized from the first 4096 input
            // units falls short for scripts with more output per unit, and
            // they grow it (the regrow) before the probe.
            let mut input = vec![T::PAD; base / 2];
            input.extend(run_before(before, base - base / 2 + off, off, encode));
            let at = input.len();
            input.extend_from_slice(probe);
            if let After::Run(s) = after {
                run_after(s, tail_len, off, encode, &mut input);
            }
            Case { input, at, probe_len: probe.len(), kind, before, after, shape, index, level }
        },
    ))
}

/// A run of `script` of exactly `len` units that ends with a whole
/// character: the script's characters backwards from the end (starting at
/// `phase` in the script's cycle), ASCII padding at the start where the
/// next character does not fit.
fn run_before<T: Unit>(
    script: Script,
    len: usize,
    phase: usize,
    encode: fn(char, &mut Vec<T>),
) -> Vec<T> {
    let chars = script.chars();
    let width = |c: char| {
        let mut one = Vec::with_capacity(4);
        encode(c, &mut one);
        one.len()
    };
    let widths: Vec<usize> = chars.iter().map(|&c| width(c)).collect();
    // How many characters fit, counting back from the end.
    let (mut left, mut n) = (len, 0);
    while widths[(phase + n) % chars.len()] <= left {
        left -= widths[(phase + n) % chars.len()];
        n += 1;
    }
    let mut run = Vec::with_capacity(len);
    run.resize(left, T::PAD);
    for i in (0..n).rev() {
        encode(chars[(phase + i) % chars.len()], &mut run);
    }
    debug_assert_eq!(run.len(), len);
    run
}

/// Appends a run of `script` of `len` units: its characters from `phase`
/// on, ASCII padding at the end where the next one does not fit.
fn run_after<T: Unit>(
    script: Script,
    len: usize,
    phase: usize,
    encode: fn(char, &mut Vec<T>),
    out: &mut Vec<T>,
) {
    let end = out.len() + len;
    let chars = script.chars();
    let mut i = phase;
    loop {
        let before = out.len();
        encode(chars[i % chars.len()], out);
        if out.len() > end {
            out.truncate(before);
            break;
        }
        i += 1;
    }
    out.resize(end, T::PAD);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_sit_where_the_case_says_after_a_whole_run() {
        for level in [Level::Quick, Level::Sampled] {
            for case in utf8_cases(level) {
                let before = &case.input[..case.at];
                assert!(std::str::from_utf8(before).is_ok(), "{}", case.label());
                let mut chars = std::str::from_utf8(before).unwrap().chars().rev();
                if case.at >= 8 && case.before != Script::ASCII {
                    // The character before the probe is the script's.
                    let c = chars.next().unwrap();
                    assert!(case.before.chars().contains(&c), "{}", case.label());
                }
                let want = match case.shape {
                    Shape::Deep => 8192..8192 + 128,
                    _ => 0..128,
                };
                assert!(want.contains(&case.at), "{}", case.label());
            }
        }
    }

    #[test]
    fn every_kind_at_every_offset_after_every_script() {
        let mut seen = std::collections::HashSet::new();
        for case in utf8_cases(Level::Sampled).filter(|c| c.shape == Shape::Short) {
            seen.insert((case.kind, case.before.name, case.at));
        }
        assert_eq!(seen.len(), UTF8_PROBES.len() * Script::UNICODE.len() * 128);
        let mut seen = std::collections::HashSet::new();
        for case in utf8_cases(Level::Quick).filter(|c| c.shape == Shape::Short) {
            seen.insert((case.kind, case.at));
        }
        assert_eq!(seen.len(), UTF8_PROBES.len() * 128);
    }

    #[test]
    fn placed_inputs_start_at_their_shift() {
        for shift in 0..64 {
            let p = Placed::new(b"abc", shift);
            assert_eq!(p.get(), b"abc");
            assert_eq!(p.get().as_ptr() as usize % 64, shift);
        }
        let p = Placed::new(&[1u32, 2], 3);
        assert_eq!(p.get().as_ptr() as usize % 64, 12);
    }
}
