"""The homologation guard and the heteroidentification criteria published
before the sessions (item 7; Lei 3.057/2026, art. 10, §3º, IV).

The guard: the homologated final classification of a cargo is not published while an optant
within the cargo's called range is pending (sub judice) in a reserved list they opted into
(spec section 9): the decision takes effect only after the appeal is judged.

Pirangi, 4 vacancies (Lei 3.056/2025: PP 1 of 4, the call order AC, AC, AC, PP):
    101  90  no list            AC, 1st call
    102  85  PP (pending)       AC, 2nd call   -> blocks (still an optant within the range)
    103  80  no list            AC, 3rd call
    104  75  PP (pending)       PP, 4th call   -> blocks
    105  70  PP (pending)       2nd of PP, outside the range
    106  65  PCD (pending)      no PcD vacancy, outside the range
"""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames.models import Ato, Publicacao
from certames.regras.procedimentos import HETEROIDENTIFICACAO
from certames.regras.regimes import obter_regime
from classificacao.homologacao import Bloqueio, bloqueios_homologacao, definir_criterios
from classificacao.listas import PublicacaoInvalida, publicar, recalcular
from comissoes.dominio.sessoes import agendar_sessao, erros_agendamento
from comum.confirmacao import ERRO
from tests import instantaneo_apoio
from tests.comissoes.fabricas import comissao_completa, sessao
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

PIRANGI = "pirangi-lei3056-2025"
SEVERINIA = "severinia-lei3057-2026"
SMBV = "smbv-lc22-2026"
CANDIDATOS = [("101", "90", []), ("102", "85", ["PP"]), ("103", "80", []),
              ("104", "75", ["PP"]), ("105", "70", ["PP"]), ("106", "65", ["PCD"])]
BASE_PIRANGI = ("regras de reserva, seção 9; Constituição Federal, art. 5º, LV; Lei 3.056/2025, "
                "art. 4º, §1º, II (contraditório e ampla defesa)")
CRITERIOS = ("Critérios exclusivamente fenotípicos: cor da pele, textura do cabelo e traços "
             "faciais, observados no momento da sessão.")


@pytest.fixture
def cargo():
    cargo = CargoFactory(vagas=4, codigo="AGT", certame=CertameFactory(regime=PIRANGI))
    for numero, nota, listas in CANDIDATOS:
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), listas=listas,
                         cor_raca="parda")
    return cargo


def _ids(cargo) -> dict[str, int]:
    return dict(Inscricao.objects.filter(cargo=cargo).values_list("numero", "pk"))


def _decidir(cargo, numero: str, lista: str, estado: str) -> None:
    SituacaoLista.objects.create(inscricao=Inscricao.objects.get(cargo=cargo, numero=numero),
                                 lista=lista, estado=estado)


# --- the guard --------------------------------------------------------------------------------


def test_bloqueiam_so_os_optantes_pendentes_na_faixa_chamada(cargo):
    versao = recalcular(cargo.pk)
    assert instantaneo_apoio.ordem(versao) == [
        (1, "AC", "101"), (2, "AC", "102"), (3, "AC", "103"), (4, "PP", "104")]
    ids = _ids(cargo)
    assert bloqueios_homologacao(versao) == [Bloqueio(ids["102"], "102", "PP", 2),
                                             Bloqueio(ids["104"], "104", "PP", 4)]


def test_resultado_final_recusado_enquanto_ha_pendentes_e_o_preliminar_nao(cargo, rh):
    versao = recalcular(cargo.pk)
    publicar(versao, "preliminar", rh)  # subject to appeal: sub judice marks are shown
    with pytest.raises(PublicacaoInvalida) as exc:
        publicar(versao, "final", rh)
    assert str(exc.value) == (
        "O resultado final homologado não pode ser publicado enquanto houver optante pendente "
        "(sub judice) dentro da faixa chamada do cargo: a decisão sobre a opção só tem efeito "
        f"definitivo depois do julgamento do recurso ({BASE_PIRANGI}). Pendentes: inscrição "
        "102 (PP), inscrição 104 (PP).")
    assert list(versao.publicacoes.values_list("tipo", flat=True)) == ["preliminar"]
    assert not Ato.objects.filter(tipo="publicacao_final").exists()


