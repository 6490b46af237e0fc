#!/usr/bin/env python3
"""A data directory in the embedded market's legacy single-file format (market.json + images/),
for the migration cycle of Scripts/faults crash.

make DIR COUNT IMAGE: writes DIR/market.json with COUNT products (format 1, counters past the
  last ids, names "Legacy product N ..." with Korean and symbols) and one image each, hard links
  of a copy of IMAGE (original and thumbnail). Prints the bytes of market.json.
check PORT COUNT IMAGE: waits up to 60 s for the market, then checks the total count, the name
  of 300 products spread over the ids (first and last included) and the image bytes of 30.
  Prints "answer-ms found lost wrong-images".
"""
import http.client, json, os, sys, time

NAMES = ["찻잔", "50%_off", 'say "hi"', "Mug", "🎉 Party"]


def name(index):
    return f"Legacy product {index} {NAMES[index % len(NAMES)]}"


def make(directory, count, image_path):
    day = "20221104"
    folder = os.path.join(directory, "images", "28", day)
    os.makedirs(folder, exist_ok=True)
    # Every product's files are hard links of one copy inside the data dir (never of IMAGE).
    source = os.path.join(directory, "images", "legacy-source.jpg")
    with open(image_path, "rb") as original, open(source, "wb") as copy:
        copy.write(original.read())
    products = []
    for index in range(1, count + 1):
        key = f"{index:032x}"
        origin, thumb = f"28/{day}/{key}_origin.jpg", f"28/{day}/{key}_thumb.jpg"
        os.link(source, os.path.join(directory, "images", origin))
        os.link(source, os.path.join(directory, "images", thumb))
        products.append({
            "id": index, "uuid": f"00000000-0000-4000-8000-{index:012x}", "vendorId": 28, "name": name(index),
            "description": "Imported from market.json by the migration cycle.", "currency": "KRW",
            "price": str(1000 + index), "discountedPrice": "0", "stock": index % 9, "thumbnailImageId": index,
            "images": [{"id": index, "originPath": origin, "thumbnailPath": thumb, "issuedAt": f"2022-11-04T00:00:00"}],
            "createdAt": "2022-11-04T00:00:00", "issuedAt": "2022-11-04T00:00:00"})
    state = {"format": 1, "nextProductId": count + 5, "nextImageId": count + 5, "products": products}
    os.unlink(source)
    data = json.dumps(state, ensure_ascii=False, indent=2).encode()
    with open(os.path.join(directory, "market.json"), "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    print(len(data))


def get(conn, path):
    conn.request("GET", path)
    response = conn.getresponse()
    return response.status, response.read()


def check(port, count, image_path, started):
    image = open(image_path, "rb").read()
    deadline = time.time() + 60
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            status, body = get(conn, "/api/products?items_per_page=1")
            if status == 200:
                break
        except OSError:
            pass
        if time.time() > deadline:
            print("down")
            return
        time.sleep(0.02)
    answer_ms = int((time.time() - started) * 1000)
    total = json.loads(body)["totalCount"]
    ids = sorted({1, count} | {1 + (count - 1) * k // 299 for k in range(300)})
    found = lost = wrong = 0
    for number, product_id in enumerate(ids):
        status, body = get(conn, f"/api/products/{product_id}")
        if status != 200 or json.loads(body)["name"] != name(product_id):
            lost += 1
            continue
        found += 1
        if number % 10 == 0:
            url = json.loads(body)["images"][0]["url"]
            status, data = get(conn, url[url.index("/images/"):])
            if status != 200 or data != image:
                wrong += 1
    if total != count:
        lost = max(lost, abs(count - total))
    print(answer_ms, found, lost, wrong, total)


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif sys.argv[1] == "check":
        check(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], float(sys.argv[5]))
    else:
        raise SystemExit(__doc__)
