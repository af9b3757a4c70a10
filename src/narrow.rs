//! The narrowest form of a string, in one pass: what JavaScript engines
//! and CPython store.
//!
//! V8 and JavaScriptCore keep a string in Latin-1 (one byte per
//! character) when every character is at most U+00FF, and in UTF-16
//! otherwise; CPython's strings (PEP 393) are ASCII, UCS-1 (Latin-1),
//! UCS-2 or UCS-4 by their largest code point. The functions here convert
//! UTF-8 (or narrow UTF-16) straight into that form, saying which one
//! they wrote:
//!
//! - [`utf8_to_latin1_or_utf16`] (into caller buffers) and
//!   [`utf8_to_latin1_or_utf16_vec`]: Latin-1 or native-endian UTF-16;
//! - [`utf8_to_pep393`] and [`utf8_to_pep393_vec`]: the PEP 393 form
//!   ([`Pep393Kind`]) and its length, and [`pep393_kind_from_utf8`], the
//!   kind and length alone, for a caller that allocates the string itself
//!   (as `PyUnicode_New(size, maxchar)` does) and then converts with
//!   [`utf8_to_latin1`](crate::utf8_to_latin1),
//!   [`utf8_to_utf16`](crate::utf8_to_utf16) or
//!   [`utf8_to_utf32`](crate::utf8_to_utf32);
//! - [`utf16_to_latin1_or_utf16`] and [`utf16_to_latin1_or_utf16_vec`]:
//!   UTF-16 code units narrowed to Latin-1 where every unit fits.
//!
//! # What a late discovery costs
//!
//! The conversion starts in the narrowest form. At the first character
//! that needs a wider one, everything written so far is *widened* into
//! the wider form, one unit per unit (Latin-1 bytes to UTF-16 units, UCS-2
//! units to UCS-4), by the kernels' Latin-1 to UTF-16/UTF-32 pass, which
//! runs at about the speed of a copy; then the conversion goes on from
//! that character in the wider form. No part of the input is converted
//! twice, and none is widened more than twice (UCS-1, then UCS-2, then
//! UCS-4), so the work on the part before the discovery is at most one
//! conversion plus one (or two) widenings of its output: never more than
//! about twice the conversion of that part, and much less where the
//! conversion is the costly step (non-ASCII text). The two-call path that
//! it replaces, "try Latin-1, then convert again to UTF-16", converts
//! that part twice.
//!
//! # Results and buffers
//!
//! Into caller buffers, the result is the one the two-call path gives:
//! [`utf8_to_latin1`](crate::utf8_to_latin1) into the Latin-1 buffer, and
//! if that stops at a character above U+00FF,
//! [`utf8_to_utf16`](crate::utf8_to_utf16) into the UTF-16 buffer (for
//! PEP 393, then UCS-2 then UCS-4 in the same way). Only the buffer of the
//! form returned holds the output; the narrower ones hold scratch. Errors
//! are exact and in the frame of the whole input; `written` counts units
//! of the narrowest form of `src[..read]` (while every character is at
//! most U+00FF, Latin-1 bytes and UTF-16 units are both one per
//! character).
//!
//! | buffer | size that always suffices | exact size |
//! |---|---|---|
//! | Latin-1 (UCS-1) | `src.len()` | the number of characters |
//! | UTF-16 | `src.len()` | [`utf16_len_from_utf8`](crate::utf16_len_from_utf8) |
//! | UCS-2 | `src.len()` | the number of characters |
//! | UCS-4 | `src.len()` | the number of characters |
//!
//! From UTF-16, each buffer needs `src.len()` units.

use crate::error::{TranscodeError, Utf8Error};
use crate::glue::Form;
use crate::Kernel;
use core::convert::Infallible;

