-- bisectable database schema (SQLite), version 14 (PRAGMA user_version).
-- Applied on every open; idempotent. The binary embeds this file at build
-- time; bisect/db.c upgrades older databases to it (and sets the version).

CREATE TABLE IF NOT EXISTS runs (
	id INTEGER PRIMARY KEY,
	series TEXT NOT NULL,		-- series path, or base..tip of a repository
	series_kind TEXT NOT NULL,	-- quilt | patches | mbox | range
	repo TEXT,			-- the user's repository (range runs)
	work_dir TEXT NOT NULL,		-- git work tree the rebase runs in
	base_version TEXT NOT NULL,	-- kernel version of the base, e.g. 6.12.118
	base_sha TEXT NOT NULL,
	tip_sha TEXT,
	configs TEXT NOT NULL,		-- comma-separated configuration names
	options TEXT NOT NULL,		-- the run configuration, a JSON document:
					-- {"format": "bisectable-run-config", ...}
					-- (bisect/run-config.h); key=value text before v2
	started_at TEXT NOT NULL,
	ended_at TEXT,
	state TEXT NOT NULL DEFAULT 'running'
		CHECK (state IN ('running', 'done', 'stopped', 'interrupted', 'failed')),
	tool_version TEXT NOT NULL,
	host TEXT NOT NULL,
	-- the shared results store this run looked verdicts up in and published
	-- to (BISECTABLE_RESULTS_REMOTE, results-remote.c), and why it went on
	-- without it when the store went away mid-run (NULL: it never did)
	results_remote TEXT,
	results_remote_lost TEXT,
	-- series: every commit of the series or range is verified ('run');
	-- bisect: only the commits git bisect picked ('bisect', 'step --bisect-run')
	kind TEXT NOT NULL DEFAULT 'series' CHECK (kind IN ('series', 'bisect')),
	-- the run's identity: 128 random bits (hex), made when it starts, by
	-- which 'merge' knows a run it already has (a start second, a host
	-- name and a series are shared by two runs started together)
	uuid TEXT DEFAULT (lower(hex(randomblob(16))))
);
CREATE UNIQUE INDEX IF NOT EXISTS runs_by_uuid ON runs (uuid);

CREATE TABLE IF NOT EXISTS commits (
	id INTEGER PRIMARY KEY,
	run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
	position INTEGER NOT NULL,	-- 1-based place in the series; 0 is the base
	sha TEXT,			-- NULL for a patch that was never applied
	tree TEXT,
	subject TEXT NOT NULL,
	author TEXT,
	patch TEXT,			-- patch file it came from, for imported series
	-- the patch mail's Message-ID ("<id>") and the thread above it
	-- (References, else In-Reply-To: "<id> <id>"), NULL when it had none:
	-- what a reply to the patch (report --format email) threads under
	message_id TEXT,
	mail_references TEXT,
	-- the commit message, as the step found it (since version 14): what a
	-- claim of no functional change is read from (judge/claims.c)
	message TEXT,
	UNIQUE (run_id, position)
);

