//! The vector vocabulary of the x86_64 kernels, one file per register
//! type: each trait implemented once per type, shared by every kernel that
//! uses the type.

mod m128;
mod m256;
mod m512;
