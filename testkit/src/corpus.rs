//! The unicode_lipsum corpus copied into `tests/data/lipsum`: one text in
//! each of nine languages, as UTF-8, as UTF-16LE (after an `FF FE` byte
//! order mark) and as UTF-32LE. The one list of its languages.

use std::path::PathBuf;

/// The directory of the copied unicode_lipsum corpus.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/lipsum")
}

/// The nine lipsum languages.
pub const LANGUAGES: [&str; 9] =
    ["Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian"];

/// `(language, bytes)` of every lipsum file in the given form
/// (`"utf8"`, `"utf16"` or `"utf32"`).
pub fn lipsum(form: &str) -> Vec<(&'static str, Vec<u8>)> {
    LANGUAGES
        .iter()
        .map(|lang| {
            let path = data_dir().join(format!("{lang}-Lipsum.{form}.txt"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (*lang, bytes)
        })
        .collect()
}

/// The contents of the lipsum file of `lang` in the given form.
pub fn lipsum_file(lang: &str, form: &str) -> Vec<u8> {
    let path = data_dir().join(format!("{lang}-Lipsum.{form}.txt"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
