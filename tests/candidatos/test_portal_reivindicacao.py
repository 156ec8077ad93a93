"""Account take-over by CPF: an imported record is linked only with proof its data
hold (the record's e-mail, or its birth date and an inscrição number, or RH's analysis); a
pending sign-up is never overwritten; the sign-up and the password reset never say whether a
CPF or an e-mail exists; the confirmation link confirms only by POST."""

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from candidatos.contas import cadastro as contas
from candidatos.models import Candidato, PedidoCadastro, formatar_cpf
from certames.models import Ato
from comum.models import TarefaPendente
from comum.papeis import e_candidato
from tests.candidatos.apoio_contas import (
    OUTRA_SENHA,
    SENHA,
    cadastrar,
    confirmar,
    link_do_email,
    postar,
    sem_csrf,
)
from tests.factories import CandidatoFactory, InscricaoFactory, gerar_cpf, usuario

pytestmark = pytest.mark.django_db

NASCIMENTO = dt.date(1988, 3, 9)
NOVA_SENHA = "Senha-da-vitima-2026"


def importado(**campos) -> Candidato:
    """A candidate as the banca's import leaves it: no account, an inscrição with a
    self-declaration, a disability and a score."""
    dados = {"nome": "MARIA APARECIDA DA SILVA", "email": "maria.banca@example.com",
             "telefone": "(17) 98888-1234", "data_nascimento": NASCIMENTO, **campos}
    candidato = CandidatoFactory(**dados)
    InscricaoFactory(candidato=candidato, numero="2026000042", cor_raca="preta",
                     listas=["PP", "PCD"], deficiencia=True, tipo_deficiencia="visual",
                     nota="88.5000")
    return candidato


def do_atacante(cpf: str, **extra) -> dict:
    return {"nome": "Fulano de Tal", "email": "atacante@example.com",
            "password1": OUTRA_SENHA, "password2": OUTRA_SENHA, "telefone": "(11) 90000-0000",
            "data_nascimento": "1990-01-01", **extra}


def entra(client, cpf: str, senha: str) -> bool:
    client.logout()
    resposta = client.post(reverse("login"), {"username": cpf, "password": senha})
    ok = resposta.status_code == 302 and "_auth_user_id" in client.session
    client.logout()
    return ok


# --- the take-over ---------------------------------------------------------------------------


def test_cpf_importado_com_outro_email_nao_toma_o_cadastro(client):
    vitima = importado()
    resposta = cadastrar(client, formatar_cpf(vitima.cpf), **do_atacante(vitima.cpf))
    assert resposta["Location"] == reverse("portal:cadastro_enviado")
    vitima.refresh_from_db()
    # Nothing on the record changes and it stays unlinked; the link goes only to the
    # e-mail the banca holds.
    assert (vitima.usuario, vitima.email, vitima.telefone, vitima.data_nascimento) == (
        None, "maria.banca@example.com", "(17) 98888-1234", NASCIMENTO)
    assert [m.to for m in mail.outbox] == [["maria.banca@example.com"]]
    assert not User.objects.filter(username=vitima.cpf).exists()
    assert entra(client, vitima.cpf, OUTRA_SENHA) is False
    # Even when the record's owner follows that link, the account gets the owner's password,
    # never the one the attacker typed, and the record keeps its e-mail.
    link = link_do_email(mail.outbox[0])
    assert confirmar(client, link, password1=NOVA_SENHA, password2=NOVA_SENHA).status_code == 302
    vitima.refresh_from_db()
    dona = User.objects.get(username=vitima.cpf)
    assert (vitima.usuario, vitima.email, dona.email, dona.first_name) == (
        dona, "maria.banca@example.com", "maria.banca@example.com", "MARIA APARECIDA DA SILVA")
    assert entra(client, vitima.cpf, OUTRA_SENHA) is False
    assert entra(client, vitima.cpf, NOVA_SENHA) is True


