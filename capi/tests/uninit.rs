//! Every exported function that writes an output buffer, given memory
//! that nothing has written (a vector's spare capacity), as the header
//! allows: the result and the `written` units must equal those of the
//! same call on a zero-filled buffer, and nothing may treat the
//! uninitialised memory as initialised.
//!
//! Natively this checks the results; under Miri with
//! `-Zmiri-recursive-validation` (`ci/miri.sh`) it also proves that no
//! `&mut [u8]`/`&mut [u16]`/`&mut [u32]` is ever made over the caller's
//! uninitialised memory, which is undefined behaviour even when nothing
//! reads it. The inputs are small enough for the interpreter, and long
//! enough (over 32 units) for the kernels to run.

use rapidutf_capi::*;

/// An output call: `(src, src_len, dst, dst_len)`.
type Call<S, D> = unsafe extern "C" fn(*const S, usize, *mut D, usize) -> RapidutfResult;

/// `rapidutf_to_well_formed_utf16*`: the count of surrogates replaced.
type ToWellFormed = unsafe extern "C" fn(*const u16, usize, *mut u16, usize) -> usize;

/// Runs `f` on `src` into `dst_len` units of uninitialised memory and of
/// zeroed memory, and checks that both calls agree.
fn same<S, D: Copy + Default + PartialEq + std::fmt::Debug>(
    name: &str,
    f: Call<S, D>,
    src: &[S],
    dst_len: usize,
) {
    let mut uninit: Vec<D> = Vec::with_capacity(dst_len);
    // SAFETY: `src` is a live slice; `uninit` has room for `dst_len`
    // units, which the function only writes.
    let r = unsafe { f(src.as_ptr(), src.len(), uninit.as_mut_ptr(), dst_len) };
    // Only what the result says was written is read back.
    let written = if r.status == RAPIDUTF_OK || r.status == RAPIDUTF_OUTPUT_TOO_SMALL {
        r.written
    } else {
        0
    };
    assert!(written <= dst_len, "{name}: written {written} > {dst_len}");
    // SAFETY: the function initialised the first `written` units.
    unsafe { uninit.set_len(written) };
    let mut zeroed = vec![D::default(); dst_len];
    // SAFETY: as above, on initialised memory.
    let z = unsafe { f(src.as_ptr(), src.len(), zeroed.as_mut_ptr(), dst_len) };
    assert_eq!(r, z, "{name}: uninitialised and zeroed outputs differ in their results");
    assert_eq!(uninit[..], zeroed[..written], "{name}");
}

/// Runs `f` with `dst` of each size that matters: the bound that always
/// suffices, one unit less than the exact output (when there is one),
/// and a few units.
fn sizes<S, D: Copy + Default + PartialEq + std::fmt::Debug>(
    name: &str,
    f: Call<S, D>,
    src: &[S],
    bound: usize,
) {
    same(name, f, src, bound);
    if cfg!(miri) {
        // Under the interpreter, the bound alone: what makes a reference
        // to uninitialised memory is the buffer, not its size.
        return;
    }
    same(name, f, src, 3);
    // SAFETY: a zero-length output with a null pointer is an empty buffer.
    let r = unsafe { f(src.as_ptr(), src.len(), std::ptr::null_mut(), 0) };
    if r.status == RAPIDUTF_OUTPUT_TOO_SMALL && r.read > 0 {
        unreachable!("{name}: nothing fits in no room");
    }
    let mut full = vec![D::default(); bound];
    // SAFETY: as in `same`.
    let exact = unsafe { f(src.as_ptr(), src.len(), full.as_mut_ptr(), bound) };
    if exact.status == RAPIDUTF_OK && exact.written > 0 {
        same(name, f, src, exact.written - 1);
    }
}

