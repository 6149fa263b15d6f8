/* SPDX-License-Identifier: GPL-2.0 */
/*
 * results-remote.h - a results store shared by machines (Redis): verdicts
 * by cache key, so that a cell verified anywhere is not done again.
 *
 * BISECTABLE_RESULTS_REMOTE=redis://[[USER:]PASSWORD@]HOST[:PORT][/DB] (or
 * 'run --results-remote URL') turns it on; a password is sent with AUTH and
 * never stored nor shown (url_public()). Before a configuration is built at a
 * commit, its build key (and boot key) are looked up there; a hit is
 * recorded here with its evidence, tests, metrics, warnings and log, as
 * results.origin = the host that verified it. After a configuration was
 * verified here (or answered by the local cache), its cells are published.
 * Only outcomes that belong to the commit are stored: pass, fail, timeout;
 * never a skip nor an error. A store that cannot be reached is given up for
 * the rest of the run, said once (a warning and runs.results_remote_lost).
 *
 * In Redis, per cell (cache key and stage):
 *   bisectable:1:cell:KEY:STAGE   a JSON document (status, evidence, tests,
 *                                 metrics, warnings, the verifying host)
 *   bisectable:1:log:KEY:STAGE    its log, zlib-compressed
 * The cache key holds the tool's identity (the binary's SHA-256): machines
 * share verdicts only when they run the same bisectable binary.
 */
#ifndef BISECT_RESULTS_REMOTE_H
#define BISECT_RESULTS_REMOTE_H

#include "step/results-store.h"
#include "lib/util.h"

/*
 * Record the configuration's cells from the store if it holds them (the
 * build, and boot and test unless the build failed). Returns 1 if it
 * answered for the configuration; *bad is set if a cell is not pass; what
 * was taken is described, one line per cell, in say.
 */
int results_remote_fetch(const struct remote_cell *cell, int *bad, struct strbuf *say);
/* Publish the configuration's verified cells (pass, fail, timeout). */
void results_remote_publish(const struct remote_cell *cell);

#endif
