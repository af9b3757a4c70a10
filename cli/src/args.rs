//! The command line: one `clap` definition ([`command`]) from which the
//! parser, the help texts, the man pages and the shell completions all
//! come (`rapidutf generate`), and its translation into each subcommand's
//! options.

use crate::convert::{self, BomMode, ErrorMode};
use crate::encoding::{self, Encoding, NAMES};
use crate::input::InputName;
use crate::progress::Show;
use crate::{bench, count, validate};
use clap::builder::{OsStringValueParser, PossibleValuesParser};
use clap::error::ErrorKind;
use clap::{Arg, ArgAction, ArgMatches, Command as Cli};
use std::ffi::OsString;
use std::path::PathBuf;
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
    /// `rapidutf generate`.
    Generate(Generate),
    /// Print this text (help, version, the encoding list) and exit
    /// successfully.
    Print(String),
}

/// What `rapidutf generate` writes.
#[derive(Debug, PartialEq, Eq)]
pub enum Generate {
    /// The man pages, one per command, into a directory.
    Man(PathBuf),
    /// A shell's completion script, to standard output.
    Completions(clap_complete::Shell),
}

/// A usage error, rendered as clap renders them (with the usage line),
/// starting `rapidutf:`.
#[derive(Debug)]
pub struct UsageError(pub String);

const ABOUT: &str = "Validate, convert and count Unicode text at memory speed";

const AFTER_HELP: &str = "\
Encodings: utf-8, utf-16le, utf-16be, utf-16, utf-32le, utf-32be, utf-32, ucs-2,
ucs-4 (and their le/be forms), latin1 (iso-8859-1), cp1252 (windows-1252), ascii,
cesu-8, mutf-8, wtf-8, utf8mb3 (input only), auto (input only); 'rapidutf convert -l'
lists them with their other names.

Exit status: 0 success, 1 invalid input (or input dropped by -c/ignore),
2 usage or I/O error. 'rapidutf help COMMAND' shows a command's manual.";

const VALIDATE_ABOUT: &str =
    "Check that files are valid UTF-8 (or UTF-16/32, CESU-8, ...), like isutf8";

const VALIDATE_AFTER: &str = "\
With no FILE, or when FILE is -, read standard input. For each invalid
input, print one line:

  FILE: line L, char C, byte B: MESSAGE

L is the 1-based line, C the 1-based column in characters within that line,
B the 0-based byte offset in the input (a BOM included), and MESSAGE what
is wrong: the offending byte (or 16/32-bit unit) and what was allowed at
that point, e.g. after E0 the 2nd byte must be A0..BF (RFC 3629). Standard
input is named (standard input). File names are printed as they are, byte
for byte, even when they are not UTF-8. A leading UTF-8 BOM is valid UTF-8;
it counts in byte offsets but not in the character column.

With -v, each report is followed by the bytes around the error in hex,
from the offset shown, with carets under the offending bytes:

  f.txt: line 1, char 4, byte 3: ...: after E0 the 2nd byte must be A0..BF, found 80
    00000000: 61 62 63 E0 80 64
                       ^^^^^

Encodings (--encoding): utf-8 (the default), utf-16le, utf-16be, utf-16,
utf-32le, utf-32be, utf-32 (utf-16/utf-32 honour a BOM and are in the
machine's byte order without one, as glibc iconv); auto (UTF-8/16/32 by the
BOM; without one, detected: valid UTF-8, else UTF-16/32 by validity and
unit pattern, else checked as UTF-8); cesu-8, mutf-8 (modified-utf-8, java),
wtf-8, utf8mb3.

Exit status: 0 if every input is valid, 1 if one is not, 2 on usage or I/O errors.";

const CONVERT_ABOUT: &str = "Convert text between Unicode and 8-bit encodings, like iconv";

const CONVERT_AFTER: &str = "\
With no FILE, or when FILE is -, read standard input. Several inputs are
converted one after the other, each as a text of its own (a BOM is read and
written per input), and the outputs follow each other, as in iconv. Input is
read in windows of 4 MiB: memory use is bounded whatever its size.

