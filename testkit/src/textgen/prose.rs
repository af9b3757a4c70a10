//! Prose-like text from a [`Profile`]: the chain of tokens (words, numbers,
//! separators) that the profile measured, walked at random.
//!
//! Each step picks the next token's kind from the measured transitions out
//! of the current one (a word is followed by `" "` or `","` as often as in
//! the reference, `"."` by `" "` or a paragraph break, ...). A word takes
//! its length from the measured histogram of words before the token that
//! follows it (both drawn from decks,
//! [`Deck`], so that even a few kilobytes have the measured mix) and its
//! letters independently
//! from the measured letter frequencies, except that a letter never seen
//! first in a word (a combining mark) is neither first nor after another
//! such letter; it is capitalised as often as words were at the start of
//! a sentence and elsewhere. A number takes its length and digits the same
//! way. So the text has the reference's mix of 1-, 2-, 3- and 4-byte
//! characters *and* their arrangement: runs of letters of the measured
//! lengths between ASCII spaces and punctuation, which is what the speed
//! of a UTF-8 or UTF-16 kernel depends on.

use super::profile::{Profile, Tail};
use super::rng::{Deck, Rng};
use super::stats::ends_sentence;

/// Picks the letters of one profile.
struct Letters<'p> {
    profile: &'p Profile,
    /// The weight of each letter, then of each tail.
    weights: Vec<u32>,
}

impl<'p> Letters<'p> {
    fn new(profile: &'p Profile) -> Self {
        let mut weights: Vec<u32> = profile.letters.iter().map(|&(_, n)| n).collect();
        weights.extend(profile.tails.iter().map(Tail::weight));
        Letters { profile, weights }
    }

    fn any(&self, rng: &mut Rng) -> char {
        let i = rng.weighted(&self.weights);
        match self.profile.letters.get(i) {
            Some(&(c, _)) => c,
            None => match self.profile.tails[i - self.profile.letters.len()] {
                Tail::Chars(cs, _) => {
                    let n = cs.chars().count() as u64;
                    cs.chars().nth(rng.below(n) as usize).expect("below the count")
                }
                Tail::Range(lo, hi, _) => loop {
                    let span = u64::from(hi as u32 - lo as u32) + 1;
                    let c = lo as u32 + rng.below(span) as u32;
                    if let Some(c) = char::from_u32(c) {
                        break c;
                    }
                },
            },
        }
    }

    /// A letter that may follow `prev` (`None`: the first of a word).
    fn after(&self, prev: Option<char>, rng: &mut Rng) -> char {
        let marks = self.profile.non_initial;
        let free = prev.is_some_and(|p| !marks.contains(p));
        // A profile has letters other than marks (each of its words starts
        // with one), so this ends; the bound is for a hand-written one.
        for _ in 0..64 {
            let c = self.any(rng);
            if free || !marks.contains(c) {
                return c;
            }
        }
        self.any(rng)
    }
}

/// About `len` bytes of text after `profile` from the stream of `seed`:
/// exactly `len` where a character ends there, else up to 3 bytes less.
pub fn prose(profile: &Profile, seed: u64, len: usize) -> String {
    let mut rng = Rng::new(seed ^ name_hash(profile.name));
    let letters = Letters::new(profile);
    let states = 2 + profile.separators.len();
    let mut next: Vec<(Vec<u8>, Vec<u32>)> = vec![(Vec::new(), Vec::new()); states];
    for &(from, to, n) in profile.transitions {
        next[from as usize].0.push(to);
        next[from as usize].1.push(n);
    }
    // Decks, not independent draws, for what the byte mix of a short
    // stretch depends on: the kind of each next token, word and number
    // lengths.
    let mut next: Vec<(Vec<u8>, Option<Deck>)> = next
        .into_iter()
        .map(|(to, w)| {
            let deck = (!to.is_empty()).then(|| Deck::new(&w));
            (to, deck)
        })
        .collect();
    let mut word_len = Deck::new(profile.word_len);
    let mut word_len_before: Vec<Option<Deck>> = vec![None; states];
    for &(state, hist) in profile.word_len_before {
        word_len_before[usize::from(state)] = Some(Deck::new(hist));
    }
    let mut number_len = (!profile.number_len.is_empty()).then(|| Deck::new(profile.number_len));
    let digit_weights: Vec<u32> = profile.digits.iter().map(|&(_, n)| n).collect();

    let mut out = String::with_capacity(len + 256);
    let mut state = 0usize;
    let mut at_start = true;
    while out.len() < len {
        // Where the reference never left a state (a text that is one run
        // of emoji), the run goes on: another word.
        let (to, deck) = &mut next[state];
        let following = match deck {
            Some(deck) => usize::from(to[deck.draw(&mut rng)]),
            None => 0,
        };
        match state {
            0 => {
                // The word's length, given what follows it.
                let lengths = word_len_before[following].as_mut().unwrap_or(&mut word_len);
                let n = lengths.draw(&mut rng) + 1;
                let (caps, of) =
                    if at_start { profile.capitals_at_start } else { profile.capitals_elsewhere };
                let mut prev = None;
                for i in 0..n {
                    let c = letters.after(prev, &mut rng);
                    if i == 0 && rng.chance(u64::from(caps), u64::from(of)) {
                        out.extend(c.to_uppercase());
                    } else {
                        out.push(c);
                    }
                    prev = Some(c);
                }
                at_start = false;
            }
            1 => {
                let n = number_len.as_mut().expect("a profile with numbers").draw(&mut rng) + 1;
                for _ in 0..n {
                    out.push(profile.digits[rng.weighted(&digit_weights)].0);
                }
                at_start = false;
            }
            s => {
                let sep = profile.separators[s - 2];
                out.push_str(sep);
                at_start |= ends_sentence(sep);
            }
        }
        state = following;
    }
    let mut end = len.min(out.len());
    while !out.is_char_boundary(end) {
        end -= 1;
    }
    out.truncate(end);
    out
}

/// As [`prose`], then repeated the way the reference repeats itself: a
/// block of `len / profile.copies` bytes written out `copies` times (cut
/// at `len`). The lipsum files of the shared corpus are such repeats, and
/// a branch predictor learns a block of a few kilobytes: some kernels run
/// up to 15 % faster on them than on text that never repeats. Use this to
/// measure what a figure on the reference would be, [`prose`] for text
/// as it comes.
pub fn prose_repeating(profile: &Profile, seed: u64, len: usize) -> String {
    let copies = profile.copies.max(1) as usize;
    if copies == 1 {
        return prose(profile, seed, len);
    }
    let block = prose(profile, seed, len.div_ceil(copies));
    let mut out = block.repeat(copies);
    let mut end = len.min(out.len());
    while !out.is_char_boundary(end) {
        end -= 1;
    }
    out.truncate(end);
    out
}

/// FNV-1a of `name`, so that one seed gives unrelated streams per language.
fn name_hash(name: &str) -> u64 {
    name.bytes()
        .fold(0xCBF2_9CE4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3))
}
