"""The multiprofessional team's PcD evaluation: the team's composition (Decreto 9.508/2018,
art. 5º), who is called, attendance, the biopsychosocial record (LC 22/2026, art. 7º, §1º),
the outcomes (enquadrado / não enquadrado / incompatível), the appeal to a second team, the
final result and the recompute (out of the PCD list, in AC)."""

import datetime as dt
from types import SimpleNamespace

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from candidatos.models import EstadoLista, SituacaoLista
from certames.models import Ato, Etapa
from comissoes.dominio.composicao import (
    EXIGENCIA,
    ConfigEquipe,
    adicionar_membro,
    criar_comissao,
    pendencias_da_comissao,
    verificar_composicao,
)
from comissoes.dominio.convocacao import candidatos_a_convocar, convocar
from comissoes.dominio.pcd import registrar_avaliacao_biopsicossocial, registro
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.dominio.resultados import (
    avaliacao_do_recurso,
    estado_da_avaliacao,
    publicar_resultado_final,
    publicar_resultado_preliminar,
    resultados_do_candidato,
)
from comissoes.dominio.sessoes import encerrar, registrar_comparecimento, votar
from comissoes.models import Avaliacao, Comissao
from tests import instantaneo_apoio
from tests.comissoes.fabricas import abrir_sessao, membro, sessao, suspender
from tests.comissoes.fabricas_documentos import (
    MOTIVO_PCD_NAO,
    MOTIVO_PCD_SIM,
    PIR,
    SEV,
    SMBV,
    certame_,
    enviar,
    equipe,
    etapa,
    janela_pcd,
    optante,
)
from tests.factories import CargoFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

PCD = Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL
DEPOIS = dt.timedelta(days=2)
F_SMBV = ("LC 22/2026, art. 7º, §§1º e 3º; Decreto 9.508/2018, art. 5º (parâmetro federal)")
DIMENSOES = {
    "funcoes_estruturas": "Amputação transfemoral do membro inferior esquerdo.",
    "fatores": "Usa prótese; residência sem acessibilidade; apoio familiar.",
    "atividades": "Limitação para deslocamentos longos e escadas.",
    "participacao": "Restrição em atividades que exijam deslocamento a pé.",
}
COMPATIVEL = "As atribuições de auxiliar administrativo são internas e compatíveis."
INCOMPATIVEL = "O cargo exige patrulhamento a pé em terreno irregular durante todo o turno."


# --- the team's composition -----------------------------------------------------------------


def p(area, medico=False, papel="titular", presidente=False, genero="feminino", cor="branca"):
    return SimpleNamespace(area_profissional=area, medico=medico, papel=papel,
                           presidente=presidente, ativo=True, genero=genero, cor_raca=cor,
                           regiao="")


def equipe_padrao():
    return [p("Medicina", medico=True, presidente=True), p("Psicologia"),
            p("Serviço social"), p("Terapia ocupacional", papel="suplente")]


def codigos(pendencias):
    return [x.codigo for x in pendencias]


def test_equipe_padrao_completa_nao_tem_pendencias():
    # Same gender and colour: the diversity of LC 22/2026, art. 3º, §2º is the
    # heteroidentification's, not the team's.
    assert verificar_composicao(equipe_padrao(), 3, regime=SMBV, tipo=PCD) == []


def test_equipe_sem_medico():
    membros = [p("Enfermagem", presidente=True), p("Psicologia"), p("Serviço social"),
               p("Fisioterapia", papel="suplente")]
    [pend] = verificar_composicao(membros, 3, regime=SMBV, tipo=PCD)
    assert (pend.codigo, pend.mensagem, pend.fundamento, pend.nivel) == (
        "sem_medico", "Não há médico(a) entre os titulares da equipe multiprofissional.",
        F_SMBV, EXIGENCIA)
    # Elsewhere the basis is the federal parameter alone.
    [pend] = verificar_composicao(membros, 3, regime=PIR, tipo=PCD)
    assert pend.fundamento == "Decreto 9.508/2018, art. 5º (parâmetro federal)"


