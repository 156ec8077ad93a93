"""The confirmation of an irreversible act (issue #13): a checkbox named ``confirmacao``
whose label says what will happen, to whom it becomes visible, and that it cannot be undone.

The check is made on the server (the CSP forbids inline scripts, and only a server-side check
binds every POST): a POST without the box ticked records nothing and answers 400 with a
Portuguese message. Forms declare the field with `campo_confirmacao`; the committee
workspace's bare forms include ``includes/confirmacao.html`` and their views call
`confirmado` and `recusar`.
"""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

CAMPO = "confirmacao"
ERRO = _("Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi registrado.")


def campo_confirmacao(rotulo, erro=None, *, id_html: str = "") -> forms.BooleanField:
    """A required checkbox: an unticked box is a form error (the view answers 400).
    `id_html` keeps ids unique where several unprefixed forms share a page."""
    attrs = {"class": "form-check-input"}
    if id_html:
        attrs["id"] = id_html
    return forms.BooleanField(
        label=rotulo, required=True, error_messages={"required": erro or ERRO},
        widget=forms.CheckboxInput(attrs=attrs))


def confirmado(request: HttpRequest) -> bool:
    return request.POST.get(CAMPO) in ("on", "1", "true", "sim")


def recusar(request: HttpRequest, voltar: str, mensagem=None) -> HttpResponse:
    """The answer to an unconfirmed POST: nothing recorded, the reason and a way back."""
    return render(request, "confirmacao_necessaria.html",
                  {"mensagem": mensagem or ERRO, "voltar": voltar}, status=400)
