/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch.h - an architecture bisectable builds for and boots, read from
 * configs/arch/NAME.arch: "key value" lines, '#' comments. The file is
 * data from outside the program: every value is checked against what its
 * key may hold before it reaches an argv, unknown and repeated keys are
 * refused, and so are control characters and overlong lines.
 *
 * Results of an architecture other than x86_64 are keyed "ARCH+KEY"
 * ("riscv64+up", "arm64+defconfig+up"): the '+' of a derived key
 * (config-spec.h), since ':' is the TARGET:FRAGMENT of the input and
 * kbuild refuses it in O=. An architecture is never named like a kbuild
 * target nor "file", so the prefix says which one it is. x86_64 keys have
 * no prefix: results of before keep theirs.
 */
#ifndef BISECT_ARCH_H
#define BISECT_ARCH_H

#include <stddef.h>

#define ARCH_DEFAULT	"x86_64"

struct arch_desc {
	char *name;		/* "riscv64": the file's name, the key's prefix */
	char *kbuild_arch;	/* ARCH= ("riscv") */
	char *cross_compile;	/* CROSS_COMPILE= ("riscv64-linux-gnu-"), "" for none */
	char *compiler_package;	/* the Debian package of the cross compiler */
	char *image_target;	/* make target of the image ("Image") */
	char *image_path;	/* the image under O= ("arch/riscv/boot/Image") */
	char *qemu;		/* QEMU's binary ("qemu-system-riscv64") */
	char *qemu_package;	/* its Debian package */
	char *machine;		/* -M */
	char *cpu;		/* -cpu, or NULL */
	char *console;		/* console= of the kernel command line */
	char *cmdline;		/* more kernel parameters, or NULL */
	char *bios;		/* -bios, or NULL */
	int icount;		/* whether -icount works on it */
	int icount_smp;		/* and with more than one CPU (default 1) */
	int forces_smp;		/* the arch's Kconfig gives SMP no choice */
	char *source_dir;	/* its own tree ("arch/riscv"), or NULL */
	char *symbol;		/* its own Kconfig symbol ("RISCV"), or NULL */
	char **fragment;	/* .config lines it needs for a serial-console boot */
	size_t nfragment;
};

/* Whether name may name an architecture (letters, digits, '_'; no target, not "file"). */
int arch_name_ok(const char *name);
/* Whether name is an architecture of configs/arch/ (its file is there). */
int arch_known(const char *name);
/* Parse text, the file of architecture name, into a (released either way). 0 or -1 + why. */
int arch_parse(const char *name, const char *text, struct arch_desc *a, char *why, size_t len);
/* Read configs/arch/NAME.arch of the project. 0 or -1 + why. */
int arch_load(const char *name, struct arch_desc *a, char *why, size_t len);
void arch_release(struct arch_desc *a);

/* The result key of configuration key on arch (allocated): key itself for x86_64. */
char *arch_config_key(const char *arch, const char *key);
/*
 * The architecture of a result key into arch (ARCH_DEFAULT when it has no
 * prefix); returns the configuration's own key, a pointer into key.
 */
const char *arch_key_split(const char *key, char *arch, size_t len);
/*
 * Why configuration config, with SMP on (smp) or off, cannot be built on a
 * (SMP=n where the architecture forces SMP): 1 with why, else 0.
 */
int arch_refuses(const struct arch_desc *a, const char *config, int smp, char *why,
		 size_t len);

/*
 * config_spec_keys (config-spec.h) that also reads a configuration of
 * another architecture as a reader may spell it: "riscv64:up" and
 * "arm64:defconfig:smp" to "riscv64+up" and "arm64+defconfig+smp".
 * Allocated, NULL for NULL.
 */
char *arch_spec_keys(const char *list);
/* The architectures of configs/arch/, sorted, into names (argv-style). 0 or -1. */
int arch_names(char ***names, size_t *n);
/*
 * Whether a series touches a: a changed path under its source_dir, or a
 * changed line guarded by its symbol (names without CONFIG_).
 */
int arch_covers(const struct arch_desc *a, const char *const *paths, size_t npaths,
		const char *const *symbols, size_t nsymbols);

#endif
