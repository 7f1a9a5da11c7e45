"""Request bodies of the upload operations: multipart/form-data, encoded with the standard library."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class File:
    """A file part of an upload: ``File("contract.pdf", pdf_bytes, "application/pdf")``."""

    name: str
    content: bytes
    content_type: str = "application/octet-stream"


def has_files(body: Mapping[str, Any]) -> bool:
    """Whether a body holds a file part, so that it must go as multipart/form-data."""
    return any(
        isinstance(value, File) or (isinstance(value, (list, tuple)) and any(isinstance(item, File) for item in value))
        for value in body.values()
    )


def _quoted(text: str) -> str:
    # A quoted-string of Content-Disposition: backslash and quote escaped, a line break (which would end the
    # header) made a space. Other characters go as UTF-8, which the service reads.
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\r", " ").replace("\n", " ")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


def multipart_body(body: Mapping[str, Any]) -> tuple[bytes, str]:
    """The encoded body and its Content-Type: a ``File`` (or each of a list of them) as a file part,
    any other value as a text part (JSON for a dict or list, ``true``/``false`` for a bool)."""
    boundary = f"countersign-{secrets.token_hex(16)}"
    chunks: list[bytes] = []
    for name, value in body.items():
        if value is None:
            continue
        items = (
            list(value)
            if isinstance(value, (list, tuple)) and any(isinstance(item, File) for item in value)
            else [value]
        )
        for item in items:
            if isinstance(item, File):
                head = (
                    f'Content-Disposition: form-data; name="{_quoted(name)}"; filename="{_quoted(item.name)}"\r\n'
                    f"Content-Type: {item.content_type}\r\n"
                )
                content = bytes(item.content)
            else:
                head = f'Content-Disposition: form-data; name="{_quoted(name)}"\r\n'
                content = _text(item).encode("utf-8")
            chunks += [f"--{boundary}\r\n{head}\r\n".encode("utf-8"), content, b"\r\n"]
    chunks.append(f"--{boundary}--\r\n".encode("ascii"))
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"
