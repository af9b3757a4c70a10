//! The UTF-16 and UTF-32 forms of a generated text, made from its UTF-8
//! by std (`str::encode_utf16`, `str::chars`), the tests' oracle.

/// The byte order mark, U+FEFF.
const BOM: char = '\u{FEFF}';

/// `text` as UTF-16LE bytes.
pub fn utf16le(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

/// `text` as UTF-16BE bytes.
pub fn utf16be(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_be_bytes).collect()
}

/// `FF FE` and `text` as UTF-16LE: a UTF-16 file as Windows writes it.
pub fn utf16le_with_bom(text: &str) -> Vec<u8> {
    let mut out = utf16le(&BOM.to_string());
    out.extend(utf16le(text));
    out
}

/// `text` as UTF-32LE bytes.
pub fn utf32le(text: &str) -> Vec<u8> {
    text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect()
}

/// `text` as UTF-32BE bytes.
pub fn utf32be(text: &str) -> Vec<u8> {
    text.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect()
}

/// `text` as UTF-16 code units (values, not bytes).
pub fn utf16_units(text: &str) -> Vec<u16> {
    text.encode_utf16().collect()
}

/// `text` as UTF-32 values.
pub fn utf32_values(text: &str) -> Vec<u32> {
    text.chars().map(u32::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_of_a_text_with_every_width() {
        let t = "a\u{E9}\u{20AC}\u{1F600}";
        assert_eq!(utf16le(t), [0x61, 0, 0xE9, 0, 0xAC, 0x20, 0x3D, 0xD8, 0x00, 0xDE]);
        assert_eq!(utf16be(t), [0, 0x61, 0, 0xE9, 0x20, 0xAC, 0xD8, 0x3D, 0xDE, 0x00]);
        assert_eq!(&utf16le_with_bom(t)[..2], [0xFF, 0xFE]);
        assert_eq!(utf32le(t)[12..], [0x00, 0xF6, 0x01, 0x00]);
        assert_eq!(utf32be(t)[..4], [0, 0, 0, 0x61]);
        assert_eq!(utf16_units(t).len(), 5);
        assert_eq!(utf32_values(t), [0x61, 0xE9, 0x20AC, 0x1F600]);
    }
}
