//===- LinalgColumns.cpp - Payloads evaluated over many points at once ----===//
//
// Spec: [fast.linalg-columns] in spec/performance.md, [linalg.generic],
// [linalg.index].
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/LinalgColumns.h"

#include "interpreter/eval/AffineMapEval.h"
#include "interpreter/eval/ShapeSupport.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace qi::eval {

namespace {

/// One result of an indexing map, classified for fast evaluation.
struct IndexTerm {
  enum Kind { Bare, FloorDiv, Other } kind = Other;
  unsigned dim = 0;     ///< Bare, FloorDiv: the loop
  int64_t divisor = 1;  ///< FloorDiv: the positive constant
  mlir::AffineExpr expr; ///< Other: evaluated at each point
};

IndexTerm termOf(mlir::AffineExpr expr) {
  if (auto dim = llvm::dyn_cast<mlir::AffineDimExpr>(expr))
    return {IndexTerm::Bare, dim.getPosition(), 1, expr};
  if (expr.getKind() == mlir::AffineExprKind::FloorDiv) {
    auto binary = llvm::cast<mlir::AffineBinaryOpExpr>(expr);
    auto dim = llvm::dyn_cast<mlir::AffineDimExpr>(binary.getLHS());
    auto divisor = llvm::dyn_cast<mlir::AffineConstantExpr>(binary.getRHS());
    if (dim && divisor && divisor.getValue() > 0)
      return {IndexTerm::FloorDiv, dim.getPosition(), divisor.getValue(), expr};
  }
  return {IndexTerm::Other, 0, 1, expr};
}

/// A shaped operand as the column engine reads or writes it.
struct IndexedOperand {
  const RuntimeValue *value = nullptr;
  std::vector<IndexTerm> terms;
  std::vector<int64_t> strides;
  /// The flat index moves by `innerStride` per step of the innermost loop
  /// between multiples of the `innerDivisors` (every term that uses that loop
  /// is a bare dim or that loop floordiv a constant).
  bool linearInner = true;
  int64_t innerStride = 0;
  std::vector<int64_t> innerDivisors;
};

IndexedOperand indexed(const RuntimeValue &value, mlir::AffineMap map, unsigned inner) {
  IndexedOperand o;
  o.value = &value;
  o.strides = rowMajorStrides(value.shape());
  for (unsigned r = 0; r < map.getNumResults(); ++r) {
    IndexTerm term = termOf(map.getResult(r));
    if (term.kind == IndexTerm::Bare && term.dim == inner)
      o.innerStride += o.strides[r];
    else if (term.kind == IndexTerm::FloorDiv && term.dim == inner)
      o.innerDivisors.push_back(term.divisor);
    else if (term.kind != IndexTerm::Bare && term.expr.isFunctionOfDim(inner))
      o.linearInner = false;
    o.terms.push_back(term);
  }
  return o;
}

/// The flat index of `o` at `point`, or -1 when an index is out of bounds
/// (the per-point engine then reports it).
int64_t flatAt(const IndexedOperand &o, llvm::ArrayRef<int64_t> point) {
  const Shape &shape = o.value->shape();
  int64_t flat = 0;
  for (size_t r = 0; r < o.terms.size(); ++r) {
    const IndexTerm &t = o.terms[r];
    int64_t index;
    if (t.kind == IndexTerm::Bare) {
      index = point[t.dim];
    } else if (t.kind == IndexTerm::FloorDiv) {
      index = point[t.dim] / t.divisor; // point >= 0: floor = truncation
    } else {
      std::string error;
      std::optional<int64_t> value = evalAffineExpr(t.expr, point, {}, error);
      if (!value)
        return -1;
      index = *value;
    }
    if (index < 0 || index >= shape[r])
      return -1;
    flat += index * o.strides[r];
  }
  return flat;
}

/// A chunk of iteration points: runs along the innermost loop.
struct Chunk {
  std::vector<int64_t> starts; ///< numLoops values per run: its first point
  std::vector<int64_t> counts; ///< points per run
  int64_t size = 0;
};

/// A run of elements of a tensor: `count` elements from flat index `base`,
/// `stride` apart, for the column positions from `near`.
struct Run {
  int64_t near, base, stride, count;
};

/// The runs of `o` over `chunk`: per chunk run, one per stretch between
/// multiples of the inner divisors when the flat index is linear there, else
/// one per point. False if an index is out of bounds.
bool runsOf(const IndexedOperand &o, const Chunk &chunk, unsigned numLoops,
            std::vector<Run> &runs) {
  runs.clear();
  std::vector<int64_t> point(numLoops);
  int64_t near = 0;
  for (size_t s = 0; s < chunk.counts.size(); ++s) {
    std::copy_n(chunk.starts.begin() + int64_t(s * numLoops), numLoops, point.begin());
    const int64_t first = point[numLoops - 1], count = chunk.counts[s];
    if (o.linearInner) {
      for (int64_t j = first, end = first + count; j < end;) {
        int64_t next = end;
        for (int64_t divisor : o.innerDivisors)
          next = std::min(next, (j / divisor + 1) * divisor);
        // Within [j, next) only bare inner terms change, and they stay in
        // bounds: the loop sizes were checked.
        point[numLoops - 1] = j;
        int64_t base = flatAt(o, point);
        if (base < 0)
          return false;
        runs.push_back({near, base, o.innerStride, next - j});
        near += next - j;
        j = next;
      }
      continue;
    }
    for (int64_t j = 0; j < count; ++j) {
      point[numLoops - 1] = first + j;
      int64_t flat = flatAt(o, point);
      if (flat < 0)
        return false;
      runs.push_back({near++, flat, 0, 1});
    }
  }
  return true;
}

template <unsigned Bytes>
void moveElements(const uint8_t *src, uint8_t *dst, const std::vector<Run> &runs, bool gather) {
  for (const Run &run : runs) {
    if (run.stride == 1) { // contiguous: one copy
      if (gather)
        std::memcpy(dst + size_t(run.near) * Bytes, src + size_t(run.base) * Bytes,
                    size_t(run.count) * Bytes);
      else
        std::memcpy(dst + size_t(run.base) * Bytes, src + size_t(run.near) * Bytes,
                    size_t(run.count) * Bytes);
      continue;
    }
    for (int64_t j = 0; j < run.count; ++j) {
      size_t far = size_t(run.base + j * run.stride) * Bytes, near = size_t(run.near + j) * Bytes;
      if (gather)
        std::memcpy(dst + near, src + far, Bytes);
      else
        std::memcpy(dst + far, src + near, Bytes);
    }
  }
}

/// Copies between a column and the elements of a tensor along `runs`, bits
/// and poison: column[near] = tensor[far] (gather) or the reverse.
void move(const RuntimeValue &src, RuntimeValue &dst, const std::vector<Run> &runs,
          bool gather) {
  switch (src.bytesPerElement()) {
  case 1: moveElements<1>(src.data(), dst.data(), runs, gather); break;
  case 2: moveElements<2>(src.data(), dst.data(), runs, gather); break;
  case 4: moveElements<4>(src.data(), dst.data(), runs, gather); break;
  case 8: moveElements<8>(src.data(), dst.data(), runs, gather); break;
  default: moveElements<16>(src.data(), dst.data(), runs, gather); break;
  }
  if (!src.hasPoison() && !dst.hasPoison())
    return;
  for (const Run &run : runs)
    for (int64_t j = 0; j < run.count; ++j) {
      int64_t far = run.base + j * run.stride, near = run.near + j;
      int64_t from = gather ? far : near, to = gather ? near : far;
      // Only touch the mask where it changes (a fresh column has none).
      if (src.isPoison(from) != dst.isPoison(to))
        dst.setPoison(to, src.isPoison(from));
    }
}

/// A column of `size` copies of the scalar `value` (bits and poison).
RuntimeValue splatColumn(const RuntimeValue &value, int64_t size) {
  RuntimeValue column = RuntimeValue::tensor(value.elementType(), {size});
  shapesupport::fillWith(column, value);
  return column;
}

/// The column of loop `dim`'s index at every point of `chunk`. [linalg.index]
RuntimeValue indexColumn(const Chunk &chunk, unsigned numLoops, unsigned dim) {
  RuntimeValue column = RuntimeValue::tensor(ElementType::makeIndex(), {chunk.size});
  int64_t k = 0;
  for (size_t s = 0; s < chunk.counts.size(); ++s) {
    int64_t start = chunk.starts[s * numLoops + dim];
    for (int64_t j = 0; j < chunk.counts[s]; ++j)
      column.set(k++, numeric::Bits(uint64_t(dim == numLoops - 1 ? start + j : start)));
  }
  return column;
}

/// [fast.linalg-columns] conditions on the op; collects the values the
/// payload uses from outside (all scalars).
bool qualifies(mlir::linalg::LinalgOp op, llvm::ArrayRef<ColumnsOperand> operands,
               llvm::SetVector<mlir::Value> &captured) {
  if (op.getNumLoops() == 0 || op.getNumDpsInits() == 0 || !op->getRegion(0).hasOneBlock() ||
      op->getRegion(0).front().getNumArguments() != operands.size())
    return false;
  for (mlir::utils::IteratorType type : op.getIteratorTypesArray())
    if (type != mlir::utils::IteratorType::parallel)
      return false;
  for (size_t k = size_t(op.getNumDpsInputs()); k < operands.size(); ++k)
    if (!operands[k].isShaped || !operands[k].map.isPermutation())
      return false;
  mlir::Block &body = op->getRegion(0).front();
  auto useFromOutside = [&](mlir::Value value) {
    if (value.getParentBlock() == &body)
      return true;
    if (llvm::isa<mlir::ShapedType>(value.getType()))
      return false;
    captured.insert(value);
    return true;
  };
  for (mlir::Operation &inner : body) {
    if (&inner == body.getTerminator()) {
      for (mlir::Value value : inner.getOperands())
        if (!useFromOutside(value))
          return false;
      continue;
    }
    llvm::StringRef dialect = inner.getName().getDialectNamespace();
    if (!(dialect == "arith" || dialect == "math" || llvm::isa<mlir::linalg::IndexOp>(inner)) ||
        inner.getNumRegions() != 0)
      return false;
    for (mlir::Value value : inner.getOperands())
      if (!useFromOutside(value))
        return false;
    for (mlir::Type type : inner.getResultTypes())
      if (llvm::isa<mlir::ShapedType>(type))
        return false;
  }
  return true;
}

} // namespace

