//! The table-driven UTF-8 validator.
//!
//! A shift-based DFA (see [`super::dfa_table`], which derives the table
//! from the RFC 3629 grammar): the state is a bit offset into the current
//! byte's packed transition row, so each byte costs one table load
//! (independent of the state, so off the critical path) and one shift (the
//! only dependency from byte to byte). Runs of ASCII between characters
//! are skipped a [`CHUNK`] at a time.
//!
//! The DFA only answers "valid or not". When it rejects, it reports the
//! start of the [`CHUNK`] it was working on, and the one `#[cold]`
//! rewind in [`super::utf8`] computes the exact error, as for the SIMD
//! kernels.

/// The DFA, derived at compile time.
const DFA: super::dfa_table::Dfa = super::dfa_table::derive();
/// The REJECT state, as a bit offset. Absorbing.
pub(crate) const REJECT: u64 = 0;
/// The ACCEPT state (between characters), as a bit offset.
pub(crate) const ACCEPT: u64 = 6;
/// Packed transition rows, indexed by byte; see [`super::dfa_table`].
pub(crate) static SHIFT_TABLE: [u64; 256] = DFA.table;

/// Bytes per step of the outer loop: one ASCII test (four words OR-ed)
/// or one unrolled run of the DFA, then one REJECT check. REJECT is
/// absorbing, so checking per chunk loses nothing; the rewind finds the
/// exact spot.
const CHUNK: usize = 32;

#[inline(always)]
fn step(state: u64, byte: u8) -> u64 {
    // The state is kept unmasked: only its low six bits are the offset, and
    // `wrapping_shr` masks the count to six bits exactly as the hardware
    // does, so the hot loop is one shift per byte with no `& 63`.
    SHIFT_TABLE[byte as usize].wrapping_shr(state as u32)
}

/// Whether a whole chunk is ASCII.
#[inline(always)]
fn is_ascii_chunk(chunk: &[u8; CHUNK]) -> bool {
    let w = |k: usize| u64::from_ne_bytes(*chunk[k..].first_chunk::<8>().unwrap_or(&[0; 8]));
    (w(0) | w(8) | w(16) | w(24)) & 0x8080_8080_8080_8080 == 0
}

/// The length of the run of whole ASCII chunks at the start of `bytes`.
///
/// Not inlined: inside [`validate`], whose DFA steps can reuse the bytes
/// this loop loads, the compiler kept them in general registers (four
/// 8-byte loads per chunk instead of two 16-byte ones), and ASCII text ran
/// at two thirds of the speed (27 against 40 GB/s on the Latin lipsum
/// text, AMD EPYC).
#[inline(never)]
fn ascii_chunks(bytes: &[u8]) -> usize {
    let mut rest = bytes;
    while let Some((chunk, after)) = rest.split_first_chunk::<CHUNK>() {
        if !is_ascii_chunk(chunk) {
            break;
        }
        rest = after;
    }
    bytes.len() - rest.len()
}

/// Validates `bytes`. `Err(pos)` means `bytes[..pos]` was read without
/// rejection (it is valid UTF-8 except perhaps for an incomplete last
/// character) and the first error is at or after the character containing
/// `bytes[pos - 1]`: the contract of [`super::utf8::rewind`].
#[inline]
pub(crate) fn validate(bytes: &[u8]) -> Result<(), usize> {
    let mut state = ACCEPT;
    // `rest` starts at a chunk boundary; each chunk is an array, so the
    // DFA's loop over it has a constant trip count.
    let mut rest = bytes;
    while let Some((chunk, after)) = rest.split_first_chunk::<CHUNK>() {
        // ASCII runs are skipped only between characters; a run of more
        // than one chunk in a loop of its own.
        if state & 63 == ACCEPT && is_ascii_chunk(chunk) {
            rest = after.get(ascii_chunks(after)..).unwrap_or_default();
            continue;
        }
        // Fixed trip count over an array: fully unrolled, no bounds checks.
        for &b in chunk {
            state = step(state, b);
        }
        if state & 63 == REJECT {
            // The chunk's start.
            return Err(bytes.len() - rest.len());
        }
        rest = after;
    }
    let pos = bytes.len() - rest.len();
    for &b in rest {
        state = step(state, b);
    }
    match state & 63 {
        ACCEPT => Ok(()),
        REJECT => Err(pos),
        // Valid so far but truncated: the rewind from the end finds it.
        _ => Err(bytes.len()),
    }
}

/// Whether `bytes` is valid UTF-8; never computes an error position.
#[inline]
pub(crate) fn is_valid(bytes: &[u8]) -> bool {
    validate(bytes).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_shape() {
        // REJECT is absorbing and at offset 0; nine states fit in a u64.
        assert_eq!(DFA.states, 9);
        for b in 0..=255u8 {
            assert_eq!(step(REJECT, b) & 63, REJECT);
        }
        for b in 0..0x80u8 {
            assert_eq!(step(ACCEPT, b) & 63, ACCEPT);
        }
        for b in 0x80..=0xC1u8 {
            assert_eq!(step(ACCEPT, b) & 63, REJECT);
        }
        for b in 0xF5..=0xFFu8 {
            assert_eq!(step(ACCEPT, b) & 63, REJECT);
        }
    }
}
