//! The narrowest forms (Latin-1 or UTF-16; PEP 393's ASCII, UCS-1, UCS-2
//! or UCS-4; UTF-16 narrowed to Latin-1), for the free functions and every
//! kernel: small inputs of every character class, the first wider
//! character at every offset across block boundaries, errors at every
//! offset, every buffer size, the lipsum corpus, proptest, and CPython.
//!
//! The oracle is written from the definitions, on std's decoding: a string
//! is Latin-1 when every character is at most U+00FF, and its PEP 393 kind
//! is that of its largest code point (PEP 393: ASCII below U+0080, UCS-1
//! below U+0100, UCS-2 below U+10000, else UCS-4). Into caller buffers,
//! the result is the two-call path's: convert the whole input to the
//! narrow form, and where that meets a character it cannot hold, convert
//! the whole input again to the form that can (errors and full buffers
//! reported as the strict transcoders do: the first in input order, at a
//! character boundary). CPython checks the kinds, lengths and code points
//! independently (`tests/fixtures/runtimes_oracle.py`).

use crate::common::{self, dec_utf8, proptest_config, Key, Utf8Exp, GUARD};
use proptest::prelude::*;
use rapidutf::{Kernel, Latin1OrUtf16, Pep393Kind, TranscodeError, Utf8Error};
use std::convert::Infallible;

/// One form of a staged conversion: the largest code point it holds, the
/// room in its buffer, and whether a character takes its UTF-16 units
/// (else one unit each).
#[derive(Clone, Copy, Debug)]
struct Stage {
    max: u32,
    cap: usize,
    utf16: bool,
}

/// What a narrowest-form conversion must return: in which stage (form) it
/// ended, and the units of that form for the input it consumed.
#[derive(Clone, Debug, PartialEq)]
enum Want<K> {
    Ok { stage: usize, out: Vec<u32> },
    Invalid { err: K, stage: usize, out: Vec<u32> },
    TooSmall { read: usize, written: usize, stage: usize, out: Vec<u32> },
}

impl<K> Want<K> {
    fn stage(&self) -> usize {
        match self {
            Want::Ok { stage, .. } | Want::Invalid { stage, .. } | Want::TooSmall { stage, .. } => {
                *stage
            }
        }
    }
}

/// The units of `c` in a stage's form.
fn units(c: char, utf16: bool) -> Vec<u32> {
    if utf16 {
        c.encode_utf16(&mut [0; 2]).iter().map(|&u| u32::from(u)).collect()
    } else {
        vec![u32::from(c)]
    }
}

/// The two-call rule over decoded characters `chars` (each with its width
/// in input units) and the input's error: convert everything in the
/// first stage; at a character it cannot hold, start again from the
/// start in the narrowest stage that holds it.
fn want<K: Copy>(chars: &[(char, usize)], err: Option<K>, stages: &[Stage]) -> Want<K> {
    let mut k = 0;
    'stage: loop {
        let st = stages[k];
        let (mut out, mut read) = (Vec::new(), 0);
        for &(c, w) in chars {
            if u32::from(c) > st.max {
                k = stages.iter().position(|s| s.max >= u32::from(c)).expect("a stage holds it");
                continue 'stage;
            }
            let u = units(c, st.utf16);
            if out.len() + u.len() > st.cap {
                return Want::TooSmall { read, written: out.len(), stage: k, out };
            }
            out.extend(u);
            read += w;
        }
        return match err {
            Some(err) => Want::Invalid { err, stage: k, out },
            None => Want::Ok { stage: k, out },
        };
    }
}

/// The buffers of a conversion, each followed by a guard zone that must
/// stay untouched.
struct Buffers {
    caps: Vec<usize>,
    bufs: Vec<Vec<u32>>,
}

const CANARY: u32 = 0xA5;

impl Buffers {
    fn new(caps: &[usize]) -> Buffers {
        Buffers {
            caps: caps.to_vec(),
            bufs: caps.iter().map(|&c| vec![CANARY; c + GUARD]).collect(),
        }
    }

