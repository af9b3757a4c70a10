//! `//TRANSLIT`: what a character that the output lacks is written as.
//!
//! The table is small and meant to be read; it serves Latin-script text
//! going to ASCII, Latin-1, Windows-1252 or UCS-2. A character it has no
//! entry for is written as `?`, as glibc's iconv does. Every entry is
//! plain ASCII, so each output can write it.
//!
//! 1. **Letters with diacritics** become their base letter: the first
//!    character of the letter's canonical decomposition (Unicode's
//!    `Decomposition_Mapping`, applied until it ends), where that is an
//!    ASCII letter. So `é` → `e`, `Ő` → `O`, `ṩ` → `s`, `ệ` → `e`. This
//!    covers Latin-1 Supplement (U+00C0..U+00FF), Latin Extended-A
//!    (U+0100..U+017F), the Latin letters of Latin Extended-B used by
//!    Pinyin, Romanian and Vietnamese, and Latin Extended Additional
//!    (U+1E00..U+1EFF).
//! 2. **Combining marks** (U+0300..U+036F) are dropped, so decomposed
//!    text (`e` + U+0301) becomes its base letters too.
//! 3. **Letters without a decomposition** are spelt out: `Æ` → `AE`,
//!    `æ` → `ae`, `Œ` → `OE`, `œ` → `oe`, `ß` → `ss`, `ẞ` → `SS`, `Þ` →
//!    `TH`, `þ` → `th`, `Ð`/`Đ` → `D`, `ð`/`đ` → `d`, `Ø` → `O`, `ø` →
//!    `o`, `Ł` → `L`, `ł` → `l`, `Ħ` → `H`, `ħ` → `h`, `ı` → `i`, `ĸ` →
//!    `k`, `Ŋ` → `N`, `ŋ` → `n`, `Ŧ` → `T`, `ŧ` → `t`, `ſ` → `s`, `ƒ` →
//!    `f`, `Ĳ` → `IJ`, `ĳ` → `ij`, `Ŀ` → `L`, `ŀ` → `l`, `ŉ` → `'n`,
//!    `Ǆ ǅ ǆ` → `DZ Dz dz`, `Ǉ ǈ ǉ` → `LJ Lj lj`, `Ǌ ǋ ǌ` → `NJ Nj nj`.
//! 4. **Ligatures** (U+FB00..U+FB06) are spelt out: `ﬀ` → `ff`, `ﬁ` →
//!    `fi`, `ﬂ` → `fl`, `ﬃ` → `ffi`, `ﬄ` → `ffl`, `ﬅ`/`ﬆ` → `st`.
//! 5. **Punctuation**: the quotation marks `‘ ’ ‛ ′` → `'`, `‚` → `,`,
//!    `“ ” ‟ ″` → `"`, `„` → `,,`, `‹` → `<`, `›` → `>`, `«` → `<<`, `»`
//!    → `>>`; the hyphens and dashes U+2010..U+2015 and the minus sign
//!    U+2212 → `-`; `…` → `...`, `•` → `o`, `·` → `.`, `‖` → `||`, `⁄`
//!    and `∕` → `/`, `¡` → `!`, `¿` → `?`, `¦` → `|`.
//! 6. **Spaces**: no-break and typographic spaces (U+00A0, U+2000..U+200A,
//!    U+202F, U+205F, U+3000) → a space; the zero-width space (U+200B)
//!    and the soft hyphen (U+00AD) are dropped.
//! 7. **Symbols**: `€` → `EUR`, `£` → `GBP`, `¥` → `JPY`, `¢` → `c`,
//!    `©` → `(C)`, `®` → `(R)`, `™` → `TM`, `№` → `No`, `±` → `+/-`,
//!    `×` → `x`, `÷` → `/`, `≤` → `<=`, `≥` → `>=`, `≠` → `!=`, `←` →
//!    `<-`, `→` → `->`, `↔` → `<->`, `⇐` → `<=`, `⇒` → `=>`, `¹ ² ³` →
//!    `1 2 3`, `¼ ½ ¾` → ` 1/4  1/2  3/4`, `µ` → `u`, `ª` → `a`, `º` → `o`.
//! 8. **Fullwidth forms** of ASCII (U+FF01..U+FF5E) become that ASCII
//!    character.

/// Base letters of U+00C0..U+00FF, one byte per character; `.` where the
/// letter has no decomposition to an ASCII letter (see [`SPELT`]).
const LATIN1_SUPPLEMENT: &[u8; 64] =
    b"AAAAAA.CEEEEIIII.NOOOOO..UUUUY..aaaaaa.ceeeeiiii.nooooo..uuuuy.y";

