#!/usr/bin/env python3
"""Refund requests and decisions, as Apple's own library reads them over HTTP.

Usage: refund_decisions_check.py STOREFRONT_BINARY WORK_DIR [POSTGRES_STORE_URL]

On a SQLite ledger in WORK_DIR, or on the PostgreSQL store the URL names (already migrated).
Alice buys the copper feeder, sunflower seeds and the grove pass, then asks for a refund of
each with a different reason: the receiver gets three CONSUMPTION_REQUEST notifications whose
data carries consumptionRequestReason. The back office answers with Send Consumption
Information v2 (Apple's ConsumptionRequest, refundPreference included); answers Apple's
rules refuse come back with Apple's error codes. The store then grants the feeder 25%
prorated (REFUND, REFUND_PRORATED, revocationPercentage 25000), declines the seeds
(REFUND_DECLINED, nothing revoked) and grants the pass in full (REFUND, REFUND_FULL); Get
Refund History lists the two refunds. Reversing the feeder's refund sends REFUND_REVERSED
with the revocation gone, and the history keeps only the pass. Every notification and
transaction is verified and decoded by Apple's SignedDataVerifier and models.
"""
import sys

from appstoreserverlibrary.api_client import APIException
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestReason import ConsumptionRequestReason
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.RefundPreference import RefundPreference
from appstoreserverlibrary.models.RevocationType import RevocationType
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from apple_checks import BUNDLE_ID, scratch, Hook, Storefront, api_client, check, decode_notification, finish, register_api_key, stop_server, wait_until

FEEDER = "com.example.backyardbirds.feeder.copper"
SEEDS = "com.example.backyardbirds.food.sunflower"
GROVE = "com.example.backyardbirds.pass.grove.monthly"

binary, work = sys.argv[1], sys.argv[2]
store_url = sys.argv[3] if len(sys.argv) > 3 else None
ledger, environment = scratch(work)
store = Storefront(binary, ledger, environment, None, store_url)
private_pem = register_api_key(store, work)
feeder, seeds, grove = (store.buy(product, "alice") for product in (FEEDER, SEEDS, GROVE))

