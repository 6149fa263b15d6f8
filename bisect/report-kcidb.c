// SPDX-License-Identifier: GPL-2.0
#include "report-model.h"
void report_kcidb(struct report_out *r) { }
