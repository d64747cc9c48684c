#!/usr/bin/env python3
"""`storefront renew` (StoreKit Testing's forceRenewalOfSubscription) as Apple's App Store
Server Library reads it.

Usage: renew_check.py STOREFRONT_BINARY WORK_DIR [POSTGRES_URL]

Every command and the server run with --billing-grace-period. alice's Sanctuary Monthly is
renewed now, weeks before its renewal date: DID_RENEW, the new period from now. Then its next
renewal is made to fail now: DID_FAIL_TO_RENEW GRACE_PERIOD with the grace period's end, and
Get All Subscription Statuses says billing grace period; `billing recover` ends it. Each
notification and status is decoded by Apple's SignedDataVerifier and models. Prints one line
per check and 'N passed, 0 failed' at the end; exits 1 on the first failure.
"""
import subprocess

from appstoreserverlibrary.models.Status import Status

from apple_checks import check, finish, stop_server
from lifecycle_support import kind, status_of, subscribed

DAY = 86_400_000
GRACE = ("--billing-grace-period",)

run = subscribed(*GRACE)
store, first, api, verifier, arrivals = run.store, run.first, run.api, run.verifier, run.arrivals
try:
    (bought, transaction, _), = arrivals.wait(1, "the purchase's notification")
    check(kind(bought) == "SUBSCRIBED INITIAL_BUY", "SUBSCRIBED INITIAL_BUY")
    renewal_date = transaction.expiresDate

    output = store.run("renew", str(first), "--account", "alice", *GRACE)
    check(output.startswith("Renewed "), f"renew says what it recorded: {output.strip()}")
    (renewed, transaction, renewal), = arrivals.wait(2, "the forced renewal's notification")
    check(kind(renewed) == "DID_RENEW", "DID_RENEW")
    check(transaction.originalTransactionId == str(first) and transaction.transactionId != str(first), "a new transaction in alice's chain")
    check(transaction.purchaseDate < renewal_date - 20 * DAY, "the new period starts now, weeks before the old renewal date")
    check(28 * DAY <= transaction.expiresDate - transaction.purchaseDate <= 31 * DAY, "and runs a month from now: the renewal date moved")
    check(renewal.isInBillingRetryPeriod is False and renewal.autoRenewStatus.value == 1, "its renewal info: renewing, not in billing retry")
    status, current, _ = status_of(api, verifier, first)
    check(status == Status.ACTIVE and current.transactionId == transaction.transactionId, "Get All Subscription Statuses: active, the renewal in force")
    renewal_id = transaction.transactionId

    output = store.run("renew", str(first), "--billing-fails", "--account", "alice", *GRACE)
    check(output.startswith("Renewal failed (billing), in a grace period until "), f"renew --billing-fails says where it left the subscription: {output.strip()}")
    (failed, transaction, renewal), = arrivals.wait(3, "the failed renewal's notification")
    check(kind(failed) == "DID_FAIL_TO_RENEW GRACE_PERIOD", "DID_FAIL_TO_RENEW GRACE_PERIOD")
    check(transaction.transactionId == renewal_id, "about the renewal whose period ended now")
    check(renewal.isInBillingRetryPeriod is True, "the failure's renewal info: isInBillingRetryPeriod true")
    check(renewal.gracePeriodExpiresDate == transaction.expiresDate + 16 * DAY, "gracePeriodExpiresDate: 16 days after the period ended now")
    status, _, renewal = status_of(api, verifier, first)
    check(status == Status.BILLING_GRACE_PERIOD, "Get All Subscription Statuses: status 4, billing grace period")
    check(renewal.isInBillingRetryPeriod is True, "its renewal info: in billing retry")

    store.run("billing", "recover", str(first), "--account", "alice", *GRACE)
    (recovered, _, renewal), = arrivals.wait(4, "the recovery's notification")
    check(kind(recovered) == "DID_RENEW BILLING_RECOVERY", "billing recover ends it: DID_RENEW BILLING_RECOVERY")
    check(renewal.isInBillingRetryPeriod is False and renewal.gracePeriodExpiresDate is None, "out of billing retry, no grace period")

    location = ["--store", run.store_url] if run.store_url else ["--ledger", run.ledger]
    refused = subprocess.run([run.binary, "renew", "99", "--account", "alice", *location],
                             env=run.environment, capture_output=True, text=True, timeout=60)
    check(refused.returncode == 65 and refused.stderr.count("\n") == 1, f"an unknown transaction: exit 65, one line ({refused.stderr.strip()})")
finally:
    stop_server(run.server)
    run.hook.shutdown()
finish()
