/*
 * Exercises every function of rapidutf.h from C: valid input, each error
 * kind, too-small outputs, null pointers with and without a length,
 * misaligned and overlapping buffers. Built and run by ci/capi.sh against
 * the static and the shared library. Exits 0 when every check passes.
 */
#include "rapidutf.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uchar.h>

/* The layout that the Rust side (#[repr(C)] RapidutfResult) has. */
_Static_assert(offsetof(rapidutf_result, status) == 0, "status");
_Static_assert(offsetof(rapidutf_result, kind) == 4, "kind");
_Static_assert(offsetof(rapidutf_result, read) == 8, "read");
_Static_assert(offsetof(rapidutf_result, written) == 8 + sizeof(size_t), "written");
_Static_assert(offsetof(rapidutf_result, error_len) == 8 + 2 * sizeof(size_t), "error_len");
_Static_assert(sizeof(rapidutf_result) == 8 + 3 * sizeof(size_t), "size");

static int checks = 0;
static int failures = 0;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        checks++;                                                                      \
        if (!(cond)) {                                                                 \
            failures++;                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                              \
    } while (0)

/* status, kind, read, written, error_len all as expected. */
static int is(rapidutf_result r, int32_t status, int32_t kind, size_t read, size_t written,
              size_t error_len) {
    if (r.status == status && r.kind == kind && r.read == read && r.written == written &&
        r.error_len == error_len)
        return 1;
    fprintf(stderr, "  got {status %d, kind %d, read %zu, written %zu, error_len %zu}\n",
            (int)r.status, (int)r.kind, r.read, r.written, r.error_len);
    return 0;
}

#define U8(s) (s), (sizeof(s) - 1)

static uint16_t swap16(uint16_t u) { return (uint16_t)((u >> 8) | (u << 8)); }

