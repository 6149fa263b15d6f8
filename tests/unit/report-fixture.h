/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-fixture.h - what the report writers' unit tests share: a fixture
 * database (a file with its logs, as a report requires), a report rendered
 * into memory, and a few checks on text.
 */
#ifndef TESTS_UNIT_REPORT_FIXTURE_H
#define TESTS_UNIT_REPORT_FIXTURE_H

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db-codeprint.h"
#include "lib/util.h"
#include "report/report.h"
#include "sql-file.h"

static inline char *render(sqlite3 *db, long long run, enum report_format fmt, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		die("open_memstream failed");
	*ret = report_write(db, run, fmt, f);
	fclose(f);
	return buf;
}

static inline void exec_sql(sqlite3 *db, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		die("%s: %s", sql, err);
}

/*
 * The fixtures name their logs from the top of the tree; a report opens a
 * log only inside its database's logs/ (what a database says is data), so
 * the fixture's database is a file in a directory of its own, its logs
 * copied into <dir>/logs/ and their paths made relative to it.
 */
static char fixture_dir[] = "/tmp/test-report-XXXXXX";

static inline void fixture_logs(sqlite3 *db)
{
	static const char *const logs[] = { "up-2-build.log", "up-3-console.log", NULL };
	struct strbuf text = STRBUF_INIT;
	char *dir = xasprintf("%s/logs", fixture_dir), *from, *to;
	size_t i;

	mkdir_p(dir);
	for (i = 0; logs[i]; i++) {
		from = xasprintf("tests/browser/fixture/%s", logs[i]);
		to = xasprintf("%s/%s", dir, logs[i]);
		strbuf_reset(&text);
		if (strbuf_read_file(&text, from) < 0 || write_file(to, text.buf, text.len))
			die("cannot copy %s", from);
		free(from);
		free(to);
	}
	exec_sql(db, "UPDATE results SET log_path = replace(log_path,"
		 " 'tests/browser/fixture/', 'logs/')");
	strbuf_release(&text);
	free(dir);
}

static inline sqlite3 *fixture_db(const char *sql_file)
{
	static int n;
	sqlite3 *db;
	char *path;

	if (!n && !mkdtemp(fixture_dir))
		die("mkdtemp");
	path = xasprintf("%s/fixture-%d.db", fixture_dir, n++);
	if (sqlite3_open(path, &db) != SQLITE_OK)
		die("cannot open %s", path);
	free(path);
	exec_file(db, "db/schema.sql");
	exec_file(db, sql_file);
	fixture_logs(db);
	return db;
}

/*
 * Known failures and a flaky first bad, over tests/unit/up-build-break.sql
 * (up does not build at 2/4, smp passes), as 'run --repeat 3 --confirm'
 * records them:
 *   up   its base fails smoke.affinity (KNOWN_LINE): the base's test and
 *        those of 1/4 and 3/4 pass and list it in results.known, their
 *        smoke.affinity row is a failure with tests.known = 1; 4/4 no
 *        longer meets it (fixed by 4/4)
 *   smp  three boots of each commit; 2/4 fails smoke.sleep_futex in 2 of 3
 *        (its test result is fail, confirmed flaky), its parent 1/4 passed
 *        all 3: the first bad, 2/4 at test, confidence 1 - (2/5)^3 = 93.6%
 */
#define KNOWN_LINE "smoke.affinity: expected CPU N, got <N> & \"X\""

static inline void fixture_known_flaky(sqlite3 *db)
{
	exec_sql(db,
		"UPDATE results SET known = '" KNOWN_LINE "' WHERE config = 'up'"
		" AND stage = 'test' AND commit_id IN (1, 2, 4);"
		"INSERT INTO tests (result_id, name, status, reason, runs, fails, known)"
		" SELECT id, 'smoke.affinity', 'fail', 'expected CPU 1, got <0> & \"0x1f\"',"
		" 1, 1, 1 FROM results WHERE config = 'up' AND stage = 'test'"
		" AND commit_id IN (1, 2, 4);"
		"INSERT INTO tests (result_id, name, status, runs, fails)"
		" SELECT id, 'smoke.affinity', 'pass', 1, 0 FROM results WHERE config = 'up'"
		" AND stage = 'test' AND commit_id = 5;"
		"UPDATE results SET tries = 3 WHERE config = 'smp' AND stage IN ('boot', 'test');"
		"UPDATE results SET status = 'fail', failed_tries = 2, confirmed = 'flaky',"
		" evidence = 'smoke.sleep_futex: woke 3 ms late' WHERE config = 'smp'"
		" AND stage = 'test' AND commit_id = 3;"
		"INSERT INTO tests (result_id, name, status, reason, runs, fails)"
		" SELECT id, 'smoke.sleep_futex', 'fail', 'woke 3 ms late', 3, 2 FROM results"
		" WHERE config = 'smp' AND stage = 'test' AND commit_id = 3;"
		"INSERT INTO tests (result_id, name, status, runs, fails)"
		" SELECT id, 'smoke.pipe_pingpong', 'pass', 3, 0 FROM results"
		" WHERE config = 'smp' AND stage = 'test' AND commit_id = 3;");
}

