"""A client of the Countersign e-signature API: one method per operation of its OpenAPI document."""

from ._version import __version__
from .client import CountersignClient
from .errors import CountersignError
from .multipart import File
from .webhooks import verify_webhook_signature

__all__ = ["CountersignClient", "CountersignError", "File", "verify_webhook_signature", "__version__"]
