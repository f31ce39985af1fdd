"""Timing one command several times: wall time, CPU time and peak memory.

Each run is a child process reaped with os.wait4, whose resource usage covers the
child and every descendant it waited for (a shell script's `go` tools included):
CPU time is user + system, peak memory is the largest resident set of any process
in the tree, the same figure `/usr/bin/time -v` prints as "Maximum resident set
size". CPU time is reported next to wall time because the machine may be shared:
contention stretches wall time but hardly changes CPU time.
"""

import os
import statistics
import subprocess
import sys
import time


class CommandFailed(RuntimeError):
    pass


def run_once(cmd, cwd=None, env=None, ok_codes=(0,)):
    """Runs `cmd` (a list, or a string for bash) once; returns (wall s, cpu s, maxrss KiB)."""
    argv = ["bash", "-c", cmd] if isinstance(cmd, str) else list(cmd)
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    # Read stderr while the child runs so a chatty tool cannot block on a full pipe.
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in ok_codes:
        tail = err.decode(errors="replace")[-3000:]
        raise CommandFailed(f"`{cmd}` exited with {proc.returncode}:\n{tail}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def summary(values):
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
    }


def measure(cmd, runs, prepare=None, cwd=None, env=None, ok_codes=(0,), label=None):
    """Runs `prepare` (untimed) then `cmd`, `runs` times.

    Returns {"runs", "wall": {median,min,max}, "cpu": {...}, "maxrss_kib"}.
    """
    walls, cpus, rss = [], [], []
    for i in range(runs):
        if prepare is not None:
            if callable(prepare):
                prepare()
            else:
                run_once(prepare, cwd=cwd, env=env)
        wall, cpu, maxrss = run_once(cmd, cwd=cwd, env=env, ok_codes=ok_codes)
        walls.append(wall)
        cpus.append(cpu)
        rss.append(maxrss)
        if label:
            print(
                f"    {label} run {i + 1}/{runs}: {wall:.3f} s wall, {cpu:.3f} s cpu, "
                f"{maxrss / 1024:.0f} MiB",
                file=sys.stderr,
                flush=True,
            )
    return {
        "runs": runs,
        "wall": summary(walls),
        "cpu": summary(cpus),
        "maxrss_kib": max(rss),
    }
