// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild.c - tinyconfig + base.config + <config>.config through the kernel's
 * own merge_config.sh and olddefconfig, then an incremental bzImage build.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kconfig/dotconfig.h"
#include "kconfig/fragments.h"
#include "step/kbuild.h"
#include "input/arch.h"
#include "step/kbuild-recover.h"
#include "step/kbuild-stamp.h"
#include "lib/sandbox.h"
#include "step/mtime.h"
#include "lib/run-command.h"
#include "lib/util.h"

int kbuild_fragments(const char *configs_dir, const char *config, char **base, char **frag)
{
	*base = xasprintf("%s/base.config", configs_dir);
	*frag = xasprintf("%s/%s.config", configs_dir, config);
	if (!file_exists(*base))
		return error("no base configuration %s", *base);
	if (!file_exists(*frag))
		return error("unknown configuration '%s': no %s", config, *frag);
	return 0;
}

int kbuild_check_config(const char *dotconfig, const char *fragment_text,
			const char *fragment_name, char *evidence, size_t len)
{
	struct dotconfig want, have;
	size_t i;
	int ret = 0;

	dotconfig_parse(fragment_text, &want);
	dotconfig_parse(dotconfig, &have);
	for (i = 0; i < want.n && !ret; i++) {
		const char *value = dotconfig_get(&have, want.v[i].name);

		if (!value)
			value = "n";
		if (strcmp(value, want.v[i].value)) {
			snprintf(evidence, len, "CONFIG_%s=%s (%s) is %s in .config: olddefconfig "
				 "dropped it (unmet dependency?)", want.v[i].name, want.v[i].value,
				 fragment_name, !strcmp(value, "n") ? "not set" : value);
			ret = -1;
		}
	}
	dotconfig_release(&want);
	dotconfig_release(&have);
	return ret;
}

const char *kbuild_gcc_version_text(void)
{
	static const char *const argv[] = { "gcc", "--version", NULL };
	static char *text;
	static int asked;
	struct strbuf out = STRBUF_INIT;
	size_t i, n = 0;

	if (asked)
		return text;
	asked = 1;
	if (!run_capture(NULL, &out, argv) && out.len) {
		for (i = 0; i < out.len && out.buf[i] != '\n'; i++)
			if (out.buf[i] != '#')
				out.buf[n++] = out.buf[i];
		out.buf[n] = '\0';
		text = n ? xstrdup(out.buf) : NULL;
	}
	strbuf_release(&out);
	return text;
}

const char *kbuild_image_target(const struct kbuild_job *job)
{
	return job->arch ? job->arch->image_target : "bzImage";
}

/* CC= of a build through ccache or distcc: the cross compiler's gcc on another arch. */
static void push_cc(const struct kbuild_job *job, struct argv_array *argv, const char *wrapper)
{
	if (job->arch)
		argv_pushf(argv, "CC=%s %sgcc", wrapper, job->arch->cross_compile);
	else
		argv_pushf(argv, "CC=%s gcc", wrapper);
}

