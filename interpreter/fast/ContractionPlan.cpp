//===- ContractionPlan.cpp - Which structured ops are integer MACs --------===//
//
// Spec: [fast.contraction] in spec/performance.md.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/ContractionPlan.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AffineExpr.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cstdlib>

namespace qi::fast {

namespace {

/// A refusal: records why, returns "no plan".
class Refuse {
public:
  explicit Refuse(std::string *whyNot) : whyNot_(whyNot) {}
  std::nullopt_t operator()(const std::string &why) const {
    if (whyNot_)
      *whyNot_ = why;
    return std::nullopt;
  }

private:
  std::string *whyNot_;
};

/// The width of a signless integer type of 1..64 bits, else 0.
unsigned integerWidth(mlir::Type type) {
  auto integer = llvm::dyn_cast<mlir::IntegerType>(type);
  if (!integer || !integer.isSignless() || integer.getWidth() > 64)
    return 0;
  return integer.getWidth();
}

/// Whether `op` carries nsw / nuw: they make a wrapped result poison, which
/// the accelerator does not model.
bool hasOverflowFlags(mlir::Operation *op) {
  auto attr = op->getAttrOfType<mlir::arith::IntegerOverflowFlagsAttr>("overflowFlags");
  return attr && attr.getValue() != mlir::arith::IntegerOverflowFlags::none;
}

/// What the payload matcher has seen: the ops it accounted for and the ins
/// operands it read.
struct Matched {
  mlir::Block *body = nullptr;
  unsigned numInputs = 0;
  mlir::Type accumulator;
  llvm::SmallPtrSet<mlir::Operation *, 8> ops;
};

/// `value`'s defining op if it is an op of the payload, else null.
mlir::Operation *payloadOp(mlir::Value value, const Matched &m) {
  mlir::Operation *op = value.getDefiningOp();
  return op && op->getBlock() == m.body ? op : nullptr;
}

/// The ins operand whose block argument `value` is, or -1.
int insOperandOf(mlir::Value value, const Matched &m) {
  auto argument = llvm::dyn_cast<mlir::BlockArgument>(value);
  if (!argument || argument.getOwner() != m.body || argument.getArgNumber() >= m.numInputs)
    return -1;
  return int(argument.getArgNumber());
}

/// `value` = widen(ins operand) in the accumulator type: the block argument
/// itself, or one extsi / extui / trunci of it.
bool matchWidened(mlir::Value value, Matched &m, unsigned &operand, Widening &widening) {
  if (value.getType() != m.accumulator)
    return false;
  int direct = insOperandOf(value, m);
  if (direct >= 0) {
    operand = unsigned(direct);
    widening = Widening::Wrap;
    return true;
  }
  mlir::Operation *op = payloadOp(value, m);
  if (!op)
    return false;
  if (llvm::isa<mlir::arith::ExtSIOp>(op))
    widening = Widening::Signed;
  else if (llvm::isa<mlir::arith::ExtUIOp>(op))
    widening = Widening::Unsigned;
  else if (llvm::isa<mlir::arith::TruncIOp>(op) && !hasOverflowFlags(op))
    widening = Widening::Wrap;
  else
    return false;
  int source = insOperandOf(op->getOperand(0), m);
  if (source < 0 || integerWidth(op->getOperand(0).getType()) == 0)
    return false;
  operand = unsigned(source);
  m.ops.insert(op);
  return true;
}

/// `value` = widen(x) or widen(x) - widen(zp), arith.subi without flags.
bool matchFactor(mlir::Value value, Matched &m, ContractionFactor &factor) {
  if (matchWidened(value, m, factor.operand, factor.widening))
    return true;
  mlir::Operation *op = payloadOp(value, m);
  if (!op || !llvm::isa<mlir::arith::SubIOp>(op) || hasOverflowFlags(op))
    return false;
  unsigned zeroPoint = 0;
  if (!matchWidened(op->getOperand(0), m, factor.operand, factor.widening) ||
      !matchWidened(op->getOperand(1), m, zeroPoint, factor.zeroPointWidening))
    return false;
  factor.zeroPoint = zeroPoint;
  m.ops.insert(op);
  return true;
}

// Checked int64 arithmetic for the linear forms.
bool add(int64_t a, int64_t b, int64_t &r) { return !__builtin_add_overflow(a, b, &r); }
bool mul(int64_t a, int64_t b, int64_t &r) { return !__builtin_mul_overflow(a, b, &r); }

bool addForms(const LinearForm &a, const LinearForm &b, LinearForm &r) {
  r.coefficients.resize(a.coefficients.size());
  for (size_t d = 0; d < a.coefficients.size(); ++d)
    if (!add(a.coefficients[d], b.coefficients[d], r.coefficients[d]))
      return false;
  return add(a.constant, b.constant, r.constant);
}

bool scaleForm(const LinearForm &a, int64_t c, LinearForm &r) {
  r.coefficients.resize(a.coefficients.size());
  for (size_t d = 0; d < a.coefficients.size(); ++d)
    if (!mul(a.coefficients[d], c, r.coefficients[d]))
      return false;
  return mul(a.constant, c, r.constant);
}

/// An affine expression as the reference evaluates it: `value` its linear
/// form, `bound` a bound on |value| (non-negative coefficients), `total` the
/// sum of the bounds of every node of the tree (so it bounds each of them).
struct Linearized {
  LinearForm value, bound, total;
};

/// Dims, constants, + and * by a constant only: floordiv, ceildiv, mod and
/// symbols are not linear. False also when a coefficient overflows int64.
bool linearize(mlir::AffineExpr expr, unsigned numLoops, Linearized &out) {
  out = Linearized();
  for (LinearForm *form : {&out.value, &out.bound, &out.total})
    form->coefficients.assign(numLoops, 0);
  if (auto dim = llvm::dyn_cast<mlir::AffineDimExpr>(expr)) {
    if (dim.getPosition() >= numLoops)
      return false;
    for (LinearForm *form : {&out.value, &out.bound, &out.total})
      form->coefficients[dim.getPosition()] = 1;
    return true;
  }
  if (auto constant = llvm::dyn_cast<mlir::AffineConstantExpr>(expr)) {
    int64_t c = constant.getValue();
    if (c == INT64_MIN)
      return false;
    out.value.constant = c;
    out.bound.constant = out.total.constant = std::llabs(c);
    return true;
  }
  auto binary = llvm::dyn_cast<mlir::AffineBinaryOpExpr>(expr);
  if (!binary)
    return false;
  Linearized lhs, rhs;
  if (!linearize(binary.getLHS(), numLoops, lhs) || !linearize(binary.getRHS(), numLoops, rhs))
    return false;
  LinearForm children;
  if (!addForms(lhs.total, rhs.total, children))
    return false;
  switch (expr.getKind()) {
  case mlir::AffineExprKind::Add:
    if (!addForms(lhs.value, rhs.value, out.value) || !addForms(lhs.bound, rhs.bound, out.bound))
      return false;
    break;
  case mlir::AffineExprKind::Mul: {
    // One side is a constant in a (pure or semi-) affine product of dims.
    auto constant = llvm::dyn_cast<mlir::AffineConstantExpr>(binary.getRHS());
    const Linearized *other = &lhs;
    if (!constant) {
      constant = llvm::dyn_cast<mlir::AffineConstantExpr>(binary.getLHS());
      other = &rhs;
    }
    if (!constant || constant.getValue() == INT64_MIN)
      return false;
    if (!scaleForm(other->value, constant.getValue(), out.value) ||
        !scaleForm(other->bound, std::llabs(constant.getValue()), out.bound))
      return false;
    break;
  }
  default:
    return false;
  }
  return addForms(children, out.bound, out.total);
}

} // namespace

std::optional<ContractionPlan> planContraction(mlir::Operation &op, std::string *whyNot) {
  const Refuse refuse(whyNot);
  auto linalgOp = llvm::dyn_cast<mlir::linalg::LinalgOp>(op);
  if (!linalgOp)
    return refuse("not a structured op");
  if (linalgOp.getNumDpsInits() != 1)
    return refuse("not exactly one init");
  if (op.getNumRegions() != 1 || !op.getRegion(0).hasOneBlock())
    return refuse("no single-block payload");
  const unsigned numInputs = unsigned(linalgOp.getNumDpsInputs());
  mlir::Block &body = op.getRegion(0).front();
  if (body.getNumArguments() != numInputs + 1)
    return refuse("payload arguments do not match the operands");

  Matched m;
  m.body = &body;
  m.numInputs = numInputs;
  mlir::BlockArgument out = body.getArgument(numInputs);
  m.accumulator = out.getType();
  ContractionPlan plan;
  plan.accumulatorWidth = integerWidth(m.accumulator);
  if (plan.accumulatorWidth == 0)
    return refuse("the init's element type is not a signless integer of at most 64 bits");

  // yield(addi(out, muli(factor, factor))), each op without overflow flags.
  mlir::Operation *yield = body.getTerminator();
  if (!llvm::isa<mlir::linalg::YieldOp>(yield) || yield->getNumOperands() != 1)
    return refuse("the payload does not yield one value");
  mlir::Operation *sum = payloadOp(yield->getOperand(0), m);
  if (!sum || !llvm::isa<mlir::arith::AddIOp>(sum) || hasOverflowFlags(sum) ||
      sum->getResult(0).getType() != m.accumulator)
    return refuse("the payload does not yield an arith.addi without overflow flags");
  mlir::Value product;
  if (sum->getOperand(0) == out && sum->getOperand(1) != out)
    product = sum->getOperand(1);
  else if (sum->getOperand(1) == out && sum->getOperand(0) != out)
    product = sum->getOperand(0);
  else
    return refuse("the sum does not add a product to the init's element");
  mlir::Operation *multiply = payloadOp(product, m);
  if (!multiply || !llvm::isa<mlir::arith::MulIOp>(multiply) || hasOverflowFlags(multiply))
    return refuse("the init's element is not added to an arith.muli without overflow flags");
  m.ops.insert(sum);
  m.ops.insert(multiply);
  for (unsigned f = 0; f < 2; ++f)
    if (!matchFactor(multiply->getOperand(f), m, plan.factors[f]))
      return refuse("factor " + std::to_string(f + 1) +
                    " is not widen(ins) or widen(ins) - widen(ins)");
  // Any other op could raise an error or poison at some point.
  for (mlir::Operation &inner : body.without_terminator())
    if (!m.ops.contains(&inner))
      return refuse("the payload has another op: " + inner.getName().getStringRef().str());
  if (!out.hasOneUse())
    return refuse("the init's element is used more than once");

  // Every ins operand is read: the reference checks the bounds of each.
  std::vector<bool> read(numInputs, false);
  for (const ContractionFactor &factor : plan.factors) {
    read[factor.operand] = true;
    if (factor.zeroPoint)
      read[*factor.zeroPoint] = true;
  }
  for (unsigned k = 0; k < numInputs; ++k)
    if (!read[k])
      return refuse("ins operand #" + std::to_string(k + 1) + " is not read by the product");

  plan.numLoops = linalgOp.getNumLoops();
  llvm::SmallVector<mlir::AffineMap> maps = linalgOp.getIndexingMapsArray();
  if (maps.size() != numInputs + 1)
    return refuse("indexing maps do not match the operands");
  for (unsigned k = 0; k <= numInputs; ++k) {
    ContractionOperand operand;
    operand.width = integerWidth(body.getArgument(k).getType());
    if (operand.width == 0)
      return refuse("operand #" + std::to_string(k + 1) +
                    " is not a signless integer of at most 64 bits");
    if (maps[k].getNumSymbols() != 0 || maps[k].getNumDims() != plan.numLoops)
      return refuse("indexing map #" + std::to_string(k + 1) + " has symbols");
    for (mlir::AffineExpr expr : maps[k].getResults()) {
      Linearized linear;
      if (!linearize(expr, plan.numLoops, linear))
        return refuse("indexing map #" + std::to_string(k + 1) +
                      " is not a sum of loops times constants");
      operand.index.push_back(std::move(linear.value));
      operand.magnitude.push_back(std::move(linear.total));
    }
    plan.operands.push_back(std::move(operand));
  }
  for (const ContractionFactor &factor : plan.factors)
    if (factor.zeroPoint)
      for (const LinearForm &form : plan.operands[*factor.zeroPoint].index)
        for (int64_t c : form.coefficients)
          if (c != 0)
            return refuse("a zero point varies with the iteration");
  return plan;
}

} // namespace qi::fast
