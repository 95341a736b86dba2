#include "protocol/json/response_body.h"

#include <algorithm>

#include "protocol/json/json_writer.h"

namespace ddb::protocol {

void ResponseBody::set_written(std::string name, std::string text) {
  auto at =
      std::lower_bound(written_.begin(), written_.end(), name,
                       [](const auto& member, const std::string& n) { return member.first < n; });
  written_.emplace(at, std::move(name), std::move(text));
}

std::string ResponseBody::write() && {
  // Everything before the first written member goes into `head`, which is then put in front of
  // that member's text in the text's own buffer: a page's items are most of a body, and so are
  // neither allocated twice nor copied to another buffer (inserting moves them once, in place).
  std::string head = "{";
  std::string out;
  std::string* target = &head;
  bool first = true;
  const auto start_member = [&](const std::string& name) {
    if (!first) *target += ',';
    first = false;
    write_json_string(name, *target);
    *target += ':';
  };
  auto written = written_.begin();
  const auto write_written_before = [&](const std::string* name) {
    for (; written != written_.end() && (!name || written->first < *name); ++written) {
      start_member(written->first);
      if (target == &head) {
        out = std::move(written->second);
        out.insert(0, head);
        target = &out;
      } else {
        out += written->second;
      }
    }
  };
  for (auto member = members_.begin(); member != members_.end(); ++member) {
    write_written_before(&member.key());
    start_member(member.key());
    write_json(member.value(), *target);
  }
  write_written_before(nullptr);
  *target += '}';
  return std::move(*target);
}

}  // namespace ddb::protocol
