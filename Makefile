# dtable: build, run, test, install, benchmark.
PREFIX ?= /usr/local
SWIFT ?= swift
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1

.PHONY: all build debug run test examples docs lint bench bench-peers install check-install uninstall clean deps

all: build

## deps: the system libraries the build links (PCRE2 for regex search; zlib, libbz2, liblzma and
## libzstd for compressed input): installed with apt-get when missing and running as root, else
## one line saying what to install.
DEPS_HEADERS = /usr/include/pcre2.h:libpcre2-dev /usr/include/zlib.h:zlib1g-dev /usr/include/bzlib.h:libbz2-dev \
	/usr/include/lzma.h:liblzma-dev /usr/include/zstd.h:libzstd-dev
deps:
	@missing=""; for pair in $(DEPS_HEADERS); do \
		[ -e "$${pair%%:*}" ] || missing="$$missing $${pair##*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "make: installing$$missing"; \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing \
				|| { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; }; \
		else \
			echo "make: dtable needs the development files of$$missing (Debian/Ubuntu: sudo apt-get install$$missing)"; exit 1; \
		fi; \
	fi

## build: release binary at .build/release/dtable, the Swift runtime linked in
## (--static-swift-stdlib), so it runs on a machine without the Swift toolchain
RELEASE_FLAGS = -c release --static-swift-stdlib
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product dtable

## debug: debug build of everything, tests included
debug: deps
	$(SWIFT) build --build-tests

## run: build and open the demo table (or: make run ARGS=file.csv)
run: deps
	$(SWIFT) build --product dtable
	./.build/debug/dtable $(ARGS)

## test: build and run every test (unit, snapshot, end-to-end in tmux), then the examples
test: lint deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) examples

## examples: build the Examples package (a client of the public products, by path) and run its
## tests (each example's --print output against its checked-in snapshot)
examples:
	$(SWIFT) build --package-path Examples --build-tests
	$(SWIFT) test --package-path Examples --skip-build

## docs: the DocC catalogs of DataTableKit and DataTableApp (their articles and every public
## symbol) as one static site in .build/docs/, with swift-docc-plugin; read it through a web
## server: python3 -m http.server -d .build/docs, then /documentation/datatablekit
DOCS_DIR = .build/docs
docs: deps
	mkdir -p $(DOCS_DIR)
	$(SWIFT) package --allow-writing-to-directory $(DOCS_DIR) generate-documentation \
		--target DataTableKit --target DataTableApp --enable-experimental-combined-documentation \
		--transform-for-static-hosting --output-path $(DOCS_DIR)

## lint: library modules never write to stdout/stderr (a stray print scrolls the terminal
## behind ncurses); only the dtable and dtable-bench executables may print.
LIBRARY_SOURCES = Sources/TerminalSurface Sources/DataTableKit Sources/DataTableApp Sources/DataTableCSV Sources/NcursesBackend
## Every public or open declaration of a library module has a doc comment (`///`) above it.
lint:
	@if grep -rnE '(^|[^.A-Za-z_])(print|debugPrint|dump)\(' $(LIBRARY_SOURCES) | grep -vE '^[^:]+:[0-9]+:\s*//|func print\('; then \
		echo "lint: print in a library module (see above)"; exit 1; fi
	@undocumented=$$(find $(LIBRARY_SOURCES) -name '*.swift' -exec awk ' \
		FNR == 1 { prev = "" } \
		{ line = $$0; sub(/^[ \t]+/, "", line) } \
		line ~ /^(@[A-Za-z_]+(\([^)]*\))?[ \t]+)*(public|open)[ \t]+[a-z(@]/ && line !~ /^(public|open)[ \t]+import/ \
			&& prev !~ /^\/\/\// { print FILENAME ":" FNR ": " line } \
		line !~ /^@/ && line !~ /^\/\/ MARK/ { prev = line }' {} +); \
	if [ -n "$$undocumented" ]; then echo "$$undocumented"; \
		echo "lint: public declarations without a doc comment (see above)"; exit 1; fi

## bench: generate data once (bench-data/, ignored by git) and print one table of performance
## figures for a 1 KB file and BENCH_ROWS rows (needs tmux for the first-frame figures)
BENCH_ROWS ?= 1000000,10000000
bench: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product dtable
	$(SWIFT) build $(RELEASE_FLAGS) --product dtable-bench
	./.build/release/dtable-bench --binary ./.build/release/dtable --data-directory bench-data --rows $(BENCH_ROWS) $(BENCH_ARGS)

## bench-peers: dtable beside DuckDB 2.0.1 and polars 2.1.0 (in-process, 2 threads) on the bench
## files: open/load, sorts, substring filter, frequencies, with the ratios and the load average;
## 1M rows unless BENCH_ROWS is given (BENCH_ROWS=1000000,10000000 for both), best of 3 up to 1M
## rows and of 1 above (BENCH_RUNS=N). Installs the two into bench-data/venv from PyPI when missing
## (needs python3 with venv). Not run by CI.
PEERS_VENV = bench-data/venv
PEERS_PACKAGES = duckdb==2.0.1 polars==2.1.0
PEERS_ROWS = $(if $(filter file,$(origin BENCH_ROWS)),1000000,$(BENCH_ROWS))
bench-peers: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product dtable-bench
	@[ -x $(PEERS_VENV)/bin/pip ] || python3 -m venv $(PEERS_VENV) \
		|| { echo "make: bench-peers needs python3 with venv (Debian/Ubuntu: apt-get install python3-venv)"; exit 1; }
	$(PEERS_VENV)/bin/pip install -q --disable-pip-version-check $(PEERS_PACKAGES)
	$(PEERS_VENV)/bin/python scripts/bench-peers.py --bench ./.build/release/dtable-bench --data-directory bench-data --rows $(PEERS_ROWS) $(if $(BENCH_RUNS),--runs $(BENCH_RUNS))

## install: the stripped binary and the man page under $(DESTDIR)$(PREFIX); says the size and
## checks that the binary needs no library of the Swift toolchain
install: build
	install -d $(BINDIR) $(MANDIR)
	install -m 755 .build/release/dtable $(BINDIR)/dtable
	strip $(BINDIR)/dtable
	install -m 644 man/dtable.1 $(MANDIR)/dtable.1
	@echo "installed $(BINDIR)/dtable ($$(stat -c %s $(BINDIR)/dtable) bytes, stripped) and $(MANDIR)/dtable.1"
	@$(MAKE) --no-print-directory check-install

## check-install: fails when the installed binary loads a Swift runtime library (libswift*,
## libFoundation*, anything under the toolchain) instead of having it linked in
SWIFT_LIBRARIES = libswift|libFoundation|lib_FoundationICU|libdispatch|libBlocksRuntime|/opt/swift
check-install:
	@if ldd $(BINDIR)/dtable | grep -E '$(SWIFT_LIBRARIES)'; then \
		echo "check-install: $(BINDIR)/dtable needs the Swift toolchain's libraries (see above)"; exit 1; fi
	@echo "check-install: $(BINDIR)/dtable needs no Swift toolchain library"

uninstall:
	rm -f $(BINDIR)/dtable $(MANDIR)/dtable.1

clean:
	rm -rf .build Examples/.build bench-data
