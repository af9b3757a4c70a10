//! The hand-written header `include/rapidutf.h` against this crate's
//! source: the same exported functions with compatible signatures
//! (parameter names too), the same result struct (field order and types),
//! and the same constants with the same values.
//!
//! Both sides are parsed as text, so the test needs no C compiler; the C
//! and C++ programs in `tests/c/` then check the layout from the C side.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// A function: parameters as `(name, C type)`, and the C return type.
#[derive(Debug, PartialEq, Eq)]
struct Sig {
    params: Vec<(String, String)>,
    ret: String,
}

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    match fs::read_to_string(manifest_dir().join(rel)) {
        Ok(s) => s,
        Err(e) => panic!("reading {rel}: {e}"),
    }
}

/// Every `.rs` file under `src/`, concatenated.
fn rust_source() -> String {
    let mut paths: Vec<_> = match fs::read_dir(manifest_dir().join("src")) {
        Ok(d) => d.filter_map(|e| e.ok()).map(|e| e.path()).collect(),
        Err(e) => panic!("listing src/: {e}"),
    };
    paths.sort();
    let mut all = String::new();
    for p in paths.iter().filter(|p| p.extension().is_some_and(|x| x == "rs")) {
        all.push_str(&fs::read_to_string(p).unwrap_or_default());
        all.push('\n');
    }
    all
}

/// Collapses runs of whitespace and puts no space before a `*` and one
/// after it, so `const uint8_t *src` and `const uint8_t* src` compare
/// equal.
fn normalize(t: &str) -> String {
    let t = t.replace('*', " * ");
    let words: Vec<&str> = t.split_whitespace().collect();
    words.join(" ").replace(" *", "*")
}

/// A Rust parameter or return type, as the C type it must be declared as.
fn c_type(rust: &str) -> String {
    let rust = rust.split_whitespace().collect::<Vec<_>>().join(" ");
    let (prefix, base) = if let Some(b) = rust.strip_prefix("*const ") {
        ("const ", Some(b))
    } else if let Some(b) = rust.strip_prefix("*mut ") {
        ("", Some(b))
    } else {
        ("", None)
    };
    let scalar = |t: &str| -> String {
        match t {
            "u8" => "uint8_t",
            "u16" => "uint16_t",
            "u32" => "uint32_t",
            "u64" => "uint64_t",
            "i32" => "int32_t",
            "i64" => "int64_t",
            "RapidutfChar16" => "rapidutf_char16",
            "RapidutfChar32" => "rapidutf_char32",
            "usize" => "size_t",
            "bool" => "bool",
            "c_char" => "char",
            "RapidutfResult" => "rapidutf_result",
            other => panic!("no C mapping for the Rust type `{other}`"),
        }
        .to_string()
    };
    match base {
        // Byte buffers are `char *` in C, so that string data passes
        // without a cast: the same size, alignment and calling convention
        // as `uint8_t *`, and the Rust side reads the bytes as `u8`.
        Some("u8") => normalize(&format!("{prefix}char*")),
        Some(b) => normalize(&format!("{prefix}{}*", scalar(b))),
        None => scalar(&rust),
    }
}

/// `pub [unsafe] extern "C" fn name(params) -> ret` items of the crate.
fn rust_functions(src: &str) -> BTreeMap<String, Sig> {
    let mut out = BTreeMap::new();
    let mut rest = src;
    while let Some(at) = rest.find("extern \"C\" fn ") {
        let before = &rest[..at];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let lead = before[line_start..].trim();
        rest = &rest[at + "extern \"C\" fn ".len()..];
        assert!(lead == "pub" || lead == "pub unsafe", "non-public extern fn: `{lead}`");
        let open = rest.find('(').expect("(");
        let name = rest[..open].trim().to_string();
        let close = rest.find(')').expect(")");
        let params = rest[open + 1..close]
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (n, t) = p.split_once(':').unwrap_or_else(|| panic!("parameter `{p}`"));
                (n.trim().to_string(), c_type(t))
            })
            .collect();
        let body = rest.find('{').expect("{");
        let ret = rest[close + 1..body].trim();
        let ret = match ret.strip_prefix("->") {
            Some(t) => c_type(t.trim()),
            None => "void".to_string(),
        };
        assert!(out.insert(name.clone(), Sig { params, ret }).is_none(), "{name} twice");
        rest = &rest[body..];
    }
    out
}

