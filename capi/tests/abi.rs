//! The exported functions, called through their C signatures, against
//! std's oracles: `core::str::from_utf8`, `str::encode_utf16`,
//! `char::decode_utf16`, `String::from_utf8_lossy`,
//! `String::from_utf16_lossy`.

use rapidutf_capi::*;
use std::ptr;

/// A small deterministic generator (xorshift64*), so the test needs no
/// dependency and every failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Byte strings that are mostly UTF-8 with some damage: characters of
/// every length, and now and then a random byte, a cut or a surrogate.
fn samples() -> Vec<Vec<u8>> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"plain ascii".to_vec(),
        "h\u{e9}llo \u{20ac} \u{1D11E}".as_bytes().to_vec(),
        b"\xC0\x80".to_vec(),
        b"ab\xE0\x80\x80".to_vec(),
        b"ab\xED\xA0\x80".to_vec(),
        b"ab\xF4\x90\x80\x80".to_vec(),
        b"\x80".to_vec(),
        b"a\xE1\xA0\xC0b".to_vec(),
        b"\xF0\x9F\x98".to_vec(),
        b"\xE2\x82".to_vec(),
    ];
    let chars = [
        'a',
        'z',
        '\u{7f}',
        '\u{80}',
        '\u{e9}',
        '\u{7ff}',
        '\u{800}',
        '\u{20ac}',
        '\u{ffff}',
        '\u{10000}',
        '\u{1F600}',
        '\u{10FFFF}',
    ];
    for _ in 0..400 {
        let n = rng.below(150) as usize;
        let mut s = Vec::new();
        for _ in 0..n {
            match rng.below(40) {
                0 => s.push(rng.next() as u8),
                1 => s.extend_from_slice(b"\xED\xB0\x80"),
                _ => {
                    let c = chars[rng.below(chars.len() as u64) as usize];
                    s.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
            }
        }
        if rng.below(4) == 0 && !s.is_empty() {
            let cut = rng.below(s.len() as u64) as usize;
            s.truncate(cut);
        }
        out.push(s);
    }
    out
}

/// UTF-16 unit strings, valid and with lone surrogates.
fn samples16() -> Vec<Vec<u16>> {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut out =
        vec![vec![], vec![0xD800], vec![0xDC00], vec![0x61, 0xD83D, 0xDE00], vec![0xD83D, 0x62]];
    for _ in 0..400 {
        let n = rng.below(120) as usize;
        let mut s = Vec::new();
        for _ in 0..n {
            match rng.below(30) {
                0 => s.push(0xD800 | rng.below(0x800) as u16),
                1..=5 => s.extend_from_slice(&[
                    0xD800 | rng.below(0x400) as u16,
                    0xDC00 | rng.below(0x400) as u16,
                ]),
                6..=15 => s.push(rng.below(0x80) as u16),
                _ => s.push(match rng.below(0xF800) as u16 {
                    u if u >= 0xD800 => u + 0x800,
                    u => u,
                }),
            }
        }
        out.push(s);
    }
    out
}

fn validate8(s: &[u8]) -> RapidutfResult {
    // SAFETY: a live slice.
    unsafe { rapidutf_validate_utf8(s.as_ptr(), s.len()) }
}

#[test]
fn validate_utf8_matches_core() {
    for s in samples() {
        let r = validate8(&s);
        // SAFETY: a live slice.
        let valid = unsafe { rapidutf_is_valid_utf8(s.as_ptr(), s.len()) };
        assert_eq!(r.written, 0);
        match core::str::from_utf8(&s) {
            Ok(_) => {
                assert_eq!(
                    r,
                    RapidutfResult {
                        status: RAPIDUTF_OK,
                        kind: RAPIDUTF_KIND_NONE,
                        read: s.len(),
                        written: 0,
                        error_len: 0
                    }
                );
                assert!(valid);
            }
            Err(e) => {
                assert_eq!(r.status, RAPIDUTF_INVALID_INPUT, "{s:x?}");
                assert_eq!(r.read, e.valid_up_to(), "{s:x?}");
                assert_eq!(r.error_len, e.error_len().unwrap_or(0), "{s:x?}");
                assert_eq!(r.kind == RAPIDUTF_KIND_TRUNCATED, e.error_len().is_none(), "{s:x?}");
                assert!((1..=7).contains(&r.kind));
                assert!(!valid);
            }
        }
        // SAFETY: a live slice.
        assert_eq!(unsafe { rapidutf_is_ascii(s.as_ptr(), s.len()) }, s.is_ascii());
    }
}

#[test]
fn utf8_kinds() {
    let cases: [(&[u8], i32, usize, usize); 8] = [
        (b"a\xC0", RAPIDUTF_KIND_INVALID_BYTE, 1, 1),
        (b"a\x80", RAPIDUTF_KIND_UNEXPECTED_CONTINUATION, 1, 1),
        (b"\xE0\x80\x80", RAPIDUTF_KIND_OVERLONG, 0, 1),
        (b"\xED\xA0\x80", RAPIDUTF_KIND_SURROGATE, 0, 1),
        (b"\xF4\x90\x80\x80", RAPIDUTF_KIND_TOO_LARGE, 0, 1),
        (b"\xE2\x82a", RAPIDUTF_KIND_MISSING_CONTINUATION, 0, 2),
        (b"ab\xF0\x9F\x98", RAPIDUTF_KIND_TRUNCATED, 2, 0),
        (b"\xFF", RAPIDUTF_KIND_INVALID_BYTE, 0, 1),
    ];
    for (s, kind, read, len) in cases {
        let r = validate8(s);
        assert_eq!(
            (r.status, r.kind, r.read, r.error_len),
            (RAPIDUTF_INVALID_INPUT, kind, read, len),
            "{s:x?}"
        );
    }
}

#[test]
fn validate_utf16_and_utf32() {
    for s in samples16() {
        let be: Vec<u16> = s.iter().map(|u| u.to_be()).collect();
        let le: Vec<u16> = s.iter().map(|u| u.to_le()).collect();
        let first_bad = char::decode_utf16(s.iter().copied())
            .scan(0usize, |pos, r| {
                let at = *pos;
                *pos += r.as_ref().map_or(1, |c| c.len_utf16());
                Some((at, r))
            })
            .find(|(_, r)| r.is_err());
        // SAFETY: live slices.
        let rs = unsafe {
            [
                rapidutf_validate_utf16(s.as_ptr(), s.len()),
                rapidutf_validate_utf16le(le.as_ptr(), le.len()),
                rapidutf_validate_utf16be(be.as_ptr(), be.len()),
            ]
        };
        for r in rs {
            match &first_bad {
                None => assert_eq!((r.status, r.read), (RAPIDUTF_OK, s.len())),
                Some((at, Err(e))) => {
                    assert_eq!((r.status, r.read, r.error_len), (RAPIDUTF_INVALID_INPUT, *at, 1));
                    let high = (0xD800..0xDC00).contains(&e.unpaired_surrogate());
                    let kind =
                        if high { RAPIDUTF_KIND_UNPAIRED_HIGH } else { RAPIDUTF_KIND_UNPAIRED_LOW };
                    assert_eq!(r.kind, kind);
                }
                Some((_, Ok(_))) => unreachable!(),
            }
        }
    }
    let cases: [(&[u32], RapidutfResult); 3] = [
        (
            &[0x61, 0x10FFFF],
            RapidutfResult { status: RAPIDUTF_OK, kind: 0, read: 2, written: 0, error_len: 0 },
        ),
        (
            &[0x61, 0xDFFF],
            RapidutfResult {
                status: RAPIDUTF_INVALID_INPUT,
                kind: RAPIDUTF_KIND_SURROGATE,
                read: 1,
                written: 0,
                error_len: 1,
            },
        ),
        (
            &[0x110000],
            RapidutfResult {
                status: RAPIDUTF_INVALID_INPUT,
                kind: RAPIDUTF_KIND_TOO_LARGE,
                read: 0,
                written: 0,
                error_len: 1,
            },
        ),
    ];
    for (s, want) in cases {
        // SAFETY: a live slice.
        assert_eq!(unsafe { rapidutf_validate_utf32(s.as_ptr(), s.len()) }, want);
    }
}

