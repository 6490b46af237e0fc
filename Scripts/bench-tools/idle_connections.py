#!/usr/bin/env python3
"""Holds N keep-alive connections open to HOST:PORT for SECONDS, mostly idle.

The server closes a connection idle for 5 s (its keep-alive timeout), so each connection sends
one small HEAD request every INTERVAL seconds (staggered) and otherwise sits still; a
connection the server closes is counted and reopened. Prints one summary line at the end.
Usage: idle_connections.py HOST PORT N SECONDS [PATH] [INTERVAL]
"""
import asyncio, sys, time

host, port, count, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
path = sys.argv[5] if len(sys.argv) > 5 else "/static/file.txt"
interval = float(sys.argv[6]) if len(sys.argv) > 6 else 3.0
stats = {"requests": 0, "reopened": 0, "open": 0, "failed": 0, "bad": 0}
request = f"HEAD {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()


async def holder(index, deadline, ready):
    first = True
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            stats["failed"] += 1
            await asyncio.sleep(0.5)
            continue
        if not first:
            stats["reopened"] += 1
        stats["open"] += 1
        if first:
            ready.append(index)
            first = False
        try:
            await asyncio.sleep((index % 100) / 100 * interval)
            while time.monotonic() < deadline:
                writer.write(request)
                await writer.drain()
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
                stats["requests"] += 1
                if not head.startswith(b"HTTP/1.1 200"):
                    stats["bad"] += 1
                await asyncio.sleep(interval)
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, asyncio.LimitOverrunError):
            pass
        finally:
            stats["open"] -= 1
            writer.close()


async def main():
    deadline = time.monotonic() + seconds
    ready = []
    tasks = [asyncio.create_task(holder(i, deadline, ready)) for i in range(count)]
    while len(ready) < count and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    print(f"idle: {len(ready)} connections open", flush=True)
    samples = []
    while time.monotonic() < deadline - 0.5:
        await asyncio.sleep(0.5)
        samples.append(stats["open"])
    low = min(samples) if samples else stats["open"]
    await asyncio.gather(*tasks, return_exceptions=True)
    print(f"idle: held {low}..{max(samples or [low])} of {count} open; {stats['requests']} keep-alive requests "
          f"({stats['bad']} not 200), {stats['reopened']} reopened, {stats['failed']} connect failures", flush=True)

asyncio.run(main())
