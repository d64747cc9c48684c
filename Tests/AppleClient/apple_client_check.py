#!/usr/bin/env python3
"""Apple's own App Store Server Library against `storefront serve --http`.

Usage: apple_client_check.py STOREFRONT_BINARY WORK_DIR

Buys for two customers with the storefront binary, registers an API key, starts the server
on 127.0.0.1 (and a webhook receiver), then calls every endpoint with Apple's
AppStoreServerAPIClient and decodes every response and signed payload with Apple's
SignedDataVerifier in the LocalTesting environment. A payload key the library's model does
not know, or an enum value it cannot map, is a failure. Prints one line per check and
'N passed, 0 failed' at the end; exits 1 on the first failure.
"""
import json
import os
import sqlite3
import subprocess
import sys
import time

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.JWSRenewalInfoDecodedPayload import JWSRenewalInfoDecodedPayload
from appstoreserverlibrary.models.JWSTransactionDecodedPayload import JWSTransactionDecodedPayload
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.OrderLookupStatus import OrderLookupStatus
from appstoreserverlibrary.models.ResponseBodyV2DecodedPayload import ResponseBodyV2DecodedPayload
from appstoreserverlibrary.models.Status import Status
from appstoreserverlibrary.models.TransactionHistoryRequest import ProductType, TransactionHistoryRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

from apple_checks import BUNDLE_ID, FEEDER, ISSUER, KEY_ID, MONTHLY, NECTAR, scratch, Hook, Storefront, check, decode_notification, enums_map, finish, known_fields, stop_server, wait_until

binary, work = sys.argv[1], sys.argv[2]
ledger, environment = scratch(work)
store = Storefront(binary, ledger, environment)
storefront, buy = store.run, store.buy


# The customers' purchases, made as a user would.
alice = [buy(NECTAR, "alice"), buy(FEEDER, "alice"), buy(MONTHLY, "alice")]
bob = [buy(NECTAR, "bob")]
storefront("refund", str(alice[1]), "--account", "alice", "--request")
storefront("refund", str(alice[1]), "--account", "alice")
with sqlite3.connect(ledger) as db:
    order = db.execute("SELECT purchaseAttemptID FROM transactions WHERE id = ?", (alice[0],)).fetchone()[0]

