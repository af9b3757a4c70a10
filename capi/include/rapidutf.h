/*
 * rapidutf.h: the C ABI of rapidutf, which validates and transcodes UTF-8,
 * UTF-16 (native, little- and big-endian) and UTF-32 with SIMD kernels
 * chosen at run time for the CPU.
 *
 * Install it with `bash capi/install.sh PREFIX` (headers, librapidutf.a,
 * librapidutf.so, pkg-config's rapidutf.pc and the CMake package
 * rapidutf), then build with `pkg-config --cflags --libs rapidutf` or
 * CMake's `find_package(rapidutf)` and the target rapidutf::rapidutf; see
 * "Using it from C" in the README. Compiles warning-free as C11 and as
 * C++17 (gcc/g++ -Wall -Wextra -pedantic).
 *
 * CONTRACTS SHARED BY EVERY FUNCTION
 *
 * Buffers. Every buffer is a pointer plus a length counted in UNITS of the
 * pointer's type: bytes for `char *` (UTF-8, Latin-1, Windows-1252),
 * 16-bit units for `rapidutf_char16 *`, 32-bit values for
 * `rapidutf_char32 *`. Never bytes for the wider types.
 *
 * Types. Text is passed as the language's own character types, so string
 * data needs no cast: `char *` for bytes (the library reads them as
 * unsigned, 00..FF), rapidutf_char16 for UTF-16 (`char16_t` in C++; in C
 * `uint_least16_t`, which is what <uchar.h> defines `char16_t` as, and
 * `uint16_t` on every platform that has it) and rapidutf_char32 for
 * UTF-32 (`char32_t` in C++, `uint_least32_t` in C). A C++
 * std::string / std::u16string / std::u32string passes its data()
 * directly. Code holding `uint8_t *` bytes casts them to `char *` (C
 * warns, C++ refuses otherwise).
 *
 * Null pointers. A null pointer with length 0 is an empty buffer, always
 * accepted. A null pointer with a non-zero length is a caller error: the
 * functions that return a rapidutf_result report RAPIDUTF_NULL_POINTER and
 * touch nothing; rapidutf_is_valid_utf8 and rapidutf_is_ascii return
 * false, the counts return 0, rapidutf_detect_bom returns
 * RAPIDUTF_BOM_NONE.
 *
 * Alignment. A non-empty rapidutf_char16 buffer must be aligned to 2 bytes
 * and a rapidutf_char32 buffer to 4 (as any such object is). A
 * misaligned one is reported as RAPIDUTF_MISALIGNED (or false / 0 / NONE,
 * as above); it is never read. To process UTF-16 at an odd address, copy it
 * to an aligned buffer first.
 *
 * Byte order. The plain utf16 functions read and write 16-bit units in the
 * machine's native order. The utf16le / utf16be functions read or write
 * units whose bytes IN MEMORY are little- / big-endian on every machine:
 * the bytes of a UTF-16BE file, viewed as rapidutf_char16 (aligned), convert
 * with the utf16be functions without a swap pass. UTF-32 is native order.
 *
 * Other argument checks. A buffer longer than PTRDIFF_MAX bytes is
 * RAPIDUTF_TOO_LONG; an output buffer that overlaps the input buffer is
 * RAPIDUTF_OVERLAP. What cannot be checked is the caller's duty: a
 * non-null pointer must address at least as many readable (input) or
 * writable (output) units as its length says, for the whole call, and no
 * other thread may write an input or touch an output during the call.
 *
 * Out-pointers. The single values some functions return through a
 * pointer (bom_len, candidates, string_index) are optional: a null pointer
 * asks for none. A non-null one must be aligned for its type; a
 * misaligned one is an argument error (RAPIDUTF_MISALIGNED, or its
 * negation where the function returns a code), with nothing read or
 * written, never a value silently left unwritten.
 *
 * Output buffers are only written, never read, so they may be
 * uninitialised memory. On RAPIDUTF_OK and RAPIDUTF_OUTPUT_TOO_SMALL,
 * exactly dst[0 .. written) is written. On RAPIDUTF_INVALID_INPUT the
 * content of dst[0 .. dst_len) is unspecified (it holds a valid conversion
 * of a prefix of the input); to get the conversion of the valid prefix,
 * call again with src_len = result.read.
 *
 * Threads. Every function may be called from any thread at any time; none
 * keeps state between calls except the kernel choice, made once per
 * process.
 *
 * Panics. rapidutf never panics on any input, and no panic crosses this
 * ABI: should one ever happen, the process calls abort() (deterministic;
 * no unwinding into C or C++ code, no undefined behaviour).
 *
 * The library never prints.
 */

#ifndef RAPIDUTF_H
#define RAPIDUTF_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

/*
 * The version of this header: RAPIDUTF_VERSION_NUMBER is
 * MAJOR * 1000000 + MINOR * 1000 + PATCH. rapidutf_version() and
 * rapidutf_version_number() give the version of the library that runs.
 */
#define RAPIDUTF_VERSION_MAJOR 0
#define RAPIDUTF_VERSION_MINOR 1
#define RAPIDUTF_VERSION_PATCH 0
#define RAPIDUTF_VERSION "0.1.0"
#define RAPIDUTF_VERSION_NUMBER 1000

