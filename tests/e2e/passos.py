"""Reusable steps of the candidate's journey in the browser (Playwright sync API).

The full end-to-end test of the candidate's journey chains them: `cadastrar_confirmar_e_entrar` then
`inscrever_em_certame`, then (to be added with the exemption pages) a step like
`pedir_isencao(pagina, base_url, inscricao)` that continues from the status page.
"""

from __future__ import annotations

import base64
import re

from django.contrib.auth import get_user_model
from django.core import mail
from django_otp.oath import totp

from tests import segundo_fator_apoio

SENHA_PADRAO = "Senha-de-teste-2026"


def link_de_confirmacao() -> str:
    """The confirmation link of the latest e-mail (locmem backend, same process as
    live_server)."""
    assert mail.outbox, "nenhum e-mail enviado"
    return re.search(r"https?://\S+/candidato/cadastro/confirmar/\S+/",
                     mail.outbox[-1].body).group(0)


def cadastrar(pagina, base_url: str, *, cpf_mascarado: str, nome: str, email: str,
              senha: str = SENHA_PADRAO, nascimento: str = "1990-03-21",
              telefone: str = "(17) 99999-0000") -> None:
    pagina.goto(f"{base_url}/contas/login/")
    pagina.get_by_role("link", name="Criar conta com o CPF").click()
    pagina.get_by_label("CPF").fill(cpf_mascarado)
    pagina.get_by_label("Nome civil completo").fill(nome)
    pagina.get_by_label("Data de nascimento").fill(nascimento)
    pagina.get_by_label("Telefone (com DDD)").fill(telefone)
    pagina.get_by_label("E-mail").fill(email)
    pagina.locator("#id_password1").fill(senha)
    pagina.locator("#id_password2").fill(senha)
    pagina.get_by_role("button", name="Criar conta").click()
    pagina.get_by_role("heading", name="Confirme seu e-mail").wait_for()


def confirmar_email(pagina) -> None:
    pagina.goto(link_de_confirmacao())
    # Opening the link changes nothing: the button on that page confirms (POST).
    pagina.get_by_role("button", name="Confirmar cadastro").click()
    pagina.get_by_text("Cadastro confirmado. Entre com seu CPF e senha.").wait_for()


def entrar(pagina, base_url: str, *, usuario: str, senha: str = SENHA_PADRAO) -> None:
    if "/contas/login/" not in pagina.url:
        pagina.goto(f"{base_url}/contas/login/")
    pagina.get_by_label("CPF ou usuário").fill(usuario)
    pagina.get_by_label("Senha").fill(senha)
    # The POST always navigates (a redirect, or the form again with its error): wait for that
    # navigation, not for the load state of the page the click was made on.
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Entrar").click()
    if "/contas/segundo-fator/" in pagina.url:
        passar_segundo_fator(pagina, usuario=usuario)


def codigo_do_segredo(segredo: str) -> str:
    """The current TOTP code of a base32 secret as the enrolment page shows it."""
    chave = base64.b32decode(segredo.replace(" ", "").strip())
    return f"{totp(chave):06d}"


def passar_segundo_fator(pagina, *, usuario: str) -> None:
    """RH and committee accounts (dois_fatores/): on the code page, type the current code of
    the account's device (tests/segundo_fator_apoio.py); on the enrolment page, read the
    secret from the page, type its code and go on past the recovery codes."""
    if "/contas/segundo-fator/cadastrar/" in pagina.url:
        codigo = codigo_do_segredo(pagina.locator("#segredo").inner_text())
        pagina.locator("#id_codigo").fill(codigo)
        pagina.get_by_role("button", name="Confirmar o cadastro").click()
        with pagina.expect_navigation():
            pagina.get_by_role("link", name="Já guardei os códigos: continuar").click()
    else:
        user = get_user_model().objects.get(username=usuario)
        pagina.locator("#id_codigo").fill(segundo_fator_apoio.codigo_atual(user))
        with pagina.expect_navigation():
            pagina.get_by_role("button", name="Confirmar").click()


def cadastrar_confirmar_e_entrar(pagina, base_url: str, *, cpf_mascarado: str, nome: str,
                                 email: str, senha: str = SENHA_PADRAO) -> None:
    """Sign up, follow the e-mailed link and log in with the MASKED CPF; ends on the portal."""
    cadastrar(pagina, base_url, cpf_mascarado=cpf_mascarado, nome=nome, email=email,
              senha=senha)
    confirmar_email(pagina)
    entrar(pagina, base_url, usuario=cpf_mascarado, senha=senha)
    pagina.get_by_role("heading", name="Minhas inscrições").wait_for()


def inscrever_em_certame(pagina, *, titulo_certame: str, cargo: str, cor_raca: str,
                         listas: list[str]) -> str:
    """From the portal's home: register in a cargo with the given options; returns the
    inscrição number shown on the status page it ends on."""
    cartao = pagina.locator(".card", has_text=titulo_certame)
    cartao.get_by_role("link", name="Inscrever-se").click()
    valor = pagina.locator("select[name='cargo'] option", has_text=cargo).get_attribute("value")
    pagina.get_by_label("Cargo").select_option(valor)
    pagina.get_by_label("Cor ou raça").select_option(label=cor_raca)
    for codigo in listas:
        pagina.locator(f"input[name='listas'][value='{codigo}']").check()
    pagina.locator("#id_declaracao").check()
    pagina.get_by_role("button", name="Confirmar inscrição").click()
    titulo = pagina.get_by_role("heading", level=1)
    titulo.wait_for()
    return re.search(r"Inscrição (\S+)", titulo.inner_text()).group(1)
