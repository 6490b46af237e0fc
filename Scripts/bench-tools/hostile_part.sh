# Scripts/faults hostile: sourced by Scripts/faults after bench-tools/common.sh, so
# $work, $tools, $bin_dir, pids, start_dashboard, free_port, rss_mb and $status are there.
#
# The dashboard runs over hostile_upstream.py (a market misbehaving on purpose) whose redirects
# point at a sink; each case prints the dashboard's answers, RSS before and after, whether it
# stayed up and whether the sink got anything. A crash, anything at the sink or RSS growth over
# $FAULT_HOSTILE_RSS_MB (64) in one case sets status=1.

hostile_part() {
  local sink_port market_port sink_log=$work/sink.log limit=${FAULT_HOSTILE_RSS_MB:-64}
  sink_port=$(free_port); market_port=$(free_port)
  python3 "$tools/hostile_upstream.py" sink "$sink_port" "$sink_log" & pids+=("$!")
  python3 "$tools/hostile_upstream.py" market "$market_port" "http://127.0.0.1:$sink_port" & pids+=("$!")
  local market=http://127.0.0.1:$market_port
  for _ in $(seq 100); do curl -s -o /dev/null "$market/healthChecker" && curl -s -o /dev/null "http://127.0.0.1:$sink_port/ready" && break; sleep 0.05; done
  : > "$sink_log"  # the readiness probe above is not the dashboard's doing
  start_dashboard hostile --upstream "$market" --identifier 7184295e-4aa2-11ed-a200-81a344d1e7cb --secret hostile-s3cret
  local hostile_pid=$dash_pid hostile_url=$dash_url
  echo "hostile upstream (dashboard -> hostile_upstream.py on :$market_port; redirects point at a sink on :$sink_port):"
  printf '  %-34s %-44s %9s %9s %4s %s\n' case "dashboard's answers (status x count)" "RSS before" after up sink

  # case NAME COMMAND...: runs COMMAND (which appends "status" lines to $work/answers), then
  # prints the line for the case and judges it.
  hostile_case() {
    local name=$1; shift
    local before after sink_before sink_after up=yes sink=nothing answers
    : > "$work/answers"
    before=$(rss_mb "$hostile_pid" VmRSS); sink_before=$(wc -l < "$sink_log")
    "$@"
    sleep 0.3  # a redirect or a fetch still in flight reaches the sink by now
    kill -0 "$hostile_pid" 2>/dev/null || up=NO
    after=$([ "$up" = yes ] && rss_mb "$hostile_pid" VmRSS || echo -)
    sink_after=$(wc -l < "$sink_log")
    [ "$sink_after" -gt "$sink_before" ] && sink="GOT $((sink_after - sink_before)): $(tail -n +$((sink_before + 1)) "$sink_log" | head -2 | tr '\n' ';')"
    answers=$(sort "$work/answers" | uniq -c | awk '{ printf "%s x%s  ", $2, $1 }')
    printf '  %-34s %-44s %6s MB %6s MB %4s %s\n' "$name" "$answers" "$before" "$after" "$up" "$sink"
    if [ "$up" != yes ]; then
      echo "    the dashboard died:"; tail -5 "$work/hostile.out" | sed 's/^/      /'; status=1
      start_dashboard hostile --upstream "$market" --identifier 7184295e-4aa2-11ed-a200-81a344d1e7cb --secret hostile-s3cret
      hostile_pid=$dash_pid hostile_url=$dash_url
      return
    fi
    [ "$sink" = nothing ] || status=1
    awk -v b="$before" -v a="$after" -v l="$limit" 'BEGIN { exit !(a - b > l) }' && { echo "    RSS grew more than $limit MB"; status=1; }
    return 0
  }
  # ask PATH [curl flags...]: one GET, its status (and seconds) appended to $work/answers.
  ask() {
    local path=$1; shift
    curl -s -m 20 -o "$work/answer.html" -w '%{http_code}\n' "$@" "$hostile_url$path" >> "$work/answers" || echo "no-answer" >> "$work/answers"
  }
  timed() { # PATH: like ask, with the time taken
    local started=$SECONDS; ask "$1"
    sed -i '$ s/$/'"(in-$((SECONDS - started))s)"'/' "$work/answers"
  }

  overflow_cases() {
    local field which
    for field in pageNo itemsPerPage totalCount offset limit lastPage page_no items_per_page total_count last_page \
      item-id item-vendor_id item-stock item-price; do
      for which in max min; do ask "/products?q=overflow-$field-$which"; done
    done
    ask "/products?page=999999999999999999999&per_page=-9223372036854775808"
  }
  hostile_case "overflowing numbers (29 answers)" overflow_cases

  image_cases() {
    local key
    ask "/products?q=images"
    for key in $(grep -o '/images/[0-9a-f]*' "$work/answer.html" | sort -u || true); do ask "$key"; done
  }
  hostile_case "thumbnails: sink, endless, 100 MB" image_cases

  hostile_case "100 MB JSON list" timed "/products?q=huge"
  hostile_case "market dripping a byte a second" timed "/products?q=drip"

  register() {
    python3 - "$hostile_url" "$PWD/Sources/LocalMarket/Seed/images/photo-01-circle.jpg" "$work/register.h1" >> "$work/answers" <<'PY'
import html, re, sys, urllib.request, urllib.error, uuid
base, jpeg = sys.argv[1], open(sys.argv[2], "rb").read()
page = urllib.request.urlopen(base + "/products/new", timeout=20)
form = page.read().decode()
cookie = page.headers.get("Set-Cookie", "").split(";")[0]
token = lambda name: re.search(r'name="%s" value="([^"]*)"' % name, form).group(1)
fields = {"csrf_token": token("csrf_token"), "form_token": token("form_token"), "name": "Redirected teapot",
          "description": "A registration answered 307 to the sink.", "price": "1000", "discounted_price": "0",
          "stock": "3", "currency": "KRW"}
boundary = uuid.uuid4().hex
body = b"".join(b'--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n' % (boundary.encode(), k.encode(), v.encode()) for k, v in fields.items())
body += b'--%s\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n' % boundary.encode() + jpeg + b"\r\n--%s--\r\n" % boundary.encode()
request = urllib.request.Request(base + "/products", data=body, method="POST", headers={
    "Content-Type": "multipart/form-data; boundary=" + boundary, "Cookie": cookie, "Origin": base, "Sec-Fetch-Site": "same-origin"})
class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args): return None
try:
    answer = urllib.request.build_opener(NoRedirect).open(request, timeout=30)
except urllib.error.HTTPError as error:
    answer = error
print(answer.status if hasattr(answer, "status") else answer.code)
heading = re.search(r"<h1[^>]*>(.*?)</h1>", answer.read().decode(errors="replace"), re.S)
open(sys.argv[3], "w").write(html.unescape(heading.group(1).strip()) if heading else "")
PY
  }
  hostile_case "registration answered 307" register
  echo "    the page says: $(cat "$work/register.h1" 2>/dev/null) (a write whose answer cannot be read may have happened)"

  retry_link() {
    ask "//products?q=garbage"
    grep -q 'href="//' "$work/answer.html" && { echo "    a link starts with //"; status=1; }
    grep -o 'href="[^"]*garbage[^"]*"' "$work/answer.html" | head -1 | sed 's/^/    retry link: /' || true
  }
  hostile_case "//products retry link" retry_link
  kill "$hostile_pid"; wait "$hostile_pid" 2>/dev/null || true

  start_dashboard userinfo --upstream "http://admin:hunter2@127.0.0.1:$market_port/?token=t0ps3cret"
  local shown; shown=$(curl -s -m 20 "$dash_url/healthz")
  if grep -qE 'admin|hunter2|t0ps3cret' <<< "$shown"; then echo "  /healthz shows secrets of the upstream URL: $shown"; status=1
  else echo "  /healthz upstream: $(python3 -c 'import json,sys; print(json.load(sys.stdin)["upstream"]["url"])' <<< "$shown") (no user info, no query)"; fi
  kill "$dash_pid"; wait "$dash_pid" 2>/dev/null || true

  if [ -f "$tools/hostile_clients.py" ]; then
    start_dashboard clients
    echo "hostile clients (Scripts/bench-tools/hostile_clients.py against a dashboard over the embedded market):"
    python3 "$tools/hostile_clients.py" --base "$dash_url" --pid "$dash_pid" > "$work/clients.out" 2>&1 || status=1
    sed 's/^/  /' "$work/clients.out"
    kill "$dash_pid"; wait "$dash_pid" 2>/dev/null || true
  else
    echo "  (Scripts/bench-tools/hostile_clients.py is not here yet: client-side attacks skipped)"
  fi
  echo
}
