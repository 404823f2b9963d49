//===- NameList.cpp - "a,b,c" or "all" lists of known names ---------------===//
#include "generators/NameList.h"

#include <algorithm>

namespace qi::generators {

std::optional<std::vector<std::string>> parseNameList(std::string_view list,
                                                      const std::vector<std::string> &known,
                                                      std::string_view what, std::string &error) {
  if (list == "all")
    return known;
  auto isKnown = [&](std::string_view name) {
    return std::find(known.begin(), known.end(), name) != known.end();
  };
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    std::string_view name =
        list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (name.empty()) {
      error = "empty " + std::string(what) + " name in '" + std::string(list) + "'";
      return std::nullopt;
    }
    if (!isKnown(name)) {
      std::string names;
      for (const std::string &k : known)
        names += (names.empty() ? "" : ", ") + k;
      error = "unknown " + std::string(what) + " '" + std::string(name) + "' (known: " + names +
              ", or all)";
      return std::nullopt;
    }
    if (std::find(out.begin(), out.end(), name) == out.end())
      out.emplace_back(name);
    if (comma == std::string_view::npos)
      break;
    start = comma + 1;
  }
  return out;
}

} // namespace qi::generators
