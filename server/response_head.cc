#include "server/response_head.h"

#include <boost/beast/http/status.hpp>
#include <string_view>

#include "server/http_date.h"

namespace ddb::server {

void append_response_head(const HttpResponse& response, std::string& out) {
  const unsigned version = response.version();
  out += "HTTP/";
  out += static_cast<char>('0' + version / 10);
  out += '.';
  out += static_cast<char>('0' + version % 10);
  out += ' ';
  out += std::to_string(response.result_int());
  out += ' ';
  auto reason = boost::beast::http::obsolete_reason(
      static_cast<boost::beast::http::status>(response.result_int()));
  out.append(reason.data(), reason.size());
  out += "\r\n";
  for (const auto& [name, value] : response.fields()) {
    out += name;
    out += ": ";
    out += value;
    out += "\r\n";
  }
  // DynamoDB's responses all carry these two (captured in issue 20); the date comes from a
  // per-thread cache, so they cost no allocation.
  out += "Date: ";
  out += http_date_now();
  out += "\r\nServer: Server\r\n";
  if (std::string_view connection = response.connection(); !connection.empty()) {
    out += "Connection: ";
    out += connection;
    out += "\r\n";
  }
  if (response.chunked()) {
    out += "Transfer-Encoding: chunked\r\n";
  } else {
    out += "Content-Length: ";
    out += std::to_string(response.body().size());
    out += "\r\n";
  }
  out += "\r\n";
}

}  // namespace ddb::server