/// Which form a narrowest-form conversion wrote: [`Latin1`] when every
/// character is at most U+00FF, else [`Utf16`]. Holds the units written
/// (`Latin1OrUtf16`, from the conversions into caller buffers) or the
/// output itself (`Latin1OrUtf16<Vec<u8>, Vec<u16>>`, from the allocating
/// ones).
///
/// [`Latin1`]: Latin1OrUtf16::Latin1
/// [`Utf16`]: Latin1OrUtf16::Utf16
///
/// ```
/// use rapidutf::Latin1OrUtf16;
/// let (mut latin1, mut utf16) = ([0u8; 16], [0u16; 16]);
/// let r = rapidutf::utf8_to_latin1_or_utf16("café".as_bytes(), &mut latin1, &mut utf16);
/// assert_eq!(r, Ok(Latin1OrUtf16::Latin1(4)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Latin1OrUtf16<L = usize, U = usize> {
    /// Latin-1: one byte per character.
    Latin1(L),
    /// Native-endian UTF-16.
    Utf16(U),
}

/// The four kinds of PEP 393 strings, by their largest code point.
///
/// ```
/// use rapidutf::Pep393Kind;
/// assert_eq!(rapidutf::pep393_kind_from_utf8("naïve".as_bytes()), Ok((Pep393Kind::Ucs1, 5)));
/// assert_eq!(Pep393Kind::Ucs2.max_char(), 0xFFFF);
/// assert!(Pep393Kind::Ascii < Pep393Kind::Ucs4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pep393Kind {
    /// Every character is ASCII (at most U+007F): one byte each.
    Ascii,
    /// Every character is at most U+00FF (Latin-1): one byte each.
    Ucs1,
    /// Every character is in the Basic Multilingual Plane (at most
    /// U+FFFF): one native-endian `u16` each.
    Ucs2,
    /// Some character is above U+FFFF: one `u32` each.
    Ucs4,
}

impl Pep393Kind {
    /// The largest code point a string of this kind may hold (CPython's
    /// `maxchar` for `PyUnicode_New`).
    ///
    /// ```
    /// assert_eq!(rapidutf::Pep393Kind::Ascii.max_char(), 0x7F);
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_char(self) -> u32 {
        match self {
            Pep393Kind::Ascii => 0x7F,
            Pep393Kind::Ucs1 => 0xFF,
            Pep393Kind::Ucs2 => 0xFFFF,
            Pep393Kind::Ucs4 => 0x10_FFFF,
        }
    }

    /// The size of one character in bytes: 1, 1, 2 or 4.
    ///
    /// ```
    /// assert_eq!(rapidutf::Pep393Kind::Ucs2.char_size(), 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn char_size(self) -> usize {
        match self {
            Pep393Kind::Ascii | Pep393Kind::Ucs1 => 1,
            Pep393Kind::Ucs2 => 2,
            Pep393Kind::Ucs4 => 4,
        }
    }

    /// The narrowest kind that holds `c`.
    ///
    /// ```
    /// use rapidutf::Pep393Kind;
    /// assert_eq!(Pep393Kind::of('é'), Pep393Kind::Ucs1);
    /// assert_eq!(Pep393Kind::of('😀'), Pep393Kind::Ucs4);
    /// ```
    #[must_use]
    #[inline]
    pub const fn of(c: char) -> Pep393Kind {
        match c as u32 {
            0..=0x7F => Pep393Kind::Ascii,
            0x80..=0xFF => Pep393Kind::Ucs1,
            0x100..=0xFFFF => Pep393Kind::Ucs2,
            _ => Pep393Kind::Ucs4,
        }
    }
}

/// The kind of a PEP 393 conversion's Latin-1 output of `n` characters
/// from `src_len` bytes of UTF-8: ASCII exactly when every character took
/// one byte.
fn latin1_kind(n: usize, src_len: usize) -> Pep393Kind {
    if n == src_len {
        Pep393Kind::Ascii
    } else {
        Pep393Kind::Ucs1
    }
}

/// The PEP 393 kind of a conversion's result.
fn pep393_kind(form: Form, n: usize, src_len: usize) -> Pep393Kind {
    match form {
        Form::Latin1 => latin1_kind(n, src_len),
        Form::Utf16 => Pep393Kind::Ucs2,
        Form::Utf32 => Pep393Kind::Ucs4,
    }
}

