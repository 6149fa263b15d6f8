// SPDX-License-Identifier: GPL-2.0
/*
 * report-kcidb.c - the report as KCIDB I/O data (the kernelci/kcidb-io
 * schema, version 5; only properties that 5.0 already has, so that any v5
 * validator takes it), written with libjansson:
 *
 *   checkouts  one per verified position k: the base with patches 1..k of
 *              the series (patchset_files as file:// URLs, patchset_hash
 *              when the patch files can still be read), for a range run the
 *              commit itself; valid is the apply stage's verdict
 *   builds     one per commit x configuration with a build result:
 *              config_name, compiler, architecture, command (the result's
 *              reproducer), status, duration, log_url (with a base: below),
 *              log_excerpt
 *   tests      per build: the stages "boot" and "test", each test of the
 *              test stage by its own dotted name ("smoke.pipe_pingpong"), and
 *              each metric as "metrics.NAME" with status DONE, number
 *              {value, unit} and misc {noisy, better, regression: the
 *              performance regression at that commit, if it is one}, and
 *              "codediff", the machine code against the parent's: FAIL for
 *              a broken no-change claim (report-kcidb-codediff.c)
 *
 * Repeated boots and known failures go in misc: a "boot" or "test" stage
 * of several boots has tries, failed_tries, flaky (some failed, some
 * passed) and confirmed (what confirming found); one that met known
 * failures (the base's, not counted: its status is PASS) known_failures,
 * a line each; a test that failed the known way is FAIL with known: true,
 * one of several runs has tries, failed_tries and flaky. The build or
 * stage of a configuration's first bad commit has confidence (0..1) and,
 * at boot and test, kind, as verdict.c judged them. What the verdicts cover
 * (coverage-text.h, first-bad's words) is in the tip's misc: its checkout's
 * series (the series line, the answer, the figures), each configuration's
 * build's coverage (the changed lines of the series it compiled).
 *
 * Every id is "bisectable:RUN:POSITION[:CONFIG[:PATH]]", RUN being the run's
 * start time and number (a database's run numbers are its own). Statuses:
 * pass PASS, fail and timeout FAIL, error ERROR, skip SKIP, a test that never
 * reported MISS. No property is null (the schema allows none): what is not
 * known is left out. Strings go through utf8_sanitize().
 */
#include <jansson.h>
#include <math.h>		/* isfinite() only: no -lm */
#include <stdlib.h>
#include <string.h>

#include "input/arch.h"
#include "lib/hash.h"
#include "judge/known.h"
#include "lib/escape.h"
#include "judge/coverage-text.h"
#include "report/report-confidence.h"
#include "report/report-coverage.h"
#include "report/report-kcidb-codediff.h"
#include "report/report-model.h"
#include "lib/util.h"
#include "judge/verdict.h"

#define KCIDB_ORIGIN		"bisectable"
#define KCIDB_MAJOR		5
#define KCIDB_MINOR		0
#define KCIDB_EXCERPT_MAX	16384	/* the schema's maxLength of log_excerpt */

/*
 * KCIDB's architecture: kbuild's ARCH of a configuration keyed "ARCH+KEY"
 * (input/arch.h: "riscv" for riscv64+up), else what its .config says.
 */
static void kset_arch(json_t *b, const struct report_model *m, size_t cfg)
{
	struct arch_desc a;
	char arch[64], why[256];

	arch_key_split(m->configs[cfg], arch, sizeof(arch));
	if (strcmp(arch, ARCH_DEFAULT)) {
		json_object_set_new(b, "architecture", json_string(arch_load(arch, &a, why,
			sizeof(why)) ? arch : a.kbuild_arch));
		arch_release(&a);
		return;
	}
	json_object_set_new(b, "architecture", json_string(m->arches && m->arches[cfg] ?
							    m->arches[cfg] : "x86_64"));
}

static json_t *kstr_n(const char *s, size_t len, size_t max)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *j;

	utf8_sanitize(&sb, s, len);
	/* maxLength counts characters: max bytes is never more of them */
	utf8_truncate(&sb, max);
	j = json_stringn(sb.buf, sb.len);
	strbuf_release(&sb);
	return j;
}

static json_t *kstr(const char *s)
{
	return kstr_n(s, strlen(s), (size_t)-1);
}

/* Set key to a string only when there is one: KCIDB has no null. */
static void kset_str(json_t *obj, const char *key, const char *s)
{
	if (!empty(s))
		json_object_set_new(obj, key, kstr(s));
}