    /// Runs `f` on typed copies of the buffers (u8, u16, then u32 for a
    /// third) and copies what it wrote back.
    fn run<R>(&mut self, f: impl FnOnce(&mut [u8], &mut [u16], &mut [u32]) -> R) -> R {
        let mut a: Vec<u8> = self.bufs[0].iter().map(|&u| u as u8).collect();
        let mut b: Vec<u16> = self.bufs[1].iter().map(|&u| u as u16).collect();
        let mut c: Vec<u32> = self.bufs.get(2).cloned().unwrap_or_default();
        let (ca, cb) = (self.caps[0], self.caps[1]);
        let cc = self.caps.get(2).copied().unwrap_or(0);
        let r = f(&mut a[..ca], &mut b[..cb], &mut c[..cc]);
        self.bufs[0] = a.into_iter().map(u32::from).collect();
        self.bufs[1] = b.into_iter().map(u32::from).collect();
        if self.bufs.len() > 2 {
            self.bufs[2] = c;
        }
        for (k, (buf, &cap)) in self.bufs.iter().zip(&self.caps).enumerate() {
            assert!(buf[cap..].iter().all(|&u| u == CANARY), "wrote past buffer {k} ({cap} units)");
        }
        r
    }

    /// `buffer[..n]` of stage `k`, or a marker if that overruns it.
    fn out(&self, k: usize, n: usize) -> Vec<u32> {
        if n > self.caps[k] {
            return vec![u32::MAX; n];
        }
        self.bufs[k][..n].to_vec()
    }
}

/// A result of the library as a [`Want`], given the stage of the expected
/// result for an error (an error does not say which buffer holds the
/// output: the stage of the narrowest form of what was read, which the
/// oracle knows).
fn got<E: Key>(
    r: Result<(usize, usize), TranscodeError<E>>,
    bufs: &Buffers,
    want_stage: usize,
) -> Want<E::K> {
    match r {
        Ok((stage, n)) => Want::Ok { stage, out: bufs.out(stage, n) },
        Err(TranscodeError::Invalid { error, written }) => Want::Invalid {
            err: error.key(),
            stage: want_stage,
            out: bufs.out(want_stage, written),
        },
        Err(TranscodeError::OutputTooSmall { read, written }) => {
            Want::TooSmall { read, written, stage: want_stage, out: bufs.out(want_stage, written) }
        }
        Err(_) => unreachable!("unknown TranscodeError variant"),
    }
}

// ------------------------------------------------- Latin-1 or UTF-16

type L1U16 =
    Box<dyn Fn(&[u8], &mut [u8], &mut [u16]) -> Result<Latin1OrUtf16, TranscodeError<Utf8Error>>>;

/// The free function and every kernel's method.
fn latin1_or_utf16_fns() -> Vec<(String, L1U16)> {
    let mut v: Vec<(String, L1U16)> =
        vec![("free fn".into(), Box::new(rapidutf::utf8_to_latin1_or_utf16))];
    for k in common::kernels() {
        v.push((k.name().into(), Box::new(move |s, a, b| k.utf8_to_latin1_or_utf16(s, a, b))));
    }
    v
}

fn form_stage(r: Latin1OrUtf16) -> (usize, usize) {
    match r {
        Latin1OrUtf16::Latin1(n) => (0, n),
        Latin1OrUtf16::Utf16(n) => (1, n),
    }
}

/// Checks `utf8_to_latin1_or_utf16` (free and every kernel) on `src` with
/// buffers of `l1` and `u16` units.
fn check_latin1_or_utf16(fns: &[(String, L1U16)], src: &[u8], l1: usize, u16: usize) {
    let dec = dec_utf8(src);
    let stages = [
        Stage { max: 0xFF, cap: l1, utf16: false },
        Stage { max: 0x10_FFFF, cap: u16, utf16: true },
    ];
    let w = want(&dec.chars, dec.err, &stages);
    for (name, f) in fns {
        let mut bufs = Buffers::new(&[l1, u16]);
        let r = bufs.run(|a, b, _| f(src, a, b)).map(form_stage);
        let g = got(r, &bufs, w.stage());
        assert_eq!(g, w, "{name}, latin1 {l1}, utf16 {u16}, src {src:02X?}");
    }
}

/// Characters of every class and invalid sequences, as pieces of inputs.
const PIECES: &[&[u8]] = &[
    b"a",
    b"\x7F",
    "\u{80}".as_bytes(),
    "é".as_bytes(),
    "ÿ".as_bytes(),
    "Ā".as_bytes(),
    "\u{7FF}".as_bytes(),
    "\u{800}".as_bytes(),
    "€".as_bytes(),
    "\u{FFFF}".as_bytes(),
    "\u{10000}".as_bytes(),
    "😀".as_bytes(),
    "\u{10FFFF}".as_bytes(),
    b"\xFF",
    b"\xC3",
    b"\xC0\x80",
    b"\xED\xA0\x80",
    b"\xF0\x9F\x98",
];

