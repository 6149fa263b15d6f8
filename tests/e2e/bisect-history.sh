#!/bin/bash
# bisect-history.sh REPO: on top of REPO's HEAD (the 6.12 base), make the
# synthetic history of tests/e2e/65-bisect.t, 40 commits, the same shas at
# every run (fixed names and dates):
#   1       adds lib/e2e_bisect.c and lib/e2e_bisect_typo.c (built on every
#           configuration; both harmless)
#   BOOT    (27) lib/e2e_bisect.c panics in an initcall when !CONFIG_SMP:
#           every later commit fails to boot on up
#   TYPO    (20 and 24 in 65-bisect.t) lib/e2e_bisect_typo.c does not compile, fixed
#           by the next commit: git bisect lands on them and must skip them
#   others  append a line to Documentation/e2e-bisect.txt (nothing builds it)
# Prints nothing; the commits' subjects say what each one does.
set -e
repo=$1
BOOT=${BOOT:-27}
TYPOS=${TYPOS:-"20 24"}
N=${N:-40}
export GIT_AUTHOR_NAME="E2E Author" GIT_AUTHOR_EMAIL=e2e@example.org
export GIT_COMMITTER_NAME="E2E Author" GIT_COMMITTER_EMAIL=e2e@example.org

# Commits are made with plumbing on an index of our own: the work tree has
# 86,000 files, and git add + git commit would refresh all of them 40 times.
# (update-index also ignores the tarball's top-level .gitignore, '/*'.)
index=$(mktemp)
trap 'rm -f "$index"' EXIT
GIT_INDEX_FILE=$index git -C "$repo" read-tree HEAD
tip=$(git -C "$repo" rev-parse HEAD)

commit() {	# commit INDEX SUBJECT
	local tree f files=()
	export GIT_AUTHOR_DATE="2026-11-01T10:$(printf %02d "$1"):00Z"
	export GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
	for f in lib/Makefile lib/e2e_bisect.c lib/e2e_bisect_typo.c Documentation/e2e-bisect.txt; do
		[ -e "$repo/$f" ] && files+=("$f")
	done
	GIT_INDEX_FILE=$index git -C "$repo" update-index --add -- "${files[@]}"
	tree=$(GIT_INDEX_FILE=$index git -C "$repo" write-tree)
	tip=$(git -C "$repo" commit-tree "$tree" -p "$tip" -m "$2")
}

is_typo() {
	case " $TYPOS " in *" $1 "*) return 0;; esac
	return 1
}

typo_file() {	# typo_file BROKEN
	{
		echo '// SPDX-License-Identifier: GPL-2.0'
		echo '/* Built on every configuration; some commits of the e2e history break it. */'
		echo '#include <linux/init.h>'
		echo
		if [ "$1" = 1 ]; then
			echo 'int e2e_bisect_typo = 1 +;'
		else
			echo 'int e2e_bisect_typo = 1;'
		fi
	} > "$repo/lib/e2e_bisect_typo.c"
}

boot_file() {	# boot_file BROKEN
	{
		echo '// SPDX-License-Identifier: GPL-2.0'
		echo '/* The e2e history'"'"'s planted UP boot failure lives here. */'
		echo '#include <linux/init.h>'
		echo '#include <linux/kernel.h>'
		echo
		echo 'int e2e_bisect_marker;'
		if [ "$1" = 1 ]; then
			echo
			echo '#ifndef CONFIG_SMP'
			echo 'static int __init e2e_bisect_up_check(void)'
			echo '{'
			echo '	panic("e2e-bisect: planted UP boot failure");'
			echo '	return 0;'
			echo '}'
			echo 'late_initcall(e2e_bisect_up_check);'
			echo '#endif'
		fi
	} > "$repo/lib/e2e_bisect.c"
}

broken=0
for i in $(seq 1 "$N"); do
	if [ "$i" = 1 ]; then
		boot_file 0
		typo_file 0
		echo 'obj-y += e2e_bisect.o e2e_bisect_typo.o' >> "$repo/lib/Makefile"
		commit "$i" "lib: Add the e2e bisect files"
	elif [ "$i" = "$BOOT" ]; then
		boot_file 1
		commit "$i" "lib/e2e_bisect: Panic at boot on UP"
	elif is_typo "$i"; then
		if [ "$broken" = 0 ]; then
			typo_file 1
			commit "$i" "lib/e2e_bisect_typo: Break the build ($i)"
			broken=1
		else
			echo "note $i" >> "$repo/Documentation/e2e-bisect.txt"
			commit "$i" "Documentation: e2e note $i (the build is still broken)"
		fi
	elif [ "$broken" = 1 ]; then
		typo_file 0
		commit "$i" "lib/e2e_bisect_typo: Fix the build ($i)"
		broken=0
	else
		echo "note $i" >> "$repo/Documentation/e2e-bisect.txt"
		commit "$i" "Documentation: e2e note $i"
	fi
done
# The current branch at the last commit; the work tree already holds its files.
git -C "$repo" update-ref -m "bisect-history.sh" HEAD "$tip"
git -C "$repo" reset -q
