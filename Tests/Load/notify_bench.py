#!/usr/bin/env python3
"""Notification delivery: a ledger change → the webhook receiving its notification.

Usage: notify_bench.py STOREFRONT_BINARY [--changes 100] [--output bench/results.json]

Starts `serve --http --notify` on a scratch ledger at time rate 1 (BackyardBirds as shipped)
with a receiver on 127.0.0.1, then makes --changes purchases, one `storefront buy` process at a
time. Each notification's signedDate is when its change was written, inside the ledger's
transaction (the store's clock, in milliseconds); the receiver notes when the POST arrived. The
latency is the difference, so it covers the commit, the server noticing the outbox entry,
signing and the POST. Prints p50/p99 and adds `notification_delivery_ms` to the results file.

Whatever ends the run (a failure, Ctrl-C, SIGTERM), the server is stopped (SIGTERM, then
SIGKILL if it is still running 10 s later) and the receiver closed: a bench leaves nothing behind.
"""
import argparse
import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("--changes", type=int, default=100)
parser.add_argument("--output", default="bench/results.json")
options = parser.parse_args()

latencies = []
arrived = threading.Condition()


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        now = time.time() * 1000
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        segment = body["signedPayload"].split(".")[1]
        payload = json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))
        self.send_response(200)
        self.end_headers()
        with arrived:
            latencies.append(now - payload["signedDate"])
            arrived.notify_all()

    def log_message(self, *arguments):
        pass


def stop(server):
    """SIGTERM, then SIGKILL if the server has not ended 10 s later."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        print("notify-bench: the server ignored SIGTERM for 10 s; killed", file=sys.stderr)
        server.kill()
        server.wait()


# SIGTERM (make's, or a CI runner's) ends the run through the same clean-up as Ctrl-C.
signal.signal(signal.SIGTERM, lambda *_: sys.exit("notify-bench: terminated"))
hook = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
threading.Thread(target=hook.serve_forever, daemon=True).start()
work = tempfile.mkdtemp(prefix="storefront-notify-bench-")
ledger = os.path.join(work, "ledger.sqlite")
environment = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"))
server = None
try:
    server = subprocess.Popen(
        [options.binary, "serve", "--http", "0", "--bundle-id", "com.example.backyardbirds", "--ledger", ledger,
         "--notify", f"http://127.0.0.1:{hook.server_port}/hook"],
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    server.stdout.readline()
    for change in range(options.changes):
        subprocess.run([options.binary, "buy", "com.example.backyardbirds.food.nectar", "--account", "bench", "--ledger", ledger],
                       env=environment, check=True, capture_output=True, timeout=60)
        with arrived:
            if not arrived.wait_for(lambda: len(latencies) > change, timeout=30):
                sys.exit(f"notify-bench: change {change + 1}'s notification never arrived")
finally:
    if server:
        stop(server)
    hook.shutdown()
    hook.server_close()
    shutil.rmtree(work, ignore_errors=True)

ordered = sorted(latencies)
p50, p99 = (ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))] for p in (50, 99))
print(f"serve --http, notification delivery (ledger change → webhook, {len(ordered)} purchases, time rate 1): "
      f"p50 {p50:.1f} ms, p99 {p99:.1f} ms (target p99 < 200 ms: {'met' if p99 < 200 else 'NOT met'})")
try:
    with open(options.output) as file:
        results = json.load(file)
except (FileNotFoundError, json.JSONDecodeError):
    results = {}
results["notification_delivery_ms"] = {"p50": round(p50, 1), "p99": round(p99, 1), "changes": len(ordered)}
os.makedirs(os.path.dirname(options.output) or ".", exist_ok=True)
with open(options.output, "w") as file:
    json.dump(results, file, indent=2)
    file.write("\n")