/// Every input of up to three pieces.
fn small_inputs() -> Vec<Vec<u8>> {
    let mut v = vec![Vec::new()];
    for a in PIECES {
        v.push(a.to_vec());
        for b in PIECES {
            v.push([*a, *b].concat());
            for c in PIECES {
                v.push([*a, *b, *c].concat());
            }
        }
    }
    v
}

/// Text in the Latin-1 range (ASCII and accented letters), `len` bytes at
/// least, cut at a character boundary.
fn latin1_text(len: usize) -> String {
    let base = "Grüße aus Köln, déjà vu, naïve café; à bientôt! ";
    let s = base.repeat(len / base.len() + 1);
    let end = (len..=s.len()).find(|&i| s.is_char_boundary(i)).unwrap();
    s[..end].to_owned()
}

#[test]
fn latin1_or_utf16_small_inputs() {
    let fns = latin1_or_utf16_fns();
    for src in small_inputs() {
        let n = src.len();
        for (l1, u16) in [(n, n), (n + 1, 0), (0, n), (1, 1), (2, 2), (n / 2, n)] {
            check_latin1_or_utf16(&fns, &src, l1, u16);
        }
    }
}

/// The first wider character (and an invalid sequence) at every character
/// boundary of Latin-1 text longer than several blocks, in buffers that
/// always suffice: the switch from Latin-1 to UTF-16 at every position in
/// and across the kernels' blocks.
#[test]
fn latin1_or_utf16_wider_character_at_every_offset() {
    let fns = latin1_or_utf16_fns();
    let text = latin1_text(300);
    let inserts: [&[u8]; 6] =
        ["€".as_bytes(), "😀".as_bytes(), "Ā".as_bytes(), b"\xFF", b"\xE2\x82", b"\x80"];
    for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
        for x in inserts {
            let src = [&text.as_bytes()[..at], x, &text.as_bytes()[at..]].concat();
            check_latin1_or_utf16(&fns, &src, src.len(), src.len());
        }
    }
}

/// Every size of each buffer, the other one ample, on text that stays
/// Latin-1, switches early, late, or has supplementary characters.
#[test]
fn latin1_or_utf16_every_buffer_size() {
    let fns = latin1_or_utf16_fns();
    let latin = latin1_text(150);
    let texts = [
        latin.clone(),
        format!("€{latin}"),
        format!("{latin}€ and 😀{latin}"),
        format!("{}{latin}", "x".repeat(70)),
        "😀é".repeat(30),
    ];
    for text in &texts {
        let src = text.as_bytes();
        let n = src.len();
        for cap in 0..=n + 1 {
            check_latin1_or_utf16(&fns, src, cap, n);
            check_latin1_or_utf16(&fns, src, n, cap);
        }
    }
}

#[test]
fn latin1_or_utf16_lipsum() {
    let fns = latin1_or_utf16_fns();
    for lang in common::LANGUAGES {
        let text = common::lipsum_file(lang, "utf8");
        check_latin1_or_utf16(&fns, &text, text.len(), text.len());
    }
    // The Latin file (ASCII) with a wider character early, in the middle
    // and last.
    let latin = common::lipsum_file("Latin", "utf8");
    for at in [0, 100, latin.len() / 2, latin.len() - 1] {
        let src = [&latin[..at], "‘".as_bytes(), &latin[at..]].concat();
        check_latin1_or_utf16(&fns, &src, src.len(), src.len());
    }
}

// ------------------------------------------------------------ PEP 393

type Pep393Fn = Box<
    dyn Fn(
        &[u8],
        &mut [u8],
        &mut [u16],
        &mut [u32],
    ) -> Result<(Pep393Kind, usize), TranscodeError<Utf8Error>>,
>;

fn pep393_fns() -> Vec<(String, Pep393Fn)> {
    let mut v: Vec<(String, Pep393Fn)> =
        vec![("free fn".into(), Box::new(rapidutf::utf8_to_pep393))];
    for k in common::kernels() {
        v.push((k.name().into(), Box::new(move |s, a, b, c| k.utf8_to_pep393(s, a, b, c))));
    }
    v
}

/// PEP 393's kind of the characters `chars`.
fn kind_of(chars: &[(char, usize)]) -> Pep393Kind {
    chars.iter().map(|&(c, _)| Pep393Kind::of(c)).max().unwrap_or(Pep393Kind::Ascii)
}

