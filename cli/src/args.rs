//! Command-line parsing (with `lexopt`) and the help texts.

use crate::encoding::{self, Encoding, NAMES};
use crate::input::InputName;
use crate::{bench, convert, count, validate};
use lexopt::prelude::*;
use std::ffi::OsString;
use std::fmt;
use std::time::Duration;

/// What the command line asks for.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// `rapidutf validate`.
    Validate(validate::Options),
    /// `rapidutf convert`.
    Convert(convert::Options),
    /// `rapidutf count`.
    Count(count::Options),
    /// `rapidutf bench`.
    Bench(bench::Options),
    /// Print this help text and exit successfully.
    Help(&'static str),
    /// Print the version and exit successfully.
    Version,
}

/// A usage error, with the subcommand it concerns (for the hint).
#[derive(Debug)]
pub struct UsageError {
    /// The subcommand, if one was recognised.
    pub command: Option<&'static str>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let help = match self.command {
            Some(c) => format!("rapidutf {c} --help"),
            None => "rapidutf --help".to_owned(),
        };
        write!(f, "{}\nTry '{help}' for more information.", self.message)
    }
}

/// The tool's help text.
pub const HELP: &str = "\
rapidutf: validate, convert and count Unicode text at memory speed.

Usage: rapidutf <COMMAND> [OPTIONS] [ARGS]

Commands:
  validate   Check that files are valid UTF-8 (or UTF-16/32, CESU-8, ...), like isutf8
  convert    Convert between UTF-8, UTF-16, UTF-32 and derivatives, like iconv
  count      Count bytes, code points and UTF-16 units of UTF-8 files
  bench      Measure the throughput of every available kernel

Options:
  -h, --help     Print help (also: rapidutf <COMMAND> --help)
  -V, --version  Print version

Exit status: 0 success, 1 invalid input, 2 usage or I/O error.
";

const VALIDATE_HELP: &str = "\
Check whether files are valid UTF-8 (like isutf8 from moreutils).

Usage: rapidutf validate [OPTIONS] [FILE]...

With no FILE, or when FILE is -, read standard input. For each invalid
input, print one line:

  FILE: line L, char C, byte B: MESSAGE

L is the 1-based line, C the 1-based column in characters within that line,
B the 0-based byte offset in the input (a BOM included), and MESSAGE what
is wrong: the offending byte (or 16/32-bit unit) and what was allowed at
that point, e.g. after E0 the 2nd byte must be A0..BF (RFC 3629). Standard
input is named (standard input). A leading UTF-8 BOM is valid UTF-8; it
counts in byte offsets but not in the character column.

With -v, each report is followed by the bytes around the error in hex,
from the offset shown, with carets under the offending bytes:

  f.txt: line 1, char 4, byte 3: ...: after E0 the 2nd byte must be A0..BF, found 80
    00000000: 61 62 63 E0 80 64
                       ^^^^^

Options:
  -q, --quiet            Print nothing; only the exit status tells
  -l, --list             Print only the names of invalid inputs
  -i, --invert           Print the names of valid inputs instead (with -l or alone)
  -v, --verbose          Also show the bytes around each error, in hex
      --encoding <ENC>   The encoding to check [default: utf-8]
                         utf-8, utf-16le, utf-16be, utf-16, utf-32le, utf-32be, utf-32
                         (utf-16/utf-32 honour a BOM and are in the machine's byte
                         order without one, little-endian here, as glibc iconv);
                         auto (UTF-8/16/32 by the BOM; without one, detected:
                         valid UTF-8, else UTF-16/32 by validity and unit pattern,
                         else checked as UTF-8);
                         cesu-8, mutf-8 (modified-utf-8, java), wtf-8, utf8mb3
  -h, --help             Print help

Exit status: 0 if every input is valid, 1 if one is not, 2 on usage or I/O errors.
";

const CONVERT_HELP: &str = "\
Convert text between Unicode and legacy 8-bit encodings (like iconv).

Usage: rapidutf convert -f <FROM> -t <TO> [-o <OUT>] [FILE]

With no FILE, or when FILE is -, read standard input. The input is read
once, in windows of 4 MiB; memory use is bounded whatever its size.

