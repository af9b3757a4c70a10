//! Structured text: JSON documents, NDJSON lines and Arrow-style string
//! columns, the buffers a parser, an HTTP stack or a columnar engine
//! validates. Their free text is prose of the generated languages
//! ([`super::prose`]); the rest is ASCII, as in such data.

use super::prose::prose;
use super::rng::Rng;
use super::PROFILES;

/// The languages of free text in a JSON document and their weights: a
/// social-media feed in which about 15 % of the bytes are not ASCII.
const FEED_LANGUAGES: [(&str, u32); 8] = [
    ("Latin", 46),
    ("Japanese", 14),
    ("French", 12),
    ("Russian", 8),
    ("Chinese", 6),
    ("Korean", 6),
    ("Arabic", 4),
    ("Emoji", 4),
];

/// The languages of product data: mostly ASCII.
const SHOP_LANGUAGES: [(&str, u32); 4] =
    [("Latin", 80), ("French", 14), ("Greek", 3), ("Emoji", 3)];

/// Prose of one language picked from `mix`, of `lo` to `hi` bytes (about),
/// cut back to its last whole word where it has one.
fn snippet(rng: &mut Rng, mix: &[(&str, u32)], lo: u64, hi: u64) -> String {
    let len = (lo + rng.below(hi - lo + 1)) as usize;
    let weights: Vec<u32> = mix.iter().map(|&(_, w)| w).collect();
    let lang = mix[rng.weighted(&weights)].0;
    let profile = PROFILES.iter().find(|p| p.name == lang).expect("a profile of each language");
    let text = prose(profile, rng.next_u64(), len.max(1));
    let text = text.trim();
    match text.rfind(' ') {
        Some(i) if i > len / 2 => text[..i].to_owned(),
        _ => text.to_owned(),
    }
}

