#!/usr/bin/env python3
"""Load on `storefront serve --ssh`: many customers at once, each with a key of their own.

Starts its own server (127.0.0.1, a port the system picks, data in a scratch folder), then
SESSIONS clients (asyncssh, from PyPI) each open a terminal session, wait for the first frame,
open the tip jar's shop, move MOVES times, buy once and leave. Then it checks what a user would:
exactly one transaction per customer, no session dropped, no child left (zombie or not), and the
server's descriptors and resident memory back where they stood before the customers came (after a
first round as large, which grows the allocator to what that many need).

    python3 Tests/Load/ssh_load.py .build/release/storefront --sessions 100 --moves 50
"""
import argparse, asyncio, json, sys, time

import asyncssh

from shop import children, descriptors, memory, new_key, percentile, server, ssh_session, DOWN, UP

# What the server may keep after the customers leave, in MB of RSS, once it has served as many
# at once before: allocator pages it has not handed back. 5 KB a customer at 100 customers.
RSS_SLACK_MB = 0.5


async def customer(port, key, moves):
    start = time.monotonic()
    async with ssh_session(port, key) as (_, screen):
        await screen.wait_for("Consumables")
        first_frame = time.monotonic() - start
        screen.write(b"\r")
        await screen.wait_for("0.99")
        for move in range(moves):
            screen.write(DOWN if move % 2 == 0 else UP)  # back on the first row after each pair
            await asyncio.sleep(0.02)
        screen.write(b"\r")
        await screen.wait_for("Confirm Purchase")
        screen.write(b"y")
        await screen.wait_for("Thank you")
        screen.write(b"q")
        return first_frame


async def bought(port, key):
    async with asyncssh.connect("127.0.0.1", port=port, username="customer", client_keys=[key],
                                known_hosts=None, agent_path=None) as connection:
        answer = await connection.run("transactions --json", check=True)
        return len(json.loads(answer.stdout))


async def settled(pid, fds_before, rss_before, limit=30):
    """Waits until the server has no child and its descriptors and RSS are back (connections
    close on the server a moment after the client's side); returns what it has then."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        left, fds, rss = children(pid), descriptors(pid), memory(pid)["rss"]
        if not left and fds <= fds_before and rss <= rss_before + RSS_SLACK_MB:
            break
        await asyncio.sleep(0.2)
    return left, fds, rss


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("storefront")
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--moves", type=int, default=50)
    arguments = parser.parse_args()

    with server(arguments.storefront, "--max-sessions", str(max(64, arguments.sessions))) as (process, port):
        # As many customers as the load, once, so the baseline is a warm server's: its allocator
        # has grown to what that many need at once, and keeps it (a fresh server's RSS is printed).
        for _ in range(3):
            await customer(port, new_key(), 2)
        await settled(process.pid, 10**6, 10**6, limit=5)
        rss_fresh = memory(process.pid)["rss"]
        await asyncio.gather(*(customer(port, new_key(), 2) for _ in range(arguments.sessions)))
        await settled(process.pid, 10**6, 10**6, limit=5)
        fds_before, rss_before = descriptors(process.pid), memory(process.pid)["rss"]

        keys = [new_key() for _ in range(arguments.sessions)]
        results = await asyncio.gather(*(customer(port, key, arguments.moves) for key in keys), return_exceptions=True)
        failures = [r for r in results if isinstance(r, BaseException)]
        times = [r for r in results if not isinstance(r, BaseException)]
        peak_rss = memory(process.pid)["rss"]
        transactions = sum([await bought(port, key) for key in keys])
        left, fds_after, rss_after = await settled(process.pid, fds_before, rss_before)

        print(f"sessions {arguments.sessions}, moves {arguments.moves}: {len(times)} completed, {len(failures)} failed")
        print(f"connect -> first frame, all {arguments.sessions} at once: p50 {percentile(times, 50):.0f} ms, "
              f"p99 {percentile(times, 99):.0f} ms")
        print(f"transactions {transactions} (want {arguments.sessions}); children left {len(left)} (zombies included)")
        print(f"server fds {fds_before} -> {fds_after}; server RSS {rss_before:.1f} MB -> {rss_after:.1f} MB "
              f"(at most +{RSS_SLACK_MB}; {peak_rss:.1f} MB as the sessions ended; {rss_fresh:.1f} MB before the "
              f"first {arguments.sessions})")
        for failure in failures[:5]:
            print(f"  failed: {failure!r}")
        ok = (not failures and transactions == arguments.sessions and not left and fds_after <= fds_before
              and rss_after <= rss_before + RSS_SLACK_MB)
        print("load: OK" if ok else "load: FAILED")
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
