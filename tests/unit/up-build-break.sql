-- A hand-made database of the tests/fixtures/up-build-break series on up and
-- smp, for the e-mail and KCIDB reports (tests/unit/test-report-formats.c,
-- the README's sample mail). Its commits, subjects, shas and the up build's
-- reproducer are those of a real run of the fixture; its verdicts those the
-- real run printed (tests/e2e/10-up-build-break.t): commit 2 does not build
-- on up ("kernel/sched/syscalls.c:215:15: error: ..." is that run's
-- evidence), commit 3 fixes it, everything else passes. No build log is kept
-- (the e-mail quotes the evidence line).

INSERT INTO runs (id, series, series_kind, repo, work_dir, base_version, base_sha, tip_sha,
	configs, options, started_at, ended_at, state, tool_version, host)
VALUES (1, 'tests/fixtures/up-build-break', 'patches', NULL, '/root/.cache/bisectable/work/linux-source', '6.12.118', '2d511cebd1de9f79df65248e746db1a6679aca5d', 'dbbb5f2bb8ca6f1a93298e15e0b94efb61804187',
	'up,smp', '{"format":"bisectable-run-config","version":1,"configs":["up","smp"],"mode":"keep-going","accel":"tcg","jobs":2,"boot_timeout":120,"test_timeout":60,"retries":1,"tests":["smoke.fork_exec_wait","smoke.pipe_pingpong","smoke.yield_progress","smoke.nice_share","smoke.rt_fifo_rr","smoke.deadline_admission","smoke.affinity","smoke.procfs_schedstat","smoke.sleep_futex","smoke.sched_attr_errors","rt-tests.hackbench","rt-tests.cyclictest","rt-tests.pi_stress","rt-tests.cyclicdeadline","rt-tests.signaltest"],"ccache":true,"cache":true,"parallel":true,"base":true,"sandbox":true,"metrics":[],"suites":["smoke","rt-tests"],"profile":"quick"}',
	'2026-12-03T19:39:40Z', '2026-12-03T19:41:02Z', 'done', '0.1', 'vm');

INSERT INTO commits (id, run_id, position, sha, tree, subject, author, patch) VALUES
	(1, 1, 0, '2d511cebd1de9f79df65248e746db1a6679aca5d', '2e339aba1eae6fa625232088fed10c113ca56dba', 'Import linux-source-6.12.tar.xz', 'bisectable <bisectable@localhost>', NULL),
	(2, 1, 1, 'e88d7701b5971767f0a1fb2094d119dbf2718481', 'e9109e1340c1da455369b9e5bd078da3bc480673', 'sched/syscalls: Check nr_running first in idle_cpu()', 'Fixture Author <fixture@example.org>', 'tests/fixtures/up-build-break/0001-sched-syscalls-Check-nr_running-first-in-idle_cpu.patch'),
	(3, 1, 2, 'f4f31b7ff03741264e46cf7ffc7f3673ca2015b9', '9edcbe6b0fa1b678f3456283238bcd88fdd7ba46', 'sched/syscalls: Drop the #ifdef around ttwu_pending in idle_cpu()', 'Fixture Author <fixture@example.org>', 'tests/fixtures/up-build-break/0002-sched-syscalls-Drop-the-ifdef-around-ttwu_pending-in.patch'),
	(4, 1, 3, '6a7c4ecdb757e54c358302129bf7e9d9cfca6d5a', 'd34a5ec495c47615022ceb5a313f83f2fad611df', 'sched/syscalls: Restore the CONFIG_SMP guard around ttwu_pending', 'Fixture Author <fixture@example.org>', 'tests/fixtures/up-build-break/0003-sched-syscalls-Restore-the-CONFIG_SMP-guard-around-t.patch'),
	(5, 1, 4, 'dbbb5f2bb8ca6f1a93298e15e0b94efb61804187', '886f0412360a2ce16daa26bc497c177693602ad2', 'sched/core: Say users, not consumers, of nr_iowait_cpu()', 'Fixture Author <fixture@example.org>', 'tests/fixtures/up-build-break/0004-sched-core-Say-users-not-consumers-of-nr_iowait_cpu.patch');

INSERT INTO results (run_id, commit_id, config, stage, status, duration, evidence,
	log_path, reproduce) VALUES
	(1, 1, 'up', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 1, 'up', 'build', 'pass', NULL, NULL, NULL, NULL),
	(1, 1, 'up', 'boot', 'pass', NULL, NULL, NULL, NULL),
	(1, 1, 'up', 'test', 'pass', NULL, NULL, NULL, NULL),
	(1, 2, 'up', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 2, 'up', 'build', 'pass', NULL, NULL, NULL, NULL),
	(1, 2, 'up', 'boot', 'pass', NULL, NULL, NULL, NULL),
	(1, 2, 'up', 'test', 'pass', NULL, NULL, NULL, NULL),
	(1, 3, 'up', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 3, 'up', 'build', 'fail', NULL, 'kernel/sched/syscalls.c:215:15: error: ''struct rq'' has no member named ''ttwu_pending''', NULL, 'git -C /root/.cache/bisectable/work/linux-source checkout --detach f4f31b7ff03741264e46cf7ffc7f3673ca2015b9 && make -C /root/.cache/bisectable/work/linux-source ''O=/root/.cache/bisectable/build/linux-source/up'' -j2 ''--output-sync=target'' ''KBUILD_BUILD_TIMESTAMP=Thu Jan  1 00:00:00 UTC 2000'' ''KBUILD_BUILD_USER=bisectable'' ''KBUILD_BUILD_HOST=bisectable'' ''KBUILD_BUILD_VERSION=1'' ''CC=ccache gcc'' bzImage'),
	(1, 3, 'up', 'boot', 'skip', NULL, 'not run: build failed', NULL, NULL),
	(1, 3, 'up', 'test', 'skip', NULL, 'not run: build failed', NULL, NULL),
	(1, 4, 'up', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 4, 'up', 'build', 'pass', NULL, NULL, NULL, NULL),
	(1, 4, 'up', 'boot', 'pass', NULL, NULL, NULL, NULL),
	(1, 4, 'up', 'test', 'pass', NULL, NULL, NULL, NULL),
	(1, 5, 'up', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 5, 'up', 'build', 'pass', NULL, NULL, NULL, NULL),
	(1, 5, 'up', 'boot', 'pass', NULL, NULL, NULL, NULL),
	(1, 5, 'up', 'test', 'pass', NULL, NULL, NULL, NULL),
	(1, 1, 'smp', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 1, 'smp', 'build', 'pass', NULL, NULL, NULL, NULL),
	(1, 1, 'smp', 'boot', 'pass', NULL, NULL, NULL, NULL),
	(1, 1, 'smp', 'test', 'pass', NULL, NULL, NULL, NULL),
	(1, 2, 'smp', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 2, 'smp', 'build', 'pass', NULL, NULL, NULL, NULL),
	(1, 2, 'smp', 'boot', 'pass', NULL, NULL, NULL, NULL),
	(1, 2, 'smp', 'test', 'pass', NULL, NULL, NULL, NULL),
	(1, 3, 'smp', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 3, 'smp', 'build', 'pass', NULL, NULL, NULL, NULL),
	(1, 3, 'smp', 'boot', 'pass', NULL, NULL, NULL, NULL),
	(1, 3, 'smp', 'test', 'pass', NULL, NULL, NULL, NULL),
	(1, 4, 'smp', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 4, 'smp', 'build', 'pass', NULL, NULL, NULL, NULL),
	(1, 4, 'smp', 'boot', 'pass', NULL, NULL, NULL, NULL),
	(1, 4, 'smp', 'test', 'pass', NULL, NULL, NULL, NULL),
	(1, 5, 'smp', 'apply', 'pass', NULL, NULL, NULL, NULL),
	(1, 5, 'smp', 'build', 'pass', NULL, NULL, NULL, NULL),
	(1, 5, 'smp', 'boot', 'pass', NULL, NULL, NULL, NULL),
	(1, 5, 'smp', 'test', 'pass', NULL, NULL, NULL, NULL);