/// `s` as a JSON string literal. With `ascii_only`, every non-ASCII
/// character is a `\u` escape (a surrogate pair above U+FFFF), as
/// producers that keep their output ASCII write it.
pub fn json_string(s: &str, ascii_only: bool) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if ascii_only && !c.is_ascii() => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A decimal with `places` digits after the point, from integers (no
/// float formatting, so the same text everywhere).
fn decimal(rng: &mut Rng, max_int: u64, places: u32) -> String {
    let scale = 10u64.pow(places);
    let v = rng.below(max_int * scale);
    format!("{}.{:0width$}", v / scale, v % scale, width = places as usize)
}

fn timestamp(rng: &mut Rng) -> String {
    format!(
        "20{:02}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        10 + rng.below(16),
        1 + rng.below(12),
        1 + rng.below(28),
        rng.below(24),
        rng.below(60),
        rng.below(60)
    )
}

const HOSTS: [&str; 6] =
    ["example.com", "example.org", "media.example.net", "cdn.example.com", "ex.am", "shop.example"];

/// An `https` URL: a host, one to four path segments, sometimes a query.
pub fn url(rng: &mut Rng) -> String {
    const SEGMENTS: [&str; 12] = [
        "news", "2024", "photos", "status", "item", "p", "static", "img", "users", "articles",
        "tag", "v2",
    ];
    let mut u = format!("https://{}", HOSTS[rng.below(HOSTS.len() as u64) as usize]);
    for _ in 0..1 + rng.below(4) {
        if rng.chance(1, 3) {
            u.push_str(&format!("/{:x}", rng.next_u64() >> (4 * rng.below(12))));
        } else {
            u.push('/');
            u.push_str(SEGMENTS[rng.below(SEGMENTS.len() as u64) as usize]);
        }
    }
    if rng.chance(1, 4) {
        u.push_str(&format!("?id={}&ref=feed", rng.below(1 << 40)));
    }
    u
}

/// One post of [`json`]: its fields as `"key":value` pairs.
fn post(rng: &mut Rng, out: &mut String) {
    let id = (1u64 << 58) + rng.below(1 << 58);
    let ascii_only = rng.chance(1, 8);
    let text = snippet(rng, &FEED_LANGUAGES, 30, 290);
    let user = rng.below(1 << 32);
    let name = snippet(rng, &FEED_LANGUAGES, 6, 23);
    let bio = snippet(rng, &FEED_LANGUAGES, 0, 159);
    out.push_str(&format!(
        "{{\"id\":{id},\"id_str\":\"{id}\",\"created_at\":\"{}\",\"text\":{},\"truncated\":{},",
        timestamp(rng),
        json_string(&text, ascii_only),
        rng.chance(1, 10)
    ));
    let followers_digits = 4 * (1 + rng.below(6));
    out.push_str(&format!(
        "\"user\":{{\"id\":{user},\"handle\":\"user_{user:x}\",\"name\":{},\"bio\":{},\
         \"followers\":{},\"verified\":{},\"avatar\":\"{}.png\"}},",
        json_string(&name, ascii_only),
        json_string(&bio, ascii_only),
        rng.below(1 << followers_digits),
        rng.chance(1, 20),
        url(rng)
    ));
    let tags: Vec<String> = (0..rng.below(4))
        .map(|_| {
            let t = snippet(rng, &FEED_LANGUAGES, 4, 13);
            json_string(t.split(' ').next().unwrap_or(""), ascii_only)
        })
        .collect();
    let links: Vec<String> = (0..rng.below(3))
        .map(|_| format!("{{\"url\":\"{}\",\"expanded\":\"{}\"}}", url(rng), url(rng)))
        .collect();
    let reply = if rng.chance(1, 5) { rng.below(1 << 60).to_string() } else { "null".into() };
    out.push_str(&format!(
        "\"tags\":[{}],\"links\":[{}],\"reply_to\":{reply},\"score\":{},\"geo\":null,\
         \"reposts\":{},\"lang\":\"{}\"}}",
        tags.join(","),
        links.join(","),
        decimal(rng, 100, 3),
        rng.below(5000),
        ["ja", "en", "fr", "ru", "zh", "ko", "ar", "und"][rng.below(8) as usize]
    ));
}

/// A JSON document of about `len` bytes (a little more: it closes its last
/// object): an API response with a list of posts, each with nested objects
/// and arrays, numbers, booleans and `null`, and strings of prose with
/// escapes (`\"`, `\\`, `\n`, and in one post in eight every non-ASCII
/// character as `\u` escapes); about 15 % of the bytes are not ASCII.
pub fn json(seed: u64, len: usize) -> String {
    let mut rng = Rng::new(seed ^ 0x6A73_6F6E);
    let mut out = String::from("{\"posts\":[");
    let mut n = 0u64;
    while out.len() < len {
        if n > 0 {
            out.push(',');
        }
        post(&mut rng, &mut out);
        n += 1;
    }
    out.push_str(&format!("],\"count\":{n},\"next\":\"{}\"}}", url(&mut rng)));
    out
}

/// `lines` lines of NDJSON: product records (an id, a brand, a title,
/// URLs, a rating and a price as decimals, and a review with prose),
/// mostly ASCII.
pub fn ndjson(seed: u64, lines: usize) -> String {
    let mut rng = Rng::new(seed ^ 0x6E64_6A73_6F6E);
    let mut out = String::new();
    for _ in 0..lines {
        let sku = format!("B0{:08X}", rng.below(1 << 32));
        let brand = snippet(&mut rng, &SHOP_LANGUAGES, 4, 13);
        let title = snippet(&mut rng, &SHOP_LANGUAGES, 20, 119);
        let review_title = snippet(&mut rng, &SHOP_LANGUAGES, 10, 49);
        let body = snippet(&mut rng, &SHOP_LANGUAGES, 0, 399);
        out.push_str(&format!(
            "{{\"sku\":\"{sku}\",\"brand\":{},\"title\":{},\"url\":\"{}\",\"image\":\"{}.jpg\",\
             \"rating\":{},\"reviews\":{},\"price\":\"${}\",\"review\":{{\"title\":{},\"body\":{},\
             \"helpful\":{}}}}}\n",
            json_string(&brand, false),
            json_string(&title, false),
            url(&mut rng),
            url(&mut rng),
            decimal(&mut rng, 5, 1),
            rng.below(20_000),
            decimal(&mut rng, 2000, 2),
            json_string(&review_title, false),
            json_string(&body, false),
            rng.below(300)
        ));
    }
    out
}

/// The kinds of string column [`column`] makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// Short keys: identifiers of 2 to 16 bytes, one in ten a word of
    /// another script.
    Keys,
    /// Values of about 40 bytes (8 to 80): names, titles and comments in
    /// every generated language, most of them Latin.
    Values,
    /// URLs.
    Urls,
}