/// [`Latin1OrUtf16`] from a conversion's result.
fn latin1_or_utf16(form: Form, n: usize) -> Latin1OrUtf16 {
    match form {
        Form::Latin1 => Latin1OrUtf16::Latin1(n),
        _ => Latin1OrUtf16::Utf16(n),
    }
}

/// Converts UTF-8 to Latin-1 if every character is at most U+00FF, else
/// to native-endian UTF-16, in one pass: which form was written, and its
/// length in units (the form V8 and JavaScriptCore store a string in).
///
/// The result is that of the two-call path
/// ([`utf8_to_latin1`](crate::utf8_to_latin1) into `latin1`, then, if that
/// meets a character above U+00FF, [`utf8_to_utf16`](crate::utf8_to_utf16)
/// into `utf16`), for less work: at the first character above U+00FF, the
/// Latin-1 written so far is widened into `utf16` and the conversion goes
/// on from there (see the [module docs](crate::narrow) for the cost).
/// `src.len()` units in each buffer always suffice.
///
/// # Errors
///
/// [`TranscodeError::Invalid`] with the input's first [`Utf8Error`], or
/// [`TranscodeError::OutputTooSmall`] when the buffer of the form being
/// written is full; `written` counts units of the narrowest form of
/// `src[..read]` (one per character before the first character above
/// U+00FF).
///
/// ```
/// use rapidutf::Latin1OrUtf16;
/// let (mut latin1, mut utf16) = ([0u8; 32], [0u16; 32]);
/// let r = rapidutf::utf8_to_latin1_or_utf16("Grüße".as_bytes(), &mut latin1, &mut utf16);
/// assert_eq!(r, Ok(Latin1OrUtf16::Latin1(5)));
/// assert_eq!(&latin1[..5], b"Gr\xFC\xDFe");
///
/// let r = rapidutf::utf8_to_latin1_or_utf16("Grüße, €5".as_bytes(), &mut latin1, &mut utf16);
/// assert_eq!(r, Ok(Latin1OrUtf16::Utf16(9)));
/// assert!(utf16[..9].iter().copied().eq("Grüße, €5".encode_utf16()));
///
/// let e = rapidutf::utf8_to_latin1_or_utf16(b"ab\xFF", &mut latin1, &mut utf16).unwrap_err();
/// assert_eq!(e.invalid().unwrap().valid_up_to(), 2);
/// ```
#[inline]
pub fn utf8_to_latin1_or_utf16(
    src: &[u8],
    latin1: &mut [u8],
    utf16: &mut [u16],
) -> Result<Latin1OrUtf16, TranscodeError<Utf8Error>> {
    let (form, n) = crate::dispatch::utf8_to_latin1_or_utf16(src, latin1, utf16)?;
    Ok(latin1_or_utf16(form, n))
}

/// Converts native-endian UTF-16 code units to Latin-1 if every unit is
/// at most `0xFF`, else copies them into `utf16`: which form was written,
/// and its length (always `src.len()`).
///
/// The input is taken as code units, as JavaScript strings hold them: a
/// lone surrogate is not an error, and is copied like any unit above
/// `0xFF` (validate with [`validate_utf16`](crate::validate_utf16) first
/// where that matters). Narrowing stops at the first unit above `0xFF`,
/// so text that is not Latin-1 costs the narrowing of its prefix and one
/// copy.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the buffer of the form
/// being written holds fewer than `src.len()` units (`read` and `written`
/// are then the units converted; the copy never ends between the halves
/// of a surrogate pair).
///
/// ```
/// use rapidutf::Latin1OrUtf16;
/// let (mut latin1, mut utf16) = ([0u8; 8], [0u16; 8]);
/// let src: Vec<u16> = "déjà".encode_utf16().collect();
/// let r = rapidutf::utf16_to_latin1_or_utf16(&src, &mut latin1, &mut utf16);
/// assert_eq!(r, Ok(Latin1OrUtf16::Latin1(4)));
/// assert_eq!(&latin1[..4], b"d\xE9j\xE0");
///
/// let r = rapidutf::utf16_to_latin1_or_utf16(&[0x61, 0xD800], &mut latin1, &mut utf16);
/// assert_eq!(r, Ok(Latin1OrUtf16::Utf16(2)));
/// assert_eq!(utf16[..2], [0x61, 0xD800]);
/// ```
#[inline]
pub fn utf16_to_latin1_or_utf16(
    src: &[u16],
    latin1: &mut [u8],
    utf16: &mut [u16],
) -> Result<Latin1OrUtf16, TranscodeError<Infallible>> {
    let (form, n) = crate::dispatch::utf16_to_latin1_or_utf16(src, latin1, utf16)?;
    Ok(latin1_or_utf16(form, n))
}

