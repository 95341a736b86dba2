#pragma once

#include <boost/beast/http/basic_parser.hpp>
#include <cstddef>
#include <cstdint>

#include "server/http_message.h"

namespace ddb::server {

// The longest request line, "POST /path HTTP/1.1\r\n" included, and the most bytes of header
// fields ("name: value\r\n" each), that a request may have: 16 KiB each, as DynamoDB's front end
// allows (issue 20).
inline constexpr std::size_t kMaxRequestLineBytes = 16 * 1024;
inline constexpr std::size_t kMaxHeaderFieldBytes = 16 * 1024;

// Beast's HTTP/1.1 request parser (all of its syntax checks, header and body limits, chunked
// bodies) writing into an HttpRequest, which a session reuses, instead of a Beast message, whose
// fields cost an allocation and an ordered-set insertion each. One parser per request. As DynamoDB
// does (issue 20), a request line over kMaxRequestLineBytes, or header fields over
// kMaxHeaderFieldBytes in total, fail with http::error::header_limit; Beast's own header_limit
// bounds the two together.
class RequestParser : public boost::beast::http::basic_parser<true> {
 public:
  // `request` is reset when the request line arrives and must outlive the parser.
  explicit RequestParser(HttpRequest& request) : request_(request) {}

 private:
  void on_request_impl(boost::beast::http::verb method, boost::beast::string_view method_string,
                       boost::beast::string_view target, int version,
                       boost::beast::error_code& ec) override;
  void on_response_impl(int code, boost::beast::string_view reason, int version,
                        boost::beast::error_code& ec) override;
  void on_field_impl(boost::beast::http::field name, boost::beast::string_view name_string,
                     boost::beast::string_view value, boost::beast::error_code& ec) override;
  void on_header_impl(boost::beast::error_code& ec) override;
  void on_body_init_impl(const boost::optional<std::uint64_t>& content_length,
                         boost::beast::error_code& ec) override;
  std::size_t on_body_impl(boost::beast::string_view body, boost::beast::error_code& ec) override;
  void on_chunk_header_impl(std::uint64_t size, boost::beast::string_view extensions,
                            boost::beast::error_code& ec) override;
  std::size_t on_chunk_body_impl(std::uint64_t remain, boost::beast::string_view body,
                                 boost::beast::error_code& ec) override;
  void on_finish_impl(boost::beast::error_code& ec) override;

  HttpRequest& request_;
  std::size_t field_bytes_ = 0;
};

}  // namespace ddb::server