void kbuild_make_argv(const struct kbuild_job *job, struct argv_array *argv, const char *target)
{
	argv_pushl(argv, "make", "-C", job->src, NULL);
	argv_pushf(argv, "O=%s", job->out);
	/* Words of their own, never a shell string: the arch file is data from outside. */
	if (job->arch) {
		argv_pushf(argv, "ARCH=%s", job->arch->kbuild_arch);
		argv_pushf(argv, "CROSS_COMPILE=%s", job->arch->cross_compile);
	}
	if (target && !strcmp(target, kbuild_image_target(job))) {
		argv_pushf(argv, "-j%d", job->jobs > 0 ? job->jobs : 1);
		/* One target's output in one piece, so warnings map to their object. */
		argv_push(argv, "--output-sync=target");
		/* Reproducible builds: identical sources give identical images. */
		argv_pushl(argv, "KBUILD_BUILD_TIMESTAMP=Thu Jan  1 00:00:00 UTC 2000",
			   "KBUILD_BUILD_USER=bisectable", "KBUILD_BUILD_HOST=bisectable",
			   "KBUILD_BUILD_VERSION=1", NULL);
		/*
		 * On the make line, not only in the environment: kernels since
		 * 5.2 set CC themselves and only a command-line CC overrides it.
		 * distcc behind ccache is ccache's CCACHE_PREFIX (build-remote.h).
		 */
		if (job->use_ccache)
			push_cc(job, argv, "ccache");
		else if (job->distcc_hosts && *job->distcc_hosts) {
			push_cc(job, argv, "distcc");
			if (job->cc_version_text)
				argv_pushf(argv, "CC_VERSION_TEXT=%s", job->cc_version_text);
		}
		/*
		 * ccache hands gcc the tree's files relative to the build
		 * directory then, which the kernel's own
		 * -fmacro-prefix-map=$(srctree)/= does not catch: __FILE__ in
		 * WARN() and BUG() would name "../../../work/linux-source/..."
		 * and the image would differ from a build without it.
		 */
		if (job->src_rel && *job->src_rel)
			argv_pushf(argv, "KCPPFLAGS=-fmacro-prefix-map=%s/=", job->src_rel);
	}
	argv_push(argv, target);
}

/* The directories a build writes: the tree, its O= directory, ccache's, distcc's. */
static void writable_dirs(const struct kbuild_job *job, const char *dirs[5])
{
	size_t i, n = 0;

	dirs[n++] = job->src;
	dirs[n++] = job->out;
	for (i = 0; job->env && job->env[i]; i++)
		if (!strncmp(job->env[i], "CCACHE_DIR=", 11))
			dirs[n++] = job->env[i] + 11;
		else if (!strncmp(job->env[i], "DISTCC_DIR=", 11))
			dirs[n++] = job->env[i] + 11;
	dirs[n] = NULL;
}

/*
 * Run one command of the tree's own (make, merge_config.sh): untrusted code,
 * so in the sandbox when the job asks for it and the machine can make one.
 */
static int run_logged(const struct kbuild_job *job, const char *const *argv,
		      struct kbuild_result *res)
{
	struct argv_array boxed = ARGV_ARRAY_INIT;
	struct strbuf line = STRBUF_INIT;
	struct child c = { .argv = argv, .dir = job->src, .out_path = job->log_path,
			   .out_append = 1, .env = job->env };
	FILE *log = fopen(job->log_path, "a");
	const char *why = NULL, *dirs[5];
	int ret;

	if (job->sandbox && sandbox_available(&why)) {
		size_t i;

		writable_dirs(job, dirs);
		/* bwrap binds only what exists; ccache's directory may not yet. */
		for (i = 0; dirs[i]; i++)
			mkdir_p(dirs[i]);
		sandbox_argv_network(&boxed, dirs, job->src, argv, job->network);
		c.argv = boxed.argv;
	}
	if (log) {
		argv_to_line(&line, argv);
		fprintf(log, "$ %s\n", line.buf);
		if (job->sandbox && why && *why)
			fprintf(log, "# not sandboxed: %s\n", why);
		fclose(log);
	}
	ret = run_child(&c);
	strbuf_release(&line);
	argv_clear(&boxed);
	res->exit_code = ret;
	return ret;
}

static void log_line(const struct kbuild_job *job, const char *line)
{
	FILE *f = fopen(job->log_path, "a");

	if (f) {
		fprintf(f, "%s\n", line);
		fclose(f);
	}
}

/*
 * merge_config.sh's line: base.config, the fragment, then the lines the
 * architecture needs (arch.config in O=, written by configure()).
 */
static void merge_argv(const struct kbuild_job *job, struct argv_array *argv,
		       const char *dotconfig, const char *base, const char *frag)
{
	argv_pushl(argv, "scripts/kconfig/merge_config.sh", "-m", "-O", job->out, dotconfig,
		   base, NULL);
	if (frag)
		argv_push(argv, frag);
	if (job->arch)
		argv_pushf(argv, "%s/arch.config", job->out);
}

