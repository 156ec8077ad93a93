"""The documentary verification from convocation to the final decision: who is called under
each regime, the per-document analysis, the collegiate decision, the appeal to a second
documentary committee, the final result and the recompute (out of the reserved list, in AC)."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from candidatos.models import EstadoLista, SituacaoLista
from certames.models import Ato, Etapa
from classificacao.listas import recalcular
from comissoes.dominio.composicao import registrar_impedimento
from comissoes.dominio.convocacao import candidatos_a_convocar, convocar, distribuir_convocacoes
from comissoes.dominio.documental import analisar_documento, submeter_documentos
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.dominio.resultados import (
    avaliacao_do_recurso,
    publicar_resultado_final,
    publicar_resultado_preliminar,
    resultados_do_candidato,
)
from comissoes.dominio.sessoes import encerrar, registrar_comparecimento, votar
from comissoes.models import AnaliseDocumento, Avaliacao, Comissao
from nucleo.models import PublicacaoResultado
from tests import instantaneo_apoio
from tests.comissoes.fabricas import (
    abrir_sessao,
    comissao_completa,
    etapa_procedimento,
    membro,
    sessao,
    suspender,
)
from tests.comissoes.fabricas_documentos import (
    FED,
    MOTIVO_DOC_NAO,
    MOTIVO_DOC_SIM,
    PIR,
    SEV,
    SMBV,
    certame_,
    comissao_documental,
    enviar,
    etapa,
    janela_documental,
    optante,
)
from tests.factories import CargoFactory, InscricaoFactory, usuario


def sessao_aberta(comissao, **extra):
    """A session of the committee whose members' presence is recorded (all present)."""
    s = sessao(comissao, **extra)
    abrir_sessao(s)
    return s


pytestmark = pytest.mark.django_db

RAZOES = "A RANI foi emitida pela FUNAI e está regular; junto a certidão atualizada."
DEPOIS = dt.timedelta(days=2)
DOC = Comissao.Tipo.VERIFICACAO_DOCUMENTAL


def chamados(certame):
    return [(c.inscricao.numero, c.lista) for c in candidatos_a_convocar(certame, DOC)]


# --- who is called ------------------------------------------------------------------------


def test_smbv_chama_os_optantes_indigenas():
    certame = certame_(SMBV)
    optante(certame, numero="101")
    optante(certame, numero="102", situacao="inscrito")  # not habilitated: called (art. 4º)
    optante(certame, numero="103", listas=("PP",), cor="parda")  # heteroidentification
    optante(certame, numero="104", situacao="desistente")
    optante(certame, numero="105", listas=("I", "PCD"))
    assert chamados(certame) == [("101", "I"), ("102", "I"), ("105", "I")]


def test_severinia_ppi_so_indigenas_na_verificacao_documental():
    certame = certame_(SEV)
    optante(certame, numero="201", listas=("PPI",))
    optante(certame, numero="202", listas=("PPI",), cor="parda")  # heteroidentification
    optante(certame, numero="203", listas=("PPI",), cor="preta")
    assert chamados(certame) == [("201", "PPI")]
    # And the heteroidentification does not call the indigenous optant.
    assert [c.inscricao.numero for c in candidatos_a_convocar(certame)] == ["202", "203"]


@pytest.mark.parametrize("regime", [PIR, FED])
def test_pirangi_e_federal_chamam_indigenas_e_quilombolas_habilitados(regime):
    certame = certame_(regime)
    optante(certame, numero="301")
    optante(certame, numero="302", listas=("Q",), cor="preta", quilombola=True)
    optante(certame, numero="303", situacao="inscrito")  # art. 6º, §1º: habilitated only
    optante(certame, numero="304", listas=("PP",), cor="preta")
    assert chamados(certame) == [("301", "I"), ("302", "Q")]


def test_convocacao_documental_so_em_sessao_da_comissao_documental(rh):
    certame = certame_(SMBV)
    insc = optante(certame)
    hetero, *_ = comissao_completa(certame)
    with pytest.raises(ValidationError, match="não passa por heteroidentificação"):
        convocar(sessao(hetero), insc, "I", timezone.now() + dt.timedelta(days=7), autor=rh)
    comissao, _m = comissao_documental(certame)
    conv = convocar(sessao_aberta(comissao), insc, "I", timezone.now() + dt.timedelta(days=7),
                    autor=rh)
    av = conv.avaliacoes.get()
    assert (av.comissao, av.lista, av.instancia) == (comissao, "I", "primeira")
    ato = Ato.objects.get(tipo="convocacao_verificacao_documental")
    assert ato.fundamento_legal.startswith("LC 22/2026, art. 4º")