std::optional<std::vector<RuntimeValue>>
evalStructuredByColumns(Interpreter &interp, const Frame &frame, mlir::linalg::LinalgOp op,
                        llvm::ArrayRef<ColumnsOperand> operands,
                        llvm::ArrayRef<int64_t> loopSize) {
  llvm::SetVector<mlir::Value> captured;
  if (!qualifies(op, operands, captured))
    return std::nullopt;
  const unsigned numLoops = unsigned(loopSize.size()), inner = numLoops - 1;
  const size_t numInputs = size_t(op.getNumDpsInputs());
  mlir::Block &body = op->getRegion(0).front();
  mlir::Operation *yield = body.getTerminator();

  std::vector<IndexedOperand> shaped(operands.size());
  for (size_t k = 0; k < operands.size(); ++k)
    if (operands[k].isShaped)
      shaped[k] = indexed(*operands[k].value, operands[k].map, inner);
  std::vector<RuntimeValue> results;
  for (size_t k = numInputs; k < operands.size(); ++k)
    results.push_back(*operands[k].value);

  int64_t total = 1;
  for (int64_t size : loopSize)
    total *= size; // = the size of an output (a permutation of the loops)

  std::vector<int64_t> point(numLoops, 0);
  std::vector<Run> runs;
  Chunk chunk;
  try {
    for (int64_t done = 0; done < total; done += chunk.size) {
      // The next kColumnChunk points in lexicographic order, as runs.
      chunk = Chunk();
      while (chunk.size < kColumnChunk && done + chunk.size < total) {
        int64_t take = std::min(loopSize[inner] - point[inner], kColumnChunk - chunk.size);
        chunk.starts.insert(chunk.starts.end(), point.begin(), point.end());
        chunk.counts.push_back(take);
        chunk.size += take;
        point[inner] += take;
        for (int d = int(inner); d > 0 && point[size_t(d)] == loopSize[size_t(d)]; --d) {
          point[size_t(d)] = 0;
          ++point[size_t(d) - 1];
        }
      }

      Frame columns(&frame);
      for (size_t k = 0; k < operands.size(); ++k) {
        mlir::BlockArgument argument = body.getArgument(unsigned(k));
        if (argument.use_empty())
          continue;
        if (!operands[k].isShaped) {
          columns.bind(argument, splatColumn(*operands[k].value, chunk.size));
          continue;
        }
        if (!runsOf(shaped[k], chunk, numLoops, runs))
          return std::nullopt;
        RuntimeValue column = RuntimeValue::tensor(operands[k].value->elementType(), {chunk.size});
        move(*operands[k].value, column, runs, /*gather=*/true);
        columns.bind(argument, std::move(column));
      }
      for (mlir::Value value : captured) {
        const RuntimeValue &scalar = frame.lookup(value);
        if (scalar.isTensor())
          return std::nullopt;
        columns.bind(value, splatColumn(scalar, chunk.size));
      }
      for (mlir::Operation &inner : body.without_terminator()) {
        if (auto index = llvm::dyn_cast<mlir::linalg::IndexOp>(inner)) {
          if (index.getDim() >= numLoops)
            return std::nullopt;
          columns.bind(index.getResult(), indexColumn(chunk, numLoops, unsigned(index.getDim())));
          continue;
        }
        interp.evalOp(inner, columns);
        for (mlir::Value result : inner.getResults()) {
          const RuntimeValue &value = columns.lookup(result);
          if (!value.isTensor()) // e.g. an arith.constant in the payload
            columns.bind(result, splatColumn(value, chunk.size));
        }
      }
      for (size_t j = 0; j < results.size(); ++j) {
        const RuntimeValue &value = columns.lookup(yield->getOperand(unsigned(j)));
        if (!value.isTensor() || value.size() != chunk.size ||
            value.elementType().bitWidth() != results[j].elementType().bitWidth())
          return std::nullopt;
        if (!runsOf(shaped[numInputs + j], chunk, numLoops, runs))
          return std::nullopt;
        move(value, results[j], runs, /*gather=*/false);
      }
    }
  } catch (const EvalError &) {
    return std::nullopt; // the per-point run reports it where it happens
  }
  return results;
}

} // namespace qi::eval
