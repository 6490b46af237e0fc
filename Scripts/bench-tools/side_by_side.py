#!/usr/bin/env python3
"""Servers side by side: alternating rounds of `wrk` against each, CPU per request from /proc.

Starts every server named on the command line, on loopback, each on a free port, and measures
the same paths on each in alternating rounds (`wrk -t2 -c32 --latency -d SECONDS`; round r
starts with the r-th server, so a machine getting busier or quieter favours none). Around each
round it reads the user + system time of the measured server (the process, all its threads, and
every process it started: nginx's master and workers) from /proc/PID/stat. For each path and
server it prints the median requests/s, the CPU time per request (all rounds' ticks over all
rounds' requests), the median p99, the rounds with errors, and each figure's ratio to the first
server's. Loopback only, bounded in time (about paths x servers x rounds x SECONDS), and it
stops what it started and removes its temp folder, also on Ctrl-C.

Usage:
  side_by_side.py [--rounds N] [--seconds S] [--path LABEL=PATH ...] NAME=COMMAND ...

  NAME=COMMAND  a server started with COMMAND (split like a shell line; `{port}` is its port,
                `{dir}` a fresh folder of its own), answering on http://127.0.0.1:{port}.
  NAME=nginx    nginx with the benchmarks' configuration, Scripts/bench-tools/nginx.conf
                (worker_processes auto, sendfile, tcp_nopush, keepalive_requests 1000000), its
                access log off, serving
                what the first server answers on each path, saved as files.
  NAME=nginx-logged  the same with its access log on (`combined`, to a file).
  --path LABEL=PATH  a path to measure (repeatable; by default the list of 100, the picture
                and the list). PATH `@image` is a ~50 KB picture found among the first grid
                pages' `/images/{key}` links (each dashboard has its own keys).

Example (an old and a new build against nginx, the dashboard as `swift run` starts it, its
access log to a file):
  side_by_side.py --rounds 6 --seconds 3 \\
    'old=sh -c "exec /tmp/old/dashboard --port {port} --data-dir {dir}/d --cache-dir {dir}/c 2>{dir}/log"' \\
    'new=sh -c "exec .build/release/dashboard --port {port} --data-dir {dir}/d --cache-dir {dir}/c 2>{dir}/log"' \\
    nginx=nginx
Needs wrk, nginx (for an nginx side) and Python 3.
"""

import os
import re
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

DEFAULT_PATHS = [("list100", "/products?per_page=100"), ("image", "@image"), ("list", "/products")]
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

NGINX_CONF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nginx.conf")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url, timeout=10):
    with urllib.request.urlopen(url, timeout=timeout) as answer:
        return answer.read()


class Server:
    def __init__(self, name, spec, work):
        self.name = name
        self.spec = spec
        self.dir = os.path.join(work, name)
        os.makedirs(self.dir)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.paths = {}

    @property
    def is_nginx(self):
        return self.spec in ("nginx", "nginx-logged")

    def start(self):
        if self.is_nginx:
            os.makedirs(os.path.join(self.dir, "tmp"))
            access = f"access_log {self.dir}/access.log;" if self.spec == "nginx-logged" else "access_log off;"
            with open(NGINX_CONF) as template:
                text = template.read()
            for name, value in [("@PID@", f"{self.dir}/nginx.pid"), ("@ERROR_LOG@", f"{self.dir}/error.log"),
                                ("@ACCESS_LOG@", access), ("@TEMP@", f"{self.dir}/tmp"), ("@PORT@", str(self.port)),
                                ("@ROOT@", f"{self.dir}/root")]:
                text = text.replace(name, value)
            with open(os.path.join(self.dir, "nginx.conf"), "w") as conf:
                conf.write(text)
            os.chmod(self.dir, 0o755)
            command = ["nginx", "-c", os.path.join(self.dir, "nginx.conf"), "-g", "daemon off;"]
        else:
            command = [part.replace("{port}", str(self.port)).replace("{dir}", self.dir) for part in shlex.split(self.spec)]
        out = open(os.path.join(self.dir, "out"), "w")
        # Its own session: stopping it reaches whatever it started (a shell's child, nginx's workers).
        self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)

    def wait_until_up(self):
        for _ in range(400):
            if self.process.poll() is not None:
                sys.exit(f"side_by_side: {self.name} ended at start-up; its output is in {self.dir}/out")
            try:
                fetch(self.base + "/", timeout=2)
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                time.sleep(0.05)
        sys.exit(f"side_by_side: {self.name} did not answer on {self.base}")

    def pids(self):
        """The started process and its descendants."""
        children = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        fields = f.read().rsplit(")", 1)[1].split()
                    children.setdefault(int(fields[1]), []).append(int(entry))
                except OSError:
                    pass
        found, queue = [], [self.process.pid]
        while queue:
            pid = queue.pop()
            found.append(pid)
            queue.extend(children.get(pid, []))
        return found

    def cpu_ticks(self):
        total = 0
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
            except OSError:
                pass
        return total

    def stop(self):
        stop_session(self.process)


def stop_session(process, timeout=20):
    """Stops a process started in a session of its own, and whatever it started: SIGTERM, then
    SIGKILL after `timeout` seconds."""
    if process and process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=timeout)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()


