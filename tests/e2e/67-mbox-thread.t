#!/bin/bash
# tier: quick (fake kernel)
# An mbox of a threaded series (git format-patch --thread --cover-letter) on a
# fake kernel tarball: run records each patch mail's Message-ID and thread,
# and the e-mail report replies to the first bad patch under them. Fake
# kernel: nothing real is built (patch 2 adds a file that fails the fake
# build; boots fail fast as errors of the machine).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
fake_kernel "$scratch/k"
mkdir -p "$scratch/src"
git -C "$scratch/k" archive --prefix=linux-source-6.12/ base | tar -x -C "$scratch/src"
tar -cJf "$scratch/linux-source-6.12.tar.xz" -C "$scratch/src" linux-source-6.12

# The series: one change, one that breaks the build, one more change.
fake_git "$scratch/k" checkout -q -b series base
echo one > "$scratch/k/one.c"
fake_git "$scratch/k" add -A && fake_git "$scratch/k" commit -q -m "one: add a file"
touch "$scratch/k/broken"
fake_git "$scratch/k" add -A && fake_git "$scratch/k" commit -q -m "two: break the build"
echo three > "$scratch/k/three.c"
fake_git "$scratch/k" add -A && fake_git "$scratch/k" commit -q -m "three: add another file"
fake_git "$scratch/k" format-patch -q --thread --cover-letter -o "$scratch/p" base..series
cat "$scratch"/p/000[1-3]-*.patch > "$scratch/series.mbox"
cover=$(sed -n 's/^Message-I[dD]: *//p' "$scratch"/p/0000-cover-letter.patch)
id2=$(sed -n 's/^Message-I[dD]: *//p' "$scratch"/p/0002-*.patch)

timeout 300 "$BISECTABLE" run --db "$db" --tarball "$scratch/linux-source-6.12.tar.xz" \
	--configs up --no-base --boot-timeout 5 --retries 0 "$scratch/series.mbox" \
	> "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1"
sed 's/^/# /' "$scratch/run.out" | tail -4
is "$(sql "select count(*) from commits where message_id like '<%@%>'
	and mail_references = '$cover'")" 3 "each patch's Message-ID and its thread (the cover letter)"
is "$(sql "select message_id from commits where position = 2")" "$id2" "patch 2's Message-ID"

mail=$(timeout 30 "$BISECTABLE" report --db "$db" --format email -o -)
ok $? "report --format email"
is "$(printf '%s\n' "$mail" | sed -n 1,3p)" "Subject: Re: [PATCH 2/3] two: break the build
In-Reply-To: $id2
References: $cover $id2" "a reply to patch 2, threaded under it"
like "$mail" '^>> broken.c:1:1: error: this commit is broken$' "the build's error, prefixed >>"
like "$mail" '^        git am .*/series\.mbox$' "reproduce: git am of the mbox (its split files are gone)"
like "$mail" '^        git reset --hard HEAD~1    # back to patch 2/3$' "then back to patch 2"
done_testing
