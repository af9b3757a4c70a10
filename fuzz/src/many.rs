//! The `many` target: many-strings validation (`validate_utf8_offsets`
//! with every offset type, `validate_utf8_ranges`, and every kernel's
//! methods of both) against `core::str::from_utf8` per string
//! (`rapidutf_testkit::reference::many_strings`): the first string that is
//! out of bounds, reversed or invalid, with core's error relative to it.
//!
//! Input: one byte of flags (bit 0: a long buffer, at least
//! [`LONG`](crate::LONG) bytes, from runs of the rest; bit 1: offsets may
//! go past the buffer; bit 2: offsets may decrease), one byte `n`, `n`
//! bytes that place the strings' boundaries, then the buffer.

use crate::{long, seed, Input, LONG};
use rapidutf::{Kernel, ManyStringsError, ManyStringsErrorKind};
use rapidutf_testkit::reference::{many_strings, ManyFailure};
use rapidutf_testkit::Key;
use std::ops::Range;

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let n = usize::from(input.byte());
    let cuts: Vec<u8> = (0..n).map(|_| input.byte()).collect();
    let rest = input.rest();
    let long_buf;
    let buf = if flags & 1 == 1 {
        long_buf = long(rest, seed(data), LONG);
        &long_buf[..]
    } else {
        rest
    };
    // Boundaries spread over the buffer by the cut bytes: in order, or
    // (with the flags) past its end and out of order.
    let len = buf.len();
    let mut at = 0usize;
    let mut offsets = vec![0usize];
    for (i, &c) in cuts.iter().enumerate() {
        let step = if len == 0 { 0 } else { usize::from(c) * (len / 256 + 1) % (len + 1) };
        at = if flags & 4 == 4 && c % 7 == 0 {
            at.saturating_sub(step)
        } else {
            (at + step).min(len)
        };
        let past = flags & 2 == 2 && i + 1 == cuts.len();
        offsets.push(if past { len + 1 + usize::from(c) } else { at });
    }
    offsets.push(len);

    let strings: Vec<(usize, usize)> = offsets.windows(2).map(|w| (w[0], w[1])).collect();
    let want = many_strings(buf, &strings);
    let as_u32: Vec<u32> = offsets.iter().map(|&o| o as u32).collect();
    let as_i32: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
    let as_u64: Vec<u64> = offsets.iter().map(|&o| o as u64).collect();
    let as_i64: Vec<i64> = offsets.iter().map(|&o| o as i64).collect();
    let fits32 = offsets.iter().all(|&o| o <= i32::MAX as usize);
    let check = |who: &dyn std::fmt::Display, r: Result<(), ManyStringsError>| {
        assert_eq!(result(r), want, "{who}: offsets {offsets:?}");
    };
    check(&"offsets usize", rapidutf::validate_utf8_offsets(buf, &offsets));
    check(&"offsets u64", rapidutf::validate_utf8_offsets(buf, &as_u64));
    check(&"offsets i64", rapidutf::validate_utf8_offsets(buf, &as_i64));
    if fits32 {
        check(&"offsets u32", rapidutf::validate_utf8_offsets(buf, &as_u32));
        check(&"offsets i32", rapidutf::validate_utf8_offsets(buf, &as_i32));
    }
    let ranges: Vec<Range<usize>> = strings.iter().map(|&(s, e)| s..e).collect();
    check(&"ranges", rapidutf::validate_utf8_ranges(buf, &ranges));
    for k in Kernel::available() {
        check(&format_args!("{k}: offsets"), k.validate_utf8_offsets(buf, &as_u64));
        check(&format_args!("{k}: ranges"), k.validate_utf8_ranges(buf, &ranges));
    }
}

/// The library's result in the reference's terms.
fn result(r: Result<(), ManyStringsError>) -> Result<(), (usize, ManyFailure)> {
    r.map_err(|e| {
        let why = match e.kind() {
            ManyStringsErrorKind::OutOfBounds => ManyFailure::OutOfBounds,
            ManyStringsErrorKind::Reversed => ManyFailure::Reversed,
            ManyStringsErrorKind::Invalid(u) => {
                assert_eq!(e.utf8_error(), Some(u), "utf8_error() differs from the kind's");
                ManyFailure::Invalid(u.key())
            }
            other => panic!("a kind the reference does not know: {other:?}"),
        };
        (e.index(), why)
    })
}
