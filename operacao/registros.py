"""Each log record carries the request it belongs to: `IdRequisicaoMiddleware` gives every
request an id (the `X-Request-ID` a proxy sent, when it is a plain token, or a new one),
answers it in the same header, and keeps the request in a context variable; the filter
`ContextoRequisicao` writes `request_id` and `user_id` on every record (numbers only: a
candidate's username is a CPF, so the account's primary key is what the log names, never the
username). The line's format (time, level, request, user, logger) is config/settings.py's
LOGGING."""

from __future__ import annotations

import contextvars
import logging
import re
import uuid

_requisicao: contextvars.ContextVar = contextvars.ContextVar("requisicao", default=None)

#: The id a proxy may hand over (nginx's $request_id is 32 hex digits).
ID_ACEITO = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
CABECALHO = "X-Request-ID"


class IdRequisicaoMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        recebido = request.headers.get(CABECALHO, "")
        request.id_requisicao = recebido if ID_ACEITO.match(recebido) else uuid.uuid4().hex
        marca = _requisicao.set(request)
        try:
            resposta = self.get_response(request)
        finally:
            _requisicao.reset(marca)
        resposta[CABECALHO] = request.id_requisicao
        return resposta


def _usuario(request) -> str:
    """The signed-in account's id, only where the request already loaded it (the log never
    makes a query of its own: `AuthenticationMiddleware` caches the user in `_cached_user`)."""
    user = getattr(request, "_cached_user", None)
    pk = getattr(user, "pk", None)
    return str(pk) if pk is not None else "-"


class ContextoRequisicao(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        request = _requisicao.get()
        record.request_id = getattr(request, "id_requisicao", "-") if request else "-"
        record.user_id = _usuario(request) if request else "-"
        return True
