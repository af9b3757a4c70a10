//! Byte search over [`ByteSearch`] vectors: two vectors a step, then one,
//! and the tail with one vector that ends at the input's end.

use super::vector::ByteSearch;

/// The index of the first `needle` in `bytes`.
///
/// # Safety
///
/// The CPU runs `V`'s instructions: always true of a [`ByteSearch`] type
/// of the compilation target (its contract), which is what makes the
/// callers' `unsafe` blocks sound.
#[inline(always)]
pub(crate) unsafe fn find_byte<V: ByteSearch>(bytes: &[u8], needle: u8) -> Option<usize> {
    const { assert!(V::BYTES <= 16 && V::LANE_BITS >= 1 && V::LANE_BITS <= 4) };
    let (p, len) = (bytes.as_ptr(), bytes.len());
    let lane = |m: u64| (m.trailing_zeros() / V::LANE_BITS) as usize;
    let mut at = 0;
    // SAFETY: the caller guarantees V's instructions; every load reads
    // `V::BYTES` bytes at `p + at` with `at + V::BYTES <= len`, or at
    // `len - V::BYTES` when `len >= V::BYTES`: inside `bytes`.
    unsafe {
        let n = V::splat(needle);
        while at + 2 * V::BYTES <= len {
            let a = V::load(p.add(at)).eq_mask(n);
            let b = V::load(p.add(at + V::BYTES)).eq_mask(n);
            if a | b != 0 {
                return Some(at + if a != 0 { lane(a) } else { V::BYTES + lane(b) });
            }
            at += 2 * V::BYTES;
        }
        if at + V::BYTES <= len {
            let a = V::load(p.add(at)).eq_mask(n);
            if a != 0 {
                return Some(at + lane(a));
            }
            at += V::BYTES;
        }
        if at == len {
            return None;
        }
        if len >= V::BYTES {
            // The last vector of the input, overlapping what was searched:
            // its lanes before `at` are dropped (fewer than `V::BYTES`
            // bytes are left, so `start < at < len`, `at - start <
            // V::BYTES` and the shift is below 64).
            let start = len - V::BYTES;
            let skip = at - start;
            let m = V::load(p.add(start)).eq_mask(n) >> (skip as u32 * V::LANE_BITS);
            return (m != 0).then(|| start + skip + lane(m));
        }
    }
    bytes.iter().position(|&b| b == needle)
}

#[cfg(test)]
mod tests {
    /// The byte search with the target's vectors and the word-at-a-time
    /// searches against `position`/`rposition`: every length to 100, at
    /// start offsets across a vector, with no needle, one at every
    /// position, and a second after it; the filler bytes differ from the
    /// needle in one bit each (the words' borrow trick sees them first).
    #[test]
    fn find_byte_agrees_with_position() {
        let mut buf = [0u8; 128];
        for needle in [b'\n', 0x00, 0x80, 0xFF] {
            for (i, b) in buf.iter_mut().enumerate() {
                *b = needle ^ (1 << (i % 8));
            }
            let check = |hay: &[u8]| {
                let first = hay.iter().position(|&b| b == needle);
                assert_eq!(crate::arch::find_byte(hay, needle), first, "{hay:?}");
                assert_eq!(crate::scalar::find::find_byte(hay, needle), first, "{hay:?}");
                let last = hay.iter().rposition(|&b| b == needle);
                assert_eq!(crate::scalar::find::rfind_byte(hay, needle), last, "{hay:?}");
            };
            for len in 0..=100 {
                for off in [0, 1, 7, 15, 16, 27] {
                    let filler = buf;
                    check(&buf[off..off + len]);
                    for pos in 0..len {
                        buf[off + pos] = needle;
                        check(&buf[off..off + len]);
                        for second in [pos + 1, pos + 9, len - 1] {
                            if second > pos && second < len {
                                buf[off + second] = needle;
                                check(&buf[off..off + len]);
                                buf[off + second] = filler[off + second];
                            }
                        }
                        buf[off + pos] = filler[off + pos];
                    }
                }
            }
        }
    }
}