fn check_pep393(fns: &[(String, Pep393Fn)], src: &[u8], caps: [usize; 3]) {
    let dec = dec_utf8(src);
    let stages = [
        Stage { max: 0xFF, cap: caps[0], utf16: false },
        Stage { max: 0xFFFF, cap: caps[1], utf16: false },
        Stage { max: 0x10_FFFF, cap: caps[2], utf16: false },
    ];
    let w = want(&dec.chars, dec.err, &stages);
    for (name, f) in fns {
        let mut bufs = Buffers::new(&caps);
        let r = bufs.run(|a, b, c| f(src, a, b, c));
        if let (Ok((kind, _)), None) = (&r, &dec.err) {
            assert_eq!(*kind, kind_of(&dec.chars), "{name}: kind of {src:02X?}");
        }
        let r = r.map(|(kind, n)| {
            let stage = match kind {
                Pep393Kind::Ascii | Pep393Kind::Ucs1 => 0,
                Pep393Kind::Ucs2 => 1,
                Pep393Kind::Ucs4 => 2,
            };
            (stage, n)
        });
        let g = got(r, &bufs, w.stage());
        assert_eq!(g, w, "{name}, buffers {caps:?}, src {src:02X?}");
    }
}

#[test]
fn pep393_small_inputs() {
    let fns = pep393_fns();
    for src in small_inputs() {
        let n = src.len();
        for caps in [[n, n, n], [0, n, n], [n, 0, n], [n, n, 0], [1, 1, 1], [n / 2, n / 2, n]] {
            check_pep393(&fns, &src, caps);
        }
    }
}

#[test]
fn pep393_wider_characters_at_every_offset() {
    let fns = pep393_fns();
    let text = latin1_text(200);
    let t = text.as_bytes();
    let b: Vec<usize> = (0..=t.len()).filter(|&i| text.is_char_boundary(i)).collect();
    for &at in &b {
        for x in ["€".as_bytes(), "😀".as_bytes(), b"\xF4\x90\x80\x80"] {
            let src = [&t[..at], x, &t[at..]].concat();
            check_pep393(&fns, &src, [src.len(); 3]);
        }
        // UCS-2 first, then UCS-4 at a second offset (a few of them).
        for &at2 in b.iter().filter(|&&j| j >= at).step_by(37) {
            let src = [&t[..at], "€".as_bytes(), &t[at..at2], "😀".as_bytes(), &t[at2..]].concat();
            check_pep393(&fns, &src, [src.len(); 3]);
        }
    }
}

#[test]
fn pep393_every_buffer_size() {
    let fns = pep393_fns();
    let latin = latin1_text(120);
    let texts = [
        latin.clone(),
        "a".repeat(90),
        format!("{latin}€{latin}"),
        format!("{latin}€{latin}😀{latin}"),
        format!("😀{latin}"),
    ];
    for text in &texts {
        let src = text.as_bytes();
        let n = src.len();
        for cap in 0..=n + 1 {
            check_pep393(&fns, src, [cap, n, n]);
            check_pep393(&fns, src, [n, cap, n]);
            check_pep393(&fns, src, [n, n, cap]);
        }
    }
}

#[test]
fn pep393_lipsum() {
    let fns = pep393_fns();
    for lang in common::LANGUAGES {
        let text = common::lipsum_file(lang, "utf8");
        check_pep393(&fns, &text, [text.len(); 3]);
    }
}

/// `pep393_kind_from_utf8` (free and every kernel) against std, on every
/// length across the kernels' blocks and the count's flush interval.
#[test]
fn pep393_kind_and_length() {
    type KindFn = Box<dyn Fn(&[u8]) -> Result<(Pep393Kind, usize), Utf8Error>>;
    let mut kernels: Vec<(String, KindFn)> =
        vec![("free fn".into(), Box::new(rapidutf::pep393_kind_from_utf8))];
    for k in common::kernels() {
        kernels.push((k.name().into(), Box::new(move |s| k.pep393_kind_from_utf8(s))));
    }
    let check = |src: &[u8]| {
        let dec = dec_utf8(src);
        let want = match dec.err {
            None => Ok((kind_of(&dec.chars), dec.chars.len())),
            Some(e) => Err(e),
        };
        for (name, f) in &kernels {
            assert_eq!(f(src).map_err(|e| e.key()), want, "{name} on {src:02X?}");
        }
    };
    for src in small_inputs() {
        check(&src);
    }
    let latin = latin1_text(20_000);
    for x in ["", "€", "😀", "\u{80}", "\u{7FF}"] {
        for len in (0..300).chain([4095, 4096, 16_319, 16_320, 16_321]) {
            // The wider character last, where only a block at the end or
            // the scalar tail sees it.
            let end = (len.min(latin.len())..=latin.len()).find(|&i| latin.is_char_boundary(i));
            let src = format!("{}{x}", &latin[..end.unwrap()]);
            check(src.as_bytes());
            let ascii = format!("{}{x}", "a".repeat(len));
            check(ascii.as_bytes());
        }
    }
    for lang in common::LANGUAGES {
        check(&common::lipsum_file(lang, "utf8"));
    }
}

