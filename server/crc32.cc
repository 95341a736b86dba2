#include "server/crc32.h"

#include <zlib.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include <array>
#include <cstddef>

namespace ddb::server {

namespace {

// The byte-at-a-time table of the reflected polynomial 0xEDB88320, as zlib's, for short bodies
// (most answers) and the tail the fold below leaves. zlib's crc32_z did those, but its code and
// tables lie apart from the rest of what a request runs, and summing one short answer kept them
// resident, 64 KiB each (see "Idle memory" in docs/PERFORMANCE.md).
constexpr std::array<std::uint32_t, 256> kByteTable = [] {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int bit = 0; bit < 8; ++bit) c = (c & 1) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}();

// Takes and returns the CRC register (not inverted).
std::uint32_t bytewise(std::uint32_t crc, const char* data, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) {
    crc = kByteTable[(crc ^ static_cast<unsigned char>(data[i])) & 0xFF] ^ (crc >> 8);
  }
  return crc;
}

#if defined(__x86_64__)

__attribute__((target("pclmul,sse4.1"))) __m128i load(const char* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// a * k (the fold constants in `k`'s halves) + next: moves `a` forward by the fold distance.
__attribute__((target("pclmul,sse4.1"))) __m128i fold(__m128i a, __m128i k, __m128i next) {
  __m128i low = _mm_clmulepi64_si128(a, k, 0x00);
  __m128i high = _mm_clmulepi64_si128(a, k, 0x11);
  return _mm_xor_si128(_mm_xor_si128(high, low), next);
}

// Every response body is summed, and Scan/Query pages run to hundreds of KiB: zlib's table-driven
// CRC costs ~3.5 instructions per byte there. Folding 64 bytes at a time with carry-less
// multiplication (PCLMULQDQ) is an order of magnitude cheaper. The method and the constants for
// the reflected CRC-32 polynomial 0x04C11DB7 are from Intel's white paper "Fast CRC Computation
// for Generic Polynomials Using PCLMULQDQ Instruction" (Gopal et al., 2009): k1..k5 are x^n mod P
// for the fold distances, and mu/P' are for the final Barrett reduction.
//
// Takes and returns the CRC register (not inverted); `size` is a multiple of 16, at least 64.
__attribute__((target("pclmul,sse4.1"))) std::uint32_t fold_pclmul(const char* data,
                                                                   std::size_t size,
                                                                   std::uint32_t crc) {
  const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
  const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
  const __m128i k5 = _mm_set_epi64x(0, 0x0163cd6124);
  const __m128i barrett = _mm_set_epi64x(0x01f7011641, 0x01db710641);
  const __m128i low32 = _mm_setr_epi32(~0, 0, ~0, 0);
  __m128i x1 = _mm_xor_si128(load(data), _mm_cvtsi32_si128(static_cast<int>(crc)));
  __m128i x2 = load(data + 16);
  __m128i x3 = load(data + 32);
  __m128i x4 = load(data + 48);
  data += 64;
  size -= 64;
  for (; size >= 64; data += 64, size -= 64) {
    x1 = fold(x1, k1k2, load(data));
    x2 = fold(x2, k1k2, load(data + 16));
    x3 = fold(x3, k1k2, load(data + 32));
    x4 = fold(x4, k1k2, load(data + 48));
  }
  x1 = fold(x1, k3k4, x2);
  x1 = fold(x1, k3k4, x3);
  x1 = fold(x1, k3k4, x4);
  for (; size >= 16; data += 16, size -= 16) x1 = fold(x1, k3k4, load(data));

  // 128 bits to 64, then to 32 with Barrett's reduction.
  __m128i x = _mm_xor_si128(_mm_srli_si128(x1, 8), _mm_clmulepi64_si128(x1, k3k4, 0x10));
  x = _mm_xor_si128(_mm_srli_si128(x, 4), _mm_clmulepi64_si128(_mm_and_si128(x, low32), k5, 0x00));
  __m128i t = _mm_clmulepi64_si128(_mm_and_si128(x, low32), barrett, 0x10);
  t = _mm_clmulepi64_si128(_mm_and_si128(t, low32), barrett, 0x00);
  return static_cast<std::uint32_t>(_mm_extract_epi32(_mm_xor_si128(x, t), 1));
}

// CPUID leaf 1 directly: __builtin_cpu_supports would link libgcc's CPU model, whose constructor
// runs at start in code of its own (64 KiB more resident at idle).
bool has_pclmul() {
  static const bool supported = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_PCLMUL) != 0 &&
           (ecx & bit_SSE4_1) != 0;
  }();
  return supported;
}

#endif

}  // namespace

std::uint32_t crc32(std::string_view bytes) {
  const char* data = bytes.data();
  const std::size_t size = bytes.size();
  if (size < 64) return ~bytewise(~std::uint32_t{0}, data, size);
#if defined(__x86_64__)
  if (has_pclmul()) {
    const std::size_t folded = size & ~std::size_t{15};
    return ~bytewise(fold_pclmul(data, folded, ~std::uint32_t{0}), data + folded, size - folded);
  }
#endif
  // crc32_z takes a size_t length, so bodies over 4 GiB would still be summed whole.
  return static_cast<std::uint32_t>(::crc32_z(0, reinterpret_cast<const Bytef*>(data), size));
}

}  // namespace ddb::server
