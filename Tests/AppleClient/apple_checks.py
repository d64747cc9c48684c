"""What the Apple-library scripts share: numbered checks, payload field checks against Apple's
models, a webhook receiver, and the storefront binary's commands."""
import base64
import json
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from appstoreserverlibrary.models.Data import Data
from appstoreserverlibrary.models.JWSRenewalInfoDecodedPayload import JWSRenewalInfoDecodedPayload
from appstoreserverlibrary.models.JWSTransactionDecodedPayload import JWSTransactionDecodedPayload
from appstoreserverlibrary.models.ResponseBodyV2DecodedPayload import ResponseBodyV2DecodedPayload

# BackyardBirds, the catalog both scripts sell, and the back office's key names.
BUNDLE_ID = "com.example.backyardbirds"
ISSUER, KEY_ID = "5a1e7c3b-0f4d-4c55-9b8e-2d6f7a8b9c0d", "STOREFRONT1"
NECTAR = "com.example.backyardbirds.food.nectar"
FEEDER = "com.example.backyardbirds.feeder.copper"
MONTHLY = "com.example.backyardbirds.pass.sanctuary.monthly"

passed = 0


def scratch(work):
    """The ledger path and the environment (a private XDG_DATA_HOME) in the work folder."""
    return os.path.join(work, "ledger.sqlite"), dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"), NO_COLOR="1")


def check(condition, what):
    global passed
    if not condition:
        print(f"FAILED: {what}", flush=True)
        print(f"{passed} passed, 1 failed", flush=True)
        sys.exit(1)
    passed += 1
    print(f"ok: {what}", flush=True)


def finish():
    print(f"{passed} passed, 0 failed")


def raw_payload(jws):
    segment = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))


def known_fields(jws, model, payload=None):
    """Every key of the signed payload (or of `payload`) is a field of Apple's model."""
    payload = raw_payload(jws) if payload is None else payload
    unknown = [key for key in payload if not hasattr(model, key) or key.startswith("raw")]
    check(not unknown, f"{model.__name__}: every key is Apple's ({sorted(payload)})")
    return payload


def enums_map(decoded, model_name):
    """Every enum value of a decoded model is one of Apple's."""
    for name in dir(decoded):
        if name.startswith("raw") and len(name) > 3:
            field = name[3].lower() + name[4:]
            raw = getattr(decoded, name)
            if raw is not None:
                check(getattr(decoded, field) is not None, f"{model_name}.{field} = {raw!r} is one of Apple's values")


def decode_notification(verifier, signed):
    """A notification through Apple's SignedDataVerifier and models, every key and enum mapped:
    the payload, its data, the transaction and the renewal info it carries."""
    payload = known_fields(signed, ResponseBodyV2DecodedPayload)
    known_fields(None, Data, payload["data"])
    notification = verifier.verify_and_decode_notification(signed)
    enums_map(notification, "ResponseBodyV2DecodedPayload")
    enums_map(notification.data, "Data")
    transaction = renewal = None
    if notification.data.signedTransactionInfo:
        known_fields(notification.data.signedTransactionInfo, JWSTransactionDecodedPayload)
        transaction = verifier.verify_and_decode_signed_transaction(notification.data.signedTransactionInfo)
        enums_map(transaction, "JWSTransactionDecodedPayload")
    if notification.data.signedRenewalInfo:
        known_fields(notification.data.signedRenewalInfo, JWSRenewalInfoDecodedPayload)
        renewal = verifier.verify_and_decode_renewal_info(notification.data.signedRenewalInfo)
        enums_map(renewal, "JWSRenewalInfoDecodedPayload")
    return notification, transaction, renewal


class Hook:
    """A webhook receiver on 127.0.0.1: every POST body in arrival order; it answers 500 while
    `failing` and waits `delay` seconds before answering."""

    def __init__(self):
        self.received = []
        self.failing = False
        self.failures = 0
        self.started = 0
        self.delay = 0.0
        self.lock = threading.Lock()
        hook = self

        class Receiver(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                hook.started += 1
                if hook.failing:
                    hook.failures += 1
                    self.send_response(500)
                    self.end_headers()
                    return
                time.sleep(hook.delay)
                with hook.lock:
                    hook.received.append(body)
                self.send_response(200)
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def payloads(self):
        with self.lock:
            return [body["signedPayload"] for body in self.received]

    def shutdown(self):
        self.server.shutdown()


class Storefront:
    """The storefront binary on one ledger (a SQLite file, or a PostgreSQL store's URL), in a
    private XDG_DATA_HOME."""

    def __init__(self, binary, ledger, environment, catalog=None, store_url=None):
        self.binary, self.environment = binary, environment
        self.catalog = ["--catalog", catalog] if catalog else []
        self.location = ["--store", store_url] if store_url else ["--ledger", ledger]

    def run(self, *arguments):
        done = subprocess.run([self.binary, *arguments, *self.catalog, *self.location], env=self.environment,
                              capture_output=True, text=True, timeout=60)
        check(done.returncode == 0, f"storefront {' '.join(arguments)} exits 0 ({done.stderr.strip()})")
        return json.loads(done.stdout) if "--json" in arguments else done.stdout

    def buy(self, product, account):
        return self.run("buy", product, "--account", account, "--json")["transaction"]["id"]

    def serve(self, bundle_id, hook_url, *options):
        server = subprocess.Popen(
            [self.binary, "serve", "--http", "0", "--bundle-id", bundle_id, *self.catalog, *self.location,
             "--notify", hook_url, "--rate-limit", "1000/1s", *options],
            env=self.environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        line = server.stdout.readline()
        check("http://127.0.0.1:" in line, f"the server says where it listens: {line.strip()}")
        return server, line.strip().rsplit(" ", 1)[-1]


def register_api_key(store, work):
    """A new back-office key, registered with `serve api-keys add`; returns its private half (PEM)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    private_key = ec.generate_private_key(ec.SECP256R1())
    public_path = os.path.join(work, "AuthKey.pub.pem")
    with open(public_path, "wb") as file:
        file.write(private_key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    store.run("serve", "api-keys", "add", ISSUER, KEY_ID, public_path)
    return private_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


def api_client(base_url, private_pem):
    """Apple's client in LocalTesting, pointed at the server (the library's own base URL is a placeholder)."""
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient
    from appstoreserverlibrary.models.Environment import Environment
    api = AppStoreServerAPIClient(private_pem, KEY_ID, ISSUER, BUNDLE_ID, Environment.LOCAL_TESTING)
    api._base_url = base_url
    return api


def back_office(store, work):
    """A registered key, a webhook receiver and `serve --http` notifying it, Apple's client and a
    LocalTesting verifier: (hook, server, api, verifier, the key's private PEM)."""
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
    private_pem = register_api_key(store, work)
    hook = Hook()
    server, base_url = store.serve(BUNDLE_ID, hook.url)
    return hook, server, api_client(base_url, private_pem), SignedDataVerifier([], False, Environment.LOCAL_TESTING, BUNDLE_ID), private_pem


def stop_server(server):
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
    check(server.returncode == 0, f"the server stops cleanly on SIGTERM (exit {server.returncode})")


def wait_until(condition, what, timeout=20):
    deadline = time.time() + timeout
    while not condition():
        if time.time() > deadline:
            check(False, f"{what} (waited {timeout} s)")
        time.sleep(0.02)
