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