def test_decididos_os_da_faixa_o_resultado_final_e_publicado(cargo, rh):
    # 102 confirmed; 104 not confirmed (leaves PP, stays in AC): 105 takes the PP call and is
    # pending in turn; once 105 is confirmed the range holds no pending optant.
    _decidir(cargo, "102", "PP", EstadoLista.CONFIRMADA)
    _decidir(cargo, "104", "PP", EstadoLista.NAO_CONFIRMADA)
    versao = recalcular(cargo.pk)
    assert [n for _p, _v, n in instantaneo_apoio.ordem(versao)] == [
        "101", "102", "103", "105"]
    assert bloqueios_homologacao(versao) == [Bloqueio(_ids(cargo)["105"], "105", "PP", 4)]
    _decidir(cargo, "105", "PP", EstadoLista.CONFIRMADA)
    versao = recalcular(cargo.pk)
    assert bloqueios_homologacao(versao) == []
    publicacao = publicar(versao, "final", rh)
    assert (publicacao.tipo, publicacao.versao) == (Publicacao.Tipo.FINAL, versao)


def test_severinia_cita_o_efeito_so_apos_o_recurso():
    regra = obter_regime(SEVERINIA).procedimento(HETEROIDENTIFICACAO)
    assert (regra.fundamento_efeito_apos_recurso, regra.fundamento_criterios) == (
        "Lei 3.057/2026, art. 11, §2º", "Lei 3.057/2026, art. 10, §3º, IV")
    for regime in (PIRANGI, SMBV):
        regra = obter_regime(regime).procedimento(HETEROIDENTIFICACAO)
        assert (regra.fundamento_efeito_apos_recurso, regra.criterios_previos) == ("", False)


# --- the RH pages: who blocks it, and the confirmation step -----------------------------------


def test_pagina_do_cargo_lista_quem_impede_o_resultado_final(client, rh, cargo):
    recalcular(cargo.pk)
    client.force_login(rh)
    resposta = client.get(reverse("painel:cargo", args=[cargo.pk]))
    html = resposta.content.decode()
    ids = _ids(cargo)
    assert [(b.numero, b.lista, b.posicao) for b in resposta.context["bloqueios"]] == [
        ("102", "PP", 2), ("104", "PP", 4)]
    assert 'data-bloqueios="2"' in html
    assert reverse("painel:inscricao", args=[ids["102"]]) in html
    assert "4ª posição da ordem de convocação" in html
    assert reverse("painel:confirmar_publicacao", args=[cargo.pk, "final"]) not in html
    assert reverse("painel:confirmar_publicacao", args=[cargo.pk, "preliminar"]) in html


def test_confirmacao_diz_o_que_sera_publicado_e_exige_a_caixa(client, rh, cargo):
    versao = recalcular(cargo.pk)
    client.force_login(rh)
    url = reverse("painel:confirmar_publicacao", args=[cargo.pk, "preliminar"])
    resposta = client.get(url)
    assert resposta.status_code == 200
    assert resposta.context["listas"] == [
        ("AC", "Ampla concorrência", 3, 6, 0), ("PP", "Pretos e pardos", 1, 3, 3),
        ("I", "Indígenas", 0, 0, 0), ("Q", "Quilombolas", 0, 0, 0),
        ("PCD", "Pessoas com deficiência", 0, 1, 1)]
    assert resposta.context["chamadas"] == 4
    html = resposta.content.decode()
    assert "O que será tornado público" in html
    assert 'data-efeito="preliminar"' in html
    assert 'name="confirmacao"' in html and "required" in html
    # Without the box: refused (400), with the way back to this page; nothing published.
    resposta = client.post(reverse("painel:publicar", args=[cargo.pk]),
                           {"versao": versao.numero, "tipo": "preliminar"}, HTTP_REFERER=url)
    assert resposta.status_code == 400
    assert f'href="{url}"' in resposta.content.decode()
    assert not versao.publicacoes.exists()
    resposta = client.post(reverse("painel:publicar", args=[cargo.pk]),
                           {"versao": versao.numero, "tipo": "preliminar", "confirmacao": "on"})
    assert resposta["Location"] == reverse("painel:cargo", args=[cargo.pk])
    assert list(versao.publicacoes.values_list("tipo", "publicada_por")) == [
        ("preliminar", rh.pk)]


