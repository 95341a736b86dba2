#pragma once

#include <string>

namespace ddb::engine {

// A random (version 4) UUID in its 36-character text form: a new table's TableId.
std::string random_uuid();

}  // namespace ddb::engine
