//! The scalar UTF-8 DFA, derived at compile time from the RFC 3629
//! grammar.
//!
//! The validator in [`super::dfa`] is a *shift-based* DFA: every input
//! byte indexes a 256-entry table of `u64`s, and each `u64` packs the whole
//! transition row of that byte, six bits per state:
//!
//! ```text
//! next_state = (TABLE[byte] >> state) & 63
//! ```
//!
//! where each state is stored as its own bit offset (a multiple of 6).
//! On x86_64 and aarch64 a 64-bit shift already masks its count to 6 bits,
//! so the hot loop needs no `& 63` at all: one load and one shift per byte.
//!
//! Writing those 256 packed constants by hand would be unreviewable, so
//! [`derive()`] computes them from the grammar below, which is RFC 3629
//! section 4 verbatim (also the "Encoding" table of the seed article), in
//! a `const fn`: the compiler runs it (in about a millisecond) and checks
//! the derivation (every state is reachable, REJECT is absorbing and sits
//! at offset 0, the packed row fits in 64 bits); the exhaustive tests in
//! `tests/` check the table again. (Unlike a build script, a `const fn`
//! needs no separate compilation and run before the crate's, which would
//! cost a second of every clean build.)
//!
//! ```text
//! UTF8-char   = UTF8-1 / UTF8-2 / UTF8-3 / UTF8-4
//! UTF8-1      = %x00-7F
//! UTF8-2      = %xC2-DF UTF8-tail
//! UTF8-3      = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//!               %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//! UTF8-4      = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//!               %xF4 %x80-8F 2( UTF8-tail )
//! UTF8-tail   = %x80-BF
//! ```

/// One alternative of the grammar: a lead-byte range, the range allowed for
/// the second byte (`None` for a 1-byte character), and how many plain
/// `UTF8-tail` bytes follow that.
struct Rule {
    lead: (u8, u8),
    second: Option<(u8, u8)>,
    tails_after_second: u8,
}

const TAIL: (u8, u8) = (0x80, 0xBF);

const GRAMMAR: &[Rule] = &[
    // UTF8-1
    Rule { lead: (0x00, 0x7F), second: None, tails_after_second: 0 },
    // UTF8-2
    Rule { lead: (0xC2, 0xDF), second: Some(TAIL), tails_after_second: 0 },
    // UTF8-3
    Rule { lead: (0xE0, 0xE0), second: Some((0xA0, 0xBF)), tails_after_second: 1 },
    Rule { lead: (0xE1, 0xEC), second: Some(TAIL), tails_after_second: 1 },
    Rule { lead: (0xED, 0xED), second: Some((0x80, 0x9F)), tails_after_second: 1 },
    Rule { lead: (0xEE, 0xEF), second: Some(TAIL), tails_after_second: 1 },
    // UTF8-4
    Rule { lead: (0xF0, 0xF0), second: Some((0x90, 0xBF)), tails_after_second: 2 },
    Rule { lead: (0xF1, 0xF3), second: Some(TAIL), tails_after_second: 2 },
    Rule { lead: (0xF4, 0xF4), second: Some((0x80, 0x8F)), tails_after_second: 2 },
];

/// At most this many states fit six bits each in a `u64`.
const MAX_STATES: usize = 64 / 6;

/// A partial-sequence state: "the next byte must lie in `range`, then
/// `more` tails".
#[derive(Clone, Copy)]
struct Expect {
    range: (u8, u8),
    more: u8,
}

/// The derived DFA.
pub(crate) struct Dfa {
    /// Number of states (REJECT, ACCEPT, and the partial-sequence states),
    /// which the tests check; `derive` already fails when they do not fit
    /// six bits each in a row.
    #[cfg(test)]
    pub(crate) states: usize,
    /// Packed transition rows, indexed by byte.
    pub(crate) table: [u64; 256],
}

/// The state of `e` among the first `n` of `states`, added if new:
/// `(state, states, n)` after the lookup. (The table goes in and out by
/// value because a `const fn` cannot take `&mut` before Rust 1.83.)
const fn intern(
    e: Expect,
    mut states: [Expect; MAX_STATES],
    n: usize,
) -> (usize, [Expect; MAX_STATES], usize) {
    // States 0 and 1 are REJECT and ACCEPT, which are not `Expect`s.
    let mut s = 2;
    while s < n {
        let x = states[s];
        if x.range.0 == e.range.0 && x.range.1 == e.range.1 && x.more == e.more {
            return (s, states, n);
        }
        s += 1;
    }
    assert!(n < MAX_STATES, "the DFA's states do not fit six bits each in a u64");
    states[n] = e;
    (n, states, n + 1)
}

/// Derives the DFA from [`GRAMMAR`]: states breadth-first from ACCEPT, so
/// that only reachable ones exist. State 0 is REJECT, so that a zero field
/// means "reject" and REJECT is absorbing (its field in every row is
/// `0 -> 0`); state 1 is ACCEPT.
pub(crate) const fn derive() -> Dfa {
    let none = Expect { range: (0, 0), more: 0 };
    let mut states = [none; MAX_STATES];
    let mut n = 2;
    let mut trans = [[0u8; 256]; MAX_STATES];
    let mut s = 1;
    while s < n {
        if s == 1 {
            // ACCEPT: each rule's lead bytes start a character.
            let mut r = 0;
            while r < GRAMMAR.len() {
                let rule = &GRAMMAR[r];
                let next = match rule.second {
                    None => 1,
                    Some(range) => {
                        let next;
                        let e = Expect { range, more: rule.tails_after_second };
                        (next, states, n) = intern(e, states, n);
                        next
                    }
                };
                let mut b = rule.lead.0 as usize;
                while b <= rule.lead.1 as usize {
                    assert!(trans[1][b] == 0, "grammar rules overlap");
                    trans[1][b] = next as u8;
                    b += 1;
                }
                r += 1;
            }
        } else {
            let e = states[s];
            let next = if e.more == 0 {
                1
            } else {
                let next;
                (next, states, n) = intern(Expect { range: TAIL, more: e.more - 1 }, states, n);
                next
            };
            let mut b = e.range.0 as usize;
            while b <= e.range.1 as usize {
                trans[s][b] = next as u8;
                b += 1;
            }
        }
        s += 1;
    }
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut st = 0;
        while st < n {
            table[b] |= ((trans[st][b] as u64) * 6) << (st * 6);
            st += 1;
        }
        // REJECT is absorbing: field 0 of every row is 0.
        assert!(table[b] & 63 == 0, "REJECT is not absorbing");
        b += 1;
    }
    Dfa {
        #[cfg(test)]
        states: n,
        table,
    }
}
