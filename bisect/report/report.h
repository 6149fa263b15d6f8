/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h - the bisect report of a run: one self-contained HTML page (no
 * script, no external asset), a JSON document of the whole run, or JUnit XML
 * with one testcase per commit x configuration x stage. report.c loads the
 * run once (report-model.c) and hands it to the format's renderer.
 *
 * The JSON document (format "bisectable-report", format_version 1):
 *   run          every column of runs
 *   series       answer ("bisectable", "bisectable where compiled", or null:
 *                some configuration is not bisectable, or the run is
 *                partial), bisectable (every configuration is), and what the
 *                verdicts cover (judge/coverage-text.h; null when not known):
 *                compiled (by some configuration), uncompiled,
 *                changed_lines_total, share (0..1), text (first-bad's
 *                series line)
 *   configs      the configurations, runs.configs first
 *   verdicts[]   config, commits, passed, complete, bisectable, first_bad
 *                (null, or position, sha, subject, stage, status, evidence,
 *                log_path), as verdict.h defines them; how sure the first
 *                bad is (confidence.h): confidence (0..1, 1 at apply and
 *                build; null without a first bad or at the base), kind
 *                ("deterministic", "flaky", "inherited"; null at apply and
 *                build), boots, failed_boots, parent_boots, parent_passes
 *                (null: no parent result); known[] (the configuration's
 *                known failures, "NAME: SIGNATURE", known.h) and fixed[]
 *                (line, position: the first commit that no longer meets
 *                one); compiled (the changed lines the configuration
 *                compiled), changed_lines_total, coverage_text ("4 of 6
 *                changed lines compiled"; the three null when coverage is
 *                not known); apart from them the
 *                performance verdicts (regress.h): regression_threshold_pct,
 *                regressions[] and noisy_moves[] (metric, unit, better,
 *                position, sha, subject, value, reference_position,
 *                reference, delta, delta_pct (null from a reference of 0),
 *                noisy)
 *   holes[]      config, from, to, stage, fixed_by: the bisection holes of
 *                verdict.h (positions; stage is the first bad one of from)
 *   performance  threshold_pct, against ("parent")
 *   metric_names known ones first (text, data, bss, ...), then by name
 *   metric_directions.CONFIG.NAME: unit, better ("lower", "higher", null:
 *                never judged), from ("database", "series", "built-in", null)
 *   commits[]    position, sha, tree, subject, author, patch,
 *                results.CONFIG.STAGE: status, duration, evidence, log_path,
 *                  reproduce, cache_key, cached_from, recorded_at, tries
 *                  (boots behind it), failed_tries, confirmed (null, or what
 *                  confirming found), known[] (known failures it met, not
 *                  counted), tests[] (name, status, reason, duration, runs,
 *                  fails, known: a failure the base has too)
 *                metrics.CONFIG.NAME: number
 *                noisy_metrics.CONFIG[]: the names whose value here is noisy
 *                warnings.CONFIG[]: object, message, new (not at the
 *                  previous position; false where there is no previous one)
 *                codediff.CONFIG (not at the base): kind ("identical", "code
 *                  identical", "changed", "unknown"), text, line_entries,
 *                  line_files[] (file, entries), symbols[] (name, type,
 *                  old_size, new_size: null where absent),
 *                  unexplained_sections[], bug_table_changed, text_bytes,
 *                  data_bytes, bss_bytes ({old, new} or null),
 *                  codeprint_seconds, build_seconds (judge/codediff.h)
 *                claim: the no-change phrase its message claims, or null
 *                codediff_finding: null, or finding ("no-change claim
 *                  broken"), claim, configs[], symbols[]
 *   coverage     null when no build kept its .config (coverage.h), else
 *                changed_lines, compiled (by at least one configuration),
 *                never_compiled, undecided (complex conditions),
 *                kconfig_lines (not counted), not_judged, compiled_by.CONFIG,
 *                lines[]: position, sha, path, line, side ("added" in the
 *                post-image, "removed" in the pre-image), guard, undecided,
 *                arch (another architecture that would compile it, or null),
 *                hint (what would build it: "--arch arm64", "--configs auto")
 * Text is valid UTF-8 (invalid bytes replaced), otherwise as stored.
 */
#ifndef BISECT_REPORT_H
#define BISECT_REPORT_H

#include <stdio.h>
#include <sqlite3.h>

#include "lib/util.h"

enum report_format {
	REPORT_HTML,
	REPORT_JSON,
	REPORT_JUNIT,
	REPORT_EMAIL,
	REPORT_KCIDB,
	REPORT_PATCHWORK,
	REPORT_TRACE,
};

/*
 * "html", "json", "junit" (also "xml"), "email" (a plain-text reply to the
 * first bad patch, report-email.c), "kcidb" (KCIDB I/O schema v5 JSON,
 * report-kcidb.c), "patchwork" (a patchwork check per patch and
 * configuration, report-patchwork.c) or "trace" (the run's timeline in the
 * Trace Event Format, report-trace.c); returns 0, or -1 if unknown.
 */
int report_parse_format(const char *name, enum report_format *fmt);
/* File extension without the dot: "html", "json", "xml", "eml", "kcidb.json", ... */
const char *report_format_ext(enum report_format fmt);

/*
 * Write the report of a run (0: the latest) to out. Returns 0, or -1 after
 * printing an error (no such run, write error).
 */
int report_write(sqlite3 *db, long long run_id, enum report_format fmt, FILE *out);
/*
 * The same to path, never half written (report-file.c): a regular file is
 * replaced by rename, a symlink's target likewise, a device or FIFO written
 * to; a directory or anything else refused. Returns 0, or -1 after an error.
 */
int report_write_file(sqlite3 *db, long long run_id, enum report_format fmt,
		      const char *path);

#endif