def test_confirmacao_do_final_mostra_quem_impede(client, rh, cargo):
    recalcular(cargo.pk)
    client.force_login(rh)
    resposta = client.get(reverse("painel:confirmar_publicacao", args=[cargo.pk, "final"]))
    html = resposta.content.decode()
    assert resposta.context["fundamento_guarda"] == BASE_PIRANGI
    assert 'data-publicacao-final="bloqueada"' in html
    assert 'name="confirmacao"' not in html
    assert client.get(reverse("painel:confirmar_publicacao",
                              args=[cargo.pk, "outro"])).status_code == 404


def test_confirmacao_do_final_diz_o_efeito(client, rh, cargo):
    for numero in ("102", "104", "105"):
        _decidir(cargo, numero, "PP", EstadoLista.CONFIRMADA)
    recalcular(cargo.pk)
    client.force_login(rh)
    html = client.get(reverse("painel:confirmar_publicacao",
                              args=[cargo.pk, "final"])).content.decode()
    assert 'data-efeito="final"' in html
    assert "deixa de estar sujeita a recurso" in html


# --- the heteroidentification criteria -------------------------------------------------------


def _inicio():
    return timezone.now() + dt.timedelta(days=10)


def test_severinia_recusa_sessao_de_heteroidentificacao_sem_criterios(rh):
    certame = CertameFactory(regime=SEVERINIA)
    comissao, *_ = comissao_completa(certame)
    erro = ("Publique antes os critérios de avaliação da heteroidentificação (na página do "
            "certame, na gestão): a lei exige a publicidade prévia dos critérios, antes das "
            "sessões (Lei 3.057/2026, art. 10, §3º, IV).")
    assert erros_agendamento(comissao, inicio=_inicio(), local="Sala 1",
                             modalidade="presencial") == {"comissao": erro}
    with pytest.raises(ValidationError) as exc:
        agendar_sessao(comissao, inicio=_inicio(), local="Sala 1", modalidade="presencial",
                       autor=rh)
    assert exc.value.message_dict == {"comissao": [erro]}
    definir_criterios(certame, texto=CRITERIOS, autor=rh)
    comissao.certame.refresh_from_db()
    assert agendar_sessao(comissao, inicio=_inicio(), local="Sala 1", modalidade="presencial",
                          autor=rh).comissao == comissao


def test_outros_regimes_nao_exigem_criterios_para_agendar(rh):
    comissao, *_ = comissao_completa(CertameFactory(regime=PIRANGI))
    assert erros_agendamento(comissao, inicio=_inicio(), local="Sala 1",
                             modalidade="presencial") == {}


def test_criterios_sao_um_ato_e_travam_com_a_primeira_sessao(rh):
    certame = CertameFactory(regime=SEVERINIA)
    definir_criterios(certame, texto=f"  {CRITERIOS}  ", autor=rh)
    certame.refresh_from_db()
    assert certame.criterios_heteroidentificacao == CRITERIOS
    ato = Ato.objects.get(tipo="criterios_heteroidentificacao")
    assert (ato.autor, ato.fundamento_legal, ato.antes, ato.depois) == (
        rh, "Lei 3.057/2026, art. 10, §3º, IV", {"criterios_heteroidentificacao": ""},
        {"criterios_heteroidentificacao": CRITERIOS})
    with pytest.raises(ValidationError) as exc:
        definir_criterios(certame, texto=CRITERIOS, autor=rh)
    assert exc.value.message_dict == {"texto": ["Os critérios informados são os já publicados."]}
    comissao, *_ = comissao_completa(certame)
    sessao(comissao)
    with pytest.raises(ValidationError) as exc:
        definir_criterios(certame, texto=CRITERIOS + " Outro.", autor=rh)
    assert exc.value.messages == [
        "Já há sessão de heteroidentificação agendada: os critérios publicados antes das "
        "sessões não mudam depois delas (Lei 3.057/2026, art. 10, §3º, IV)."]
    certame.refresh_from_db()
    assert certame.criterios_heteroidentificacao == CRITERIOS
    assert Ato.objects.filter(tipo="criterios_heteroidentificacao").count() == 1


