"""What the subscription-lifecycle scripts share: the notifications a hook received, decoded
once each by Apple's verifier, and a subscription's status as Get All Subscription Statuses
answers it."""
import sys
from types import SimpleNamespace

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

from apple_checks import (BUNDLE_ID, MONTHLY, api_client, check, decode_notification, register_api_key, scratch,
                          wait_until, Hook, Storefront)


def subscribed(*serve_options):
    """The script's arguments (binary, work folder, optional PostgreSQL URL) made into a store on
    which alice subscribed to Sanctuary Monthly, and `serve --http` on it with a hook: binary,
    work, store_url, ledger, environment, store, private_pem, first (her transaction), hook,
    server, api, verifier and arrivals."""
    run = SimpleNamespace(binary=sys.argv[1], work=sys.argv[2], store_url=sys.argv[3] if len(sys.argv) > 3 else None)
    run.ledger, run.environment = scratch(run.work)
    run.store = Storefront(run.binary, run.ledger, run.environment, store_url=run.store_url)
    run.private_pem = register_api_key(run.store, run.work)
    run.first = run.store.buy(MONTHLY, "alice")
    run.hook = Hook()
    run.server, base_url = run.store.serve(BUNDLE_ID, run.hook.url, *serve_options)
    run.api = api_client(base_url, run.private_pem)
    run.verifier = SignedDataVerifier([], False, Environment.LOCAL_TESTING, BUNDLE_ID)
    run.arrivals = Arrivals(run.hook, run.verifier)
    return run


class Arrivals:
    """The hook's notifications in arrival order, each decoded (and its fields checked) once."""

    def __init__(self, hook, verifier):
        self.hook, self.verifier, self.decoded = hook, verifier, []

    def wait(self, count, what):
        """Waits for the first `count` notifications; returns the ones new since the last wait,
        as (notification, transaction, renewal info)."""
        wait_until(lambda: len(self.hook.payloads()) >= count, what)
        payloads = self.hook.payloads()
        check(len(payloads) == count, f"{what}: {count} in all, no more ({len(payloads)})")
        new = [decode_notification(self.verifier, signed) for signed in payloads[len(self.decoded):]]
        self.decoded += new
        return new


def kind(notification):
    """'TYPE SUBTYPE' (or 'TYPE') of a decoded notification."""
    subtype = notification.subtype.value if notification.subtype else None
    return " ".join(part for part in [notification.notificationType.value, subtype] if part)


def status_of(api, verifier, transaction_id):
    """The subscription's status number, transaction and renewal info, from Get All
    Subscription Statuses."""
    last = api.get_all_subscription_statuses(str(transaction_id)).data[0].lastTransactions[0]
    return (last.status, verifier.verify_and_decode_signed_transaction(last.signedTransactionInfo),
            verifier.verify_and_decode_renewal_info(last.signedRenewalInfo))