/// `n` strings of one column (see [`Column`]).
pub fn column(kind: Column, seed: u64, n: usize) -> Vec<String> {
    const KEYS: [&str; 12] = [
        "id", "user_id", "name", "ts", "status", "k", "lang", "country", "sku", "qty", "tag",
        "session",
    ];
    const VALUE_LANGUAGES: [(&str, u32); 11] = [
        ("Latin", 40),
        ("French", 14),
        ("Russian", 6),
        ("Greek", 4),
        ("Arabic", 4),
        ("Hebrew", 3),
        ("Hindi", 4),
        ("Chinese", 8),
        ("Japanese", 8),
        ("Korean", 5),
        ("Emoji", 4),
    ];
    let mut rng = Rng::new(seed ^ 0x636F_6C75_6D6E ^ kind as u64);
    (0..n)
        .map(|_| match kind {
            Column::Keys if rng.chance(1, 10) => {
                let w = snippet(&mut rng, &VALUE_LANGUAGES[1..], 4, 11);
                w.split(' ').next().unwrap_or("").to_owned()
            }
            Column::Keys => {
                let k = KEYS[rng.below(KEYS.len() as u64) as usize];
                if rng.chance(1, 2) {
                    format!("{k}_{}", rng.below(1000))
                } else {
                    k.to_owned()
                }
            }
            Column::Values => snippet(&mut rng, &VALUE_LANGUAGES, 8, 72),
            Column::Urls => url(&mut rng),
        })
        .collect()
}

