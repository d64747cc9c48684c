#!/usr/bin/env python3
"""The transaction fields of 2024-25 and OFFER_REDEEMED, read by Apple's own library.

Usage: offer_fields_check.py STOREFRONT_BINARY WORK_DIR [POSTGRES_STORE_URL]

On a SQLite ledger in WORK_DIR, or on the PostgreSQL store the URL names (already migrated).
Alice buys the grove pass (an introductory offer: three months pay as you go) with an app
account token; the CLI's --json shows offerDiscountType, offerPeriod, appAccountToken and
appTransactionId; then `serve --http` answers Get Transaction Info and Get All Subscription
Statuses (asked by a renewal's ID, not the original's) with payloads Apple's
SignedDataVerifier and models decode: offerPeriod, offerDiscountType, appTransactionId,
price and currency, and the renewal info's renewalPrice, currency, offer, token and app
transaction ID. Alice lapses and redeems the BIRDWATCHER offer code, Bob redeems it as a new
subscriber: the receiver gets OFFER_REDEEMED RESUBSCRIBE and OFFER_REDEEMED INITIAL_BUY, each
signedPayload verified and decoded by Apple's library, its transaction offer type OFFER_CODE.
"""
import sys

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.OfferDiscountType import OfferDiscountType
from appstoreserverlibrary.models.OfferType import OfferType
from appstoreserverlibrary.models.Subtype import Subtype
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from apple_checks import BUNDLE_ID, scratch, Hook, Storefront, api_client, check, decode_notification, finish, register_api_key, stop_server, wait_until

GROVE = "com.example.backyardbirds.pass.grove.monthly"
TOKEN = "6f1c2b7e-3d4a-4e5f-8a9b-0c1d2e3f4a5b"

binary, work = sys.argv[1], sys.argv[2]
store_url = sys.argv[3] if len(sys.argv) > 3 else None
ledger, environment = scratch(work)
store = Storefront(binary, ledger, environment, None, store_url)
private_pem = register_api_key(store, work)

# As the CLI shows them.
bought = store.run("buy", GROVE, "--account", "alice", "--app-account-token", TOKEN.upper(), "--json")["transaction"]
app_id = bought["appTransactionId"]
check(bought["offerType"] == "introductory" and bought["offerDiscountType"] == "PAY_AS_YOU_GO" and bought["offerPeriod"] == "P3M",
      f"buy --json: the offer's type, discount type and whole period ({bought['offerDiscountType']}, {bought['offerPeriod']})")
check(bought["appAccountToken"] == TOKEN and bought["price"] == "2.99" and bought["currency"] == "USD", "buy --json: token, price, currency")
check(app_id.isdigit(), f"buy --json: appTransactionId {app_id}")
listed = store.run("transactions", "--account", "alice", "--json")
check([t["appTransactionId"] for t in listed] == [app_id] and listed[0]["offerPeriod"] == "P3M", "transactions --json: the same fields")
owned = store.run("entitlements", "--account", "alice", "--json")
check(owned["app"]["appTransactionId"] == app_id and owned["app"]["originalPlatform"] == "iOS", "entitlements --json: the app transaction")
group = owned["subscriptions"][0]
check(group["renewalPrice"] == "2.99" and group["offerDiscountType"] == "PAY_AS_YOU_GO" and group["offerPeriod"] == "P3M"
      and group["appAccountToken"] == TOKEN and group["appTransactionId"] == app_id, f"entitlements --json: the renewal ({group})")

hook = Hook()
server, base_url = store.serve(BUNDLE_ID, hook.url)
try:
    api = api_client(base_url, private_pem)
    verifier = SignedDataVerifier([], False, Environment.LOCAL_TESTING, BUNDLE_ID)

    info = verifier.verify_and_decode_signed_transaction(api.get_transaction_info(str(bought["id"])).signedTransactionInfo)
    check(info.offerType == OfferType.INTRODUCTORY_OFFER and info.offerDiscountType == OfferDiscountType.PAY_AS_YOU_GO
          and info.offerPeriod == "P3M", "the signed transaction: offerType, offerDiscountType, offerPeriod")
    check(info.appTransactionId == app_id and info.appAccountToken == TOKEN, "the signed transaction: appTransactionId, appAccountToken")
    check(info.price == 2990 and info.currency == "USD", "the signed transaction: 2.99 USD is 2990 milliunits")

    # A month on, the pass renews under the offer; its status is asked by the renewal's ID.
    renewals = store.run("advance", "32d", "--account", "alice", "--json")["renewals"]
    check(len(renewals) == 1 and renewals[0]["appAccountToken"] == TOKEN and renewals[0]["offerPeriod"] == "P3M",
          "the renewal keeps the token and the offer")
    statuses = api.get_all_subscription_statuses(str(renewals[0]["id"]))
    last = statuses.data[0].lastTransactions[0]
    check(last.originalTransactionId == str(bought["id"]), "status found by a renewal's transaction ID")
    renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
    check(renewal.renewalPrice == 2990 and renewal.currency == "USD", "the renewal info: the offer's price bills next")
    check(renewal.offerType == OfferType.INTRODUCTORY_OFFER and renewal.offerDiscountType == OfferDiscountType.PAY_AS_YOU_GO
          and renewal.offerPeriod == "P3M", "the renewal info: the offer it keeps")
    check(renewal.appAccountToken == TOKEN and renewal.appTransactionId == app_id, "the renewal info: token and appTransactionId")

    # Alice lapses and comes back with an offer code; Bob redeems it as a new subscriber.
    store.run("expire", GROVE, "--account", "alice")
    store.run("advance", "40d", "--account", "alice")
    back = store.run("redeem", "BIRDWATCHER", "--account", "alice", "--json")["transaction"]
    check(back["offerType"] == "code" and back["offerDiscountType"] == "FREE_TRIAL" and back["offerPeriod"] == "P1M",
          "redeem --json: the code's offer")
    fresh = store.run("redeem", "BIRDWATCHER", "--account", "bob", "--json")["transaction"]
    check(fresh["appTransactionId"] != app_id, "another customer, another appTransactionId")

    def redeemed():
        found = {}
        for signed in hook.payloads():
            notification, transaction, _ = decode_notification(verifier, signed)
            if notification.notificationType == NotificationTypeV2.OFFER_REDEEMED:
                found[int(transaction.transactionId)] = (notification.subtype, transaction)
        return found

    wait_until(lambda: len(redeemed()) == 2, "the receiver gets both OFFER_REDEEMED notifications")
    found = redeemed()
    subtype, transaction = found[back["id"]]
    check(subtype == Subtype.RESUBSCRIBE, "a lapsed subscriber's code: OFFER_REDEEMED RESUBSCRIBE")
    check(transaction.offerType == OfferType.OFFER_CODE and transaction.offerIdentifier == "BIRDWATCHER"
          and transaction.offerDiscountType == OfferDiscountType.FREE_TRIAL and transaction.offerPeriod == "P1M"
          and transaction.price == 0, "its transaction: the offer code, a free month")
    subtype, transaction = found[fresh["id"]]
    check(subtype == Subtype.INITIAL_BUY and transaction.offerType == OfferType.OFFER_CODE, "a new subscriber's code: OFFER_REDEEMED INITIAL_BUY")
finally:
    stop_server(server)
    hook.shutdown()

finish()