/* The architecture's fragment lines into O=/arch.config (configs/arch/NAME.arch). */
static int write_arch_fragment(const struct kbuild_job *job)
{
	struct strbuf text = STRBUF_INIT;
	char *path;
	size_t i;
	int ret;

	if (!job->arch)
		return 0;
	strbuf_addf(&text, "# from configs/arch/%s.arch\n", job->arch->name);
	for (i = 0; i < job->arch->nfragment; i++)
		strbuf_addf(&text, "%s\n", job->arch->fragment[i]);
	path = xasprintf("%s/arch.config", job->out);
	ret = mkdir_p(job->out) || write_file(path, text.buf, text.len);
	free(path);
	strbuf_release(&text);
	return ret ? -1 : 0;
}

/* tinyconfig + base.config + the fragment, as ever. */
static int make_tiny(const struct kbuild_job *job, struct kbuild_result *res, const char *base,
		     const char *frag, const char *dotconfig)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	int ret = -1;

	kbuild_make_argv(job, &argv, "tinyconfig");
	if (run_logged(job, argv.argv, res)) {
		snprintf(res->evidence, sizeof(res->evidence), "make tinyconfig failed");
		goto out;
	}
	argv_clear(&argv);
	merge_argv(job, &argv, dotconfig, base, frag);
	if (run_logged(job, argv.argv, res)) {
		snprintf(res->evidence, sizeof(res->evidence), "merge_config.sh failed");
		goto out;
	}
	argv_clear(&argv);
	kbuild_make_argv(job, &argv, "olddefconfig");
	if (run_logged(job, argv.argv, res)) {
		snprintf(res->evidence, sizeof(res->evidence), "make olddefconfig failed");
		goto out;
	}
	ret = 0;
out:
	argv_clear(&argv);
	return ret;
}

/* The .config a configuration starts from: make TARGET's, or the file given, into start. */
static int make_start(const struct kbuild_job *job, struct kbuild_result *res,
		      const char *dotconfig, struct strbuf *start)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	int ret = -1;

	if (job->start_file) {
		if (strbuf_read_file(start, job->start_file) < 0 ||
		    write_file(dotconfig, start->buf, start->len)) {
			snprintf(res->evidence, sizeof(res->evidence), "cannot copy %s to %s",
				 job->start_file, dotconfig);
			goto out;
		}
		ret = 0;
		goto out;
	}
	kbuild_make_argv(job, &argv, job->start_target);
	if (run_logged(job, argv.argv, res) || strbuf_read_file(start, dotconfig) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "make %s failed", job->start_target);
		goto out;
	}
	ret = 0;
out:
	argv_clear(&argv);
	return ret;
}

/*
 * What base.config added to the start, and for a full .config what
 * olddefconfig changed in it: into the log and res->changes, never silently.
 */
static void say_changes(const struct kbuild_job *job, struct kbuild_result *res,
			const char *start, const char *base_text, const char *merged,
			const char *final)
{
	struct strbuf out = STRBUF_INIT, lines = STRBUF_INIT;
	const char *from = job->start_file ? "the .config given" : job->start_target;

	if (fragment_changes(start, base_text, 1, &lines))
		strbuf_addf(&out, "# added to %s for the boot in QEMU (configs/base.config):\n%s",
			    from, lines.buf);
	strbuf_reset(&lines);
	if (job->start_file && fragment_changes(merged, final, 0, &lines))
		strbuf_addf(&out, "# changed by olddefconfig:\n%s", lines.buf);
	if (out.len) {
		log_line(job, out.buf);
		res->changes = strbuf_detach(&out, NULL);
	}
	strbuf_release(&out);
	strbuf_release(&lines);
}