Encodings (case-insensitive, '-' and '_' optional): utf-8, utf-16le, utf-16be,
utf-16, utf-32le, utf-32be, utf-32, ucs-2, ucs-2le, ucs-2be, ucs-4 (big-endian),
ucs-4le, ucs-4be, latin1 (iso-8859-1, l1), cp1252 (windows-1252), ascii
(us-ascii), cesu-8, mutf-8 (modified-utf-8, java), wtf-8; input only: auto,
utf8mb3. 'rapidutf convert -l' lists them with all their names.

-t accepts iconv's suffixes: TO//IGNORE (as -c) and TO//TRANSLIT, which writes
a character that a latin1, cp1252, ascii or ucs-2 output lacks as its
transliteration (quotes, dashes and spaces to their ASCII forms, ligatures
spelt out, accented letters to their base letter, ...; the manual lists the
table) or, without one, as '?'. TO//TRANSLIT//IGNORE combines both.

Byte order, as glibc iconv: on input, utf-16 and utf-32 honour a BOM and drop
it, and without one read the machine's byte order; auto picks UTF-8, UTF-16
or UTF-32 by the BOM, else detects it from the first 4 MiB (valid UTF-8, else
UTF-16/UTF-32 where validity and the zero bytes of the units say so, else
cp1252). On output, utf-16 and utf-32 are in the machine's byte order after a
BOM. The other names keep a BOM as a character, unless --bom says otherwise.

Errors: in strict mode (the default), invalid input stops the conversion at
once, with status 1 and a message naming the input, the line, the column
(in characters), the byte offset and the offending bytes:

  rapidutf: in.txt: line 3, char 7, byte 52: illegal input sequence: invalid
  byte FF (C0, C1 and F5..FF never appear in UTF-8), expected 00..7F or C2..F4

Input that ends inside a character is an 'incomplete character' at its
position; a character the output lacks is 'cannot convert U+20AC to latin1'.
With -c, //IGNORE, --errors=replace and the like, the number of sequences
dropped or replaced is reported on stderr (not with -q or -s); -c and
//IGNORE exit with status 1 when they dropped something, as POSIX asks of
iconv -c.

Output:
  To standard output, a pipe, a FIFO or a device, the output is written as
  it is produced. When the conversion stops (invalid input, a read error),
  everything before the offending sequence has been written, and nothing
  after it. Output that would be one of the inputs (by any path or
  descriptor: 'f >> f', '> f' with f an input) is refused before anything
  is read or written.

  -o FILE writes FILE itself, never replacing it: the output goes to a
  temporary file without a name (beside FILE, else in $TMPDIR), and only
  when the conversion succeeded is it copied into FILE, after the space was
  reserved. FILE keeps its inode, hard links, owner, group, mode, ACLs and
  extended attributes, and may be one of the inputs (converting in place).
  A conversion that fails leaves FILE as it was and says so. A new FILE
  appears complete or not at all. -o - is standard output.

  Signals: nothing the tool creates has a name before it is complete, so
  SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGXFSZ end it as they end any
  program (leaving nothing behind), and signals ignored at start (nohup,
  background jobs) stay ignored. Only the final copy into FILE holds them
  back until it is done.";

const COUNT_ABOUT: &str = "Count bytes, code points and UTF-16 units of UTF-8 files";

const COUNT_AFTER: &str = "\
With no FILE, or when FILE is -, read standard input. Prints one row per
valid input (and a total row for several), under the header

  bytes  chars  utf16  file

An invalid input is reported on stderr (FILE: line L, char C, byte B:
MESSAGE), left out of the table, and makes the exit status 1.";

const BENCH_ABOUT: &str = "Measure the throughput of every available kernel";

const BENCH_AFTER: &str = "\
Without FILE, uses a sample corpus the binary generates (64 KiB each of
Latin, Russian, Arabic, Chinese and emoji text). Measures validate_utf8 and
is_valid_utf8 per kernel, utf8_to_utf16 and count_chars through dispatch, and core::str::from_utf8, encode_utf16 and chars().count()
for reference, in GB/s. Prints a table per input and the geometric means.";

