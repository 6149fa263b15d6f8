// SPDX-License-Identifier: GPL-2.0
/*
 * test-perf-agree.c - one definition of a performance regression: on one
 * run, 'regressions' (perf_regressions), 'first-bad --metric'
 * (perf_first_bad), the report model and every report format (JSON, HTML,
 * e-mail, JUnit, KCIDB) name exactly the same regressions: configuration,
 * metric, commit and change.
 *
 * The fixture has a regression and three moves that are none, on up and
 * smp, the base and three commits:
 *
 *   rtt_ns (ns, lower, noise 1%)      up  100 100 120 120   +20% at 2: one
 *                                     smp 100 100 100 130   +30% at 3: one
 *   jitter_us (us, lower, noise 100%) up  10 10 15 15       +50% inside its
 *                                     smp 10 10 10 14       noise floor: none
 *   lat_us (us, lower, noise 1%)      both 10 10 20 10      20 spread 5%:
 *                                                           noisy, none
 *   ops (ops/s, higher)               both 1000 1000 1500 1500  better: none
 *
 * Run from the top of the tree with BISECTABLE_HOME set to it (make unit).
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "judge/regress.h"
#include "report/report.h"
#include "report/report-model.h"
#include "lib/util.h"
#include "report-fixture.h"
#include "scratch.h"
#include "tap.h"

#define EXPECTED "smp rtt_ns 3 +30.0%\nup rtt_ns 2 +20.0%\n"

static void put(sqlite3 *db, long long c, const char *config, const char *name,
		double value, const char *unit, const char *better, double noise,
		double spread)
{
	struct metric_sample s = { name, value, unit, better, noise, spread };

	db_metric_put(db, c, config, "guest", &s);
}

static void fixture(sqlite3 *db)
{
	static const double rtt[2][4] = { { 100, 100, 120, 120 }, { 100, 100, 100, 130 } };
	static const double jitter[2][4] = { { 10, 10, 15, 15 }, { 10, 10, 10, 14 } };
	static const double lat[] = { 10, 10, 20, 10 }, ops[] = { 1000, 1000, 1500, 1500 };
	static const char *const configs[] = { "up", "smp" };
	long long id, c;
	int pos, i;

	db_begin(db);
	id = scratch_run(db, "up,smp", "{}");
	for (pos = 0; pos <= 3; pos++) {
		char sha[41], subject[32];

		memset(sha, '0' + pos, 40);
		sha[40] = '\0';
		snprintf(subject, sizeof(subject), "commit %d", pos);
		c = db_commit_set(db, id, pos, sha, NULL, subject, NULL, NULL);
		for (i = 0; i < 2; i++) {
			struct result_row build = { .config = configs[i], .stage = "build",
						    .status = "pass", .duration = 1 };

			db_result_set(db, id, c, &build);
			put(db, c, configs[i], "rtt_ns", rtt[i][pos], "ns", "lower", 1, 0.5);
			put(db, c, configs[i], "jitter_us", jitter[i][pos], "us", "lower", 100,
			    10);
			put(db, c, configs[i], "lat_us", lat[pos], "us", "lower", 1,
			    pos == 2 ? 5 : 0.5);
			put(db, c, configs[i], "ops", ops[pos], "ops/s", "higher", -1, -1);
		}
	}
	db_commit(db);
}

/* A set of "config metric position change" lines, sorted, as one string. */
struct names {
	char **v;
	size_t n;
};

