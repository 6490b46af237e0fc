#!/usr/bin/env python3
"""Records real multipart/form-data bodies as test fixtures.

Starts a capture server on 127.0.0.1 (a free port), posts forms to it with curl, Python
`requests` and headless Chromium, and writes each raw body to
Tests/HTTPParsingTests/Fixtures/<name>.body with its Content-Type in <name>.content-type.

    python3 Scripts/record-form-fixtures.py

Needs curl, the `requests` package and `chromium` (Debian package). Boundaries are random, so
every run gives new bytes; the tests read the boundary from the .content-type file.
"""
import http.server
import os
import pathlib
import subprocess
import tempfile
import threading

import requests

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "HTTPParsingTests" / "Fixtures"

# 301 bytes that are not UTF-8, with CR, LF and dashes inside, like an image's would be.
BINARY = bytes(range(256)) + b"\r\n--\r\n-- \r\r\n\n" + bytes([0xFF, 0xD8, 0xFF, 0xE0]) * 8

BROWSER_FORM = """<!doctype html><meta charset="utf-8">
<form method="post" action="/%(name)s" enctype="multipart/form-data">
<input name="name" value="우유병 텀블러">
<textarea name="description">first line
second line, 한국어
third</textarea>
<input name="price" value="3500">
<select name="currency"><option>KRW<option selected>USD</select>
<input name='say "hi"' value="quoted name">
<input type="file" name="images" multiple>
</form>
<script>
%(files)s
document.forms[0].submit();
</script>
"""

ATTACH_FILES = """
const bytes = new Uint8Array(%(binary)s);
const dt = new DataTransfer();
dt.items.add(new File([bytes], "사진 1.png", {type: "image/png"}));
dt.items.add(new File(["plain text\\r\\n"], 'a "quoted" name.txt', {type: "text/plain"}));
document.querySelector("input[type=file]").files = dt.files;
"""

captured = {}
done = threading.Event()


class Capture(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        name = self.path.strip("/").removesuffix("-form")
        files = ATTACH_FILES % {"binary": list(BINARY)} if name == "chromium-files" else ""
        page = (BROWSER_FORM % {"name": name, "files": files}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        captured[self.path.strip("/")] = (self.headers["Content-Type"], body)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


def save(name):
    content_type, body = captured[name]
    (FIXTURES / f"{name}.body").write_bytes(body)
    (FIXTURES / f"{name}.content-type").write_text(content_type + "\n")
    print(f"{name}: {len(body)} bytes, {content_type}")


def main():
    FIXTURES.mkdir(parents=True, exist_ok=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Capture)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"

    with tempfile.TemporaryDirectory() as tmp:
        image = pathlib.Path(tmp) / "photo.png"
        image.write_bytes(BINARY)
        subprocess.run(
            ["curl", "-sS", "-o", "/dev/null", f"{base}/curl",
             "-F", "name=Widget", "-F", "description=한국어 설명\r\nline two",
             "-F", "price=1000", "-F", f"images=@{image};type=image/png",
             "-F", f"images=@{image};filename=second.png;type=image/png"],
            check=True)
        save("curl")

        requests.post(
            f"{base}/requests",
            data={"name": "우유병", "stock": "2"},
            files=[("images", ("사진.jpg", BINARY, "image/jpeg")),
                   ("params", (None, '{"price":3500}', "application/json"))])
        save("requests")

        for name in ["chromium-empty-file", "chromium-files"]:
            subprocess.run(
                ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-dev-shm-usage", f"--user-data-dir={tmp}/profile-{name}",
                 "--virtual-time-budget=5000", "--dump-dom", f"{base}/{name}-form"],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
            save(name)
    server.shutdown()


if __name__ == "__main__":
    main()
