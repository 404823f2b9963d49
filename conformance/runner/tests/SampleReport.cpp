//===- SampleReport.cpp - Synthetic RunReports for the writer tests -------===//
#include "conformance/runner/tests/SampleReport.h"

#include <string>

namespace qi::conform::samples {

namespace {

using namespace std::string_literals;

CaseResult makeCase(std::string id, std::string category, Outcome outcome, std::string reason) {
  CaseResult c;
  c.id = std::move(id);
  c.category = std::move(category);
  c.file = "cases/" + c.id + ".json";
  c.outcome = outcome;
  c.reason = std::move(reason);
  std::string op = c.category.substr(0, c.category.find('/'));
  c.tags = {{"op", op}, {"granularity", "per-layer"}, {"storage", "i8"}, {"expressed", "f32"},
            {"shapeKind", "static"}};
  c.elements = c.compared = 32;
  c.seconds = 0.125;
  return c;
}

Mismatch qcastMismatch(int64_t index, std::string input, std::string inputClass, int64_t expected,
                       int64_t got) {
  return {index, std::move(input), std::move(inputClass), std::to_string(expected), std::to_string(got),
          got - expected};
}

} // namespace

RunReport sampleReport() {
  RunReport r;
  r.toolVersion = "0.1.0";
  r.commandLine = "quant-conform run --backend=command --command='./vendor.sh --url \"http://example.invalid/?a=1&b=2\"'"
                  " --suite=golden/v2/smoke";
  r.backend = "command";
  r.backendDetail = "./vendor.sh --url \"http://example.invalid/?a=1&b=2\"";
  r.suite = "golden/v2/smoke";
  r.suiteLevel = "smoke";
  r.profile = "reference";
  r.profileDescription = "reference: rounding=nearest-even arith-rounding=nearest-even nan=poison overflow=saturate";
  r.capabilities = "vendor-caps.txt";
  r.startedAt = "2026-11-22T05:00:00Z";
  r.seconds = 12.75;

  r.cases.push_back(makeCase("qcast-per-layer-u8-f32-static-3218f83ca274", "qcast/per-layer/f32", Outcome::Pass, ""));
  r.cases.push_back(makeCase("qcast-per-layer-i8n-f32-static-1f0c2d9e4a7b", "qcast/per-layer/f32", Outcome::Pass, ""));

  // A fail that mlir-lower-quant-ops reproduces exactly.
  CaseResult fail1 = makeCase("qcast-per-axis-i8-f16-static-0a1b2c3d4e5f", "qcast/per-axis/f16", Outcome::Fail,
                              "3 of 32 elements differ");
  fail1.dontCare = 2;
  fail1.compared = 30;
  fail1.mismatched = 3;
  fail1.mismatches = {qcastMismatch(4, "0x4100 (2.5)", "tie", 2, 3), qcastMismatch(9, "0xBE00 (-1.5)", "tie", -2, -1),
                      qcastMismatch(17, "0x3C01 (1.0009766)", "reciprocal-differs", 10, 11)};
  fail1.mismatchesByClass = {{"tie", 2}, {"reciprocal-differs", 1}};
  fail1.storedErrorHistogram = {{1, 3}};
  // Explained by mlir-lower-quant-ops (3 of 3 defined); toward-zero reproduces 1 and contradicts 2.
  fail1.diagnosis = {{"mlir-lower-quant-ops", "mlir-lower-quant-ops: rounding=nearest-away nan=poison", 3, 3, 0, 0}};
  fail1.explainedBy = {"mlir-lower-quant-ops"};
  r.cases.push_back(fail1);

  // A fail two variants reproduce exactly, with a wide stored-value error.
  CaseResult fail2 = makeCase("qcast-per-layer-u32-f64-static-777777777777", "qcast/per-layer/f64", Outcome::Fail,
                              "2 of 32 elements differ");
  fail2.mismatched = 2;
  fail2.mismatches = {qcastMismatch(0, "0x41EFFFFFFFE00000 (4294967295)", "storage-bound-half", 4294967295, 0),
                      {5, "0x7FF8000000000000 (nan)", "qnan", "0", "poison", std::nullopt}};
  fail2.mismatchesByClass = {{"storage-bound-half", 1}, {"qnan", 1}};
  fail2.storedErrorHistogram = {{-4294967295, 1}};
  // Two explain it; a third is cut by --diagnosis-candidates=2 and still counted.
  fail2.diagnosis = {{"mlir-lower-quant-ops", "mlir-lower-quant-ops: rounding=nearest-away nan=poison", 1, 1, 1, 0},
                     {"reference --rounding=toward-zero", "reference with rounding=toward-zero", 1, 1, 1, 0}};
  fail2.diagnosisMore = 1;
  fail2.explainedBy = {"mlir-lower-quant-ops", "reference --rounding=toward-zero", "exact --rounding=toward-zero"};
  r.cases.push_back(fail2);

  // A fail no variant explains, with hostile text everywhere a backend's words go.
  CaseResult fail3 = makeCase("dcast-sub-channel-i4-bf16-static-<b>&\"x'", "dcast/sub-channel/<bf16>&\"'",
                              Outcome::Fail, "valid program rejected: <b>bold</b> & \"quoted\" 'single' ]]> µ 日本 ✓");
  fail3.compared = 0;
  fail3.stderrTail = "vendor: \x1b[31merror\x1b[0m at \x01\x7f line\tX\r\n"s + "bad utf-8: \xff\xfe \xc3( end\n"s +
                     "nul:\0:nul ]]> </failure> µ\n"s;
  fail3.diagnosis = {{"reference --nan=zero", "reference with nan=zero", 7, 8, 0, 1}};
  fail3.diagnosisMore = 12;
  r.cases.push_back(fail3);

  CaseResult error = makeCase("dcast-per-layer-u8-f32-dynamic-abcdefabcdef", "dcast/per-layer/f32", Outcome::Error,
                              "timeout after 60 s");
  error.stderrTail = "starting simulator\nlast words: \x1b[1mkilled\x1b[0m <&>\n";
  error.seconds = 60.0;
  r.cases.push_back(error);

  r.cases.push_back(makeCase("dcast-per-layer-i8-f8E4M3FN-static-123456789abc", "dcast/per-layer/f8E4M3FN",
                             Outcome::Unsupported, "outside capabilities: expressed f8E4M3FN is not claimed"));
  r.cases.push_back(makeCase("qcast-per-layer-i8-bf16-unranked-<script>alert('x')</script>", "qcast/per-layer/bf16",
                             Outcome::Unsupported, "backend exit 77: \"unranked\" & <dynamic> shapes unsupported"));

  CaseResult rejected = makeCase("qcast-per-layer-i8-f32-static-reject000001", "qcast/per-layer/f32",
                                 Outcome::ExpectedRejection, "rejected as required (exit 3)");
  rejected.stderrTail = "error: 'quant.qcast' op scale <= 0 is invalid\n";
  r.cases.push_back(rejected);

  // Coverage classes: one suite with them (hostile text in a value), one
  // whose manifest predates them.
  SuiteCoverage smoke;
  smoke.suite = "golden/v2/smoke";
  smoke.level = "smoke";
  smoke.recorded = true;
  smoke.json = "{\"format\":\"quant-interp-coverage/1\",\"pairwise\":{\"covered\":5,\"feasible\":8}}";
  smoke.domains = {{"qcast / dcast", 7, 9, 12, {{"rank", {"4", "5+"}}, {"size", {">=65536", "<b>\x1b"}}}, 5, 8, 1, 3},
                   {"rescale", 2, 4, 4, {}, 0, 0, 0, 0}};
  smoke.pairsCovered = 5;
  smoke.pairsFeasible = 8;
  smoke.triplesCovered = 1;
  smoke.triplesFeasible = 3;
  r.coverage.push_back(smoke);
  SuiteCoverage old;
  old.suite = "golden/v0/full";
  old.level = "full";
  r.coverage.push_back(old);
  return r;
}

RunReport emptyReport() {
  RunReport r = sampleReport();
  r.cases.clear();
  r.seconds = 0;
  return r;
}

RunReport interruptedReport(size_t finished) {
  RunReport r = sampleReport();
  if (finished < r.cases.size())
    r.cases.resize(finished);
  r.interrupted = true;
  return r;
}

} // namespace qi::conform::samples
