//! Each SIMD algorithm, written once against the vector traits, all of
//! them in [`vector`]: [`Vector`] and its narrow extensions
//! ([`Utf8Vector`], `WideVector`, `Count`, `Latin1Vector`, `Leads`,
//! `ByteSearch`).
//!
//! Everything here is `#[inline(always)]` and generic: on its own it
//! compiles to nothing. An ISA module (`x86_64::avx2`, `aarch64::neon`,
//! ...) implements the traits for its register type and instantiates the
//! algorithms inside a `#[target_feature]` function, which is where the
//! code is generated, with that ISA's instructions.
//!
//! This module stays private: the functions are `unsafe` because the trait
//! methods are (they execute the ISA's instructions), and only an ISA
//! module, after runtime detection, can vouch that they may run.

pub(crate) mod count;
// Only the I/O adapters search for bytes, and with vectors only where the
// target has them in its baseline (`arch::find_byte`).
#[cfg_attr(
    not(all(
        feature = "std",
        feature = "stream",
        feature = "single-byte",
        any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        )
    )),
    allow(dead_code)
)]
pub(crate) mod find;
pub(crate) mod latin1;
pub(crate) mod utf16;
pub(crate) mod utf8;
pub(crate) mod utf8_to_wide;
pub(crate) mod vector;
pub(crate) mod windows1252;

pub(crate) use vector::{Utf8Vector, Vector};

/// `core::array::from_fn`, always inlined. The algorithms build their
/// arrays of vectors and table rows with it: core's may be left out of
/// line in a large kernel function, and then every block pays a call, the
/// vectors' round trip through memory and a `vzeroupper` before the call
/// (seen in a variant of the UTF-8 validation loop: inputs of 128 to 384
/// bytes ran at a third of the speed).
#[inline(always)]
pub(crate) fn array<T: Copy, const N: usize>(mut f: impl FnMut(usize) -> T) -> [T; N] {
    const { assert!(N > 0) };
    let mut out = [f(0); N];
    for (k, x) in out.iter_mut().enumerate().skip(1) {
        *x = f(k);
    }
    out
}

/// `p`, through a register the compiler cannot see into: a load from the
/// result is not the same load as one from `p`, so the compiler does not
/// reuse a vector loaded from `p` before. A test that reads its vectors
/// once, where nothing else uses them, can then take each from memory as
/// an operand (x86 folds the load into the instruction, or loads into the
/// register the instruction overwrites, without a copy), and a rarer path
/// that needs them again reloads them from L1. No instruction: an empty
/// `asm!` with the pointer in and out of one register, on the targets with
/// stable `asm!` (not under Miri, which runs no `asm!`); elsewhere `p`
/// itself, which is as correct and at worst as fast as before.
#[inline(always)]
pub(crate) fn opaque<T>(p: *const T) -> *const T {
    #[cfg(all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri)))]
    {
        let mut p = p;
        // SAFETY: an empty template: no instruction runs, no memory or
        // flag changes, and `p` comes back as it went in. (The lint is for
        // an `asm!` that reads through a pointer it is told is `nomem`;
        // this one does not read through it.)
        #[allow(clippy::pointers_in_nomem_asm_block)]
        unsafe {
            core::arch::asm!("/* {0} */", inout(reg) p, options(nomem, nostack, preserves_flags));
        }
        p
    }
    #[cfg(not(all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri))))]
    p
}

/// The elements of `src` before its first `align`-byte boundary when
/// `src` holds at least `from` bytes, else 0: loops that run their vector
/// loads (or stores) from a boundary handle those elements apart, where
/// the input is long enough for the alignment to pay for that. At most
/// `align / size_of::<T>()` elements, as `T` is aligned to its size.
#[inline(always)]
pub(crate) fn aligned_head<T>(src: &[T], align: usize, from: usize) -> usize {
    if core::mem::size_of_val(src) < from {
        return 0;
    }
    src.as_ptr().align_offset(align).min(src.len())
}

/// `bytes` as whole `N`-byte blocks and the bytes after them:
/// `<[u8]>::as_chunks` (Rust 1.88), for the crate's minimum Rust version.
#[inline(always)]
pub(crate) fn as_chunks<const N: usize>(bytes: &[u8]) -> (&[[u8; N]], &[u8]) {
    const { assert!(N > 0) };
    let (blocks, tail) = bytes.split_at(bytes.len() / N * N);
    // SAFETY: `[u8; N]` has size `N` and alignment 1, and `blocks` is
    // `blocks.len() / N` whole arrays of initialised bytes, borrowed
    // shared for the returned slice's lifetime.
    let blocks = unsafe { core::slice::from_raw_parts(blocks.as_ptr().cast(), blocks.len() / N) };
    (blocks, tail)
}
