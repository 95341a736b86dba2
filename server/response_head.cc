#include "server/response_head.h"

#include <boost/beast/http/status.hpp>
#include <string_view>

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
  std::string_view reason = response.reason();
  out += reason.empty() ? std::string_view(boost::beast::http::obsolete_reason(response.result()))
                        : reason;
  out += "\r\n";
  for (const auto& field : response) {
    out += std::string_view(field.name_string());
    out += ": ";
    out += std::string_view(field.value());
    out += "\r\n";
  }
  out += "\r\n";
}

}  // namespace ddb::server
