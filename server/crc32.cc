#include "server/crc32.h"

#include <zlib.h>

namespace ddb::server {

std::uint32_t crc32(std::string_view bytes) {
  // crc32_z takes a size_t length, so bodies over 4 GiB would still be summed whole.
  return static_cast<std::uint32_t>(
      ::crc32_z(0L, reinterpret_cast<const Bytef*>(bytes.data()), bytes.size()));
}

}  // namespace ddb::server
