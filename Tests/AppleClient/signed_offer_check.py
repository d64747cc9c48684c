"""Signed offers as an app's server makes them: Apple's App Store Server Library signs promotional
offers (PromotionalOfferV2SignatureCreator, the compact JWS; PromotionalOfferSignatureCreator, the
legacy signature) and intro-offer eligibility (IntroductoryOfferEligibilitySignatureCreator) with a
key registered by `serve api-keys add`, and `storefront buy` applies them, or refuses each with its
one reason and exit 1.

Usage: signed_offer_check.py STOREFRONT WORK_FOLDER [POSTGRES_URL]"""
import base64
import json
import os
import subprocess
import sys
import time
import uuid

from appstoreserverlibrary.jws_signature_creator import (
    IntroductoryOfferEligibilitySignatureCreator,
    PromotionalOfferV2SignatureCreator,
)
from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from apple_checks import BUNDLE_ID, ISSUER, KEY_ID, MONTHLY, NECTAR, Storefront, check, finish, register_api_key, scratch

binary, work = sys.argv[1], sys.argv[2]
store_url = sys.argv[3] if len(sys.argv) > 3 else None
ledger, environment = scratch(work)
store = Storefront(binary, ledger, environment, store_url=store_url)

YEARLY = "com.example.backyardbirds.pass.sanctuary.yearly"
RETURNING = "com.example.backyardbirds.pass.sanctuary.yearly.returning"
MEADOW = "com.example.backyardbirds.pass.meadow.monthly"

