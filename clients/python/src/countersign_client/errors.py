"""The error every refused request raises."""

from __future__ import annotations

import json
import re
from email.message import Message
from typing import Any

_SECONDS = re.compile(r"^\d+$")


class CountersignError(Exception):
    """A request the API refused (any non-2xx answer): its status, every problem it reported, and
    what to quote to support."""

    def __init__(
        self,
        message: str,
        status: int,
        errors: list[dict[str, Any]],
        request_id: str | None,
        retry_after: int | None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        #: Every problem at once, each ``{"error_code", "developer_message"[, "field"]}``; empty when the
        #: answer was not the API's error shape (a proxy's 502, say).
        self.errors = errors
        #: The X-Request-Id of the answer, for the service's logs.
        self.request_id = request_id
        #: Seconds to wait, from Retry-After (429, 503).
        self.retry_after = retry_after

    @property
    def error_code(self) -> str | None:
        """The first problem's error_code (most answers carry one problem)."""
        return self.errors[0]["error_code"] if self.errors else None

    def has_error_code(self, code: str) -> bool:
        """Whether any problem carries this error_code."""
        return any(problem["error_code"] == code for problem in self.errors)

    def __repr__(self) -> str:
        return f"CountersignError(status={self.status}, errors={self.errors!r}, request_id={self.request_id!r})"


def _is_problem(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("error_code"), str)
        and isinstance(value.get("developer_message"), str)
    )


def error_from_answer(status: int, reason: str, headers: Message, payload: bytes) -> CountersignError:
    """The error a non-2xx answer stands for."""
    try:
        body = json.loads(payload.decode("utf-8"))
    except ValueError:
        # Not the API's JSON error shape (an intermediary's page): the status tells what happened.
        body = {}
    if not isinstance(body, dict):
        body = {}
    errors = (
        [problem for problem in body.get("errors", []) if _is_problem(problem)]
        if isinstance(body.get("errors"), list)
        else []
    )
    message = (
        body["message"] if isinstance(body.get("message"), str) else f"HTTP {status}{f' {reason}' if reason else ''}"
    )
    request_id = headers.get("X-Request-Id") or (
        body["request_id"] if isinstance(body.get("request_id"), str) else None
    )
    retry_after_header = (headers.get("Retry-After") or "").strip()
    retry_after = int(retry_after_header) if _SECONDS.match(retry_after_header) else None
    codes = f" [{', '.join(problem['error_code'] for problem in errors)}]" if errors else ""
    return CountersignError(f"{message}{codes}", status, errors, request_id, retry_after)
