#!/usr/bin/env python3
"""Renewal-date extensions, app account tokens, app transactions and Finish Transaction, as
Apple's App Store Server Library calls them.

Usage: endpoints_check.py STOREFRONT_BINARY WORK_DIR [STORE_URL]

alice and bob subscribe (and alice buys nectar) with the storefront binary; bob's renewal date
is extended with `storefront extend` and his store time moves two months on (a renewal, left
unfinished). Then `serve --http` on 127.0.0.1 answers Apple's client for every new endpoint,
each with an error case, and a webhook receiver decodes the notifications they cause
(RENEWAL_EXTENDED, RENEWAL_EXTENSION FAILURE and SUMMARY) with Apple's SignedDataVerifier.
With STORE_URL the ledger is that PostgreSQL store. Prints one line per check and
'N passed, 0 failed' at the end; exits 1 on the first failure.
"""
import json
import subprocess
import sys
import uuid

from appstoreserverlibrary.api_client import APIException
from appstoreserverlibrary.models.AppTransaction import AppTransaction
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.ResponseBodyV2DecodedPayload import ResponseBodyV2DecodedPayload
from appstoreserverlibrary.models.Subtype import Subtype
from appstoreserverlibrary.models.Summary import Summary
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest

from apple_checks import (BUNDLE_ID, MONTHLY, NECTAR, Storefront, back_office, check, decode_notification, enums_map, finish,
                          known_fields, raw_payload, scratch, stop_server, wait_until)

binary, work = sys.argv[1], sys.argv[2]
store_url = sys.argv[3] if len(sys.argv) > 3 else None
ledger, environment = scratch(work)
store = Storefront(binary, ledger, environment, store_url=store_url)

alice_pass, bob_pass = store.buy(MONTHLY, "alice"), store.buy(MONTHLY, "bob")
nectar = store.buy(NECTAR, "alice")
said = store.run("extend", str(bob_pass), "5", "--reason", "1", "--account", "bob")
check("Extended subscription" in said and "by 5 days" in said, f"storefront extend: {said.strip()}")
bob_renewal = store.run("advance", "2mo", "--account", "bob", "--json")["renewals"][0]
check(bob_renewal["finished"] is False, "bob's renewal is left unfinished, for an app to deliver")


def refused(call, status, code, what):
    try:
        call()
    except APIException as error:
        check(error.http_status_code == status and error.raw_api_error == code,
              f"{what}: {status} {code} (got {error.http_status_code} {error.raw_api_error})")
        return
    check(False, f"{what}: refused with {status} {code}")


def arrived(hook, verifier, kind, subtype=None):
    """Every notification of `kind` (and `subtype`) the hook got, decoded by Apple's library."""
    found = []
    for signed in hook.payloads():
        if raw_payload(signed)["notificationType"] != kind.value or raw_payload(signed).get("subtype") != (subtype and subtype.value):
            continue
        if "summary" in raw_payload(signed):
            known_fields(None, Summary, known_fields(signed, ResponseBodyV2DecodedPayload)["summary"])
            notification = verifier.verify_and_decode_notification(signed)
            enums_map(notification, "ResponseBodyV2DecodedPayload")
            found.append((notification, None))
        else:
            notification, transaction, _ = decode_notification(verifier, signed)
            found.append((notification, transaction))
    return found


