"""The world of the permission matrix (`tests/test_matriz_permissoes.py`): one certame under
Lei 3.057/2026 (Severínia: fee exemption, heteroidentification, documentary verification and
PcD evaluation) in which every id-bearing URL of the project points at a real object that
belongs to candidate A or to a committee "X" evaluating A.

Built once per test module through the domain functions (the same acts the product writes),
so the pages render what they render in production. No tests here.
"""

from __future__ import annotations

import datetime as dt
import random
from types import SimpleNamespace

from django.utils import timezone

from candidatos import condicoes, isencao, procedimentos
from candidatos.comprovante import gerar_comprovante
from candidatos.contas import cadastro as contas
from candidatos.models import (
    Importacao,
    Inscricao,
    PedidoCadastro,
    ProcedimentoAdministrativo,
)
from certames.models import (
    Certame,
    Chamada,
    DocumentoPosse,
    EnvioDocumentoPosse,
    Etapa,
    EventoChamada,
    Feriado,
    Publicacao,
)
from classificacao.listas import recalcular
from comissoes.ata import gerar_ata
from comissoes.dominio.composicao import registrar_impedimento
from comissoes.dominio.documental import submeter_documentos
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.dominio.resultados import publicar_resultado_preliminar
from comissoes.dominio.sessoes import encerrar_sessao
from comissoes.models import Comissao
from comum.models import Aviso
from provas.aplicacao import alocacao as alocacao_prova
from provas.aplicacao import locais as locais_prova
from provas.models import DesempenhoPublicado, Fase, PublicacaoFase
from tests.comissoes.fabricas import (
    PDF,
    ComissaoFactory,
    abrir_sessao,
    arquivo,
    convocado,
    julgar,
    membro,
    sessao,
)
from tests.comissoes.fabricas_documentos import enviar
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    OrgaoFactory,
    gerar_cpf,
    usuario,
)

DIA = dt.timedelta(days=1)
SEV = "severinia-lei3057-2026"

#: Candidate A's identity: what must never reach another candidate or another committee.
NOME_A = "Aurora Quintela Matriz"
CPF_A = gerar_cpf(random.Random(9090))
NOME_B = "Bento Ribeiro Tavares"
CPF_B = gerar_cpf(random.Random(8080))

RAZOES = "A comissão desconsiderou meus traços fenotípicos; junto fotografia e laudo."
FATOS = "Denúncia anônima com indícios de que a autodeclaração não corresponde à verdade."
IMPEDIDO = "Prima da candidata (parentesco até o terceiro grau)."
MOTIVACAO_FRAUDE = ("Os registros funcionais juntados mostram autodeclaração diversa; a defesa "
                    "não os contestou.")
RAZOES_PROCEDIMENTO = "Os registros citados são de uma homônima; junto a certidão de nascimento."


def _comissao(certame, tipo, nome, *, votantes: int, inscricoes, rh, **extra_membro):
    """A committee with `votantes` members (the first presides), all with the term signed,
    plus one member who has not signed it and one with an impedimento about each of
    `inscricoes`. Returns (comissao, votantes, sem_termo, impedido)."""
    comissao = ComissaoFactory(certame=certame, tipo=tipo, nome=nome, tamanho=votantes)
    areas = ["medicina", "psicologia", "serviço social", "terapia ocupacional"]
    membros = []
    for i in range(votantes):
        if tipo == Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL:
            extra_membro = {"area_profissional": areas[i % len(areas)], "medico": i == 0}
        membros.append(membro(comissao, presidente=(i == 0), **extra_membro))
    if tipo == Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL:
        extra_membro = {"area_profissional": "fisioterapia"}
    sem_termo = membro(comissao, assinado=False, **extra_membro)
    impedido = membro(comissao, **extra_membro)
    for insc in inscricoes:
        registrar_impedimento(impedido, insc, motivo=IMPEDIDO, autor=rh)
    return comissao, membros, sem_termo, impedido