CREATE TABLE IF NOT EXISTS results (
	id INTEGER PRIMARY KEY,
	run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
	commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
	config TEXT NOT NULL,
	stage TEXT NOT NULL CHECK (stage IN ('apply', 'build', 'boot', 'test')),
	-- error: the machine failed, not the commit (a killed compiler, ENOSPC,
	-- QEMU or expect dying without a guest verdict, a hard timeout, a failed
	-- fork); never reused by the cache, and the commit is not verified there
	status TEXT NOT NULL CHECK (status IN ('pass', 'fail', 'timeout', 'skip', 'error')),
	duration REAL,			-- seconds
	evidence TEXT,			-- the line that shows why
	log_path TEXT,
	reproduce TEXT,			-- one command line that redoes this cell
	cache_key TEXT,			-- what the result depends on (see cache.c)
	image_key TEXT,			-- boot/test: the bzImage bytes + guest inputs
	cached_from INTEGER REFERENCES results(id) ON DELETE SET NULL,
	-- the host that verified it, when it was taken from the shared results
	-- store instead of being done here; NULL: done by this database's run
	origin TEXT,
	recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
	-- boot and test: the boots behind this result (--repeat, --confirm) and
	-- how many of them failed here (fail or timeout); the status is the
	-- worst of them, so a flaky cell (0 < failed_tries < tries) is a fail,
	-- never cached; each boot is a row of table tries. At apply and build
	-- (and before version 11) tries is 1, failed_tries 1 for a bad result.
	tries INTEGER NOT NULL DEFAULT 1,
	failed_tries INTEGER NOT NULL DEFAULT 0,
	-- what confirming a first failure found (judge/confidence.h):
	-- deterministic (every boot failed, the parent passed every boot),
	-- flaky (some boots failed, the parent passed every boot), inherited
	-- (the parent fails too); NULL: not confirmed
	confirmed TEXT CHECK (confirmed IN ('deterministic', 'flaky', 'inherited')),
	-- the known failures of the configuration this result had, a line each
	-- ("NAME: SIGNATURE", judge/known.h): failures that the run's base has
	-- too, the same way, are not counted against the commit (the status
	-- says pass if nothing else failed); at the base, all of its failures
	-- (the base's known failures are the configuration's). NULL: none
	known TEXT,
	UNIQUE (commit_id, config, stage)
);
CREATE INDEX IF NOT EXISTS results_by_key ON results (cache_key, stage);
CREATE INDEX IF NOT EXISTS results_by_image ON results (image_key, stage);

CREATE TABLE IF NOT EXISTS tests (
	id INTEGER PRIMARY KEY,
	result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,
	name TEXT NOT NULL,
	status TEXT NOT NULL CHECK (status IN ('pass', 'fail', 'skip', 'timeout', 'missing')),
	reason TEXT,
	duration REAL,			-- guest seconds
	-- boots that ran it, and of them those it failed in (tries of its result)
	runs INTEGER NOT NULL DEFAULT 1,
	fails INTEGER NOT NULL DEFAULT 0,
	-- 1: its failure is a known one (the base fails it the same way)
	known INTEGER NOT NULL DEFAULT 0,
	UNIQUE (result_id, name)
);

-- Each boot of a boot or test result (its tries column counts them): the
-- first is the boot of the commit's visit, later ones are --repeat, soak
-- and confirming boots. status is that boot's verdict at the result's
-- stage; rtc and why (since version 13) say what the boot was given and
-- what it was for, so that a failing boot can be replayed as it ran.
CREATE TABLE IF NOT EXISTS tries (
	result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,
	try INTEGER NOT NULL,		-- 1-based
	status TEXT NOT NULL CHECK (status IN ('pass', 'fail', 'timeout', 'skip', 'error')),
	evidence TEXT,
	log_path TEXT,
	duration REAL,			-- wall seconds of the boot
	rtc TEXT,			-- the guest's clock at its start (-rtc base=), UTC
	why TEXT CHECK (why IN ('first', 'repeat', 'soak', 'confirm')),
	PRIMARY KEY (result_id, try)
);

CREATE TABLE IF NOT EXISTS metrics (
	id INTEGER PRIMARY KEY,
	commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
	config TEXT NOT NULL,
	name TEXT NOT NULL,
	value REAL NOT NULL,
	-- what made it: the build (sizes, warnings), the guest (smoke tests'
	-- figures) or the series (its metrics file, counted in the tree)
	source TEXT NOT NULL DEFAULT 'guest' CHECK (source IN ('build', 'guest', 'series')),
	-- its unit ('ns', 's', 'us', 'bytes', 'lines', ...) and which way is
	-- better; NULL when nobody declared them (never a performance verdict)
	unit TEXT,
	better TEXT CHECK (better IN ('lower', 'higher')),
	-- the declared noise floor, in percent: a larger spread between the
	-- repeated samples of one boot makes the value noisy
	noise_pct REAL,
	-- (max - min) / median of the samples of this boot, in percent; NULL
	-- for a single sample
	spread_pct REAL,
	-- 1: spread_pct exceeded noise_pct, so this value is never a verdict
	noisy INTEGER NOT NULL DEFAULT 0,
	UNIQUE (commit_id, config, name)
);