hook, server, api, verifier, _ = back_office(store, work)
try:

    # Extend a Subscription Renewal Date.
    outage = ExtendRenewalDateRequest(extendByDays=30, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE,
                                      requestIdentifier="outage-1")
    extended = api.extend_subscription_renewal_date(str(alice_pass), outage)
    check(extended.success and extended.originalTransactionId == str(alice_pass), "alice's subscription is extended")
    info = verifier.verify_and_decode_signed_transaction(api.get_transaction_info(extended.webOrderLineItemId).signedTransactionInfo)
    check(info.expiresDate == extended.effectiveDate, "its transaction expires at the effectiveDate")
    check(info.expiresDate - info.purchaseDate > 55 * 86_400_000, "30 days past the month it was bought for")
    status = api.get_all_subscription_statuses(str(alice_pass)).data[0].lastTransactions[0]
    renewal = verifier.verify_and_decode_renewal_info(status.signedRenewalInfo)
    check(renewal.renewalDate == extended.effectiveDate, "renewal info: renewalDate is the new date")
    again = api.extend_subscription_renewal_date(str(alice_pass), outage)
    check(again.effectiveDate == extended.effectiveDate, "the same requestIdentifier extends once")
    second = ExtendRenewalDateRequest(extendByDays=1, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="outage-2")
    api.extend_subscription_renewal_date(str(alice_pass), second)
    third = ExtendRenewalDateRequest(extendByDays=1, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="outage-3")
    refused(lambda: api.extend_subscription_renewal_date(str(alice_pass), third), 403, 4030005, "a third extension in a year")
    too_long = ExtendRenewalDateRequest(extendByDays=91, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="long")
    refused(lambda: api.extend_subscription_renewal_date(str(alice_pass), too_long), 400, 4000009, "91 days")
    refused(lambda: api.extend_subscription_renewal_date(str(nectar), third), 403, 4030004, "a consumable")
    refused(lambda: api.extend_subscription_renewal_date("999999", third), 404, 4040005, "an unknown original transaction")
    wait_until(lambda: len(arrived(hook, verifier, NotificationTypeV2.RENEWAL_EXTENDED)) == 3, "RENEWAL_EXTENDED for bob's and alice's two")
    alices = [t.expiresDate for _, t in arrived(hook, verifier, NotificationTypeV2.RENEWAL_EXTENDED) if t.originalTransactionId == str(alice_pass)]
    # Signed as the ledger stands at delivery, as every notification here: the second extension may be in both.
    check(len(alices) == 2 and alices[0] >= extended.effectiveDate and alices[-1] == extended.effectiveDate + 86_400_000,
          "alice's two, the last with the latest expiresDate")

    # Extend Subscription Renewal Dates for All Active Subscribers, and Get Status.
    request_id = str(uuid.uuid4())
    mass = MassExtendRenewalDateRequest(extendByDays=7, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION,
                                        requestIdentifier=request_id, productId=MONTHLY, storefrontCountryCodes=["USA"])
    check(api.extend_renewal_date_for_all_active_subscribers(mass).requestIdentifier == request_id, "the mass extension is taken")
    wait_until(lambda: api.get_status_of_subscription_renewal_date_extensions(request_id, MONTHLY).complete, "the mass extension completes")
    done = api.get_status_of_subscription_renewal_date_extensions(request_id, MONTHLY)
    check(done.succeededCount == 1 and done.failedCount == 1, "bob extended; alice refused, she had two this year")
    check(done.completeDate is not None, "with its completeDate")
    wait_until(lambda: arrived(hook, verifier, NotificationTypeV2.RENEWAL_EXTENSION, Subtype.SUMMARY), "the SUMMARY notification")
    summary = arrived(hook, verifier, NotificationTypeV2.RENEWAL_EXTENSION, Subtype.SUMMARY)[0][0].summary
    check((summary.requestIdentifier, summary.productId, summary.succeededCount, summary.failedCount) == (request_id, MONTHLY, 1, 1),
          "SUMMARY: the request, the product and the counts")
    # Each subscription's notifications come in order, and apart from the summary's: FAILURE may come after it.
    wait_until(lambda: arrived(hook, verifier, NotificationTypeV2.RENEWAL_EXTENSION, Subtype.FAILURE), "the FAILURE notification")
    failed = arrived(hook, verifier, NotificationTypeV2.RENEWAL_EXTENSION, Subtype.FAILURE)
    check([t.originalTransactionId for _, t in failed] == [str(alice_pass)], "FAILURE names alice's subscription")
    api.extend_renewal_date_for_all_active_subscribers(mass)
    check(api.get_status_of_subscription_renewal_date_extensions(request_id, MONTHLY).succeededCount == 1, "the same request again counts once")
    refused(lambda: api.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=7, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier="not-a-uuid", productId=MONTHLY)),
        400, 4000011, "a request identifier that is no UUID")
    refused(lambda: api.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=7, extendReasonCode=ExtendReasonCode.OTHER, requestIdentifier=str(uuid.uuid4()), productId=NECTAR)),
        400, 4000023, "a product that is no subscription")
    refused(lambda: api.get_status_of_subscription_renewal_date_extensions(str(uuid.uuid4()), MONTHLY), 404, 4040009,
            "the status of a request never made")

    # Set App Account Token.
    token = str(uuid.uuid4())
    api.set_app_account_token(str(alice_pass), UpdateAppAccountTokenRequest(appAccountToken=token))
    signed = api.get_transaction_info(str(alice_pass)).signedTransactionInfo
    check(verifier.verify_and_decode_signed_transaction(signed).appAccountToken == token, "the purchase carries the new token")
    status = api.get_all_subscription_statuses(str(alice_pass)).data[0].lastTransactions[0]
    check(verifier.verify_and_decode_renewal_info(status.signedRenewalInfo).appAccountToken == token, "and so does its renewal info")
    refused(lambda: api.set_app_account_token(str(alice_pass), UpdateAppAccountTokenRequest(appAccountToken="not-a-uuid")),
            400, 4000183, "a token that is no UUID")
    refused(lambda: api.set_app_account_token(str(bob_renewal["id"]), UpdateAppAccountTokenRequest(appAccountToken=token)),
            400, 4000187, "a renewal's transaction ID")
    refused(lambda: api.set_app_account_token("999999", UpdateAppAccountTokenRequest(appAccountToken=token)),
            404, 4040005, "an unknown original transaction")

    # Get App Transaction Info.
    signed_app = api.get_app_transaction_info(str(nectar)).signedAppTransactionInfo
    known_fields(signed_app, AppTransaction)
    app = verifier.verify_and_decode_app_transaction(signed_app)
    enums_map(app, "AppTransaction")
    purchase = verifier.verify_and_decode_signed_transaction(api.get_transaction_info(str(nectar)).signedTransactionInfo)
    check(app.appTransactionId == purchase.appTransactionId and app.bundleId == BUNDLE_ID, "alice's app transaction, by any transaction ID")
    by_app = verifier.verify_and_decode_app_transaction(api.get_app_transaction_info(app.appTransactionId).signedAppTransactionInfo)
    check(by_app.appTransactionId == app.appTransactionId and by_app.originalPurchaseDate == app.originalPurchaseDate,
          "the same by its appTransactionId")
    refused(lambda: api.get_app_transaction_info("abc"), 400, 4000006, "an app transaction by a malformed ID")
    refused(lambda: api.get_app_transaction_info("999999"), 404, 4040010, "an app transaction by an unknown ID")

    # Finish Transaction: the app then no longer gets bob's renewal as unfinished.
    api.finish_transaction(str(bob_renewal["id"]))
    listed = store.run("transactions", "--account", "bob", "--json")
    check(next(t for t in listed if t["id"] == bob_renewal["id"])["finished"] is True, "the ledger has bob's renewal finished")
    restored = store.run("restore", "--account", "bob", "--json")
    check(restored["delivered"] == [], "restore delivers nothing left unfinished")
    refused(lambda: api.finish_transaction(app.appTransactionId), 400, 4000048, "finishing an app transaction ID")
    refused(lambda: api.finish_transaction("999999"), 404, 4040010, "finishing an unknown transaction")
finally:
    stop_server(server)
    hook.shutdown()
finish()