/* Code units of UTF-16 and UTF-32 text (see "Types" above). */
#ifdef __cplusplus
typedef char16_t rapidutf_char16;
typedef char32_t rapidutf_char32;
#else
typedef uint_least16_t rapidutf_char16;
typedef uint_least32_t rapidutf_char32;
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Status codes: the `status` field of a rapidutf_result.
 */
enum rapidutf_status {
    /* Success. read = every input unit; written = output units written. */
    RAPIDUTF_OK = 0,
    /* The input is invalid. read = the position of the first invalid unit
     * (everything before it is valid), kind = why (RAPIDUTF_KIND_*),
     * error_len = the length of the invalid sequence in input units,
     * written = 0. */
    RAPIDUTF_INVALID_INPUT = 1,
    /* The output buffer has no room for the next character. read = input
     * units converted (always at a character boundary), written = output
     * units written, dst[0 .. written) being the conversion of
     * src[0 .. read). Call again with src + read and a fresh buffer to go
     * on. */
    RAPIDUTF_OUTPUT_TOO_SMALL = 2,
    /* A null pointer with a non-zero length. Nothing was read or written. */
    RAPIDUTF_NULL_POINTER = 3,
    /* A 16- or 32-bit unit pointer (or an out-pointer) not aligned for
     * its type. */
    RAPIDUTF_MISALIGNED = 4,
    /* A buffer longer than PTRDIFF_MAX bytes. */
    RAPIDUTF_TOO_LONG = 5,
    /* The output buffer overlaps the input buffer. */
    RAPIDUTF_OVERLAP = 6,
    /* An unknown RAPIDUTF_STRATEGY_* code. Nothing was read or written. */
    RAPIDUTF_BAD_STRATEGY = 7
};

/*
 * Error kinds: the `kind` field of a rapidutf_result whose status is
 * RAPIDUTF_INVALID_INPUT (RAPIDUTF_KIND_NONE otherwise).
 *
 * For UTF-8, the kind is decided by the maximal invalid subpart (Unicode
 * 3.9) at `read`, and error_len is its length: 1 to 3 bytes, or 0 for
 * RAPIDUTF_KIND_TRUNCATED (more input could complete the character). The
 * position and length are exactly those of Rust's core::str::from_utf8.
 * For UTF-16 and UTF-32, error_len is 1 (the _bytes functions count it in
 * bytes).
 */
enum rapidutf_kind {
    RAPIDUTF_KIND_NONE = 0,
    /* UTF-8: a byte that never appears in UTF-8 (C0, C1, F5..FF). */
    RAPIDUTF_KIND_INVALID_BYTE = 1,
    /* UTF-8: a continuation byte (80..BF) where a character should start. */
    RAPIDUTF_KIND_UNEXPECTED_CONTINUATION = 2,
    /* UTF-8: an overlong form (E0 80..9F, F0 80..8F). */
    RAPIDUTF_KIND_OVERLONG = 3,
    /* UTF-8: an encoded surrogate (ED A0..BF). UTF-32: a value in
     * 0xD800..0xDFFF. */
    RAPIDUTF_KIND_SURROGATE = 4,
    /* UTF-8: a code point above U+10FFFF (F4 90..BF). UTF-32: a value above
     * 0x10FFFF. */
    RAPIDUTF_KIND_TOO_LARGE = 5,
    /* UTF-8: a lead byte cut short by a byte that is no allowed
     * continuation (error_len 1 to 3). */
    RAPIDUTF_KIND_MISSING_CONTINUATION = 6,
    /* UTF-8: the input ends inside a character valid so far (error_len 0). */
    RAPIDUTF_KIND_TRUNCATED = 7,
    /* UTF-16: a high surrogate (D800..DBFF) not followed by a low one,
     * including one at the very end. */
    RAPIDUTF_KIND_UNPAIRED_HIGH = 8,
    /* UTF-16: a low surrogate (DC00..DFFF) not preceded by a high one. */
    RAPIDUTF_KIND_UNPAIRED_LOW = 9,
    /* Many-strings validation: a string's start or end lies past the end
     * of the buffer (read and error_len are 0). */
    RAPIDUTF_KIND_OUT_OF_BOUNDS = 10,
    /* Many-strings validation: a string's start lies after its end. */
    RAPIDUTF_KIND_REVERSED = 11,
    /* A conversion to Latin-1: the character at `read` is valid but above
     * U+00FF; error_len is its length in input units. */
    RAPIDUTF_KIND_UNREPRESENTABLE = 12,
    /* Many-strings validation: an offset of the string is negative (read
     * and error_len are 0). */
    RAPIDUTF_KIND_NEGATIVE = 13,
    /* UTF-16 or UTF-32 given as bytes (the _bytes functions): the input
     * ends inside a code unit; read is where the partial unit starts and
     * error_len its 1 to 3 bytes. */
    RAPIDUTF_KIND_INCOMPLETE_UNIT = 14,
    /* A kind that a newer library added and this header has no code for. */
    RAPIDUTF_KIND_OTHER = 127
};

/*
 * Byte order marks: the return value of rapidutf_detect_bom.
 */
enum rapidutf_bom {
    RAPIDUTF_BOM_NONE = 0,
    /* EF BB BF (3 bytes). */
    RAPIDUTF_BOM_UTF8 = 1,
    /* FF FE (2 bytes). */
    RAPIDUTF_BOM_UTF16LE = 2,
    /* FE FF (2 bytes). */
    RAPIDUTF_BOM_UTF16BE = 3,
    /* FF FE 00 00 (4 bytes). */
    RAPIDUTF_BOM_UTF32LE = 4,
    /* 00 00 FE FF (4 bytes). */
    RAPIDUTF_BOM_UTF32BE = 5
};

