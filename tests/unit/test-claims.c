// SPDX-License-Identifier: GPL-2.0
/*
 * test-claims.c - judge/claims.c: the phrases that claim no functional or
 * no code change, in any case, across a line break, hyphenated; and the
 * messages that must not match: a functional change said so, the NFC
 * subsystem, words that only contain a phrase.
 */
#include <stdio.h>

#include "judge/claims.h"
#include "tap.h"

static void claims(const char *message, const char *want)
{
	const char *got = claims_no_change(message);

	if (want)
		is_str(got ? got : "(none)", want, "claims \"%s\": %s", message, want);
	else
		is_str(got ? got : "(none)", "(none)", "claims nothing: \"%s\"", message);
}

int main(void)
{
	claims("sched: Tidy up\n\nNo functional change.\n", "no functional change");
	claims("sched: Tidy up\n\nNo functional changes intended.", "no functional changes");
	claims("x: y\n\nThis has no functional\nchange at all.", "no functional change");
	claims("x: y\n\nno-functional-change", "no functional change");
	claims("x: y\n\nNO CODE CHANGE", "no code change");
	claims("x: y\n\nNo change in behaviour.", "no change in behaviour");
	claims("x: y\n\nno change in behavior", "no change in behavior");
	claims("x: y\n\nWhitespace only.", "whitespace only");
	claims("x: y\n\nWhitespace-only cleanup.", "whitespace only");
	claims("sched: Rename a local (NFC)", "nfc");
	claims("x: y\n\nNFC\n\nSigned-off-by: A <a@b>", "nfc");
	claims("x: y\n\nNFC.", "nfc");
	claims("[NFC] x: y", "nfc");
	claims("x: y\n\nA non-functional change.", "non functional change");

	claims("x: y\n\nThis is a functional change.", NULL);
	claims("x: y\n\nThis changes the code.", NULL);
	claims("NFC: nci: fix a leak in nci_core_conn_create()", NULL);
	claims("nfc: llcp: check the length\n\nThe NFC core trusts it.", NULL);
	claims("x: y\n\nno functional changes were possible without nfc_llcp", "no functional changes");
	claims("x: y\n\nWe know no codechange tool.", NULL);
	claims("x: y\n\nano functional change", NULL);
	claims("", NULL);
	claims(NULL, NULL);
	return done_testing();
}