/// The header without its comments.
fn header_code() -> String {
    let h = read("include/rapidutf.h");
    let mut out = String::new();
    let mut rest = h.as_str();
    while let Some(i) = rest.find("/*") {
        out.push_str(&rest[..i]);
        let end = rest[i..].find("*/").expect("unterminated comment");
        rest = &rest[i + end + 2..];
    }
    out.push_str(rest);
    out
}

/// Function prototypes of the header: declarations that end in `);`.
fn header_functions(code: &str) -> BTreeMap<String, Sig> {
    let mut out = BTreeMap::new();
    for decl in code.split(';') {
        // Drop preprocessor lines and everything up to the last brace
        // (struct and enum bodies end in `}` and are not prototypes).
        let decl: String =
            decl.lines().filter(|l| !l.trim_start().starts_with('#')).collect::<Vec<_>>().join(" ");
        let decl = decl.rsplit(['{', '}']).next().unwrap_or_default().trim();
        if !decl.ends_with(')') || !decl.contains("rapidutf_") {
            continue;
        }
        let open = decl.find('(').expect("(");
        let head = decl[..open].trim();
        let name_at = head.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
        let name = head[name_at..].to_string();
        let ret = normalize(&head[..name_at]);
        let inner = &decl[open + 1..decl.len() - 1];
        let params = if inner.trim() == "void" {
            Vec::new()
        } else {
            inner
                .split(',')
                .map(|p| {
                    let p = p.trim();
                    let at = p.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).expect("type");
                    (p[at + 1..].to_string(), normalize(&p[..=at]))
                })
                .collect()
        };
        assert!(out.insert(name.clone(), Sig { params, ret }).is_none(), "{name} twice");
    }
    out
}

#[test]
fn functions_match() {
    let rust = rust_functions(&rust_source());
    let c = header_functions(&header_code());
    assert!(rust.len() >= 38, "only {} Rust functions found", rust.len());
    let rust_names: Vec<_> = rust.keys().collect();
    let c_names: Vec<_> = c.keys().collect();
    assert_eq!(rust_names, c_names, "exported names differ between src/ and the header");
    for (name, sig) in &rust {
        assert!(name.starts_with("rapidutf_"), "{name}");
        assert_eq!(Some(sig), c.get(name), "signature of {name}");
    }
}

#[test]
fn every_export_is_no_mangle() {
    let src = rust_source();
    let exports = src.matches("extern \"C\" fn ").count();
    assert_eq!(src.matches("#[no_mangle]").count(), exports);
}

/// `pub const RAPIDUTF_*: i32 = N;` of the crate.
fn rust_constants(src: &str) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    for line in src.lines() {
        let Some(rest) = line.trim().strip_prefix("pub const RAPIDUTF_") else { continue };
        let (name, value) = rest.split_once(": i32 =").expect("a constant `: i32 = N;`");
        let value = value.trim().trim_end_matches(';').parse().expect("an integer literal");
        assert!(out.insert(format!("RAPIDUTF_{name}"), value).is_none());
    }
    out
}

/// `RAPIDUTF_X = N` enumerators of the header.
fn header_constants(code: &str) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    let mut rest = code;
    while let Some(at) = rest.find("enum ") {
        rest = &rest[at..];
        let open = rest.find('{').expect("{");
        let close = rest.find('}').expect("}");
        for item in rest[open + 1..close].split(',') {
            let (name, value) = item.split_once('=').expect("every enumerator has a value");
            let value = value.trim().parse().expect("an integer literal");
            assert!(out.insert(name.trim().to_string(), value).is_none());
        }
        rest = &rest[close..];
    }
    out
}

#[test]
fn constants_match() {
    let rust = rust_constants(&rust_source());
    let c = header_constants(&header_code());
    assert!(rust.len() >= 24, "only {} constants found", rust.len());
    assert_eq!(rust, c);
}