/// UTF-8 inputs: valid text of every character length, and damaged text,
/// from a few bytes to past the kernels' short-input limit.
fn utf8_inputs() -> Vec<Vec<u8>> {
    let text = "aé€😀 Grüße, 你好 ";
    let broken =
        [text.as_bytes(), b"\xFF\xE2\x82", text.as_bytes(), b"\xC0\x80\xED\xA0\x80"].concat();
    if cfg!(miri) {
        // Two inputs of about 60 bytes, one valid and one broken, for the
        // interpreter (a thousand times slower than native code).
        return vec![text.repeat(2).into_bytes(), broken];
    }
    vec![
        text.as_bytes().to_vec(),
        text.repeat(3).into_bytes(),
        broken,
        b"\xFF".repeat(40),
        "caf\u{e9} \u{80}\u{93}".repeat(6).into_bytes(),
    ]
}

fn utf16_inputs() -> Vec<Vec<u16>> {
    let mut v: Vec<Vec<u16>> =
        utf8_inputs().iter().map(|b| String::from_utf8_lossy(b).encode_utf16().collect()).collect();
    let mut broken = v[0].clone();
    broken[5] = 0xD800;
    broken.push(0xDC00);
    v.push(broken);
    if !cfg!(miri) {
        v.push(vec![0xD800; 40]);
    }
    v
}

fn utf32_inputs() -> Vec<Vec<u32>> {
    let mut v: Vec<Vec<u32>> = utf16_inputs()
        .iter()
        .map(|u| {
            char::decode_utf16(u.iter().copied()).map(|c| c.map_or(0xD800, u32::from)).collect()
        })
        .collect();
    if !cfg!(miri) {
        v.push(vec![0x61, 0x110000, 0x62]);
    }
    v
}

/// `rapidutf_utf8_to_utf16_lossy_with` with the Windows-1252 strategy.
unsafe extern "C" fn utf8_to_utf16_cp1252(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's buffers, forwarded.
    unsafe {
        rapidutf_utf8_to_utf16_lossy_with(src, len, dst, dst_len, RAPIDUTF_STRATEGY_WINDOWS1252)
    }
}

/// `rapidutf_utf8_to_string_lossy_with` with the Latin-1 strategy.
unsafe extern "C" fn utf8_to_string_latin1(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's buffers, forwarded.
    unsafe { rapidutf_utf8_to_string_lossy_with(src, len, dst, dst_len, RAPIDUTF_STRATEGY_LATIN1) }
}

/// `rapidutf_utf8_to_latin1_lossy` with `?`, the count not asked for.
unsafe extern "C" fn utf8_to_latin1_lossy(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's buffers, forwarded; a null count.
    unsafe { rapidutf_utf8_to_latin1_lossy(src, len, dst, dst_len, b'?', std::ptr::null_mut()) }
}

/// `rapidutf_utf8_to_windows1252_lossy` with `?`, the count not asked for.
unsafe extern "C" fn utf8_to_windows1252_lossy(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's buffers, forwarded; a null count.
    unsafe {
        rapidutf_utf8_to_windows1252_lossy(src, len, dst, dst_len, b'?', std::ptr::null_mut())
    }
}

/// `rapidutf_utf8_to_string_lossy_chunk` on a chunk that more follow.
unsafe extern "C" fn utf8_to_string_chunk(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's buffers, forwarded.
    unsafe { rapidutf_utf8_to_string_lossy_chunk(src, len, dst, dst_len, false) }
}

/// `rapidutf_utf8_to_utf16_lossy_chunk` on a chunk that more follow.
unsafe extern "C" fn utf8_to_utf16_chunk(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's buffers, forwarded.
    unsafe { rapidutf_utf8_to_utf16_lossy_chunk(src, len, dst, dst_len, false) }
}

/// `rapidutf_utf16le_to_string_lossy_chunk` on a chunk that more follow.
unsafe extern "C" fn utf16le_to_string_chunk(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's buffers, forwarded.
    unsafe { rapidutf_utf16le_to_string_lossy_chunk(src, len, dst, dst_len, false) }
}