static int little_endian(void) {
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

/* Units stored in memory as little- or big-endian, from their values. */
static uint16_t le16(uint16_t v) { return little_endian() ? v : swap16(v); }
static uint16_t be16(uint16_t v) { return little_endian() ? swap16(v) : v; }

static void test_validation(void) {
    /* "héllo €𝄞" */
    static const char text[] = "h\xC3\xA9llo \xE2\x82\xAC\xF0\x9D\x84\x9E";
    CHECK(is(rapidutf_validate_utf8(U8(text)), RAPIDUTF_OK, RAPIDUTF_KIND_NONE, 14, 0, 0));
    CHECK(rapidutf_is_valid_utf8(U8(text)));
    CHECK(!rapidutf_is_ascii(U8(text)));
    CHECK(rapidutf_is_ascii(U8("plain")));

    /* One case per kind: position, kind, maximal-subpart length. */
    CHECK(is(rapidutf_validate_utf8(U8("a\xC0")), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_INVALID_BYTE, 1, 0, 1));
    CHECK(is(rapidutf_validate_utf8(U8("ab\x80")), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_UNEXPECTED_CONTINUATION, 2, 0, 1));
    CHECK(is(rapidutf_validate_utf8(U8("\xE0\x80\x80")), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_OVERLONG, 0, 0, 1));
    CHECK(is(rapidutf_validate_utf8(U8("ab\xED\xA0\x80")), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_SURROGATE, 2, 0, 1));
    CHECK(is(rapidutf_validate_utf8(U8("\xF4\x90\x80\x80")), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_TOO_LARGE, 0, 0, 1));
    CHECK(is(rapidutf_validate_utf8(U8("x\xF0\x9F\x98!")), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_MISSING_CONTINUATION, 1, 0, 3));
    CHECK(is(rapidutf_validate_utf8(U8("x\xF0\x9F\x98")), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_TRUNCATED, 1, 0, 0));
    CHECK(!rapidutf_is_valid_utf8(U8("\xC0\xAF")));

    /* An error far into a long input (past the SIMD kernels' blocks). */
    {
        char big[1000];
        memset(big, 'a', sizeof big);
        big[777] = '\xFF';
        CHECK(is(rapidutf_validate_utf8(big, sizeof big), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_INVALID_BYTE, 777, 0, 1));
        CHECK(!rapidutf_is_valid_utf8(big, sizeof big));
        CHECK(!rapidutf_is_ascii(big, sizeof big));
        big[777] = 'a';
        CHECK(rapidutf_is_valid_utf8(big, sizeof big));
        CHECK(rapidutf_is_ascii(big, sizeof big));
    }

    {
        const uint16_t ok[] = {0x61, 0xD834, 0xDD1E};
        const uint16_t high[] = {0x61, 0xD834, 0x62};
        const uint16_t low[] = {0xDD1E};
        uint16_t ok_le[3], ok_be[3], high_le[3], low_be[1];
        size_t i;
        for (i = 0; i < 3; i++) {
            ok_le[i] = le16(ok[i]);
            ok_be[i] = be16(ok[i]);
            high_le[i] = le16(high[i]);
        }
        low_be[0] = be16(low[0]);
        CHECK(is(rapidutf_validate_utf16(ok, 3), RAPIDUTF_OK, 0, 3, 0, 0));
        CHECK(is(rapidutf_validate_utf16le(ok_le, 3), RAPIDUTF_OK, 0, 3, 0, 0));
        CHECK(is(rapidutf_validate_utf16be(ok_be, 3), RAPIDUTF_OK, 0, 3, 0, 0));
        CHECK(is(rapidutf_validate_utf16(high, 3), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_UNPAIRED_HIGH, 1, 0, 1));
        CHECK(is(rapidutf_validate_utf16le(high_le, 3), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_UNPAIRED_HIGH, 1, 0, 1));
        CHECK(is(rapidutf_validate_utf16be(low_be, 1), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_UNPAIRED_LOW, 0, 0, 1));
        /* Read in the other byte order, the same memory is another text
         * (0x6100 0x34D8 0x1EDD), valid here. */
        CHECK(rapidutf_validate_utf16be(ok_le, 3).status == RAPIDUTF_OK);
    }
    {
        const uint32_t ok[] = {0x61, 0x10FFFF};
        const uint32_t sur[] = {0x61, 0x62, 0xD800};
        const uint32_t big[] = {0x110000};
        CHECK(is(rapidutf_validate_utf32(ok, 2), RAPIDUTF_OK, 0, 2, 0, 0));
        CHECK(is(rapidutf_validate_utf32(sur, 3), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_SURROGATE, 2, 0, 1));
        CHECK(is(rapidutf_validate_utf32(big, 1), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_TOO_LARGE, 0, 0, 1));
    }
}

/* "a€😀" in every form. */
static const char text8[] = "a\xE2\x82\xAC\xF0\x9F\x98\x80"; /* 8 bytes + NUL */
static const uint16_t text16[] = {0x61, 0x20AC, 0xD83D, 0xDE00};
static const uint32_t text32[] = {0x61, 0x20AC, 0x1F600};

static void test_transcoding(void) {
    uint16_t u16[16];
    uint16_t le[4], be[4];
    char u8[32];
    uint32_t u32[16];
    size_t i;
    for (i = 0; i < 4; i++) {
        le[i] = le16(text16[i]);
        be[i] = be16(text16[i]);
    }

    /* UTF-8 -> UTF-16 (native, LE, BE). */
    CHECK(is(rapidutf_utf8_to_utf16(text8, 8, u16, 8), RAPIDUTF_OK, 0, 8, 4, 0));
    CHECK(memcmp(u16, text16, sizeof text16) == 0);
    CHECK(is(rapidutf_utf8_to_utf16le(text8, 8, u16, 8), RAPIDUTF_OK, 0, 8, 4, 0));
    CHECK(memcmp(u16, le, sizeof le) == 0);
    CHECK(is(rapidutf_utf8_to_utf16be(text8, 8, u16, 8), RAPIDUTF_OK, 0, 8, 4, 0));
    CHECK(memcmp(u16, be, sizeof be) == 0);
    /* Too small: room for "a€" and half a pair; the pair is not split. */
    CHECK(is(rapidutf_utf8_to_utf16(text8, 8, u16, 3), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 4, 2, 0));
    CHECK(is(rapidutf_utf8_to_utf16le(text8, 8, u16, 0), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf8_to_utf16be(text8, 8, u16, 1), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 1, 1, 0));
    /* Invalid input is reported in input units. */
    CHECK(is(rapidutf_utf8_to_utf16(U8("ab\xFF"), u16, 16), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_INVALID_BYTE, 2, 0, 1));
    /* Problems in input order: the error comes before running out. */
    CHECK(is(rapidutf_utf8_to_utf16(U8("\xFF" "abc"), u16, 1), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_INVALID_BYTE, 0, 0, 1));

    /* UTF-16LE and UTF-32BE given as bytes, one byte past the start of a
     * buffer (an odd address), with a partial unit at the end: positions
     * and lengths in bytes. */
    {
        const char file16[] = "x" "h\0\xAC\x20" "A";
        const char file32[] = "x" "\0\0\0h" "\0\x01\xF6\0" "\0\0\xD8\0";
        CHECK(is(rapidutf_validate_utf16le_bytes(file16 + 1, 4), RAPIDUTF_OK, 0, 4, 0, 0));
        CHECK(is(rapidutf_utf16le_bytes_to_utf8(file16 + 1, 4, u8, 6), RAPIDUTF_OK, 0, 4, 4, 0));
        CHECK(memcmp(u8, "h\xE2\x82\xAC", 4) == 0);
        CHECK(is(rapidutf_utf16le_bytes_to_utf8(file16 + 1, 5, u8, 6), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_INCOMPLETE_UNIT, 4, 0, 1));
        CHECK(is(rapidutf_utf32be_bytes_to_utf8(file32 + 1, 8, u8, 8), RAPIDUTF_OK, 0, 8, 5, 0));
        CHECK(memcmp(u8, "h\xF0\x9F\x98\x80", 5) == 0);
        CHECK(is(rapidutf_validate_utf32be_bytes(file32 + 1, 12), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_SURROGATE, 8, 0, 4));
    }

    /* Detect, then decode: a UTF-16LE file with its byte order mark, and
     * one whose mark the rest contradicts (positions in bytes, the mark
     * included). */
    {
        const char file[] = "x" "\xFF\xFEh\0\xAC\x20";
        const char bad[] = "\xFF\xFEh\0\0\xDC";
        int32_t enc = 0;
        CHECK(is(rapidutf_decode_detected(file + 1, 6, u8, 18, &enc), RAPIDUTF_OK, 0, 6, 4, 0));
        CHECK(enc == RAPIDUTF_ENCODING_UTF16LE && memcmp(u8, "h\xE2\x82\xAC", 4) == 0);
        CHECK(is(rapidutf_decode_detected(bad, 6, u8, 18, NULL), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_UNPAIRED_LOW, 4, 0, 2));
    }

    /* UTF-16 -> UTF-8. */
    CHECK(is(rapidutf_utf16_to_utf8(text16, 4, u8, 12), RAPIDUTF_OK, 0, 4, 8, 0));
    CHECK(memcmp(u8, text8, 8) == 0);
    CHECK(is(rapidutf_utf16le_to_utf8(le, 4, u8, 12), RAPIDUTF_OK, 0, 4, 8, 0));
    CHECK(memcmp(u8, text8, 8) == 0);
    CHECK(is(rapidutf_utf16be_to_utf8(be, 4, u8, 12), RAPIDUTF_OK, 0, 4, 8, 0));
    CHECK(memcmp(u8, text8, 8) == 0);
    CHECK(is(rapidutf_utf16_to_utf8(text16, 4, u8, 7), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 2, 4, 0));
    CHECK(is(rapidutf_utf16le_to_utf8(le, 4, u8, 3), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 1, 1, 0));
    {
        const uint16_t bad[] = {0x61, 0xDE00};
        uint16_t bad_be[2];
        bad_be[0] = be16(bad[0]);
        bad_be[1] = be16(bad[1]);
        CHECK(is(rapidutf_utf16_to_utf8(bad, 2, u8, 6), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_UNPAIRED_LOW, 1, 0, 1));
        CHECK(is(rapidutf_utf16be_to_utf8(bad_be, 2, u8, 6), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_UNPAIRED_LOW, 1, 0, 1));
        uint16_t bad_le[2];
        bad_le[0] = le16(bad[0]);
        bad_le[1] = le16(bad[1]);
        CHECK(is(rapidutf_utf16le_to_utf32(bad_le, 2, u32, 2), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_UNPAIRED_LOW, 1, 0, 1));
        CHECK(is(rapidutf_utf16be_to_utf32(bad_be, 2, u32, 2), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_UNPAIRED_LOW, 1, 0, 1));
    }

    /* UTF-8 <-> UTF-32. */
    CHECK(is(rapidutf_utf8_to_utf32(text8, 8, u32, 8), RAPIDUTF_OK, 0, 8, 3, 0));
    CHECK(memcmp(u32, text32, sizeof text32) == 0);
    CHECK(is(rapidutf_utf8_to_utf32(text8, 8, u32, 2), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 4, 2, 0));
    CHECK(is(rapidutf_utf8_to_utf32(U8("a\xED\xA0\x80"), u32, 8), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_SURROGATE, 1, 0, 1));
    CHECK(is(rapidutf_utf32_to_utf8(text32, 3, u8, 12), RAPIDUTF_OK, 0, 3, 8, 0));
    CHECK(memcmp(u8, text8, 8) == 0);
    CHECK(is(rapidutf_utf32_to_utf8(text32, 3, u8, 7), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 2, 4, 0));
    {
        const uint32_t bad[] = {0x61, 0x110000};
        CHECK(is(rapidutf_utf32_to_utf8(bad, 2, u8, 8), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_TOO_LARGE, 1, 0, 1));
        CHECK(is(rapidutf_utf32_to_utf16(bad, 2, u16, 4), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_TOO_LARGE, 1, 0, 1));
    }

    /* UTF-16 <-> UTF-32. */
    CHECK(is(rapidutf_utf16_to_utf32(text16, 4, u32, 4), RAPIDUTF_OK, 0, 4, 3, 0));
    CHECK(memcmp(u32, text32, sizeof text32) == 0);
    CHECK(is(rapidutf_utf16le_to_utf32(le, 4, u32, 4), RAPIDUTF_OK, 0, 4, 3, 0));
    CHECK(memcmp(u32, text32, sizeof text32) == 0);
    CHECK(is(rapidutf_utf16be_to_utf32(be, 4, u32, 4), RAPIDUTF_OK, 0, 4, 3, 0));
    CHECK(memcmp(u32, text32, sizeof text32) == 0);
    CHECK(is(rapidutf_utf16be_to_utf32(be, 4, u32, 2), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 2, 2, 0));
    {
        const uint16_t bad[] = {0xD800};
        CHECK(is(rapidutf_utf16_to_utf32(bad, 1, u32, 1), RAPIDUTF_INVALID_INPUT,
                 RAPIDUTF_KIND_UNPAIRED_HIGH, 0, 0, 1));
    }
    CHECK(is(rapidutf_utf32_to_utf16(text32, 3, u16, 6), RAPIDUTF_OK, 0, 3, 4, 0));
    CHECK(memcmp(u16, text16, sizeof text16) == 0);
    CHECK(is(rapidutf_utf32_to_utf16le(text32, 3, u16, 6), RAPIDUTF_OK, 0, 3, 4, 0));
    CHECK(memcmp(u16, le, sizeof le) == 0);
    CHECK(is(rapidutf_utf32_to_utf16be(text32, 3, u16, 6), RAPIDUTF_OK, 0, 3, 4, 0));
    CHECK(memcmp(u16, be, sizeof be) == 0);
    CHECK(is(rapidutf_utf32_to_utf16(text32, 3, u16, 3), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 2, 2, 0));
    CHECK(is(rapidutf_utf32_to_utf16le(text32, 3, u16, 1), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 1, 1, 0));
    CHECK(is(rapidutf_utf32_to_utf16be(text32, 3, u16, 0), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 0, 0, 0));

    /* A long round trip through every form, sized by the length functions. */
    {
        enum { N = 3000 };
        char *src = (char *)malloc(N * 8);
        uint16_t *mid16;
        uint32_t *mid32;
        char *back;
        size_t n16, n32, n8;
        rapidutf_result r;
        for (i = 0; i < N; i++) memcpy(src + 8 * i, text8, 8);
        n16 = rapidutf_utf16_len_from_utf8(src, N * 8);
        n32 = rapidutf_count_chars(src, N * 8);
        CHECK(n16 == 4 * N && n32 == 3 * N);
        mid16 = (uint16_t *)malloc(n16 * sizeof *mid16);
        mid32 = (uint32_t *)malloc(n32 * sizeof *mid32);
        r = rapidutf_utf8_to_utf16le(src, N * 8, mid16, n16);
        CHECK(is(r, RAPIDUTF_OK, 0, N * 8, n16, 0));
        r = rapidutf_utf16le_to_utf32(mid16, n16, mid32, n32);
        CHECK(is(r, RAPIDUTF_OK, 0, n16, n32, 0));
        n8 = rapidutf_utf8_len_from_utf32(mid32, n32);
        CHECK(n8 == N * 8);
        back = (char *)malloc(n8);
        r = rapidutf_utf32_to_utf8(mid32, n32, back, n8);
        CHECK(is(r, RAPIDUTF_OK, 0, n32, n8, 0));
        CHECK(memcmp(back, src, n8) == 0);
        free(src);
        free(mid16);
        free(mid32);
        free(back);
    }
}

static void test_counts(void) {
    uint16_t le[4], be[4];
    size_t i;
    for (i = 0; i < 4; i++) {
        le[i] = le16(text16[i]);
        be[i] = be16(text16[i]);
    }
    CHECK(rapidutf_count_chars(text8, 8) == 3);
    CHECK(rapidutf_utf16_len_from_utf8(text8, 8) == 4);
    CHECK(rapidutf_utf8_len_from_utf16(text16, 4) == 8);
    CHECK(rapidutf_utf8_len_from_utf16le(le, 4) == 8);
    CHECK(rapidutf_utf8_len_from_utf16be(be, 4) == 8);
    CHECK(rapidutf_utf8_len_from_utf32(text32, 3) == 8);
    CHECK(rapidutf_utf16_len_from_utf32(text32, 3) == 4);
    CHECK(rapidutf_utf32_len_from_utf16(text16, 4) == 3);
    CHECK(rapidutf_utf32_len_from_utf16le(le, 4) == 3);
    CHECK(rapidutf_utf32_len_from_utf16be(be, 4) == 3);
    /* Defined on invalid input too: non-continuation bytes. */
    CHECK(rapidutf_count_chars(U8("\x80\x80" "a\xFF")) == 2);
}

static void test_lossy(void) {
    char out[64];
    uint16_t out16[16];
    rapidutf_result r;
    /* "a" E1 A0 (truncated subpart) C0 (invalid) "b": two U+FFFD. */
    static const char want[] = "a\xEF\xBF\xBD\xEF\xBF\xBD" "b";
    r = rapidutf_utf8_to_string_lossy(U8("a\xE1\xA0\xC0" "b"), out, sizeof out);
    CHECK(is(r, RAPIDUTF_OK, 0, 5, 8, 0));
    CHECK(memcmp(out, want, 8) == 0);
    /* Too small: stops before the U+FFFD that does not fit; resume. */
    r = rapidutf_utf8_to_string_lossy(U8("a\xE1\xA0\xC0" "b"), out, 3);
    CHECK(is(r, RAPIDUTF_OUTPUT_TOO_SMALL, 0, 1, 1, 0));
    r = rapidutf_utf8_to_string_lossy("a\xE1\xA0\xC0" "b" + 1, 4, out + 1, 63);
    CHECK(is(r, RAPIDUTF_OK, 0, 4, 7, 0));
    CHECK(memcmp(out, want, 8) == 0);
    /* Valid input is copied. */
    r = rapidutf_utf8_to_string_lossy(text8, 8, out, 8);
    CHECK(is(r, RAPIDUTF_OK, 0, 8, 8, 0) && memcmp(out, text8, 8) == 0);

    r = rapidutf_utf8_to_utf16_lossy(U8("a\xE1\xA0\xC0" "b"), out16, 5);
    CHECK(is(r, RAPIDUTF_OK, 0, 5, 4, 0));
    CHECK(out16[0] == 0x61 && out16[1] == 0xFFFD && out16[2] == 0xFFFD && out16[3] == 0x62);
    r = rapidutf_utf8_to_utf16_lossy(text8, 8, out16, 3);
    CHECK(is(r, RAPIDUTF_OUTPUT_TOO_SMALL, 0, 4, 2, 0));

    {
        const uint16_t bad[] = {0x61, 0xDC00, 0xD834, 0xDD1E, 0xD800};
        uint16_t le[5], be[5];
        /* a U+FFFD 𝄞 U+FFFD */
        static const char want16[] = "a\xEF\xBF\xBD\xF0\x9D\x84\x9E\xEF\xBF\xBD";
        size_t i;
        for (i = 0; i < 5; i++) {
            le[i] = le16(bad[i]);
            be[i] = be16(bad[i]);
        }
        r = rapidutf_utf16_to_string_lossy(bad, 5, out, sizeof out);
        CHECK(is(r, RAPIDUTF_OK, 0, 5, 11, 0) && memcmp(out, want16, 11) == 0);
        r = rapidutf_utf16le_to_string_lossy(le, 5, out, sizeof out);
        CHECK(is(r, RAPIDUTF_OK, 0, 5, 11, 0) && memcmp(out, want16, 11) == 0);
        r = rapidutf_utf16be_to_string_lossy(be, 5, out, sizeof out);
        CHECK(is(r, RAPIDUTF_OK, 0, 5, 11, 0) && memcmp(out, want16, 11) == 0);
        r = rapidutf_utf16_to_string_lossy(bad, 5, out, 7);
        CHECK(is(r, RAPIDUTF_OUTPUT_TOO_SMALL, 0, 2, 4, 0));
        r = rapidutf_utf16be_to_string_lossy(be, 5, out, 10);
        CHECK(is(r, RAPIDUTF_OUTPUT_TOO_SMALL, 0, 4, 8, 0));
    }
}

/* The _report forms: the same results, and the number of replacements in
 * what was read, through an optional pointer. */
static void test_lossy_reports(void) {
    char out[64];
    uint16_t out16[16];
    size_t n = 99, odd[2] = {7, 7};
    rapidutf_result r;
    const uint16_t bad[] = {0x61, 0xDC00, 0xD834, 0xDD1E, 0xD800};
    uint16_t le[5], be[5];
    size_t i;
    for (i = 0; i < 5; i++) {
        le[i] = le16(bad[i]);
        be[i] = be16(bad[i]);
    }
    r = rapidutf_utf8_to_string_lossy_report(U8("a\xE1\xA0\xC0" "b"), out, sizeof out, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 5, 8, 0) && n == 2);
    /* Too small after the first replacement: it alone is counted. */
    r = rapidutf_utf8_to_string_lossy_report(U8("a\xE1\xA0\xC0" "b"), out, 6, &n);
    CHECK(is(r, RAPIDUTF_OUTPUT_TOO_SMALL, 0, 3, 4, 0) && n == 1);
    r = rapidutf_utf8_to_string_lossy_report(U8("a\xE1\xA0\xC0" "b"), out, sizeof out, NULL);
    CHECK(is(r, RAPIDUTF_OK, 0, 5, 8, 0));
    r = rapidutf_utf8_to_string_lossy_report(U8("\xFF"), out, sizeof out,
                                             (size_t *)((char *)odd + 1));
    CHECK(is(r, RAPIDUTF_MISALIGNED, 0, 0, 0, 0) && odd[0] == 7 && odd[1] == 7);
    r = rapidutf_utf8_to_utf16_lossy_report(U8("a\xE1\xA0\xC0" "b"), out16, 16, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 5, 4, 0) && n == 2);
    r = rapidutf_utf8_to_string_lossy_with_report(U8("5 \x80\xFF"), out, sizeof out,
                                                  RAPIDUTF_STRATEGY_IGNORE, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 4, 2, 0) && n == 2 && memcmp(out, "5 ", 2) == 0);
    r = rapidutf_utf8_to_utf16_lossy_with_report(U8("5 \x80"), out16, 16,
                                                 RAPIDUTF_STRATEGY_WINDOWS1252, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 3, 3, 0) && n == 1 && out16[2] == 0x20AC);
    r = rapidutf_utf16_to_string_lossy_report(bad, 5, out, sizeof out, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 5, 11, 0) && n == 2);
    r = rapidutf_utf16le_to_string_lossy_report(le, 5, out, sizeof out, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 5, 11, 0) && n == 2);
    r = rapidutf_utf16be_to_string_lossy_report(be, 5, out, sizeof out, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 5, 11, 0) && n == 2);
    /* Chunks: what is left unread is not counted yet. */
    r = rapidutf_utf8_to_string_lossy_chunk_report(U8("\xFF" "ab\xF0\x9F"), out, sizeof out,
                                                   false, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 3, 5, 0) && n == 1);
    r = rapidutf_utf8_to_string_lossy_chunk_report(U8("\xF0\x9F"), out, sizeof out, true, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 2, 3, 0) && n == 1);
    r = rapidutf_utf8_to_utf16_lossy_chunk_report(U8("\xFF" "a\xE2"), out16, 16, false, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 2, 2, 0) && n == 1);
    r = rapidutf_utf16_to_string_lossy_chunk_report(bad, 5, out, sizeof out, false, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 4, 8, 0) && n == 1);
    r = rapidutf_utf16le_to_string_lossy_chunk_report(le, 5, out, sizeof out, true, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 5, 11, 0) && n == 2);
    r = rapidutf_utf16be_to_string_lossy_chunk_report(be, 5, out, sizeof out, false, &n);
    CHECK(is(r, RAPIDUTF_OK, 0, 4, 8, 0) && n == 1);
}