/// UTF-8 to UTF-16 and UTF-32: whole output against std, and every
/// smaller output buffer against the too-small contract.
#[test]
fn transcode_from_utf8() {
    for s in samples() {
        let valid = core::str::from_utf8(&s);
        let want16: Vec<u16> = match valid {
            Ok(t) => t.encode_utf16().collect(),
            Err(e) => core::str::from_utf8(&s[..e.valid_up_to()])
                .unwrap_or_default()
                .encode_utf16()
                .collect(),
        };
        let mut dst = vec![0u16; s.len()];
        // SAFETY: live, disjoint slices.
        let r = unsafe { rapidutf_utf8_to_utf16(s.as_ptr(), s.len(), dst.as_mut_ptr(), dst.len()) };
        match valid {
            Ok(_) => {
                assert_eq!((r.status, r.read, r.written), (RAPIDUTF_OK, s.len(), want16.len()));
                assert_eq!(dst[..r.written], want16[..]);
            }
            Err(e) => assert_eq!(
                (r.status, r.read, r.written),
                (RAPIDUTF_INVALID_INPUT, e.valid_up_to(), 0)
            ),
        }
        for small in 0..want16.len() {
            let mut dst = vec![0u16; small];
            // SAFETY: live, disjoint slices.
            let r = unsafe { rapidutf_utf8_to_utf16(s.as_ptr(), s.len(), dst.as_mut_ptr(), small) };
            assert_eq!(r.status, RAPIDUTF_OUTPUT_TOO_SMALL, "{s:x?} into {small}");
            let prefix = core::str::from_utf8(&s[..r.read]).expect("read ends on a boundary");
            let p16: Vec<u16> = prefix.encode_utf16().collect();
            assert_eq!(dst[..r.written], p16[..]);
            assert!(small - r.written < 2, "stopped early");
        }
        // LE, BE and UTF-32 on the whole buffer.
        let mut le = vec![0u16; s.len()];
        let mut be = vec![0u16; s.len()];
        let mut u32s = vec![0u32; s.len()];
        // SAFETY: live, disjoint slices.
        let (rl, rb, r32) = unsafe {
            (
                rapidutf_utf8_to_utf16le(s.as_ptr(), s.len(), le.as_mut_ptr(), le.len()),
                rapidutf_utf8_to_utf16be(s.as_ptr(), s.len(), be.as_mut_ptr(), be.len()),
                rapidutf_utf8_to_utf32(s.as_ptr(), s.len(), u32s.as_mut_ptr(), u32s.len()),
            )
        };
        assert_eq!((rl.status, rl.read), (r.status, r.read));
        assert_eq!((rb.status, rb.read), (r.status, r.read));
        assert_eq!((r32.status, r32.read, r32.kind), (r.status, r.read, r.kind));
        if let Ok(t) = valid {
            let l: Vec<u16> = le[..rl.written].iter().map(|&u| u16::from_le(u)).collect();
            let b: Vec<u16> = be[..rb.written].iter().map(|&u| u16::from_be(u)).collect();
            assert_eq!((l, b), (want16.clone(), want16.clone()));
            let c: Vec<u32> = t.chars().map(u32::from).collect();
            assert_eq!(u32s[..r32.written], c[..]);
        }
    }
}

/// UTF-16 to UTF-8 and UTF-32, UTF-32 to UTF-8 and UTF-16, round trips.
#[test]
fn transcode_from_utf16_and_utf32() {
    for s in samples16() {
        let mut d8 = vec![0u8; 3 * s.len()];
        // SAFETY: live, disjoint slices.
        let r = unsafe { rapidutf_utf16_to_utf8(s.as_ptr(), s.len(), d8.as_mut_ptr(), d8.len()) };
        match String::from_utf16(&s) {
            Ok(t) => {
                assert_eq!((r.status, r.written), (RAPIDUTF_OK, t.len()));
                assert_eq!(&d8[..r.written], t.as_bytes());
                let be: Vec<u16> = s.iter().map(|u| u.to_be()).collect();
                let le: Vec<u16> = s.iter().map(|u| u.to_le()).collect();
                let mut a = vec![0u8; 3 * s.len()];
                let mut b = vec![0u8; 3 * s.len()];
                let mut c32 = vec![0u32; s.len()];
                let mut l32 = vec![0u32; s.len()];
                let mut b32 = vec![0u32; s.len()];
                // SAFETY: live, disjoint slices.
                let rs = unsafe {
                    [
                        rapidutf_utf16le_to_utf8(le.as_ptr(), le.len(), a.as_mut_ptr(), a.len()),
                        rapidutf_utf16be_to_utf8(be.as_ptr(), be.len(), b.as_mut_ptr(), b.len()),
                        rapidutf_utf16_to_utf32(s.as_ptr(), s.len(), c32.as_mut_ptr(), c32.len()),
                        rapidutf_utf16le_to_utf32(
                            le.as_ptr(),
                            le.len(),
                            l32.as_mut_ptr(),
                            l32.len(),
                        ),
                        rapidutf_utf16be_to_utf32(
                            be.as_ptr(),
                            be.len(),
                            b32.as_mut_ptr(),
                            b32.len(),
                        ),
                    ]
                };
                assert!(rs.iter().all(|r| r.status == RAPIDUTF_OK && r.read == s.len()));
                assert_eq!(&a[..rs[0].written], t.as_bytes());
                assert_eq!(&b[..rs[1].written], t.as_bytes());
                let chars: Vec<u32> = t.chars().map(u32::from).collect();
                for (buf, r) in [(&c32, rs[2]), (&l32, rs[3]), (&b32, rs[4])] {
                    assert_eq!(buf[..r.written], chars[..]);
                }
                // Back from UTF-32.
                let mut o8 = vec![0u8; 4 * chars.len()];
                let mut o16 = vec![0u16; 2 * chars.len()];
                let mut ol = vec![0u16; 2 * chars.len()];
                let mut ob = vec![0u16; 2 * chars.len()];
                // SAFETY: live, disjoint slices.
                let back = unsafe {
                    [
                        rapidutf_utf32_to_utf8(
                            chars.as_ptr(),
                            chars.len(),
                            o8.as_mut_ptr(),
                            o8.len(),
                        ),
                        rapidutf_utf32_to_utf16(
                            chars.as_ptr(),
                            chars.len(),
                            o16.as_mut_ptr(),
                            o16.len(),
                        ),
                        rapidutf_utf32_to_utf16le(
                            chars.as_ptr(),
                            chars.len(),
                            ol.as_mut_ptr(),
                            ol.len(),
                        ),
                        rapidutf_utf32_to_utf16be(
                            chars.as_ptr(),
                            chars.len(),
                            ob.as_mut_ptr(),
                            ob.len(),
                        ),
                    ]
                };
                assert!(back.iter().all(|r| r.status == RAPIDUTF_OK && r.read == chars.len()));
                assert_eq!(&o8[..back[0].written], t.as_bytes());
                assert_eq!(o16[..back[1].written], s[..]);
                assert_eq!(ol[..back[2].written], le[..]);
                assert_eq!(ob[..back[3].written], be[..]);
                // Too small: every shorter UTF-8 buffer.
                for small in 0..t.len() {
                    // SAFETY: live, disjoint slices.
                    let r = unsafe {
                        rapidutf_utf16_to_utf8(s.as_ptr(), s.len(), d8.as_mut_ptr(), small)
                    };
                    assert_eq!(r.status, RAPIDUTF_OUTPUT_TOO_SMALL);
                    let prefix =
                        String::from_utf16(&s[..r.read]).expect("read ends between characters");
                    assert_eq!(&d8[..r.written], prefix.as_bytes());
                    assert!(small - r.written < 4);
                }
            }
            Err(_) => {
                assert_eq!(r.status, RAPIDUTF_INVALID_INPUT);
                assert!(String::from_utf16(&s[..r.read]).is_ok());
                assert!(String::from_utf16(&s[..=r.read]).is_err() || r.read + 1 == s.len());
            }
        }
    }
}

