//! One operation of one library between two marker calls, for
//! `bench/neon/count.sh`, which runs this program under `qemu-aarch64`
//! with the `insn_count` plugin and the markers' addresses.
//!
//! ```text
//! rapidutf-neon-count LIBRARY OPERATION FILE
//! rapidutf-neon-count --list
//! ```
//!
//! `LIBRARY` is `rapidutf` (its NEON kernel, called directly), `simdutf8`
//! or `simdutf`; `FILE` is a UTF-8 text, converted to the operation's
//! input form (UTF-16LE, UTF-32, Latin-1) before anything is measured.
//! The program calls the operation once to warm it (so that one-time
//! setup, such as a library's choice of kernel, is not counted), then
//! measures an empty region (the harness's own overhead, which the script
//! subtracts) and the operation. It prints the operation's result, which
//! the script compares across libraries, and the input's size in bytes.

use rapidutf::Kernel;
use std::hint::black_box;

/// The start of a measured region: its first instruction is the marker.
/// Not inlined and not `extern "C"`-mangled, so that the script finds it
/// by name; its body differs from [`region_stop`]'s so that the two are
/// never merged into one address.
#[no_mangle]
#[inline(never)]
pub extern "C" fn region_start() {
    // SAFETY: a `nop`, which touches nothing.
    unsafe { core::arch::asm!("nop", options(nomem, nostack, preserves_flags)) }
}

/// The end of a measured region (see [`region_start`]).
#[no_mangle]
#[inline(never)]
pub extern "C" fn region_stop() {
    // SAFETY: two `nop`s, which touch nothing.
    unsafe { core::arch::asm!("nop", "nop", options(nomem, nostack, preserves_flags)) }
}

/// The input of an operation, in the form it reads.
enum Input {
    Utf8(Vec<u8>),
    Str(String),
    Utf16(Vec<u16>),
    Utf32(Vec<u32>),
    Chars(Vec<char>),
}

impl Input {
    fn bytes(&self) -> usize {
        match self {
            Input::Utf8(v) => v.len(),
            Input::Str(v) => v.len(),
            Input::Utf16(v) => 2 * v.len(),
            Input::Utf32(v) => 4 * v.len(),
            Input::Chars(v) => 4 * v.len(),
        }
    }
}

/// `(operation, input form, libraries other than rapidutf)`. The input
/// forms: `utf8`, `str` (valid UTF-8 for a `&str` entry), `utf16le`,
/// `utf32`, `chars`, `latin1` (the text's characters up to U+00FF; the
/// script runs the Latin-1 operations on texts that have only those).
const OPERATIONS: &[(&str, &str, &[&str])] = &[
    ("validate_utf8", "utf8", &["simdutf8"]),
    ("is_valid_utf8", "utf8", &["simdutf8", "simdutf"]),
    ("is_ascii", "utf8", &["simdutf"]),
    ("utf8_to_utf16le", "utf8", &["simdutf"]),
    ("utf16le_to_utf8", "utf16le", &["simdutf"]),
    ("utf8_to_utf32", "utf8", &["simdutf"]),
    ("utf32_to_utf8", "utf32", &["simdutf"]),
    ("utf16le_to_utf32", "utf16le", &["simdutf"]),
    ("utf32_to_utf16le", "utf32", &["simdutf"]),
    ("str_to_utf16le", "str", &["simdutf"]),
    ("str_to_utf32", "str", &["simdutf"]),
    ("chars_to_utf8", "chars", &["simdutf"]),
    ("validate_utf16le", "utf16le", &["simdutf"]),
    ("validate_utf32", "utf32", &["simdutf"]),
    ("count_chars", "utf8", &["simdutf"]),
    ("utf16_len_from_utf8", "utf8", &["simdutf"]),
    ("utf8_len_from_utf16le", "utf16le", &["simdutf"]),
    ("utf8_len_from_utf32", "utf32", &["simdutf"]),
    ("utf16_len_from_utf32", "utf32", &["simdutf"]),
    ("utf32_len_from_utf16le", "utf16le", &["simdutf"]),
    ("latin1_to_utf8", "latin1", &["simdutf"]),
    ("utf8_to_latin1", "utf8", &["simdutf"]),
    ("latin1_to_utf16le", "latin1", &["simdutf"]),
    ("utf16le_to_latin1", "utf16le", &["simdutf"]),
    ("latin1_to_utf32", "latin1", &["simdutf"]),
    ("utf32_to_latin1", "utf32", &["simdutf"]),
    ("utf8_len_from_latin1", "latin1", &["simdutf"]),
];

