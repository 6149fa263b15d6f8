-- A small fixture run for the report tests. Load it into a fresh database:
--	sqlite3 DB < db/schema.sql; sqlite3 DB < tests/browser/make-fixture-db.sql
-- Log paths are relative to the top of the tree (run the report from there).
--
-- Run 1 is an older one-commit run (so "latest" must pick run 2). Run 2 has
-- four commits and the configurations up and smp:
--   up:  commit 2 fails to build (hostile subject, author and evidence: the
--        payloads set data-pwned on <body> if they ever run), 3 times out in
--        the smoke tests, 4's build comes from the cache;
--   smp: every stage of every commit passes (bisectable), 2 adds a warning,
--        4's build comes from the cache.
-- Expected counts: 32 cells (4 commits x 2 configs x 4 stages), 2 failures
-- (up build at 2, up test at 3), 2 skipped (up boot and test at 2).

PRAGMA foreign_keys = ON;
BEGIN;

INSERT INTO runs (id, series, series_kind, repo, work_dir, base_version, base_sha, tip_sha,
		  configs, options, started_at, ended_at, state, tool_version, host)
VALUES (1, 'patches/older-series', 'patches', NULL, '/var/tmp/bisectable/work', '6.12.118',
	'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678', '0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f',
	'up', 'accel=tcg jobs=2', '2025-01-13T08:00:00Z', '2025-01-13T08:20:00Z', 'done',
	'0.1.0', 'ci-runner-7');

INSERT INTO commits (id, run_id, position, sha, tree, subject, author, patch)
VALUES (1, 1, 1, '0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f', NULL,
	'OLD-RUN-ONLY: sched: an older series', 'Old Author <old@example.org>', NULL);

INSERT INTO results (id, run_id, commit_id, config, stage, status, duration)
VALUES (1, 1, 1, 'up', 'apply', 'pass', 0.2),
       (2, 1, 1, 'up', 'build', 'pass', 301.0),
       (3, 1, 1, 'up', 'boot', 'pass', 9.5),
       (4, 1, 1, 'up', 'test', 'pass', 20.1);

INSERT INTO runs (id, series, series_kind, repo, work_dir, base_version, base_sha, tip_sha,
		  configs, options, started_at, ended_at, state, tool_version, host)
VALUES (2, 'patches/sched-up-cleanup', 'patches', NULL, '/var/tmp/bisectable/work',
	'6.12.118', 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
	'4444444444aaaaaaaaaabbbbbbbbbbcccccccccc', 'up,smp', '{"format":"bisectable-run-config","version":1,"configs":["up","smp"],"mode":"keep-going","accel":"tcg","jobs":2,"boot_timeout":120,"test_timeout":60,"tests":["fork_exec_wait","pipe_pingpong"],"ccache":true,"cache":true,"parallel":true,"base":true,"metrics":[{"name":"sched_smp_lines","description":"CONFIG_SMP lines in kernel/sched/","git_grep":["-e","CONFIG_SMP","--and","--not","-e","endif","--","kernel/sched/"]}]}',
	'2025-01-14T09:30:00Z', '2025-01-14T10:42:17Z', 'done', '0.1.0', 'ci-runner-7');

INSERT INTO commits (id, run_id, position, sha, tree, subject, author, patch)
VALUES
(11, 2, 1, '1111111111aaaaaaaaaabbbbbbbbbbcccccccccc', '11112222333344445555666677778888aaaabbbb',
 'sched: Move update_rq_clock_pelt() out of the CONFIG_SMP block',
 'Ada Lovelace <ada@example.org>', '0001-sched-move-pelt.patch'),
(12, 2, 2, '2222222222aaaaaaaaaabbbbbbbbbbcccccccccc', '22223333444455556666777788889999aaaabbbb',
 'sched/core: Drop <script>alert(1)</script> "><img src=x onerror=alert(1)> & the UP rq lock',
 'Mallory "><img src=x onerror="document.body.setAttribute(''data-pwned'',''1'')"> <mallory@example.org>',
 '0002-sched-core-drop.patch'),
(13, 2, 3, '3333333333aaaaaaaaaabbbbbbbbbbcccccccccc', '3333444455556666777788889999aaaabbbbcccc',
 'sched/fair: Fold the UP stubs of update_blocked_averages()',
 -- a Latin-1 byte that is not UTF-8: the report must stay valid UTF-8
 'Gr' || CAST(X'E9' AS TEXT) || 'ce Hopper <grace@example.org>', '0003-sched-fair-fold.patch'),
