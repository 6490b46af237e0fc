#!/usr/bin/env python3
"""A stand-in Open Market list API with N generated products, for measuring the catalog
snapshot (Scripts/bench-catalog) where `local-market --seed-count` is not available.

Serves GET /healthChecker and GET /api/products?page_no=&items_per_page= with the real API's
envelope and keys; products look like real ones in size: names of 10-40 characters (some
Korean), descriptions of 100-300, S3-style thumbnail URLs of about 130, prices in KRW and USD,
dates spread over two years. Deterministic (product i is always the same). Loopback only.
Usage: catalog_upstream.py COUNT PORT_FILE   (binds port 0 and writes the port to PORT_FILE)
"""
import json
import sys
import hashlib
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from urllib.parse import urlparse, parse_qs

COUNT = int(sys.argv[1])
WORDS = ["Kettle", "Mug", "Lamp", "Chair", "Keyboard", "Tumbler", "Notebook", "Speaker", "에어팟", "김치",
         "텀블러", "맥북", "Ceramic", "Wooden", "Limited", "Vintage", "Handmade", "Set", "Pro", "Mini"]
VENDORS = 50


def product(i):
    digest = hashlib.md5(str(i).encode()).hexdigest()
    h = int(digest[:8], 16)
    vendor = h % VENDORS + 1
    words = [WORDS[(h >> s) % len(WORDS)] for s in (0, 5, 10, 15)][: 2 + h % 3]
    name = " ".join(words) + f" {i}"
    usd = h % 4 == 0
    price = round((h % 50000) / 100 + 1, 2) if usd else float((h % 2000 + 1) * 1000)
    off = round(price * (h % 3) / 10, 2)
    day = 1 + (i * 7) % 700
    year, rest = (2022, day) if day <= 365 else (2023, day - 365)
    month = min(12, 1 + rest // 31)
    date = f"{year}-{month:02d}-{1 + rest % 28:02d}T00:00:00"
    return {
        "id": i, "vendor_id": vendor, "vendorName": f"vendor-{vendor:02d}", "name": name,
        "description": ("A generated product for measuring the dashboard. " * (2 + h % 5))[: 100 + h % 200],
        "thumbnail": f"https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/{vendor}/20221104/{digest}_thumb.jpeg",
        "currency": "USD" if usd else "KRW", "price": price, "bargain_price": round(price - off, 2),
        "discounted_price": off, "stock": h % 20, "created_at": date, "issued_at": date,
    }


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send_json(self, body):
        data = json.dumps(body, ensure_ascii=False).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/healthChecker":
            return self.send_json("OK")
        if url.path != "/api/products":
            self.send_error(404)
            return
        query = parse_qs(url.query)
        page = int(query.get("page_no", ["1"])[0])
        per = int(query.get("items_per_page", ["20"])[0])
        offset = (page - 1) * per
        ids = range(COUNT - offset, max(0, COUNT - offset - per), -1)  # newest (highest id) first
        last = (COUNT + per - 1) // per
        self.send_json({
            "pageNo": page, "itemsPerPage": per, "totalCount": COUNT, "offset": offset, "limit": offset + per,
            "lastPage": last, "hasNext": page < last, "hasPrev": page > 1, "pages": [product(i) for i in ids],
        })


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[2], "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