-- What a build's coverage is judged by (bisectable coverage, coverage.c):
-- the configuration's .config after olddefconfig at that commit, its
-- CONFIG_...= lines only; and the source files (.c, .h, .S, relative to the
-- tree) that the .*.o.cmd files of the objects it links name as a source or
-- dependency, one a line: a changed line of a file no object depends on was not
-- compiled, whatever its #ifdefs say (a file included by another, like
-- kernel/sched/rt.c by build_policy.c, is there as a dependency). NULL when
-- the build did not finish (a failed build's lists are not complete). A
-- build reused from the cache gets a copy of its origin's row.
CREATE TABLE IF NOT EXISTS kconfigs (
	result_id INTEGER PRIMARY KEY REFERENCES results(id) ON DELETE CASCADE,
	dotconfig TEXT NOT NULL,
	compiled TEXT
);

-- What a passing build's machine code is (since version 14), recorded from
-- its vmlinux right after the build (step/codeprint.c), so that a commit
-- can be compared with its parent (judge/codediff.c) without the parent's
-- build tree: the image's SHA-256; the symbol table, zlib-compressed
-- lines "name TAB nm-letter TAB size TAB digest" sorted by name, where a
-- name loses gcc's ".NNN" suffixes and a repeated one is "name#2", and
-- digest is 16 hex digits of SHA-256 of the function's disassembly or the
-- object's bytes with addresses and relocation targets normalised ("-": no
-- contents, bss); the entries of __bug_table, zlib-compressed lines "file
-- TAB line TAB flags" (NULL: none); every other allocated section that is
-- not code, lines "name TAB size TAB digest" (what no symbol covers, such
-- as string literals); and the seconds recording took. A build reused from
-- the cache has none: its origin's (results.cached_from) is read. A build
-- whose vmlinux and image are byte-identical to ones recorded before
-- (vmlinux_sha, image_sha: an incremental build that relinked nothing)
-- gets a copy of that row, without reading vmlinux again.
CREATE TABLE IF NOT EXISTS codeprints (
	result_id INTEGER PRIMARY KEY REFERENCES results(id) ON DELETE CASCADE,
	image_sha TEXT NOT NULL,
	vmlinux_sha TEXT,
	symbols BLOB NOT NULL,
	bug_entries BLOB,
	sections TEXT NOT NULL,
	nsymbols INTEGER NOT NULL,
	seconds REAL
);
CREATE INDEX IF NOT EXISTS codeprints_by_vmlinux ON codeprints (vmlinux_sha);

