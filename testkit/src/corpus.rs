//! The texts the tests, fuzz targets and benchmarks run on.
//!
//! Always: the generated prose of every language of [`LANGUAGES`]
//! ([`crate::textgen`], the same bytes on every machine). Where the shared
//! corpora are present ([`shared_dir`]: `$RAPIDUTF_SHARED`, else
//! `../shared` beside the repository), also the real texts the generator
//! was measured on: the nine files of the lipsum corpus and the prose of
//! two Wikipedia articles (see `tests/data/PROVENANCE.md`). The project
//! keeps no copy of them.
//!
//! Each text comes in three forms, by name: `"utf8"`, `"utf16"` (UTF-16LE
//! after an `FF FE` byte order mark) and `"utf32"` (UTF-32LE, no mark),
//! the layout of the lipsum corpus's files.

use crate::textgen::{self, Profile, PROFILES};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The seed of every generated text of the corpus.
pub const SEED: u64 = 0x7261_7069_6475_7466;

/// Bytes of UTF-8 of each generated text in [`texts`] (tests, fuzz seeds).
pub const TEST_LEN: usize = 32 * 1024;

/// Bytes of UTF-8 of each generated text in [`bench_texts`].
pub const BENCH_LEN: usize = 64 * 1024;

/// The generated languages, in the order of [`PROFILES`].
pub const LANGUAGES: [&str; 11] = [
    "Latin", "French", "Russian", "Greek", "Arabic", "Hebrew", "Hindi", "Chinese", "Japanese",
    "Korean", "Emoji",
];

/// The name of each language's real text, in the order of [`LANGUAGES`].
const SHARED_NAMES: [&str; 11] = [
    "Latin (lipsum)",
    "French (Wikipedia)",
    "Russian (lipsum)",
    "Greek (Wikipedia)",
    "Arabic (lipsum)",
    "Hebrew (lipsum)",
    "Hindi (lipsum)",
    "Chinese (lipsum)",
    "Japanese (lipsum)",
    "Korean (lipsum)",
    "Emoji (lipsum)",
];

/// The directory of the shared corpora, where there is one:
/// `$RAPIDUTF_SHARED` if set, else `../shared` beside the repository if
/// it exists. `RAPIDUTF_SHARED=none` (or empty) leaves them out, as on a
/// machine without them.
///
/// # Panics
///
/// If `RAPIDUTF_SHARED` names something that is not a directory.
pub fn shared_dir() -> Option<PathBuf> {
    match std::env::var_os("RAPIDUTF_SHARED") {
        Some(d) if d.is_empty() || d == "none" => None,
        Some(d) => {
            let dir = PathBuf::from(d);
            assert!(dir.is_dir(), "RAPIDUTF_SHARED={} is not a directory", dir.display());
            Some(dir)
        }
        None => {
            let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared");
            dir.is_dir().then_some(dir)
        }
    }
}

/// Where a text comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Made by [`crate::textgen`].
    Generated,
    /// Read from the shared corpus.
    Shared,
}

/// One text of the corpus.
#[derive(Clone, Debug)]
pub struct Text {
    /// The language for generated text (`"Arabic"`), the language and the
    /// corpus for a real one (`"Arabic (lipsum)"`).
    pub name: &'static str,
    /// The language, one of [`LANGUAGES`].
    pub lang: &'static str,
    /// Where it comes from.
    pub source: Source,
    /// The text.
    pub text: String,
}

/// The profile of `lang`, one of [`LANGUAGES`].
pub fn profile(lang: &str) -> &'static Profile {
    PROFILES
        .iter()
        .find(|p| p.name == lang)
        .unwrap_or_else(|| panic!("{lang:?} is not one of {LANGUAGES:?}"))
}

/// The generated text of `lang`: `len` bytes (up to 3 fewer where a
/// character would be cut) from [`SEED`].
pub fn generated(lang: &str, len: usize) -> String {
    textgen::prose(profile(lang), SEED, len)
}

/// As [`generated`], but repeating a block as the reference does
/// ([`textgen::prose_repeating`]): what the benchmarks measure, so that
/// their figures mean what figures on the lipsum corpus mean.
pub fn generated_repeating(lang: &str, len: usize) -> String {
    textgen::prose_repeating(profile(lang), SEED, len)
}

/// The real text `lang`'s profile was measured on, from the shared corpus;
/// `None` where it is absent.
pub fn shared(lang: &str) -> Option<String> {
    let reference = profile(lang).reference;
    let path = shared_dir()?.join("corpus").join(reference.path());
    let file = std::fs::read(&path).ok()?;
    let file = String::from_utf8(file).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(textgen::stats::reference_text(reference, &file))
}

