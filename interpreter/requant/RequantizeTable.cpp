//===- RequantizeTable.cpp - Where the requantize recipes differ -----------===//
//
// Spec: [requant.recipes]. Every cell is computed by requantizeElement, the
// function tosa.rescale evaluates with; nothing is hand-written.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/RequantizeTable.h"

#include "interpreter/requant/RequantizeRecipe.h"

#include <set>
#include <string>
#include <vector>

namespace qi::requant {

namespace {

struct Case {
  std::string inputClass;
  RescaleAttributes attributes;
  int64_t multiplier = 0;
  int8_t shift = 0;
  int64_t inputZp = 0;
  int64_t outputZp = 0;
  int64_t input = 0;
};

std::string num(int64_t v) { return std::to_string(v); }

std::string typeName(unsigned width, bool isUnsigned) {
  return (isUnsigned ? "u" : "i") + num(width);
}

/// "2^30", "-2^31", "2^31-1", or the decimal number.
std::string multiplierText(int64_t m) {
  if (m == (int64_t(1) << 31) - 1)
    return "2^31-1";
  for (int k = 0; k <= 40; ++k) {
    if (m == (int64_t(1) << k) && k >= 4)
      return "2^" + num(k);
    if (m == -(int64_t(1) << k) && k >= 4)
      return "-2^" + num(k);
  }
  return num(m);
}

std::string inputText(int64_t x) {
  if (x == INT32_MIN)
    return "-2^31";
  if (x == INT32_MAX)
    return "2^31-1";
  for (int k = 20; k <= 47; ++k)
    if (x == (int64_t(1) << k))
      return "2^" + num(k);
  return num(x);
}

/// x * m * 2^-s exactly when it has at most 10 decimals, else the first 10
/// followed by "...".
std::string exactText(int64_t x, int64_t m, int s) {
  __int128 p = static_cast<__int128>(x) * m;
  if (s <= 0)
    return "x*m*2^" + num(-s);
  const bool negative = p < 0;
  if (negative)
    p = -p;
  const __int128 unit = static_cast<__int128>(1) << s;
  const __int128 whole = p / unit;
  __int128 rest = p % unit;
  std::string text = (negative && p != 0 ? "-" : "") + num(static_cast<int64_t>(whole));
  if (rest == 0)
    return text;
  text += ".";
  for (int digit = 0; digit < 10 && rest != 0; ++digit) {
    rest *= 10;
    text += static_cast<char>('0' + static_cast<int>(rest / unit));
    rest %= unit;
  }
  return rest != 0 ? text + "..." : text;
}

std::string rescaleText(const Case &c) {
  const RescaleAttributes &a = c.attributes;
  std::string text = typeName(a.inputWidth, a.inputUnsigned) + "->" +
                     typeName(a.outputWidth, a.outputUnsigned);
  if (!a.scale32)
    text += " scale32=false";
  if (a.roundingMode != RoundingMode::Single)
    text += " " + std::string(roundingModeName(a.roundingMode));
  text += ", m=" + multiplierText(c.multiplier) + ", s=" + num(c.shift);
  if (c.inputZp)
    text += ", in_zp=" + num(c.inputZp);
  if (c.outputZp)
    text += ", out_zp=" + num(c.outputZp);
  return text;
}

RescaledElement run(RequantizeRecipe recipe, const Case &c) {
  const RescaleAttributes &a = c.attributes;
  return requantizeElement(recipe, a, truncateBits(c.input, a.inputWidth), c.multiplier, c.shift,
                           truncateBits(c.inputZp, a.inputWidth),
                           truncateBits(c.outputZp, a.outputWidth));
}

/// A cell: the stored value, or "error".
std::string cell(const RescaledElement &r) { return r.violation ? "error" : num(r.value); }

RescaleAttributes attributes(unsigned in, unsigned out, bool outUnsigned = false,
                             RoundingMode mode = RoundingMode::Single, bool scale32 = true) {
  RescaleAttributes a;
  a.inputWidth = in;
  a.outputWidth = out;
  a.outputUnsigned = outUnsigned;
  a.roundingMode = mode;
  a.scale32 = scale32;
  return a;
}

std::vector<Case> cases() {
  const int64_t p30 = int64_t(1) << 30, max31 = (int64_t(1) << 31) - 1;
  const RoundingMode single = RoundingMode::Single, twice = RoundingMode::Double,
                     inexact = RoundingMode::Inexact;
  std::vector<Case> v;
  auto add = [&](std::string cls, RescaleAttributes a, int64_t m, int s, int64_t x,
                 int64_t outZp = 0) {
    Case c;
    c.inputClass = std::move(cls);
    c.attributes = a;
    c.multiplier = m;
    c.shift = static_cast<int8_t>(s);
    c.input = x;
    c.outputZp = outZp;
    v.push_back(c);
  };
  add("tie +1/2", attributes(32, 8), p30, 31, 1);
  add("tie -1/2", attributes(32, 8), p30, 31, -1);
  add("tie +5/2", attributes(32, 8), p30, 31, 5);
  add("tie -5/2", attributes(32, 8), p30, 31, -5);
  add("zero point added after rounding", attributes(32, 8), p30, 31, 5, 10);
  add("tie -1/2 into u8, zp 128", attributes(32, 8, true), p30, 31, -1, 128);
  add("negative multiplier", attributes(32, 8), -p30, 31, 3);
  add("shift > 31, op SINGLE_ROUND", attributes(32, 8, false, single), p30, 33, 3);
  add("shift > 31, op DOUBLE_ROUND", attributes(32, 8, false, twice), p30, 33, 3);
  add("shift > 31, op INEXACT_ROUND", attributes(32, 8, false, inexact), p30, 33, 3);
  add("shift > 31, just above -1/2, op DOUBLE_ROUND", attributes(32, 8, false, twice), p30 - 1,
      33, -4);
  add("shift > 31, just above -1/2, op SINGLE_ROUND", attributes(32, 8, false, single), p30 - 1,
      33, -4);
  add("multiplier 2^31-1", attributes(32, 32), max31, 32, max31);
  add("f32 cannot hold the input", attributes(32, 32), p30, 30, (int64_t(1) << 24) + 1);
  add("f32 product lands on a tie", attributes(32, 8), 1242654531, 35, 2530);
  add("f64 product rounded to f32 first", attributes(32, 8), 1783290571, 33, 513);
  add("gemmlowp saturation (m = x = -2^31)", attributes(32, 32), INT32_MIN, 31, INT32_MIN);
  add("output saturation", attributes(32, 8), p30, 30, 1000);
  add("shift 1", attributes(32, 8), 1, 1, 3);
  add("x >= 2^(shift-1)", attributes(32, 8), 1, 2, 200);
  add("real multiplier < 2^-32", attributes(32, 8), 1, 40, max31);
  add("real multiplier >= 256", attributes(32, 8), p30, 20, 0);
  add("i16 output", attributes(32, 16), p30, 31, 5);
  add("i48 input, 16-bit multiplier", attributes(48, 32, false, single, false), 16384, 30,
      int64_t(1) << 40);
  add("16-bit multiplier, shift 50", attributes(48, 32, false, single, false), 16384, 50,
      (int64_t(1) << 47) - 1);
  return v;
}

/// splitmix64 (the sweep is seeded: the same table on every host).
struct Random {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  int64_t range(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(next() % (static_cast<uint64_t>(hi - lo) + 1));
  }
};

struct Sweep {
  std::string name;
  std::string description;
  std::vector<Case> cases;
};

std::vector<Sweep> sweeps() {
  const int count = 20000;
  std::vector<Sweep> all;
  {
    // Results spread over about [-200, 200] (saturating past i8's range).
    Sweep s{"i32->i8, shift 31..40", "m uniform in [2^30, 2^31), s in 31..40, x uniform with |x*m/2^s| <= 200, op SINGLE_ROUND", {}};
    Random r{1};
    for (int i = 0; i < count; ++i) {
      Case c;
      c.attributes = attributes(32, 8);
      c.multiplier = r.range(int64_t(1) << 30, (int64_t(1) << 31) - 1);
      c.shift = static_cast<int8_t>(r.range(31, 40));
      const int64_t limit = static_cast<int64_t>((static_cast<__int128>(200) << c.shift) / c.multiplier);
      c.input = r.range(-limit, limit);
      s.cases.push_back(c);
    }
    all.push_back(s);
  }
  {
    Sweep s{"i32->i8, shift 32..40, DOUBLE_ROUND", "as above with s in 32..40 and the op's rounding_mode DOUBLE_ROUND", {}};
    Random r{2};
    for (int i = 0; i < count; ++i) {
      Case c;
      c.attributes = attributes(32, 8, false, RoundingMode::Double);
      c.multiplier = r.range(int64_t(1) << 30, (int64_t(1) << 31) - 1);
      c.shift = static_cast<int8_t>(r.range(32, 40));
      const int64_t limit = static_cast<int64_t>((static_cast<__int128>(200) << c.shift) / c.multiplier);
      c.input = r.range(-limit, limit);
      s.cases.push_back(c);
    }
    all.push_back(s);
  }
  {
    Sweep s{"exact ties", "m = 2^30, s = 31 + j (j in 0..8), x = (2k+1) * 2^j: x*m/2^s = k + 1/2, |k| <= 100, i32->i8", {}};
    Random r{3};
    for (int i = 0; i < count; ++i) {
      Case c;
      c.attributes = attributes(32, 8);
      const int j = static_cast<int>(r.range(0, 8));
      c.multiplier = int64_t(1) << 30;
      c.shift = static_cast<int8_t>(31 + j);
      c.input = (2 * r.range(-100, 100) + 1) * (int64_t(1) << j);
      s.cases.push_back(c);
    }
    all.push_back(s);
  }
  {
    Sweep s{"i32->i32, shift 2..62", "m uniform in [0, 2^31), s in 2..62, x uniform in apply_scale_32's range [-2^(s-1), 2^(s-1)) of int32", {}};
    Random r{4};
    for (int i = 0; i < count; ++i) {
      Case c;
      c.attributes = attributes(32, 32);
      c.multiplier = r.range(0, (int64_t(1) << 31) - 1);
      c.shift = static_cast<int8_t>(r.range(2, 62));
      const int64_t half = c.shift >= 32 ? (int64_t(1) << 31) : (int64_t(1) << (c.shift - 1));
      c.input = r.range(-half, half - 1);
      s.cases.push_back(c);
    }
    all.push_back(s);
  }
  return all;
}

} // namespace

std::string requantizeTableMarkdown() {
  const std::vector<RequantizeRecipe> &recipes = allRecipes();
  const std::vector<Case> rows = cases();
  std::string out;
  out += "# Where the requantize recipes differ\n\n"
         "Generated by `build/bin/quant-profile-table --requantize-table > docs/requantize-table.md` "
         "from the\nrecipes in `interpreter/requant/` ([requant.recipes], spec/requantize.md); the test\n"
         "`requantize-table-current` fails when this file is stale. Each row is one element of a\n"
         "`tosa.rescale` (input zero point 0): the stored output under every recipe, `error` where "
         "the\nrecipe's framework defines no value (the messages follow the table). `exact` is "
         "x * m * 2^-s.\n\n";
  out += "| # | input class | rescale | x | exact |";
  for (RequantizeRecipe r : recipes)
    out += " " + std::string(recipeName(r)) + " |";
  out += " distinct |\n|---|---|---|---|---|";
  for (size_t i = 0; i < recipes.size(); ++i)
    out += "---|";
  out += "---|\n";

  std::vector<std::vector<std::string>> cells(rows.size());
  std::string errors;
  for (size_t i = 0; i < rows.size(); ++i) {
    const Case &c = rows[i];
    out += "| " + num(static_cast<int64_t>(i + 1)) + " | " + c.inputClass + " | " + rescaleText(c) +
           " | " + inputText(c.input) + " | " + exactText(c.input, c.multiplier, c.shift) + " |";
    std::set<std::string> distinct;
    for (RequantizeRecipe r : recipes) {
      const RescaledElement e = run(r, c);
      cells[i].push_back(cell(e));
      distinct.insert(cell(e));
      out += " " + cell(e) + " |";
      if (e.violation)
        errors += "- " + num(static_cast<int64_t>(i + 1)) + ", `" + std::string(recipeName(r)) +
                  "`: " + e.violation->message() + "\n";
    }
    out += " " + num(static_cast<int64_t>(distinct.size())) + " |\n";
  }
  out += "\nErrors:\n\n" + errors;

  out += "\n## The first row that separates two recipes\n\n"
         "`—`: no row of the table separates them (an error and a value differ; two errors do "
         "not).\n\n|  |";
  for (RequantizeRecipe r : recipes)
    out += " " + std::string(recipeName(r)) + " |";
  out += "\n|---|";
  for (size_t i = 0; i < recipes.size(); ++i)
    out += "---|";
  out += "\n";
  for (size_t a = 0; a < recipes.size(); ++a) {
    out += "| " + std::string(recipeName(recipes[a])) + " |";
    for (size_t b = 0; b < recipes.size(); ++b) {
      std::string first = a == b ? "" : "—";
      if (a != b)
        for (size_t i = 0; i < rows.size(); ++i)
          if (cells[i][a] != cells[i][b]) {
            first = num(static_cast<int64_t>(i + 1));
            break;
          }
      out += " " + first + " |";
    }
    out += "\n";
  }

  out += "\n## How often each recipe differs from `tosa`\n\n"
         "Seeded random elements (splitmix64, the same on every host); per sweep, the number of "
         "elements\nwhose output differs from the `tosa` recipe's (a value against an error "
         "counts), and in\nbrackets how many of them are errors.\n\n| sweep | elements |";
  const std::vector<Sweep> all = sweeps();
  for (RequantizeRecipe r : recipes)
    if (r != RequantizeRecipe::Tosa)
      out += " " + std::string(recipeName(r)) + " |";
  out += "\n|---|---|";
  for (size_t i = 1; i < recipes.size(); ++i)
    out += "---|";
  out += "\n";
  for (const Sweep &s : all) {
    out += "| " + s.name + " | " + num(static_cast<int64_t>(s.cases.size())) + " |";
    std::vector<std::string> reference;
    for (const Case &c : s.cases)
      reference.push_back(cell(run(RequantizeRecipe::Tosa, c)));
    for (RequantizeRecipe r : recipes) {
      if (r == RequantizeRecipe::Tosa)
        continue;
      int64_t differ = 0, failed = 0;
      for (size_t i = 0; i < s.cases.size(); ++i) {
        const RescaledElement e = run(r, s.cases[i]);
        if (cell(e) != reference[i]) {
          ++differ;
          failed += e.violation ? 1 : 0;
        }
      }
      out += " " + num(differ) + (failed ? " (" + num(failed) + ")" : "") + " |";
    }
    out += "\n";
  }
  out += "\nSweeps:\n\n";
  for (const Sweep &s : all)
    out += "- " + s.name + ": " + s.description + ".\n";
  return out;
}

} // namespace qi::requant
