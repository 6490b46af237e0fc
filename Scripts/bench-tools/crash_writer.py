#!/usr/bin/env python3
"""Writes products to a local-market until it dies, then checks them after its restart.

write: THREADS keep-alive connections register products (multipart: `params` JSON, a JPEG and a
  PNG of random bytes) as fast as the market answers, for at most SECONDS or until the market
  stops answering. READYFILE is created at the first acknowledgement (the script times its kill
  from then, so the kill lands mid-writes). Every product acknowledged (2xx with an id) is appended to ACKFILE as a JSON
  line {"id", "name", "images": [sha256 of each image sent]}. A thread stops at its first
  request without an answer (the kill landed while it was in flight). Prints one line:
  "acknowledged unanswered rejected refused seconds products-before".
check: waits for the market to answer GET /healthChecker (up to 30 s), then fetches every
  product in ACKFILE (GET /api/products/{id}) and each of its images, and compares the name and
  the image bytes with what was sent. Prints one line:
  "answer-ms found lost wrong-images products-now" ("down" alone if the market never answered).
Usage: crash_writer.py write PORT THREADS SECONDS PREFIX ACKFILE READYFILE
       crash_writer.py check PORT ACKFILE STARTED (epoch seconds when the market was launched)
"""
import hashlib, http.client, json, os, sys, threading, time, urllib.parse

HOST = "127.0.0.1"
# The embedded market's vendor LocalMarketTeam (Sources/LocalMarket/Model/MarketVendor.swift).
IDENTIFIER, SECRET = "7b3e6f4a-2c1d-4e8f-9a05-3d6c8b1e2f47", "lm-Kq7vR2xW9pTz"


def get_json(conn, path):
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    return response.status, (json.loads(body) if response.status == 200 else None)


def product_count(port):
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        status, page = get_json(conn, "/api/products?page_no=1&items_per_page=1")
        return page["totalCount"] if status == 200 else -1
    finally:
        conn.close()


def multipart(params, images):
    boundary = "crash" + os.urandom(12).hex()
    parts = [(f'--{boundary}\r\nContent-Disposition: form-data; name="params"\r\n'
              f"Content-Type: application/json\r\n\r\n").encode() + json.dumps(params).encode() + b"\r\n"]
    for index, (data, kind) in enumerate(images):
        extension = "jpg" if kind == "jpeg" else "png"
        parts.append((f'--{boundary}\r\nContent-Disposition: form-data; name="images"; filename="{index}.{extension}"\r\n'
                      f"Content-Type: image/{kind}\r\n\r\n").encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def write(port, threads, seconds, prefix, ackfile, readyfile):
    before = product_count(port)
    deadline = time.monotonic() + seconds
    lock = threading.Lock()
    counts = {"unanswered": 0, "rejected": 0, "refused": 0}
    acknowledged = []

    def writer(thread):
        conn = http.client.HTTPConnection(HOST, port, timeout=10)
        n = 0
        while time.monotonic() < deadline:
            n += 1
            name = f"{prefix} t{thread} #{n}"
            images = [(b"\xff\xd8\xff\xe0" + os.urandom(20_000) + b"\xff\xd9", "jpeg"),
                      (b"\x89PNG\r\n\x1a\n" + os.urandom(5_000), "png")]
            params = {"name": name, "description": f"written by crash_writer.py, {name}", "price": 1000 + n,
                      "currency": "KRW", "discounted_price": 0, "stock": n % 7, "secret": SECRET}
            body, content_type = multipart(params, images)
            try:
                conn.request("POST", "/api/products", body, {"identifier": IDENTIFIER, "Content-Type": content_type})
                response = conn.getresponse()
                answer = response.read()
            except ConnectionRefusedError:
                with lock:
                    counts["refused"] += 1
                return
            except (OSError, http.client.HTTPException):
                with lock:
                    counts["unanswered"] += 1
                return
            product_id = json.loads(answer).get("id") if 200 <= response.status < 300 else None
            with lock:
                if isinstance(product_id, int):
                    if not acknowledged:
                        open(readyfile, "w").close()
                    acknowledged.append({"id": product_id, "name": name,
                                         "images": [hashlib.sha256(data).hexdigest() for data, _ in images]})
                else:
                    counts["rejected"] += 1

    started = time.monotonic()
    workers = [threading.Thread(target=writer, args=(t,)) for t in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    with open(ackfile, "a") as out:
        for record in acknowledged:
            out.write(json.dumps(record) + "\n")
    print(len(acknowledged), counts["unanswered"], counts["rejected"], counts["refused"],
          f"{time.monotonic() - started:.1f}", before)


def check(port, ackfile, launched):
    deadline = time.monotonic() + 30
    while True:
        conn = http.client.HTTPConnection(HOST, port, timeout=5)
        try:
            conn.request("GET", "/healthChecker")
            if conn.getresponse().status == 200:
                break
        except (OSError, http.client.HTTPException):
            pass
        finally:
            conn.close()
        if time.monotonic() > deadline:
            print("down")
            return
        time.sleep(0.005)
    answer_ms = (time.time() - launched) * 1000
    with open(ackfile) as records:
        expected = [json.loads(line) for line in records if line.strip()]
    found = lost = wrong_images = 0
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    for record in expected:
        status, product = get_json(conn, f"/api/products/{record['id']}")
        if status != 200 or product.get("name") != record["name"]:
            lost += 1
            print(f"LOST: product {record['id']} {record['name']!r}: status {status}, "
                  f"name {product.get('name') if product else None!r}", file=sys.stderr)
            continue
        found += 1
        hashes = []
        for image in product.get("images", []):
            conn.request("GET", urllib.parse.urlsplit(image["url"]).path)
            response = conn.getresponse()
            data = response.read()
            hashes.append(hashlib.sha256(data).hexdigest() if response.status == 200 else f"status {response.status}")
        if hashes != record["images"]:
            wrong_images += 1
            print(f"WRONG IMAGES: product {record['id']}: {hashes} != {record['images']}", file=sys.stderr)
    conn.close()
    print(f"{answer_ms:.0f}", found, lost, wrong_images, product_count(port))


if __name__ == "__main__":
    if sys.argv[1:2] == ["write"] and len(sys.argv) == 8:
        write(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6], sys.argv[7])
    elif sys.argv[1:2] == ["check"] and len(sys.argv) == 5:
        check(int(sys.argv[2]), sys.argv[3], float(sys.argv[4]))
    else:
        sys.exit(__doc__)
