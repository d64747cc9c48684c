#!/usr/bin/env python3
"""Family Sharing as Apple's App Store Server Library reads it.

Usage: family_check.py STOREFRONT_BINARY WORK_DIR [POSTGRES_URL]

alice buys the Sanctuary pass and the copper feeder (both family-shareable) and nectar (a
consumable, never shared); bob joins alice's family. `serve --http` on 127.0.0.1 sends each
notification to a receiver: alice's purchases, then bob's shares of the two shareable ones
(inAppOwnershipType FAMILY_SHARED, transaction IDs of their own); bob's history and status
read the same. Then alice leaves (the organizer stops Family Sharing): bob gets REVOKE for
each share, the transaction revoked with revocationType FAMILY_REVOKE and reason 0. Every
payload goes through Apple's SignedDataVerifier and models (every key one of the model's,
every enum value mapped). Prints one line per check and 'N passed, 0 failed' at the end.
"""
import sys

from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.InAppOwnershipType import InAppOwnershipType
from appstoreserverlibrary.models.JWSTransactionDecodedPayload import JWSTransactionDecodedPayload
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.RevocationType import RevocationType
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from apple_checks import BUNDLE_ID, FEEDER, MONTHLY, NECTAR, Hook, Storefront, api_client, check, decode_notification, finish, known_fields, register_api_key, scratch, stop_server, wait_until

binary, work = sys.argv[1], sys.argv[2]
ledger, environment = scratch(work)
store = Storefront(binary, ledger, environment, store_url=sys.argv[3] if len(sys.argv) > 3 else None)

alices = {store.buy(MONTHLY, "alice"), store.buy(FEEDER, "alice"), store.buy(NECTAR, "alice")}
store.run("family", "join", "bob", "alice")
private_pem = register_api_key(store, work)
hook = Hook()
server, base_url = store.serve(BUNDLE_ID, hook.url)
try:
    api = api_client(base_url, private_pem)
    verifier = SignedDataVerifier([], False, Environment.LOCAL_TESTING, BUNDLE_ID)

    def received():
        return [decode_notification(verifier, signed) for signed in hook.payloads()]

    wait_until(lambda: len(hook.payloads()) == 5, "the receiver gets alice's three purchases and bob's two shares")
    shares = [(n, t) for n, t, _ in received() if t.inAppOwnershipType == InAppOwnershipType.FAMILY_SHARED]
    check(sorted(t.productId for _, t in shares) == sorted([MONTHLY, FEEDER]), "bob's shares: the pass and the feeder, never the nectar")
    check({n.notificationType for n, _ in shares} == {NotificationTypeV2.SUBSCRIBED, NotificationTypeV2.ONE_TIME_CHARGE},
          "each share is told as a purchase of bob's own: SUBSCRIBED and ONE_TIME_CHARGE")
    check(not {int(t.transactionId) for _, t in shares} & alices, "each share has a transaction ID of its own")
    bobs_pass = next(t for _, t in shares if t.productId == MONTHLY)
    alices_pass = next(t for _, t, _ in received() if t.productId == MONTHLY and t.inAppOwnershipType == InAppOwnershipType.PURCHASED)
    check(bobs_pass.originalPurchaseDate == alices_pass.originalPurchaseDate and bobs_pass.expiresDate == alices_pass.expiresDate,
          "bob's pass has alice's original purchase date and period")
    check(bobs_pass.appTransactionId != alices_pass.appTransactionId and bobs_pass.appAccountToken is None,
          "bob's share is bob's: his app transaction, no token of alice's app")

    history = api.get_transaction_history(bobs_pass.transactionId, None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    decoded = []
    for jws in history.signedTransactions:
        known_fields(jws, JWSTransactionDecodedPayload)
        decoded.append(verifier.verify_and_decode_signed_transaction(jws))
    check({t.inAppOwnershipType for t in decoded} == {InAppOwnershipType.FAMILY_SHARED} and len(decoded) == 2,
          "bob's history is his two shares, FAMILY_SHARED")
    status = api.get_all_subscription_statuses(bobs_pass.transactionId).data[0].lastTransactions[0]
    current = verifier.verify_and_decode_signed_transaction(status.signedTransactionInfo)
    check(status.status.value == 1 and current.inAppOwnershipType == InAppOwnershipType.FAMILY_SHARED, "bob's shared pass is active")

    store.run("family", "leave", "alice")
    wait_until(lambda: len(hook.payloads()) == 7, "the receiver gets a REVOKE for each of bob's shares")
    revokes = [(n, t) for n, t, _ in received()[5:]]
    check({n.notificationType for n, _ in revokes} == {NotificationTypeV2.REVOKE} and all(n.subtype is None for n, _ in revokes),
          "REVOKE, with no subtype")
    check(sorted(t.transactionId for _, t in revokes) == sorted(t.transactionId for _, t in shares), "one for each of bob's shares")
    check(all(t.revocationType == RevocationType.FAMILY_REVOKE for _, t in revokes), "revocationType FAMILY_REVOKE")
    check(all(t.revocationReason is not None and t.revocationReason.value == 0 and t.revocationDate for _, t in revokes),
          "revocationReason 0 and a revocationDate, as Apple's for leaving the family")
    status = api.get_all_subscription_statuses(bobs_pass.transactionId).data[0].lastTransactions[0]
    check(status.status.value == 5, "bob's shared pass is revoked")
finally:
    stop_server(server)
    hook.shutdown()
finish()
