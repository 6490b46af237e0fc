# Shared by Scripts/bench and Scripts/faults: release build, temp dir with cleanup, starting the
# dashboard and nginx on loopback, wrk runs and RSS readings. Source it; it sets $work.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
for tool in wrk nginx curl python3; do
  command -v "$tool" >/dev/null || { echo "$0: $tool is not installed (apt-get install -y wrk nginx-light curl python3)" >&2; exit 2; }
done
tools=$PWD/Scripts/bench-tools
duration=${BENCH_SECONDS:-10}

work=$(mktemp -d /tmp/om-bench.XXXXXX)
chmod a+rx "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -CONT "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true; done
  for pidfile in "$work"/nginx*.pid; do [ -f "$pidfile" ] && kill "$(cat "$pidfile" 2>/dev/null)" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

build_release() { # products...
  local product
  for product in "$@"; do swift build -c release --product "$product" >/dev/null; done
  bin_dir=$(swift build -c release --show-bin-path)
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# start_dashboard NAME [flags...]: sets dash_pid and dash_url.
start_dashboard() {
  local name=$1; shift
  "$bin_dir/dashboard" --port 0 --log-level warning --data-dir "$work/$name/data" --cache-dir "$work/$name/cache" "$@" > "$work/$name.out" 2>&1 &
  dash_pid=$!; pids+=("$dash_pid")
  for _ in $(seq 200); do grep -q '^Listening' "$work/$name.out" 2>/dev/null && break; sleep 0.05; done
  dash_url=$(sed -n 's/^Listening on //p' "$work/$name.out")
  [ -n "$dash_url" ] || { echo "$0: the dashboard did not start:" >&2; cat "$work/$name.out" >&2; exit 1; }
}

# start_dashboard_as_run NAME [flags...]: the dashboard in the configuration `swift run
# dashboard` starts (the access log on: one line per request to standard error, here the file
# $work/NAME.log); sets dash_pid and dash_url.
start_dashboard_as_run() {
  local name=$1; shift
  "$bin_dir/dashboard" --port 0 --data-dir "$work/$name/data" --cache-dir "$work/$name/cache" "$@" > "$work/$name.out" 2> "$work/$name.log" &
  dash_pid=$!; pids+=("$dash_pid")
  for _ in $(seq 200); do grep -q '^Listening' "$work/$name.out" 2>/dev/null && break; sleep 0.05; done
  dash_url=$(sed -n 's/^Listening on //p' "$work/$name.out")
  [ -n "$dash_url" ] || { echo "$0: the dashboard did not start:" >&2; cat "$work/$name.out" "$work/$name.log" >&2; exit 1; }
}

# start_nginx ROOT [NAME [ACCESS_LOG]]: serves ROOT on a free loopback port; sets nginx_url and
# nginx_name (NAME, by default nginx: its files are $work/NAME.*). With ACCESS_LOG, nginx
# writes its access log there in its default `combined` format, as nginx does out of the box;
# without, no access log.
start_nginx() {
  local port; port=$(free_port)
  nginx_name=${2:-nginx}
  local access_log="access_log off;"
  [ -n "${3:-}" ] && access_log="access_log $3;"
  mkdir -p "$work/nginx-tmp"
  sed -e "s|@PID@|$work/$nginx_name.pid|" -e "s|@ERROR_LOG@|$work/$nginx_name-error.log|" \
    -e "s|@ACCESS_LOG@|$access_log|" -e "s|@TEMP@|$work/nginx-tmp|g" -e "s|@PORT@|$port|" -e "s|@ROOT@|$1|" \
    "$(dirname "${BASH_SOURCE[0]}")/nginx.conf" > "$work/$nginx_name.conf"
  nginx -c "$work/$nginx_name.conf" -g 'daemon off;' &
  pids+=("$!")
  nginx_url=http://127.0.0.1:$port
  for _ in $(seq 100); do curl -s -o /dev/null "$nginx_url/" && break; sleep 0.05; done
}

# measure NAME URL [wrk flags...]: prints "rps p50 p99 non2xx" (latencies in ms); runs
# $MEASURE_SECONDS if set, else $duration.
measure() {
  local name=$1 url=$2; shift 2
  curl -sf "$url" -o /dev/null || { echo "$0: $name does not answer $url" >&2; exit 1; }
  wrk -t2 -c32 -d"${MEASURE_SECONDS:-$duration}s" --latency "$@" "$url" > "$work/$name.wrk"
  awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /m$/) return v * 60000; if (v ~ /s$/) return v * 1000; return v }
    /^Requests\/sec/ { rps = $2 }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    /Non-2xx/ { bad = $NF }
    /Socket errors/ { bad = bad "+sock" }
    END { printf "%.0f %.2f %.2f %s\n", rps, p50, p99, (bad == "" ? 0 : bad) }' "$work/$name.wrk"
}

