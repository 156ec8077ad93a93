"""The exam's application: the allocation to rooms (worked numbers), the capacity refusals,
the re-allocation as a new act, the schedule's order and the editor's stage form."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from certames import cronograma
from certames.models import Ato, Etapa
from comum.formatos import data_hora_br
from painel.forms.editor import EtapaForm
from provas.aplicacao import alocacao, cartao, locais
from provas.models import AlocacaoProva, Fase, LugarProva
from tests.factories import EtapaFactory
from tests.provas.apoio_aplicacao import PAGA, conceder, inscrever, mundo

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    return mundo()


def _salas(alocacao_prova) -> dict[str, list[str]]:
    saida: dict[str, list[str]] = {}
    for lugar in (LugarProva.objects.filter(alocacao=alocacao_prova)
                  .select_related("sala", "inscricao").order_by("inscricao__numero")):
        saida.setdefault(lugar.sala.nome, []).append(lugar.inscricao.numero)
    return saida


def test_alocacao_por_cargo_e_nome_com_sala_acessivel(w):
    """Two rooms of 3 (Sala 1 accessible), five confirmed inscrições (Carla exempt; Fábio's
    fee pending and Gil's unconfirmed stay out). Order: A01 Bruno, Carla; A02 Ana, Daniel,
    Élida. Daniel (sala de fácil acesso granted) is seated first, in Sala 1; then Bruno and
    Carla fill Sala 1 (3 of 3) and Ana and Élida go to Sala 2 (2 of 3)."""
    nova = alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    assert _salas(nova) == {"Sala 1": ["100001", "100002", "100003"],
                            "Sala 2": ["100004", "100005"]}
    assert [i.numero for i in alocacao.ordenar(alocacao.inscricoes_da_etapa(w.etapa))] == [
        "100003", "100001", "100005", "100002", "100004"]
    ato = Ato.objects.get(tipo="alocacao_prova_publicada")
    assert ato.depois == {"alocacao": nova.pk, "lugares": 5}


def test_capacidade_insuficiente_diz_quantos_lugares_faltam_e_nada_grava(w):
    for numero in ("100008", "100009", "100010"):
        inscrever(w, w.cargo_a, f"Extra {numero}", numero, PAGA)
    atos = Ato.objects.count()
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    assert erro.value.messages == [
        "Faltam 2 lugares: 8 inscrições confirmadas e 6 lugares nas salas cadastradas. "
        "Cadastre mais salas ou aumente a capacidade."]
    assert AlocacaoProva.objects.count() == 0
    assert LugarProva.objects.count() == 0
    assert Ato.objects.count() == atos


def test_falta_lugar_em_sala_acessivel(w):
    """Sala 1 is the only accessible room; with a capacity of 1 and two candidates granted
    the accessible room, one accessible seat is missing (total seats suffice: 1 + 3 for
    five would not, so Sala 2 grows to 5)."""
    w.sala1.capacidade = 1
    w.sala1.save()
    w.sala2.capacidade = 5
    w.sala2.save()
    conceder(w, w.ana, w.user_ana, {alocacao.condicoes.Condicao.SALA_ACESSO: None})
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    assert erro.value.messages == [
        "Falta 1 lugar em sala acessível: 2 com sala de fácil acesso concedida e 1 lugares "
        "em salas acessíveis (Decreto 9.508/2018, art. 4º (parâmetro federal)). Cadastre "
        "mais salas acessíveis ou aumente a capacidade."]
    assert AlocacaoProva.objects.count() == 0


def test_realocacao_e_novo_ato_com_motivacao_e_substitui(w):
    primeira = alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    codigo_antigo = alocacao.lugar_vigente(w.ana, w.etapa).codigo
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh, motivacao="")
    assert erro.value.message_dict == {"motivacao": ["Informe a motivação da decisão."]}
    locais.cadastrar_sala(w.local, nome="Sala 0", capacidade=10, acessivel=True, autor=w.rh)
    segunda = alocacao.publicar_alocacao(
        w.etapa, autor=w.rh, motivacao="Sala 0, térrea e maior, liberada pela escola.")
    # Sala 0 comes first by name: Daniel, then everyone in order fits in it.
    assert _salas(segunda) == {"Sala 0": ["100001", "100002", "100003", "100004", "100005"]}
    assert _salas(primeira) == {"Sala 1": ["100001", "100002", "100003"],
                                "Sala 2": ["100004", "100005"]}
    assert alocacao.alocacao_vigente(w.etapa) == segunda
    assert cartao.verificar(codigo_antigo).vigente is False
    novo = alocacao.lugar_vigente(w.ana, w.etapa)
    assert novo.codigo != codigo_antigo and cartao.verificar(novo.codigo).vigente is True
    with pytest.raises(ValidationError):
        primeira.delete()


def test_sem_inscricao_confirmada_antes_do_fim_das_inscricoes_ou_depois_da_prova(w):
    for insc in (w.ana, w.bruno, w.carla, w.daniel, w.elisa):
        type(insc).objects.filter(pk=insc.pk).update(situacao_taxa="pendente")
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    assert erro.value.messages == [
        "Nenhuma inscrição confirmada (taxa paga ou isenta) faz a prova desta etapa: não há "
        "o que alocar."]
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh, agora=w.etapa.fim + dt.timedelta(1))
    assert erro.value.messages[0].startswith("A prova desta etapa já foi aplicada")
    fim = w.certame.etapas.get(tipo="inscricoes").fim
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh, agora=fim - dt.timedelta(hours=1))
    assert erro.value.messages == [
        f"A alocação é publicada depois do fim das inscrições ({data_hora_br(fim)}): até lá, "
        "novas inscrições podem chegar."]


def test_etapa_de_fase_aloca_so_o_cargo_da_fase(w):
    fase = Fase.objects.create(cargo=w.cargo_b, ordem=1, codigo="P1", nome="Prova objetiva")
    etapa_p1 = EtapaFactory(certame=w.certame, tipo=Etapa.Tipo.APLICACAO_PROVA, fase=fase,
                            inicio=w.etapa.inicio + dt.timedelta(days=1),
                            fim=w.etapa.fim + dt.timedelta(days=1))
    assert sorted(i.numero for i in alocacao.inscricoes_da_etapa(etapa_p1)) == [
        "100002", "100004", "100005"]
    # The stage without a phase keeps the cargos that have no stage of their own.
    assert sorted(i.numero for i in alocacao.inscricoes_da_etapa(w.etapa)) == [
        "100001", "100003"]
    assert alocacao.etapa_da_inscricao(w.ana) == [etapa_p1]


def test_cronograma_prova_depois_das_inscricoes_e_antes_do_resultado():
    t = dt.datetime(2026, 11, 1, 8, 0, tzinfo=dt.UTC)
    h = dt.timedelta(hours=1)
    prova = Etapa(tipo="aplicacao_prova", inicio=t, fim=t + 4 * h)
    pagamento = Etapa(tipo="pagamento_taxa", inicio=t - 240 * h, fim=t + h)
    resultado = Etapa(tipo="resultado_preliminar", inicio=t + 2 * h, fim=t + 48 * h)
    mensagens = [i.mensagem for i in cronograma.incoerencias([prova, pagamento, resultado],
                                                               None)]
    assert mensagens == [
        "A etapa “Aplicação da prova” (a partir de 01/11/2026 05:00) não pode começar antes "
        "do fim da etapa “Pagamento da taxa de inscrição” (01/11/2026 06:00): a prova é "
        "aplicada depois dela (cronograma do edital).",
        "A etapa “Resultado preliminar” (a partir de 01/11/2026 07:00) não pode começar antes "
        "do fim da etapa “Aplicação da prova” (01/11/2026 09:00): o resultado é o da prova "
        "(cronograma do edital)."]
    pagamento.fim = t - h
    resultado.inicio = t + 5 * h
    assert cronograma.incoerencias([prova, pagamento, resultado], None) == []


def test_editor_oferece_a_etapa_e_as_fases_do_certame(w):
    fase = Fase.objects.create(cargo=w.cargo_b, ordem=1, codigo="P1", nome="Prova objetiva")
    form = EtapaForm(certame=w.certame)
    assert ("aplicacao_prova", "Aplicação da prova") in list(form.fields["tipo"].choices)
    assert list(form.fields["fase"].queryset) == [fase]
    dados = {"tipo": "heteroidentificacao", "inicio": "2027-01-10T08:00",
             "fim": "2027-01-10T12:00", "fase": fase.pk, "descricao": ""}
    form = EtapaForm(dados, certame=w.certame)
    assert form.is_valid() is False
    assert form.errors["fase"] == ["Só a etapa “Aplicação da prova” tem fase."]
