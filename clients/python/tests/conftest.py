"""The tests talk to a running Countersign server: COUNTERSIGN_URL, COUNTERSIGN_CLIENT_ID and
COUNTERSIGN_CLIENT_SECRET name it and an API client of one of its accounts. The server must let
webhooks reach this machine's loopback address (WEBHOOK_ALLOW_PRIVATE=true)."""

from __future__ import annotations

import os
import time
from typing import Callable, TypeVar

import pytest

from countersign_client import CountersignClient

T = TypeVar("T")


@pytest.fixture(scope="session")
def server() -> dict[str, str]:
    names = ("COUNTERSIGN_URL", "COUNTERSIGN_CLIENT_ID", "COUNTERSIGN_CLIENT_SECRET")
    missing = [name for name in names if not os.environ.get(name)]
    if missing:
        pytest.skip(f"needs a running server: set {', '.join(missing)}")
    return {name: os.environ[name] for name in names}


@pytest.fixture
def client(server: dict[str, str]) -> CountersignClient:
    return CountersignClient(
        server["COUNTERSIGN_URL"], server["COUNTERSIGN_CLIENT_ID"], server["COUNTERSIGN_CLIENT_SECRET"]
    )


def minimal_pdf() -> bytes:
    """A one-page Letter PDF with a drawn line, its cross-reference table at the right offsets."""
    content = b"0.5 w 72 700 m 540 700 l S"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
        b"<< /Length " + str(len(content)).encode() + b" >>\nstream\n" + content + b"\nendstream",
    ]
    pdf = b"%PDF-1.7\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(pdf))
        pdf += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(pdf)
    pdf += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    pdf += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    pdf += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return pdf


def eventually(check: Callable[[], T | None], timeout: float = 60, what: str = "the condition") -> T:
    """The first truthy result of ``check``, asked every 0.2 s until ``timeout`` seconds have passed."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout} s")
        time.sleep(0.2)
