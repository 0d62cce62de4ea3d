# Missive: `make demo` and `make test` are all a fresh Debian 12 machine needs.
SHELL := /bin/bash
SWIFT ?= swift

# Build-time libraries, plus `cmark` itself as the benchmark reference.
DEBS := pkg-config libcmark-dev libcurl4-openssl-dev libssl-dev libsqlite3-dev libxml2-dev libgumbo-dev libgd-dev cmark
# What the tests drive: a real editor in a real terminal, a real browser for preview screenshots.
TEST_DEBS := vim tmux python3 python3-pip chromium man-db
# readelf (binutils): what the built `missive` loads at every start (StartupLibrariesTests).
TEST_DEBS += binutils
# gcc: StartupLibrariesTests builds a stand-in libsqlite3.so.0 without SQLite in it.
TEST_DEBS += gcc
# sqlite3: DamagedStoreTests reads where the draft table's page is before damaging it.
TEST_DEBS += sqlite3
# openssl: RefusedPeerTests serves a self-signed certificate with `openssl s_server`.
TEST_DEBS += openssl
# openssh: RemoteHandoffTests start a real sshd on 127.0.0.1 and drive missive through the real ssh client.
TEST_DEBS += openssh-server openssh-client
# curl: the scripted editors that fetch a live preview; systemd: `systemd-analyze verify` of the
# sender's user unit (only the tool is used: nothing starts a systemd).
TEST_DEBS += curl systemd
# A real second forum engine for the tests (scripts/engine.sh: Misago from PyPI on PostgreSQL).
TEST_DEBS += postgresql python3-venv
# Profilers for the benchmarks' closing notes: perf (CPU time), valgrind's massif (peak memory).
BENCH_DEBS := linux-perf valgrind strace gcc
# The Debian package: dpkg-shlibdeps (dpkg-dev), strip/readelf/strings (binutils), chrpath (drops
# SwiftPM's RUNPATH), lintian, and debootstrap for deb-check's clean Debian 12 root.
DEB_DEBS := dpkg-dev binutils chrpath lintian debootstrap

# The one version: the Swift constant MissiveVersion.string, read by scripts/version.sh.
VERSION = $(shell scripts/version.sh)
ARCH = $(shell dpkg --print-architecture)

.PHONY: all deps test-deps bench-deps deb-deps build release test demo bench clean install uninstall engine engine-stop deb deb-check version

all: build

deps:
	@scripts/install-debs.sh $(DEBS)

test-deps: deps
	@scripts/install-debs.sh $(TEST_DEBS)

bench-deps: deps
	@scripts/install-debs.sh $(BENCH_DEBS)

deb-deps:
	@scripts/install-debs.sh $(DEB_DEBS)

version:
	@echo $(VERSION)

build: deps
	$(SWIFT) build

# The Swift runtime linked in statically halves start-up time, which every command pays.
release: deps
	SWIFT=$(SWIFT) scripts/swift-release.sh

# Two test processes. The command-line tests wait on child processes, and their synchronous
# waits hold the threads of Swift's cooperative pool (one per core) for a minute at a time; the
# in-process sandbox forums answer on that pool, so they get a process of their own. Each runs
# under scripts/run-tests.sh: a time limit (here about 2.5 and 8 minutes), and when it comes, the
# names of the tests that still ran and of the programs they waited on.
test: test-deps
	scripts/fetch-commonmark-spec.sh
	$(SWIFT) build --build-tests
	# Built here, not inside a test: InstallTests' generate-manual tool and the Misago engine.
	SWIFT=$(SWIFT) scripts/install.sh tools
	scripts/engine.sh install
	@status=0; \
	SWIFT=$(SWIFT) TEST_TIME_LIMIT=1200 scripts/run-tests.sh --skip CommandLineTests || status=1; \
	SWIFT=$(SWIFT) TEST_TIME_LIMIT=1800 scripts/run-tests.sh --filter CommandLineTests || status=1; \
	exit $$status

demo: build
	@scripts/demo.sh

# Each area has its own scripts/bench-AREA.sh; `make bench` runs them all, `make bench-AREA` one
# (`make bench-misago`: 200 replies to the Misago engine through `missive send` beside a curl loop).
bench: bench-deps release
	@set -e; for b in scripts/bench-*.sh; do [ -e "$$b" ] || continue; echo "== $$b"; "$$b"; done

bench-%: bench-deps release
	@scripts/bench-$*.sh

# `make install [PREFIX=/usr/local] [DESTDIR=]`: a release build, man pages and completions.
# scripts/install.sh has the details; `make uninstall` with the same variables takes them away.
PREFIX ?= /usr/local
DESTDIR ?=

install: deps
	@PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" SWIFT="$(SWIFT)" scripts/install.sh install

uninstall:
	@PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh uninstall

# `make deb`: dist/missive_VERSION_ARCH.deb from the static-stdlib release (scripts/build-deb.sh),
# then lintian, which must find no error and no warning that packaging/deb/lintian-overrides does
# not explain. `make deb-check` installs it with apt in a clean Debian 12 root, uses it and purges
# it (scripts/deb-check.sh; needs root). CI runs deb-check beside `make test` (.ci/run).
deb: deps deb-deps
	@SWIFT="$(SWIFT)" scripts/build-deb.sh
	lintian --fail-on error,warning --display-info dist/missive_$(VERSION)_$(ARCH).deb

deb-check: deb
	@scripts/deb-check.sh

# A real second forum engine (Misago on PostgreSQL, under .cache/misago, on 127.0.0.1):
# `make engine` installs what is missing and starts it, printing its URL; `make engine-stop` stops it.
engine:
	@scripts/engine.sh start

engine-stop:
	@scripts/engine.sh stop

clean:
	rm -rf .build dist
