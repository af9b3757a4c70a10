//! Measuring text: the figures the prose generator follows ([`Model`],
//! written down as the constants of `profiles.rs`) and the ones that say
//! how close a text comes to another ([`Summary`]).
//!
//! The measure is this module's own, so that the generator and the check
//! of its output agree on it:
//!
//! - every character is of one [`Kind`]: whitespace (`char::is_whitespace`),
//!   a digit (`char::is_numeric`), a letter (`char::is_alphabetic`),
//!   punctuation (ASCII punctuation and the punctuation and symbol blocks
//!   listed in [`kind`]), else a letter again (combining marks such as
//!   the Devanagari virama, emoji, format characters);
//! - a *word* is a maximal run of letters, a *number* a maximal run of
//!   digits, and every maximal run of whitespace or of punctuation is a
//!   *separator*, kept as its exact text (`", "` is two: `","` and `" "`);
//! - the text is the chain of these tokens. In scripts written without
//!   spaces (Chinese, Japanese) a word is the run between two punctuation
//!   marks, a clause.

use super::profile::{Reference, Spec, SPECS};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What a character is to the measure (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `char::is_whitespace`.
    Space,
    /// `char::is_numeric`.
    Digit,
    /// Letters, combining marks, emoji and anything not listed as
    /// punctuation.
    Letter,
    /// ASCII punctuation and symbols, and the punctuation blocks.
    Punct,
}

/// The kind of `c`.
pub fn kind(c: char) -> Kind {
    if c.is_whitespace() {
        Kind::Space
    } else if c.is_numeric() {
        Kind::Digit
    } else if c.is_alphabetic() {
        Kind::Letter
    } else if c.is_ascii_punctuation() || is_punct_block(c) {
        Kind::Punct
    } else {
        Kind::Letter
    }
}

/// Punctuation and symbols outside ASCII: Latin-1's (`¡`..`¿`, `×`, `÷`),
/// the Greek and Hebrew punctuation, Arabic's comma, semicolon and
/// question mark, the Devanagari danda, General Punctuation, currency,
/// arrows and mathematical operators, CJK punctuation and the fullwidth
/// ASCII punctuation.
fn is_punct_block(c: char) -> bool {
    matches!(c,
        '\u{A1}'..='\u{BF}' | '\u{D7}' | '\u{F7}'
        | '\u{37E}' | '\u{387}'
        | '\u{5BE}' | '\u{5C0}' | '\u{5C3}' | '\u{5C6}' | '\u{5F3}' | '\u{5F4}'
        | '\u{60C}' | '\u{61B}' | '\u{61F}' | '\u{66A}'..='\u{66D}' | '\u{6D4}'
        | '\u{964}' | '\u{965}' | '\u{970}'
        | '\u{2000}'..='\u{206F}' | '\u{20A0}'..='\u{20CF}' | '\u{2190}'..='\u{22FF}'
        | '\u{3000}'..='\u{3004}' | '\u{3008}'..='\u{3020}' | '\u{30FB}'
        | '\u{FF01}'..='\u{FF0F}' | '\u{FF1A}'..='\u{FF20}' | '\u{FF3B}'..='\u{FF40}'
        | '\u{FF5B}'..='\u{FF65}')
}

/// One token of the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// A run of letters.
    Word(&'a str),
    /// A run of digits.
    Number(&'a str),
    /// A run of whitespace or of punctuation.
    Separator(&'a str),
}

/// The tokens of `text`, in order (see the module docs).
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut current: Option<Kind> = None;
    for (i, c) in text.char_indices() {
        let k = kind(c);
        if current.is_some_and(|cur| cur != k) {
            out.push(token(&text[start..i], current.unwrap()));
            start = i;
        }
        current = Some(k);
    }
    if let Some(k) = current {
        out.push(token(&text[start..], k));
    }
    out
}

fn token(s: &str, k: Kind) -> Token<'_> {
    match k {
        Kind::Letter => Token::Word(s),
        Kind::Digit => Token::Number(s),
        Kind::Space | Kind::Punct => Token::Separator(s),
    }
}

