#!/usr/bin/env python3
"""`storefront serve --http --notify` against webhook receivers that stop answering, each
written here on 127.0.0.1: one that reads the POST and never answers, one that half-closes,
one that answers a byte every half second for ever, and one whose process is stopped
(SIGSTOP: the kernel still accepts its connections, nobody reads them).

Usage: webhook_hang_check.py STOREFRONT_BINARY WORK_DIR

For each, the server notifies the bad receiver and a healthy one (apple_checks.Hook). Three
customers buy; the healthy receiver gets all three notifications at once while the bad one
hangs. Then SIGTERM, with deliveries to the bad receiver still under way: the server exits 0
within its --drain of 2 s. Last, a receiver left to drip alone: the server closes it at the
attempt's 10 s deadline; and one whose accept queue is full: connecting is given up at 5 s.
"""
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time

from apple_checks import BUNDLE_ID, NECTAR, Hook, Storefront, check, finish, raw_payload, scratch

binary, work = sys.argv[1], sys.argv[2]
DRAIN = 2


def read_request(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return
        data += chunk


def answers_never(connection):
    read_request(connection)
    time.sleep(3600)


def half_closes(connection):
    read_request(connection)
    connection.shutdown(socket.SHUT_WR)
    time.sleep(3600)


dripped_for = []


def drips(connection):
    accepted = time.time()
    read_request(connection)
    try:
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
        while True:
            connection.sendall(b"x")
            time.sleep(0.5)
    except OSError:
        dripped_for.append(time.time() - accepted)


class BadReceiver:
    """Accepts on 127.0.0.1 and gives each connection to `behaviour` on a thread of its own;
    with `stopped`, a child process listens instead and is stopped with SIGSTOP."""

    def __init__(self, behaviour=None, stopped=False):
        self.process = None
        if stopped:
            self.process = subprocess.Popen([sys.executable, "-c", STOPPED_RECEIVER], stdout=subprocess.PIPE, text=True)
            port = int(self.process.stdout.readline())
            self.process.send_signal(signal.SIGSTOP)
        else:
            listener = socket.create_server(("127.0.0.1", 0))
            port = listener.getsockname()[1]
            threading.Thread(target=self.accept, args=(listener, behaviour), daemon=True).start()
        self.url = f"http://127.0.0.1:{port}/hook"

    @staticmethod
    def accept(listener, behaviour):
        while True:
            connection, _ = listener.accept()
            threading.Thread(target=behaviour, args=(connection,), daemon=True).start()

    def stop(self):
        if self.process:
            self.process.kill()
            self.process.wait()


FULL_RECEIVER = """
import socket, time
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(0)
print(listener.getsockname()[1], flush=True)
time.sleep(600)
"""

STOPPED_RECEIVER = """
import socket
listener = socket.create_server(("127.0.0.1", 0))
print(listener.getsockname()[1], flush=True)
while True:
    listener.accept()[0].recv(1)
"""

for name, receiver in [
    ("never answers", lambda: BadReceiver(answers_never)),
    ("half-closes", lambda: BadReceiver(half_closes)),
    ("answers a byte every 0.5 s", lambda: BadReceiver(drips)),
    ("is stopped (SIGSTOP)", lambda: BadReceiver(stopped=True)),
]:
    case = os.path.join(work, name.split()[0])
    os.makedirs(case)
    ledger, environment = scratch(case)
    store = Storefront(binary, ledger, environment)
    bad, good = receiver(), Hook()
    server = subprocess.Popen(
        [binary, "serve", "--http", "0", "--bundle-id", BUNDLE_ID, "--ledger", ledger, "--notify", bad.url,
         "--notify", good.url, "--drain", f"{DRAIN}s"],
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        check("http://127.0.0.1:" in server.stdout.readline(), f"a receiver that {name}: the server listens")
        bought = {store.buy(NECTAR, customer) for customer in ["ann", "ben", "cid"]}
        def delivered():
            return {int(raw_payload(raw_payload(signed)["data"]["signedTransactionInfo"])["transactionId"])
                    for signed in good.payloads()}
        deadline = time.time() + 5
        while not delivered() >= bought and time.time() < deadline:
            time.sleep(0.05)
        check(delivered() >= bought, f"the healthy receiver gets all three notifications within 5 s while the other {name}")
        started = time.time()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=DRAIN + 10)
        except subprocess.TimeoutExpired:
            pass
        took = time.time() - started
        check(server.returncode == 0 and took < DRAIN + 1,
              f"SIGTERM with deliveries under way: exit {server.returncode} after {took:.1f} s (drain {DRAIN} s)")
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        good.shutdown()
        bad.stop()
# The dripping receiver alone, left to drip: the server gives the attempt its 10 s and closes
# the connection (on 5bd6eed, URLSession's timeout restarted with every byte, for ever).
case = os.path.join(work, "left-to-drip")
os.makedirs(case)
ledger, environment = scratch(case)
store = Storefront(binary, ledger, environment)
bad = BadReceiver(drips)
dripped_for.clear()
server = subprocess.Popen([binary, "serve", "--http", "0", "--bundle-id", BUNDLE_ID, "--ledger", ledger, "--notify", bad.url],
                          env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
try:
    check("http://127.0.0.1:" in server.stdout.readline(), "the server listens, notifying a receiver that drips")
    store.buy(NECTAR, "ann")
    deadline = time.time() + 20
    while not dripped_for and time.time() < deadline:
        time.sleep(0.1)
    check(dripped_for and 9 < dripped_for[0] < 12,
          f"the server closes a dripping answer at its 10 s deadline ({dripped_for[0] if dripped_for else 'still open after 20'} s)")
finally:
    server.kill()
    server.wait()
    bad.stop()

# A receiver whose accept queue is full (a process that never accepts, listen backlog 0, already holding
# connections): the kernel drops the server's SYNs, so connecting hangs. The attempt is given up
# at the 5 s connect timeout and recorded TIMED_OUT (on 5bd6eed nothing was recorded in 40 s).
case = os.path.join(work, "full-queue")
os.makedirs(case)
ledger, environment = scratch(case)
store = Storefront(binary, ledger, environment)
full = subprocess.Popen([sys.executable, "-c", FULL_RECEIVER], stdout=subprocess.PIPE, text=True)
port = int(full.stdout.readline())
queued = [socket.socket() for _ in range(4)]
for waiting in queued:
    waiting.setblocking(False)
    waiting.connect_ex(("127.0.0.1", port))
time.sleep(0.5)
server = subprocess.Popen([binary, "serve", "--http", "0", "--bundle-id", BUNDLE_ID, "--ledger", ledger, "--notify",
                           f"http://127.0.0.1:{port}/hook"], env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
try:
    check("http://127.0.0.1:" in server.stdout.readline(), "the server listens, notifying a receiver whose accept queue is full")
    store.buy(NECTAR, "ann")
    bought = time.time()
    attempts = []
    while not attempts and time.time() - bought < 20:
        time.sleep(0.1)
        with sqlite3.connect(ledger) as db:
            attempts = db.execute("SELECT result FROM notificationAttempts").fetchall()
    took = time.time() - bought
    check(attempts == [("TIMED_OUT",)] and took < 8, f"connecting is given up at 5 s: {attempts} after {took:.1f} s")
finally:
    server.kill()
    server.wait()
    full.kill()
    full.wait()
finish()
