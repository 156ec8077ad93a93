"""The log-in's own work, trimmed to what it needs (result day: every candidate logs in).

- django-axes (`HandlerAxes`): the lock-out check counts the account+address pair's recent
  failures before the password is checked. After a successful log-in axes deletes every
  expired attempt and resets the pair's failures: when the check counted none, both are
  skipped (an expired attempt is never counted again, the count reads only the cool-off
  window; expired attempts are still deleted at every failed log-in and log-out).
- `last_login` (`registrar_entrada`, in place of Django's `update_last_login`): one UPDATE of
  the column, without the model's save signals. `last_login` is shown on no cached page (the
  "Meus dados" page reads it rendered), so no page's generation is renewed for it.
- The successful log-in is a line of the application's log with the account's id (instead of
  a row of axes' access log per log-in: config/settings.py AXES_DISABLE_ACCESS_LOG).
"""

from __future__ import annotations

import logging

from axes.handlers.database import AxesDatabaseHandler
from django.contrib.auth import get_user_model
from django.contrib.auth.models import update_last_login
from django.contrib.auth.signals import user_logged_in
from django.utils import timezone

logger = logging.getLogger(__name__)

_FALHAS = "_axes_falhas_contadas"
_ENTRANDO = "_axes_entrando"


class HandlerAxes(AxesDatabaseHandler):
    """axes' database handler, remembering the failures it counted for the request."""

    def get_failures(self, request, credentials=None) -> int:
        falhas = super().get_failures(request, credentials)
        if request is not None:
            setattr(request, _FALHAS, falhas)
        return falhas

    def user_logged_in(self, sender, request, user, **kwargs):
        setattr(request, _ENTRANDO, True)
        try:
            return super().user_logged_in(sender, request, user, **kwargs)
        finally:
            setattr(request, _ENTRANDO, False)

    @staticmethod
    def _sem_falhas(request) -> bool:
        """A successful log-in whose lock-out check counted no failure."""
        return getattr(request, _ENTRANDO, False) and getattr(request, _FALHAS, None) == 0

    def clean_expired_user_attempts(self, request=None, credentials=None) -> int:
        if self._sem_falhas(request):
            return 0
        return super().clean_expired_user_attempts(request, credentials)

    def reset_user_attempts(self, request, credentials=None) -> int:
        if self._sem_falhas(request):
            return 0
        return super().reset_user_attempts(request, credentials)


def registrar_entrada(sender, request, user, **kwargs):
    """Record the log-in: `last_login` (one UPDATE, no save signal) and a log line."""
    user.last_login = timezone.now()
    User = get_user_model()  # noqa: N806 (the model, by its name: tests/candidatos SEM_SINAL)
    User._base_manager.filter(pk=user.pk).update(last_login=user.last_login)
    logger.info("entrada na conta %s", user.pk)


def conectar() -> None:
    """Replace Django's `update_last_login` receiver (portal.apps: every process)."""
    user_logged_in.disconnect(update_last_login, dispatch_uid="update_last_login")
    user_logged_in.connect(registrar_entrada, dispatch_uid="portal:registrar_entrada")
