# bisectable - verify every commit of a kernel patch series.
#
#   make          build bisectable and the guest initramfs
#   make verify   install what is missing, import linux-source-6.12, verify the default series
#   make test     the quick tier: unit tests (with ASan/UBSan), the fake-kernel
#                 end-to-end tests and a few real kernels in QEMU
#   make test-full every test, every real-kernel end-to-end test included (CI)
#   make fuzz     libFuzzer targets (clang) for the console parser and the series
#                 loader, FUZZ_SECONDS each (CI runs it)
#   make install  PREFIX=/usr/local DESTDIR=...: the binary, its data, man page, completion

VERSION   := 0.1
CC        ?= gcc
CFLAGS    ?= -O2 -g
WARNFLAGS := -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Wshadow -Wformat=2 \
	     -Werror=implicit-function-declaration
CPPFLAGS  += -DBISECTABLE_VERSION='"$(VERSION)"' -Ibisect -Iguest/suites/smoke
LDLIBS    := -lsqlite3 -ljansson -lcrypto -lm -lhiredis -lz
SANITIZE  := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# Installation. The binary finds its data in <bindir>/../share/bisectable:
# keep DATADIR there when moving BINDIR.
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
DATADIR   ?= $(PREFIX)/share/bisectable
MANDIR    ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
INSTALL   ?= install

# The shipped default series, configurations and architectures of 'make verify'.
SERIES    ?= patches/sched-smp-up-6.12
CONFIGS   ?=
ARCHS     ?= x86_64
comma     := ,
# The guests of the architectures other than x86_64 (guest/initramfs-ARCH.cpio).
ARCH_GUESTS := $(foreach a,$(filter-out x86_64,$(subst $(comma), ,$(ARCHS))),guest/initramfs-$(a).cpio)

# Debian packages the tool needs at run time and to build.
PACKAGES  := gcc make libc6-dev libsqlite3-dev libjansson-dev sqlite3 git \
	     linux-source-6.12 flex bison bc libelf-dev libssl-dev cpio xz-utils kmod \
	     qemu-system-x86 expect busybox-static rt-tests ccache python3 python3-jsonschema libxml2-utils chromium fonts-dejavu-core \
	     binutils procps perl gzip bubblewrap clang libclang-rt-14-dev \
	     redis-server libhiredis-dev zlib1g-dev slurm-wlm unifdef distcc diffstat \
	     dpkg-dev gcc-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-system-misc \
	     gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm linux-perf \
	     b4 git-email

