"""The edital editor in RH's workspace (`editais.servicos`, `painel/views/editor/`): a certame
born as a draft only RH sees, its settings as labelled fields checked by the regime, its
cargos and schedule, and the publication as an act refused with every pending reason."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from certames.auditoria import Ato
from certames.models import Cargo, Certame, Etapa, Orgao
from editais import servicos
from editais.models import AtoEdital
from tests.factories import CertameFactory

pytestmark = pytest.mark.django_db

SEVERINIA = "severinia-lei3057-2026"
PIRANGI = "pirangi-lei3056-2025"


def _dados(**extra):
    base = {"orgao_escolhido": "novo", "orgao_nome": "Prefeitura Municipal de Severínia",
            "orgao_municipio": "Severínia", "orgao_uf": "SP", "orgao_cnpj": "",
            "numero_edital": "003/2027", "titulo": "Concurso de professores",
            "tipo": "concurso", "regime": SEVERINIA,
            "data_publicacao_edital": "2027-01-10", "validade_meses": "24"}
    return {**base, **extra}


def _local(texto: str) -> dt.datetime:
    return timezone.make_aware(dt.datetime.strptime(texto, "%Y-%m-%d %H:%M"))


def test_rh_cria_o_rascunho_com_um_orgao_novo(client, rh):
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_certame"),
                           _dados(limiar_arredondamento="0.7"))
    certame = Certame.objects.get(numero_edital="003/2027")
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("painel:certame", args=[certame.pk])
    assert certame.status == Certame.Status.RASCUNHO
    assert (certame.orgao.nome, certame.orgao.uf) == ("Prefeitura Municipal de Severínia", "SP")
    assert certame.parametros == {"limiar_arredondamento": "0.7"}
    assert Ato.objects.get(tipo="certame_criado").descricao == (
        "Rascunho do edital 003/2027 criado: Concurso de professores.")
    # A draft is RH's only.
    client.logout()
    assert client.get(reverse("certame_publico", args=[certame.pk])).status_code == 404


def test_orgao_novo_sem_municipio_e_recusado_e_nada_e_gravado(client, rh):
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_certame"), _dados(orgao_municipio=""))
    assert resposta.status_code == 400
    assert "Informe o município do novo órgão." in resposta.content.decode()
    assert not Orgao.objects.exists() and not Certame.objects.exists()


def test_regime_so_para_editais_publicados_depois_da_sua_vigencia(client, rh):
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_certame"),
                           _dados(data_publicacao_edital="2020-01-10"))
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "só se aplica a editais publicados a partir de" in html
    assert not Certame.objects.exists() and not Orgao.objects.exists()


def test_limite_pcd_sem_percentual_e_recusado_no_campo(client, rh):
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_certame"), _dados(pcd_limite="20"))
    assert resposta.status_code == 400
    assert "Informe o percentual da reserva PcD para usar um limite." in (
        resposta.content.decode())


def test_simulador_preenche_o_editor(client, rh):
    client.force_login(rh)
    html = client.get(reverse("painel:novo_certame"),
                      {"regime": SEVERINIA, "limiar_arredondamento": "0.7"}).content.decode()
    assert re.search(r'<option value="severinia-lei3057-2026" selected>', html)
    assert re.search(r'<option value="0.7" selected>', html)
    simulacao = client.get(reverse("painel:simular"),
                           {"regime": SEVERINIA, "vagas": "10"}).content.decode()
    assert 'data-link="usar-no-certame"' in simulacao


def test_editar_rascunho_guarda_o_que_o_editor_nao_escreve(client, rh):
    certame = CertameFactory(regime=SEVERINIA, status=Certame.Status.RASCUNHO,
                             parametros={"permite_fim_de_fila": True,
                                         "cadunico_meses_atualizacao": 24})
    client.force_login(rh)
    dados = _dados(orgao_escolhido=str(certame.orgao_id), numero_edital=certame.numero_edital,
                   titulo="Título corrigido", data_publicacao_edital="2027-01-10",
                   regime=certame.regime)
    resposta = client.post(reverse("painel:editar_certame", args=[certame.pk]), dados)
    assert resposta.status_code == 302
    certame.refresh_from_db()
    assert certame.titulo == "Título corrigido"
    # permite_fim_de_fila is the editor's (unticked: removed); the CadÚnico's is not.
    assert certame.parametros == {"cadunico_meses_atualizacao": 24}
    ato = Ato.objects.get(tipo="alteracao_edital")
    assert "titulo" in ato.descricao and "parametros" in ato.descricao


def _rascunho(rh, inscricoes_em="2099-02-01 08:00"):
    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.RASCUNHO, cronograma=False)
    return certame


def test_publicacao_diz_todas_as_pendencias(rh):
    certame = _rascunho(rh)
    assert servicos.pendencias_publicacao(certame) == [
        "Cadastre ao menos um cargo, com as suas vagas.",
        "Inclua no cronograma a etapa “Inscrições”.",
        "Anexo do edital, item I (Número total de vagas): o edital não tem cargos.",
        "Anexo do edital, item VII (Procedimentos e prazos de recurso): inclua no cronograma "
        "a etapa “Recurso do resultado” (o prazo de recurso contra o resultado preliminar)."]


def test_cargo_e_etapa_pelas_paginas_e_a_publicacao(client, rh):
    certame = _rascunho(rh)
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_cargo_rascunho", args=[certame.pk]), {
        "codigo": "PROF", "nome": "Professor", "vagas": "10", "taxa_inscricao": "50,00"})
    assert resposta.status_code == 302
    cargo = Cargo.objects.get(certame=certame)
    assert (cargo.codigo, cargo.vagas) == ("PROF", 10)
    resposta = client.post(reverse("painel:nova_etapa_rascunho", args=[certame.pk]), {
        "tipo": "inscricoes", "inicio": "2099-02-01T08:00", "fim": "2099-02-28T23:59"})
    assert resposta.status_code == 302
    etapa = Etapa.objects.get(certame=certame)
    assert etapa.inicio == _local("2099-02-01 08:00")
    # The annex's item VII: the appeal against the preliminary result in the schedule.
    for tipo, inicio, fim in (("resultado_preliminar", "2099-05-01T08:00", "2099-05-01T18:00"),
                              ("recurso_resultado", "2099-05-02T08:00", "2099-05-04T18:00")):
        client.post(reverse("painel:nova_etapa_rascunho", args=[certame.pk]),
                    {"tipo": tipo, "inicio": inicio, "fim": fim})
    pagina = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert 'data-form="publicar-edital"' in pagina and "/admin/" not in pagina
    sem_caixa = client.post(reverse("painel:publicar_edital", args=[certame.pk]))
    assert sem_caixa.status_code == 400
    client.post(reverse("painel:publicar_edital", args=[certame.pk]), {"confirmacao": "on"})
    certame.refresh_from_db()
    assert certame.status == Certame.Status.PUBLICADO
    ato = AtoEdital.objects.get(certame=certame)
    assert ato.conteudo["cargos"] == [{"codigo": "PROF", "nome": "Professor", "vagas": 10,
                                       "taxa_inscricao": "50.00"}]
    assert Ato.objects.get(tipo="edital_publicado").descricao == (
        f"Edital {certame.numero_edital} publicado: 1 cargo(s), 10 vaga(s).")
    client.logout()
    assert client.get(reverse("certame_publico", args=[certame.pk])).status_code == 200


def test_depois_da_publicacao_so_por_retificacao(client, rh):
    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.PUBLICADO)
    cargo = Cargo.objects.create(certame=certame, codigo="A", nome="Agente", vagas=2)
    client.force_login(rh)
    url = reverse("painel:editar_cargo_rascunho", args=[cargo.pk])
    assert 'id="retificacao"' in client.get(url).content.decode()
    resposta = client.post(url, {"codigo": "A", "nome": "Agente", "vagas": "3",
                                 "taxa_inscricao": "0"})
    assert resposta.status_code == 400  # no confirmation box: nothing changes
    cargo.refresh_from_db()
    assert cargo.vagas == 2
    with pytest.raises(Exception, match="uma alteração agora é uma retificação do edital"):
        servicos.salvar_cargo(cargo, autor=rh, campos=["vagas"])
    pagina = client.get(reverse("painel:editar_certame", args=[certame.pk])).content.decode()
    assert 'id="edital-publicado"' in pagina and 'id="retificacao"' in pagina


def test_etapa_incoerente_e_recusada_com_a_mensagem_do_cronograma(client, rh):
    certame = CertameFactory(regime=SEVERINIA, status=Certame.Status.RASCUNHO, cronograma=False)
    client.force_login(rh)
    client.post(reverse("painel:nova_etapa_rascunho", args=[certame.pk]), {
        "tipo": "resultado_preliminar_isencao", "inicio": "2099-02-10T08:00",
        "fim": "2099-02-11T18:00"})
    resposta = client.post(reverse("painel:nova_etapa_rascunho", args=[certame.pk]), {
        "tipo": "recurso_isencao", "inicio": "2099-02-05T08:00", "fim": "2099-02-06T18:00"})
    assert resposta.status_code == 400
    assert Etapa.objects.filter(certame=certame).count() == 1


def test_etapas_de_isencao_nao_sao_oferecidas_sem_isencao_na_lei(client, rh):
    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.RASCUNHO, cronograma=False)
    client.force_login(rh)
    html = client.get(reverse("painel:nova_etapa_rascunho", args=[certame.pk])).content.decode()
    assert 'value="inscricoes"' in html and 'value="pedido_isencao"' not in html


def test_nenhuma_pagina_do_rh_leva_ao_admin(client, rh):
    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.RASCUNHO, cronograma=False)
    client.force_login(rh)
    for url in (reverse("painel:painel"), reverse("painel:novo_certame"),
                reverse("painel:certame", args=[certame.pk]),
                reverse("painel:editar_certame", args=[certame.pk])):
        assert "/admin/" not in client.get(url).content.decode(), url


# --- the retificação (editais.retificacao) ------------------------------------------------------

MOTIVO = "Erro material no número de vagas do cargo, corrigido conforme a lei de criação."


def _publicado(inscricoes: tuple[int, int]):
    """A published Pirangi certame whose inscrições run from `inscricoes` days relative to
    now, with cargo A (4 vacancies) and one inscribed candidate with an e-mail."""
    from tests.factories import CargoFactory, InscricaoFactory

    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.PUBLICADO, cronograma=False)
    agora = timezone.now()
    Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                         inicio=agora + dt.timedelta(days=inscricoes[0]),
                         fim=agora + dt.timedelta(days=inscricoes[1]))
    cargo = CargoFactory(certame=certame, codigo="A", vagas=4)
    InscricaoFactory(cargo=cargo, numero="1")
    return certame, cargo


def test_retificacao_de_vagas_e_um_ato_numerado_e_os_inscritos_sao_avisados(
        client, rh, mailoutbox, django_capture_on_commit_callbacks):
    certame, cargo = _publicado((-2, 10))
    client.force_login(rh)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("painel:editar_cargo_rascunho", args=[cargo.pk]), {
            "codigo": "A", "nome": cargo.nome, "vagas": "6",
            "taxa_inscricao": str(cargo.taxa_inscricao).replace(".", ","),
            "motivacao_retificacao": MOTIVO, "confirmacao": "on"})
    assert resposta.status_code == 302
    cargo.refresh_from_db()
    assert cargo.vagas == 6
    ato = AtoEdital.objects.get(tipo="retificacao")
    assert (ato.numero, ato.motivacao) == (1, MOTIVO)
    assert ato.conteudo["alteracoes"] == [{"objeto": "cargo A", "campo": "vagas ofertadas",
                                           "antes": "4", "depois": "6"}]
    assert Ato.objects.get(tipo="edital_retificado").descricao == (
        f"Retificação nº 1 do edital {certame.numero_edital}: cargo A, vagas ofertadas: 4 → 6.")
    assert [m.subject for m in mailoutbox] == [
        f"Retificação nº 1 do edital {certame.numero_edital}"]
    assert "cargo A, vagas ofertadas: 4 → 6" in mailoutbox[0].body
    pagina = client.get(reverse("certame_publico", args=[certame.pk])).content.decode()
    assert 'data-ato="retificacao"' in pagina and MOTIVO in pagina


def test_retificacao_sem_caixa_ou_sem_motivacao_nao_muda_nada(client, rh):
    certame, cargo = _publicado((2, 10))
    client.force_login(rh)
    url = reverse("painel:editar_cargo_rascunho", args=[cargo.pk])
    dados = {"codigo": "A", "nome": cargo.nome, "vagas": "6", "taxa_inscricao": "0"}
    assert client.post(url, {**dados, "motivacao_retificacao": MOTIVO}).status_code == 400
    resposta = client.post(url, {**dados, "motivacao_retificacao": "curta",
                                 "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "Motive a retificação" in resposta.content.decode()
    cargo.refresh_from_db()
    assert cargo.vagas == 4 and not AtoEdital.objects.exists()


@pytest.mark.parametrize(("inscricoes", "vagas", "aceita"), [
    ((2, 10), 3, True),    # before the inscrições: fewer vacancies allowed
    ((-2, 10), 3, False),  # once they began: no fewer
    ((-2, 10), 5, True),   # more, always until the homologation
])
def test_vagas_na_retificacao(rh, inscricoes, vagas, aceita):
    from django.core.exceptions import ValidationError

    certame, cargo = _publicado(inscricoes)
    cargo.vagas = vagas
    if aceita:
        servicos.salvar_cargo(cargo, autor=rh, campos=["vagas"], retificacao=MOTIVO)
        assert Cargo.objects.get(pk=cargo.pk).vagas == vagas
    else:
        with pytest.raises(ValidationError, match="não reduz as vagas de um cargo"):
            servicos.salvar_cargo(cargo, autor=rh, campos=["vagas"], retificacao=MOTIVO)
        assert Cargo.objects.get(pk=cargo.pk).vagas == 4


def test_retificacao_recusa_o_que_fere_direito_adquirido(rh):
    from django.core.exceptions import ValidationError

    certame, cargo = _publicado((-2, 10))
    certame.regime = SEVERINIA
    with pytest.raises(ValidationError, match="O regime legal de reserva não muda"):
        servicos.salvar_certame(certame, autor=rh, campos=["regime"], retificacao=MOTIVO)
    certame.refresh_from_db()
    certame.parametros = {"limiar_arredondamento": "0.7"}
    with pytest.raises(ValidationError, match="As inscrições começaram em"):
        servicos.salvar_certame(certame, autor=rh, campos=[], retificacao=MOTIVO)
    inscricoes = Etapa.objects.get(certame=certame)
    inscricoes.inicio += dt.timedelta(hours=1)
    with pytest.raises(ValidationError, match="o tipo e o início não mudam"):
        servicos.salvar_etapa(inscricoes, autor=rh, retificacao=MOTIVO)
    inscricoes.refresh_from_db()
    inscricoes.fim += dt.timedelta(days=5)  # an extension of the open stage: allowed
    servicos.salvar_etapa(inscricoes, autor=rh, retificacao=MOTIVO)
    assert AtoEdital.objects.get().conteudo["alteracoes"][0]["campo"] == "fim"


def test_vagas_nao_mudam_depois_do_sorteio(rh):
    from django.core.exceptions import ValidationError

    from certames.models import AnuncioSorteio, Sorteio

    certame, cargo = _publicado((2, 10))
    anuncio = AnuncioSorteio.objects.create(
        certame=certame, fonte_semente="Loteria Federal", data_da_semente=dt.date(2027, 1, 5),
        cargos=[], base_reserva="edital", base_reserva_pcd="cargo", fundamento="x")
    Sorteio.objects.create(certame=certame, anuncio=anuncio, semente="1", resultado={})
    cargo.vagas = 5
    with pytest.raises(ValidationError, match="não mudam sem um novo sorteio"):
        servicos.salvar_cargo(cargo, autor=rh, campos=["vagas"], retificacao=MOTIVO)


def test_homologado_nao_se_retifica(client, rh):
    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.HOMOLOGADO,
                             homologado_em=dt.date(2026, 11, 1))
    client.force_login(rh)
    pagina = client.get(reverse("painel:editar_certame", args=[certame.pk])).content.decode()
    assert "não se retifica depois da homologação" in pagina
    assert "Publicar a retificação" not in pagina


def test_o_rascunho_leva_as_fases_de_cada_cargo(client, rh):
    """The editor reaches each cargo's phases (spec section 10) while the edital is a draft:
    they are defined before the inscrições open."""
    certame = CertameFactory(status=Certame.Status.RASCUNHO, regime=PIRANGI)
    cargo = Cargo.objects.create(certame=certame, codigo="AGT", nome="Agente", vagas=4)
    client.force_login(rh)
    pagina = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    fases = reverse("painel:fases", args=[cargo.pk])
    assert f'href="{fases}" data-link="fases-cargo"' in pagina
    assert client.get(fases).status_code == 200
