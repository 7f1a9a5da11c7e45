"""What the generated methods hand to the client: one operation, and the call that sends it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Literal, Mapping


@dataclass(frozen=True)
class Operation:
    """One operation of the API as the OpenAPI document describes it."""

    #: The client's method: the operationId in snake_case.
    method_name: str
    http_method: str
    #: The path with its parameters in braces: ``/api/v2.0/envelopes/{envelopeId}/details``.
    path: str
    #: ``none`` (public), ``app`` (the app_auth_type header only: login, refresh) or ``bearer`` (both).
    auth: Literal["none", "app", "bearer"]
    #: The media types of the request body, the first preferred; empty when it takes none.
    request_types: tuple[str, ...]
    #: The media types of the success answer, the first by default.
    response_types: tuple[str, ...]
    #: Takes an Idempotency-Key header.
    idempotent: bool


class Caller(ABC):
    """What the generated operations need: a way to send one request of one operation."""

    @abstractmethod
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
        """Sends the request and returns the answer's ``data`` (or its bytes or text)."""
