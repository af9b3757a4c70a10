//! The `roundtrip` target: UTF-8 → UTF-16/UTF-32 → UTF-8 round trips on
//! valid input, core's exact error on invalid input, the same bytes read as
//! UTF-16 and UTF-32 against std, and the lossy decoders and length
//! functions (also per kernel) against std and the documented definitions
//! (`rapidutf_testkit::count`).

use crate::{as_u16s, as_u32s};
use rapidutf::{Kernel, TranscodeError, Utf16Error, Utf8Error};
use rapidutf_testkit::{
    dec_utf16, dec_utf32, def_count_chars, def_utf16_len_from_utf32, def_utf16_len_from_utf8,
    def_utf32_len_from_utf16, def_utf8_len_from_utf16, def_utf8_len_from_utf32, oracle_kind, Key,
    Order, Transcoder,
};

/// kernel):
///
/// - valid UTF-8 → UTF-16 (native, LE, BE) → UTF-8 and → UTF-32 → UTF-8,
///   and UTF-16 ↔ UTF-32, each step equal to std's encoding;
/// - invalid UTF-8: every UTF-8 transcoder (with ample room) and
///   allocating function reports core's exact error;
/// - the same bytes read as UTF-16 and UTF-32: validation, `*_to_string`
///   and lossy decoding against std;
/// - every length function: exact on valid input, and its documented
///   formula on any input.
pub fn check(data: &[u8]) {
    match core::str::from_utf8(data) {
        Ok(s) => roundtrip_valid(s),
        Err(w) => utf8_invalid(data, &w),
    }
    assert_eq!(rapidutf::utf8_to_string_lossy(data), String::from_utf8_lossy(data), "lossy");
    utf8_lengths_any(data);

    let s16 = as_u16s(data);
    utf16_input(&s16);
    let s32 = as_u32s(data);
    utf32_input(&s32);
    kernels_counts_and_lossy(data, &s16, &s32);
}

/// Every available kernel's counts (at any length: the kernel methods skip
/// the short-input path of dispatch) against the definitions in the
/// crate's documentation, and its lossy UTF-8 decoding against std.
fn kernels_counts_and_lossy(data: &[u8], s16: &[u16], s32: &[u32]) {
    let chars = def_count_chars(data);
    let units = def_utf16_len_from_utf8(data);
    let values = |order: Order| -> Vec<u16> { s16.iter().map(|&u| order.load(u)).collect() };
    let (le, be) = (values(Order::Le), values(Order::Be));
    let utf8_of_32 = def_utf8_len_from_utf32(s32);
    let utf16_of_32 = def_utf16_len_from_utf32(s32);
    let lossy = String::from_utf8_lossy(data);
    for k in Kernel::available() {
        assert_eq!(k.count_chars(data), chars, "{k}: count_chars");
        assert_eq!(k.utf16_len_from_utf8(data), units, "{k}: utf16_len_from_utf8");
        assert_eq!(k.utf8_len_from_utf16le(s16), def_utf8_len_from_utf16(&le), "{k}: le");
        assert_eq!(k.utf8_len_from_utf16be(s16), def_utf8_len_from_utf16(&be), "{k}: be");
        assert_eq!(k.utf32_len_from_utf16le(s16), def_utf32_len_from_utf16(&le), "{k}: le");
        assert_eq!(k.utf32_len_from_utf16be(s16), def_utf32_len_from_utf16(&be), "{k}: be");
        assert_eq!(k.utf8_len_from_utf32(s32), utf8_of_32, "{k}: utf8_len_from_utf32");
        assert_eq!(k.utf16_len_from_utf32(s32), utf16_of_32, "{k}: utf16_len_from_utf32");
        assert_eq!(k.utf8_to_string_lossy(data), lossy, "{k}: utf8_to_string_lossy");
    }
}

/// The UTF-16 functions of one byte order (`utf16` native, `utf16le`,
/// `utf16be`), and how units are stored in it.
struct Order16 {
    name: &'static str,
    /// How units are stored.
    order: Order,
    to16: Transcoder<u8, u16, Utf8Error>,
    from16: Transcoder<u16, u8, Utf16Error>,
    validate: fn(&[u16]) -> Result<(), Utf16Error>,
    to_string: fn(&[u16]) -> Result<String, Utf16Error>,
    lossy: fn(&[u16]) -> String,
    len8: fn(&[u16]) -> usize,
}