const GENERATE_ABOUT: &str = "Write the man pages or print a shell's completion script";

const GENERATE_AFTER: &str = "\
'rapidutf generate man DIR' writes rapidutf.1 and one page per command
(rapidutf-convert.1, ...) into DIR; 'rapidutf generate bash' (zsh, fish,
elvish, powershell) prints the completion script, for example

  rapidutf generate bash > /etc/bash_completion.d/rapidutf";

/// The `--progress`/`--no-progress` pair, for the commands that read
/// inputs.
fn progress_args(cmd: Cli) -> Cli {
    cmd.arg(
        Arg::new("progress")
            .long("progress")
            .action(ArgAction::SetTrue)
            .overrides_with("no-progress")
            .help("Show a progress bar for every input of known size, wherever stderr goes"),
    )
    .arg(
        Arg::new("no-progress")
            .long("no-progress")
            .action(ArgAction::SetTrue)
            .help("Never show a progress bar (by default: inputs over 256 MiB, on a terminal)"),
    )
}

fn files_arg(help: &'static str) -> Arg {
    Arg::new("files")
        .value_name("FILE")
        .action(ArgAction::Append)
        .value_parser(OsStringValueParser::new())
        .value_hint(clap::ValueHint::FilePath)
        .help(help)
}

fn encoding_parser(value: &str) -> Result<Encoding, String> {
    Encoding::parse(value)
        .ok_or_else(|| format!("unsupported encoding '{value}' (expected {NAMES})"))
}

/// `-t`'s value: an encoding and iconv's `//TRANSLIT` and `//IGNORE`
/// suffixes, in any order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ToCode {
    encoding: Encoding,
    translit: bool,
    ignore: bool,
}

fn to_code_parser(value: &str) -> Result<ToCode, String> {
    let mut parts = value.split("//");
    let name = parts.next().unwrap_or_default();
    let (mut translit, mut ignore) = (false, false);
    for suffix in parts {
        match suffix.to_ascii_uppercase().as_str() {
            "TRANSLIT" => translit = true,
            "IGNORE" => ignore = true,
            // `UTF-8//` is a plain name to iconv.
            "" => {}
            _ => {
                return Err(format!(
                    "unsupported suffix '//{suffix}' (expected //TRANSLIT or //IGNORE)"
                ))
            }
        }
    }
    Ok(ToCode { encoding: encoding_parser(name)?, translit, ignore })
}

fn errors_parser(value: &str) -> Result<ErrorMode, String> {
    Ok(match (value, value.parse::<rapidutf::ErrorStrategy>()) {
        ("strict", _) => ErrorMode::Strict,
        ("surrogateescape", _) => ErrorMode::SurrogateEscape,
        (_, Ok(rapidutf::ErrorStrategy::Replace)) => ErrorMode::Replace,
        (_, Ok(rapidutf::ErrorStrategy::Ignore)) => ErrorMode::Ignore,
        (_, Ok(rapidutf::ErrorStrategy::Latin1)) => ErrorMode::Latin1,
        (_, Ok(rapidutf::ErrorStrategy::Windows1252)) => ErrorMode::Cp1252,
        _ => {
            return Err(format!(
                "invalid mode '{value}' (expected strict, replace, surrogateescape, ignore, \
                 latin1 or cp1252)"
            ))
        }
    })
}

fn seconds_parser(value: &str) -> Result<Duration, String> {
    match value.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 3600.0 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("invalid time '{value}' (expected seconds, e.g. 0.2)")),
    }
}