#[test]
fn counts() {
    for s in samples() {
        let non_cont = s.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        let four = s.iter().filter(|&&b| b >= 0xF0).count();
        // SAFETY: live slices.
        unsafe {
            assert_eq!(rapidutf_count_chars(s.as_ptr(), s.len()), non_cont);
            assert_eq!(rapidutf_utf16_len_from_utf8(s.as_ptr(), s.len()), non_cont + four);
        }
    }
    for s in samples16() {
        let u8len: usize = s
            .iter()
            .map(|&u| match u {
                0..=0x7F => 1,
                0x80..=0x7FF => 2,
                0xD800..=0xDFFF => 2,
                _ => 3,
            })
            .sum();
        let u32len = s.iter().filter(|&&u| !(0xDC00..0xE000).contains(&u)).count();
        let be: Vec<u16> = s.iter().map(|u| u.to_be()).collect();
        let le: Vec<u16> = s.iter().map(|u| u.to_le()).collect();
        // SAFETY: live slices.
        unsafe {
            assert_eq!(rapidutf_utf8_len_from_utf16(s.as_ptr(), s.len()), u8len);
            assert_eq!(rapidutf_utf8_len_from_utf16le(le.as_ptr(), le.len()), u8len);
            assert_eq!(rapidutf_utf8_len_from_utf16be(be.as_ptr(), be.len()), u8len);
            assert_eq!(rapidutf_utf32_len_from_utf16(s.as_ptr(), s.len()), u32len);
            assert_eq!(rapidutf_utf32_len_from_utf16le(le.as_ptr(), le.len()), u32len);
            assert_eq!(rapidutf_utf32_len_from_utf16be(be.as_ptr(), be.len()), u32len);
        }
    }
    let v: Vec<u32> = vec![0x41, 0x80, 0x800, 0xFFFF, 0x10000, 0x10FFFF];
    // SAFETY: a live slice.
    unsafe {
        assert_eq!(rapidutf_utf8_len_from_utf32(v.as_ptr(), v.len()), 1 + 2 + 3 + 3 + 4 + 4);
        assert_eq!(rapidutf_utf16_len_from_utf32(v.as_ptr(), v.len()), 4 + 2 * 2);
    }
}

/// Lossy decoding with enough room equals std's, and with any smaller
/// buffer the pieces, resumed from `read`, add up to the same.
#[test]
fn lossy_matches_std() {
    type F8<D> = unsafe extern "C" fn(*const u8, usize, *mut D, usize) -> RapidutfResult;
    /// [`report_pieces`] for a lossy decoder without a count.
    fn pieces<S, D: Copy + Default>(
        f: unsafe extern "C" fn(*const S, usize, *mut D, usize) -> RapidutfResult,
        src: &[S],
        room: usize,
    ) -> Vec<D> {
        // SAFETY: live, disjoint slices, and a live count.
        let call = |s: &[S], d: &mut [D], replaced: *mut usize| unsafe {
            *replaced = 0;
            f(s.as_ptr(), s.len(), d.as_mut_ptr(), d.len())
        };
        report_pieces(&call, src, room).0
    }
    let to8: F8<u8> = rapidutf_utf8_to_string_lossy;
    let to16: F8<u16> = rapidutf_utf8_to_utf16_lossy;
    for s in samples() {
        let want = String::from_utf8_lossy(&s).into_owned();
        let want16: Vec<u16> = want.encode_utf16().collect();
        assert_eq!(pieces(to8, &s, 3 * s.len()), want.as_bytes());
        assert_eq!(pieces(to16, &s, s.len()), want16);
        for room in [4, 5, 7, 16] {
            assert_eq!(pieces(to8, &s, room), want.as_bytes(), "{s:x?} room {room}");
        }
        for room in [2, 3, 5] {
            assert_eq!(pieces(to16, &s, room), want16, "{s:x?} room {room}");
        }
    }
    for s in samples16() {
        let want = String::from_utf16_lossy(&s);
        let be: Vec<u16> = s.iter().map(|u| u.to_be()).collect();
        let le: Vec<u16> = s.iter().map(|u| u.to_le()).collect();
        for room in [3 * s.len(), 4, 5, 9] {
            assert_eq!(pieces(rapidutf_utf16_to_string_lossy, &s, room), want.as_bytes());
            assert_eq!(pieces(rapidutf_utf16le_to_string_lossy, &le, room), want.as_bytes());
            assert_eq!(pieces(rapidutf_utf16be_to_string_lossy, &be, room), want.as_bytes());
        }
    }
}

#[test]
fn lossy_too_small() {
    let mut buf = [0u8; 8];
    // "a" + bad byte: 'a' fits, U+FFFD (3 bytes) does not fit in 2.
    // SAFETY: live, disjoint slices.
    let r = unsafe { rapidutf_utf8_to_string_lossy(b"a\xFFb".as_ptr(), 3, buf.as_mut_ptr(), 2) };
    assert_eq!((r.status, r.read, r.written), (RAPIDUTF_OUTPUT_TOO_SMALL, 1, 1));
    // A two-byte character does not fit in one byte.
    // SAFETY: as above.
    let r = unsafe { rapidutf_utf8_to_string_lossy("a\u{e9}".as_ptr(), 3, buf.as_mut_ptr(), 2) };
    assert_eq!((r.status, r.read, r.written), (RAPIDUTF_OUTPUT_TOO_SMALL, 1, 1));
    // SAFETY: as above.
    let r =
        unsafe { rapidutf_utf8_to_string_lossy(b"\xF0\x9F\x98".as_ptr(), 3, buf.as_mut_ptr(), 3) };
    assert_eq!((r.status, r.read, r.written), (RAPIDUTF_OK, 3, 3));
    assert_eq!(&buf[..3], "\u{FFFD}".as_bytes());
}

#[test]
fn null_and_empty() {
    // SAFETY: null with length 0 is an empty buffer; null with a non-zero
    // length is rejected before any access.
    unsafe {
        assert_eq!(
            rapidutf_validate_utf8(ptr::null(), 0),
            RapidutfResult { status: RAPIDUTF_OK, kind: 0, read: 0, written: 0, error_len: 0 }
        );
        assert!(rapidutf_is_valid_utf8(ptr::null(), 0));
        assert!(rapidutf_is_ascii(ptr::null(), 0));
        assert!(!rapidutf_is_valid_utf8(ptr::null(), 5));
        assert!(!rapidutf_is_ascii(ptr::null(), 5));
        assert_eq!(rapidutf_validate_utf8(ptr::null(), 5).status, RAPIDUTF_NULL_POINTER);
        assert_eq!(rapidutf_validate_utf16(ptr::null(), 1).status, RAPIDUTF_NULL_POINTER);
        assert_eq!(rapidutf_validate_utf32(ptr::null(), 1).status, RAPIDUTF_NULL_POINTER);
        assert_eq!(rapidutf_count_chars(ptr::null(), 7), 0);
        assert_eq!(rapidutf_utf8_len_from_utf16(ptr::null(), 7), 0);
        assert_eq!(rapidutf_utf8_to_utf16(ptr::null(), 0, ptr::null_mut(), 0).status, RAPIDUTF_OK);
        let r = rapidutf_utf8_to_utf16(b"a".as_ptr(), 1, ptr::null_mut(), 0);
        assert_eq!((r.status, r.read, r.written), (RAPIDUTF_OUTPUT_TOO_SMALL, 0, 0));
        assert_eq!(
            rapidutf_utf8_to_utf16(b"a".as_ptr(), 1, ptr::null_mut(), 4).status,
            RAPIDUTF_NULL_POINTER
        );
        assert_eq!(
            rapidutf_utf16_to_utf8(ptr::null(), 2, ptr::null_mut(), 0).status,
            RAPIDUTF_NULL_POINTER
        );
        assert_eq!(
            rapidutf_utf8_to_string_lossy(ptr::null(), 0, ptr::null_mut(), 0).status,
            RAPIDUTF_OK
        );
        assert_eq!(
            rapidutf_utf8_to_string_lossy(ptr::null(), 1, ptr::null_mut(), 0).status,
            RAPIDUTF_NULL_POINTER
        );
        let mut n = 99usize;
        assert_eq!(rapidutf_detect_bom(ptr::null(), 0, &mut n), RAPIDUTF_BOM_NONE);
        assert_eq!(n, 0);
        assert_eq!(rapidutf_detect_bom(ptr::null(), 3, ptr::null_mut()), RAPIDUTF_BOM_NONE);
    }
}