#[test]
fn from_utf8() {
    let calls16: [(&str, Call<u8, u16>); 12] = [
        ("utf8_to_utf16_lossy_chunk", utf8_to_utf16_chunk),
        ("utf8_to_utf16", rapidutf_utf8_to_utf16),
        ("utf8_to_utf16le", rapidutf_utf8_to_utf16le),
        ("utf8_to_utf16be", rapidutf_utf8_to_utf16be),
        ("utf8_to_utf16_lossy", rapidutf_utf8_to_utf16_lossy),
        ("latin1_to_utf16", rapidutf_latin1_to_utf16),
        ("latin1_to_utf16le", rapidutf_latin1_to_utf16le),
        ("latin1_to_utf16be", rapidutf_latin1_to_utf16be),
        ("windows1252_to_utf16", rapidutf_windows1252_to_utf16),
        ("windows1252_to_utf16le", rapidutf_windows1252_to_utf16le),
        ("windows1252_to_utf16be", rapidutf_windows1252_to_utf16be),
        ("utf8_to_utf16_lossy_with/cp1252", utf8_to_utf16_cp1252),
    ];
    let calls8: [(&str, Call<u8, u8>); 13] = [
        ("utf8_to_string_lossy_chunk", utf8_to_string_chunk),
        ("utf8_to_latin1_lossy", utf8_to_latin1_lossy),
        ("utf8_to_windows1252_lossy", utf8_to_windows1252_lossy),
        ("utf16le_bytes_to_utf8", rapidutf_utf16le_bytes_to_utf8),
        ("utf16be_bytes_to_utf8", rapidutf_utf16be_bytes_to_utf8),
        ("utf32le_bytes_to_utf8", rapidutf_utf32le_bytes_to_utf8),
        ("utf32be_bytes_to_utf8", rapidutf_utf32be_bytes_to_utf8),
        ("utf8_to_string_lossy", rapidutf_utf8_to_string_lossy),
        ("latin1_to_utf8", rapidutf_latin1_to_utf8),
        ("utf8_to_latin1", rapidutf_utf8_to_latin1),
        ("windows1252_to_utf8", rapidutf_windows1252_to_utf8),
        ("utf8_to_windows1252", rapidutf_utf8_to_windows1252),
        ("utf8_to_string_lossy_with/latin1", utf8_to_string_latin1),
    ];
    let calls32: [(&str, Call<u8, u32>); 3] = [
        ("utf8_to_utf32", rapidutf_utf8_to_utf32),
        ("latin1_to_utf32", rapidutf_latin1_to_utf32),
        ("windows1252_to_utf32", rapidutf_windows1252_to_utf32),
    ];
    for src in utf8_inputs() {
        for (name, f) in calls16 {
            sizes(name, f, &src, src.len());
        }
        for (name, f) in calls8 {
            sizes(name, f, &src, 3 * src.len());
        }
        for (name, f) in calls32 {
            sizes(name, f, &src, src.len());
        }
    }
}