rss_mb() { awk -v key="$2:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# Side-by-side rounds. This machine's two cores are shared (wrk runs on them too, and so do
# neighbours), so one 10 s run of each side can differ by 20% from the next for no reason of
# ours. `side_by_side` measures both sides $rounds times for $pair_seconds s each, taking turns
# at going first (a machine getting busier or quieter favours neither), and keeps every run in
# runs[WHAT-dashboard] and runs[WHAT-nginx]; `median_of` and `ratios` summarise them.
rounds=${BENCH_ROUNDS:-3}
pair_seconds=${BENCH_PAIR_SECONDS:-5}
declare -A runs
side_by_side() { # WHAT DASHBOARD_URL NGINX_URL
  local what=$1 round side url order
  for round in $(seq "$rounds"); do
    order="dashboard nginx"; [ $((round % 2)) = 0 ] && order="nginx dashboard"
    for side in $order; do
      url=$2; [ "$side" = nginx ] && url=$3
      runs[$what-$side]+="$(MEASURE_SECONDS=$pair_seconds measure "$what-$side" "$url")"$'\n'
    done
  done
}
# median_of COLUMN LINES: the median of one column of "rps p50 p99 errors" lines.
median_of() { awk -v c="$1" 'NF { print $c }' <<< "$2" | sort -g | awk '{ v[++n] = $1 } END { print (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }'; }
# medians WHAT SIDE: "rps p50 p99 runs-with-errors" over that side's rounds.
medians() {
  local lines=${runs[$1-$2]}
  echo "$(median_of 1 "$lines") $(median_of 2 "$lines") $(median_of 3 "$lines") $(awk 'NF && $4 != "0" { bad++ } END { print bad + 0 }' <<< "$lines")"
}
# ratios WHAT: each round's requests/s ratio dashboard / nginx, one a line, in round order.
ratios() { paste -d' ' <(awk 'NF { print $1 }' <<< "${runs[$1-dashboard]}") <(awk 'NF { print $1 }' <<< "${runs[$1-nginx]}") | awk '{ printf "%.2f\n", $1 / $2 }'; }

# CPU time per request. Requests/s follow the neighbours' load on this machine; the CPU a
# server spends per request hardly does, so the check in Scripts/bench compares that too.
# cpu_ticks PID...: user + system time of these processes (all their threads), in clock ticks.
cpu_ticks() {
  local pid total=0
  for pid in "$@"; do total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0))); done
  echo "$total"
}
# nginx_pids: the nginx that start_nginx started last (or the one $nginx_name names), master
# and workers.
nginx_pids() { local master; master=$(cat "$work/${nginx_name:-nginx}.pid"); echo "$master" $(pgrep -P "$master"); }
# side_by_side_cpu WHAT DASHBOARD_URL NGINX_URL: side_by_side, and each side's microseconds of
# CPU per request over its rounds in cpu_us[WHAT-dashboard] and cpu_us[WHAT-nginx] (the
# dashboard is $dash_pid). A side idles while the other is measured, so its ticks are its own.
declare -A cpu_us
side_by_side_cpu() {
  local dash0 nginx0 dash1 nginx1
  dash0=$(cpu_ticks "$dash_pid"); nginx0=$(cpu_ticks $(nginx_pids))
  side_by_side "$@"
  dash1=$(cpu_ticks "$dash_pid"); nginx1=$(cpu_ticks $(nginx_pids))
  cpu_us[$1-dashboard]=$(per_request_us $((dash1 - dash0)) "${runs[$1-dashboard]}")
  cpu_us[$1-nginx]=$(per_request_us $((nginx1 - nginx0)) "${runs[$1-nginx]}")
}
# per_request_us TICKS LINES: microseconds per request, the requests being requests/s x
# $pair_seconds summed over the rounds' "rps p50 p99 errors" lines.
per_request_us() {
  awk -v t="$1" -v s="$pair_seconds" -v hz="$(getconf CLK_TCK)" \
    'NF { n += $1 * s } END { printf "%.1f", n ? t * 1000000 / hz / n : 0 }' <<< "$2"
}
