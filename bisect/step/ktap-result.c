// SPDX-License-Identifier: GPL-2.0
/*
 * ktap-result.c - the console parser's result (ktap-result.h): tests added
 * and found again by name through a hashed index, figures appended.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "step/ktap-result.h"
#include "step/ktap-text.h"

static void *grow_array(void *array, size_t *cap, size_t used, size_t elem_size)
{
	size_t new_cap;

	if (used < *cap)
		return array;
	new_cap = *cap ? *cap * 2 : 16;
	if (new_cap < *cap || new_cap > SIZE_MAX / elem_size) {
		errno = ENOMEM;
		return NULL;
	}
	array = realloc(array, new_cap * elem_size);
	if (array)
		*cap = new_cap;
	return array;
}

/* FNV-1a */
static size_t name_hash(const char *name)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *name; name++) {
		h ^= (unsigned char)*name;
		h *= 0x100000001b3ULL;
	}
	return (size_t)h;
}

static size_t *find_slot(struct ktap_builder *ps, const char *name)
{
	size_t mask = ps->nslots - 1;
	size_t i = name_hash(name) & mask;

	while (ps->slots[i] && strcmp(ps->res->tests[ps->slots[i] - 1].name, name) != 0)
		i = (i + 1) & mask;
	return &ps->slots[i];
}

/* Keep the index at most half full, so that probes stay short. */
static int reserve_slot(struct ktap_builder *ps)
{
	size_t new_nslots, i;
	size_t *old = ps->slots;
	size_t old_nslots = ps->nslots;

	if (ps->res->ntests + 1 <= ps->nslots / 2)
		return 0;
	new_nslots = ps->nslots ? ps->nslots * 2 : 64;
	if (new_nslots < ps->nslots || new_nslots > SIZE_MAX / sizeof(*ps->slots)) {
		errno = ENOMEM;
		return -1;
	}
	ps->slots = calloc(new_nslots, sizeof(*ps->slots));
	if (!ps->slots) {
		ps->slots = old;
		return -1;
	}
	ps->nslots = new_nslots;
	for (i = 0; i < old_nslots; i++) {
		if (old[i])
			*find_slot(ps, ps->res->tests[old[i] - 1].name) = old[i];
	}
	free(old);
	return 0;
}

int ktap_builder_test(struct ktap_builder *ps, const char *p, const char *end, size_t *index)
{
	struct console_result *res = ps->res;
	char name[KTAP_NAME_MAX];
	struct ktap_test *test;
	size_t *slot;

	/* Names are compared as stored: made printable and truncated. */
	ktap_copy_printable(name, sizeof(name), p, end);
	if (reserve_slot(ps))
		return -1;
	slot = find_slot(ps, name);
	if (*slot) {
		*index = *slot - 1;
		return 0;
	}

	test = grow_array(res->tests, &ps->tests_cap, res->ntests, sizeof(*res->tests));
	if (!test)
		return -1;
	res->tests = test;
	test = &res->tests[res->ntests];
	memset(test, 0, sizeof(*test));
	memcpy(test->name, name, sizeof(name));
	test->status = KTAP_MISSING;
	test->duration_ns = -1;
	*index = res->ntests++;
	*slot = res->ntests;
	return 0;
}

int ktap_builder_metric(struct ktap_builder *ps, const char *name, const char *name_end,
			double value)
{
	struct console_result *res = ps->res;
	struct ktap_metric *metric;

	metric = grow_array(res->metrics, &ps->metrics_cap, res->nmetrics, sizeof(*res->metrics));
	if (!metric)
		return -1;
	res->metrics = metric;
	metric = &res->metrics[res->nmetrics++];
	ktap_copy_printable(metric->name, sizeof(metric->name), name, name_end);
	metric->value = value;
	return 0;
}

/* "READY cpus=N ...": the first cpus= token that holds a plain number. */

void ktap_builder_free(struct ktap_builder *b)
{
	free(b->slots);
	b->slots = NULL;
	b->nslots = 0;
}

void console_result_init(struct console_result *res)
{
	memset(res, 0, sizeof(*res));
	res->cpus = -1;
}

void console_result_free(struct console_result *res)
{
	if (!res)
		return;
	free(res->tests);
	free(res->metrics);
	memset(res, 0, sizeof(*res));
}

size_t ktap_count_top(const struct console_result *res)
{
	size_t i, n = 0;

	for (i = 0; i < res->ntests; i++)
		n += !res->tests[i].nested;
	return n;
}

const char *ktap_status_name(enum ktap_status status)
{
	switch (status) {
	case KTAP_PASS:
		return "pass";
	case KTAP_FAIL:
		return "fail";
	case KTAP_SKIP:
		return "skip";
	case KTAP_TIMEOUT:
		return "timeout";
	case KTAP_MISSING:
		return "missing";
	}
	return "unknown";
}