/// Base letters of U+0100..U+017F, as [`LATIN1_SUPPLEMENT`].
const LATIN_EXTENDED_A: &[u8; 128] = b"AaAaAaCcCcCcCcDd..EeEeEeEeEeGgGgGgGgHh..IiIiIiIiI...JjKk.LlLlLl....NnNnNn...OoOoOo..RrRrRrSsSsSsSsTtTt..UuUuUuUuUuUuWwYyYZzZzZz.";

/// Base letters of U+1E00..U+1EFF, as [`LATIN1_SUPPLEMENT`].
const LATIN_EXTENDED_ADDITIONAL: &[u8; 256] = b"AaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwy......AaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYy......";

/// Every other entry, sorted by character.
const SPELT: &[(char, &str)] = &[
    ('\u{A0}', " "),
    ('¡', "!"),
    ('¢', "c"),
    ('£', "GBP"),
    ('¥', "JPY"),
    ('¦', "|"),
    ('©', "(C)"),
    ('ª', "a"),
    ('«', "<<"),
    ('\u{AD}', ""),
    ('®', "(R)"),
    ('±', "+/-"),
    ('²', "2"),
    ('³', "3"),
    ('µ', "u"),
    ('·', "."),
    ('¹', "1"),
    ('º', "o"),
    ('»', ">>"),
    ('¼', " 1/4"),
    ('½', " 1/2"),
    ('¾', " 3/4"),
    ('¿', "?"),
    ('Æ', "AE"),
    ('Ð', "D"),
    ('×', "x"),
    ('Ø', "O"),
    ('Þ', "TH"),
    ('ß', "ss"),
    ('æ', "ae"),
    ('ð', "d"),
    ('÷', "/"),
    ('ø', "o"),
    ('þ', "th"),
    ('Đ', "D"),
    ('đ', "d"),
    ('Ħ', "H"),
    ('ħ', "h"),
    ('ı', "i"),
    ('Ĳ', "IJ"),
    ('ĳ', "ij"),
    ('ĸ', "k"),
    ('Ŀ', "L"),
    ('ŀ', "l"),
    ('Ł', "L"),
    ('ł', "l"),
    ('ŉ', "'n"),
    ('Ŋ', "N"),
    ('ŋ', "n"),
    ('Œ', "OE"),
    ('œ', "oe"),
    ('Ŧ', "T"),
    ('ŧ', "t"),
    ('ſ', "s"),
    ('ƒ', "f"),
    ('Ơ', "O"),
    ('ơ', "o"),
    ('Ư', "U"),
    ('ư', "u"),
    ('Ǆ', "DZ"),
    ('ǅ', "Dz"),
    ('ǆ', "dz"),
    ('Ǉ', "LJ"),
    ('ǈ', "Lj"),
    ('ǉ', "lj"),
    ('Ǌ', "NJ"),
    ('ǋ', "Nj"),
    ('ǌ', "nj"),
    ('Ǎ', "A"),
    ('ǎ', "a"),
    ('Ǐ', "I"),
    ('ǐ', "i"),
    ('Ǒ', "O"),
    ('ǒ', "o"),
    ('Ǔ', "U"),
    ('ǔ', "u"),
    ('Ǖ', "U"),
    ('ǖ', "u"),
    ('Ǘ', "U"),
    ('ǘ', "u"),
    ('Ǚ', "U"),
    ('ǚ', "u"),
    ('Ǜ', "U"),
    ('ǜ', "u"),
    ('Ș', "S"),
    ('ș', "s"),
    ('Ț', "T"),
    ('ț', "t"),
    ('ẛ', "s"),
    ('ẞ', "SS"),
    ('\u{2000}', " "),
    ('\u{2001}', " "),
    ('\u{2002}', " "),
    ('\u{2003}', " "),
    ('\u{2004}', " "),
    ('\u{2005}', " "),
    ('\u{2006}', " "),
    ('\u{2007}', " "),
    ('\u{2008}', " "),
    ('\u{2009}', " "),
    ('\u{200A}', " "),
    ('\u{200B}', ""),
    ('‐', "-"),
    ('‑', "-"),
    ('‒', "-"),
    ('–', "-"),
    ('—', "-"),
    ('―', "-"),
    ('‖', "||"),
    ('‘', "'"),
    ('’', "'"),
    ('‚', ","),
    ('‛', "'"),
    ('“', "\""),
    ('”', "\""),
    ('„', ",,"),
    ('‟', "\""),
    ('•', "o"),
    ('…', "..."),
    ('\u{202F}', " "),
    ('′', "'"),
    ('″', "\""),
    ('‹', "<"),
    ('›', ">"),
    ('⁄', "/"),
    ('\u{205F}', " "),
    ('€', "EUR"),
    ('№', "No"),
    ('™', "TM"),
    ('←', "<-"),
    ('→', "->"),
    ('↔', "<->"),
    ('⇐', "<="),
    ('⇒', "=>"),
    ('−', "-"),
    ('∕', "/"),
    ('≠', "!="),
    ('≤', "<="),
    ('≥', ">="),
    ('\u{3000}', " "),
    ('ﬀ', "ff"),
    ('ﬁ', "fi"),
    ('ﬂ', "fl"),
    ('ﬃ', "ffi"),
    ('ﬄ', "ffl"),
    ('ﬅ', "st"),
    ('ﬆ', "st"),
];