/*
 * The result of validation, transcoding and lossy decoding. One struct, one
 * meaning per field, whatever the status (see enum rapidutf_status):
 *   status     a RAPIDUTF_* status code;
 *   kind       a RAPIDUTF_KIND_* code (only with RAPIDUTF_INVALID_INPUT);
 *   read       input units consumed, or the error's position;
 *   written    output units written (0 for validation and errors);
 *   error_len  input units of the invalid sequence (INVALID_INPUT only).
 * Counts are in the units of the buffers they refer to, never bytes of a
 * wider type. Argument errors leave read, written and error_len at 0.
 */
typedef struct rapidutf_result {
    int32_t status;
    int32_t kind;
    size_t read;
    size_t written;
    size_t error_len;
} rapidutf_result;

/* ---------------------------------------------------------------------
 * Validation
 * ------------------------------------------------------------------- */

/* Validates UTF-8. RAPIDUTF_OK (read = len), or RAPIDUTF_INVALID_INPUT with
 * the position, kind and length of the first invalid sequence. */
rapidutf_result rapidutf_validate_utf8(const char *src, size_t len);

/* Whether src[0 .. len) is valid UTF-8: the fastest check, no position.
 * False for a null src with len > 0. */
bool rapidutf_is_valid_utf8(const char *src, size_t len);

/* Whether every byte is below 0x80. False for a null src with len > 0. */
bool rapidutf_is_ascii(const char *src, size_t len);

/* Validates UTF-16 (len units): every surrogate must be paired. The error
 * is the first unpaired surrogate (RAPIDUTF_KIND_UNPAIRED_HIGH or _LOW).
 * Native byte order, little-endian, big-endian. */
rapidutf_result rapidutf_validate_utf16(const rapidutf_char16 *src, size_t len);
rapidutf_result rapidutf_validate_utf16le(const rapidutf_char16 *src, size_t len);
rapidutf_result rapidutf_validate_utf16be(const rapidutf_char16 *src, size_t len);

/* Validates UTF-32 (len values): every value must be a Unicode scalar value
 * (RAPIDUTF_KIND_SURROGATE or RAPIDUTF_KIND_TOO_LARGE otherwise). */
rapidutf_result rapidutf_validate_utf32(const rapidutf_char32 *src, size_t len);

/* ---------------------------------------------------------------------
 * Transcoding into a caller's buffer
 *
 * Each function validates while it converts and reports, in input order,
 * whichever comes first: invalid input (RAPIDUTF_INVALID_INPUT, positions
 * in input units) or a character that does not fit
 * (RAPIDUTF_OUTPUT_TOO_SMALL with read and written). No dst_len, however
 * small, makes it write out of bounds. On RAPIDUTF_OK, written is the
 * number of output units.
 *
 * Output sizes (in output units) that always suffice:
 *   utf8  -> utf16*, utf32     dst_len >= src_len
 *   utf16* -> utf8             dst_len >= 3 * src_len
 *   utf16* -> utf32            dst_len >= src_len
 *   utf32 -> utf8              dst_len >= 4 * src_len
 *   utf32 -> utf16*            dst_len >= 2 * src_len
 * The exact size of a valid input's conversion is given by the length
 * functions below (rapidutf_utf16_len_from_utf8, ...).
 * ------------------------------------------------------------------- */

rapidutf_result rapidutf_utf8_to_utf16(const char *src, size_t src_len, rapidutf_char16 *dst,
                                       size_t dst_len);
rapidutf_result rapidutf_utf8_to_utf16le(const char *src, size_t src_len, rapidutf_char16 *dst,
                                         size_t dst_len);
rapidutf_result rapidutf_utf8_to_utf16be(const char *src, size_t src_len, rapidutf_char16 *dst,
                                         size_t dst_len);
rapidutf_result rapidutf_utf16_to_utf8(const rapidutf_char16 *src, size_t src_len, char *dst,
                                       size_t dst_len);
rapidutf_result rapidutf_utf16le_to_utf8(const rapidutf_char16 *src, size_t src_len, char *dst,
                                         size_t dst_len);
rapidutf_result rapidutf_utf16be_to_utf8(const rapidutf_char16 *src, size_t src_len, char *dst,
                                         size_t dst_len);
rapidutf_result rapidutf_utf8_to_utf32(const char *src, size_t src_len, rapidutf_char32 *dst,
                                       size_t dst_len);
rapidutf_result rapidutf_utf32_to_utf8(const rapidutf_char32 *src, size_t src_len, char *dst,
                                       size_t dst_len);
rapidutf_result rapidutf_utf16_to_utf32(const rapidutf_char16 *src, size_t src_len, rapidutf_char32 *dst,
                                        size_t dst_len);
rapidutf_result rapidutf_utf16le_to_utf32(const rapidutf_char16 *src, size_t src_len, rapidutf_char32 *dst,
                                          size_t dst_len);
rapidutf_result rapidutf_utf16be_to_utf32(const rapidutf_char16 *src, size_t src_len, rapidutf_char32 *dst,
                                          size_t dst_len);
rapidutf_result rapidutf_utf32_to_utf16(const rapidutf_char32 *src, size_t src_len, rapidutf_char16 *dst,
                                        size_t dst_len);
