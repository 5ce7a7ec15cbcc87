# dtable: build, run, test, install, benchmark.
PREFIX ?= /usr/local
SWIFT ?= swift
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1

.PHONY: all build debug run test bench install uninstall clean

all: build

## build: release binary at .build/release/dtable
build:
	$(SWIFT) build -c release --product dtable

## debug: debug build of everything, tests included
debug:
	$(SWIFT) build --build-tests

## run: build and open the demo table (or: make run ARGS=file.csv)
run:
	$(SWIFT) build --product dtable
	./.build/debug/dtable $(ARGS)

## test: build and run every test (unit, snapshot, end-to-end in tmux)
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## bench: generate data (bench-data/, ignored by git) and print the performance figures
bench:
	$(SWIFT) build -c release --product dtable
	$(SWIFT) build -c release --product dtable-bench
	./.build/release/dtable-bench --binary ./.build/release/dtable --data-directory bench-data $(BENCH_ARGS)

install: build
	install -d $(BINDIR) $(MANDIR)
	install -m 755 .build/release/dtable $(BINDIR)/dtable
	install -m 644 man/dtable.1 $(MANDIR)/dtable.1

uninstall:
	rm -f $(BINDIR)/dtable $(MANDIR)/dtable.1

clean:
	rm -rf .build bench-data
