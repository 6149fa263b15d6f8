# A fake kernel repository that compiles for real: like fake-kernel.sh, but
# its bzImage target compiles each *.c file with $(CC) (kbuild's "  CC"
# lines), so ccache and distcc see real compiles, in milliseconds. The base
# has NFILES (default 8) files; three commits each change one of them.
# Used by the tests of builds beyond one machine (92-distcc, 94-ccache-remote).
. "$(dirname "${BASH_SOURCE[0]}")/fake-kernel.sh"

cc_kernel() {	# cc_kernel DIR [NFILES]
	local dir=$1 n=${2:-8} i
	mkdir -p "$dir/scripts/kconfig"
	git init -q "$dir"
	cat > "$dir/Makefile" <<'MK'
VERSION = 6
PATCHLEVEL = 12
SUBLEVEL = 0
O ?= .
CC ?= gcc
tinyconfig:
	mkdir -p $(O) && : > $(O)/.config
olddefconfig:
	@true
# As kbuild does in an O= build: the compiler runs in the build directory
# on the tree's files by absolute path, and __FILE__ loses the tree.
$(O)/%.o: %.c
	@echo "  CC      $*.o"
	@cd $(O) && $(CC) -O2 -fmacro-prefix-map=$(CURDIR)/= $(KCPPFLAGS) -c $(CURDIR)/$< -o $*.o
bzImage: $(patsubst %.c,$(O)/%.o,$(wildcard *.c))
	@if [ -e broken ]; then echo "broken.c:1:1: error: this commit is broken"; exit 1; fi
	mkdir -p $(O)/arch/x86/boot && cat $^ > $(O)/arch/x86/boot/bzImage
	ld -r -o $(O)/vmlinux $^
.PHONY: bzImage tinyconfig olddefconfig
MK
	printf '#!/bin/sh\n# merge_config.sh -m -O OUT DOTCONFIG BASE FRAGMENT\ncat "$5" "$6" > "$4"\n' \
		> "$dir/scripts/kconfig/merge_config.sh"
	chmod +x "$dir/scripts/kconfig/merge_config.sh"
	for i in $(seq "$n"); do
		printf 'int f%d(int x)\n{\n\treturn x * %d + %d;\n}\n' "$i" "$i" "$RANDOM" > "$dir/file$i.c"
	done
	# As WARN() does: the image holds the file's name.
	printf 'const char *where = __FILE__;\n' >> "$dir/file1.c"
	fake_git "$dir" add -A
	fake_git "$dir" commit -q -m "base"
	fake_git "$dir" tag base
	for i in 1 2 3; do
		printf 'int g%d(void)\n{\n\treturn %d;\n}\n' "$i" "$i" >> "$dir/file$i.c"
		fake_git "$dir" add -A
		fake_git "$dir" commit -q -m "change $i"
	done
	fake_git "$dir" tag tip
}
