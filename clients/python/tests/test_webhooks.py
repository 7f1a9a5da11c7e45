"""verify_webhook_signature on real deliveries, received by an HTTP server this test starts."""

from __future__ import annotations

import hashlib
import hmac
import http.server
import threading
import uuid
from typing import Iterator

import pytest

from conftest import eventually
from countersign_client import CountersignClient, verify_webhook_signature


class Receiver(http.server.ThreadingHTTPServer):
    """Records every POST's headers and raw body, and answers 200."""

    def __init__(self) -> None:
        self.deliveries: list[tuple[dict[str, str], bytes]] = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.deliveries.append(({name.lower(): value for name, value in self.headers.items()}, raw))
                self.send_response(200)
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def test_verifies_a_real_delivery_with_the_webhooks_secret_and_nothing_else(
    client: CountersignClient, receiver: Receiver
) -> None:
    webhook = client.create_webhook(
        body={"url": f"{receiver.url}/hooks", "events": ["envelope.completed"], "description": "Python client test"},
        idempotency_key=f"webhook-{uuid.uuid4()}",
    )
    secret = webhook["secret"]
    assert secret.startswith("whsec_")
    client.test_webhook(webhook_id=webhook["webhook_id"])
    headers, raw = eventually(
        lambda: receiver.deliveries[0] if receiver.deliveries else None, what="the ping's delivery"
    )
    header = headers["countersign-signature"]

    assert verify_webhook_signature(header, raw, secret) is True
    assert verify_webhook_signature(header, raw.decode("utf-8"), secret) is True
    assert verify_webhook_signature(header, raw, "whsec_not-the-secret") is False
    assert verify_webhook_signature(header, raw + b" ", secret) is False
    assert verify_webhook_signature(header, raw.replace(b'"ping"', b'"pong"'), secret) is False
    assert verify_webhook_signature("garbage", raw, secret) is False
    assert verify_webhook_signature("", raw, secret) is False
    assert verify_webhook_signature(None, raw, secret) is False
    signed_at = int(header.split(",")[0].removeprefix("t="))
    assert verify_webhook_signature(header, raw, secret, now=signed_at + 301) is False
    assert verify_webhook_signature(header, raw, secret, now=signed_at - 301) is False
    assert verify_webhook_signature(header, raw, secret, now=signed_at + 299) is True


def signature(secret: str, timestamp: int, body: bytes) -> str:
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def test_accepts_any_one_of_several_v1_entries_as_during_a_rotation() -> None:
    body = b'{"id":"evt_1","type":"ping"}'
    header = f"t=1795684800,v1={signature('whsec_new', 1795684800, body)},v1={signature('whsec_old', 1795684800, body)}"
    assert verify_webhook_signature(header, body, "whsec_old", now=1795684800) is True
    assert verify_webhook_signature(header, body, "whsec_new", now=1795684800) is True
    assert verify_webhook_signature(header, body, "whsec_other", now=1795684800) is False


def test_returns_false_for_malformed_headers_and_bodies_of_other_types_without_raising() -> None:
    body = b"{}"
    good = signature("whsec_s", 1795684800, body)
    for header in (
        f"v1={good}",
        f"t=1795684800,t=1795684800,v1={good}",
        "t=1795684800",
        f"t=17956848xx,v1={good}",
        f"t=1795684800,v1={good[:-2]}",
        f"t=1795684800,v1={good},extra",
        f"t=1795684800;v1={good}",
    ):
        assert verify_webhook_signature(header, body, "whsec_s", now=1795684800) is False, header
    assert verify_webhook_signature(f"t=1795684800,v1={good.upper()}", body, "whsec_s", now=1795684800) is True
    assert verify_webhook_signature(f"t=1795684800,v1={good}", 42, "whsec_s", now=1795684800) is False  # type: ignore[arg-type]
    assert verify_webhook_signature(b"t=1,v1=00", body, "whsec_s") is False  # type: ignore[arg-type]
    assert verify_webhook_signature(f"t=1795684800,v1={good}", body, "", now=1795684800) is False
