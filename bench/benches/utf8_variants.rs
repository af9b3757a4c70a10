//! The UTF-8 derivatives of `rapidutf::utf8_variants` on the generated corpus,
//! against the scalar peer crates (`cesu8` for CESU-8 and Java's Modified
//! UTF-8, `wtf8` for WTF-8) and against rapidutf's own plain UTF-8 path
//! (`validate_utf8`, `utf8_to_utf16`, `utf16_to_utf8`), which bounds what a
//! derivative can reach: real text in these forms is almost all plain
//! UTF-8.
//!
//! The corpus is the generated text of every language of
//! `rapidutf_testkit::corpus` (64 KiB each), concatenated (about 700 KB;
//! eleven languages, emoji included, so CESU-8 and Modified UTF-8 have
//! surrogate pairs to handle). `utf8mb3` gets the corpus without its
//! supplementary characters, which it rejects.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rapidutf::utf8_variants as d;
use rapidutf_testkit::corpus::{generated_repeating, BENCH_LEN, LANGUAGES};
use std::hint::black_box;

fn corpus() -> String {
    LANGUAGES.iter().map(|lang| generated_repeating(lang, BENCH_LEN)).collect()
}

fn derive(c: &mut Criterion) {
    let text = corpus();
    let bmp: String = text.chars().filter(|&ch| u32::from(ch) < 0x10000).collect();
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let cesu = d::utf8_to_cesu8_vec(&text).into_owned();
    let mutf = d::utf8_to_mutf8_vec(&text).into_owned();
    let wtf8_peer = wtf8::Wtf8Buf::from_ill_formed_utf16(&utf16);
    // Sanity: the peers agree with rapidutf on this corpus.
    assert_eq!(cesu8::to_cesu8(&text), &cesu[..]);
    assert_eq!(cesu8::to_java_cesu8(&text), &mutf[..]);
    assert_eq!(d::cesu8_to_string(&cesu).unwrap(), cesu8::from_cesu8(&cesu).unwrap());
    assert_eq!(d::utf16_to_wtf8_vec(&utf16), text.as_bytes());

    let mut g = c.benchmark_group("derive");
    let mut bench = |name: &str, who: &str, bytes: usize, f: &mut dyn FnMut()| {
        g.throughput(Throughput::Bytes(bytes as u64));
        g.bench_function(BenchmarkId::new(name, who), |b| b.iter(&mut *f));
    };

    // CESU-8.
    let n = cesu.len();
    bench("validate_cesu8", "rapidutf", n, &mut || {
        black_box(d::validate_cesu8(black_box(&cesu))).unwrap();
    });
    bench("validate_cesu8", "cesu8::from_cesu8", n, &mut || {
        black_box(cesu8::from_cesu8(black_box(&cesu))).unwrap();
    });
    bench("validate_cesu8", "rapidutf::validate_utf8 (plain)", text.len(), &mut || {
        black_box(rapidutf::validate_utf8(black_box(text.as_bytes()))).unwrap();
    });
    bench("cesu8_to_string", "rapidutf", n, &mut || {
        black_box(d::cesu8_to_string(black_box(&cesu))).unwrap();
    });
    bench("cesu8_to_string", "cesu8::from_cesu8", n, &mut || {
        black_box(cesu8::from_cesu8(black_box(&cesu))).unwrap();
    });
    bench("utf8_to_cesu8_vec", "rapidutf", text.len(), &mut || {
        black_box(d::utf8_to_cesu8_vec(black_box(&text)));
    });
    bench("utf8_to_cesu8_vec", "cesu8::to_cesu8", text.len(), &mut || {
        black_box(cesu8::to_cesu8(black_box(&text)));
    });

    // Modified UTF-8.
    let n = mutf.len();
    bench("validate_mutf8", "rapidutf", n, &mut || {
        black_box(d::validate_mutf8(black_box(&mutf))).unwrap();
    });
    bench("validate_mutf8", "cesu8::from_java_cesu8", n, &mut || {
        black_box(cesu8::from_java_cesu8(black_box(&mutf))).unwrap();
    });
    bench("mutf8_to_string", "rapidutf", n, &mut || {
        black_box(d::mutf8_to_string(black_box(&mutf))).unwrap();
    });
    bench("mutf8_to_string", "cesu8::from_java_cesu8", n, &mut || {
        black_box(cesu8::from_java_cesu8(black_box(&mutf))).unwrap();
    });
    bench("utf8_to_mutf8_vec", "rapidutf", text.len(), &mut || {
        black_box(d::utf8_to_mutf8_vec(black_box(&text)));
    });
    bench("utf8_to_mutf8_vec", "cesu8::to_java_cesu8", text.len(), &mut || {
        black_box(cesu8::to_java_cesu8(black_box(&text)));
    });

    // WTF-8 (throughput in bytes of the WTF-8 side).
    let n = text.len();
    bench("utf16_to_wtf8_vec", "rapidutf", n, &mut || {
        black_box(d::utf16_to_wtf8_vec(black_box(&utf16)));
    });
    bench("utf16_to_wtf8_vec", "wtf8::Wtf8Buf::from_ill_formed_utf16", n, &mut || {
        black_box(wtf8::Wtf8Buf::from_ill_formed_utf16(black_box(&utf16)));
    });
    let mut buf = vec![0u8; 3 * utf16.len()];
    bench("utf16_to_wtf8_vec", "rapidutf::utf16_to_utf8 (plain)", n, &mut || {
        black_box(rapidutf::utf16_to_utf8(black_box(&utf16), &mut buf)).unwrap();
    });
    bench("wtf8_to_utf16_vec", "rapidutf", n, &mut || {
        black_box(d::wtf8_to_utf16_vec(black_box(text.as_bytes()))).unwrap();
    });
    bench("wtf8_to_utf16_vec", "wtf8::Wtf8::to_ill_formed_utf16", n, &mut || {
        black_box(black_box(&wtf8_peer).to_ill_formed_utf16().collect::<Vec<u16>>());
    });
    let mut units = vec![0u16; text.len()];
    bench("wtf8_to_utf16_vec", "rapidutf::utf8_to_utf16 (plain)", n, &mut || {
        black_box(rapidutf::utf8_to_utf16(black_box(text.as_bytes()), &mut units)).unwrap();
    });

    // surrogateescape (no peer crate; std's lossy decoding is the nearest).
    bench("decode_surrogateescape", "rapidutf", n, &mut || {
        black_box(d::decode_surrogateescape(black_box(text.as_bytes())));
    });
    bench("decode_surrogateescape", "rapidutf::utf8_to_utf16 (plain)", n, &mut || {
        black_box(rapidutf::utf8_to_utf16(black_box(text.as_bytes()), &mut units)).unwrap();
    });

    // utf8mb3.
    let n = bmp.len();
    bench("validate_utf8mb3", "rapidutf", n, &mut || {
        black_box(d::validate_utf8mb3(black_box(bmp.as_bytes()))).unwrap();
    });
    bench("validate_utf8mb3", "std from_utf8 + no 4-byte char", n, &mut || {
        let s = core::str::from_utf8(black_box(bmp.as_bytes())).unwrap();
        assert!(black_box(s).bytes().all(|b| b < 0xF0));
    });
    bench("validate_utf8mb3", "rapidutf::validate_utf8 (plain)", n, &mut || {
        black_box(rapidutf::validate_utf8(black_box(bmp.as_bytes()))).unwrap();
    });
    g.finish();
}

criterion_group!(benches, derive);
criterion_main!(benches);
