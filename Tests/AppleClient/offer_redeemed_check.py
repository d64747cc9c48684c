#!/usr/bin/env python3
"""An offer a subscriber redeems for the plan they have, or a lower one, as Apple's own library
reads what the server sends: OFFER_REDEEMED with no subtype or DOWNGRADE at redemption, the
renewal info showing the offer waiting, then DID_RENEW whose transaction carries it.

Usage: offer_redeemed_check.py STOREFRONT_BINARY WORK_DIR [POSTGRES_STORE_URL]

On BackyardBirds with GROVEFRIEND added (an offer code for existing subscribers: Grove Monthly
at $1.99 for three months). Alice has Sanctuary Yearly and takes the returning promotional
offer for it, signed by Apple's PromotionalOfferV2SignatureCreator; Bob has Sanctuary Monthly
and redeems GROVEFRIEND, a lower plan. `serve --http` sends each an OFFER_REDEEMED (none, and
DOWNGRADE) whose signed renewal info has the offer's type, ID, discount type and period, the
product it renews into and the offer's price; Get All Subscription Statuses says the same.
`advance` past the renewal: DID_RENEW, its transaction the offer's, at the offer's price.
"""
import json
import os
import sys

from appstoreserverlibrary.jws_signature_creator import PromotionalOfferV2SignatureCreator
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.OfferDiscountType import OfferDiscountType
from appstoreserverlibrary.models.OfferType import OfferType
from appstoreserverlibrary.models.Subtype import Subtype

from apple_checks import BUNDLE_ID, ISSUER, KEY_ID, Storefront, back_office, check, decode_notification, finish, scratch, stop_server, wait_until

YEARLY = "com.example.backyardbirds.pass.sanctuary.yearly"
RETURNING = "com.example.backyardbirds.pass.sanctuary.yearly.returning"
MONTHLY = "com.example.backyardbirds.pass.sanctuary.monthly"
GROVE = "com.example.backyardbirds.pass.grove.monthly"

binary, work = sys.argv[1], sys.argv[2]
store_url = sys.argv[3] if len(sys.argv) > 3 else None
ledger, environment = scratch(work)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Resources/Catalogs/BackyardBirds.storekit")) as file:
    catalog = json.load(file)
for plan in catalog["subscriptionGroups"][0]["subscriptions"]:
    if plan["productID"] == GROVE:
        plan["codeOffers"] = [{"eligibility": ["existing"], "internalID": "5B00F00D", "isStackable": False, "numberOfPeriods": 3,
                               "paymentMode": "payAsYouGo", "displayPrice": "1.99", "referenceName": "GROVEFRIEND",
                               "subscriptionPeriod": "P1M"}]
catalog_path = os.path.join(work, "BackyardBirds.storekit")
with open(catalog_path, "w") as file:
    json.dump(catalog, file)