def test_equipe_com_areas_repetidas_ou_sem_area():
    membros = [p("Medicina", medico=True, presidente=True), p("Psicologia"), p(" psicologia "),
               p("", papel="suplente")]
    pendencias = verificar_composicao(membros, 3, regime=SEV, tipo=PCD)
    assert [(x.codigo, x.mensagem) for x in pendencias] == [
        ("areas_repetidas", "Há titulares da mesma área profissional (psicologia): a equipe "
                            "é multiprofissional, um profissional de cada área.")]
    membros = [p("Medicina", medico=True, presidente=True), p("Psicologia"), p("")]
    assert codigos(verificar_composicao(membros, 3, regime=SEV, tipo=PCD)) == [
        "area_nao_informada", "sem_suplentes"]


def test_equipe_incompleta_e_sem_presidente():
    membros = [p("Medicina", medico=True), p("Psicologia")]
    assert codigos(verificar_composicao(membros, 3, regime=SMBV, tipo=PCD)) == [
        "faltam_titulares", "sem_presidente", "sem_suplentes"]


def test_composicao_configuravel_pelo_edital():
    config = ConfigEquipe(tamanho=4, medicos=2, areas_distintas=False)
    membros = [p("Medicina", medico=True, presidente=True), p("Psicologia"), p("Psicologia"),
               p("Serviço social"), p("Medicina", papel="suplente", medico=True)]
    pendencias = verificar_composicao(membros, config.tamanho, regime=SMBV, tipo=PCD,
                                      equipe=config)
    assert [(x.codigo, x.mensagem) for x in pendencias] == [
        ("sem_medico", "Há 1 médico(a) entre os titulares; o edital exige 2.")]


def test_criar_equipe_com_tamanho_padrao_e_do_edital(rh):
    certame = certame_(SMBV)
    comissao = criar_comissao(certame, tipo=PCD, nome="Equipe PcD", autor=rh)
    assert comissao.tamanho == 3
    ato = Ato.objects.get(tipo="comissao_designada")
    assert ato.fundamento_legal.startswith("LC 22/2026, art. 6º, caput, e art. 7º, §§1º e 3º")
    certame.parametros = {"equipe_multiprofissional": {"tamanho": 5, "medicos": 2}}
    certame.save()
    assert criar_comissao(certame, tipo=PCD, nome="Equipe 2", autor=rh).tamanho == 5
    # The heteroidentification committee keeps its default of 5.
    assert criar_comissao(certame, tipo="heteroidentificacao", nome="H",
                          autor=rh).tamanho == 5


def test_membro_da_equipe_exige_area_e_a_verificacao_usa_o_banco(rh):
    certame = certame_(SMBV)
    comissao = criar_comissao(certame, tipo=PCD, nome="Equipe PcD", autor=rh)
    with pytest.raises(ValidationError) as exc:
        adicionar_membro(comissao, usuario("u0"), genero="feminino", cor_raca="parda",
                         autor=rh)
    assert "area_profissional" in exc.value.message_dict
    medica, _a = adicionar_membro(comissao, usuario("u1"), genero="feminino",
                                  cor_raca="parda", autor=rh, presidente=True,
                                  area_profissional="Medicina", medico=True)
    assert (medica.area_profissional, medica.medico) == ("Medicina", True)
    adicionar_membro(comissao, usuario("u2"), genero="feminino", cor_raca="parda", autor=rh,
                     area_profissional="Medicina")
    assert codigos(pendencias_da_comissao(comissao)) == [
        "faltam_titulares", "areas_repetidas", "sem_suplentes"]
    ato = Ato.objects.filter(tipo="membro_designado").order_by("id").first()
    assert ato.depois["area_profissional"] == "Medicina" and ato.depois["medico"] is True


def test_rh_inclui_membro_da_equipe_pela_pagina(client, rh):
    certame = certame_(SMBV)
    client.force_login(rh)
    resposta = client.post(reverse("painel:comissoes_certame", args=[certame.pk]), {
        "tipo": PCD, "nome": "Equipe multiprofissional", "tamanho": "", "confirmacao": "on"})
    comissao = Comissao.objects.get()
    assert resposta.status_code == 302 and comissao.tamanho == 3
    pessoa = usuario("fisio", "Comissao")
    resposta = client.post(reverse("painel:adicionar_membro", args=[comissao.pk]), {
        "usuario": pessoa.pk, "papel": "titular", "genero": "masculino", "cor_raca": "preta",
        "area_profissional": "Fisioterapia", "confirmacao": "on"})
    assert resposta.status_code == 302
    html = client.get(reverse("painel:comissao", args=[comissao.pk])).content.decode()
    assert "Fisioterapia" in html
    assert "Não há médico(a) entre os titulares da equipe multiprofissional." in html


