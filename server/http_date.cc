#include "server/http_date.h"

#include <chrono>

namespace ddb::server {

namespace {

constexpr std::string_view kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr std::string_view kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

void put2(char* at, int value) {
  at[0] = static_cast<char>('0' + value / 10);
  at[1] = static_cast<char>('0' + value % 10);
}

}  // namespace

void format_http_date(std::time_t seconds, char (&out)[29]) {
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  std::string_view day = kDays[utc.tm_wday];
  std::string_view month = kMonths[utc.tm_mon];
  const int year = utc.tm_year + 1900;
  // "Sun, 06 Nov 1994 08:49:37 GMT"
  out[0] = day[0], out[1] = day[1], out[2] = day[2], out[3] = ',', out[4] = ' ';
  put2(out + 5, utc.tm_mday);
  out[7] = ' ', out[8] = month[0], out[9] = month[1], out[10] = month[2], out[11] = ' ';
  put2(out + 12, year / 100 % 100);
  put2(out + 14, year % 100);
  out[16] = ' ';
  put2(out + 17, utc.tm_hour);
  out[19] = ':';
  put2(out + 20, utc.tm_min);
  out[22] = ':';
  put2(out + 23, utc.tm_sec);
  out[25] = ' ', out[26] = 'G', out[27] = 'M', out[28] = 'T';
}

std::string_view http_date_now() {
  // One cache per serving thread: no lock, and a response formats the date only when the second
  // has changed since this thread's last response.
  thread_local std::time_t cached_second = -1;
  thread_local char cached[29];
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  if (now != cached_second) {
    format_http_date(now, cached);
    cached_second = now;
  }
  return {cached, sizeof cached};
}

}  // namespace ddb::server
