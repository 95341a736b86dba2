#pragma once

#include <ctime>
#include <string_view>

namespace ddb::server {

// The IMF-fixdate form of `seconds` since the epoch, as HTTP's Date field carries it:
// "Sun, 06 Nov 1994 08:49:37 GMT" (29 characters, RFC 9110 section 5.6.7), written into `out`.
void format_http_date(std::time_t seconds, char (&out)[29]);

// The Date field's value for now. Formatted at most once per second per thread; the view stays
// valid on this thread until the next call. Costs no allocation.
std::string_view http_date_now();

}  // namespace ddb::server
