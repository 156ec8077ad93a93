"""The members' presence is an act of the session (whoever presides records
it; only the members present vote; corrections supersede, never marking a voter absent;
final once the session is closed) and the ata records it: members present and absent, the
impedimentos with their reasons, the candidates present and absent, and a signature line for
every member present."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from certames.models import Ato
from comissoes.ata import dados_ata, renderizar_html
from comissoes.dominio.composicao import registrar_impedimento
from comissoes.dominio.presenca import presentes
from comissoes.dominio.sessoes import (
    encerrar,
    encerrar_sessao,
    quem_preside_a_sessao,
    registrar_comparecimento,
    registrar_presenca,
    votar,
)
from comissoes.dominio.votacao import presidente_da_avaliacao
from comissoes.models import PresencaSessao, Sessao
from tests.comissoes.apoio_html import texto
from tests.comissoes.fabricas import (
    MOTIVO_NAO,
    MOTIVO_SIM,
    comissao_completa,
    convocado,
    membro,
    sessao,
)
from tests.factories import CertameFactory

pytestmark = pytest.mark.django_db

SMBV = "smbv-lc22-2026"
IMPEDIMENTO = "Prima da candidata (parentesco até o terceiro grau)."
JUSTIFICATIVA = "Licença médica"


@pytest.fixture
def caso():
    """SMBV: a president, four titulares and a suplente (term signed); a session an hour ago
    with two candidates called."""
    certame = CertameFactory(regime=SMBV)
    comissao, presidente, titulares = comissao_completa(certame)
    suplente = membro(comissao, papel="suplente", genero="masculino", cor_raca="parda")
    s = sessao(comissao, inicio=timezone.now() - dt.timedelta(hours=1), gravacao_exigida=False)
    c1, a1 = convocado(s, candidato__nome="Ana Clara Souza")
    c2, a2 = convocado(s, horario=s.inicio + dt.timedelta(minutes=20),
                       candidato__nome="Bruno Lima")
    from types import SimpleNamespace
    return SimpleNamespace(sessao=s, presidente=presidente, titulares=titulares,
                           suplente=suplente, c1=c1, a1=a1, c2=c2, a2=a2, comissao=comissao)


def _nome(m):
    return m.usuario.get_full_name() or m.usuario.username


def _ids(*membros):
    return [m.pk for m in membros]


def test_so_quem_preside_registra_e_so_os_presentes_votam(caso):
    p, t = caso.presidente, caso.titulares
    registrar_comparecimento(caso.c1, "presente", presidente=p)
    # Before the presence record nobody votes.
    with pytest.raises(ValidationError, match="ainda não foi registrada"):
        votar(caso.a1, t[0], "confirma", MOTIVO_SIM)
    # A titular does not record it while the president is present.
    with pytest.raises(PermissionDenied, match="quem preside a sessão"):
        registrar_presenca(caso.sessao, quem_registra=t[0], presentes=_ids(p, *t))
    with pytest.raises(ValidationError, match="consta como presente"):
        registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(*t))
    linhas = registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, *t[:3]),
                                justificativas={t[3].pk: JUSTIFICATIVA})
    assert sorted((r.membro_id, r.presente, r.justificativa) for r in linhas) == sorted(
        [(m.pk, True, "") for m in (p, *t[:3])]
        + [(t[3].pk, False, JUSTIFICATIVA), (caso.suplente.pk, False, "")])
    assert presentes(caso.sessao) == set(_ids(p, *t[:3]))
    ato = Ato.objects.get(tipo="presenca_sessao")
    assert ato.depois == {"presentes": sorted(_ids(p, *t[:3])),
                          "ausentes": sorted(_ids(t[3], caso.suplente)), "quorum": 3,
                          "registrada_por": p.pk}
    assert ato.descricao.startswith("Presença na sessão ")
    assert "4 presente(s)" in ato.descricao and "2 ausente(s)" in ato.descricao
    assert "sem quórum" not in ato.descricao
    # An absent member does not vote; a present one does.
    with pytest.raises(ValidationError, match="não consta como presente"):
        votar(caso.a1, t[3], "confirma", MOTIVO_SIM)
    with pytest.raises(ValidationError, match="não consta como presente"):
        votar(caso.a1, caso.suplente, "confirma", MOTIVO_SIM)
    assert votar(caso.a1, t[0], "confirma", MOTIVO_SIM).membro_id == t[0].pk


def test_substituto_registra_e_preside_na_ausencia_do_presidente(caso):
    p, t = caso.presidente, caso.titulares
    # The substitute is the first titular present in designation order (t[0]), not t[1].
    with pytest.raises(PermissionDenied, match=_nome(t[0])):
        registrar_presenca(caso.sessao, quem_registra=t[1], presentes=_ids(*t))
    registrar_presenca(caso.sessao, quem_registra=t[0], presentes=_ids(*t))
    assert quem_preside_a_sessao(caso.sessao) == t[0]
    assert presidente_da_avaliacao(caso.a1) == t[0]
    with pytest.raises(PermissionDenied):
        registrar_comparecimento(caso.c1, "presente", presidente=p)
    registrar_comparecimento(caso.c1, "presente", presidente=t[0])
    for m in t[:3]:
        votar(caso.a1, m, "confirma", MOTIVO_SIM)
    encerrar(caso.a1, t[0])
    registrar_comparecimento(caso.c2, "ausente", presidente=t[0])
    with pytest.raises(PermissionDenied):
        encerrar_sessao(caso.sessao, presidente=p)
    assert encerrar_sessao(caso.sessao, presidente=t[0]).encerrada_em is not None


def test_correcao_com_motivo_nunca_marca_ausente_quem_votou_e_para_no_encerramento(caso):
    p, t = caso.presidente, caso.titulares
    registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, t[0], t[1]))
    registrar_comparecimento(caso.c1, "presente", presidente=p)
    votar(caso.a1, t[1], "nao_confirma", MOTIVO_NAO)
    with pytest.raises(ValidationError) as exc:
        registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, t[0], t[1], t[2]))
    assert "motivo_correcao" in exc.value.message_dict
    with pytest.raises(ValidationError, match=f"{_nome(t[1])} votou nesta sessão"):
        registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, t[0], t[2]),
                           motivo_correcao="Erro de registro na abertura.")
    # A late arrival: one new row that supersedes the old one, with the reason.
    novas = registrar_presenca(caso.sessao, quem_registra=p,
                               presentes=_ids(p, t[0], t[1], t[2]),
                               motivo_correcao="Chegou às 9h40, após a abertura.")
    assert [(r.membro_id, r.presente, r.substitui.presente, r.motivo_correcao)
            for r in novas] == [(t[2].pk, True, False, "Chegou às 9h40, após a abertura.")]
    assert PresencaSessao.objects.filter(sessao=caso.sessao).count() == 7
    assert presentes(caso.sessao) == set(_ids(p, t[0], t[1], t[2]))
    with pytest.raises(ValidationError, match="nada mudou"):
        registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, t[0], t[1], t[2]),
                           motivo_correcao="Repetindo o mesmo registro.")
    assert Ato.objects.filter(tipo="presenca_sessao_corrigida").count() == 1
    for m in (p, t[0]):
        votar(caso.a1, m, "nao_confirma", MOTIVO_NAO)
    encerrar(caso.a1, p)
    registrar_comparecimento(caso.c2, "ausente", presidente=p)
    encerrar_sessao(caso.sessao, presidente=p)
    with pytest.raises(ValidationError, match="já foi encerrada"):
        registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, *t),
                           motivo_correcao="Depois do encerramento.")


def test_sessao_so_encerra_com_a_presenca_registrada(caso):
    p = caso.presidente
    registrar_comparecimento(caso.c1, "ausente", presidente=p)
    registrar_comparecimento(caso.c2, "ausente", presidente=p)
    with pytest.raises(ValidationError, match="Registre a presença dos membros"):
        encerrar_sessao(caso.sessao, presidente=p)
    registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, *caso.titulares))
    assert encerrar_sessao(caso.sessao, presidente=p).encerrada_em is not None


def test_sem_quorum_registra_mas_nao_encerra_avaliacao(caso):
    p, t = caso.presidente, caso.titulares
    registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, t[0]))
    assert Ato.objects.get(tipo="presenca_sessao").descricao.endswith(
        "quórum para deliberar: 3 (sem quórum).")
    registrar_comparecimento(caso.c1, "presente", presidente=p)
    votar(caso.a1, p, "confirma", MOTIVO_SIM)
    votar(caso.a1, t[0], "confirma", MOTIVO_SIM)
    with pytest.raises(ValidationError, match="São necessários ao menos 3 votos"):
        encerrar(caso.a1, p)


def test_a_ata_registra_presencas_ausencias_impedimento_candidatos_e_assinaturas(caso):
    p, t = caso.presidente, caso.titulares
    registrar_impedimento(t[2], caso.a2.inscricao, motivo=IMPEDIMENTO, autor=t[2].usuario)
    registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, t[0], t[1], t[2]),
                       justificativas={t[3].pk: JUSTIFICATIVA})
    registrar_comparecimento(caso.c1, "presente", presidente=p)
    for m in (p, t[0], t[1]):
        votar(caso.a1, m, "confirma", MOTIVO_SIM)
    encerrar(caso.a1, p)
    registrar_comparecimento(caso.c2, "ausente", presidente=p)
    encerrar_sessao(caso.sessao, presidente=p)

    sessao_ = Sessao.objects.get(pk=caso.sessao.pk)
    dados = dados_ata(sessao_)
    assert [m["nome"] for m in dados["presenca"]["presentes"]] == [
        _nome(m) for m in (p, t[0], t[1], t[2])]
    assert [(m["nome"], m["justificativa"]) for m in dados["presenca"]["ausentes"]] == [
        (_nome(t[3]), JUSTIFICATIVA), (_nome(caso.suplente), "")]
    assert [(i["membro"], i["inscricao"], i["motivo"], i["pelo_membro"])
            for i in dados["impedimentos"]] == [
        (_nome(t[2]), caso.a2.inscricao.numero, IMPEDIMENTO, True)]

    html = renderizar_html(sessao_)
    assert texto(html, "membros-presentes") == " ".join(
        ["Presentes", f"{_nome(p)} Titular — presidente"]
        + [f"{_nome(m)} Titular" for m in (t[0], t[1], t[2])])
    assert texto(html, "membros-ausentes") == (
        f"Ausentes {_nome(t[3])} Titular — justificativa: {JUSTIFICATIVA} "
        f"{_nome(caso.suplente)} Suplente")
    assert texto(html, "impedimentos").startswith(
        f"Membro Inscrição Motivo {_nome(t[2])} {caso.a2.inscricao.numero} — Bruno Lima "
        f"{IMPEDIMENTO} (declarado pelo membro em ")
    assert texto(html, "candidatos-comparecimento") == (
        f"Compareceram {caso.a1.inscricao.numero} — Ana Clara Souza "
        f"Não compareceram {caso.a2.inscricao.numero} — Bruno Lima")
    # One signature line per member present, and only those.
    assert texto(html, "assinaturas") == " ".join(
        [f"{_nome(p)} — Titular, presidente da comissão"]
        + [f"{_nome(m)} — Titular" for m in (t[0], t[1], t[2])])
    assert html.count('class="linha"') == 4
    # The item of the impeded candidate names the impedimento too.
    assert f"{_nome(t[2])} ({IMPEDIMENTO})" in html


def test_ata_de_sessao_antiga_sem_registro_assina_quem_votou(caso):
    """Sessions closed before presence existed: the ata says so and whoever voted or closed
    an evaluation signs."""
    p, t = caso.presidente, caso.titulares
    registrar_presenca(caso.sessao, quem_registra=p, presentes=_ids(p, *t))
    registrar_comparecimento(caso.c1, "presente", presidente=p)
    for m in (p, t[0], t[1]):
        votar(caso.a1, m, "confirma", MOTIVO_SIM)
    encerrar(caso.a1, p)
    # Older data: no presence rows (written directly; the table is append-only on PostgreSQL).
    Sessao.objects.filter(pk=caso.sessao.pk).update(encerrada_em=timezone.now())
    from django.db import connection
    if connection.vendor == "postgresql":
        pytest.skip("the presence table refuses DELETE on PostgreSQL")
    PresencaSessao.objects.filter(sessao=caso.sessao).delete()
    html = renderizar_html(Sessao.objects.get(pk=caso.sessao.pk))
    assert "A presença dos membros não foi registrada no sistema nesta sessão" in html
    assert texto(html, "assinaturas") == " ".join(
        [f"{_nome(p)} — Titular, presidente da comissão"]
        + [f"{_nome(m)} — Titular" for m in (t[0], t[1])])


def test_registro_pela_pagina_exige_a_confirmacao(client, caso):
    p, t = caso.presidente, caso.titulares
    pagina = reverse("comissao:sessao", args=[caso.sessao.pk])
    url = reverse("comissao:presenca", args=[caso.sessao.pk])
    client.force_login(t[0].usuario)
    html = client.get(pagina).content.decode()
    assert "Aguardando o registro da presença por quem preside a sessão." not in html
    assert "O(A) presidente está ausente?" in html  # the substitute's form, folded
    client.force_login(p.usuario)
    html = client.get(pagina).content.decode()
    assert "Registrar a presença e abrir a sessão" in html
    dados = {"presente": _ids(p, t[0], t[1]), f"justificativa-{t[2].pk}": JUSTIFICATIVA}
    resposta = client.post(url, dados)
    assert resposta.status_code == 400
    assert not PresencaSessao.objects.exists() and not Ato.objects.filter(
        tipo="presenca_sessao").exists()
    resposta = client.post(url, {**dados, "confirmacao": "on"}, follow=True)
    assert resposta.redirect_chain == [(pagina, 302)]
    html = resposta.content.decode()
    assert "Presença dos membros registrada." in html
    assert texto(html, "membros-presentes") == (
        f"Presentes: {_nome(p)} (presidente), {_nome(t[0])}, {_nome(t[1])}")
    assert texto(html, "membros-ausentes") == (
        f"Ausentes: {_nome(t[2])} ({JUSTIFICATIVA}), {_nome(t[3])}, {_nome(caso.suplente)}")
    assert "Sem quórum" not in html
    assert "Corrigir o registro de presença" in html
    # A plain member sees the record and no form.
    client.force_login(t[1].usuario)
    html = client.get(pagina).content.decode()
    assert "Corrigir o registro de presença" not in html
    assert 'action="' + url + '"' not in html
