//! Legacy 8-bit text, for Latin-1 and Windows-1252 and for the error
//! strategies that guess them: generated French prose (accented Western
//! European letters) written in those encodings, and UTF-8 with
//! Windows-1252 fragments mixed in (text pasted together from files of
//! both kinds).

use super::prose::prose;
use super::rng::Rng;
use super::PROFILES;

fn french(seed: u64, len: usize) -> String {
    let profile = PROFILES.iter().find(|p| p.name == "French").expect("the French profile");
    prose(profile, seed, len)
}

/// The byte of `c` in Windows-1252 (WHATWG's mapping; the five undefined
/// bytes map to the C1 controls of the same value, which prose never has).
pub fn windows1252_byte(c: char) -> Option<u8> {
    // 0x80..=0x9F; U+0000 where WHATWG maps the byte to the C1 control.
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match c as u32 {
        0..=0x7F | 0xA0..=0xFF => Some(c as u8),
        _ => HIGH.iter().position(|&h| h == c).map(|i| 0x80 + i as u8),
    }
}

/// About `len` bytes of Latin-1: French prose, whose letters are all in
/// Latin-1 but for `œ` (written `oe`); other characters beyond U+00FF
/// (typographic quotes and dashes) become their ASCII look-alikes.
pub fn latin1(seed: u64, len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 8);
    for c in french(seed, len).chars() {
        match c as u32 {
            0..=0xFF => out.push(c as u8),
            _ => out.extend_from_slice(match c {
                'œ' => b"oe",
                'Œ' => b"OE",
                '’' | '‘' => b"'",
                '“' | '”' => b"\"",
                '–' | '—' => b"-",
                '…' => b"...",
                _ => b"?",
            }),
        }
    }
    out
}

/// About `len` bytes of Windows-1252 as Windows editors write French:
/// the prose of [`latin1`] with typographic punctuation, `’` for most
/// apostrophes, `“…”` around some words, `–` between some clauses, and
/// now and then a price in euros (`€`, `0x80`); about one byte in forty
/// in `0x80..=0x9F`.
pub fn windows1252(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed ^ 0x1252);
    let text = french(seed, len);
    let mut out = Vec::with_capacity(len + len / 16);
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(b' ');
            if rng.chance(1, 60) {
                out.extend_from_slice(b"\x96 ");
            }
            if rng.chance(1, 150) {
                out.extend_from_slice(
                    format!("{},{:02} ", rng.below(500), rng.below(100)).as_bytes(),
                );
                out.extend_from_slice(b"\x80 ");
            }
        }
        let quoted = rng.chance(1, 25);
        if quoted {
            out.push(0x93);
        }
        for c in word.chars() {
            match c {
                '\'' if !rng.chance(1, 5) => out.push(0x92),
                c => out.push(windows1252_byte(c).unwrap_or(b'?')),
            }
        }
        if quoted {
            out.push(0x94);
        }
    }
    out.truncate(len.max(1));
    out
}

/// About `len` bytes of UTF-8 French prose in which about one sentence in
/// `every` is written in Windows-1252 instead: valid UTF-8 but for those
/// fragments, whose accented letters and typographic punctuation are
/// single bytes of `0x80..=0xFF` (mostly invalid sequences, sometimes a
/// lead byte and a byte that happens to continue it).
pub fn utf8_with_legacy(seed: u64, len: usize, every: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed ^ 0x8_1252);
    let text = french(seed, len);
    let mut out = Vec::with_capacity(len);
    for sentence in text.split_inclusive(['.', '!', '?']) {
        if rng.chance(1, every.max(1)) {
            out.extend(sentence.chars().map(|c| windows1252_byte(c).unwrap_or(b'?')));
        } else {
            out.extend_from_slice(sentence.as_bytes());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_has_accents_and_no_c1_controls() {
        let t = latin1(1, 20_000);
        let high = t.iter().filter(|&&b| b >= 0xA0).count();
        assert!(high > 200, "{high}");
        assert!(t.iter().all(|&b| !(0x80..0xA0).contains(&b)));
    }

    #[test]
    fn windows1252_has_its_own_range() {
        let t = windows1252(1, 20_000);
        let c1 = t.iter().filter(|&&b| (0x80..0xA0).contains(&b)).count();
        assert!((t.len() / 100..t.len() / 15).contains(&c1), "{c1} of {}", t.len());
        assert!(t.contains(&0x80) && t.contains(&0x92) && t.contains(&0x93));
        assert!(std::str::from_utf8(&t).is_err());
    }

    #[test]
    fn windows1252_bytes_match_the_fixture_table() {
        let table = crate::legacy::windows1252_table();
        for (b, &c) in table.iter().enumerate() {
            assert_eq!(windows1252_byte(c), Some(b as u8), "{c:?}");
        }
    }

    #[test]
    fn mixed_text_is_mostly_utf8_with_errors() {
        let t = utf8_with_legacy(1, 50_000, 8);
        let e = std::str::from_utf8(&t).unwrap_err();
        assert!(e.valid_up_to() > 0);
        let lossy = String::from_utf8_lossy(&t);
        let bad = lossy.matches('\u{FFFD}').count();
        assert!((20..2000).contains(&bad), "{bad}");
    }
}
