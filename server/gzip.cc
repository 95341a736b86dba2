#include "server/gzip.h"

#include <zlib.h>

#include <array>
#include <cctype>
#include <charconv>
#include <stdexcept>

namespace ddb::server {

namespace {

// zlib's windowBits for a gzip wrapper, and for a zlib one (HTTP's "deflate").
constexpr int kGzipWindowBits = 15 + 16;
constexpr int kZlibWindowBits = 15;

int window_bits(Coding coding) {
  return coding == Coding::Gzip ? kGzipWindowBits : kZlibWindowBits;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

// The weight a coding's parameters (";q=0.5") give it: 1 without q, and for a q over 1 or one
// that does not parse; 0 for q=0 and for a negative q.
double weight(std::string_view parameters) {
  while (!parameters.empty()) {
    std::size_t semicolon = parameters.find(';');
    std::string_view parameter = trim(parameters.substr(0, semicolon));
    parameters =
        semicolon == std::string_view::npos ? std::string_view{} : parameters.substr(semicolon + 1);
    if (parameter.size() < 2 || (parameter[0] != 'q' && parameter[0] != 'Q')) continue;
    std::string_view value = trim(parameter.substr(1));
    if (value.empty() || value[0] != '=') continue;
    value = trim(value.substr(1));
    double q = 1;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), q);
    if (ec != std::errc{} || end != value.data() + value.size()) return 1;
    if (q > 1) return 1;
    return q < 0 ? 0 : q;
  }
  return 1;
}

// How a client weighs one coding: its q and where it was listed (to break ties).
struct Preference {
  bool named = false;
  double q = 0;
  std::size_t position = 0;
};

}  // namespace

std::string compress(std::string_view data, Coding coding) {
  z_stream stream{};
  if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window_bits(coding), 8,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("deflateInit2 failed");
  }
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  // deflateBound guarantees room for the whole stream in one call.
  if (result != Z_STREAM_END) throw std::runtime_error("deflate did not finish");
  return out;
}

Inflated decompress(std::string_view data, Coding coding, std::size_t max_bytes) {
  z_stream stream{};
  if (inflateInit2(&stream, window_bits(coding)) != Z_OK) {
    throw std::runtime_error("inflateInit2 failed");
  }
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  Inflated result;
  std::array<char, 64 * 1024> chunk{};
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk.data());
    stream.avail_out = static_cast<uInt>(chunk.size());
    status = inflate(&stream, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) break;
    std::size_t produced = chunk.size() - stream.avail_out;
    if (result.data.size() + produced > max_bytes) {
      inflateEnd(&stream);
      return {Inflated::Status::TooLarge, {}};
    }
    result.data.append(chunk.data(), produced);
    // gzip allows members back to back (RFC 1952 section 2.2); they decode to one body. Bytes
    // after the last member that are not a member fail as one.
    if (status == Z_STREAM_END && coding == Coding::Gzip && stream.avail_in > 0) {
      if (inflateReset(&stream) != Z_OK) break;
      status = Z_OK;
      continue;
    }
    // No progress with input left means the stream is cut short.
    if (status == Z_OK && produced == 0 && stream.avail_in == 0) break;
  }
  const bool complete = status == Z_STREAM_END && stream.avail_in == 0;
  inflateEnd(&stream);
  if (!complete) return {Inflated::Status::Invalid, {}};
  return result;
}

std::optional<Coding> request_coding(std::string_view content_encoding) {
  content_encoding = trim(content_encoding);
  if (content_encoding.empty()) return Coding::Identity;
  if (iequals(content_encoding, "gzip")) return Coding::Gzip;
  if (iequals(content_encoding, "deflate")) return Coding::Deflate;
  return std::nullopt;
}

Coding response_coding(std::string_view accept_encoding) {
  Preference gzip, deflate, any;
  for (std::size_t position = 0; !accept_encoding.empty(); ++position) {
    std::size_t comma = accept_encoding.find(',');
    std::string_view element = accept_encoding.substr(0, comma);
    accept_encoding =
        comma == std::string_view::npos ? std::string_view{} : accept_encoding.substr(comma + 1);
    std::size_t semicolon = element.find(';');
    std::string_view coding = trim(element.substr(0, semicolon));
    Preference* preference = iequals(coding, "gzip")      ? &gzip
                             : iequals(coding, "deflate") ? &deflate
                             : coding == "*"              ? &any
                                                          : nullptr;
    if (preference == nullptr) continue;
    double q = weight(semicolon == std::string_view::npos ? std::string_view{}
                                                          : element.substr(semicolon + 1));
    if (!preference->named) {
      *preference = {true, q, position};
    } else if (q > preference->q) {
      preference->q = q;  // named twice: a positive q wins; the first place is kept
    }
  }
  // "*" covers what is not named: gzip at its place, deflate just after.
  if (!gzip.named && any.named)
    gzip = {true, any.q, 2 * any.position};
  else
    gzip.position *= 2;
  if (!deflate.named && any.named)
    deflate = {true, any.q, 2 * any.position + 1};
  else
    deflate.position *= 2;
  const bool gzip_ok = gzip.named && gzip.q > 0;
  const bool deflate_ok = deflate.named && deflate.q > 0;
  if (gzip_ok && deflate_ok) {
    if (deflate.q > gzip.q || (deflate.q == gzip.q && deflate.position < gzip.position)) {
      return Coding::Deflate;
    }
    return Coding::Gzip;
  }
  if (gzip_ok) return Coding::Gzip;
  if (deflate_ok) return Coding::Deflate;
  return Coding::Identity;
}

}  // namespace ddb::server