impl Order16 {
    const ALL: [Order16; 3] = [
        Order16 {
            name: "utf16",
            order: Order::Native,
            to16: rapidutf::utf8_to_utf16,
            from16: rapidutf::utf16_to_utf8,
            validate: rapidutf::validate_utf16,
            to_string: rapidutf::utf16_to_string,
            lossy: rapidutf::utf16_to_string_lossy,
            len8: rapidutf::utf8_len_from_utf16,
        },
        Order16 {
            name: "utf16le",
            order: Order::Le,
            to16: rapidutf::utf8_to_utf16le,
            from16: rapidutf::utf16le_to_utf8,
            validate: rapidutf::validate_utf16le,
            to_string: rapidutf::utf16le_to_string,
            lossy: rapidutf::utf16le_to_string_lossy,
            len8: rapidutf::utf8_len_from_utf16le,
        },
        Order16 {
            name: "utf16be",
            order: Order::Be,
            to16: rapidutf::utf8_to_utf16be,
            from16: rapidutf::utf16be_to_utf8,
            validate: rapidutf::validate_utf16be,
            to_string: rapidutf::utf16be_to_string,
            lossy: rapidutf::utf16be_to_string_lossy,
            len8: rapidutf::utf8_len_from_utf16be,
        },
    ];
}

fn roundtrip_valid(s: &str) {
    let b = s.as_bytes();
    let want16: Vec<u16> = s.encode_utf16().collect();
    let want32: Vec<u32> = s.chars().map(u32::from).collect();

    // UTF-8 -> UTF-16 -> UTF-8, in each byte order.
    for o in Order16::ALL {
        let mut u16s = vec![0u16; b.len()];
        let n = (o.to16)(b, &mut u16s).unwrap_or_else(|e| panic!("utf8_to_{}: {e:?}", o.name));
        let stored: Vec<u16> = o.order.encode(&want16);
        assert_eq!(&u16s[..n], &stored[..], "utf8_to_{}", o.name);
        let mut back = vec![0u8; 3 * n];
        let m = (o.from16)(&u16s[..n], &mut back)
            .unwrap_or_else(|e| panic!("{}_to_utf8: {e:?}", o.name));
        assert_eq!(&back[..m], b, "{}_to_utf8", o.name);
    }

    // UTF-8 -> UTF-32 -> UTF-8.
    let mut u32s = vec![0u32; b.len()];
    let n = rapidutf::utf8_to_utf32(b, &mut u32s).expect("utf8_to_utf32");
    assert_eq!(&u32s[..n], &want32[..], "utf8_to_utf32");
    let mut back = vec![0u8; 4 * n];
    let m = rapidutf::utf32_to_utf8(&u32s[..n], &mut back).expect("utf32_to_utf8");
    assert_eq!(&back[..m], b, "utf32_to_utf8");

    // UTF-16 <-> UTF-32.
    let mut u32s = vec![0u32; want16.len()];
    let n = rapidutf::utf16_to_utf32(&want16, &mut u32s).expect("utf16_to_utf32");
    assert_eq!(&u32s[..n], &want32[..], "utf16_to_utf32");
    let mut u16s = vec![0u16; 2 * want32.len()];
    let n = rapidutf::utf32_to_utf16(&want32, &mut u16s).expect("utf32_to_utf16");
    assert_eq!(&u16s[..n], &want16[..], "utf32_to_utf16");

    // The allocating forms.
    assert_eq!(rapidutf::utf8_to_utf16_vec(b).expect("utf8_to_utf16_vec"), want16);
    assert_eq!(rapidutf::utf8_to_utf32_vec(b).expect("utf8_to_utf32_vec"), want32);
    assert_eq!(rapidutf::utf16_to_string(&want16).expect("utf16_to_string"), s);
    assert_eq!(rapidutf::utf32_to_string(&want32).expect("utf32_to_string"), s);
    let le: Vec<u16> = want16.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = want16.iter().map(|u| u.to_be()).collect();
    assert_eq!(rapidutf::utf16le_to_string(&le).expect("utf16le_to_string"), s);
    assert_eq!(rapidutf::utf16be_to_string(&be).expect("utf16be_to_string"), s);

    // Exact lengths.
    assert_eq!(rapidutf::count_chars(b), want32.len(), "count_chars");
    assert_eq!(rapidutf::utf16_len_from_utf8(b), want16.len(), "utf16_len_from_utf8");
    assert_eq!(rapidutf::utf8_len_from_utf16(&want16), b.len(), "utf8_len_from_utf16");
    assert_eq!(rapidutf::utf8_len_from_utf16le(&le), b.len(), "utf8_len_from_utf16le");
    assert_eq!(rapidutf::utf8_len_from_utf16be(&be), b.len(), "utf8_len_from_utf16be");
    assert_eq!(rapidutf::utf8_len_from_utf32(&want32), b.len(), "utf8_len_from_utf32");
    assert_eq!(rapidutf::utf16_len_from_utf32(&want32), want16.len(), "utf16_len_from_utf32");
    assert_eq!(rapidutf::utf32_len_from_utf16(&want16), want32.len(), "utf32_len_from_utf16");
}