/// The whole command line: the one definition that the parser, the help
/// texts, the man pages and the completions come from.
pub fn command() -> Cli {
    let validate = Cli::new("validate")
        .about(VALIDATE_ABOUT)
        .after_long_help(VALIDATE_AFTER)
        .arg(
            Arg::new("quiet")
                .short('q')
                .long("quiet")
                .action(ArgAction::SetTrue)
                .help("Print nothing (no progress bar either); only the exit status tells"),
        )
        .arg(
            Arg::new("list")
                .short('l')
                .long("list")
                .visible_alias("list-only")
                .action(ArgAction::SetTrue)
                .help("Print only the names of invalid inputs"),
        )
        .arg(
            Arg::new("invert")
                .short('i')
                .long("invert")
                .action(ArgAction::SetTrue)
                .help("Print the names of valid inputs instead (with -l or alone)"),
        )
        .arg(
            Arg::new("null")
                .short('0')
                .long("null")
                .action(ArgAction::SetTrue)
                .help("End each name that -l or -i prints with a NUL byte, not a newline"),
        )
        .arg(
            Arg::new("verbose")
                .short('v')
                .long("verbose")
                .action(ArgAction::SetTrue)
                .help("Also show the bytes around each error, in hex"),
        )
        .arg(
            Arg::new("encoding")
                .long("encoding")
                .value_name("ENC")
                .default_value("utf-8")
                .value_parser(encoding_parser)
                .help("The encoding to check"),
        )
        .arg(files_arg("Inputs (standard input when none, or -)"));
    let convert = Cli::new("convert")
        .about(CONVERT_ABOUT)
        .after_long_help(CONVERT_AFTER)
        .arg(
            Arg::new("from")
                .short('f')
                .long("from-code")
                .value_name("FROM")
                .required_unless_present("list")
                .value_parser(encoding_parser)
                .help("The input encoding"),
        )
        .arg(
            Arg::new("to")
                .short('t')
                .long("to-code")
                .value_name("TO")
                .required_unless_present("list")
                .value_parser(to_code_parser)
                .help("The output encoding, with iconv's //TRANSLIT and //IGNORE suffixes"),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .long("output")
                .value_name("OUT")
                .value_parser(OsStringValueParser::new())
                .value_hint(clap::ValueHint::FilePath)
                .help("Write OUT (which keeps its inode, owner and mode) instead of standard output; - is standard output"),
        )
        .arg(
            Arg::new("errors")
                .long("errors")
                .value_name("MODE")
                .value_parser(errors_parser)
                .help("Invalid input: strict (stop, the default), replace (U+FFFD, '?' in 8-bit \
                       output), ignore (drop), latin1 or cp1252 (decode its bytes so), \
                       surrogateescape (PEP 383)"),
        )
        .arg(
            Arg::new("ignore")
                .short('c')
                .action(ArgAction::SetTrue)
                .help("Drop invalid input and characters the output lacks (--errors=ignore)"),
        )
        .arg(
            Arg::new("bom")
                .long("bom")
                .value_name("MODE")
                .value_parser(PossibleValuesParser::new(["keep", "strip", "add"]))
                .help("keep: a BOM if the input had one; strip: never; add: always [default: by \
                       the encoding names, as iconv]"),
        )
        .arg(
            Arg::new("quiet")
                .short('q')
                .long("quiet")
                .action(ArgAction::SetTrue)
                .help("Report no count of dropped or replaced sequences, and no progress bar"),
        )
        .arg(
            Arg::new("silent")
                .short('s')
                .long("silent")
                .action(ArgAction::SetTrue)
                .help("Same as -q (iconv's spelling)"),
        )
        .arg(
            Arg::new("list")
                .short('l')
                .long("list")
                .action(ArgAction::SetTrue)
                .exclusive(true)
                .help("List the encodings and exit"),
        )
        .arg(files_arg("Inputs, converted one after the other (standard input when none, or -)"));
    let count = Cli::new("count")
        .about(COUNT_ABOUT)
        .after_long_help(COUNT_AFTER)
        .arg(files_arg("Inputs (standard input when none, or -)"));
    let bench = Cli::new("bench")
        .about(BENCH_ABOUT)
        .after_long_help(BENCH_AFTER)
        .arg(
            Arg::new("time")
                .long("time")
                .value_name("SECONDS")
                .default_value("0.2")
                .value_parser(seconds_parser)
                .help("Time budget per measurement"),
        )
        .arg(files_arg("Inputs to measure (the built-in corpus when none)"));
    let generate = Cli::new("generate")
        .about(GENERATE_ABOUT)
        .after_long_help(GENERATE_AFTER)
        .arg(
            Arg::new("what")
                .value_name("WHAT")
                .required(true)
                .value_parser(PossibleValuesParser::new([
                    "man",
                    "bash",
                    "zsh",
                    "fish",
                    "elvish",
                    "powershell",
                ]))
                .help("man, or the shell to complete for"),
        )
        .arg(
            Arg::new("dir")
                .value_name("DIR")
                .value_parser(OsStringValueParser::new())
                .value_hint(clap::ValueHint::DirPath)
                .required_if_eq("what", "man")
                .help("Where the man pages go"),
        );
    Cli::new("rapidutf")
        .version(env!("CARGO_PKG_VERSION"))
        .about(ABOUT)
        .after_help(AFTER_HELP)
        .propagate_version(true)
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(progress_args(validate))
        .subcommand(progress_args(convert))
        .subcommand(progress_args(count))
        .subcommand(bench)
        .subcommand(generate)
}