/// CPython decodes each input (`bytes.decode("utf-8")`) and reports its
/// PEP 393 kind, length and code points, or where it fails: the
/// allocating conversion and the kind agree with it.
#[test]
#[cfg_attr(target_os = "wasi", ignore = "runs python3, and wasm32-wasip1 has no processes")]
fn pep393_matches_cpython() {
    let mut inputs = small_inputs();
    let latin = latin1_text(200);
    for x in ["€", "😀", "\u{FFFF}", "\u{10000}"] {
        for at in [0, 1, 31, 64, 100, 199] {
            let at = (at..=latin.len()).find(|&i| latin.is_char_boundary(i)).unwrap();
            inputs.push(format!("{}{x}{}", &latin[..at], &latin[at..]).into_bytes());
        }
    }
    for lang in common::LANGUAGES {
        inputs.push(common::lipsum_file(lang, "utf8"));
    }
    let request: String = inputs.iter().map(|v| format!("{}\n", common::hex(v))).collect();
    let answers = common::python_oracle("pep393", &request);
    for (src, answer) in inputs.iter().zip(answers) {
        let got = rapidutf::utf8_to_pep393_vec(src);
        let kind = rapidutf::pep393_kind_from_utf8(src);
        if let Some(start) = answer.strip_prefix("E ") {
            let start: usize = start.parse().unwrap();
            assert_eq!(got.map_err(|e| e.valid_up_to()), Err(start), "{src:02X?}");
            assert_eq!(kind.map_err(|e| e.valid_up_to()), Err(start), "{src:02X?}");
            continue;
        }
        let mut words = answer.split(' ');
        let (py_kind, py_len) = (words.next().unwrap(), words.next().unwrap());
        let py_chars: Vec<u32> = words
            .next()
            .unwrap_or("")
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|h| u32::from_str_radix(h, 16).unwrap())
            .collect();
        let want_kind = match py_kind {
            "ascii" => Pep393Kind::Ascii,
            "ucs1" => Pep393Kind::Ucs1,
            "ucs2" => Pep393Kind::Ucs2,
            _ => Pep393Kind::Ucs4,
        };
        let len: usize = py_len.parse().unwrap();
        assert_eq!(kind, Ok((want_kind, len)), "{src:02X?}");
        let s = got.expect("CPython decoded it");
        assert_eq!((s.kind(), s.len()), (want_kind, len));
        let chars: Vec<u32> = match s {
            rapidutf::Pep393String::Ascii(v) | rapidutf::Pep393String::Ucs1(v) => {
                v.into_iter().map(u32::from).collect()
            }
            rapidutf::Pep393String::Ucs2(v) => v.into_iter().map(u32::from).collect(),
            rapidutf::Pep393String::Ucs4(v) => v,
        };
        assert_eq!(chars, py_chars, "{src:02X?}");
    }
}

// ------------------------------------------- UTF-16 narrowed to Latin-1

type U16Narrow =
    Box<dyn Fn(&[u16], &mut [u8], &mut [u16]) -> Result<Latin1OrUtf16, TranscodeError<Infallible>>>;

fn utf16_narrow_fns() -> Vec<(String, U16Narrow)> {
    let mut v: Vec<(String, U16Narrow)> =
        vec![("free fn".into(), Box::new(rapidutf::utf16_to_latin1_or_utf16))];
    for k in common::kernels() {
        v.push((k.name().into(), Box::new(move |s, a, b| k.utf16_to_latin1_or_utf16(s, a, b))));
    }
    v
}