static void test_bom_and_kernel(void) {
    size_t n = 99;
    const char *name;
    CHECK(rapidutf_detect_bom(U8("\xEF\xBB\xBFhi"), &n) == RAPIDUTF_BOM_UTF8 && n == 3);
    CHECK(rapidutf_detect_bom(U8("\xFF\xFE" "a"), &n) == RAPIDUTF_BOM_UTF16LE && n == 2);
    CHECK(rapidutf_detect_bom(U8("\xFE\xFF"), &n) == RAPIDUTF_BOM_UTF16BE && n == 2);
    CHECK(rapidutf_detect_bom(U8("\xFF\xFE\x00\x00"), &n) == RAPIDUTF_BOM_UTF32LE && n == 4);
    CHECK(rapidutf_detect_bom(U8("\x00\x00\xFE\xFF"), &n) == RAPIDUTF_BOM_UTF32BE && n == 4);
    CHECK(rapidutf_detect_bom(U8("\xEF\xBB"), &n) == RAPIDUTF_BOM_NONE && n == 0);
    CHECK(rapidutf_detect_bom(U8("\xEF\xBB\xBF"), NULL) == RAPIDUTF_BOM_UTF8);

    name = rapidutf_active_kernel_name();
    CHECK(name != NULL);
    if (name) {
        CHECK(strcmp(name, "scalar") == 0 || strcmp(name, "portable") == 0 ||
              strcmp(name, "sse42") == 0 || strcmp(name, "avx2") == 0 ||
              strcmp(name, "avx512") == 0 || strcmp(name, "neon") == 0);
        /* RAPIDUTF_KERNEL forces an available kernel. */
        if (getenv("RAPIDUTF_KERNEL")) CHECK(strcmp(name, getenv("RAPIDUTF_KERNEL")) == 0);
        printf("active kernel: %s\n", name);
    }
}

