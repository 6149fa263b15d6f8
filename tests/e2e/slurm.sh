# A private single-node Slurm for end-to-end tests: slurmctld and slurmd of
# Debian's slurm-wlm on this host (127.0.0.1), ports of their own, every file
# under DIR, authentication 'none' (no munge: nothing leaves the host);
# stopped by the test's trap. Clients find it through SLURM_CONF.
start_slurm() {	# start_slurm DIR: sets SLURM_CONF, slurm_pids; returns 1 if it does not come up
	local dir=$1 node port end
	node=$(hostname -s)
	port=$((40000 + RANDOM % 10000))
	mkdir -p "$dir/state" "$dir/spool"
	cat > "$dir/slurm.conf" <<CONF
ClusterName=bisectable-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/none
CredType=cred/none
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
	export SLURM_CONF="$dir/slurm.conf"
	slurmctld -D -i -f "$SLURM_CONF" > "$dir/slurmctld.out" 2>&1 &
	slurm_pids=$!
	slurmd -D -N "$node" -f "$SLURM_CONF" > "$dir/slurmd.out" 2>&1 &
	slurm_pids="$slurm_pids $!"
	end=$((SECONDS + 30))
	until sinfo -h -N -o '%T' 2> /dev/null | grep -Eq '^(idle|mixed|allocated)'; do
		[ "$SECONDS" -ge "$end" ] && return 1
		sleep 0.5
	done
}

stop_slurm() {
	local pid
	for pid in ${slurm_pids:-}; do
		kill "$pid" 2> /dev/null
	done
	for pid in ${slurm_pids:-}; do
		timeout 10 tail --pid="$pid" -f /dev/null 2> /dev/null || kill -9 "$pid" 2> /dev/null
		wait "$pid" 2> /dev/null
	done
	slurm_pids=
}