/// Parses the process arguments.
///
/// # Errors
///
/// A [`UsageError`] for anything the tool does not accept.
pub fn parse_env() -> Result<Command, UsageError> {
    parse_from(std::env::args_os())
}

/// Parses arguments (the program name first).
///
/// # Errors
///
/// A [`UsageError`] for anything the tool does not accept.
pub fn parse_from<I: IntoIterator<Item = OsString>>(args: I) -> Result<Command, UsageError> {
    let mut cli = command();
    let matches = match cli.try_get_matches_from_mut(args) {
        Ok(m) => m,
        // Help and version are no errors: clap hands them over as such.
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let mut text = e.render().to_string();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            return Ok(Command::Print(text));
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            return Err(UsageError(e.render().to_string()));
        }
        Err(e) => return Err(usage(e)),
    };
    let (name, sub) = matches.subcommand().expect("clap requires a subcommand");
    let mut sub_cli = cli.find_subcommand_mut(name).expect("a defined subcommand").clone();
    let command = match name {
        "validate" => validate_options(sub),
        "convert" => convert_options(sub),
        "count" => Ok(Command::Count(count::Options { files: files(sub), show: show(sub, false) })),
        "bench" => Ok(Command::Bench(bench::Options {
            files: sub
                .get_many::<OsString>("files")
                .into_iter()
                .flatten()
                .map(PathBuf::from)
                .collect(),
            time: *sub.get_one::<Duration>("time").expect("a default"),
        })),
        "generate" => Ok(Command::Generate(generate_options(sub))),
        _ => unreachable!("clap knows only the subcommands above"),
    };
    command.map_err(|message| usage(sub_cli.error(ErrorKind::ArgumentConflict, message)))
}

/// A clap error as this tool words its messages.
fn usage(e: clap::Error) -> UsageError {
    let text = e.render().to_string();
    UsageError(match text.strip_prefix("error: ") {
        Some(rest) => format!("rapidutf: {rest}"),
        None => text,
    })
}

fn files(m: &ArgMatches) -> Vec<InputName> {
    let files: Vec<InputName> = m
        .get_many::<OsString>("files")
        .into_iter()
        .flatten()
        .cloned()
        .map(InputName::from_arg)
        .collect();
    if files.is_empty() {
        vec![InputName::Stdin]
    } else {
        files
    }
}

fn flag(m: &ArgMatches, id: &str) -> bool {
    m.get_flag(id)
}

fn show(m: &ArgMatches, quiet: bool) -> Show {
    if quiet || flag(m, "no-progress") {
        Show::Never
    } else if flag(m, "progress") {
        Show::Always
    } else {
        Show::Auto
    }
}

