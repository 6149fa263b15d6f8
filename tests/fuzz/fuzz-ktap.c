// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the console/KTAP parser (ktap.c) on any bytes a guest,
 * QEMU or expect could write to the serial log. Built by 'make fuzz'.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "step/ktap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct console_result res;
	size_t i;

	if (console_parse((const char *)data, size, &res))
		return 0;
	/* What the parser hands on must be terminated and within its bounds. */
	for (i = 0; i < res.ntests; i++) {
		if (memchr(res.tests[i].name, '\0', KTAP_NAME_MAX) == NULL ||
		    memchr(res.tests[i].reason, '\0', KTAP_TEXT_MAX) == NULL)
			__builtin_trap();
		(void)ktap_status_name(res.tests[i].status);
	}
	for (i = 0; i < res.nmetrics; i++)
		if (memchr(res.metrics[i].name, '\0', KTAP_NAME_MAX) == NULL)
			__builtin_trap();
	if (memchr(res.kernel_error, '\0', KTAP_TEXT_MAX) == NULL)
		__builtin_trap();
	console_result_free(&res);
	return 0;
}