# --- who is called ------------------------------------------------------------------------


@pytest.mark.parametrize("regime", [SMBV, SEV, PIR])
def test_todo_optante_pcd_no_certame_e_chamado(regime):
    certame = certame_(regime)
    optante(certame, numero="1", listas=("PCD",), cor="branca")
    optante(certame, numero="2", listas=("PCD",), cor="parda", situacao="inscrito")
    optante(certame, numero="3", listas=("PCD",), cor="amarela", situacao="eliminado")
    InscricaoFactory(cargo__certame=certame, numero="4", listas=[])
    assert [(c.inscricao.numero, c.lista) for c in candidatos_a_convocar(certame, PCD)] == [
        ("1", "PCD"), ("2", "PCD")]


# --- attendance, record, outcomes -----------------------------------------------------------


@pytest.fixture
def caso(rh):
    certame = certame_(SMBV)
    janela_pcd(certame)
    insc = optante(certame, listas=("PCD",), cor="branca")
    laudo = enviar(insc, "PCD", "LAUDO")
    comissao, membros = equipe(certame)
    s = sessao(comissao, gravacao_exigida=False)
    abrir_sessao(s)
    conv = convocar(s, insc, "PCD", s.inicio, autor=rh)
    return SimpleNamespace(certame=certame, insc=insc, laudo=laudo, comissao=comissao,
                           membros=membros, conv=conv, av=conv.avaliacoes.get(), rh=rh)


def _registrar(c, compativel=True, **kw):
    return registrar_avaliacao_biopsicossocial(
        c.av, c.membros[0], dimensoes=DIMENSOES, compativel=compativel,
        compatibilidade=COMPATIVEL if compativel else INCOMPATIVEL, **kw)


def test_ausencia_fecha_sem_votacao_e_sai_so_da_lista_pcd(caso):
    registrar_comparecimento(caso.conv, "ausente", presidente=caso.membros[0],
                             agora=caso.conv.horario)
    av = Avaliacao.objects.get(pk=caso.av.pk)
    assert av.resultado == "nao_confirmada" and av.detalhes["efeito"] == "permanece_ac"
    assert av.parecer.startswith("O(A) candidato(a) não compareceu à avaliação da equipe "
                                 "multiprofissional para a qual foi convocado(a)")
    assert "exclusão da lista de pessoas com deficiência" in av.parecer
    assert estado_da_avaliacao(av) == EstadoLista.EXCLUIDA


def test_registro_biopsicossocial_recusado_com_o_certame_suspenso(caso):
    registrar_comparecimento(caso.conv, "presente", presidente=caso.membros[0])
    suspenso = suspender(caso.certame, caso.rh)
    atos = Ato.objects.count()
    with pytest.raises(ValidationError) as recusa:
        _registrar(caso)
    assert recusa.value.messages == [suspenso]
    caso.av.refresh_from_db()
    assert (registro(caso.av), Ato.objects.count()) == (None, atos)