#[test]
fn misaligned_overlap_too_long() {
    let mut words = [0u16; 9];
    let bytes = words.as_mut_ptr().cast::<u8>();
    let odd = bytes.wrapping_add(1).cast::<u16>();
    // SAFETY: the misaligned, overlapping and oversized buffers are all
    // rejected before any access.
    unsafe {
        assert_eq!(rapidutf_validate_utf16(odd, 2).status, RAPIDUTF_MISALIGNED);
        assert_eq!(rapidutf_utf8_len_from_utf16(odd, 2), 0);
        let mut out = [0u8; 8];
        assert_eq!(rapidutf_utf16_to_utf8(odd, 2, out.as_mut_ptr(), 8).status, RAPIDUTF_MISALIGNED);
        assert_eq!(rapidutf_utf8_to_utf16(b"ab".as_ptr(), 2, odd, 2).status, RAPIDUTF_MISALIGNED);
        // In place: the output overlaps the input.
        let r = rapidutf_utf16_to_utf8(words.as_ptr(), 4, bytes, 8);
        assert_eq!(r.status, RAPIDUTF_OVERLAP);
        let r = rapidutf_utf8_to_string_lossy(bytes, 4, bytes.wrapping_add(2), 8);
        assert_eq!(r.status, RAPIDUTF_OVERLAP);
        let huge = usize::MAX / 2;
        assert_eq!(rapidutf_validate_utf16(words.as_ptr(), huge).status, RAPIDUTF_TOO_LONG);
        assert_eq!(rapidutf_validate_utf8(bytes, usize::MAX).status, RAPIDUTF_TOO_LONG);
    }
}

#[test]
fn bom() {
    let cases: [(&[u8], i32, usize); 7] = [
        (b"\xEF\xBB\xBFx", RAPIDUTF_BOM_UTF8, 3),
        (b"\xFF\xFEa\x00", RAPIDUTF_BOM_UTF16LE, 2),
        (b"\xFE\xFF", RAPIDUTF_BOM_UTF16BE, 2),
        (b"\xFF\xFE\x00\x00", RAPIDUTF_BOM_UTF32LE, 4),
        (b"\x00\x00\xFE\xFF", RAPIDUTF_BOM_UTF32BE, 4),
        (b"\xEF\xBB", RAPIDUTF_BOM_NONE, 0),
        (b"plain", RAPIDUTF_BOM_NONE, 0),
    ];
    for (s, code, len) in cases {
        let mut n = 99usize;
        // SAFETY: live buffers.
        assert_eq!(unsafe { rapidutf_detect_bom(s.as_ptr(), s.len(), &mut n) }, code);
        assert_eq!(n, len);
        // SAFETY: a live buffer; a null length pointer is allowed.
        assert_eq!(unsafe { rapidutf_detect_bom(s.as_ptr(), s.len(), ptr::null_mut()) }, code);
    }
}

#[test]
fn kernel_name() {
    let p = rapidutf_active_kernel_name();
    assert!(!p.is_null());
    // SAFETY: a static NUL-terminated string.
    let name = unsafe { std::ffi::CStr::from_ptr(p) };
    assert_eq!(name.to_str().ok(), Some(rapidutf::Kernel::active().name()));
}

/// Latin-1 to and from UTF-8, UTF-16 and UTF-32, against `b as char`, with
/// every output size for the conversions from Latin-1.
#[test]
fn latin1() {
    let all: Vec<u8> = (0..=255).collect();
    let text: String = all.iter().map(|&b| b as char).collect();
    let mut d8 = vec![0u8; 2 * all.len()];
    // SAFETY: live, disjoint slices.
    let r = unsafe { rapidutf_latin1_to_utf8(all.as_ptr(), all.len(), d8.as_mut_ptr(), d8.len()) };
    assert_eq!((r.status, r.read, r.written), (RAPIDUTF_OK, 256, text.len()));
    assert_eq!(&d8[..r.written], text.as_bytes());
    // SAFETY: a live slice.
    assert_eq!(unsafe { rapidutf_utf8_len_from_latin1(all.as_ptr(), all.len()) }, text.len());
    for small in 0..text.len() {
        let mut dst = vec![0u8; small];
        // SAFETY: live, disjoint slices.
        let r =
            unsafe { rapidutf_latin1_to_utf8(all.as_ptr(), all.len(), dst.as_mut_ptr(), small) };
        assert_eq!(r.status, RAPIDUTF_OUTPUT_TOO_SMALL);
        let prefix: String = all[..r.read].iter().map(|&b| b as char).collect();
        assert_eq!(&dst[..r.written], prefix.as_bytes());
        assert!(small - r.written < 2, "stopped early");
    }
    let want16: Vec<u16> = text.encode_utf16().collect();
    let want32: Vec<u32> = text.chars().map(u32::from).collect();
    let (mut n16, mut le, mut be, mut u32s) =
        (vec![0u16; 256], vec![0u16; 256], vec![0u16; 256], vec![0u32; 256]);
    // SAFETY: live, disjoint slices.
    let rs = unsafe {
        [
            rapidutf_latin1_to_utf16(all.as_ptr(), 256, n16.as_mut_ptr(), 256),
            rapidutf_latin1_to_utf16le(all.as_ptr(), 256, le.as_mut_ptr(), 256),
            rapidutf_latin1_to_utf16be(all.as_ptr(), 256, be.as_mut_ptr(), 256),
            rapidutf_latin1_to_utf32(all.as_ptr(), 256, u32s.as_mut_ptr(), 256),
        ]
    };
    for r in rs {
        assert_eq!((r.status, r.read, r.written), (RAPIDUTF_OK, 256, 256));
    }
    assert_eq!(n16, want16);
    assert_eq!(le.iter().map(|&u| u16::from_le(u)).collect::<Vec<_>>(), want16);
    assert_eq!(be.iter().map(|&u| u16::from_be(u)).collect::<Vec<_>>(), want16);
    assert_eq!(u32s, want32);

    // And back.
    let mut out = vec![0u8; 512];
    // SAFETY: live, disjoint slices.
    let rs = unsafe {
        [
            rapidutf_utf8_to_latin1(text.as_ptr(), text.len(), out.as_mut_ptr(), out.len()),
            rapidutf_utf16_to_latin1(n16.as_ptr(), 256, out.as_mut_ptr(), out.len()),
            rapidutf_utf16le_to_latin1(le.as_ptr(), 256, out.as_mut_ptr(), out.len()),
            rapidutf_utf16be_to_latin1(be.as_ptr(), 256, out.as_mut_ptr(), out.len()),
            rapidutf_utf32_to_latin1(u32s.as_ptr(), 256, out.as_mut_ptr(), out.len()),
        ]
    };
    for r in rs {
        assert_eq!(r.status, RAPIDUTF_OK);
        assert_eq!((r.written, r.kind), (256, RAPIDUTF_KIND_NONE));
    }
    assert_eq!(out[..256], all[..]);

    // Unrepresentable characters, with their length in input units, and
    // invalid input with its own kind.
    let euro = "ab\u{e9}\u{20ac}".as_bytes();
    let emoji: Vec<u16> = "ab\u{1F600}".encode_utf16().collect();
    // SAFETY: live, disjoint slices.
    let (r8, r16, r32, bad8, bad16) = unsafe {
        (
            rapidutf_utf8_to_latin1(euro.as_ptr(), euro.len(), out.as_mut_ptr(), out.len()),
            rapidutf_utf16_to_latin1(emoji.as_ptr(), emoji.len(), out.as_mut_ptr(), out.len()),
            rapidutf_utf32_to_latin1([0x61, 0x100].as_ptr(), 2, out.as_mut_ptr(), out.len()),
            rapidutf_utf8_to_latin1(b"a\xC3".as_ptr(), 2, out.as_mut_ptr(), out.len()),
            rapidutf_utf16_to_latin1([0x61, 0xDC00].as_ptr(), 2, out.as_mut_ptr(), out.len()),
        )
    };
    let key = |r: RapidutfResult| (r.status, r.kind, r.read, r.written, r.error_len);
    let unrep = RAPIDUTF_KIND_UNREPRESENTABLE;
    assert_eq!(key(r8), (RAPIDUTF_INVALID_INPUT, unrep, 4, 0, 3));
    assert_eq!(key(r16), (RAPIDUTF_INVALID_INPUT, unrep, 2, 0, 2));
    assert_eq!(key(r32), (RAPIDUTF_INVALID_INPUT, unrep, 1, 0, 1));
    assert_eq!(key(bad8), (RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_TRUNCATED, 1, 0, 0));
    assert_eq!(key(bad16), (RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_UNPAIRED_LOW, 1, 0, 1));

    // Argument errors.
    // SAFETY: a null pointer with a non-zero length is reported, not read.
    let r = unsafe { rapidutf_latin1_to_utf8(ptr::null(), 3, out.as_mut_ptr(), out.len()) };
    assert_eq!(r.status, RAPIDUTF_NULL_POINTER);
    // SAFETY: as above.
    assert_eq!(unsafe { rapidutf_utf8_len_from_latin1(ptr::null(), 3) }, 0);
}

