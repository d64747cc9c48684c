#!/usr/bin/env python3
"""Auto-renew off and on, a downgrade cancelled, and a test notification tried again, as
Apple's App Store Server Library reads them.

Usage: lifecycle_check.py STOREFRONT_BINARY WORK_DIR [POSTGRES_URL]

alice subscribes to Sanctuary Monthly; `storefront auto-renew ID off`, then `on`: each a
DID_CHANGE_RENEWAL_STATUS (AUTO_RENEW_DISABLED / AUTO_RENEW_ENABLED) whose renewal info says
autoRenewStatus 0 / 1, as `entitlements --json` says willAutoRenew. She chooses Grove Monthly
(a downgrade, DID_CHANGE_RENEWAL_PREF DOWNGRADE) and then Sanctuary again, which cancels it:
DID_CHANGE_RENEWAL_PREF with no subtype, autoRenewProductId back to Sanctuary. Then, on a
second server whose catalog runs a store day a second, Request a Test Notification while the
receiver answers 500: TEST is tried again on Apple's schedule until it answers 200, and Get
Test Notification Status lists each attempt. Prints one line per check and 'N passed, 0 failed'.
"""
import json
import os

from appstoreserverlibrary.models.AutoRenewStatus import AutoRenewStatus
from appstoreserverlibrary.models.SendAttemptResult import SendAttemptResult

from apple_checks import BUNDLE_ID, MONTHLY, api_client, check, decode_notification, finish, stop_server, wait_until, Hook, Storefront
from lifecycle_support import kind, subscribed

GROVE = "com.example.backyardbirds.pass.grove.monthly"

run = subscribed()
store, first, verifier, arrivals = run.store, run.first, run.verifier, run.arrivals
try:
    arrivals.wait(1, "the purchase's notification")

    def subscription():
        return store.run("entitlements", "--account", "alice", "--json")["subscriptions"][0]

    store.run("auto-renew", str(first), "off", "--account", "alice")
    (off, _, renewal), = arrivals.wait(2, "auto-renew off")
    check(kind(off) == "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "auto-renew off: DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED")
    check(renewal.autoRenewStatus == AutoRenewStatus.OFF, "its renewal info: autoRenewStatus 0")
    check(subscription()["willAutoRenew"] is False, "entitlements --json: willAutoRenew false")

    store.run("auto-renew", str(first), "on", "--account", "alice")
    (on, _, renewal), = arrivals.wait(3, "auto-renew on")
    check(kind(on) == "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_ENABLED", "auto-renew on: DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_ENABLED")
    check(renewal.autoRenewStatus == AutoRenewStatus.ON, "its renewal info: autoRenewStatus 1")
    check(subscription()["willAutoRenew"] is True, "entitlements --json: willAutoRenew true")

    scheduled = store.run("buy", GROVE, "--account", "alice", "--json")
    check(scheduled["result"] == "scheduled", "buying Grove Monthly schedules a downgrade")
    (downgrade, _, renewal), = arrivals.wait(4, "the downgrade")
    check(kind(downgrade) == "DID_CHANGE_RENEWAL_PREF DOWNGRADE", "DID_CHANGE_RENEWAL_PREF DOWNGRADE")
    check(renewal.autoRenewProductId == GROVE, "autoRenewProductId: Grove Monthly")

    kept = store.run("buy", MONTHLY, "--account", "alice", "--json")
    check(kept["result"] == "alreadySubscribed", f"buying Sanctuary Monthly again keeps it ({kept['result']})")
    (cancelled, _, renewal), = arrivals.wait(5, "the downgrade cancelled")
    check(kind(cancelled) == "DID_CHANGE_RENEWAL_PREF", "the downgrade cancelled: DID_CHANGE_RENEWAL_PREF with no subtype")
    check(renewal.autoRenewProductId == MONTHLY, "autoRenewProductId: Sanctuary Monthly again")
    check(subscription()["autoRenewPreference"] == MONTHLY, "entitlements --json: autoRenewPreference Sanctuary Monthly")
finally:
    stop_server(run.server)
    run.hook.shutdown()

# A second server whose catalog runs a store day a second: Apple's retries (1, 12, 24 … hours)
# come 42 ms, 0.5 s, 1 s … apart.
catalog_path = os.path.join(run.work, "BackyardBirds.storekit")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Resources/Catalogs/BackyardBirds.storekit")) as file:
    catalog = json.load(file)
catalog["settings"]["_timeRate"] = 6
with open(catalog_path, "w") as file:
    json.dump(catalog, file)
fast = Storefront(run.binary, os.path.join(run.work, "fast.sqlite"), run.environment, catalog=catalog_path)
hook = Hook()
hook.failing = True
server, base_url = fast.serve(BUNDLE_ID, hook.url)
try:
    api = api_client(base_url, run.private_pem)
    token = api.request_test_notification().testNotificationToken
    wait_until(lambda: hook.failures >= 3, "the test notification is tried again while the receiver answers 500")
    hook.failing = False
    wait_until(lambda: len(hook.payloads()) == 1, "the test notification arrives once the receiver answers 200")
    notification, _, _ = decode_notification(verifier, hook.payloads()[0])
    check(kind(notification) == "TEST", "it is Apple's TEST notification")

    def attempts():
        return api.get_test_notification_status(token).sendAttempts

    wait_until(lambda: attempts()[-1].sendAttemptResult == SendAttemptResult.SUCCESS, "the status records the success")
    results = [attempt.sendAttemptResult for attempt in attempts()]
    check(len(results) >= 4 and set(results[:-1]) == {SendAttemptResult.UNSUCCESSFUL_HTTP_RESPONSE_CODE},
          f"Get Test Notification Status: each failed attempt, then SUCCESS ({[r.value for r in results]})")
    dates = [attempt.attemptDate for attempt in attempts()]
    check(dates == sorted(dates) and dates[2] - dates[1] >= 400, f"retried on Apple's schedule, scaled ({dates})")
finally:
    stop_server(server)
    hook.shutdown()
finish()