(14, 2, 4, '4444444444aaaaaaaaaabbbbbbbbbbcccccccccc', '444455556666777788889999aaaabbbbccccdddd',
 'Documentation/scheduler: Describe the UP fast path',
 'Ada Lovelace <ada@example.org>', '0004-docs-up.patch');

-- Results of run 2: id = 100 + 10 * position + stage (+ 50 for smp).
INSERT INTO results (id, run_id, commit_id, config, stage, status, duration, evidence, log_path,
		     reproduce, cache_key, cached_from, recorded_at)
VALUES
(110, 2, 11, 'up', 'apply', 'pass', 0.3, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:30:05Z'),
(111, 2, 11, 'up', 'build', 'pass', 412.5, NULL, NULL, NULL, 'k-up-1', NULL, '2025-01-14T09:37:00Z'),
(112, 2, 11, 'up', 'boot', 'pass', 8.1, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:37:10Z'),
(113, 2, 11, 'up', 'test', 'pass', 21.4, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:37:32Z'),
(120, 2, 12, 'up', 'apply', 'pass', 0.2, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:50:01Z'),
(121, 2, 12, 'up', 'build', 'fail', 95.0,
 'kernel/sched/core.c:4242:9: error: implicit declaration of function ''rq_pin_lock'' <script>document.body.setAttribute(''data-pwned'',''2'')</script>',
 'tests/browser/fixture/up-2-build.log',
 'bisectable step --db db/fixture.db --run 2 --position 2 --config up --stage build # ''; <b>not bold</b>',
 'k-up-2', NULL, '2025-01-14T09:51:40Z'),
(122, 2, 12, 'up', 'boot', 'skip', NULL, 'the build failed', NULL, NULL, NULL, NULL, '2025-01-14T09:51:40Z'),
(123, 2, 12, 'up', 'test', 'skip', NULL, 'the build failed', NULL, NULL, NULL, NULL, '2025-01-14T09:51:40Z'),
(130, 2, 13, 'up', 'apply', 'pass', 0.2, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:02:00Z'),
(131, 2, 13, 'up', 'build', 'pass', 130.2, NULL, NULL, NULL, 'k-up-3', NULL, '2025-01-14T10:04:10Z'),
(132, 2, 13, 'up', 'boot', 'pass', 8.3, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:04:20Z'),
(133, 2, 13, 'up', 'test', 'timeout', 90.0, 'BISECTABLE-TEST-TIMEOUT pipe_rtt',
 'tests/browser/fixture/up-3-console.log',
 'bisectable step --db db/fixture.db --run 2 --position 3 --config up --stage test',
 NULL, NULL, '2025-01-14T10:05:50Z'),
(140, 2, 14, 'up', 'apply', 'pass', 0.2, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:20:00Z'),
(141, 2, 14, 'up', 'build', 'pass', 0.0, NULL, NULL, NULL, 'k-up-3', 131, '2025-01-14T10:20:01Z'),
(142, 2, 14, 'up', 'boot', 'pass', 8.0, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:20:10Z'),
(143, 2, 14, 'up', 'test', 'pass', 21.0, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:20:31Z'),

(160, 2, 11, 'smp', 'apply', 'pass', 0.3, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:38:00Z'),
(161, 2, 11, 'smp', 'build', 'pass', 455.0, NULL, NULL, NULL, 'k-smp-1', NULL, '2025-01-14T09:45:35Z'),
(162, 2, 11, 'smp', 'boot', 'pass', 9.9, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:45:45Z'),
(163, 2, 11, 'smp', 'test', 'pass', 24.0, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:46:09Z'),
(170, 2, 12, 'smp', 'apply', 'pass', 0.2, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:52:00Z'),
(171, 2, 12, 'smp', 'build', 'pass', 140.8, NULL, NULL, NULL, 'k-smp-2', NULL, '2025-01-14T09:54:20Z'),
(172, 2, 12, 'smp', 'boot', 'pass', 9.7, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:54:30Z'),
(173, 2, 12, 'smp', 'test', 'pass', 23.8, NULL, NULL, NULL, NULL, NULL, '2025-01-14T09:54:54Z'),
(180, 2, 13, 'smp', 'apply', 'pass', 0.2, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:06:00Z'),
(181, 2, 13, 'smp', 'build', 'pass', 128.4, NULL, NULL, NULL, 'k-smp-3', NULL, '2025-01-14T10:08:08Z'),
(182, 2, 13, 'smp', 'boot', 'pass', 9.8, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:08:18Z'),
(183, 2, 13, 'smp', 'test', 'pass', 23.5, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:08:42Z'),
(190, 2, 14, 'smp', 'apply', 'pass', 0.2, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:21:00Z'),
(191, 2, 14, 'smp', 'build', 'pass', 0.0, NULL, NULL, NULL, 'k-smp-3', 181, '2025-01-14T10:21:01Z'),
(192, 2, 14, 'smp', 'boot', 'pass', 9.6, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:21:11Z'),
(193, 2, 14, 'smp', 'test', 'pass', 23.1, NULL, NULL, NULL, NULL, NULL, '2025-01-14T10:21:35Z');

-- Smoke tests of the test stages.
INSERT INTO tests (result_id, name, status, reason, duration)
VALUES
(113, 'sched_yield', 'pass', NULL, 0.8), (113, 'pipe_rtt', 'pass', NULL, 2.1),
(113, 'fork_exit', 'pass', NULL, 3.0), (113, 'affinity', 'skip', 'needs 2 CPUs', 0.0),
(133, 'sched_yield', 'pass', NULL, 0.8),
(133, 'pipe_rtt', 'timeout',
 'no result in 60 s <svg onload="document.body.setAttribute(''data-pwned'',''6'')">', 60.0),
(133, 'fork_exit', 'missing', 'not started: the guest stopped answering', NULL),
(133, 'affinity', 'skip', 'needs 2 CPUs', 0.0),
(143, 'sched_yield', 'pass', NULL, 0.8), (143, 'pipe_rtt', 'pass', NULL, 2.0),
(143, 'fork_exit', 'pass', NULL, 2.9), (143, 'affinity', 'skip', 'needs 2 CPUs', 0.0),
(163, 'sched_yield', 'pass', NULL, 0.9), (163, 'pipe_rtt', 'pass', NULL, 2.6),
(163, 'fork_exit', 'pass', NULL, 3.4), (163, 'affinity', 'pass', NULL, 1.1),
(173, 'sched_yield', 'pass', NULL, 0.9), (173, 'pipe_rtt', 'pass', NULL, 2.6),
(173, 'fork_exit', 'pass', NULL, 3.3), (173, 'affinity', 'pass', NULL, 1.1),
(183, 'sched_yield', 'pass', NULL, 0.9), (183, 'pipe_rtt', 'pass', NULL, 2.5),
(183, 'fork_exit', 'pass', NULL, 3.3), (183, 'affinity', 'pass', NULL, 1.0),
(193, 'sched_yield', 'pass', NULL, 0.9), (193, 'pipe_rtt', 'pass', NULL, 2.5),
(193, 'fork_exit', 'pass', NULL, 3.2), (193, 'affinity', 'pass', NULL, 1.0);

-- Metrics. up has no size metrics at 2 (no vmlinux) and no pipe/fork numbers
-- at 2 (not booted) or 3 (timed out).
INSERT INTO metrics (commit_id, config, name, value)
VALUES
(11, 'up', 'text', 14523904), (11, 'up', 'data', 4196352), (11, 'up', 'bss', 1622016),
(11, 'up', 'bzimage_bytes', 6815744), (11, 'up', 'warnings', 1), (11, 'up', 'sched_smp_lines', 212),
(11, 'up', 'pipe_rtt_ns', 5120), (11, 'up', 'fork_exit_ns', 61000), (11, 'up', 'rebuilt_objects', 2841),
(12, 'up', 'warnings', 2), (12, 'up', 'sched_smp_lines', 205), (12, 'up', 'rebuilt_objects', 12),
(13, 'up', 'text', 14521088), (13, 'up', 'data', 4196352), (13, 'up', 'bss', 1622016),
(13, 'up', 'bzimage_bytes', 6811648), (13, 'up', 'warnings', 1), (13, 'up', 'sched_smp_lines', 188),
(13, 'up', 'rebuilt_objects', 9),
(14, 'up', 'text', 14521088), (14, 'up', 'data', 4196352), (14, 'up', 'bss', 1622016),
(14, 'up', 'bzimage_bytes', 6811648), (14, 'up', 'warnings', 1), (14, 'up', 'sched_smp_lines', 188),
(14, 'up', 'pipe_rtt_ns', 4980.5), (14, 'up', 'fork_exit_ns', 60210), (14, 'up', 'rebuilt_objects', 0),

(11, 'smp', 'text', 15102464), (11, 'smp', 'data', 4325376), (11, 'smp', 'bss', 1753088),
(11, 'smp', 'bzimage_bytes', 7077888), (11, 'smp', 'warnings', 0), (11, 'smp', 'sched_smp_lines', 212),
(11, 'smp', 'pipe_rtt_ns', 8200), (11, 'smp', 'fork_exit_ns', 74500), (11, 'smp', 'rebuilt_objects', 2990),
(12, 'smp', 'text', 15102976), (12, 'smp', 'data', 4325376), (12, 'smp', 'bss', 1753088),
(12, 'smp', 'bzimage_bytes', 7077888), (12, 'smp', 'warnings', 1), (12, 'smp', 'sched_smp_lines', 205),
(12, 'smp', 'pipe_rtt_ns', 8150), (12, 'smp', 'fork_exit_ns', 74210), (12, 'smp', 'rebuilt_objects', 14),
(13, 'smp', 'text', 15100160), (13, 'smp', 'data', 4325376), (13, 'smp', 'bss', 1753088),
(13, 'smp', 'bzimage_bytes', 7073792), (13, 'smp', 'warnings', 1), (13, 'smp', 'sched_smp_lines', 188),
(13, 'smp', 'pipe_rtt_ns', 8010), (13, 'smp', 'fork_exit_ns', 73900), (13, 'smp', 'rebuilt_objects', 9),
(14, 'smp', 'text', 15100160), (14, 'smp', 'data', 4325376), (14, 'smp', 'bss', 1753088),
(14, 'smp', 'bzimage_bytes', 7073792), (14, 'smp', 'warnings', 1), (14, 'smp', 'sched_smp_lines', 188),
(14, 'smp', 'pipe_rtt_ns', 7990), (14, 'smp', 'fork_exit_ns', 73650), (14, 'smp', 'rebuilt_objects', 0);

-- Every warning of each build. New at up 2: the unused 'rf'; new at smp 2:
-- the comparison warning (with a payload in it).
INSERT INTO warnings (commit_id, config, object, message)
VALUES
(11, 'up', 'kernel/sched/fair.o',
 'kernel/sched/fair.c:1021:12: warning: ''update_tg_load_avg'' defined but not used [-Wunused-function]'),
(12, 'up', 'kernel/sched/fair.o',
 'kernel/sched/fair.c:1021:12: warning: ''update_tg_load_avg'' defined but not used [-Wunused-function]'),
(12, 'up', 'kernel/sched/core.o',
 'kernel/sched/core.c:4230:22: warning: unused variable ''rf'' [-Wunused-variable]'),
(13, 'up', 'kernel/sched/fair.o',
 'kernel/sched/fair.c:1021:12: warning: ''update_tg_load_avg'' defined but not used [-Wunused-function]'),
(14, 'up', 'kernel/sched/fair.o',
 'kernel/sched/fair.c:1021:12: warning: ''update_tg_load_avg'' defined but not used [-Wunused-function]'),
(12, 'smp', 'kernel/sched/core.o',
 'kernel/sched/core.c:377:6: warning: comparison is always false <svg onload="document.body.setAttribute(''data-pwned'',''4'')"> [-Wtype-limits]'),
(13, 'smp', 'kernel/sched/core.o',
 'kernel/sched/core.c:377:6: warning: comparison is always false <svg onload="document.body.setAttribute(''data-pwned'',''4'')"> [-Wtype-limits]'),
(14, 'smp', 'kernel/sched/core.o',
 'kernel/sched/core.c:377:6: warning: comparison is always false <svg onload="document.body.setAttribute(''data-pwned'',''4'')"> [-Wtype-limits]');

-- Which stage made each figure (schema v2): the build's, the series' own.
UPDATE metrics SET source = 'build' WHERE name IN ('text', 'data', 'bss', 'bzimage_bytes',
	'warnings', 'rebuilt_objects', 'restored_mtimes');
UPDATE metrics SET source = 'series' WHERE name = 'sched_smp_lines';

COMMIT;