def test_link_do_email_importado_exige_senha_nova(client):
    vitima = importado()
    cadastrar(client, vitima.cpf, **do_atacante(vitima.cpf))
    link = link_do_email(mail.outbox[0])
    resposta = confirmar(client, link)
    assert resposta.status_code == 200
    assert "password1" in resposta.context["form"].errors
    assert not User.objects.filter(username=vitima.cpf).exists()


def test_email_da_inscricao_mudou_antes_da_confirmacao(client):
    vitima = importado()
    cadastrar(client, vitima.cpf)
    Candidato.objects.filter(pk=vitima.pk).update(email="novo.da.banca@example.com")
    resposta = confirmar(client, link_do_email(mail.outbox[0]), password1=NOVA_SENHA,
                         password2=NOVA_SENHA)
    assert resposta.status_code == 400
    assert "O e-mail da inscrição mudou" in resposta.content.decode()
    assert Candidato.objects.get(pk=vitima.pk).usuario is None


def test_cadastro_novo_nao_vincula_cpf_importado_depois(client):
    # A sign-up for a CPF unknown at the time: the banca imports it before the confirmation.
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    importado(cpf=cpf)
    resposta = confirmar(client, link_do_email(mail.outbox[0]))
    assert resposta.status_code == 400
    assert "passou a constar de inscrição" in resposta.content.decode()
    assert Candidato.objects.get(cpf=cpf).usuario is None
    assert not User.objects.filter(username=cpf).exists()
    # The next sign-up follows the record: link to the banca's e-mail.
    cadastrar(client, cpf)
    assert mail.outbox[-1].to == ["maria.banca@example.com"]


# --- the pending sign-up ---------------------------------------------------------------------


def test_segundo_cadastro_nao_sobrescreve_o_pendente(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    cadastrar(client, cpf, **do_atacante(cpf))
    # The second sign-up re-sends the first one's link to the first one's address.
    assert [m.to for m in mail.outbox] == [["joana@example.com"], ["joana@example.com"]]
    confirmar(client, link_do_email(mail.outbox[1]))
    user = User.objects.get(username=cpf)
    assert (user.email, user.check_password(SENHA), user.check_password(OUTRA_SENHA)) == (
        "joana@example.com", True, False)
    pedido = PedidoCadastro.objects.get(cpf=cpf)
    assert (pedido.email, pedido.email_destino, pedido.nome, pedido.situacao) == (
        "joana@example.com", "joana@example.com", "Joana Maria dos Santos", "concluido")


def test_pendente_expira_com_o_link_e_so_entao_um_novo_cadastro_vale(client, settings):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    primeiro = PedidoCadastro.objects.get(cpf=cpf)
    link_antigo = link_do_email(mail.outbox[0])
    PedidoCadastro.objects.filter(pk=primeiro.pk).update(
        criado_em=timezone.now() - dt.timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT + 1))
    cadastrar(client, cpf, email="nova@example.com")
    primeiro.refresh_from_db()
    novo = PedidoCadastro.objects.get(cpf=cpf, situacao="aguardando")
    assert (primeiro.situacao, primeiro.senha, novo.email) == (
        "encerrado", "", "nova@example.com")
    assert [m.to for m in mail.outbox] == [["joana@example.com"], ["nova@example.com"]]
    assert client.get(link_antigo).status_code == 400
    assert confirmar(client, link_do_email(mail.outbox[1])).status_code == 302
    assert User.objects.get(username=cpf).email == "nova@example.com"


# --- nothing says whether a CPF or an e-mail exists -------------------------------------------


def _com_conta() -> str:
    candidato = CandidatoFactory(usuario=usuario("dono", "Candidato"), email="dono@example.com")
    return candidato.cpf


def _pendente(client) -> str:
    cpf = gerar_cpf()
    cadastrar(client, cpf, email="primeiro@example.com")
    return cpf