static void add(struct names *s, const char *config, const char *metric, int position,
		int has_pct, double change)
{
	s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	s->v[s->n++] = has_pct ? xasprintf("%s %s %d %+.1f%%", config, metric, position, change)
			       : xasprintf("%s %s %d %+g from 0", config, metric, position, change);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *joined(struct names *s)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (s->n)
		qsort(s->v, s->n, sizeof(*s->v), cmp_str);
	for (i = 0; i < s->n; i++) {
		strbuf_addf(&sb, "%s\n", s->v[i]);
		free(s->v[i]);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
	return strbuf_detach(&sb, NULL);
}

/* The regressions (not the noisy moves) of a perf_run. */
static void run_names(const struct perf_run *r, struct names *s)
{
	size_t i, j;

	for (i = 0; i < r->n; i++) {
		const struct perf_judged *jd = &r->series[i];

		for (j = 0; j < jd->scan.nmoves; j++) {
			const struct perf_move *mv = &jd->scan.moves[j];

			if (!mv->noisy)
				add(s, jd->series.config, jd->series.metric,
				    jd->series.points[mv->at].position, mv->has_pct,
				    mv->has_pct ? mv->pct : mv->delta);
		}
	}
}

static char *from_regressions(sqlite3 *db)
{
	struct names s = { 0 };
	struct perf_run r;

	if (perf_regressions(db, 0, NULL, PERF_DEFAULT_THRESHOLD, PERF_AGAINST_PARENT, &r))
		return NULL;
	run_names(&r, &s);
	perf_run_free(&r);
	return joined(&s);
}

/* first-bad --metric of each metric: one regression per configuration at most. */
static char *from_first_bad(sqlite3 *db)
{
	static const char *const metrics[] = { "rtt_ns", "jitter_us", "lat_us", "ops" };
	struct names s = { 0 };
	struct perf_run r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(metrics); i++) {
		if (perf_first_bad(db, 0, NULL, metrics[i], PERF_DEFAULT_THRESHOLD,
				   PERF_AGAINST_PARENT, &r))
			continue;
		run_names(&r, &s);
		perf_run_free(&r);
	}
	return joined(&s);
}

static char *from_model(sqlite3 *db)
{
	struct names s = { 0 };
	struct report_model m;
	size_t cfg, i;

	if (report_model_load(&m, db, 0))
		return NULL;
	for (cfg = 0; cfg < m.nconfigs; cfg++)
		for (i = 0; i < m.perf[cfg].nmoves; i++) {
			const struct report_move *mv = &m.perf[cfg].moves[i];

			if (!mv->noisy)
				add(&s, m.configs[cfg], m.metrics[mv->metric],
				    m.commits[mv->commit].position, mv->has_pct,
				    mv->has_pct ? mv->pct : mv->delta);
		}
	report_model_free(&m);
	return joined(&s);
}

static json_t *jget(json_t *root, const char *key)
{
	return json_is_object(root) ? json_object_get(root, key) : NULL;
}

/* verdicts[].regressions[] */
static char *from_json(sqlite3 *db)
{
	struct names s = { 0 };
	char *text;
	json_t *root, *v, *mv;
	size_t i, j;
	int ret;

	text = render(db, 0, REPORT_JSON, &ret);
	root = text ? json_loads(text, 0, NULL) : NULL;
	free(text);
	if (!root)
		return NULL;
	json_array_foreach(jget(root, "verdicts"), i, v)
		json_array_foreach(jget(v, "regressions"), j, mv) {
			json_t *pct = jget(mv, "delta_pct");

			add(&s, json_string_value(jget(v, "config")),
			    json_string_value(jget(mv, "metric")),
			    (int)json_integer_value(jget(mv, "position")), !json_is_null(pct),
			    json_number_value(json_is_null(pct) ? jget(mv, "delta") : pct));
		}
	json_decref(root);
	return joined(&s);
}

/* An attribute's value after at (unescaped: the fixture's names need none). */
static char *attr(const char *at, const char *name)
{
	char *key = xasprintf("%s=\"", name);
	const char *p = strstr(at, key), *end;

	free(key);
	if (!p)
		return xstrdup("");
	p += strlen(name) + 2;
	end = strchr(p, '"');
	return xstrndup(p, end ? (size_t)(end - p) : strlen(p));
}

/*
 * The rows of the Performance section's regressions table: configuration
 * and metric from its data attributes, the commit from its link, the change
 * from its tag.
 */
static char *from_html(sqlite3 *db)
{
	static const char row[] = "<tr class=\"perf-regression\"";
	struct names s = { 0 };
	char *html, *section, *end, *p;
	int ret;

	html = render(db, 0, REPORT_HTML, &ret);
	section = html ? strstr(html, "<section id=\"performance\">") : NULL;
	end = section ? strstr(section, "</section>") : NULL;
	if (!end) {
		free(html);
		return NULL;
	}
	*end = '\0';
	for (p = strstr(section, row); p; p = strstr(p + 1, row)) {
		char *config = attr(p, "data-config"), *metric = attr(p, "data-metric");
		const char *link = strstr(p, "href=\"#commit-");
		const char *tag = strstr(p, "<span class=\"tag perf\"");
		const char *change = tag ? strstr(tag, "\">") : NULL;

		/* "\">▲ +20.0%": the arrow is three bytes, then a blank. */
		add(&s, config, metric, link ? atoi(link + 14) : -1, 1,
		    change ? strtod(change + 6, NULL) : 0);
		free(config);
		free(metric);
	}
	free(html);
	return joined(&s);
}

