#include "server/gzip.h"

#include <zlib.h>

#include <array>
#include <cctype>
#include <stdexcept>

namespace ddb::server {

namespace {

// zlib's windowBits for a gzip wrapper rather than a zlib one.
constexpr int kGzipWindowBits = 15 + 16;

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

// Whether a coding's parameters (";q=0.5") give it a weight of zero.
bool refused(std::string_view parameters) {
  while (!parameters.empty()) {
    std::size_t semicolon = parameters.find(';');
    std::string_view parameter = trim(parameters.substr(0, semicolon));
    parameters =
        semicolon == std::string_view::npos ? std::string_view{} : parameters.substr(semicolon + 1);
    if (parameter.size() < 2 || (parameter[0] != 'q' && parameter[0] != 'Q') ||
        parameter[1] != '=') {
      continue;
    }
    std::string_view weight = trim(parameter.substr(2));
    // q=0, q=0.0, q=0.000: zero whatever the number of zero decimals.
    if (weight.empty() || weight[0] != '0') return false;
    for (char c : weight.substr(1)) {
      if (c != '.' && c != '0') return false;
    }
    return true;
  }
  return false;
}

}  // namespace

std::string gzip_compress(std::string_view data) {
  z_stream stream{};
  if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, kGzipWindowBits, 8,
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

Inflated gzip_decompress(std::string_view data, std::size_t max_bytes) {
  z_stream stream{};
  if (inflateInit2(&stream, kGzipWindowBits) != Z_OK) {
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
    // No progress with input left means the stream is cut short.
    if (status == Z_OK && produced == 0 && stream.avail_in == 0) break;
  }
  const bool complete = status == Z_STREAM_END && stream.avail_in == 0;
  inflateEnd(&stream);
  if (!complete) return {Inflated::Status::Invalid, {}};
  return result;
}

bool accepts_gzip(std::string_view accept_encoding) {
  while (!accept_encoding.empty()) {
    std::size_t comma = accept_encoding.find(',');
    std::string_view element = accept_encoding.substr(0, comma);
    accept_encoding =
        comma == std::string_view::npos ? std::string_view{} : accept_encoding.substr(comma + 1);
    std::size_t semicolon = element.find(';');
    std::string_view coding = trim(element.substr(0, semicolon));
    if (!iequals(coding, "gzip") && coding != "*") continue;
    std::string_view parameters =
        semicolon == std::string_view::npos ? std::string_view{} : element.substr(semicolon + 1);
    if (!refused(parameters)) return true;
  }
  return false;
}

}  // namespace ddb::server
