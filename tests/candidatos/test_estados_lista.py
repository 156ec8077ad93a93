"""Who sets a candidate's state in a reserved list (spec section 5, "Who sets a state"; issue
21 item 2): only the final decision of a procedure, or the self-declaration where the edital
dispenses the procedure.

1. No page, import or admin form sets a list state, whoever asks (RH, a committee member, the
   candidate, an anonymous visitor): RH's "Registrar decisão de lista" is gone, the admin
   refuses changes and simple-history's "revert", the banca's file has no list state.
2. A Severínia edital that dispenses the heteroidentification (Lei 3.057/2026, art. 10, §2º:
   "poderão ser submetidos") confirms the PPI option of pretos and pardos by the
   self-declaration (art. 9º, I, and art. 10, caput), with that basis: nobody is convoked,
   the final list is published and the certame homologated.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from candidatos import estados
from candidatos.importacao import ArquivoRejeitado, importar_inscricoes
from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames.models import Ato, Certame, Etapa
from classificacao.homologacao import Bloqueio, bloqueios_homologacao
from classificacao.listas import PublicacaoInvalida, publicar, recalcular
from comissoes.dominio.convocacao import candidatos_a_convocar
from portal.situacao import situacao_da_inscricao
from tests import instantaneo_apoio
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

RAIZ = Path(__file__).resolve().parent.parent.parent
SEVERINIA = "severinia-lei3057-2026"
SMBV = "smbv-lc22-2026"
PIRANGI = "pirangi-lei3056-2025"
#: The regime's basis where the edital dispenses the heteroidentification.
DISPENSA = ("Lei 3.057/2026, art. 9º, I, e art. 10, caput (autodeclaração; o edital dispensou "
            "a heteroidentificação, art. 10, §2º)")
MOTIVO = "Decisão de lista registrada sem comissão, presença nem recurso."


# --- 1. only procedures write a list state (the callers: tests/test_arquitetura.py) -----------


def _inscricao_smbv(rh):
    """SMBV, edital with `efeito_nao_confirmacao` PP = `elimina`: the reported case."""
    certame = CertameFactory(regime=SMBV, data_publicacao_edital=dt.date(2026, 7, 1),
                             parametros={"efeito_nao_confirmacao": {"PP": "elimina"}})
    cargo = CargoFactory(certame=certame, vagas=4)
    dono = usuario("dona_da_inscricao", "Candidato")
    return InscricaoFactory(cargo=cargo, candidato=CandidatoFactory(usuario=dono),
                            listas=["PP"], nota=Decimal("95")), dono


def test_a_pagina_do_rh_nao_oferece_decisao_de_lista(client, rh):
    insc, _dono = _inscricao_smbv(rh)
    client.force_login(rh)
    html = client.get(reverse("painel:inscricao", args=[insc.pk])).content.decode()
    assert 'value="lista"' not in html
    assert "Registrar decisão de lista" not in html
    assert 'name="lista-estado"' not in html
    assert 'id="quem-decide"' in html
    assert "<strong>PP</strong>: Pendente (sub judice)" in html


#: The old form's POST (RH's "Registrar decisão de lista": the best-scoring PP optant out).
DECISAO_ANTIGA = {"acao": "lista", "lista-lista": "PP", "lista-estado": "nao_confirmada",
                  "lista-motivacao": MOTIVO, "lista-fundamento": "edital, item 9",
                  "confirmacao": "on"}


@pytest.mark.parametrize("papel", ["anonimo", "candidato", "membro", "rh"])
def test_ninguem_registra_estado_de_lista_pela_pagina_da_inscricao(client, rh, papel):
    insc, dono = _inscricao_smbv(rh)
    url = reverse("painel:inscricao", args=[insc.pk])
    quem = {"anonimo": None, "candidato": dono, "rh": rh,
            "membro": usuario("membro_da_comissao", "Comissao")}[papel]
    if quem is not None:
        client.force_login(quem)
    atos = Ato.objects.count()
    resposta = client.post(url, DECISAO_ANTIGA, follow=papel == "rh")
    esperado = {"anonimo": 302, "candidato": 403, "membro": 403, "rh": 200}[papel]
    assert resposta.status_code == esperado
    if papel == "anonimo":
        assert resposta["Location"].startswith(reverse("login"))
    if papel == "rh":
        # The unknown action is refused and said so; back to the page.
        assert resposta.redirect_chain == [(url, 302)]
        assert [str(m) for m in resposta.context["messages"]] == ["Ação desconhecida."]
    assert (SituacaoLista.objects.count(), Ato.objects.count()) == (0, atos)
    assert estados.estados_da_inscricao(insc)[0].estado == EstadoLista.PENDENTE


def test_o_admin_nao_altera_nem_reverte_o_estado_de_uma_lista(client, rh):
    insc, _dono = _inscricao_smbv(rh)
    situacao = SituacaoLista.objects.create(inscricao=insc, lista="PP",
                                            estado=EstadoLista.CONFIRMADA)
    anterior = situacao.history.get().history_id
    SituacaoLista.objects.filter(pk=situacao.pk).update(estado=EstadoLista.NAO_CONFIRMADA)
    superusuario = User.objects.create_superuser("admin_geral", password="x-senha-forte-1")
    mudanca = reverse("admin:candidatos_situacaolista_change", args=[situacao.pk])
    reverter = reverse("admin:candidatos_situacaolista_simple_history",
                       args=[situacao.pk, anterior])
    for quem in (rh, superusuario):
        client.force_login(quem)
        html = client.get(mudanca).content.decode()
        assert 'name="estado"' not in html and 'name="_save"' not in html
        assert client.post(mudanca, {"estado": "confirmada"}).status_code == 403
        # simple-history's "revert to this version" saved on POST with the view permission
        # alone: refused now.
        assert client.post(reverter, {}).status_code == 403
    situacao.refresh_from_db()
    assert situacao.estado == EstadoLista.NAO_CONFIRMADA


def test_o_admin_nao_reverte_a_inscricao_a_uma_versao_anterior(client, rh):
    insc, _dono = _inscricao_smbv(rh)
    anterior = insc.history.get().history_id
    Inscricao.objects.filter(pk=insc.pk).update(situacao=Inscricao.Situacao.ELIMINADO)
    client.force_login(rh)
    url = reverse("admin:candidatos_inscricao_simple_history", args=[insc.pk, anterior])
    assert client.get(url).status_code == 200  # the history is read
    assert client.post(url, {}).status_code == 403
    insc.refresh_from_db()
    assert insc.situacao == Inscricao.Situacao.ELIMINADO


def test_a_planilha_da_banca_nao_traz_estado_de_lista():
    certame = CertameFactory(regime=PIRANGI, parametros={"base_reserva": "cargo"})
    CargoFactory(certame=certame, codigo="ENF", vagas=10)
    conteudo = ("inscricao;cpf;nome;cargo;cor_raca;listas;nota;situacao_lista;estado_pp\n"
                "000001;529.982.247-25;Maria da Conceição;ENF;parda;PP;87,5;confirmada;"
                "confirmada\n").encode()
    # A list-state column is refused like any unknown one: nothing is written.
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, conteudo)
    assert [(e.linha, e.coluna, e.mensagem) for e in exc.value.erros] == [
        (1, "situacao_lista", "coluna desconhecida"), (1, "estado_pp", "coluna desconhecida")]
    assert (Inscricao.objects.count(), SituacaoLista.objects.count()) == (0, 0)


# --- 2. a Severínia edital that dispenses the heteroidentification ---------------------------
#
# Severínia, 3 vacancies: PPI = arred(3 x 30% = 0,9; 0,5) = 1 (art. 8º; the edital's default
# threshold), PcD teto(0,15) = 1 > 20% of 3 = 0,6, so floor(0,15) = 0 (the federal default);
# AC = 2. Candidates:
#     301  90  branca   -           AC 1st
#     302  85  parda    PPI         AC 2nd (in AC by score; optant too)
#     303  80  branca   -           AC 3rd, outside the vacancies
#     304  75  preta    PPI         the PPI vacancy
#     305  60  indígena PPI         2nd of PPI: the documentary check (art. 13) still decides
CANDIDATOS = [("301", "90", "branca", []), ("302", "85", "parda", ["PPI"]),
              ("303", "80", "branca", []), ("304", "75", "preta", ["PPI"]),
              ("305", "60", "indigena", ["PPI"])]


def _severinia(parametros):
    certame = CertameFactory(regime=SEVERINIA, data_publicacao_edital=dt.date(2026, 10, 1),
                             parametros=parametros, status=Certame.Status.EM_ANDAMENTO)
    cargo = CargoFactory(certame=certame, codigo="AGS", vagas=3)
    agora = timezone.now()
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                 inicio=agora - dt.timedelta(days=40), fim=agora - dt.timedelta(days=30))
    for numero, nota, cor, listas in CANDIDATOS:
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), cor_raca=cor,
                         listas=listas)
    return cargo


def _inscricao(cargo, numero):
    return Inscricao.objects.get(cargo=cargo, numero=numero)


def test_a_regra_da_dispensa_e_do_regime():
    cargo = _severinia({"heteroidentificacao": False})
    leitura = estados.Autodeclaracao(cargo.certame)
    assert [(cor, leitura.fundamento("PPI", cor)) for cor in ("parda", "preta", "indigena")] \
        == [("parda", DISPENSA), ("preta", DISPENSA), ("indigena", "")]
    # A recorded final decision prevails (fraud: the procedure of art. 12).
    assert [leitura.estado("PPI", "parda", r) for r in (None, "pendente", "fraude",
                                                         "nao_confirmada")] == [
        "confirmada", "confirmada", "fraude", "nao_confirmada"]
    # Where the edital keeps the procedure, nothing is confirmed by default.
    assert estados.Autodeclaracao(_severinia({}).certame).estado("PPI", "parda", None) \
        == "pendente"


def test_onde_a_lei_exige_a_heteroidentificacao_o_edital_nao_a_dispensa(rh):
    # SMBV (LC 22/2026, art. 3º) and Pirangi (Lei 3.056/2025, art. 6º, §1º): the parameter
    # is ignored; the PP optant stays pending and is called to the committee.
    for regime in (SMBV, PIRANGI):
        certame = CertameFactory(regime=regime, parametros={"heteroidentificacao": False})
        cargo = CargoFactory(certame=certame, vagas=4)
        insc = InscricaoFactory(cargo=cargo, listas=["PP"], nota=Decimal("90"))
        versao = recalcular(cargo.pk)
        assert bloqueios_homologacao(versao) == [Bloqueio(insc.pk, insc.numero, "PP", 1)]
        assert [c.inscricao for c in candidatos_a_convocar(certame)] == [insc]


def test_edital_de_severinia_sem_heteroidentificacao_vai_ate_a_homologacao(client, rh):
    cargo = _severinia({"heteroidentificacao": False})
    certame = cargo.certame
    # Nobody is convoked to the heteroidentification.
    assert candidatos_a_convocar(certame) == []
    client.force_login(rh)
    etapa = EtapaFactory(certame=certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO)
    html = client.get(reverse("painel:convocacao", args=[etapa.pk])).content.decode()
    assert ("Este edital não prevê heteroidentificação (Lei 3.057/2026, art. 10, §2º): "
            "ninguém é convocado, e a opção dos pretos e pardos fica confirmada pela "
            f"autodeclaração ({DISPENSA}).") in html

    versao = recalcular(cargo.pk)
    # The called range (the call order itself is engine step 5's): 301 and 302 by AC, 304 by
    # the PPI vacancy.
    assert sorted((v, n) for _p, v, n in instantaneo_apoio.ordem(versao)) == [
        ("AC", "301"), ("AC", "302"), ("PPI", "304")]
    # 302 and 304 confirmed by the self-declaration: no sub judice mark; 305 (indígena) waits
    # for the documentary check, outside the called range.
    assert _lista_ppi(versao) == [("302", False), ("304", False), ("305", True)]
    assert bloqueios_homologacao(versao) == []

    url = reverse("painel:publicar", args=[cargo.pk])
    for tipo in ("preliminar", "final"):
        resposta = client.post(url, {"versao": versao.numero, "tipo": tipo,
                                     "confirmacao": "on"}, follow=True)
        mensagens = [str(m) for m in resposta.context["messages"]]
        assert len(mensagens) == 1
        assert mensagens[0].startswith(
            f"Versão {versao.numero} publicada como resultado {tipo}"), mensagens
    assert sorted(versao.publicacoes.values_list("tipo", flat=True)) == ["final", "preliminar"]
    hoje = timezone.localdate()
    resposta = client.post(reverse("painel:homologar", args=[certame.pk]), {
        "homologacao-data": hoje.isoformat(), "homologacao-ato": "Decreto 90/2026",
        "homologacao-confirmacao": "on"})
    assert resposta.status_code == 302
    certame.refresh_from_db()
    assert (certame.status, certame.homologado_em) == (Certame.Status.HOMOLOGADO, hoje)

    # The state and its basis, on RH's page and on the candidate's status page; no row was
    # written for it (it follows the self-declaration and the edital).
    assert SituacaoLista.objects.count() == 0
    html = client.get(reverse("painel:inscricao",
                              args=[_inscricao(cargo, "304").pk])).content.decode()
    assert (f"<strong>PPI</strong>: Confirmada (pela autodeclaração) — <small>{DISPENSA}"
            "</small>") in html
    html = client.get(reverse("painel:inscricao",
                              args=[_inscricao(cargo, "305").pk])).content.decode()
    assert "<strong>PPI</strong>: Pendente (sub judice)</li>" in html
    situacao = situacao_da_inscricao(_inscricao(cargo, "302"))
    assert [(d.lista, d.estado, d.fundamento) for d in situacao.decisoes] == [
        ("PPI", "confirmada", DISPENSA)]
    # The schedule's heteroidentification stage is none of 302's business.
    assert situacao.convocacoes == []
    assert situacao_da_inscricao(_inscricao(cargo, "305")).decisoes == []


def _lista_ppi(versao):
    return [(n, s) for n, s in instantaneo_apoio.numeros_sub_judice(versao, "PPI")]


def test_com_heteroidentificacao_prevista_o_mesmo_certame_espera_a_comissao(rh):
    # The edital's default (heteroidentificacao true): 302 and 304 are called to the
    # committee and the final list waits for its result.
    cargo = _severinia({})
    assert [(c.inscricao.numero, c.lista) for c in candidatos_a_convocar(cargo.certame)] == [
        ("302", "PPI"), ("304", "PPI")]
    versao = recalcular(cargo.pk)
    assert _lista_ppi(versao) == [("302", True), ("304", True), ("305", True)]
    assert sorted(b.numero for b in bloqueios_homologacao(versao)) == ["302", "304"]
    publicar(versao, "preliminar", rh)
    with pytest.raises(PublicacaoInvalida, match=r"Pendentes: inscrição 30[24] \(PPI\), "
                                                 r"inscrição 30[24] \(PPI\)\.$"):
        publicar(versao, "final", rh)