fn generate_options(m: &ArgMatches) -> Generate {
    use clap_complete::Shell;
    match m.get_one::<String>("what").map(String::as_str) {
        Some("man") => {
            Generate::Man(m.get_one::<OsString>("dir").cloned().unwrap_or_default().into())
        }
        Some("zsh") => Generate::Completions(Shell::Zsh),
        Some("fish") => Generate::Completions(Shell::Fish),
        Some("elvish") => Generate::Completions(Shell::Elvish),
        Some("powershell") => Generate::Completions(Shell::PowerShell),
        _ => Generate::Completions(Shell::Bash),
    }
}

fn validate_options(m: &ArgMatches) -> Result<Command, String> {
    let encoding = *m.get_one::<Encoding>("encoding").expect("a default");
    if let Encoding::Legacy(_) | Encoding::Ucs2(_) | Encoding::Ucs4(_) = encoding {
        return Err(format!(
            "validate checks the Unicode encodings; convert {encoding} input instead \
             (rapidutf convert -f {encoding} -t utf-8 FILE > /dev/null)"
        ));
    }
    let (list, invert, null) = (flag(m, "list"), flag(m, "invert"), flag(m, "null"));
    if null && !list && !invert {
        return Err("-0 ends the names that -l or -i print: use it with one of them".into());
    }
    let quiet = flag(m, "quiet");
    Ok(Command::Validate(validate::Options {
        files: files(m),
        quiet,
        list,
        invert,
        null,
        encoding,
        verbose: flag(m, "verbose"),
        show: show(m, quiet),
    }))
}