/// The PEP 393 kind of the string that UTF-8 `src` decodes to, and its
/// length in characters: what CPython's `PyUnicode_New(size, maxchar)`
/// needs before the string is allocated (the kind's
/// [`max_char`](Pep393Kind::max_char) serves as `maxchar`).
///
/// Two SIMD passes: validation, then one count of the characters that
/// also notes the largest lead byte.
///
/// # Errors
///
/// The input's first [`Utf8Error`].
///
/// ```
/// use rapidutf::Pep393Kind;
/// assert_eq!(rapidutf::pep393_kind_from_utf8(b"plain"), Ok((Pep393Kind::Ascii, 5)));
/// assert_eq!(rapidutf::pep393_kind_from_utf8("€1".as_bytes()), Ok((Pep393Kind::Ucs2, 2)));
/// assert_eq!(rapidutf::pep393_kind_from_utf8("a😀".as_bytes()), Ok((Pep393Kind::Ucs4, 2)));
/// assert_eq!(rapidutf::pep393_kind_from_utf8(b"a\xC3").unwrap_err().valid_up_to(), 1);
/// ```
#[inline]
pub fn pep393_kind_from_utf8(src: &[u8]) -> Result<(Pep393Kind, usize), Utf8Error> {
    crate::validate_utf8(src)?;
    Ok(kind_and_len(crate::dispatch::count_chars_and_kind(src)))
}

/// The public kind from a count and the kernels' kind number.
fn kind_and_len((n, kind): (usize, u8)) -> (Pep393Kind, usize) {
    let kind = match kind {
        0 => Pep393Kind::Ascii,
        1 => Pep393Kind::Ucs1,
        2 => Pep393Kind::Ucs2,
        _ => Pep393Kind::Ucs4,
    };
    (kind, n)
}

/// Converts UTF-8 to the narrowest PEP 393 form in one pass: the kind
/// written and the length in characters. ASCII and UCS-1 go to `ucs1`,
/// UCS-2 (native-endian `u16`) to `ucs2`, UCS-4 to `ucs4`; `src.len()`
/// units in each always suffice.
///
/// The conversion starts in UCS-1 and widens what it has written at the
/// first character that needs it (see the [module docs](crate::narrow)),
/// as CPython's own decoder does; the result is that of converting to
/// Latin-1, then (at the first character above U+00FF) to UCS-2, then (at
/// the first above U+FFFF) to UTF-32.
///
/// # Errors
///
/// [`TranscodeError::Invalid`] with the input's first [`Utf8Error`], or
/// [`TranscodeError::OutputTooSmall`] when the buffer of the form being
/// written is full; `written` counts units of the narrowest form of
/// `src[..read]` (one per character).
///
/// ```
/// use rapidutf::Pep393Kind;
/// let (mut ucs1, mut ucs2, mut ucs4) = ([0u8; 16], [0u16; 16], [0u32; 16]);
/// let mut conv = |s: &str| rapidutf::utf8_to_pep393(s.as_bytes(), &mut ucs1, &mut ucs2, &mut ucs4);
/// assert_eq!(conv("abc"), Ok((Pep393Kind::Ascii, 3)));
/// assert_eq!(conv("àbc"), Ok((Pep393Kind::Ucs1, 3)));
/// assert_eq!(conv("àbc€"), Ok((Pep393Kind::Ucs2, 4)));
/// assert_eq!(conv("àb€😀"), Ok((Pep393Kind::Ucs4, 4)));
/// assert_eq!(ucs4[..4], [0xE0, 0x62, 0x20AC, 0x1F600]);
/// ```
#[inline]
pub fn utf8_to_pep393(
    src: &[u8],
    ucs1: &mut [u8],
    ucs2: &mut [u16],
    ucs4: &mut [u32],
) -> Result<(Pep393Kind, usize), TranscodeError<Utf8Error>> {
    let (form, n) = crate::dispatch::utf8_to_pep393(src, ucs1, ucs2, ucs4)?;
    Ok((pep393_kind(form, n, src.len()), n))
}

