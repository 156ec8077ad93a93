"""The second factor of RH and committee accounts (dois_fatores/): the requirement on the RH,
committee and admin pages, the enrolment, the code page, recovery codes, the superuser's reset
and the trail. These tests use plain sessions (`force_login(..., segundo_fator=False)`):
tests/segundo_fator_apoio.py verifies every other test's session."""

from __future__ import annotations

import base64
import datetime as dt
import re
import zoneinfo

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.oath import totp
from django_otp.plugins.otp_static.models import StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from certames.models import Ato
from demo.cenarios import contas as contas_demo
from dois_fatores import servicos
from dois_fatores.models import EventoSegundoFator
from tests.factories import usuario
from tests.segundo_fator_apoio import codigo_atual

pytestmark = pytest.mark.django_db

Tipo = EventoSegundoFator.Tipo
IP = "203.0.113.9"
SP = zoneinfo.ZoneInfo("America/Sao_Paulo")


def _eventos(user):
    return list(EventoSegundoFator.objects.filter(usuario=user).order_by("id")
                .values_list("tipo", "dispositivo", "endereco"))


def _com_app(user) -> TOTPDevice:
    return TOTPDevice.objects.create(user=user, name="app", confirmed=True)


def _segredo(resposta) -> str:
    return re.search(r'id="segredo">([A-Z2-7 ]+)<', resposta.content.decode()).group(1)


# --- the requirement ---------------------------------------------------------------------------


@pytest.mark.parametrize(("grupo", "staff", "caminho"), [
    ("RH", True, "/rh/"), ("Comissao", False, "/comissao/"), ("RH", True, "/admin/")])
def test_pagina_restrita_sem_segundo_fator_vai_para_o_codigo(client, grupo, staff, caminho):
    user = usuario("quem_decide", grupo, staff=staff)
    client.force_login(user, segundo_fator=False)
    resposta = client.get(caminho)
    assert (resposta.status_code, resposta["Location"]) == (
        302, f"/contas/segundo-fator/?next={caminho.replace('/', '%2F')}")


def test_sem_aplicativo_a_pagina_do_codigo_leva_ao_cadastro(client, rh):
    client.force_login(rh, segundo_fator=False)
    resposta = client.get(reverse("dois_fatores:verificar"), {"next": "/rh/"})
    assert (resposta.status_code, resposta["Location"]) == (
        302, "/contas/segundo-fator/cadastrar/?next=%2Frh%2F")


def test_candidato_nao_e_perguntado(client, candidato_user):
    client.post(reverse("login"), {"username": "candidato_teste",
                                   "password": "senha-teste-123"})
    assert client.get(reverse("portal:painel")).status_code == 200
    assert DEVICE_ID_SESSION_KEY not in client.session
    assert client.get(reverse("dois_fatores:verificar")).status_code == 403
    assert servicos.exige_segundo_fator(candidato_user) is False


# --- enrolment ---------------------------------------------------------------------------------


def test_cadastro_mostra_qr_svg_e_segredo_e_confirma_com_codigo(client, rh):
    client.force_login(rh, segundo_fator=False)
    url = reverse("dois_fatores:cadastrar") + "?next=/rh/"
    pagina = client.get(url)
    assert pagina.status_code == 200
    html = pagina.content.decode()
    assert '<svg' in html and 'class="segno"' in html
    segredo = _segredo(pagina)
    chave = base64.b32decode(segredo.replace(" ", ""))
    errado = f"{(totp(chave) + 1) % 1_000_000:06d}"
    recusado = client.post(url, {"codigo": errado, "next": "/rh/"}, REMOTE_ADDR=IP)
    assert "Código incorreto" in recusado.content.decode()
    assert TOTPDevice.objects.filter(user=rh).count() == 0
    # The same secret stays while the page is retried.
    assert _segredo(recusado) == segredo

    aceito = client.post(url, {"codigo": f"{totp(chave):06d}", "next": "/rh/"},
                         REMOTE_ADDR=IP)
    codigos = re.findall(r"<li class=\"col\">([a-z2-7]{8})</li>", aceito.content.decode())
    assert len(codigos) == 10
    assert sorted(StaticToken.objects.filter(device__user=rh)
                  .values_list("token", flat=True)) == sorted(codigos)
    dispositivo = TOTPDevice.objects.get(user=rh)
    assert (dispositivo.confirmed, dispositivo.bin_key) == (True, chave)
    assert client.get("/rh/").status_code == 200
    assert _eventos(rh) == [(Tipo.CADASTRO, "totp", IP)]
    # Enrolled: the enrolment page now sends to the code page.
    assert client.get(reverse("dois_fatores:cadastrar"))["Location"] \
        == reverse("dois_fatores:verificar")