/* A start of its own (kbuild_job.start_target or start_file) + base.config + the fragment. */
static int make_from_start(const struct kbuild_job *job, struct kbuild_result *res,
			   const char *base, const char *frag, const char *dotconfig)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf start = STRBUF_INIT, base_text = STRBUF_INIT, merged = STRBUF_INIT;
	struct strbuf final = STRBUF_INIT;
	int ret = -1;

	if (make_start(job, res, dotconfig, &start))
		goto out;
	merge_argv(job, &argv, dotconfig, base, frag);
	if (run_logged(job, argv.argv, res) || strbuf_read_file(&merged, dotconfig) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "merge_config.sh failed");
		goto out;
	}
	argv_clear(&argv);
	kbuild_make_argv(job, &argv, "olddefconfig");
	if (run_logged(job, argv.argv, res) || strbuf_read_file(&final, dotconfig) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "make olddefconfig failed");
		goto out;
	}
	strbuf_read_file(&base_text, base);
	say_changes(job, res, start.buf, base_text.buf, merged.buf, final.buf);
	ret = 0;
out:
	argv_clear(&argv);
	strbuf_release(&start);
	strbuf_release(&base_text);
	strbuf_release(&merged);
	strbuf_release(&final);
	return ret;
}

/* The fragments of the job, in merge order (frag NULL: none); -1 if one is missing. */
static int job_fragments(const struct kbuild_job *job, char **base, char **frag)
{
	if (!job->start_target && !job->start_file)
		return kbuild_fragments(job->configs_dir, job->config, base, frag);
	*base = xasprintf("%s/base.config", job->configs_dir);
	*frag = job->fragment ? xstrdup(job->fragment) : NULL;
	if (!file_exists(*base))
		return error("no base configuration %s", *base);
	if (*frag && !file_exists(*frag))
		return error("configuration '%s': no fragment %s", job->config, *frag);
	return 0;
}

/* Every option base.config and the fragment set survived olddefconfig. */
static int check_fragments(const char *dotconfig_text, const char *base, const char *frag,
			   struct kbuild_result *res)
{
	const char *files[] = { base, frag };
	struct strbuf text = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < ARRAY_SIZE(files) && !ret; i++) {
		if (!files[i])
			continue;
		strbuf_reset(&text);
		if (strbuf_read_file(&text, files[i]) < 0 ||
		    kbuild_check_config(dotconfig_text, text.buf, files[i], res->evidence,
					sizeof(res->evidence)))
			ret = -1;
	}
	strbuf_release(&text);
	return ret;
}

static int configure(const struct kbuild_job *job, struct kbuild_result *res)
{
	char *base = NULL, *frag = NULL, *dotconfig = xasprintf("%s/.config", job->out);
	char *key = NULL;
	struct strbuf text = STRBUF_INIT, old = STRBUF_INIT;
	struct stat st;
	int ret = -1, had_old, configured = 0;

	if (job_fragments(job, &base, &frag)) {
		snprintf(res->evidence, sizeof(res->evidence), "unknown configuration %s",
			 job->config);
		goto out;
	}
	if (write_arch_fragment(job)) {
		snprintf(res->evidence, sizeof(res->evidence), "cannot write arch.config in %s",
			 job->out);
		goto out;
	}
	had_old = !strbuf_read_file(&old, dotconfig) && !stat(dotconfig, &st);
	key = kbuild_stamp_key(job, base, frag);
	if (had_old && kbuild_stamp_matches(job, key)) {
		log_line(job, "# .config unchanged: made from the same Kconfig files, fragments"
			 " and tools; tinyconfig, merge_config.sh and olddefconfig skipped");
		strbuf_add(&text, old.buf, old.len);
		goto check;
	}
	/* A configure that fails or is killed leaves no stamp to trust. */
	kbuild_stamp_remove(job);
	configured = 1;
	if (job->start_target || job->start_file ?
	    make_from_start(job, res, base, frag, dotconfig) :
	    make_tiny(job, res, base, frag, dotconfig))
		goto out;
	if (strbuf_read_file(&text, dotconfig) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "no .config after olddefconfig");
		goto out;
	}
