// SPDX-License-Identifier: GPL-2.0
/*
 * suite-words.c - a run's tests as the boot script takes them, each with
 * the timeout its suite declares.
 */
#include <stdio.h>
#include <stdlib.h>

#include "input/run-config.h"
#include "step/suite.h"
#include "step/suite-words.h"
#include "lib/util.h"

char *suite_tests_words_arch(const struct run_config *rc, const char *arch)
{
	const struct suite_set *set = suites_default();
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < rc->ntests; i++) {
		const struct suite *s = NULL;

		suites_find_test(set, rc->tests[i], &s);
		if (arch && s && !suite_supports_arch(s, arch))
			continue;
		strbuf_addf(&sb, "%s%s:%d", sb.len ? " " : "", rc->tests[i],
			    s && s->timeout ? s->timeout : rc->test_timeout);
	}
	return strbuf_detach(&sb, NULL);
}

char *suite_tests_words(const struct run_config *rc)
{
	return suite_tests_words_arch(rc, NULL);
}
