# Storefront: the two commands a newcomer needs are `make run` and `make test`.
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/storefront

.PHONY: run test build deps demo bench check

# System libraries the package links: ncursesw (the terminal) and sqlite3 (GRDB's ledger).
deps:
	@.ci/install-deps

build: deps
	$(SWIFT) build -c $(CONFIG) --product storefront

run: build
	$(BIN) run --latency 300ms-800ms

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Every figure of issue 6 on the release build: prints the table, writes bench/results.json.
# QUICK=1 takes fewer repetitions (under a minute once built).
bench: deps
	$(SWIFT) build -c release --product storefront
	$(SWIFT) build -c release --product storefront-bench
	.build/release/storefront-bench $(if $(QUICK),--quick) --command "make bench$(if $(QUICK), QUICK=$(QUICK))"
