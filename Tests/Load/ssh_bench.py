#!/usr/bin/env python3
"""The benchmarks of `storefront serve --ssh` (issue 15), run by `make bench` after storefront-bench:
prints a table and adds its keys to bench/results.json (see BENCHMARKS.md, "Over SSH").

Each figure uses a server of its own on 127.0.0.1 (the tip jar, no latency, 80x24, xterm-256color)
and asyncssh clients (PyPI) in this process, so client, server and sessions share the machine.

    python3 Tests/Load/ssh_bench.py .build/release/storefront [--quick] [--output bench/results.json]
"""
import argparse, asyncio, contextlib, json, os, random, sys, time

from shop import (children, load_average, local_session, median, memory, new_key, percentile, server,
                  ssh_session, DOWN, UP)

LADDER = [25, 50, 100, 150, 200, 250, 300]
P99_LIMIT_MS = 50


async def first_frames(port, samples):
    """Connect -> first frame, one customer at a time, each a new key (a new account and ledger):
    TCP, key exchange, sign-in, pty-req, shell, the child started, until "Consumables" arrived."""
    times, sign_ins = [], []
    for _ in range(samples):
        start = time.monotonic()
        async with ssh_session(port, new_key()) as (_, screen):
            await screen.wait_for("Consumables")
            times.append(time.monotonic() - start)
            sign_ins.append(screen.signed_in - start)
            screen.write(b"q")
    return times, sign_ins


async def open_tip_jar(screen):
    await screen.wait_for("Consumables")
    screen.write(b"\r")
    await screen.wait_for("0.99")
    await screen.quiet()


async def moves(screen, count):
    """The scenario both ways: the tip jar open, `count` moves down and up on its first rows;
    for each, (seconds from the key to the last byte of its redraw, the redraw's bytes)."""
    await open_tip_jar(screen)
    return [await screen.move(DOWN if move % 2 == 0 else UP) for move in range(count)]


async def ssh_moves(port, count):
    async with ssh_session(port, new_key()) as (_, screen):
        return await moves(screen, count)


async def local_moves(storefront, count):
    async with local_session(storefront, ["--catalog", "tipjar", "--latency", "0", "--in-memory"]) as (_, screen):
        return await moves(screen, count)


async def session_memory(process, port, count):
    """What a session costs: its child's RSS, RssAnon and PSS (medians), and the server's RSS and
    RssAnon growth from before the sessions to while they are all open, divided by their number; in MB."""
    before = memory(process.pid)
    async with contextlib.AsyncExitStack() as stack:
        for _ in range(count):
            _, screen = await stack.enter_async_context(ssh_session(port, new_key()))
            await screen.wait_for("Consumables")
            await screen.quiet(0.05)
        await asyncio.sleep(1)  # each child trims its heap after its first frame
        after = memory(process.pid)
        each = [memory(int(pid)) for pid in children(process.pid)]
    figures = {f"child_{name}": median([m[name] for m in each]) for name in ("rss", "rss_anon", "pss")}
    # Not the server's PSS: it falls as children map the same binary, whose pages it then shares.
    figures.update({f"server_{name}": (after[name] - before[name]) / count for name in ("rss", "rss_anon")})
    return figures


async def active(port, sessions, seconds):
    """`sessions` customers in the tip jar at once, each moving once a second for `seconds`:
    every move's key -> screen, and how many sessions failed."""
    opening = asyncio.Semaphore(8)  # connect a few at a time: the figure is the steady state, not the stampede
    ready = asyncio.Event()
    settled = []  # one entry per customer that has opened the tip jar or failed to

    def arrived():
        settled.append(1)
        if len(settled) == sessions:
            ready.set()

    async def customer():
        async with contextlib.AsyncExitStack() as stack:
            try:
                async with opening:
                    _, screen = await stack.enter_async_context(ssh_session(port, new_key()))
                    await open_tip_jar(screen)
            finally:
                arrived()
            await ready.wait()
            await asyncio.sleep(random.random())  # spread over the second
            times = []
            for move in range(seconds):
                tick = time.monotonic()
                elapsed, _ = await screen.move(DOWN if move % 2 == 0 else UP, quiet=0.1)
                times.append(elapsed)
                await asyncio.sleep(max(0, 1 - (time.monotonic() - tick)))
            screen.write(b"q")
            return times

    results = await asyncio.gather(*(customer() for _ in range(sessions)), return_exceptions=True)
    failed = [r for r in results if isinstance(r, BaseException)]
    return [t for r in results if not isinstance(r, BaseException) for t in r], failed


async def wait_for_no_children(pid, limit=60):
    deadline = time.monotonic() + limit
    while children(pid) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)