# --- the code page -----------------------------------------------------------------------------


def test_codigo_correto_libera_e_codigo_errado_conta_para_o_bloqueio(client, membro_comissao):
    dispositivo = _com_app(membro_comissao)
    client.force_login(membro_comissao, segundo_fator=False)
    url = reverse("dois_fatores:verificar")
    errado = client.post(url, {"codigo": "000000" if codigo_atual(membro_comissao) != "000000"
                                else "111111", "next": "/comissao/"}, REMOTE_ADDR=IP)
    assert errado.status_code == 200
    assert "Código incorreto ou já usado" in errado.content.decode()
    dispositivo.refresh_from_db()
    assert dispositivo.throttling_failure_count == 1
    # Within the lock-out (1 s after one failure) even the right code is refused.
    bloqueado = client.post(url, {"codigo": codigo_atual_sem_liberar(dispositivo)},
                            REMOTE_ADDR=IP)
    assert "Muitos códigos incorretos" in bloqueado.content.decode()
    # Until when, in the product's clock (the server's own zone is UTC): one failure locks
    # for OTP_THROTTLE_FACTOR × 2^0 = 1 second after it.
    dispositivo.refresh_from_db()
    ate = dispositivo.throttling_failure_timestamp + dt.timedelta(seconds=1)
    assert (f"nenhum código é aceito até {ate.astimezone(SP):%d/%m/%Y %H:%M:%S}."
            in bloqueado.content.decode())
    assert client.get("/comissao/").status_code == 302

    certo = client.post(url, {"codigo": codigo_atual(membro_comissao), "next": "/comissao/"},
                        REMOTE_ADDR=IP)
    assert (certo.status_code, certo["Location"]) == (302, "/comissao/")
    assert client.get("/comissao/").status_code == 200
    assert _eventos(membro_comissao) == [(Tipo.RECUSADO, "totp", IP),
                                         (Tipo.BLOQUEADO, "totp", IP),
                                         (Tipo.ACEITO, "totp", IP)]


def codigo_atual_sem_liberar(dispositivo) -> str:
    """The current code, leaving the device's throttling as it is."""
    return f"{totp(dispositivo.bin_key):06d}"


def test_next_de_outro_site_e_ignorado(client, rh):
    _com_app(rh)
    client.force_login(rh, segundo_fator=False)
    resposta = client.post(reverse("dois_fatores:verificar"),
                           {"codigo": codigo_atual(rh), "next": "https://golpe.example/rh/"})
    assert resposta["Location"] == reverse("painel:painel")


def test_codigo_de_recuperacao_vale_uma_vez(client, rh):
    _com_app(rh)
    codigos = servicos.novos_codigos(rh)
    client.force_login(rh, segundo_fator=False)
    url = reverse("dois_fatores:verificar")
    resposta = client.post(url, {"codigo": codigos[0].upper(), "next": "/rh/"}, REMOTE_ADDR=IP)
    assert (resposta.status_code, resposta["Location"]) == (302, "/rh/")
    assert servicos.codigos_restantes(rh) == 9
    client.logout()
    client.force_login(rh, segundo_fator=False)
    de_novo = client.post(url, {"codigo": codigos[0]}, REMOTE_ADDR=IP)
    assert "Código incorreto ou já usado" in de_novo.content.decode()
    assert _eventos(rh) == [(Tipo.NOVOS_CODIGOS, "recuperacao", None),
                            (Tipo.RECUPERACAO, "recuperacao", IP),
                            (Tipo.RECUSADO, "recuperacao", IP)]


