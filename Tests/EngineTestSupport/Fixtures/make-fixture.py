#!/usr/bin/env python3
"""Makes the data-directory fixture of the Open Market dashboard with today's code.

Run from anywhere after `swift build` in the worktree (commit 38621d7, Sources/ unchanged):

    python3 /work/fixture-out/make-fixture.py

It starts, on 127.0.0.1 only, a separate embedded market (`local-market`) and the dashboard
pointed at it (`--upstream`), drives the dashboard over HTTP through its real forms (cookie
jar, `om_csrf` cookie + `csrf_token` field, `Sec-Fetch-Site: same-origin` and `Origin`),
changes the market behind the dashboard's back through the market's own API, saves the
reference pages, stops both servers gracefully (SIGINT) and copies the dashboard's data
directory (without market/ and form-images/) to OUT/data-directory.

Nothing here changes a Sources/ file; every byte of dashboard.sqlite is written by the
dashboard itself. The script only reads the database (read-only) to wait for batches and to
find entry ids, and at the end to dump what it holds.
"""
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from html.parser import HTMLParser

import requests

WORKTREE = os.environ.get("WORKTREE", "/work/wt-fixture")
OUT = os.environ.get("FIXTURE_OUT", "/work/fixture-out")
RUN = os.environ.get("FIXTURE_RUN", "/tmp/om-fixture-run")
BIN = os.path.join(WORKTREE, ".build/debug")
SEED_IMAGES = os.path.join(WORKTREE, "Sources/LocalMarket/Seed/images")

# The embedded market's vendors (`local-market --help`, Sources/LocalMarket/Model/MarketVendor.swift).
OWN = {"id": 28, "identifier": "7b3e6f4a-2c1d-4e8f-9a05-3d6c8b1e2f47", "secret": "lm-Kq7vR2xW9pTz"}
SEOUL = {"id": 15, "identifier": "c41f9e2b-8d3a-4b6c-a7e1-5f0d2c9b3a68", "secret": "seoul-H4nd9Lq2"}
TOM = {"id": 42, "identifier": "e8a2d5c7-1b4f-4c3e-9d6a-0f7b2e5c8a91", "secret": "tj-Pw3mZ8sQ1v"}

LOG = []


