// The header from C++17: a few calls through std::string and std::vector,
// the enums as constants, and the result layout. Built and run by
// ci/capi.sh against the static library. Exits 0 when every check passes.
#include "rapidutf.h"

#include <cstddef>
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

const std::uint8_t *bytes(const std::string &s) {
    return reinterpret_cast<const std::uint8_t *>(s.data());
}

// UTF-8 to UTF-16 the "length first, then convert" way.
std::u16string to_utf16(const std::string &s) {
    std::vector<std::uint16_t> v(rapidutf_utf16_len_from_utf8(bytes(s), s.size()));
    rapidutf_result r = rapidutf_utf8_to_utf16(bytes(s), s.size(), v.data(), v.size());
    if (r.status != RAPIDUTF_OK) return u"<error>";
    return std::u16string(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(r.written));
}

}  // namespace

int main() {
    const std::string text = "h\xC3\xA9llo \xF0\x9F\x98\x80";
    CHECK(rapidutf_is_valid_utf8(bytes(text), text.size()));
    CHECK(to_utf16(text) == u"h\u00e9llo \U0001F600");

    const std::string bad = "ok\xED\xA0\x80";
    rapidutf_result r = rapidutf_validate_utf8(bytes(bad), bad.size());
    CHECK(r.status == RAPIDUTF_INVALID_INPUT && r.kind == RAPIDUTF_KIND_SURROGATE &&
          r.read == 2 && r.error_len == 1);
    CHECK(to_utf16(bad) == u"<error>");

    // Lossy, into a std::string sized 3 * input.
    std::string out(3 * bad.size(), '\0');
    r = rapidutf_utf8_to_string_lossy(bytes(bad), bad.size(),
                                      reinterpret_cast<std::uint8_t *>(&out[0]), out.size());
    CHECK(r.status == RAPIDUTF_OK);
    out.resize(r.written);
    CHECK(out == "ok\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");

    // UTF-32 from a std::u32string, and back.
    const std::u32string wide = U"\u20AC\U0001D11E";
    std::string utf8(4 * wide.size(), '\0');
    static_assert(sizeof(char32_t) == sizeof(std::uint32_t), "char32_t");
    r = rapidutf_utf32_to_utf8(reinterpret_cast<const std::uint32_t *>(wide.data()), wide.size(),
                               reinterpret_cast<std::uint8_t *>(&utf8[0]), utf8.size());
    CHECK(r.status == RAPIDUTF_OK && r.written == 7);
    utf8.resize(r.written);
    CHECK(utf8 == "\xE2\x82\xAC\xF0\x9D\x84\x9E");

    CHECK(rapidutf_validate_utf16(nullptr, 0).status == RAPIDUTF_OK);
    CHECK(rapidutf_validate_utf16(nullptr, 1).status == RAPIDUTF_NULL_POINTER);
    std::size_t n = 0;
    CHECK(rapidutf_detect_bom(bytes("\xFE\xFF"), 2, &n) == RAPIDUTF_BOM_UTF16BE && n == 2);
    CHECK(std::strlen(rapidutf_active_kernel_name()) > 0);

    if (failures) {
        std::fprintf(stderr, "%d of %d checks failed\n", failures, checks);
        return 1;
    }
    std::printf("C++: all %d checks passed\n", checks);
    return 0;
}