/* "up: rtt_ns +20.0% at 2/3 2222222 ...", the lines after the heading. */
static char *from_email(sqlite3 *db)
{
	struct names s = { 0 };
	char *mail, *p, *eol;
	int ret;

	mail = render(db, 0, REPORT_EMAIL, &ret);
	p = mail ? strstr(mail, "Performance, each commit against its parent") : NULL;
	p = p ? strstr(p, "\n\n") : NULL;
	for (p = p ? p + 2 : NULL; p && *p && *p != '\n'; p = eol + 1) {
		char config[64], metric[64];
		double change;
		int position;

		eol = strchrnul(p, '\n');
		if (sscanf(p, "%63[^:]: %63s %lf%% at %d/", config, metric, &change,
			   &position) == 4)
			add(&s, config, metric, position, 1, change);
		if (!*eol)
			break;
	}
	free(mail);
	return joined(&s);
}

/* Each suite's <property name="performance_regression" value="rtt_ns +20.0% at 2 ..."/>. */
static char *from_junit(sqlite3 *db)
{
	static const char prop[] = "<property name=\"performance_regression\"";
	struct names s = { 0 };
	char *xml, *suite, *p, *next;
	int ret;

	xml = render(db, 0, REPORT_JUNIT, &ret);
	for (suite = xml ? strstr(xml, "<testsuite ") : NULL; suite; suite = next) {
		char *config = attr(suite, "name");

		next = strstr(suite + 1, "<testsuite ");
		for (p = strstr(suite, prop); p && (!next || p < next); p = strstr(p + 1, prop)) {
			char *value = attr(p, "value"), metric[64];
			double change;
			int position;

			if (sscanf(value, "%63s %lf%% at %d", metric, &change, &position) == 3)
				add(&s, config, metric, position, 1, change);
			free(value);
		}
		free(config);
	}
	free(xml);
	return joined(&s);
}

/* The metric tests whose misc has a regression; build_id ends in ":POSITION:CONFIG". */
static char *from_kcidb(sqlite3 *db)
{
	struct names s = { 0 };
	json_t *root, *t;
	char *text;
	size_t i;
	int ret;

	text = render(db, 0, REPORT_KCIDB, &ret);
	root = text ? json_loads(text, 0, NULL) : NULL;
	free(text);
	if (!root)
		return NULL;
	json_array_foreach(jget(root, "tests"), i, t) {
		json_t *reg = jget(jget(t, "misc"), "regression");
		const char *build = json_string_value(jget(t, "build_id"));
		const char *path = json_string_value(jget(t, "path"));
		const char *config = build ? strrchr(build, ':') : NULL;
		const char *position = config ? memrchr(build, ':', config - build) : NULL;
		json_t *pct = jget(reg, "delta_pct");

		if (!reg || !position || strncmp(path, "metrics.", 8))
			continue;
		/* No null in KCIDB: delta_pct is left out from 0. */
		add(&s, config + 1, path + 8, atoi(position + 1), pct != NULL,
		    json_number_value(pct ? pct : jget(reg, "delta")));
	}
	json_decref(root);
	return joined(&s);
}

static void check(const char *what, char *got)
{
	is_str(got, EXPECTED, "%s names the regressions of rtt_ns, not the noise floor's,"
	       " noisy or better moves", what);
	free(got);
}

int main(void)
{
	char *path;
	sqlite3 *db;

	db = scratch_dir_db(fixture_dir, &path);
	fixture(db);
	check("regressions", from_regressions(db));
	check("first-bad --metric", from_first_bad(db));
	check("the report model", from_model(db));
	check("the JSON report", from_json(db));
	check("the HTML report", from_html(db));
	check("the e-mail report", from_email(db));
	check("the JUnit report", from_junit(db));
	check("the KCIDB report", from_kcidb(db));
	db_close(db);
	free(path);
	remove_tree(fixture_dir);
	return done_testing();
}
