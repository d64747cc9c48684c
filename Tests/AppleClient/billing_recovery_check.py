#!/usr/bin/env python3
"""Billing retry, grace and recovery as Apple's App Store Server Library reads them.

Usage: billing_recovery_check.py STOREFRONT_BINARY WORK_DIR [POSTGRES_URL]

Every command and the server run with --billing-retry --billing-grace-period (renewals fail
for billing; a monthly plan keeps 16 days of grace). alice's Sanctuary Monthly fails to renew:
in its grace period `storefront billing recover` renews it with the renewal date kept; a
month later it fails again, and recovered in billing retry its new period starts at the
recovery; the third failure runs out the retry period and expires. At each step the
notification (DID_FAIL_TO_RENEW GRACE_PERIOD, DID_RENEW BILLING_RECOVERY, GRACE_PERIOD_EXPIRED,
EXPIRED BILLING_RETRY) and Get All Subscription Statuses (status, isInBillingRetryPeriod,
gracePeriodExpiresDate, expirationIntent) are decoded by Apple's SignedDataVerifier and models.
Prints one line per check and 'N passed, 0 failed' at the end; exits 1 on the first failure.
"""
import subprocess

from appstoreserverlibrary.models.ExpirationIntent import ExpirationIntent
from appstoreserverlibrary.models.Status import Status

from apple_checks import check, finish, stop_server
from lifecycle_support import kind, status_of, subscribed

DAY = 86_400_000
BILLING = ("--billing-retry", "--billing-grace-period")

run = subscribed(*BILLING)
store, first, api, verifier, arrivals = run.store, run.first, run.api, run.verifier, run.arrivals
try:
    (bought, transaction, _), = arrivals.wait(1, "the purchase's notification")
    check(kind(bought) == "SUBSCRIBED INITIAL_BUY", "SUBSCRIBED INITIAL_BUY")
    expires = transaction.expiresDate

    # 35 days on: the renewal failed 4 or 5 days ago; the grace period runs 16 days from the expiry.
    store.run("advance", "35d", "--account", "alice", *BILLING)
    (failed, _, renewal), = arrivals.wait(2, "the failed renewal's notification")
    check(kind(failed) == "DID_FAIL_TO_RENEW GRACE_PERIOD", "DID_FAIL_TO_RENEW GRACE_PERIOD")
    check(renewal.isInBillingRetryPeriod is True, "the failure's renewal info: isInBillingRetryPeriod true")
    check(renewal.gracePeriodExpiresDate == expires + 16 * DAY, "gracePeriodExpiresDate: 16 days after the expiry")
    status, _, renewal = status_of(api, verifier, first)
    check(status == Status.BILLING_GRACE_PERIOD, "Get All Subscription Statuses: status 4, billing grace period")
    check(renewal.isInBillingRetryPeriod and renewal.gracePeriodExpiresDate == expires + 16 * DAY, "its renewal info: in billing retry, with the grace period's end")

    output = store.run("billing", "recover", str(first), "--account", "alice", *BILLING)
    check(output.startswith("Recovered "), f"billing recover says what it recorded: {output.strip()}")
    (recovered, transaction, renewal), = arrivals.wait(3, "the recovery's notification")
    check(kind(recovered) == "DID_RENEW BILLING_RECOVERY", "DID_RENEW BILLING_RECOVERY, in the grace period")
    check(transaction.originalTransactionId == str(first), "the recovery renews alice's subscription")
    check(transaction.purchaseDate == expires, "recovered in the grace period, the renewal date stays")
    check(renewal.isInBillingRetryPeriod is False and renewal.gracePeriodExpiresDate is None, "the recovery's renewal info: out of billing retry, no grace period")
    status, _, renewal = status_of(api, verifier, first)
    check(status == Status.ACTIVE and not renewal.isInBillingRetryPeriod, "Get All Subscription Statuses: status 1, active")
    expires = transaction.expiresDate

    # 49 days on: the recovered period ended, failed to renew, and its grace period ended too.
    store.run("advance", "49d", "--account", "alice", *BILLING)
    lapses = arrivals.wait(5, "the second failure and the grace period's end")
    check([kind(n) for n, _, _ in lapses] == ["DID_FAIL_TO_RENEW GRACE_PERIOD", "GRACE_PERIOD_EXPIRED"], "DID_FAIL_TO_RENEW GRACE_PERIOD, then GRACE_PERIOD_EXPIRED")
    status, _, renewal = status_of(api, verifier, first)
    check(status == Status.BILLING_RETRY, "Get All Subscription Statuses: status 3, billing retry")
    check(renewal.isInBillingRetryPeriod is True and renewal.gracePeriodExpiresDate is None, "in billing retry past the grace period: isInBillingRetryPeriod true, no gracePeriodExpiresDate")

    store.run("billing", "recover", str(first), "--account", "alice", *BILLING)
    (recovered, transaction, renewal), = arrivals.wait(6, "the second recovery's notification")
    check(kind(recovered) == "DID_RENEW BILLING_RECOVERY", "DID_RENEW BILLING_RECOVERY, in billing retry")
    check(transaction.purchaseDate >= expires + 16 * DAY, "recovered in billing retry, the new period starts at the recovery, not at the old renewal date")
    check(28 * DAY <= transaction.expiresDate - transaction.purchaseDate <= 31 * DAY, "and runs a month from there")
    check(renewal.isInBillingRetryPeriod is False, "out of billing retry again")

    # Four months on: the next renewal fails and billing retry (60 days) runs out.
    store.run("advance", "4mo", "--account", "alice", *BILLING)
    lapses = arrivals.wait(9, "the third failure, the grace period's end and the expiry")
    check([kind(n) for n, _, _ in lapses] == ["DID_FAIL_TO_RENEW GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "EXPIRED BILLING_RETRY"], "then EXPIRED BILLING_RETRY")
    status, _, renewal = status_of(api, verifier, first)
    check(status == Status.EXPIRED, "Get All Subscription Statuses: status 2, expired")
    check(renewal.expirationIntent == ExpirationIntent.BILLING_ERROR, "expirationIntent 2, billing error")
    check(renewal.isInBillingRetryPeriod is False and renewal.gracePeriodExpiresDate is None, "expired: no longer in billing retry, no grace period")

    location = ["--store", run.store_url] if run.store_url else ["--ledger", run.ledger]
    refused = subprocess.run([run.binary, "billing", "recover", str(first), "--account", "alice", *BILLING, *location],
                             env=run.environment, capture_output=True, text=True, timeout=60)
    check(refused.returncode == 1 and refused.stderr.count("\n") == 1 and "has no billing issue: it is expired" in refused.stderr,
          f"an expired subscription has no billing issue to resolve: exit 1, one line ({refused.stderr.strip()})")
finally:
    stop_server(run.server)
    run.hook.shutdown()
finish()
