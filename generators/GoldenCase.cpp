//===- GoldenCase.cpp - The names of the case model's enums ----------------===//
//
// Spec: docs/golden-format.md ("Case file").
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenCase.h"

#include <utility>

namespace qi::generators {

using quant::QuantType;

namespace {

/// An enum's names, in declaration order, for the lookups both ways.
template <typename Enum, size_t N>
using NameTable = std::pair<Enum, std::string_view>[N];

template <typename Enum, size_t N>
std::string_view nameIn(const NameTable<Enum, N> &table, Enum value) {
  for (auto &[v, name] : table)
    if (v == value)
      return name;
  return "?";
}

template <typename Enum, size_t N>
std::optional<Enum> parseIn(const NameTable<Enum, N> &table, std::string_view text) {
  for (auto &[v, name] : table)
    if (name == text)
      return v;
  return std::nullopt;
}

const NameTable<Op, 3> kOps = {
    {Op::QCast, "qcast"}, {Op::DCast, "dcast"}, {Op::Rescale, "rescale"}};

const NameTable<RescaleOperands, 2> kRescaleOperands = {
    {RescaleOperands::Constants, "constants"}, {RescaleOperands::Arguments, "arguments"}};

const NameTable<ShapeKind, 5> kShapeKinds = {
    {ShapeKind::Scalar, "scalar"},   {ShapeKind::ZeroD, "0-d"},
    {ShapeKind::Static, "static"},   {ShapeKind::Dynamic, "dynamic"},
    {ShapeKind::Unranked, "unranked"}};

const NameTable<QuantType::Granularity, 3> kGranularities = {
    {QuantType::Granularity::PerLayer, "per-layer"},
    {QuantType::Granularity::PerAxis, "per-axis"},
    {QuantType::Granularity::SubChannel, "sub-channel"}};

} // namespace

std::string_view opName(Op op) { return nameIn(kOps, op); }
std::optional<Op> parseOp(std::string_view name) { return parseIn(kOps, name); }

std::string_view shapeKindName(ShapeKind kind) { return nameIn(kShapeKinds, kind); }
std::optional<ShapeKind> parseShapeKind(std::string_view name) {
  return parseIn(kShapeKinds, name);
}

std::string_view granularityName(QuantType::Granularity g) { return nameIn(kGranularities, g); }
std::optional<QuantType::Granularity> parseGranularity(std::string_view name) {
  return parseIn(kGranularities, name);
}

std::string_view rescaleOperandsName(RescaleOperands operands) {
  return nameIn(kRescaleOperands, operands);
}
std::optional<RescaleOperands> parseRescaleOperands(std::string_view name) {
  return parseIn(kRescaleOperands, name);
}

} // namespace qi::generators