static void test_arguments(void) {
    char bytes[16];
    uint16_t words[8];
    uint32_t dwords[4];
    size_t n = 7;
    rapidutf_result r;

    /* Null with length 0: empty buffers, everywhere. */
    CHECK(is(rapidutf_validate_utf8(NULL, 0), RAPIDUTF_OK, 0, 0, 0, 0));
    CHECK(rapidutf_is_valid_utf8(NULL, 0));
    CHECK(rapidutf_is_ascii(NULL, 0));
    CHECK(is(rapidutf_validate_utf16(NULL, 0), RAPIDUTF_OK, 0, 0, 0, 0));
    CHECK(is(rapidutf_validate_utf32(NULL, 0), RAPIDUTF_OK, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf8_to_utf16(NULL, 0, NULL, 0), RAPIDUTF_OK, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf16_to_utf8(NULL, 0, bytes, 16), RAPIDUTF_OK, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf32_to_utf16(NULL, 0, NULL, 0), RAPIDUTF_OK, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf8_to_string_lossy(NULL, 0, NULL, 0), RAPIDUTF_OK, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf16_to_string_lossy(NULL, 0, NULL, 0), RAPIDUTF_OK, 0, 0, 0, 0));
    CHECK(rapidutf_count_chars(NULL, 0) == 0);
    CHECK(rapidutf_utf8_len_from_utf32(NULL, 0) == 0);
    CHECK(rapidutf_detect_bom(NULL, 0, &n) == RAPIDUTF_BOM_NONE && n == 0);
    /* A non-empty input into a null, empty output: too small, not an
     * argument error. */
    CHECK(is(rapidutf_utf8_to_utf32(U8("a"), NULL, 0), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 0, 0, 0));

    /* Null with a length: reported, nothing touched. */
    CHECK(is(rapidutf_validate_utf8(NULL, 3), RAPIDUTF_NULL_POINTER, 0, 0, 0, 0));
    CHECK(!rapidutf_is_valid_utf8(NULL, 3));
    CHECK(!rapidutf_is_ascii(NULL, 3));
    CHECK(is(rapidutf_validate_utf16be(NULL, 3), RAPIDUTF_NULL_POINTER, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf8_to_utf16(NULL, 3, words, 8), RAPIDUTF_NULL_POINTER, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf8_to_utf16(U8("abc"), NULL, 8), RAPIDUTF_NULL_POINTER, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf8_to_utf16_lossy(U8("abc"), NULL, 8), RAPIDUTF_NULL_POINTER, 0, 0, 0, 0));
    CHECK(is(rapidutf_utf16le_to_string_lossy(NULL, 1, bytes, 8), RAPIDUTF_NULL_POINTER, 0, 0,
             0, 0));
    CHECK(rapidutf_utf16_len_from_utf32(NULL, 3) == 0);
    CHECK(rapidutf_detect_bom(NULL, 3, &n) == RAPIDUTF_BOM_NONE && n == 0);

    /* Misaligned wide buffers. */
    {
        const uint16_t *odd16 = (const uint16_t *)(const void *)((const uint8_t *)words + 1);
        const uint32_t *odd32 = (const uint32_t *)(const void *)((const uint8_t *)dwords + 2);
        memset(words, 0, sizeof words);
        CHECK(is(rapidutf_validate_utf16(odd16, 2), RAPIDUTF_MISALIGNED, 0, 0, 0, 0));
        CHECK(is(rapidutf_validate_utf32(odd32, 1), RAPIDUTF_MISALIGNED, 0, 0, 0, 0));
        CHECK(is(rapidutf_utf8_to_utf32(U8("a"), (uint32_t *)(void *)(bytes + 1), 2),
                 RAPIDUTF_MISALIGNED, 0, 0, 0, 0));
        CHECK(rapidutf_utf32_len_from_utf16(odd16, 2) == 0);
    }

    /* Misaligned out-pointers: an argument error, nothing written (the
     * bytes around them keep their marker). */
    {
        unsigned char raw[2 * sizeof(size_t) + 8];
        memset(raw, 0xA5, sizeof raw);
        size_t *odd_size = (size_t *)(void *)(raw + 1);
        uint32_t *odd_u32 = (uint32_t *)(void *)(raw + 1);
        uint32_t good_set = 0;
        size_t good_bom = 9;
        CHECK(rapidutf_detect_bom(U8("\xEF\xBB\xBFhi"), odd_size) == -RAPIDUTF_MISALIGNED);
        CHECK(rapidutf_detect_encoding(U8("hi"), odd_size, &good_set) == -RAPIDUTF_MISALIGNED &&
              good_set == 0);
        CHECK(rapidutf_detect_encoding(U8("hi"), &good_bom, odd_u32) == -RAPIDUTF_MISALIGNED &&
              good_bom == 9);
        const int32_t offs[3] = {0, 2, 3};
        r = rapidutf_validate_utf8_offsets32(U8("ok\xFF"), offs, 3, odd_size);
        CHECK(is(r, RAPIDUTF_MISALIGNED, 0, 0, 0, 0));
        const int64_t offs64[3] = {0, 2, 3};
        r = rapidutf_validate_utf8_offsets64(U8("ok\xFF"), offs64, 3, odd_size);
        CHECK(is(r, RAPIDUTF_MISALIGNED, 0, 0, 0, 0));
        int untouched = 1;
        for (size_t i = 0; i < sizeof raw; i++) {
            untouched &= raw[i] == 0xA5;
        }
        CHECK(untouched);
    }

    /* Output overlapping the input (e.g. "in place"). */
    memcpy(bytes, "abcdefgh", 8);
    r = rapidutf_utf8_to_string_lossy(bytes, 8, bytes + 4, 8);
    CHECK(is(r, RAPIDUTF_OVERLAP, 0, 0, 0, 0));
    r = rapidutf_utf8_to_utf16((const char *)words, 4, words, 8);
    CHECK(is(r, RAPIDUTF_OVERLAP, 0, 0, 0, 0));
    /* Adjacent is fine. */
    r = rapidutf_utf8_to_string_lossy(bytes, 8, bytes + 8, 8);
    CHECK(is(r, RAPIDUTF_OK, 0, 8, 8, 0));

    /* Longer than PTRDIFF_MAX bytes. */
    CHECK(is(rapidutf_validate_utf32(dwords, SIZE_MAX / 4), RAPIDUTF_TOO_LONG, 0, 0, 0, 0));
    CHECK(is(rapidutf_validate_utf8(bytes, SIZE_MAX), RAPIDUTF_TOO_LONG, 0, 0, 0, 0));
}

