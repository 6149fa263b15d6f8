// SPDX-License-Identifier: GPL-2.0
/*
 * build-remote.c - distcc hosts and ccache's remote storage for a build
 * (see build-remote.h).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "step/build-remote.h"
#include "lib/util.h"

int distcc_slots(const char *hosts)
{
	int total = 0, any = 0;
	const char *p = hosts;

	while (p && *p) {
		const char *start, *slash;
		size_t n;

		while (isspace((unsigned char)*p))
			p++;
		start = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		n = p - start;
		/* --randomize, --localslots=N, +zeroconf: options, not hosts. */
		if (!n || *start == '-' || *start == '+')
			continue;
		any = 1;
		slash = memchr(start, '/', n);
		if (slash) {
			/* host/N[,lzo...]: N slots, the whole of it a number. */
			size_t len = strcspn(slash + 1, ",");
			char *word;
			int slots, bad;

			if (slash + 1 + len > p)
				len = p - slash - 1;
			word = xstrndup(slash + 1, len);
			bad = parse_int(word, 1, 1024, &slots);
			free(word);
			if (bad)
				return -1;
			total += slots;
		} else {
			size_t h = strcspn(start, ":,/ \t\n");

			total += h == 9 && !strncmp(start, "localhost", 9) ? 2 : 4;
		}
	}
	return any ? total : -1;
}

void build_remote_env(struct argv_array *env, const char *out_dir, const char *distcc_dir,
		      const char *hosts, const char *remote, int use_ccache, const char *base_dir)
{
	if (hosts && *hosts) {
		argv_pushf(env, "DISTCC_HOSTS=%s", hosts);
		/*
		 * distcc keeps its host locks and backoff state there: shared by
		 * the configurations built at once, so they share the slots, and
		 * writable in the sandbox (~/.distcc is not).
		 */
		argv_pushf(env, "DISTCC_DIR=%s", distcc_dir);
		/* Without DISTCC_VERBOSE: one "compile X on HOST completed ok" a file. */
		argv_pushf(env, "DISTCC_LOG=%s/%s", out_dir, BUILD_REMOTE_DISTCC_LOG);
		if (use_ccache)
			argv_push(env, "CCACHE_PREFIX=distcc");
	}
	if (use_ccache) {
		if (remote && *remote) {
			argv_pushf(env, "CCACHE_REMOTE_STORAGE=%s", remote);
			/*
			 * Another machine's work tree and build directories are
			 * elsewhere (its own cache) but laid out alike below it:
			 * with paths under base_dir hashed relative to it (and
			 * the working directory left out), the same compile is
			 * the same key on both. Without it, the kernel's absolute
			 * -I paths make nearly every remote lookup miss.
			 */
			if (base_dir && *base_dir) {
				argv_pushf(env, "CCACHE_BASEDIR=%s", base_dir);
				argv_push(env, "CCACHE_NOHASHDIR=1");
			}
		}
		/* Per build, not the shared counters of ccache -s (two builds at once). */
		argv_pushf(env, "CCACHE_STATSLOG=%s/%s", out_dir, BUILD_REMOTE_CCACHE_LOG);
	}
}

static void count_host(struct build_remote_stats *st, const char *host, size_t len)
{
	size_t i;

	if (len >= sizeof(st->hosts[0].host))
		len = sizeof(st->hosts[0].host) - 1;
	for (i = 0; i < st->nhosts; i++)
		if (strlen(st->hosts[i].host) == len && !memcmp(st->hosts[i].host, host, len)) {
			st->hosts[i].compiles++;
			return;
		}
	st->hosts = xrealloc(st->hosts, (st->nhosts + 1) * sizeof(*st->hosts));
	memcpy(st->hosts[st->nhosts].host, host, len);
	st->hosts[st->nhosts].host[len] = '\0';
	st->hosts[st->nhosts++].compiles = 1;
}