rapidutf_result rapidutf_utf32_to_utf16le(const rapidutf_char32 *src, size_t src_len, rapidutf_char16 *dst,
                                          size_t dst_len);
rapidutf_result rapidutf_utf32_to_utf16be(const rapidutf_char32 *src, size_t src_len, rapidutf_char16 *dst,
                                          size_t dst_len);

/* ---------------------------------------------------------------------
 * UTF-16 and UTF-32 given as bytes
 *
 * For text read as bytes (a file, a network buffer): src is any address,
 * never RAPIDUTF_MISALIGNED, and src_len any number of BYTES; the byte
 * order is in the name. Positions (read) are byte offsets into src, and
 * error_len is in bytes: 2 for an unpaired surrogate, 4 for an invalid
 * UTF-32 value. A src_len that is not a whole number of units is
 * RAPIDUTF_INVALID_INPUT with RAPIDUTF_KIND_INCOMPLETE_UNIT at the partial
 * unit, after everything before it. Otherwise as the functions above.
 *
 * Output sizes (in bytes) that always suffice:
 *   utf16le/be bytes -> utf8   dst_len >= 3 * (src_len / 2)
 *   utf32le/be bytes -> utf8   dst_len >= src_len
 * ------------------------------------------------------------------- */

rapidutf_result rapidutf_validate_utf16le_bytes(const char *src, size_t len);
rapidutf_result rapidutf_validate_utf16be_bytes(const char *src, size_t len);
rapidutf_result rapidutf_validate_utf32le_bytes(const char *src, size_t len);
rapidutf_result rapidutf_validate_utf32be_bytes(const char *src, size_t len);
rapidutf_result rapidutf_utf16le_bytes_to_utf8(const char *src, size_t src_len, char *dst,
                                               size_t dst_len);
rapidutf_result rapidutf_utf16be_bytes_to_utf8(const char *src, size_t src_len, char *dst,
                                               size_t dst_len);
rapidutf_result rapidutf_utf32le_bytes_to_utf8(const char *src, size_t src_len, char *dst,
                                               size_t dst_len);
rapidutf_result rapidutf_utf32be_bytes_to_utf8(const char *src, size_t src_len, char *dst,
                                               size_t dst_len);

/* ---------------------------------------------------------------------
 * Latin-1 (ISO-8859-1)
 *
 * Byte b is the code point U+00b, for all 256 bytes. Conversions from
 * Latin-1 never fail on their input (only RAPIDUTF_OUTPUT_TOO_SMALL and
 * argument errors); conversions to Latin-1 validate their input as the
 * transcoders above do and report a valid character above U+00FF as
 * RAPIDUTF_INVALID_INPUT with RAPIDUTF_KIND_UNREPRESENTABLE.
 *
 * Output sizes (in output units) that always suffice:
 *   latin1 -> utf8             dst_len >= 2 * src_len
 *   latin1 -> utf16*, utf32    dst_len >= src_len
 *   utf8, utf16*, utf32 -> latin1   dst_len >= src_len
 * ------------------------------------------------------------------- */