CASOS = {
    "novo": lambda client: gerar_cpf(),
    "importado_com_email": lambda client: importado().cpf,
    "importado_sem_email": lambda client: importado(email="").cpf,
    "importado_sem_email_nem_data": lambda client: importado(email="",
                                                             data_nascimento=None).cpf,
    "pendente": _pendente,
    "com_conta": lambda client: _com_conta(),
}


def test_respostas_identicas_para_cpf_novo_importado_pendente_e_com_conta(client):
    respostas = {}
    for caso, preparar in CASOS.items():
        cpf = preparar(client)
        resposta = cadastrar(client, formatar_cpf(cpf))
        pagina = client.get(resposta["Location"])
        respostas[caso] = (resposta.status_code, resposta["Location"], resposta.content,
                           pagina.status_code, sem_csrf(pagina.content))
    assert respostas["novo"][:3] == (302, reverse("portal:cadastro_enviado"), b"")
    assert {caso: r == respostas["novo"] for caso, r in respostas.items()} == {
        caso: True for caso in CASOS}


def test_erros_do_formulario_nao_dependem_do_cpf(client):
    erros = {}
    for caso, preparar in CASOS.items():
        cpf = preparar(client)
        resposta = postar(client, reverse("portal:cadastro"), {
            "cpf": cpf, "nome": "Joana Maria dos Santos", "data_nascimento": "1994-05-17",
            "email": "joana@example.com", "telefone": "(17) 99123-4567",
            "password1": SENHA, "password2": "diferente-2026-x"})
        erros[caso] = (resposta.status_code, dict(resposta.context["form"].errors))
    assert erros["novo"] == (200, {"password2": ["As senhas não conferem."]})
    assert {caso: e == erros["novo"] for caso, e in erros.items()} == {
        caso: True for caso in CASOS}


def test_recuperacao_de_senha_igual_para_email_existente_e_inexistente(client):
    # Django's reset already answers the same; with log-in by CPF, the e-mail reminds it.
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    confirmar(client, link_do_email(mail.outbox[0]))
    mail.outbox.clear()
    existe = client.post(reverse("password_reset"), {"email": "joana@example.com"})
    nao_existe = client.post(reverse("password_reset"), {"email": "ninguem@example.com"})
    assert (existe.status_code, existe["Location"]) == (
        nao_existe.status_code, nao_existe["Location"])
    assert existe["Location"] == reverse("password_reset_done")
    assert [m.to for m in mail.outbox] == [["joana@example.com"]]
    assert f"Seu usuário: {cpf}" in mail.outbox[0].body


# --- the link: GET shows, POST confirms ------------------------------------------------------


