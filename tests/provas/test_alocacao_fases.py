"""The exam of a later phase seats only those the previous phase admitted (spec section 10),
with the worked Pirangi case of tests/provas/apoio.py: P1 (minimum 50, cut AC 4 and PP 1 x
the PP vacancies) admits 1-5 by AC (a tie at 75 takes 5), 6 by PP and 7 and 8 by the
optants' guarantee (Lei 3.056/2025, art. 9º); 9 (40) is eliminated below the minimum and
10 (69) is not admitted by the cut. So P2's exam seats 1-8, never 9 or 10."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils import timezone

from candidatos.models import Inscricao
from certames.models import Ato, Cargo, Etapa
from provas.aplicacao import alocacao, cartao, locais
from provas.models import AlocacaoProva, LugarProva, PublicacaoFase
from tests.factories import EtapaFactory, usuario
from tests.provas.apoio import NOTAS_P1, cargo_em_fases, encerrar_inscricoes, importar

pytestmark = pytest.mark.django_db

DIA = dt.timedelta(days=1)
PROVA = dt.timedelta(hours=4)


def _mundo() -> SimpleNamespace:
    """P1 applied ten days ago and scored; P2's exam in ten days; a room of 10."""
    w = SimpleNamespace(agora=timezone.now(), rh=usuario("rh_fases", "RH"))
    w.cargo, w.p1, w.p2 = cargo_em_fases()
    w.certame = w.cargo.certame
    encerrar_inscricoes(w.certame)
    EtapaFactory(certame=w.certame, tipo=Etapa.Tipo.PAGAMENTO_TAXA, inicio=w.agora - 40 * DIA,
                 fim=w.agora - 19 * DIA)
    w.etapa_p1 = EtapaFactory(certame=w.certame, tipo=Etapa.Tipo.APLICACAO_PROVA, fase=w.p1,
                              inicio=w.agora - 10 * DIA, fim=w.agora - 10 * DIA + PROVA)
    w.etapa_p2 = EtapaFactory(certame=w.certame, tipo=Etapa.Tipo.APLICACAO_PROVA, fase=w.p2,
                              inicio=w.agora + 10 * DIA, fim=w.agora + 10 * DIA + PROVA)
    local = locais.cadastrar_local(w.certame, nome="Escola Pirangi", endereco="Rua A, 1",
                                   cidade="Pirangi", autor=w.rh)
    locais.cadastrar_sala(local, nome="Sala 1", capacidade=10, acessivel=False, autor=w.rh)
    importar(w.p1, NOTAS_P1)
    return w


def _publicar_final_p1(w) -> None:
    versao = w.cargo.versoes_classificacao.order_by("-numero").first()
    PublicacaoFase.objects.create(fase=w.p1, versao=versao, tipo=PublicacaoFase.Tipo.FINAL)


def _recusa_p2(w) -> list[str]:
    """The messages of P2's allocation refused; nothing written."""
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa_p2, autor=w.rh)
    assert AlocacaoProva.objects.count() == 0
    return erro.value.messages


def _sentados(alocacao_prova) -> list[str]:
    return sorted(LugarProva.objects.filter(alocacao=alocacao_prova)
                  .values_list("inscricao__numero", flat=True), key=int)


def _inscricao(w, numero: str) -> Inscricao:
    return Inscricao.objects.select_related("certame__orgao", "cargo", "candidato").get(
        cargo=w.cargo, numero=numero)


def test_segunda_fase_senta_so_os_admitidos_pela_primeira_garantia_inclusa():
    w = _mundo()
    _publicar_final_p1(w)
    nova = alocacao.publicar_alocacao(w.etapa_p2, autor=w.rh)
    assert _sentados(nova) == ["1", "2", "3", "4", "5", "6", "7", "8"]
    assert Ato.objects.get(tipo="alocacao_prova_publicada").depois == {
        "alocacao": nova.pk, "lugares": 8}


def test_cartao_de_quem_nao_foi_admitido_diz_por_que():
    w = _mundo()
    _publicar_final_p1(w)
    alocacao.publicar_alocacao(w.etapa_p2, autor=w.rh)
    nao_admitido = "Sua inscrição não foi admitida à fase P2 pelo resultado da fase anterior: " \
        "não há cartão de confirmação para esta prova."
    for numero in ("9", "10"):
        por_etapa = {c.etapa.pk: c for c in cartao.cartoes(_inscricao(w, numero))}
        assert por_etapa[w.etapa_p2.pk].motivo == nao_admitido
    pela_garantia = {c.etapa.pk: c for c in cartao.cartoes(_inscricao(w, "7"))}[w.etapa_p2.pk]
    assert pela_garantia.disponivel is True and pela_garantia.dados["prova"] == (
        "P2 — Prova discursiva")


def test_primeira_fase_senta_todas_as_confirmadas_do_cargo():
    w = _mundo()
    Etapa.objects.filter(pk=w.etapa_p1.pk).update(inicio=w.agora + 5 * DIA,
                                                  fim=w.agora + 5 * DIA + PROVA)
    w.etapa_p1.refresh_from_db()
    nova = alocacao.publicar_alocacao(w.etapa_p1, autor=w.rh)
    assert _sentados(nova) == [str(n) for n in range(1, 11)]


def test_segunda_fase_espera_o_resultado_final_da_primeira():
    w = _mundo()
    versao = w.cargo.versoes_classificacao.order_by("-numero").first()
    PublicacaoFase.objects.create(fase=w.p1, versao=versao, tipo=PublicacaoFase.Tipo.PRELIMINAR)
    assert _recusa_p2(w) == [
        "A prova da fase P2 é feita pelos admitidos pelo resultado da fase P1: a alocação só "
        "pode ser publicada depois do resultado final da fase P1 (Lei 9.784/1999, art. 59)."]
    # The cards of a phase not allocated tell no result: the same sentence for everyone.
    motivos = {c.motivo for n in ("1", "10") for c in cartao.cartoes(_inscricao(w, n))
               if c.etapa.pk == w.etapa_p2.pk}
    assert len(motivos) == 1 and motivos.pop().startswith(
        "O cartão de confirmação fica disponível quando o RH publicar os locais de prova")


def test_segunda_fase_recusada_enquanto_o_resultado_da_primeira_e_recalculado():
    w = _mundo()
    _publicar_final_p1(w)
    Cargo.objects.filter(pk=w.cargo.pk).update(
        geracao_classificacao=F("geracao_classificacao") + 1)
    mensagem = ("O resultado da fase anterior ainda está sendo calculado: aguarde o "
                "recálculo (ou clique em “Recalcular agora” na página do cargo) e tente de "
                "novo.")
    assert _recusa_p2(w) == [mensagem]
    situacao = alocacao.situacao_da_etapa(w.etapa_p2)
    assert (situacao.inscritos, situacao.plano, situacao.erro) == (None, None, mensagem)
