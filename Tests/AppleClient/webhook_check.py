#!/usr/bin/env python3
"""Notifications V2 from `storefront serve --http` to a webhook, through a failing receiver
and a server killed mid-delivery.

Usage: webhook_check.py STOREFRONT_BINARY WORK_DIR [POSTGRES_STORE_URL]

On a SQLite ledger in WORK_DIR, or on the PostgreSQL store the URL names (already migrated;
its outbox read with psql).

The catalog is BackyardBirds with Xcode's time rate 6 (a store day lasts a second), so Apple's
retry schedule (1, 12, 24, 48, 72 hours) runs in seconds. Customers buy with the storefront
binary while the server runs; the receiver first answers 500 for a while, then, answering
slowly, sees the server SIGKILLed mid-delivery and started again.

Delivery is at least once, as Apple's is: a POST the receiver took while the server died
before recording it is sent again, with the same notificationUUID. What is checked: every
notification in the outbox reached the receiver, each notificationUUID arrived once except
those still unrecorded at the kill (at most twice), nothing arrived that the ledger did not
record, first arrivals came in the outbox's order per original transaction, Apple's
SignedDataVerifier and models decode every one, and Get Notification History shows each
failed attempt and the success that followed.
"""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from apple_checks import BUNDLE_ID, FEEDER, MONTHLY, NECTAR, scratch, Hook, Storefront, api_client, check, decode_notification, finish, raw_payload, register_api_key, stop_server, wait_until

binary, work = sys.argv[1], sys.argv[2]
store_url = sys.argv[3] if len(sys.argv) > 3 else None
ledger, environment = scratch(work)

# BackyardBirds, with a store day lasting a second.
with open(os.path.join(os.path.dirname(__file__), "../../Resources/Catalogs/BackyardBirds.storekit")) as file:
    catalog = json.load(file)
catalog["settings"]["_timeRate"] = 6
catalog_path = os.path.join(work, "BackyardBirds.storekit")
with open(catalog_path, "w") as file:
    json.dump(catalog, file)
store = Storefront(binary, ledger, environment, catalog_path, store_url)

private_pem = register_api_key(store, work)


def outbox(condition="TRUE"):
    """The outbox's rows: (id, notificationUUID, originalTransactionID, type, subtype, transactionID, done)."""
    query = f"""SELECT id, notificationUUID, originalTransactionID, notificationType, subtype, transactionID,
                       nextAttemptAt IS NULL FROM notificationOutbox WHERE {condition} ORDER BY id"""
    if not store_url:
        with sqlite3.connect(ledger) as db:
            return db.execute(query).fetchall()
    lines = subprocess.run(["psql", store_url, "-At", "-F", "|", "-c", query], capture_output=True, text=True, check=True).stdout
    rows = [line.split("|") for line in lines.splitlines() if line]
    return [(int(id), uuid, int(original), kind, subtype or None, int(transaction), done == "t")
            for id, uuid, original, kind, subtype, transaction, done in rows]


def delivered():
    """Every outbox row is done and the receiver has every one of them."""
    rows = outbox()
    received = {raw_payload(signed)["notificationUUID"] for signed in hook.payloads()}
    return rows and all(row[6] for row in rows) and {row[1] for row in rows} <= received


