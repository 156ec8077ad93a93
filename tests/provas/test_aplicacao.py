"""The exam's application: the allocation to rooms (worked numbers), the capacity refusals,
the re-allocation as a new act, the schedule's order and the editor's stage form."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Inscricao, PedidoIsencao
from certames import cronograma
from certames.models import Ato, Certame, Etapa, Orgao
from comum.formatos import data_hora_br
from painel.forms.editor import EtapaForm
from provas.aplicacao import alocacao, cartao, codigo, locais
from provas.models import AlocacaoProva, Fase, LugarProva
from tests.factories import EtapaFactory
from tests.provas.apoio_aplicacao import PAGA, conceder, inscrever, mundo

pytestmark = pytest.mark.django_db

#: Queries of the allocation act, of RH's page and of the CSV list, whatever the number of
#: candidates and rooms (test_publicar_e_a_pagina_sem_consulta_por_candidato). Each page reads
#: its certame's órgão for the zone first (certames.calendario.orgao_da_url: one query).
PUBLICAR, PAGINA_RH, LISTA_CSV = 23, 33, 12


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
        "Falta 1 lugar em sala acessível: 2 com sala de fácil acesso concedida e 1 lugar "
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


# --- the allocation waits for every confirmation -----------------------------------------------


def test_recusada_enquanto_o_prazo_de_pagamento_corre_e_publicada_depois(w):
    """Fábio's fee is pending: while the payment deadline runs he may still pay, and would
    need a seat. After it, his fee can no longer be confirmed: the five others are seated."""
    fim = w.agora + dt.timedelta(days=2)
    Etapa.objects.filter(pk=w.pagamento.pk).update(fim=fim)
    atos = Ato.objects.count()
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    assert erro.value.messages == [
        f"A alocação só pode ser publicada depois de {data_hora_br(fim)}, o fim do prazo de "
        "pagamento da taxa: até lá, 1 inscrição com a taxa pendente ainda pode ser "
        "confirmada."]
    assert (AlocacaoProva.objects.count(), Ato.objects.count()) == (0, atos)
    nova = alocacao.publicar_alocacao(w.etapa, autor=w.rh, agora=fim + dt.timedelta(hours=1))
    assert sorted(_salas(nova)["Sala 1"] + _salas(nova)["Sala 2"]) == [
        "100001", "100002", "100003", "100004", "100005"]


def test_recusada_enquanto_um_pedido_de_isencao_aguarda_o_resultado_definitivo(w):
    """The deadline is over, but Fábio's exemption request has no final result yet: if
    granted, his fee becomes exempt (the regime's payment deadline rule)."""
    PedidoIsencao.objects.create(inscricao=w.fabio, tipo="doador_sangue",
                                 solicitado_em=w.agora - 25 * dt.timedelta(1))
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    assert erro.value.messages == [
        "1 inscrição com a taxa pendente aguarda o resultado definitivo do pedido de isenção: "
        "a alocação só pode ser publicada depois dele."]
    resultado = EtapaFactory(certame=w.certame, tipo=Etapa.Tipo.RESULTADO_DEFINITIVO_ISENCAO,
                             inicio=w.agora + dt.timedelta(1), fim=w.agora + dt.timedelta(2))
    assert alocacao.motivo_nao_alocar(w.etapa) == (
        "1 inscrição com a taxa pendente aguarda o resultado definitivo do pedido de isenção "
        f"(a partir de {data_hora_br(resultado.inicio)}, no cronograma): a alocação só pode "
        "ser publicada depois dele.")
    assert AlocacaoProva.objects.count() == 0


def test_sem_prazo_de_pagamento_no_cronograma_uma_taxa_pendente_recusa(w, client):
    w.pagamento.delete()
    motivo = ("1 inscrição está com a taxa pendente e o cronograma deste certame não prevê o "
              "prazo de pagamento da taxa: inclua-o no cronograma; a alocação é publicada "
              "depois do fim dele.")
    assert alocacao.motivo_nao_alocar(w.etapa) == motivo
    client.force_login(w.rh)
    pagina = client.get(reverse("painel:aplicacao_prova", args=[w.certame.pk]))
    situacao = pagina.context["etapas"][0]["situacao"]
    assert (situacao.erro, situacao.plano, situacao.inscritos) == (motivo, None, 5)
    html = pagina.content.decode()
    assert motivo in html
    assert reverse("painel:aplicacao_alocar", args=[w.etapa.pk]) not in html
    resposta = client.post(reverse("painel:aplicacao_alocar", args=[w.etapa.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert [str(m) for m in resposta.context["messages"]] == [motivo]
    assert AlocacaoProva.objects.count() == 0


def test_certame_suspenso_nao_aloca(w):
    Certame.objects.filter(pk=w.certame.pk).update(status=Certame.Status.SUSPENSO)
    w.etapa.certame.refresh_from_db()
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    assert erro.value.messages == ["Certame suspenso."]
    assert AlocacaoProva.objects.count() == 0


# --- the card's hour is the órgão's ----------------------------------------------------------


def test_horario_do_cartao_no_fuso_do_orgao_em_qualquer_pedido(w, client):
    """An órgão of Amazonas (America/Manaus, UTC-4) allocated from a request in São Paulo's
    zone: the card, the code and the public check all say Manaus's hour."""
    Orgao.objects.filter(pk=w.certame.orgao_id).update(uf="AM")
    with timezone.override(zoneinfo.ZoneInfo("America/Sao_Paulo")):
        alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    manaus = timezone.localtime(w.etapa.inicio, zoneinfo.ZoneInfo("America/Manaus"))
    esperado = f"{manaus:%d/%m/%Y %H:%M}"
    insc = Inscricao.objects.select_related("certame__orgao", "cargo", "candidato").get(
        pk=w.ana.pk)
    with timezone.override(zoneinfo.ZoneInfo("UTC")):
        c = cartao.cartoes(insc)[0]
        assert c.dados["inicio"] == esperado
        assert codigo.hash_dos_dados(c.dados) == c.lugar.codigo
    resposta = client.get(reverse("verificar_cartao"), {"codigo": c.lugar.codigo})
    assert resposta.context["verificacao"].dados["inicio"] == esperado
    assert f"{esperado} a " in resposta.content.decode()


# --- queries that do not grow with the candidates ----------------------------------------------


@pytest.mark.parametrize("extras", [0, 12])
def test_publicar_e_a_pagina_sem_consulta_por_candidato(w, client, extras,
                                                        django_assert_num_queries):
    """The act and RH's page read the same number of rows' queries whether 5 or 17
    candidates (and 2 or 3 rooms): no query per inscrição or per room."""
    if extras:
        for n in range(extras):
            inscrever(w, w.cargo_a, f"Extra {n:02d}", f"2000{n:02d}", PAGA)
        locais.cadastrar_sala(w.local, nome="Sala 3", capacidade=20, acessivel=False,
                              autor=w.rh)
    ContentType.objects.clear_cache()  # the act's content type is read once per process
    with django_assert_num_queries(PUBLICAR):
        alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    client.force_login(w.rh)
    with django_assert_num_queries(PAGINA_RH):
        assert client.get(reverse("painel:aplicacao_prova", args=[w.certame.pk])
                          ).status_code == 200
    with django_assert_num_queries(LISTA_CSV):
        assert client.get(reverse("painel:aplicacao_lista", args=[w.etapa.pk, "csv"])
                          ).status_code == 200
