//! The scalar side of the narrowest-form conversions: a decoder that
//! stops at the first character above a limit, so that the generic loop
//! (`super::transcode::transcode`) converts into a narrow form (Latin-1,
//! UCS-2) and says where a wider one is needed.

use super::transcode::Decode;
use crate::error::ShiftPosition;
use core::marker::PhantomData;

/// Why a conversion into a narrow form stopped: the input's own error, or
/// a character the form cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Narrowing<E> {
    /// The input is invalid there.
    Invalid(E),
    /// The character `c` at input unit `at` is above the form's limit.
    Wider {
        /// Its position, in input units.
        at: usize,
        /// Its code point.
        c: u32,
    },
}

impl<E: ShiftPosition> ShiftPosition for Narrowing<E> {
    #[inline(always)]
    fn shifted(self, by: usize) -> Self {
        match self {
            Narrowing::Invalid(e) => Narrowing::Invalid(e.shifted(by)),
            Narrowing::Wider { at, c } => Narrowing::Wider { at: at + by, c },
        }
    }
}

/// Source encoding `D`, up to code point `MAX`: its characters, and
/// [`Narrowing::Wider`] at the first one above `MAX` (`0xFF` for Latin-1,
/// `0xFFFF` for UCS-2).
pub(crate) struct UpTo<D, const MAX: u32>(PhantomData<D>);

impl<D: Decode, const MAX: u32> Decode for UpTo<D, MAX> {
    type Unit = D::Unit;
    type Error = Narrowing<D::Error>;
    #[inline(always)]
    fn decode(src: &[D::Unit], i: usize) -> Result<(u32, usize), Self::Error> {
        match D::decode(src, i) {
            Ok((c, w)) if c <= MAX => Ok((c, w)),
            Ok((c, _)) => Err(Narrowing::Wider { at: i, c }),
            Err(e) => Err(Narrowing::Invalid(e)),
        }
    }
    #[inline(always)]
    fn is_ascii16(src: &[D::Unit], i: usize) -> bool {
        D::is_ascii16(src, i)
    }
    #[inline(always)]
    fn ascii(u: D::Unit) -> u8 {
        D::ascii(u)
    }
}
