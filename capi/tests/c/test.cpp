// The header from C++17: calls with std::string, std::u16string and
// std::u32string data and no casts, the enums as constants, and the result
// layout. Built and run by ci/capi.sh through CMake's find_package(rapidutf)
// against the installed library (shared and static). Exits 0 when every
// check passes.
#include "rapidutf.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static_assert(offsetof(rapidutf_result, error_len) == 8 + 2 * sizeof(std::size_t), "layout");
static_assert(sizeof(rapidutf_result) == 8 + 3 * sizeof(std::size_t), "layout");
static_assert(RAPIDUTF_OUTPUT_TOO_SMALL == 2 && RAPIDUTF_KIND_TRUNCATED == 7, "values");

namespace {

int checks = 0;
int failures = 0;

void check(bool ok, int line) {
    ++checks;
    if (!ok) {
        ++failures;
        std::fprintf(stderr, "test.cpp:%d: check failed\n", line);
    }
}
#define CHECK(c) check((c), __LINE__)

// UTF-8 to UTF-16 the "length first, then convert" way: std::string in,
// std::u16string out, no casts.
std::u16string to_utf16(const std::string &s) {
    std::u16string out(rapidutf_utf16_len_from_utf8(s.data(), s.size()), u'\0');
    rapidutf_result r = rapidutf_utf8_to_utf16(s.data(), s.size(), out.data(), out.size());
    if (r.status != RAPIDUTF_OK) return u"<error>";
    out.resize(r.written);
    return out;
}

// A stream decoded chunk by chunk, as a reader would: the bytes a call
// leaves unread go in front of the next chunk.
std::string lossy_stream(const std::vector<std::string> &chunks) {
    std::string result, pending;
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        std::string input = pending + chunks[i];
        std::string out(3 * input.size(), '\0');
        rapidutf_result r = rapidutf_utf8_to_string_lossy_chunk(
            input.data(), input.size(), out.data(), out.size(), i + 1 == chunks.size());
        if (r.status != RAPIDUTF_OK) return "<error>";
        result.append(out.data(), r.written);
        pending = input.substr(r.read);
    }
    return result;
}

}  // namespace

int main() {
    const std::string text = "h\xC3\xA9llo \xF0\x9F\x98\x80";
    CHECK(rapidutf_is_valid_utf8(text.data(), text.size()));
    CHECK(to_utf16(text) == u"h\u00e9llo \U0001F600");

    const std::string bad = "ok\xED\xA0\x80";
    rapidutf_result r = rapidutf_validate_utf8(bad.data(), bad.size());
    CHECK(r.status == RAPIDUTF_INVALID_INPUT && r.kind == RAPIDUTF_KIND_SURROGATE &&
          r.read == 2 && r.error_len == 1);
    CHECK(to_utf16(bad) == u"<error>");
    CHECK(std::strstr(rapidutf_kind_name(r.kind), "surrogate") != nullptr);
    CHECK(std::strcmp(rapidutf_status_name(r.status), "invalid input") == 0);

    // Lossy, into a std::string sized 3 * input.
    std::string out(3 * bad.size(), '\0');
    r = rapidutf_utf8_to_string_lossy(bad.data(), bad.size(), out.data(), out.size());
    CHECK(r.status == RAPIDUTF_OK);
    out.resize(r.written);
    CHECK(out == "ok\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");

    // UTF-16 from a std::u16string (char16_t), lossily: the lone
    // surrogate becomes U+FFFD.
    const std::u16string units = u"a\u00e9" + std::u16string(1, char16_t(0xD800)) + u"z";
    std::string narrow(3 * units.size(), '\0');
    r = rapidutf_utf16_to_string_lossy(units.data(), units.size(), narrow.data(), narrow.size());
    narrow.resize(r.written);
    CHECK(r.status == RAPIDUTF_OK && narrow == "a\xC3\xA9\xEF\xBF\xBDz");

    // UTF-32 from a std::u32string, and back.
    const std::u32string wide = U"\u20AC\U0001D11E";
    std::string utf8(4 * wide.size(), '\0');
    r = rapidutf_utf32_to_utf8(wide.data(), wide.size(), utf8.data(), utf8.size());
    CHECK(r.status == RAPIDUTF_OK && r.written == 7);
    utf8.resize(r.written);
    CHECK(utf8 == "\xE2\x82\xAC\xF0\x9D\x84\x9E");
    std::u32string back(utf8.size(), U'\0');
    r = rapidutf_utf8_to_utf32(utf8.data(), utf8.size(), back.data(), back.size());
    back.resize(r.written);
    CHECK(r.status == RAPIDUTF_OK && back == wide);

    // "café 😀" split inside both characters, then a stray byte at the
    // end: from_utf8_lossy's output.
    CHECK(lossy_stream({"caf\xC3", "\xA9 \xF0\x9F", "\x98", "\x80!\xC3"}) ==
          "caf\xC3\xA9 \xF0\x9F\x98\x80!\xEF\xBF\xBD");

    // Arrow's signed offsets.
    const std::int32_t offsets[] = {0, 1, 3, 7};
    CHECK(rapidutf_validate_utf8_offsets32(text.data(), 7, offsets, 4, nullptr).status ==
          RAPIDUTF_OK);

    CHECK(rapidutf_validate_utf16(nullptr, 0).status == RAPIDUTF_OK);
    CHECK(rapidutf_validate_utf16(nullptr, 1).status == RAPIDUTF_NULL_POINTER);
    std::size_t n = 0;
    CHECK(rapidutf_detect_bom("\xFE\xFF", 2, &n) == RAPIDUTF_BOM_UTF16BE && n == 2);
    CHECK(std::strlen(rapidutf_active_kernel_name()) > 0);
    CHECK(std::string(rapidutf_version()) == RAPIDUTF_VERSION);
    CHECK(rapidutf_version_number() == RAPIDUTF_VERSION_NUMBER);

    if (failures) {
        std::fprintf(stderr, "%d of %d checks failed\n", failures, checks);
        return 1;
    }
    std::printf("C++: all %d checks passed\n", checks);
    return 0;
}
