//! Byte search a word at a time: the fallback of `arch::find_byte` where
//! the target has no baseline vectors, and the reverse search.

const ONES: u64 = 0x0101_0101_0101_0101;

/// The first eight bytes of `b` as a little-endian word.
#[inline(always)]
fn word(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[..8]);
    u64::from_le_bytes(w)
}

/// The high bit of each byte of `w` that equals `needle`, and possibly of
/// bytes above such a byte (a borrow runs upward only): the lowest flagged
/// byte is always a real one.
#[inline(always)]
fn matches(w: u64, needle: u8) -> u64 {
    let x = w ^ (ONES * u64::from(needle));
    x.wrapping_sub(ONES) & !x & (ONES << 7)
}

/// The index of the first `needle` in `bytes`: four words per step, the
/// tail byte by byte.
#[inline(always)]
pub(crate) fn find_byte(bytes: &[u8], needle: u8) -> Option<usize> {
    let mut blocks = bytes.chunks_exact(32);
    let mut at = 0;
    for block in &mut blocks {
        let w = [
            matches(word(&block[..8]), needle),
            matches(word(&block[8..16]), needle),
            matches(word(&block[16..24]), needle),
            matches(word(&block[24..]), needle),
        ];
        if (w[0] | w[1] | w[2] | w[3]) != 0 {
            let i = w.iter().position(|&x| x != 0).unwrap_or(0);
            return Some(at + 8 * i + (w[i].trailing_zeros() / 8) as usize);
        }
        at += 32;
    }
    blocks.remainder().iter().position(|&b| b == needle).map(|i| at + i)
}

/// The index of the last `needle` in `bytes`, as [`find_byte`] from the
/// end (the highest flagged byte of a word may be a false one, so the
/// block that has one is searched byte by byte).
// The lines codec's only (tokio).
#[cfg_attr(not(feature = "tokio"), allow(dead_code))]
#[inline]
pub(crate) fn rfind_byte(bytes: &[u8], needle: u8) -> Option<usize> {
    let mut end = bytes.len();
    while end >= 32 {
        let block = &bytes[end - 32..end];
        if (0..4).any(|i| matches(word(&block[8 * i..]), needle) != 0) {
            return block.iter().rposition(|&b| b == needle).map(|i| end - 32 + i);
        }
        end -= 32;
    }
    bytes[..end].iter().rposition(|&b| b == needle)
}
