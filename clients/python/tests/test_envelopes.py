"""An envelope's life through the client: created, signed through the signing API, downloaded sealed."""

from __future__ import annotations

import base64
import uuid
from typing import Any
from urllib.parse import urlsplit

import pytest

from conftest import eventually, minimal_pdf
from countersign_client import CountersignClient, CountersignError, File

SIGNER = "ada@example.test"


def envelope_body(name: str = "Service agreement") -> dict:
    return {
        "envelope": {"name": name},
        "documents": [{"name": "agreement.pdf", "content_base64": base64.b64encode(minimal_pdf()).decode("ascii")}],
        "recipients": {
            "signers": [
                {
                    "name": "Ada Lovelace",
                    "email": SIGNER,
                    "fields": [{"type": "signature", "page": 1, "x": 72, "y": 600, "width": 160, "height": 40}],
                }
            ]
        },
    }


def test_logs_in_on_the_first_call_and_returns_the_answers_data(client: CountersignClient) -> None:
    account = client.get_account()
    assert account["account_id"].startswith("acct_")
    assert set(account["envelope_quota"]) >= {"monthly_limit", "used_this_month", "resets_at"}


def test_creates_an_envelope_signs_it_through_the_signing_api_and_downloads_the_sealed_pdf(
    client: CountersignClient,
) -> None:
    created = client.create_envelope(body=envelope_body(), idempotency_key=f"life-{uuid.uuid4()}")
    envelope_id = created["envelope_id"]
    assert envelope_id.startswith("env_")
    details = client.get_envelope_details(envelope_id=envelope_id)
    assert details["status"] == "Sent"
    assert [signer["email"] for signer in details["recipients"]["signers"]] == [SIGNER]

    embedded = client.generate_embedded_url(envelope_id=envelope_id, signer_email=SIGNER)
    signing_code = urlsplit(embedded["url"]).path.rsplit("/", 1)[-1]
    page = client.view_signing_page(signing_code=signing_code)
    assert page["envelope"]["envelope_id"] == envelope_id
    signed = client.sign_envelope(
        signing_code=page["session_token"],
        body={"consent": True, "signature": {"type": "typed", "text": "Ada Lovelace"}},
    )
    assert signed["all_signed"] is True

    def sealed() -> Any:
        current = client.get_envelope_details(envelope_id=envelope_id)
        return current if current["status"] == "Completed" else None

    completed = eventually(sealed, what="the envelope's sealing")
    document_id = completed["documents"][0]["document_id"]
    pdf = client.download_document(envelope_id=envelope_id, document_id=document_id, accept="application/pdf")
    assert isinstance(pdf, bytes)
    assert pdf.startswith(b"%PDF")
    as_json = client.download_document(envelope_id=envelope_id, document_id=document_id)
    assert as_json["signed"] is True
    assert base64.b64decode(as_json["content_base64"]) == pdf


def test_replays_a_creation_with_the_same_idempotency_key_and_refuses_the_key_with_another_body(
    client: CountersignClient,
) -> None:
    key = f"replay-{uuid.uuid4()}"
    first = client.create_envelope(body=envelope_body("Replayed"), idempotency_key=key)
    again = client.create_envelope(body=envelope_body("Replayed"), idempotency_key=key)
    assert again["envelope_id"] == first["envelope_id"]
    with pytest.raises(CountersignError) as refused:
        client.create_envelope(body=envelope_body("Another body"), idempotency_key=key)
    assert refused.value.status == 422
    assert refused.value.error_code == "IDEMPOTENCY_KEY_REUSED"


def test_uploads_a_file_as_multipart_and_reads_it_back_as_bytes(client: CountersignClient) -> None:
    pdf = minimal_pdf()
    uploaded = client.upload_envelope_file(
        body={"file": File("contract.pdf", pdf, "application/pdf")}, idempotency_key=f"upload-{uuid.uuid4()}"
    )
    [file] = uploaded["files"]
    assert file["file_id"].startswith("file_")
    assert (file["name"], file["pages"], file["size"]) == ("contract.pdf", 1, len(pdf))
    assert client.get_envelope_upload_document(file_id=file["file_id"]) == pdf
