// SPDX-License-Identifier: GPL-2.0
/*
 * report-out.c - what every renderer shares (report-model.h): the output
 * buffer, flushed now and then, short shas, the few numeric helpers, and
 * a JSON string of text from the database.
 * report.c's format table calls the renderers; they call down to here, so
 * no two files of report/ call each other.
 */
#include <jansson.h>
#include <math.h>		/* isfinite() only: no -lm */
#include <string.h>

#include "lib/escape.h"
#include "report/report-model.h"
#include "lib/util.h"

#define FLUSH_AT	65536

const char *short_sha(const char *sha, char buf[13])
{
	if (!sha || !*sha)
		return NULL;
	snprintf(buf, 13, "%.12s", sha);
	return buf;
}

int empty(const char *s)
{
	return !s || !*s;
}

/* The few numeric helpers needed, so that the binary does not need libm. */
double dabs(double v)
{
	return v < 0 ? -v : v;
}

double dmin(double a, double b)
{
	return a < b ? a : b;
}

double dmax(double a, double b)
{
	return a > b ? a : b;
}

/* Nearest integer of a value below 2^63 in magnitude. */
long long dround(double v)
{
	return v < 0 ? -(long long)(-v + 0.5) : (long long)(v + 0.5);
}

double dceil(double v)
{
	long long t = (long long)v;	/* towards zero */

	return (double)t < v ? t + 1 : t;
}

void fmt_number(char *buf, size_t size, double v, int sign)
{
	char digits[32], *o = buf;
	double a = dabs(v);
	size_t n, i;

	if (!isfinite(v)) {
		snprintf(buf, size, "%g", v);
		return;
	}
	if (a >= 1e15 || dabs(a - dround(a)) > 1e-9) {
		snprintf(buf, size, sign ? "%+.2f" : "%.2f", v);
		return;
	}
	n = snprintf(digits, sizeof(digits), "%lld", dround(a));
	if (size < n + n / 3 + 3) {
		snprintf(buf, size, "%.0f", v);
		return;
	}
	if (v < 0 && dround(a))
		*o++ = '-';
	else if (sign && dround(a))
		*o++ = '+';
	else if (sign)
		o += sprintf(o, "\xc2\xb1");	/* ± */
	for (i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			*o++ = ',';
		*o++ = digits[i];
	}
	*o = '\0';
}

void report_flush(struct report_out *r)
{
	if (r->buf.len && fwrite(r->buf.buf, 1, r->buf.len, r->out) != r->buf.len)
		r->write_error = 1;
	strbuf_reset(&r->buf);
}

void report_maybe_flush(struct report_out *r)
{
	if (r->buf.len >= FLUSH_AT)
		report_flush(r);
}

json_t *report_json_text(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *j;

	if (!s)
		return json_null();
	utf8_sanitize(&sb, s, strlen(s));
	j = json_stringn(sb.buf, sb.len);
	strbuf_release(&sb);
	return j ? j : json_null();
}