hook = Hook()
server, base_url = store.serve(BUNDLE_ID, hook.url)
try:
    api = api_client(base_url, private_pem)
    verifier = SignedDataVerifier([], False, Environment.LOCAL_TESTING, BUNDLE_ID)

    def told(kind, count):
        """The notifications of `kind` once there are `count`: (notification, transaction) by transaction ID."""
        def found():
            seen = {}
            for signed in hook.payloads():
                notification, transaction, _ = decode_notification(verifier, signed)
                if notification.notificationType == kind:
                    seen[int(transaction.transactionId)] = (notification, transaction)
            return seen
        wait_until(lambda: len(found()) >= count, f"the receiver gets {count} {kind.value}")
        return found()

    def refused(transaction_id, request, code, what):
        try:
            api.send_consumption_information(str(transaction_id), request)
        except APIException as error:
            check(error.http_status_code == 400 and error.raw_api_error == code, f"{what}: 400 {code} (got {error.http_status_code} {error.raw_api_error})")
            return
        check(False, f"{what}: refused")

    store.run("refund", str(feeder), "--request", "--reason", "UNINTENDED_PURCHASE", "--account", "alice")
    store.run("refund", str(seeds), "--request", "--reason", "FULFILLMENT_ISSUE", "--account", "alice")
    store.run("refund", str(grove), "--request", "--reason", "UNSATISFIED_WITH_PURCHASE", "--account", "alice")
    asked = told(NotificationTypeV2.CONSUMPTION_REQUEST, 3)
    reasons = {id: notification.data.consumptionRequestReason for id, (notification, _) in asked.items()}
    check(reasons == {feeder: ConsumptionRequestReason.UNINTENDED_PURCHASE, seeds: ConsumptionRequestReason.FULFILLMENT_ISSUE,
                      grove: ConsumptionRequestReason.UNSATISFIED_WITH_PURCHASE}, f"each CONSUMPTION_REQUEST carries the customer's reason ({reasons})")
    check(all(transaction.revocationDate is None for _, transaction in asked.values()), "asking revokes nothing")

    # Send Consumption Information v2: accepted, or refused by Apple's rules with Apple's codes.
    api.send_consumption_information(str(feeder), ConsumptionRequest(
        customerConsented=True, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED,
        consumptionPercentage=75000, refundPreference=RefundPreference.GRANT_PRORATED))
    check(True, "the feeder's answer (75% consumed, GRANT_PRORATED) is accepted")
    api.send_consumption_information(str(grove), ConsumptionRequest(
        customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED, refundPreference=RefundPreference.GRANT_FULL))
    check(True, "the pass's answer (GRANT_FULL, no percentage) is accepted")
    refused(grove, ConsumptionRequest(customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED,
                                      consumptionPercentage=10000), 4000209, "a percentage for an auto-renewable subscription")
    refused(seeds, ConsumptionRequest(customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED,
                                      rawRefundPreference="MAYBE"), 4000044, "an unknown refund preference")
    refused(seeds, ConsumptionRequest(customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.UNDELIVERED_OTHER,
                                      consumptionPercentage=10000), 4000000, "a percentage above 0 for a purchase not delivered")
    refused(seeds, ConsumptionRequest(customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED,
                                      refundPreference=RefundPreference.GRANT_PRORATED), 4000000, "GRANT_PRORATED with no percentage")
    refused(seeds, ConsumptionRequest(customerConsented=False, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED),
            4000035, "no customer consent")

    # The decisions.
    store.run("refund", str(feeder), "--decide", "prorated=25", "--account", "alice")
    store.run("refund", str(seeds), "--decide", "decline", "--account", "alice")
    store.run("refund", str(grove), "--decide", "grant", "--account", "alice")
    refunds = told(NotificationTypeV2.REFUND, 2)
    _, prorated = refunds[feeder]
    check(prorated.revocationDate is not None and prorated.revocationType == RevocationType.REFUND_PRORATED
          and prorated.revocationPercentage == 25000, "REFUND: the feeder revoked, REFUND_PRORATED, 25000 milliunits")
    _, full = refunds[grove]
    check(full.revocationType == RevocationType.REFUND_FULL and full.revocationPercentage is None, "REFUND: the pass revoked, REFUND_FULL")
    declined = told(NotificationTypeV2.REFUND_DECLINED, 1)
    check(list(declined) == [seeds] and declined[seeds][1].revocationDate is None, "REFUND_DECLINED: the seeds, nothing revoked")

    history = api.get_refund_history(str(feeder), None)
    listed = [int(verifier.verify_and_decode_signed_transaction(jws).transactionId) for jws in history.signedTransactions]
    check(sorted(listed) == sorted([feeder, grove]), f"Get Refund History: the feeder and the pass ({listed})")

    # The feeder's refund reversed: the revocation is gone everywhere.
    store.run("refund-reverse", str(feeder), "--account", "alice")
    reversed_ = told(NotificationTypeV2.REFUND_REVERSED, 1)
    _, back = reversed_[feeder]
    check(back.revocationDate is None and back.revocationType is None and back.revocationPercentage is None
          and back.revocationReason is None, "REFUND_REVERSED: the feeder with no revocation")
    info = verifier.verify_and_decode_signed_transaction(api.get_transaction_info(str(feeder)).signedTransactionInfo)
    check(info.revocationDate is None, "Get Transaction Info: the feeder stands again")
    history = api.get_refund_history(str(feeder), None)
    listed = [int(verifier.verify_and_decode_signed_transaction(jws).transactionId) for jws in history.signedTransactions]
    check(listed == [grove], f"Get Refund History: only the pass after the reversal ({listed})")
finally:
    stop_server(server)
    hook.shutdown()

finish()
