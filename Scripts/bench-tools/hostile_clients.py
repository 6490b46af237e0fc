#!/usr/bin/env python3
"""Hostile local clients against a running dashboard (the client side of Scripts/faults hostile).

  python3 hostile_clients.py --base http://127.0.0.1:PORT --pid PID [--data-dir DIR]
                             [--request-timeout 60] [--margin 15] [--posts 600] [--tricklers 40]

Cases, one summary line each:
  stash    POSTS registrations without a price (so always refused, 422), each from a fresh
           browser (GET /products/new for the om_csrf cookie and the form's tokens), each with 5
           "JPEGs" of 4 bytes named by 8,000 characters (--whole-images: 122-byte JPEG headers
           the stash accepts and keeps, up to its caps). Prints the answers, RSS before/after (/proc/PID/status), and with
           --data-dir the files and folders left in DIR/form-images.
  trickle  TRICKLERS connections each send a POST head and then one body byte a second (half
           announce a small 50 KB body, half a large 1 MB one); prints what each got back and
           how long until the server closed it. Meanwhile GET /products is asked once a second.

Fails (exit 1) when RSS grew more than 24 MB in the stash case, the process went away or
stopped answering GET /products, or a trickling connection was still open after
--request-timeout + --margin seconds. Start the dashboard with the same --request-timeout
(or DASHBOARD_REQUEST_TIMEOUT) to shorten the trickle case, e.g. 10 for a quick run.
Python 3 standard library only; loopback only; bounded in time.
"""
import argparse, concurrent.futures, http.client, os, re, socket, sys, threading, time, urllib.parse

RSS_LIMIT_MB = 24


def rss_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def alive(pid):
    return os.path.exists(f"/proc/{pid}") and rss_mb(pid) is not None


class Target:
    def __init__(self, base):
        parts = urllib.parse.urlsplit(base)
        self.base = base.rstrip("/")
        self.host, self.port = parts.hostname, parts.port or 80
        self.host_header = f"{parts.hostname}:{self.port}"

    def request(self, method, path, body=None, headers=None, timeout=30):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.getheaders(), response.read()
        finally:
            connection.close()

    def normal_get(self):
        """Status of GET /products and seconds it took, or (None, error text)."""
        started = time.monotonic()
        try:
            status, _, _ = self.request("GET", "/products", timeout=15)
            return status, time.monotonic() - started
        except (OSError, http.client.HTTPException) as error:
            return None, str(error)


def hidden(name, html):
    match = re.search(rf'name="{name}" value="([^"]*)"', html)
    return match.group(1) if match else ""


def multipart(fields, files, boundary):
    out = bytearray()
    for name, value in fields:
        out += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    for filename, data in files:
        out += (f'--{boundary}\r\nContent-Disposition: form-data; name="images"; filename="{filename}"\r\n'
                f'Content-Type: image/jpeg\r\n\r\n').encode() + data + b"\r\n"
    out += f"--{boundary}--\r\n".encode()
    return bytes(out)


# A 16x16 JPEG's SOI and frame header, padded: passes the stash's header check (--whole-images).
WHOLE_JPEG = bytes([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03,
                    0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]) + bytes(100)


def stash_post(target, index, name_length, whole):
    status, headers, body = target.request("GET", "/products/new")
    cookie = next((v.split(";")[0] for k, v in headers if k.lower() == "set-cookie" and v.startswith("om_csrf=")), "")
    html = body.decode("utf-8", "replace")
    fields = [("csrf_token", hidden("csrf_token", html)), ("form_token", hidden("form_token", html)),
              ("name", "Flooding kettle"), ("description", "A product that will never be registered."),
              ("price", ""), ("stock", "1"), ("currency", "KRW")]  # no price: always refused (422)
    image = (lambda n: WHOLE_JPEG + bytes([n])) if whole else (lambda n: bytes([0xFF, 0xD8, 0xFF, n]))
    files = [(f"{index}-{n}-" + "x" * name_length + ".jpg", image(n)) for n in range(5)]
    boundary = f"----hostile{index}"
    status, _, answer = target.request("POST", "/products", body=multipart(fields, files, boundary), headers={
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie,
        "Origin": target.base, "Sec-Fetch-Site": "same-origin"})
    refused_whole = b"is not a whole JPEG picture" in answer
    return status, refused_whole


def count_stash(data_dir):
    folder = os.path.join(data_dir, "form-images")
    files = folders = 0
    for _, dirnames, filenames in os.walk(folder):
        folders += len(dirnames)
        files += len(filenames)
    return files, folders


def stash_case(target, options):
    before = rss_mb(options.pid)
    statuses, refused = {}, 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(stash_post, target, i, options.filename_length, options.whole_images) for i in range(options.posts)]
        for future in futures:
            try:
                status, whole = future.result()
            except (OSError, http.client.HTTPException) as error:
                status, whole = f"error({type(error).__name__})", False
            statuses[status] = statuses.get(status, 0) + 1
            refused += whole
    normal = target.normal_get()
    after = rss_mb(options.pid)
    up = alive(options.pid) and normal[0] == 200
    growth = (after - before) if before is not None and after is not None else None
    left = ""
    if options.data_dir:
        files, folders = count_stash(options.data_dir)
        left = f", stash holds {files} files in {folders} folders"
    answers = " ".join(f"{k}x{v}" for k, v in sorted(statuses.items(), key=str))
    grown = f"{growth:+.1f} MB" if growth is not None else "unknown"
    kind = "122-byte JPEG headers" if options.whole_images else "4-byte JPEGs"
    print(f"stash: {options.posts} posts of 5 x {kind} named by {options.filename_length} characters: "
          f"answers {answers} ({refused} said 'not a whole JPEG picture'){left}; RSS {before:.1f} -> {after or 0:.1f} MB "
          f"({grown}, limit +{RSS_LIMIT_MB}); GET /products after: {normal[0]}; server {'up' if up else 'DOWN'}", flush=True)
    return up and growth is not None and growth <= RSS_LIMIT_MB