-- Every compiler warning of the whole build at a commit (carried over for
-- objects that were not rebuilt), so new ones can be listed by file:line.
CREATE TABLE IF NOT EXISTS warnings (
	id INTEGER PRIMARY KEY,
	commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
	config TEXT NOT NULL,
	object TEXT NOT NULL,
	message TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS warnings_by_commit ON warnings (commit_id, config);

-- The configurations of a run that are not simply given fragments of
-- configs/: those derived from the series' diff (run --configs auto), with
-- their fragment text, and how many stages each is verified at: 4 (apply,
-- build, boot, test), or 2 for one that is built but not booted (a derived
-- configuration without --boot auto). A configuration with no row here is
-- a given one, verified at all 4.
CREATE TABLE IF NOT EXISTS run_configs (
	run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
	config TEXT NOT NULL,
	origin TEXT NOT NULL DEFAULT 'given' CHECK (origin IN ('given', 'derived')),
	stages INTEGER NOT NULL DEFAULT 4 CHECK (stages IN (2, 4)),
	fragment TEXT,			-- the fragment as written for the run
	covers TEXT,			-- what it was derived for: "SYM=y SYM=n ..."
	-- a configuration not named by a configs/ name: its name as given
	-- ("defconfig:up", a .config's path), and what configs/base.config
	-- added to its start and olddefconfig changed in a full .config, as
	-- the first build said it (kbuild.h: kbuild_result.changes)
	spec TEXT,
	changes TEXT,
	PRIMARY KEY (run_id, config)
);

-- The first result of each run and configuration that is bad (fail or
-- timeout), by position, then apply, build, boot, test. A skip or an error is
-- not bad (the commit was only not verified there). Position 0 is the base: a broken base
-- shows as such. bisect/verdict.c is the same definition in C.
CREATE VIEW IF NOT EXISTS first_bad AS
WITH bad AS (
	SELECT r.run_id, r.config, c.position, c.sha, c.subject, r.stage, r.status,
		r.evidence, r.log_path,
		ROW_NUMBER() OVER (PARTITION BY r.run_id, r.config
			ORDER BY c.position,
				CASE r.stage WHEN 'apply' THEN 0 WHEN 'build' THEN 1
					WHEN 'boot' THEN 2 ELSE 3 END) AS rank
	FROM results r JOIN commits c ON c.id = r.commit_id
	WHERE r.status IN ('fail', 'timeout')
)
SELECT run_id, config, position, sha, subject, stage, status, evidence, log_path
FROM bad WHERE rank = 1;

-- Per run and configuration: how many commits there are (the base not
-- counted), how many passed every stage (every stage the configuration is
-- verified at: run_configs.stages), the first bad position, whether the
-- series is bisectable for it (every commit passed, the base is not bad, no
-- error anywhere) and complete (every commit has a result at every stage and
-- no result is an error); errors counts the results that are (base included).
CREATE VIEW IF NOT EXISTS verdict AS
WITH cfg AS (
	SELECT DISTINCT r.run_id, r.config, COALESCE(x.stages, 4) AS need
	FROM results r LEFT JOIN run_configs x ON x.run_id = r.run_id AND x.config = r.config
), per_commit AS (
	SELECT c.run_id, r.config, c.position, SUM(r.status = 'pass') AS passes,
		COUNT(r.id) AS stages
	FROM commits c JOIN results r ON r.commit_id = c.id
	GROUP BY c.run_id, r.config, c.id
), counts AS (
	SELECT cfg.run_id, cfg.config,
		(SELECT COUNT(*) FROM commits c WHERE c.run_id = cfg.run_id
			AND c.position > 0) AS commits,
		(SELECT COUNT(*) FROM per_commit p WHERE p.run_id = cfg.run_id
			AND p.config = cfg.config AND p.position > 0 AND p.passes >= cfg.need)
			AS passed,
		(SELECT COUNT(*) FROM per_commit p WHERE p.run_id = cfg.run_id
			AND p.config = cfg.config AND p.position > 0 AND p.stages >= cfg.need)
			AS recorded,
		(SELECT position FROM first_bad f WHERE f.run_id = cfg.run_id
			AND f.config = cfg.config) AS first_bad_position,
		(SELECT COUNT(*) FROM results r JOIN commits c ON c.id = r.commit_id
			WHERE c.run_id = cfg.run_id AND r.config = cfg.config
			AND r.status = 'error') AS errors
	FROM cfg
)
SELECT run_id, config, commits, passed, first_bad_position,
	CASE WHEN commits > 0 AND passed = commits AND first_bad_position IS NULL
		AND errors = 0 THEN 'yes' ELSE 'no' END AS bisectable,
	CASE WHEN commits > 0 AND recorded = commits AND errors = 0
		THEN 'yes' ELSE 'no' END AS complete,
	errors
FROM counts;
