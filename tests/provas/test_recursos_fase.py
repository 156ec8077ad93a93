"""The appeal against a phase's preliminary result, through the procedure kernel
(`provas.recursos`, `provas.plugin`): the window the edital's days give from the publication
(Lei 9.784/1999, arts. 59 and 66), the decider's reconsideration with a revised score, the
superior authority's ruling (art. 56, §1º), no worsening (art. 64, parágrafo único), and the
final result waiting for them.

The cargo is tests/provas/apoio.py's Pirangi case: P1 cuts AC at 4. Inscrição 10 scored 69,
out of the cut (1: 90, 2: 85, 3: 80, 4 and 5: 75, tied at the 4th place, both admitted). Revised
to 76 on appeal, 10 is the 4th of AC and 4 and 5 (75) fall to the 5th place, out of the cut.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Inscricao
from certames import calendario
from certames.auditoria import Ato
from classificacao.listas import recalcular
from nucleo import autoridade
from nucleo import recursos as kernel
from nucleo.models import Recurso, TramiteRecurso
from provas import leitura, servicos
from provas import recursos as recursos_fase
from provas.models import DesempenhoPublicado, Fase, NotaFase, PublicacaoFase, RevisaoNotaFase
from tests.factories import usuario
from tests.provas.apoio import NOTAS_P1, cargo_em_fases, encerrar_inscricoes, importar

pytestmark = pytest.mark.django_db

CHAVE = recursos_fase.CHAVE
RAZOES = "A questão 12 tem duas alternativas corretas e deve ser anulada em meu favor."
MANTER = ("A questão 12 tem uma única alternativa correta, a letra B, como mostra o item 3.2 "
          "do conteúdo programático do edital.")


@pytest.fixture
def publicado(rh):
    """P1 imported and its preliminary result published at T0 (the inscrições are over);
    inscrição 10 belongs to a candidate account."""
    cargo, p1, p2 = cargo_em_fases(rh)
    importar(p1, NOTAS_P1, rh)
    encerrar_inscricoes(cargo.certame)
    # Published on a day whose tenth day after is a working day, so the period ends on it
    # (the extension of art. 66, §1º: tests/certames/test_calendario.py).
    t0 = timezone.now()
    while not calendario.dia_util(timezone.localdate(t0) + dt.timedelta(days=10),
                                  cargo.certame):
        t0 -= dt.timedelta(days=1)
    pub = servicos.publicar_resultado(Fase.objects.get(pk=p1.pk), PublicacaoFase.Tipo.PRELIMINAR,
                                      autor=rh, agora=t0)
    dez = Inscricao.objects.select_related("candidato").get(cargo=cargo, numero="10")
    dez.candidato.usuario = usuario("cand10", "Candidato")
    dez.candidato.save()
    desempenho = DesempenhoPublicado.objects.get(publicacao=pub, inscricao=dez)
    return {"cargo": cargo, "p1": Fase.objects.get(pk=p1.pk), "pub": pub, "t0": t0,
            "dez": dez, "cand": dez.candidato.usuario, "desempenho": desempenho, "rh": rh}


def _recorrer(c, agora=None):
    return kernel.apresentar_recurso(CHAVE, c["desempenho"], autor=c["cand"], texto=RAZOES,
                                     agora=agora or c["t0"] + dt.timedelta(days=1))


def _fim(t0, dias):
    """The end of the last day, the publication's day excluded (art. 66; the fixture's last
    day is a working day)."""
    return timezone.make_aware(dt.datetime.combine(
        timezone.localdate(t0) + dt.timedelta(days=dias), dt.time(23, 59, 59)))


def _resultados(cargo, codigo="P1"):
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    numeros = dict(Inscricao.objects.filter(cargo=cargo).values_list("pk", "numero"))
    return {numeros[r.inscricao_id]: (r.resultado, r.rota)
            for r in leitura.resultados_da_fase(versao, codigo)}


def test_publicacao_da_fase_espera_o_fim_das_inscricoes(rh):
    cargo, p1, _p2 = cargo_em_fases(rh)
    importar(p1, NOTAS_P1, rh)
    p1 = Fase.objects.get(pk=p1.pk)
    assert servicos.motivo_nao_publicar(p1, "preliminar") == (
        "O resultado preliminar de uma fase da avaliação só pode ser publicado depois da etapa "
        "“Inscrições”, que o cronograma deste certame não prevê: inclua-a no cronograma.")
    encerrar_inscricoes(cargo.certame)
    assert servicos.motivo_nao_publicar(p1, "preliminar") is None


def test_prazo_de_recurso_conta_da_publicacao_os_dias_do_edital(publicado):
    c = publicado
    assert c["p1"].prazo_recurso_dias == 10  # Lei 9.784/1999, art. 59, where silent
    assert recursos_fase.fim_do_prazo(c["pub"]) == _fim(c["t0"], 10)
    ato = Ato.objects.get(tipo="resultado_fase_preliminar")
    assert ato.depois["prazo_recurso"] == [c["t0"].isoformat(), _fim(c["t0"], 10).isoformat()]
    assert kernel.motivo_para_nao_recorrer(CHAVE, c["desempenho"],
                                           agora=_fim(c["t0"], 10)) is None
    depois = _fim(c["t0"], 10) + dt.timedelta(seconds=1)
    assert kernel.motivo_para_nao_recorrer(CHAVE, c["desempenho"], agora=depois) == (
        "O prazo de recurso terminou: recursos podiam ser apresentados de "
        f"{c['t0'].astimezone(timezone.get_current_timezone()):%d/%m/%Y %H:%M} a "
        f"{_fim(c['t0'], 10):%d/%m/%Y %H:%M}.")


def test_recurso_dirigido_a_quem_publicou_com_cinco_dias_para_reconsiderar(publicado):
    c = publicado
    agora = c["t0"] + dt.timedelta(days=1)
    recurso = _recorrer(c, agora)
    dirigido = TramiteRecurso.objects.get(recurso=recurso)
    assert (dirigido.etapa, dirigido.usuario_id) == ("dirigido", c["rh"].pk)
    assert dirigido.prazo == _fim(agora, 5)
    ato = Ato.objects.get(tipo="recurso_resultado_fase")
    assert ato.descricao.startswith("Recurso da inscrição 10 contra o resultado preliminar da "
                                    "fase P1 do cargo AGT.")
    with pytest.raises(ValidationError, match="cabe um único recurso"):
        _recorrer(c, agora)


def test_reconsideracao_reve_a_nota_e_o_corte_se_move(publicado):
    c = publicado
    recurso = _recorrer(c)
    agora = c["t0"] + dt.timedelta(days=2)
    autoridade.reconsiderar(recurso, autor=c["rh"], reconsidera=True,
                            motivacao="A questão 12 foi anulada: ponto atribuído a todos.",
                            dados={"nova_nota": "76"}, agora=agora)
    nota = NotaFase.objects.get(fase=c["p1"], inscricao=c["dez"])
    revisao = RevisaoNotaFase.objects.get(recurso=recurso)
    assert (nota.nota, nota.ausente, nota.revisao_id) == (Decimal("76"), False, revisao.pk)
    assert (revisao.instancia, revisao.provido, revisao.nota_anterior, revisao.nota) == (
        "reconsideracao", True, Decimal("69"), Decimal("76"))
    assert nota.history.order_by("history_date").first().nota == Decimal("69")
    recalcular(c["cargo"].pk)
    resultados = _resultados(c["cargo"])
    assert resultados["10"] == ("aprovado", "AC")
    assert resultados["4"] == resultados["5"] == ("nao_admitido_corte", None)
    assert autoridade.tramite(recurso).estado == "reconsiderado"


def test_nota_revista_nao_pode_ser_menor_nem_igual_a_publicada(publicado):
    c = publicado
    recurso = _recorrer(c)
    with pytest.raises(ValidationError) as erro:
        autoridade.reconsiderar(recurso, autor=c["rh"], reconsidera=True,
                                motivacao="Revisão da correção da prova objetiva.",
                                dados={"nova_nota": "60"},
                                agora=c["t0"] + dt.timedelta(days=2))
    assert erro.value.message_dict["nova_nota"] == [
        "A nota revista deve ser maior que a publicada (69): o recurso atendido revê a nota e "
        "nunca agrava a situação de quem recorre (Lei 9.784/1999, art. 64, parágrafo único)."]
    assert not TramiteRecurso.objects.exclude(etapa="dirigido").exists()
    assert not RevisaoNotaFase.objects.exists()
    assert NotaFase.objects.get(fase=c["p1"], inscricao=c["dez"]).nota == Decimal("69")


def test_mantida_vai_a_autoridade_superior_que_julga(publicado):
    c = publicado
    recurso = _recorrer(c)
    superior = usuario("secretario", "RH", staff=True)
    autoridade.designar(c["cargo"].certame, usuario=superior, ato="Portaria 12/2026",
                        motivacao="Secretário de Administração do município.", autor=c["rh"])
    agora = c["t0"] + dt.timedelta(days=2)
    autoridade.reconsiderar(recurso, autor=c["rh"], reconsidera=False, motivacao=MANTER,
                            agora=agora)
    assert recursos_fase.motivo_para_nao_julgar(c["desempenho"], c["rh"], agora) == (
        "Só a autoridade superior designada para este certame (secretario) julga o recurso "
        "(Lei 9.784/1999, art. 56, §1º).")
    revisao = recursos_fase.julgar_recurso(c["desempenho"], provido=False, motivacao=MANTER,
                                           autor=superior, agora=agora)
    assert (revisao.instancia, revisao.provido, revisao.nota) == ("autoridade", False, None)
    assert NotaFase.objects.get(fase=c["p1"], inscricao=c["dez"]).revisao_id is None
    assert autoridade.tramite(recurso).estado == "julgado"
    assert Ato.objects.get(tipo="recurso_fase_julgado").descricao == (
        "Recurso da inscrição 10 contra o resultado preliminar da fase P1 não provido: a nota "
        "publicada é mantida.")
    with pytest.raises(ValidationError, match="já foi julgado"):
        recursos_fase.julgar_recurso(c["desempenho"], provido=True, nova_nota="80",
                                     motivacao="Revisão.", autor=superior, agora=agora)


def test_resultado_final_espera_o_prazo_e_os_recursos(publicado):
    c = publicado
    recurso = _recorrer(c)
    p1 = c["p1"]
    fim = _fim(c["t0"], 10)
    assert servicos.motivo_nao_publicar(p1, "final", c["t0"] + dt.timedelta(days=3)) == (
        f"O prazo de recurso do resultado preliminar da fase P1 termina em "
        f"{fim:%d/%m/%Y %H:%M}. Recursos ainda não decididos: 10.")
    depois = fim + dt.timedelta(hours=1)
    assert servicos.motivo_nao_publicar(p1, "final", depois) == (
        "Recursos ainda não decididos: 10.")
    assert recursos_fase.motivo_nova_preliminar(p1).startswith(
        "O resultado preliminar publicado em ")
    autoridade.reconsiderar(recurso, autor=c["rh"], reconsidera=True,
                            motivacao="A questão 12 foi anulada: ponto atribuído a todos.",
                            dados={"nova_nota": "76"}, agora=c["t0"] + dt.timedelta(days=2))
    p1 = Fase.objects.get(pk=p1.pk)
    assert servicos.motivo_nao_publicar(p1, "final", depois).startswith(
        "Há atos ainda não calculados")
    recalcular(c["cargo"].pk)
    p1 = Fase.objects.get(pk=p1.pk)
    assert servicos.motivo_nao_publicar(p1, "final", depois) is None
    final = servicos.publicar_resultado(p1, "final", autor=c["rh"], agora=depois)
    assert DesempenhoPublicado.objects.get(publicacao=final, inscricao=c["dez"]).nota == 76
    assert kernel.motivo_para_nao_recorrer(
        CHAVE, DesempenhoPublicado.objects.get(publicacao=final, inscricao=c["dez"]),
        agora=depois) == "Cabe recurso contra o resultado preliminar da fase, não contra o final."


def test_novo_preliminar_so_abre_recurso_a_quem_o_resultado_mudou(publicado):
    c = publicado
    depois = _fim(c["t0"], 10) + dt.timedelta(hours=1)
    servicos.publicar_resultado(c["p1"], "final", autor=c["rh"], agora=depois)
    importar(c["p1"], {"9": "55"}, c["rh"])  # the banca's corrected sheet: 9 passes now
    segunda = servicos.publicar_resultado(Fase.objects.get(pk=c["p1"].pk), "preliminar",
                                          autor=c["rh"], agora=depois + dt.timedelta(days=1))
    nove = DesempenhoPublicado.objects.get(publicacao=segunda, inscricao__numero="9")
    dez = DesempenhoPublicado.objects.get(publicacao=segunda, inscricao=c["dez"])
    agora = depois + dt.timedelta(days=2)
    assert kernel.motivo_para_nao_recorrer(CHAVE, nove, agora=agora) is None
    assert kernel.motivo_para_nao_recorrer(CHAVE, dez, agora=agora) == (
        "Seu resultado nesta fase não mudou desde o resultado final de "
        f"{depois.astimezone(timezone.get_current_timezone()):%d/%m/%Y %H:%M}: o recurso cabia "
        "contra o resultado preliminar que o precedeu.")


def test_candidato_recorre_pela_sua_pagina_da_fase(client, publicado):
    c = publicado
    client.force_login(c["cand"])
    pagina = reverse("fases:resultado", args=[c["dez"].pk, c["p1"].pk])
    html = client.get(pagina).content.decode()
    assert 'data-publicacao="preliminar" data-resultado="nao_admitido_corte"' in html
    assert f'action="{reverse("fases:recurso", args=[c["desempenho"].pk])}"' in html
    situacao = client.get(reverse("portal:inscricao", args=[c["dez"].pk])).content.decode()
    assert "Prazo de recurso aberto: resultado preliminar da fase P1" in situacao
    assert f'href="{pagina}"' in situacao
    resposta = client.post(reverse("fases:recurso", args=[c["desempenho"].pk]),
                           {"texto": RAZOES, "confirmacao": "on"})
    assert resposta.status_code == 302 and resposta["Location"] == pagina
    recurso = Recurso.objects.get(procedimento=CHAVE)
    assert (recurso.objeto_id, recurso.inscricao_id) == (c["desempenho"].pk, c["dez"].pk)
    html = client.get(pagina).content.decode()
    assert 'data-tramite="reconsideracao"' in html and "Apresentar recurso" not in html


def test_pagina_da_fase_de_outra_pessoa_e_404(client, publicado):
    c = publicado
    outro = Inscricao.objects.select_related("candidato").get(cargo=c["cargo"], numero="7")
    client.force_login(c["cand"])
    assert client.get(reverse("fases:resultado", args=[outro.pk, c["p1"].pk])).status_code == 404
    alheio = DesempenhoPublicado.objects.get(publicacao=c["pub"], inscricao=outro)
    resposta = client.post(reverse("fases:recurso", args=[alheio.pk]),
                           {"texto": RAZOES, "confirmacao": "on"})
    assert resposta.status_code == 404
    assert not Recurso.objects.exists()


def test_rh_reconsidera_na_pagina_do_recurso_e_a_autoridade_julga(client, publicado):
    c = publicado
    _recorrer(c)
    client.force_login(c["rh"])
    url = reverse("painel:recurso_fase", args=[c["desempenho"].pk])
    html = client.get(url).content.decode()
    assert 'data-tramite="reconsideracao"' in html and 'name="reconsideracao-nova_nota"' in html
    fase_html = client.get(reverse("painel:resultado_fase", args=[c["p1"].pk])).content.decode()
    assert 'data-recurso="10"' in fase_html
    recurso = Recurso.objects.get(procedimento=CHAVE)
    resposta = client.post(reverse("painel:reconsiderar_recurso", args=[recurso.pk]), {
        "reconsideracao-decisao": "reconsidera", "reconsideracao-nova_nota": "abc",
        "reconsideracao-motivacao": "A questão 12 foi anulada.",
        "reconsideracao-confirmacao": "on"})
    assert resposta.status_code == 400
    assert "número inválido" in resposta.content.decode()
    assert not RevisaoNotaFase.objects.exists()
    resposta = client.post(reverse("painel:reconsiderar_recurso", args=[recurso.pk]), {
        "reconsideracao-decisao": "reconsidera", "reconsideracao-nova_nota": "76,5",
        "reconsideracao-motivacao": "A questão 12 foi anulada.",
        "reconsideracao-confirmacao": "on"})
    assert resposta.status_code == 302
    assert RevisaoNotaFase.objects.get().nota == Decimal("76.5")
    html = client.get(url).content.decode()
    assert 'data-provido="sim"' in html and "nota revista de 69 para 76,5" in html


def test_documentos_do_preliminar_dizem_o_prazo_de_recurso(client, publicado):
    c = publicado
    args = [c["cargo"].certame_id, c["cargo"].pk, c["pub"].pk]
    dados = client.get(reverse("resultado_fase_publico_arquivo", args=[*args, "json"])).json()
    assert dados["prazo_recurso"] == {
        "fim": _fim(c["t0"], 10).isoformat(), "dias": 10,
        "fundamento": "Lei 9.784/1999, arts. 56, 59 e 64, aplicada subsidiariamente; prazo do "
                      "edital"}
    pagina = client.get(reverse("resultado_fase_publico", args=args)).content.decode()
    assert (f"cabe recurso em 10 dia(s) contados da publicação, até "
            f"{_fim(c['t0'], 10):%d/%m/%Y %H:%M}") in pagina