fn input(form: &str, text: &str) -> Input {
    match form {
        "utf8" => Input::Utf8(text.as_bytes().to_vec()),
        "str" => Input::Str(text.to_owned()),
        "utf16le" => Input::Utf16(text.encode_utf16().map(u16::to_le).collect()),
        "utf32" => Input::Utf32(text.chars().map(u32::from).collect()),
        "chars" => Input::Chars(text.chars().collect()),
        "latin1" => Input::Utf8(
            text.chars()
                .map(|c| u8::try_from(c).unwrap_or_else(|_| panic!("{c:?} is not Latin-1")))
                .collect(),
        ),
        _ => unreachable!("input form {form}"),
    }
}

/// A buffer of `n` zeroed `T`, large enough for any operation's output
/// (4 bytes per input byte, more than any of them writes).
fn out<T: Default + Clone>(n: usize) -> Vec<T> {
    vec![T::default(); n]
}

/// Runs `op` of `lib` on `src` (twice: a warm-up, then between the
/// markers, after an empty region) and returns its result as a number.
/// A conversion's count of units written, or `usize::MAX` on an error.
fn ok<E>(r: Result<usize, E>) -> usize {
    r.unwrap_or(usize::MAX)
}

fn run(lib: &str, op: &str, src: &Input) -> usize {
    // Output buffers, allocated before anything is measured.
    let cap = 4 * src.bytes() + 64;
    let (mut o8, mut o16, mut o32) = (out::<u8>(cap), out::<u16>(cap), out::<u32>(cap));
    let mut call = || -> usize {
        let k = Kernel::Neon;
        match (lib, op, src) {
            ("rapidutf", "validate_utf8", Input::Utf8(s)) => k.validate_utf8(s).map_or(0, str::len),
            ("simdutf8", "validate_utf8", Input::Utf8(s)) => {
                simdutf8::compat::from_utf8(s).map_or(0, str::len)
            }
            ("rapidutf", "is_valid_utf8", Input::Utf8(s)) => usize::from(k.is_valid_utf8(s)),
            ("simdutf8", "is_valid_utf8", Input::Utf8(s)) => {
                usize::from(simdutf8::basic::from_utf8(s).is_ok())
            }
            ("simdutf", "is_valid_utf8", Input::Utf8(s)) => usize::from(simdutf::validate_utf8(s)),
            ("rapidutf", "is_ascii", Input::Utf8(s)) => usize::from(k.is_ascii(s)),
            ("simdutf", "is_ascii", Input::Utf8(s)) => usize::from(simdutf::validate_ascii(s)),
            ("rapidutf", "utf8_to_utf16le", Input::Utf8(s)) => ok(k.utf8_to_utf16le(s, &mut o16)),
            ("rapidutf", "utf16le_to_utf8", Input::Utf16(s)) => ok(k.utf16le_to_utf8(s, &mut o8)),
            ("rapidutf", "utf8_to_utf32", Input::Utf8(s)) => ok(k.utf8_to_utf32(s, &mut o32)),
            ("rapidutf", "utf32_to_utf8", Input::Utf32(s)) => ok(k.utf32_to_utf8(s, &mut o8)),
            ("rapidutf", "utf16le_to_utf32", Input::Utf16(s)) => {
                ok(k.utf16le_to_utf32(s, &mut o32))
            }
            ("rapidutf", "utf32_to_utf16le", Input::Utf32(s)) => {
                ok(k.utf32_to_utf16le(s, &mut o16))
            }
            ("rapidutf", "str_to_utf16le", Input::Str(s)) => ok(k.str_to_utf16le(s, &mut o16)),
            ("rapidutf", "str_to_utf32", Input::Str(s)) => ok(k.str_to_utf32(s, &mut o32)),
            ("rapidutf", "chars_to_utf8", Input::Chars(s)) => ok(k.chars_to_utf8(s, &mut o8)),
            ("rapidutf", "validate_utf16le", Input::Utf16(s)) => {
                usize::from(k.validate_utf16le(s).is_ok())
            }
            ("rapidutf", "validate_utf32", Input::Utf32(s)) => {
                usize::from(k.validate_utf32(s).is_ok())
            }
            ("rapidutf", "count_chars", Input::Utf8(s)) => k.count_chars(s),
            ("rapidutf", "utf16_len_from_utf8", Input::Utf8(s)) => k.utf16_len_from_utf8(s),
            ("rapidutf", "utf8_len_from_utf16le", Input::Utf16(s)) => k.utf8_len_from_utf16le(s),
            ("rapidutf", "utf8_len_from_utf32", Input::Utf32(s)) => k.utf8_len_from_utf32(s),
            ("rapidutf", "utf16_len_from_utf32", Input::Utf32(s)) => k.utf16_len_from_utf32(s),
            ("rapidutf", "utf32_len_from_utf16le", Input::Utf16(s)) => k.utf32_len_from_utf16le(s),
            ("rapidutf", "latin1_to_utf8", Input::Utf8(s)) => ok(k.latin1_to_utf8(s, &mut o8)),
            ("rapidutf", "utf8_to_latin1", Input::Utf8(s)) => ok(k.utf8_to_latin1(s, &mut o8)),
            ("rapidutf", "latin1_to_utf16le", Input::Utf8(s)) => {
                ok(k.latin1_to_utf16le(s, &mut o16))
            }
            ("rapidutf", "utf16le_to_latin1", Input::Utf16(s)) => {
                ok(k.utf16le_to_latin1(s, &mut o8))
            }
            ("rapidutf", "latin1_to_utf32", Input::Utf8(s)) => ok(k.latin1_to_utf32(s, &mut o32)),
            ("rapidutf", "utf32_to_latin1", Input::Utf32(s)) => ok(k.utf32_to_latin1(s, &mut o8)),
            ("rapidutf", "utf8_len_from_latin1", Input::Utf8(s)) => k.utf8_len_from_latin1(s),
            // SAFETY (every simdutf conversion below): the output buffer
            // holds 4 bytes per input byte, more than any conversion
            // writes, and the lengths are the slices' own.
            ("simdutf", "utf8_to_utf16le", Input::Utf8(s)) => unsafe {
                simdutf::convert_utf8_to_utf16le(s.as_ptr(), s.len(), o16.as_mut_ptr())
            },
            ("simdutf", "utf16le_to_utf8", Input::Utf16(s)) => unsafe {
                simdutf::convert_utf16le_to_utf8(s.as_ptr(), s.len(), o8.as_mut_ptr())
            },
            ("simdutf", "utf8_to_utf32", Input::Utf8(s)) => unsafe {
                simdutf::convert_utf8_to_utf32(s.as_ptr(), s.len(), o32.as_mut_ptr())
            },
            ("simdutf", "utf32_to_utf8", Input::Utf32(s)) => unsafe {
                simdutf::convert_utf32_to_utf8(s.as_ptr(), s.len(), o8.as_mut_ptr())
            },
            ("simdutf", "utf16le_to_utf32", Input::Utf16(s)) => unsafe {
                simdutf::convert_utf16le_to_utf32(s.as_ptr(), s.len(), o32.as_mut_ptr())
            },
            ("simdutf", "utf32_to_utf16le", Input::Utf32(s)) => unsafe {
                simdutf::convert_utf32_to_utf16le(s.as_ptr(), s.len(), o16.as_mut_ptr())
            },
            ("simdutf", "str_to_utf16le", Input::Str(s)) => unsafe {
                simdutf::convert_valid_utf8_to_utf16le(s.as_ptr(), s.len(), o16.as_mut_ptr())
            },
            ("simdutf", "str_to_utf32", Input::Str(s)) => unsafe {
                simdutf::convert_valid_utf8_to_utf32(s.as_ptr(), s.len(), o32.as_mut_ptr())
            },
            ("simdutf", "chars_to_utf8", Input::Chars(s)) => unsafe {
                simdutf::convert_valid_utf32_to_utf8(s.as_ptr().cast(), s.len(), o8.as_mut_ptr())
            },
            ("simdutf", "validate_utf16le", Input::Utf16(s)) => {
                usize::from(simdutf::validate_utf16le(s))
            }
            ("simdutf", "validate_utf32", Input::Utf32(s)) => {
                usize::from(simdutf::validate_utf32(s))
            }
            ("simdutf", "count_chars", Input::Utf8(s)) => simdutf::count_utf8(s),
            ("simdutf", "utf16_len_from_utf8", Input::Utf8(s)) => {
                simdutf::utf16_length_from_utf8(s)
            }
            ("simdutf", "utf8_len_from_utf16le", Input::Utf16(s)) => {
                simdutf::utf8_length_from_utf16le(s)
            }
            ("simdutf", "utf8_len_from_utf32", Input::Utf32(s)) => {
                simdutf::utf8_length_from_utf32(s)
            }
            ("simdutf", "utf16_len_from_utf32", Input::Utf32(s)) => {
                simdutf::utf16_length_from_utf32(s)
            }
            ("simdutf", "utf32_len_from_utf16le", Input::Utf16(s)) => {
                simdutf::utf32_length_from_utf16le(s)
            }
            ("simdutf", "latin1_to_utf8", Input::Utf8(s)) => unsafe {
                simdutf::convert_latin1_to_utf8(s.as_ptr(), s.len(), o8.as_mut_ptr())
            },
            ("simdutf", "utf8_to_latin1", Input::Utf8(s)) => unsafe {
                simdutf::convert_utf8_to_latin1(s.as_ptr(), s.len(), o8.as_mut_ptr())
            },
            ("simdutf", "latin1_to_utf16le", Input::Utf8(s)) => unsafe {
                simdutf::convert_latin1_to_utf16le(s.as_ptr(), s.len(), o16.as_mut_ptr())
            },
            ("simdutf", "utf16le_to_latin1", Input::Utf16(s)) => unsafe {
                simdutf::convert_utf16le_to_latin1(s.as_ptr(), s.len(), o8.as_mut_ptr())
            },
            ("simdutf", "latin1_to_utf32", Input::Utf8(s)) => unsafe {
                simdutf::convert_latin1_to_utf32(s.as_ptr(), s.len(), o32.as_mut_ptr())
            },
            ("simdutf", "utf32_to_latin1", Input::Utf32(s)) => unsafe {
                simdutf::convert_utf32_to_latin1(s.as_ptr(), s.len(), o8.as_mut_ptr())
            },
            ("simdutf", "utf8_len_from_latin1", Input::Utf8(s)) => {
                simdutf::utf8_length_from_latin1(s)
            }
            _ => panic!("{lib} has no {op} here"),
        }
    };
    black_box(call());
    region_start();
    region_stop();
    region_start();
    let r = black_box(call());
    region_stop();
    r
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--list") {
        for (op, form, peers) in OPERATIONS {
            println!("{op} {form} {}", peers.join(","));
        }
        return;
    }
    let [lib, op, file] = &args[..] else {
        eprintln!("usage: rapidutf-neon-count LIBRARY OPERATION FILE | --list");
        std::process::exit(2);
    };
    assert!(Kernel::Neon.is_available(), "no NEON kernel on this build or CPU");
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let (_, form, _) = OPERATIONS
        .iter()
        .find(|(name, _, _)| name == op)
        .unwrap_or_else(|| panic!("unknown operation {op}"));
    let src = input(form, &text);
    let result = run(lib, op, &src);
    println!("bytes {} result {result}", src.bytes());
}
