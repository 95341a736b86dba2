#include "server/http_message.h"

#include <boost/beast/core/string.hpp>

#include "server/http_whitespace.h"

namespace ddb::server {

namespace http = boost::beast::http;

namespace {

// A request whose fields or body grew past this keeps no more memory than this afterwards.
constexpr std::size_t kRetainedBytes = 64 * 1024;

void release_if_large(std::string& s) {
  if (s.capacity() > kRetainedBytes) std::string().swap(s);
  s.clear();
}

// Whether the comma-separated `list` holds `token` (case-insensitively).
bool has_token(std::string_view list, std::string_view token) {
  while (true) {
    std::size_t comma = list.find(',');
    if (boost::beast::iequals(trim_http_whitespace(list.substr(0, comma)), token)) return true;
    if (comma == std::string_view::npos) return false;
    list.remove_prefix(comma + 1);
  }
}

std::string_view name_of(http::field field) {
  auto name = http::to_string(field);
  return {name.data(), name.size()};
}

}  // namespace

HttpRequest::HttpRequest(http::verb method, std::string_view target, unsigned version) {
  auto verb = http::to_string(method);
  reset(method, {verb.data(), verb.size()}, target, version);
}

void HttpRequest::reset(http::verb method, std::string_view method_string, std::string_view target,
                        unsigned version) {
  method_ = method;
  method_string_.assign(method_string);
  target_.assign(target);
  version_ = version;
  release_if_large(text_);
  release_if_large(body_);
  fields_.clear();
}

void HttpRequest::add(std::string_view name, std::string_view value) {
  Span span{};
  span.name_at = static_cast<std::uint32_t>(text_.size());
  span.name_size = static_cast<std::uint32_t>(name.size());
  text_ += name;
  span.value_at = static_cast<std::uint32_t>(text_.size());
  span.value_size = static_cast<std::uint32_t>(value.size());
  text_ += value;
  fields_.push_back(span);
}

void HttpRequest::set(std::string_view name, std::string_view value) {
  std::erase_if(fields_, [&](const Span& span) {
    return boost::beast::iequals(slice(span.name_at, span.name_size), name);
  });
  add(name, value);
}

void HttpRequest::set(http::field name, std::string_view value) { set(name_of(name), value); }

const HttpRequest::Span* HttpRequest::find(std::string_view name) const {
  for (const Span& span : fields_) {
    if (boost::beast::iequals(slice(span.name_at, span.name_size), name)) return &span;
  }
  return nullptr;
}

std::string_view HttpRequest::header(std::string_view name) const {
  const Span* span = find(name);
  return span == nullptr ? std::string_view{} : slice(span->value_at, span->value_size);
}

std::string_view HttpRequest::header(http::field name) const { return header(name_of(name)); }

bool HttpRequest::has(std::string_view name) const { return find(name) != nullptr; }

bool HttpRequest::has(http::field name) const { return has(name_of(name)); }

HttpField HttpRequest::field(std::size_t i) const {
  const Span& span = fields_[i];
  return {slice(span.name_at, span.name_size), slice(span.value_at, span.value_size)};
}

bool HttpRequest::keep_alive() const {
  std::string_view connection = header(http::field::connection);
  if (version_ >= 11) return !has_token(connection, "close");
  return has_token(connection, "keep-alive");
}

void HttpRequest::prepare_payload() {
  set(http::field::content_length, std::to_string(body_.size()));
}

void HttpResponse::set(std::string_view name, std::string value) {
  for (auto& [existing, existing_value] : fields_) {
    if (boost::beast::iequals(existing, name)) {
      existing_value = std::move(value);
      return;
    }
  }
  fields_.emplace_back(std::string(name), std::move(value));
}

void HttpResponse::set(http::field name, std::string value) {
  set(name_of(name), std::move(value));
}

std::string HttpResponse::header(std::string_view name) const {
  for (const auto& [existing, value] : fields_) {
    if (boost::beast::iequals(existing, name)) return value;
  }
  if (boost::beast::iequals(name, "Content-Length") && !chunked_) {
    return std::to_string(body_.size());
  }
  if (boost::beast::iequals(name, "Transfer-Encoding") && chunked_) return "chunked";
  if (boost::beast::iequals(name, "Connection")) return std::string(connection());
  return {};
}

std::string_view HttpResponse::connection() const {
  if (version_ >= 11 && !keep_alive_) return "close";
  if (version_ < 11 && keep_alive_) return "keep-alive";
  return {};
}

}  // namespace ddb::server
