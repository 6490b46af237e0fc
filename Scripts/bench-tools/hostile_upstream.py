#!/usr/bin/env python3
"""A misbehaving Open Market for Scripts/faults hostile, and the sink it points at.

  hostile_upstream.py sink PORT LOG      answers everything 200 and appends one line a request
                                         to LOG ("METHOD PATH identifier=yes|no"): anything in
                                         LOG means the dashboard followed a redirect it must not.
  hostile_upstream.py market PORT SINK   the market; SINK is the sink's base URL.

The market speaks the API well enough to be browsed; what it answers is chosen by the list's
search_value (the dashboard's ?q=):
  overflow-FIELD-max|min   a list envelope with FIELD (any integer field of the camelCase or the
                           snake_case envelope, or item-id, item-vendor_id, item-stock,
                           item-price) set to 2**63-1 or -2**63
  images                   thumbnails that redirect to the sink, directly and after a hop on
                           the market itself, an endless chunked "JPEG", a 100 MB one announced
                           by Content-Length, and one good PNG
  huge                     a 100 MB JSON list, streamed (chunked), valid to its end
  drip                     the whole answer, status line included, one byte a second
  garbage                  200 with a body that is not JSON
Writes (POST /api/products, PATCH, POST .../archived, DELETE) are answered 307 to the sink.
Loopback only; every stream is bounded (at most 200 MB, or 120 s of dripping).
"""
import http.server
import json
import sys
import threading
import time
import urllib.parse

MAX, MIN = 2**63 - 1, -2**63
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000200a2f2d5a50000000049454e44ae426082")
CAMEL = ["pageNo", "itemsPerPage", "totalCount", "offset", "limit", "lastPage"]
SNAKE = ["page_no", "items_per_page", "total_count", "last_page"]


def item(number, base, thumbnail=None, **overrides):
    product = {
        "id": number, "vendor_id": 1, "vendorName": "hostile", "name": f"Hostile product {number}",
        "description": "From a market that misbehaves on purpose.",
        "thumbnail": thumbnail or f"{base}/img/ok/{number}", "currency": "KRW", "price": 1000.0,
        "bargain_price": 1000.0, "discounted_price": 0.0, "stock": 3,
        "created_at": "2022-11-04T00:00:00", "issued_at": "2022-11-04T00:00:00",
    }
    product.update(overrides)
    return product


def envelope(items, snake=False, **numbers):
    count = len(items)
    if snake:
        page = {"page_no": 1, "items_per_page": 20, "total_count": count, "last_page": 1,
                "has_next": False, "has_prev": False}
    else:
        page = {"pageNo": 1, "itemsPerPage": 20, "totalCount": count, "offset": 0, "limit": 20,
                "lastPage": 1, "hasNext": False, "hasPrev": False}
    page.update(numbers)
    page["pages"] = items
    return page


class Sink(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    log_path = ""
    lock = threading.Lock()

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(min(length, 10 * 1024 * 1024))
        with self.lock, open(self.log_path, "a") as log:
            has_identifier = "yes" if self.headers.get("identifier") is not None else "no"
            log.write(f"{self.command} {self.path} identifier={has_identifier}\n")
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(PNG)))
        self.end_headers()
        self.wfile.write(PNG)

    do_GET = do_POST = do_PATCH = do_DELETE = do_PUT = do_HEAD = answer

    def log_message(self, *args):
        pass


class Market(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    sink = ""

    @property
    def base(self):
        return f"http://{self.headers.get('Host')}"

    def send_bytes(self, status, body, content_type="application/json", extra=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, value, status=200):
        self.send_bytes(status, json.dumps(value).encode())

    def stream(self, content_type, first, piece, total, last=b""):
        """Chunked: `first`, then `piece` until `total` bytes, then `last`; stops when the peer goes."""
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        sent = 0
        try:
            for chunk in [first] + [None] * (total // len(piece)) + [last]:
                chunk = piece if chunk is None else chunk
                if not chunk:
                    continue
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/healthChecker":
            return self.send_bytes(200, b'"OK"')
        if url.path == "/api/products":
            return self.list(query.get("search_value", ""))
        if url.path.startswith("/api/products/"):
            return self.send_json({"code": 404, "message": "no such product"}, 404)
        if url.path.startswith("/img/"):
            return self.image(url.path[len("/img/"):])
        self.send_json({"code": 404, "message": "not found"}, 404)

    def list(self, search):
        base = self.base
        if search.startswith("overflow-"):
            field, which = search[len("overflow-"):].rsplit("-", 1)
            value = MAX if which == "max" else MIN
            if field.startswith("item-"):
                key = field[len("item-"):]
                return self.send_json(envelope([item(1, base, **{key: value})]))
            return self.send_json(envelope([item(1, base)], snake=field in SNAKE, **{field: value}))
        if search == "images":
            names = ["to-sink", "hop-then-sink", "endless", "announced-100mb", "ok/1"]
            return self.send_json(envelope([item(n + 1, base, f"{base}/img/{name}") for n, name in enumerate(names)]))
        if search == "huge":
            head = json.dumps(envelope([]))[:-2].encode()  # ..."pages":[
            one = json.dumps(item(7, base)).encode()
            piece = b",".join([one] * 200) + b","
            return self.stream("application/json", head + one + b",", piece, 100 * 1024 * 1024, one + b"]}")
        if search == "drip":
            body = json.dumps(envelope([item(1, base)])).encode()
            answer = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
            try:
                for byte in answer[:120]:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(1)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
            return
        if search == "garbage":
            return self.send_bytes(200, b'{"pages": [garbage \x00\xff not json')
        self.send_json(envelope([item(n, base) for n in (3, 2, 1)]))

    def image(self, name):
        if name == "to-sink":
            return self.send_bytes(302, b"", extra=[("Location", f"{self.sink}/img/stolen")])
        if name == "hop-then-sink":
            return self.send_bytes(302, b"", extra=[("Location", f"{self.base}/img/to-sink")])
        if name == "endless":
            return self.stream("image/jpeg", b"\xff\xd8\xff\xe0", b"\x41" * 65536, 200 * 1024 * 1024)
        if name == "announced-100mb":
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", str(100 * 1024 * 1024))
            self.end_headers()
            try:
                self.wfile.write(b"\xff\xd8\xff\xe0" + b"\x41" * 65536)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
            return
        self.send_bytes(200, PNG, "image/png")

    def write(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(min(length, 10 * 1024 * 1024))
        self.send_bytes(307, b"", extra=[("Location", f"{self.sink}{self.path}")])

    do_POST = do_PATCH = do_DELETE = write
    do_HEAD = do_GET

    def log_message(self, *args):
        pass


def main():
    role, port = sys.argv[1], int(sys.argv[2])
    if role == "sink":
        Sink.log_path = sys.argv[3]
        open(Sink.log_path, "a").close()
        handler = Sink
    else:
        Market.sink = sys.argv[3].rstrip("/")
        handler = Market
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