hook = Hook()
verifier = SignedDataVerifier([], False, Environment.LOCAL_TESTING, BUNDLE_ID)
server, base_url = store.serve(BUNDLE_ID, hook.url)
try:
    # A receiver that answers.
    alice = [store.buy(NECTAR, "alice"), store.buy(MONTHLY, "alice")]
    wait_until(delivered, "alice's purchases are delivered")

    # A receiver that answers 500 for a while: each notification is tried again, on the scaled schedule.
    hook.failing = True
    bob = [store.buy(NECTAR, "bob"), store.buy(FEEDER, "bob")]
    store.run("refund", str(bob[0]), "--account", "bob")
    wait_until(lambda: hook.failures >= 6, "the failing receiver is asked again")
    hook.failing = False
    wait_until(delivered, "bob's notifications are delivered once the receiver answers")

    # A slow receiver, and the server SIGKILLed while a POST waits for its answer.
    hook.delay = 0.3
    carol = []
    for _ in range(5):
        carol.append(store.buy(NECTAR, "carol"))
    wait_until(lambda: hook.started > len(hook.payloads()), "a POST is in flight")
    server.send_signal(signal.SIGKILL)
    server.wait()
    check(server.returncode == -signal.SIGKILL, "the server is killed mid-delivery")
    unrecorded = {row[1] for row in outbox("nextAttemptAt IS NOT NULL")}
    check(unrecorded, f"the kill left {len(unrecorded)} notifications to deliver")
    hook.delay = 0
    server, base_url = store.serve(BUNDLE_ID, hook.url)
    wait_until(delivered, "after the restart every notification is delivered")

    # What the ledger recorded: one notification per change, with Apple's type and subtype.
    rows = outbox()
    kinds = {(row[5], row[3], row[4]) for row in rows}
    expected = {(alice[0], "ONE_TIME_CHARGE", None), (alice[1], "SUBSCRIBED", "INITIAL_BUY"), (bob[0], "ONE_TIME_CHARGE", None),
                (bob[1], "ONE_TIME_CHARGE", None), (bob[0], "REFUND", None)} | {(id, "ONE_TIME_CHARGE", None) for id in carol}
    check(expected <= kinds, "the outbox has a notification for each change")
    check(all(kind in expected or kind[1] == "DID_RENEW" for kind in kinds), "and nothing else but the pass's renewals")

    # What the receiver got: each notification at least once, a repeat only of one the kill left unrecorded.
    arrivals = [raw_payload(signed)["notificationUUID"] for signed in hook.payloads()]
    recorded = [row[1] for row in rows]
    check(set(arrivals) == set(recorded), f"the receiver got every notification the ledger recorded, and no other ({len(recorded)})")
    repeats = {uuid for uuid in arrivals if arrivals.count(uuid) > 1}
    check(repeats <= unrecorded, f"a repeat is only of a notification unrecorded at the kill ({len(repeats)} repeated)")
    check(all(arrivals.count(uuid) <= 2 for uuid in arrivals), "and comes at most twice")
    first = list(dict.fromkeys(arrivals))
    for original in {row[2] for row in rows}:
        in_ledger = [row[1] for row in rows if row[2] == original]
        check([uuid for uuid in first if uuid in in_ledger] == in_ledger, f"original transaction {original}: in the order recorded")

    # Apple's library decodes every one.
    seen = set()
    for signed in hook.payloads():
        uuid = raw_payload(signed)["notificationUUID"]
        if uuid in seen:
            continue
        seen.add(uuid)
        notification, transaction, _ = decode_notification(verifier, signed)
        row = next(row for row in rows if row[1] == uuid)
        check(int(transaction.transactionId) == row[5] and notification.notificationType.value == row[3],
              f"notification {row[0]} carries transaction {row[5]} as {row[3]}")

    # Get Notification History: the failed attempts, then the success, hours apart in store time.
    api = api_client(base_url, private_pem)
    now = int(time.time() * 1000)
    history = api.get_notification_history(None, NotificationHistoryRequest(startDate=now - 600_000, endDate=now + 60_000,
                                                                             transactionId=str(bob[0])))
    check(len(history.notificationHistory) == 3, "bob's three notifications in his history")
    attempts = {}
    for item in history.notificationHistory:
        kind = verifier.verify_and_decode_notification(item.signedPayload).notificationType.value
        transaction = verifier.verify_and_decode_signed_transaction(
            verifier.verify_and_decode_notification(item.signedPayload).data.signedTransactionInfo)
        attempts[(int(transaction.transactionId), kind)] = item.sendAttempts
        results = [attempt.sendAttemptResult.value for attempt in item.sendAttempts]
        check(results[-1] == "SUCCESS" and set(results[:-1]) <= {"UNSUCCESSFUL_HTTP_RESPONSE_CODE"}, f"{kind}: attempts {results}")
        gaps = [b.attemptDate - a.attemptDate for a, b in zip(item.sendAttempts, item.sendAttempts[1:])]
        # Apple's schedule, 1, 12, 24, 48 and 72 hours, at a store day per second.
        schedule = [hours * 3600_000 / 86_400 for hours in (1, 12, 24, 48, 72)]
        check(all(gap >= wait - 1 for gap, wait in zip(gaps, schedule)), f"retries on Apple's schedule in store time ({gaps} ms)")
    check(len(attempts[(bob[0], "ONE_TIME_CHARGE")]) >= 3 and len(attempts[(bob[1], "ONE_TIME_CHARGE")]) >= 3,
          "the purchases were tried while the receiver failed, then delivered")
    check(attempts[(bob[0], "REFUND")][0].attemptDate >= attempts[(bob[0], "ONE_TIME_CHARGE")][-1].attemptDate,
          "the refund was first sent after its purchase was delivered")
finally:
    stop_server(server)
    hook.shutdown()

finish()
