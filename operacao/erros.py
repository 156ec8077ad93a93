"""Optional error reporting: with `SENTRY_DSN` set, unhandled errors of the web processes and
of the Celery workers go to that Sentry-compatible service. No personal data leaves: the
client sends no cookies, headers of the user, request bodies nor local variables, and every
string that looks like a CPF is masked before sending (`limpar`). Without a DSN nothing
starts (the default; `ADMINS` still receives the errors by e-mail, config/settings.py)."""

from __future__ import annotations

import re

from django.conf import settings

#: A CPF as typed (11 digits, with or without its dots and dash).
CPF = re.compile(r"\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b")
MASCARA = "***.***.***-**"


def limpar(valor):
    """The event with every CPF-shaped string masked, at any depth."""
    if isinstance(valor, str):
        return CPF.sub(MASCARA, valor)
    if isinstance(valor, dict):
        return {k: limpar(v) for k, v in valor.items()}
    if isinstance(valor, list | tuple):
        return type(valor)(limpar(v) for v in valor)
    return valor


def antes_de_enviar(evento, _dica):
    return limpar(evento)


def opcoes(dsn: str) -> dict:
    """The client's options: what is sent, and what never is."""
    return {"dsn": dsn, "send_default_pii": False, "include_local_variables": False,
            "max_request_body_size": "never", "before_send": antes_de_enviar,
            "environment": getattr(settings, "AMBIENTE", "producao"),
            "traces_sample_rate": 0.0}


def iniciar() -> bool:
    dsn = getattr(settings, "SENTRY_DSN", "")
    if not dsn:
        return False
    # Imported here, at app loading: the client is loaded only where a DSN is set.
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(integrations=[DjangoIntegration(), CeleryIntegration()], **opcoes(dsn))
    return True
