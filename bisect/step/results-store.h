/* SPDX-License-Identifier: GPL-2.0 */
/*
 * results-store.h - the connection to the shared results store of
 * results-remote.h: its URL (BISECTABLE_RESULTS_REMOTE or run
 * --results-remote), one connection per process made on first use, and
 * commands that each get an answer within COMMAND_TIMEOUT_MS, or the
 * store is given up for the rest of the run (said once, and recorded as
 * runs.results_remote_lost so that no later step tries again).
 */
#ifndef BISECT_RESULTS_STORE_H
#define BISECT_RESULTS_STORE_H

#include <sqlite3.h>

#include "lib/util.h"

struct redisContext;
struct redisReply;

#define RESULTS_REMOTE_ENV	"BISECTABLE_RESULTS_REMOTE"

/* One configuration at one commit of a run, as verify.c knows it. */
struct remote_cell {
	sqlite3 *db;
	long long run_id;
	long long commit_id;
	const char *config;
	const char *build_key;
	const char *boot_key;
	const char *build_log;		/* where this machine keeps the logs */
	const char *console_log;
};

/* The store's URL from the environment, or NULL when there is none. */
const char *results_remote_url(void);
/* 0 if url is redis://[[USER:]PASSWORD@]HOST[:PORT][/DB]; else -1 with a message. */
int results_remote_check_url(const char *url);
/* Close the connection of this process, if any. */
void results_remote_close(void);

/* The connection of this process, made on first use; NULL: no store. */
struct redisContext *results_store_connect(const struct remote_cell *cell);
/*
 * A command's reply (hiredis's format: %s and %b are binary-safe), or
 * NULL without a connection or after giving the store up (no answer in
 * time, an error reply).
 */
struct redisReply *results_store_command(const struct remote_cell *cell, const char *fmt, ...);
/* The store's name of a cell's document or log: bisectable:1:WHAT:KEY:STAGE. */
char *results_store_key(const char *what, const char *key, const char *stage);

#endif