rapidutf_result rapidutf_latin1_to_utf8(const char *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_latin1_to_utf16(const char *src, size_t src_len, rapidutf_char16 *dst,
    size_t dst_len);
rapidutf_result rapidutf_latin1_to_utf16le(const char *src, size_t src_len, rapidutf_char16 *dst,
    size_t dst_len);
rapidutf_result rapidutf_latin1_to_utf16be(const char *src, size_t src_len, rapidutf_char16 *dst,
    size_t dst_len);
rapidutf_result rapidutf_latin1_to_utf32(const char *src, size_t src_len, rapidutf_char32 *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf8_to_latin1(const char *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf16_to_latin1(const rapidutf_char16 *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf16le_to_latin1(const rapidutf_char16 *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf16be_to_latin1(const rapidutf_char16 *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf32_to_latin1(const rapidutf_char32 *src, size_t src_len, char *dst,
    size_t dst_len);

/* Lossy: UTF-8 to Latin-1 writing `replacement` (Python's errors="replace"
 * uses '?') for each character above U+00FF and for each maximal invalid
 * subpart of the input, so never RAPIDUTF_INVALID_INPUT. The number of
 * replacements goes to *replaced unless it is null, on RAPIDUTF_OK and on
 * RAPIDUTF_OUTPUT_TOO_SMALL (those in src[0 .. read): the counts of calls
 * that resume at src + read add up). dst_len >= src_len always suffices. */
rapidutf_result rapidutf_utf8_to_latin1_lossy(const char *src, size_t src_len, char *dst,
    size_t dst_len, uint8_t replacement, size_t *replaced);

/* The UTF-8 bytes needed for Latin-1: one per byte below 0x80, two per
 * other byte. */
size_t rapidutf_utf8_len_from_latin1(const char *src, size_t len);

/* ---------------------------------------------------------------------
 * Windows-1252, as the WHATWG Encoding Standard defines it
 *
 * Bytes 00..7F and A0..FF are the code points of the same value; bytes
 * 80..9F follow the standard's index-windows-1252 (80 is U+20AC, 93 and
 * 94 are U+201C and U+201D, ...), where the five bytes the code page
 * leaves undefined (81 8D 8F 90 9D) are the C1 controls of the same
 * value. Conversions from Windows-1252 never fail on their input;
 * conversions to it validate their input and report a valid character it
 * cannot represent as RAPIDUTF_INVALID_INPUT with
 * RAPIDUTF_KIND_UNREPRESENTABLE.
 *
 * Output sizes (in output units) that always suffice:
 *   windows1252 -> utf8             dst_len >= 3 * src_len
 *   windows1252 -> utf16*, utf32    dst_len >= src_len
 *   utf8, utf16*, utf32 -> windows1252   dst_len >= src_len
 * ------------------------------------------------------------------- */

rapidutf_result rapidutf_windows1252_to_utf8(const char *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_windows1252_to_utf16(const char *src, size_t src_len, rapidutf_char16 *dst,
    size_t dst_len);
rapidutf_result rapidutf_windows1252_to_utf16le(const char *src, size_t src_len, rapidutf_char16 *dst,
    size_t dst_len);
rapidutf_result rapidutf_windows1252_to_utf16be(const char *src, size_t src_len, rapidutf_char16 *dst,
    size_t dst_len);
rapidutf_result rapidutf_windows1252_to_utf32(const char *src, size_t src_len, rapidutf_char32 *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf8_to_windows1252(const char *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf16_to_windows1252(const rapidutf_char16 *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf16le_to_windows1252(const rapidutf_char16 *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf16be_to_windows1252(const rapidutf_char16 *src, size_t src_len, char *dst,
    size_t dst_len);
rapidutf_result rapidutf_utf32_to_windows1252(const rapidutf_char32 *src, size_t src_len, char *dst,
    size_t dst_len);

/* Lossy: UTF-8 to Windows-1252, `replacement` for each character it lacks
 * and each maximal invalid subpart; *replaced as for
 * rapidutf_utf8_to_latin1_lossy. dst_len >= src_len always suffices. */
rapidutf_result rapidutf_utf8_to_windows1252_lossy(const char *src, size_t src_len, char *dst,
    size_t dst_len, uint8_t replacement, size_t *replaced);

/* ---------------------------------------------------------------------
 * Lengths and counts
 *
 * Exact for valid input; on any input they return the documented count
 * (never an error), so they size buffers before validation: a buffer of
 * the returned size holds the conversion of the input's valid prefix.
 * Each returns 0 for a null src with len > 0 (or a misaligned one).
 * ------------------------------------------------------------------- */

/* Code points in UTF-8: the bytes that are not continuation bytes. Also the
 * UTF-32 length of UTF-8. */
size_t rapidutf_count_chars(const char *src, size_t len);
/* UTF-16 units for UTF-8: non-continuation bytes, plus one per F0..FF. */
size_t rapidutf_utf16_len_from_utf8(const char *src, size_t len);
/* UTF-8 bytes for UTF-16 (native, LE, BE): 1, 2 or 3 per unit by value, 2
 * per surrogate (4 per pair). */
size_t rapidutf_utf8_len_from_utf16(const rapidutf_char16 *src, size_t len);
size_t rapidutf_utf8_len_from_utf16le(const rapidutf_char16 *src, size_t len);
size_t rapidutf_utf8_len_from_utf16be(const rapidutf_char16 *src, size_t len);
/* UTF-8 bytes for UTF-32: 1 to 4 per value by magnitude. */
size_t rapidutf_utf8_len_from_utf32(const rapidutf_char32 *src, size_t len);
/* UTF-16 units for UTF-32: 1 per value, 2 from 0x10000 on. */
size_t rapidutf_utf16_len_from_utf32(const rapidutf_char32 *src, size_t len);
/* UTF-32 values for UTF-16 (native, LE, BE): every unit but low
 * surrogates. */
size_t rapidutf_utf32_len_from_utf16(const rapidutf_char16 *src, size_t len);
size_t rapidutf_utf32_len_from_utf16le(const rapidutf_char16 *src, size_t len);
size_t rapidutf_utf32_len_from_utf16be(const rapidutf_char16 *src, size_t len);
/* UTF-32 values (code points) of UTF-8: rapidutf_count_chars by the
 * grid's name. */
size_t rapidutf_utf32_len_from_utf8(const char *src, size_t len);
/* UTF-8 bytes of UTF-16 (native, LE, BE) decoded lossily: each unpaired
 * surrogate counts the 3 bytes of U+FFFD. */
size_t rapidutf_utf8_len_from_utf16_lossy(const rapidutf_char16 *src, size_t len);
size_t rapidutf_utf8_len_from_utf16le_lossy(const rapidutf_char16 *src, size_t len);
size_t rapidutf_utf8_len_from_utf16be_lossy(const rapidutf_char16 *src, size_t len);

/* ---------------------------------------------------------------------
 * Lossy decoding into a caller's buffer
 *
 * Each maximal invalid subpart of UTF-8, or each unpaired surrogate of
 * UTF-16, becomes one U+FFFD: the output is identical to Rust's
 * String::from_utf8_lossy / String::from_utf16_lossy (the Unicode "best
 * practice"). The status is RAPIDUTF_OK (read = src_len) or, when dst is
 * too small, RAPIDUTF_OUTPUT_TOO_SMALL with read and written: the call
 * stopped between two characters or replaced subparts, dst[0 .. written)
 * is final, and a call on src + read (src_len - read units) continues the
 * output exactly as one call with enough room would have. Never
 * RAPIDUTF_INVALID_INPUT.
 * ------------------------------------------------------------------- */

/* UTF-8 to UTF-8 (U+FFFD is EF BF BD). dst_len >= 3 * src_len always
 * suffices; dst_len >= src_len suffices for valid input. */
rapidutf_result rapidutf_utf8_to_string_lossy(const char *src, size_t src_len, char *dst,
                                              size_t dst_len);
/* UTF-8 to native-endian UTF-16. dst_len >= src_len always suffices. */
rapidutf_result rapidutf_utf8_to_utf16_lossy(const char *src, size_t src_len, rapidutf_char16 *dst,
                                             size_t dst_len);
/* UTF-16 (native, LE, BE) to UTF-8. dst_len >= 3 * src_len always
 * suffices. */
rapidutf_result rapidutf_utf16_to_string_lossy(const rapidutf_char16 *src, size_t src_len, char *dst,
                                               size_t dst_len);
rapidutf_result rapidutf_utf16le_to_string_lossy(const rapidutf_char16 *src, size_t src_len,
                                                 char *dst, size_t dst_len);
rapidutf_result rapidutf_utf16be_to_string_lossy(const rapidutf_char16 *src, size_t src_len,
                                                 char *dst, size_t dst_len);

/* The functions above, also reporting whether anything was replaced: the
 * number of replacements (maximal invalid subparts, or unpaired
 * surrogates) in src[0 .. read) goes to *replaced unless replaced is NULL,
 * on RAPIDUTF_OK and on RAPIDUTF_OUTPUT_TOO_SMALL, so the counts of calls
 * that resume at src + read add up. A misaligned replaced is
 * RAPIDUTF_MISALIGNED, with nothing read or written. The same holds for
 * every _report function below. */
rapidutf_result rapidutf_utf8_to_string_lossy_report(const char *src, size_t src_len, char *dst,
                                                     size_t dst_len, size_t *replaced);
rapidutf_result rapidutf_utf8_to_utf16_lossy_report(const char *src, size_t src_len,
                                                    rapidutf_char16 *dst, size_t dst_len,
                                                    size_t *replaced);
rapidutf_result rapidutf_utf16_to_string_lossy_report(const rapidutf_char16 *src, size_t src_len,
                                                      char *dst, size_t dst_len, size_t *replaced);
rapidutf_result rapidutf_utf16le_to_string_lossy_report(const rapidutf_char16 *src,
                                                        size_t src_len, char *dst, size_t dst_len,
                                                        size_t *replaced);
rapidutf_result rapidutf_utf16be_to_string_lossy_report(const rapidutf_char16 *src,
                                                        size_t src_len, char *dst, size_t dst_len,
                                                        size_t *replaced);

/* Lossy decoding of a stream, chunk by chunk: the functions above with a
 * `last` flag. With last = false, an incomplete character at the end of
 * src (UTF-8: a lead byte and the continuations allowed after it, 1 to 3
 * bytes; UTF-16: a high surrogate) is left unread, since the next chunk
 * may complete it: RAPIDUTF_OK then has read = src_len minus those units.
 * Put src[read .. src_len) in front of the next chunk (at most 3 bytes or
 * 1 unit on RAPIDUTF_OK; more after RAPIDUTF_OUTPUT_TOO_SMALL, as above).
 * Pass last = true with the final chunk (it may be empty): an incomplete
 * character at its end becomes U+FFFD. The concatenated output equals
 * String::from_utf8_lossy (or from_utf16_lossy) of the whole stream for
 * every chunking, a character split between chunks included:
 *
 *     char buf[4096 + 3], out[3 * sizeof buf];
 *     size_t have = 0, n;
 *     do {
 *         n = fread(buf + have, 1, 4096, f);
 *         bool last = n == 0;
 *         rapidutf_result r = rapidutf_utf8_to_string_lossy_chunk(
 *             buf, have + n, out, sizeof out, last);
 *         fwrite(out, 1, r.written, stdout);
 *         have = have + n - r.read;          // 0 to 3 bytes kept
 *         memmove(buf, buf + r.read, have);
 *     } while (n != 0);
 *
 * The output sizes that always suffice are those of the functions above
 * for src_len units. */
rapidutf_result rapidutf_utf8_to_string_lossy_chunk(const char *src, size_t src_len, char *dst,
                                                    size_t dst_len, bool last);
rapidutf_result rapidutf_utf8_to_utf16_lossy_chunk(const char *src, size_t src_len,
                                                   rapidutf_char16 *dst, size_t dst_len,
                                                   bool last);
rapidutf_result rapidutf_utf16_to_string_lossy_chunk(const rapidutf_char16 *src, size_t src_len,
                                                     char *dst, size_t dst_len, bool last);
rapidutf_result rapidutf_utf16le_to_string_lossy_chunk(const rapidutf_char16 *src,
                                                       size_t src_len, char *dst, size_t dst_len,
                                                       bool last);
rapidutf_result rapidutf_utf16be_to_string_lossy_chunk(const rapidutf_char16 *src,
                                                       size_t src_len, char *dst, size_t dst_len,
                                                       bool last);
/* The chunk functions with a replacement count (see the _report functions
 * above); what a call leaves unread is counted by the call that reads it. */
rapidutf_result rapidutf_utf8_to_string_lossy_chunk_report(const char *src, size_t src_len,
                                                           char *dst, size_t dst_len, bool last,
                                                           size_t *replaced);
rapidutf_result rapidutf_utf8_to_utf16_lossy_chunk_report(const char *src, size_t src_len,
                                                          rapidutf_char16 *dst, size_t dst_len,
                                                          bool last, size_t *replaced);
rapidutf_result rapidutf_utf16_to_string_lossy_chunk_report(const rapidutf_char16 *src,
                                                            size_t src_len, char *dst,
                                                            size_t dst_len, bool last,
                                                            size_t *replaced);
rapidutf_result rapidutf_utf16le_to_string_lossy_chunk_report(const rapidutf_char16 *src,
                                                              size_t src_len, char *dst,
                                                              size_t dst_len, bool last,
                                                              size_t *replaced);
rapidutf_result rapidutf_utf16be_to_string_lossy_chunk_report(const rapidutf_char16 *src,
                                                              size_t src_len, char *dst,
                                                              size_t dst_len, bool last,
                                                              size_t *replaced);

/*
 * Error strategies: what lossy UTF-8 decoding puts in place of each
 * maximal invalid subpart (the strategies the UTF-8 article lists).
 */
enum rapidutf_strategy {
    /* One U+FFFD per subpart (as the functions above). */
    RAPIDUTF_STRATEGY_REPLACE = 0,
    /* Drop the subpart. */
    RAPIDUTF_STRATEGY_IGNORE = 1,
    /* Decode each byte of the subpart as ISO-8859-1 (byte b is U+00b). */
    RAPIDUTF_STRATEGY_LATIN1 = 2,
    /* Decode each byte of the subpart as Windows-1252 (WHATWG mapping:
     * 80 is U+20AC; 81, 8D, 8F, 90, 9D are the C1 controls). */
    RAPIDUTF_STRATEGY_WINDOWS1252 = 3
};

/* UTF-8 to UTF-8 with a RAPIDUTF_STRATEGY_* code (RAPIDUTF_BAD_STRATEGY for
 * another). Bounded and resumable as the functions above; valid stretches
 * are copied as they are. dst_len >= 3 * src_len always suffices. */
rapidutf_result rapidutf_utf8_to_string_lossy_with(const char *src, size_t src_len,
                                                   char *dst, size_t dst_len,
                                                   int32_t strategy);
/* UTF-8 to native-endian UTF-16 with a strategy. dst_len >= src_len always
 * suffices. */
rapidutf_result rapidutf_utf8_to_utf16_lossy_with(const char *src, size_t src_len,
                                                  rapidutf_char16 *dst, size_t dst_len,
                                                  int32_t strategy);
/* The two above with a count of the subparts the strategy handled (see the
 * _report functions above). */
rapidutf_result rapidutf_utf8_to_string_lossy_with_report(const char *src, size_t src_len,
                                                          char *dst, size_t dst_len,
                                                          int32_t strategy, size_t *replaced);
rapidutf_result rapidutf_utf8_to_utf16_lossy_with_report(const char *src, size_t src_len,
                                                         rapidutf_char16 *dst, size_t dst_len,
                                                         int32_t strategy, size_t *replaced);

/* ---------------------------------------------------------------------
 * UTF-16 helpers
 * ------------------------------------------------------------------- */

/* Swaps the bytes of each unit (UTF-16LE <-> UTF-16BE) into dst:
 * RAPIDUTF_OK with read = written = src_len, or RAPIDUTF_OUTPUT_TOO_SMALL
 * with nothing written when dst_len < src_len. */
rapidutf_result rapidutf_swap_utf16_bytes(const rapidutf_char16 *src, size_t src_len, rapidutf_char16 *dst,
                                          size_t dst_len);
/* The same, in place: RAPIDUTF_OK with read = written = len. */
rapidutf_result rapidutf_swap_utf16_bytes_in_place(rapidutf_char16 *buf, size_t len);
/* Replaces each unpaired surrogate in place with U+FFFD (native, LE, BE
 * units), as JavaScript's String.prototype.toWellFormed; returns how many
 * were replaced, or SIZE_MAX for a null buf with len > 0 or a misaligned
 * one. */
size_t rapidutf_make_utf16_well_formed(rapidutf_char16 *buf, size_t len);
size_t rapidutf_make_utf16le_well_formed(rapidutf_char16 *buf, size_t len);
size_t rapidutf_make_utf16be_well_formed(rapidutf_char16 *buf, size_t len);
/* Copies src into dst (dst_len >= src_len) with each unpaired surrogate
 * replaced by U+FFFD; returns how many were replaced, or SIZE_MAX (and
 * writes nothing) for a bad argument or a dst shorter than src. */
size_t rapidutf_to_well_formed_utf16(const rapidutf_char16 *src, size_t src_len, rapidutf_char16 *dst,
                                     size_t dst_len);
size_t rapidutf_to_well_formed_utf16le(const rapidutf_char16 *src, size_t src_len, rapidutf_char16 *dst,
                                       size_t dst_len);
size_t rapidutf_to_well_formed_utf16be(const rapidutf_char16 *src, size_t src_len, rapidutf_char16 *dst,
                                       size_t dst_len);

/* ---------------------------------------------------------------------
 * Many strings in one buffer
 * ------------------------------------------------------------------- */

/* Validates a buffer of many strings, Arrow-style: string i is
 * buf[offsets[i] .. offsets[i + 1]) (offsets_len - 1 strings; none for
 * fewer than 2 offsets). One pass over the buffer at kernel speed, plus a
 * check that every offset is in bounds, ascending, and on a character
 * boundary. RAPIDUTF_OK (read = buf_len), or RAPIDUTF_INVALID_INPUT for
 * the first failing string, whose index goes to *string_index unless it
 * is null: with a UTF-8 kind, read and error_len are relative to that
 * string, as validating it alone reports; with
 * RAPIDUTF_KIND_OUT_OF_BOUNDS, RAPIDUTF_KIND_REVERSED or
 * RAPIDUTF_KIND_NEGATIVE they are 0. A
 * misaligned string_index is RAPIDUTF_MISALIGNED, before anything is
 * validated. The offsets are signed, as Arrow's (int32_t for utf8 arrays,
 * int64_t for large_utf8); a negative one is RAPIDUTF_KIND_NEGATIVE. */
rapidutf_result rapidutf_validate_utf8_offsets32(const char *buf, size_t buf_len,
                                                 const int32_t *offsets, size_t offsets_len,
                                                 size_t *string_index);
rapidutf_result rapidutf_validate_utf8_offsets64(const char *buf, size_t buf_len,
                                                 const int64_t *offsets, size_t offsets_len,
                                                 size_t *string_index);

/* ---------------------------------------------------------------------
 * Encoding detection
 * ------------------------------------------------------------------- */

/* The return value of rapidutf_detect_encoding, and the bit numbers of its
 * candidate set. */
enum rapidutf_encoding {
    RAPIDUTF_ENCODING_UTF8 = 1,
    RAPIDUTF_ENCODING_UTF16LE = 2,
    RAPIDUTF_ENCODING_UTF16BE = 3,
    RAPIDUTF_ENCODING_UTF32LE = 4,
    RAPIDUTF_ENCODING_UTF32BE = 5,
    RAPIDUTF_ENCODING_WINDOWS1252 = 6
};

/* What src[0 .. len) most likely is, as a RAPIDUTF_ENCODING_* code (0 for
 * a null src with len > 0): a byte order mark decides; else valid UTF-8;
 * else UTF-16/UTF-32 without a mark where validity and the zero bytes of
 * the units say so; else Windows-1252. Unless null, *bom_len receives the
 * length of the mark that decided (0 if none) and *candidates the set of
 * encodings the bytes are valid in, bit (1 << code) for each. A misaligned
 * bom_len or candidates returns -RAPIDUTF_MISALIGNED (nothing read or
 * written). Validates at kernel speed; never allocates. */
int32_t rapidutf_detect_encoding(const char *src, size_t len, size_t *bom_len,
                                 uint32_t *candidates);

/* Detects the encoding as rapidutf_detect_encoding does and decodes the
 * bytes into dst as UTF-8, strictly: the text after a byte order mark that
 * decided, through the strict transcoder of the encoding found (UTF-16 and
 * UTF-32 read as bytes, at any address). The RAPIDUTF_ENCODING_* code goes
 * to *encoding unless it is null, also when the text is invalid.
 * Positions (read) count bytes of src, the mark included, and error_len is
 * in bytes. Detection without a mark picks an encoding the bytes are valid
 * in, so RAPIDUTF_INVALID_INPUT means a mark that the rest contradicts.
 * dst_len >= 3 * src_len always suffices. */
rapidutf_result rapidutf_decode_detected(const char *src, size_t src_len, char *dst,
                                         size_t dst_len, int32_t *encoding);

/* ---------------------------------------------------------------------
 * Byte order marks and the kernel
 * ------------------------------------------------------------------- */

/* The byte order mark at the start of src[0 .. len), as a RAPIDUTF_BOM_*
 * code. Unless bom_len is null, *bom_len receives the mark's length in
 * bytes (0 for RAPIDUTF_BOM_NONE); a misaligned bom_len returns
 * -RAPIDUTF_MISALIGNED (nothing read or written). FF FE 00 00 is
 * UTF-32LE, not UTF-16LE followed by U+0000. */
int32_t rapidutf_detect_bom(const char *src, size_t len, size_t *bom_len);

/* The name of the SIMD kernel in use: "scalar", "portable", "sse42",
 * "avx2", "avx512", "neon" or "simd128". A static NUL-terminated string:
 * never null, never to be freed. Chosen once per process, the fastest the
 * CPU runs, unless the environment variable RAPIDUTF_KERNEL names another
 * available one. */
const char *rapidutf_active_kernel_name(void);

/* ---------------------------------------------------------------------
 * Version and messages
 * ------------------------------------------------------------------- */

/* The version of the library that runs, "MAJOR.MINOR.PATCH", and as
 * MAJOR * 1000000 + MINOR * 1000 + PATCH. Compare with RAPIDUTF_VERSION /
 * RAPIDUTF_VERSION_NUMBER, the header's, to detect a program built
 * against another version than the one it loaded. Static strings: never
 * null, never to be freed. */
const char *rapidutf_version(void);
uint32_t rapidutf_version_number(void);

/* A short English description of a RAPIDUTF_* status code, or of a
 * RAPIDUTF_KIND_* code ("overlong encoding", ...), for messages and logs.
 * Static NUL-terminated strings: never null (a code that is none of them
 * gives "unknown status" / "unknown kind"), never to be freed. */
const char *rapidutf_status_name(int32_t status);
const char *rapidutf_kind_name(int32_t kind);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* RAPIDUTF_H */
