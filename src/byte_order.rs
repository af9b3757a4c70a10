//! How UTF-16 units are laid out in memory: [`Le`], [`Be`] and [`Native`].
//!
//! A leaf of the crate: the scalar reference, the kernels and the public
//! facades all name a byte order, so it lives below all of them.
//! `Little`/`Big` describe the *memory* bytes of each `u16`, so a
//! UTF-16BE file's bytes viewed as `[u16]` are [`Be`] on every target.

/// How UTF-16 units are laid out in memory. Sealed: [`Le`] and [`Be`].
pub(crate) trait ByteOrder: Copy + 'static {
    /// Whether a unit in this order must be byte-swapped to get its value
    /// on this target (and a value to store it): `false` for [`Native`].
    /// A constant, so every test of it folds away.
    const SWAP: bool;

    /// A unit as stored in memory, to its value.
    #[inline(always)]
    fn read16(u: u16) -> u16 {
        if Self::SWAP {
            u.swap_bytes()
        } else {
            u
        }
    }

    /// A value, to a unit as stored in memory.
    #[inline(always)]
    fn write16(u: u16) -> u16 {
        // Swapping is its own inverse.
        Self::read16(u)
    }
}

/// Little-endian UTF-16.
#[derive(Clone, Copy)]
pub(crate) struct Le;
/// Big-endian UTF-16.
#[derive(Clone, Copy)]
pub(crate) struct Be;

impl ByteOrder for Le {
    const SWAP: bool = cfg!(target_endian = "big");
}

impl ByteOrder for Be {
    const SWAP: bool = cfg!(target_endian = "little");
}

/// The target's native byte order.
#[cfg(target_endian = "little")]
pub(crate) type Native = Le;
/// The target's native byte order.
#[cfg(target_endian = "big")]
pub(crate) type Native = Be;
