#!/usr/bin/env python3
"""Price increases and a product removed from sale, read by Apple's own library.

Usage: price_change_check.py STOREFRONT_BINARY WORK_DIR [POSTGRES_STORE_URL]

On a SQLite ledger in WORK_DIR, or on the PostgreSQL store the URL names (already migrated).
Alice and Bob subscribe to Sanctuary Monthly ($9.99); its price rises to $12.99 for each,
with consent required. The receiver gets PRICE_INCREASE PENDING; Get All Subscription
Statuses shows priceIncreaseStatus 0 and renewalPrice 12990. Alice accepts (PRICE_INCREASE
ACCEPTED, status 1) and renews at 12990 (DID_RENEW); Bob never answers and expires
(EXPIRED PRICE_INCREASE, expirationIntent 3). Dana's rise needs no consent: PRICE_INCREASE
ACCEPTED at once. Carol's Grove Yearly is removed from sale: she lapses at renewal (EXPIRED
PRODUCT_NOT_FOR_SALE, expirationIntent 4). Every payload is verified and decoded by Apple's
SignedDataVerifier and models.
"""
import sys

from appstoreserverlibrary.models.ExpirationIntent import ExpirationIntent
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.PriceIncreaseStatus import PriceIncreaseStatus
from appstoreserverlibrary.models.Subtype import Subtype

from apple_checks import MONTHLY, scratch, Storefront, back_office, check, decode_notification, finish, stop_server, wait_until

GROVE_YEARLY = "com.example.backyardbirds.pass.grove.yearly"

binary, work = sys.argv[1], sys.argv[2]
store_url = sys.argv[3] if len(sys.argv) > 3 else None
ledger, environment = scratch(work)
store = Storefront(binary, ledger, environment, None, store_url)
hook, server, api, verifier, _ = back_office(store, work)
try:
    alice, bob, dana = store.buy(MONTHLY, "alice"), store.buy(MONTHLY, "bob"), store.buy(MONTHLY, "dana")
    carol = store.buy(GROVE_YEARLY, "carol")

    def received(original_id):
        """(type, subtype, transaction, renewal) of each notification about `original_id`, in arrival order."""
        found = []
        for signed in hook.payloads():
            notification, transaction, renewal = decode_notification(verifier, signed)
            if transaction and int(transaction.originalTransactionId) == original_id:
                found.append((notification.notificationType, notification.subtype, transaction, renewal))
        return found

    def kinds(original_id):
        return [(kind, subtype) for kind, subtype, _, _ in received(original_id)]

    for account in ("alice", "bob"):
        store.run("price-increase", MONTHLY, "12.99", "--account", account)
    wait_until(lambda: (NotificationTypeV2.PRICE_INCREASE, Subtype.PENDING) in kinds(alice)
               and (NotificationTypeV2.PRICE_INCREASE, Subtype.PENDING) in kinds(bob), "PRICE_INCREASE PENDING for Alice and Bob")
    last = api.get_all_subscription_statuses(str(alice)).data[0].lastTransactions[0]
    renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
    check(renewal.priceIncreaseStatus == PriceIncreaseStatus.CUSTOMER_HAS_NOT_RESPONDED and renewal.renewalPrice == 12990,
          f"waiting for consent: priceIncreaseStatus 0, renewalPrice 12990 ({renewal.priceIncreaseStatus}, {renewal.renewalPrice})")

    store.run("price-consent", str(alice), "accept", "--account", "alice")
    wait_until(lambda: (NotificationTypeV2.PRICE_INCREASE, Subtype.ACCEPTED) in kinds(alice), "PRICE_INCREASE ACCEPTED for Alice")
    last = api.get_all_subscription_statuses(str(alice)).data[0].lastTransactions[0]
    renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
    check(renewal.priceIncreaseStatus == PriceIncreaseStatus.CUSTOMER_CONSENTED_OR_WAS_NOTIFIED_WITHOUT_NEEDING_CONSENT
          and renewal.renewalPrice == 12990, "consented: priceIncreaseStatus 1, renewalPrice 12990")

    store.run("price-increase", MONTHLY, "10.99", "--no-consent", "--account", "dana")
    wait_until(lambda: (NotificationTypeV2.PRICE_INCREASE, Subtype.ACCEPTED) in kinds(dana), "no consent needed: PRICE_INCREASE ACCEPTED at once")
    check((NotificationTypeV2.PRICE_INCREASE, Subtype.PENDING) not in kinds(dana), "and never PENDING")

    store.run("remove-from-sale", GROVE_YEARLY)
    for account in ("alice", "bob"):
        store.run("advance", "32d", "--account", account)
    store.run("advance", "370d", "--account", "carol")

    wait_until(lambda: (NotificationTypeV2.DID_RENEW, None) in kinds(alice), "Alice renews")
    renewed = [transaction for kind, _, transaction, _ in received(alice) if kind == NotificationTypeV2.DID_RENEW][0]
    check(renewed.price == 12990, f"the renewal bills the new price, 12990 milliunits ({renewed.price})")

    wait_until(lambda: (NotificationTypeV2.EXPIRED, Subtype.PRICE_INCREASE) in kinds(bob), "Bob, who never answered: EXPIRED PRICE_INCREASE")
    renewal = [renewal for kind, _, _, renewal in received(bob) if kind == NotificationTypeV2.EXPIRED][0]
    check(renewal.expirationIntent == ExpirationIntent.CUSTOMER_DID_NOT_CONSENT_TO_PRICE_INCREASE, "its renewal info: expirationIntent 3")
    check((NotificationTypeV2.DID_RENEW, None) not in kinds(bob), "Bob is not renewed at either price")

    wait_until(lambda: (NotificationTypeV2.EXPIRED, Subtype.PRODUCT_NOT_FOR_SALE) in kinds(carol), "Carol's plan off sale: EXPIRED PRODUCT_NOT_FOR_SALE")
    renewal = [renewal for kind, _, _, renewal in received(carol) if kind == NotificationTypeV2.EXPIRED][0]
    check(renewal.expirationIntent == ExpirationIntent.PRODUCT_NOT_AVAILABLE, "its renewal info: expirationIntent 4")
finally:
    stop_server(server)
    hook.shutdown()

finish()