/// The printable ASCII characters, for the fullwidth forms.
const PRINTABLE: &str =
    "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";

/// One byte of a base-letter table as a `&str`, unless it is `.`.
fn base(table: &'static [u8], i: usize) -> Option<&'static str> {
    let b = table.get(i..i + 1)?;
    if b == b"." {
        return None;
    }
    std::str::from_utf8(b).ok()
}

/// The transliteration of `c` (ASCII, possibly empty), or `None` when the
/// table has none (then the output gets `?`).
pub fn lookup(c: char) -> Option<&'static str> {
    let u = c as usize;
    let by_base = match u {
        0xC0..=0xFF => base(LATIN1_SUPPLEMENT, u - 0xC0),
        0x100..=0x17F => base(LATIN_EXTENDED_A, u - 0x100),
        0x1E00..=0x1EFF => base(LATIN_EXTENDED_ADDITIONAL, u - 0x1E00),
        0x300..=0x36F => return Some(""),
        0xFF01..=0xFF5E => return PRINTABLE.get(u - 0xFF01..u - 0xFF00),
        _ => None,
    };
    by_base.or_else(|| SPELT.binary_search_by_key(&c, |&(k, _)| k).ok().map(|i| SPELT[i].1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_ascii_and_not_shadowed() {
        for pair in SPELT.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{:?} before {:?}", pair[0], pair[1]);
        }
        for &(c, s) in SPELT {
            assert!(s.is_ascii(), "{c}");
            // No spelt entry hides behind a base letter.
            assert_eq!(lookup(c), Some(s), "{c} (U+{:04X})", c as u32);
        }
        assert_eq!(PRINTABLE.len(), 0x7E - 0x21 + 1);
    }

    #[test]
    fn examples() {
        for (c, want) in [
            ('é', Some("e")),
            ('Ő', Some("O")),
            ('ệ', Some("e")),
            ('œ', Some("oe")),
            ('€', Some("EUR")),
            ('’', Some("'")),
            ('\u{301}', Some("")),
            ('Ａ', Some("A")),
            ('～', Some("~")),
            ('😀', None),
            ('λ', None),
            ('\u{1E9A}', None),
        ] {
            assert_eq!(lookup(c), want, "{c}");
        }
    }

    /// Each base letter is the start of the letter's canonical
    /// decomposition, as Python's `unicodedata` (the Unicode Character
    /// Database) gives it, and every letter of the three ranges whose
    /// decomposition starts with an ASCII letter has one.
    #[test]
    fn base_letters_agree_with_the_unicode_database() {
        let script = "import sys, unicodedata as u\n\
            for line in sys.stdin:\n\
            \x20   c = chr(int(line))\n\
            \x20   d = u.normalize('NFD', c)\n\
            \x20   print(d[0] if len(d) > 1 and d[0].isascii() else '.')\n";
        let codes: Vec<u32> = (0xC0..0x180).chain(0x1E00..0x1F00).collect();
        let input: String = codes.iter().map(|u| format!("{u}\n")).collect();
        let Some(out) = python(script, &input) else {
            eprintln!("skipped: python3 is not available");
            return;
        };
        for (u, want) in codes.iter().zip(out.lines()) {
            let c = char::from_u32(*u).expect("a scalar value");
            let by_base = match *u as usize {
                u @ 0xC0..=0xFF => base(LATIN1_SUPPLEMENT, u - 0xC0),
                u @ 0x100..=0x17F => base(LATIN_EXTENDED_A, u - 0x100),
                u => base(LATIN_EXTENDED_ADDITIONAL, u - 0x1E00),
            };
            assert_eq!(by_base.unwrap_or("."), want, "{c} (U+{u:04X})");
        }
    }

    fn python(script: &str, input: &str) -> Option<String> {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut child = Command::new("python3")
            .args(["-c", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        child.stdin.take()?.write_all(input.as_bytes()).ok()?;
        let out = child.wait_with_output().ok()?;
        out.status.success().then(|| String::from_utf8(out.stdout).expect("ASCII"))
    }
}
