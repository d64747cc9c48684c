#!/usr/bin/env python3
"""A customer whose client asks for a huge terminal (asyncssh, from PyPI).

Usage: huge_window.py PORT KEY COLUMNSxROWS COLUMNSxROWS DONE_FILE

Opens the store with a pty-req of the first size, says "drawn" once the store has drawn
and "notice: …" for the server's notice on the bottom row, then sends a window-change of
the second size and says "resized" (and the notice again). It keeps the session open until
DONE_FILE exists, so the test can measure the session's memory meanwhile, then quits the
store and says "exit-status N" as the server reported it.
"""
import asyncio
import os
import re
import sys

import asyncssh

def notice(asked):
    """The server's notice for a window of `asked` columns x rows."""
    return re.compile(r"Your window is %dx%d characters; the store uses its top-left [0-9]+x[0-9]+" % asked)


def size(text):
    columns, rows = text.split("x")
    return int(columns), int(rows)


async def wait_for(process, pattern, seen):
    while not pattern.search(seen[0]):
        chunk = await asyncio.wait_for(process.stdout.read(65536), 30)
        if not chunk:
            raise SystemExit("the session ended before: " + pattern.pattern + "\n" + seen[0][-2000:])
        seen[0] += chunk
    found = pattern.search(seen[0]).group(0)
    seen[0] = seen[0][pattern.search(seen[0]).end():]
    return found


async def main():
    port, key, first, second, done = int(sys.argv[1]), sys.argv[2], size(sys.argv[3]), size(sys.argv[4]), sys.argv[5]
    async with asyncssh.connect(
        "127.0.0.1", port, username="customer", client_keys=[key], known_hosts=None
    ) as connection:
        process = await connection.create_process(term_type="xterm-256color", term_size=first, encoding="utf-8",
                                                  errors="replace")
        seen = [""]
        await wait_for(process, re.compile("Consumables"), seen)
        print("drawn", flush=True)
        print("notice: " + await wait_for(process, notice(first), seen), flush=True)
        process.change_terminal_size(*second)
        print("notice: " + await wait_for(process, notice(second), seen), flush=True)
        print("resized", flush=True)
        # The store keeps drawing; read on until the test is done measuring.
        drain = asyncio.ensure_future(drain_output(process))
        while not os.path.exists(done):
            await asyncio.sleep(0.1)
        process.stdin.write("q")
        await asyncio.wait_for(process.wait_closed(), 30)
        drain.cancel()
        print(f"exit-status {process.exit_status}", flush=True)


async def drain_output(process):
    while await process.stdout.read(65536):
        pass


asyncio.run(main())