fn convert_options(m: &ArgMatches) -> Result<Command, String> {
    if flag(m, "list") {
        return Ok(Command::Print(encoding::LIST.to_owned()));
    }
    let from = *m.get_one::<Encoding>("from").expect("required");
    let to_code = *m.get_one::<ToCode>("to").expect("required");
    let to = to_code.encoding;
    let given = m.get_one::<ErrorMode>("errors").copied();
    // `-c` and `//IGNORE` mean `--errors=ignore`, unless `--errors` says
    // something else (then they conflict).
    let ignore = flag(m, "ignore") || to_code.ignore;
    let errors = match given {
        Some(e) if ignore && e != ErrorMode::Ignore => {
            let what = if flag(m, "ignore") { "-c" } else { "//IGNORE" };
            return Err(format!("{what} conflicts with --errors (it means --errors=ignore)"));
        }
        Some(e) => e,
        None if ignore => ErrorMode::Ignore,
        None => ErrorMode::Strict,
    };
    let bom = match m.get_one::<String>("bom").map(String::as_str) {
        Some("keep") => BomMode::Keep,
        Some("strip") => BomMode::Strip,
        Some("add") => BomMode::Add,
        _ => BomMode::Default,
    };
    let legacy = |e| matches!(e, Encoding::Legacy(_));
    // Outputs that lack characters: what //TRANSLIT applies to.
    let narrow = |e| legacy(e) || matches!(e, Encoding::Ucs2(_));
    if matches!(errors, ErrorMode::Latin1 | ErrorMode::Cp1252)
        && !matches!(from, Encoding::Utf8 | Encoding::Derived(_))
    {
        return Err(format!(
            "--errors=latin1 and --errors=cp1252 decode invalid bytes: the input must be \
             UTF-8 or a derivative, not {from}"
        ));
    }
    if matches!(from, Encoding::Derived(_)) && (narrow(from) || narrow(to)) {
        return Err(format!("convert {from} to utf-8 first: no direct conversion to {to}"));
    }
    if narrow(to) && errors == ErrorMode::SurrogateEscape {
        return Err(format!("--errors=surrogateescape does not apply to {to} output"));
    }
    if legacy(to) && matches!(bom, BomMode::Add | BomMode::Keep) {
        return Err(format!("{to} has no byte-order mark (--bom=add or keep)"));
    }
    if !to.is_output() {
        return Err(format!("'{to}' is an input encoding only"));
    }
    if bom == BomMode::Strip && matches!(to, Encoding::Utf16Bom | Encoding::Utf32Bom) {
        return Err(format!(
            "--bom=strip with -t {to}, which always has a BOM (name the byte order: {to}le/{to}be)"
        ));
    }
    if errors == ErrorMode::SurrogateEscape {
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
    let quiet = flag(m, "quiet") || flag(m, "silent");
    let output = m.get_one::<OsString>("output").filter(|o| *o != "-").map(PathBuf::from);
    Ok(Command::Convert(convert::Options {
        from,
        to,
        output,
        inputs: files(m),
        errors,
        translit: to_code.translit,
        bom,
        quiet,
        show: show(m, quiet),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::Order;

    fn parse_strs(args: &[&str]) -> Result<Command, UsageError> {
        parse_from(std::iter::once("rapidutf").chain(args.iter().copied()).map(OsString::from))
    }

    fn convert_opts(args: &[&str]) -> convert::Options {
        match parse_strs(args) {
            Ok(Command::Convert(o)) => o,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn the_definition_is_consistent() {
        command().debug_assert();
    }

    #[test]
    fn convert_accepts_iconv_spellings() {
        let o =
            convert_opts(&["convert", "-fUTF8", "--to-code=UTF-16BE", "-o", "out", "in", "in2"]);
        assert_eq!(
            o,
            convert::Options {
                from: Encoding::Utf8,
                to: Encoding::Utf16(Order::Be),
                output: Some("out".into()),
                inputs: vec![InputName::Path("in".into()), InputName::Path("in2".into())],
                errors: ErrorMode::Strict,
                translit: false,
                bom: BomMode::Default,
                quiet: false,
                show: Show::Auto,
            }
        );
        let o = convert_opts(&["convert", "--errors", "replace", "-f", "utf-16", "-t", "utf-8"]);
        assert_eq!((o.errors, &o.inputs[..]), (ErrorMode::Replace, &[InputName::Stdin][..]));
        // `-o -` is standard output; -s is -q.
        let o = convert_opts(&["convert", "-s", "-f", "utf8", "-t", "ascii//TRANSLIT", "-o", "-"]);
        assert_eq!((o.output, o.quiet, o.translit), (None, true, true));
        assert_eq!((o.to, o.show), (Encoding::Legacy(encoding::Legacy::Ascii), Show::Never));
        let o = convert_opts(&["convert", "-f", "utf8", "-t", "latin1//TRANSLIT//IGNORE"]);
        assert_eq!((o.errors, o.translit), (ErrorMode::Ignore, true));
    }

    #[test]
    fn error_modes_and_iconv_spellings() {
        let base = ["convert", "-f", "utf8", "-t", "utf-16le"];
        for (flag, want) in [
            ("--errors=ignore", ErrorMode::Ignore),
            ("--errors=latin1", ErrorMode::Latin1),
            ("--errors=ISO-8859-1", ErrorMode::Latin1),
            ("--errors=cp1252", ErrorMode::Cp1252),
            ("--errors=windows-1252", ErrorMode::Cp1252),
            ("--errors=replace", ErrorMode::Replace),
            ("-c", ErrorMode::Ignore),
        ] {
            let mut args = base.to_vec();
            args.insert(1, flag);
            assert_eq!(convert_opts(&args).errors, want, "{flag}");
        }
        assert_eq!(convert_opts(&base).errors, ErrorMode::Strict);
        assert_eq!(
            convert_opts(&["convert", "-f", "utf8", "-t", "UTF-16LE//IGNORE"]).errors,
            ErrorMode::Ignore
        );
        assert_eq!(
            convert_opts(&["convert", "-c", "--errors=ignore", "-f", "utf8", "-t", "utf8"]).errors,
            ErrorMode::Ignore
        );
        assert!(
            matches!(parse_strs(&["convert", "-l"]), Ok(Command::Print(t)) if t.contains("UTF-16LE"))
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
            &["convert", "-f", "cesu-8", "-t", "ucs-2"],
            &["convert", "--errors=surrogateescape", "-f", "utf8", "-t", "latin1"],
            &["convert", "--bom=add", "-f", "utf8", "-t", "cp1252"],
            &["convert", "--bom=add", "-f", "utf8", "-t", "ascii"],
            &["validate", "--encoding", "latin1"],
            &["validate", "--encoding", "ucs-2"],
            &["validate", "-0"],
            &["convert", "--errors=fancy", "-f", "utf8", "-t", "utf8"],
            &["convert", "--errors=latin1", "-f", "utf-16le", "-t", "utf8"],
            &["convert", "-c", "--errors=replace", "-f", "utf8", "-t", "utf8"],
            &["convert", "-f", "utf8", "-t", "utf-16le//FANCY"],
            &["convert", "--bom=maybe", "-f", "utf8", "-t", "utf8"],
            &["convert", "--bom=strip", "-f", "utf8", "-t", "utf-16"],
            &["convert", "-f", "utf8", "-t", "auto"],
            &["convert", "-f", "utf8", "-t", "utf8mb3"],
            &["convert", "-l", "-f", "utf8"],
            &["convert", "--errors=surrogateescape", "-f", "utf-32le", "-t", "utf8"],
            &["convert", "--errors=surrogateescape", "-f", "utf8", "-t", "utf-32le"],
            &["convert", "--errors=surrogateescape", "-f", "cesu-8", "-t", "utf-16le"],
            &["validate", "--bogus"],
            &["validate", "--encoding"],
            &["bench", "--time", "-1"],
            &["bench", "--time", "abc"],
            &["generate", "man"],
            &["generate", "tcsh"],
        ] {
            assert!(parse_strs(bad).is_err(), "{bad:?}");
        }
        let e = parse_strs(&["validate", "-x"]).unwrap_err();
        assert!(e.0.starts_with("rapidutf: ") && e.0.contains("--help"), "{}", e.0);
        let e = parse_strs(&["convert", "-c", "--errors=replace", "-f", "utf8", "-t", "utf8"]);
        let e = e.unwrap_err().0;
        assert!(e.contains("-c conflicts with --errors") && e.contains("rapidutf convert"), "{e}");
    }

    #[test]
    fn help_version_and_generate() {
        let help = |args: &[&str]| match parse_strs(args) {
            Ok(Command::Print(t)) => t,
            other => panic!("{args:?}: {other:?}"),
        };
        assert!(help(&["help", "convert"]).contains("Usage: rapidutf convert"));
        assert!(help(&["convert", "--help"]).contains("//TRANSLIT"));
        assert!(help(&["--help"]).contains("latin1"));
        for args in [&["--version"][..], &["convert", "--version"], &["validate", "-V"]] {
            assert!(help(args).contains(env!("CARGO_PKG_VERSION")), "{args:?}");
        }
        assert_eq!(
            parse_strs(&["generate", "man", "d"]).unwrap(),
            Command::Generate(Generate::Man("d".into()))
        );
        assert_eq!(
            parse_strs(&["generate", "zsh"]).unwrap(),
            Command::Generate(Generate::Completions(clap_complete::Shell::Zsh))
        );
    }

    #[test]
    fn validate_defaults_to_stdin_and_dash_is_stdin() {
        match parse_strs(&["validate", "-ql"]).unwrap() {
            Command::Validate(o) => {
                assert!(o.quiet && o.list && o.show == Show::Never);
                assert_eq!(o.files, [InputName::Stdin]);
            }
            other => panic!("{other:?}"),
        }
        match parse_strs(&["validate", "-l0", "a", "-", "--", "-q"]).unwrap() {
            Command::Validate(o) => {
                assert!(!o.quiet && o.null);
                assert_eq!(
                    o.files,
                    [InputName::Path("a".into()), InputName::Stdin, InputName::Path("-q".into())]
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn file_names_need_not_be_utf8() {
        use std::os::unix::ffi::OsStringExt;
        let raw = OsString::from_vec(b"caf\xE9.txt".to_vec());
        let args = ["rapidutf", "validate"].map(OsString::from).into_iter().chain([raw.clone()]);
        match parse_from(args).unwrap() {
            Command::Validate(o) => assert_eq!(o.files, [InputName::Path(raw.into())]),
            other => panic!("{other:?}"),
        }
    }
}
