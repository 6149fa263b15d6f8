# A fake kernel repository for end-to-end tests that build nothing real:
# its Makefile fakes tinyconfig, olddefconfig and bzImage (kbuild.c's
# targets), its merge_config.sh concatenates the fragments. A bzImage build
# sleeps $FAKE_BUILD_SECONDS (0 by default) under a command line that names
# fake-kbuild-marker, so a test can find it with pgrep; it fails on a commit
# that has a file named 'broken'. A commit's file 'fake-fails' goes into its
# bzImage, for the fake QEMU (fake-qemu.sh) to fail those tests.
# fake_makefile DIR: DIR/Makefile with the kernel's version and the fake
# tinyconfig; a test appends its own olddefconfig and image rules.
fake_makefile() {
	printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\nO ?= .\ntinyconfig:\n' > "$1/Makefile"
	printf '\tmkdir -p $(O) && : > $(O)/.config\n' >> "$1/Makefile"
}

# fake_tree DIR: a new repository DIR whose Makefile has fake_makefile's
# lines and an olddefconfig that changes nothing, and whose merge_config.sh
# concatenates the .config and the fragment; the caller appends its image
# rule to the Makefile and commits.
fake_tree() {
	mkdir -p "$1/scripts/kconfig"
	git init -q "$1"
	fake_makefile "$1"
	printf 'olddefconfig:\n\t@true\n' >> "$1/Makefile"
	printf '#!/bin/sh\n# merge_config.sh -m -O OUT DOTCONFIG BASE FRAGMENT\ncat "$5" "$6" > "$4"\n' \
		> "$1/scripts/kconfig/merge_config.sh"
	chmod +x "$1/scripts/kconfig/merge_config.sh"
}

fake_kernel() {	# fake_kernel DIR: base commit tagged 'base', three commits, tag 'tip'
	local dir=$1
	fake_tree "$dir"
	cat >> "$dir/Makefile" <<'MK'
bzImage:
	@sh -c 'sleep "$$1"' fake-kbuild-marker $${FAKE_BUILD_SECONDS:-0}
	@if [ -e broken ]; then echo "broken.c:1:1: error: this commit is broken"; exit 1; fi
	mkdir -p $(O)/arch/x86/boot && echo fake > $(O)/arch/x86/boot/bzImage
	@if [ -e fake-fails ]; then cat fake-fails >> $(O)/arch/x86/boot/bzImage; fi
MK
	fake_git "$dir" add -A
	fake_git "$dir" commit -q -m "base"
	fake_git "$dir" tag base
	for i in 1 2 3; do
		echo "change $i" > "$dir/file$i.c"
		fake_git "$dir" add -A
		fake_git "$dir" commit -q -m "change $i"
	done
	fake_git "$dir" tag tip
}

# fake_kernel_branch DIR BRANCH: fake_kernel DIR on a new branch BRANCH at
# its base, its Makefile fake_makefile's lines only, for the test to append
# its own configuration and image targets to.
fake_kernel_branch() {
	fake_kernel "$1"
	fake_git "$1" checkout -q -b "$2" base
	fake_makefile "$1"
}

# fake_merge_later DIR: DIR's merge_config.sh merges the fragments over the
# .config it is given, the later lines winning (as the kernel's does).
fake_merge_later() {
	cat > "$1/scripts/kconfig/merge_config.sh" <<'SH'
#!/bin/sh
# merge_config.sh -m -O OUT DOTCONFIG FRAGMENT...: the later lines win
out=$4
shift 4
cat "$out" "$@" > "$out.merged" && mv "$out.merged" "$out"
SH
}

# fake_kconfig_inputs DIR [KARCH...]: what Kconfig reads besides the Kconfig
# files (kconfig_tree_export), empty: x86's Makefile and x86_64_defconfig,
# tiny.config, and each KARCH's (arch/KARCH/) Makefile and defconfig.
fake_kconfig_inputs() {
	local dir=$1 karch
	shift
	mkdir -p "$dir/arch/x86/configs" "$dir/kernel/configs"
	: > "$dir/arch/x86/Makefile"
	: > "$dir/arch/x86/configs/x86_64_defconfig"
	: > "$dir/kernel/configs/tiny.config"
	for karch in "$@"; do
		mkdir -p "$dir/arch/$karch/configs"
		: > "$dir/arch/$karch/Makefile"
		: > "$dir/arch/$karch/configs/defconfig"
	done
}

# fake_commit DIR SUBJECT [TAG]: all of DIR's changes as a commit, tagged TAG.
fake_commit() {
	fake_git "$1" add -A
	fake_git "$1" commit -q -m "$2"
	[ -z "${3:-}" ] || fake_git "$1" tag "$3"
}

# Branch 'broken' off change 2, tagged 'broken-tip': base..broken-tip has
# three commits, the last of which does not build.
fake_broken_tip() {	# fake_broken_tip DIR
	git -C "$1" checkout -q -b broken tip~1
	touch "$1/broken"
	fake_git "$1" add broken
	fake_git "$1" commit -q -m "break the build"
	fake_git "$1" tag broken-tip
}

# fake_kernel_broken DIR: fake_kernel DIR and, after 'tip', a commit that
# does not build ("a broken build": its file 'broken').
fake_kernel_broken() {
	fake_kernel "$1"
	touch "$1/broken"
	fake_commit "$1" "a broken build"
}

fake_git() {	# fake_git DIR ARGS...
	local dir=$1
	shift
	git -C "$dir" -c user.name=T -c user.email=t@localhost "$@"
}

# A commit whose image fails tests in the fake QEMU (fake-qemu.sh): its
# fake-fails holds the lines given, one a line ("fail TEST REASON", ...).
fake_fails_commit() {	# fake_fails_commit REPO SUBJECT [FAILS-LINE...]
	local repo=$1 subject=$2
	shift 2
	printf '%s\n' "$@" | sed '/^$/d' > "$repo/fake-fails"
	echo "$subject" >> "$repo/history.c"
	fake_git "$repo" add -A
	fake_git "$repo" commit -q -m "$subject"
}