def test_distribuicao_na_etapa_documental_e_email_sem_comparecimento(
        rh, django_capture_on_commit_callbacks):
    from django.core import mail

    certame = certame_(SMBV)
    a, b = optante(certame, numero="401"), optante(certame, numero="402")
    agora = timezone.now()
    e = etapa(certame, Etapa.Tipo.VERIFICACAO_DOCUMENTAL, 1, 20)
    comissao, _m = comissao_documental(certame)
    s = sessao(comissao, etapa=e, inicio=agora + dt.timedelta(days=10), gravacao_exigida=False)
    hetero, *_ = comissao_completa(certame)
    with pytest.raises(ValidationError, match="Só sessões da comissão de verificação "
                                              "documental"):
        distribuir_convocacoes(e, [sessao(hetero, etapa=e)], autor=rh)
    with django_capture_on_commit_callbacks(execute=True):
        criadas = distribuir_convocacoes(e, [s], autor=rh)
    assert [c.inscricao for c in criadas] == [a, b]
    assert len(mail.outbox) == 2
    assert mail.outbox[0].subject == f"Verificação documental — edital {certame.numero_edital}"
    assert "Não é preciso comparecer" in mail.outbox[0].body
    presidente = comissao.membros.get(presidente=True)
    with pytest.raises(ValidationError, match="não há comparecimento a registrar"):
        registrar_comparecimento(criadas[0], "ausente", presidente=presidente)


# --- the analysis -------------------------------------------------------------------------


@pytest.fixture
def caso(rh):
    """An SMBV indigenous optant with TADII and RANI sent, called to the documentary
    committee (3 members)."""
    certame = certame_(SMBV)
    janela_documental(certame)
    insc = optante(certame)
    tadii = enviar(insc, "I", "TADII")
    rani = enviar(insc, "I", "RANI")
    comissao, membros = comissao_documental(certame)
    conv = convocar(sessao_aberta(comissao), insc, "I", timezone.now() + dt.timedelta(days=7),
                    autor=rh)
    return {"certame": certame, "insc": insc, "tadii": tadii, "rani": rani,
            "comissao": comissao, "membros": membros, "av": conv.avaliacoes.get(), "rh": rh}


def test_nada_se_analisa_nem_vota_enquanto_o_candidato_pode_mudar_o_conjunto(caso):
    av, m = caso["av"], caso["membros"]
    with pytest.raises(ValidationError, match="Aguardando o envio dos documentos"):
        analisar_documento(av, caso["tadii"], m[0], aceito=True)
    with pytest.raises(ValidationError, match="Aguardando o envio dos documentos"):
        votar(av, m[0], "confirma", MOTIVO_DOC_SIM)
    submeter_documentos(caso["insc"], "I", autor=caso["insc"].candidato.usuario)
    analise = analisar_documento(av, caso["tadii"], m[0], aceito=True)
    assert analise.aceito and analise.membro == m[0]


def test_documento_nao_e_analisado_com_o_certame_suspenso(caso):
    submeter_documentos(caso["insc"], "I", autor=caso["insc"].candidato.usuario)
    suspenso = suspender(caso["certame"], caso["rh"])
    with pytest.raises(ValidationError) as recusa:
        analisar_documento(caso["av"], caso["tadii"], caso["membros"][0], aceito=True)
    assert recusa.value.messages == [suspenso]
    assert not AnaliseDocumento.objects.exists()


def test_sem_confirmar_o_envio_analisa_se_o_enviado_depois_do_prazo(caso):
    Etapa.objects.filter(certame=caso["certame"]).update(
        inicio=timezone.now() - dt.timedelta(days=5), fim=timezone.now() - dt.timedelta(days=1))
    analise = analisar_documento(caso["av"], caso["rani"], caso["membros"][1], aceito=True)
    assert analise.pk


