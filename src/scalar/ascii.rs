//! Word-at-a-time ASCII checks.

const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Reads 8 bytes as a native-endian word. Used only for bit tests where the
/// byte order does not matter.
#[inline(always)]
pub(crate) fn word(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[at..at + 8]);
    u64::from_ne_bytes(w)
}

/// Whether the 16 bytes at `at` are all ASCII. `bytes[at..at + 16]` must
/// exist.
#[inline(always)]
pub(crate) fn is_ascii16(bytes: &[u8], at: usize) -> bool {
    (word(bytes, at) | word(bytes, at + 8)) & HIGH_BITS == 0
}

/// The length of the all-ASCII prefix of `bytes`, rounded down to whole
/// 16-byte groups before the first non-ASCII group, then finished bytewise.
#[inline]
pub(crate) fn ascii_prefix_len(bytes: &[u8]) -> usize {
    let mut i = 0;
    while i + 16 <= bytes.len() && is_ascii16(bytes, i) {
        i += 16;
    }
    while i < bytes.len() && bytes[i] < 0x80 {
        i += 1;
    }
    i
}

/// Whether every byte is ASCII: 32 bytes per iteration, OR-ing words so the
/// loop has no early exit and vectorises.
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    let mut chunks = bytes.chunks_exact(32);
    let mut acc = 0u64;
    for c in &mut chunks {
        acc |= word(c, 0) | word(c, 8) | word(c, 16) | word(c, 24);
        // Check once per 256 bytes would be faster still, but an early
        // exit every 32 bytes keeps a late-non-ASCII buffer cheap.
        if acc & HIGH_BITS != 0 {
            return false;
        }
    }
    chunks.remainder().iter().all(|&b| b < 0x80)
}