def construir() -> SimpleNamespace:  # noqa: PLR0915 - one linear story
    agora = timezone.now()
    w = SimpleNamespace()
    w.rh = usuario("matriz_rh", "RH", staff=True)
    # A superuser: the only one who resets another account's second factor (EXTRAS of
    # tests/test_confirmacao.py; the matrix's "rh" is RH staff, not a superuser).
    w.superusuario = usuario("matriz_superusuario", "RH", staff=True)
    w.superusuario.is_superuser = True
    w.superusuario.save(update_fields=["is_superuser"])
    w.user_a = usuario("matriz_cand_a", "Candidato")
    w.user_b = usuario("matriz_cand_b", "Candidato")
    w.cand_a = CandidatoFactory(usuario=w.user_a, nome=NOME_A, cpf=CPF_A,
                                email="aurora@example.com")
    w.cand_b = CandidatoFactory(usuario=w.user_b, nome=NOME_B, cpf=CPF_B,
                                email="bento@example.com")

    # --- the certame, its cargos and schedule ------------------------------------------------
    w.certame = CertameFactory(orgao=OrgaoFactory(nome="Prefeitura Municipal de Severínia",
                                                  municipio="Severínia"),
                               regime=SEV, numero_edital="777/2026",
                               data_publicacao_edital=dt.date(2026, 10, 1),
                               status=Certame.Status.EM_ANDAMENTO)
    w.cargo = CargoFactory(certame=w.certame, codigo="MTZ1", nome="Agente Administrativo")
    w.cargo2 = CargoFactory(certame=w.certame, codigo="MTZ2", nome="Agente de Saúde")
    # The edital editor's pages (editais.servicos) of a published certame's cargo and stage.
    w.etapa = w.certame.etapas.order_by("pk").first()
    # The órgão's calendar (certames.calendario), with a day RH may still remove.
    w.orgao = w.certame.orgao
    w.feriado = Feriado.objects.create(orgao=w.orgao, data=dt.date(2099, 1, 20),
                                       nome="Dia de São Sebastião", fundamento="Lei 1/1990")
    T = Etapa.Tipo
    janelas = {
        T.INSCRICOES: (-30, -20), T.PEDIDO_ISENCAO: (-20, -15),
        T.RESULTADO_PRELIMINAR_ISENCAO: (-14, -12), T.RECURSO_ISENCAO: (-1, 1),
        T.RESULTADO_DEFINITIVO_ISENCAO: (2, 3), T.PAGAMENTO_TAXA: (-20, 20),
        T.HETEROIDENTIFICACAO: (-2, 2), T.RECURSO_HETEROIDENTIFICACAO: (-1, 1),
        T.VERIFICACAO_DOCUMENTAL: (-1, 1), T.AVALIACAO_PCD: (-1, 1),
        T.ANALISE_ATENDIMENTO: (-30, 5), T.APLICACAO_PROVA: (21, 21.2),
    }
    w.etapas = {tipo: EtapaFactory(certame=w.certame, tipo=tipo, inicio=agora + de * DIA,
                                   fim=agora + ate * DIA)
                for tipo, (de, ate) in janelas.items()}
    w.etapa_het = w.etapas[T.HETEROIDENTIFICACAO]

    # --- inscrições: A (heteroidentification + PcD; documentary on a second cargo) and B ----
    w.insc_a = InscricaoFactory(cargo=w.cargo, candidato=w.cand_a, numero="910001",
                                cor_raca="parda", listas=["PPI", "PCD"], deficiencia=True,
                                tipo_deficiencia="fisica", nota="80")
    w.insc_a_doc = InscricaoFactory(cargo=w.cargo2, candidato=w.cand_a, numero="910002",
                                    cor_raca="indigena", listas=["PPI"], nota="75")
    w.insc_b = InscricaoFactory(cargo=w.cargo, candidato=w.cand_b, numero="910003",
                                cor_raca="parda", listas=["PPI"], nota="70")

    # --- fee exemption: A's request rejected, appealed, false-information procedure --------
    quando = agora - 17 * DIA
    w.pedido_a = isencao.solicitar_isencao(
        w.insc_a, tipo="doador_sangue", comprovante=arquivo("doacao.pdf", PDF), autor=w.user_a,
        agora=quando)
    w.pedido_b = isencao.solicitar_isencao(
        w.insc_b, tipo="doador_sangue", comprovante=arquivo("doacao.pdf", PDF), autor=w.user_b,
        agora=quando)
    isencao.decidir_preliminar(w.pedido_a, autor=w.rh, resultado="indeferido",
                               motivacao="Comprovante de doação sem data nem carimbo.")
    isencao.decidir_preliminar(w.pedido_b, autor=w.rh, resultado="deferido",
                               motivacao="Comprovante regular.")
    isencao.publicar_resultado(w.certame, "preliminar", autor=w.rh)
    w.recurso_isencao = isencao.apresentar_recurso(
        w.pedido_a, texto="Junto o comprovante com data e carimbo do hemocentro.",
        arquivos=[arquivo("recurso.pdf", PDF)], autor=w.user_a)
    w.anexo_isencao = w.recurso_isencao.anexos.get()  # the kernel's AnexoRecurso
    w.proc_falsidade = isencao.abrir_procedimento_falsidade(
        w.pedido_a, fatos="O hemocentro informa não haver doação registrada na data.",
        prazo_defesa=agora + 5 * DIA, autor=w.rh)
    w.proc_fraude = procedimentos.abrir_procedimento(
        w.insc_a, tipo=ProcedimentoAdministrativo.Tipo.FRAUDE_AUTODECLARACAO, lista="PPI",
        fatos=FATOS, prazo_defesa=agora + 5 * DIA, autor=w.rh)

    # --- a fraud procedure decided against A (on a third cargo), with A's appeal -----------
    w.cargo3 = CargoFactory(certame=w.certame, codigo="MTZ3", nome="Agente de Fiscalização")
    w.insc_a_proc = InscricaoFactory(cargo=w.cargo3, candidato=w.cand_a, numero="910005",
                                     cor_raca="parda", listas=["PPI"], nota="72")
    w.proc_decidido = procedimentos.abrir_procedimento(
        w.insc_a_proc, tipo=ProcedimentoAdministrativo.Tipo.FRAUDE_AUTODECLARACAO,
        lista="PPI", fatos=FATOS, prazo_defesa=agora - 2 * DIA, autor=w.rh,
        agora=agora - 4 * DIA)
    w.proc_decidido = procedimentos.decidir_procedimento(
        w.proc_decidido, conclusao="procedente", motivacao=MOTIVACAO_FRAUDE, autor=w.rh,
        agora=agora - DIA)
    w.recurso_proc = procedimentos.apresentar_recurso(
        w.proc_decidido, autor=w.user_a, texto=RAZOES_PROCEDIMENTO,
        arquivos=[arquivo("certidao.pdf", PDF, "application/pdf")])
    w.anexo_proc = w.recurso_proc.anexos.get()

    # --- special conditions at the exam: A's request (in the inscrição window), decided ---
    w.atendimento_a = condicoes.solicitar(
        w.insc_a, autor=w.user_a, condicoes={"braille": "", "tempo_adicional": ""},
        justificativa="Baixa visão severa, conforme o laudo.", laudo=arquivo("laudo.pdf", PDF),
        agora=agora - 25 * DIA)
    R = condicoes.ResultadoCondicao
    condicoes.decidir(w.atendimento_a, autor=w.rh, agora=agora - DIA,
                      motivacao="Laudo analisado pelo RH.",
                      resultados={"braille": R("indeferido", MOTIVACAO_FRAUDE),
                                  "tempo_adicional": R("deferido", minutos=60)})

    # --- heteroidentification: committee X judges A; committee Y judges B -------------------
    HET = Comissao.Tipo.HETEROIDENTIFICACAO
    w.het, w.het_votantes, w.het_sem_termo, w.het_impedido = _comissao(
        w.certame, HET, "Comissão de heteroidentificação X", votantes=5,
        inscricoes=[w.insc_a], rh=w.rh)
    w.sessao_het = sessao(w.het, inicio=agora - dt.timedelta(hours=2), etapa=w.etapa_het)
    w.conv_a, w.av_het = convocado(w.sessao_het, inscricao=w.insc_a, lista="PPI", autor=w.rh)
    abrir_sessao(w.sessao_het)
    w.av_het = julgar(w.av_het, w.het_votantes, 5)
    encerrar_sessao(w.sessao_het, presidente=w.het_votantes[0])
    gerar_ata(w.sessao_het.pk)

    w.outra, outros, _, _ = _comissao(w.certame, HET, "Comissão de heteroidentificação Y",
                                      votantes=5, inscricoes=[], rh=w.rh)
    w.outra_membro = outros[1]
    w.sessao_y = sessao(w.outra, inicio=agora - dt.timedelta(hours=2), etapa=w.etapa_het)
    _, w.av_b = convocado(w.sessao_y, inscricao=w.insc_b, lista="PPI", autor=w.rh)
    abrir_sessao(w.sessao_y)
    julgar(w.av_b, outros, 0)
    w.pub_het = publicar_resultado_preliminar(w.certame, autor=w.rh)

    # --- the appeal (recursal committee) ----------------------------------------------------
    w.rec, w.rec_votantes, w.rec_sem_termo, w.rec_impedido = _comissao(
        w.certame, Comissao.Tipo.RECURSAL, "Comissão recursal", votantes=5,
        inscricoes=[w.insc_a], rh=w.rh)
    w.recurso = apresentar_recurso(w.av_het, autor=w.user_a, texto=RAZOES,
                                   arquivos=[arquivo("laudo.pdf", PDF, "application/pdf")])
    w.anexo = w.recurso.anexos.get()
    w.av_rec = w.rec.avaliacoes.get()

    # --- documentary verification of A's indigenous self-declaration -----------------------
    w.doc, w.doc_votantes, w.doc_sem_termo, w.doc_impedido = _comissao(
        w.certame, Comissao.Tipo.VERIFICACAO_DOCUMENTAL, "Comissão de verificação documental",
        votantes=3, inscricoes=[w.insc_a_doc], rh=w.rh)
    w.documento = enviar(w.insc_a_doc, "PPI", "TADII")
    enviar(w.insc_a_doc, "PPI", "RANI")
    submeter_documentos(w.insc_a_doc, "PPI", autor=w.user_a)
    w.sessao_doc = sessao(w.doc, inicio=agora - dt.timedelta(hours=1),
                          etapa=w.etapas[T.VERIFICACAO_DOCUMENTAL])
    _, w.av_doc = convocado(w.sessao_doc, inscricao=w.insc_a_doc, lista="PPI", autor=w.rh)

    # --- PcD evaluation by the multiprofessional team ---------------------------------------
    w.pcd, w.pcd_votantes, w.pcd_sem_termo, w.pcd_impedido = _comissao(
        w.certame, Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL, "Equipe multiprofissional",
        votantes=3, inscricoes=[w.insc_a], rh=w.rh)
    w.laudo = enviar(w.insc_a, "PCD", "LAUDO")
    submeter_documentos(w.insc_a, "PCD", autor=w.user_a)
    w.sessao_pcd = sessao(w.pcd, inicio=agora - dt.timedelta(hours=1),
                          etapa=w.etapas[T.AVALIACAO_PCD])
    w.conv_pcd, w.av_pcd = convocado(w.sessao_pcd, inscricao=w.insc_a, lista="PCD",
                                     autor=w.rh)

    # --- RH's back office: an import, a classification version -----------------------------
    w.importacao = Importacao.objects.create(
        certame=w.certame, nome_arquivo="notas.csv", arquivo="importacoes/notas.csv",
        criado_por=w.rh, status=Importacao.Status.CONCLUIDA)
    w.versao = recalcular(w.cargo.pk, causa="matriz de permissões")
    # A published list (its PDF, CSV and JSON at a stable URL), of the second
    # cargo, so that the first cargo's public page keeps showing no list.
    w.publicacao = Publicacao.objects.create(
        versao=recalcular(w.cargo2.pk, causa="matriz de permissões"),
        tipo=Publicacao.Tipo.PRELIMINAR, publicada_por=w.rh)
    # A cargo in phases (RH's phase pages), with one phase.
    w.cargo_fases = CargoFactory(certame=w.certame, codigo="MTZ4", nome="Agente de Trânsito",
                                 vagas=2)
    w.fase = Fase.objects.create(cargo=w.cargo_fases, ordem=1, codigo="P1",
                                 nome="Prova objetiva")
    w.publicacao_fase = PublicacaoFase.objects.create(
        fase=w.fase, versao=recalcular(w.cargo_fases.pk, causa="matriz de permissões"),
        tipo=PublicacaoFase.Tipo.PRELIMINAR, publicada_por=w.rh)
    # A's row in it (the phase's appeal, `provas.recursos`, lies against it: window open).
    w.insc_a_fases = InscricaoFactory(cargo=w.cargo_fases, candidato=w.cand_a, numero="910006",
                                      listas=[])
    w.desempenho_a = DesempenhoPublicado.objects.create(
        publicacao=w.publicacao_fase, inscricao=w.insc_a_fases, nota=70, parcial=70,
        resultado="aprovado", rota="AC")
    # A's open call: the RH act pages, the portal's answer pages and the public
    # career order. Written as the row it is (the world's certame is not homologated).
    w.chamada = Chamada.objects.create(cargo=w.cargo, posicao=1, inscricao=w.insc_a, vaga="AC",
                                       lista="AC", versao=w.versao, autor=w.rh,
                                       prazo=timezone.localdate() + 15 * DIA)
    # The exam's application: a venue, a room and the published allocation (A's confirmed
    # inscrição in the cargo in phases is the one seated: the others' fee is pending).
    # The stage applies the cargo's phase (the other cargos' fees may still be paid).
    Inscricao.objects.filter(pk=w.insc_a_fases.pk).update(situacao_taxa="paga")
    w.etapa_prova = w.etapas[T.APLICACAO_PROVA]
    w.etapa_prova.fase = w.fase
    w.etapa_prova.save(update_fields=["fase"])
    w.local_prova = locais_prova.cadastrar_local(w.certame, nome="Escola Matriz",
                                                 endereco="Rua Um, 1", cidade="Severínia",
                                                 autor=w.rh)
    w.sala_prova = locais_prova.cadastrar_sala(w.local_prova, nome="Sala 1", capacidade=5,
                                               acessivel=True, autor=w.rh)
    w.alocacao_prova = alocacao_prova.publicar_alocacao(w.etapa_prova, autor=w.rh)
    # A's accepted call on the cargo in phases, with a document sent for the posse (the
    # candidate's call page, RH's call page and its check, the private file).
    w.documento_posse = DocumentoPosse.objects.create(certame=w.certame, nome="RG")
    w.chamada_aceita = Chamada.objects.create(
        cargo=w.cargo_fases, posicao=1, inscricao=w.insc_a_fases, vaga="AC", lista="AC",
        versao=w.versao, autor=w.rh, prazo=timezone.localdate() + 15 * DIA)
    EventoChamada.objects.create(chamada=w.chamada_aceita, tipo="aceite",
                                 data=timezone.localdate(), pelo_candidato=True)
    w.envio_posse = EnvioDocumentoPosse(chamada=w.chamada_aceita, documento=w.documento_posse,
                                        nome_original="rg.pdf", sha256="0" * 64)
    w.envio_posse.arquivo.save("rg.pdf", arquivo("rg.pdf", PDF), save=False)
    w.envio_posse.save()
    # The PDFs are rendered once here (the pages would otherwise render them per request).
    gerar_comprovante(w.insc_a.pk)

    # --- a sign-up awaiting e-mail confirmation (its link) ---------------------------------
    cpf_pendente = gerar_cpf(random.Random(7070))
    contas.solicitar_cadastro(contas.DadosCadastro(
        cpf=cpf_pendente, nome="Cadastro Pendente", data_nascimento=dt.date(1990, 1, 1),
        email="pendente@example.com", telefone="(17) 99999-0000", senha="senha-pendente-123"),
        base_url="http://testserver")
    w.link_uid, w.link_token = contas.link_confirmacao(
        PedidoCadastro.objects.get(cpf=cpf_pendente))

    # --- a claim of an imported record (no account), waiting for RH's analysis -----------
    importada = CandidatoFactory(nome="Clara Importada Lima", cpf=gerar_cpf(random.Random(6060)),
                                 email="", data_nascimento=dt.date(1985, 5, 5))
    InscricaoFactory(cargo=w.cargo2, candidato=importada, numero="910004", listas=[])
    contas.solicitar_cadastro(contas.DadosCadastro(
        cpf=importada.cpf, nome=importada.nome, data_nascimento=dt.date(1985, 5, 5),
        email="clara@example.com", telefone="(17) 98888-0000", senha="senha-clara-123",
        numero_inscricao="910004", pede_analise=True,
        explicacao="Mudei de e-mail e não tenho acesso ao antigo."),
        base_url="http://testserver")
    w.reivindicacao = PedidoCadastro.objects.get(cpf=importada.cpf,
                                                 via=PedidoCadastro.Via.ANALISE_RH)

    # --- a failed notice of A's convocation in the outbox (RH resends it) -----------------
    w.aviso_a = Aviso.objects.create(
        nome="convocacao_comissao", para=w.cand_a.email, inscricao=w.insc_a,
        certame_id=w.certame.pk, assunto="Convocação", corpo="Texto da convocação.",
        estado=Aviso.Estado.FALHOU, tentativas=1, ultimo_erro="SMTPRecipientsRefused: 550")

    # --- who is who in each committee (the matrix resolves roles through this) ------------
    w.comissoes = {
        "het": SimpleNamespace(com_termo=w.het_votantes[1], sem_termo=w.het_sem_termo,
                               impedido=w.het_impedido),
        "rec": SimpleNamespace(com_termo=w.rec_votantes[1], sem_termo=w.rec_sem_termo,
                               impedido=w.rec_impedido),
        "doc": SimpleNamespace(com_termo=w.doc_votantes[1], sem_termo=w.doc_sem_termo,
                               impedido=w.doc_impedido),
        "pcd": SimpleNamespace(com_termo=w.pcd_votantes[1], sem_termo=w.pcd_sem_termo,
                               impedido=w.pcd_impedido),
    }
    return w
