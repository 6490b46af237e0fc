#!/usr/bin/env python3
"""Measures the embedded market (local-market) through its public API. Used by Scripts/bench-market.

fill PORT THREADS TOTAL BLOCK IMAGE: THREADS keep-alive connections register TOTAL products, each
  with the one image file IMAGE (multipart, as the dashboard sends them). Prints one line per
  BLOCK products: "block N products A-B: R products/s, p50 X ms, p99 Y ms", the medians of the
  first and last ten blocks, then "first R1 last R2 ratio Q total T".
reads PORT COUNT: COUNT requests of each kind on one keep-alive connection, after 20 to warm up:
  searches (words that match a few products, Korean, no match), the first page, page 500 (20 a
  page; the last page when there are fewer), 500 a page. Prints p50/p99 in ms per kind.
startup BINARY DATADIR RUNS: starts BINARY --port 0 --data-dir DATADIR RUNS times and prints the
  median time from the launch to the first answered GET /api/products (ms).
"""
import http.client, json, os, statistics, subprocess, signal, sys, threading, time, urllib.parse

HOST = "127.0.0.1"
# The embedded market's vendor LocalMarketTeam (Sources/LocalMarket/Model/MarketVendor.swift).
IDENTIFIER, SECRET = "7b3e6f4a-2c1d-4e8f-9a05-3d6c8b1e2f47", "lm-Kq7vR2xW9pTz"


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def fill(port, threads, total, block, image_path):
    image = open(image_path, "rb").read()
    kind = "png" if image.startswith(b"\x89PNG") else "jpeg"
    done = []  # (finish time, latency)
    lock = threading.Lock()
    counter = iter(range(total))

    def worker():
        conn = http.client.HTTPConnection(HOST, port, timeout=60)
        while True:
            with lock:
                index = next(counter, None)
            if index is None:
                break
            params = {"name": f"Bench product {index:06d} {['Mug', 'Lamp', '찻잔', 'Chair'][index % 4]}",
                      "description": "A product registered by Scripts/bench-market.",
                      "price": 1000 + index % 500, "currency": "KRW", "stock": index % 50, "secret": SECRET}
            boundary = "bench" + os.urandom(8).hex()
            body = (f'--{boundary}\r\nContent-Disposition: form-data; name="params"\r\n'
                    f"Content-Type: application/json\r\n\r\n{json.dumps(params)}\r\n"
                    f'--{boundary}\r\nContent-Disposition: form-data; name="images"; filename="i.{kind}"\r\n'
                    f"Content-Type: image/{kind}\r\n\r\n").encode() + image + f"\r\n--{boundary}--\r\n".encode()
            start = time.monotonic()
            conn.request("POST", "/api/products", body=body, headers={
                "identifier": IDENTIFIER, "Content-Type": f"multipart/form-data; boundary={boundary}"})
            response = conn.getresponse()
            response.read()
            end = time.monotonic()
            if response.status != 201:
                print(f"write {index}: status {response.status}", file=sys.stderr)
                os._exit(1)
            with lock:
                done.append((end, end - start))

    began = time.monotonic()
    workers = [threading.Thread(target=worker) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    done.sort()
    rates = []
    previous = began
    for number, first in enumerate(range(0, len(done), block), 1):
        chunk = done[first:first + block]
        end = chunk[-1][0]
        rate = len(chunk) / max(end - previous, 1e-9)
        previous = end
        rates.append(rate)
        latencies = [latency * 1000 for _, latency in chunk]
        print(f"  block {number:3d} products {first + 1:6d}-{first + len(chunk):6d}: {rate:7.1f} products/s, "
              f"p50 {percentile(latencies, 0.5):6.1f} ms, p99 {percentile(latencies, 0.99):6.1f} ms", flush=True)
    # On a shared machine one block's rate follows the neighbours' load; the medians of the
    # first and last ten blocks show the trend with size.
    head, tail = statistics.median(rates[:10]), statistics.median(rates[-10:])
    print(f"  median of the first {min(10, len(rates))} blocks {head:.1f}/s, of the last {min(10, len(rates))} "
          f"{tail:.1f}/s: {tail / head:.2f}x")
    print(f"first {rates[0]:.1f} last {rates[-1]:.1f} ratio {rates[-1] / rates[0]:.2f} "
          f"total {len(done) / (done[-1][0] - began):.1f}")


def timed_get(conn, path):
    start = time.monotonic()
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    if response.status != 200:
        raise SystemExit(f"GET {path}: {response.status}")
    return (time.monotonic() - start) * 1000, json.loads(body)


def reads(port, count):
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    _, first = timed_get(conn, "/api/products?items_per_page=1")
    total = first["totalCount"]
    deep = min(500, max(1, (total + 19) // 20))
    kinds = [
        ("search 'Teapot 1' (few)", "/api/products?items_per_page=20&search_value=" + urllib.parse.quote("Teapot 1")),
        ("search 'mug 42'", "/api/products?items_per_page=20&search_value=" + urllib.parse.quote("mug 42")),
        ("search '찻잔' (Korean)", "/api/products?items_per_page=20&search_value=" + urllib.parse.quote("찻잔")),
        ("search 'product 00012'", "/api/products?items_per_page=20&search_value=" + urllib.parse.quote("product 00012")),
        ("search 'zzz' (none)", "/api/products?items_per_page=20&search_value=zzz"),
        ("list page 1", "/api/products?page_no=1&items_per_page=20"),
        (f"list page {deep} (20 a page)", f"/api/products?page_no={deep}&items_per_page=20"),
        ("list 500 a page", "/api/products?page_no=1&items_per_page=500"),
    ]
    for name, path in kinds:
        for _ in range(20):
            timed_get(conn, path)
        times, matches = [], 0
        for _ in range(count):
            elapsed, page = timed_get(conn, path)
            times.append(elapsed)
            matches = page["totalCount"]
        print(f"  {name:28s} p50 {percentile(times, 0.5):7.2f} ms  p99 {percentile(times, 0.99):7.2f} ms"
              f"  ({matches} of {total} products)", flush=True)


def startup(binary, data_dir, runs):
    answered = []
    for _ in range(runs):
        start = time.monotonic()
        process = subprocess.Popen([binary, "--port", "0", "--data-dir", data_dir],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = process.stdout.readline().strip().removeprefix("Listening on ")
            parsed = urllib.parse.urlparse(url)
            while True:
                try:
                    conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
                    conn.request("GET", "/api/products?items_per_page=20")
                    conn.getresponse().read()
                    conn.close()
                    break
                except OSError:
                    if time.monotonic() - start > 60:
                        raise SystemExit("no answer within 60 s")
                    time.sleep(0.002)
            answered.append((time.monotonic() - start) * 1000)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                # A graceful stop takes well under a second; the script ends either way.
                print("  (still running 15 s after SIGTERM; killed)", file=sys.stderr)
                process.kill()
                process.wait()
    print(f"{statistics.median(answered):.0f} ms (median of {runs}; runs {', '.join(f'{t:.0f}' for t in answered)})")


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "fill":
        fill(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
    elif command == "reads":
        reads(int(sys.argv[2]), int(sys.argv[3]))
    elif command == "startup":
        startup(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        raise SystemExit(__doc__)
