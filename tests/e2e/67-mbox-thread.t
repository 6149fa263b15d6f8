#!/bin/bash
# tier: quick (fake kernel)
# An mbox of a threaded series with its cover letter (git format-patch
# --thread --cover-letter --to --cc, as b4 am and git send-email shape it)
# on a fake kernel tarball: run skips the cover letter, records each patch
# mail's Message-ID and the series' thread and addresses, and the e-mail
# report is a reply to the cover letter, addressed to the author and the Cc
# list, that git mailinfo, Python's email package and git send-email take
# as it is. Fake kernel: nothing real is built (patch 2 adds a file that
# fails the fake build; boots fail fast as errors of the machine).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
fake_kernel "$scratch/k"
mkdir -p "$scratch/src"
git -C "$scratch/k" archive --prefix=linux-source-6.12/ base | tar -x -C "$scratch/src"
tar -cJf "$scratch/linux-source-6.12.tar.xz" -C "$scratch/src" linux-source-6.12

# The series: one change, one that breaks the build, one more change, by an
# author with an address git send-email takes.
fake_git() { local dir=$1; shift; git -C "$dir" -c user.name=T -c user.email=t@example.org "$@"; }
fake_git "$scratch/k" checkout -q -b series base
echo one > "$scratch/k/one.c"
fake_git "$scratch/k" add -A && fake_git "$scratch/k" commit -q -m "one: add a file"
touch "$scratch/k/broken"
fake_git "$scratch/k" add -A && fake_git "$scratch/k" commit -q -m "two: break the build"
echo three > "$scratch/k/three.c"
fake_git "$scratch/k" add -A && fake_git "$scratch/k" commit -q -m "three: add another file"
fake_git "$scratch/k" format-patch -q --thread --cover-letter -o "$scratch/p" \
	--to 'Maintainer <maint@example.org>' --cc 'list@vger.example.org' \
	--cc '"Doe, Jane" <jane@example.org>' base..series
sed -i 's/\*\*\* SUBJECT HERE \*\*\*/sched: three small changes/' "$scratch"/p/0000-cover-letter.patch
cat "$scratch"/p/000[0-3]-*.patch > "$scratch/series.mbox"
cover=$(sed -n 's/^Message-I[dD]: *//p' "$scratch"/p/0000-cover-letter.patch)
id2=$(sed -n 's/^Message-I[dD]: *//p' "$scratch"/p/0002-*.patch)

timeout 300 "$BISECTABLE" run --db "$db" --tarball "$scratch/linux-source-6.12.tar.xz" \
	--configs up --no-base --boot-timeout 5 --retries 0 "$scratch/series.mbox" \
	> "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1"
sed 's/^/# /' "$scratch/run.out" | tail -4
is "$(sql "select group_concat(position || ':' || subject, ',') from commits")" \
	"1:one: add a file,2:two: break the build,3:three: add another file" \
	"the cover letter is no patch: three commits"
is "$(sql "select count(*) from commits where message_id like '<%@%>'
	and mail_references = '$cover'")" 3 "each patch's Message-ID and its thread (the cover letter)"
is "$(sql "select message_id from commits where position = 2")" "$id2" "patch 2's Message-ID"
is "$(sql "select json_extract(options, '\$.mail.thread') from runs")" "$cover" \
	"the run keeps the cover letter's Message-ID"
sha2=$(sql "select sha from commits where position = 2")

# From: an address git send-email takes (it refuses bisectable@localhost).
timeout 30 "$BISECTABLE" report --db "$db" --format email -o "$scratch/mail.eml" \
	--from 'bisectable <bisectable@example.org>'
ok $? "report --format email"
mail=$(cat "$scratch/mail.eml")
sed -n '1,/^$/p' "$scratch/mail.eml" | sed 's/^/# /'
grep -E '^(\| |#regzbot)' "$scratch/mail.eml" | sed 's/^/# /'
is "$(printf '%s\n' "$mail" | sed -n 1,3p)" "Subject: Re: [PATCH 0/3] sched: three small changes
In-Reply-To: $cover
References: $cover" "a reply to the cover letter, under its subject"
like "$mail" '^>> broken.c:1:1: error: this commit is broken$' "the build's error, prefixed >>"
like "$mail" '^        git am .*/series\.mbox$' "reproduce: git am of the mbox (its split files are gone)"
like "$mail" '^        git am --skip    # its cover letter: no diff$' "git am stops at the cover letter: skip it"
like "$mail" '^        git reset --hard HEAD~1    # back to patch 2/3$' "then back to patch 2"
like "$mail" '^\| Reported-by: bisectable <bisectable@example.org>$' "a Reported-by: to copy, the From: address"
like "$mail" '^\| Closes: https://lore.kernel.org/r/bisectable\.run-1\.[0-9]+@[^ ]+/$' \
	"a Closes: with the mail's own lore link"
