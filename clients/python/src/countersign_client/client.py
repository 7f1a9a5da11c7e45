"""CountersignClient: the generated operations, sent with the standard library's urllib."""

from __future__ import annotations

import base64
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from email.message import Message
from typing import Any, Callable, Iterable, Mapping

from ._operation import Operation
from ._operations import OPERATIONS, Operations
from ._token_session import TokenPair, TokenSession
from ._version import __version__
from .errors import error_from_answer
from .multipart import has_files, multipart_body

APP_AUTH_TYPE = "esign-oauth2"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """The API never redirects: a 3xx is answered as the error it is, and credentials go nowhere else."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class CountersignClient(Operations):
    """A client of the Countersign API: one method per operation, logged in on first use.

    ``base_url`` is where the service answers (``https://sign.example.com``; the API's paths start
    with /api/v2.0); ``client_id`` and ``client_secret`` are an API client's credentials, as
    ``countersign account create`` or ``client create`` printed them.
    """

    def __init__(
        self,
        base_url: str,
        client_id: str,
        client_secret: str,
        *,
        timeout: float = 60.0,
        refresh_margin_seconds: float = 60.0,
        now: Callable[[], float] = time.time,
        handlers: Iterable[urllib.request.BaseHandler] = (),
    ) -> None:
        """``timeout``: seconds to wait for each answer. ``refresh_margin_seconds``: refresh this long
        before the access token expires, by ``now`` (Unix seconds). ``handlers``: further urllib
        handlers (a proxy, say) for the client's opener, which follows no redirects."""
        if not base_url or not client_id or not client_secret:
            raise ValueError("base_url, client_id and client_secret are required")
        if urllib.parse.urlsplit(base_url).scheme not in ("http", "https"):
            raise ValueError(f"base_url must be an http or https URL, not {base_url!r}")
        self._base_url = base_url.rstrip("/")
        self._timeout = timeout
        self._opener = urllib.request.build_opener(_NoRedirects(), *handlers)
        self._credentials = base64.b64encode(f"{client_id}:{client_secret}".encode("utf-8")).decode("ascii")
        self._session = TokenSession(
            login=self._login,
            refresh=self._refresh,
            now=now,
            refresh_margin_seconds=refresh_margin_seconds,
        )

    def _login(self) -> TokenPair:
        answer: TokenPair = self._call(OPERATIONS["login"], body={"credentials": self._credentials})
        return answer

    def _refresh(self, pair: TokenPair) -> TokenPair:
        body = {"access_token": pair["access_token"], "refresh_token": pair["refresh_token"]}
        answer: TokenPair = self._call(OPERATIONS["refreshToken"], body=body)
        return answer

    def _url(self, operation: Operation, path: Mapping[str, Any], query: Mapping[str, Any]) -> str:
        def filled(name: str) -> str:
            value = path.get(name)
            if value is None or value == "":
                raise ValueError(f"{operation.method_name} needs the path parameter {name}")
            return urllib.parse.quote(str(value), safe="")

        segments = [
            filled(part[1:-1]) if part.startswith("{") and part.endswith("}") else part
            for part in operation.path.split("/")
        ]
        pairs = [
            (name, _query_value(item))
            for name, value in query.items()
            if value is not None
            for item in (value if isinstance(value, (list, tuple)) else [value])
        ]
        return self._base_url + "/".join(segments) + (f"?{urllib.parse.urlencode(pairs)}" if pairs else "")

    def _call(
        self,
        operation: Operation,
        *,
        path: Mapping[str, Any] | None = None,
        query: Mapping[str, Any] | None = None,
        header: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
        accept: str | None = None,
    ) -> Any:
        url = self._url(operation, path or {}, query or {})
        headers = {
            "Accept": accept or (operation.response_types[0] if operation.response_types else "application/json"),
            "User-Agent": f"countersign-client-python/{__version__}",
        }
        headers.update({name: str(value) for name, value in (header or {}).items() if value is not None})
        if operation.auth != "none":
            headers["app_auth_type"] = APP_AUTH_TYPE
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        data: bytes | None = None
        if body is not None:
            multipart = "multipart/form-data" in operation.request_types and (
                "application/json" not in operation.request_types or has_files(body)
            )
            if multipart:
                data, headers["Content-Type"] = multipart_body(body)
            else:
                data, headers["Content-Type"] = json.dumps(body).encode("utf-8"), "application/json"

        token = self._session.access_token() if operation.auth == "bearer" else None
        status, reason, answer_headers, payload = self._send(operation.http_method, url, headers, data, token)
        if token is not None and status == 401:
            refused = error_from_answer(status, reason, answer_headers, payload)
            if not refused.has_error_code("INVALID_ACCESS_TOKEN"):
                raise refused
            token = self._session.replace(token)
            status, reason, answer_headers, payload = self._send(operation.http_method, url, headers, data, token)
        if not 200 <= status < 300:
            raise error_from_answer(status, reason, answer_headers, payload)
        content_type = answer_headers.get("Content-Type") or ""
        if "json" in content_type:
            answer = json.loads(payload.decode("utf-8"))
            return answer["data"] if isinstance(answer, dict) and "data" in answer else answer
        if content_type.startswith("text/"):
            return payload.decode("utf-8")
        return payload

    def _send(
        self, method: str, url: str, headers: Mapping[str, str], data: bytes | None, token: str | None
    ) -> tuple[int, str, Message, bytes]:
        request = urllib.request.Request(url, data=data, method=method, headers=dict(headers))
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with self._opener.open(request, timeout=self._timeout) as response:
                return response.status, response.reason, response.headers, response.read()
        except urllib.error.HTTPError as refused:
            try:
                return refused.code, str(refused.reason or ""), refused.headers, refused.read()
            finally:
                refused.close()