check:
	/*
	 * base.config is written for x86 (CONFIG_X86_MPPARSE, 64BIT): on
	 * another architecture the fragment alone is held to its word.
	 */
	if (check_fragments(text.buf, job->arch ? NULL : base, frag, res))
		goto out;
	/* An unchanged .config keeps its mtime: make has nothing to redo for it. */
	if (configured && had_old && old.len == text.len && !memcmp(old.buf, text.buf, old.len)) {
		struct timespec times[2] = { st.st_atim, st.st_mtim };

		utimensat(AT_FDCWD, dotconfig, times, AT_SYMLINK_NOFOLLOW);
	}
	if (configured)
		kbuild_stamp_write(job, key);
	ret = 0;
out:
	free(key);
	strbuf_release(&text);
	strbuf_release(&old);
	free(base);
	free(frag);
	free(dotconfig);
	return ret;
}

/*
 * Strip the source-tree prefix gcc puts in front of paths in O= builds: the
 * absolute tree, or the relative one ccache gives it under CCACHE_BASEDIR.
 */
static const char *strip_prefix(const char *s, const char *const *src_prefixes)
{
	for (; src_prefixes && *src_prefixes; src_prefixes++) {
		size_t len = strlen(*src_prefixes);

		if (len && !strncmp(s, *src_prefixes, len) && (s[len] == '/' || !s[len])) {
			s += len;
			while (*s == '/')
				s++;
			break;
		}
	}
	return s;
}

/* How this build's log names the tree (see kbuild_job.src_rel). */
static void src_prefixes(const struct kbuild_job *job, const char *prefixes[3])
{
	size_t n = 0;

	prefixes[n++] = job->src;
	if (job->src_rel && *job->src_rel)
		prefixes[n++] = job->src_rel;
	prefixes[n] = NULL;
}

/* "  CC      kernel/sched/core.o": kbuild's quiet command line names a target. */
static int target_line(const char *l, size_t n, char *target, size_t tlen)
{
	size_t i = 2, start;

	if (n < 5 || l[0] != ' ' || l[1] != ' ' || !isupper((unsigned char)l[2]))
		return 0;
	while (i < n && (isupper((unsigned char)l[i]) || isdigit((unsigned char)l[i]) ||
			 l[i] == '_' || l[i] == '-'))
		i++;
	if (i >= n || l[i] != ' ')
		return 0;
	while (i < n && l[i] == ' ')
		i++;
	start = i;
	while (i < n && l[i] != ' ')
		i++;
	if (i == start || i - start >= tlen)
		return 0;
	memcpy(target, l + start, i - start);
	target[i - start] = '\0';
	return 1;
}

struct warn_map {
	char **object;
	char **message;
	size_t n;
};

static void map_add(struct warn_map *m, const char *object, const char *message)
{
	m->object = xrealloc(m->object, (m->n + 1) * sizeof(*m->object));
	m->message = xrealloc(m->message, (m->n + 1) * sizeof(*m->message));
	m->object[m->n] = xstrdup(object);
	m->message[m->n] = xstrdup(message);
	m->n++;
}

static void map_free(struct warn_map *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->object[i]);
		free(m->message[i]);
	}
	free(m->object);
	free(m->message);
}

static int in_list(char **list, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], s))
			return 1;
	return 0;
}

size_t kbuild_fold_warnings(const char *map, const char *log, const char *const *src_prefixes,
			    struct strbuf *out)
{
	struct warn_map fresh = { 0 };
	char **rebuilt = NULL;
	size_t nrebuilt = 0, total = 0, i;
	char target[512] = "";
	const char *p;

	/* The warnings of this build, by the target whose output held them. */
	for (p = log; p && *p; ) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		char t[512];