/// The prose of a text with markup in it (the Wikipedia articles of the
/// shared corpus, converted from HTML with their links): the lines of at
/// least 30 characters with no link, markup or URL characters (`[`, `]`,
/// `|`, `*`, `_`, `\`, `=`, `#`, `{`, `}`, `<`, `>`, `^`, `%`, `//`) in
/// which letters and spaces are at least 80 % of the characters, joined
/// by `\n`.
pub fn prose_lines(text: &str) -> String {
    const MARKUP: &[char] =
        &['[', ']', '|', '*', '_', '\\', '=', '#', '{', '}', '<', '>', '^', '%'];
    let keep = |line: &&str| {
        let chars = line.chars().count();
        let plain = line.chars().filter(|&c| c == ' ' || c.is_alphabetic()).count();
        chars >= 30 && !line.contains(MARKUP) && !line.contains("//") && plain * 5 >= chars * 4
    };
    text.lines().filter(keep).collect::<Vec<_>>().join("\n")
}

/// The text of `reference` given the file's contents.
pub fn reference_text(reference: Reference, file: &str) -> String {
    match reference {
        Reference::Whole(_) => file.to_owned(),
        Reference::ProseLines(_) => prose_lines(file),
    }
}

// ------------------------------------------------------------- summary

/// The figures by which two texts are compared: the share of characters
/// of each UTF-8 width and the mean word length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// UTF-8 bytes.
    pub bytes: u64,
    /// Characters of 1, 2, 3 and 4 bytes.
    pub width: [u64; 4],
    /// Words (runs of letters).
    pub words: u64,
    /// Characters in words.
    pub word_chars: u64,
}

impl Summary {
    /// The figures of `text`.
    pub fn of(text: &str) -> Self {
        let mut s = Summary { bytes: text.len() as u64, ..Summary::default() };
        for c in text.chars() {
            s.width[c.len_utf8() - 1] += 1;
        }
        for t in tokens(text) {
            if let Token::Word(w) = t {
                s.words += 1;
                s.word_chars += w.chars().count() as u64;
            }
        }
        s
    }

    /// Characters.
    pub fn chars(&self) -> u64 {
        self.width.iter().sum()
    }

    /// The share of characters that take `n` bytes (1 to 4).
    pub fn share(&self, n: usize) -> f64 {
        self.width[n - 1] as f64 / self.chars().max(1) as f64
    }

    /// The mean length of a word, in characters.
    pub fn mean_word_len(&self) -> f64 {
        self.word_chars as f64 / self.words.max(1) as f64
    }
}

// --------------------------------------------------------------- model

/// Longest word length told apart; longer words count as this long.
pub const MAX_WORD: usize = 64;
/// Longest number length told apart.
pub const MAX_NUMBER: usize = 16;
/// Letters listed one by one, by frequency; the rest are grouped by
/// Unicode block into [`TailModel`]s.
pub const TOP_LETTERS: usize = 48;
/// A block's remaining letters are listed when there are at most this
/// many, else given as the range they span.
const MAX_TAIL_CHARS: usize = 64;
/// Separators rarer than one token in this many are left out.
const RARE: u64 = 2000;
/// At most this many separators are kept, the most frequent.
const MAX_SEPARATORS: usize = 40;

/// The letters of a block left after the [`TOP_LETTERS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TailModel {
    /// These letters, picked uniformly, `weight` in all.
    Chars(String, u64),
    /// Any character of `lo..=hi`, picked uniformly, `weight` in all.
    Range(char, char, u64),
}

/// Everything the generator needs to know of a language, measured on a
/// text; [`Model::render`] writes it as a [`Profile`] constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// The headline figures.
    pub summary: Summary,
    /// `word_len[i]`: words of `i + 1` characters (the last entry: that
    /// many or more).
    pub word_len: Vec<u64>,
    /// The same, of the words followed by a given state, for the states
    /// that follow at least one word in a hundred (a word before `.` is
    /// not as long as one before `,` or `" "`).
    pub word_len_before: Vec<(u8, Vec<u64>)>,
    /// `number_len[i]`: numbers of `i + 1` digits (the last: or more).
    pub number_len: Vec<u64>,
    /// Every digit, with its count.
    pub digits: Vec<(char, u64)>,
    /// The most frequent letters (lowercased), with their counts.
    pub letters: Vec<(char, u64)>,
    /// The other letters, by block.
    pub tails: Vec<TailModel>,
    /// Letters never seen at the start of a word though frequent enough to
    /// be expected there at least 5 times (combining marks, word-final
    /// forms): the generator puts them neither first nor after one another.
    pub non_initial: String,
    /// Words that start with a capital, and all words, at the start of a
    /// sentence (after `.`, `!`, `?` and their kin, or first in the text).
    pub capitals_at_start: (u64, u64),
    /// The same elsewhere.
    pub capitals_elsewhere: (u64, u64),
    /// The separators kept (states 2 and up of the chain; 0 is a word, 1 a
    /// number).
    pub separators: Vec<String>,
    /// `(from, to, count)`: how often state `to` follows state `from`.
    pub transitions: Vec<(u8, u8, u64)>,
    /// How many whole copies of one block of characters the text is
    /// (see [`copies`]): 1 for text that does not repeat itself.
    pub copies: u64,
}