def test_recusa_exige_motivo_e_substituicao_tambem(caso):
    av, m, rani = caso["av"], caso["membros"], caso["rani"]
    submeter_documentos(caso["insc"], "I", autor=caso["insc"].candidato.usuario)
    with pytest.raises(ValidationError) as exc:
        analisar_documento(av, rani, m[0], aceito=False, motivo="ilegível")
    assert "motivo" in exc.value.message_dict
    primeira = analisar_documento(av, rani, m[0], aceito=False, motivo=MOTIVO_DOC_NAO)
    with pytest.raises(ValidationError, match="para substituir a análise, informe o motivo"):
        analisar_documento(av, rani, m[1], aceito=True)
    segunda = analisar_documento(av, rani, m[1], aceito=True,
                                 motivo="Conferido o original: o RANI é autêntico.")
    assert segunda.substitui == primeira
    assert list(AnaliseDocumento.objects.filter(substituida_por__isnull=True)) == [segunda]
    atos = list(Ato.objects.filter(tipo__startswith="analise_documento").order_by("id")
                .values_list("tipo", "motivacao"))
    assert atos == [("analise_documento", MOTIVO_DOC_NAO),
                    ("analise_documento_substituida",
                     "Conferido o original: o RANI é autêntico.")]


def test_impedido_nao_analisa_e_outra_comissao_nao_alcanca(caso):
    av, m = caso["av"], caso["membros"]
    submeter_documentos(caso["insc"], "I", autor=caso["insc"].candidato.usuario)
    registrar_impedimento(m[2], caso["insc"], motivo="Vizinho próximo do candidato.",
                          autor=m[2].usuario)
    with pytest.raises(PermissionDenied, match="impedimento"):
        analisar_documento(av, caso["tadii"], m[2], aceito=True)
    _outra, outros = comissao_documental(caso["certame"])
    with pytest.raises(PermissionDenied):
        analisar_documento(av, caso["tadii"], outros[0], aceito=True)
    assert not AnaliseDocumento.objects.exists()


def test_voto_de_nao_confirmacao_motivado_nos_documentos(caso):
    submeter_documentos(caso["insc"], "I", autor=caso["insc"].candidato.usuario)
    with pytest.raises(ValidationError) as exc:
        votar(caso["av"], caso["membros"][0], "nao_confirma", "Não confirma.")
    assert exc.value.message_dict["motivacao"] == [
        "Uma decisão desfavorável ao(à) candidato(a) precisa de motivação específica (sobre "
        "os documentos examinados) (ao menos 30 caracteres), não uma fórmula genérica."]


def _analisar_e_votar(caso, *, rani_aceito, nao_confirmam):
    av, m = caso["av"], caso["membros"]
    analisar_documento(av, caso["tadii"], m[0], aceito=True)
    analisar_documento(av, caso["rani"], m[1], aceito=rani_aceito,
                       motivo="" if rani_aceito else MOTIVO_DOC_NAO)
    for i, mm in enumerate(m):
        if i < nao_confirmam:
            votar(av, mm, "nao_confirma", MOTIVO_DOC_NAO)
        else:
            votar(av, mm, "confirma", MOTIVO_DOC_SIM)


def test_encerrar_exige_cada_documento_analisado(caso):
    av, m = caso["av"], caso["membros"]
    submeter_documentos(caso["insc"], "I", autor=caso["insc"].candidato.usuario)
    analisar_documento(av, caso["tadii"], m[0], aceito=True)
    for mm in m:
        votar(av, mm, "confirma", MOTIVO_DOC_SIM)
    with pytest.raises(ValidationError, match="Analise cada documento antes de encerrar; sem "
                                              "análise: Registro Administrativo"):
        encerrar(av, m[0])
    assert not Avaliacao.objects.get(pk=av.pk).encerrada


def test_confirmacao_exige_documentos_aceitos_que_atendam_a_regra(caso):
    submeter_documentos(caso["insc"], "I", autor=caso["insc"].candidato.usuario)
    _analisar_e_votar(caso, rani_aceito=False, nao_confirmam=0)
    with pytest.raises(ValidationError) as exc:
        encerrar(caso["av"], caso["membros"][0])
    assert exc.value.messages[0].startswith(
        "A condição não pode ser confirmada: os documentos aceitos não atendem à regra "
        "(LC 22/2026, art. 4º). Falta: um destes: Registro Administrativo")


