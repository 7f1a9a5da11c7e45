"""The access token every call carries: logged in on first use, refreshed before it expires or when
the service refuses it."""

from __future__ import annotations

import threading
from typing import Any, Callable

from .errors import CountersignError

TokenPair = dict[str, Any]


class TokenSession:
    """Refresh tokens rotate, so at most one login or refresh runs at a time: a thread that needs a
    token meanwhile waits for it (a second refresh with the retired token would revoke the family)."""

    def __init__(
        self,
        login: Callable[[], TokenPair],
        refresh: Callable[[TokenPair], TokenPair],
        now: Callable[[], float],
        refresh_margin_seconds: float,
    ) -> None:
        self._login = login
        self._refresh = refresh
        self._now = now
        self._margin = refresh_margin_seconds
        self._pair: TokenPair | None = None
        self._lock = threading.Lock()

    def access_token(self) -> str:
        """A token to send now."""
        with self._lock:
            if self._pair is None:
                self._pair = self._login()
            elif self._pair["expires_in"] - self._margin <= self._now():
                self._pair = self._refresh_or_login(self._pair)
            return str(self._pair["access_token"])

    def replace(self, rejected: str) -> str:
        """The service refused ``rejected``: a new token, renewed once however many calls were refused with it."""
        with self._lock:
            if self._pair is not None and self._pair["access_token"] != rejected:
                return str(self._pair["access_token"])
            self._pair = self._login() if self._pair is None else self._refresh_or_login(self._pair)
            return str(self._pair["access_token"])

    def _refresh_or_login(self, current: TokenPair) -> TokenPair:
        try:
            return self._refresh(current)
        except CountersignError as error:
            # A refused refresh token (expired after 30 days, or its family revoked) never works again;
            # the credentials still do.
            if error.status == 401:
                return self._login()
            raise
