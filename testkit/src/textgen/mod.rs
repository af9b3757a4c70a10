//! Text of the project's own making, for the tests, fuzz seeds and
//! benchmarks: deterministic (a seed gives the same bytes on every
//! platform: integer arithmetic on the crate's own [`rng::Rng`], no
//! floats, no I/O) and shaped after real text by figures measured on the
//! shared corpus, never by copying it.
//!
//! - [`prose`]: prose-like text of a language, after its [`Profile`] in
//!   [`PROFILES`]: ASCII (Latin letters), French (accented Western
//!   European), Russian (Cyrillic), Greek, Arabic, Hebrew, Hindi
//!   (Devanagari), Chinese, Japanese (kana, kanji and ASCII digits),
//!   Korean (Hangul) and emoji. The profiles are counts measured by
//!   [`stats`] (`cargo run -p rapidutf-testkit --example measure` writes
//!   `profiles.rs`; a test checks it against the corpus where present).
//! - [`structured`]: JSON documents, NDJSON lines, Arrow-style string
//!   columns.
//! - [`legacy`]: Latin-1 and Windows-1252 text, and UTF-8 with
//!   Windows-1252 fragments mixed in.
//! - [`forms`]: the UTF-16LE/BE and UTF-32LE/BE forms of a text.
//! - [`stress`]: a UTF-8 decoder stress test written from RFC 3629 and
//!   the Unicode Standard's chapter 3.

pub mod forms;
pub mod legacy;
pub mod profile;
#[rustfmt::skip]
mod profiles;
mod prose;
pub mod rng;
pub mod stats;
pub mod stress;
pub mod structured;

pub use profile::{Profile, Reference, Tail};
pub use profiles::ALL as PROFILES;
pub use prose::{prose, prose_repeating};
pub use structured::{column, json, ndjson, Column};

#[cfg(test)]
mod tests {
    use super::stats::{reference_text, render_profiles, Model, Summary};
    use super::*;
    use crate::corpus::shared_dir;

    /// `profiles.rs` is what `examples/measure.rs` writes from the shared
    /// corpus: the figures are measured, not typed (where the corpus is
    /// absent there is nothing to measure them on, and this says so).
    #[test]
    fn profiles_are_the_measures_of_the_shared_corpus() {
        let Some(shared) = shared_dir() else {
            eprintln!("no shared corpus: the profiles are not re-measured");
            return;
        };
        let models: Vec<Model> = profile::SPECS
            .iter()
            .map(|spec| {
                let path = shared.join("corpus").join(spec.reference.path());
                let file = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                Model::measure(&reference_text(spec.reference, &file))
            })
            .collect();
        let committed = include_str!("profiles.rs");
        assert!(
            render_profiles(&models) == committed,
            "profiles.rs differs from the corpus's measures: run \
             `cargo run -p rapidutf-testkit --example measure > testkit/src/textgen/profiles.rs`"
        );
    }

    /// Generated text has its profile's shares of 1- to 4-byte characters
    /// (within a point) and mean word length (within 5 %).
    #[test]
    fn generated_text_has_the_measured_figures() {
        for p in PROFILES {
            let got = Summary::of(&prose(p, 7, 128 << 10));
            let want = p.measured;
            for n in 1..=4 {
                let (g, w) = (got.share(n), want.share(n));
                assert!((g - w).abs() < 0.01, "{}: {n}-byte share {g:.4}, measured {w:.4}", p.name);
            }
            if want.words > 100 {
                let (g, w) = (got.mean_word_len(), want.mean_word_len());
                assert!(
                    (g / w - 1.0).abs() < 0.05,
                    "{}: mean word {g:.2}, measured {w:.2}",
                    p.name
                );
            }
        }
    }

    /// The same bytes from the same seed, on every platform: a digest of
    /// every generator's output, as computed on x86_64 (CI runs the tests
    /// on big-endian s390x, aarch64 and wasm32 too).
    #[test]
    fn generators_give_the_same_bytes_everywhere() {
        fn fnv(h: u64, bytes: &[u8]) -> u64 {
            bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3))
        }
        let mut h = 0xCBF2_9CE4_8422_2325;
        for p in PROFILES {
            h = fnv(h, prose(p, 42, 3000).as_bytes());
            h = fnv(h, prose_repeating(p, 42, 3000).as_bytes());
        }
        h = fnv(h, json(42, 3000).as_bytes());
        h = fnv(h, ndjson(42, 5).as_bytes());
        for kind in [Column::Keys, Column::Values, Column::Urls] {
            for s in column(kind, 42, 20) {
                h = fnv(h, s.as_bytes());
            }
        }
        h = fnv(h, &legacy::latin1(42, 3000));
        h = fnv(h, &legacy::windows1252(42, 3000));
        h = fnv(h, &legacy::utf8_with_legacy(42, 3000, 4));
        h = fnv(h, &stress::document());
        assert_eq!(h, 0x376B_13BA_21B4_2A49, "digest of the generators' output");
    }
}