		if (target_line(p, n, t, sizeof(t))) {
			strcpy(target, t);
			if (!in_list(rebuilt, nrebuilt, t)) {
				rebuilt = xrealloc(rebuilt, (nrebuilt + 1) * sizeof(*rebuilt));
				rebuilt[nrebuilt++] = xstrdup(t);
			}
		} else if (memmem(p, n, "warning:", 8)) {
			char *msg = xstrndup(p, n);
			char *c;

			for (c = msg; *c; c++)
				if (*c == '\t' || (unsigned char)*c < 0x20)
					*c = ' ';
			map_add(&fresh, target[0] ? target : "(build)",
				strip_prefix(msg, src_prefixes));
			free(msg);
		}
		p = end ? end + 1 : NULL;
	}

	/* Objects not rebuilt keep the warnings they had. */
	strbuf_reset(out);
	for (p = map; p && *p; ) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		const char *tab = memchr(p, '\t', n);

		/* A line that is not "object<TAB>...warning:..." is not ours: drop it. */
		if (tab && memmem(tab, n - (tab - p), "warning:", 8)) {
			char *object = xstrndup(p, tab - p);

			if (!in_list(rebuilt, nrebuilt, object)) {
				strbuf_add(out, p, n);
				strbuf_addstr(out, "\n");
				total++;
			}
			free(object);
		}
		p = end ? end + 1 : NULL;
	}
	for (i = 0; i < fresh.n; i++) {
		strbuf_addf(out, "%s\t%s\n", fresh.object[i], fresh.message[i]);
		total++;
	}
	for (i = 0; i < nrebuilt; i++)
		free(rebuilt[i]);
	free(rebuilt);
	map_free(&fresh);
	strbuf_grow(out, 0);
	return total;
}

/* The whole line of log around hit, allocated. */
static char *line_at(const char *log, const char *hit)
{
	const char *start = hit, *end = strchr(hit, '\n');

	while (start > log && start[-1] != '\n')
		start--;
	return xstrndup(start, end ? (size_t)(end - start) : strlen(start));
}

int kbuild_infra_error(const char *log, int exit_code, char *evidence, size_t len)
{
	static const struct {
		const char *needle, *cause;
	} signs[] = {
		{ "No space left on device", "no space left on device" },
		{ "Killed signal terminated program", "the compiler was killed" },
		{ "internal compiler error: Killed", "the compiler was killed" },
		{ "Segmentation fault signal terminated program", "the compiler crashed" },
		{ "internal compiler error: Segmentation fault", "the compiler crashed" },
		{ "virtual memory exhausted", "out of memory" },
		{ "out of memory allocating", "out of memory" },
		{ "Cannot allocate memory", "out of memory" },
		{ "fork: Resource temporarily unavailable", "cannot fork" },
		{ "Cannot fork", "cannot fork" },
		{ "] Killed", "a build command was killed" },
		{ "] Error 137", "a build command was killed (exit 137)" },
		{ "bwrap: ", "the sandbox could not be set up" },
	};
	size_t i;

	for (i = 0; log && i < ARRAY_SIZE(signs); i++) {
		const char *hit = strstr(log, signs[i].needle);

		if (hit) {
			char *line = line_at(log, hit);

			snprintf(evidence, len, "%s: %s", signs[i].cause, line);
			free(line);
			return 1;
		}
	}
	if (exit_code < 0 || exit_code == 126 || exit_code == 127) {
		snprintf(evidence, len, "a build command could not be run (exit %d)", exit_code);
		return 1;
	}
	if (exit_code >= 128) {
		snprintf(evidence, len, "make was killed by signal %d", exit_code - 128);
		return 1;
	}
	return 0;
}

void kbuild_error_line(const char *log, const char *const *src_prefixes, char *evidence,
		       size_t len)
{
	static const char *const patterns[] = {
		": error:", ": fatal error:", "undefined reference to",
		/* make's own reason ("FILE:LINE: *** ...  Stop."), not the "Error 2" of each level */
		".  Stop.", "Error ", "*** ",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(patterns); i++) {
		const char *hit = strstr(log, patterns[i]);

		if (hit) {
			const char *start = hit, *end = strchr(hit, '\n');
			size_t n;
			char *line;

			while (start > log && start[-1] != '\n')
				start--;
			n = end ? (size_t)(end - start) : strlen(start);
			line = xstrndup(start, n);
			snprintf(evidence, len, "%s", strip_prefix(line, src_prefixes));
			free(line);
			return;
		}
	}
	snprintf(evidence, len, "build failed (see the log)");
}