# --- recovery codes ----------------------------------------------------------------------------


def test_novos_codigos_exigem_confirmacao_e_invalidam_os_antigos(client, rh):
    _com_app(rh)
    antigos = servicos.novos_codigos(rh)
    client.force_login(rh)  # verified (tests/segundo_fator_apoio.py)
    url = reverse("dois_fatores:codigos")
    assert client.post(url, {}).status_code == 400
    assert sorted(StaticToken.objects.values_list("token", flat=True)) == sorted(antigos)
    resposta = client.post(url, {"confirmacao": "on"})
    novos = re.findall(r"<li class=\"col\">([a-z2-7]{8})</li>", resposta.content.decode())
    assert len(novos) == 10
    assert sorted(StaticToken.objects.values_list("token", flat=True)) == sorted(novos)


def test_pagina_dos_codigos_pede_sessao_verificada(client, rh):
    _com_app(rh)
    client.force_login(rh, segundo_fator=False)
    resposta = client.get(reverse("dois_fatores:codigos"))
    assert resposta["Location"] \
        == "/contas/segundo-fator/?next=%2Fcontas%2Fsegundo-fator%2Fcodigos%2F"


@pytest.mark.parametrize("nome", ["password_change", "password_change_done"])
def test_troca_de_senha_pede_o_segundo_fator(client, rh, nome):
    _com_app(rh)
    client.force_login(rh, segundo_fator=False)
    caminho = reverse(nome)
    resposta = client.get(caminho)
    assert (resposta.status_code, resposta["Location"]) == (
        302, f"/contas/segundo-fator/?next={caminho.replace('/', '%2F')}")


def test_troca_de_senha_sem_segundo_fator_nao_muda_a_senha(client, rh):
    _com_app(rh)
    client.force_login(rh, segundo_fator=False)
    resposta = client.post(reverse("password_change"), {
        "old_password": "senha-teste-123", "new_password1": "Outra-senha-2026!",
        "new_password2": "Outra-senha-2026!"})
    assert resposta["Location"] == "/contas/segundo-fator/?next=%2Fcontas%2Fpassword_change%2F"
    rh.refresh_from_db()
    assert rh.check_password("senha-teste-123")
    # Verified, the same form changes it.
    client.post(reverse("dois_fatores:verificar"), {"codigo": codigo_atual(rh)})
    feito = client.post(reverse("password_change"), {
        "old_password": "senha-teste-123", "new_password1": "Outra-senha-2026!",
        "new_password2": "Outra-senha-2026!"})
    assert (feito.status_code, feito["Location"]) == (302, reverse("password_change_done"))
    rh.refresh_from_db()
    assert rh.check_password("Outra-senha-2026!")


def test_candidato_troca_a_senha_sem_segundo_fator(client, candidato_user):
    client.force_login(candidato_user)
    assert client.get(reverse("password_change")).status_code == 200


def test_a_lista_do_superusuario_e_quem_o_segundo_fator_exige(membro_comissao, rh,
                                                               candidato_user):
    staff = usuario("so_staff", staff=True)
    comum = usuario("sem_papel")
    contas = [rh, membro_comissao, candidato_user, staff, comum]
    assert sorted(u.username for u in servicos.contas_que_decidem()
                  if u.pk in {c.pk for c in contas}) == sorted(
        c.username for c in contas if servicos.exige_segundo_fator(c))
    assert {c.username for c in contas if servicos.exige_segundo_fator(c)} == {
        rh.username, membro_comissao.username, "so_staff"}


# --- the superuser's reset ---------------------------------------------------------------------


@pytest.fixture
def superusuario(db):
    user = usuario("super_teste", "RH", staff=True)
    user.is_superuser = True
    user.save()
    return user