/// `strings` in Arrow's layout of a string column: `n + 1` offsets into
/// one buffer of their bytes.
pub fn arrow_layout(strings: &[String]) -> (Vec<i32>, Vec<u8>) {
    let mut offsets = Vec::with_capacity(strings.len() + 1);
    let mut data = Vec::new();
    offsets.push(0);
    for s in strings {
        data.extend_from_slice(s.as_bytes());
        offsets.push(i32::try_from(data.len()).expect("a column under 2 GiB"));
    }
    (offsets, data)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A JSON checker (RFC 8259's grammar), enough to say that the
    /// generated documents parse: the value at `*i`, skipping whitespace.
    fn value(b: &[u8], i: &mut usize) -> Result<(), usize> {
        ws(b, i);
        match b.get(*i) {
            Some(b'{') => {
                *i += 1;
                ws(b, i);
                if b.get(*i) == Some(&b'}') {
                    *i += 1;
                    return Ok(());
                }
                loop {
                    ws(b, i);
                    string(b, i)?;
                    ws(b, i);
                    expect(b, i, b':')?;
                    value(b, i)?;
                    ws(b, i);
                    match b.get(*i) {
                        Some(b',') => *i += 1,
                        Some(b'}') => {
                            *i += 1;
                            return Ok(());
                        }
                        _ => return Err(*i),
                    }
                }
            }
            Some(b'[') => {
                *i += 1;
                ws(b, i);
                if b.get(*i) == Some(&b']') {
                    *i += 1;
                    return Ok(());
                }
                loop {
                    value(b, i)?;
                    ws(b, i);
                    match b.get(*i) {
                        Some(b',') => *i += 1,
                        Some(b']') => {
                            *i += 1;
                            return Ok(());
                        }
                        _ => return Err(*i),
                    }
                }
            }
            Some(b'"') => string(b, i),
            Some(b't') => word(b, i, b"true"),
            Some(b'f') => word(b, i, b"false"),
            Some(b'n') => word(b, i, b"null"),
            Some(b'-' | b'0'..=b'9') => {
                let start = *i;
                *i += 1;
                while matches!(b.get(*i), Some(b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')) {
                    *i += 1;
                }
                let n = std::str::from_utf8(&b[start..*i]).map_err(|_| start)?;
                n.parse::<f64>().map(|_| ()).map_err(|_| start)
            }
            _ => Err(*i),
        }
    }

    fn ws(b: &[u8], i: &mut usize) {
        while matches!(b.get(*i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            *i += 1;
        }
    }

    fn expect(b: &[u8], i: &mut usize, c: u8) -> Result<(), usize> {
        if b.get(*i) == Some(&c) {
            *i += 1;
            Ok(())
        } else {
            Err(*i)
        }
    }

    fn word(b: &[u8], i: &mut usize, w: &[u8]) -> Result<(), usize> {
        if b[*i..].starts_with(w) {
            *i += w.len();
            Ok(())
        } else {
            Err(*i)
        }
    }

    fn string(b: &[u8], i: &mut usize) -> Result<(), usize> {
        expect(b, i, b'"')?;
        loop {
            match b.get(*i) {
                Some(b'"') => {
                    *i += 1;
                    return Ok(());
                }
                Some(b'\\') => match b.get(*i + 1) {
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => *i += 2,
                    Some(b'u') if b.len() >= *i + 6 => {
                        let hex = std::str::from_utf8(&b[*i + 2..*i + 6]).map_err(|_| *i)?;
                        u16::from_str_radix(hex, 16).map_err(|_| *i)?;
                        *i += 6;
                    }
                    _ => return Err(*i),
                },
                Some(&c) if c < 0x20 => return Err(*i),
                Some(_) => *i += 1,
                None => return Err(*i),
            }
        }
    }

    fn parses(doc: &str) {
        let (b, mut i) = (doc.as_bytes(), 0);
        value(b, &mut i).unwrap_or_else(|at| panic!("bad JSON at {at}: {:?}", &doc[at..]));
        ws(b, &mut i);
        assert_eq!(i, b.len(), "trailing bytes");
    }

    #[test]
    fn json_documents_parse_and_mix_ascii_and_not() {
        let doc = json(1, 256 << 10);
        parses(&doc);
        let non_ascii = doc.bytes().filter(|b| !b.is_ascii()).count() as f64 / doc.len() as f64;
        assert!((0.10..0.22).contains(&non_ascii), "{non_ascii}");
        assert!(doc.contains("\\u") && doc.contains("\\n") || doc.contains("\\\""));
        assert_eq!(json(1, 4096), json(1, 4096));
        assert_ne!(json(1, 4096), json(2, 4096));
    }

    #[test]
    fn ndjson_lines_each_parse() {
        let text = ndjson(3, 200);
        assert_eq!(text.lines().count(), 200);
        text.lines().for_each(parses);
    }

    #[test]
    fn json_strings_escape_like_the_grammar() {
        assert_eq!(json_string("a\"b\\c\n\u{1}é😀", false), "\"a\\\"b\\\\c\\n\\u0001é😀\"");
        assert_eq!(json_string("é😀", true), "\"\\u00e9\\ud83d\\ude00\"");
    }

    #[test]
    fn columns_have_their_shape() {
        let values = column(Column::Values, 5, 2000);
        let mean = values.iter().map(String::len).sum::<usize>() as f64 / 2000.0;
        assert!((30.0..50.0).contains(&mean), "{mean}");
        let keys = column(Column::Keys, 5, 2000);
        assert!(keys.iter().all(|k| k.len() <= 40), "{keys:?}");
        assert!(
            keys.iter().any(|k| !k.is_ascii())
                && keys.iter().filter(|k| k.is_ascii()).count() > 1500
        );
        let urls = column(Column::Urls, 5, 100);
        assert!(urls.iter().all(|u| u.starts_with("https://")));
        let (offsets, data) = arrow_layout(&values);
        assert_eq!(offsets.len(), 2001);
        assert_eq!(&data[offsets[7] as usize..offsets[8] as usize], values[7].as_bytes());
    }
}
