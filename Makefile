# dtable: build, run, test, install, benchmark.
PREFIX ?= /usr/local
SWIFT ?= swift
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1

.PHONY: all build debug run test lint bench install uninstall clean deps

all: build

## deps: the system libraries the build links (PCRE2 for regex search): installed with apt-get
## when missing and running as root, else one line saying what to install.
deps:
	@if [ ! -e /usr/include/pcre2.h ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "make: installing libpcre2-dev"; \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libpcre2-dev \
				|| { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libpcre2-dev; }; \
		else \
			echo "make: dtable needs PCRE2: install libpcre2-dev (Debian/Ubuntu: sudo apt-get install libpcre2-dev)"; exit 1; \
		fi; \
	fi

## build: release binary at .build/release/dtable
build: deps
	$(SWIFT) build -c release --product dtable

## debug: debug build of everything, tests included
debug: deps
	$(SWIFT) build --build-tests

## run: build and open the demo table (or: make run ARGS=file.csv)
run: deps
	$(SWIFT) build --product dtable
	./.build/debug/dtable $(ARGS)

## test: build and run every test (unit, snapshot, end-to-end in tmux)
test: lint deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## lint: library modules never write to stdout/stderr (a stray print scrolls the terminal
## behind ncurses); only the dtable and dtable-bench executables may print.
LIBRARY_SOURCES = Sources/TerminalSurface Sources/DataTableKit Sources/DataTableApp Sources/DataTableCSV Sources/NcursesBackend
lint:
	@if grep -rnE '(^|[^.A-Za-z_])(print|debugPrint|dump)\(' $(LIBRARY_SOURCES) | grep -vE '^[^:]+:[0-9]+:\s*//|func print\('; then \
		echo "lint: print in a library module (see above)"; exit 1; fi

## bench: generate data once (bench-data/, ignored by git) and print one table of performance
## figures for a 1 KB file and BENCH_ROWS rows (needs tmux for the first-frame figures)
BENCH_ROWS ?= 1000000,10000000
bench: deps
	$(SWIFT) build -c release --product dtable
	$(SWIFT) build -c release --product dtable-bench
	./.build/release/dtable-bench --binary ./.build/release/dtable --data-directory bench-data --rows $(BENCH_ROWS) $(BENCH_ARGS)

install: build
	install -d $(BINDIR) $(MANDIR)
	install -m 755 .build/release/dtable $(BINDIR)/dtable
	install -m 644 man/dtable.1 $(MANDIR)/dtable.1

uninstall:
	rm -f $(BINDIR)/dtable $(MANDIR)/dtable.1

clean:
	rm -rf .build bench-data
