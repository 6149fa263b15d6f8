// SPDX-License-Identifier: GPL-2.0
/*
 * report-model-load.c - report_model_load(): the parts of the report model
 * in the order they depend on each other. It stands above report-model.c
 * and report-model-metrics.c so that neither calls the other back.
 */
#include "report/report-model.h"

int report_model_load(struct report_model *r, sqlite3 *db, long long run_id)
{
	if (report_model_open(r, db, run_id) < 0)
		return -1;
	report_load_metric_names(r, db);
	report_model_load_cells(r, db);
	report_load_metrics(r, db);
	report_load_perf(r, db);
	report_model_load_rest(r, db);
	return 0;
}
