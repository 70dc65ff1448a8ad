#pragma once
// JSON text of a value that may hold bytes that are not UTF-8 (file names are just
// bytes on Linux): such bytes become U+FFFD rather than an exception that would stop
// the command. Private to cli/.

#include <nlohmann/json.hpp>
#include <string>

namespace sudoforge::cli {

template <typename Json>
std::string json_text(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace sudoforge::cli
