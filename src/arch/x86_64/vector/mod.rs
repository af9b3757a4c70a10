//! The vector vocabulary of the x86_64 kernels, one file per register
//! type: each trait implemented once per type, shared by every kernel that
//! uses the type.

mod m128;
mod m256;
// Only where the compiler has the AVX-512 intrinsics (see `build.rs`).
#[cfg(avx512_stable)]
#[clippy::msrv = "1.89"]
mod m512;
