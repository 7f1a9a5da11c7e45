"""Checking a webhook delivery's Countersign-Signature header."""

from __future__ import annotations

import hashlib
import hmac
import re
import time

_TIMESTAMP = re.compile(r"^\d{1,12}$")
_HEX_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def _parsed(header: str) -> tuple[str, list[str]] | None:
    timestamp: str | None = None
    signatures: list[str] = []
    for entry in header.split(","):
        parts = entry.strip().split("=")
        if len(parts) != 2:
            return None
        key, value = parts
        if key == "t":
            if timestamp is not None or not _TIMESTAMP.match(value):
                return None
            timestamp = value
        elif key == "v1" and _HEX_SHA256.match(value.lower()):
            signatures.append(value.lower())
    if timestamp is None or not signatures:
        return None
    return timestamp, signatures


def _verified(
    header: str | None,
    raw_body: bytes | bytearray | memoryview | str,
    secret: str | bytes,
    tolerance_seconds: float,
    now: float | None,
) -> bool:
    if not isinstance(header, str) or not isinstance(raw_body, (bytes, bytearray, memoryview, str)):
        return False
    if not isinstance(secret, (str, bytes)) or not secret:
        return False
    parsed = _parsed(header)
    if parsed is None:
        return False
    timestamp, signatures = parsed
    if abs((time.time() if now is None else now) - int(timestamp)) > tolerance_seconds:
        return False
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    key = secret.encode("utf-8") if isinstance(secret, str) else secret
    expected = hmac.new(key, timestamp.encode("ascii") + b"." + body, hashlib.sha256).hexdigest()
    # Every entry is compared, so the time taken tells nothing about which one matched.
    matches = [hmac.compare_digest(signature, expected) for signature in signatures]
    return any(matches)


def verify_webhook_signature(
    header: str | None,
    raw_body: bytes | bytearray | memoryview | str,
    secret: str | bytes,
    *,
    tolerance_seconds: float = 300,
    now: float | None = None,
) -> bool:
    """Whether a webhook delivery's ``Countersign-Signature: t=<unix>,v1=<hex>[,v1=<hex>…]`` header
    signs ``raw_body`` with the webhook's ``secret``.

    The signature is HMAC-SHA256 keyed with the secret's UTF-8 bytes over ``"<t>." + raw body``.
    Pass the body exactly as received, before any JSON parsing (bytes; a str is encoded as UTF-8).
    During a secret rotation the header carries one ``v1`` per secret: one match is enough. The
    time ``t`` must be within ``tolerance_seconds`` of ``now`` (Unix seconds; the current time by
    default) either way, so that a captured delivery cannot be replayed later. The comparison is
    constant-time. Returns True or False; never raises.
    """
    try:
        return _verified(header, raw_body, secret, tolerance_seconds, now)
    except Exception:
        # A header or body of an unexpected type is a delivery that does not verify.
        return False
