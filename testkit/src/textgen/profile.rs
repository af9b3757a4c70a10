//! What the prose generator knows of a language: figures measured on real
//! text of the shared corpus (`profiles.rs`, written by
//! `cargo run -p rapidutf-testkit --example measure`), never the text.

use super::stats::Summary;
use std::fmt;

/// The text of the shared corpus a profile was measured on, by its path
/// under `corpus/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// The whole file.
    Whole(&'static str),
    /// The prose lines of the file ([`super::stats::prose_lines`]): for the
    /// Wikipedia articles, whose link markup is not prose.
    ProseLines(&'static str),
}

impl Reference {
    /// The file's path under the shared corpus directory.
    pub fn path(self) -> &'static str {
        match self {
            Reference::Whole(p) | Reference::ProseLines(p) => p,
        }
    }
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reference::Whole(p) => write!(f, "corpus/{p}"),
            Reference::ProseLines(p) => write!(f, "corpus/{p}, prose lines"),
        }
    }
}

/// Letters beyond a profile's most frequent ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    /// These letters, picked uniformly, with this weight in all.
    Chars(&'static str, u32),
    /// Any character of the range, picked uniformly, with this weight.
    Range(char, char, u32),
}

impl Tail {
    /// The weight of the whole tail.
    pub fn weight(&self) -> u32 {
        match *self {
            Tail::Chars(_, w) | Tail::Range(_, _, w) => w,
        }
    }
}

/// Which profile is measured on which text: the list `profiles.rs` is
/// written from.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The name of the profile's constant.
    pub konst: &'static str,
    /// [`Profile::name`].
    pub name: &'static str,
    /// [`Profile::script`].
    pub script: &'static str,
    /// [`Profile::reference`].
    pub reference: Reference,
}

/// Every profile: the nine languages of the lipsum corpus, measured on
/// its files, and Greek and French (accented Western European), measured
/// on the prose of Wikipedia articles.
pub const SPECS: [Spec; 11] = [
    spec(
        "LATIN",
        "Latin",
        "ASCII (Latin letters)",
        Reference::Whole("lipsum/Latin-Lipsum.utf8.txt"),
    ),
    spec(
        "FRENCH",
        "French",
        "Latin with accents (Western European)",
        Reference::ProseLines("wikipedia_mars/french.utf8.txt"),
    ),
    spec("RUSSIAN", "Russian", "Cyrillic", Reference::Whole("lipsum/Russian-Lipsum.utf8.txt")),
    spec("GREEK", "Greek", "Greek", Reference::ProseLines("wikipedia_mars/greek.utf8.txt")),
    spec("ARABIC", "Arabic", "Arabic", Reference::Whole("lipsum/Arabic-Lipsum.utf8.txt")),
    spec("HEBREW", "Hebrew", "Hebrew", Reference::Whole("lipsum/Hebrew-Lipsum.utf8.txt")),
    spec("HINDI", "Hindi", "Devanagari", Reference::Whole("lipsum/Hindi-Lipsum.utf8.txt")),
    spec("CHINESE", "Chinese", "Han", Reference::Whole("lipsum/Chinese-Lipsum.utf8.txt")),
    spec(
        "JAPANESE",
        "Japanese",
        "kana, kanji and ASCII digits",
        Reference::Whole("lipsum/Japanese-Lipsum.utf8.txt"),
    ),
    spec("KOREAN", "Korean", "Hangul", Reference::Whole("lipsum/Korean-Lipsum.utf8.txt")),
    spec("EMOJI", "Emoji", "emoji", Reference::Whole("lipsum/Emoji-Lipsum.utf8.txt")),
];

const fn spec(
    konst: &'static str,
    name: &'static str,
    script: &'static str,
    reference: Reference,
) -> Spec {
    Spec { konst, name, script, reference }
}

/// A language's measured statistics (see [`super::stats::Model`], which
/// measures them, for what each means).
#[derive(Clone, Copy, Debug)]
pub struct Profile {
    /// The language, as the corpus names its text.
    pub name: &'static str,
    /// Its script, in words.
    pub script: &'static str,
    /// Where the figures come from.
    pub reference: Reference,
    /// The reference's headline figures.
    pub measured: Summary,
    /// Words by length in characters, from 1 (the last: that or longer).
    pub word_len: &'static [u32],
    /// The same, of the words followed by a given state (the frequent
    /// ones), by state.
    pub word_len_before: &'static [(u8, &'static [u32])],
    /// Numbers by length in digits, from 1.
    pub number_len: &'static [u32],
    /// The digits and their counts.
    pub digits: &'static [(char, u32)],
    /// The most frequent letters (lowercase) and their counts.
    pub letters: &'static [(char, u32)],
    /// The other letters, by block.
    pub tails: &'static [Tail],
    /// Letters never seen first in a word (combining marks).
    pub non_initial: &'static str,
    /// Capitalised words and all words at the start of a sentence.
    pub capitals_at_start: (u32, u32),
    /// Capitalised words and all words elsewhere.
    pub capitals_elsewhere: (u32, u32),
    /// The separators, states 2 and up of the token chain.
    pub separators: &'static [&'static str],
    /// `(from, to, count)` of the token chain (0: a word, 1: a number).
    pub transitions: &'static [(u8, u8, u32)],
    /// How many times the reference writes out one block of text (1: it
    /// does not repeat itself).
    pub copies: u32,
}
