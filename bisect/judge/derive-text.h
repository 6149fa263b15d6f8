/* SPDX-License-Identifier: GPL-2.0 */
/*
 * derive-text.h - a derivation of configurations in words, as 'bisectable
 * configs' prints it, for the caller to print: the arms with the
 * configurations that have each, and the derived fragments; then, for each
 * other architecture whose lines the series changes, its own derivation
 * and the configurations 'run --configs auto' adds for it.
 */
#ifndef BISECT_DERIVE_TEXT_H
#define BISECT_DERIVE_TEXT_H

#include "kconfig/config-derive-series.h"
#include "lib/util.h"

/* x86_64's derivation: "arms (...):", the arms, the fragments, the counts. */
void derive_text(const struct derive_result *r, const char *origin, struct strbuf *out);
/*
 *   riscv64: 2 changed lines of its own, at its Kconfig (ARCH=riscv)
 *     SMP                              n  up,auto-1
 *   run --configs auto adds for riscv64: riscv64+up
 * (or why it was not derived), with its derived fragments.
 */
void derive_arch_text(const struct derive_arch *da, const char *origin, struct strbuf *out);

#endif