/// A C caller decoding a stream in `chunks`: each call gets what the last
/// one left unread followed by the next chunk, with an output of `room`
/// units, and the final chunk is passed with `last`. Checks that what a
/// call leaves unread after `RAPIDUTF_OK` is only what `incomplete`
/// accepts (an incomplete character), and nothing once `last`.
fn stream<S: Copy, D: Copy + Default>(
    f: unsafe extern "C" fn(*const S, usize, *mut D, usize, bool) -> RapidutfResult,
    chunks: &[&[S]],
    room: usize,
    incomplete: impl Fn(&[S]) -> bool,
) -> Vec<D> {
    let mut out = Vec::new();
    let mut buf = vec![D::default(); room];
    let mut carry: Vec<S> = Vec::new();
    for (n, chunk) in chunks.iter().enumerate() {
        let last = n + 1 == chunks.len();
        let mut input = std::mem::take(&mut carry);
        input.extend_from_slice(chunk);
        let mut i = 0;
        loop {
            let rest = &input[i..];
            // SAFETY: live, disjoint slices of the lengths passed.
            let r = unsafe { f(rest.as_ptr(), rest.len(), buf.as_mut_ptr(), room, last) };
            out.extend_from_slice(&buf[..r.written]);
            i += r.read;
            match r.status {
                RAPIDUTF_OK => break,
                RAPIDUTF_OUTPUT_TOO_SMALL => assert!(r.written > 0, "no progress, room {room}"),
                s => panic!("status {s}"),
            }
        }
        carry = input[i..].to_vec();
        if last {
            assert!(carry.is_empty(), "the last call left {} units unread", carry.len());
        } else {
            assert!(carry.is_empty() || incomplete(&carry), "left unread more than a character");
        }
    }
    out
}

/// std's view of "an incomplete character": the input ends inside the
/// first character, with no invalid byte yet.
fn incomplete8(s: &[u8]) -> bool {
    matches!(core::str::from_utf8(s), Err(e) if e.valid_up_to() == 0 && e.error_len().is_none())
}

/// `s` cut at each of `cuts` (sorted, in bounds).
fn cut<'a, T>(s: &'a [T], cuts: &[usize]) -> Vec<&'a [T]> {
    let mut out = Vec::new();
    let mut at = 0;
    for &c in cuts {
        out.push(&s[at..c]);
        at = c;
    }
    out.push(&s[at..]);
    out
}

/// Chunked lossy decoding equals `String::from_utf8_lossy` of the whole
/// for every chunking: one cut anywhere, byte by byte, random pieces, an
/// empty last chunk, with ample and with small outputs.
#[test]
fn lossy_chunks_match_std() {
    type F<D> = unsafe extern "C" fn(*const u8, usize, *mut D, usize, bool) -> RapidutfResult;
    let to8: F<u8> = rapidutf_utf8_to_string_lossy_chunk;
    let to16: F<u16> = rapidutf_utf8_to_utf16_lossy_chunk;
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let check = |s: &[u8], chunks: &[&[u8]]| {
        let want = String::from_utf8_lossy(s).into_owned();
        let want16: Vec<u16> = want.encode_utf16().collect();
        // A chunk plus at most 3 carried bytes, times 3 (U+FFFD per byte).
        let big = 3 * (chunks.iter().map(|c| c.len()).max().unwrap_or(0) + 3);
        assert_eq!(stream(to8, chunks, big, incomplete8), want.as_bytes(), "{chunks:x?}");
        assert_eq!(stream(to8, chunks, 4, incomplete8), want.as_bytes(), "{chunks:x?}");
        assert_eq!(stream(to16, chunks, big, incomplete8), want16, "{chunks:x?}");
        assert_eq!(stream(to16, chunks, 2, incomplete8), want16, "{chunks:x?}");
    };
    for s in samples() {
        // One cut at every position of the short samples, at random ones
        // of the long (the exhaustive loop below covers every cut inside
        // a character).
        let one: Vec<usize> = if s.len() <= 24 {
            (0..=s.len()).collect()
        } else {
            (0..8).map(|_| rng.below(s.len() as u64 + 1) as usize).collect()
        };
        for c in one {
            check(&s, &cut(&s, &[c]));
        }
        let bytes: Vec<&[u8]> = s.chunks(1).chain([&[][..]]).collect();
        check(&s, &bytes);
        let mut cuts: Vec<usize> = (0..4).map(|_| rng.below(s.len() as u64 + 1) as usize).collect();
        cuts.sort_unstable();
        check(&s, &cut(&s, &cuts));
    }
    // Every 3-byte string over the bytes where UTF-8's rules change, cut
    // in every way, then followed by one more byte.
    let edges = [
        0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
        0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ];
    for a in edges {
        for b in edges {
            for c in edges {
                let s = [a, b, c, 0x80];
                for i in 0..=3 {
                    for j in i..=3 {
                        let want = String::from_utf8_lossy(&s);
                        let got = stream(to8, &cut(&s, &[i, j]), 16, incomplete8);
                        assert_eq!(got, want.as_bytes(), "{s:x?} cut at {i}, {j}");
                    }
                }
            }
        }
    }
}

/// The UTF-16 chunk functions equal `String::from_utf16_lossy` of the
/// whole for every chunking, and leave at most one high surrogate unread.
#[test]
fn lossy_utf16_chunks_match_std() {
    type F = unsafe extern "C" fn(*const u16, usize, *mut u8, usize, bool) -> RapidutfResult;
    /// A unit's in-memory form from its value.
    type Order = fn(u16) -> u16;
    let fs: [(F, Order); 3] = [
        (rapidutf_utf16_to_string_lossy_chunk, |u| u),
        (rapidutf_utf16le_to_string_lossy_chunk, u16::to_le),
        (rapidutf_utf16be_to_string_lossy_chunk, u16::to_be),
    ];
    for s in samples16() {
        let want = String::from_utf16_lossy(&s);
        for (f, order) in fs {
            let units: Vec<u16> = s.iter().map(|&u| order(u)).collect();
            let high = |c: &[u16]| c.len() == 1 && (0xD800..0xDC00).contains(&order(c[0]));
            let step = units.len() / 16 + 1;
            for c in (0..=units.len()).step_by(step) {
                for room in [3 * units.len() + 3, 4] {
                    let got = stream(f, &cut(&units, &[c]), room, high);
                    assert_eq!(got, want.as_bytes(), "{s:x?} cut at {c}");
                }
            }
            let each: Vec<&[u16]> = units.chunks(1).collect();
            assert_eq!(stream(f, &each, 4, high), want.as_bytes(), "{s:x?} unit by unit");
        }
    }
}

/// `last` false holds back exactly an incomplete character; `last` true
/// decodes it as U+FFFD (the plain function's output).
#[test]
fn lossy_chunk_last_flag() {
    let mut buf = [0u8; 16];
    let call = |s: &[u8], buf: &mut [u8], last| {
        // SAFETY: live, disjoint slices.
        unsafe {
            rapidutf_utf8_to_string_lossy_chunk(s.as_ptr(), s.len(), buf.as_mut_ptr(), 16, last)
        }
    };
    for (s, held) in [
        (&b"ab\xF0\x9F\x98"[..], 3),
        (b"ab\xE2\x82", 2),
        (b"ab\xC3", 1),
        (b"ab\xF4", 1),
        (b"ab\xE0\x80", 0), // E0 80 is invalid whatever follows
        (b"ab\xF4\x90", 0), // above U+10FFFF whatever follows
        (b"ab\x80", 0),
        (b"ab\xF0\x9F\x98\x80", 0),
        (b"", 0),
    ] {
        let r = call(s, &mut buf, false);
        assert_eq!((r.status, r.read), (RAPIDUTF_OK, s.len() - held), "{s:x?}");
        assert_eq!(&buf[..r.written], String::from_utf8_lossy(&s[..r.read]).as_bytes());
        let r = call(s, &mut buf, true);
        assert_eq!((r.status, r.read), (RAPIDUTF_OK, s.len()), "{s:x?}");
        assert_eq!(&buf[..r.written], String::from_utf8_lossy(s).as_bytes());
    }
    let mut out = [0u8; 8];
    let units = [0x61u16, 0xD83D];
    // SAFETY: as above.
    let r = unsafe {
        rapidutf_utf16_to_string_lossy_chunk(units.as_ptr(), 2, out.as_mut_ptr(), 8, false)
    };
    assert_eq!((r.status, r.read, r.written), (RAPIDUTF_OK, 1, 1));
    // SAFETY: as above.
    let r = unsafe {
        rapidutf_utf16_to_string_lossy_chunk(units.as_ptr(), 2, out.as_mut_ptr(), 8, true)
    };
    assert_eq!((r.status, r.read), (RAPIDUTF_OK, 2));
    assert_eq!(&out[..r.written], "a\u{FFFD}".as_bytes());
    // Argument errors are reported as by the plain functions.
    // SAFETY: a null pointer with a non-zero length is rejected unread.
    let r = unsafe {
        rapidutf_utf8_to_string_lossy_chunk(std::ptr::null(), 3, out.as_mut_ptr(), 8, false)
    };
    assert_eq!(r.status, RAPIDUTF_NULL_POINTER);
}