def find_image(base):
    for page in range(1, 5):
        html = fetch(f"{base}/products?view=grid&page={page}").decode("utf-8", "replace")
        for key in sorted(set(re.findall(r"/images/[0-9a-f]+", html))):
            body = fetch(base + key)
            if 40000 < len(body) < 60000:
                return key
    sys.exit(f"side_by_side: no ~50 KB picture on {base}'s grid pages")


def run_wrk(url, seconds):
    out = subprocess.run(["wrk", "-t2", "-c32", "--latency", f"-d{seconds}s", url],
                         capture_output=True, text=True, timeout=seconds + 60).stdout
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    rps = float(re.search(r"Requests/sec:\s*([\d.]+)", out).group(1))
    p99 = re.search(r"^\s*99%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    errors = bool(re.search(r"Non-2xx|Socket errors", out))
    return requests, rps, float(p99.group(1)) * scale[p99.group(2)], errors


def main(argv):
    rounds, seconds, paths, specs = 6, 3, [], []
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--rounds":
            rounds = int(args.pop(0))
        elif arg == "--seconds":
            seconds = int(args.pop(0))
        elif arg == "--path":
            label, _, path = args.pop(0).partition("=")
            paths.append((label, path))
        elif arg in ("-h", "--help"):
            print(__doc__)
            return 0
        elif "=" in arg and not arg.startswith("-"):
            name, _, spec = arg.partition("=")
            specs.append((name, spec))
        else:
            sys.exit(f"side_by_side: unknown argument {arg!r} (see --help)")
    if not specs or specs[0][1] in ("nginx", "nginx-logged") and len(specs) == 1:
        sys.exit("side_by_side: name at least one server to measure (see --help)")
    for tool in ("wrk",) + (("nginx",) if any(s in ("nginx", "nginx-logged") for _, s in specs) else ()):
        if not shutil.which(tool):
            sys.exit(f"side_by_side: {tool} is not installed (apt-get install -y wrk nginx-light)")
    paths = paths or DEFAULT_PATHS

    work = tempfile.mkdtemp(prefix="om-side-by-side.")
    os.chmod(work, 0o755)
    servers = [Server(name, spec, work) for name, spec in specs]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        for server in servers:
            server.start()
        for server in servers:
            server.wait_until_up()
        # Each dashboard's own paths, then nginx's files with the first dashboard's bytes.
        first = next((s for s in servers if not s.is_nginx), None)
        if first is None:
            sys.exit("side_by_side: nginx serves what a dashboard answers: name a dashboard first")
        for server in servers:
            if server.is_nginx:
                continue
            for label, path in paths:
                server.paths[label] = find_image(server.base) if path == "@image" else path
                fetch(server.base + server.paths[label])
        for server in servers:
            if not server.is_nginx:
                continue
            root = os.path.join(server.dir, "root")
            os.makedirs(root, exist_ok=True)
            for label, _ in paths:
                name = f"{label}.jpg" if first.paths[label].startswith("/images/") else f"{label}.html"
                with open(os.path.join(root, name), "wb") as f:
                    f.write(fetch(first.base + first.paths[label]))
                server.paths[label] = "/" + name
            subprocess.run(["chmod", "-R", "a+rX", server.dir], check=True)
        for label, _ in paths:
            sizes = {s.name: len(fetch(s.base + s.paths[label])) for s in servers}
            print(f"{label}: " + ", ".join(f"{n} {s.paths[label]} {sizes[n]} bytes" for n, s in zip(sizes, servers)))

        load_before = open("/proc/loadavg").read().split()[:3]
        print(f"{rounds} rounds of {seconds} s a server and path, wrk -t2 -c32, turns rotating; load {' '.join(load_before)}")
        for label, _ in paths:
            for server in servers:
                run_wrk(server.base + server.paths[label], 1)
        results = {}
        for label, _ in paths:
            runs = {s.name: [] for s in servers}
            ticks = {s.name: 0 for s in servers}
            for r in range(rounds):
                order = servers[r % len(servers):] + servers[:r % len(servers)]
                for server in order:
                    before = server.cpu_ticks()
                    run = run_wrk(server.base + server.paths[label], seconds)
                    ticks[server.name] += server.cpu_ticks() - before
                    runs[server.name].append(run)
            results[label] = (runs, ticks)
        load_after = open("/proc/loadavg").read().split()[:3]

        print(f"load after {' '.join(load_after)}")
        print(f"{'path':<9} {'server':<14} {'req/s':>9} {'CPU us/req':>10} {'p99 ms':>7} {'err':>4}  "
              f"{'req/s ratio':>11} {'CPU ratio':>9}  per-round req/s")
        for label, _ in paths:
            runs, ticks = results[label]
            base = None
            for server in servers:
                rs = runs[server.name]
                rps = statistics.median(r[1] for r in rs)
                cpu = ticks[server.name] * 1e6 / CLOCK_TICKS / max(1, sum(r[0] for r in rs))
                p99 = statistics.median(r[2] for r in rs)
                bad = sum(1 for r in rs if r[3])
                if base is None:
                    base = (rps, cpu)
                print(f"{label:<9} {server.name:<14} {rps:>9.0f} {cpu:>10.2f} {p99:>7.2f} {bad:>4}  "
                      f"{rps / base[0]:>10.2f}x {cpu / base[1]:>8.2f}x  " + " ".join(f"{r[1]:.0f}" for r in rs))
        return 0
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
