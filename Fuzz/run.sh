#!/usr/bin/env bash
# Fuzzes the catalog parser with libFuzzer: builds Sources/StoreCatalog with the entry point in
# CatalogFuzzTarget.swift under -sanitize=fuzzer,address, then runs it seeded with the shared
# corpus and our sample catalogs (copied to a scratch folder, never into the repository).
#
#   Fuzz/run.sh                      # 100,000 runs or 120 seconds, whichever comes first
#   FUZZ_RUNS=1000000 FUZZ_SECONDS=3600 Fuzz/run.sh
#
# Leak reports are off (-detect_leaks=0, ASAN_OPTIONS=detect_leaks=0): Foundation's property-list parser leaks a few bytes on
# its error path, which is not ours to fix and would stop every run at once.
#
# Exits 0 when every input was survived, 1 with the crashing input's path otherwise. When the
# toolchain cannot build with -sanitize=fuzzer it says why and exits 0 (the in-process fuzz
# test in Tests/ReliabilityTests still runs).
set -euo pipefail
fuzz_dir="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$fuzz_dir")"
corpus="$(dirname "$root")/shared/storekit-corpus"
runs="${FUZZ_RUNS:-100000}"
seconds="${FUZZ_SECONDS:-120}"
build="$root/.build/fuzz"
work="${FUZZ_WORK_DIR:-$(mktemp -d)}"
mkdir -p "$build" "$work/found" "$work/seeds" "$work/artifacts"

# Can this toolchain link libFuzzer at all? Try the smallest possible target first.
probe="$build/probe"
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>, _ n: Int) -> CInt { 0 }\n' > "$probe.swift"
if ! probe_log="$(swiftc -sanitize=fuzzer,address -parse-as-library "$probe.swift" -o "$probe" 2>&1)"; then
  echo "fuzz: skipped: this toolchain cannot build with -sanitize=fuzzer: $(echo "$probe_log" | grep -m1 -i error)"
  exit 0
fi

# The parser, the shared catalog reader and the entry point, as one optimized module.
binary="$build/catalog-fuzzer"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name CatalogFuzz \
  "$root"/Sources/StoreCatalog/*.swift \
  "$root/Tests/ReliabilityTests/Fuzzing/CatalogReading.swift" \
  "$fuzz_dir/CatalogFuzzTarget.swift" \
  -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)

cp "$corpus"/*.storekit "$root"/Resources/Catalogs/*.storekit "$work/seeds/"
echo "fuzz: $(ls "$work/seeds" | wc -l) seeds, up to $runs runs or $seconds seconds; log $work/fuzz.log"
set +e
ASAN_OPTIONS=detect_leaks=0 "$binary" "$work/found" "$work/seeds" \
  -dict="$fuzz_dir/storekit.dict" -runs="$runs" -max_total_time="$seconds" \
  -max_len=65536 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 \
  -artifact_prefix="$work/artifacts/" > "$work/fuzz.log" 2>&1
status=$?
set -e
executed="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/fuzz.log" | tail -n 1 | grep -o '[0-9]*$' || echo 0)"
if [ "$status" -ne 0 ]; then
  tail -n 40 "$work/fuzz.log"
  echo "fuzz: FAILED after $executed inputs; crashing input: $(ls "$work"/artifacts/* 2>/dev/null | head -n 1)"
  exit 1
fi
coverage="$(grep -o 'cov: [0-9]*' "$work/fuzz.log" | tail -n 1 | grep -o '[0-9]*$' || echo 0)"
echo "fuzz: $executed inputs tried, $executed survived ($coverage coverage edges; $(ls "$work/found" | wc -l) new inputs kept)"