static void kset_num(json_t *obj, const char *key, double v)
{
	if (isfinite(v))
		json_object_set_new(obj, key, json_real(v));
}

/* The part of an id that names the run: its start time's digits and number. */
static char *run_key(const struct report_model *m)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	for (p = m->run.started_at ? m->run.started_at : ""; *p; p++)
		if (*p >= '0' && *p <= '9')
			strbuf_add(&sb, p, 1);
	strbuf_addf(&sb, "-%lld", m->run.id);
	return strbuf_detach(&sb, NULL);
}

/*
 * A file:// URL of an absolute path; a relative log path is under the
 * database's directory (report-log.c reads it there), any other is none.
 */
static char *file_url(const struct report_model *m, const char *path, int under_db)
{
	struct strbuf sb = STRBUF_INIT;
	char *abs;
	const unsigned char *p;

	if (empty(path))
		return NULL;
	abs = path[0] == '/' || !m->db_dir || !under_db ? xstrdup(path) :
		xasprintf("%s/%s", m->db_dir, path);
	if (abs[0] != '/') {
		free(abs);
		return NULL;
	}
	strbuf_addstr(&sb, "file://");
	for (p = (const unsigned char *)abs; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
			strbuf_add(&sb, p, 1);
		else
			strbuf_addf(&sb, "%%%02X", *p);
	}
	free(abs);
	return strbuf_detach(&sb, NULL);
}

static void kset_url(json_t *obj, const char *key, const struct report_model *m,
		     const char *path)
{
	char *url = report_log_url(m, path);

	if (url)
		json_object_set_new(obj, key, json_string(url));
	free(url);
}

static const char *kcidb_status(enum status st)
{
	switch (st) {
	case ST_PASS:
		return "PASS";
	case ST_ERROR:
		return "ERROR";
	case ST_SKIP:
		return "SKIP";
	case ST_NONE:
		return "MISS";
	default:
		return "FAIL";	/* fail, timeout */
	}
}

/* A test row's status: pass, fail, skip, timeout, missing (never reported). */
static const char *kcidb_test_status(const char *status)
{
	if (!strcmp(status, "missing"))
		return "MISS";
	return kcidb_status(status_parse(status));
}

/* A dotted path the schema takes: [a-zA-Z0-9_-]+ segments, others become '_'. */
static void kcidb_path(struct strbuf *sb, const char *name)
{
	const char *p;
	int seg = 0;

	for (p = name; ; p++) {
		if (!*p || *p == '.') {
			if (!seg)
				strbuf_addstr(sb, "_");
			if (!*p)
				break;
			strbuf_addstr(sb, ".");
			seg = 0;
			continue;
		}
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '_' || *p == '-')
			strbuf_add(sb, p, 1);
		else
			strbuf_addstr(sb, "_");
		seg = 1;
	}
}