static void test_strategies_strings_detection(void) {
    /* "café €5" with a Latin-1 é and a Windows-1252 €, then a truncated
     * sequence at the end. */
    static const char src[] = "caf\xE9 \x80" "5\xE2\x82";
    char out[64];
    uint16_t out16[32];
    rapidutf_result r;

    r = rapidutf_utf8_to_string_lossy_with(U8(src), out, sizeof out, RAPIDUTF_STRATEGY_REPLACE);
    CHECK(is(r, RAPIDUTF_OK, 0, 9, 14, 0) &&
          memcmp(out, "caf\xEF\xBF\xBD \xEF\xBF\xBD" "5\xEF\xBF\xBD", 14) == 0);
    r = rapidutf_utf8_to_string_lossy_with(U8(src), out, sizeof out, RAPIDUTF_STRATEGY_IGNORE);
    CHECK(is(r, RAPIDUTF_OK, 0, 9, 5, 0) && memcmp(out, "caf 5", 5) == 0);
    r = rapidutf_utf8_to_string_lossy_with(U8(src), out, sizeof out, RAPIDUTF_STRATEGY_LATIN1);
    CHECK(is(r, RAPIDUTF_OK, 0, 9, 13, 0) &&
          memcmp(out, "caf\xC3\xA9 \xC2\x80" "5\xC3\xA2\xC2\x82", 13) == 0);
    r = rapidutf_utf8_to_string_lossy_with(U8(src), out, sizeof out,
                                           RAPIDUTF_STRATEGY_WINDOWS1252);
    CHECK(is(r, RAPIDUTF_OK, 0, 9, 15, 0) &&
          memcmp(out, "caf\xC3\xA9 \xE2\x82\xAC" "5\xC3\xA2\xE2\x80\x9A", 15) == 0);
    /* Too small: stops before "é" (2 bytes of output, 1 of room), and a
     * second call on the rest continues exactly. */
    r = rapidutf_utf8_to_string_lossy_with(U8(src), out, 4, RAPIDUTF_STRATEGY_LATIN1);
    CHECK(is(r, RAPIDUTF_OUTPUT_TOO_SMALL, 0, 3, 3, 0));
    r = rapidutf_utf8_to_string_lossy_with(src + 3, 6, out + 3, 61,
                                           RAPIDUTF_STRATEGY_LATIN1);
    CHECK(is(r, RAPIDUTF_OK, 0, 6, 10, 0) &&
          memcmp(out, "caf\xC3\xA9 \xC2\x80" "5\xC3\xA2\xC2\x82", 13) == 0);
    r = rapidutf_utf8_to_string_lossy_with(U8(src), out, sizeof out, 42);
    CHECK(is(r, RAPIDUTF_BAD_STRATEGY, 0, 0, 0, 0));
    r = rapidutf_utf8_to_utf16_lossy_with(U8(src), out16, 32, RAPIDUTF_STRATEGY_WINDOWS1252);
    CHECK(is(r, RAPIDUTF_OK, 0, 9, 9, 0) && out16[3] == 0xE9 && out16[5] == 0x20AC &&
          out16[7] == 0xE2 && out16[8] == 0x201A);
    r = rapidutf_utf8_to_utf16_lossy_with(U8(src), out16, 32, RAPIDUTF_STRATEGY_IGNORE);
    CHECK(is(r, RAPIDUTF_OK, 0, 9, 5, 0) && out16[3] == ' ' && out16[4] == '5');
    r = rapidutf_utf8_to_utf16_lossy_with(NULL, 0, NULL, 0, RAPIDUTF_STRATEGY_REPLACE);
    CHECK(is(r, RAPIDUTF_OK, 0, 0, 0, 0));

    /* Many strings: "héllo", "", "wörld". */
    static const char buf[] = "h\xC3\xA9llow\xC3\xB6rld";
    const int32_t good32[] = {0, 6, 6, 12};
    const int64_t good64[] = {0, 6, 6, 12};
    const int32_t split[] = {0, 2, 12};   /* 2 is inside "é" */
    const int32_t past[] = {0, 6, 13};    /* 13 > 12 */
    const int32_t down[] = {0, 6, 3, 12}; /* 6 > 3 */
    size_t at = 99;
    r = rapidutf_validate_utf8_offsets32(U8(buf), good32, 4, &at);
    CHECK(is(r, RAPIDUTF_OK, 0, 12, 0, 0) && at == 99);
    r = rapidutf_validate_utf8_offsets64(U8(buf), good64, 4, &at);
    CHECK(is(r, RAPIDUTF_OK, 0, 12, 0, 0));
    r = rapidutf_validate_utf8_offsets32(U8(buf), split, 3, &at);
    CHECK(is(r, RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_TRUNCATED, 1, 0, 0) && at == 0);
    r = rapidutf_validate_utf8_offsets32(U8(buf), past, 3, &at);
    CHECK(is(r, RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_OUT_OF_BOUNDS, 0, 0, 0) && at == 1);
    r = rapidutf_validate_utf8_offsets32(U8(buf), down, 4, NULL);
    CHECK(is(r, RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_REVERSED, 0, 0, 0));
    r = rapidutf_validate_utf8_offsets32(U8("ok\xFF"), good32, 0, &at);
    CHECK(is(r, RAPIDUTF_OK, 0, 3, 0, 0));
    r = rapidutf_validate_utf8_offsets32(NULL, 4, good32, 4, &at);
    CHECK(is(r, RAPIDUTF_NULL_POINTER, 0, 0, 0, 0));

    /* Detection. */
    size_t bom = 9;
    uint32_t set = 0;
    CHECK(rapidutf_detect_encoding(U8("gr\xC3\xBC\xC3\x9F"), &bom, &set) == RAPIDUTF_ENCODING_UTF8 &&
          bom == 0 && (set & (1u << RAPIDUTF_ENCODING_UTF8)) &&
          (set & (1u << RAPIDUTF_ENCODING_WINDOWS1252)));
    CHECK(rapidutf_detect_encoding(U8("gr\xFC\xDF"), &bom, &set) == RAPIDUTF_ENCODING_WINDOWS1252 &&
          !(set & (1u << RAPIDUTF_ENCODING_UTF8)));
    CHECK(rapidutf_detect_encoding(U8("\xFE\xFF\x00h\x00i"), &bom, NULL) ==
              RAPIDUTF_ENCODING_UTF16BE && bom == 2);
    CHECK(rapidutf_detect_encoding(U8("h\0\0\0i\0\0\0"), NULL, NULL) == RAPIDUTF_ENCODING_UTF32LE);
    CHECK(rapidutf_detect_encoding(NULL, 5, &bom, &set) == 0);
    /* UTF-16 helpers. "a", a lone high surrogate, "b", a lone low one. */
    uint16_t units[4] = {0x61, 0xD800, 0x62, 0xDC00};
    uint16_t fixed[4], swapped[4];
    CHECK(rapidutf_to_well_formed_utf16(units, 4, fixed, 4) == 2 && fixed[0] == 0x61 &&
          fixed[1] == 0xFFFD && fixed[2] == 0x62 && fixed[3] == 0xFFFD);
    CHECK(rapidutf_to_well_formed_utf16(units, 4, fixed, 3) == SIZE_MAX);
    CHECK(rapidutf_utf8_len_from_utf16_lossy(units, 4) == 8);
    CHECK(rapidutf_utf32_len_from_utf8(U8("h\xC3\xA9\xF0\x9F\x98\x80")) == 3);
    r = rapidutf_swap_utf16_bytes(units, 4, swapped, 4);
    CHECK(is(r, RAPIDUTF_OK, 0, 4, 4, 0) && swapped[1] == 0x00D8);
    CHECK(is(rapidutf_swap_utf16_bytes(units, 4, swapped, 3), RAPIDUTF_OUTPUT_TOO_SMALL, 0, 0, 0,
             0));
    if (little_endian()) {
        CHECK(rapidutf_utf8_len_from_utf16be_lossy(swapped, 4) == 8);
        CHECK(rapidutf_to_well_formed_utf16be(swapped, 4, fixed, 4) == 2 && fixed[1] == 0xFDFF);
        CHECK(rapidutf_make_utf16be_well_formed(swapped, 4) == 2 && swapped[3] == 0xFDFF);
        CHECK(rapidutf_utf8_len_from_utf16le_lossy(units, 4) == 8);
        CHECK(rapidutf_to_well_formed_utf16le(units, 4, fixed, 4) == 2);
        uint16_t copy[4] = {0x61, 0xD800, 0x62, 0xDC00};
        CHECK(rapidutf_make_utf16le_well_formed(copy, 4) == 2 && copy[3] == 0xFFFD);
    }
    CHECK(is(rapidutf_swap_utf16_bytes_in_place(units, 4), RAPIDUTF_OK, 0, 4, 4, 0) &&
          units[0] == 0x6100);
    CHECK(is(rapidutf_swap_utf16_bytes_in_place(units, 4), RAPIDUTF_OK, 0, 4, 4, 0) &&
          units[0] == 0x61);
    CHECK(rapidutf_make_utf16_well_formed(units, 4) == 2 && units[1] == 0xFFFD);
    CHECK(rapidutf_make_utf16_well_formed(NULL, 3) == SIZE_MAX);
    CHECK(rapidutf_make_utf16_well_formed(NULL, 0) == 0);
}

