# Storefront: the two commands a newcomer needs are `make run` and `make test`.
SWIFT ?= swift
SHELL := /bin/bash
CONFIG ?= release
BIN = .build/$(CONFIG)/storefront
# A release build links the Swift runtime and Foundation into each program: every customer's
# process then starts without binding symbols across 15 libraries and writes fewer pages of
# its own (BENCHMARKS.md, issue 17). Only the programs: the test libraries need XCTest's.
STATIC = --static-swift-stdlib
PROGRAMS_BUILD = $(SWIFT) build -c $(CONFIG) $(if $(filter release,$(CONFIG)),$(STATIC))

.PHONY: run test build deps demo pictures bench check load install uninstall

# System libraries the package links: ncursesw (the terminal) and sqlite3 (GRDB's ledger).
deps:
	@.ci/install-deps

# storefront-serve is what `storefront serve` runs, beside storefront.
build: deps
	$(PROGRAMS_BUILD) --product storefront
	$(PROGRAMS_BUILD) --product storefront-serve

# `run` needs only storefront (storefront-serve and its server libraries are built by `build`),
# and builds it for debugging unless given CONFIG=release: on a fresh clone that compiles 41%
# less (458 s of CPU against 783 s, measured), and `make test` then builds on what it built.
run: CONFIG = debug
run: deps
	$(PROGRAMS_BUILD) --product storefront
	$(BIN) run --latency 300ms-800ms

# `make install PREFIX=… DESTDIR=…`: both programs, the manual page (swift-argument-parser's
# generate-manual, run on the built storefront) and bash, zsh and fish completions; `make
# uninstall` removes exactly those files.
PREFIX ?= /usr/local
INSTALLED = bin/storefront bin/storefront-serve share/man/man1/storefront.1 \
	share/bash-completion/completions/storefront share/zsh/site-functions/_storefront \
	share/fish/vendor_completions.d/storefront.fish
