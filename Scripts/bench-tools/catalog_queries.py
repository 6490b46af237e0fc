#!/usr/bin/env python3
"""Times sorted and filtered list pages of a running dashboard over HTTP (one keep-alive
connection, one request at a time), for Scripts/bench-catalog.

Two ways per page:
- cold: the pages are asked in turns, every query's page 1, then every query's page 400, for
  ROUNDS turns; with more queries than the list's query memo keeps (16), each request walks the
  catalog again, as the first view of a new question does;
- warm: the same page ROUNDS times in a row, answered from the memo after the first, as paging
  through one question is.
Prints p50 and p99 in ms per page and way, and the worst of each. A page past the last answers
302 (to the last page, after the same walk); it is timed like the others and marked.
Usage: catalog_queries.py BASE_URL ROUNDS QUERY...   (a QUERY is `sort=price&stock=in`)
"""
import http.client
import sys
import time
from urllib.parse import urlparse

base = urlparse(sys.argv[1])
rounds = int(sys.argv[2])
queries = sys.argv[3:]
connection = http.client.HTTPConnection(base.hostname, base.port, timeout=600)


redirected = set()


def fetch(path):
    start = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    # A page past the last answers 302 to the last page (after the same walk): kept, and marked.
    if response.status == 302:
        redirected.add(path)
    elif response.status != 200 or b"<progress" in body:
        sys.exit(f"catalog_queries: {path} answered {response.status}{' (still counting)' if b'<progress' in body else ''}")
    return elapsed


def percentile(samples, p):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, -(-len(ordered) * p // 100) - 1))]


paths = [(query, page, f"/products?{query}&page={page}") for page in (1, 400) for query in queries]
cold = {path: [] for _, _, path in paths}
for _ in range(rounds):
    for _, _, path in paths:
        cold[path].append(fetch(path))
warm = {}
for _, _, path in paths:
    fetch(path)
    warm[path] = [fetch(path) for _ in range(rounds)]

print(f"  {'query (20 a page)':<52} page   cold p50   p99   warm p50   p99")
worst = [0.0, 0.0, 0.0, 0.0]
for query, page, path in sorted(paths, key=lambda item: (queries.index(item[0]), item[1])):
    figures = [percentile(cold[path], 50), percentile(cold[path], 99), percentile(warm[path], 50), percentile(warm[path], 99)]
    worst = [max(a, b) for a, b in zip(worst, figures)]
    note = "  (past the last page: 302)" if path in redirected else ""
    print(f"  {query:<52} {page:<4} {figures[0]:>9.2f} {figures[1]:>5.1f} {figures[2]:>10.2f} {figures[3]:>5.1f}{note}")
print(f"  worst: cold p50 {worst[0]:.2f} ms, p99 {worst[1]:.1f} ms; warm p50 {worst[2]:.2f} ms, p99 {worst[3]:.1f} ms")
