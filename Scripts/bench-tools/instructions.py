#!/usr/bin/env python3
"""User-space instructions per request on the cached paths, counted with callgrind.

Starts each named build of the dashboard under `valgrind --tool=callgrind` (all its threads:
the event loops and the access log's writer), as `swift run dashboard` starts it: the embedded
market, fresh data and cache folders, the access log on, to a file. On one keep-alive
connection per path it sends 200 requests of warm-up, then ROUNDS rounds of N requests
(`GET PATH HTTP/1.1` with a Host, a User-Agent and an Accept header, as curl sends), each
between `callgrind_control -z` and `-d`, and prints the smallest round's instructions per
request. The smallest leaves out the round a JSON refresh falls into (every 10 s). Builds are
measured one after the other, so the table compares them only on a machine whose neighbours
do not change the program's path (instructions do not depend on the load).

Loopback only; it stops what it started and removes its temp folder, also on Ctrl-C. Takes
about a minute per build and path under valgrind at the defaults.

Usage:
  instructions.py [--rounds R] [--requests N] [--path LABEL=PATH ...] [--save DIR] NAME=DIR ...

  NAME=DIR  a build: DIR holds `dashboard`, its `*.resources` bundles, `Public/` and
            `Templates/` (a copy made for a baseline), or is a checkout whose
            `.build/release/dashboard` is measured with the checkout's `Public/` and
            `Templates/`.
  --path    a path to measure (repeatable); by default the six cached paths: the 10 KB static
            file, the ~50 KB picture (`@image`: the first found among the list pages'
            `/images/{key}` links), the grid, the list, the list of 100 and the table of 100.
  --save    keep each build's and path's smallest round as DIR/NAME-LABEL.callgrind, for
            `callgrind_annotate --inclusive=yes`.

Example (main's build copied to /tmp/base before a change, against the checkout):
  instructions.py base=/tmp/base new=.
Needs valgrind and Python 3.
"""

import argparse
import glob
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from side_by_side import free_port, stop_session

DEFAULT_PATHS = [
    ("static", "/static/file.txt"),
    ("image", "@image"),
    ("grid", "/products?view=grid"),
    ("list", "/products"),
    ("list100", "/products?per_page=100"),
    ("table100", "/products?view=table&per_page=100"),
]
WARM_UP = 200


class Client:
    """One keep-alive connection sending a request and reading its whole answer at a time."""

    def __init__(self, port):
        self.port = port
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.pending = b""

    def get(self, path):
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nUser-Agent: curl/8.5.0\r\n"
            "Accept: */*\r\n\r\n".encode())
        data = self.pending
        while b"\r\n\r\n" not in data:
            data += self.read()
        head, _, rest = data.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        match = re.search(rb"\r\ncontent-length:\s*(\d+)", head, re.I)
        if not match:
            raise SystemExit(f"instructions: {path} answered without Content-Length")
        length = int(match.group(1))
        while len(rest) < length:
            rest += self.read()
        self.pending = rest[length:]
        return status, rest[:length]

    def read(self):
        chunk = self.sock.recv(262144)
        if not chunk:
            raise SystemExit("instructions: the server closed the connection")
        return chunk

    def close(self):
        self.sock.close()


