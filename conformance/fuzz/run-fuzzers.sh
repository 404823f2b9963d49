#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang-22, ASan + UBSan + libFuzzer) in
# build-fuzz/ and runs each for a fixed number of executions.
#
#   conformance/fuzz/run-fuzzers.sh [-runs=N] [HARNESS...] [-- LIBFUZZER FLAGS...]
#
# HARNESS: interpret, argument, golden, numeric (default: all four). -runs
# defaults to 100000. Seeds come from the lit suite and golden/v2/smoke
# (make-corpus.py); the growing corpora stay in
# build-fuzz/fuzz-corpus/work-HARNESS/ between runs, crash inputs land in
# build-fuzz/fuzz-artifacts/. Exit status 1 if any harness found a crash (for
# interpret, which runs in fork mode, timeouts are counted but do not stop it).
# Run it under `nice -n 19` on a shared machine. See docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=100000
harnesses=()
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    -runs=*) runs=${1#-runs=} ;;
    --) shift; extra=("$@"); break ;;
    interpret|argument|golden|numeric) harnesses+=("$1") ;;
    *) echo "usage: $0 [-runs=N] [interpret|argument|golden|numeric ...] [-- libFuzzer flags]" >&2; exit 2 ;;
  esac
  shift
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=(interpret argument golden numeric)

# clang-22 and its runtimes (libFuzzer, ASan, UBSan) come from Debian.
packages=(clang-22 libclang-rt-22-dev cmake ninja-build python3 libmlir-22-dev llvm-22-dev
          libboost-dev libfmt-dev libgtest-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

BUILD_DIR=${FUZZ_BUILD_DIR:-build-fuzz}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_COMPILER=clang++-22 "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only" \
        -DQI_SANITIZE=address,undefined -DQI_FUZZ=ON >/dev/null
fi
cmake --build "$BUILD_DIR" --target qi-fuzzers -- -j"$(nproc)"

corpus="$BUILD_DIR/fuzz-corpus"
artifacts="$BUILD_DIR/fuzz-artifacts"
python3 conformance/fuzz/make-corpus.py "$corpus"
mkdir -p "$artifacts"

# Sanitizer settings: see docs/reliability.md. abort_on_error so that a
# report is a crash for libFuzzer; symbolized stacks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:abort_on_error=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}

status=0
summary=()
for h in "${harnesses[@]}"; do
  case "$h" in
    # interpret: valid programs may never terminate (an scf.while whose
    # condition stays true; the interpreter has no work budget yet,
    # docs/reliability.md), so the harness runs in fork mode with one worker
    # and timeouts are recorded (artifacts, the summary's oom/timeout/crash=) but do
    # not stop the run; crashes, leaks and sanitizer reports still do.
    interpret) flags=(-max_len=8192 -timeout=20 -fork=1 -ignore_timeouts=1) ;;
    argument)  flags=(-max_len=2048 -timeout=60) ;;
    golden)    flags=(-max_len=40960 -timeout=60) ;;
    numeric)   flags=(-max_len=52 -timeout=10) ;;
  esac
  work="$corpus/work-$h"
  mkdir -p "$work"
  log="$BUILD_DIR/fuzz-$h.log"
  echo "== $h: -runs=$runs (log: $log)"
  start=$(date +%s)
  set +e
  "$BUILD_DIR/fuzz/qi-fuzz-$h" -runs="$runs" -rss_limit_mb=4096 -malloc_limit_mb=4096 \
      -print_final_stats=1 -artifact_prefix="$artifacts/$h-" "${flags[@]}" "${extra[@]}" \
      "$work" "$corpus/seed-$h" >"$log" 2>&1
  rc=$?
  set -e
  secs=$(( $(date +%s) - start ))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  # Fork mode prints no final stats: the last "#N: cov: ... oom/timeout/crash: A/B/C" line.
  forkline=$(grep -E '^#[0-9]+: cov:' "$log" | tail -1 || true)
  [ -n "$execs" ] || execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$forkline")
  line="$h: exit=$rc executions=${execs:-?} time=${secs}s corpus=$(ls "$work" | wc -l)"
  [ -z "$forkline" ] || line+=" oom/timeout/crash=$(grep -oE '[0-9]+/[0-9]+/[0-9]+' <<<"$forkline" | tail -1)"
  if [ $rc -ne 0 ]; then
    status=1
    line+=" CRASH: $(grep -m1 -E 'ERROR: |runtime error|MISMATCH|deadly signal|out-of-memory|timeout' "$log" || echo see log)"
  fi
  echo "$line"
  summary+=("$line")
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
