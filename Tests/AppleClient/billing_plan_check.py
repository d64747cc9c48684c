#!/usr/bin/env python3
"""Billing plans and one-time offer codes as Apple's App Store Server Library reads them.

Usage: billing_plan_check.py STOREFRONT_BINARY WORK_DIR

On Almanac.storekit: alice buys the yearly plan paid monthly (a 12-month commitment) and
redeems a consumable's offer code; store time moves a month on, so the commitment's second
payment is recorded. Then `serve --http` on 127.0.0.1 answers Apple's client, and every
signed transaction and renewal info is decoded by Apple's SignedDataVerifier and models
(every key one of the model's, every enum value mapped). Prints one line per check and
'N passed, 0 failed' at the end; exits 1 on the first failure.
"""
import os
import sys

from appstoreserverlibrary.api_client import GetTransactionHistoryVersion
from appstoreserverlibrary.models.BillingPlanType import BillingPlanType
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.JWSRenewalInfoDecodedPayload import JWSRenewalInfoDecodedPayload
from appstoreserverlibrary.models.JWSTransactionDecodedPayload import JWSTransactionDecodedPayload
from appstoreserverlibrary.models.OfferDiscountType import OfferDiscountType
from appstoreserverlibrary.models.RenewalBillingPlanType import RenewalBillingPlanType
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from apple_checks import BUNDLE_ID, api_client, check, enums_map, finish, known_fields, register_api_key, scratch, stop_server, Hook, Storefront

YEARLY = "com.example.almanac.pro.yearly"
SEEDS = "com.example.almanac.seeds"

binary, work = sys.argv[1], sys.argv[2]
ledger, environment = scratch(work)
catalog = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Resources/Catalogs/Almanac.storekit")
store = Storefront(binary, ledger, environment, catalog=catalog)

first = store.run("buy", YEARLY, "--billing-plan", "monthly", "--account", "alice", "--json")["transaction"]["id"]
store.run("redeem", "halfseeds", "--account", "alice")
store.run("advance", "1mo", "--account", "alice")
private_pem = register_api_key(store, work)
hook = Hook()
server, base_url = store.serve(BUNDLE_ID, hook.url)
try:
    api = api_client(base_url, private_pem)
    verifier = SignedDataVerifier([], False, Environment.LOCAL_TESTING, BUNDLE_ID)

    history = api.get_transaction_history(str(first), None, TransactionHistoryRequest(), GetTransactionHistoryVersion.V2)
    decoded = []
    for jws in history.signedTransactions:
        known_fields(jws, JWSTransactionDecodedPayload)
        transaction = verifier.verify_and_decode_signed_transaction(jws)
        enums_map(transaction, "JWSTransactionDecodedPayload")
        decoded.append(transaction)
    payments = [t for t in decoded if t.productId == YEARLY]
    check(len(payments) == 2, "the commitment's first two monthly payments")
    check(all(t.billingPlanType == BillingPlanType.MONTHLY for t in payments), "billingPlanType MONTHLY")
    check(all(t.price == 5990 for t in payments), "each payment is the month's price, 5.99 USD")
    commitments = [t.commitmentInfo for t in payments]
    check([c.billingPeriodNumber for c in commitments] == [1, 2], "commitmentInfo.billingPeriodNumber counts the payments")
    check({c.totalBillingPeriods for c in commitments} == {12}, "commitmentInfo.totalBillingPeriods is 12")
    check({c.commitmentPrice for c in commitments} == {71880}, "commitmentInfo.commitmentPrice is the whole commitment in milliunits")
    check(len({c.commitmentExpiresDate for c in commitments}) == 1, "one commitmentExpiresDate for both payments")

    seeds = next(t for t in decoded if t.productId == SEEDS)
    check(seeds.offerType.value == 3 and seeds.offerIdentifier == "HALFSEEDS", "the consumable's offer code: offer type 3 and the code")
    check(seeds.offerDiscountType == OfferDiscountType.ONE_TIME and seeds.price == 990, "offerDiscountType ONE_TIME at 0.99")
    check(seeds.billingPlanType is None and seeds.commitmentInfo is None, "no billing plan on a consumable")

    statuses = api.get_all_subscription_statuses(str(first))
    last = statuses.data[0].lastTransactions[0]
    known_fields(last.signedRenewalInfo, JWSRenewalInfoDecodedPayload)
    renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
    enums_map(renewal, "JWSRenewalInfoDecodedPayload")
    check(renewal.renewalBillingPlanType == RenewalBillingPlanType.MONTHLY, "renewal info: renewalBillingPlanType MONTHLY")
    check(renewal.renewalPrice == 5990, "the next payment bills the month's price")
    commitment = renewal.commitmentInfo
    check(commitment.commitmentRenewalBillingPlanType == RenewalBillingPlanType.MONTHLY, "the commitment renews into a new one")
    check(commitment.commitmentAutoRenewProductId == YEARLY and commitment.commitmentAutoRenewStatus.value == 1, "as the yearly plan, auto-renewing")
    check(commitment.commitmentRenewalDate == commitments[0].commitmentExpiresDate, "at the commitment's end")
    check(commitment.commitmentRenewalPrice == 71880, "for the commitment's price")
finally:
    stop_server(server)
    hook.shutdown()
finish()