static size_t count_rebuilt(const char *log)
{
	const char *p = log;
	size_t n = 0;

	while (p && *p) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len > 8 && (!strncmp(p, "  CC ", 5) || !strncmp(p, "  AS ", 5)))
			n++;
		p = end ? end + 1 : NULL;
	}
	return n;
}

static void load_warnings(const char *map, struct kbuild_result *res)
{
	const char *p = map;

	while (p && *p) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		const char *tab = memchr(p, '\t', n);

		if (tab) {
			res->warnings = xrealloc(res->warnings,
						 (res->nwarnings + 1) * sizeof(*res->warnings));
			res->warnings[res->nwarnings].object = xstrndup(p, tab - p);
			res->warnings[res->nwarnings].message = xstrndup(tab + 1, n - (tab + 1 - p));
			res->nwarnings++;
		}
		p = end ? end + 1 : NULL;
	}
}

/*
 * A failed configure or build, from the log after log_start: the machine's
 * fault (res->error) or the commit's first error line. Where configure
 * already said why (a dropped option), that stays unless the log shows
 * the machine failed.
 */
static void classify_failure(const struct kbuild_job *job, struct kbuild_result *res,
			     const char *log, int configuring)
{
	const char *prefixes[3];

	res->ok = 0;
	src_prefixes(job, prefixes);
	if (kbuild_infra_error(log, res->exit_code, res->evidence, sizeof(res->evidence)) ||
	    kbuild_damaged_cmd(log, job->out, res->evidence, sizeof(res->evidence)))
		res->error = 1;
	else if (!configuring)
		kbuild_error_line(log, prefixes, res->evidence, sizeof(res->evidence));
}

/* Why make may redo more than the commit changed: in the log, not on screen. */
static void log_restored(const struct kbuild_job *job, const struct kbuild_result *res)
{
	FILE *f = fopen(job->log_path, "a");

	if (!f)
		return;
	if (res->restored >= 0)
		fprintf(f, "# %d unchanged sources got their mtime back\n", res->restored);
	else
		fprintf(f, "# mtimes not restored: %s\n", res->restore_note);
	fclose(f);
}

/* distcc's and ccache's logs of the last build only. */
static void remote_logs_reset(const struct kbuild_job *job)
{
	char *d = xasprintf("%s/%s", job->out, BUILD_REMOTE_DISTCC_LOG);
	char *c = xasprintf("%s/%s", job->out, BUILD_REMOTE_CCACHE_LOG);

	unlink(d);
	unlink(c);
	free(d);
	free(c);
}

int kbuild_run(const struct kbuild_job *job, struct kbuild_result *res)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf log = STRBUF_INIT, map = STRBUF_INIT, folded = STRBUF_INIT;
	char *map_path = xasprintf("%s/.bisectable-warnings", job->out);
	const char *prefixes[3];
	double start = now_seconds();
	size_t log_start = 0;
	struct stat st;
	int swept = -1;

	memset(res, 0, sizeof(*res));
	if (mkdir_p(job->out) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "cannot create %s: %s", job->out,
			 strerror(errno));
		res->error = 1;
		goto out;
	}
	unlink(job->log_path);
	swept = kbuild_recover_begin(job->out);
	if (swept > 0) {
		char *note = xasprintf("# the last build in %s was killed: the %d files it had "
				       "written are removed, and configure runs", job->out, swept);

		/* Its .config may be one of them, or cut short. */
		kbuild_stamp_remove(job);
		log_line(job, note);
		free(note);
	}
	res->restored = mtime_prepare(job->src, job->out, res->restore_note,
				      sizeof(res->restore_note));
	log_restored(job, res);
	if (configure(job, res)) {
		strbuf_read_file(&log, job->log_path);
		classify_failure(job, res, log.buf, 1);
		goto out;
	}
	res->configured = 1;
	if (!stat(job->log_path, &st))
		log_start = st.st_size;
	kbuild_make_argv(job, &argv, kbuild_image_target(job));
	remote_logs_reset(job);
	res->ok = !run_logged(job, argv.argv, res);
	build_remote_read(job->out, &res->remote);
	if (strbuf_read_file(&log, job->log_path) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "cannot read %s: %s", job->log_path,
			 strerror(errno));
		res->ok = 0;
		res->error = 1;
		goto out;
	}
	if (log_start > log.len)
		log_start = 0;
	if (!res->ok) {
		classify_failure(job, res, log.buf + log_start, 0);
		goto out;
	}
	res->rebuilt = count_rebuilt(log.buf + log_start);
	strbuf_read_file(&map, map_path);
	src_prefixes(job, prefixes);
	kbuild_fold_warnings(map.buf, log.buf + log_start, prefixes, &folded);
	write_file(map_path, folded.buf, folded.len);
	load_warnings(folded.buf, res);
	mtime_snapshot(job->src, job->out);
