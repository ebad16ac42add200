"""The page cache on Redis, degrading to "no cache" when Redis is away.

Several app servers share the page cache (and the rendered PDFs) through Redis (``CACHE_URL``).
If that Redis stops or cannot be reached, a visitor must still get the page: every cache call
that fails is answered as a miss (reads) or as not stored (writes), and the server logs one
warning per outage (then again at most once a minute while it lasts), so pages are computed as
with the cache off. When Redis is back, the next call uses it again.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable, TypeVar

from flask_caching.backends.rediscache import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger("damas.cache")
T = TypeVar("T")
WARN_EVERY_SECONDS = 60.0


class ResilientRedisCache(RedisCache):
    """Flask-Caching's Redis backend, whose failures are misses and a logged warning."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lock = threading.Lock()
        self._warned_at: float | None = None
        self._down = False

    def is_up(self) -> bool:
        """False after a failed call until one succeeds: the PDFs are then rendered in their own
        request (a background job could not hand its file over)."""
        return not self._down

    def _guard(self, call: Callable[[], T], fallback: T) -> T:
        try:
            result = call()
        except RedisError as error:
            self._down = True
            self._warn(error)
            return fallback
        self._down, self._warned_at = False, None  # Redis answers (again): a next outage is reported at once
        return result

    def _warn(self, error: RedisError) -> None:
        with self._lock:
            now = time.monotonic()
            if self._warned_at is not None and now - self._warned_at < WARN_EVERY_SECONDS:
                return
            self._warned_at = now
        log.warning("page cache: Redis unavailable (%s: %s); serving without the cache",
                    type(error).__name__, error)

    def get(self, key: str) -> Any:
        return self._guard(lambda: super(ResilientRedisCache, self).get(key), None)

    def get_many(self, *keys: str) -> list[Any]:
        return self._guard(lambda: super(ResilientRedisCache, self).get_many(*keys), [None] * len(keys))

    def has(self, key: str) -> bool:
        return self._guard(lambda: super(ResilientRedisCache, self).has(key), False)

    def set(self, key: str, value: Any, timeout: int | None = None) -> Any:
        return self._guard(lambda: super(ResilientRedisCache, self).set(key, value, timeout), False)

    def add(self, key: str, value: Any, timeout: int | None = None) -> Any:
        return self._guard(lambda: super(ResilientRedisCache, self).add(key, value, timeout), False)

    def set_many(self, mapping: dict[str, Any], timeout: int | None = None) -> Any:
        return self._guard(lambda: super(ResilientRedisCache, self).set_many(mapping, timeout), [])

    def delete(self, key: str) -> Any:
        return self._guard(lambda: super(ResilientRedisCache, self).delete(key), False)

    def delete_many(self, *keys: str) -> Any:
        return self._guard(lambda: super(ResilientRedisCache, self).delete_many(*keys), [])

    def clear(self) -> Any:
        return self._guard(lambda: super(ResilientRedisCache, self).clear(), False)

    def inc(self, key: str, delta: int = 1) -> Any:
        return self._guard(lambda: super(ResilientRedisCache, self).inc(key, delta), None)

    def dec(self, key: str, delta: int = 1) -> Any:
        return self._guard(lambda: super(ResilientRedisCache, self).dec(key, delta), None)
