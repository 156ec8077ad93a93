"""The session engine: Django's `cached_db` (Redis in front of the table), with one write per
log-in instead of two and no probe for a free key.

Django's `login()` cycles the key: `cycle_key()` creates the new session at once (a SELECT
that the random key is free, then an INSERT) and the response saves it again with the account
in it (an UPDATE). Here `cycle_key()` only forgets the old key (deleting its row, as Django
does) and marks the session modified: the response's save finds no key and creates the row
once, with its data. A new key is not probed: `create()` inserts with `must_create`, and a
collision (32 random characters of 36) fails that insert and draws another key.

Nothing reads the new key before the response (django-axes' access log, which would, is off:
config/settings.py AXES_DISABLE_ACCESS_LOG).
"""

from django.contrib.sessions.backends import cached_db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.utils.crypto import get_random_string


class SessionStore(cached_db.SessionStore):
    def _get_new_session_key(self) -> str:
        return get_random_string(32, VALID_KEY_CHARS)

    def cycle_key(self) -> None:
        data = self._session
        key = self.session_key
        self._session_key = None
        self._session_cache = data
        if key:
            self.delete(key)
        self.modified = True
