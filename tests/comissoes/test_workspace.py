"""The committee workspace: term → minhas sessões → queue → vote → próximo candidato; the
president's attendance, recording and closing; votes hidden until closed."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from certames.models import Ato
from comissoes.dominio.sessoes import registrar_comparecimento
from comissoes.dominio.votacao import registrar_voto
from comissoes.models import Impedimento, Voto
from tests.comissoes.fabricas import (
    abrir_sessao,
    comissao_completa,
    convocado,
    membro,
    sessao,
    suspender,
)
from tests.factories import CertameFactory

pytestmark = pytest.mark.django_db

MOTIVO_SIM = "Fenótipo compatível com pessoa parda."
MOTIVO_OUTRO = ("Traços observados: pele escura, lábios grossos, cabelo crespo — fenótipo "
                "negro evidente.")


@pytest.fixture
def cenario():
    certame = CertameFactory(regime="smbv-lc22-2026")
    comissao, presidente, outros = comissao_completa(certame)
    s = sessao(comissao, inicio=timezone.now() - dt.timedelta(minutes=30))
    c1, a1 = convocado(s, cor_raca="parda", candidato__nome="Ana Clara Souza")
    c2, a2 = convocado(s, horario=s.inicio + dt.timedelta(minutes=20),
                       candidato__nome="Bruno Lima")
    abrir_sessao(s)  # the five present
    return {"sessao": s, "presidente": presidente, "outros": outros, "c1": c1, "a1": a1,
            "c2": c2, "a2": a2}


def test_termo_antes_de_ver_qualquer_candidato(client):
    certame = CertameFactory()
    comissao, _, _ = comissao_completa(certame)
    s = sessao(comissao)
    convocado(s, candidato__nome="Nome Sigiloso")
    novo = membro(comissao, assinado=False)
    client.force_login(novo.usuario)
    painel = client.get(reverse("comissao:painel")).content.decode()
    assert "Ler e assinar o termo" in painel
    assert "Nome Sigiloso" not in painel
    resposta = client.get(reverse("comissao:sessao", args=[s.pk]))
    assert resposta.status_code == 302
    assert resposta["Location"].startswith(reverse("comissao:termo", args=[novo.pk]))
    resposta = client.post(reverse("comissao:termo", args=[novo.pk]),
                           {"aceito": "on", "proximo": reverse("comissao:sessao", args=[s.pk])})
    assert resposta["Location"] == reverse("comissao:sessao", args=[s.pk])
    novo.refresh_from_db()
    assert novo.termo_confidencialidade_em is not None
    assert "Nome Sigiloso" in client.get(resposta["Location"]).content.decode()


def test_fila_mostra_so_numero_nome_e_lista(client, cenario):
    membro_ = cenario["outros"][0]
    client.force_login(membro_.usuario)
    painel = client.get(reverse("comissao:painel")).content.decode()
    assert reverse("comissao:sessao", args=[cenario["sessao"].pk]) in painel
    html = client.get(reverse("comissao:sessao", args=[cenario["sessao"].pk])).content.decode()
    assert cenario["a1"].inscricao.numero in html and "Ana Clara Souza" in html
    assert "Bruno Lima" in html
    # No race, disability, CPF or score beyond the list being evaluated.
    for proibido in ("Parda", "parda", "CPF", cenario["a1"].inscricao.candidato.cpf,
                     "deficiência", "Nota"):
        assert proibido not in html
    assert html.index("Ana Clara Souza") < html.index("Bruno Lima")  # by time
    # Only the president records attendance.
    assert 'value="ausente"' not in html
    client.force_login(cenario["presidente"].usuario)
    html = client.get(reverse("comissao:sessao", args=[cenario["sessao"].pk])).content.decode()
    assert 'value="ausente"' in html


def test_fluxo_de_voto_ate_o_proximo_candidato(client, cenario):
    registrar_comparecimento(cenario["c1"], "presente", presidente=cenario["presidente"])
    membro_ = cenario["outros"][0]
    client.force_login(membro_.usuario)
    url = reverse("comissao:avaliacao", args=[cenario["a1"].pk])
    html = client.get(url).content.decode()
    assert "Confirma a autodeclaração" in html and "Não confirma a autodeclaração" in html
    # A generic "não confirma" is refused with the domain's message, nothing written.
    resposta = client.post(url, {"sentido": "nao_confirma", "motivacao": "Não confirma.",
                                 "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "motivação específica" in resposta.content.decode()
    assert not Voto.objects.exists()
    resposta = client.post(url, {"sentido": "confirma", "motivacao": MOTIVO_SIM,
                                 "confirmacao": "on"},
                           follow=True)
    html = resposta.content.decode()
    assert Voto.objects.filter(avaliacao=cenario["a1"], membro=membro_,
                               sentido="confirma").count() == 1
    assert "Voto registrado." in html
    assert "Seu voto" in html and MOTIVO_SIM in html
    proximo = reverse("comissao:avaliacao", args=[cenario["a2"].pk])
    assert f'id="proximo" href="{proximo}"' in html
    # The second candidate awaits attendance: no vote form yet.
    html = client.get(proximo).content.decode()
    assert "Aguardando o registro do comparecimento" in html
    assert 'id="form-voto"' not in html


def test_membro_nao_vota_com_o_certame_suspenso_e_nada_e_gravado(client, cenario, rh):
    """A session scheduled (and opened) before the suspension: the member's vote is refused
    with the suspension's date and motivation, the page says it, and no vote or act is
    written."""
    registrar_comparecimento(cenario["c1"], "presente", presidente=cenario["presidente"])
    suspenso = suspender(cenario["a1"].inscricao.certame, rh)
    membro_ = cenario["outros"][0]
    client.force_login(membro_.usuario)
    url = reverse("comissao:avaliacao", args=[cenario["a1"].pk])
    # The page says so in place of the vote form.
    pagina = client.get(url).content.decode()
    assert suspenso in pagina and 'id="form-voto"' not in pagina
    atos = Ato.objects.count()
    resposta = client.post(url, {"sentido": "confirma", "motivacao": MOTIVO_SIM,
                                 "confirmacao": "on"})
    assert resposta.status_code == 400
    assert suspenso in resposta.content.decode()
    assert (Voto.objects.count(), Ato.objects.count()) == (0, atos)


def test_votos_dos_outros_ocultos_ate_o_encerramento(client, cenario):
    registrar_comparecimento(cenario["c1"], "presente", presidente=cenario["presidente"])
    a, b, c = cenario["outros"][:3]
    registrar_voto(cenario["a1"], b, "confirma", MOTIVO_OUTRO)
    client.force_login(a.usuario)
    url = reverse("comissao:avaliacao", args=[cenario["a1"].pk])
    html = client.get(url).content.decode()
    assert MOTIVO_OUTRO not in html
    assert b.usuario.username not in html
    assert 'id="votos"' not in html
    # Not even the count, for a member who is not the president.
    assert "voto(s) registrado(s)" not in html
    registrar_voto(cenario["a1"], a, "confirma", MOTIVO_SIM)
    registrar_voto(cenario["a1"], c, "confirma", MOTIVO_SIM)
    html = client.get(url).content.decode()
    assert MOTIVO_OUTRO not in html and "Seu voto" in html
    # The president closes: everyone sees every vote and the parecer.
    client.force_login(cenario["presidente"].usuario)
    presid = client.get(url).content.decode()
    assert "3 voto(s) registrado(s); quórum para encerrar: 3." in presid
    client.post(reverse("comissao:gravacao", args=[cenario["a1"].pk]),
                {"gravacao": "sessao/ana.mp4", "confirmacao": "on"})
    client.post(reverse("comissao:encerrar_avaliacao", args=[cenario["a1"].pk]),
                {"confirmacao": "on"})
    cenario["a1"].refresh_from_db()
    assert cenario["a1"].resultado == "confirmada"
    assert cenario["a1"].gravacao == "sessao/ana.mp4"
    client.force_login(a.usuario)
    html = client.get(url).content.decode()
    assert 'id="votos"' in html and MOTIVO_OUTRO in html
    assert "A comissão confirmou a autodeclaração" in html


def test_presidente_registra_ausencia_pela_fila(client, cenario):
    client.force_login(cenario["presidente"].usuario)
    resposta = client.post(reverse("comissao:comparecimento", args=[cenario["c1"].pk]),
                           {"comparecimento": "ausente", "confirmacao": "on"}, follow=True)
    assert "Comparecimento registrado: não compareceu." in resposta.content.decode()
    cenario["a1"].refresh_from_db()
    assert cenario["a1"].resultado == "nao_confirmada"
    assert "não compareceu" in cenario["a1"].parecer
    # A member cannot record attendance.
    client.force_login(cenario["outros"][0].usuario)
    resposta = client.post(reverse("comissao:comparecimento", args=[cenario["c2"].pk]),
                           {"comparecimento": "presente"}, follow=True)
    assert "Só quem preside a avaliação" in resposta.content.decode()
    cenario["c2"].refresh_from_db()
    assert cenario["c2"].comparecimento == "pendente"


def test_impedimento_pela_fila_tira_o_candidato(client, cenario):
    membro_ = cenario["outros"][1]
    client.force_login(membro_.usuario)
    resposta = client.post(reverse("comissao:impedimento", args=[cenario["a1"].pk]),
                           {"motivo": "A candidata é minha cunhada.", "confirmacao": "on"},
                           follow=True)
    html = resposta.content.decode()
    assert "Impedimento registrado" in html
    assert "Ana Clara Souza" not in html and "Bruno Lima" in html
    assert Impedimento.objects.get().registrado_por == membro_.usuario
    assert client.get(reverse("comissao:avaliacao",
                              args=[cenario["a1"].pk])).status_code == 404


def test_presidente_encerra_a_sessao_e_baixa_a_ata(client, cenario,
                                                     django_capture_on_commit_callbacks):
    presidente = cenario["presidente"]
    registrar_comparecimento(cenario["c1"], "ausente", presidente=presidente)
    registrar_comparecimento(cenario["c2"], "ausente", presidente=presidente,
                             agora=cenario["c2"].horario)
    client.force_login(presidente.usuario)
    url = reverse("comissao:sessao", args=[cenario["sessao"].pk])
    assert "Encerrar a sessão e gerar a ata" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("comissao:encerrar_sessao", args=[cenario["sessao"].pk]),
                    {"confirmacao": "on"})
    resposta = client.get(reverse("comissao:ata", args=[cenario["sessao"].pk]))
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"
    assert b"".join(resposta.streaming_content).startswith(b"%PDF")


def test_recursos_sem_sessao_aparecem_no_painel_da_recursal(client):
    from comissoes.models import Avaliacao, Comissao

    certame = CertameFactory()
    primeira, _, _ = comissao_completa(certame)
    s = sessao(primeira)
    _conv, av = convocado(s)
    recursal, presidente_r, _ = comissao_completa(certame, tipo=Comissao.Tipo.RECURSAL)
    recurso = Avaliacao.objects.create(comissao=recursal, inscricao=av.inscricao, lista="PP",
                                       instancia="recurso")
    client.force_login(presidente_r.usuario)
    html = client.get(reverse("comissao:painel")).content.decode()
    assert "Recursos a julgar" in html
    assert reverse("comissao:avaliacao", args=[recurso.pk]) in html
    # An appeal is judged on the record: the vote form is there at once.
    html = client.get(reverse("comissao:avaliacao", args=[recurso.pk])).content.decode()
    assert 'id="form-voto"' in html


def test_substituto_preside_o_candidato_de_que_o_presidente_esta_impedido(client, cenario, rh):
    from comissoes.models import Impedimento

    Impedimento.objects.create(membro=cenario["presidente"], inscricao=cenario["a1"].inscricao,
                               motivo="Cônjuge do candidato", registrado_por=rh)
    substituto = cenario["outros"][0]
    client.force_login(substituto.usuario)
    impedido = client.get(reverse("comissao:avaliacao", args=[cenario["a1"].pk])).content
    outro = client.get(reverse("comissao:avaliacao", args=[cenario["a2"].pk])).content
    assert b'id="presidencia"' in impedido
    assert b'id="presidencia"' not in outro