#[test]
fn from_utf16() {
    let calls8: [(&str, Call<u16, u8>); 13] = [
        ("utf16le_to_string_lossy_chunk", utf16le_to_string_chunk),
        ("utf16_to_utf8", rapidutf_utf16_to_utf8),
        ("utf16le_to_utf8", rapidutf_utf16le_to_utf8),
        ("utf16be_to_utf8", rapidutf_utf16be_to_utf8),
        ("utf16_to_string_lossy", rapidutf_utf16_to_string_lossy),
        ("utf16le_to_string_lossy", rapidutf_utf16le_to_string_lossy),
        ("utf16be_to_string_lossy", rapidutf_utf16be_to_string_lossy),
        ("utf16_to_latin1", rapidutf_utf16_to_latin1),
        ("utf16le_to_latin1", rapidutf_utf16le_to_latin1),
        ("utf16be_to_latin1", rapidutf_utf16be_to_latin1),
        ("utf16_to_windows1252", rapidutf_utf16_to_windows1252),
        ("utf16le_to_windows1252", rapidutf_utf16le_to_windows1252),
        ("utf16be_to_windows1252", rapidutf_utf16be_to_windows1252),
    ];
    let calls16: [(&str, Call<u16, u16>); 1] = [("swap_utf16_bytes", rapidutf_swap_utf16_bytes)];
    let calls32: [(&str, Call<u16, u32>); 3] = [
        ("utf16_to_utf32", rapidutf_utf16_to_utf32),
        ("utf16le_to_utf32", rapidutf_utf16le_to_utf32),
        ("utf16be_to_utf32", rapidutf_utf16be_to_utf32),
    ];
    for src in utf16_inputs() {
        for (name, f) in calls8 {
            sizes(name, f, &src, 3 * src.len());
        }
        for (name, f) in calls16 {
            sizes(name, f, &src, src.len());
        }
        for (name, f) in calls32 {
            sizes(name, f, &src, src.len());
        }
        for (name, f) in [
            ("to_well_formed_utf16", rapidutf_to_well_formed_utf16 as ToWellFormed),
            ("to_well_formed_utf16le", rapidutf_to_well_formed_utf16le),
            ("to_well_formed_utf16be", rapidutf_to_well_formed_utf16be),
        ] {
            let mut out: Vec<u16> = Vec::with_capacity(src.len());
            // SAFETY: live buffers of these lengths; `out`'s spare capacity
            // is only written.
            let n = unsafe { f(src.as_ptr(), src.len(), out.as_mut_ptr(), src.len()) };
            // SAFETY: the copy wrote all `src.len()` units.
            unsafe { out.set_len(src.len()) };
            let mut zeroed = vec![0u16; src.len()];
            // SAFETY: as above.
            let z = unsafe { f(src.as_ptr(), src.len(), zeroed.as_mut_ptr(), src.len()) };
            assert_eq!((n, &out), (z, &zeroed), "{name}");
        }
    }
}

#[test]
fn from_utf32() {
    let calls8: [(&str, Call<u32, u8>); 3] = [
        ("utf32_to_utf8", rapidutf_utf32_to_utf8),
        ("utf32_to_latin1", rapidutf_utf32_to_latin1),
        ("utf32_to_windows1252", rapidutf_utf32_to_windows1252),
    ];
    let calls16: [(&str, Call<u32, u16>); 3] = [
        ("utf32_to_utf16", rapidutf_utf32_to_utf16),
        ("utf32_to_utf16le", rapidutf_utf32_to_utf16le),
        ("utf32_to_utf16be", rapidutf_utf32_to_utf16be),
    ];
    for src in utf32_inputs() {
        for (name, f) in calls8 {
            sizes(name, f, &src, 4 * src.len());
        }
        for (name, f) in calls16 {
            sizes(name, f, &src, 2 * src.len());
        }
    }
}

/// The lossy functions, with uninitialised output, agree with std.
#[test]
fn lossy_into_uninitialised_memory_matches_std() {
    for src in utf8_inputs() {
        let mut out: Vec<u8> = Vec::with_capacity(3 * src.len());
        // SAFETY: live buffers; the output is only written.
        let r = unsafe {
            rapidutf_utf8_to_string_lossy(src.as_ptr(), src.len(), out.as_mut_ptr(), 3 * src.len())
        };
        assert_eq!(r.status, RAPIDUTF_OK);
        // SAFETY: `written` bytes were written.
        unsafe { out.set_len(r.written) };
        assert_eq!(out, String::from_utf8_lossy(&src).as_bytes());
    }
    for src in utf16_inputs() {
        let mut out: Vec<u8> = Vec::with_capacity(3 * src.len());
        // SAFETY: as above.
        let r = unsafe {
            rapidutf_utf16_to_string_lossy(src.as_ptr(), src.len(), out.as_mut_ptr(), 3 * src.len())
        };
        assert_eq!(r.status, RAPIDUTF_OK);
        // SAFETY: as above.
        unsafe { out.set_len(r.written) };
        assert_eq!(out, String::from_utf16_lossy(&src).as_bytes());
    }
}
