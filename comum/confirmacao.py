"""The confirmation of an act: a checkbox named ``confirmacao``
whose label says what will happen, to whom it becomes visible, and that it cannot be undone.

The check is made on the server (the CSP forbids inline scripts, and only a server-side check
binds every POST): a POST without the box ticked records nothing and answers 400 with a
Portuguese message. Forms declare the field with `campo_confirmacao` (a prefixed form's box is
``<prefix>-confirmacao``); bare forms include ``includes/confirmacao.html``.

Every view whose POST records an act declares it with the class decorator
`exige_confirmacao`, which refuses an unconfirmed POST before the view runs (`recusar`), or,
with ``verificar=False``, leaves the refusal to the view's own form (which must then answer
400 with the box's error: a form whose required box is its own declaration, ``declaracao``,
``aceito``, or a page that shows the act's preview again). tests/test_confirmacao.py walks
every URL of the project: a view that accepts POST is either declared here or listed there
as exempt, with the reason (log-in, log-out, a sign-up confirmed by its e-mail link...), and
every declared one is posted without the box and must answer 400 and record nothing.
"""

from __future__ import annotations

import functools

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _

CAMPO = "confirmacao"
ERRO = _("Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi registrado.")
#: What a ticked box posts (a checkbox posts "on"; "1", "true" and "sim" are accepted too).
MARCADO = ("on", "1", "true", "sim")


def campo_confirmacao(rotulo, erro=None, *, id_html: str = "") -> forms.BooleanField:
    """A required checkbox: an unticked box is a form error (the view answers 400).
    `id_html` keeps ids unique where several unprefixed forms share a page."""
    attrs = {"class": "form-check-input"}
    if id_html:
        attrs["id"] = id_html
    return forms.BooleanField(
        label=rotulo, required=True, error_messages={"required": erro or ERRO},
        widget=forms.CheckboxInput(attrs=attrs))


def confirmado(request: HttpRequest, campo: str = CAMPO) -> bool:
    """The box `campo` (or a prefixed form's ``<prefix>-<campo>``) is ticked."""
    return any(valor in MARCADO for chave, valor in request.POST.items()
               if chave == campo or chave.endswith(f"-{campo}"))


def sem_confirmacao(dados: dict) -> dict:
    """A form's cleaned data without its box (to pass on as the act's arguments)."""
    return {k: v for k, v in dados.items() if k != CAMPO}


def voltar_para(request: HttpRequest) -> str:
    """Where the refusal's "Voltar" goes: the page the form was on (same site), else the
    URL posted to."""
    origem = request.META.get("HTTP_REFERER", "")
    if origem and url_has_allowed_host_and_scheme(origem, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return origem
    return request.path


def recusar(request: HttpRequest, voltar: str, mensagem=None) -> HttpResponse:
    """The answer to an unconfirmed POST: nothing recorded, the reason and a way back."""
    return render(request, "confirmacao_necessaria.html",
                  {"mensagem": mensagem or ERRO, "voltar": voltar}, status=400)


def exige_confirmacao(view_class=None, *, campo: str = CAMPO, verificar: bool = True):
    """Class decorator of a view whose POST records an act: it requires the box `campo`.
    With `verificar` (the default) an unconfirmed POST is refused before the view's `post`
    runs (after `dispatch`'s checks of who may post); without it, the view's form refuses it
    (400, the box's error). The view is marked (`exige_confirmacao`: the box's name) for the
    test that enumerates every act-recording POST (tests/test_confirmacao.py)."""
    def aplicar(cls):
        cls.exige_confirmacao = campo
        cls.confirmacao_na_view = not verificar
        if verificar:
            original = cls.post

            @functools.wraps(original)
            def post(self, request, *args, **kwargs):
                if not confirmado(request, campo):
                    return recusar(request, voltar_para(request))
                return original(self, request, *args, **kwargs)

            cls.post = post
        return cls

    return aplicar(view_class) if view_class is not None else aplicar
