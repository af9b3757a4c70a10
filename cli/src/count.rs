//! `rapidutf count`: bytes, code points and UTF-16 units of UTF-8 inputs.
//!
//! The counts come from [`rapidutf::count_chars`] and
//! [`rapidutf::utf16_len_from_utf8`] over the valid pieces that the UTF-8
//! scanner hands out window by window, so they are exact for any size. An
//! invalid input is reported in the isutf8 format on stderr, left out of
//! the table and of the total, and makes the exit status 1.

use crate::input::{InputName, Reader};
use crate::progress::Show;
use crate::Status;
use std::io::{self, Write};

/// The options of `rapidutf count`.
#[derive(Debug, PartialEq, Eq)]
pub struct Options {
    /// The inputs; never empty (stdin when none was given).
    pub files: Vec<InputName>,
    /// When the progress bar shows.
    pub show: Show,
}

/// The counts of one valid UTF-8 input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Bytes of UTF-8.
    pub bytes: u64,
    /// Code points.
    pub chars: u64,
    /// UTF-16 code units.
    pub utf16: u64,
}

impl Counts {
    fn add(&mut self, other: Counts) {
        self.bytes += other.bytes;
        self.chars += other.chars;
        self.utf16 += other.utf16;
    }
}

/// Runs `rapidutf count`: the table goes to `out`, problems to stderr.
///
/// # Errors
///
/// Only errors writing to `out`.
pub fn run(opts: &Options, out: &mut dyn Write) -> io::Result<Status> {
    let mut status = Status::Ok;
    let mut rows: Vec<(Counts, Vec<u8>)> = Vec::new();
    for name in &opts.files {
        let mut counts = Counts::default();
        let scanned = Reader::open(name, "count", opts.show).and_then(|mut r| {
            crate::validate::scan_utf8(&mut r, |valid| {
                counts.bytes += valid.len() as u64;
                counts.chars += rapidutf::count_chars(valid) as u64;
                counts.utf16 += rapidutf::utf16_len_from_utf8(valid) as u64;
            })
        });
        match scanned {
            Ok(None) => rows.push((counts, name.as_bytes().to_vec())),
            Ok(Some(problem)) => {
                let mut line = b"rapidutf: ".to_vec();
                line.extend_from_slice(name.as_bytes());
                line.extend_from_slice(format!(": {}\n", problem.report()).as_bytes());
                let _ = io::stderr().lock().write_all(&line);
                status = status.max(Status::Invalid);
            }
            Err(e) => {
                crate::report_io(name, &e);
                status = status.max(Status::Trouble);
            }
        }
    }
    if rows.len() > 1 {
        let mut total = Counts::default();
        for (c, _) in &rows {
            total.add(*c);
        }
        rows.push((total, b"total".to_vec()));
    }
    if !rows.is_empty() {
        write_table(out, &rows)?;
    }
    Ok(status)
}

/// Writes a header and one right-aligned row per input.
/// Names are written as their own bytes, UTF-8 or not.
fn write_table(out: &mut dyn Write, rows: &[(Counts, Vec<u8>)]) -> io::Result<()> {
    let widest = rows.iter().map(|(c, _)| c.bytes.max(c.chars).max(c.utf16)).max().unwrap_or(0);
    let w = widest.to_string().len().max("bytes".len());
    writeln!(out, "{:>w$}  {:>w$}  {:>w$}  file", "bytes", "chars", "utf16")?;
    for (c, name) in rows {
        write!(out, "{:>w$}  {:>w$}  {:>w$}  ", c.bytes, c.chars, c.utf16)?;
        out.write_all(name)?;
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_layout() {
        let rows = vec![
            (Counts { bytes: 10, chars: 4, utf16: 5 }, b"a.txt".to_vec()),
            (Counts { bytes: 123456, chars: 1, utf16: 1 }, b"b".to_vec()),
        ];
        let mut out = Vec::new();
        write_table(&mut out, &rows).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            " bytes   chars   utf16  file\n    10       4       5  a.txt\n123456       1       1  b\n"
        );
    }
}