impl Kernel {
    /// [`crate::utf8_to_latin1_or_utf16`] with this kernel, whatever the
    /// input's length.
    ///
    /// # Errors
    ///
    /// As [`crate::utf8_to_latin1_or_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src = "Grüße aus Köln, 10 €".repeat(4);
    /// let (mut a, mut b) = ([0u8; 128], [0u16; 128]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf8_to_latin1_or_utf16(src.as_bytes(), &mut a, &mut b);
    ///     assert_eq!(r, Ok(rapidutf::Latin1OrUtf16::Utf16(80)), "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_latin1_or_utf16(
        self,
        src: &[u8],
        latin1: &mut [u8],
        utf16: &mut [u16],
    ) -> Result<Latin1OrUtf16, TranscodeError<Utf8Error>> {
        let (form, n) =
            crate::glue::utf8_to_latin1_or_utf16_with(self.fns(), 0, src, latin1, utf16)?;
        Ok(latin1_or_utf16(form, n))
    }

    /// [`crate::utf16_to_latin1_or_utf16`] with this kernel, whatever the
    /// input's length.
    ///
    /// # Errors
    ///
    /// As [`crate::utf16_to_latin1_or_utf16`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// let src: Vec<u16> = "déjà vu, ".repeat(8).encode_utf16().collect();
    /// let (mut a, mut b) = ([0u8; 72], [0u16; 72]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf16_to_latin1_or_utf16(&src, &mut a, &mut b);
    ///     assert_eq!(r, Ok(rapidutf::Latin1OrUtf16::Latin1(72)), "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf16_to_latin1_or_utf16(
        self,
        src: &[u16],
        latin1: &mut [u8],
        utf16: &mut [u16],
    ) -> Result<Latin1OrUtf16, TranscodeError<Infallible>> {
        let (form, n) =
            crate::glue::utf16_to_latin1_or_utf16_with(self.fns(), 0, src, latin1, utf16)?;
        Ok(latin1_or_utf16(form, n))
    }

    /// [`crate::utf8_to_pep393`] with this kernel, whatever the input's
    /// length.
    ///
    /// # Errors
    ///
    /// As [`crate::utf8_to_pep393`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// use rapidutf::Pep393Kind;
    /// let src = "Ŝi diris: «Ĝis!» 😀".repeat(4);
    /// let (mut a, mut b, mut c) = ([0u8; 128], [0u16; 128], [0u32; 128]);
    /// for k in rapidutf::Kernel::available() {
    ///     let r = k.utf8_to_pep393(src.as_bytes(), &mut a, &mut b, &mut c);
    ///     assert_eq!(r, Ok((Pep393Kind::Ucs4, 72)), "{k}");
    /// }
    /// ```
    #[inline]
    pub fn utf8_to_pep393(
        self,
        src: &[u8],
        ucs1: &mut [u8],
        ucs2: &mut [u16],
        ucs4: &mut [u32],
    ) -> Result<(Pep393Kind, usize), TranscodeError<Utf8Error>> {
        let (form, n) = crate::glue::utf8_to_pep393_with(self.fns(), 0, src, ucs1, ucs2, ucs4)?;
        Ok((pep393_kind(form, n, src.len()), n))
    }

    /// [`crate::pep393_kind_from_utf8`] with this kernel, whatever the
    /// input's length.
    ///
    /// # Errors
    ///
    /// As [`crate::pep393_kind_from_utf8`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](Kernel::is_available).
    ///
    /// ```
    /// use rapidutf::Pep393Kind;
    /// let src = "Привет, мир! ".repeat(8);
    /// for k in rapidutf::Kernel::available() {
    ///     assert_eq!(k.pep393_kind_from_utf8(src.as_bytes()), Ok((Pep393Kind::Ucs2, 104)), "{k}");
    /// }
    /// ```
    #[inline]
    pub fn pep393_kind_from_utf8(self, src: &[u8]) -> Result<(Pep393Kind, usize), Utf8Error> {
        self.validate_utf8(src)?;
        Ok(kind_and_len(self.fns().count_chars_and_kind(src)))
    }
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_api {
    use super::*;
    use crate::error::{in_room, in_room_total};
    use alloc::vec::Vec;

    /// A string in its narrowest PEP 393 form: what
    /// [`utf8_to_pep393_vec`] returns.
    ///
    /// ```
    /// use rapidutf::{Pep393Kind, Pep393String};
    /// let s = rapidutf::utf8_to_pep393_vec("€uro".as_bytes()).unwrap();
    /// assert_eq!(s, Pep393String::Ucs2(vec![0x20AC, 0x75, 0x72, 0x6F]));
    /// assert_eq!((s.kind(), s.len()), (Pep393Kind::Ucs2, 4));
    /// ```
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub enum Pep393String {
        /// ASCII: one byte per character, every one below `0x80`.
        Ascii(Vec<u8>),
        /// UCS-1 (Latin-1): one byte per character.
        Ucs1(Vec<u8>),
        /// UCS-2: one native-endian `u16` per character, no surrogates.
        Ucs2(Vec<u16>),
        /// UCS-4: one `u32` per character.
        Ucs4(Vec<u32>),
    }

    impl Pep393String {
        /// Its kind.
        ///
        /// ```
        /// let s = rapidutf::utf8_to_pep393_vec(b"abc").unwrap();
        /// assert_eq!(s.kind(), rapidutf::Pep393Kind::Ascii);
        /// ```
        #[must_use]
        #[inline]
        pub fn kind(&self) -> Pep393Kind {
            match self {
                Pep393String::Ascii(_) => Pep393Kind::Ascii,
                Pep393String::Ucs1(_) => Pep393Kind::Ucs1,
                Pep393String::Ucs2(_) => Pep393Kind::Ucs2,
                Pep393String::Ucs4(_) => Pep393Kind::Ucs4,
            }
        }

        /// Its length in characters.
        ///
        /// ```
        /// let s = rapidutf::utf8_to_pep393_vec("a😀".as_bytes()).unwrap();
        /// assert_eq!(s.len(), 2);
        /// ```
        #[must_use]
        #[inline]
        pub fn len(&self) -> usize {
            match self {
                Pep393String::Ascii(v) | Pep393String::Ucs1(v) => v.len(),
                Pep393String::Ucs2(v) => v.len(),
                Pep393String::Ucs4(v) => v.len(),
            }
        }

        /// Whether it has no characters.
        ///
        /// ```
        /// assert!(rapidutf::utf8_to_pep393_vec(b"").unwrap().is_empty());
        /// ```
        #[must_use]
        #[inline]
        pub fn is_empty(&self) -> bool {
            self.len() == 0
        }
    }

    /// Converts UTF-8 to a new Latin-1 vector if every character is at
    /// most U+00FF, else to a new native-endian UTF-16 vector, in one pass
    /// (see [`utf8_to_latin1_or_utf16`]).
    ///
    /// # Errors
    ///
    /// The input's first [`Utf8Error`].
    ///
    /// ```
    /// use rapidutf::Latin1OrUtf16;
    /// let r = rapidutf::utf8_to_latin1_or_utf16_vec("naïve".as_bytes()).unwrap();
    /// assert_eq!(r, Latin1OrUtf16::Latin1(b"na\xEFve".to_vec()));
    /// let r = rapidutf::utf8_to_latin1_or_utf16_vec("ĉu?".as_bytes()).unwrap();
    /// assert_eq!(r, Latin1OrUtf16::Utf16(vec![0x109, 0x75, 0x3F]));
    /// ```
    #[inline]
    pub fn utf8_to_latin1_or_utf16_vec(
        src: &[u8],
    ) -> Result<Latin1OrUtf16<Vec<u8>, Vec<u16>>, Utf8Error> {
        let (mut latin1, mut utf16) = (Vec::new(), Vec::new());
        match in_room(crate::dispatch::utf8_to_latin1_or_utf16(src, &mut latin1, &mut utf16))? {
            (Form::Latin1, _) => Ok(Latin1OrUtf16::Latin1(latin1)),
            _ => Ok(Latin1OrUtf16::Utf16(utf16)),
        }
    }

    /// Narrows native-endian UTF-16 code units to a new Latin-1 vector if
    /// every unit is at most `0xFF`, else copies them to a new vector (see
    /// [`utf16_to_latin1_or_utf16`]).
    ///
    /// ```
    /// use rapidutf::Latin1OrUtf16;
    /// let r = rapidutf::utf16_to_latin1_or_utf16_vec(&[0x63, 0xE9]);
    /// assert_eq!(r, Latin1OrUtf16::Latin1(b"c\xE9".to_vec()));
    /// ```
    #[must_use]
    #[inline]
    pub fn utf16_to_latin1_or_utf16_vec(src: &[u16]) -> Latin1OrUtf16<Vec<u8>, Vec<u16>> {
        let (mut latin1, mut utf16) = (Vec::new(), Vec::new());
        match in_room_total(crate::dispatch::utf16_to_latin1_or_utf16(src, &mut latin1, &mut utf16))
        {
            (Form::Latin1, _) => Latin1OrUtf16::Latin1(latin1),
            _ => Latin1OrUtf16::Utf16(utf16),
        }
    }

    /// Converts UTF-8 to a new string in its narrowest PEP 393 form, in
    /// one pass (see [`utf8_to_pep393`]).
    ///
    /// # Errors
    ///
    /// The input's first [`Utf8Error`].
    ///
    /// ```
    /// use rapidutf::Pep393String;
    /// assert_eq!(rapidutf::utf8_to_pep393_vec(b"hi").unwrap(), Pep393String::Ascii(b"hi".to_vec()));
    /// let s = rapidutf::utf8_to_pep393_vec("hé😀".as_bytes()).unwrap();
    /// assert_eq!(s, Pep393String::Ucs4(vec![0x68, 0xE9, 0x1F600]));
    /// ```
    #[inline]
    pub fn utf8_to_pep393_vec(src: &[u8]) -> Result<Pep393String, Utf8Error> {
        let (mut ucs1, mut ucs2, mut ucs4) = (Vec::new(), Vec::new(), Vec::new());
        match in_room(crate::dispatch::utf8_to_pep393(src, &mut ucs1, &mut ucs2, &mut ucs4))? {
            (Form::Latin1, n) if n == src.len() => Ok(Pep393String::Ascii(ucs1)),
            (Form::Latin1, _) => Ok(Pep393String::Ucs1(ucs1)),
            (Form::Utf16, _) => Ok(Pep393String::Ucs2(ucs2)),
            (Form::Utf32, _) => Ok(Pep393String::Ucs4(ucs4)),
        }
    }
}

#[cfg(feature = "alloc")]
pub use alloc_api::*;