def test_rh_publica_os_criterios_e_a_pagina_publica_os_mostra(client, rh):
    certame = CertameFactory(regime=SEVERINIA)
    client.force_login(rh)
    html = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert 'data-form="criterios"' in html
    assert ("nenhuma sessão de heteroidentificação pode ser agendada enquanto estiverem em "
            "branco") in html
    resposta = client.post(reverse("painel:criterios_heteroidentificacao", args=[certame.pk]),
                           {"criterios-texto": ""})
    assert resposta.status_code == 400
    assert resposta.context["form_criterios"].errors == {
        "texto": ["Este campo é obrigatório."], "confirmacao": [str(ERRO)]}
    resposta = client.post(reverse("painel:criterios_heteroidentificacao", args=[certame.pk]),
                           {"criterios-texto": CRITERIOS, "criterios-confirmacao": "on"})
    assert resposta.status_code == 302
    comissao, *_ = comissao_completa(certame)
    sessao(comissao)
    html = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert 'data-criterios="travados"' in html and 'data-form="criterios"' not in html
    publica = client.get(reverse("certame_publico", args=[certame.pk])).content.decode()
    assert "Critérios de avaliação da heteroidentificação" in publica
    assert CRITERIOS in publica
    assert "Publicados antes das sessões (Lei 3.057/2026, art. 10, §3º, IV)." in publica


# --- an edital that dispenses heteroidentification (Severínia) --------------------------------


def test_severinia_sem_heteroidentificacao_confirma_pela_autodeclaracao(client, rh):
    """Lei 3.057/2026, art. 10, §2º leaves heteroidentification to the edital; dispensed, the
    self-declaration stands (art. 9º, I; art. 10, caput): the PPI optants self-declared pretos
    or pardos are `confirmada`, nobody is convoked, and the final result is published. An
    indigenous PPI optant still goes to the documentary check (art. 13): pending.

    Severínia, 5 vacancies: PPI arred(1.5) = 2, PcD teto(0.25) = 1 (federal default), AC 2:
    201 and 202 in AC, 203 and 204 in the PPI seats, confirmed; 206 (indigenous) is in the
    PPI list sub judice, outside the called range."""
    from comissoes.dominio.convocacao import candidatos_a_convocar

    certame = CertameFactory(regime=SEVERINIA, parametros={"heteroidentificacao": False})
    cargo = CargoFactory(vagas=5, codigo="AUX", certame=certame)
    for numero, nota, listas, cor in [("201", "90", [], "branca"), ("202", "85", [], "branca"),
                                      ("203", "80", ["PPI"], "preta"),
                                      ("204", "75", ["PPI"], "parda"),
                                      ("205", "70", [], "branca"),
                                      ("206", "60", ["PPI"], "indigena")]:
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), listas=listas,
                         cor_raca=cor)
    assert candidatos_a_convocar(certame) == []
    base = ("Lei 3.057/2026, art. 9º, I, e art. 10, caput (autodeclaração; o edital dispensou "
            "a heteroidentificação, art. 10, §2º)")
    assert certame.confirmacao_pela_autodeclaracao("PPI", "parda") == base
    assert certame.confirmacao_pela_autodeclaracao("PPI", "indigena") == ""
    versao = recalcular(cargo.pk)
    assert instantaneo_apoio.numeros_sub_judice(versao, "PPI") == [
        ("203", False), ("204", False), ("206", True)]
    assert bloqueios_homologacao(versao) == []
    publicar(versao, "preliminar", rh)
    publicacao = publicar(versao, "final", rh)
    assert publicacao.tipo == Publicacao.Tipo.FINAL
    assert not SituacaoLista.objects.filter(inscricao__cargo=cargo).exists()
    client.force_login(rh)
    html = client.get(reverse("painel:inscricao", args=[_ids(cargo)["203"]])).content.decode()
    assert (f"<strong>PPI</strong>: Confirmada (pela autodeclaração) — <small>{base}</small>"
            in html)
