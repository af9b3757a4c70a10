//! The UTF-8 derivatives (`cesu-8`, `mutf-8`, `wtf-8`, `utf8mb3`) and
//! `surrogateescape`: each window is decoded with the library's
//! whole-buffer functions ([`rapidutf::utf8_variants`]), cut where no character,
//! surrogate pair or look-ahead is split (see [`crate::derived`]), through
//! UTF-8 or UTF-16 as an intermediate, and encoded in the output form.

use super::report::Fail;
use super::stream::Emit;
use super::transcode::{transcode, Out, Src};
use super::ErrorMode;
use crate::derived::{self, ByteSource, Decoded, Derived};
use crate::encoding::{units16, values32, Derivative, Form, Order};
use std::borrow::Cow;

/// The fewest UTF-16 or UTF-32 units that one call decodes (unless the
/// piece ends), see [`Piece::stretch_end`].
const MIN_STRETCH: usize = 256;

/// The most UTF-16 or UTF-32 units that one call decodes (64 Ki).
const MAX_STRETCH: usize = 1 << 16;

/// The part of a window that this path converts: `body[..take]`, where
/// `body[0]` is at input offset `base` and `body[take..]` is look-ahead
/// that the next window starts with.
pub struct Piece<'a> {
    pub form: Form,
    pub body: &'a [u8],
    pub take: usize,
    pub last: bool,
    pub base: u64,
}

impl Piece<'_> {
    /// Converts the piece to the output form and emits it.
    pub fn convert(
        &self,
        scratch16: &mut Vec<u16>,
        scratch32: &mut Vec<u32>,
        out: &mut Out,
        emit: &mut Emit<'_>,
    ) -> Result<(), Fail> {
        let (to, mode) = (emit.to, emit.opts.errors);
        let unit = self.form.unit();
        let n = self.take / unit;
        // Units [i..n] are left to convert.
        let mut i = 0;
        // Units decoded per call, see `stretch_end`.
        let mut stretch = MIN_STRETCH;
        while i < n {
            let end = self.stretch_end(i, n, stretch);
            let e = match self.decode(i, end, to, mode, scratch16, scratch32) {
                Ok(decoded) => {
                    emit.write(&encode(&decoded, to, out)?)?;
                    i = end;
                    stretch = (2 * stretch).min(MAX_STRETCH);
                    continue;
                }
                Err(e) => self.in_context(i, e, to, mode, scratch16, scratch32)?,
            };
            stretch = MIN_STRETCH;
            // What precedes the error is output in every mode (in strict
            // mode, before the conversion stops).
            if e.at > 0 {
                match self.decode(i, i + e.at, to, mode, scratch16, scratch32) {
                    Ok(decoded) => emit.write(&encode(&decoded, to, out)?)?,
                    Err(_) => return Err(Fail::Internal("a valid prefix failed to convert")),
                }
            }
            let bad_at = (i + e.at) * unit;
            if mode.stops() {
                let at = self.base + bad_at as u64;
                return Err(Fail::derived(at, &e, &self.body[bad_at..], unit));
            }
            let bad_end = e.len.map_or(n, |len| i + e.at + len);
            let bad = &self.body[bad_at..bad_end * unit];
            let sub = emit
                .substitute(bad)
                .map_err(|_| Fail::Internal("a fallback character the derivative lacks"))?;
            emit.write(&sub)?;
            i = bad_end;
        }
        Ok(())
    }

    /// Where the stretch of units that starts at `i` ends: at the end `n`
    /// for bytes (the byte decoders stop at the first error, so retrying
    /// after each error costs only the distance to it), but at most
    /// `stretch` units on for UTF-16 and UTF-32, whose decoding here
    /// copies its input first, and never right after a high surrogate.
    ///
    /// The stretch doubles after each success up to [`MAX_STRETCH`] and
    /// falls back to [`MIN_STRETCH`] after an error, so that with
    /// `--errors=replace` the work per error is proportional to the
    /// distance from the previous one: linear time, however many errors.
    fn stretch_end(&self, i: usize, n: usize, stretch: usize) -> usize {
        let end = n.min(i + stretch);
        match self.form {
            Form::Utf8 | Form::Derived(_) | Form::Legacy(_) => n,
            Form::Utf16(o) | Form::Ucs2(o) if end < n => {
                let b = 2 * (end - 1);
                let last = o.read16(u16::from_ne_bytes([self.body[b], self.body[b + 1]]));
                if (0xD800..=0xDBFF).contains(&last) {
                    end - 1
                } else {
                    end
                }
            }
            _ => end,
        }
    }

    /// Decodes units `[from..end]` of the piece for output `to`.
    fn decode(
        &self,
        from: usize,
        end: usize,
        to: Form,
        mode: ErrorMode,
        scratch16: &mut Vec<u16>,
        scratch32: &mut Vec<u32>,
    ) -> Result<Decoded<'_>, Derived> {
        let escape = mode == ErrorMode::SurrogateEscape;
        match self.form {
            Form::Legacy(_) => Err(Derived {
                at: 0,
                len: Some(1),
                message: "no derivative conversion of 8-bit input".into(),
            }),
            Form::Ucs2(o) => {
                let units = units16(&self.body[2 * from..2 * end], scratch16);
                let values: Vec<u16> = units.iter().map(|&u| o.read16(u)).collect();
                match values.iter().position(|u| (0xD800..=0xDFFF).contains(u)) {
                    Some(at) => Err(Derived {
                        at,
                        len: Some(1),
                        message: format!("surrogate {:04X}, which UCS-2 does not have", values[at]),
                    }),
                    None => derived::decode_units(values, to, escape),
                }
            }
            Form::Utf8 | Form::Derived(_) => {
                let source = match self.form {
                    Form::Derived(d) => ByteSource::Derived(d),
                    _ if escape => ByteSource::Escape,
                    _ => ByteSource::Utf8,
                };
                derived::decode_bytes(source, &self.body[from..end], to)
            }
            Form::Utf16(o) => {
                let units = units16(&self.body[2 * from..2 * end], scratch16);
                let values = units.iter().map(|&u| o.read16(u)).collect();
                derived::decode_units(values, to, escape)
            }
            Form::Utf32(o) => {
                let values = values32(&self.body[4 * from..4 * end], o, scratch32);
                rapidutf::utf32_to_string(values).map(|s| Decoded::Str(Cow::Owned(s))).map_err(
                    |e| Derived {
                        at: e.valid_up_to(),
                        len: Some(1),
                        message: e.kind().to_string(),
                    },
                )
            }
        }
    }

    /// The error `e` of units `[i..take]` as the whole input has it: an
    /// error of byte input near the cut is judged again with the window's
    /// look-ahead (the cut may have shortened it, or hidden what follows).
    fn in_context(
        &self,
        i: usize,
        e: Derived,
        to: Form,
        mode: ErrorMode,
        scratch16: &mut Vec<u16>,
        scratch32: &mut Vec<u32>,
    ) -> Result<Derived, Fail> {
        let at = i + e.at;
        let near_cut = at + derived::MARGIN / 2 > self.take;
        if self.last || self.form.unit() != 1 || !near_cut {
            return Ok(e);
        }
        let end = self.body.len().min(at + 4 * derived::MARGIN);
        match self.decode(at, end, to, mode, scratch16, scratch32) {
            Err(again) if again.at == 0 => Ok(Derived { at: e.at, ..again }),
            _ => Err(Fail::Internal("an error near a cut went away with more input")),
        }
    }
}