# The driver's library, a folder per stage of the pipeline (ARCHITECTURE.md).
STAGES    := lib db input kconfig judge step run report builtin
SRCS      := $(foreach d,$(STAGES),$(wildcard bisect/$(d)/*.c))
OBJS      := $(SRCS:.c=.o)
HEADERS   := $(foreach d,$(STAGES),$(wildcard bisect/$(d)/*.h)) bisect/db/schema.inc guest/suites/smoke/smoke-tests.h

UNIT_TESTS := $(patsubst tests/unit/%.c,tests/unit/%,$(wildcard tests/unit/test-*.c))

all: bisectable guest/initramfs.cpio bisectable.1 bisectable.bash

# A target whose command failed or was interrupted is not left half-written
# and newer than its inputs (the man page from a crashed binary, say).
.DELETE_ON_ERROR:

bisect/db/schema.inc: db/schema.sql
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@

bisect/%.o: bisect/%.c $(HEADERS)
	$(CC) $(CPPFLAGS) $(WARNFLAGS) $(CFLAGS) -c -o $@ $<

bisectable: bisect/bisectable.o $(OBJS)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# The man page and the bash completion come from the binary's own tables.
bisectable.1: bisectable
	./bisectable help --man > $@.tmp && mv $@.tmp $@

bisectable.bash: bisectable
	./bisectable help --bash-completion > $@.tmp && mv $@.tmp $@

# The command pages are built into the binary (`help NAME`, `NAME --help`,
# the man pages), one C string each, and each is a man page of its own.
COMMAND_PAGES := $(wildcard Documentation/bisectable-*.md)
MANPAGES  := $(COMMAND_PAGES:.md=.1)

bisect/builtin/command-pages.inc: $(COMMAND_PAGES)
	for f in $^; do \
		n=$${f#Documentation/bisectable-}; printf '{ "%s",\n' "$${n%.md}"; \
		sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $$f; \
		printf '},\n'; \
	done > $@

bisect/builtin/help.o tests/unit/asan/builtin/help.o: bisect/builtin/command-pages.inc

Documentation/bisectable-%.1: bisectable
	./bisectable help --man $* > $@.tmp && mv $@.tmp $@

man: bisectable.1 $(MANPAGES)

install: all $(MANPAGES)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/configs \
		$(DESTDIR)$(DATADIR)/expect-scripts $(DESTDIR)$(DATADIR)/guest \
		$(DESTDIR)$(DATADIR)/db $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	$(INSTALL) -m 755 bisectable $(DESTDIR)$(BINDIR)/bisectable
	$(INSTALL) -m 644 configs/*.config $(DESTDIR)$(DATADIR)/configs/
	$(INSTALL) -d $(DESTDIR)$(DATADIR)/configs/arch
	$(INSTALL) -m 644 configs/arch/*.arch $(DESTDIR)$(DATADIR)/configs/arch/
	$(INSTALL) -m 755 expect-scripts/*.exp $(DESTDIR)$(DATADIR)/expect-scripts/
	$(INSTALL) -m 644 guest/initramfs.cpio $(DESTDIR)$(DATADIR)/guest/
	$(INSTALL) -m 755 guest/mkpiece.sh $(DESTDIR)$(DATADIR)/guest/
	for d in guest/suites/*/; do \
		$(INSTALL) -d $(DESTDIR)$(DATADIR)/$$d && \
		$(INSTALL) -m 644 $$d/suite $(DESTDIR)$(DATADIR)/$$d/ || exit 1; \
		for f in $$d/*.sh; do \
			[ ! -f $$f ] || $(INSTALL) -m 755 $$f $(DESTDIR)$(DATADIR)/$$d/ || exit 1; \
		done; \
	done
	$(INSTALL) -m 644 db/schema.sql $(DESTDIR)$(DATADIR)/db/
	$(INSTALL) -m 644 bisectable.1 $(DESTDIR)$(MANDIR)/man1/bisectable.1
	$(INSTALL) -m 644 $(MANPAGES) $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 bisectable.bash $(DESTDIR)$(BASHCOMPDIR)/bisectable

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/bisectable $(DESTDIR)$(MANDIR)/man1/bisectable.1 \
		$(patsubst Documentation/%,$(DESTDIR)$(MANDIR)/man1/%,$(MANPAGES)) \
		$(DESTDIR)$(BASHCOMPDIR)/bisectable
	rm -rf $(DESTDIR)$(DATADIR)

# The smoke tests: the harness (smoke.c) and a file per group of tests, one program.
SMOKE_SRCS := guest/suites/smoke/smoke.c $(wildcard guest/suites/smoke/smoke-*.c)

guest/suites/smoke/smoke: $(SMOKE_SRCS) guest/suites/smoke/smoke.h guest/suites/smoke/smoke-tests.h
	$(CC) -std=gnu11 -Wall -Wextra -O2 -static -o $@ $(SMOKE_SRCS)

# Every suite's files (guest/suites/README); programs come from Debian's packages.
guest/initramfs.cpio: guest/suites/smoke/smoke guest/init guest/mkinitramfs.sh \
		$(filter-out %/smoke,$(wildcard guest/suites/*/*))
	sh guest/mkinitramfs.sh $@ guest/suites