#[test]
fn result_struct_matches() {
    let src = rust_source();
    let at = src.find("pub struct RapidutfResult {").expect("the result struct");
    let before = &src[..at];
    assert!(before.trim_end().rsplit('\n').any(|l| l.trim() == "#[repr(C)]"));
    let body = &src[at..];
    let body = &body[body.find('{').expect("{") + 1..body.find('}').expect("}")];
    let rust: Vec<(String, String)> = body
        .lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix("pub "))
        .map(|l| {
            let (n, t) = l.trim_end_matches(',').split_once(':').expect("field");
            (n.trim().to_string(), c_type(t))
        })
        .collect();

    let code = header_code();
    let at = code.find("typedef struct rapidutf_result {").expect("the C struct");
    let body = &code[at..];
    let close = body.find('}').expect("}");
    assert!(body[close..].starts_with("} rapidutf_result;"));
    let c: Vec<(String, String)> = body[body.find('{').expect("{") + 1..close]
        .split(';')
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .map(|f| {
            let (t, n) = f.rsplit_once(' ').expect("field");
            (n.to_string(), normalize(t))
        })
        .collect();
    assert_eq!(rust, c);
    assert_eq!(rust.len(), 5);
}

#[test]
fn result_layout() {
    use rapidutf_capi::RapidutfResult;
    use std::mem::{offset_of, size_of};
    let w = size_of::<usize>();
    assert_eq!(offset_of!(RapidutfResult, status), 0);
    assert_eq!(offset_of!(RapidutfResult, kind), 4);
    assert_eq!(offset_of!(RapidutfResult, read), 8);
    assert_eq!(offset_of!(RapidutfResult, written), 8 + w);
    assert_eq!(offset_of!(RapidutfResult, error_len), 8 + 2 * w);
    assert_eq!(size_of::<RapidutfResult>(), 8 + 3 * w);
}

/// The parsers themselves: a mismatch must be noticed.
#[test]
fn parsers_see_differences() {
    let a = header_functions("int32_t rapidutf_f(const char *src, size_t len);");
    let b = rust_functions(
        "pub unsafe extern \"C\" fn rapidutf_f(src: *const u8, len: usize) -> i32 {}",
    );
    assert_eq!(a, b);
    let c = rust_functions(
        "pub unsafe extern \"C\" fn rapidutf_f(src: *const u16, len: usize) -> i32 {}",
    );
    assert_ne!(a, c);
    let d = rust_functions(
        "pub unsafe extern \"C\" fn rapidutf_f(source: *const u8, len: usize) -> i32 {}",
    );
    assert_ne!(a, d);
    let bytes = header_functions("int32_t rapidutf_f(const uint8_t *src, size_t len);");
    assert_ne!(bytes, b, "a u8 buffer must be declared `char *`");
    let e = rust_functions(
        "pub unsafe extern \"C\" fn rapidutf_f(src: *const RapidutfChar16, len: usize) -> i32 {}",
    );
    let f = header_functions("int32_t rapidutf_f(const rapidutf_char16 *src, size_t len);");
    let g = header_functions("int32_t rapidutf_f(const uint16_t *src, size_t len);");
    assert_eq!(e, f);
    assert_ne!(e, g);
    assert_eq!(header_constants("enum e { A = 1, B = 2 };").get("B"), Some(&2));
}

/// `#define RAPIDUTF_VERSION_* value` lines of the header.
fn header_version() -> BTreeMap<String, String> {
    read("include/rapidutf.h")
        .lines()
        .filter_map(|l| l.strip_prefix("#define RAPIDUTF_VERSION"))
        .filter_map(|l| l.split_once(' '))
        .map(|(n, v)| (format!("RAPIDUTF_VERSION{n}"), v.trim().to_string()))
        .collect()
}

/// The header's version macros are this crate's version (the one
/// `rapidutf_version()` returns and `install.sh` writes into the
/// pkg-config and CMake files).
#[test]
fn version_macros_match_the_crate() {
    let (major, minor, patch) = (
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
    );
    let number = |s: &str| s.parse::<u64>().unwrap_or_else(|e| panic!("{s}: {e}"));
    let want: BTreeMap<String, String> = [
        ("RAPIDUTF_VERSION_MAJOR", major.to_string()),
        ("RAPIDUTF_VERSION_MINOR", minor.to_string()),
        ("RAPIDUTF_VERSION_PATCH", patch.to_string()),
        ("RAPIDUTF_VERSION", format!("\"{}\"", env!("CARGO_PKG_VERSION"))),
        (
            "RAPIDUTF_VERSION_NUMBER",
            (number(major) * 1_000_000 + number(minor) * 1_000 + number(patch)).to_string(),
        ),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v))
    .collect();
    assert_eq!(header_version(), want);
    assert_eq!(
        rapidutf_capi::rapidutf_version_number() as u64,
        number(&want["RAPIDUTF_VERSION_NUMBER"])
    );
}