def trickler(target, declared, bound, results, index):
    started = time.monotonic()
    try:
        sock = socket.create_connection((target.host, target.port), timeout=5)
    except OSError as error:
        results[index] = ("refused", str(error), 0.0, 0)
        return
    sent, answer = 0, b""
    try:
        sock.sendall((f"POST /products HTTP/1.1\r\nHost: {target.host_header}\r\n"
                      f"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: {declared}\r\n\r\n").encode())
        sock.settimeout(1.0)
        while time.monotonic() - started < bound:
            try:
                chunk = sock.recv(4096)
                if not chunk:
                    break  # the server closed the connection
                answer += chunk
                continue
            except socket.timeout:
                pass
            try:
                sock.sendall(b"-")
                sent += 1
            except OSError:
                continue  # the server is closing: read what it said
        else:
            results[index] = ("open", answer, time.monotonic() - started, sent)
            return
    except OSError:
        pass  # a reset counts as closed by the server
    finally:
        sock.close()
    results[index] = ("closed", answer, time.monotonic() - started, sent)


def trickle_case(target, options):
    bound = options.request_timeout + options.margin
    before = rss_mb(options.pid)
    results = [None] * options.tricklers
    threads = []
    for index in range(options.tricklers):
        declared = 50_000 if index % 2 == 0 else 1_000_000
        thread = threading.Thread(target=trickler, args=(target, declared, bound, results, index), daemon=True)
        thread.start()
        threads.append(thread)
    probes, slowest, failures = 0, 0.0, []
    while any(thread.is_alive() for thread in threads):
        status, took = target.normal_get()
        probes += 1
        if status == 200:
            slowest = max(slowest, took)
        else:
            failures.append(status if status is not None else took)
        time.sleep(1)
    after = rss_mb(options.pid)
    closed = [r for r in results if r and r[0] == "closed"]
    still_open = [r for r in results if r and r[0] == "open"]
    statuses = {}
    for r in closed:
        line = r[1].split(b"\r\n", 1)[0].decode("latin-1") if r[1] else "closed without an answer"
        statuses[line] = statuses.get(line, 0) + 1
    small = [r[2] for i, r in enumerate(results) if r and r[0] == "closed" and i % 2 == 0]
    large = [r[2] for i, r in enumerate(results) if r and r[0] == "closed" and i % 2 == 1]
    span = lambda times: f"{min(times):.1f}-{max(times):.1f} s" if times else "none"
    up = alive(options.pid) and target.normal_get()[0] == 200
    print(f"trickle: {options.tricklers} connections sending a body byte a second (50 KB and 1 MB announced): "
          f"{len(closed)} closed by the server (50 KB bodies after {span(small)}, 1 MB after {span(large)}), "
          f"{len(still_open)} still open after {bound:.0f} s; answers: "
          + "; ".join(f"{k} x{v}" for k, v in statuses.items())
          + f"; GET /products meanwhile: {probes - len(failures)}/{probes} answered 200 (slowest {slowest:.2f} s)"
          + (f", failures {failures[:5]}" if failures else "")
          + f"; RSS {before or 0:.1f} -> {after or 0:.1f} MB; server {'up' if up else 'DOWN'}", flush=True)
    return up and not still_open and not failures and len(closed) == options.tricklers


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the dashboard, e.g. http://127.0.0.1:8080")
    parser.add_argument("--pid", required=True, type=int, help="the dashboard's process id (for RSS)")
    parser.add_argument("--data-dir", help="the dashboard's --data-dir, to count what the stash keeps")
    parser.add_argument("--request-timeout", type=float,
                        default=float(os.environ.get("DASHBOARD_REQUEST_TIMEOUT", "60")),
                        help="the dashboard's --request-timeout in seconds (default 60 or $DASHBOARD_REQUEST_TIMEOUT)")
    parser.add_argument("--margin", type=float, default=15, help="seconds allowed past it (default 15: 75 s in all)")
    parser.add_argument("--posts", type=int, default=600)
    parser.add_argument("--tricklers", type=int, default=40)
    parser.add_argument("--filename-length", type=int, default=8000)
    parser.add_argument("--whole-images", action="store_true",
                        help="stash case: tiny but whole JPEG headers, which the stash keeps (up to its caps)")
    parser.add_argument("--cases", default="stash,trickle", help="comma-separated: stash, trickle")
    options = parser.parse_args()
    target = Target(options.base)
    if not alive(options.pid):
        print(f"hostile_clients: no process {options.pid}", file=sys.stderr)
        return 2
    ok = True
    for case in options.cases.split(","):
        if case == "stash":
            ok &= stash_case(target, options)
        elif case == "trickle":
            ok &= trickle_case(target, options)
        else:
            print(f"hostile_clients: unknown case {case}", file=sys.stderr)
            return 2
    print("hostile clients: " + ("PASS" if ok else "FAIL"), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
