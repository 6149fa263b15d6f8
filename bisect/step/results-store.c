// SPDX-License-Identifier: GPL-2.0
/*
 * results-store.c - the shared results store's connection (results-store.h):
 * its URL taken apart, one connection per process, and each command
 * answered within its deadline or the store given up; on Redis through
 * hiredis.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <hiredis/hiredis.h>
#include <stdarg.h>
#include <stdio.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "db/db-run.h"
#include "step/results-store.h"
#include "lib/util.h"

#define KEY_PREFIX		"bisectable:1"
/*
 * A store that does not answer within these is given up: the run goes on.
 * The command's is a deadline for the whole exchange, not for each read.
 */
#define CONNECT_TIMEOUT_MS	2000
#define COMMAND_TIMEOUT_MS	5000

static redisContext *conn;
static int given_up;

/* A store's URL, taken apart. */
struct store_url {
	char *host;
	int port;
	int dbnum;
	char *user;		/* NULL: Redis's default user */
	char *password;		/* NULL: no AUTH */
};

static void store_url_free(struct store_url *u);

const char *results_remote_url(void)
{
	const char *url = getenv(RESULTS_REMOTE_ENV);

	return url && *url ? url : NULL;
}

/* One %XX-escaped URL part, allocated; NULL if an escape is broken or a NUL. */
static char *url_decode(const char *p, size_t n)
{
	char *out = xmalloc(n + 1), *o = out;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned int byte;

		if (p[i] != '%') {
			*o++ = p[i];
			continue;
		}
		if (i + 2 >= n)
			goto bad;
		if (!isxdigit((unsigned char)p[i + 1]) || !isxdigit((unsigned char)p[i + 2]) ||
		    sscanf(p + i + 1, "%2x", &byte) != 1 || !byte)
			goto bad;
		*o++ = (char)byte;
		i += 2;
	}
	*o = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

/*
 * redis://[[USER:]PASSWORD@]HOST[:PORT][/DB], the form of ccache's remote
 * storage (one URL can serve both), into its parts; all allocated, user
 * and password NULL when not given.
 */
static int parse_url(const char *url, struct store_url *u)
{
	const char *p, *colon, *slash, *end, *at;
	char *port_text;
	int bad;

	memset(u, 0, sizeof(*u));
	u->port = 6379;
	if (strncmp(url, "redis://", 8))
		return -1;
	p = url + 8;
	end = p + strlen(p);
	slash = strchr(p, '/');
	if (slash)
		end = slash;
	at = memrchr(p, '@', end - p);
	if (at) {
		const char *sep = memchr(p, ':', at - p);

		u->password = sep ? url_decode(sep + 1, at - sep - 1) : url_decode(p, at - p);
		if (sep)
			u->user = url_decode(p, sep - p);
		if (!u->password || (sep && !u->user) || !*u->password)
			goto bad;
		p = at + 1;
	}
	colon = memchr(p, ':', end - p);
	if ((colon ? colon : end) == p)
		goto bad;
	if (colon) {
		port_text = xstrndup(colon + 1, end - colon - 1);
		bad = parse_int(port_text, 1, 65535, &u->port);
		free(port_text);
		if (bad)
			goto bad;
	}
	if (slash && slash[1] && parse_int(slash + 1, 0, 1024, &u->dbnum))
		goto bad;
	u->host = xstrndup(p, (colon ? colon : end) - p);
	return 0;
bad:
	store_url_free(u);
	return -1;
}

static void store_url_free(struct store_url *u)
{
	free(u->host);
	free(u->user);
	if (u->password)
		explicit_bzero(u->password, strlen(u->password));
	free(u->password);
	memset(u, 0, sizeof(*u));
}

int results_remote_check_url(const char *url)
{
	struct store_url u;

	if (parse_url(url, &u)) {
		char *shown = url_public(url);

		error("results store '%s': give redis://[[USER:]PASSWORD@]HOST[:PORT][/DB]", shown);
		free(shown);
		return -1;
	}
	store_url_free(&u);
	return 0;
}

static void drop_connection(void)
{
	if (conn)
		redisFree(conn);
	conn = NULL;
}

void results_remote_close(void)
{
	drop_connection();
}

/*
 * The store is gone for the rest of this run: every later step and every
 * configuration's process sees runs.results_remote_lost and does not try
 * again; the one that set it says so.
 */
static void give_up(const struct remote_cell *cell, const char *why)
{
	char *shown = url_public(results_remote_url());
	char *note = xasprintf("%s: %s", shown, why);

	given_up = 1;
	drop_connection();
	if (db_run_lose_store(cell->db, cell->run_id, note))
		warning("results store %s: the run goes on without it (cells are verified"
			" here and not published)", note);
	free(note);
	free(shown);
}

static int lost_before(const struct remote_cell *cell)
{
	return db_run_store_lost(cell->db, cell->run_id);
}