/// Signed offsets, as Arrow's: a negative one is reported as such, and the
/// results equal the library's on `i32` and `i64` offsets.
#[test]
fn signed_offsets() {
    let buf = "aé\u{1F600}".as_bytes();
    let cases: [&[i64]; 5] = [&[0, 1, 3, 7], &[0, 2, 7], &[0, -1, 7], &[0, 8], &[3, 1, 7]];
    for offsets in cases {
        let o32: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
        let want = rapidutf::validate_utf8_offsets(buf, offsets).map_err(|e| (e.index(), e.kind()));
        let (mut i32_at, mut i64_at) = (usize::MAX, usize::MAX);
        // SAFETY: live slices of the lengths passed; aligned out-pointers.
        let (r32, r64) = unsafe {
            (
                rapidutf_validate_utf8_offsets32(
                    buf.as_ptr(),
                    7,
                    o32.as_ptr(),
                    o32.len(),
                    &mut i32_at,
                ),
                rapidutf_validate_utf8_offsets64(
                    buf.as_ptr(),
                    7,
                    offsets.as_ptr(),
                    offsets.len(),
                    &mut i64_at,
                ),
            )
        };
        assert_eq!((r32, i32_at), (r64, i64_at), "{offsets:?}");
        match want {
            Ok(()) => assert_eq!(r32.status, RAPIDUTF_OK),
            Err((index, kind)) => {
                assert_eq!((r32.status, i32_at), (RAPIDUTF_INVALID_INPUT, index), "{offsets:?}");
                let code = match kind {
                    rapidutf::ManyStringsErrorKind::OutOfBounds => RAPIDUTF_KIND_OUT_OF_BOUNDS,
                    rapidutf::ManyStringsErrorKind::Reversed => RAPIDUTF_KIND_REVERSED,
                    rapidutf::ManyStringsErrorKind::Negative => RAPIDUTF_KIND_NEGATIVE,
                    rapidutf::ManyStringsErrorKind::Invalid(_) => r32.kind,
                    other => panic!("{other:?}"),
                };
                assert_eq!(r32.kind, code, "{offsets:?}");
            }
        }
    }
    // SAFETY: as above.
    let r = unsafe {
        rapidutf_validate_utf8_offsets32(
            buf.as_ptr(),
            7,
            [0, -1, 7].as_ptr(),
            3,
            std::ptr::null_mut(),
        )
    };
    assert_eq!((r.status, r.kind), (RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_NEGATIVE));
}

/// What std makes of UTF-16 or UTF-32 given as bytes (`size` 2 or 4,
/// big-endian or not): the UTF-8 of the whole input, or the error's
/// `(read, kind, error_len)` in bytes, a partial last unit last.
fn bytes_oracle(bytes: &[u8], size: usize, be: bool) -> Result<String, (usize, i32, usize)> {
    let whole = bytes.len() - bytes.len() % size;
    let value = |b: &[u8]| -> u32 {
        let mut v = 0u32;
        for (k, &x) in b.iter().enumerate() {
            v |= u32::from(x) << if be { 8 * (size - 1 - k) } else { 8 * k };
        }
        v
    };
    let values: Vec<u32> = bytes[..whole].chunks(size).map(value).collect();
    let mut out = String::new();
    if size == 2 {
        let mut at = 0;
        for r in char::decode_utf16(values.iter().map(|&v| v as u16)) {
            match r {
                Ok(c) => {
                    out.push(c);
                    at += 2 * c.len_utf16();
                }
                Err(e) => {
                    let high = (0xD800..0xDC00).contains(&e.unpaired_surrogate());
                    let kind =
                        if high { RAPIDUTF_KIND_UNPAIRED_HIGH } else { RAPIDUTF_KIND_UNPAIRED_LOW };
                    return Err((at, kind, 2));
                }
            }
        }
    } else {
        for (i, &v) in values.iter().enumerate() {
            match char::from_u32(v) {
                Some(c) => out.push(c),
                None if v > 0x10FFFF => return Err((4 * i, RAPIDUTF_KIND_TOO_LARGE, 4)),
                None => return Err((4 * i, RAPIDUTF_KIND_SURROGATE, 4)),
            }
        }
    }
    if whole < bytes.len() {
        return Err((whole, RAPIDUTF_KIND_INCOMPLETE_UNIT, bytes.len() - whole));
    }
    Ok(out)
}

type BytesValidate = unsafe extern "C" fn(*const u8, usize) -> RapidutfResult;
type BytesToUtf8 = unsafe extern "C" fn(*const u8, usize, *mut u8, usize) -> RapidutfResult;

/// The byte-input functions at an odd address and every length, against
/// std: validation, the conversion into ample and into short buffers.
#[test]
fn bytes_input_matches_std() {
    let fns: [(usize, bool, BytesValidate, BytesToUtf8); 4] = [
        (2, false, rapidutf_validate_utf16le_bytes, rapidutf_utf16le_bytes_to_utf8),
        (2, true, rapidutf_validate_utf16be_bytes, rapidutf_utf16be_bytes_to_utf8),
        (4, false, rapidutf_validate_utf32le_bytes, rapidutf_utf32le_bytes_to_utf8),
        (4, true, rapidutf_validate_utf32be_bytes, rapidutf_utf32be_bytes_to_utf8),
    ];
    for (n, s) in samples16().into_iter().enumerate() {
        // The text's scalar values, its lone surrogates as values, and
        // every other one a value above U+10FFFF at the end.
        let chars: Vec<u32> = char::decode_utf16(s.iter().copied())
            .map(|r| r.map_or_else(|e| u32::from(e.unpaired_surrogate()), u32::from))
            .chain((n % 2 == 1).then_some(0x110000))
            .collect();
        for &(size, be, validate, to_utf8) in &fns {
            let mut bytes: Vec<u8> = if size == 2 {
                s.iter().flat_map(|&u| if be { u.to_be_bytes() } else { u.to_le_bytes() }).collect()
            } else {
                chars
                    .iter()
                    .flat_map(|&v| if be { v.to_be_bytes() } else { v.to_le_bytes() })
                    .collect()
            };
            for tail in 0..size {
                bytes.truncate(bytes.len() - bytes.len() % size);
                bytes.extend((0..tail).map(|k| 0x41 + k as u8));
                // One byte past an aligned start: no unit is aligned.
                let mut storage = vec![0u8; bytes.len() + 8];
                let start = (8 - storage.as_ptr() as usize % 8) % 8 + 1;
                storage[start..start + bytes.len()].copy_from_slice(&bytes);
                let src = &storage[start..start + bytes.len()];
                let want = bytes_oracle(src, size, be);
                let invalid = |(read, kind, error_len): (usize, i32, usize)| RapidutfResult {
                    status: RAPIDUTF_INVALID_INPUT,
                    kind,
                    read,
                    written: 0,
                    error_len,
                };
                // SAFETY: a live slice.
                let r = unsafe { validate(src.as_ptr(), src.len()) };
                match &want {
                    Ok(_) => assert_eq!((r.status, r.read), (RAPIDUTF_OK, src.len())),
                    Err(e) => assert_eq!(r, invalid(*e), "{size} {be} {src:02X?}"),
                }
                let mut dst = vec![0u8; 3 * src.len() + 4];
                // SAFETY: live slices that do not overlap.
                let r = unsafe { to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr(), dst.len()) };
                match &want {
                    Ok(text) => {
                        assert_eq!(
                            (r.status, r.read, r.written),
                            (RAPIDUTF_OK, src.len(), text.len())
                        );
                        assert_eq!(&dst[..r.written], text.as_bytes());
                    }
                    Err(e) => assert_eq!(r, invalid(*e), "{size} {be} {src:02X?}"),
                }
                // Room for one byte: whichever of "invalid" and "does not
                // fit" comes first.
                // SAFETY: live slices that do not overlap.
                let r = unsafe { to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr(), 1) };
                match (&want, r.status) {
                    (_, RAPIDUTF_OUTPUT_TOO_SMALL) => assert!(r.read < src.len() && r.written <= 1),
                    (Err(e), _) => assert_eq!(r, invalid(*e), "{size} {be} {src:02X?}"),
                    (Ok(text), _) => assert_eq!((r.status, r.written), (RAPIDUTF_OK, text.len())),
                }
            }
        }
    }
}