is "$(printf '%s\n' "$mail" | grep '^#regzbot')" "#regzbot introduced: ${sha2:0:12}" \
	"regzbot: patch 2 broke the build and the tip is still broken"

# What a mail reader and git make of it.
is "$(python3 - "$scratch/mail.eml" <<'PY'
import email, email.policy, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)
print(m["In-Reply-To"])
print(m["To"])
print(", ".join(a.addr_spec for a in m["Cc"].addresses))
print(m.defects == [] and all(not h.defects for h in m.values()))
PY
)" "$cover
T <t@example.org>
maint@example.org, list@vger.example.org, jane@example.org
True" "Python's email: In-Reply-To the cover letter, To the author, Cc its To and Cc, no defect"
git mailinfo "$scratch/msg" "$scratch/patch" < "$scratch/mail.eml" > "$scratch/info"
ok $? "git mailinfo reads it"
like "$(cat "$scratch/info")" '^Subject: sched: three small changes$' \
	"git mailinfo: the cover letter's subject (mailinfo drops Re: [PATCH ...])"
like "$(cat "$scratch/msg")" '^#regzbot introduced: [0-9a-f]{12}$' "git mailinfo: the regzbot line in the body"

# --to and --cc replace the series' addresses; a line break is refused.
over=$(timeout 30 "$BISECTABLE" report --db "$db" --format email -o - \
	--to 'CI <ci@example.org>' --cc 'a@example.org, B <b@example.org>' | sed -n '/^$/q;p')
like "$over" '^To: CI <ci@example.org>$' "--to replaces To:"
like "$over" '^Cc: a@example.org, B <b@example.org>$' "--cc replaces Cc:"
is "$(printf '%s\n' "$over" | grep -c '^Cc:.*jane')" 0 "and the series' Cc list is gone"
is "$(timeout 30 "$BISECTABLE" report --db "$db" --format email -o - --cc '' | sed -n '/^$/q;p' |
	grep -c '^Cc:')" 0 "--cc '': no Cc: at all"
timeout 30 "$BISECTABLE" report --db "$db" --format email -o - \
	--to "$(printf 'a@example.org\nBcc: evil@example.org')" > "$scratch/evil" 2>&1
is "$?" 2 "--to with a line break in it is refused"

# git send-email takes the file as it is (a sendmail that only records).
if git send-email --help > /dev/null 2>&1; then
	printf '#!/bin/sh\necho "$@" > "%s/sendmail.args"\ncat > "%s/sent.eml"\n' \
		"$scratch" "$scratch" > "$scratch/sendmail"
	chmod +x "$scratch/sendmail"
	git send-email --confirm=never --smtp-server="$scratch/sendmail" \
		--from 'CI <ci@example.org>' "$scratch/mail.eml" \
		> "$scratch/send.out" 2>&1
	ok $? "git send-email sends it as it is"
	sed 's/^/# /' "$scratch/send.out" | tail -3
	like "$(cat "$scratch/sendmail.args")" 't@example.org.*maint@example.org.*jane@example.org' \
		"to the author and the Cc list"
	is "$(sed -n 's/^In-Reply-To: //p' "$scratch/sent.eml")" "$cover" "still in the thread"
else
	echo "ok $((tap_n += 1)) # SKIP git send-email not installed (git-email)"
	echo "ok $((tap_n += 1)) # SKIP git send-email not installed (git-email)"
	echo "ok $((tap_n += 1)) # SKIP git send-email not installed (git-email)"
fi

# A clean series (patches 1 and 3, no cover letter): a reply to patch 1, no regzbot line.
cat "$scratch"/p/0001-*.patch "$scratch"/p/0003-*.patch > "$scratch/clean.mbox"
id1=$(sed -n 's/^Message-I[dD]: *//p' "$scratch"/p/0001-*.patch)
timeout 300 "$BISECTABLE" run --db "$db" --tarball "$scratch/linux-source-6.12.tar.xz" \
	--configs up --no-base --build-only up --boot-timeout 5 --retries 0 \
	"$scratch/clean.mbox" > "$scratch/run2.out" 2>&1
is "$?" 0 "a clean series: run exits 0"
clean=$(timeout 30 "$BISECTABLE" report --db "$db" --format email -o -)
is "$(printf '%s\n' "$clean" | grep -c '^#regzbot')" 0 "a clean series has no regzbot line"
is "$(printf '%s\n' "$clean" | grep -c 'Reported-by')" 0 "nor a Reported-by"
like "$clean" "^In-Reply-To: $cover\$" "patch 1 of 2 replied to the cover letter: so does the report"
done_testing
