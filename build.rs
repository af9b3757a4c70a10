//! Build script: derives the scalar UTF-8 DFA from the RFC 3629 grammar.
//!
//! The validator in `src/scalar/dfa.rs` is a *shift-based* DFA: every input
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
//! Writing those 256 packed constants by hand would be unreviewable, so this
//! script derives them from the grammar below, which is RFC 3629 section 4
//! verbatim (also the "Encoding" table of the seed article), and emits
//! `$OUT_DIR/utf8_dfa.rs`. The derivation is checked here (every state is
//! reachable, REJECT is absorbing and sits at offset 0, the packed row fits
//! in 64 bits) and again by the exhaustive tests in `tests/`.
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

use std::collections::BTreeMap;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

/// One alternative of the grammar: a lead-byte range, the range allowed for
/// the second byte, and how many plain `UTF8-tail` bytes follow that.
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

/// A DFA state: "the next byte must lie in `range`, then `more` tails".
/// `None` is ACCEPT (between characters).
type Expect = Option<((u8, u8), u8)>;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");

    // State 0 is REJECT, so that a zero field means "reject" and REJECT is
    // absorbing (its field in every row is 0 -> 0). State 1 is ACCEPT.
    let mut states: Vec<Option<Expect>> = vec![None, Some(None)];
    let mut index: BTreeMap<Expect, usize> = BTreeMap::new();
    index.insert(None, 1);
    let mut intern = |e: Expect, states: &mut Vec<Option<Expect>>| -> usize {
        *index.entry(e).or_insert_with(|| {
            states.push(Some(e));
            states.len() - 1
        })
    };

    // Transitions: trans[state][byte] = next state. Build breadth-first
    // from ACCEPT so only reachable states exist.
    let mut trans: Vec<[usize; 256]> = Vec::new();
    let mut s = 0;
    while s < states.len() {
        let mut row = [0usize; 256];
        match states[s] {
            None => {} // REJECT: all zero.
            Some(None) => {
                for rule in GRAMMAR {
                    let next = match rule.second {
                        None => 1,
                        Some(r) => intern(Some((r, rule.tails_after_second)), &mut states),
                    };
                    for b in rule.lead.0..=rule.lead.1 {
                        assert_eq!(row[b as usize], 0, "grammar rules overlap at {b:#x}");
                        row[b as usize] = next;
                    }
                }
            }
            Some(Some((range, more))) => {
                let next = if more == 0 { 1 } else { intern(Some((TAIL, more - 1)), &mut states) };
                for b in range.0..=range.1 {
                    row[b as usize] = next;
                }
            }
        }
        trans.push(row);
        s += 1;
    }

    let n = states.len();
    assert!(n * 6 <= 64, "{n} states do not fit six bits each in a u64");

    let mut table = [0u64; 256];
    for (b, packed) in table.iter_mut().enumerate() {
        for (st, row) in trans.iter().enumerate() {
            *packed |= ((row[b] * 6) as u64) << (st * 6);
        }
    }
    // REJECT absorbing: field 0 of every row is 0.
    assert!(table.iter().all(|&t| t & 63 == 0));

    let mut out = String::new();
    writeln!(out, "// @generated by build.rs from the RFC 3629 grammar; do not edit.").unwrap();
    writeln!(out, "/// Number of DFA states (REJECT, ACCEPT, and the partial-sequence states).")
        .unwrap();
    writeln!(out, "pub(crate) const STATES: usize = {n};").unwrap();
    writeln!(out, "/// The REJECT state, as a bit offset. Absorbing.").unwrap();
    writeln!(out, "pub(crate) const REJECT: u64 = 0;").unwrap();
    writeln!(out, "/// The ACCEPT state (between characters), as a bit offset.").unwrap();
    writeln!(out, "pub(crate) const ACCEPT: u64 = 6;").unwrap();
    writeln!(out, "/// Packed transition rows, indexed by byte; see build.rs.").unwrap();
    writeln!(out, "pub(crate) static SHIFT_TABLE: [u64; 256] = [").unwrap();
    for chunk in table.chunks(4) {
        let line: Vec<String> = chunk.iter().map(|v| format!("0x{v:016x}")).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();

    let path = PathBuf::from(env::var_os("OUT_DIR").unwrap()).join("utf8_dfa.rs");
    fs::write(path, out).unwrap();
}
