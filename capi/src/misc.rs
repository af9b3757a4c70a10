//! Byte order marks and the kernel query.

use crate::{input, no_unwind, out_pointer, RAPIDUTF_MISALIGNED};
use core::ffi::c_char;
use rapidutf::{Bom, Kernel};

/// No byte order mark.
pub const RAPIDUTF_BOM_NONE: i32 = 0;
/// `EF BB BF` (3 bytes).
pub const RAPIDUTF_BOM_UTF8: i32 = 1;
/// `FF FE` (2 bytes).
pub const RAPIDUTF_BOM_UTF16LE: i32 = 2;
/// `FE FF` (2 bytes).
pub const RAPIDUTF_BOM_UTF16BE: i32 = 3;
/// `FF FE 00 00` (4 bytes).
pub const RAPIDUTF_BOM_UTF32LE: i32 = 4;
/// `00 00 FE FF` (4 bytes).
pub const RAPIDUTF_BOM_UTF32BE: i32 = 5;

/// The byte order mark at the start of `(src, len)`, as a
/// `RAPIDUTF_BOM_*` code, with its length in bytes stored in `*bom_len`
/// (0 when there is none) unless `bom_len` is null. `FF FE 00 00` is
/// UTF-32LE. A null `src` with a non-zero `len` has no mark. A misaligned
/// `bom_len` returns `-RAPIDUTF_MISALIGNED`, with nothing read or
/// written.
///
/// # Safety
///
/// `src` addresses `len` readable bytes (or `len` is 0); `bom_len` is null
/// or addresses a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_detect_bom(
    src: *const u8,
    len: usize,
    bom_len: *mut usize,
) -> i32 {
    no_unwind(|| {
        let Ok(bom_len) = out_pointer(bom_len) else {
            return -RAPIDUTF_MISALIGNED;
        };
        // SAFETY: the caller's contract, as documented.
        let found = match unsafe { input(src, len) } {
            Ok(s) => rapidutf::detect_bom(s),
            Err(_) => None,
        };
        let (code, n) = match found {
            None => (RAPIDUTF_BOM_NONE, 0),
            Some((bom, n)) => (bom_code(bom), n),
        };
        if let Some(p) = bom_len {
            // SAFETY: non-null and aligned (`out_pointer`); the caller
            // guarantees that it is writable.
            unsafe { p.write(n) };
        }
        code
    })
}

fn bom_code(bom: Bom) -> i32 {
    match bom {
        Bom::Utf8 => RAPIDUTF_BOM_UTF8,
        Bom::Utf16Le => RAPIDUTF_BOM_UTF16LE,
        Bom::Utf16Be => RAPIDUTF_BOM_UTF16BE,
        Bom::Utf32Le => RAPIDUTF_BOM_UTF32LE,
        Bom::Utf32Be => RAPIDUTF_BOM_UTF32BE,
    }
}

/// The name of the kernel the functions use (`"scalar"`, `"portable"`,
/// `"sse42"`, `"avx2"`, `"avx512"`, `"neon"` or `"simd128"`), as a static
/// NUL-terminated string that the caller must not free. The choice is made
/// once per process (the environment variable `RAPIDUTF_KERNEL` may force
/// an available kernel).
#[no_mangle]
pub extern "C" fn rapidutf_active_kernel_name() -> *const c_char {
    no_unwind(|| kernel_name(Kernel::active()).as_ptr())
}

fn kernel_name(k: Kernel) -> &'static core::ffi::CStr {
    match k {
        Kernel::Scalar => c"scalar",
        Kernel::Portable => c"portable",
        Kernel::Sse42 => c"sse42",
        Kernel::Avx2 => c"avx2",
        Kernel::Avx512 => c"avx512",
        Kernel::Neon => c"neon",
        Kernel::Simd128 => c"simd128",
        _ => c"unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The C names are the library's own.
    #[test]
    fn kernel_names_match() {
        for k in Kernel::ALL {
            assert_eq!(kernel_name(*k).to_str().ok(), Some(k.name()));
        }
    }
}