def test_superusuario_redefine_o_segundo_fator_como_ato(client, superusuario, membro_comissao):
    _com_app(membro_comissao)
    servicos.novos_codigos(membro_comissao)
    client.force_login(superusuario)
    url = reverse("dois_fatores_rh:redefinir", args=[membro_comissao.pk])
    assert client.get(reverse("dois_fatores_rh:contas")).status_code == 200
    sem_motivo = client.post(url, {"motivacao": "", "confirmacao": "on"})
    assert sem_motivo.status_code == 400
    assert TOTPDevice.objects.filter(user=membro_comissao).count() == 1
    resposta = client.post(url, {"motivacao": "Perdeu o celular com o aplicativo.",
                                 "confirmacao": "on"}, REMOTE_ADDR=IP)
    assert resposta.status_code == 302
    assert TOTPDevice.objects.filter(user=membro_comissao).count() == 0
    assert servicos.codigos_restantes(membro_comissao) == 0
    ato = Ato.objects.get(tipo="segundo_fator_redefinido")
    assert (ato.autor, ato.objeto_id, ato.motivacao) == (
        superusuario, str(membro_comissao.pk), "Perdeu o celular com o aplicativo.")
    assert list(EventoSegundoFator.objects.filter(tipo=Tipo.REDEFINIDO)
                .values_list("usuario", "autor", "endereco")) == [
        (membro_comissao.pk, superusuario.pk, IP)]


def test_rh_sem_ser_superusuario_nao_redefine(client, rh, membro_comissao):
    client.force_login(rh)
    url = reverse("dois_fatores_rh:redefinir", args=[membro_comissao.pk])
    assert client.post(url, {"motivacao": "Tentativa.", "confirmacao": "on"}).status_code \
        == 403
    with pytest.raises(Exception, match="superusuário"):
        servicos.redefinir(membro_comissao, autor=rh, motivacao="Tentativa.")


def test_superusuario_nao_redefine_o_proprio(client, superusuario):
    client.force_login(superusuario)
    url = reverse("dois_fatores_rh:redefinir", args=[superusuario.pk])
    assert client.get(url).status_code == 404


# --- the trail and the demo --------------------------------------------------------------------


def test_eventos_sao_somente_de_inclusao(rh):
    evento = servicos.registrar_evento(rh, Tipo.ACEITO, dispositivo="totp", endereco=IP)
    with pytest.raises(ValidationError):
        evento.save()
    with pytest.raises(ValidationError):
        EventoSegundoFator.objects.all().delete()


def test_contas_da_demonstracao_tem_a_semente_documentada():
    contas = contas_demo.criar_usuarios()
    chave = base64.b32decode(contas_demo.SEMENTE_TOTP_DEMO)
    for nome in ("rh", "autoridade", "admin", "comissao", "recursal1"):
        dispositivo = TOTPDevice.objects.get(user=contas[nome])
        assert (dispositivo.confirmed, dispositivo.bin_key) == (True, chave)
        assert dispositivo.verify_token(f"{totp(chave):06d}") is True
    assert TOTPDevice.objects.filter(user=contas["candidato"]).count() == 0
    contas_demo.criar_usuarios()  # again: nothing new
    # rh, autoridade, admin, comissao and the other members: one device each.
    assert TOTPDevice.objects.count() == 4 + len(contas_demo.MEMBROS)


def test_login_do_candidato_nao_ganha_consultas(client, candidato_user, settings):
    """The second factor costs a candidate's log-in POST no query: the same count with and
    without django-otp's and our middleware."""
    dados = {"username": "candidato_teste", "password": "senha-teste-123"}

    def consultas() -> int:
        client.logout()
        with CaptureQueriesContext(connection) as capturadas:
            assert client.post(reverse("login"), dados).status_code == 302
        return len(capturadas)

    consultas()  # warm-up (first log-in: last_login, the session row)
    com = consultas()
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE
                           if m not in ("django_otp.middleware.OTPMiddleware",
                                        "dois_fatores.middleware.ExigeSegundoFatorMiddleware")]
    sem = consultas()
    assert com == sem
