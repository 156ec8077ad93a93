"""The legal calendar (`certames.calendario`): deadlines counted as Lei 9.784/1999, art. 66 —
the day of the start excluded, the day of the end included (caput), days counted continuously
(§2º), the end extended to the first following working day when it falls on a day without
office hours or with office hours closed early (§1º) — in the órgão's calendar and clock.

Worked with the real 2026 calendar:
- a 10-day appeal from Tuesday 10/11/2026 ends on Friday 20/11/2026, Dia Nacional de Zumbi e
  da Consciência Negra (national since Lei 14.759/2023): extended to Monday 23/11/2026;
- a period ending on Saturday 14/11/2026 (from Wednesday 4/11): Sunday 15/11 is Proclamação
  da República, Monday 16/11 is a working day: 16/11/2026;
- 10 days from Monday 29/6/2026 end on Thursday 9/7/2026, Revolução Constitucionalista, a
  São Paulo holiday: an SP órgão's period ends on Friday 10/7, an MG órgão's on 9/7;
- a municipal holiday RH recorded (Tuesday 8/12/2026) moves a period ending on it to 9/12;
- a Manaus órgão's period ends at 23:59:59 America/Manaus, 03:59:59 UTC of the next day.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.urls import resolve, reverse
from django.utils import timezone

from candidatos.acesso import inscricao_do_candidato
from candidatos.procedimentos import fim_do_prazo_recurso
from certames import calendario
from certames.calendario.fuso import orgao_da_url
from certames.models import Ato, Certame, Etapa, Feriado
from comissoes.models import Comissao, Sessao
from comum.papeis import GRUPO_CANDIDATO
from editais.models import AtoEdital
from painel.forms.chamadas import ConvocarForm
from tests.factories import (
    CandidatoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    OrgaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

SP = zoneinfo.ZoneInfo("America/Sao_Paulo")
MANAUS = zoneinfo.ZoneInfo("America/Manaus")
UTC = dt.UTC


def _fim(ano, mes, dia, zona=SP):
    return dt.datetime(ano, mes, dia, 23, 59, 59, tzinfo=zona)


# --- the holidays of 0.108 ------------------------------------------------------------------


def test_feriados_nacionais_de_2026_incluem_a_consciencia_negra():
    nacionais = {d: f.nome for d, f in calendario.feriados_publicos("MG", 2026).items()
                 if f.tipo == calendario.NACIONAL}
    assert nacionais[dt.date(2026, 11, 20)] == "Dia Nacional de Zumbi e da Consciência Negra"
    assert nacionais[dt.date(2026, 11, 15)] == "Proclamação da República"
    assert sorted(nacionais) == [
        dt.date(2026, 1, 1), dt.date(2026, 4, 3), dt.date(2026, 4, 21), dt.date(2026, 5, 1),
        dt.date(2026, 9, 7), dt.date(2026, 10, 12), dt.date(2026, 11, 2),
        dt.date(2026, 11, 15), dt.date(2026, 11, 20), dt.date(2026, 12, 25)]
    # Carnival and Corpus Christi are federal pontos facultativos, not holidays: the
    # municipality declares its own (Feriado).
    assert dt.date(2026, 2, 17) not in calendario.feriados_publicos("SP", 2026)
    sp = calendario.feriados_publicos("SP", 2026)[dt.date(2026, 7, 9)]
    assert (sp.tipo, sp.descricao()) == ("estadual", "feriado estadual (Revolução "
                                                     "Constitucionalista)")


def test_dia_util_e_proximo_dia_util():
    orgao = OrgaoFactory(uf="SP")
    assert [calendario.dia_util(dt.date(2026, 11, d), orgao) for d in (19, 20, 21, 22, 23)] == [
        True, False, False, False, True]
    assert calendario.proximo_dia_util(dt.date(2026, 11, 19), orgao) == dt.date(2026, 11, 23)
    assert calendario.proximo_dia_util(dt.date(2026, 11, 23), orgao) == dt.date(2026, 11, 24)


# --- the count (art. 66) ------------------------------------------------------------------------


def test_recurso_de_10_dias_que_vence_na_consciencia_negra_prorroga_para_segunda():
    orgao = OrgaoFactory(uf="SP")
    inicio = dt.datetime(2026, 11, 10, 15, 0, tzinfo=SP)  # Tuesday
    # 10/11 excluded; 11/11 is day 1, ..., 20/11 day 10: a national holiday (Friday), then
    # Saturday and Sunday: Monday 23/11.
    assert calendario.fim_do_prazo(inicio, 10, orgao) == _fim(2026, 11, 23)
    # The same count through a procedure's appeal window (the one function).
    insc = InscricaoFactory(cargo__certame__orgao=orgao)
    assert fim_do_prazo_recurso(inicio, 10, insc) == _fim(2026, 11, 23)


def test_prazo_que_vence_no_sabado_vai_para_segunda_16_11():
    orgao = OrgaoFactory(uf="SP")
    # From Wednesday 4/11: day 10 is Saturday 14/11; Sunday 15/11 is Proclamação da República;
    # Monday 16/11 is a working day.
    assert calendario.fim_do_prazo(dt.datetime(2026, 11, 4, 9, 0, tzinfo=SP), 10, orgao) == (
        _fim(2026, 11, 16))


def test_feriado_estadual_prorroga_em_sp_e_nao_em_mg():
    inicio = dt.datetime(2026, 6, 29, 10, 0, tzinfo=SP)  # Monday
    sp = CertameFactory(orgao=OrgaoFactory(uf="SP"))
    mg = CertameFactory(orgao=OrgaoFactory(uf="MG", municipio="Uberaba"))
    assert calendario.fim_do_prazo(inicio, 10, sp) == _fim(2026, 7, 10)
    assert calendario.fim_do_prazo(inicio, 10, mg) == _fim(2026, 7, 9)


@pytest.mark.parametrize("tipo", list(Feriado.Tipo))
def test_dia_do_orgao_prorroga_o_prazo(tipo):
    orgao = OrgaoFactory(uf="SP")
    outro = OrgaoFactory(uf="SP")
    inicio = dt.datetime(2026, 11, 28, 10, 0, tzinfo=SP)  # Saturday; +10 = Tuesday 8/12
    Feriado.objects.create(orgao=orgao, data=dt.date(2026, 12, 8), tipo=tipo,
                           nome="Nossa Senhora da Conceição", fundamento="Lei 10/1950")
    assert calendario.fim_do_prazo(inicio, 10, orgao) == _fim(2026, 12, 9)
    assert calendario.fim_do_prazo(inicio, 10, outro) == _fim(2026, 12, 8)


def test_orgao_de_manaus_encerra_o_prazo_as_23_59_59_de_manaus():
    orgao = OrgaoFactory(uf="AM", municipio="Manaus")
    # 23:30 of Tuesday 10/11 in Manaus is already 11/11 in Brasília: the day of the start is
    # the órgão's, 10/11; the end, Monday 23/11 (see above), at 23:59:59 in Manaus.
    inicio = dt.datetime(2026, 11, 10, 23, 30, tzinfo=MANAUS)
    fim = calendario.fim_do_prazo(inicio, 10, orgao)
    assert fim == _fim(2026, 11, 23, MANAUS)
    assert fim.astimezone(UTC) == dt.datetime(2026, 11, 24, 3, 59, 59, tzinfo=UTC)


def test_fuso_da_uf_e_o_do_proprio_orgao():
    for uf, zona in calendario.FUSO_POR_UF.items():
        assert str(zoneinfo.ZoneInfo(zona)) == zona, uf  # zoneinfo knows every zone
    assert {uf: str(calendario.fuso(OrgaoFactory.build(uf=uf)))
            for uf in ("AC", "AM", "MT", "PE", "SP", "RS")} == {
        "AC": "America/Rio_Branco", "AM": "America/Manaus", "MT": "America/Cuiaba",
        "PE": "America/Recife", "SP": "America/Sao_Paulo", "RS": "America/Sao_Paulo"}
    eirunepe = OrgaoFactory.build(uf="AM", fuso_horario="America/Eirunepe")
    assert str(calendario.fuso(eirunepe)) == "America/Eirunepe"


# --- RH's warning on a deadline it sets ----------------------------------------------------


AVISO_ETAPA = ("O fim desta etapa cai em 20/11/2026, feriado nacional (Dia Nacional de Zumbi "
               "e da Consciência Negra): pela Lei 9.784/1999, art. 66, §1º, o prazo se "
               "prorroga até 23/11/2026.")


def test_editor_avisa_que_a_etapa_termina_em_feriado_sem_recusar(client, rh):
    certame = CertameFactory(status=Certame.Status.RASCUNHO, cronograma=False)
    client.force_login(rh)
    url = reverse("painel:nova_etapa_rascunho", args=[certame.pk])
    resposta = client.post(url, {"tipo": "inscricoes", "inicio": "2026-11-10T08:00",
                                 "fim": "2026-11-20T18:00"})
    assert resposta.status_code == 302  # a warning, not an error
    assert Etapa.objects.get(certame=certame).fim == dt.datetime(2026, 11, 20, 18, 0,
                                                                tzinfo=SP)
    assert [str(m) for m in get_messages(resposta.wsgi_request)] == [
        "Rascunho do edital salvo.", AVISO_ETAPA]
    etapa = Etapa.objects.get(certame=certame)
    html = client.get(reverse("painel:editar_etapa_rascunho", args=[etapa.pk])
                      ).content.decode()
    assert AVISO_ETAPA in html
    # A stage ending on a working day: no warning.
    client.post(reverse("painel:editar_etapa_rascunho", args=[etapa.pk]), {
        "tipo": "inscricoes", "inicio": "2026-11-10T08:00", "fim": "2026-11-19T18:00"})
    html = client.get(reverse("painel:editar_etapa_rascunho", args=[etapa.pk])
                      ).content.decode()
    assert 'id="aviso-prazo"' not in html


def test_prazo_da_convocacao_em_sabado_e_avisado():
    certame = CertameFactory(orgao=OrgaoFactory(uf="SP"))
    sabado = ConvocarForm({"quantidade": "1", "prazo": "2026-11-14"})
    assert sabado.is_valid()
    assert sabado.aviso(certame) == (
        "O prazo para apresentar os documentos cai em 14/11/2026, sábado: pela Lei "
        "9.784/1999, art. 66, §1º, o prazo se prorroga até 16/11/2026.")
    assert ConvocarForm({"quantidade": "1", "prazo": "2026-11-13"}).aviso(certame) is None


# --- the órgão's time zone on its pages -------------------------------------------------------


def test_paginas_do_certame_mostram_e_leem_as_horas_no_fuso_do_orgao(client, rh):
    certame = CertameFactory(orgao=OrgaoFactory(uf="AM", municipio="Manaus"),
                             status=Certame.Status.RASCUNHO, cronograma=False)
    etapa = EtapaFactory(certame=certame, inicio=dt.datetime(2026, 11, 10, 12, 0, tzinfo=UTC),
                         fim=dt.datetime(2026, 11, 20, 3, 59, tzinfo=UTC))
    client.force_login(rh)
    pagina = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert "10/11/2026 08:00 — 19/11/2026 23:59" in pagina
    assert "Horários no fuso do órgão (America/Manaus)." in pagina
    form = client.get(reverse("painel:editar_etapa_rascunho", args=[etapa.pk])).content.decode()
    assert 'value="2026-11-19T23:59"' in form
    # What RH types is read in Manaus, too.
    client.post(reverse("painel:editar_etapa_rascunho", args=[etapa.pk]), {
        "tipo": "inscricoes", "inicio": "2026-11-10T08:00", "fim": "2026-11-18T23:59"})
    etapa.refresh_from_db()
    assert etapa.fim == dt.datetime(2026, 11, 19, 3, 59, tzinfo=UTC)
    # The next request, about no certame, is back in the default zone.
    assert client.get(reverse("painel:painel")).status_code == 200
    assert str(timezone.get_current_timezone()) == "America/Sao_Paulo"


def test_paginas_do_candidato_ficam_no_fuso_do_orgao():
    dono = usuario("cand_rio_branco", GRUPO_CANDIDATO)
    insc = InscricaoFactory(cargo__certame__orgao=OrgaoFactory(uf="AC", municipio="Rio Branco"),
                            candidato=CandidatoFactory(usuario=dono))
    assert inscricao_do_candidato(dono, insc.pk) == insc
    assert str(timezone.get_current_timezone()) == "America/Rio_Branco"
    timezone.deactivate()


# --- RH's calendar pages ------------------------------------------------------------------


def _dia(orgao, data, **extra):
    return Feriado.objects.create(orgao=orgao, data=data, nome=extra.get("nome", "Padroeira"),
                                  fundamento="Lei 5/1960")


def test_rh_inclui_um_dia_futuro_com_o_seu_fundamento(client, rh):
    orgao = OrgaoFactory(uf="SP")
    client.force_login(rh)
    url = reverse("painel:calendario_orgao", args=[orgao.pk])
    dados = {"data": "2099-01-25", "nome": "Aniversário do município", "tipo": "municipal",
             "fundamento": "Lei 12/1950, art. 1º"}
    assert client.post(url, dados).status_code == 400  # without the box nothing is written
    assert not Feriado.objects.exists()
    resposta = client.post(url, {**dados, "confirmacao": "on"})
    assert resposta.status_code == 302
    feriado = Feriado.objects.get()
    assert (feriado.orgao, feriado.data, feriado.tipo, feriado.registrado_por) == (
        orgao, dt.date(2099, 1, 25), "municipal", rh)
    ato = Ato.objects.get(tipo="feriado_registrado")
    assert ato.descricao == (f"Feriado municipal em 25/01/2099 (Aniversário do município) no "
                             f"calendário de {orgao.nome}.")
    html = client.get(url).content.decode()
    assert "Aniversário do município" in html and "Lei 12/1950, art. 1º" in html
    # Beside them, the coming national holidays (Christmas always within this year and next).
    assert "25/12/" in html and "feriado nacional (Natal)" in html
    # The same day twice: refused with a message, nothing written.
    resposta = client.post(url, {**dados, "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "Já há um dia cadastrado em 25/01/2099 para este órgão." in resposta.content.decode()
    assert Feriado.objects.count() == 1


def test_dia_que_ja_passou_nao_se_inclui(client, rh):
    orgao = OrgaoFactory(uf="SP")
    ontem = timezone.localdate() - dt.timedelta(days=1)
    with pytest.raises(ValidationError, match="Não se cadastra um dia que já passou"):
        calendario.registrar(orgao, data=ontem, nome="X", tipo="municipal",
                             fundamento="Decreto 1/2026", autor=rh)
    assert not Feriado.objects.exists()


def test_rh_retira_um_dia_futuro_mas_nao_um_que_ja_chegou(client, rh):
    orgao = OrgaoFactory(uf="SP")
    futuro = _dia(orgao, timezone.localdate() + dt.timedelta(days=30))
    passado = _dia(orgao, timezone.localdate() - dt.timedelta(days=3), nome="Padroeiro")
    client.force_login(rh)
    resposta = client.post(reverse("painel:remover_feriado", args=[passado.pk]),
                           {"confirmacao": "on"})
    assert resposta.status_code == 302
    assert [str(m) for m in get_messages(resposta.wsgi_request)] == [
        f"O dia {passado.data:%d/%m/%Y} já chegou e pode ter prorrogado prazos: ele fica no "
        "calendário."]
    assert Feriado.objects.filter(pk=passado.pk).exists()
    client.post(reverse("painel:remover_feriado", args=[futuro.pk]), {"confirmacao": "on"})
    assert list(Feriado.objects.values_list("pk", flat=True)) == [passado.pk]
    assert Ato.objects.get(tipo="feriado_removido").antes["data"] == futuro.data.isoformat()
    assert not Ato.objects.filter(tipo="feriado_removido", objeto_id=str(passado.pk)).exists()


@pytest.mark.parametrize("dias", [1, 6])
def test_pagina_do_calendario_com_consultas_fixas(client, rh, django_assert_num_queries, dias):
    orgao = OrgaoFactory(uf="AM")
    hoje = calendario.hoje_no_orgao(orgao)
    for n in range(dias):  # half come, half to come: each row says whether it may be removed
        Feriado.objects.create(orgao=orgao, data=hoje + dt.timedelta(days=n * (-1) ** n),
                               nome=f"Dia {n}", fundamento="Decreto 1/2026", registrado_por=rh)
    client.force_login(rh)
    url = reverse("painel:calendario_orgao", args=[orgao.pk])
    client.get(url)
    # The account, its device and groups (3); the órgão's zone (the middleware, 1); the
    # órgão, its days with who recorded them, its certames (3): however many days.
    with django_assert_num_queries(7):
        resposta = client.get(url)
    assert len(resposta.context["feriados"]) == dias
    motivos = {f.data: f.motivo_nao_remover for f in resposta.context["feriados"]}
    assert motivos[hoje] == (
        f"O dia {hoje:%d/%m/%Y} já chegou e pode ter prorrogado prazos: ele fica no calendário.")
    assert sorted(d for d, m in motivos.items() if m is None) == [
        hoje + dt.timedelta(days=n) for n in range(2, dias, 2)]


@pytest.mark.parametrize(("rota", "objeto"), [
    ("painel:certame", "certame"), ("painel:cargo", "cargo"),
    ("painel:editar_etapa_rascunho", "etapa"), ("painel:calendario_orgao", "orgao"),
    ("painel:sessao", "sessao"), ("comissao:sessao", "sessao")])
def test_url_do_espaco_de_trabalho_com_so_o_pk_responde_no_fuso_do_orgao(rota, objeto, rf):
    orgao = OrgaoFactory(uf="AM")
    certame = CertameFactory(orgao=orgao)
    comissao = Comissao.objects.create(certame=certame, nome="Comissão",
                                       tipo=Comissao.Tipo.HETEROIDENTIFICACAO)
    objetos = {"certame": certame, "cargo": certame.cargos.create(nome="Agente", vagas=1),
               "etapa": EtapaFactory(certame=certame), "orgao": orgao,
               "sessao": Sessao.objects.create(comissao=comissao, inicio=timezone.now(),
                                               local="Sala 1")}
    caminho = reverse(rota, args=[objetos[objeto].pk])
    pedido = rf.get(caminho)
    pedido.resolver_match = resolve(caminho)
    assert orgao_da_url(pedido, pedido.resolver_match.kwargs) == orgao
    # A public page with its pk only is answered by its template (fuso_da_pagina), no query.
    publico = rf.get(reverse("certame_publico", args=[certame.pk]))
    publico.resolver_match = resolve(publico.path)
    assert orgao_da_url(publico, publico.resolver_match.kwargs) is None


def test_pagina_do_rh_so_com_o_pk_escreve_a_hora_do_python_no_fuso_do_orgao(client, rh):
    certame = CertameFactory(orgao=OrgaoFactory(uf="AM"), status=Certame.Status.PUBLICADO)
    # 10/03/2026 15:30 UTC: 11:30 in Manaus (12:30 in São Paulo).
    AtoEdital.objects.create(certame=certame, tipo=AtoEdital.Tipo.PUBLICACAO, autor=rh,
                             publicado_em=dt.datetime(2026, 3, 10, 15, 30, tzinfo=UTC))
    client.force_login(rh)
    html = client.get(reverse("painel:editar_certame", args=[certame.pk])).content.decode()
    assert "O edital foi publicado em 10/03/2026 11:30:" in html