/* "distcc[123] compile kernel/fork.c on 127.0.0.2:3632/4 completed ok" */
static void distcc_line(struct build_remote_stats *st, const char *l, size_t n)
{
	static const char ok[] = " completed ok";
	const char *p = memmem(l, n, "] compile ", 10), *on = NULL, *q, *host;
	size_t hlen;

	if (memmem(l, n, "failed to distribute", 20))
		st->fallbacks++;
	if (!p || n < sizeof(ok) - 1 || memcmp(l + n - (sizeof(ok) - 1), ok, sizeof(ok) - 1))
		return;
	for (q = p; (q = memmem(q, l + n - q, " on ", 4)); q += 4)
		on = q;
	if (!on)
		return;
	host = on + 4;
	hlen = strcspn(host, "/, \n");
	if (host + hlen > l + n - (sizeof(ok) - 1))
		hlen = l + n - (sizeof(ok) - 1) - host;
	if (hlen)
		count_host(st, host, hlen);
}

/* ccache's stats log: "# source" then the counters that one call bumped. */
static void ccache_record(struct build_remote_stats *st, int miss, int remote, int local)
{
	if (miss)
		st->misses++;
	else if (remote)
		st->remote_hits++;
	else if (local)
		st->local_hits++;
}

void build_remote_parse(const char *distcc_log, const char *ccache_log,
			struct build_remote_stats *st)
{
	const char *p;
	int in = 0, miss = 0, remote = 0, local = 0;

	memset(st, 0, sizeof(*st));
	for (p = distcc_log; p && *p; ) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		distcc_line(st, p, n);
		p = end ? end + 1 : NULL;
	}
	st->have_ccache = ccache_log != NULL;
	for (p = ccache_log; p && *p; ) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n >= 2 && p[0] == '#' && p[1] == ' ') {
			if (in)
				ccache_record(st, miss, remote, local);
			in = 1;
			miss = remote = local = 0;
		} else if (n == 10 && !memcmp(p, "cache_miss", 10)) {
			miss = 1;
		} else if (n == 18 && !memcmp(p, "remote_storage_hit", 18)) {
			remote = 1;
		} else if (n == 17 && !memcmp(p, "local_storage_hit", 17)) {
			local = 1;
		}
		p = end ? end + 1 : NULL;
	}
	if (in)
		ccache_record(st, miss, remote, local);
}

void build_remote_read(const char *out_dir, struct build_remote_stats *st)
{
	struct strbuf d = STRBUF_INIT, c = STRBUF_INIT;
	char *dpath = xasprintf("%s/%s", out_dir, BUILD_REMOTE_DISTCC_LOG);
	char *cpath = xasprintf("%s/%s", out_dir, BUILD_REMOTE_CCACHE_LOG);
	int have_d = !strbuf_read_file(&d, dpath), have_c = !strbuf_read_file(&c, cpath);

	build_remote_parse(have_d ? d.buf : NULL, have_c ? c.buf : NULL, st);
	strbuf_release(&d);
	strbuf_release(&c);
	free(dpath);
	free(cpath);
}

size_t build_remote_distributed(const struct build_remote_stats *st)
{
	size_t i, n = 0;

	for (i = 0; i < st->nhosts; i++)
		if (strcmp(st->hosts[i].host, "localhost"))
			n += st->hosts[i].compiles;
	return n;
}

void build_remote_describe(const struct build_remote_stats *st, struct strbuf *sb)
{
	size_t i;

	if (st->nhosts || st->fallbacks) {
		strbuf_addstr(sb, "distcc:");
		for (i = 0; i < st->nhosts; i++)
			strbuf_addf(sb, "%s %s %zu", i ? "," : "", st->hosts[i].host,
				    st->hosts[i].compiles);
		if (st->fallbacks)
			strbuf_addf(sb, " (%zu fell back to local)", st->fallbacks);
	}
	if (st->have_ccache && (st->local_hits || st->remote_hits || st->misses))
		strbuf_addf(sb, "%sccache: %zu local hits, %zu remote hits, %zu misses",
			    sb->len ? "; " : "", st->local_hits, st->remote_hits, st->misses);
}

void build_remote_stats_free(struct build_remote_stats *st)
{
	free(st->hosts);
	st->hosts = NULL;
	st->nhosts = 0;
}
