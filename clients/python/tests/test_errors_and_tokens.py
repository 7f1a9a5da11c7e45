"""CountersignError's fields, and the access token's login, refresh and fallback to a new login."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

import pytest

from countersign_client import CountersignClient, CountersignError


class Recorder(urllib.request.BaseHandler):
    """Records each exchange as ``"<status> <method> <path>"``; can send a bad access token once, or a
    bad refresh token once, to see what the client does when the service refuses it."""

    # Before urllib's own HTTP handler, which then sizes the body as sent.
    handler_order = 400

    def __init__(self, spoil_access_token: bool = False, spoil_refresh_token: bool = False) -> None:
        self.calls: list[str] = []
        self.spoil_access_token = spoil_access_token
        self.spoil_refresh_token = spoil_refresh_token

    def http_request(self, request: urllib.request.Request) -> urllib.request.Request:
        if self.spoil_access_token and request.has_header("Authorization"):
            self.spoil_access_token = False
            request.add_header("Authorization", "Bearer cs_at_not-a-token")
        if self.spoil_refresh_token and request.full_url.endswith("/authorization/refresh_token"):
            self.spoil_refresh_token = False
            body = json.loads(request.data)
            request.data = json.dumps({**body, "refresh_token": "cs_rt_not-a-token"}).encode()
        return request

    def http_response(self, request: urllib.request.Request, response: Any) -> Any:
        self.calls.append(f"{response.status} {request.get_method()} {urllib.request.urlparse(request.full_url).path}")
        return response


def client_of(server: dict[str, str], recorder: Recorder, **options: Any) -> CountersignClient:
    return CountersignClient(
        f"{server['COUNTERSIGN_URL']}/",
        server["COUNTERSIGN_CLIENT_ID"],
        server["COUNTERSIGN_CLIENT_SECRET"],
        handlers=[recorder],
        **options,
    )


def test_raises_a_countersign_error_with_status_errors_and_request_id_for_an_unknown_envelope(
    client: CountersignClient,
) -> None:
    with pytest.raises(CountersignError) as refused:
        client.get_envelope_details(envelope_id="env_unknown")
    error = refused.value
    assert error.status == 404
    assert error.errors[0]["error_code"] == "ENVELOPE_NOT_FOUND"
    assert error.errors[0]["developer_message"]
    assert error.error_code == "ENVELOPE_NOT_FOUND"
    assert re.fullmatch(r"[A-Za-z0-9._-]+", error.request_id or "")
    assert error.retry_after is None
    assert "ENVELOPE_NOT_FOUND" in str(error)


def test_names_the_field_at_fault_in_a_400(client: CountersignClient) -> None:
    with pytest.raises(CountersignError) as refused:
        client.list_envelopes(body={"page_size": 1000})
    assert refused.value.status == 400
    assert refused.value.error_code == "INVALID_PAGINATION"
    assert refused.value.errors[0]["field"] == "page_size"


def test_refuses_wrong_credentials_with_invalid_credentials_from_the_automatic_login(server: dict[str, str]) -> None:
    client = CountersignClient(server["COUNTERSIGN_URL"], server["COUNTERSIGN_CLIENT_ID"], "not-the-secret")
    with pytest.raises(CountersignError) as refused:
        client.get_account()
    assert (refused.value.status, refused.value.error_code) == (401, "INVALID_CREDENTIALS")


def test_refreshes_once_when_the_service_refuses_the_access_token_and_repeats_the_call(server: dict[str, str]) -> None:
    recorder = Recorder()
    client = client_of(server, recorder)
    client.get_account()
    recorder.spoil_access_token = True
    start = len(recorder.calls)
    assert client.get_account()["account_id"].startswith("acct_")
    assert recorder.calls[start:] == [
        "401 GET /api/v2.0/account",
        "200 POST /api/v2.0/authorization/refresh_token",
        "200 GET /api/v2.0/account",
    ]
    # The rotated refresh token is the one kept: a second refresh with the retired one would be refused.
    recorder.spoil_access_token = True
    client.get_account()
    assert recorder.calls[-2:] == ["200 POST /api/v2.0/authorization/refresh_token", "200 GET /api/v2.0/account"]


def test_refreshes_before_the_access_token_expires_by_its_own_clock(server: dict[str, str]) -> None:
    recorder = Recorder()
    clock = {"now": time.time()}
    client = client_of(server, recorder, now=lambda: clock["now"])
    client.get_account()
    assert recorder.calls == ["200 POST /api/v2.0/authorization/token", "200 GET /api/v2.0/account"]
    clock["now"] += 3600 - 30
    client.get_account()
    assert recorder.calls[2:] == ["200 POST /api/v2.0/authorization/refresh_token", "200 GET /api/v2.0/account"]


def test_logs_in_afresh_when_its_refresh_token_is_refused(server: dict[str, str]) -> None:
    recorder = Recorder()
    clock = {"now": time.time()}
    client = client_of(server, recorder, now=lambda: clock["now"])
    client.get_account()
    clock["now"] += 3600
    recorder.spoil_refresh_token = True
    client.get_account()
    assert recorder.calls[2:] == [
        "401 POST /api/v2.0/authorization/refresh_token",
        "200 POST /api/v2.0/authorization/token",
        "200 GET /api/v2.0/account",
    ]