def test_registro_biopsicossocial_so_pela_presidencia_depois_do_comparecimento(caso):
    with pytest.raises(ValidationError, match="Aguardando o registro do comparecimento"):
        _registrar(caso)
    registrar_comparecimento(caso.conv, "presente", presidente=caso.membros[0])
    with pytest.raises(PermissionDenied, match="quem preside a equipe"):
        registrar_avaliacao_biopsicossocial(caso.av, caso.membros[1], dimensoes=DIMENSOES,
                                            compativel=True, compatibilidade=COMPATIVEL)
    with pytest.raises(ValidationError) as exc:
        registrar_avaliacao_biopsicossocial(
            caso.av, caso.membros[0], dimensoes={**DIMENSOES, "atividades": ""},
            compativel=False, compatibilidade="não")
    assert sorted(exc.value.message_dict) == ["atividades", "compatibilidade"]
    av = _registrar(caso)
    assert av.detalhes["biopsicossocial"]["dimensoes"] == DIMENSOES
    with pytest.raises(ValidationError) as exc:
        _registrar(caso, compativel=False)
    assert "motivo_substituicao" in exc.value.message_dict
    av = _registrar(caso, compativel=False,
                    motivo_substituicao="A equipe reviu as atribuições do edital.")
    assert av.detalhes["biopsicossocial"]["compativel"] is False
    atos = list(Ato.objects.filter(tipo__startswith="avaliacao_biopsicossocial")
                .order_by("id"))
    assert [a.tipo for a in atos] == ["avaliacao_biopsicossocial",
                                      "avaliacao_biopsicossocial_substituida"]
    assert atos[1].antes["biopsicossocial"]["compativel"] is True
    assert atos[1].depois["biopsicossocial"]["compatibilidade"] == INCOMPATIVEL
    assert atos[1].fundamento_legal.startswith("LC 22/2026, art. 6º, caput, e art. 7º")


def test_laudo_nao_muda_depois_da_decisao_da_equipe(caso):
    registrar_comparecimento(caso.conv, "ausente", presidente=caso.membros[0],
                             agora=caso.conv.horario)
    with pytest.raises(ValidationError, match="A comissão já decidiu sobre esta lista"):
        enviar(caso.insc, "PCD", "LAUDO")


def test_mesma_pessoa_em_duas_equipes_e_avisada(caso):
    segunda, _m = equipe(caso.certame)
    _novo, avisos = adicionar_membro(segunda, caso.membros[1].usuario, genero="feminino",
                                     cor_raca="preta", autor=caso.rh,
                                     area_profissional="Nutrição")
    [aviso] = avisos
    assert "também integra outra comissão do mesmo tipo neste certame" in aviso
    assert "(1 candidato(s) até agora)" in aviso


def test_encerrar_exige_o_registro_biopsicossocial(caso):
    registrar_comparecimento(caso.conv, "presente", presidente=caso.membros[0])
    for m in caso.membros:
        votar(caso.av, m, "confirma", MOTIVO_PCD_SIM)
    with pytest.raises(ValidationError, match="Registre a avaliação biopsicossocial"):
        encerrar(caso.av, caso.membros[0])


@pytest.mark.parametrize(("compativel", "nao_enquadram", "resultado", "inicio"), [
    (True, 0, "confirmada", "A equipe multiprofissional enquadrou o(a) candidato(a) como "
                            "pessoa com deficiência, com deficiência compatível"),
    (False, 1, "incompativel", "A equipe multiprofissional enquadrou o(a) candidato(a) como "
                               "pessoa com deficiência (2 voto(s) pelo enquadramento, 1 "
                               "contra;"),
    (True, 2, "nao_confirmada", "A equipe multiprofissional não enquadrou o(a) candidato(a) "
                                "como pessoa com deficiência (2 voto(s) pelo não "
                                "enquadramento, 1 pelo enquadramento;"),
])
def test_resultados_da_equipe(caso, compativel, nao_enquadram, resultado, inicio):
    registrar_comparecimento(caso.conv, "presente", presidente=caso.membros[0])
    _registrar(caso, compativel=compativel)
    for i, m in enumerate(caso.membros):
        if i < nao_enquadram:
            votar(caso.av, m, "nao_confirma", MOTIVO_PCD_NAO)
        else:
            votar(caso.av, m, "confirma", MOTIVO_PCD_SIM)
    av = encerrar(caso.av, caso.membros[0])
    assert av.resultado == resultado
    assert av.parecer.startswith(inicio)
    assert "I — Impedimentos nas funções e nas estruturas do corpo: Amputação" in av.parecer
    assert "IV — Restrição de participação: Restrição em atividades" in av.parecer
    assert ("Compatibilidade com as atribuições do cargo: "
            + ("compatível — " + COMPATIVEL if compativel else "incompatível — " + INCOMPATIVEL)
            in av.parecer)
    assert av.fundamento == ("LC 22/2026, art. 6º, caput, e art. 7º, §§1º e 3º; Decreto "
                             "9.508/2018, art. 5º")
    assert av.detalhes["resultado_pcd"] == {"confirmada": "enquadrado",
                                            "incompativel": "incompativel",
                                            "nao_confirmada": "nao_enquadrado"}[resultado]
    # Incompatible and not enquadrado both leave the PCD list (never eliminate).
    assert estado_da_avaliacao(av) == (EstadoLista.CONFIRMADA if resultado == "confirmada"
                                       else EstadoLista.NAO_CONFIRMADA)