# Another architecture's guest (make verify ARCHS=...): a static busybox built
# from Debian's source with its cross compiler (Debian 12 has no riscv64
# port), and the suites whose 'arch' lines name it, smoke cross-compiled.
.PRECIOUS: guest/busybox-%
guest/busybox-%: guest/build-busybox.sh configs/arch/%.arch
	sh guest/build-busybox.sh $* $@

guest/initramfs-%.cpio: guest/busybox-% guest/init guest/mkinitramfs.sh configs/arch/%.arch \
		$(filter-out %/smoke,$(wildcard guest/suites/*/*))
	BUSYBOX=guest/busybox-$* sh guest/mkinitramfs.sh $@ guest/suites $*

# Unit tests: every module the test names is built with the sanitizers.
# The library compiled once under the sanitizers, linked into every test.
ASAN_OBJS := $(patsubst bisect/%.c,tests/unit/asan/%.o,$(SRCS))
.SECONDARY: $(ASAN_OBJS)

tests/unit/asan/%.o: bisect/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARNFLAGS) -g -O1 $(SANITIZE) -c -o $@ $<

tests/unit/test-%: tests/unit/test-%.c $(ASAN_OBJS) $(HEADERS) tests/unit/tap.h tests/unit/sql-file.h \
		tests/unit/report-fixture.h tests/unit/ktap-check.h tests/unit/perf-fixture.h \
		tests/unit/scratch.h
	$(CC) $(CPPFLAGS) $(WARNFLAGS) -g -O1 $(SANITIZE) -o $@ $< $(ASAN_OBJS) $(LDLIBS)

unit: $(UNIT_TESTS)
	BISECTABLE_HOME=$(CURDIR) prove -v $(UNIT_TESTS)

e2e: all
	prove -v tests/e2e/*.t

# Fuzzing: each target starts from its seeds in tests/fuzz/corpus/NAME, keeps
# what it finds in tests/fuzz/work/NAME (not committed) and runs FUZZ_SECONDS;
# a crash leaves its input as tests/fuzz/work/crash-* and fails the target.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 30
FUZZ_TMPDIR  ?= $(if $(wildcard /dev/shm),/dev/shm,/tmp)
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer
FUZZERS      := $(patsubst tests/fuzz/fuzz-%.c,tests/fuzz/fuzz-%,$(wildcard tests/fuzz/fuzz-*.c))

tests/fuzz/fuzz-%: tests/fuzz/fuzz-%.c $(SRCS) $(HEADERS)
	$(FUZZ_CC) $(CPPFLAGS) $(WARNFLAGS) $(FUZZ_FLAGS) -o $@ $< $(SRCS) $(LDLIBS)

$(FUZZERS): bisect/builtin/command-pages.inc

fuzz: $(FUZZERS)
	@set -e; for f in $(FUZZERS); do \
		name=$${f#tests/fuzz/fuzz-}; mkdir -p tests/fuzz/work/$$name; \
		echo "fuzz $$name: $(FUZZ_SECONDS) s (log: tests/fuzz/work/$$name.log)"; \
		if ! TMPDIR=$(FUZZ_TMPDIR) $$f -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
			-artifact_prefix=tests/fuzz/work/ tests/fuzz/work/$$name \
			tests/fuzz/corpus/$$name > tests/fuzz/work/$$name.log 2>&1; then \
			grep -v '^bisectable: ' tests/fuzz/work/$$name.log | tail -60; exit 1; \
		fi; \
		grep -E '^(#[0-9]+ +DONE|Done [0-9]+ runs)' tests/fuzz/work/$$name.log | tail -2; \
	done

# The report of a fixture database: escaping, first-bad cells, charts.
reports/fixture.html: bisectable db/schema.sql tests/browser/make-fixture-db.sql
	mkdir -p reports/logs
	rm -f reports/fixture.db
	sqlite3 reports/fixture.db < db/schema.sql
	sqlite3 reports/fixture.db < tests/browser/make-fixture-db.sql
	# A report opens no log outside its database's logs/ (ARCHITECTURE.md).
	cp tests/browser/fixture/*.log reports/logs/
	sqlite3 reports/fixture.db "UPDATE results SET log_path = replace(log_path,\
		'tests/browser/fixture/', 'logs/')"
	./bisectable report --db reports/fixture.db -o $@

browser: reports/fixture.html
	tests/browser/check-report.sh --fixture reports/fixture.html

# PNGs of the fixture report at 1,400 and 800 px (REPORT=path for another one).
REPORT ?= reports/fixture.html
screenshot: reports/fixture.html
	tests/browser/screenshot.sh $(REPORT) $(REPORT:.html=-1400.png) 1400,1000
	tests/browser/screenshot.sh $(REPORT) $(REPORT:.html=-800.png) 800,1000

# The suites' own scripts, on the host's busybox against fake programs.
suites: all
	prove -v tests/suites/*.t

# The driver's folders include and call only downward, and no files loop
# (ARCHITECTURE.md); the calls are read from the objects.
layers: $(OBJS)
	python3 tests/layers/check-layers.py bisect

# The two tiers (tests/README.md): make test, the quick one, and make
# test-full, every test; each ends with its time and its 10 slowest tests.
# What they run is built first, JOBS at a time (the tests run one by one).
JOBS ?= $(shell nproc)
test:
	$(MAKE) -j$(JOBS) all $(UNIT_TESTS) reports/fixture.html
	tests/tier.sh quick

test-full:
	$(MAKE) -j$(JOBS) all $(UNIT_TESTS) reports/fixture.html
	tests/tier.sh full

# The times the last run of each tier recorded (tests/times/TIER.txt).
test-times:
	tests/tier.sh --times $(wildcard tests/times/*.txt)

# bisectable against the naive rebase -x loop (not part of make test: ~1 h).
bench: all
	tests/bench/bench.sh
	tests/bench/flake.sh

# The soak and placing of a flake: the flaky fixture 20 times, the shipped
# series cold with and without the soak (tests/bench/flake.sh; about 3 h).
bench-flake: all
	tests/bench/flake.sh

# ktest.pl's patchcheck beside bisectable, and the naive loop, on one series
# and configuration (tests/bench/peers.sh; about 40 min on the shipped series).
BENCH_SERIES ?= patches/sched-smp-up-6.12
BENCH_CONFIG ?= up
bench-peers: all
	BENCH_SERIES=$(BENCH_SERIES) BENCH_CONFIG=$(BENCH_CONFIG) tests/bench/peers.sh

# Builds beyond one machine (ccache's remote storage, distcc), on this one.
bench-remote: all
	tests/bench/remote.sh

print-packages:
	@echo $(PACKAGES)

# Install what is missing (as root), then import the tree and verify the default series.
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null \
		| grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update && apt-get install -y --no-install-recommends $$missing; \
		else \
			echo "missing packages; run as root:"; \
			echo "  apt-get install -y --no-install-recommends $$missing"; exit 1; \
		fi; \
	fi

verify: deps
	$(MAKE) all $(ARCH_GUESTS)
	./bisectable run $(if $(CONFIGS),--configs $(CONFIGS)) --arch $(ARCHS) $(SERIES)
	./bisectable report

clean:
	rm -f bisectable bisect/*.o bisect/*/*.o bisect/db/schema.inc guest/suites/smoke/smoke guest/initramfs.cpio \
		guest/busybox-* guest/initramfs-*.cpio \
		$(UNIT_TESTS) reports/fixture.* reports/logs/up-*.log bisectable.1 bisectable.bash $(FUZZERS) \
		bisect/builtin/command-pages.inc $(MANPAGES)
	rm -rf tests/fuzz/work tests/unit/asan tests/times

.PHONY: print-packages bench bench-flake bench-peers bench-remote all layers unit suites browser e2e test test-full \
	test-times deps verify clean screenshot install \
	uninstall fuzz man