/// std's decoding of `s`, each character above U+00FF and each maximal
/// invalid subpart as `?`: Python's `encode("latin-1", errors="replace")`
/// of `decode("utf-8", errors="replace")`, with the count of `?`s written
/// for a replacement.
fn latin1_lossy_oracle(s: &[u8]) -> (Vec<u8>, usize) {
    let (mut out, mut n) = (Vec::new(), 0);
    for chunk in s.utf8_chunks() {
        for c in chunk.valid().chars() {
            match u8::try_from(u32::from(c)) {
                Ok(b) => out.push(b),
                Err(_) => {
                    out.push(b'?');
                    n += 1;
                }
            }
        }
        if !chunk.invalid().is_empty() {
            out.push(b'?');
            n += 1;
        }
    }
    (out, n)
}

type LossyEncode =
    unsafe extern "C" fn(*const u8, usize, *mut u8, usize, u8, *mut usize) -> RapidutfResult;

/// Runs a lossy encoder over `s` with `room` bytes per call, resuming at
/// `read`: the output and the sum of the calls' counts.
fn lossy_encode_in_pieces(f: LossyEncode, s: &[u8], room: usize) -> (Vec<u8>, usize) {
    let (mut out, mut total, mut at) = (Vec::new(), 0, 0);
    loop {
        let mut dst = vec![0u8; room];
        let mut replaced = usize::MAX;
        // SAFETY: live slices that do not overlap, and a live `usize`.
        let r = unsafe {
            f(s[at..].as_ptr(), s.len() - at, dst.as_mut_ptr(), room, b'?', &mut replaced)
        };
        assert_ne!(replaced, usize::MAX, "no count written");
        out.extend_from_slice(&dst[..r.written]);
        total += replaced;
        match r.status {
            RAPIDUTF_OK => return (out, total),
            RAPIDUTF_OUTPUT_TOO_SMALL => {
                assert!(r.read > 0, "no progress with {room} bytes");
                at += r.read;
            }
            other => panic!("status {other}"),
        }
    }
}

#[test]
fn lossy_encoders_to_single_byte() {
    for s in samples() {
        let (want, n) = latin1_lossy_oracle(&s);
        for room in [1, 3, s.len() + 1] {
            let got = lossy_encode_in_pieces(rapidutf_utf8_to_latin1_lossy, &s, room);
            assert_eq!(got, (want.clone(), n), "latin1 {s:02X?}, room {room}");
            let whole = rapidutf::utf8_to_windows1252_lossy_vec(&s, b'?');
            let got = lossy_encode_in_pieces(rapidutf_utf8_to_windows1252_lossy, &s, room);
            assert_eq!(got, (whole.output, whole.replaced), "windows-1252 {s:02X?}, room {room}");
        }
    }
    // A null count is allowed; a misaligned one is an argument error that
    // writes nothing.
    let mut dst = [0xA5u8; 8];
    // SAFETY: live slices; a null count.
    let r = unsafe {
        rapidutf_utf8_to_latin1_lossy(
            b"a\xFF".as_ptr(),
            2,
            dst.as_mut_ptr(),
            8,
            b'?',
            ptr::null_mut(),
        )
    };
    assert_eq!((r.status, r.written, &dst[..2]), (RAPIDUTF_OK, 2, &b"a?"[..]));
    let mut counts = [usize::MAX; 2];
    let misaligned = counts.as_mut_ptr().cast::<u8>().wrapping_add(1).cast::<usize>();
    let mut dst = [0xA5u8; 8];
    // SAFETY: live slices; the count pointer is rejected before any use.
    let r = unsafe {
        rapidutf_utf8_to_windows1252_lossy(
            b"a\xFF".as_ptr(),
            2,
            dst.as_mut_ptr(),
            8,
            b'?',
            misaligned,
        )
    };
    assert_eq!((r.status, dst, counts), (RAPIDUTF_MISALIGNED, [0xA5; 8], [usize::MAX; 2]));
}

/// `rapidutf_decode_detected` against `rapidutf::decode_detected`: the
/// encoding, the text into the exact size, a too-small buffer (a prefix
/// of the text on a character boundary), and errors after a mark at their
/// byte positions.
#[test]
fn decode_detected_matches_the_rust_function() {
    let mut inputs: Vec<Vec<u8>> = samples();
    for text in ["héllo wörld 😀", "", "a", "日本語のテキスト"] {
        let u16s: Vec<u16> = text.encode_utf16().collect();
        for bom in [true, false] {
            let mark = |b: &[u8]| if bom { b.to_vec() } else { Vec::new() };
            let le: Vec<u8> = u16s.iter().flat_map(|u| u.to_le_bytes()).collect();
            let be: Vec<u8> = u16s.iter().flat_map(|u| u.to_be_bytes()).collect();
            let le32: Vec<u8> = text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect();
            inputs.push([mark(b"\xFF\xFE"), le.clone()].concat());
            inputs.push([mark(b"\xFE\xFF"), be].concat());
            inputs.push([mark(b"\xFF\xFE\x00\x00"), le32].concat());
            inputs.push([mark(b"\xEF\xBB\xBF"), text.as_bytes().to_vec()].concat());
            // A mark the rest contradicts: a lone surrogate, an odd byte.
            inputs.push([mark(b"\xFF\xFE"), le.clone(), vec![0x00, 0xDC]].concat());
            inputs.push([mark(b"\xFF\xFE"), le, vec![0x41]].concat());
        }
    }
    inputs.push(b"caf\xE9 \x80".to_vec());
    for s in &inputs {
        let want = rapidutf::decode_detected(s);
        let code = |e: rapidutf::DetectedEncoding| {
            rapidutf::DetectedEncoding::ALL.iter().position(|&x| x == e).unwrap() as i32 + 1
        };
        let mut dst = vec![0u8; 3 * s.len()];
        let mut encoding = -1;
        // SAFETY: live buffers of the lengths passed.
        let r = unsafe {
            rapidutf_decode_detected(
                s.as_ptr(),
                s.len(),
                dst.as_mut_ptr(),
                dst.len(),
                &mut encoding,
            )
        };
        match &want {
            Ok((text, enc)) => {
                assert_eq!(
                    (r.status, r.read, r.written, encoding),
                    (RAPIDUTF_OK, s.len(), text.len(), code(*enc)),
                    "{s:02X?}"
                );
                assert_eq!(&dst[..r.written], text.as_bytes());
                if let Some(short) = text.len().checked_sub(1) {
                    // SAFETY: as above, with fewer bytes of room.
                    let r = unsafe {
                        rapidutf_decode_detected(
                            s.as_ptr(),
                            s.len(),
                            dst.as_mut_ptr(),
                            short,
                            ptr::null_mut(),
                        )
                    };
                    assert_eq!(r.status, RAPIDUTF_OUTPUT_TOO_SMALL, "{s:02X?}");
                    assert!(r.written <= short && text.is_char_boundary(r.written));
                    assert_eq!(&dst[..r.written], &text.as_bytes()[..r.written]);
                }
            }
            Err(e) => {
                assert_eq!(
                    (r.status, r.read, encoding),
                    (RAPIDUTF_INVALID_INPUT, e.valid_up_to(), code(e.encoding())),
                    "{s:02X?}"
                );
                if let Some(n) = e.error_len() {
                    assert_eq!(r.error_len, n, "{s:02X?}");
                }
            }
        }
    }
}

/// A `_report` function over slices: input, output, the count's pointer.
type ReportFn<'a, S, D> = &'a dyn Fn(&[S], &mut [D], *mut usize) -> RapidutfResult;