def test_parecer_lista_os_documentos_e_detalhes_guardam_o_resumo(caso):
    submeter_documentos(caso["insc"], "I", autor=caso["insc"].candidato.usuario)
    _analisar_e_votar(caso, rani_aceito=False, nao_confirmam=2)
    av = encerrar(caso["av"], caso["membros"][0])
    assert av.resultado == Avaliacao.Resultado.NAO_CONFIRMADA
    assert av.fundamento == "LC 22/2026, art. 4º"
    linhas = av.parecer.split("\n")
    assert linhas[0] == ("A comissão de verificação documental não confirmou a condição "
                         "declarada (2 voto(s) pela não confirmação, 1 pela confirmação; "
                         "não confirmação somente pela maioria absoluta dos membros (2 de "
                         "3); sem ela prevalece a autodeclaração (padrão do produto)).")
    assert f"- {MOTIVO_DOC_NAO}" in linhas
    assert "Documentos examinados (LC 22/2026, art. 4º):" in linhas
    assert ("- Termo de Autodeclaração de Identidade Indígena (TADII) (tadii.pdf): aceito."
            in linhas)
    assert (f"- Registro Administrativo de Nascimento Indígena (RANI) (rani.pdf): não aceito "
            f"— {MOTIVO_DOC_NAO}") in linhas
    assert av.detalhes["faltantes"] == [
        "um destes: Registro Administrativo de Nascimento Indígena (RANI); declaração de "
        "pertencimento étnico emitida por liderança, ancião ou personalidade indígena de "
        "reconhecida reputação pública; declaração expedida por órgão indigenista, "
        "associação indígena ou organização indígena de reconhecida atuação pública"]
    assert [(d["tipo"], d["aceito"]) for d in av.detalhes["documentos"]] == [
        ("TADII", True), ("RANI", False)]
    assert av.detalhes["submetido"] is True
    ato = Ato.objects.get(tipo="parecer", objeto_id=str(av.pk))
    assert ato.depois["resultado"] == "nao_confirmada"
    assert ato.depois["faltantes"] == av.detalhes["faltantes"]


def test_sem_documentos_no_prazo_so_cabe_nao_confirmar(rh):
    certame = certame_(SMBV)
    janela_documental(certame, -5, -1)
    insc = optante(certame)
    comissao, m = comissao_documental(certame)
    av = convocar(sessao_aberta(comissao), insc, "I", timezone.now() + dt.timedelta(days=7),
                  autor=rh).avaliacoes.get()
    for mm in m:
        votar(av, mm, "nao_confirma", "Nenhum documento foi enviado no prazo do edital.")
    av = encerrar(av, m[0])
    assert av.resultado == "nao_confirmada"
    assert "- Nenhum documento foi enviado no prazo." in av.parecer


# --- the workspace --------------------------------------------------------------------------


