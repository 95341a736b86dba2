#include "server/request_parser.h"

#include <boost/beast/http/error.hpp>
#include <string_view>

namespace ddb::server {

namespace http = boost::beast::http;
using boost::beast::error_code;
using boost::beast::string_view;

namespace {

std::string_view view(string_view s) { return {s.data(), s.size()}; }

}  // namespace

void RequestParser::on_request_impl(http::verb method, string_view method_string,
                                    string_view target, int version, error_code& ec) {
  // "METHOD SP target SP HTTP/1.1 CRLF"
  if (method_string.size() + target.size() + 12 > kMaxRequestLineBytes) {
    ec = http::error::header_limit;
    return;
  }
  field_bytes_ = 0;
  request_.reset(method, view(method_string), view(target), static_cast<unsigned>(version));
}

// Never called: this parser reads requests (basic_parser<true>).
void RequestParser::on_response_impl(int, string_view, int, error_code&) {}

void RequestParser::on_field_impl(http::field, string_view name_string, string_view value,
                                  error_code& ec) {
  field_bytes_ += name_string.size() + value.size() + 4;  // ": " and CRLF
  if (field_bytes_ > kMaxHeaderFieldBytes) {
    ec = http::error::header_limit;
    return;
  }
  request_.add(view(name_string), view(value));
}

void RequestParser::on_header_impl(error_code&) {}

// The length is at most the body limit, checked by Beast before this is called.
void RequestParser::on_body_init_impl(const boost::optional<std::uint64_t>& content_length,
                                      error_code&) {
  if (content_length) request_.body().reserve(static_cast<std::size_t>(*content_length));
}

std::size_t RequestParser::on_body_impl(string_view body, error_code&) {
  request_.body().append(body.data(), body.size());
  return body.size();
}

void RequestParser::on_chunk_header_impl(std::uint64_t, string_view, error_code&) {}

std::size_t RequestParser::on_chunk_body_impl(std::uint64_t, string_view body, error_code&) {
  request_.body().append(body.data(), body.size());
  return body.size();
}

void RequestParser::on_finish_impl(error_code&) {}

}  // namespace ddb::server