def row(name, value, unit, target="", met=None):
    shown = f"{value:.3g} {unit}" if isinstance(value, float) else f"{value} {unit}"
    return f"| {name:<58} | {shown:<17} | {target:<8} | {'' if met is None else ('yes' if met else 'NO'):<4} |"


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("storefront")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--output", default="bench/results.json")
    parser.add_argument("--command", default="python3 Tests/Load/ssh_bench.py")
    arguments = parser.parse_args()
    quick = arguments.quick
    rows, results = [], {}
    load_at_start = load_average()

    def progress(message):
        print(f"ssh-bench: {message}", file=sys.stderr, flush=True)

    with server(arguments.storefront, "--max-sessions", "1000") as (process, port):
        progress("connect -> first frame")
        connects, sign_ins = await first_frames(port, 15 if quick else 50)
        results["ssh_connect_first_frame_ms"] = {"p50": percentile(connects, 50), "p99": percentile(connects, 99)}
        rows.append(row(f"ssh_connect_first_frame_ms p50 ({len(connects)} customers)", percentile(connects, 50), "ms", "< 150",
                        percentile(connects, 50) < 150))
        rows.append(row("ssh_connect_first_frame_ms p99", percentile(connects, 99), "ms"))
        rows.append(row("  of which TCP, key exchange and sign-in, p50 / p99", percentile(sign_ins, 50),
                        f"/ {percentile(sign_ins, 99):.3g} ms"))

        progress("key -> screen and bytes per move, over SSH and locally, taking turns")
        count = 30 if quick else 100
        over_ssh, local = [], []
        for _ in range(1 if quick else 2):
            over_ssh += await ssh_moves(port, count)
            local += await local_moves(arguments.storefront, count)
        for name, measured in (("ssh", over_ssh), ("local", local)):
            latencies = [m[0] for m in measured]
            results[f"{name}_key_to_screen_ms"] = {"p50": percentile(latencies, 50), "p99": percentile(latencies, 99)}
            results[f"{name}_bytes_per_move"] = median([m[1] for m in measured])
            rows.append(row(f"{name}_key_to_screen_ms p50 / p99 ({len(measured)} moves)", percentile(latencies, 50),
                            f"/ {percentile(latencies, 99):.3g} ms"))
        same = sorted(m[1] for m in over_ssh) == sorted(m[1] for m in local)
        rows.append(row("ssh_bytes_per_move (median; every move as local?)", results["ssh_bytes_per_move"], "B", "= local", same))
        rows.append(row("local_bytes_per_move", results["local_bytes_per_move"], "B"))

        progress("memory per session")
        sessions = 10 if quick else 20
        results["ssh_session_memory_mb"] = await session_memory(process, port, sessions)
        figures = results["ssh_session_memory_mb"]
        rows.append(row(f"ssh_session_memory_mb: the child's RSS / RssAnon / PSS", figures["child_rss"],
                        f"/ {figures['child_rss_anon']:.3g} / {figures['child_pss']:.3g} MB"))
        rows.append(row(f"  the server's growth per session ({sessions} open): RSS / RssAnon", figures["server_rss"],
                        f"/ {figures['server_rss_anon']:.3g} MB"))
        await wait_for_no_children(process.pid)

        seconds = 8 if quick else 20
        best, ladder = 0, {}
        for sessions in LADDER:
            progress(f"{sessions} active sessions, a move a second each, {seconds} s")
            times, failed = await active(port, sessions, seconds)
            await wait_for_no_children(process.pid)
            p99 = percentile(times, 99)
            ladder[str(sessions)] = p99
            rows.append(row(f"  {sessions} active: key -> screen p99 ({len(times)} moves, {len(failed)} failed)", p99, "ms",
                            f"< {P99_LIMIT_MS}", p99 < P99_LIMIT_MS and not failed))
            if failed or not p99 < P99_LIMIT_MS:
                for failure in failed[:3]:
                    progress(f"  failed: {failure!r}")
                break
            best = sessions
        results["ssh_max_active_sessions"] = best
        results["ssh_active_sessions_p99_ms"] = ladder
        rows.append(row(f"ssh_max_active_sessions (p99 < {P99_LIMIT_MS} ms; tried {', '.join(ladder)})", best, "", ">= 100", best >= 100))

    rounded = json.loads(json.dumps(results), parse_float=lambda text: round(float(text), 3))
    try:
        with open(arguments.output) as f:
            merged = json.load(f)
    except (FileNotFoundError, json.JSONDecodeError):
        merged = {}
    merged.update(rounded)
    os.makedirs(os.path.dirname(arguments.output) or ".", exist_ok=True)
    with open(arguments.output, "w") as f:
        json.dump(merged, f, indent=2)
        f.write("\n")

    print(f"\ncommand: {arguments.command}\nserve --ssh: load average {load_at_start} at the start, {load_average()} at the end\n")
    print(f"| {'figure':<58} | {'value':<17} | {'target':<8} | met? |")
    print("\n".join(rows))
    print(f"\nadded the ssh keys to {arguments.output}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