def test_pagina_da_equipe_mostra_laudo_e_registra_a_avaliacao(client, caso):
    registrar_comparecimento(caso.conv, "presente", presidente=caso.membros[0])
    url = reverse("comissao:avaliacao", args=[caso.av.pk])
    client.force_login(caso.membros[1].usuario)
    html = client.get(url).content.decode()
    assert reverse("documentos:arquivo", args=[caso.laudo.pk]) in html
    assert "Enquadra como pessoa com deficiência" in html
    assert 'id="form-biopsicossocial"' not in html  # the president records it
    assert client.get(reverse("documentos:arquivo", args=[caso.laudo.pk])).status_code == 200
    client.force_login(caso.membros[0].usuario)
    assert 'id="form-biopsicossocial"' in client.get(url).content.decode()
    acao = reverse("comissao:biopsicossocial", args=[caso.av.pk])
    resposta = client.post(acao, {**DIMENSOES, "compativel": "nao", "compatibilidade": "curta",
                                  "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "Justifique a conclusão sobre a compatibilidade" in resposta.content.decode()
    resposta = client.post(acao, {**DIMENSOES, "compativel": "nao",
                                  "compatibilidade": INCOMPATIVEL, "confirmacao": "on"})
    assert resposta.status_code == 302
    html = client.get(url).content.decode()
    assert 'id="registro-biopsicossocial"' in html and INCOMPATIVEL in html
    # Another team of the certame sees neither the page nor the laudo.
    _outra, outros = equipe(caso.certame)
    client.force_login(outros[0].usuario)
    assert client.get(url).status_code == 404
    assert client.get(reverse("documentos:arquivo", args=[caso.laudo.pk])).status_code == 404


# --- the whole flow -------------------------------------------------------------------------


def _avaliar(av, membros, *, enquadra: bool, compativel: bool):
    presidente = next(m for m in membros if m.presidente)
    if av.convocacao_id:
        registrar_comparecimento(av.convocacao, "presente", presidente=presidente)
    registrar_avaliacao_biopsicossocial(
        av, presidente, dimensoes=DIMENSOES, compativel=compativel,
        compatibilidade=COMPATIVEL if compativel else INCOMPATIVEL)
    for m in membros:
        votar(av, m, "confirma" if enquadra else "nao_confirma",
              MOTIVO_PCD_SIM if enquadra else MOTIVO_PCD_NAO)
    return encerrar(av, presidente)


def _posicoes(cargo):
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    return {lista: list(numeros) for lista, numeros in instantaneo_apoio.por_lista(versao).items()}


def test_fluxo_pcd_smbv_ate_o_definitivo_e_o_recalculo(django_capture_on_commit_callbacks):
    certame = certame_(SMBV)
    cargo = CargoFactory(certame=certame, vagas=20)
    rh = usuario("rh_pcd", "RH", staff=True)
    janela_pcd(certame)
    etapa(certame, Etapa.Tipo.RECURSO_AVALIACAO_PCD)
    comissao, membros = equipe(certame)
    s = sessao(comissao, gravacao_exigida=False)
    abrir_sessao(s)
    ins = {}
    for nome, nota in (("enquadrado", "95"), ("nao_enquadrado", "90"), ("provido", "88"),
                       ("incompativel", "85")):
        ins[nome] = optante(cargo=cargo, listas=("PCD",), cor="branca", nota=nota)
        enviar(ins[nome], "PCD", "LAUDO")
    for i in range(6):
        InscricaoFactory(cargo=cargo, nota=str(70 - i))
    avs = {}
    for nome, insc in ins.items():
        av = convocar(s, insc, "PCD", s.inicio, autor=rh).avaliacoes.get()
        avs[nome] = _avaliar(av, membros, enquadra=nome in ("enquadrado", "incompativel"),
                             compativel=nome != "incompativel")
    assert [avs[n].resultado for n in ins] == ["confirmada", "nao_confirmada",
                                               "nao_confirmada", "incompativel"]
    publicar_resultado_preliminar(certame, autor=rh, tipo=PCD)
    segunda, membros2 = equipe(certame)  # the appeal team
    r = resultados_do_candidato(ins["incompativel"], tipo=PCD)
    [item] = r.itens
    assert item.resultado_texto == "Deficiência incompatível com as atribuições do cargo"
    assert item.pode_recorrer  # an incompatibility may be appealed
    assert not resultados_do_candidato(ins["enquadrado"], tipo=PCD).itens[0].pode_recorrer

    for nome in ("provido", "incompativel"):
        apresentar_recurso(avs[nome], autor=ins[nome].candidato.usuario,
                           texto="A equipe não considerou o laudo atualizado que juntei.")
    julgamento = avaliacao_do_recurso(avs["provido"])
    assert (julgamento.comissao, julgamento.convocacao) == (segunda, None)
    # Judged on the record: no attendance; the second team records its own evaluation.
    _avaliar(julgamento, membros2, enquadra=True, compativel=True)
    _avaliar(avaliacao_do_recurso(avs["incompativel"]), membros2, enquadra=True,
             compativel=False)
    assert Ato.objects.filter(tipo="recurso_avaliacao_pcd").count() == 2

    with django_capture_on_commit_callbacks(execute=True):
        publicar_resultado_final(certame, autor=rh, agora=timezone.now() + DEPOIS, tipo=PCD)
    estados = dict(SituacaoLista.objects.filter(inscricao__cargo=cargo)
                   .values_list("inscricao__numero", "estado"))
    assert estados == {ins["enquadrado"].numero: EstadoLista.CONFIRMADA,
                       ins["nao_enquadrado"].numero: EstadoLista.NAO_CONFIRMADA,
                       ins["provido"].numero: EstadoLista.CONFIRMADA,
                       ins["incompativel"].numero: EstadoLista.NAO_CONFIRMADA}
    listas = _posicoes(cargo)
    for nome in ("nao_enquadrado", "incompativel"):
        numero = ins[nome].numero
        assert numero in listas["AC"] and numero not in listas.get("PCD", []), nome
    for nome in ("enquadrado", "provido"):
        assert ins[nome].numero in listas["PCD"] and ins[nome].numero in listas["AC"]
    situacao = SituacaoLista.objects.get(inscricao=ins["nao_enquadrado"])
    assert "não enquadramento como PcD não elimina" in situacao.fundamento
    assert "Parecer da equipe multiprofissional, sem recurso julgado" in situacao.motivacao
    r = resultados_do_candidato(ins["provido"], tipo=PCD)
    assert r.itens[0].situacao_recurso_texto == (
        "Recurso provido: a equipe multiprofissional recursal enquadrou o(a) candidato(a) "
        "como pessoa com deficiência.")
    assert r.itens[0].decisao_recurso.resultado_texto == (
        "Enquadrado(a) como pessoa com deficiência")


def test_membro_da_primeira_equipe_nao_julga_o_recurso(caso):
    registrar_comparecimento(caso.conv, "presente", presidente=caso.membros[0])
    etapa(caso.certame, Etapa.Tipo.RECURSO_AVALIACAO_PCD)
    _registrar(caso)
    for m in caso.membros:
        votar(caso.av, m, "nao_confirma", MOTIVO_PCD_NAO)
    encerrar(caso.av, caso.membros[0])
    publicar_resultado_preliminar(caso.certame, autor=caso.rh, tipo=PCD)
    segunda, membros2 = equipe(caso.certame)
    repetido = membro(segunda, area_profissional="medicina", medico=True)
    repetido.usuario = caso.membros[1].usuario
    repetido.save()
    apresentar_recurso(caso.av, autor=caso.insc.candidato.usuario,
                       texto="A equipe não considerou o laudo atualizado que juntei.")
    julgamento = avaliacao_do_recurso(caso.av)
    with pytest.raises(PermissionDenied, match="primeira instância"):
        votar(julgamento, repetido, "confirma", MOTIVO_PCD_SIM)
    votar(julgamento, membros2[1], "confirma", MOTIVO_PCD_SIM)