fn utf8_invalid(data: &[u8], w: &core::str::Utf8Error) {
    let want = (w.valid_up_to(), w.error_len(), oracle_kind(data, w.valid_up_to(), w.error_len()));
    let invalid = |who: &str, e: Option<&Utf8Error>| match e {
        Some(e) => assert_eq!(e.key(), want, "{who}: UTF-8 error differs from core's"),
        None => panic!("{who}: invalid input, but no Invalid error"),
    };
    let mut u16s = vec![0u16; data.len()];
    invalid(
        "utf8_to_utf16",
        rapidutf::utf8_to_utf16(data, &mut u16s).err().as_ref().and_then(TranscodeError::invalid),
    );
    invalid(
        "utf8_to_utf16le",
        rapidutf::utf8_to_utf16le(data, &mut u16s).err().as_ref().and_then(TranscodeError::invalid),
    );
    invalid(
        "utf8_to_utf16be",
        rapidutf::utf8_to_utf16be(data, &mut u16s).err().as_ref().and_then(TranscodeError::invalid),
    );
    let mut u32s = vec![0u32; data.len()];
    invalid(
        "utf8_to_utf32",
        rapidutf::utf8_to_utf32(data, &mut u32s).err().as_ref().and_then(TranscodeError::invalid),
    );
    invalid("utf8_to_utf16_vec", rapidutf::utf8_to_utf16_vec(data).err().as_ref());
    invalid("utf8_to_utf32_vec", rapidutf::utf8_to_utf32_vec(data).err().as_ref());
    invalid("validate_utf8", rapidutf::validate_utf8(data).err().as_ref());
}

/// The documented any-input formulas of the UTF-8 length functions.
fn utf8_lengths_any(data: &[u8]) {
    let (leads, units) = (def_count_chars(data), def_utf16_len_from_utf8(data));
    assert_eq!(rapidutf::count_chars(data), leads, "count_chars (any input)");
    assert_eq!(rapidutf::utf16_len_from_utf8(data), units, "utf16_len_from_utf8 (any)");
}

fn utf16_input(s16: &[u16]) {
    for Order16 { name: who, order, validate, to_string, lossy, len8, .. } in Order16::ALL {
        let values: Vec<u16> = s16.iter().map(|&u| order.load(u)).collect();
        let decoded = dec_utf16(s16, order);
        match (&decoded.err, validate(s16), to_string(s16)) {
            (None, Ok(()), Ok(s)) => {
                assert_eq!(s, String::from_utf16(&values).unwrap(), "{who}_to_string");
                assert_eq!(len8(s16), s.len(), "utf8_len_from_{who} (valid)");
            }
            (Some(want), Err(e1), Err(e2)) => {
                assert_eq!(e1.key(), *want, "validate_{who}");
                assert_eq!(e2.key(), *want, "{who}_to_string");
            }
            (want, v, t) => panic!("{who}: std says {want:?}, validate {v:?}, to_string {t:?}"),
        }
        assert_eq!(lossy(s16), String::from_utf16_lossy(&values), "{who}_to_string_lossy");
        // Documented on any input: 1, 2 or 3 bytes per unit, 2 per surrogate.
        let formula = def_utf8_len_from_utf16(&values);
        assert_eq!(len8(s16), formula, "utf8_len_from_{who} (any input)");
    }
    let not_low = def_utf32_len_from_utf16(s16);
    assert_eq!(rapidutf::utf32_len_from_utf16(s16), not_low, "utf32_len_from_utf16 (any)");
}

fn utf32_input(s32: &[u32]) {
    let decoded = dec_utf32(s32);
    match (&decoded.err, rapidutf::validate_utf32(s32), rapidutf::utf32_to_string(s32)) {
        (None, Ok(()), Ok(s)) => {
            let want: String = s32.iter().map(|&v| char::from_u32(v).unwrap()).collect();
            assert_eq!(s, want, "utf32_to_string");
        }
        (Some(want), Err(e1), Err(e2)) => {
            assert_eq!(e1.key(), *want, "validate_utf32");
            assert_eq!(e2.key(), *want, "utf32_to_string");
        }
        (want, v, t) => panic!("utf32: std says {want:?}, validate {v:?}, to_string {t:?}"),
    }
    let len8 = def_utf8_len_from_utf32(s32);
    assert_eq!(rapidutf::utf8_len_from_utf32(s32), len8, "utf8_len_from_utf32 (any input)");
    let len16 = def_utf16_len_from_utf32(s32);
    assert_eq!(rapidutf::utf16_len_from_utf32(s32), len16, "utf16_len_from_utf32 (any input)");
}
