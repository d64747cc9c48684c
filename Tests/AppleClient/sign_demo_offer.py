"""Signs the promotional offer of Resources/Demos/promotional-offer.tape with Apple's App Store
Server Library (PromotionalOfferV2SignatureCreator), as the app's server would, at the tape's store
time (HeadlessApp.defaultEpoch, 2026-01-01T00:00:00Z: a tape's clock starts there), with a new
In-App Purchase key. Writes the key's public half to the tape's api-keys file (the format of
`storefront serve api-keys add`) and prints the JWS for the tape's `Set promotional-offer` line.
The private key is not kept: the tape's JWS is the only thing it ever signs.

Usage: sign_demo_offer.py API_KEYS_FILE"""
import base64
import datetime
import sys
import types
from unittest import mock

from appstoreserverlibrary import jws_signature_creator
from appstoreserverlibrary.jws_signature_creator import PromotionalOfferV2SignatureCreator
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

ISSUER, KEY_ID = "5a1e7c3b-0f4d-4c55-9b8e-2d6f7a8b9c0d", "DEMOOFFER1"
BUNDLE_ID = "com.example.backyardbirds"
PRODUCT = "com.example.backyardbirds.pass.sanctuary.yearly"
OFFER = "com.example.backyardbirds.pass.sanctuary.yearly.returning"
TAPE_EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


class TapeClock(datetime.datetime):
    """The library reads the time with datetime.datetime.now: here it is the tape's."""
    @classmethod
    def now(cls, tz=None):
        return TAPE_EPOCH


key = ec.generate_private_key(ec.SECP256R1())
pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
clock = types.SimpleNamespace(datetime=TapeClock, timezone=datetime.timezone)
with mock.patch.object(jws_signature_creator, "datetime", clock):
    jws = PromotionalOfferV2SignatureCreator(pem, KEY_ID, ISSUER, BUNDLE_ID).create_signature(PRODUCT, OFFER, None)
public = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
with open(sys.argv[1], "w") as file:
    file.write(f"{ISSUER} {KEY_ID} {base64.b64encode(public).decode()}\n")
print(jws)
