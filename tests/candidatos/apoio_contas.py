"""Helpers of the sign-up tests: the form's data, posts whose on-commit work (the e-mails)
runs as after a real commit, and the link of an e-mail."""

from __future__ import annotations

import re

from django.test import TestCase
from django.urls import reverse

SENHA = "Pirangi-2026-senha"
OUTRA_SENHA = "Outra-senha-2026-xyz"


def dados_cadastro(cpf: str, **extra) -> dict:
    return {"cpf": cpf, "nome": "Joana Maria dos Santos", "nome_social": "",
            "data_nascimento": "1994-05-17", "email": "joana@example.com",
            "telefone": "(17) 99123-4567", "password1": SENHA, "password2": SENHA, **extra}


def postar(client, url: str, dados: dict | None = None, **kwargs):
    """client.post, then the transaction.on_commit callbacks (queued e-mails) run."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(url, dados or {}, **kwargs)


def cadastrar(client, cpf: str, **extra):
    return postar(client, reverse("portal:cadastro"), dados_cadastro(cpf, **extra))


def link_do_email(mensagem) -> str:
    return re.search(r"https?://\S+/candidato/cadastro/confirmar/\S+/", mensagem.body).group(0)


def confirmar(client, link: str, **dados):
    """Open the link (its token moves into the session and the browser is redirected to the
    confirmation page), then the page's button (POST to that page)."""
    aberto = client.get(link)
    if aberto.status_code == 302 and aberto.url.endswith("/confirmar/"):
        link = aberto.url
    return postar(client, link, dados)


def sem_csrf(html: bytes) -> str:
    """A page without its per-request CSRF tokens (to compare two responses)."""
    texto = html.decode()
    texto = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", texto)
    return re.sub(r'"X-CSRFToken": "[^"]+"', "", texto)
