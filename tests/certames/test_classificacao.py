"""The database side of classification: recompute, snapshots, acts that change the lists."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.utils import DatabaseError
from django.urls import reverse

from candidatos import servicos
from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames.models import Ato, Certame, ListaVersao, VersaoClassificacao
from certames.recalculo import solicitar_recalculo
from certames.servicos import registrar_vaga_surgida
from classificacao.listas import (
    PublicacaoInvalida,
    comparar_versoes,
    montar_entrada,
    publicar,
    recalcular,
    versao_publicada,
)
from comum.cache_publico import Renovacao
from tests import instantaneo_apoio
from tests.banco import como_dono
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

SMBV = "smbv-lc22-2026"
PIRANGI = "pirangi-lei3056-2025"


#: SMBV edital that eliminates on a final PP non-confirmation (spec section 3: the Lei 12.990
#: practice the edital may choose; the law's default keeps the candidate in AC).
ELIMINA = {"efeito_nao_confirmacao": {"PP": "elimina"}}


def _cargo(regime, vagas, candidatos, parametros=None):
    """candidatos: (numero, nota, cor, listas)."""
    cargo = CargoFactory(vagas=vagas, certame=CertameFactory(regime=regime,
                                                             parametros=parametros or {}))
    for numero, nota, cor, listas in candidatos:
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), cor_raca=cor,
                         listas=listas)
    return cargo


def _vagas(versao):
    return [(v.vaga, v.lista, v.inscricao.numero) for v in instantaneo_apoio.vagas(versao)]


def _lista(versao, lista):
    return instantaneo_apoio.numeros_sub_judice(versao, lista)


# SMBV N=3: PP = arred(0,75; 0,7) = 1 (LC 22/2026, art. 1º, §2º), AC = 2.
CANDIDATOS_SMBV = [
    ("A", "90", "branca", []),
    ("B", "85", "parda", ["PP"]),   # optant within AC: not counted in the reserve (art. 1º §5º)
    ("C", "80", "parda", ["PP"]),
    ("D", "70", "preta", ["PP"]),
    ("E", "60", "branca", []),
]


def test_recalculo_grava_versao_com_distribuicao_listas_vagas_e_convocacao():
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    versao = recalcular(cargo.pk, causa="teste")
    assert (versao.numero, versao.vagas, versao.distribuicao) == (
        1, 3, {"AC": 2, "PP": 1, "I": 0, "PCD": 0})
    assert versao.explicacao[0] == (
        "PP: 25% de 3 = 0,75 → 1, fração 0,75 igual ou maior que 0,7 — LC 22/2026, art. 1º, §2º")
    assert _vagas(versao) == [("AC", "AC", "A"), ("AC", "AC", "B"), ("PP", "PP", "C")]
    # No final decision yet: optants are in the PP list sub judice.
    assert _lista(versao, "PP") == [("B", True), ("C", True), ("D", True)]
    assert [v for _p, v, _n in instantaneo_apoio.ordem(versao)] == ["AC", "AC", "PP"]
    assert versao.total_candidatos == 5


def test_mesma_entrada_nao_cria_versao_nova_e_geracao_velha_nao_faz_nada():
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    assert recalcular(cargo.pk).numero == 1
    assert recalcular(cargo.pk) is None  # same hash
    cargo.refresh_from_db()
    assert recalcular(cargo.pk, geracao=cargo.geracao_classificacao - 1) is None
    assert VersaoClassificacao.objects.filter(cargo=cargo).count() == 1


def test_rajada_de_atos_gera_um_so_recalculo(django_capture_on_commit_callbacks, rh):
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    recalcular(cargo.pk)
    b, c = (Inscricao.objects.get(cargo=cargo, numero=n) for n in "BC")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with transaction.atomic():
            servicos.registrar_situacao_lista(b, "PP", "confirmada", autor=rh,
                                              motivacao="Fenótipo confirmado pela comissão")
            servicos.registrar_situacao_lista(c, "PP", "confirmada", autor=rh,
                                              motivacao="Fenótipo confirmado pela comissão")
    # two jobs queued, the first one is stale and does nothing (besides the public pages'
    # cache renewals, comum/cache_publico.py)
    assert len([c for c in callbacks if not isinstance(c, Renovacao)]) == 2
    assert list(cargo.versoes_classificacao.values_list("numero", flat=True)) == [2, 1]
    assert _lista(cargo.versoes_classificacao.get(numero=2), "PP") == [
        ("B", False), ("C", False), ("D", True)]


def test_desistencia_passa_a_vaga_ao_proximo_da_mesma_lista(
        django_capture_on_commit_callbacks, rh):
    # LC 22/2026, art. 1º, §6º: the PP vacancy of a withdrawn candidate goes to the next PP.
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    recalcular(cargo.pk)
    c = Inscricao.objects.get(cargo=cargo, numero="C")
    with django_capture_on_commit_callbacks(execute=True):
        servicos.registrar_desistencia(c, autor=rh, motivacao="Pedido escrito do candidato")
    nova = cargo.versoes_classificacao.get(numero=2)
    assert _vagas(nova) == [("AC", "AC", "A"), ("AC", "AC", "B"), ("PP", "PP", "D")]
    assert nova.causa == "desistência da inscrição C"
    ato = Ato.objects.get(tipo="desistencia")
    assert (ato.autor, ato.fundamento_legal, ato.depois) == (
        rh, "LC 22/2026, art. 1º, §6º", {"situacao": "desistente"})


@pytest.mark.parametrize(
    ("regime", "parametros", "em_ac"),
    [
        # SMBV: LC 22/2026, art. 3º, §3º eliminates only a proven false declaration; a final
        # non-confirmation takes the candidate out of PP and keeps them in AC.
        (SMBV, None, True),
        # ...unless the edital chooses elimination (spec section 3).
        (SMBV, ELIMINA, False),
        # Pirangi: the candidate leaves the PP list and stays in AC (Lei 3.056/2025, art. 6º §2º).
        (PIRANGI, None, True),
    ],
)
def test_nao_confirmacao_definitiva_segue_o_regime(django_capture_on_commit_callbacks, rh,
                                                   regime, parametros, em_ac):
    cargo = _cargo(regime, 3, CANDIDATOS_SMBV, parametros)
    recalcular(cargo.pk)
    b = Inscricao.objects.get(cargo=cargo, numero="B")
    with django_capture_on_commit_callbacks(execute=True):
        servicos.registrar_situacao_lista(b, "PP", "nao_confirmada", autor=rh,
                                          motivacao="Fenótipo não confirmado por maioria")
    nova = cargo.versoes_classificacao.order_by("-numero").first()
    assert "B" not in [n for n, _ in _lista(nova, "PP")]
    assert ("B" in [n for n, _ in _lista(nova, "AC")]) is em_ac


def test_vaga_surgida_recalcula_com_o_novo_total(django_capture_on_commit_callbacks, rh):
    # Pirangi N=10: PP 2, I 0 (3% de 10 = 0,3 → 0); with 7 more, N=17: PP 3, I 1, Q 0, PCD 1.
    # Per-cargo base (the edital setting; spec section 4): the split is recomputed with N.
    cargo = _cargo(PIRANGI, 10, [(f"{i:03d}", str(90 - i), "parda", ["PP"]) for i in range(5)],
                   parametros={"base_reserva": "cargo"})
    recalcular(cargo.pk)
    # Within the validity: homologated 04/05/2026, 24 months (CF, art. 37, III).
    Certame.objects.filter(pk=cargo.certame_id).update(
        homologado_em=dt.date(2026, 5, 4), status=Certame.Status.HOMOLOGADO)
    cargo.certame.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        registrar_vaga_surgida(cargo, quantidade=7, data=dt.date(2026, 6, 1),
                               ato="Lei 99/2026", autor=rh, hoje=dt.date(2026, 6, 2))
    nova = cargo.versoes_classificacao.order_by("-numero").first()
    assert (nova.vagas, nova.distribuicao) == (
        17, {"AC": 12, "PP": 3, "I": 1, "Q": 0, "PCD": 1})


def test_vaga_surgida_depois_da_validade_e_recusada(rh):
    cargo = CargoFactory(certame=CertameFactory(data_publicacao_edital=dt.date(2025, 9, 1),
                                                homologado_em=dt.date(2026, 1, 10),
                                                validade_meses=12,
                                                status=Certame.Status.HOMOLOGADO))
    with pytest.raises(ValidationError) as exc:
        registrar_vaga_surgida(cargo, quantidade=1, data=dt.date(2027, 2, 1), ato="x",
                               autor=rh, hoje=dt.date(2027, 2, 1))
    assert exc.value.messages == [
        "O certame é válido de 10/01/2026 a 10/01/2027 (Constituição Federal, art. 37, III): "
        "vagas surgidas fora desse prazo, ou registradas depois dele, não o alcançam."]
    assert cargo.vagas_surgidas.count() == 0


def test_atos_exigem_motivacao_e_nao_deixam_nada_pela_metade(rh):
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    c = Inscricao.objects.get(cargo=cargo, numero="C")
    with pytest.raises(ValidationError):
        servicos.registrar_desistencia(c, autor=rh, motivacao="curta")
    with pytest.raises(ValidationError) as exc:
        servicos.registrar_situacao_lista(c, "I", "confirmada", autor=rh,
                                          motivacao="Documentos conferidos")
    assert exc.value.messages == ["A inscrição C não optou pela lista I."]
    c.refresh_from_db()
    assert (c.situacao, Ato.objects.count()) == ("habilitado", 0)


def test_alterar_opcao_valida_contra_autodeclaracao(rh):
    cargo = _cargo(PIRANGI, 3, CANDIDATOS_SMBV)
    a = Inscricao.objects.get(cargo=cargo, numero="A")
    with pytest.raises(ValidationError) as exc:
        servicos.alterar_opcoes(a, ["PP"], autor=rh, motivacao="Pedido do candidato no prazo")
    assert exc.value.message_dict == {
        "listas": ["A lista PP exige autodeclaração preta ou parda."]}
    b = Inscricao.objects.get(cargo=cargo, numero="B")
    servicos.alterar_opcoes(b, [], autor=rh, motivacao="Desistiu da reserva no prazo")
    b.refresh_from_db()
    assert b.listas == []
    assert Ato.objects.get(tipo="opcao_listas").antes == {"listas": ["PP"]}


def test_publicacao_so_da_versao_mais_recente_e_uma_vez_por_tipo(rh):
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    v1 = recalcular(cargo.pk)
    assert versao_publicada(cargo) is None
    publicar(v1, "preliminar", rh)
    assert versao_publicada(cargo)[0] == v1
    with pytest.raises(PublicacaoInvalida, match="já foi publicada como Resultado preliminar"):
        publicar(v1, "preliminar", rh)
    Inscricao.objects.filter(cargo=cargo, numero="E").update(nota=Decimal("99"))
    # The final result waits for the optants within the called range.
    for numero in ("B", "C", "D"):
        SituacaoLista.objects.create(inscricao=Inscricao.objects.get(cargo=cargo, numero=numero),
                                     lista="PP", estado=EstadoLista.CONFIRMADA)
    v2 = recalcular(cargo.pk)
    with pytest.raises(PublicacaoInvalida, match="Só a versão mais recente"):
        publicar(v1, "final", rh)
    assert versao_publicada(cargo)[0] == v1  # the new version is not public until published
    publicar(v2, "final", rh)
    assert versao_publicada(cargo)[0] == v2
    assert Ato.objects.filter(tipo__startswith="publicacao_").count() == 2


@pytest.mark.skipif(connection.vendor != "postgresql", reason="gatilho só no PostgreSQL")
def test_postgresql_recusa_alterar_snapshot():
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    recalcular(cargo.pk)
    # As the owner: the application role has no UPDATE privilege at all (test_auditoria_banco).
    with como_dono(), pytest.raises(DatabaseError, match="aceita apenas inclusões"):
        with transaction.atomic():
            ListaVersao.objects.update(total=1)


def test_comparar_versoes_explica_quem_saiu_e_por_que(django_capture_on_commit_callbacks, rh):
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV, ELIMINA)
    v1 = recalcular(cargo.pk)
    b = Inscricao.objects.get(cargo=cargo, numero="B")
    with django_capture_on_commit_callbacks(execute=True):
        servicos.registrar_situacao_lista(b, "PP", "nao_confirmada", autor=rh,
                                          motivacao="Fenótipo não confirmado por maioria")
    v2 = cargo.versoes_classificacao.get(numero=2)
    diff = comparar_versoes(v1, v2)
    saidas = [(m.lista, m.antes, m.depois, m.motivo) for m in diff["mudancas"]
              if m.tipo == "saiu"]
    # In the words every page uses (`classificacao.listas_da_inscricao`).
    motivo = ("fora de todas as listas: autodeclaração não confirmada, na lista PP, de pessoas "
              "negras (pretas e pardas) — edital: a não confirmação definitiva elimina do "
              "certame (prática da Lei 12.990/2014, Portaria Normativa MPDG 4/2018, art. 11)")
    assert saidas == [("AC", 2, None, motivo), ("PP", 1, None, motivo)]
    ids = {i.numero: i.pk for i in Inscricao.objects.filter(cargo=cargo)}
    assert {(v["inscricao_id"], v["antes"], v["depois"]) for v in diff["vagas"]} == {
        (ids["B"], ("AC", "AC"), None), (ids["D"], None, ("PP", "PP")),
        (ids["C"], ("PP", "PP"), ("AC", "AC"))}


def test_entrada_do_motor_usa_so_decisoes_consolidadas():
    cargo = _cargo(PIRANGI, 3, CANDIDATOS_SMBV)
    InscricaoFactory(cargo=cargo, numero="SEM-NOTA", nota=None, situacao="inscrito")
    InscricaoFactory(cargo=cargo, numero="AUSENTE", nota=Decimal("50"), situacao="ausente")
    entrada = montar_entrada(cargo).entrada
    assert [c.inscricao for c in entrada.candidatos] == ["A", "AUSENTE", "B", "C", "D", "E"]
    por_numero = {c.inscricao: c for c in entrada.candidatos}
    assert dict(por_numero["B"].listas) == {"PP": "pendente"}
    assert por_numero["AUSENTE"].eliminado is True


def test_paginas_do_rh_do_cargo(client, rh, django_capture_on_commit_callbacks):
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    client.force_login(rh)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("painel:recalcular", args=[cargo.pk]))
    html = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    assert "PP: 25% de 3 = 0,75 → 1, fração 0,75 igual ou maior que 0,7" in html
    assert "sub judice" in html
    versao = cargo.versoes_classificacao.get()
    client.post(reverse("painel:publicar", args=[cargo.pk]), {"versao": 1, "tipo": "preliminar",
                                                             "confirmacao": "on"})
    assert versao.publicacoes.get().publicada_por == rh
    csv = client.get(reverse("painel:exportar", args=[versao.pk, "csv"])).content.decode(
        "utf-8-sig")
    linhas = csv.splitlines()
    assert linhas[0] == "lista;posicao;inscricao;nome;cpf;nota;sub_judice;vaga;lista_de_origem"
    a = Inscricao.objects.get(cargo=cargo, numero="A")
    assert linhas[1] == (f"AC;1;A;{a.candidato.nome};{a.candidato.cpf_mascarado};90,0000;não;"
                         "AC;AC")
    assert a.candidato.cpf not in csv


def test_paginas_do_rh_do_cargo_recusam_outros_papeis(client, candidato_user, membro_comissao):
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    insc = Inscricao.objects.get(cargo=cargo, numero="A")
    for user in (candidato_user, membro_comissao):
        client.force_login(user)
        assert client.get(reverse("painel:cargo", args=[cargo.pk])).status_code == 403
        assert client.get(reverse("painel:inscricao", args=[insc.pk])).status_code == 403
        resposta = client.post(reverse("painel:inscricao", args=[insc.pk]),
                               {"acao": "desistencia",
                                "desistencia-motivacao": "Tentativa indevida de outro papel",
                                "desistencia-confirmacao": "on"})
        assert resposta.status_code == 403
    insc.refresh_from_db()
    assert insc.situacao == "habilitado"


def test_rh_registra_desistencia_pela_pagina(client, rh, django_capture_on_commit_callbacks):
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    insc = Inscricao.objects.get(cargo=cargo, numero="C")
    client.force_login(rh)
    resposta = client.post(reverse("painel:inscricao", args=[insc.pk]),
                           {"acao": "desistencia", "desistencia-motivacao": "curta",
                            "desistencia-confirmacao": "on"})
    assert resposta.status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("painel:inscricao", args=[insc.pk]),
                               {"acao": "desistencia",
                                "desistencia-motivacao": "Termo de desistência assinado",
                                "desistencia-confirmacao": "on"})
    assert resposta.status_code == 302
    insc.refresh_from_db()
    assert insc.situacao == "desistente"
    assert _vagas(cargo.versoes_classificacao.order_by("-numero").first())[-1] == (
        "PP", "PP", "D")


def test_solicitar_recalculo_incrementa_a_geracao():
    cargo = _cargo(SMBV, 3, CANDIDATOS_SMBV)
    solicitar_recalculo([cargo], "x")
    solicitar_recalculo([cargo.pk], "y")
    cargo.refresh_from_db()
    assert cargo.geracao_classificacao == 2


def test_rh_altera_opcao_pela_pagina_e_erro_volta_no_formulario(client, rh):
    cargo = _cargo(PIRANGI, 3, CANDIDATOS_SMBV)
    a = Inscricao.objects.get(cargo=cargo, numero="A")
    client.force_login(rh)
    resposta = client.post(reverse("painel:inscricao", args=[a.pk]), {
        "acao": "opcoes", "opcoes-listas": ["PP"],
        "opcoes-motivacao": "Pedido do candidato dentro do prazo", "opcoes-confirmacao": "on"})
    assert resposta.status_code == 400
    assert "A lista PP exige autodeclaração preta ou parda." in resposta.content.decode()
    a.refresh_from_db()
    assert a.listas == []


@pytest.mark.parametrize("estado", ["confirmada", "nao_confirmada", "excluida", "fraude"])
def test_rh_nao_decide_estado_de_lista_pela_pagina_da_inscricao(client, rh, estado):
    """Spec section 5, "Who sets a state": only a procedure's final decision (LC 22/2026
    art. 3º; Lei 3.057/2026 art. 10, §3º; Lei 3.056/2025 art. 4º). RH's inscrição page offers
    no list decision and the old action records nothing."""
    cargo = _cargo(PIRANGI, 3, CANDIDATOS_SMBV)
    b = Inscricao.objects.get(cargo=cargo, numero="B")
    client.force_login(rh)
    pagina = client.get(reverse("painel:inscricao", args=[b.pk])).content.decode()
    assert "Registrar decisão de lista" not in pagina
    assert 'value="lista"' not in pagina
    atos = Ato.objects.count()
    resposta = client.post(reverse("painel:inscricao", args=[b.pk]), {
        "acao": "lista", "lista-lista": "PP", "lista-estado": estado,
        "lista-motivacao": "Tentativa de decidir a lista sem a comissão",
        "lista-confirmacao": "on", "confirmacao": "on"}, follow=True)
    assert "Ação desconhecida." in resposta.content.decode()
    assert not b.situacoes_listas.exists()
    assert Ato.objects.count() == atos