/// Encodes a decoded piece in form `to`.
fn encode<'a>(decoded: &'a Decoded<'_>, to: Form, out: &'a mut Out) -> Result<Cow<'a, [u8]>, Fail> {
    use rapidutf::utf8_variants as d;
    let internal = |_| Fail::Internal("converting valid text failed");
    Ok(match (decoded, to) {
        (Decoded::Raw(bytes), _) => Cow::Borrowed(&bytes[..]),
        (Decoded::Str(s), Form::Utf8 | Form::Derived(Derivative::Wtf8)) => {
            Cow::Borrowed(s.as_bytes())
        }
        (Decoded::Str(s), Form::Derived(Derivative::Cesu8)) => d::utf8_to_cesu8_vec(s),
        (Decoded::Str(s), Form::Derived(Derivative::Mutf8)) => d::utf8_to_mutf8_vec(s),
        (Decoded::Str(s), Form::Utf16(_) | Form::Utf32(_)) => {
            Cow::Borrowed(transcode(Src::U8(s.as_bytes()), to, out).map_err(internal)?)
        }
        (Decoded::Wide(units), Form::Utf16(o)) => {
            out.units.clear();
            out.units.extend(units.iter().map(|&u| match o {
                Order::Le => u.to_le(),
                Order::Be => u.to_be(),
            }));
            Cow::Borrowed(bytemuck::cast_slice(&out.units))
        }
        (Decoded::Wide(units), Form::Derived(Derivative::Wtf8)) => {
            Cow::Owned(d::utf16_to_wtf8_vec(units))
        }
        (Decoded::Wide(units), Form::Derived(Derivative::Mutf8)) => {
            Cow::Owned(d::utf16_to_mutf8_vec(units))
        }
        _ => return Err(Fail::Internal("no encoder for this output")),
    })
}