# The back office's key, registered with the server.
private_key = ec.generate_private_key(ec.SECP256R1())
private_pem = private_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
public_path = os.path.join(work, "AuthKey.pub.pem")
with open(public_path, "wb") as file:
    file.write(private_key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
subprocess.run([binary, "serve", "api-keys", "add", ISSUER, KEY_ID, public_path], env=environment, check=True, capture_output=True)

hook = Hook()


def start_server(*options):
    return store.serve(BUNDLE_ID, hook.url, *options)


def client(base_url, key=private_pem, key_id=KEY_ID, bundle=BUNDLE_ID, environment=Environment.LOCAL_TESTING):
    api = AppStoreServerAPIClient(key, key_id, ISSUER, bundle, environment)
    api._base_url = base_url  # the library's LocalTesting base URL is a placeholder
    return api


server, base_url = start_server()
try:

    api = client(base_url)
    verifier = SignedDataVerifier([], False, Environment.LOCAL_TESTING, BUNDLE_ID)

    # Get Transaction History v2: alice's, all of them, none of bob's.
    history = api.get_transaction_history(str(alice[0]), None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    check(history.environment == Environment.LOCAL_TESTING and history.bundleId == BUNDLE_ID, "history names the app and LocalTesting")
    check(history.hasMore is False and history.revision, "one page, with a revision")
    decoded = [verifier.verify_and_decode_signed_transaction(jws) for jws in history.signedTransactions]
    for jws, transaction in zip(history.signedTransactions, decoded):
        known_fields(jws, JWSTransactionDecodedPayload)
        enums_map(transaction, "JWSTransactionDecodedPayload")
    check(sorted(int(t.transactionId) for t in decoded) == sorted(alice), "history is alice's transactions and no one else's")
    nectar = next(t for t in decoded if t.productId == NECTAR)
    check(nectar.price == 1490 and nectar.currency == "USD", "price in milliunits: 1.49 USD is 1490")
    check(nectar.storefront == "USA" and nectar.storefrontId == "143441", "storefront and storefrontId")
    check(nectar.inAppOwnershipType.value == "PURCHASED" and nectar.type.value == "Consumable", "type and ownership")
    check(nectar.transactionReason.value == "PURCHASE", "transactionReason")
    check(abs(nectar.purchaseDate / 1000 - time.time()) < 3600, "purchaseDate in milliseconds")
    feeder = next(t for t in decoded if t.productId == FEEDER)
    check(feeder.revocationDate is not None and feeder.revocationReason is not None, "the refund shows")
    filtered = api.get_transaction_history(
        str(alice[0]), None, TransactionHistoryRequest(productTypes=[ProductType.AUTO_RENEWABLE], revoked=False),
        GetTransactionHistoryVersion.V2)
    check([verifier.verify_and_decode_signed_transaction(j).productId for j in filtered.signedTransactions] == [MONTHLY],
          "filters: productType and revoked")

    # Get Transaction Info.
    info = api.get_transaction_info(str(bob[0]))
    check(int(verifier.verify_and_decode_signed_transaction(info.signedTransactionInfo).transactionId) == bob[0], "transaction info")

    # Get All Subscription Statuses.
    statuses = api.get_all_subscription_statuses(str(alice[0]))
    check(statuses.bundleId == BUNDLE_ID and len(statuses.data) == 1, "one subscription group")
    last = statuses.data[0].lastTransactions[0]
    check(last.status == Status.ACTIVE, "the pass is active")
    known_fields(last.signedRenewalInfo, JWSRenewalInfoDecodedPayload)
    renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
    enums_map(renewal, "JWSRenewalInfoDecodedPayload")
    check(renewal.autoRenewProductId == MONTHLY and renewal.autoRenewStatus.value == 1, "renewal info: renews as the monthly pass")
    check(renewal.renewalPrice == 9990, "renewal price in milliunits")
    check(api.get_all_subscription_statuses(str(alice[0]), [Status.EXPIRED]).data == [], "the status filter")

    # Look Up Order ID.
    found = api.look_up_order_id(order)
    check(found.status == OrderLookupStatus.VALID, "the order is found")
    check([int(verifier.verify_and_decode_signed_transaction(j).transactionId) for j in found.signedTransactions] == [alice[0]], "its transaction")
    check(api.look_up_order_id("MK5TTTVWJH").status == OrderLookupStatus.INVALID, "an unknown order is invalid")

    # Get Refund History v2.
    refunds = api.get_refund_history(str(alice[2]), None)
    check([int(verifier.verify_and_decode_signed_transaction(j).transactionId) for j in refunds.signedTransactions] == [alice[1]], "refund history")

    # Send Consumption Information v2.
    api.send_consumption_information(str(alice[0]), ConsumptionRequest(customerConsented=True, sampleContentProvided=False,
                                                                      deliveryStatus=DeliveryStatus.DELIVERED))
    check(True, "consumption information accepted")

    # The purchases and the refund above, each told as Apple's notification, decoded by Apple's models.
    expected = {(alice[0], "ONE_TIME_CHARGE", None), (alice[1], "ONE_TIME_CHARGE", None), (alice[2], "SUBSCRIBED", "INITIAL_BUY"),
                (bob[0], "ONE_TIME_CHARGE", None), (alice[1], "CONSUMPTION_REQUEST", None), (alice[1], "REFUND", None)}
    wait_until(lambda: len(hook.payloads()) >= len(expected), "the receiver gets a notification for each ledger change")
    told = set()
    for signed in hook.payloads():
        notification, transaction, renewal = decode_notification(verifier, signed)
        told.add((int(transaction.transactionId), notification.notificationType.value,
                  notification.subtype.value if notification.subtype else None))
        check(notification.data.bundleId == BUNDLE_ID and notification.data.environment == Environment.LOCAL_TESTING,
              "the notification names the app and LocalTesting")
        check((renewal is not None) == (transaction.productId == MONTHLY), "a subscription's carries its renewal info")
    check(told == expected, f"one notification per change, with Apple's type and subtype ({sorted(told, key=str)})")
    ledger_notifications = hook.payloads()

    # Request a Test Notification, then its status; the receiver got it.
    token = api.request_test_notification().testNotificationToken
    deadline = time.time() + 10
    status = api.get_test_notification_status(token)
    while not status.sendAttempts and time.time() < deadline:
        time.sleep(0.05)
        status = api.get_test_notification_status(token)
    check([attempt.sendAttemptResult.value for attempt in status.sendAttempts] == ["SUCCESS"], "the test notification was delivered")
    known_fields(status.signedPayload, ResponseBodyV2DecodedPayload)
    notification = verifier.verify_and_decode_notification(status.signedPayload)
    check(notification.notificationType.value == "TEST", "it is a TEST notification")
    check(hook.payloads() == ledger_notifications + [status.signedPayload], "the receiver got it once")

    # Get Notification History: the ledger's notifications as sent, then the test's, each delivered once.
    now = int(time.time() * 1000)
    notifications = api.get_notification_history(None, NotificationHistoryRequest(startDate=now - 3_600_000, endDate=now + 60_000))
    check(sorted(item.signedPayload for item in notifications.notificationHistory) == sorted(hook.payloads()),
          "notification history holds every notification as it was sent")
    check(all([a.sendAttemptResult.value for a in item.sendAttempts] == ["SUCCESS"] for item in notifications.notificationHistory),
          "each with its one successful attempt")
    refunds = api.get_notification_history(None, NotificationHistoryRequest(
        startDate=now - 3_600_000, endDate=now + 60_000, notificationType=NotificationTypeV2.REFUND))
    check([verifier.verify_and_decode_notification(item.signedPayload).notificationType for item in refunds.notificationHistory]
          == [NotificationTypeV2.REFUND], "the history's type filter")

    # Apple's errors, through Apple's exception.
    def api_error(call):
        try:
            call()
        except APIException as error:
            return error.http_status_code, error.raw_api_error
        return None

    check(api_error(lambda: api.get_transaction_info("987654321")) == (404, 4040010), "an unknown transaction: 404 4040010")
    check(api_error(lambda: api.get_transaction_info("abc")) == (400, 4000006), "a malformed transaction ID: 400 4000006")
    check(api_error(lambda: api.get_transaction_history(str(alice[0]), "bad", TransactionHistoryRequest(),
                                                        GetTransactionHistoryVersion.V2)) == (400, 4000005), "a bad revision: 400 4000005")
    other_key = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    check(api_error(lambda: client(base_url, key=other_key).get_transaction_info(str(alice[0])))[0] == 401, "the wrong key: 401")
    check(api_error(lambda: client(base_url, bundle="com.example.other").get_transaction_info(str(alice[0])))[0] == 401, "another app: 401")
    check(api_error(lambda: client(base_url, key_id="NOPE").get_transaction_info(str(alice[0])))[0] == 401, "an unknown key ID: 401")
finally:
    stop_server(server)

# Full chain: `serve certs` issues a root, an intermediate and a leaf; Apple's verifier, given
# that root and the Sandbox environment, checks every payload's x5c chain and signature.
certs, other = os.path.join(work, "certs"), os.path.join(work, "other-certs")
for folder in (certs, other):
    subprocess.run([binary, "serve", "certs", "--folder", folder], env=environment, check=True, capture_output=True)
with open(os.path.join(certs, "root-ca.cer"), "rb") as file:
    root = file.read()
with open(os.path.join(other, "root-ca.cer"), "rb") as file:
    other_root = file.read()
server, base_url = start_server("--certificates", certs, "--environment", "Sandbox")
try:
    api = client(base_url, environment=Environment.SANDBOX)
    verifier = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE_ID)
    history = api.get_transaction_history(str(alice[0]), None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    check(history.environment == Environment.SANDBOX, "the chain's server says Sandbox")
    verified = [verifier.verify_and_decode_signed_transaction(jws) for jws in history.signedTransactions]
    check(sorted(int(t.transactionId) for t in verified) == sorted(alice), "every transaction verifies against the issued root")
    last = api.get_all_subscription_statuses(str(alice[0])).data[0].lastTransactions[0]
    check(verifier.verify_and_decode_renewal_info(last.signedRenewalInfo).autoRenewProductId == MONTHLY, "renewal info verifies in full")
    token = api.request_test_notification().testNotificationToken
    signed = api.get_test_notification_status(token).signedPayload
    check(verifier.verify_and_decode_notification(signed).notificationType.value == "TEST", "the notification verifies in full")
    stranger = SignedDataVerifier([other_root], False, Environment.SANDBOX, BUNDLE_ID)
    try:
        stranger.verify_and_decode_signed_transaction(history.signedTransactions[0])
        refused = False
    except VerificationException:
        refused = True
    check(refused, "another root does not verify them")
finally:
    stop_server(server)
    hook.shutdown()

finish()
