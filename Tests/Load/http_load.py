#!/usr/bin/env python3
"""`storefront serve --http` under load: Get Transaction History (the first page) for a
customer with many transactions, from wrk on loopback.

Usage: http_load.py STOREFRONT_BINARY [--transactions 1000] [--connections 16] [--seconds 10]

Makes a ledger in a scratch folder (one monthly pass renewed until the customer has
--transactions transactions), registers an API key, starts the server on 127.0.0.1, checks
one answer, then runs wrk with one Bearer token. Prints requests per second and the p50 and
p99 latency; fails on any answer but 200. Needs wrk (Debian's wrk) and PyJWT (which
app-store-server-library installs).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("--transactions", type=int, default=1000)
parser.add_argument("--connections", type=int, default=16)
parser.add_argument("--seconds", type=int, default=10)
options = parser.parse_args()

if shutil.which("wrk") is None:
    print("serve --http, Get Transaction History: skipped (apt-get install wrk)")
    sys.exit(0)

work = tempfile.mkdtemp(prefix="storefront-http-load-")
ledger = os.path.join(work, "ledger.sqlite")
environment = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"))
bundle = "com.example.backyardbirds"


def storefront(*arguments):
    subprocess.run([options.binary, *arguments], env=environment, check=True, capture_output=True, timeout=600)


server = None
try:
    storefront("buy", "com.example.backyardbirds.pass.sanctuary.monthly", "--account", "bench", "--ledger", ledger)
    if options.transactions > 1:
        storefront("advance", f"{options.transactions - 1}mo", "--account", "bench", "--ledger", ledger)
    key = ec.generate_private_key(ec.SECP256R1())
    public = os.path.join(work, "key.pub.pem")
    with open(public, "wb") as file:
        file.write(key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    storefront("serve", "api-keys", "add", "bench-issuer", "BENCH", public)
    token = jwt.encode({"iss": "bench-issuer", "aud": "appstoreconnect-v1", "bid": bundle, "exp": int(time.time()) + 3000},
                       key, algorithm="ES256", headers={"kid": "BENCH"})
    server = subprocess.Popen(
        [options.binary, "serve", "--http", "0", "--bundle-id", bundle, "--ledger", ledger, "--rate-limit", "100000000/1s"],
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    base = server.stdout.readline().strip().rsplit(" ", 1)[-1]
    url = f"{base}/inApps/v2/history/1"
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        page = json.load(answer)
    assert len(page["signedTransactions"]) == 20 and page["hasMore"], "the first page is 20 of many"
    output = subprocess.run(
        ["wrk", "-t2", f"-c{options.connections}", f"-d{options.seconds}s", "--latency", "-H", f"Authorization: Bearer {token}", url],
        capture_output=True, text=True, check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))

    def percentile(name):
        value, unit = re.search(rf"\s{name}%\s+([\d.]+)(us|ms|s)", output).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]

    failures = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    if failures:
        print(output)
        sys.exit(f"serve --http: {failures.group(1)} answers were not 200")
    print(f"serve --http, Get Transaction History (first page, {options.transactions} transactions), "
          f"{options.connections} connections: {rate:.0f} requests/s, p50 {percentile(50):.2f} ms, p99 {percentile(99):.2f} ms")
finally:
    if server:
        server.terminate()
        server.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)
