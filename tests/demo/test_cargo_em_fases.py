"""The demo's cargo in phases (`demo.cenarios.fases`, loaded by `carregar_demo`): what RH,
the candidate and the public see of the phases feature."""

import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Inscricao
from certames import cronograma
from certames.models import Ato, Cargo, Publicacao
from certames.regras.fases import ROTA_GARANTIA
from provas import leitura, recursos, servicos
from provas.models import ImportacaoNotasFase, NotaFase, PublicacaoFase


@pytest.fixture
def demo():
    saida = io.StringIO()
    call_command("carregar_demo", "--inscricoes", "300", stdout=saida)
    return saida.getvalue()


@pytest.mark.django_db
def test_pirangi_tem_um_cargo_em_fases_com_o_resultado_preliminar_da_p1(demo):
    """Pirangi's Técnico em Enfermagem, in phases through RH's acts (`demo.cenarios.fases`):
    P1's scores imported and its preliminary result published after the inscrições, its
    appeal period open; P2 awaits the banca's scores; `candidato3` took P2 by the optants'
    guarantee (below AC's cut, above the minimum; Lei 3.056/2025, art. 9º)."""
    (cargo,) = Cargo.objects.filter(fases__isnull=False).distinct()
    certame = cargo.certame
    assert (certame.regime, cargo.codigo, cargo.nome) == (
        "pirangi-lei3056-2025", "202", "Técnico em Enfermagem")
    assert [(f.ordem, f.codigo, f.nome, f.tipo, f.nota_minima, f.peso, f.corte,
             f.habilita_heteroidentificacao, f.prazo_recurso_dias)
            for f in cargo.fases.order_by("ordem")] == [
        (1, "P1", "Prova objetiva", "objetiva", 50, 1,
         {"AC": {"modo": "multiplo", "valor": 3}}, False, 10),
        (2, "P2", "Prova discursiva", "discursiva", 50, 1, {}, True, 10)]
    p1, p2 = cargo.fases.order_by("ordem")
    # Defined with the edital, before the inscrições: fase_definida acts of both.
    assert Ato.objects.filter(certame=certame, tipo="fase_definida").count() == 2

    # P1: one import, a score (or "ausente") for every habilitated inscrição; P2: none.
    (importacao,) = ImportacaoNotasFase.objects.filter(fase=p1)
    habilitadas = set(cargo.inscricoes.filter(situacao=Inscricao.Situacao.HABILITADO)
                      .values_list("pk", flat=True))
    assert set(NotaFase.objects.filter(fase=p1).values_list("inscricao_id", flat=True)) \
        == habilitadas
    assert importacao.notas + importacao.ausentes == len(habilitadas)
    assert (NotaFase.objects.filter(fase=p2).exists(), p2.importacoes.exists()) == (
        False, False)

    # P1's preliminary result only, published after the inscrições, its period open today.
    (publicacao,) = PublicacaoFase.objects.all()
    assert (publicacao.fase, publicacao.tipo) == (p1, "preliminar")
    assert publicacao.publicada_em > certame.etapas.get(tipo="inscricoes").fim
    assert publicacao.publicada_em < timezone.now() < recursos.fim_do_prazo(publicacao)
    assert cronograma.motivo_publicacao(certame.etapas.all(), cronograma.RESULTADO_FASE,
                                        "preliminar", publicacao.publicada_em) is None
    # Its final result waits for the appeal period to end (the demo publishes none).
    assert servicos.motivo_nao_publicar(p1, "final") is not None
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    assert publicacao.versao == versao
    resultados_p1 = leitura.resultados_da_fase(versao, "P1")
    assert publicacao.desempenhos.count() == len(resultados_p1)
    assert leitura.corte_da_fase(versao, "P1") == {"AC": 9}  # 3 x AC's 3 vacancies
    admitidos = {r.inscricao_id for r in resultados_p1 if r.resultado == leitura.APROVADO}
    resultados_p2 = leitura.resultados_da_fase(versao, "P2")
    assert {(r.inscricao_id, r.resultado) for r in resultados_p2} == {
        (pk, leitura.AGUARDANDO) for pk in admitidos}
    assert len(versao.aguardando_nota) == len(admitidos)
    # The final classification waits for P2: none published for this cargo.
    assert not Publicacao.objects.filter(versao__cargo=cargo).exists()

    # candidato3: a PP optant admitted to P2 by the guarantee, the appeal period open.
    inscricao = Inscricao.objects.get(cargo=cargo, candidato__usuario__username="candidato3")
    assert "PP" in inscricao.listas
    (fase_publicada,) = leitura.fases_publicadas(inscricao.pk)
    resultado = fase_publicada.resultado
    assert (fase_publicada.codigo, resultado.resultado, resultado.rota,
            resultado.fundamento) == ("P1", leitura.APROVADO, ROTA_GARANTIA,
                                      certame.regime_legal.fundamento_todas_as_fases)
    assert fase_publicada.fim_recurso == recursos.fim_do_prazo(publicacao)
    pelo_ac = [r.nota for r in resultados_p1 if r.rota == "AC"]
    assert len(pelo_ac) == 9
    assert p1.nota_minima <= resultado.nota < min(pelo_ac)
    (na_p2,) = [r for r in resultados_p2 if r.inscricao_id == inscricao.pk]
    assert na_p2.resultado == leitura.AGUARDANDO
    desempenho = publicacao.desempenhos.get(inscricao=inscricao)
    assert (recursos.janela_recurso(desempenho).aberta,
            recursos.motivo_proprio(desempenho)) == (True, None)
    cliente = Client()
    cliente.force_login(inscricao.candidato.usuario)
    pagina = cliente.get(reverse("portal:inscricao", args=[inscricao.pk]))
    assert pagina.status_code == 200
    assert "Prova objetiva" in pagina.content.decode()
