"""Start-up checks and response headers that keep a deployment safe by default.

- `check_secret_key`: outside tests the app does not start without a real `SECRET_KEY`; the
  session and remember-me cookies are signed with it, so a known or empty key would let anyone
  forge a staff login.
- `add_security_headers`: every response (pages, PDFs, CSV, the API) carries a Content-Security-
  Policy allowing only the app's own files (no inline script, no inline style, no framing), and
  the usual nosniff / frame / referrer headers.
"""
from __future__ import annotations

import math
import string
from typing import Any

# Keys that are not secret: the fallback older versions had built in, and the test config's.
KNOWN_KEYS = frozenset({"dev-only-change-me", "test", "secret", "changeme", "change-me"})
# Strength, not a list: `secrets.token_hex(32)` has 64 characters of 16 kinds.
MIN_KEY_LENGTH = 32
MIN_DISTINCT_CHARACTERS = 10
# A key's guessable part counted out (`estimated_bits`): `secrets.token_hex(32)` scores about 270,
# the patterned keys a person types ("0123456789...", "abcdef...", "password123...password") 7-60.
MIN_KEY_BITS = 96

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class MissingSecretKey(RuntimeError):
    """Raised by the factory; `app.py` turns it into a clean exit with the message."""


def check_secret_key(config: Any) -> None:
    """Refuse a missing, short or well-known SECRET_KEY unless the app runs its tests."""
    if config.get("TESTING"):
        return
    key = config.get("SECRET_KEY")
    if isinstance(key, bytes):
        key = key.decode("utf-8", "replace")
    if not key or not str(key).strip():
        raise MissingSecretKey(
            "SECRET_KEY is not set: the app will not start without it. Set the SECRET_KEY environment "
            "variable to a long random value (e.g. python -c 'import secrets; print(secrets.token_hex(32))'); "
            "`make run` keeps one in instance/secret_key for local use.")
    weakness = key_weakness(str(key))
    if weakness:
        raise MissingSecretKey(
            f"SECRET_KEY is too weak ({weakness}): set the SECRET_KEY environment variable to a long random "
            "value, made with python -c 'import secrets; print(secrets.token_hex(32))'.")


def key_weakness(key: str) -> str:
    """Why `key` is too weak to sign sessions ("" when it is strong enough): a well-known value,
    fewer than MIN_KEY_LENGTH characters, fewer than MIN_DISTINCT_CHARACTERS distinct ones, or a
    shorter pattern repeated."""
    if key in KNOWN_KEYS:
        return "a well-known value"
    if len(key) < MIN_KEY_LENGTH:
        return f"under {MIN_KEY_LENGTH} characters"
    if len(set(key)) < MIN_DISTINCT_CHARACTERS:
        return f"fewer than {MIN_DISTINCT_CHARACTERS} distinct characters"
    if (key + key).find(key, 1) < len(key):
        return "a shorter pattern repeated"
    bits = estimated_bits(key)
    if bits < MIN_KEY_BITS:
        return f"predictable: runs and repeats leave about {bits} bits, under {MIN_KEY_BITS}"
    return ""


def estimated_bits(key: str) -> int:
    """A strength estimate of `key` in bits: each character a guesser could not predict (not a run
    from the one before it, "aa", "ab", "ba"; not the end of a three-character piece already seen)
    counts the bits of the alphabet the key draws from (digits, lower, upper case, symbols)."""
    alphabets = (string.digits, string.ascii_lowercase, string.ascii_uppercase)
    size = sum(len(letters) for letters in alphabets if any(ch in letters for ch in key))
    if any(not (ch.isascii() and ch.isalnum()) for ch in key):
        size += 33
    surprising = 0
    for i, ch in enumerate(key):
        if i and abs(ord(ch) - ord(key[i - 1])) <= 1:
            continue
        if i >= 2 and key[i - 2:i + 1] in key[:i]:
            continue
        surprising += 1
    return int(surprising * math.log2(max(size, 2)))


def add_security_headers(response: Any) -> Any:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response