/*
 * Codeprints of smp's builds over tests/unit/up-build-break.sql, and the
 * messages claims are read from (up has none: its cells are unknown):
 *   1/4  identical to the base, says "No functional change" (kept)
 *   2/4  says "No functional change intended", idle_cpu changed: the
 *        finding "no-change claim broken"; its subject made hostile
 *        (CLAIM_SUBJECT: a newline, a header, an escape)
 *   3/4  idle_cpu back as it was, no claim: changed
 *   4/4  another image, the same symbols: code identical, says "Whitespace
 *        only" (kept)
 */
#define CLAIM_SUBJECT "sched: Drop the #ifdef\nSubject: [PATCH] evil\x1b[31m"

static inline void fixture_codeprints(sqlite3 *db)
{
	static const char *const syms[] = {
		"idle_cpu\tT\t64\t1111111111111111\nnr_iowait_cpu\tT\t32\t2222222222222222\n",
		"idle_cpu\tT\t64\t1111111111111111\nnr_iowait_cpu\tT\t32\t2222222222222222\n",
		"idle_cpu\tT\t72\t3333333333333333\nnr_iowait_cpu\tT\t32\t2222222222222222\n",
		"idle_cpu\tT\t64\t1111111111111111\nnr_iowait_cpu\tT\t32\t2222222222222222\n",
		"idle_cpu\tT\t64\t1111111111111111\nnr_iowait_cpu\tT\t32\t2222222222222222\n",
	};
	static const char *const images[] = { "a0", "a0", "a2", "a3", "a4" };
	static const char *const messages[] = {
		NULL, "sched: x\n\nNo functional change.\n", "sched: y\n\nNo functional\n"
		"change intended.\n", "sched: z\n", "sched: w\n\nWhitespace only.\n",
	};
	sqlite3_stmt *st;
	int pos;

	for (pos = 0; pos <= 4; pos++) {
		struct codeprint cp = { .image_sha = (char *)images[pos], .vmlinux_sha = "v",
					.symbols = (char *)syms[pos], .sections = "",
					.nsymbols = 2 };

		if (sqlite3_prepare_v2(db, "SELECT id FROM results WHERE config = 'smp' AND"
				       " stage = 'build' AND commit_id = ?", -1, &st, NULL))
			die("prepare: %s", sqlite3_errmsg(db));
		sqlite3_bind_int(st, 1, pos + 1);
		if (sqlite3_step(st) != SQLITE_ROW)
			die("no smp build at %d", pos);
		db_codeprint_put(db, sqlite3_column_int64(st, 0), &cp);
		sqlite3_finalize(st);
		if (messages[pos])
			db_commit_message_set(db, pos + 1, messages[pos]);
	}
	if (sqlite3_prepare_v2(db, "UPDATE commits SET subject = ? WHERE id = 3", -1, &st, NULL))
		die("prepare: %s", sqlite3_errmsg(db));
	sqlite3_bind_text(st, 1, CLAIM_SUBJECT, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_DONE)
		die("update: %s", sqlite3_errmsg(db));
	sqlite3_finalize(st);
}

/* Independent of report.c: is s valid UTF-8 without C0 controls but tab/newline/CR? */
static inline int clean_utf8(const unsigned char *s, size_t len)
{
	static const unsigned int min[] = { 0, 0x80, 0x800, 0x10000 };
	size_t i = 0;

	while (i < len) {
		unsigned int c = s[i++], need, cp, n;

		if (c < 0x80) {
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
				return 0;
			continue;
		}
		if ((c & 0xe0) == 0xc0)
			need = 1, cp = c & 0x1f;
		else if ((c & 0xf0) == 0xe0)
			need = 2, cp = c & 0x0f;
		else if ((c & 0xf8) == 0xf0)
			need = 3, cp = c & 0x07;
		else
			return 0;
		for (n = need; n; n--, i++) {
			if (i >= len || (s[i] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i] & 0x3f);
		}
		if (cp < min[need] || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			return 0;
	}
	return 1;
}

/* How many times NEEDLE stands in HAY (none overlapping). */
static inline int occurrences(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	int c = 0;

	while (hay && (hay = strstr(hay, needle))) {
		c++;
		hay += n;
	}
	return c;
}

#endif
