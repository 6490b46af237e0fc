#!/usr/bin/env python3
"""Time from starting `dashboard` to its first answered request, median of RUNS.

Each run starts BINARY with --port 0 and DATA_DIR (fresh when FRESH is "fresh", so the embedded
market seeds itself; reused otherwise), waits for the "Listening on" line, then asks GET PATH
until it answers. Prints the median and all runs, in ms.
Usage: startup_time.py BINARY WORKDIR RUNS fresh|warm [PATH]
"""
import os, shutil, signal, statistics, subprocess, sys, time, urllib.request

binary, workdir, runs, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
path = sys.argv[5] if len(sys.argv) > 5 else "/products"
listening, answered = [], []
for run in range(runs):
    data = os.path.join(workdir, f"startup-{mode}-{run if mode == 'fresh' else 0}")
    if mode == "fresh":
        shutil.rmtree(data, ignore_errors=True)
    start = time.monotonic()
    process = subprocess.Popen([binary, "--port", "0", "--log-level", "warning", "--data-dir", data + "/data",
                                "--cache-dir", data + "/cache"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = process.stdout.readline()
        listening.append((time.monotonic() - start) * 1000)
        url = line.strip().removeprefix("Listening on ")
        deadline = start + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url + path, timeout=5) as response:
                    response.read()
                    break
            except OSError:
                time.sleep(0.002)
        answered.append((time.monotonic() - start) * 1000)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)

print(f"start-up ({mode} data dir): 'Listening' after {statistics.median(listening):.0f} ms, "
      f"first answer to GET {path} after {statistics.median(answered):.0f} ms (median of {runs}; "
      f"runs {', '.join(f'{t:.0f}' for t in answered)} ms)")