store = Storefront(binary, ledger, environment, catalog_path, store_url)
hook, server, api, verifier, private_pem = back_office(store, work)
try:
    alice = store.run("buy", YEARLY, "--account", "alice", "--json")["transaction"]
    jws = PromotionalOfferV2SignatureCreator(private_pem, KEY_ID, ISSUER, BUNDLE_ID).create_signature(YEARLY, RETURNING, None)
    said = store.run("buy", YEARLY, "--account", "alice", "--bundle-id", BUNDLE_ID, "--promotional-offer", jws)
    check(said.startswith(f"Promotional offer {RETURNING} applies from your next renewal date, {alice['expirationDate'][:19]}"),
          f"buy --promotional-offer on the current plan: it applies from the next renewal date ({said.strip()})")
    bob = store.run("buy", MONTHLY, "--account", "bob", "--json")["transaction"]
    redeemed = store.run("redeem", "GROVEFRIEND", "--account", "bob", "--json")
    check(redeemed["result"] == "scheduled" and redeemed["transaction"]["id"] == bob["id"], "redeem --json: scheduled, the plan in force stays")

    def received(kind):
        found = {}
        for signed in hook.payloads():
            notification, transaction, renewal = decode_notification(verifier, signed)
            if notification.notificationType == kind:
                found[int(transaction.originalTransactionId)] = (notification.subtype, transaction, renewal)
        return found

    wait_until(lambda: len(received(NotificationTypeV2.OFFER_REDEEMED)) == 2, "the receiver gets both OFFER_REDEEMED notifications")
    offers = received(NotificationTypeV2.OFFER_REDEEMED)
    subtype, transaction, renewal = offers[alice["id"]]
    check(subtype is None, f"a promotional offer on the current plan: OFFER_REDEEMED with no subtype ({subtype})")
    check(int(transaction.transactionId) == alice["id"] and transaction.offerType == OfferType.INTRODUCTORY_OFFER,
          "its transaction: the plan in force, unchanged (the introductory quarter)")
    check(renewal.offerType == OfferType.PROMOTIONAL_OFFER and renewal.offerIdentifier == RETURNING
          and renewal.offerDiscountType == OfferDiscountType.PAY_UP_FRONT and renewal.offerPeriod == "P1Y",
          "its renewal info: the promotional offer waiting (type, ID, discount type, period)")
    check(renewal.autoRenewProductId == YEARLY and renewal.renewalPrice == 79990 and renewal.renewalDate == transaction.expiresDate,
          "its renewal info: renews as Sanctuary Yearly at $79.99 on the plan's expiry")
    subtype, transaction, renewal = offers[bob["id"]]
    check(subtype == Subtype.DOWNGRADE, f"an offer code for a lower plan: OFFER_REDEEMED DOWNGRADE ({subtype})")
    check(int(transaction.transactionId) == bob["id"] and transaction.productId == MONTHLY, "its transaction: Sanctuary Monthly, in force")
    check(renewal.autoRenewProductId == GROVE and renewal.offerType == OfferType.OFFER_CODE and renewal.offerIdentifier == "GROVEFRIEND"
          and renewal.offerDiscountType == OfferDiscountType.PAY_AS_YOU_GO and renewal.offerPeriod == "P3M"
          and renewal.renewalPrice == 1990, "its renewal info: Grove Monthly with GROVEFRIEND, $1.99 a month for three months")
    check(not received(NotificationTypeV2.DID_CHANGE_RENEWAL_PREF), "no DID_CHANGE_RENEWAL_PREF besides it")

    statuses = api.get_all_subscription_statuses(str(bob["id"]))
    status = verifier.verify_and_decode_renewal_info(statuses.data[0].lastTransactions[0].signedRenewalInfo)
    check(status.offerIdentifier == "GROVEFRIEND" and status.autoRenewProductId == GROVE,
          "Get All Subscription Statuses: the renewal info shows the offer waiting")

    renewed = store.run("advance", "32d", "--account", "bob", "--json")["renewals"]
    check(len(renewed) == 1 and renewed[0]["offerID"] == "GROVEFRIEND", "advance: the renewal carries the code")
    wait_until(lambda: bob["id"] in received(NotificationTypeV2.DID_RENEW), "the receiver gets Bob's DID_RENEW")
    subtype, transaction, renewal = received(NotificationTypeV2.DID_RENEW)[bob["id"]]
    check(transaction.productId == GROVE and transaction.offerType == OfferType.OFFER_CODE and transaction.offerIdentifier == "GROVEFRIEND"
          and transaction.offerDiscountType == OfferDiscountType.PAY_AS_YOU_GO and transaction.offerPeriod == "P3M"
          and transaction.price == 1990, "DID_RENEW: Grove Monthly with the code's offer, $1.99")
    before = verifier.verify_and_decode_signed_transaction(api.get_transaction_info(str(bob["id"])).signedTransactionInfo)
    check(transaction.purchaseDate == before.expiresDate, "it starts at the next renewal date: where Sanctuary Monthly ended")
    check(renewal.offerIdentifier == "GROVEFRIEND" and renewal.renewalPrice == 1990, "its renewal info: the code's second month next")

    store.run("advance", "100d", "--account", "alice")
    wait_until(lambda: alice["id"] in received(NotificationTypeV2.DID_RENEW), "the receiver gets Alice's DID_RENEW")
    subtype, transaction, renewal = received(NotificationTypeV2.DID_RENEW)[alice["id"]]
    check(transaction.offerType == OfferType.PROMOTIONAL_OFFER and transaction.offerIdentifier == RETURNING
          and transaction.offerDiscountType == OfferDiscountType.PAY_UP_FRONT and transaction.price == 79990,
          "Alice's renewal carries the promotional offer: $79.99 up front for the year")
finally:
    stop_server(server)
    hook.shutdown()

finish()