static void test_latin1(void) {
    /* "caf\xE9" as Latin-1 is "café": the last byte becomes two. */
    char u8[16];
    CHECK(is(rapidutf_latin1_to_utf8(U8("caf\xE9"), u8, sizeof u8), RAPIDUTF_OK,
             RAPIDUTF_KIND_NONE, 4, 5, 0));
    CHECK(memcmp(u8, "caf\xC3\xA9", 5) == 0);
    CHECK(rapidutf_utf8_len_from_latin1(U8("caf\xE9")) == 5);
    CHECK(is(rapidutf_latin1_to_utf8(U8("caf\xE9"), u8, 4), RAPIDUTF_OUTPUT_TOO_SMALL,
             RAPIDUTF_KIND_NONE, 3, 3, 0));
    uint16_t u16[4];
    uint32_t u32[4];
    CHECK(is(rapidutf_latin1_to_utf16be(U8("\xFF"), u16, 4), RAPIDUTF_OK, RAPIDUTF_KIND_NONE, 1,
             1, 0));
    CHECK(u16[0] == be16(0xFF));
    CHECK(is(rapidutf_latin1_to_utf32(U8("\xB5"), u32, 4), RAPIDUTF_OK, RAPIDUTF_KIND_NONE, 1, 1,
             0));
    CHECK(u32[0] == 0xB5);

    /* And back; U+20AC is 3 bytes of UTF-8 at byte 2. */
    char out[16];
    CHECK(is(rapidutf_utf8_to_latin1(U8("caf\xC3\xA9"), out, sizeof out), RAPIDUTF_OK,
             RAPIDUTF_KIND_NONE, 5, 4, 0));
    CHECK(memcmp(out, "caf\xE9", 4) == 0);
    CHECK(is(rapidutf_utf8_to_latin1(U8("ab\xE2\x82\xAC"), out, sizeof out),
             RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_UNREPRESENTABLE, 2, 0, 3));
    const uint16_t w[2] = {le16(0x61), le16(0x100)};
    CHECK(is(rapidutf_utf16le_to_latin1(w, 2, out, sizeof out), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_UNREPRESENTABLE, 1, 0, 1));
    const uint32_t v[2] = {0x61, 0xD800};
    CHECK(is(rapidutf_utf32_to_latin1(v, 2, out, sizeof out), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_SURROGATE, 1, 0, 1));
}