out:
	if (swept >= 0)
		kbuild_recover_end(job->out);
	res->duration = now_seconds() - start;
	argv_clear(&argv);
	strbuf_release(&log);
	strbuf_release(&map);
	strbuf_release(&folded);
	free(map_path);
	return res->ok ? 0 : -1;
}

void kbuild_result_free(struct kbuild_result *res)
{
	size_t i;

	for (i = 0; i < res->nwarnings; i++) {
		free(res->warnings[i].object);
		free(res->warnings[i].message);
	}
	free(res->warnings);
	res->warnings = NULL;
	res->nwarnings = 0;
	free(res->changes);
	res->changes = NULL;
	build_remote_stats_free(&res->remote);
}

/* Reading a build log for the report (see kbuild.h) */

int kbuild_line_contains(const struct kbuild_line *l, const char *needle, int fold)
{
	size_t n = strlen(needle), i, j;

	if (!n || n > l->len)
		return !n;
	for (i = 0; i + n <= l->len; i++) {
		for (j = 0; j < n; j++) {
			char a = l->s[i + j], b = needle[j];

			if (fold && a >= 'A' && a <= 'Z')
				a += 'a' - 'A';
			if (a != b)
				break;
		}
		if (j == n)
			return 1;
	}
	return 0;
}

/* "  CC      kernel/error-injection.o": a kbuild progress line, never an error. */
int kbuild_progress(const struct kbuild_line *l)
{
	size_t i = 2;

	if (l->len < 4 || l->s[0] != ' ' || l->s[1] != ' ')
		return 0;
	while (i < l->len && ((l->s[i] >= 'A' && l->s[i] <= 'Z') || l->s[i] == '_' ||
			      (l->s[i] >= '0' && l->s[i] <= '9')))
		i++;
	return i > 3 && i < l->len && l->s[i] == ' ';
}

int kbuild_problem(const struct kbuild_line *l)
{
	if (kbuild_progress(l))
		return 0;
	return kbuild_line_contains(l, "error", 1) || kbuild_line_contains(l, "warning:", 0) ||
	       kbuild_line_contains(l, "undefined reference", 0);
}

/* " 4242 |   rq_pin_lock(rq);" or "      |   ^~~": gcc's quote of the source. */
int kbuild_gcc_snippet(const struct kbuild_line *l)
{
	size_t i = 0;

	while (i < l->len && l->s[i] == ' ')
		i++;
	if (!i)
		return 0;
	while (i < l->len && l->s[i] >= '0' && l->s[i] <= '9')
		i++;
	while (i < l->len && l->s[i] == ' ')
		i++;
	return i < l->len && l->s[i] == '|';
}

/* A problem line, or the source gcc quotes right under one. */
int kbuild_line_wanted(const struct kbuild_line *lines, size_t i)
{
	if (kbuild_problem(&lines[i]))
		return 1;
	if (!kbuild_gcc_snippet(&lines[i]) || !i)
		return 0;
	if (kbuild_problem(&lines[i - 1]))
		return 1;
	return i >= 2 && kbuild_gcc_snippet(&lines[i - 1]) && kbuild_problem(&lines[i - 2]);
}
