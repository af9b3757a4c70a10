//! The generator's own pseudo-random numbers: SplitMix64 (Steele, Lea and
//! Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014),
//! integers only, so that a seed gives the same bytes on every platform,
//! compiler and version of this crate's dependencies.

/// A SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The stream of `seed`. Streams of different seeds are unrelated.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..n` (`n > 0`), without modulo bias: Lemire's
    /// multiply-and-reject ("Fast random integer generation in an
    /// interval", 2019).
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        den > 0 && self.below(den) < num
    }

    /// An index into `weights`, each picked with probability proportional
    /// to its weight (at least one weight must be non-zero).
    pub fn weighted<W: Copy + Into<u64>>(&mut self, weights: &[W]) -> usize {
        let total: u64 = weights.iter().map(|&w| w.into()).sum();
        let mut x = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            let w = w.into();
            if x < w {
                return i;
            }
            x -= w;
        }
        unreachable!("x < total")
    }
}

/// Draws from a weighted choice in decks of [`Deck::SIZE`]: each deck
/// takes one value from each of `SIZE` equal slices of the cumulative
/// weights (a uniform point within the slice) and deals them in a random
/// order. Every draw still follows the weights, and any run of `SIZE`
/// draws spans the whole distribution, so a short stretch of generated
/// text (a block a few kilobytes long) already has the measured mix.
#[derive(Clone, Debug)]
pub struct Deck {
    cumulative: Vec<u64>,
    hand: Vec<usize>,
}

impl Deck {
    /// Draws per deck.
    pub const SIZE: u64 = 32;

    /// A deck over `weights` (at least one non-zero).
    pub fn new<W: Copy + Into<u64>>(weights: &[W]) -> Self {
        let mut sum = 0;
        let cumulative = weights
            .iter()
            .map(|&w| {
                sum += w.into();
                sum
            })
            .collect();
        assert!(sum > 0, "a deck needs a non-zero weight");
        Deck { cumulative, hand: Vec::new() }
    }

    /// The next index.
    pub fn draw(&mut self, rng: &mut Rng) -> usize {
        if self.hand.is_empty() {
            let total = *self.cumulative.last().expect("weights");
            for i in 0..Self::SIZE {
                // A point of the i-th slice of 0..total.
                let lo = u128::from(i) * u128::from(total) / u128::from(Self::SIZE);
                let hi = u128::from(i + 1) * u128::from(total) / u128::from(Self::SIZE);
                let x = lo as u64 + rng.below((hi - lo).max(1) as u64);
                self.hand.push(self.cumulative.partition_point(|&c| c <= x));
            }
            // Fisher-Yates, so that the order is random too.
            for i in (1..self.hand.len()).rev() {
                self.hand.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        self.hand.pop().expect("a full hand")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64() {
        // The first outputs of SplitMix64 seeded with 0, as published with
        // the algorithm (and computed independently by many ports).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut r = Rng::new(7);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[r.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn a_deck_spans_the_weights_every_deck() {
        let mut r = Rng::new(3);
        let mut deck = Deck::new(&[1u32, 0, 3, 4]);
        for _ in 0..100 {
            let mut seen = [0u32; 4];
            for _ in 0..Deck::SIZE {
                seen[deck.draw(&mut r)] += 1;
            }
            // 32 draws over weights 1:0:3:4 of 8: exactly 4, 0, 12, 16.
            assert_eq!(seen, [4, 0, 12, 16]);
        }
    }

    #[test]
    fn weighted_follows_the_weights() {
        let mut r = Rng::new(1);
        let mut seen = [0u32; 3];
        for _ in 0..10_000 {
            seen[r.weighted(&[1u32, 0, 3])] += 1;
        }
        assert_eq!(seen[1], 0);
        assert!((2300..2700).contains(&seen[0]), "{seen:?}");
    }
}