def test_pagina_da_avaliacao_mostra_documentos_e_registra_analise(client, caso):
    av, m = caso["av"], caso["membros"]
    submeter_documentos(caso["insc"], "I", autor=caso["insc"].candidato.usuario)
    client.force_login(m[1].usuario)
    url = reverse("comissao:avaliacao", args=[av.pk])
    html = client.get(url).content.decode()
    assert reverse("documentos:arquivo", args=[caso["tadii"].pk]) in html
    assert "Confirma a condição declarada (documentos suficientes)" in html
    assert "Compareceu" not in html
    acao = reverse("comissao:analisar_documento", args=[av.pk, caso["rani"].pk])
    resposta = client.post(acao, {f"doc-{caso['rani'].pk}-aceito": "nao",
                                  f"doc-{caso['rani'].pk}-motivo": "curto", "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "Informe por que o documento não é aceito" in resposta.content.decode()
    resposta = client.post(acao, {f"doc-{caso['rani'].pk}-aceito": "nao",
                                  f"doc-{caso['rani'].pk}-motivo": MOTIVO_DOC_NAO,
                                  "confirmacao": "on"})
    assert resposta.status_code == 302
    html = client.get(url).content.decode()
    assert MOTIVO_DOC_NAO in html and 'id="faltantes-aceitos"' in html
    # The viewer opens the file for this member.
    assert client.get(reverse("documentos:arquivo", args=[caso["rani"].pk])).status_code == 200
    # A member of another documentary committee gets 404 on the page and the file.
    _outra, outros = comissao_documental(caso["certame"])
    client.force_login(outros[0].usuario)
    assert client.get(url).status_code == 404
    assert client.post(acao, {f"doc-{caso['rani'].pk}-aceito": "sim",
                              "confirmacao": "on"}).status_code == 404
    assert client.get(reverse("documentos:arquivo", args=[caso["rani"].pk])).status_code == 404


# --- the whole flow -------------------------------------------------------------------------


def _posicoes(cargo):
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    return instantaneo_apoio.por_lista(versao)


def _decidir(av, membros, *, aceitar: bool):
    """Analyse every document and vote accordingly; the president closes."""
    from comissoes.dominio.documental import documentos_atuais

    for doc in documentos_atuais(av.inscricao, av.lista):
        ok = aceitar or doc.tipo == "TADII"
        analisar_documento(av, doc, membros[0], aceito=ok, motivo="" if ok else MOTIVO_DOC_NAO)
    for mm in membros:
        votar(av, mm, "confirma" if aceitar else "nao_confirma",
              MOTIVO_DOC_SIM if aceitar else MOTIVO_DOC_NAO)
    return encerrar(av, next(mm for mm in membros if mm.presidente))


def test_fluxo_smbv_indigena_ate_o_definitivo_e_o_recalculo(
        django_capture_on_commit_callbacks):
    certame = certame_(SMBV)
    cargo = CargoFactory(certame=certame, vagas=20)
    rh = usuario("rh_doc", "RH", staff=True)
    janela_documental(certame)
    etapa(certame, Etapa.Tipo.RECURSO_VERIFICACAO_DOCUMENTAL)
    comissao, membros = comissao_documental(certame)
    s = sessao_aberta(comissao, gravacao_exigida=False)
    ins = {}
    for nome, nota in (("sem_recurso", "95"), ("provido", "90"), ("nao_provido", "88"),
                       ("confirmada", "85")):
        ins[nome] = optante(cargo=cargo, nota=nota)
        enviar(ins[nome], "I", "TADII")
        enviar(ins[nome], "I", "RANI")
        submeter_documentos(ins[nome], "I", autor=ins[nome].candidato.usuario)
    for i in range(6):
        InscricaoFactory(cargo=cargo, nota=str(70 - i))
    avs = {}
    for nome, insc in ins.items():
        conv = convocar(s, insc, "I", s.inicio, autor=rh)
        avs[nome] = _decidir(conv.avaliacoes.get(), membros, aceitar=nome == "confirmada")

    # No appeal committee yet: warned before publishing, and the appeal is refused.
    from comissoes.dominio.resultados import avisos_preliminar

    assert any("segunda comissão de verificação documental" in a
               for a in avisos_preliminar(certame, tipo=DOC))
    publicar_resultado_preliminar(certame, autor=rh, tipo=DOC)
    assert PublicacaoResultado.objects.get().procedimento == DOC
    with pytest.raises(ValidationError, match="Ainda não há comissão recursal"):
        apresentar_recurso(avs["provido"], autor=ins["provido"].candidato.usuario,
                           texto=RAZOES)
    recursal, membros_recursal = comissao_documental(certame)
    # Someone of the first committee also on the appeal committee: never judges the same
    # candidate's appeal.
    repetido = membro(recursal)
    repetido.usuario = membros[1].usuario
    repetido.save()
    for nome in ("provido", "nao_provido"):
        apresentar_recurso(avs[nome], autor=ins[nome].candidato.usuario, texto=RAZOES)
    julgamento = avaliacao_do_recurso(avs["provido"])
    assert (julgamento.comissao, julgamento.instancia) == (recursal, "recurso")
    assert Ato.objects.filter(tipo="recurso_verificacao_documental").count() == 2
    with pytest.raises(PermissionDenied, match="primeira instância"):
        analisar_documento(julgamento, ins["provido"].documentos.first(), repetido,
                           aceito=True)
    _decidir(julgamento, membros_recursal, aceitar=True)
    _decidir(avaliacao_do_recurso(avs["nao_provido"]), membros_recursal, aceitar=False)

    # What the candidate sees before the final result.
    r = resultados_do_candidato(ins["provido"], tipo=DOC)
    assert [i.situacao_recurso for i in r.itens] == ["julgado"]
    assert r.titulo == "Verificação documental"

    recalcular(cargo.pk)
    antes = _posicoes(cargo)
    assert {n: antes["I"].get(i.numero) for n, i in ins.items()} == {
        "sem_recurso": True, "provido": True, "nao_provido": True, "confirmada": True}

    with django_capture_on_commit_callbacks(execute=True):
        publicar_resultado_final(certame, autor=rh, agora=timezone.now() + DEPOIS, tipo=DOC)
    estados = dict(SituacaoLista.objects.filter(inscricao__cargo=cargo)
                   .values_list("inscricao__numero", "estado"))
    assert estados == {ins["sem_recurso"].numero: EstadoLista.NAO_CONFIRMADA,
                       ins["provido"].numero: EstadoLista.CONFIRMADA,
                       ins["nao_provido"].numero: EstadoLista.NAO_CONFIRMADA,
                       ins["confirmada"].numero: EstadoLista.CONFIRMADA}
    depois = _posicoes(cargo)
    # LC 22/2026, art. 4º: a final non-confirmation of the indigenous condition takes the
    # candidate out of the I list only — they stay in AC (unlike PP, art. 3º, §3º).
    for nome in ("sem_recurso", "nao_provido"):
        numero = ins[nome].numero
        assert numero in depois["AC"] and numero not in depois["I"], nome
    for nome in ("provido", "confirmada"):
        assert ins[nome].numero in depois["I"] and ins[nome].numero in depois["AC"]
    assert not any(sj for lst in depois.values() for sj in lst.values())
    situacao = SituacaoLista.objects.get(inscricao=ins["sem_recurso"])
    assert situacao.fundamento.startswith("LC 22/2026, art. 4º (verificação documental; sem "
                                          "previsão de eliminação)")
    assert "Parecer da comissão de verificação documental, sem recurso julgado" in (
        situacao.motivacao)
    assert SituacaoLista.objects.get(inscricao=ins["nao_provido"]).motivacao.startswith(
        "Decisão da comissão recursal")
    ato = Ato.objects.get(tipo="resultado_definitivo_verificacao_documental")
    assert len(ato.depois["situacoes"]) == 4
    r = resultados_do_candidato(ins["provido"], tipo=DOC)
    [item] = r.itens
    assert (item.situacao_recurso, item.resultado_definitivo) == ("provido", "Confirmada")
    assert item.situacao_recurso_texto == ("Recurso provido: a comissão recursal confirmou a "
                                           "condição declarada.")


def test_fluxo_pirangi_quilombola_fica_na_ampla(django_capture_on_commit_callbacks):
    certame = certame_(PIR)
    cargo = CargoFactory(certame=certame, vagas=10)
    rh = usuario("rh_pir", "RH", staff=True)
    janela_documental(certame)
    etapa(certame, Etapa.Tipo.RECURSO_VERIFICACAO_DOCUMENTAL)
    comissao, membros = comissao_documental(certame)
    insc = optante(cargo=cargo, listas=("Q",), cor="parda", quilombola=True, nota="90")
    enviar(insc, "Q", "DECL_COMUNIDADE")
    enviar(insc, "Q", "CERTIDAO_PALMARES")
    submeter_documentos(insc, "Q", autor=insc.candidato.usuario)
    av = convocar(sessao_aberta(comissao), insc, "Q", timezone.now() + dt.timedelta(days=8),
                  autor=rh).avaliacoes.get()
    av = _decidir(av, membros, aceitar=False)
    assert av.fundamento.startswith("Lei 3.056/2025, art. 4º, II")
    publicar_resultado_preliminar(certame, autor=rh, tipo=DOC)
    with django_capture_on_commit_callbacks(execute=True):
        publicar_resultado_final(certame, autor=rh, agora=timezone.now() + DEPOIS, tipo=DOC)
    listas = _posicoes(cargo)
    assert insc.numero in listas["AC"] and insc.numero not in listas.get("Q", {})
    assert "Lei 3.056/2025, art. 6º, §2º" in SituacaoLista.objects.get(inscricao=insc).fundamento


def test_publicacoes_de_cada_procedimento_sao_independentes(rh):
    certame = certame_(SMBV)
    janela_documental(certame, -3, -1)
    etapa_procedimento(certame)  # heteroidentification's stage: nothing to publish in it
    comissao, membros = comissao_documental(certame)
    insc = optante(certame)
    av = convocar(sessao_aberta(comissao), insc, "I", timezone.now() + dt.timedelta(days=8),
                  autor=rh).avaliacoes.get()
    # Heteroidentification has nothing to publish; the documentary result does.
    with pytest.raises(ValidationError, match="Não há avaliações neste procedimento "
                                              r"\(heteroidentificação\)"):
        publicar_resultado_preliminar(certame, autor=rh)
    with pytest.raises(ValidationError, match="Há avaliações ainda não encerradas"):
        publicar_resultado_preliminar(certame, autor=rh, tipo=DOC)
    for mm in membros:
        votar(av, mm, "nao_confirma", "Nenhum documento foi enviado no prazo do edital.")
    encerrar(av, membros[0])
    pub = publicar_resultado_preliminar(certame, autor=rh, tipo=DOC)
    assert pub.procedimento == DOC
    assert Ato.objects.filter(tipo="resultado_preliminar_verificacao_documental").exists()


def test_paginas_do_rh_e_do_candidato_por_procedimento(client, rh):
    certame = certame_(SMBV)
    janela_documental(certame, -3, -1)
    etapa(certame, Etapa.Tipo.RECURSO_VERIFICACAO_DOCUMENTAL)
    comissao, membros = comissao_documental(certame)
    comissao_documental(certame)  # the appeal committee
    insc = optante(certame)
    av = convocar(sessao_aberta(comissao), insc, "I", timezone.now() + dt.timedelta(days=8),
                  autor=rh).avaliacoes.get()
    for mm in membros:
        votar(av, mm, "nao_confirma", "Nenhum documento foi enviado no prazo do edital.")
    encerrar(av, membros[0])
    client.force_login(rh)
    url = reverse("painel:resultados_certame", args=[certame.pk, DOC])
    html = client.get(url).content.decode()
    assert "Resultados — Verificação documental" in html and insc.numero in html
    resposta = client.post(reverse("painel:publicar_preliminar", args=[certame.pk, DOC]),
                           {"confirmacao": "on"})
    assert resposta.status_code == 302 and resposta["Location"] == url
    assert PublicacaoResultado.objects.get().procedimento == DOC
    assert client.get(reverse("painel:resultados_certame",
                              args=[certame.pk, "inexistente"])).status_code == 404
    client.force_login(insc.candidato.usuario)
    html = client.get(reverse("recursos:inscricao", args=[insc.pk])).content.decode()
    assert "Verificação documental" in html and "Nenhum documento foi enviado" in html
    assert "Apresentar recurso" in html
    resposta = client.post(reverse("recursos:apresentar", args=[av.pk]),
                           {"texto": RAZOES, "confirmacao": "on"})
    assert resposta.status_code == 302
    assert avaliacao_do_recurso(av).comissao.tipo == DOC


def test_paginas_de_comissoes_do_rh_cobrem_a_verificacao_documental(client, rh):
    certame = certame_(SMBV)
    e = etapa(certame, Etapa.Tipo.VERIFICACAO_DOCUMENTAL, 1, 20)
    a = optante(certame, numero="501")
    client.force_login(rh)
    html = client.get(reverse("painel:comissoes_certame", args=[certame.pk])).content.decode()
    assert "Verificação documental" in html and "LC 22/2026, art. 4º" in html
    assert reverse("painel:convocacao", args=[e.pk]) in html
    resposta = client.post(reverse("painel:comissoes_certame", args=[certame.pk]), {
        "tipo": DOC, "nome": "Comissão de verificação documental", "tamanho": "3",
        "confirmacao": "on"})
    comissao = Comissao.objects.get(tipo=DOC)
    assert resposta.status_code == 302 and comissao.tamanho == 3
    html = client.get(reverse("painel:convocacao", args=[e.pk])).content.decode()
    assert "Convocação — Verificação documental" in html and a.numero in html
    assert "o(a) candidato(a) não comparece" in html