/// Every generated text ([`generated`], [`TEST_LEN`] bytes), then every
/// real one where the shared corpus is present.
pub fn texts() -> Vec<Text> {
    // Made once per process: tests ask for it many times.
    static TEXTS: OnceLock<Vec<Text>> = OnceLock::new();
    TEXTS
        .get_or_init(|| {
            with_shared(LANGUAGES.iter().map(|&lang| (lang, generated(lang, TEST_LEN))))
        })
        .clone()
}

/// As [`texts`], for the benchmarks: the generated texts repeat
/// themselves as their references do ([`generated_repeating`]), and are
/// [`BENCH_LEN`] bytes long.
pub fn bench_texts() -> Vec<Text> {
    with_shared(LANGUAGES.iter().map(|&lang| (lang, generated_repeating(lang, BENCH_LEN))))
}

fn with_shared(generated: impl Iterator<Item = (&'static str, String)>) -> Vec<Text> {
    let mut out: Vec<Text> = generated
        .map(|(lang, text)| Text { name: lang, lang, source: Source::Generated, text })
        .collect();
    for (&lang, &name) in LANGUAGES.iter().zip(&SHARED_NAMES) {
        if let Some(text) = shared(lang) {
            out.push(Text { name, lang, source: Source::Shared, text });
        }
    }
    out
}

/// `text` in `form` (see the module docs).
pub fn encode(text: &str, form: &str) -> Vec<u8> {
    match form {
        "utf8" => text.as_bytes().to_vec(),
        "utf16" => textgen::forms::utf16le_with_bom(text),
        "utf32" => textgen::forms::utf32le(text),
        _ => panic!("no form {form:?} (utf8, utf16, utf32)"),
    }
}

/// `(name, bytes)` of every text of [`texts`] in `form`.
pub fn lipsum(form: &str) -> Vec<(&'static str, Vec<u8>)> {
    texts().into_iter().map(|t| (t.name, encode(&t.text, form))).collect()
}

/// `(name, bytes)` of every text of [`bench_texts`] in `form`.
pub fn bench_corpus(form: &str) -> Vec<(&'static str, Vec<u8>)> {
    bench_texts().into_iter().map(|t| (t.name, encode(&t.text, form))).collect()
}

/// The text named `name` (a name from [`lipsum`] or [`texts`]) in `form`.
pub fn lipsum_file(name: &str, form: &str) -> Vec<u8> {
    match texts().into_iter().find(|t| t.name == name) {
        Some(t) => encode(&t.text, form),
        None => encode(&by_name(name, |lang| generated(lang, TEST_LEN)), form),
    }
}

/// The text named `name` (a name from [`bench_corpus`] or [`bench_texts`])
/// in `form`.
pub fn bench_file(name: &str, form: &str) -> Vec<u8> {
    encode(&by_name(name, |lang| generated_repeating(lang, BENCH_LEN)), form)
}

/// The names of [`bench_texts`], in order.
pub fn bench_names() -> Vec<&'static str> {
    let shared = LANGUAGES.iter().zip(&SHARED_NAMES).filter(|(&lang, _)| shared(lang).is_some());
    LANGUAGES.iter().copied().chain(shared.map(|(_, &name)| name)).collect()
}

/// The generated text of a language name (by `generate`), or the real text
/// of a real one.
fn by_name(name: &str, generate: impl Fn(&str) -> String) -> String {
    if LANGUAGES.contains(&name) {
        return generate(name);
    }
    let i = SHARED_NAMES
        .iter()
        .position(|&n| n == name)
        .unwrap_or_else(|| panic!("no text named {name:?}"));
    shared(LANGUAGES[i]).unwrap_or_else(|| panic!("{name}: the shared corpus is absent"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_and_forms_agree() {
        for (name, utf8) in lipsum("utf8") {
            assert_eq!(lipsum_file(name, "utf8"), utf8, "{name}");
            let text = std::str::from_utf8(&utf8).expect("UTF-8");
            let utf16 = lipsum_file(name, "utf16");
            assert_eq!(&utf16[..2], b"\xFF\xFE");
            let units: Vec<u16> =
                utf16[2..].chunks(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
            assert_eq!(String::from_utf16(&units).unwrap(), text, "{name}");
            let utf32 = lipsum_file(name, "utf32");
            let chars: String = utf32
                .chunks(4)
                .map(|c| char::from_u32(u32::from_le_bytes([c[0], c[1], c[2], c[3]])).unwrap())
                .collect();
            assert_eq!(chars, text, "{name}");
        }
    }

    #[test]
    fn generated_texts_are_the_length_asked() {
        for lang in LANGUAGES {
            let t = generated(lang, 1000);
            assert!((997..=1000).contains(&t.len()), "{lang}: {}", t.len());
        }
    }
}