/// The rule on code units: Latin-1 if every unit is at most `0xFF`, else
/// the units themselves; a full buffer stops the copy before the high half
/// of a pair whose low half does not fit.
fn want_utf16_narrow(src: &[u16], l1: usize, u16: usize) -> Want<Infallible> {
    let units: Vec<u32> = src.iter().map(|&u| u32::from(u)).collect();
    let first_wide = units.iter().position(|&u| u > 0xFF);
    let latin1 = |n: usize| {
        if n < src.len() {
            Want::TooSmall { read: n, written: n, stage: 0, out: units[..n].to_vec() }
        } else {
            Want::Ok { stage: 0, out: units.clone() }
        }
    };
    match first_wide {
        None => latin1(l1.min(src.len())),
        Some(q) if l1 < q => latin1(l1),
        Some(_) if u16 >= src.len() => Want::Ok { stage: 1, out: units },
        Some(_) => {
            let mut n = u16;
            let pair = |i: usize| {
                (0xD800..0xDC00).contains(&src[i - 1]) && (0xDC00..0xE000).contains(&src[i])
            };
            if n > 0 && pair(n) {
                n -= 1;
            }
            Want::TooSmall { read: n, written: n, stage: 1, out: units[..n].to_vec() }
        }
    }
}

fn check_utf16_narrow(fns: &[(String, U16Narrow)], src: &[u16], l1: usize, u16: usize) {
    let w = want_utf16_narrow(src, l1, u16);
    for (name, f) in fns {
        let mut bufs = Buffers::new(&[l1, u16]);
        let r = bufs.run(|a, b, _| f(src, a, b)).map(form_stage);
        let g = match r {
            Ok((stage, n)) => Want::Ok { stage, out: bufs.out(stage, n) },
            Err(TranscodeError::OutputTooSmall { read, written }) => Want::TooSmall {
                read,
                written,
                stage: w.stage(),
                out: bufs.out(w.stage(), written),
            },
            Err(TranscodeError::Invalid { error, .. }) => match error {},
            Err(_) => unreachable!("unknown TranscodeError variant"),
        };
        assert_eq!(g, w, "{name}, latin1 {l1}, utf16 {u16}, src {src:04X?}");
    }
}

#[test]
fn utf16_narrowing() {
    let fns = utf16_narrow_fns();
    let text: Vec<u16> = latin1_text(200).encode_utf16().collect();
    // The first wide unit (a BMP character, a pair, lone surrogates) at
    // every offset.
    let inserts: [&[u16]; 5] = [&[0x20AC], &[0x100], &[0xD83D, 0xDE00], &[0xD800], &[0xDC00]];
    for at in 0..=text.len() {
        for x in inserts {
            let src = [&text[..at], x, &text[at..]].concat();
            check_utf16_narrow(&fns, &src, src.len(), src.len());
        }
    }
    // Every buffer size.
    let pairs: Vec<u16> = "😀é".repeat(20).encode_utf16().collect();
    let late = [&text[..], &[0x20AC], &text[..50]].concat();
    for src in [&text[..], &pairs[..], &late[..], &[]] {
        let n = src.len();
        for cap in 0..=n + 1 {
            check_utf16_narrow(&fns, src, cap, n);
            check_utf16_narrow(&fns, src, n, cap);
        }
    }
}

// ------------------------------------------------------------ proptest

/// Text made of Latin-1 runs with wider characters and invalid sequences
/// here and there.
fn arb_mixed() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        6 => "[a-zé àüÿ]{1,90}".prop_map(String::into_bytes),
        2 => proptest::sample::select(PIECES).prop_map(<[u8]>::to_vec),
        1 => common::arb_char().prop_map(|c| c.to_string().into_bytes()),
    ];
    proptest::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(proptest_config(300))]

    #[test]
    fn latin1_or_utf16_any(src in arb_mixed(), l1 in 0usize..400, u16 in 0usize..400) {
        let fns = latin1_or_utf16_fns();
        check_latin1_or_utf16(&fns, &src, src.len(), src.len());
        check_latin1_or_utf16(&fns, &src, l1, u16);
    }

    #[test]
    fn pep393_any(src in arb_mixed(), caps in proptest::array::uniform3(0usize..400)) {
        let fns = pep393_fns();
        check_pep393(&fns, &src, [src.len(); 3]);
        check_pep393(&fns, &src, caps);
    }

    #[test]
    fn utf16_narrowing_any(src in common::arb_utf16_input(), l1 in 0usize..300, u16 in 0usize..300) {
        let fns = utf16_narrow_fns();
        check_utf16_narrow(&fns, &src, src.len(), src.len());
        check_utf16_narrow(&fns, &src, l1, u16);
    }
}

