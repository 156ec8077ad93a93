"""Request hardening: body limit before reading, short sessions for RH and
comissão, Content-Security-Policy with no inline script or style."""

import re
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

from comum.seguranca import limite_do_corpo

pytestmark = pytest.mark.django_db

MB = 1024 * 1024
TEMPLATES = Path(settings.BASE_DIR) / "templates"


class CorpoContado:
    """A wsgi.input that counts what is read from it."""

    def __init__(self):
        self.lidos = 0

    def read(self, n=-1):
        self.lidos += max(n, 0)
        return b"x" * max(n, 0)

    def readline(self, *args):
        return self.read(args[0] if args else 1024)


def test_envio_de_150_mb_e_recusado_sem_ler_o_corpo(client, candidato_user):
    client.force_login(candidato_user)
    corpo = CorpoContado()
    resposta = client.generic(
        "POST", reverse("documentos:painel"), data=b"",
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(150 * MB), **{"wsgi.input": corpo})
    assert resposta.status_code == 413
    assert corpo.lidos == 0
    html = resposta.content.decode()
    assert "Arquivo ou formulário grande demais" in html
    assert "limite de 12 MB" in html


def test_limites_por_caminho():
    assert limite_do_corpo("/candidato/documentos/inscricoes/1/PP/enviar/") == 12 * MB
    # RH imports the banca's spreadsheet and the CadÚnico extract.
    assert limite_do_corpo("/rh/certames/1/importar/") == 60 * MB


def test_corpo_dentro_do_limite_passa(client, rh):
    client.force_login(rh)
    resposta = client.post(reverse("painel:auditoria"), data={"x": "y" * 1000})
    assert resposta.status_code != 413


def test_sessao_do_rh_acaba_com_o_navegador_e_do_candidato_nao(client, rh, candidato_user):
    client.force_login(rh)
    assert client.get(reverse("painel:painel")).status_code == 200
    assert client.session.get_expire_at_browser_close() is True
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    assert cookie["expires"] == ""  # a browser-session cookie

    client.logout()
    client.force_login(candidato_user)
    client.get(reverse("portal:painel"))
    assert client.session.get_expire_at_browser_close() is False
    assert client.session.get_expiry_age() == 7 * 24 * 3600


def _envelhecer(client, **campos):
    sessao = client.session
    for chave, segundos in campos.items():
        sessao[chave] = int(time.time()) - segundos
    sessao.save()


def test_rh_inativo_por_31_minutos_sai(client, rh):
    client.force_login(rh)
    client.get(reverse("painel:painel"))
    _envelhecer(client, _sessao_ultimo_acesso=31 * 60)
    resposta = client.get(reverse("painel:painel"))
    assert resposta.status_code == 302
    assert resposta["Location"].startswith(reverse("login") + "?next=")
    assert "_auth_user_id" not in client.session
    assert client.get(reverse("painel:painel")).status_code == 302


def test_rh_ativo_ha_29_minutos_continua(client, rh):
    client.force_login(rh)
    client.get(reverse("painel:painel"))
    _envelhecer(client, _sessao_ultimo_acesso=29 * 60)
    assert client.get(reverse("painel:painel")).status_code == 200


def test_comissao_sai_apos_a_duracao_maxima(client, membro_comissao):
    client.force_login(membro_comissao)
    client.get(reverse("comissao:painel"))
    _envelhecer(client, _sessao_inicio=10 * 3600 + 1, _sessao_ultimo_acesso=10)
    resposta = client.get(reverse("comissao:painel"))
    assert resposta.status_code == 302
    assert "_auth_user_id" not in client.session


def test_candidato_inativo_continua(client, candidato_user):
    client.force_login(candidato_user)
    client.get(reverse("portal:painel"))
    _envelhecer(client, _sessao_ultimo_acesso=5 * 3600)
    assert client.get(reverse("portal:painel")).status_code == 200


POLITICA = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
            "form-action 'self'; frame-ancestors 'none'; report-uri /csp/relatorio/")


def test_politica_de_conteudo_em_toda_pagina(client, rh):
    assert client.get(reverse("inicio"))["Content-Security-Policy"] == POLITICA
    client.force_login(rh)
    assert client.get(reverse("painel:painel"))["Content-Security-Policy"] == POLITICA
    admin = client.get(reverse("admin:index"))["Content-Security-Policy"]
    assert "style-src 'self' 'unsafe-inline'" in admin
    assert "script-src 'self';" in admin


@override_settings(DEBUG=False)
def test_pagina_404_tambem_tem_politica(client):
    assert client.get("/nao-existe/")["Content-Security-Policy"] == POLITICA


# Pages served to browsers may carry no inline script, inline style or event handler: the CSP
# would block them. The PDFs (rendered by weasyprint, never served as HTML) and the
# self-contained error pages are the exceptions.
EXCECOES = {"500.html", "413.html", "erro_autonomo.html", "candidatos/comprovante.html",
            "comissoes/ata.html", "classificacao/impressos/_base.html",
            "provas/_estilo_pdf.html"}


def _templates_de_pagina():
    for caminho in sorted(TEMPLATES.rglob("*.html")):
        nome = caminho.relative_to(TEMPLATES).as_posix()
        if nome not in EXCECOES and not nome.startswith(("privacidade/pdf",)):
            yield nome, caminho.read_text()


def test_nenhum_template_de_pagina_tem_script_ou_estilo_inline():
    problemas = []
    for nome, texto in _templates_de_pagina():
        if re.search(r'\sstyle="', texto):
            problemas.append(f"{nome}: atributo style")
        if re.search(r"<style\b", texto):
            problemas.append(f"{nome}: <style>")
        for m in re.finditer(r"<script\b([^>]*)>", texto):
            if "src=" not in m.group(1):
                problemas.append(f"{nome}: <script> inline")
        if re.search(r"\son[a-z]+=", texto):
            problemas.append(f"{nome}: manipulador de evento inline")
        if "javascript:" in texto:
            problemas.append(f"{nome}: URL javascript:")
    assert problemas == []


def test_falha_de_csrf_em_portugues_e_sem_estilo_inline(client):
    from django.test import Client

    cliente = Client(enforce_csrf_checks=True)
    resposta = cliente.post(reverse("login"), {"username": "x", "password": "y"})
    assert resposta.status_code == 403
    html = resposta.content.decode()
    assert "O formulário não pôde ser verificado" in html
    assert "<style" not in html
    assert resposta["Content-Security-Policy"] == POLITICA


def test_paginas_de_erro_autonomas_renderizam_sem_requisicao():
    from django.template.loader import render_to_string

    quinhentos = render_to_string("500.html")
    assert "<title>Erro no servidor</title>" in quinhentos
    assert "Ocorreu um erro inesperado" in quinhentos
    limite = render_to_string("413.html", {"limite_mb": 12})
    assert "<title>Arquivo ou formulário grande demais</title>" in limite
    assert "limite de 12 MB" in limite