Options:
  -f, --from-code <FROM>  The input encoding
  -t, --to-code <TO>      The output encoding
  -o, --output <OUT>      Write to OUT, not standard output (OUT may be FILE)
      --errors <MODE>     strict: stop at the first invalid sequence [default]
                          replace: write U+FFFD for each invalid sequence
                            (one per maximal invalid subpart, as
                            String::from_utf8_lossy and Python's 'replace'),
                            and '?' for a character latin1/cp1252 output
                            lacks
                          ignore: drop each invalid sequence and each
                            character latin1/cp1252 output lacks (also -c,
                            and the //IGNORE suffix on -t, as iconv)
                          latin1, cp1252: decode each byte of each invalid
                            sequence as ISO-8859-1 / Windows-1252, for
                            legacy text mixed into UTF-8 (byte input only)
                          surrogateescape: Python's PEP 383, invalid UTF-8
                            bytes <-> lone U+DC80..U+DCFF (from utf-8 to utf-8,
                            utf-16*, wtf-8 or mutf-8, or from utf-16* to utf-8)
  -c                      Same as --errors=ignore
  -l, --list              List the encodings and exit
      --bom <MODE>        keep: output a BOM if the input had one
                          strip: never output a BOM
                          add: always start the output with a BOM
                          [default: as iconv, by the encoding names]
  -h, --help              Print help

Encodings (case-insensitive, '-' and '_' optional): utf-8, utf-16le,
utf-16be, utf-16, utf-32le, utf-32be, utf-32, cesu-8, mutf-8 (also
modified-utf-8, java), wtf-8, latin1 (also iso-8859-1, l1), cp1252 (also
windows-1252); input only: auto, utf8mb3. -l lists them.

latin1 is ISO-8859-1; cp1252 is Windows-1252 as the WHATWG Encoding
Standard defines it (81 8D 8F 90 9D are the C1 controls of the same value;
glibc's CP1252 rejects them). Every byte is a character of both; as
output, a character they lack is an illegal input sequence at its
position, as in iconv (with replace: '?'; with ignore: dropped). They have
no byte-order mark. Derivatives convert to and from them through utf-8.

Byte order, as glibc iconv: on input, utf-16 and utf-32 honour a
byte-order mark and drop it, and without one read the machine's byte order
(little-endian here; RFC 2781 would say big-endian: name utf-16be for such
input); auto picks UTF-8, UTF-16 or UTF-32 by the BOM, and without one
detects it from the first 4 MiB (valid UTF-8, else UTF-16/UTF-32 where
validity and the zero bytes of the units say so, else cp1252).
On output, utf-16 and utf-32 are in the machine's byte order after a BOM.
The other names keep a BOM as a character, unless --bom says otherwise
(--bom=strip drops it, --bom=keep also keeps one that utf-16, utf-32 or
auto consumed).

In strict mode, invalid input prints
  rapidutf: illegal input sequence at position N
(N is the byte offset in the input) and exits with status 1, and nothing
is written. A lone surrogate that the output cannot represent is an
illegal input sequence.

Output:
  A regular OUT is never truncated first: the output goes to a temporary
  file in OUT's directory (.OUT.rapidutf-PID-N.tmp) with OUT's permissions
  (and owner and group where allowed), synced and renamed over OUT on
  success, removed on failure. So OUT may be the input itself. An OUT the
  user may not write is refused ('Permission denied') before converting.
  A symbolic link is followed: its target is replaced, the link stays.
  A file with several hard links is written back into at the end (by a
  copy from the temporary file), so that every name sees the new text.
  A FIFO, a device (/dev/null) or /dev/stdout is written into directly.
  Standard output, a FIFO or a device gets nothing until the conversion
  succeeded: the output is held back in memory (up to 64 MiB) and then in
  a temporary file in $TMPDIR (default /tmp), which needs room for the
  whole output. With --errors=replace, and to /dev/null, it is written as
  it is produced.
  SIGINT, SIGTERM and SIGHUP remove the temporary files and exit with
  128 + the signal number. A closed pipe ends the tool quietly (status 2).
";

const COUNT_HELP: &str = "\
Count the bytes, code points and UTF-16 code units of UTF-8 files.

Usage: rapidutf count [FILE]...

With no FILE, or when FILE is -, read standard input. Prints one row per
valid input (and a total row for several), under the header

  bytes  chars  utf16  file

An invalid input is reported on stderr (FILE: line L, char C, byte B:
MESSAGE), left out of the table, and makes the exit status 1.

Options:
  -h, --help  Print help
";

const BENCH_HELP: &str = "\
Measure throughput (GB/s) of each available kernel next to std.

Usage: rapidutf bench [OPTIONS] [FILE]...

Without FILE, uses a sample corpus the binary generates (64 KiB each of
Latin, Russian, Arabic, Chinese and emoji text). Measures validate_utf8 and
is_valid_utf8 per kernel, utf8_to_utf16 and count_chars through dispatch,
and core::str::from_utf8, encode_utf16 and chars().count() for reference.
Prints a table per input and the geometric means.

Options:
      --time <SECONDS>  Time budget per measurement [default: 0.2]
  -h, --help            Print help
";

/// Parses the process arguments.
///
/// # Errors
///
/// A [`UsageError`] for anything the tool does not accept.
pub fn parse_env() -> Result<Command, UsageError> {
    parse(lexopt::Parser::from_env())
}

#[cfg(test)]
/// Parses arguments (without the program name).
///
/// # Errors
///
/// A [`UsageError`] for anything the tool does not accept.
#[cfg(test)]
pub fn parse_from<I: IntoIterator<Item = OsString>>(args: I) -> Result<Command, UsageError> {
    parse(lexopt::Parser::from_args(args))
}

fn parse(mut p: lexopt::Parser) -> Result<Command, UsageError> {
    let usage = |message: String| UsageError { command: None, message };
    match p.next().map_err(|e| usage(e.to_string()))? {
        Some(Short('h') | Long("help")) => Ok(Command::Help(HELP)),
        Some(Short('V') | Long("version")) => Ok(Command::Version),
        Some(Value(cmd)) => {
            let (name, parse): (&'static str, Parser) = match cmd.to_str() {
                Some("validate") => ("validate", parse_validate),
                Some("convert") => ("convert", parse_convert),
                Some("count") => ("count", parse_count),
                Some("bench") => ("bench", parse_bench),
                Some("help") => return Ok(Command::Help(HELP)),
                _ => return Err(usage(format!("unknown command {cmd:?}"))),
            };
            parse(&mut p).map_err(|message| UsageError { command: Some(name), message })
        }
        Some(arg) => Err(usage(arg.unexpected().to_string())),
        None => Err(usage("missing command (validate, convert, count or bench)".into())),
    }
}

type Parser = fn(&mut lexopt::Parser) -> Result<Command, String>;

fn encoding(value: OsString) -> Result<Encoding, String> {
    let name = value.to_string_lossy();
    Encoding::parse(&name)
        .ok_or_else(|| format!("unsupported encoding '{name}' (expected {NAMES})"))
}

fn parse_validate(p: &mut lexopt::Parser) -> Result<Command, String> {
    let mut opts = validate::Options {
        files: Vec::new(),
        quiet: false,
        list: false,
        invert: false,
        encoding: Encoding::Utf8,
        verbose: false,
    };
    while let Some(arg) = p.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(Command::Help(VALIDATE_HELP)),
            Short('v') | Long("verbose") => opts.verbose = true,
            Short('q') | Long("quiet") => opts.quiet = true,
            Short('l') | Long("list") | Long("list-only") => opts.list = true,
            Short('i') | Long("invert") => opts.invert = true,
            Long("encoding") => {
                opts.encoding = encoding(p.value().map_err(|e| e.to_string())?)?;
                if let Encoding::Legacy(_) = opts.encoding {
                    return Err(format!(
                        "every byte is a character of {}: there is nothing to validate \
                         (convert it with -f {0})",
                        opts.encoding
                    ));
                }
            }
            Value(v) => opts.files.push(InputName::from_arg(v)),
            _ => return Err(arg.unexpected().to_string()),
        }
    }
    if opts.files.is_empty() {
        opts.files.push(InputName::Stdin);
    }
    Ok(Command::Validate(opts))
}

fn parse_convert(p: &mut lexopt::Parser) -> Result<Command, String> {
    let (mut from, mut to, mut output, mut input) = (None, None, None, None);
    let mut errors = convert::ErrorMode::Strict;
    // `-c` and `-t NAME//IGNORE` mean `--errors=ignore`, unless `--errors`
    // says something else (then they conflict).
    let (mut ignore_flag, mut errors_by_suffix, mut errors_given) = (false, false, false);
    let mut bom = convert::BomMode::Default;
    while let Some(arg) = p.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(Command::Help(CONVERT_HELP)),
            Short('f') | Long("from-code") => {
                from = Some(encoding(p.value().map_err(|e| e.to_string())?)?)
            }
            Short('t') | Long("to-code") => {
                let v = p.value().map_err(|e| e.to_string())?;
                // iconv's `//IGNORE` suffix: drop what cannot be converted.
                let name = v.to_string_lossy();
                let (name, ignore) = match name.rsplit_once("//") {
                    Some((name, suffix)) if suffix.eq_ignore_ascii_case("ignore") => (name, true),
                    Some((_, suffix)) => {
                        return Err(format!("unsupported suffix '//{suffix}' (expected //IGNORE)"))
                    }
                    None => (&*name, false),
                };
                to = Some(encoding(name.into())?);
                if ignore {
                    errors_by_suffix = true;
                }
            }
            Short('c') => ignore_flag = true,
            Short('l') | Long("list") => return Ok(Command::Help(encoding::LIST)),
            Short('o') | Long("output") => {
                output = Some(p.value().map_err(|e| e.to_string())?.into());
            }
            Long("errors") => {
                let v = p.value().map_err(|e| e.to_string())?;
                errors = match v.to_str().map(|m| (m, m.parse::<rapidutf::ErrorStrategy>())) {
                    Some(("strict", _)) => convert::ErrorMode::Strict,
                    Some(("surrogateescape", _)) => convert::ErrorMode::SurrogateEscape,
                    Some((_, Ok(rapidutf::ErrorStrategy::Replace))) => convert::ErrorMode::Replace,
                    Some((_, Ok(rapidutf::ErrorStrategy::Ignore))) => convert::ErrorMode::Ignore,
                    Some((_, Ok(rapidutf::ErrorStrategy::Latin1))) => convert::ErrorMode::Latin1,
                    Some((_, Ok(rapidutf::ErrorStrategy::Windows1252))) => {
                        convert::ErrorMode::Cp1252
                    }
                    _ => {
                        return Err(format!(
                            "invalid --errors mode {v:?} (expected strict, replace, \
                             surrogateescape, ignore, latin1 or cp1252)"
                        ))
                    }
                };
                errors_given = true;
            }
            Long("bom") => {
                let v = p.value().map_err(|e| e.to_string())?;
                bom = match v.to_str() {
                    Some("keep") => convert::BomMode::Keep,
                    Some("strip") => convert::BomMode::Strip,
                    Some("add") => convert::BomMode::Add,
                    _ => {
                        return Err(format!(
                            "invalid --bom mode {v:?} (expected keep, strip or add)"
                        ))
                    }
                };
            }
            Value(v) if input.is_none() => input = Some(InputName::from_arg(v)),
            Value(v) => {
                return Err(format!("unexpected extra input {v:?} (convert takes one FILE)"))
            }
            _ => return Err(arg.unexpected().to_string()),
        }
    }
    if ignore_flag || errors_by_suffix {
        if errors_given && errors != convert::ErrorMode::Ignore {
            let what = if ignore_flag { "-c" } else { "//IGNORE" };
            return Err(format!("{what} conflicts with --errors (it means --errors=ignore)"));
        }
        errors = convert::ErrorMode::Ignore;
    }
    let from = from.ok_or("missing -f/--from-code")?;
    if matches!(errors, convert::ErrorMode::Latin1 | convert::ErrorMode::Cp1252)
        && !matches!(from, Encoding::Utf8 | Encoding::Derived(_))
    {
        return Err(format!(
            "--errors=latin1 and --errors=cp1252 decode invalid bytes: the input must be \
             UTF-8 or a derivative, not {from}"
        ));
    }
    let to = to.ok_or("missing -t/--to-code")?;
    let legacy = |e| matches!(e, Encoding::Legacy(_));
    if (legacy(from) || legacy(to)) && matches!(from, Encoding::Derived(_)) {
        return Err(format!("convert {from} to utf-8 first: no direct conversion to {to}"));
    }
    if legacy(to) && errors == convert::ErrorMode::SurrogateEscape {
        return Err(format!("--errors=surrogateescape does not apply to {to} output"));
    }
    if legacy(to) && matches!(bom, convert::BomMode::Add | convert::BomMode::Keep) {
        return Err(format!("{to} has no byte-order mark (--bom=add or keep)"));
    }
    if !to.is_output() {
        return Err(format!("'{to}' is an input encoding only"));
    }
    if bom == convert::BomMode::Strip && matches!(to, Encoding::Utf16Bom | Encoding::Utf32Bom) {
        return Err(format!(
            "--bom=strip with -t {to}, which always has a BOM (name the byte order: {to}le/{to}be)"
        ));
    }
    if errors == convert::ErrorMode::SurrogateEscape {
        use crate::encoding::Derivative::{Mutf8, Wtf8};
        let utf16 = |e| matches!(e, Encoding::Utf16(_) | Encoding::Utf16Bom);
        let ok = match from {
            Encoding::Utf8 => {
                utf16(to) || matches!(to, Encoding::Utf8 | Encoding::Derived(Wtf8 | Mutf8))
            }
            f if utf16(f) => to == Encoding::Utf8,
            _ => false,
        };
        if !ok {
            return Err(format!(
                "--errors=surrogateescape converts from utf-8 to utf-8, utf-16*, wtf-8 or \
                 mutf-8, or from utf-16* to utf-8, not from {from} to {to}"
            ));
        }
    }
    Ok(Command::Convert(convert::Options {
        from,
        to,
        output,
        input: input.unwrap_or(InputName::Stdin),
        errors,
        bom,
    }))
}