/// Calls the `_report` function `f` on `src` with an output of `room`
/// units until done, resuming at each `read`: the output and the sum of
/// the counts it stored. Every call must make progress (a room of 4 bytes
/// or 2 UTF-16 units holds any character and U+FFFD), and the whole input
/// is read when it says `OK`.
fn report_pieces<S, D: Copy + Default>(
    f: ReportFn<'_, S, D>,
    src: &[S],
    room: usize,
) -> (Vec<D>, usize) {
    let (mut out, mut total, mut i) = (Vec::new(), 0, 0);
    let mut buf = vec![D::default(); room];
    loop {
        let mut replaced = usize::MAX;
        let r = f(&src[i..], &mut buf, &mut replaced);
        assert_ne!(replaced, usize::MAX, "the count was not stored (status {})", r.status);
        out.extend_from_slice(&buf[..r.written]);
        total += replaced;
        i += r.read;
        match r.status {
            RAPIDUTF_OK => {
                assert_eq!(i, src.len(), "input left unread with room {room}");
                return (out, total);
            }
            RAPIDUTF_OUTPUT_TOO_SMALL => {
                assert!(r.read > 0 && r.written > 0, "no progress with room {room}")
            }
            s => panic!("status {s}"),
        }
    }
}

/// The `_report` forms of the lossy decoders: the same output as the
/// plain ones, and counts that equal the Rust API's (`_report`), also
/// summed over calls resumed at `read` and over the chunks of a stream;
/// a null `replaced` is allowed, a misaligned one is an argument error
/// that writes nothing.
#[test]
fn lossy_reports_count_replacements() {
    for s in samples() {
        let want = String::from_utf8_lossy(&s).into_owned();
        let want16: Vec<u16> = want.encode_utf16().collect();
        let n = rapidutf::utf8_to_string_lossy_report(&s).replaced;
        // SAFETY (each closure): live, disjoint slices, and a live count.
        let to8 = |s: &[u8], d: &mut [u8], r: *mut usize| unsafe {
            rapidutf_utf8_to_string_lossy_report(s.as_ptr(), s.len(), d.as_mut_ptr(), d.len(), r)
        };
        let to16 = |s: &[u8], d: &mut [u16], r: *mut usize| unsafe {
            rapidutf_utf8_to_utf16_lossy_report(s.as_ptr(), s.len(), d.as_mut_ptr(), d.len(), r)
        };
        for room in [3 * s.len() + 4, 4, 7] {
            assert_eq!(report_pieces(&to8, &s, room), (want.as_bytes().to_vec(), n), "{s:x?}");
        }
        for room in [s.len() + 2, 2, 5] {
            assert_eq!(report_pieces(&to16, &s, room), (want16.clone(), n), "{s:x?}");
        }
        for (strategy, code) in [
            (rapidutf::ErrorStrategy::Replace, RAPIDUTF_STRATEGY_REPLACE),
            (rapidutf::ErrorStrategy::Ignore, RAPIDUTF_STRATEGY_IGNORE),
            (rapidutf::ErrorStrategy::Latin1, RAPIDUTF_STRATEGY_LATIN1),
            (rapidutf::ErrorStrategy::Windows1252, RAPIDUTF_STRATEGY_WINDOWS1252),
        ] {
            let want = rapidutf::utf8_to_string_lossy_with_report(&s, strategy);
            // SAFETY: as above.
            let with8 = |s: &[u8], d: &mut [u8], r: *mut usize| unsafe {
                let (p, n) = (d.as_mut_ptr(), d.len());
                rapidutf_utf8_to_string_lossy_with_report(s.as_ptr(), s.len(), p, n, code, r)
            };
            let got = report_pieces(&with8, &s, 12);
            assert_eq!(got, (want.output.as_bytes().to_vec(), want.replaced), "{strategy}");
            let want16: Vec<u16> = want.output.encode_utf16().collect();
            // SAFETY: as above.
            let with16 = |s: &[u8], d: &mut [u16], r: *mut usize| unsafe {
                let (p, n) = (d.as_mut_ptr(), d.len());
                rapidutf_utf8_to_utf16_lossy_with_report(s.as_ptr(), s.len(), p, n, code, r)
            };
            assert_eq!(report_pieces(&with16, &s, 4), (want16, want.replaced), "{strategy}");
        }
        // A stream cut in two at every point: the chunk forms' counts add
        // up (an incomplete character left unread is counted once, by the
        // call that reads it).
        for c in 0..=s.len().min(40) {
            for last_room in [3 * s.len() + 12, 4] {
                let (mut out, mut total, mut carry) = (Vec::new(), 0, Vec::new());
                for (k, piece) in [&s[..c], &s[c..]].into_iter().enumerate() {
                    let last = k == 1;
                    let mut input = std::mem::take(&mut carry);
                    input.extend_from_slice(piece);
                    // SAFETY: as above.
                    let chunk = |s: &[u8], d: &mut [u8], r: *mut usize| unsafe {
                        let (p, n) = (d.as_mut_ptr(), d.len());
                        rapidutf_utf8_to_string_lossy_chunk_report(
                            s.as_ptr(),
                            s.len(),
                            p,
                            n,
                            last,
                            r,
                        )
                    };
                    let mut buf = vec![0u8; last_room];
                    let mut i = 0;
                    loop {
                        let mut replaced = usize::MAX;
                        let r = chunk(&input[i..], &mut buf, &mut replaced);
                        out.extend_from_slice(&buf[..r.written]);
                        total += replaced;
                        i += r.read;
                        if r.status == RAPIDUTF_OK {
                            break;
                        }
                        assert_eq!(r.status, RAPIDUTF_OUTPUT_TOO_SMALL);
                    }
                    carry = input[i..].to_vec();
                }
                assert!(carry.is_empty());
                assert_eq!((out.as_slice(), total), (want.as_bytes(), n), "{s:x?} cut at {c}");
            }
        }
    }
    for s in samples16() {
        let want = String::from_utf16_lossy(&s);
        let n = rapidutf::utf16_to_string_lossy_report(&s).replaced;
        let le: Vec<u16> = s.iter().map(|u| u.to_le()).collect();
        let be: Vec<u16> = s.iter().map(|u| u.to_be()).collect();
        type F16 =
            unsafe extern "C" fn(*const u16, usize, *mut u8, usize, *mut usize) -> RapidutfResult;
        type C16 = unsafe extern "C" fn(
            *const u16,
            usize,
            *mut u8,
            usize,
            bool,
            *mut usize,
        ) -> RapidutfResult;
        let forms: [(F16, C16, &[u16]); 3] = [
            (
                rapidutf_utf16_to_string_lossy_report,
                rapidutf_utf16_to_string_lossy_chunk_report,
                &s,
            ),
            (
                rapidutf_utf16le_to_string_lossy_report,
                rapidutf_utf16le_to_string_lossy_chunk_report,
                &le,
            ),
            (
                rapidutf_utf16be_to_string_lossy_report,
                rapidutf_utf16be_to_string_lossy_chunk_report,
                &be,
            ),
        ];
        for (f, chunked, input) in forms {
            // SAFETY: live, disjoint slices, and a live count.
            let whole = |s: &[u16], d: &mut [u8], r: *mut usize| unsafe {
                f(s.as_ptr(), s.len(), d.as_mut_ptr(), d.len(), r)
            };
            // SAFETY: as above; the last chunk.
            let last = |s: &[u16], d: &mut [u8], r: *mut usize| unsafe {
                chunked(s.as_ptr(), s.len(), d.as_mut_ptr(), d.len(), true, r)
            };
            for room in [3 * s.len() + 4, 4, 5] {
                assert_eq!(report_pieces(&whole, input, room), (want.as_bytes().to_vec(), n));
                assert_eq!(report_pieces(&last, input, room), (want.as_bytes().to_vec(), n));
            }
        }
    }
    // Null: allowed. Misaligned: RAPIDUTF_MISALIGNED, nothing written.
    let mut out = [0u8; 8];
    let mut words = [0usize; 2];
    // SAFETY: live, disjoint buffers.
    let r = unsafe {
        rapidutf_utf8_to_string_lossy_report(
            b"a\xFF".as_ptr(),
            2,
            out.as_mut_ptr(),
            8,
            ptr::null_mut(),
        )
    };
    assert_eq!((r.status, r.written, &out[..4]), (RAPIDUTF_OK, 4, &b"a\xEF\xBF\xBD"[..]));
    let odd = words.as_mut_ptr().cast::<u8>().wrapping_add(1).cast::<usize>();
    out = [0; 8];
    // SAFETY: as above; the misaligned pointer is rejected, never written.
    let r = unsafe {
        rapidutf_utf8_to_string_lossy_report(b"a\xFF".as_ptr(), 2, out.as_mut_ptr(), 8, odd)
    };
    assert_eq!(
        (r.status, r.read, r.written, out, words),
        (RAPIDUTF_MISALIGNED, 0, 0, [0; 8], [0; 2])
    );
}
