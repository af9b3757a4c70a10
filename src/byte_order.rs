//! How UTF-16 and UTF-32 units are laid out in memory: the types [`Le`],
//! [`Be`] and [`Native`], which the scalar reference and the kernels are
//! generic over, and the value [`Endian`], which the stream decoders take
//! at run time. Each type names its value ([`ByteOrder::ENDIAN`]) and the
//! value's swaps are the types' (`Endian::read`), so the two cannot
//! disagree.
//!
//! A leaf of the crate: the scalar reference, the kernels and the public
//! facades all name a byte order, so it lives below all of them.
//! `Little`/`Big` describe the *memory* bytes of each unit, so a
//! UTF-16BE file's bytes viewed as `[u16]` are [`Be`] on every target.

/// How UTF-16 units are laid out in memory. Sealed: [`Le`] and [`Be`].
pub(crate) trait ByteOrder: Copy + 'static {
    /// Whether a unit in this order must be byte-swapped to get its value
    /// on this target (and a value to store it): `false` for [`Native`].
    /// A constant, so every test of it folds away.
    const SWAP: bool;

    /// This order as a value.
    const ENDIAN: Endian;

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
    const ENDIAN: Endian = Endian::Little;
}

impl ByteOrder for Be {
    const SWAP: bool = cfg!(target_endian = "little");
    const ENDIAN: Endian = Endian::Big;
}

/// The target's native byte order.
#[cfg(target_endian = "little")]
pub(crate) type Native = Le;
/// The target's native byte order.
#[cfg(target_endian = "big")]
pub(crate) type Native = Be;

/// The byte order of UTF-16 and UTF-32 units in memory, chosen at run time
/// (the stream decoders' [`with_endian`](crate::stream::Utf16Decoder::with_endian)).
///
/// As in [`crate::transcode`], `Little`/`Big` describe the *memory* bytes
/// of each unit, so a UTF-16BE file viewed as `[u16]` is `Big` on every
/// target; [`Endian::NATIVE`] needs no swapping.
///
/// ```
/// use rapidutf::stream::{Endian, Utf16Decoder};
/// // "hi" read from a UTF-16LE file: its bytes, viewed as u16s.
/// let bytes = [0x68, 0x00, 0x69, 0x00];
/// let units: Vec<u16> = bytes.chunks(2).map(|b| u16::from_ne_bytes([b[0], b[1]])).collect();
/// let mut out = [0u8; 8];
/// let mut d = Utf16Decoder::with_endian(Endian::Little);
/// assert_eq!(d.decode_to_utf8(&units, &mut out, true).unwrap().2, 2);
/// assert_eq!(&out[..2], b"hi");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endian {
    /// Little-endian (UTF-16LE, UTF-32LE).
    Little,
    /// Big-endian (UTF-16BE, UTF-32BE).
    Big,
}

impl Endian {
    /// The target's own byte order.
    ///
    /// ```
    /// use rapidutf::stream::Endian;
    /// assert_eq!(Endian::NATIVE == Endian::Little, cfg!(target_endian = "little"));
    /// ```
    pub const NATIVE: Endian = <Native as ByteOrder>::ENDIAN;

    /// Whether units in this order must be byte-swapped on this target:
    /// the `SWAP` of the crate's `ByteOrder` type for this order.
    #[inline]
    const fn swap(self) -> bool {
        match self {
            Endian::Little => <Le as ByteOrder>::SWAP,
            Endian::Big => <Be as ByteOrder>::SWAP,
        }
    }

    /// A value, as a unit stored in memory in this order.
    #[inline]
    pub(crate) const fn write(self, v: u16) -> u16 {
        // Swapping is its own inverse.
        self.read(v)
    }

    /// A unit stored in memory in this order, as its value.
    #[inline]
    pub(crate) const fn read(self, u: u16) -> u16 {
        if self.swap() {
            u.swap_bytes()
        } else {
            u
        }
    }
}