/// How many whole times `text` repeats its first `p` characters, `p` its
/// shortest period (every character equals the one `p` before it): 1
/// unless the text is a block written out at least twice (the lipsum
/// files repeat a block of 1 500 to 29 000 characters 2 to 18 times,
/// which branch predictors learn).
pub fn copies(text: &str) -> u64 {
    let c: Vec<char> = text.chars().collect();
    if c.is_empty() {
        return 1;
    }
    // Knuth-Morris-Pratt's failure function: the shortest period is the
    // length less the longest proper border.
    let mut fail = vec![0usize; c.len()];
    let mut k = 0;
    for i in 1..c.len() {
        while k > 0 && c[i] != c[k] {
            k = fail[k - 1];
        }
        if c[i] == c[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let period = c.len() - fail[c.len() - 1];
    (c.len() / period) as u64
}

/// Whether a separator ends a sentence.
pub fn ends_sentence(sep: &str) -> bool {
    sep.contains(['.', '!', '?', '。', '！', '？', '।', '؟', ';'])
}

/// The block a letter is grouped by in the tails: a few named blocks, else
/// the 128-character page it is in.
fn block(c: char) -> u32 {
    const BLOCKS: &[(u32, u32)] = &[
        (0x0000, 0x007F),
        (0x0080, 0x024F),
        (0x0370, 0x03FF),
        (0x0400, 0x052F),
        (0x0590, 0x05FF),
        (0x0600, 0x06FF),
        (0x0900, 0x097F),
        (0x1100, 0x11FF),
        (0x1F00, 0x1FFF),
        (0x3040, 0x309F),
        (0x30A0, 0x30FF),
        (0x4E00, 0x9FFF),
        (0xAC00, 0xD7AF),
        (0x1F000, 0x1FAFF),
    ];
    let c = c as u32;
    BLOCKS
        .iter()
        .position(|&(lo, hi)| (lo..=hi).contains(&c))
        .map_or(0x100 + (c >> 7), |i| i as u32)
}

fn lower(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

impl Model {
    /// The model of `text`.
    pub fn measure(text: &str) -> Self {
        let toks = tokens(text);
        let mut word_len = vec![0u64; MAX_WORD];
        let mut number_len = vec![0u64; MAX_NUMBER];
        let mut digits: BTreeMap<char, u64> = BTreeMap::new();
        let mut letters: BTreeMap<char, u64> = BTreeMap::new();
        let mut initial: BTreeMap<char, u64> = BTreeMap::new();
        let (mut cap_start, mut cap_else) = ((0, 0), (0, 0));
        let mut seps: BTreeMap<&str, u64> = BTreeMap::new();
        let mut at_start = true;
        for t in &toks {
            match *t {
                Token::Word(w) => {
                    let n = w.chars().count();
                    word_len[n.min(MAX_WORD) - 1] += 1;
                    for c in w.chars() {
                        *letters.entry(lower(c)).or_default() += 1;
                    }
                    let first = w.chars().next().expect("a word has a letter");
                    *initial.entry(lower(first)).or_default() += 1;
                    let cap = if at_start { &mut cap_start } else { &mut cap_else };
                    cap.0 += u64::from(first.is_uppercase());
                    cap.1 += 1;
                    at_start = false;
                }
                Token::Number(d) => {
                    let n = d.chars().count();
                    number_len[n.min(MAX_NUMBER) - 1] += 1;
                    for c in d.chars() {
                        *digits.entry(c).or_default() += 1;
                    }
                    at_start = false;
                }
                Token::Separator(s) => {
                    *seps.entry(s).or_default() += 1;
                    at_start |= ends_sentence(s);
                }
            }
        }
        // The separators kept: frequent ones, most frequent first (ties by
        // text, so that the order is the same everywhere).
        let mut kept: Vec<(&str, u64)> =
            seps.into_iter().filter(|&(_, n)| n * RARE >= toks.len() as u64).collect();
        kept.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        kept.truncate(MAX_SEPARATORS);
        let separators: Vec<String> = kept.iter().map(|(s, _)| s.to_string()).collect();
        let state = |t: &Token| -> Option<u8> {
            match t {
                Token::Word(_) => Some(0),
                Token::Number(_) => Some(1),
                Token::Separator(s) => separators.iter().position(|x| x == s).map(|i| i as u8 + 2),
            }
        };
        let mut trans: BTreeMap<(u8, u8), u64> = BTreeMap::new();
        let mut before: BTreeMap<u8, Vec<u64>> = BTreeMap::new();
        for pair in toks.windows(2) {
            if let (Some(a), Some(b)) = (state(&pair[0]), state(&pair[1])) {
                *trans.entry((a, b)).or_default() += 1;
                if let Token::Word(w) = pair[0] {
                    let hist = before.entry(b).or_insert_with(|| vec![0; MAX_WORD]);
                    hist[w.chars().count().min(MAX_WORD) - 1] += 1;
                }
            }
        }
        let words_total: u64 = word_len.iter().sum();
        let word_len_before = before
            .into_iter()
            .filter(|(_, h)| h.iter().sum::<u64>() * 100 >= words_total)
            .map(|(b, h)| (b, trim_zeros(&h)))
            .collect();

        let mut by_count: Vec<(char, u64)> = letters.iter().map(|(&c, &n)| (c, n)).collect();
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let top: Vec<(char, u64)> = by_count.iter().take(TOP_LETTERS).copied().collect();
        let mut rest: BTreeMap<u32, Vec<(char, u64)>> = BTreeMap::new();
        for &(c, n) in by_count.iter().skip(TOP_LETTERS) {
            rest.entry(block(c)).or_default().push((c, n));
        }
        let tails = rest
            .into_values()
            .map(|mut cs| {
                cs.sort();
                let weight = cs.iter().map(|&(_, n)| n).sum();
                if cs.len() <= MAX_TAIL_CHARS {
                    TailModel::Chars(cs.iter().map(|&(c, _)| c).collect(), weight)
                } else {
                    TailModel::Range(cs[0].0, cs[cs.len() - 1].0, weight)
                }
            })
            .collect();
        // Never first in a word, where chance alone would have put it
        // first at least 5 times (its count times the share of letters that
        // start a word).
        let (words, word_chars) = (word_len.iter().sum::<u64>(), letters.values().sum::<u64>());
        let non_initial = letters
            .iter()
            .filter(|&(c, &n)| n * words >= 5 * word_chars && !initial.contains_key(c))
            .map(|(&c, _)| c)
            .collect();

        Model {
            summary: Summary::of(text),
            word_len,
            word_len_before,
            number_len,
            digits: digits.into_iter().collect(),
            letters: top,
            tails,
            non_initial,
            capitals_at_start: cap_start,
            capitals_elsewhere: cap_else,
            separators,
            transitions: trans.into_iter().map(|((a, b), n)| (a, b, n)).collect(),
            copies: copies(text),
        }
    }

    /// This model as the Rust source of the profile `spec` names.
    pub fn render(&self, spec: &Spec) -> String {
        let profile = spec;
        let mut s = String::new();
        let w = &mut s;
        let _ = writeln!(
            w,
            "/// {} ({}), measured on `{}`.",
            profile.name, profile.script, profile.reference
        );
        let _ = writeln!(w, "pub const {}: Profile = Profile {{", spec.konst);
        let _ = writeln!(w, "    name: {:?},", profile.name);
        let _ = writeln!(w, "    script: {:?},", profile.script);
        let _ = writeln!(w, "    reference: Reference::{:?},", profile.reference);
        let m = &self.summary;
        let _ = writeln!(
            w,
            "    measured: Summary {{ bytes: {}, width: {:?}, words: {}, word_chars: {} }},",
            m.bytes, m.width, m.words, m.word_chars
        );
        let _ = writeln!(w, "    word_len: &{},", numbers(&trim_zeros(&self.word_len)));
        let _ = writeln!(w, "    word_len_before: &[");
        for (state, hist) in &self.word_len_before {
            let _ = writeln!(
                w,
                "        ({state}, &{}),",
                numbers(hist).replace("\n    ", "\n            ")
            );
        }
        let _ = writeln!(w, "    ],");
        let _ = writeln!(w, "    number_len: &{},", numbers(&trim_zeros(&self.number_len)));
        let _ = writeln!(w, "    digits: &{},", pairs(&self.digits));
        let _ = writeln!(w, "    letters: &{},", pairs(&self.letters));
        let _ = writeln!(w, "    tails: &[");
        for t in &self.tails {
            let _ = match t {
                TailModel::Chars(cs, n) => writeln!(w, "        Tail::Chars({cs:?}, {n}),"),
                TailModel::Range(lo, hi, n) => {
                    writeln!(w, "        Tail::Range({lo:?}, {hi:?}, {n}),")
                }
            };
        }
        let _ = writeln!(w, "    ],");
        let _ = writeln!(w, "    non_initial: {:?},", self.non_initial);
        let _ = writeln!(w, "    capitals_at_start: {:?},", self.capitals_at_start);
        let _ = writeln!(w, "    capitals_elsewhere: {:?},", self.capitals_elsewhere);
        let _ = writeln!(w, "    separators: &{:?},", self.separators);
        let _ = writeln!(w, "    transitions: &[");
        for chunk in self.transitions.chunks(6) {
            let row: Vec<String> = chunk.iter().map(|t| format!("{t:?}")).collect();
            let _ = writeln!(w, "        {},", row.join(", "));
        }
        let _ = writeln!(w, "    ],");
        let _ = writeln!(w, "    copies: {},", self.copies);
        let _ = writeln!(w, "}};");
        s
    }
}

/// The whole of `profiles.rs`: the model of each of [`SPECS`], measured
/// on `texts` (in the same order).
pub fn render_profiles(models: &[Model]) -> String {
    assert_eq!(models.len(), SPECS.len(), "one model per profile");
    let mut s = String::from(
        "//! Written by `cargo run -p rapidutf-testkit --example measure` from the\n\
         //! shared corpus; do not edit. The figures are counts (see `stats::Model`).\n\n\
         use super::profile::{Profile, Reference, Tail};\n\
         use super::stats::Summary;\n",
    );
    for (m, spec) in models.iter().zip(&SPECS) {
        s.push('\n');
        s.push_str(&m.render(spec));
    }
    let names: Vec<String> = SPECS.iter().map(|p| format!("&{}", p.konst)).collect();
    let _ = write!(
        s,
        "\n/// Every profile, in the order of `SPECS`.\npub const ALL: [&Profile; {}] = [{}];\n",
        SPECS.len(),
        names.join(", ")
    );
    s
}

fn trim_zeros(v: &[u64]) -> Vec<u64> {
    let end = v.iter().rposition(|&n| n != 0).map_or(0, |i| i + 1);
    v[..end].to_vec()
}

/// `[1, 2, 3]`, wrapped at 12 numbers a line.
fn numbers(v: &[u64]) -> String {
    if v.len() <= 12 {
        return format!("{v:?}");
    }
    let rows: Vec<String> = v
        .chunks(12)
        .map(|c| {
            format!("        {},", c.iter().map(u64::to_string).collect::<Vec<_>>().join(", "))
        })
        .collect();
    format!("[\n{}\n    ]", rows.join("\n"))
}

/// `[('a', 1), ...]`, wrapped at 6 pairs a line.
fn pairs(v: &[(char, u64)]) -> String {
    if v.len() <= 4 {
        return format!("{v:?}");
    }
    let rows: Vec<String> = v
        .chunks(6)
        .map(|c| {
            let items: Vec<String> = c.iter().map(|p| format!("{p:?}")).collect();
            format!("        {},", items.join(", "))
        })
        .collect();
    format!("[\n{}\n    ]", rows.join("\n"))
}