MAN_DIR = .build/$(CONFIG)/manual
install: build
	$(SWIFT) build -c $(CONFIG) --product generate-manual
	@mkdir -p $(MAN_DIR)
	.build/$(CONFIG)/generate-manual $(BIN) --output-directory $(MAN_DIR)
	install -d $(addprefix $(DESTDIR)$(PREFIX)/,bin share/man/man1 share/bash-completion/completions \
		share/zsh/site-functions share/fish/vendor_completions.d)
	install -m 755 $(BIN) .build/$(CONFIG)/storefront-serve $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(MAN_DIR)/storefront.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	$(BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/storefront
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_storefront
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/storefront.fish
	@echo "installed storefront $$($(BIN) --version) in $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))

# At most 16 tests at once: unbounded, Swift Testing starts every test of the package together,
# and on 2 cores the tmux, SSH and PostgreSQL tests' processes then starve each other past
# their waits (22 timed-out expectations in one run, 3 with 16, and 87 s instead of 137 s).
TEST_WIDTH = --experimental-maximum-parallelization-width 16
# The ledger tests on PostgreSQL start one throwaway cluster per test process (Tests/Support/
# PostgresCluster.swift) and stop it as the process exits; the trap stops any left by a test
# process that crashed. A failed run ends by repeating what failed (.ci/failed-tests), since a
# log's last lines are often all a reader sees.
test: deps
	$(SWIFT) build --build-tests
	trap '.ci/postgres-cluster reap' EXIT; set -o pipefail; \
	$(SWIFT) test --skip-build $(TEST_WIDTH) 2>&1 | tee .build/test.log || { .ci/failed-tests .build/test.log; exit 1; }

# The benchmarks on the release build (see BENCHMARKS.md): prints the table, writes bench/results.json;
# then serve --ssh's figures (Tests/Load/ssh_bench.py, python3 + asyncssh) and serve --http's (Tests/Load/http_load.py, wrk;
# Tests/Load/notify_bench.py, ledger change → webhook), added to the same file.
# QUICK=1 takes fewer repetitions (under a minute once built).
bench: deps
	@.ci/install-deps --bench
	$(MAKE) build CONFIG=release
	$(SWIFT) build -c release $(STATIC) --product storefront-bench
	.build/release/storefront-bench $(if $(QUICK),--quick) --command "make bench$(if $(QUICK), QUICK=$(QUICK))"
	@if python3 -c "import asyncssh" 2>/dev/null; then \
		python3 Tests/Load/ssh_bench.py .build/release/storefront $(if $(QUICK),--quick) --command "make bench$(if $(QUICK), QUICK=$(QUICK))"; \
	else echo "serve --ssh figures: skipped (pip install asyncssh)"; fi
	@if python3 -c "import jwt, cryptography" 2>/dev/null; then \
		python3 Tests/Load/http_load.py .build/release/storefront --transactions 1000 --connections 16 --seconds $(if $(QUICK),3,10); \
	else echo "serve --http, Get Transaction History: skipped (pip install app-store-server-library)"; fi
	python3 Tests/Load/notify_bench.py .build/release/storefront --changes $(if $(QUICK),30,100)

# serve --ssh under load (python3 + asyncssh from PyPI: pip install asyncssh): 100 customers at
# once each open the tip jar, move 50 times and buy once; exactly 100 transactions, no child left,
# the server's descriptors and RSS back where they were.
load: build
	python3 Tests/Load/ssh_load.py $(BIN) --sessions 100 --moves 50

# Package.swift and ARCHITECTURE.md's module diagram against the imports (.ci/check-imports.swift), every Linux-only call's Darwin branch
# (.ci/check-portability: no Mac is here to build it), then the reliability suite (RELIABILITY=1: catalog fuzzing, key storms, SIGKILLed
# purchases, concurrent buyers, a full disk, a PostgreSQL primary killed under load), the README's example built as a package of its own, with the servers' probes (SSHProbe*, ServeHTTPProbeTests, SSHPostgres*Tests: they load the machine on
# purpose, so make test skips them), libFuzzer on the catalog parser, then a scan of
# every output the suite kept (and CHECK_LOGS, e.g. make test's output) for private keys.
# As in make test, the trap stops PostgreSQL clusters a crashed test process left running.
CHECK_DIR = .build-check/work
check: deps
	$(SWIFT) package dump-package | $(SWIFT) .ci/check-imports.swift
	.ci/check-portability Sources
	$(SWIFT) build --build-tests
	@rm -rf $(CHECK_DIR) && mkdir -p $(CHECK_DIR)
	trap '.ci/postgres-cluster reap' EXIT; set -o pipefail; RELIABILITY=1 RELIABILITY_WORK_DIR="$(abspath $(CHECK_DIR))" \
		$(SWIFT) test --skip-build $(TEST_WIDTH) --filter 'ReliabilityTests|SSHProbe|ServeHTTPProbe|SSHPostgres|ExamplePackageTests' 2>&1 | tee $(CHECK_DIR)/../reliability.log
	FUZZ_SECONDS=$${FUZZ_SECONDS:-60} FUZZ_WORK_DIR="$(abspath $(CHECK_DIR))/fuzz" Fuzz/run.sh
	.ci/scan-keys $(CHECK_DIR) $(CHECK_DIR)/../reliability.log $(CHECK_LOGS)

# Plays every tape in Resources/Demos into .build-demos/<name>.cast (asciinema v2),
# <name>.txt (the snapshots' text) and <name>/<snapshot>.svg (a picture of each Snapshot,
# the dark theme), in colour whatever NO_COLOR says; it commits nothing. Then it replays each cast with `asciinema cat` when
# asciinema is installed (.ci/install-deps --demo). `asciinema cat` wants a terminal, so
# it runs under script(1); its output is not needed, only its verdict.
DEMO_DIR = .build-demos
demo: build
	@mkdir -p $(DEMO_DIR)
	@for tape in Resources/Demos/*.tape; do \
		name=$$(basename "$$tape" .tape); \
		env -u NO_COLOR $(BIN) demo "$$tape" --cast "$(DEMO_DIR)/$$name.cast" --frames "$(DEMO_DIR)/$$name.txt" \
			--svg "$(DEMO_DIR)/$$name" || exit 1; \
		if command -v asciinema >/dev/null; then \
			script -qec "asciinema cat $(DEMO_DIR)/$$name.cast" /dev/null >/dev/null \
				|| { echo "asciinema cat cannot replay $(DEMO_DIR)/$$name.cast"; exit 1; }; \
			echo "$(DEMO_DIR)/$$name.cast: replays with asciinema cat"; \
		else \
			echo "$(DEMO_DIR)/$$name.cast (asciinema not installed: not replayed)"; \
		fi; \
	done

# The pictures README.md shows, chosen from what `make demo` draws (<tape>/<Snapshot>) and
# copied to Resources/Pictures/<tape>.<Snapshot>.svg; commit them after a change that shows.
# CommandLineTests checks they are still what the code draws for those tapes.
PICTURES = tip-jar/thank-you trial-upgrade/free-week
pictures: demo
	@mkdir -p Resources/Pictures
	@for picture in $(PICTURES); do \
		cp "$(DEMO_DIR)/$$picture.svg" "Resources/Pictures/$${picture/\//.}.svg" || exit 1; \
		echo "Resources/Pictures/$${picture/\//.}.svg"; \
	done