/* The connection of this process, made on first use; NULL: no store. */
redisContext *results_store_connect(const struct remote_cell *cell)
{
	struct timeval connect_tv = { CONNECT_TIMEOUT_MS / 1000, CONNECT_TIMEOUT_MS % 1000 * 1000 };
	struct timeval command_tv = { COMMAND_TIMEOUT_MS / 1000, COMMAND_TIMEOUT_MS % 1000 * 1000 };
	const char *url = results_remote_url();
	struct store_url u;

	if (!url || given_up)
		return NULL;
	if (conn)
		return conn;
	if (lost_before(cell)) {
		given_up = 1;
		return NULL;
	}
	if (parse_url(url, &u)) {
		give_up(cell, "not a redis://[[USER:]PASSWORD@]HOST[:PORT][/DB] URL");
		return NULL;
	}
	conn = redisConnectWithTimeout(u.host, u.port, connect_tv);
	if (!conn || conn->err) {
		char *why = xasprintf("cannot connect: %s", conn ? conn->errstr : "out of memory");

		give_up(cell, why);
		free(why);
		goto out;
	}
	if (redisSetTimeout(conn, command_tv) != REDIS_OK) {
		give_up(cell, "cannot set a command timeout");
		goto out;
	}
	/* Binary-safe arguments (%s of hiredis): a password is never parsed. */
	if (u.password) {
		redisReply *r = u.user ?
				results_store_command(cell, "AUTH %s %s", u.user, u.password) :
				results_store_command(cell, "AUTH %s", u.password);

		if (!r)
			goto out;
		freeReplyObject(r);
	}
	if (u.dbnum) {
		redisReply *r = results_store_command(cell, "SELECT %d", u.dbnum);

		if (r)
			freeReplyObject(r);
	}
out:
	store_url_free(&u);
	return conn;
}

/* 0 when fd is ready for events before deadline (now_seconds()), else -1. */
static int wait_ready(int fd, short events, double deadline)
{
	struct pollfd p = { .fd = fd, .events = events };

	for (;;) {
		int ms = (int)((deadline - now_seconds()) * 1000) + 1, n;

		if (deadline <= now_seconds())
			return -1;
		n = poll(&p, 1, ms);
		if (n > 0)
			return 0;
		if (n == 0 || errno != EINTR)
			return -1;
	}
}

/*
 * The reply of the command appended to conn, all of it before the
 * deadline: a store that trickles a byte at a time never gets a read
 * timeout (SO_RCVTIMEO is per read), so each read waits only for what
 * is left of the command's time. NULL with *late set when it ran out.
 */
static redisReply *reply_within(double deadline, int *late)
{
	void *reply = NULL;
	int done = 0;

	*late = 0;
	while (!done) {
		double left = deadline - now_seconds();
		struct timeval tv = { (time_t)left, (suseconds_t)((left - (time_t)left) * 1e6) };

		/* A blocking write of a big SET may take what is left, no more. */
		if (left <= 0 || wait_ready(conn->fd, POLLOUT, deadline) ||
		    redisSetTimeout(conn, tv) != REDIS_OK)
			goto late;
		if (redisBufferWrite(conn, &done) != REDIS_OK)
			return NULL;
	}
	for (;;) {
		if (redisGetReplyFromReader(conn, &reply) != REDIS_OK)
			return NULL;
		if (reply)
			return reply;
		if (wait_ready(conn->fd, POLLIN, deadline))
			goto late;
		if (redisBufferRead(conn) != REDIS_OK)
			return NULL;
	}
late:
	*late = 1;
	return NULL;
}

/* A reply, or NULL after giving the store up (no answer, an error reply). */
redisReply *results_store_command(const struct remote_cell *cell, const char *fmt, ...)
{
	redisReply *r = NULL;
	va_list ap;
	int late = 0, appended;

	if (!conn)
		return NULL;
	va_start(ap, fmt);
	appended = redisvAppendCommand(conn, fmt, ap);
	va_end(ap);
	if (appended == REDIS_OK)
		r = reply_within(now_seconds() + COMMAND_TIMEOUT_MS / 1000.0, &late);
	if (!r || r->type == REDIS_REPLY_ERROR) {
		char *why = r ? xasprintf("%s", r->str) :
			late || (conn->err == REDIS_ERR_IO &&
				 (errno == EAGAIN || errno == EWOULDBLOCK)) ?
			xasprintf("no answer within %d s", COMMAND_TIMEOUT_MS / 1000) :
			xasprintf("%s", conn->errstr[0] ? conn->errstr : "no answer");

		if (r)
			freeReplyObject(r);
		give_up(cell, why);
		free(why);
		return NULL;
	}
	return r;
}

char *results_store_key(const char *what, const char *key, const char *stage)
{
	return xasprintf(KEY_PREFIX ":%s:%s:%s", what, key, stage);
}