def test_get_no_link_nao_ativa_e_post_ativa(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    link = link_do_email(mail.outbox[0])
    pagina = client.get(link, follow=True)
    assert pagina.status_code == 200
    assert pagina["Cache-Control"] == "private, no-store"
    html = pagina.content.decode()
    assert 'method="post"' in html and "Confirmar cadastro" in html
    # Opening the link again and again (mail scanners, previews) changes nothing.
    client.get(link)
    client.head(link)
    assert not User.objects.filter(username=cpf).exists()
    assert PedidoCadastro.objects.get(cpf=cpf).situacao == "aguardando"
    resposta = confirmar(client, link)
    assert (resposta.status_code, resposta["Location"]) == (302, reverse("login"))
    user = User.objects.get(username=cpf)
    assert user.is_active and e_candidato(user)
    assert PedidoCadastro.objects.get(cpf=cpf).situacao == "concluido"


# --- a record without e-mail: birth date and inscrição number --------------------------------


def test_sem_email_data_e_inscricao_conferem(client):
    registro = importado(email="", telefone="")
    cadastrar(client, registro.cpf, data_nascimento=NASCIMENTO.isoformat(),
              numero_inscricao=" 2026000042 ", email="maria.nova@example.com")
    assert [m.to for m in mail.outbox] == [["maria.nova@example.com"]]
    registro.refresh_from_db()
    assert (registro.usuario, registro.email) == (None, "")
    assert confirmar(client, link_do_email(mail.outbox[0])).status_code == 302
    registro.refresh_from_db()
    user = User.objects.get(username=registro.cpf)
    assert (registro.usuario, registro.email, registro.telefone, registro.nome) == (
        user, "maria.nova@example.com", "(17) 99123-4567", "MARIA APARECIDA DA SILVA")
    assert user.check_password(SENHA)
    ato = Ato.objects.get(tipo="confirmacao_cadastro")
    assert (ato.autor, ato.depois["via"], ato.antes) == (
        user, "dados_da_inscricao", {"telefone": "", "email": ""})


@pytest.mark.parametrize("extra", [
    {"data_nascimento": "1988-03-10", "numero_inscricao": "2026000042"},  # wrong date
    {"data_nascimento": "1988-03-09", "numero_inscricao": "2026000043"},  # another number
    {"data_nascimento": "1988-03-09", "numero_inscricao": ""},  # no number
])
def test_sem_email_dados_que_nao_conferem_nao_vinculam(client, extra):
    registro = importado(email="")
    resposta = cadastrar(client, registro.cpf, **extra)
    assert resposta["Location"] == reverse("portal:cadastro_enviado")
    assert mail.outbox == []
    assert list(PedidoCadastro.objects.values_list("situacao", flat=True)) == ["nao_confere"]
    registro.refresh_from_db()
    assert (registro.usuario, registro.email) == (None, "")


def test_tentativas_de_adivinhar_a_data_bloqueiam_a_conferencia(client):
    registro = importado(email="")
    for dia in range(1, contas.TENTATIVAS_CONFERENCIA + 1):
        cadastrar(client, registro.cpf, data_nascimento=f"1988-04-{dia:02d}",
                  numero_inscricao="2026000042")
    # The right date no longer opens the way: only RH's analysis.
    cadastrar(client, registro.cpf, data_nascimento="1988-03-09",
              numero_inscricao="2026000042")
    assert mail.outbox == []
    assert PedidoCadastro.objects.filter(situacao="nao_confere").count() == (
        contas.TENTATIVAS_CONFERENCIA + 1)
    assert Candidato.objects.get(pk=registro.pk).usuario is None


# --- claims analysed by RH -------------------------------------------------------------------


def reivindicar(client, registro, **extra) -> PedidoCadastro:
    cadastrar(client, registro.cpf, **{"email": "maria.nova@example.com", **extra})
    return PedidoCadastro.objects.get(cpf=registro.cpf, via="analise_rh")


def test_sem_email_nem_data_vira_reivindicacao(client):
    registro = importado(email="", data_nascimento=None)
    pedido = reivindicar(client, registro)
    assert (pedido.situacao, pedido.candidato, pedido.email, pedido.email_destino) == (
        "em_analise", registro, "maria.nova@example.com", "")
    assert mail.outbox == []
    assert Ato.objects.filter(tipo="reivindicacao_cadastro").count() == 1
    assert not User.objects.filter(username=registro.cpf).exists()


def test_pedido_de_analise_avisa_o_email_da_inscricao(client):
    registro = importado()
    pedido = reivindicar(client, registro, pede_analise="on",
                         explicacao="Perdi o acesso ao e-mail antigo.")
    assert (pedido.situacao, pedido.explicacao, pedido.email_destino) == (
        "em_analise", "Perdi o acesso ao e-mail antigo.", "maria.banca@example.com")
    assert [m.to for m in mail.outbox] == [["maria.banca@example.com"]]
    assert mail.outbox[0].subject == "Pedido de vínculo de conta à sua inscrição"
    registro.refresh_from_db()
    assert (registro.usuario, registro.email) == (None, "maria.banca@example.com")


def test_pedido_de_analise_exige_explicacao(client):
    registro = importado()
    resposta = cadastrar(client, registro.cpf, pede_analise="on", explicacao="")
    assert resposta.status_code == 200
    assert resposta.context["form"].errors["explicacao"] == [
        "Para pedir a análise, explique em poucas palavras o que está errado ou "
        "desatualizado."]
    assert PedidoCadastro.objects.count() == 0


def decidir(client, pedido, **dados):
    return postar(client, reverse("painel:reivindicacoes_detalhe", args=[pedido.pk]),
                  {"confirmacao": "on", **dados})


MOTIVACAO = "Documento de identidade com foto conferido presencialmente em 01/12/2026."


def test_rh_aprova_reivindicacao(client, rh):
    registro = importado()
    pedido = reivindicar(client, registro, pede_analise="on",
                         explicacao="Perdi o acesso ao e-mail antigo.")
    mail.outbox.clear()
    client.force_login(rh)
    resposta = decidir(client, pedido, decisao="aprovar", identidade_conferida="on",
                       motivacao=MOTIVACAO)
    assert (resposta.status_code, resposta["Location"]) == (
        302, reverse("painel:reivindicacoes_lista"))
    registro.refresh_from_db()
    pedido.refresh_from_db()
    user = User.objects.get(username=registro.cpf)
    assert (registro.usuario, registro.email, user.email, user.is_active) == (
        user, "maria.nova@example.com", "maria.nova@example.com", True)
    assert e_candidato(user)
    assert (pedido.situacao, pedido.decidido_por, pedido.motivacao, pedido.senha,
            pedido.usuario) == ("concluido", rh, MOTIVACAO, "", user)
    ato = Ato.objects.get(tipo="reivindicacao_cadastro_aprovada")
    assert (ato.autor, ato.motivacao, ato.antes) == (
        rh, MOTIVACAO, {"email": "maria.banca@example.com"})
    assert ato.fundamento_legal == contas.FUNDAMENTO_DECISAO
    assert sorted(m.to[0] for m in mail.outbox) == [
        "maria.banca@example.com", "maria.nova@example.com"]
    aprovada = next(m for m in mail.outbox if m.to == ["maria.nova@example.com"])
    assert MOTIVACAO in aprovada.body
    client.logout()
    assert entra(client, registro.cpf, SENHA) is True


def test_rh_recusa_reivindicacao(client, rh):
    registro = importado(email="", data_nascimento=None)
    pedido = reivindicar(client, registro)
    client.force_login(rh)
    motivo = "O requerente não apresentou documento de identidade no prazo."
    resposta = decidir(client, pedido, decisao="recusar", motivacao=motivo)
    assert resposta.status_code == 302
    pedido.refresh_from_db()
    assert (pedido.situacao, pedido.decidido_por, pedido.motivacao, pedido.senha) == (
        "recusado", rh, motivo, "")
    assert Candidato.objects.get(pk=registro.pk).usuario is None
    assert not User.objects.filter(username=registro.cpf).exists()
    ato = Ato.objects.get(tipo="reivindicacao_cadastro_recusada")
    assert (ato.autor, ato.motivacao) == (rh, motivo)
    assert [m.to for m in mail.outbox] == [["maria.nova@example.com"]]
    assert motivo in mail.outbox[0].body
    # Decided once: a second decision is refused, nothing changes.
    resposta = decidir(client, pedido, decisao="aprovar", identidade_conferida="on",
                       motivacao=MOTIVACAO)
    assert resposta.status_code == 400
    assert not User.objects.filter(username=registro.cpf).exists()


@pytest.mark.parametrize("dados", [
    {"decisao": "aprovar", "motivacao": MOTIVACAO},  # identity not checked
    {"decisao": "aprovar", "identidade_conferida": "on", "motivacao": "ok"},  # too short
    {"decisao": "recusar", "motivacao": ""},
])
def test_decisao_exige_identidade_conferida_e_motivacao(client, rh, dados):
    registro = importado(email="", data_nascimento=None)
    pedido = reivindicar(client, registro)
    client.force_login(rh)
    resposta = decidir(client, pedido, **dados)
    assert resposta.status_code == 400
    pedido.refresh_from_db()
    assert pedido.situacao == "em_analise"
    assert not User.objects.filter(username=registro.cpf).exists()
    assert not Ato.objects.filter(tipo__startswith="reivindicacao_cadastro_").exists()


def test_aprovar_uma_reivindicacao_encerra_as_outras(client, rh):
    registro = importado(email="", data_nascimento=None)
    primeira = reivindicar(client, registro)
    cadastrar(client, registro.cpf, email="outra.pessoa@example.com")
    segunda = PedidoCadastro.objects.get(email="outra.pessoa@example.com")
    client.force_login(rh)
    decidir(client, primeira, decisao="aprovar", identidade_conferida="on", motivacao=MOTIVACAO)
    segunda.refresh_from_db()
    assert (segunda.situacao, segunda.senha) == ("encerrado", "")
    assert "outra.pessoa@example.com" in [m.to[0] for m in mail.outbox]


@pytest.mark.parametrize("quem", ["anonimo", "candidato_user", "membro_comissao", "estranho"])
def test_paginas_de_reivindicacao_so_para_rh(client, request, quem):
    registro = importado(email="", data_nascimento=None)
    pedido = reivindicar(client, registro)
    if quem != "anonimo":
        client.force_login(request.getfixturevalue(quem))
    lista = client.get(reverse("painel:reivindicacoes_lista"))
    detalhe = client.get(reverse("painel:reivindicacoes_detalhe", args=[pedido.pk]))
    post = decidir(client, pedido, decisao="aprovar", identidade_conferida="on",
                   motivacao=MOTIVACAO)
    if quem == "anonimo":
        assert [r.status_code for r in (lista, detalhe, post)] == [302, 302, 302]
        assert lista["Location"].startswith(reverse("login"))
    else:
        assert [r.status_code for r in (lista, detalhe, post)] == [403, 403, 403]
    pedido.refresh_from_db()
    assert pedido.situacao == "em_analise"
    assert not User.objects.filter(username=registro.cpf).exists()


def test_rh_ve_so_o_necessario(client, rh):
    registro = importado(data_nascimento=None)
    pedido = reivindicar(client, registro, pede_analise="on", numero_inscricao="2026000042",
                         explicacao="O e-mail da inscrição era do meu antigo trabalho.")
    client.force_login(rh)
    lista = client.get(reverse("painel:reivindicacoes_lista")).content.decode()
    assert reverse("painel:reivindicacoes_detalhe", args=[pedido.pk]) in lista
    assert registro.cpf_mascarado in lista
    html = client.get(reverse("painel:reivindicacoes_detalhe", args=[pedido.pk])).content.decode()
    assert "O e-mail da inscrição era do meu antigo trabalho." in html
    assert "m***@example.com" in html and "maria.banca@example.com" not in html
    assert "***1234" in html and "98888-1234" not in html
    assert "2026000042" in html
    for sensivel in ("Preta", "PCD", "Visual", "88,5", "88.5"):
        assert sensivel not in html
    painel = client.get(reverse("painel:painel")).content.decode()
    assert reverse("painel:reivindicacoes_lista") in painel


def test_pedidos_de_cadastro_nao_estao_no_admin_do_rh(client, rh):
    client.force_login(rh)
    assert client.get(reverse("admin:candidatos_pedidocadastro_changelist")).status_code == 403


def test_broker_fora_do_ar_nao_muda_a_resposta(client, broker_fora):
    """The broker refuses every message (Redis down): the sign-up's answer is the same, no
    e-mail goes out, and each e-mail is kept for the re-send (comum.filas.enfileirar)."""
    com_email = cadastrar(client, gerar_cpf())
    sem_email = cadastrar(client, importado(email="", data_nascimento=None).cpf)
    assert [(r.status_code, r["Location"]) for r in (com_email, sem_email)] == [
        (302, reverse("portal:cadastro_enviado"))] * 2
    assert mail.outbox == []
    assert set(TarefaPendente.objects.values_list("nome", flat=True)) == {
        "candidatos.enviar_email_cadastro"}
