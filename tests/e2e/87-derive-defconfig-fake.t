#!/bin/bash
# tier: quick (fake kernel and QEMU)
# --configs auto over defconfig, on the fake kernel and the fake QEMU: the
# series changes lines under #ifdef CONFIG_FAKE_DRIVER, which depends on
# FAKE_BUS, a symbol without a prompt that tinyconfig leaves off and only
# defconfig turns on (the Makefile's olddefconfig holds FAKE_BUS to its
# start's value, as Kconfig holds an unselected symbol without a prompt).
#   derive   tinyconfig cannot reach FAKE_DRIVER=y: defconfig+auto-1 can,
#            and the run says why it starts there
#   build    it is built at every commit from 'make defconfig' and its
#            fragment auto-1.config, keyed defconfig+auto-1
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_machine
opts=("${smoke_opts[@]}")

k="$scratch/kernel"
fake_kernel_branch "$k" drv
cat >> "$k/Makefile" <<'MK'
defconfig:
	mkdir -p $(O) && printf 'CONFIG_FAKE_START_DEFCONFIG=y\nCONFIG_FAKE_BUS=y\n' > $(O)/.config
olddefconfig:
	@awk -f $(CURDIR)/scripts/kconfig/olddefconfig.awk $(O)/.config > $(O)/.config.new && mv $(O)/.config.new $(O)/.config
bzImage:
	mkdir -p $(O)/arch/x86/boot && echo fake > $(O)/arch/x86/boot/bzImage
MK
cat > "$k/scripts/kconfig/olddefconfig.awk" <<'AWK'
/^CONFIG_[A-Za-z0-9_]*=/ { split(substr($0, 8), kv, "="); if (!(kv[1] in v)) o[n++] = kv[1]; v[kv[1]] = kv[2]; next }
END {
	if (!("FAKE_BUS" in v)) o[n++] = "FAKE_BUS"
	v["FAKE_BUS"] = v["FAKE_START_DEFCONFIG"] == "y" ? "y" : "n"
	if (v["FAKE_DRIVER"] == "y" && v["FAKE_BUS"] != "y") v["FAKE_DRIVER"] = "n"
	for (i = 0; i < n; i++)
		if (v[o[i]] == "n") print "# CONFIG_" o[i] " is not set"; else print "CONFIG_" o[i] "=" v[o[i]]
}
AWK
fake_kconfig_inputs "$k"
cat > "$k/Kconfig" <<'KC'
config FAKE_DRIVER
	bool "a driver on the fake bus"
	depends on FAKE_BUS

config FAKE_BUS
	bool
KC
fake_merge_later "$k"
fake_commit "$k" "a fake bus and its driver" drv-base
printf 'int probe(void)\n{\n#ifdef CONFIG_FAKE_DRIVER\n\treturn 0;\n#endif\n\treturn 1;\n}\n' > "$k/driver.c"
fake_commit "$k" "driver: probe"
sed -i 's/return 0;/return 2;/' "$k/driver.c"
fake_commit "$k" "driver: probe returns 2" drv-tip

run_is auto 0 "--configs auto runs" --db "$db" "${opts[@]}" --configs auto --repo "$k" \
	drv-base..drv-tip
like "$(cat "$scratch/auto.out")" 'derived configuration: defconfig\+auto-1,' \
	"FAKE_DRIVER=y is derived over defconfig"
like "$(cat "$scratch/auto.out")" \
	'defconfig\+auto-1 starts from defconfig: tinyconfig cannot reach FAKE_DRIVER=y: still n' \
	"and the run says why"
is "$(sql "select group_concat(config) from (select distinct config from results
	where stage = 'build' order by config)")" "defconfig+auto-1,smp,up" \
	"it is built beside up and smp, keyed defconfig+auto-1"
is "$(sql "select count(*) from kconfigs k join results r on r.id = k.result_id
	where r.config = 'defconfig+auto-1' and k.dotconfig like '%CONFIG_FAKE_START_DEFCONFIG=y%'
	and k.dotconfig like '%CONFIG_FAKE_DRIVER=y%'")" 3 \
	"every build of it came from 'make defconfig' with FAKE_DRIVER on"
is "$(sql "select count(*) from results where config = 'defconfig+auto-1' and stage = 'build'
	and status = 'pass'")" 3 "and built at the base and both commits"
dir=$(sql "select json_extract(options, '\$.configs_dir') from runs")
test -f "$dir/auto-1.config"
ok $? "its fragment is auto-1.config"
like "$(cat "$dir/auto-1.config")" '# Over defconfig: tinyconfig cannot reach FAKE_DRIVER=y' \
	"which says why it starts from defconfig"
like "$(sql "select json_extract(options, '\$.config_specs') from runs")" \
	'defconfig\+auto-1=defconfig:auto-1' "its spec is kept with the run"
done_testing