/// The allocating forms, which always dispatch: checked against the
/// oracle here, and re-run under every available kernel.
mod dispatched {
    use super::*;

    fn check(src: &[u8]) {
        let dec = dec_utf8(src);
        let n = src.len();
        let stages = [
            Stage { max: 0xFF, cap: n, utf16: false },
            Stage { max: 0x10_FFFF, cap: n, utf16: true },
        ];
        let want16 = match want(&dec.chars, dec.err, &stages) {
            Want::Ok { stage: 0, out } => Ok(Latin1OrUtf16::Latin1(out)),
            Want::Ok { out, .. } => Ok(Latin1OrUtf16::Utf16(out)),
            Want::Invalid { err, .. } => Err(err),
            Want::TooSmall { .. } => unreachable!("room that always suffices"),
        };
        let got16 = rapidutf::utf8_to_latin1_or_utf16_vec(src)
            .map(|r| match r {
                Latin1OrUtf16::Latin1(v) => {
                    Latin1OrUtf16::Latin1(v.into_iter().map(u32::from).collect())
                }
                Latin1OrUtf16::Utf16(v) => {
                    Latin1OrUtf16::Utf16(v.into_iter().map(u32::from).collect())
                }
            })
            .map_err(|e| e.key());
        assert_eq!(got16, want16, "{src:02X?}");
        let want393: Result<Vec<u32>, Utf8Exp> = match dec.err {
            None => Ok(dec.chars.iter().map(|&(c, _)| u32::from(c)).collect()),
            Some(e) => Err(e),
        };
        let got393 = rapidutf::utf8_to_pep393_vec(src).map_err(|e| e.key()).map(|s| {
            assert_eq!(s.kind(), kind_of(&dec.chars));
            match s {
                rapidutf::Pep393String::Ascii(v) | rapidutf::Pep393String::Ucs1(v) => {
                    v.into_iter().map(u32::from).collect()
                }
                rapidutf::Pep393String::Ucs2(v) => v.into_iter().map(u32::from).collect(),
                rapidutf::Pep393String::Ucs4(v) => v,
            }
        });
        assert_eq!(got393, want393, "{src:02X?}");
    }

    #[test]
    fn allocating_forms() {
        for src in small_inputs() {
            check(&src);
        }
        let text = latin1_text(400);
        for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)).step_by(3) {
            for x in ["€", "😀", "\u{FF}"] {
                check(format!("{}{x}{}", &text[..at], &text[at..]).as_bytes());
            }
        }
        for lang in common::LANGUAGES {
            check(&common::lipsum_file(lang, "utf8"));
        }
        for src in [&[0x61u16, 0xE9][..], &[0x61, 0x20AC], &[0xD800], &[]] {
            let want = if src.iter().all(|&u| u <= 0xFF) {
                Latin1OrUtf16::Latin1(src.iter().map(|&u| u as u8).collect())
            } else {
                Latin1OrUtf16::Utf16(src.to_vec())
            };
            assert_eq!(rapidutf::utf16_to_latin1_or_utf16_vec(src), want);
        }
    }

    #[test]
    fn under_every_available_kernel() {
        common::rerun_under_every_kernel(
            "narrow::dispatched::",
            "narrow::dispatched::under_every_available_kernel",
        );
    }
}

/// A long UCS-2 text (Esperanto: Latin-1 and Latin Extended-A) through
/// every kernel's UCS-2 stage: the same result as the scalar kernel's.
#[test]
fn every_kernel_takes_the_ucs2_stage() {
    let text = "Ŝi diris: «Ĝis revido!» ".repeat(20);
    let (mut a, mut b, mut c) = (vec![0; 1000], vec![0; 1000], vec![0; 1000]);
    let want = Kernel::Scalar.utf8_to_pep393(text.as_bytes(), &mut a, &mut b, &mut c);
    assert_eq!(want, Ok((Pep393Kind::Ucs2, text.chars().count())));
    for k in common::kernels() {
        assert_eq!(k.utf8_to_pep393(text.as_bytes(), &mut a, &mut b, &mut c), want, "{k}");
        assert!(b[..want.unwrap().1].iter().copied().eq(text.encode_utf16()), "{k}");
    }
}
