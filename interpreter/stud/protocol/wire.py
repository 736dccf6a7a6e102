"""The line format of ``stud serve``: bounded request lines in, one ASCII JSON reply out.

Pure functions shared by every :class:`~stud.protocol.server.Handler`: reading a bounded
line, parsing it strictly, finding the id to echo and writing the reply.

>>> parse_line(b'{"id": 2.0, "op": "state"}')[0]["id"].text
'2.0'
>>> parse_line(b"\\xff")
(None, 'the request is not UTF-8 (byte 0)')
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from typing import IO, Any

from stud.protocol.limits import MAX_REQUEST_BYTES, RawFloat, has_lone_surrogate, parse_json, scrub

_SEPARATORS = (",", ":")
_ASCII = json.JSONEncoder(ensure_ascii=True, separators=_SEPARATORS, allow_nan=False).encode


def request_id(request: Any) -> int | float | None:
    """The id to echo: a non-negative whole number as the client wrote it, else None.

    ``1.0`` is accepted (JSON Schema counts it as an integer) and echoed as ``1.0``.

    >>> request_id({"id": 7}), request_id({"id": -1}), request_id({"id": True})
    (7, None, None)
    >>> request_id({"id": 1.5}), request_id([1])
    (None, None)
    """
    value = request.get("id") if isinstance(request, dict) else None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer() and value >= 0:
        return value
    return None


def encode_reply(reply: Mapping[str, Any]) -> str:
    """One reply line: ASCII JSON (so valid UTF-8 for any reader), the id first and exactly
    as the request wrote it, lone surrogates replaced by U+FFFD.

    >>> encode_reply({"id": RawFloat("1e0"), "ok": True})
    '{"id":1e0,"ok":true}'
    >>> print(encode_reply({"id": None, "ok": False, "error": {"message": chr(0xDCFF) + "♠"}}))
    {"id":null,"ok":false,"error":{"message":"\\ufffd\\u2660"}}
    """
    rid = reply.get("id")
    if type(rid) is int:
        id_text = str(rid)  # what json.dumps writes, without an encoder
    else:
        id_text = rid.text if isinstance(rid, RawFloat) else json.dumps(rid)
    body: Any = {k: v for k, v in reply.items() if k != "id"}
    try:
        text = _ASCII(body)
    except (TypeError, ValueError):
        pass  # said below, the long way
    else:
        if "\\ud" not in text:  # no surrogate at all, lone or paired: the text is final
            return '{"id":' + id_text + ("," + text[1:] if body else "}")
    try:
        text = json.dumps(body, ensure_ascii=False, separators=_SEPARATORS, allow_nan=False)
    except (TypeError, ValueError) as exc:
        error = {"code": "internal", "message": f"the reply cannot be written: {exc}"}
        body = {"ok": False, "error": error}
        text = json.dumps(body, ensure_ascii=False, separators=_SEPARATORS)
    if has_lone_surrogate(text):
        body = json.loads(scrub(text))
    text = json.dumps(body, ensure_ascii=True, separators=_SEPARATORS)
    return '{"id":' + id_text + ("," + text[1:] if body else "}")


def parse_line(line: str | bytes) -> tuple[Any, str]:
    """The request of one line, or ``(None, why it cannot be read)``."""
    if len(line) > MAX_REQUEST_BYTES:
        return None, f"the request line is longer than {MAX_REQUEST_BYTES} bytes"
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            return None, f"the request is not UTF-8 (byte {exc.start})"
    try:
        return parse_json(line), ""
    except ValueError as exc:
        return None, f"the request is not JSON: {str(exc)[:200]}"


def read_lines(stream: IO[bytes], limit: int = MAX_REQUEST_BYTES) -> Iterator[bytes]:
    """Lines of a binary stream, each at most ``limit`` bytes plus its newline; the rest of
    a longer line is read and dropped, and ``limit + 1`` bytes stand for it (too long)."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            rest = line
            while rest and not rest.endswith(b"\n"):
                rest = stream.readline(64 * 1024)
            yield line
            continue
        yield line.rstrip(b"\r\n")
