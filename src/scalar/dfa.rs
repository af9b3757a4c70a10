//! The table-driven UTF-8 validator.
//!
//! A shift-based DFA (see `build.rs`, which derives the table from the
//! RFC 3629 grammar): the state is a bit offset into the current byte's
//! packed transition row, so each byte costs one table load (independent of
//! the state, so off the critical path) and one shift (the only dependency
//! from byte to byte). Runs of ASCII between characters are skipped 16 bytes
//! at a time.
//!
//! The DFA only answers "valid or not". When it rejects, it reports the
//! start of the 16-byte chunk it was working on, and the one `#[cold]`
//! rewind in [`super::utf8`] computes the exact error, as for the SIMD
//! kernels.

include!(concat!(env!("OUT_DIR"), "/utf8_dfa.rs"));

use super::ascii::is_ascii16;

// Six bits per state must fit the packed u64 rows.
const _: () = assert!(STATES * 6 <= 64);

/// DFA chunk: how many bytes run between REJECT checks. REJECT is absorbing,
/// so checking per chunk loses nothing; the rewind finds the exact spot.
const CHUNK: usize = 16;

#[inline(always)]
fn step(state: u64, byte: u8) -> u64 {
    // The state is kept unmasked: only its low six bits are the offset, and
    // `wrapping_shr` masks the count to six bits exactly as the hardware
    // does, so the hot loop is one shift per byte with no `& 63`.
    SHIFT_TABLE[byte as usize].wrapping_shr(state as u32)
}

/// Validates `bytes`. `Err(pos)` means `bytes[..pos]` was read without
/// rejection (it is valid UTF-8 except perhaps for an incomplete last
/// character) and the first error is at or after the character containing
/// `bytes[pos - 1]`: the contract of [`super::utf8::rewind`].
#[inline]
pub(crate) fn validate(bytes: &[u8]) -> Result<(), usize> {
    let len = bytes.len();
    let mut state = ACCEPT;
    let mut i = 0;
    while i < len {
        if state & 63 == ACCEPT {
            while i + 16 <= len && is_ascii16(bytes, i) {
                i += 16;
            }
            if i == len {
                break;
            }
        }
        let start = i;
        if i + CHUNK <= len {
            // Fixed trip count: the compiler unrolls it fully.
            for k in 0..CHUNK {
                state = step(state, bytes[start + k]);
            }
            i += CHUNK;
        } else {
            for &b in &bytes[start..] {
                state = step(state, b);
            }
            i = len;
        }
        if state & 63 == REJECT {
            return Err(start);
        }
    }
    if state & 63 == ACCEPT {
        Ok(())
    } else {
        // Valid so far but truncated: the rewind from the end finds it.
        Err(len)
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
        assert_eq!(STATES, 9);
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
