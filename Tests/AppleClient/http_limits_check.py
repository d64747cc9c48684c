#!/usr/bin/env python3
"""`storefront serve --http` against clients that hold connections: raw sockets that send
nothing, drip a request head or body a byte at a time, or keep a connection alive and go
quiet; and, under a descriptor limit of 256, 250 sockets opened at once.

Usage: http_limits_check.py STOREFRONT_BINARY WORK_DIR

The server runs with short limits (--http-header-timeout 2s, --http-body-timeout 2s,
--http-idle 3s), so each socket must be closed by the server within its limit (and not long
before it), while Apple's App Store Server Library, a real back office, still gets every answer.
Last, SIGTERM while a request's body is still coming: the server exits after --drain.
"""
import os
import socket
import subprocess
import sys
import threading
import time

from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest

from apple_checks import BUNDLE_ID, NECTAR, Hook, Storefront, api_client, check, finish, register_api_key, scratch, stop_server

binary, work = sys.argv[1], sys.argv[2]
ledger, environment = scratch(work)
store = Storefront(binary, ledger, environment)
bought = store.buy(NECTAR, "alice")
private_pem = register_api_key(store, work)
hook = Hook()
LIMITS = ["--http-header-timeout", "2s", "--http-body-timeout", "2s", "--http-idle", "3s"]


def connect(base_url):
    host, port = base_url.rsplit("/", 1)[-1].split(":")
    sock = socket.create_connection((host, int(port)), timeout=30)
    return sock


def seconds_until_closed(sock, drip=b"", every=0.3, limit=30):
    """Sends `drip` a byte every `every` seconds (nothing when empty) until the server closes
    the socket; returns how long that took, or None after `limit` seconds."""
    started = time.time()
    sock.settimeout(every)
    position = 0
    while time.time() - started < limit:
        try:
            if sock.recv(4096) == b"":
                return time.time() - started
        except socket.timeout:
            pass
        except ConnectionResetError:
            return time.time() - started
        if drip:
            try:
                sock.send(drip[position % len(drip):position % len(drip) + 1])
            except (BrokenPipeError, ConnectionResetError):
                return time.time() - started
            position += 1
    return None


def history_answers(api):
    history = api.get_transaction_history(str(bought), None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    return history.bundleId == BUNDLE_ID and len(history.signedTransactions) == 1


server, base_url = store.serve(BUNDLE_ID, hook.url, *LIMITS)
try:
    api = api_client(base_url, private_pem)
    check(history_answers(api), "Apple's library reads the history")

    took = seconds_until_closed(connect(base_url))
    check(took is not None and 1.5 < took < 3.5, f"a socket that sends nothing is closed at the header timeout (2 s): {took}")

    head = b"GET /inApps/v2/history/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"a" * 10000
    took = seconds_until_closed(connect(base_url), drip=head)
    check(took is not None and 1.5 < took < 3.5, f"a head dripped a byte every 0.3 s is closed at the header timeout: {took}")

    kept = connect(base_url)
    kept.sendall(b"GET /inApps/v2/history/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = kept.recv(4096)
    check(answer.startswith(b"HTTP/1.1 401"), f"a request with no token gets 401 on a kept-alive connection: {answer[:20]!r}")
    took = seconds_until_closed(kept)
    check(took is not None and 2.5 < took < 4.5, f"the kept-alive connection is closed after the idle timeout (3 s): {took}")

    slow = connect(base_url)
    slow.sendall(b"POST /inApps/v1/notifications/test HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n")
    took = seconds_until_closed(slow, drip=b"{")
    check(took is not None and 1.5 < took < 3.5, f"a body dripped a byte every 0.3 s is closed at the body timeout (2 s): {took}")

    # Twenty slow heads at once, and the back office is answered all the while.
    lorises = [connect(base_url) for _ in range(20)]
    threads = [threading.Thread(target=seconds_until_closed, args=(sock, head)) for sock in lorises]
    for thread in threads:
        thread.start()
    started = time.time()
    answered = all(history_answers(api) for _ in range(10))
    check(answered and time.time() - started < 5, f"ten requests are answered while 20 heads drip ({time.time() - started:.1f} s)")
    for thread in threads:
        thread.join()
finally:
    stop_server(server)

# Under `ulimit -n 256`: 250 sockets that send nothing. The server accepts what its descriptors
# allow (256 less 64 kept back), closes each at the header timeout, and a customer is served.
limited = subprocess.Popen(
    ["/bin/sh", "-c", 'ulimit -n 256 && exec "$0" "$@"', binary, "serve", "--http", "0", "--bundle-id", BUNDLE_ID,
     "--ledger", ledger, "--notify", hook.url, *LIMITS],
    env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
)
line = limited.stdout.readline()
limited_url = line.strip().rsplit(" ", 1)[-1]
check("http://127.0.0.1:" in line, f"the server under ulimit -n 256 listens: {line.strip()}")
try:
    idle = [connect(limited_url) for _ in range(250)]
    time.sleep(0.5)
    descriptors = len(os.listdir(f"/proc/{limited.pid}/fd"))
    check(descriptors < 256, f"with 250 idle sockets the server holds {descriptors} descriptors, under its limit of 256")
    started = time.time()
    answered = history_answers(api_client(limited_url, private_pem))
    check(answered and time.time() - started < 6, f"a customer is answered meanwhile, within the header timeout ({time.time() - started:.1f} s)")
    closed = [seconds_until_closed(sock, limit=10) for sock in idle]
    check(all(took is not None for took in closed), "the server closes all 250 idle sockets")
    check(history_answers(api_client(limited_url, private_pem)), "and answers again at once")
    check(limited.poll() is None, "the server is still running")
finally:
    stop_server(limited)

# SIGTERM while a request's body is still coming (its timeout far off): the request gets
# --drain, then the server exits. (On 5bd6eed it waited for the body for ever and ignored
# every later SIGTERM.)
server, base_url = store.serve(BUNDLE_ID, hook.url, "--http-body-timeout", "60s", "--drain", "2s")
unfinished = connect(base_url)
unfinished.sendall(b"POST /inApps/v1/notifications/test HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{")
time.sleep(0.5)
started = time.time()
server.terminate()
try:
    server.wait(timeout=15)
except subprocess.TimeoutExpired:
    server.kill()
    server.wait()
took = time.time() - started
check(server.returncode == 0 and took < 3.5, f"SIGTERM with a body still coming: exit {server.returncode} after {took:.1f} s (drain 2 s)")
hook.shutdown()
finish()