fn parse_count(p: &mut lexopt::Parser) -> Result<Command, String> {
    let mut files = Vec::new();
    while let Some(arg) = p.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(Command::Help(COUNT_HELP)),
            Value(v) => files.push(InputName::from_arg(v)),
            _ => return Err(arg.unexpected().to_string()),
        }
    }
    if files.is_empty() {
        files.push(InputName::Stdin);
    }
    Ok(Command::Count(count::Options { files }))
}

fn parse_bench(p: &mut lexopt::Parser) -> Result<Command, String> {
    let mut opts = bench::Options { files: Vec::new(), time: Duration::from_millis(200) };
    while let Some(arg) = p.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(Command::Help(BENCH_HELP)),
            Long("time") => {
                let v = p.value().map_err(|e| e.to_string())?;
                let secs = v.to_str().and_then(|s| s.parse::<f64>().ok());
                opts.time = match secs {
                    Some(s) if s.is_finite() && s > 0.0 && s <= 3600.0 => {
                        Duration::from_secs_f64(s)
                    }
                    _ => return Err(format!("invalid --time {v:?} (expected seconds, e.g. 0.2)")),
                };
            }
            Value(v) => opts.files.push(v.into()),
            _ => return Err(arg.unexpected().to_string()),
        }
    }
    Ok(Command::Bench(opts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::Order;

    fn parse_strs(args: &[&str]) -> Result<Command, UsageError> {
        parse_from(args.iter().map(OsString::from))
    }

    #[test]
    fn convert_accepts_iconv_spellings() {
        let cmd = parse_strs(&["convert", "-fUTF8", "--to-code=UTF-16BE", "-o", "out", "in"]);
        assert_eq!(
            cmd.unwrap(),
            Command::Convert(convert::Options {
                from: Encoding::Utf8,
                to: Encoding::Utf16(Order::Be),
                output: Some("out".into()),
                input: InputName::Path("in".into()),
                errors: convert::ErrorMode::Strict,
                bom: convert::BomMode::Default,
            })
        );
        let cmd = parse_strs(&["convert", "--errors", "replace", "-f", "utf-16", "-t", "utf-8"]);
        match cmd.unwrap() {
            Command::Convert(o) => {
                assert_eq!(o.errors, convert::ErrorMode::Replace);
                assert_eq!(o.input, InputName::Stdin);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn error_modes_and_iconv_spellings() {
        let mode = |args: &[&str]| match parse_strs(args) {
            Ok(Command::Convert(o)) => o.errors,
            other => panic!("{args:?}: {other:?}"),
        };
        let base = ["convert", "-f", "utf8", "-t", "utf-16le"];
        for (flag, want) in [
            ("--errors=ignore", convert::ErrorMode::Ignore),
            ("--errors=latin1", convert::ErrorMode::Latin1),
            ("--errors=ISO-8859-1", convert::ErrorMode::Latin1),
            ("--errors=cp1252", convert::ErrorMode::Cp1252),
            ("--errors=windows-1252", convert::ErrorMode::Cp1252),
            ("--errors=replace", convert::ErrorMode::Replace),
            ("-c", convert::ErrorMode::Ignore),
        ] {
            let mut args = base.to_vec();
            args.insert(1, flag);
            assert_eq!(mode(&args), want, "{flag}");
        }
        assert_eq!(mode(&base), convert::ErrorMode::Strict);
        assert_eq!(
            mode(&["convert", "-f", "utf8", "-t", "UTF-16LE//IGNORE"]),
            convert::ErrorMode::Ignore
        );
        assert_eq!(
            mode(&["convert", "-c", "--errors=ignore", "-f", "utf8", "-t", "utf8"]),
            convert::ErrorMode::Ignore
        );
        assert!(
            matches!(parse_strs(&["convert", "-l"]), Ok(Command::Help(t)) if t.contains("UTF-16LE"))
        );
    }

    #[test]
    fn usage_errors() {
        for bad in [
            &["frobnicate"][..],
            &[],
            &["convert", "-t", "utf-8"],
            &["convert", "-f", "latin2", "-t", "utf-8"],
            &["convert", "--errors=latin1", "-f", "latin1", "-t", "utf-8"],
            &["convert", "-f", "cesu-8", "-t", "cp1252"],
            &["convert", "--errors=surrogateescape", "-f", "utf8", "-t", "latin1"],
            &["convert", "--bom=add", "-f", "utf8", "-t", "cp1252"],
            &["validate", "--encoding", "latin1"],
            &["convert", "-f", "utf8", "-t", "utf-8", "a", "b"],
            &["convert", "--errors=fancy", "-f", "utf8", "-t", "utf8"],
            &["convert", "--errors=latin1", "-f", "utf-16le", "-t", "utf8"],
            &["convert", "-c", "--errors=replace", "-f", "utf8", "-t", "utf8"],
            &["convert", "-f", "utf8", "-t", "utf-16le//TRANSLIT"],
            &["convert", "--bom=maybe", "-f", "utf8", "-t", "utf8"],
            &["convert", "--bom=strip", "-f", "utf8", "-t", "utf-16"],
            &["convert", "-f", "utf8", "-t", "auto"],
            &["convert", "-f", "utf8", "-t", "utf8mb3"],
            &["convert", "--errors=surrogateescape", "-f", "utf-32le", "-t", "utf8"],
            &["convert", "--errors=surrogateescape", "-f", "utf8", "-t", "utf-32le"],
            &["convert", "--errors=surrogateescape", "-f", "cesu-8", "-t", "utf-16le"],
            &["validate", "--bogus"],
            &["validate", "--encoding"],
            &["bench", "--time", "-1"],
            &["bench", "--time", "abc"],
        ] {
            assert!(parse_strs(bad).is_err(), "{bad:?}");
        }
        let e = parse_strs(&["validate", "-x"]).unwrap_err();
        assert_eq!(e.command, Some("validate"));
        assert!(e.to_string().contains("rapidutf validate --help"), "{e}");
    }

    #[test]
    fn validate_defaults_to_stdin_and_dash_is_stdin() {
        match parse_strs(&["validate", "-ql"]).unwrap() {
            Command::Validate(o) => {
                assert!(o.quiet && o.list);
                assert_eq!(o.files, [InputName::Stdin]);
            }
            other => panic!("{other:?}"),
        }
        match parse_strs(&["validate", "a", "-", "--", "-q"]).unwrap() {
            Command::Validate(o) => {
                assert!(!o.quiet);
                assert_eq!(
                    o.files,
                    [InputName::Path("a".into()), InputName::Stdin, InputName::Path("-q".into())]
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