key = register_api_key(store, work)
stranger = ec.generate_private_key(ec.SECP256R1()).private_bytes(
    serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


def promo(product=YEARLY, offer=RETURNING, signing_key=key, key_id=KEY_ID, bundle=BUNDLE_ID, transaction=None):
    return PromotionalOfferV2SignatureCreator(signing_key, key_id, ISSUER, bundle).create_signature(product, offer, transaction)


def eligibility(allow, transaction, product=MEADOW):
    return IntroductoryOfferEligibilitySignatureCreator(key, KEY_ID, ISSUER, BUNDLE_ID).create_signature(product, allow, transaction)


def legacy(product=YEARLY, offer=RETURNING, bundle=BUNDLE_ID, timestamp=None):
    nonce = uuid.uuid4()
    timestamp = timestamp if timestamp is not None else int(time.time() * 1000)
    signature = PromotionalOfferSignatureCreator(key, KEY_ID, bundle).create_signature(product, offer, "", nonce, timestamp)
    return f"{KEY_ID}:{nonce}:{timestamp}:{signature}"


def buy(product, account, *options, bundle=BUNDLE_ID):
    """`storefront buy` as a user runs it: (exit status, stdout, stderr)."""
    bundle_option = ["--bundle-id", bundle] if bundle else []
    done = subprocess.run([binary, "buy", product, "--account", account, *bundle_option, *options, *store.location],
                          env=environment, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def refused(product, account, options, reason, what, bundle=BUNDLE_ID):
    status, out, err = buy(product, account, *options, bundle=bundle)
    lines = err.strip().splitlines()
    check(status == 1 and len(lines) == 1 and reason in lines[0] and out == "",
          f"{what}: exit 1, one line ({status}: {err.strip()})")


def lapsed(account):
    """A customer who subscribed and let it lapse: whom promotional offers are for."""
    store.run("buy", MONTHLY, "--account", account)
    store.run("expire", MONTHLY, "--account", account)


# The compact JWS, applied.
lapsed("alice")
jws = promo()
status, out, err = buy(YEARLY, "alice", "--promotional-offer", jws, "--json")
bought = json.loads(out) if status == 0 else {}
offer = bought.get("transaction", {})
check(status == 0 and bought.get("result") == "success" and offer.get("offerType") == "promotional"
      and offer.get("offerID") == RETURNING,
      f"a lapsed subscriber buys the yearly pass with the signed returning offer ({err.strip()} {out.strip()})")
refused(YEARLY, "alice", ["--promotional-offer", jws], "nonce", "the same JWS again is refused: its nonce was used")

# The legacy signature, applied, in words.
lapsed("bob")
status, out, err = buy(YEARLY, "bob", "--promotional-signature", legacy(), "--offer", RETURNING)
check(status == 0 and "promotional offer" in out, f"the legacy signature applies the offer: {out.strip()} {err.strip()}")

# Each refusal, with its reason, and nothing bought.
lapsed("carol")
refused(YEARLY, "carol", ["--promotional-offer", promo(signing_key=stranger, key_id="NOTREGISTERED")],
        "key NOTREGISTERED, which is not registered", "an unknown key")
refused(YEARLY, "carol", ["--promotional-offer", promo(signing_key=stranger)],
        f"signature is not key {KEY_ID}'s", "a signature by another key under a registered kid")
refused(YEARLY, "carol", ["--promotional-offer", promo(product=MONTHLY)],
        f"is for product {MONTHLY}, not {YEARLY}", "an offer signed for another product")
refused(YEARLY, "carol", ["--promotional-offer", promo(offer="winter"), "--offer", RETURNING],
        f"is for offer winter, not {RETURNING}", "an offer signed for another offer")
refused(YEARLY, "carol", ["--promotional-offer", promo(bundle="com.example.other")],
        f"is for app com.example.other, not {BUNDLE_ID}", "an offer signed for another app")
refused(YEARLY, "carol", ["--promotional-offer", promo()], "give it the app's --bundle-id",
        "a store run without --bundle-id", bundle=None)
refused(YEARLY, "carol", ["--promotional-signature", legacy(bundle="com.example.other"), "--offer", RETURNING],
        f"signature is not key {KEY_ID}'s", "a legacy signature over another app's bundle ID")
refused(YEARLY, "carol", ["--promotional-signature", legacy(timestamp=int(time.time() * 1000) - 25 * 3600 * 1000),
                          "--offer", RETURNING],
        "over 24 hours before the store's time", "a legacy signature 25 hours old")
refused(YEARLY, "dave", ["--promotional-offer", promo()],
        "never subscribed there", "a customer who never subscribed")
store.run("buy", NECTAR, "--account", "dave")
refused(YEARLY, "carol", ["--promotional-offer", promo(transaction="1")],
        "names transaction 1, which is not this customer's", "a JWS naming another customer's transaction")
stale = promo()
store.run("advance", "2d", "--account", "carol")
refused(YEARLY, "carol", ["--promotional-offer", stale],
        "over 24 hours before the store's time", "a JWS signed two days before the store's clock")
check(store.run("transactions", "--account", "carol", "--json").count(YEARLY) == 0, "no refusal bought anything")
status, out, err = buy(YEARLY, "carol", "--promotional-signature", legacy())
check(status == 64 and "--offer" in err, f"the legacy form without --offer is a usage error ({status}: {err.strip()})")

# Intro-offer eligibility, the app's server's word over the store's.
erin = store.run("buy", MONTHLY, "--account", "erin", "--json")["transaction"]["id"]
store.run("expire", MONTHLY, "--account", "erin")
status, out, err = buy(MEADOW, "erin", "--intro-eligibility", eligibility(True, str(erin)), "--json")
offer = json.loads(out).get("transaction", {}) if status == 0 else {}
check(offer.get("offerType") == "introductory" and offer.get("price") == "0",
      f"a returning subscriber the server allows gets the free week the store would not give ({out.strip()} {err.strip()})")
frank = store.run("buy", NECTAR, "--account", "frank", "--json")["transaction"]["id"]
status, out, err = buy(MEADOW, "frank", "--intro-eligibility", eligibility(False, str(frank)), "--json")
check(status == 0 and json.loads(out)["transaction"].get("offerType") is None,
      f"a new subscriber the server denies pays full price ({out.strip()} {err.strip()})")
refused(MEADOW, "grace", ["--intro-eligibility", eligibility(True, str(frank))],
        f"names transaction {frank}, which is not this customer's", "eligibility naming another customer's transaction")
finish()
