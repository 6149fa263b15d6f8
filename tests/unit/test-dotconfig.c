// SPDX-License-Identifier: GPL-2.0
/*
 * dotconfig.c: the one .config reader. y, m, numbers and quoted strings,
 * "is not set", comments, CRLF, a last line without a newline, a name set
 * twice, and names that are prefixes of others.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "kconfig/dotconfig.h"
#include "lib/util.h"
#include "tap.h"

static const char text[] =
	"#\n"
	"# Automatically generated file; DO NOT EDIT.\n"
	"# Linux/x86 6.8.0 Kernel Configuration\n"
	"#\n"
	"CONFIG_SMP=y\n"
	"CONFIG_FOO=m\n"
	"# CONFIG_BAR is not set\n"
	"CONFIG_NR_CPUS=8\n"
	"CONFIG_SMPX=y\n"
	"CONFIG_CC_VERSION_TEXT=\"gcc (Debian 12.2.0-14+deb12u1) 12.2.0\"\n"
	"CONFIG_S=\"a \\\"quoted\\\" \\\\ word\"\n"
	"CONFIG_OPEN=\"no end\n"
	"# CONFIG_COMMENTED=y\n"
	"   CONFIG_INDENTED=y\n"
	"CONFIG_CRLF=m\r\n"
	"CONFIG_BLANKS=y \t\n"
	"CONFIG_TWICE=y\n"
	"CONFIG_TWICE=n\n"
	"# CONFIG_NOTSET_CRLF is not set\r\n"
	"CONFIG_EMPTY=\n"
	"CONFIG_=y\n"
	"CONFIG_LAST=y";

static void check_table(void)
{
	struct dotconfig dc;

	dotconfig_parse(text, &dc);
	is_str(dotconfig_get(&dc, "SMP"), "y", "table: CONFIG_SMP=y");
	is_str(dotconfig_get(&dc, "FOO"), "m", "table: =m");
	is_str(dotconfig_get(&dc, "BAR"), "n", "table: is not set is n");
	ok(!dotconfig_get(&dc, "ABSENT"), "table: absent is NULL");
	is_str(dotconfig_get(&dc, "NR_CPUS"), "8", "table: a number");
	is_str(dotconfig_get(&dc, "S"), "\"a \\\"quoted\\\" \\\\ word\"",
	       "table: a string as written, quotes and escapes kept");
	ok(!dotconfig_get(&dc, "COMMENTED"), "table: a comment is not an assignment");
	ok(!dotconfig_get(&dc, "INDENTED"), "table: nor an indented line");
	is_str(dotconfig_get(&dc, "CRLF"), "m", "table: CRLF dropped");
	is_str(dotconfig_get(&dc, "NOTSET_CRLF"), "n", "table: is not set with CRLF");
	is_str(dotconfig_get(&dc, "BLANKS"), "y", "table: trailing blanks dropped");
	is_str(dotconfig_get(&dc, "TWICE"), "n", "table: the last of two wins");
	is_str(dotconfig_get(&dc, "EMPTY"), "", "table: an empty value");
	ok(!dotconfig_get(&dc, ""), "table: CONFIG_= names nothing");
	is_str(dotconfig_get(&dc, "LAST"), "y", "table: a last line without newline");
	is_int(dc.n, 15, "table: every assignment in order, repeats included");
	ok(dc.n == 15 && !strcmp(dc.v[0].name, "SMP") && !strcmp(dc.v[14].name, "LAST") &&
	   !strcmp(dc.v[10].name, "TWICE") && !strcmp(dc.v[10].value, "y"),
	   "table: in the text's order");
	is_int(dc.nby_name, 14, "table: the sorted index has a name once");
	dotconfig_release(&dc);
	ok(!dc.v && !dc.n && !dc.by_name, "release empties");

	dotconfig_parse("", &dc);
	ok(!dc.n && !dotconfig_get(&dc, "X"), "an empty text");
	dotconfig_release(&dc);
	dotconfig_parse("\n\r\n# c\n", &dc);
	ok(!dc.n, "blank lines and a comment only");
	dotconfig_release(&dc);
}

static void check_lookup(void)
{
	is_int(dotconfig_tristate(text, "SMP"), 'y', "SMP=y");
	is_int(dotconfig_tristate(text, "FOO"), 'm', "FOO=m");
	is_int(dotconfig_tristate(text, "BAR"), 'n', "is not set is n");
	is_int(dotconfig_tristate(text, "ABSENT"), 'n', "absent is n");
	is_int(dotconfig_tristate(text, "NR_CPUS"), 'v', "a number is a value");
	is_int(dotconfig_tristate(text, "SMPX"), 'y', "a longer name is not the shorter");
	is_int(dotconfig_tristate("CONFIG_SMPX=y\n", "SMP"), 'n', "SMP is not SMPX");
	is_int(dotconfig_tristate(text, "CRLF"), 'm', "CRLF: m");
	is_int(dotconfig_tristate(text, "TWICE"), 'n', "the last of two");
	is_int(dotconfig_tristate(text, "LAST"), 'y', "no final newline");
	is_int(dotconfig_tristate(text, "EMPTY"), 'v', "an empty value is a value");
	is_int(dotconfig_tristate_of(NULL), 'n', "tristate of nothing");

	is_str_free(dotconfig_value(text, "NR_CPUS"), "8", "a value");
	is_str_free(dotconfig_value(text, "BAR"), "n", "is not set reads n");
	ok(!dotconfig_value(text, "ABSENT") && !dotconfig_value(text, "COMMENTED"),
	   "no value: absent, commented out");

	is_str_free(dotconfig_string(text, "CC_VERSION_TEXT"),
		    "gcc (Debian 12.2.0-14+deb12u1) 12.2.0", "a string value, unquoted");
	is_str_free(dotconfig_string(text, "S"), "a \"quoted\" \\ word",
		    "Kconfig's escapes undone");
	ok(!dotconfig_string(text, "OPEN") && !dotconfig_string(text, "NR_CPUS") &&
	   !dotconfig_string(text, "ABSENT"), "no string: unterminated, a number, absent");
}

static void check_lines(void)
{
	struct strbuf sb = STRBUF_INIT;

	dotconfig_assignment_lines("# head\nCONFIG_A=y\n# CONFIG_B is not set\n"
				   "CONFIG_C=\"x\"\r\nCONFIG_D=m", &sb);
	is_str(sb.buf, "CONFIG_A=y\nCONFIG_C=\"x\"\r\nCONFIG_D=m\n",
	       "assignment lines as written, comments and is not set left out");
	strbuf_release(&sb);
}

int main(void)
{
	check_table();
	check_lookup();
	check_lines();
	return done_testing();
}
