#pragma once

#include <boost/beast/http/field.hpp>
#include <boost/beast/http/verb.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ddb::server {

// One header field of a request, as received.
struct HttpField {
  std::string_view name;
  std::string_view value;
};

// An HTTP request as the router reads it. Field names and values live back to back in one string
// that a session reuses from request to request, so a request's headers cost no allocation once
// the connection has served one. Names compare case-insensitively, as HTTP's do.
class HttpRequest {
 public:
  HttpRequest() = default;
  HttpRequest(boost::beast::http::verb method, std::string_view target, unsigned version);

  // Starts a new request on this object: forgets the fields and the body, keeps their memory
  // unless a large request grew it past what a connection should hold on to.
  void reset(boost::beast::http::verb method, std::string_view method_string,
             std::string_view target, unsigned version);

  boost::beast::http::verb method() const { return method_; }
  std::string_view method_string() const { return method_string_; }
  std::string_view target() const { return target_; }
  unsigned version() const { return version_; }

  // Appends a field as received; a repeated name is kept twice.
  void add(std::string_view name, std::string_view value);
  // Replaces every field named `name` with one holding `value`.
  void set(std::string_view name, std::string_view value);
  void set(boost::beast::http::field name, std::string_view value);

  // The value of the first field named `name`; empty when there is none.
  std::string_view header(std::string_view name) const;
  std::string_view header(boost::beast::http::field name) const;
  bool has(std::string_view name) const;
  bool has(boost::beast::http::field name) const;

  std::size_t field_count() const { return fields_.size(); }
  HttpField field(std::size_t i) const;

  // Whether the connection stays open after the response (HTTP/1.1 unless "Connection: close";
  // HTTP/1.0 only with "Connection: keep-alive"), as Beast's message::keep_alive() decides.
  bool keep_alive() const;

  std::string& body() { return body_; }
  const std::string& body() const { return body_; }
  // Sets Content-Length to the body's size (for requests built in code, as Beast's does).
  void prepare_payload();

 private:
  struct Span {
    std::uint32_t name_at, name_size, value_at, value_size;
  };
  std::string_view slice(std::uint32_t at, std::uint32_t size) const {
    return std::string_view(text_).substr(at, size);
  }
  const Span* find(std::string_view name) const;

  boost::beast::http::verb method_ = boost::beast::http::verb::unknown;
  std::string method_string_;
  std::string target_;
  unsigned version_ = 11;
  std::string text_;  // every field's name and value, back to back
  std::vector<Span> fields_;
  std::string body_;
};

// An HTTP response as the router builds it and the session writes it. Content-Length (or
// Transfer-Encoding for a chunked one) and Connection are not fields: the session's writer adds
// them from the body and keep_alive().
class HttpResponse {
 public:
  HttpResponse(int status, unsigned version) : status_(status), version_(version) {}

  int result_int() const { return status_; }
  unsigned version() const { return version_; }

  // Replaces the field named `name` (case-insensitively) or appends it.
  void set(std::string_view name, std::string value);
  void set(boost::beast::http::field name, std::string value);
  // The value of the field named `name`, including the Content-Length and Connection the writer
  // adds; empty when there is none.
  std::string header(std::string_view name) const;

  const std::vector<std::pair<std::string, std::string>>& fields() const { return fields_; }

  bool keep_alive() const { return keep_alive_; }
  void keep_alive(bool keep) { keep_alive_ = keep; }
  // The Connection field the writer adds: "close" for HTTP/1.1 without keep-alive, "keep-alive"
  // for HTTP/1.0 with it, else none (empty), since the version's default holds.
  std::string_view connection() const;
  // A chunked response is written with an empty chunked body (the 413 of an oversized request).
  bool chunked() const { return chunked_; }
  void chunked(bool chunked) { chunked_ = chunked; }

  std::string& body() { return body_; }
  const std::string& body() const { return body_; }

 private:
  int status_;
  unsigned version_;
  bool keep_alive_ = true;
  bool chunked_ = false;
  std::vector<std::pair<std::string, std::string>> fields_;
  std::string body_;
};

}  // namespace ddb::server
