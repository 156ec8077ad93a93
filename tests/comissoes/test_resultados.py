"""Results of the heteroidentification (domain): preliminary publication and what the
candidate sees, final publication and its consolidation into the lists, per seed regime."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from candidatos.models import EstadoLista, SituacaoLista
from certames.models import Ato
from classificacao.listas import recalcular
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.dominio.resultados import (
    avaliacao_do_recurso,
    pendencias_final,
    pendencias_preliminar,
    publicar_resultado_final,
    publicar_resultado_preliminar,
    resultados_do_candidato,
)
from comissoes.models import Avaliacao, Comissao
from nucleo.models import PublicacaoResultado
from tests import instantaneo_apoio
from tests.comissoes.fabricas import (
    MOTIVO_NAO,
    avaliacao,
    candidato_com_conta,
    cenario,
    comissao_votante,
    etapa_procedimento,
    etapa_recurso,
    julgar,
)
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

RAZOES = "A comissão desconsiderou meus traços fenotípicos; junto fotografias e laudo."
DEPOIS_DO_PRAZO = dt.timedelta(days=2)


def _depois(c):
    return timezone.now() + DEPOIS_DO_PRAZO


# --- preliminary result and what the candidate sees -----------------------------------------


def test_nada_e_visivel_antes_da_publicacao_preliminar():
    c = cenario(publicar=False)
    r = resultados_do_candidato(c.inscricao)
    assert r.preliminar is None and r.itens == [] and r.aguardando_publicacao
    assert not r.pode_recorrer


def test_publicacao_preliminar_mostra_o_parecer_motivado_sem_os_nomes():
    c = cenario()
    for i, m in enumerate(c.membros):
        m.usuario.first_name, m.usuario.last_name = f"Julgadora{i}", "Sobrenome"
        m.usuario.save()
    r = resultados_do_candidato(c.inscricao)
    [item] = r.itens
    assert (item.lista, item.resultado) == ("PP", "nao_confirmada")
    assert MOTIVO_NAO in item.parecer
    assert item.membros is None
    assert "Julgadora" not in item.parecer
    assert item.pode_recorrer and item.situacao_recurso == "prazo_aberto"
    assert r.janela.aberta
    ato = Ato.objects.get(tipo="resultado_preliminar_heteroidentificacao")
    assert (ato.autor, ato.certame) == (c.rh, c.certame)
    assert ato.depois["nao_confirmadas"] == [c.avaliacao.pk]


def test_nomes_dos_membros_so_quando_o_edital_divulga():
    c = cenario(publicar=False)
    c.comissao.divulgar_nomes = True
    c.comissao.save()
    c.membros[0].usuario.first_name = "Ana"
    c.membros[0].usuario.last_name = "Presidenta"
    c.membros[0].usuario.save()
    publicar_resultado_preliminar(c.certame, autor=c.rh)
    [item] = resultados_do_candidato(c.inscricao).itens
    assert "Ana Presidenta" in item.membros
    assert len(item.membros) == 5


def test_preliminar_publica_as_encerradas_e_a_aberta_fica_para_o_proximo_lote():
    # Adapted for batches: an open evaluation no longer blocks the
    # preliminary result of the closed ones; it goes into the next batch.
    c = cenario(publicar=False)
    aberta = avaliacao(c.comissao, inscricao=InscricaoFactory(cargo=c.cargo, listas=["PP"]))
    lote1 = publicar_resultado_preliminar(c.certame, autor=c.rh)
    assert (lote1.lote, list(lote1.itens.values_list("objeto_id", flat=True))) == (
        1, [c.avaliacao.pk])
    with pytest.raises(ValidationError) as exc:
        publicar_resultado_preliminar(c.certame, autor=c.rh)
    assert exc.value.messages == [
        f"Há avaliações ainda não encerradas pela comissão: {aberta.inscricao.numero} (PP)."]
    julgar(aberta, c.membros, 0)
    lote2 = publicar_resultado_preliminar(c.certame, autor=c.rh)
    assert (lote2.lote, list(lote2.itens.values_list("objeto_id", flat=True))) == (
        2, [aberta.pk])
    with pytest.raises(ValidationError, match=r"já foram publicadas \(até o lote 2\)"):
        publicar_resultado_preliminar(c.certame, autor=c.rh)
    assert PublicacaoResultado.objects.filter(certame=c.certame).count() == 2


def test_preliminar_sem_avaliacoes_e_recusada():
    certame = CertameFactory()
    etapa_procedimento(certame)
    with pytest.raises(ValidationError, match="Não há avaliações"):
        publicar_resultado_preliminar(certame, autor=usuario("rh_x", "RH", staff=True))


def test_avaliacao_encerrada_depois_da_publicacao_vai_para_o_proximo_lote():
    # Adapted for batches: the late evaluation is not published with
    # batch 1 and no longer holds back batch 1's final result; it can go into batch 2.
    c = cenario()
    tardia = avaliacao(c.comissao, inscricao=InscricaoFactory(cargo=c.cargo, listas=["PP"]))
    julgar(tardia, c.membros, 5)
    assert [i.avaliacao for i in resultados_do_candidato(c.inscricao).itens] == [c.avaliacao]
    r = resultados_do_candidato(tardia.inscricao)
    assert r.itens == [] and r.aguardando_publicacao
    assert pendencias_final(c.certame, _depois(c)) == []
    assert pendencias_preliminar(c.certame) == []


def test_situacao_do_recurso_ao_longo_do_procedimento():
    c = cenario()
    apresentar_recurso(c.avaliacao, autor=c.user, texto=RAZOES)
    [item] = resultados_do_candidato(c.inscricao).itens
    assert item.situacao_recurso == "em_julgamento" and not item.pode_recorrer
    assert "já apresentou recurso" in item.motivo_nao_pode_recorrer
    julgamento = julgar(avaliacao_do_recurso(c.avaliacao), c.membros_recursal, 1)
    [item] = resultados_do_candidato(c.inscricao).itens
    # Judged, but the ruling is published with the final result.
    assert item.situacao_recurso == "julgado" and item.decisao_recurso is None
    publicar_resultado_final(c.certame, autor=c.rh, agora=_depois(c))
    [item] = resultados_do_candidato(c.inscricao, agora=_depois(c)).itens
    assert item.situacao_recurso == "provido"
    assert item.decisao_recurso.parecer == julgamento.parecer
    assert item.decisao_recurso.membros is None
    assert item.resultado_definitivo == "Confirmada"


def test_sem_recurso_no_prazo():
    c = cenario()
    [item] = resultados_do_candidato(c.inscricao, agora=_depois(c)).itens
    assert item.situacao_recurso == "nao_apresentado" and not item.pode_recorrer


# --- final result ---------------------------------------------------------------------------


def test_definitivo_exige_preliminar_prazo_encerrado_e_recursos_julgados():
    c = cenario(publicar=False)
    with pytest.raises(ValidationError, match="Publique antes o resultado preliminar"):
        publicar_resultado_final(c.certame, autor=c.rh)
    publicar_resultado_preliminar(c.certame, autor=c.rh)
    with pytest.raises(ValidationError, match="O prazo de recurso ainda não terminou"):
        publicar_resultado_final(c.certame, autor=c.rh)
    apresentar_recurso(c.avaliacao, autor=c.user, texto=RAZOES)
    with pytest.raises(ValidationError) as exc:
        publicar_resultado_final(c.certame, autor=c.rh, agora=_depois(c))
    assert exc.value.messages == [
        f"Recursos ainda não julgados: {c.inscricao.numero} (PP)."]
    assert not SituacaoLista.objects.exists()
    assert not PublicacaoResultado.objects.filter(fase="final").exists()
    julgar(avaliacao_do_recurso(c.avaliacao), c.membros_recursal, 5)
    publicar_resultado_final(c.certame, autor=c.rh, agora=_depois(c))
    with pytest.raises(ValidationError, match="já foi publicado"):
        publicar_resultado_final(c.certame, autor=c.rh, agora=_depois(c))


def test_definitivo_exige_prazo_de_recurso_no_cronograma():
    c = cenario(janela=None)
    with pytest.raises(ValidationError, match="não prevê o prazo de recurso"):
        publicar_resultado_final(c.certame, autor=c.rh, agora=_depois(c))


def test_definitivo_consolida_com_motivacao_e_fundamento():
    c = cenario()
    publicar_resultado_final(c.certame, autor=c.rh, agora=_depois(c))
    s = SituacaoLista.objects.get(inscricao=c.inscricao, lista="PP")
    assert s.estado == EstadoLista.NAO_CONFIRMADA
    assert MOTIVO_NAO in s.motivacao and "sem recurso" in s.motivacao
    assert s.fundamento.startswith("Lei 3.056/2025, art. 6º, §2º")
    assert "só após decisão definitiva" in s.fundamento
    assert Ato.objects.filter(tipo="situacao_lista", certame=c.certame).count() == 1
    ato = Ato.objects.get(tipo="resultado_definitivo_heteroidentificacao")
    assert ato.depois["situacoes"] == [{"inscricao": c.inscricao.numero, "lista": "PP",
                                        "estado": "nao_confirmada", "recurso": False}]


def test_definitivo_nao_apaga_fraude_apurada():
    c = cenario()
    SituacaoLista.objects.create(inscricao=c.inscricao, lista="PP", estado=EstadoLista.FRAUDE,
                                 motivacao="Procedimento administrativo concluído.")
    publicar_resultado_final(c.certame, autor=c.rh, agora=_depois(c))
    assert SituacaoLista.objects.get(inscricao=c.inscricao).estado == EstadoLista.FRAUDE
    ato = Ato.objects.get(tipo="resultado_definitivo_heteroidentificacao")
    assert ato.depois["fraude_mantida"] == [c.inscricao.numero]


# --- the whole flow under each seed regime --------------------------------------------------


def _posicoes(cargo):
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    return versao, instantaneo_apoio.por_lista(versao)


def _fluxo(regime, lista, django_capture_on_commit_callbacks, **certame_extra):
    """Closed first-instance evaluations -> preliminary -> appeals -> judgement -> final."""
    certame = CertameFactory(regime=regime, data_publicacao_edital=dt.date(2026, 10, 1),
                             **certame_extra)
    cargo = CargoFactory(certame=certame, vagas=10)
    rh = usuario("rh_fluxo", "RH", staff=True)
    comissao, membros = comissao_votante(certame)
    _recursal, membros_recursal = comissao_votante(certame, Comissao.Tipo.RECURSAL)
    etapa_procedimento(certame)
    etapa_recurso(certame)
    ins = {}
    for nome, nota in (("sem_recurso", "95"), ("provido", "90"), ("nao_provido", "88"),
                       ("confirmada", "85")):
        ins[nome] = InscricaoFactory(cargo=cargo, listas=[lista], nota=nota,
                                     candidato=candidato_com_conta(f"c_{nome}"))
    for i in range(6):
        InscricaoFactory(cargo=cargo, nota=str(70 - i))
    avs = {}
    for nome, insc in ins.items():
        avs[nome] = julgar(avaliacao(comissao, inscricao=insc, lista=lista), membros,
                           0 if nome == "confirmada" else 4)
    publicar_resultado_preliminar(certame, autor=rh)
    for nome in ("provido", "nao_provido"):
        apresentar_recurso(avs[nome], autor=ins[nome].candidato.usuario, texto=RAZOES)
    julgar(avaliacao_do_recurso(avs["provido"]), membros_recursal, 0)
    julgar(avaliacao_do_recurso(avs["nao_provido"]), membros_recursal, 5)

    # Before the final result nobody's list state is final: every optant is sub judice in
    # the reserved list, even after the appeal is judged (Lei 3.057/2026, art. 11, §2º).
    recalcular(cargo.pk)
    _v, antes = _posicoes(cargo)
    assert {n: antes[lista].get(i.numero) for n, i in ins.items()} == {
        "sem_recurso": True, "provido": True, "nao_provido": True, "confirmada": True}
    assert not SituacaoLista.objects.filter(inscricao__cargo=cargo).exists()

    with django_capture_on_commit_callbacks(execute=True):
        publicar_resultado_final(certame, autor=rh, agora=timezone.now() + DEPOIS_DO_PRAZO)
    versao, depois = _posicoes(cargo)
    estados = dict(SituacaoLista.objects.filter(inscricao__cargo=cargo)
                   .values_list("inscricao__numero", "estado"))
    assert estados == {ins["sem_recurso"].numero: "nao_confirmada",
                       ins["provido"].numero: "confirmada",
                       ins["nao_provido"].numero: "nao_confirmada",
                       ins["confirmada"].numero: "confirmada"}
    # Nobody is sub judice any more.
    assert not any(sj for lst in depois.values() for sj in lst.values())
    return ins, versao, depois


def test_fluxo_smbv_com_edital_que_elimina(django_capture_on_commit_callbacks):
    # LC 22/2026, art. 3º, §3º eliminates only a false declaration proven in the fraud
    # procedure; an edital may still choose elimination on the final non-confirmation (the
    # Lei 12.990/2014 practice: spec section 3, `efeito_nao_confirmacao` PP = "elimina").
    ins, versao, listas = _fluxo("smbv-lc22-2026", "PP", django_capture_on_commit_callbacks,
                                 parametros={"efeito_nao_confirmacao": {"PP": "elimina"}})
    for nome in ("sem_recurso", "nao_provido"):
        numero = ins[nome].numero
        assert all(numero not in lst for lst in listas.values()), nome
    for nome in ("provido", "confirmada"):
        assert ins[nome].numero in listas["PP"] and ins[nome].numero in listas["AC"]
    exclusao = next(e for e in versao.exclusoes if e["inscricao"] == ins["sem_recurso"].numero)
    assert "Portaria Normativa MPDG 4/2018, art. 11" in exclusao["fundamento"]
    s = SituacaoLista.objects.get(inscricao=ins["sem_recurso"])
    assert s.fundamento.startswith("edital: a não confirmação definitiva elimina do certame")


def test_fluxo_smbv_por_padrao_sai_da_reserva_e_fica_na_ampla(
        django_capture_on_commit_callbacks):
    ins, _v, listas = _fluxo("smbv-lc22-2026", "PP", django_capture_on_commit_callbacks)
    for nome in ("sem_recurso", "nao_provido"):
        numero = ins[nome].numero
        assert numero in listas["AC"] and numero not in listas["PP"], nome
    assert SituacaoLista.objects.get(inscricao=ins["sem_recurso"]).fundamento.startswith(
        "LC 22/2026, art. 3º, §3º (elimina só a declaração falsa apurada em procedimento "
        "administrativo")


def test_fluxo_severinia_ppi_sai_da_reserva_e_fica_na_ampla(django_capture_on_commit_callbacks):
    ins, _v, listas = _fluxo("severinia-lei3057-2026", "PPI",
                             django_capture_on_commit_callbacks)
    for nome in ("sem_recurso", "nao_provido"):
        numero = ins[nome].numero
        assert numero in listas["AC"] and numero not in listas["PPI"], nome
    for nome in ("provido", "confirmada"):
        assert ins[nome].numero in listas["PPI"] and ins[nome].numero in listas["AC"]
    s = SituacaoLista.objects.get(inscricao=ins["nao_provido"])
    assert "Lei 3.057/2026, art. 11, §1º" in s.fundamento
    assert "art. 11, §2º" in s.fundamento
    assert "comissão recursal" in s.motivacao


def test_fluxo_pirangi_pp_sai_da_reserva_e_fica_na_ampla(django_capture_on_commit_callbacks):
    ins, _v, listas = _fluxo("pirangi-lei3056-2025", "PP", django_capture_on_commit_callbacks)
    for nome in ("sem_recurso", "nao_provido"):
        numero = ins[nome].numero
        assert numero in listas["AC"] and numero not in listas["PP"], nome
    for nome in ("provido", "confirmada"):
        assert ins[nome].numero in listas["PP"] and ins[nome].numero in listas["AC"]
    assert "Lei 3.056/2025, art. 6º, §2º" in SituacaoLista.objects.get(
        inscricao=ins["sem_recurso"]).fundamento


def test_avaliacao_de_recurso_e_encontrada_pela_comissao_recursal_do_certame():
    c = cenario()
    apresentar_recurso(c.avaliacao, autor=c.user, texto=RAZOES)
    julgamento = avaliacao_do_recurso(c.avaliacao)
    assert julgamento.instancia == Avaliacao.Instancia.RECURSO
    assert julgamento.comissao == c.recursal
