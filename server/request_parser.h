#pragma once

#include <boost/beast/http/basic_parser.hpp>
#include <cstdint>

#include "server/http_message.h"

namespace ddb::server {

// Beast's HTTP/1.1 request parser (all of its syntax checks, header and body limits, chunked
// bodies) writing into an HttpRequest, which a session reuses, instead of a Beast message, whose
// fields cost an allocation and an ordered-set insertion each. One parser per request.
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
};

}  // namespace ddb::server
