# A fake kernel repository whose build makes a real, small ELF vmlinux: its
# bzImage target compiles each *.c file with $(CC) as kbuild does in an O=
# build (in the build directory, on the tree's files by absolute path,
# __FILE__ without the tree), links them into a static vmlinux and copies
# its bytes into bzImage (objcopy -O binary), so objdump and the codeprint
# have machine code to read. bug.h's WARN_ON() leaves an entry in
# __bug_table as x86_64's does (relative pointers, the file, the line), so
# a line moved by a comment shows in the image as it does in a kernel's.
# As init/Makefile does, the image has a banner with the build's user, host
# and time, from KBUILD_BUILD_USER, _HOST and _TIMESTAMP, else this
# machine's and the clock's: a build that does not pin them is not
# reproducible.
# elf_kernel DIR: the base commit, tagged 'base':
#   sched.c  tick() calls record(1) then record(2), and WARNs on x < 0
#   record.c record(), never inlined
#   start.c  _start, which calls tick()
. "$(dirname "${BASH_SOURCE[0]}")/fake-kernel.sh"

elf_kernel() {	# elf_kernel DIR
	local dir=$1
	mkdir -p "$dir/scripts/kconfig"
	git init -q "$dir"
	cat > "$dir/Makefile" <<'MK'
VERSION = 6
PATCHLEVEL = 12
SUBLEVEL = 0
O ?= .
CC ?= gcc
CFLAGS_FAKE := -O2 -ffreestanding -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables
tinyconfig:
	mkdir -p $(O) && : > $(O)/.config
olddefconfig:
	@true
$(O)/%.o: %.c bug.h
	@echo "  CC      $*.o"
	@cd $(O) && $(CC) $(CFLAGS_FAKE) -fmacro-prefix-map=$(CURDIR)/= $(KCPPFLAGS) \
		-c $(CURDIR)/$< -o $*.o
BANNER = $(or $(KBUILD_BUILD_USER),$(shell whoami))@$(or $(KBUILD_BUILD_HOST),$(shell uname -n)) \
	$(or $(KBUILD_BUILD_TIMESTAMP),$(shell date +%s.%N))
$(O)/banner.o: FORCE
	@printf 'const char linux_banner[] = "%s";\n' '$(BANNER)' > $(O)/banner.c
	@cd $(O) && $(CC) $(CFLAGS_FAKE) -c banner.c -o banner.o
bzImage: $(patsubst %.c,$(O)/%.o,$(sort $(wildcard *.c))) $(O)/banner.o
	gcc -nostdlib -static -no-pie -Wl,--build-id=none -o $(O)/vmlinux $^
	mkdir -p $(O)/arch/x86/boot
	objcopy -O binary -R .comment $(O)/vmlinux $(O)/arch/x86/boot/bzImage
.PHONY: bzImage tinyconfig olddefconfig FORCE
FORCE:
MK
	printf '#!/bin/sh\n# merge_config.sh -m -O OUT DOTCONFIG BASE FRAGMENT\ncat "$5" "$6" > "$4"\n' \
		> "$dir/scripts/kconfig/merge_config.sh"
	chmod +x "$dir/scripts/kconfig/merge_config.sh"
	cat > "$dir/bug.h" <<'C'
/* As x86_64's: struct bug_entry { int addr_disp, file_disp; u16 line, flags; } */
#define WARN_ON(c) ({								\
	int __c = !!(c);							\
	if (__c)								\
		asm volatile("1: ud2\n"						\
			     ".pushsection __bug_table,\"aw\"\n"		\
			     "2: .long 1b - .\n"				\
			     ".long %c0 - .\n"					\
			     ".word %c1\n"					\
			     ".word 0\n"					\
			     ".popsection" :: "i" (__FILE__), "i" (__LINE__));	\
	__c;									\
})
C
	cat > "$dir/record.c" <<'C'
int recorded[4];

__attribute__((noinline)) void record(int v)
{
	recorded[v & 3] += v;
	asm volatile("" ::: "memory");
}
C
	cat > "$dir/start.c" <<'C'
int tick(int x);

void _start(void)
{
	for (int i = 0;; i++)
		tick(i);
}
C
	cat > "$dir/sched.c" <<'C'
#include "bug.h"

void record(int v);

/* tick() is called once a tick, from _start(), with the tick's number, which is never negative. */
int tick(int x)
{
	record(1);
	record(2);
	WARN_ON(x < 0);
	return x + 1;
}
C
	fake_git "$dir" add -A
	fake_git "$dir" commit -q -m "base"
	fake_git "$dir" tag base
}