static void test_windows1252(void) {
    /* "\x93caf\xE9\x94 \x80": curly quotes, an accent and the euro sign. */
    char u8[32];
    CHECK(is(rapidutf_windows1252_to_utf8(U8("\x93" "caf\xE9\x94 \x80"), u8, sizeof u8),
             RAPIDUTF_OK, RAPIDUTF_KIND_NONE, 8, 15, 0));
    CHECK(memcmp(u8, "\xE2\x80\x9C" "caf\xC3\xA9\xE2\x80\x9D \xE2\x82\xAC", 15) == 0);
    /* The euro sign does not fit in the last two bytes. */
    CHECK(is(rapidutf_windows1252_to_utf8(U8("a\x80"), u8, 3), RAPIDUTF_OUTPUT_TOO_SMALL,
             RAPIDUTF_KIND_NONE, 1, 1, 0));
    uint16_t u16[4];
    uint32_t u32[4];
    /* 81 is the C1 control U+0081 (WHATWG), 99 is U+2122. */
    CHECK(is(rapidutf_windows1252_to_utf16be(U8("\x81\x99"), u16, 4), RAPIDUTF_OK,
             RAPIDUTF_KIND_NONE, 2, 2, 0));
    CHECK(u16[0] == be16(0x81) && u16[1] == be16(0x2122));
    CHECK(is(rapidutf_windows1252_to_utf16le(U8("\x9F"), u16, 4), RAPIDUTF_OK,
             RAPIDUTF_KIND_NONE, 1, 1, 0));
    CHECK(u16[0] == le16(0x178));
    CHECK(is(rapidutf_windows1252_to_utf16(U8("\x8A"), u16, 4), RAPIDUTF_OK,
             RAPIDUTF_KIND_NONE, 1, 1, 0));
    CHECK(u16[0] == 0x160);
    CHECK(is(rapidutf_windows1252_to_utf32(U8("\x80"), u32, 4), RAPIDUTF_OK, RAPIDUTF_KIND_NONE,
             1, 1, 0));
    CHECK(u32[0] == 0x20AC);
    CHECK(is(rapidutf_windows1252_to_utf32(U8("ab"), u32, 1), RAPIDUTF_OUTPUT_TOO_SMALL,
             RAPIDUTF_KIND_NONE, 1, 1, 0));

    /* And back: U+20AC is byte 80; U+0080 and U+2126 are not in it. */
    char out[16];
    CHECK(is(rapidutf_utf8_to_windows1252(U8("5 \xE2\x82\xAC"), out, sizeof out), RAPIDUTF_OK,
             RAPIDUTF_KIND_NONE, 5, 3, 0));
    CHECK(memcmp(out, "5 \x80", 3) == 0);
    CHECK(is(rapidutf_utf8_to_windows1252(U8("ab\xC2\x80"), out, sizeof out),
             RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_UNREPRESENTABLE, 2, 0, 2));
    CHECK(is(rapidutf_utf8_to_windows1252(U8("a\xFF"), out, sizeof out), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_INVALID_BYTE, 1, 0, 1));
    const uint16_t w[2] = {le16(0x201C), le16(0x2126)};
    CHECK(is(rapidutf_utf16le_to_windows1252(w, 2, out, sizeof out), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_UNREPRESENTABLE, 1, 0, 1));
    CHECK((unsigned char)out[0] == 0x93);
    const uint16_t wb[1] = {be16(0x2122)};
    CHECK(is(rapidutf_utf16be_to_windows1252(wb, 1, out, sizeof out), RAPIDUTF_OK,
             RAPIDUTF_KIND_NONE, 1, 1, 0));
    CHECK((unsigned char)out[0] == 0x99);
    const uint16_t wn[2] = {0xD83D, 0xDE00};
    CHECK(is(rapidutf_utf16_to_windows1252(wn, 2, out, sizeof out), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_UNREPRESENTABLE, 0, 0, 2));
    const uint32_t v[2] = {0x2030, 0x110000};
    CHECK(is(rapidutf_utf32_to_windows1252(v, 2, out, sizeof out), RAPIDUTF_INVALID_INPUT,
             RAPIDUTF_KIND_TOO_LARGE, 1, 0, 1));
    CHECK((unsigned char)out[0] == 0x89);
    CHECK(is(rapidutf_utf32_to_windows1252(v, 1, out, 0), RAPIDUTF_OUTPUT_TOO_SMALL,
             RAPIDUTF_KIND_NONE, 0, 0, 0));
}

