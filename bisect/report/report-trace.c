// SPDX-License-Identifier: GPL-2.0
/*
 * report-trace.c - the run as a timeline in the Trace Event Format that
 * chrome://tracing, Perfetto (ui.perfetto.dev) and speedscope load: one
 * track per configuration, one complete event ("ph": "X") per stage of a
 * commit that ran in this run, so that the stages' overlap and the idle
 * gaps between them are there to see.
 *
 * The database keeps when each result was recorded (to the second) and how
 * long it took, not when it started: an event ends at its recorded time and
 * starts its duration before. The boot and the tests of one QEMU session
 * share its duration, so they are one span, "boot+test". A stage recorded
 * in the same second as the stage after it ends where that one starts: the
 * stages of one cell never overlap. Cells copied from the cache or an
 * earlier run took no time here: they are counted in otherData, not drawn.
 * Strings from the database go through report_json_text().
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <string.h>
#include <time.h>

#include "judge/verdict.h"
#include "report/report-model.h"
#include "lib/util.h"

/* "YYYY-MM-DDTHH:MM:SSZ" (SQLite's strftime) as seconds since the epoch; -1 if not. */
static long long recorded_seconds(const char *s)
{
	struct tm tm;
	const char *end;

	if (empty(s))
		return -1;
	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
	if (!end || (*end && strcmp(end, "Z")))
		return -1;
	return (long long)timegm(&tm);
}

struct trace_span {
	size_t commit, cfg;
	enum stage stage;
	int with_boot;		/* a test span that is its boot's QEMU session too */
	double start, end;	/* seconds since the epoch */
};

/*
 * The spans of one commit in one configuration, last stage first, each
 * ending no later than the start of the stage after it.
 */
static size_t cell_spans(const struct report_model *m, size_t ci, size_t cfg,
			 struct trace_span *out, size_t *cached)
{
	const struct commit *c = &m->commits[ci];
	double limit = -1;
	size_t n = 0;
	int s;

	for (s = NR_STAGES - 1; s >= 0; s--) {
		const struct cell *cell = &c->cells[cfg * NR_STAGES + s];
		long long at = recorded_seconds(cell->recorded_at);
		double end;

		if (!cell->id)
			continue;
		if (cell->cached_from) {
			(*cached)++;
			continue;
		}
		if (at < 0 || !cell->has_duration || cell->duration < 0)
			continue;
		/* The boot and the tests of one QEMU session carry its one duration. */
		if (s == STAGE_BOOT && n && out[n - 1].stage == STAGE_TEST &&
		    c->cells[cfg * NR_STAGES + STAGE_TEST].duration == cell->duration) {
			out[n - 1].with_boot = 1;
			continue;
		}
		end = (double)at;
		if (limit >= 0 && end > limit)
			end = limit;
		out[n++] = (struct trace_span){ ci, cfg, s, 0, end - cell->duration, end };
		limit = end - cell->duration;
	}
	return n;
}

/* The metadata event that names track tid. */
static json_t *track_name(int tid, const char *name)
{
	return json_pack("{s:s, s:s, s:i, s:i, s:{s:o}}", "name", "thread_name", "ph", "M",
			 "pid", 1, "tid", tid, "args", "name", report_json_text(name));
}

static json_t *span_event(const struct report_model *m, const struct trace_span *sp,
			  double t0)
{
	const struct commit *c = &m->commits[sp->commit];
	const struct cell *cell = &c->cells[sp->cfg * NR_STAGES + sp->stage];
	struct strbuf name = STRBUF_INIT;
	char buf[13];
	const char *sha = short_sha(c->sha, buf);
	json_t *ev, *args;

	strbuf_addf(&name, "%s%s %d/%d", sp->with_boot ? "boot+" : "", stage_names[sp->stage],
		    c->position, m->last_position);
	if (sha)
		strbuf_addf(&name, " %.7s", sha);
	args = json_pack("{s:s, s:o, s:o}", "status", status_names[cell->status],
			 "subject", report_json_text(c->subject), "evidence", report_json_text(cell->evidence));
	if (cell->tries > 1)
		json_object_set_new(args, "boots", json_integer(cell->tries));
	ev = json_pack("{s:o, s:s, s:s, s:I, s:I, s:i, s:i, s:o}", "name", report_json_text(name.buf),
		       "cat", stage_names[sp->stage], "ph", "X",
		       "ts", (json_int_t)((sp->start - t0) * 1e6),
		       "dur", (json_int_t)((sp->end - sp->start) * 1e6),
		       "pid", 1, "tid", (int)sp->cfg + 1, "args", args);
	strbuf_release(&name);
	return ev;
}

void report_trace(struct report_out *r)
{
	const struct report_model *m = r->m;
	struct trace_span *spans = xcalloc(m->ncommits * m->nconfigs * NR_STAGES + 1,
					   sizeof(*spans));
	json_t *root = json_object(), *events = json_array();
	size_t i, cfg, n = 0, cached = 0;
	double t0 = 0, t1 = 0, busy;
	char title[64];

	for (i = 0; i < m->ncommits; i++)
		for (cfg = 0; cfg < m->nconfigs; cfg++)
			n += cell_spans(m, i, cfg, spans + n, &cached);
	for (i = 0; i < n; i++) {
		if (!i || spans[i].start < t0)
			t0 = spans[i].start;
		if (!i || spans[i].end > t1)
			t1 = spans[i].end;
	}
	snprintf(title, sizeof(title), "bisectable run %lld", m->run.id);
	json_array_append_new(events, json_pack("{s:s, s:s, s:i, s:{s:s}}", "name",
						"process_name", "ph", "M", "pid", 1, "args",
						"name", title));
	for (cfg = 0; cfg < m->nconfigs; cfg++)
		json_array_append_new(events, track_name((int)cfg + 1, m->configs[cfg]));
	busy = 0;
	for (i = 0; i < n; i++) {
		json_array_append_new(events, span_event(m, &spans[i], t0));
		busy += spans[i].end - spans[i].start;
	}
	json_object_set_new(root, "traceEvents", events);
	json_object_set_new(root, "displayTimeUnit", json_string("ms"));
	json_object_set_new(root, "otherData",
			    json_pack("{s:I, s:I, s:I, s:f, s:f}", "run", (json_int_t)m->run.id,
				      "spans", (json_int_t)n, "cached_cells", (json_int_t)cached,
				      "wall_seconds", n ? t1 - t0 : 0.0, "busy_seconds", busy));
	report_flush(r);
	if (json_dumpf(root, r->out, JSON_INDENT(1)) < 0 || fputc('\n', r->out) == EOF)
		r->write_error = 1;
	json_decref(root);
	free(spans);
}