static int is_hex(const char *s, size_t len)
{
	size_t i;

	if (!s || strlen(s) != len)
		return 0;
	for (i = 0; i < len; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* The first configuration's result of a commit at a stage (apply is shared). */
static const struct cell *any_cell(const struct report_model *m, const struct commit *c,
				   enum stage stage)
{
	size_t cfg;

	for (cfg = 0; cfg < m->nconfigs; cfg++)
		if (c->cells[cfg * NR_STAGES + stage].id)
			return &c->cells[cfg * NR_STAGES + stage];
	return NULL;
}

static int has_results(const struct report_model *m, const struct commit *c)
{
	size_t i;

	for (i = 0; i < m->nconfigs * NR_STAGES; i++)
		if (c->cells[i].id)
			return 1;
	return 0;
}

/*
 * The patchset of position k: the patch files 1..k, and the sha256 of their
 * sha256 lines when every one can be read ("" for none). 0 if a patch file
 * is not known or no longer there.
 */
static int patchset(const struct report_model *m, int k, json_t *files, char **hash)
{
	struct strbuf lines = STRBUF_INIT;
	int i, readable = 1;

	*hash = NULL;
	for (i = 1; i <= k; i++) {
		const struct commit *c = NULL;
		const char *base;
		char *url, *h;
		size_t j;

		for (j = 0; j < m->ncommits; j++)
			if (m->commits[j].position == i)
				c = &m->commits[j];
		/* An mbox's split files are gone after the run: no dead links. */
		if (!c || empty(c->patch) || !file_exists(c->patch) ||
		    !(url = file_url(m, c->patch, 0))) {
			strbuf_release(&lines);
			return 0;
		}
		base = strrchr(c->patch, '/');
		base = base && base[1] ? base + 1 : c->patch;
		json_array_append_new(files, json_pack("{s:o, s:s}", "name", kstr(base),
						       "url", url));
		free(url);
		h = readable ? sha256_file(c->patch) : NULL;
		if (h)
			strbuf_addf(&lines, "%s\n", h);
		else
			readable = 0;
		free(h);
	}
	if (readable)
		*hash = k ? sha256_buf(lines.buf, lines.len) : xstrdup("");
	strbuf_release(&lines);
	return 1;
}

/* "id@host" of a patch mail's "<id@host>", or NULL. */
static char *mail_address_id(const char *message_id)
{
	size_t len;

	if (empty(message_id) || message_id[0] != '<' || !strchr(message_id, '@'))
		return NULL;
	len = strlen(message_id);
	if (message_id[len - 1] != '>' || len < 5 || strchr(message_id + 1, ' '))
		return NULL;
	return xstrndup(message_id + 1, len - 2);
}

/*
 * What the verdicts cover (coverage-text.h), in the tip's misc: the series
 * line in its checkout's, series {text, answer (none: not bisectable),
 * compiled, changed_lines_total}, or configuration cfg's figure in its
 * build's, coverage {text, compiled, changed_lines_total}.
 */
static void kset_coverage(json_t *misc, const struct report_model *m, long cfg,
			  const struct commit *c)
{
	struct strbuf text = STRBUF_INIT;
	const char *answer = report_series_answer(m);
	long compiled;
	json_t *j;

	if (c != &m->commits[m->ncommits - 1] ||
	    (cfg < 0 ? report_series_coverage(m, &text) : report_config_coverage(m, cfg, &text)))
		return;
	compiled = cfg < 0 ? (long)m->coverage.compiled :
		   coverage_config_compiled(&m->coverage, m->configs[cfg]);
	j = json_pack("{s:o, s:I, s:I}", "text", kstr(text.buf), "compiled", (json_int_t)compiled,
		      "changed_lines_total", (json_int_t)coverage_total(&m->coverage));
	if (cfg < 0 && answer)
		json_object_set_new(j, "answer", json_string(answer));
	json_object_set_new(misc, cfg < 0 ? "series" : "coverage", j);
	strbuf_release(&text);
}

static json_t *kcidb_checkout(const struct report_model *m, const struct commit *c,
			      const char *key)
{
	json_t *co = json_object(), *files = json_array(), *misc = json_object();
	const struct cell *apply = any_cell(m, c, STAGE_APPLY);
	struct strbuf comment = STRBUF_INIT;
	char *id = xasprintf(KCIDB_ORIGIN ":%s:%d", key, c->position), *hash, *msgid;

	json_object_set_new(co, "id", kstr(id));
	json_object_set_new(co, "origin", json_string(KCIDB_ORIGIN));
	if (m->run.repo) {
		/* A range of the user's repository: the commit is the checkout. */
		if (is_hex(c->sha, 40))
			json_object_set_new(co, "git_commit_hash", json_string(c->sha));
		strbuf_addf(&comment, "%s", c->subject ? c->subject : "");
	} else {
		if (is_hex(m->run.base_sha, 40))
			json_object_set_new(co, "git_commit_hash", json_string(m->run.base_sha));
		if (patchset(m, c->position, files, &hash)) {
			json_object_set_new(co, "patchset_files", files);
			files = NULL;
			if (hash)
				json_object_set_new(co, "patchset_hash", json_string(hash));
			free(hash);
		}
		strbuf_addf(&comment, "linux %s", m->run.base_version ? m->run.base_version : "");
		if (c->position)
			strbuf_addf(&comment, " + patches 1..%d of %s: %s", c->position,
				    m->run.series ? m->run.series : "",
				    c->subject ? c->subject : "");
	}
	json_decref(files);
	json_object_set_new(co, "comment", kstr(comment.buf));
	msgid = mail_address_id(c->message_id);
	if (msgid)
		json_object_set_new(co, "message_id", kstr(msgid));
	free(msgid);
	kset_str(co, "start_time", m->run.started_at);
	if (apply && apply->status != ST_SKIP && apply->status != ST_ERROR)
		json_object_set_new(co, "valid", json_boolean(apply->status == ST_PASS));
	if (apply && status_is_bad(apply->status) && !empty(apply->evidence))
		json_object_set_new(co, "log_excerpt", kstr_n(apply->evidence,
				    strlen(apply->evidence), KCIDB_EXCERPT_MAX));
	json_object_set_new(misc, "position", json_integer(c->position));
	if (c->sha)
		json_object_set_new(misc, "commit", kstr(c->sha));
	json_object_set_new(misc, "run", json_integer(m->run.id));
	kset_coverage(misc, m, -1, c);
	json_object_set_new(co, "misc", misc);
	strbuf_release(&comment);
	free(id);
	return co;
}

/* The excerpt of a cell's log that shows why it is not pass, else its evidence. */
static void kset_excerpt(json_t *obj, const struct report_model *m, const struct cell *cell,
			 enum stage stage)
{
	struct excerpt ex;

	if (cell->status == ST_PASS)
		return;
	if (log_excerpt(m->db_dir, cell, stage, &ex) == 0 && ex.text.len) {
		json_object_set_new(obj, "log_excerpt", kstr_n(ex.text.buf, ex.text.len,
				    KCIDB_EXCERPT_MAX));
	} else if (!empty(cell->evidence)) {
		json_object_set_new(obj, "log_excerpt", kstr_n(cell->evidence,
				    strlen(cell->evidence), KCIDB_EXCERPT_MAX));
	}
	excerpt_release(&ex);
}

/* confidence (and kind) into misc when cell is the first bad of cfg. */
static void kset_confidence(json_t *misc, const struct report_model *m, size_t cfg,
			    const struct cell *cell)
{
	const struct verdict *v = &m->verdicts[cfg];

	if (cell != first_bad_cell(m, cfg))
		return;
	kset_num(misc, "confidence", v->confidence);
	if (v->kind)
		json_object_set_new(misc, "kind", json_string(v->kind));
}

static json_t *kcidb_build(const struct report_model *m, const struct commit *c, size_t cfg,
			   const char *key)
{
	const struct cell *cell = &c->cells[cfg * NR_STAGES + STAGE_BUILD];
	json_t *b = json_object(), *misc = json_object();
	char *id = xasprintf(KCIDB_ORIGIN ":%s:%d", key, c->position);
	struct strbuf sb = STRBUF_INIT;

	json_object_set_new(b, "checkout_id", kstr(id));
	strbuf_addf(&sb, "%s:%s", id, m->configs[cfg]);
	json_object_set_new(b, "id", kstr(sb.buf));
	json_object_set_new(b, "origin", json_string(KCIDB_ORIGIN));
	strbuf_reset(&sb);
	strbuf_addf(&sb, "%s at %d/%d %.12s %s", m->configs[cfg], c->position, m->last_position,
		    c->sha ? c->sha : "", c->subject ? c->subject : "");
	json_object_set_new(b, "comment", kstr(sb.buf));
	if (cell->has_duration)
		kset_num(b, "duration", cell->duration);
	kset_arch(b, m, cfg);
	kset_str(b, "command", cell->reproduce);
	json_object_set_new(b, "compiler", kstr(m->compilers && m->compilers[cfg] ?
						m->compilers[cfg] : "gcc"));
	json_object_set_new(b, "config_name", kstr(m->configs[cfg]));
	kset_url(b, "log_url", m, cell->log_path);
	kset_excerpt(b, m, cell, STAGE_BUILD);
	json_object_set_new(b, "status", json_string(kcidb_status(cell->status)));
	if (!empty(cell->evidence))
		json_object_set_new(misc, "evidence", kstr(cell->evidence));
	if (cell->cached_from)
		json_object_set_new(misc, "cached_from", json_integer(cell->cached_from));
	kset_confidence(misc, m, cfg, cell);
	kset_coverage(misc, m, cfg, c);
	json_object_set_new(b, "misc", misc);
	strbuf_release(&sb);
	free(id);
	return b;
}

/* One test object under build_id; path is already a valid dotted path. */
static json_t *kcidb_test(const char *build_id, const char *path, const char *status)
{
	json_t *t = json_object();
	char *id = xasprintf("%s:%s", build_id, path);

	json_object_set_new(t, "build_id", kstr(build_id));
	json_object_set_new(t, "id", kstr(id));
	json_object_set_new(t, "origin", json_string(KCIDB_ORIGIN));
	json_object_set_new(t, "path", json_string(path));
	json_object_set_new(t, "status", json_string(status));
	free(id);
	return t;
}

/*
 * The odds of a pass, at the tip's test: the flake rate it rules out and
 * the probability that such a flake would have shown (judge/verdict.h).
 */
static void kset_odds(json_t *misc, const struct report_model *m, size_t cfg,
		      const struct cell *cell)
{
	const struct verdict *v = &m->verdicts[cfg];

	if (!v->bisectable || v->tip_boots < 1 || !m->ncommits ||
	    cell != &m->commits[m->ncommits - 1].cells[cfg * NR_STAGES + STAGE_TEST])
		return;
	kset_num(misc, "flake_rate", verdict_odds_rate(v->flake_rate));
	kset_num(misc, "flake_caught", v->flake_caught);
}

/* Set misc on t unless it is empty (then there is none: no empty object). */
static void kset_misc(json_t *t, json_t *misc)
{
	if (json_object_size(misc))
		json_object_set_new(t, "misc", misc);
	else
		json_decref(misc);
}

/*
 * misc of a boot or test stage: its boots when it had several, the known
 * failures it met, the confidence when it is the first bad result.
 */
static json_t *kcidb_stage_misc(const struct report_model *m, size_t cfg,
				const struct cell *cell)
{
	json_t *misc = json_object(), *lines;
	struct known_set known = { 0 };
	size_t i;

	if (cell->tries > 1) {
		json_object_set_new(misc, "tries", json_integer(cell->tries));
		json_object_set_new(misc, "failed_tries", json_integer(cell->failed_tries));
		json_object_set_new(misc, "flaky", json_boolean((cell->failed_tries > 0 &&
				    cell->failed_tries < cell->tries) ||
				    (cell->confirmed && !strcmp(cell->confirmed, "flaky"))));
	}
	if (cell->confirmed)
		json_object_set_new(misc, "confirmed", kstr(cell->confirmed));
	known_set_add_text(&known, cell->known);
	if (known.n) {
		lines = json_array();
		for (i = 0; i < known.n; i++)
			json_array_append_new(lines, kstr(known.lines[i]));
		json_object_set_new(misc, "known_failures", lines);
	}
	known_set_free(&known);
	kset_confidence(misc, m, cfg, cell);
	kset_odds(misc, m, cfg, cell);
	return misc;
}

/* misc of one test: known (the base fails it the same way), its runs when several. */
static json_t *kcidb_test_misc(const struct report_test *t)
{
	json_t *misc = json_object();

	if (t->known)
		json_object_set_new(misc, "known", json_true());
	if (t->runs > 1) {
		json_object_set_new(misc, "tries", json_integer(t->runs));
		json_object_set_new(misc, "failed_tries", json_integer(t->fails));
		json_object_set_new(misc, "flaky", json_boolean(t->fails > 0 &&
							t->fails < t->runs));
	}
	return misc;
}

/* KCIDB's unit symbols where ours differ. */
static const char *kcidb_unit(const char *unit)
{
	if (!unit)
		return NULL;
	return !strcmp(unit, "bytes") ? "B" : unit;
}

/*
 * misc of a metric's test: noisy, better, and the regression at this commit
 * as judge/regress.c finds it ('bisectable regressions'): the change against
 * the parent, in percent (delta_pct, left out from 0) and as a difference.
 */
static json_t *kcidb_metric_misc(const struct report_model *m, const struct commit *c,
				 size_t cfg, size_t metric)
{
	size_t k = cfg * m->nmetrics + metric;
	const char *better = perf_better_name(m->directions[k].better);
	const struct report_move *mv = report_move_at(m, cfg, metric, c - m->commits);
	json_t *misc = json_pack("{s:b}", "noisy", c->noisy[k] != 0), *reg;

	if (better)
		json_object_set_new(misc, "better", json_string(better));
	if (!mv || mv->noisy)
		return misc;
	reg = json_object();
	if (mv->has_pct)
		kset_num(reg, "delta_pct", mv->pct);
	kset_num(reg, "delta", mv->delta);
	json_object_set_new(reg, "reference_position",
			    json_integer(m->commits[mv->ref].position));
	kset_num(reg, "threshold_pct", m->threshold);
	json_object_set_new(misc, "regression", reg);
	return misc;
}

/* Each metric of a commit x configuration as the test "metrics.NAME". */
static void kcidb_metric_tests(const struct report_model *m, const struct commit *c,
			       size_t cfg, const char *build_id, json_t *tests)
{
	struct strbuf path = STRBUF_INIT;
	size_t i;

	for (i = 0; i < m->nmetrics; i++) {
		size_t k = cfg * m->nmetrics + i;
		const char *unit = kcidb_unit(m->directions[k].unit);
		json_t *t, *number;

		if (!c->has_value[k] || !isfinite(c->values[k]))
			continue;
		strbuf_reset(&path);
		strbuf_addstr(&path, "metrics.");
		kcidb_path(&path, m->metrics[i]);
		t = kcidb_test(build_id, path.buf, "DONE");
		number = json_pack("{s:f}", "value", c->values[k]);
		if (unit && *unit)
			json_object_set_new(number, "unit", kstr(unit));
		json_object_set_new(t, "number", number);
		json_object_set_new(t, "misc", kcidb_metric_misc(m, c, cfg, i));
		json_array_append_new(tests, t);
	}
	strbuf_release(&path);
}

static void kcidb_tests(const struct report_model *m, const struct commit *c, size_t cfg,
			const char *key, json_t *tests)
{
	const struct cell *boot = &c->cells[cfg * NR_STAGES + STAGE_BOOT];
	const struct cell *test = &c->cells[cfg * NR_STAGES + STAGE_TEST];
	char *build_id = xasprintf(KCIDB_ORIGIN ":%s:%d:%s", key, c->position, m->configs[cfg]);
	struct strbuf path = STRBUF_INIT;
	size_t i;
	json_t *t;

	if (boot->id) {
		t = kcidb_test(build_id, "boot", kcidb_status(boot->status));
		if (boot->has_duration)
			kset_num(t, "duration", boot->duration);
		kset_url(t, "log_url", m, boot->log_path);
		kset_excerpt(t, m, boot, STAGE_BOOT);
		kset_str(t, "comment", boot->evidence);
		kset_misc(t, kcidb_stage_misc(m, cfg, boot));
		json_array_append_new(tests, t);
	}
	if (test->id) {
		t = kcidb_test(build_id, "test", kcidb_status(test->status));
		kset_url(t, "log_url", m, test->log_path);
		kset_excerpt(t, m, test, STAGE_TEST);
		kset_str(t, "comment", test->evidence);
		kset_misc(t, kcidb_stage_misc(m, cfg, test));
		json_array_append_new(tests, t);
	}
	for (i = 0; i < test->ntests; i++) {
		const struct report_test *rt = &test->tests[i];

		strbuf_reset(&path);
		kcidb_path(&path, rt->name);
		t = kcidb_test(build_id, path.buf, kcidb_test_status(rt->status));
		if (rt->has_duration)
			kset_num(t, "duration", rt->duration);
		kset_url(t, "log_url", m, test->log_path);
		if (!empty(rt->reason))
			json_object_set_new(t, "log_excerpt", kstr_n(rt->reason, strlen(rt->reason),
					    KCIDB_EXCERPT_MAX));
		kset_misc(t, kcidb_test_misc(rt));
		json_array_append_new(tests, t);
	}
	kcidb_metric_tests(m, c, cfg, build_id, tests);
	kcidb_codediff_test(m, c, cfg, build_id, tests);
	strbuf_release(&path);
	free(build_id);
}

void report_kcidb(struct report_out *r)
{
	const struct report_model *m = r->m;
	json_t *root = json_object(), *checkouts = json_array(), *builds = json_array();
	json_t *tests = json_array();
	char *key = run_key(m);
	size_t i, cfg;

	json_object_set_new(root, "version", json_pack("{s:i, s:i}", "major", KCIDB_MAJOR,
						       "minor", KCIDB_MINOR));
	for (i = 0; i < m->ncommits; i++) {
		const struct commit *c = &m->commits[i];

		if (!has_results(m, c))
			continue;
		json_array_append_new(checkouts, kcidb_checkout(m, c, key));
		for (cfg = 0; cfg < m->nconfigs; cfg++) {
			if (!c->cells[cfg * NR_STAGES + STAGE_BUILD].id)
				continue;
			json_array_append_new(builds, kcidb_build(m, c, cfg, key));
			kcidb_tests(m, c, cfg, key, tests);
		}
	}
	json_object_set_new(root, "checkouts", checkouts);
	json_object_set_new(root, "builds", builds);
	json_object_set_new(root, "tests", tests);
	report_flush(r);
	if (json_dumpf(root, r->out, JSON_INDENT(2)) < 0 || fputc('\n', r->out) == EOF)
		r->write_error = 1;
	json_decref(root);
	free(key);
}
