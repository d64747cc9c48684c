#!/usr/bin/env python3
"""Load on `storefront serve --ssh`: many customers at once, each with a key of their own.

Starts its own server (127.0.0.1, a port the system picks, data in a scratch folder), then
SESSIONS clients (asyncssh, from PyPI) each open a terminal session, wait for the first frame,
open the tip jar's shop, move MOVES times, buy once and leave. Then it checks what a user would:
exactly one transaction per customer, no session dropped, no child left (zombie or not), and the
server's descriptors back where they started. Prints connect -> first frame and key -> screen p50/p99, and the bytes one move sends.

    python3 Tests/Load/ssh_load.py .build/release/storefront --sessions 100 --moves 50
"""
import argparse, asyncio, json, os, re, signal, subprocess, sys, tempfile, time

import asyncssh

ESCAPES = re.compile(rb"\x1b(\[[0-9;?]*[ -/]*[@-~]|[()][0-9A-B]|[=>78])")


class Screen:
    """What a session has drawn so far, escape sequences removed, to wait for words in."""

    def __init__(self, process):
        self.process, self.text = process, ""

    async def wait_for(self, words, limit=60):
        deadline = time.monotonic() + limit
        while words not in self.text:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"waited {limit}s for {words!r}; last drawn: {self.text[-300:]!r}")
            chunk = await asyncio.wait_for(self.process.stdout.read(65536), left)
            if not chunk:
                raise ConnectionError(f"session ended before {words!r}")
            self.text += ESCAPES.sub(b"", chunk).decode("utf-8", "replace")


async def customer(port, key, moves):
    start = time.monotonic()
    async with asyncssh.connect("127.0.0.1", port=port, username="customer", client_keys=[key],
                                known_hosts=None, agent_path=None) as connection:
        process = await connection.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        screen = Screen(process)
        await screen.wait_for("Consumables")
        first_frame = time.monotonic() - start
        process.stdin.write(b"\r")
        await screen.wait_for("0.99")
        for move in range(moves):
            process.stdin.write(b"\x1b[B" if move % 2 == 0 else b"\x1b[A")  # down, up: back on the first row
            await asyncio.sleep(0.02)
        process.stdin.write(b"\r")
        await screen.wait_for("Confirm Purchase")
        process.stdin.write(b"y")
        await screen.wait_for("Thank you")
        process.stdin.write(b"q")
        return first_frame


async def first_frame_alone(port):
    key = asyncssh.generate_private_key("ssh-ed25519")
    start = time.monotonic()
    async with asyncssh.connect("127.0.0.1", port=port, username="customer", client_keys=[key],
                                known_hosts=None, agent_path=None) as connection:
        process = await connection.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        await Screen(process).wait_for("Consumables")
        elapsed = time.monotonic() - start
        await quiet_bytes(process)  # the rest of the first frame
        pressed = time.monotonic()
        process.stdin.write(b"\x1b[B")  # one move down
        moved = await quiet_bytes(process)
        process.stdin.write(b"q")
        return elapsed, moved[0] - pressed, moved[1]


async def quiet_bytes(process, quiet=0.15):
    """Reads until nothing comes for `quiet` seconds: (when the first byte came, how many came)."""
    first, count = None, 0
    while True:
        try:
            chunk = await asyncio.wait_for(process.stdout.read(65536), quiet)
        except asyncio.TimeoutError:
            return (first or time.monotonic()), count
        if not chunk:
            return (first or time.monotonic()), count
        first = first or time.monotonic()
        count += len(chunk)


def percentile(sorted_times, p):
    """In milliseconds, nearest rank."""
    if not sorted_times:
        return float("nan")
    return sorted_times[min(len(sorted_times) - 1, int(len(sorted_times) * p / 100))] * 1000


def children(pid):
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            found += f.read().split()
    return found


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("storefront")
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument("--samples", type=int, default=20, help="one customer at a time, for connect -> first frame alone")
    arguments = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="storefront-ssh-load-")
    environment = dict(os.environ, XDG_DATA_HOME=scratch)
    server = subprocess.Popen(
        [arguments.storefront, "serve", "--ssh", "0", "--catalog", "tipjar", "--latency", "0",
         "--max-sessions", str(max(64, arguments.sessions))],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, text=True)
    try:
        line = server.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))
        samples = [await first_frame_alone(port) for _ in range(arguments.samples)]
        alone = sorted(sample[0] for sample in samples)
        key_to_screen = sorted(sample[1] for sample in samples)
        bytes_per_move = sorted(sample[2] for sample in samples)
        # The baseline once the server is warm (its event loops and crypto have opened what they keep).
        await asyncio.sleep(1)
        fds_before = descriptors(server.pid)
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(arguments.sessions)]

        results = await asyncio.gather(*(customer(port, key, arguments.moves) for key in keys), return_exceptions=True)
        failures = [r for r in results if isinstance(r, BaseException)]
        times = sorted(r for r in results if not isinstance(r, BaseException))

        bought = 0
        for key in keys:
            async with asyncssh.connect("127.0.0.1", port=port, username="customer", client_keys=[key],
                                        known_hosts=None, agent_path=None) as connection:
                answer = await connection.run("transactions --json", check=True)
                bought += len(json.loads(answer.stdout))

        deadline = time.monotonic() + 15
        # Connections close on the server a moment after the client's side.
        while (children(server.pid) or descriptors(server.pid) > fds_before) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        left = children(server.pid)
        fds_after = descriptors(server.pid)

        p50, p99 = percentile(times, 50), percentile(times, 99)
        print(f"sessions {arguments.sessions}, moves {arguments.moves}: {len(times)} completed, {len(failures)} failed")
        if alone:
            print(f"connect -> first frame, one customer at a time: p50 {percentile(alone, 50):.0f} ms, "
                  f"p99 {percentile(alone, 99):.0f} ms ({len(alone)} samples)")
            print(f"key -> screen over SSH: p50 {percentile(key_to_screen, 50):.1f} ms, "
                  f"p99 {percentile(key_to_screen, 99):.1f} ms; bytes per move: {bytes_per_move[len(bytes_per_move) // 2]}")
        print(f"connect -> first frame, all {arguments.sessions} at once: p50 {p50:.0f} ms, p99 {p99:.0f} ms")
        print(f"transactions {bought} (want {arguments.sessions}); children left {len(left)}; "
              f"server fds {fds_before} -> {fds_after}")
        for failure in failures[:5]:
            print(f"  failed: {failure!r}")
        ok = not failures and bought == arguments.sessions and not left and fds_after <= fds_before
        return 0 if ok else 1
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
