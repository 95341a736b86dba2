#pragma once

#include <string>
#include <utility>
#include <vector>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// An operation's response body: a JSON object whose members are partly a JSON document (counts,
// ConsumedCapacity, keys) and partly already written as JSON text (items, written straight from
// the engine by item_writer.h without a document). write() puts every member in name order, the
// order of nlohmann's objects, so the bytes are those of the equivalent document under write_json.
class ResponseBody {
 public:
  ResponseBody() = default;
  explicit ResponseBody(Json members) : members_(std::move(members)) {}

  // The document part; an object.
  Json& members() { return members_; }
  const Json& members() const { return members_; }

  // Sets member `name` to `text`. Requires: `text` is one JSON value as write_json would write it;
  // `name` is neither in members() nor already written.
  void set_written(std::string name, std::string text);

  // The body's bytes. Consumes the written texts.
  std::string write() &&;

 private:
  Json members_ = Json::object();
  std::vector<std::pair<std::string, std::string>> written_;  // in name order
};

}  // namespace ddb::protocol