def say(*parts):
    line = " ".join(str(p) for p in parts)
    LOG.append(line)
    print(line, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def image(name):
    with open(os.path.join(SEED_IMAGES, name), "rb") as f:
        return f.read()


def mime(name):
    return "image/png" if name.lower().endswith(".png") else "image/jpeg"


# ---------------------------------------------------------------------------------------------
# Processes


class Servers:
    def __init__(self):
        self.market = None
        self.dashboard = None
        self.market_port = free_port()
        self.dashboard_port = free_port()
        self.market_dir = os.path.join(RUN, "market-data")
        self.data_dir = os.path.join(RUN, "dashboard-data")
        self.cache_dir = os.path.join(RUN, "dashboard-cache")
        self.logs = os.path.join(RUN, "logs")
        for d in (self.market_dir, self.data_dir, self.cache_dir, self.logs):
            os.makedirs(d, exist_ok=True)
        self.env = dict(os.environ, TZ="UTC")
        self.dash_starts = 0
        self.market_starts = 0

    @property
    def market_url(self):
        return f"http://127.0.0.1:{self.market_port}"

    @property
    def base(self):
        return f"http://127.0.0.1:{self.dashboard_port}"

    def start_market(self):
        self.market_starts += 1
        cmd = [os.path.join(BIN, "local-market"), "--host", "127.0.0.1", "--port", str(self.market_port),
               "--data-dir", self.market_dir]
        say("$", " ".join(cmd))
        log = open(os.path.join(self.logs, f"market-{self.market_starts}.log"), "w")
        self.market = subprocess.Popen(cmd, cwd=WORKTREE, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        for _ in range(200):
            try:
                if requests.get(self.market_url + "/healthChecker", timeout=1).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise SystemExit("market did not start")

    def stop_market(self):
        say("# stopping the market (SIGINT), pid", self.market.pid)
        self.market.send_signal(signal.SIGINT)
        rc = self.market.wait(30)
        say("# market exited", rc)
        self.market = None

    def start_dashboard(self, secret=OWN["secret"]):
        self.dash_starts += 1
        cmd = [os.path.join(BIN, "dashboard"), "--host", "127.0.0.1", "--port", str(self.dashboard_port),
               "--upstream", self.market_url, "--identifier", OWN["identifier"], "--secret", secret,
               "--vendor-id", str(OWN["id"]), "--data-dir", self.data_dir, "--cache-dir", self.cache_dir]
        shown = [("--secret", "<WRONG SECRET>" if secret != OWN["secret"] else secret)]
        say("$ TZ=UTC", " ".join(c if c != secret else shown[0][1] for c in cmd))
        log = open(os.path.join(self.logs, f"dashboard-{self.dash_starts}.log"), "w")
        self.dashboard = subprocess.Popen(cmd, cwd=WORKTREE, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        for _ in range(300):
            try:
                if requests.get(self.base + "/healthz", timeout=1).status_code in (200, 503):
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise SystemExit("dashboard did not start")

    def stop_dashboard(self):
        say("# stopping the dashboard (SIGINT), pid", self.dashboard.pid)
        self.dashboard.send_signal(signal.SIGINT)
        rc = self.dashboard.wait(60)
        say("# dashboard exited", rc)
        if rc != 0:
            raise SystemExit(f"dashboard exited {rc}")
        self.dashboard = None

    def kill_all(self):
        for p in (self.dashboard, self.market):
            if p and p.poll() is None:
                p.send_signal(signal.SIGINT)
                try:
                    p.wait(30)
                except subprocess.TimeoutExpired:
                    p.kill()


# ---------------------------------------------------------------------------------------------
# The market's own API, behind the dashboard's back


class Market:
    def __init__(self, url):
        self.url = url

    def product(self, pid):
        r = requests.get(f"{self.url}/api/products/{pid}", timeout=10)
        r.raise_for_status()
        return r.json()

    def edit(self, vendor, pid, **fields):
        body = dict(fields, secret=vendor["secret"])
        r = requests.patch(f"{self.url}/api/products/{pid}", json=body,
                           headers={"identifier": vendor["identifier"]}, timeout=10)
        say(f"# market: PATCH /api/products/{pid} {fields} as vendor {vendor['id']} ->", r.status_code)
        r.raise_for_status()
        return r.json()

    def delete(self, vendor, pid):
        r = requests.post(f"{self.url}/api/products/{pid}/archived", json={"secret": vendor["secret"]},
                          headers={"identifier": vendor["identifier"]}, timeout=10)
        r.raise_for_status()
        path = r.text.strip().strip('"')
        r = requests.delete(self.url + path, headers={"identifier": vendor["identifier"]}, timeout=10)
        say(f"# market: DELETE product {pid} as vendor {vendor['id']} ->", r.status_code)
        r.raise_for_status()

    def create(self, vendor, params, images):
        params = dict(params, secret=vendor["secret"])
        files = [("params", (None, json.dumps(params), "application/json"))]
        files += [("images", (n, image(n), mime(n))) for n in images]
        r = requests.post(f"{self.url}/api/products", files=files, headers={"identifier": vendor["identifier"]}, timeout=10)
        say(f"# market: POST /api/products {params['name']!r} as vendor {vendor['id']} ->", r.status_code)
        r.raise_for_status()
        return r.json()


# ---------------------------------------------------------------------------------------------
# HTML forms


class FormParser(HTMLParser):
    """Every <form> with its fields as a browser would submit them (hidden, text, number,
    checked boxes and radios, textareas, selected options)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms = []
        self.form = None
        self.textarea = None
        self.select = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.form = {"action": a.get("action", ""), "method": a.get("method", "get"),
                         "enctype": a.get("enctype", ""), "id": a.get("id"), "fields": []}
            self.forms.append(self.form)
        elif tag == "input":
            form = self.form
            if a.get("form") and a.get("form") != (form or {}).get("id"):
                form = next((f for f in self.forms if f["id"] == a.get("form")), None)
            if form is None or not a.get("name"):
                return
            kind = (a.get("type") or "text").lower()
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind in ("submit", "file", "button"):
                return
            form["fields"].append([a["name"], a.get("value", "on" if kind in ("checkbox", "radio") else "")])
        elif tag == "textarea" and self.form is not None:
            self.textarea = [a.get("name"), ""]
            self.form["fields"].append(self.textarea)
        elif tag == "select" and self.form is not None:
            self.select = {"name": a.get("name"), "first": None, "selected": None}
        elif tag == "option" and self.select is not None:
            if self.select["first"] is None:
                self.select["first"] = a.get("value", "")
            if "selected" in a:
                self.select["selected"] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "select" and self.select is not None:
            value = self.select["selected"] if self.select["selected"] is not None else self.select["first"]
            if self.form is not None and self.select["name"]:
                self.form["fields"].append([self.select["name"], value or ""])
            self.select = None

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea[1] += data


def forms(html):
    p = FormParser()
    p.feed(html)
    return p.forms


def form(html, action):
    for f in forms(html):
        if f["action"] == action:
            return f
    raise SystemExit(f"no form with action {action!r} on the page")


def fields_with(f, **changes):
    """The form's fields as a list of pairs, with `changes` replacing (or adding) values."""
    out, seen = [], set()
    for name, value in f["fields"]:
        if name in changes:
            if name in seen:
                continue
            seen.add(name)
            value = changes[name]
        out.append((name, value))
    for name, value in changes.items():
        if name not in seen:
            out.append((name, value))
    return out


# ---------------------------------------------------------------------------------------------
# The dashboard, as a browser


class Browser:
    def __init__(self, servers):
        self.servers = servers
        self.s = requests.Session()

    @property
    def base(self):
        return self.servers.base

    def get(self, path, expect=200):
        r = self.s.get(self.base + path, timeout=60, allow_redirects=False)
        if expect is not None and r.status_code != expect:
            raise SystemExit(f"GET {path}: {r.status_code}\n{r.text[:2000]}")
        return r

    def post(self, path, data=None, files=None, expect=(303,)):
        headers = {"Sec-Fetch-Site": "same-origin", "Origin": self.base}
        r = self.s.post(self.base + path, data=data, files=files, headers=headers, timeout=120, allow_redirects=False)
        if expect is not None and r.status_code not in expect:
            raise SystemExit(f"POST {path}: {r.status_code}\n{r.text[:3000]}")
        say(f"POST {path} -> {r.status_code} {r.headers.get('Location', '')}")
        return r

    def lang(self, language):
        # `?lang=` on any page sets the `om_lang` cookie: later pages and posts keep it.
        self.get(f"/products/new?lang={language}")
        say(f"# reading in {language}: om_lang={self.s.cookies.get('om_lang')}")

    # Forms --------------------------------------------------------------------------------

    def edit(self, pid, expect=(303,), **changes):
        page = self.get(f"/products/{pid}/edit").text
        f = form(page, f"/products/{pid}/edit")
        data = fields_with(f, **{k: str(v) for k, v in changes.items()})
        say(f"# edit form of product {pid}: {changes}")
        return self.post(f"/products/{pid}/edit", data=data, expect=expect)

    def create(self, values, images, expect=(303,)):
        page = self.get("/products/new").text
        f = form(page, "/products")
        data = fields_with(f, **{k: str(v) for k, v in values.items()})
        files = [("images", (n, image(n), mime(n))) for n in images]
        say(f"# register form: {values['name']!r} with {images}")
        return self.post("/products", data=data, files=files, expect=expect)

    def delete(self, pid):
        page = self.get(f"/products/{pid}/delete").text
        f = form(page, f"/products/{pid}/delete")
        say(f"# delete form of product {pid}")
        return self.post(f"/products/{pid}/delete", data=fields_with(f))

    def bulk(self, ids, action, value="", unit="amount", scope="selected"):
        page = self.get("/products?mine=1&per_page=100").text
        f = form(page, "/products/bulk")
        data = [(n, v) for n, v in f["fields"] if n not in ("ids", "scope", "select_page", "action", "value", "unit")]
        data += [("ids", str(i)) for i in ids]
        data += [("scope", scope), ("action", action), ("value", str(value)), ("unit", unit)]
        say(f"# bulk form: {action} {value} {unit} on {ids}")
        r = self.post("/products/bulk", data=data)
        return int(r.headers["Location"].rsplit("/", 1)[1])

    def batch_post(self, batch, what):
        page = self.get(f"/batches/{batch}?refresh=off").text
        f = form(page, f"/batches/{batch}/{what}")
        return self.post(f"/batches/{batch}/{what}", data=fields_with(f))

    def apply(self, batch):
        say(f"# apply batch {batch}")
        self.batch_post(batch, "apply")

    def undo_batch(self, batch):
        say(f"# undo batch {batch}")
        r = self.batch_post(batch, "undo")
        return int(r.headers["Location"].rsplit("/", 1)[1])

    def import_csv(self, name, csv_text, images):
        page = self.get("/products/import").text
        f = form(page, "/products/import")
        files = [("csv", (name, csv_text.encode("utf-8"), "text/csv"))]
        files += [("images", (n, b, mime(n))) for n, b in images]
        say(f"# import {name} with {[n for n, _ in images]}")
        r = self.post("/products/import", data=fields_with(f), files=files)
        return int(r.headers["Location"].rsplit("/", 1)[1])

    def undo_entry(self, entry):
        page = self.get("/history?per_page=100").text
        f = form(page, f"/history/{entry}/undo")
        say(f"# undo history entry {entry}")
        return self.post(f"/history/{entry}/undo", data=fields_with(f))

    def restore(self, entry, fix=None):
        page = self.get("/trash?per_page=100").text
        f = form(page, f"/trash/{entry}/restore")
        say(f"# restore bin entry {entry}")
        r = self.post(f"/trash/{entry}/restore", data=fields_with(f), expect=(303, 422))
        if r.status_code == 422 and fix:
            # The market refused the kept fields (rules newer than the product): the register
            # form comes back filled in, the kept pictures attached; fix it and register.
            problem = re.search(r'<div class="problem".*?</div>', r.text, re.S)
            say("# the market refused the restore:", re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", problem.group(0))).strip())
            f = form(r.text, "/products")
            say(f"# register form (restore_entry {entry}) with {fix}")
            r = self.post("/products", data=fields_with(f, **fix))
        return r

    def count_again(self):
        page = self.get("/products?mine=1").text
        f = form(page, "/catalog/refresh")
        data = fields_with(f, csrf_token=self.s.cookies.get("om_csrf"))
        say("# Count again")
        return self.post("/catalog/refresh", data=data)


# ---------------------------------------------------------------------------------------------
# Reading the database (read-only) to wait and to find ids


def db(servers):
    path = os.path.join(servers.data_dir, "dashboard.sqlite")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)


def wait_batch(servers, batch, state="finished", timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        with db(servers) as c:
            row = c.execute("SELECT state FROM batches WHERE id = ?", (batch,)).fetchone()
        if row and row[0] == state:
            say(f"# batch {batch} is {state}")
            return
        time.sleep(0.3)
    raise SystemExit(f"batch {batch} did not become {state}")


def query(servers, sql, args=()):
    with db(servers) as c:
        return c.execute(sql, args).fetchall()


def wait_outside(servers, before, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        now = query(servers, "SELECT count(*) FROM journal WHERE kind = 'outside'")[0][0]
        if now > before:
            time.sleep(1)  # one transaction records a count's changes; let the page settle
            say("# outside entries:", query(servers, "SELECT count(*) FROM journal WHERE kind = 'outside'")[0][0])
            return
        time.sleep(0.3)
    raise SystemExit("the count recorded no outside change")


def wait_snapshot(browser):
    # The first count starts when /overview (or a sorted list) is first asked for.
    for _ in range(100):
        page = browser.get("/overview").text
        if "<progress" not in page:
            return
        time.sleep(0.3)
    raise SystemExit("the catalog count did not finish")


# ---------------------------------------------------------------------------------------------
# The CSV files


def csv_line(cells):
    out = []
    for c in cells:
        c = str(c)
        if any(ch in c for ch in ',"\n;') or c != c.strip():
            c = '"' + c.replace('"', '""') + '"'
        out.append(c)
    return ",".join(out)


DESC = "A product registered by the fixture's import, with a description long enough."

IMPORT_EN_HEADER = ["id", "name", "description", "price", "discounted_price", "stock", "currency", "images",
                    "vendor", "bargain_price", "color", "price"]
# (comment, cells by header position)
IMPORT_EN_ROWS = [
    ("update 25: stock 6 -> 10", ["25", "", "", "", "", "10", "", "", "LocalMarketTeam", "", "black", ""]),
    ("update 34: price 650000 -> 1,300,000 (+100%: price-jump warning)", ["34", "", "", "1,300,000", "", "", "", "", "", "", "", "1"]),
    ("update 43: discount 190000 -> 1800000 (95%: deep-discount warning)", ["43", "", "", "", "1800000", "", "", "", "", "", "", ""]),
    ("19 named only (unchanged); puts 캠핑 의자 among the names the preview knows", ["19", "", "", "", "", "", "", "", "", "", "", ""]),
    ("update 52: name -> 캠핑 의자 (product 19's name: warning)", ["52", "캠핑 의자", "", "", "", "", "", "", "", "", "", ""]),
    ("update 58: same values (unchanged)", ["58", "", "", "249.99", "25.0", "1", "USD", "", "", "", "", ""]),
    ("update 4: description", ["4", "", "Updated by the fixture import: M2 Pro, 16 GB, 512 GB, box included.", "", "", "", "", "", "", "", "", ""]),
    ("update 55 (price 0, left as is): stock 0 -> 7", ["55", "", "", "0", "", "7", "", "", "", "", "", ""]),
    ("create Fixture Lamp One (2 images)", ["", "Fixture Lamp One", DESC, "15000", "0", "5", "KRW", "photo-01-circle.jpg;icon-01-hexagon.png", "", "", "", ""]),
    ("create Fixture Mug Two (USD, 92% off: deep-discount warning; image named in upper case)", ["", "Fixture Mug Two", DESC, "12.50", "11.50", "3", "USD", "PHOTO-02-SQUARE.JPG", "", "", "", ""]),
    ("create Fixture Lamp One again (name repeated in the file: warning)", ["", "Fixture Lamp One", DESC, "16000", "", "2", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: name too short", ["", "ab", DESC, "1000", "", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: description missing", ["", "Fixture No Description", "", "1000", "", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: price not a number", ["", "Fixture Bad Price", DESC, "abc", "", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: KRW with decimals", ["", "Fixture Won Decimals", DESC, "1000.5", "", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: USD with three decimals", ["", "Fixture Dollar Mills", DESC, "12.345", "", "1", "USD", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: discount over price", ["", "Fixture Big Discount", DESC, "1000", "2000", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: negative stock", ["", "Fixture Negative Stock", DESC, "1000", "", "-3", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: stock not whole", ["", "Fixture Half Stock", DESC, "1000", "", "2.5", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: bad currency", ["", "Fixture Euro Price", DESC, "1000", "", "1", "EUR", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: images missing", ["", "Fixture No Images", DESC, "1000", "", "1", "KRW", "", "", "", "", ""]),
    ("invalid: an image not uploaded", ["", "Fixture Missing Upload", DESC, "1000", "", "1", "KRW", "not-uploaded.jpg", "", "", "", ""]),
    ("invalid: an uploaded file that is not a picture", ["", "Fixture Broken Picture", DESC, "1000", "", "1", "KRW", "broken.png", "", "", "", ""]),
    ("invalid: too many images (6)", ["", "Fixture Six Images", DESC, "1000", "", "1", "KRW",
                                      "photo-01-circle.jpg;photo-02-square.jpg;photo-03-triangle.jpg;icon-01-hexagon.png;photo-01-circle.jpg;photo-02-square.jpg", "", "", "", ""]),
    ("invalid: a picture over 300 KB", ["", "Fixture Huge Picture", DESC, "1000", "", "1", "KRW", "huge.jpg", "", "", "", ""]),
    ("invalid: a damaged JPEG", ["", "Fixture Damaged Picture", DESC, "1000", "", "1", "KRW", "damaged.jpg", "", "", "", ""]),
    ("invalid: name missing", ["", "", DESC, "1000", "", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: description too short", ["", "Fixture Short Description", "Too short", "1000", "", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: price missing", ["", "Fixture No Price", DESC, "", "", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: price 0", ["", "Fixture Zero Price", DESC, "0", "", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: price over 10 billion", ["", "Fixture Huge Price", DESC, "20000000000", "", "1", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: stock over 2147483647", ["", "Fixture Huge Stock", DESC, "1000", "", "3000000000", "KRW", "photo-03-triangle.jpg", "", "", "", ""]),
    ("invalid: several problems in one row", ["", "xy", "short", "-5", "", "-1", "GBP", "", "", "", "", ""]),
    ("invalid: a bad id", ["12x", "Fixture Bad Id", "", "", "", "5", "", "", "", "", "", ""]),
    ("invalid: an id not found", ["999999", "", "", "", "", "5", "", "", "", "", "", ""]),
    ("invalid: another vendor's product (2, 서울상회) changed", ["2", "", "", "", "", "9", "", "", "", "", "", ""]),
]

IMPORT_KO_HEADER = ["상품 번호", "상품명", "상품 설명", "판매가", "할인 금액", "재고", "통화", "이미지", "등록일", "비고", "재고"]
DESC_KO = "픽스처 가져오기로 등록하는 상품입니다. 설명은 열 글자를 넘습니다."
IMPORT_KO_ROWS = [
    ("update 7: stock 40 -> 45", ["7", "", "", "", "", "45", "", "", "", "메모", "1"]),
    ("update 1: price 20000 -> 40000 (+100% warning)", ["1", "", "", "40000", "", "", "", "", "", "", ""]),
    ("update 31: same values (unchanged)", ["31", "Bluetooth Speaker", "", "", "", "", "KRW", "", "", "", ""]),
    ("create 픽스처 머그컵", ["", "픽스처 머그컵", DESC_KO, "9900", "1000", "10", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("create 픽스처 머그컵 again (repeated in the file)", ["", "픽스처 머그컵", DESC_KO, "9900", "", "4", "KRW", "photo-06-hexagon.jpg", "", "", ""]),
    ("25 named only (unchanged)", ["25", "", "", "", "", "", "", "", "", "", ""]),
    ("create 스마트 워치: an own product has this name (warning)", ["", "스마트 워치", DESC_KO, "199000", "", "3", "KRW", "photo-06-hexagon.jpg", "", "", ""]),
    ("create with a 95% discount (warning)", ["", "픽스처 특가 상품", DESC_KO, "10000", "9500", "1", "KRW", "icon-02-ring.png", "", "", ""]),
    ("invalid: name too short", ["", "가", DESC_KO, "1000", "", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: description missing", ["", "픽스처 설명 없음", "", "1000", "", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: price not a number", ["", "픽스처 가격 오류", DESC_KO, "만원", "", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: KRW with decimals", ["", "픽스처 소수 원화", DESC_KO, "1500.5", "", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: USD with three decimals", ["", "픽스처 달러 소수", DESC_KO, "9.999", "", "1", "USD", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: discount over price", ["", "픽스처 할인 초과", DESC_KO, "1000", "1500", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: negative stock", ["", "픽스처 음수 재고", DESC_KO, "1000", "", "-1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: stock not whole", ["", "픽스처 소수 재고", DESC_KO, "1000", "", "1.5", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: bad currency", ["", "픽스처 엔화 가격", DESC_KO, "1000", "", "1", "JPY", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: images missing", ["", "픽스처 이미지 없음", DESC_KO, "1000", "", "1", "KRW", "", "", "", ""]),
    ("invalid: an image not uploaded", ["", "픽스처 업로드 안 됨", DESC_KO, "1000", "", "1", "KRW", "없는사진.jpg", "", "", ""]),
    ("invalid: an uploaded file that is not a picture", ["", "픽스처 깨진 사진", DESC_KO, "1000", "", "1", "KRW", "broken.png", "", "", ""]),
    ("invalid: too many images (6)", ["", "픽스처 사진 여섯 장", DESC_KO, "1000", "", "1", "KRW",
                                      "photo-05-diamond.jpg;photo-06-hexagon.jpg;icon-02-ring.png;photo-05-diamond.jpg;photo-06-hexagon.jpg;icon-02-ring.png", "", "", ""]),
    ("invalid: a picture over 300 KB", ["", "픽스처 큰 사진", DESC_KO, "1000", "", "1", "KRW", "큰사진.jpg", "", "", ""]),
    ("invalid: a damaged JPEG", ["", "픽스처 손상된 사진", DESC_KO, "1000", "", "1", "KRW", "damaged.jpg", "", "", ""]),
    ("invalid: name missing", ["", "", DESC_KO, "1000", "", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: description too short", ["", "픽스처 짧은 설명", "짧은 설명", "1000", "", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: price missing", ["", "픽스처 가격 없음", DESC_KO, "", "", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: price 0", ["", "픽스처 영원", DESC_KO, "0", "", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: price over 10 billion", ["", "픽스처 백억 원", DESC_KO, "20,000,000,000", "", "1", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: stock over 2147483647", ["", "픽스처 재고 과다", DESC_KO, "1000", "", "3000000000", "KRW", "photo-05-diamond.jpg", "", "", ""]),
    ("invalid: several problems in one row", ["", "가나", "짧다", "-5", "", "-1", "GBP", "", "", "", ""]),
    ("invalid: a bad id", ["abc", "", "", "", "", "3", "", "", "", "", ""]),
    ("invalid: an id not found", ["777777", "", "", "", "", "3", "", "", "", "", ""]),
    ("invalid: another vendor's product (5, 서울상회) changed", ["5", "", "", "30", "", "", "", "", "", "", ""]),
]

BROKEN_PNG = b"This file is named broken.png but holds text, not a picture." * 3
# Over the 300 KB limit: refused for its size (counted while uploaded, never stored).
HUGE_JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * (310 * 1024)
# A JPEG's first bytes with no frame header (SOF): refused as damaged.
DAMAGED_JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + b"\x11" * 200


def csv_text(header, rows, bom=False):
    lines = [csv_line(header)] + [csv_line(cells) for _, cells in rows]
    return ("\ufeff" if bom else "") + "\r\n".join(lines) + "\r\n"


# ---------------------------------------------------------------------------------------------
# The scenario


def main():
    if os.path.exists(RUN):
        shutil.rmtree(RUN)
    os.makedirs(RUN)
    servers = Servers()
    market = Market(servers.market_url)
    try:
        scenario(servers, market)
    finally:
        servers.kill_all()
    with open(os.path.join(OUT, "make-fixture.log"), "w") as f:
        f.write("\n".join(LOG) + "\n")


def scenario(servers, market):
    servers.start_market()
    seeded = [market.product(i)["name"] for i in (1, 28, 60)]
    say("# market seeded:", seeded)
    servers.start_dashboard()
    b = Browser(servers)
    b.lang("en")
    wait_snapshot(b)  # the first count: later counts compare with it (outside changes)

    # --- History: form edits, a registration, an undo, deletes, a restore --------------------
    b.edit(19, price="10500")                                        # 45000 -> 10500
    b.edit(13, name="한정판 스니커즈 (리미티드)", stock="5")           # two fields
    b.edit(40, description="푹신한 강아지 방석입니다. 세탁기에 빨 수 있어요. (fixture edit)")
    b.edit(25, stock="6", expect=(303,))                             # nothing changed: no entry
    r = b.create({"name": "Fixture Form Product", "description": "Registered through the dashboard's own form.",
                  "price": "12000", "discounted_price": "2000", "stock": "4", "currency": "KRW"},
                 ["photo-10-cross.jpg", "icon-05-cross.png"])
    form_created = int(r.headers["Location"].rsplit("/", 1)[1])
    say("# registered product", form_created)
    edit13 = query(servers, "SELECT max(id) FROM journal WHERE kind = 'edit' AND product_id = 13")[0][0]
    b.undo_entry(edit13)                                             # name and stock back
    b.delete(16)                                                     # 무선 충전기 15W (1 PNG)
    b.delete(40)                                                     # 강아지 방석 (2 JPEGs)
    b.delete(form_created)                                           # the form's product (JPEG + PNG)
    entry16 = query(servers, "SELECT entry_id FROM trash WHERE product_id = 16")[0][0]
    r = b.restore(entry16, fix={"description": "15W 무선 충전기입니다. 갤럭시와 아이폰 모두 충전돼요."})
    say("# restored product 16 as", r.headers.get("Location"))
    entry40 = query(servers, "SELECT entry_id FROM trash WHERE product_id = 40")[0][0]
    r = b.restore(entry40)
    say("# restored product 40 as", r.headers.get("Location"))

    # --- Batch: bulk price_adjust -11000, applied, with a skipped and a failed row -------------
    b1 = b.bulk([1, 7, 13, 22, 28, 31, 37, 46, 49, 55, 58, 2, 99999], "price_adjust", "-11000", "amount")
    market.edit(OWN, 28, price=50000)        # changed elsewhere after the preview: row skipped
    market.delete(OWN, 46)                   # gone after the preview: row failed (not found)
    b.apply(b1)
    wait_batch(servers, b1)
    # Count again: the count records those two changes as made elsewhere.
    before = query(servers, "SELECT count(*) FROM journal WHERE kind = 'outside'")[0][0]
    b.count_again()
    wait_outside(servers, before)

    # --- Batch: bulk discount_set 10000 (deep discount, unchanged, over the price), applied ---
    b2 = b.bulk([1, 19, 7, 22, 37, 55, 49, 25, 31], "discount_set", "10000", "amount")
    b.apply(b2)
    wait_batch(servers, b2)

    # --- Batch: the undo of batch 2, applied ------------------------------------------------
    b3 = b.undo_batch(b2)
    b.apply(b3)
    wait_batch(servers, b3)

    # --- Batch: bulk delete, applied (the bin keeps the product) ------------------------------
    b4 = b.bulk([10, 3], "delete")
    b.apply(b4)
    wait_batch(servers, b4)

    # --- Import in English, applied: updates, creates with images, invalid rows --------------
    uploads = [(n, image(n)) for n in ("photo-01-circle.jpg", "icon-01-hexagon.png", "photo-02-square.jpg",
                                       "photo-03-triangle.jpg")]
    uploads += [("broken.png", BROKEN_PNG), ("huge.jpg", HUGE_JPEG), ("damaged.jpg", DAMAGED_JPEG)]
    b5 = b.import_csv("fixture-import-en.csv", csv_text(IMPORT_EN_HEADER, IMPORT_EN_ROWS), uploads)
    b.apply(b5)
    wait_batch(servers, b5)

    # --- Import in Korean, left in preview ------------------------------------------------------
    b.lang("ko")
    uploads = [(n, image(n)) for n in ("photo-05-diamond.jpg", "photo-06-hexagon.jpg", "icon-02-ring.png")]
    uploads += [("broken.png", BROKEN_PNG), ("큰사진.jpg", HUGE_JPEG), ("damaged.jpg", DAMAGED_JPEG)]
    b6 = b.import_csv("픽스처-가져오기.csv", csv_text(IMPORT_KO_HEADER, IMPORT_KO_ROWS, bom=True), uploads)

    # --- Bulk preview made while reading Korean, left in preview --------------------------------
    b7 = b.bulk([7, 13, 49, 55, 4, 3, 88888], "price_set", "1000", "amount")
    b.lang("en")

    # --- Batch whose writes fail: previewed, then applied while the market is down ---------------
    b8 = b.bulk([25, 31, 7, 13, 22], "stock_adjust", "-3")           # 13 and 22 would go below 0
    servers.stop_market()
    b.apply(b8)
    wait_batch(servers, b8)
    # A registration while the market is down: the journal records it as failed (unreachable).
    b.create({"name": "Fixture Unreachable Product", "description": "Sent while the market was down.",
              "price": "5000", "discounted_price": "", "stock": "1", "currency": "KRW"},
             ["photo-13-circle.jpg"], expect=(502, 503, 504))
    servers.start_market()

    # --- A write the market refuses: the dashboard restarted with a wrong secret ----------------
    servers.stop_dashboard()
    servers.start_dashboard(secret="not-the-secret")
    b.edit(37, expect=(403, 422, 502), stock="49")
    servers.stop_dashboard()
    servers.start_dashboard()
    b.lang("en")
    wait_snapshot(b)

    # --- Outside changes: made on the market directly, seen by the next count --------------------
    before = query(servers, "SELECT count(*) FROM journal WHERE kind = 'outside'")[0][0]
    time.sleep(1)
    market.edit(OWN, 31, price=95000, stock=12)                      # an own product, edited elsewhere
    market.edit(SEOUL, 5, stock=30)                                  # another vendor's product
    market.delete(TOM, 60)                                           # disappeared
    market.create(TOM, {"name": "Outside Registered Product", "description": "Registered by another tool, not the dashboard.",
                        "price": 77, "currency": "USD", "discounted_price": 7, "stock": 2}, ["icon-07-dots.png"])
    b.count_again()
    wait_outside(servers, before)

    # --- Reference pages -------------------------------------------------------------------------
    save_pages(servers, b)

    # --- Stop, check the WAL, copy --------------------------------------------------------------
    servers.stop_dashboard()
    servers.stop_market()
    deliver(servers)
    check_fresh_seed(referenced_ids())


def save_pages(servers, b):
    pages = os.path.join(OUT, "pages")
    if os.path.exists(pages):
        shutil.rmtree(pages)
    os.makedirs(pages)
    batches = [r[0] for r in query(servers, "SELECT id FROM batches ORDER BY id")]
    for language in ("en", "ko"):
        targets = [("batches", "/batches")]
        for batch in batches:
            total = query(servers, "SELECT count(*) FROM batch_rows WHERE batch_id = ?", (batch,))[0][0]
            assert total <= 100, "a batch page shows 100 rows; page through it"
            targets.append((f"batch-{batch}", f"/batches/{batch}?refresh=off"))
        targets.append(("history", "/history?per_page=100"))
        targets.append(("trash", "/trash?per_page=100"))
        for name, path in targets:
            sep = "&" if "?" in path else "?"
            r = b.get(f"{path}{sep}lang={language}")
            with open(os.path.join(pages, f"{name}.{language}.html"), "w") as f:
                f.write(r.text)
    say("# saved", len(os.listdir(pages)), "pages")


def deliver(servers):
    src = servers.data_dir
    say("# data directory after the graceful stop:", sorted(os.listdir(src)))
    for suffix in ("", "-wal", "-shm"):
        p = os.path.join(src, "dashboard.sqlite" + suffix)
        say(f"#   dashboard.sqlite{suffix}:", os.path.getsize(p) if os.path.exists(p) else "absent", "bytes")
    # Today's dashboard does not checkpoint or close its database at exit: after SIGINT (exit 0)
    # the committed data is still in dashboard.sqlite-wal. So the three files are copied
    # together to a scratch folder, the WAL is folded in there (wal_checkpoint(TRUNCATE)) and
    # only the checkpointed dashboard.sqlite is delivered.
    scratch = os.path.join(RUN, "checkpoint")
    os.makedirs(scratch, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        p = os.path.join(src, "dashboard.sqlite" + suffix)
        if os.path.exists(p):
            shutil.copy2(p, os.path.join(scratch, "dashboard.sqlite" + suffix))
    c = sqlite3.connect(os.path.join(scratch, "dashboard.sqlite"))
    mode = c.execute("PRAGMA journal_mode").fetchone()[0]
    ck = c.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    integrity = c.execute("PRAGMA integrity_check").fetchone()[0]
    counts = {t: c.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
              for t in ("migrations", "batches", "batch_rows", "batch_images", "journal", "trash")}
    c.close()
    wal = os.path.join(scratch, "dashboard.sqlite-wal")
    wal_left = os.path.getsize(wal) if os.path.exists(wal) else 0
    say(f"# checkpointed copy: journal_mode={mode} wal_checkpoint(TRUNCATE)={ck} integrity={integrity} "
        f"wal left={wal_left} bytes; rows {counts}")
    if wal_left or integrity != "ok" or ck[0] != 0:
        raise SystemExit("the copy is not checkpointed")
    dest = os.path.join(OUT, "data-directory")
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    shutil.copy2(os.path.join(scratch, "dashboard.sqlite"), dest)
    if os.path.exists(os.path.join(src, "trash")):
        shutil.copytree(os.path.join(src, "trash"), os.path.join(dest, "trash"))
    if os.path.exists(os.path.join(src, "own-vendor.json")):
        shutil.copy2(os.path.join(src, "own-vendor.json"), dest)
    say("# delivered:", sorted(os.listdir(dest)))


def check_fresh_seed(ids):
    """Starts the dashboard with no --upstream (the embedded market, seeded with the 60
    samples) in a throw-away data directory and asks it for each product id the fixture
    names; stops it with SIGINT."""
    fresh = os.path.join(RUN, "fresh-seed")
    port = free_port()
    cmd = [os.path.join(BIN, "dashboard"), "--host", "127.0.0.1", "--port", str(port),
           "--data-dir", os.path.join(fresh, "data"), "--cache-dir", os.path.join(fresh, "cache")]
    say("$ TZ=UTC", " ".join(cmd))
    os.makedirs(fresh, exist_ok=True)
    log = open(os.path.join(RUN, "logs", "fresh-seed.log"), "w")
    p = subprocess.Popen(cmd, cwd=WORKTREE, env=dict(os.environ, TZ="UTC"), stdout=log, stderr=subprocess.STDOUT)
    found = {}
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                health = requests.get(base + "/healthz", timeout=1)
                if health.status_code == 200:
                    break
            except requests.RequestException:
                pass
            time.sleep(0.1)
        market_url = health.json()["upstream"]["url"].rstrip("/")
        for pid in sorted(ids):
            r = requests.get(f"{market_url}/api/products/{pid}", timeout=10)
            found[pid] = r.json() if r.status_code == 200 else None
    finally:
        p.send_signal(signal.SIGINT)
        say("# fresh-seed dashboard exited", p.wait(60))
    with open(os.path.join(OUT, "fresh-seed-products.json"), "w") as f:
        json.dump({str(k): (None if v is None else {key: v[key] for key in (
            "id", "vendor_id", "name", "currency", "price", "discounted_price", "stock")}) for k, v in found.items()},
            f, ensure_ascii=False, indent=1)
    say("# ids missing from a fresh seeded market:", [k for k, v in found.items() if v is None])


def referenced_ids():
    c = sqlite3.connect("file:" + os.path.join(OUT, "data-directory", "dashboard.sqlite") + "?mode=ro&immutable=1", uri=True)
    ids = {r[0] for r in c.execute("SELECT product_id FROM batch_rows WHERE product_id IS NOT NULL")}
    ids |= {r[0] for r in c.execute("SELECT product_id FROM journal WHERE product_id IS NOT NULL")}
    ids |= {r[0] for r in c.execute("SELECT product_id FROM trash")}
    ids |= {r[0] for r in c.execute("SELECT restored_id FROM trash WHERE restored_id IS NOT NULL")}
    c.close()
    return ids


if __name__ == "__main__":
    main()