/* Decodes `len` bytes in chunks of `step` bytes (the last may be
 * shorter) the way a reader of a stream would, with dst room `room`:
 * what a call leaves unread goes in front of the next chunk. Returns the
 * output's length in out, or -1 on an unexpected status. */
static long chunked(const char *src, size_t len, size_t step, size_t room, char *out) {
    char buf[64];
    size_t have = 0, at = 0, total = 0;
    for (;;) {
        size_t n = len - at < step ? len - at : step;
        bool last = at + n == len;
        size_t done = 0;
        memcpy(buf + have, src + at, n);
        at += n;
        have += n;
        for (;;) {
            rapidutf_result r = rapidutf_utf8_to_string_lossy_chunk(buf + done, have - done,
                                                                    out + total, room, last);
            total += r.written;
            done += r.read;
            if (r.status == RAPIDUTF_OK) break;
            if (r.status != RAPIDUTF_OUTPUT_TOO_SMALL || r.written == 0) return -1;
        }
        memmove(buf, buf + done, have - done);
        have -= done;
        if (last) return have == 0 ? (long)total : -1;
        if (have > 3) return -1;
    }
}

static void test_version_names_chunks(void) {
    char want[] = "caf\xC3\xA9 \xEF\xBF\xBD \xF0\x9F\x98\x80\xEF\xBF\xBD!\xEF\xBF\xBD";
    /* "café", a stray continuation, "😀", a cut "€", "!", a cut "😀". */
    static const char src[] = "caf\xC3\xA9 \x80 \xF0\x9F\x98\x80\xE2\x82!\xF0\x9F\x98";
    char out[128];
    size_t step, room;
    rapidutf_result r;

    CHECK(strcmp(rapidutf_version(), RAPIDUTF_VERSION) == 0);
    CHECK(rapidutf_version_number() == RAPIDUTF_VERSION_NUMBER);
    CHECK(RAPIDUTF_VERSION_NUMBER == RAPIDUTF_VERSION_MAJOR * 1000000 +
                                         RAPIDUTF_VERSION_MINOR * 1000 + RAPIDUTF_VERSION_PATCH);
    CHECK(strcmp(rapidutf_status_name(RAPIDUTF_OK), "ok") == 0);
    CHECK(strcmp(rapidutf_status_name(RAPIDUTF_OUTPUT_TOO_SMALL), "output buffer too small") == 0);
    CHECK(strcmp(rapidutf_status_name(-5), "unknown status") == 0);
    CHECK(strcmp(rapidutf_kind_name(RAPIDUTF_KIND_OVERLONG), "overlong encoding") == 0);
    CHECK(strcmp(rapidutf_kind_name(1000), "unknown kind") == 0);
    r = rapidutf_validate_utf8(U8("\xE0\x80"));
    CHECK(strcmp(rapidutf_kind_name(r.kind), "overlong encoding") == 0);

    /* Every chunk size, ample and tight output: always the whole's
     * from_utf8_lossy. */
    for (step = 1; step <= sizeof src; step++) {
        for (room = 4; room <= 64; room += 60) {
            long n = chunked(src, sizeof src - 1, step, room, out);
            CHECK(n == (long)(sizeof want - 1) && memcmp(out, want, sizeof want - 1) == 0);
        }
    }
    /* last = false holds back exactly the cut character; last = true
     * replaces it. */
    r = rapidutf_utf8_to_string_lossy_chunk(U8("ab\xF0\x9F\x98"), out, sizeof out, false);
    CHECK(is(r, RAPIDUTF_OK, RAPIDUTF_KIND_NONE, 2, 2, 0));
    r = rapidutf_utf8_to_string_lossy_chunk(U8("ab\xF0\x9F\x98"), out, sizeof out, true);
    CHECK(is(r, RAPIDUTF_OK, RAPIDUTF_KIND_NONE, 5, 5, 0));
    /* UTF-16 from char16_t literals (<uchar.h>), no cast. */
    {
        static const char16_t units[] = u"a\u00e9\xD83D";
        char16_t wide[8];
        r = rapidutf_utf16_to_string_lossy_chunk(units, 3, out, sizeof out, false);
        CHECK(is(r, RAPIDUTF_OK, RAPIDUTF_KIND_NONE, 2, 3, 0));
        r = rapidutf_utf16_to_string_lossy_chunk(units, 3, out, sizeof out, true);
        CHECK(is(r, RAPIDUTF_OK, RAPIDUTF_KIND_NONE, 3, 6, 0));
        r = rapidutf_utf8_to_utf16_lossy_chunk(U8("\xC3\xA9\xE2\x82"), wide, 8, false);
        CHECK(is(r, RAPIDUTF_OK, RAPIDUTF_KIND_NONE, 2, 1, 0) && wide[0] == u'\u00e9');
    }
    /* Signed offsets: a negative one is reported as such. */
    {
        const int32_t neg[3] = {0, -1, 3};
        const int64_t neg64[3] = {0, -1, 3};
        size_t at = 9;
        r = rapidutf_validate_utf8_offsets32(U8("abc"), neg, 3, &at);
        CHECK(is(r, RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_NEGATIVE, 0, 0, 0) && at == 0);
        r = rapidutf_validate_utf8_offsets64(U8("abc"), neg64, 3, &at);
        CHECK(is(r, RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_NEGATIVE, 0, 0, 0) && at == 0);
    }
}

int main(void) {
    test_validation();
    test_transcoding();
    test_counts();
    test_lossy();
    test_lossy_reports();
    test_bom_and_kernel();
    test_strategies_strings_detection();
    test_arguments();
    test_latin1();
    test_windows1252();
    test_version_names_chunks();
    if (failures) {
        fprintf(stderr, "%d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("C: all %d checks passed\n", checks);
    return 0;
}