class Build:
    def __init__(self, name, folder, work):
        self.name = name
        self.dir = os.path.join(work, name)
        os.makedirs(self.dir)
        folder = os.path.abspath(folder)
        binary = os.path.join(folder, "dashboard")
        if not os.path.isfile(binary):
            binary = os.path.join(folder, ".build", "release", "dashboard")
        if not os.path.isfile(binary):
            sys.exit(f"instructions: no dashboard in {folder} or its .build/release")
        self.binary = binary
        self.templates = os.path.join(folder, "Templates")
        # The build's own static files and a 10 KB file for the static path.
        self.public = os.path.join(self.dir, "public")
        shutil.copytree(os.path.join(folder, "Public"), self.public)
        with open(os.path.join(self.public, "file.txt"), "wb") as f:
            f.write(bytes(ord("a") + i % 26 for i in range(10240)))
        self.port = free_port()
        self.process = None

    def start(self):
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={self.dir}/callgrind.out",
                   self.binary, "--port", str(self.port), "--data-dir", f"{self.dir}/data",
                   "--cache-dir", f"{self.dir}/cache", "--public-dir", self.public,
                   "--templates-dir", self.templates]
        self.out = open(os.path.join(self.dir, "out"), "w")
        self.log = open(os.path.join(self.dir, "log"), "w")
        # One hash seed for every run, so that runs of one build agree (a dictionary probes
        # differently with each seed: 1-2 % between processes on some paths).
        environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
        self.process = subprocess.Popen(command, stdout=self.out, stderr=self.log, env=environment,
                                        start_new_session=True)
        for _ in range(1200):
            if self.process.poll() is not None:
                sys.exit(f"instructions: {self.name} ended at start-up; see {self.dir}/out and log")
            try:
                Client(self.port).close()
                return
            except OSError:
                time.sleep(0.1)
        sys.exit(f"instructions: {self.name} did not answer on port {self.port}")

    def control(self, flag):
        """callgrind_control FLAG, which the tool answers when one of the program's threads runs."""
        subprocess.run(["callgrind_control", flag, str(self.process.pid)], check=True,
                       capture_output=True, timeout=120)

    def dumps(self):
        return set(glob.glob(f"{self.dir}/callgrind.out.*"))

    def measure(self, path, rounds, requests, save=None):
        client = Client(self.port)
        for _ in range(WARM_UP):
            status, _ = client.get(path)
            if status != 200:
                sys.exit(f"instructions: {self.name} answered {path} with {status}")
        figures = []
        for _ in range(rounds):
            self.control("-z")
            before = self.dumps()
            for _ in range(requests):
                client.get(path)
            self.control("-d")
            new = sorted(self.dumps() - before)
            if len(new) != 1:
                sys.exit(f"instructions: expected one new dump, found {new}")
            with open(new[0]) as dump:
                text = dump.read()
            os.remove(new[0])
            total = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.M)
            figures.append(int(total.group(1)) / requests)
            if save and figures[-1] == min(figures):
                with open(save, "w") as kept:
                    kept.write(text)
        client.close()
        return figures

    def find_image(self):
        client = Client(self.port)
        for page in ["/products", "/products?per_page=100"] + [f"/products?page={n}" for n in range(2, 6)]:
            _, html = client.get(page)
            for key in sorted(set(re.findall(rb"/images/[0-9a-f]+", html))):
                status, body = client.get(key.decode())
                if status == 200 and 40000 < len(body) < 60000:
                    client.close()
                    return key.decode()
        client.close()
        sys.exit(f"instructions: no ~50 KB picture on {self.name}'s list pages")

    def stop(self):
        # Under valgrind the access log's last lines take a moment longer to be written.
        stop_session(self.process, timeout=60)


def main(argv):
    parser = argparse.ArgumentParser(
        prog="instructions.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--path", action="append", default=[], metavar="LABEL=PATH")
    parser.add_argument("--save", metavar="DIR")
    parser.add_argument("builds", nargs="+", metavar="NAME=DIR")
    options = parser.parse_args(argv)
    rounds, requests = options.rounds, options.requests
    paths = [tuple(p.partition("=")[::2]) for p in options.path]
    specs = [tuple(b.partition("=")[::2]) for b in options.builds]
    if any(not name or not folder for name, folder in specs + paths):
        sys.exit("instructions: write builds as NAME=DIR and paths as LABEL=PATH (see --help)")
    save = os.path.abspath(options.save) if options.save else None
    if save:
        os.makedirs(save, exist_ok=True)
    for tool in ("valgrind", "callgrind_control"):
        if not shutil.which(tool):
            sys.exit(f"instructions: {tool} is not installed (apt-get install -y valgrind)")
    paths = paths or DEFAULT_PATHS
    work = tempfile.mkdtemp(prefix="om-instructions.")
    results = {}
    build = None

    def stop_on_signal(number, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop_on_signal)
    try:
        for name, folder in specs:
            build = Build(name, folder, work)
            build.start()
            image = None
            for label, path in paths:
                if path == "@image":
                    image = image or build.find_image()
                    path = image
                kept = os.path.join(save, f"{name}-{label}.callgrind") if save else None
                figures = build.measure(path, rounds, requests, kept)
                results[(label, name)] = min(figures)
                print(f"{name:>10} {label:<10} {path:<40} rounds: "
                      + ", ".join(f"{f:,.0f}" for f in figures), flush=True)
            build.stop()
            build = None
    except KeyboardInterrupt:
        print("instructions: stopped", file=sys.stderr)
        return 130
    finally:
        if build:
            build.stop()
        shutil.rmtree(work, ignore_errors=True)

    names = [name for name, _ in specs]
    print()
    print(f"instructions per request, user space, smallest of {rounds} rounds of {requests:,}")
    print(f"{'path':<10}" + "".join(f"{n:>12}" for n in names) + ("" if len(names) < 2 else f"{'change':>10}"))
    for label, _ in paths:
        row = [results[(label, n)] for n in names]
        line = f"{label:<10}" + "".join(f"{v:>12,.0f}" for v in row)
        if len(row) > 1:
            line += f"{(row[-1] / row[0] - 1) * 100:>+9.1f}%"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
