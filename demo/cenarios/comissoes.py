"""The demo's committees and what happened in them: SMBV's heteroidentification, documentary
and PcD committees with sessions today and optants called; Pirangi's heteroidentification
committee, whose session, votes and preliminary result are past, and its recursal committee
with one appeal filed.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile

from candidatos.models import Inscricao
from certames.models import Certame, Etapa
from comissoes.dominio.composicao import adicionar_membro, assinar_termo, criar_comissao
from comissoes.dominio.convocacao import convocar
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.dominio.resultados import publicar_resultado_preliminar
from comissoes.dominio.sessoes import (
    agendar_sessao,
    encerrar,
    registrar_comparecimento,
    registrar_presenca,
    votar,
)
from comissoes.models import Comissao, MembroComissao, Sessao, Voto
from comum.papeis import GRUPO_CANDIDATO
from demo.cenarios.contas import MEMBROS
from demo.cenarios.definicao import momento
from demo.cenarios.inscricoes import SEMENTE, Gerador
from demo.pdf import pdf_simples

MOTIVO_CONFIRMA = "Fenótipo compatível com pessoa parda: cor da pele, cabelo e traços faciais."
MOTIVO_NAO_CONFIRMA = ("Traços fenotípicos observados (pele clara, cabelo liso, traços "
                       "faciais) não caracterizam pessoa negra.")


def avaliadas_pirangi(certame: Certame) -> list[tuple[Inscricao, int]]:
    """The PP optants Pirangi's committee judged in its session (with how many of the
    five members did not confirm): the persona (not confirmed: she may appeal today), one
    not confirmed who has appealed, and two confirmed."""
    persona = Inscricao.objects.get(certame=certame,
                                    candidato__cpf=Gerador(SEMENTE).persona().cpf)
    outros = [i for i in Inscricao.objects.filter(
        certame=certame, nota__isnull=False, situacao=Inscricao.Situacao.HABILITADO)
        .exclude(pk=persona.pk).select_related("candidato").order_by("numero")
        if "PP" in i.listas and i.candidato.usuario_id is None][:3]
    return [(persona, 3), *zip(outros, (5, 0, 1), strict=True)]


def _membros_hetero(comissao: Comissao, usuarios: dict, rh) -> list:
    """`comissao` presides; comissao2-5 titulares; the suplentes where `MEMBROS` says."""
    membros = [adicionar_membro(comissao, usuarios["comissao"], genero="masculino",
                                cor_raca="parda", regiao="nordeste", presidente=True,
                                autor=rh)[0]]
    for username, _n, _s, genero, cor, regiao, papel in MEMBROS:
        if username.startswith("comissao"):
            membros.append(adicionar_membro(
                comissao, usuarios[username], genero=genero, cor_raca=cor, regiao=regiao,
                papel=papel, autor=rh)[0])
    return membros


def comissao_smbv(certame: Certame, usuarios: dict, hoje: dt.date) -> None:
    """SMBV's heteroidentification committee (five titulares presided by the `comissao`
    account, two suplentes), with one in-person session today (LC 22/2026, art. 3º, §1º)
    and eight PP optants called to it, so the workspace has a queue to judge: three
    votes close an evaluation (absolute majority of five). Only once: skipped if the
    certame has a committee."""
    if Comissao.objects.filter(certame=certame).exists():
        return
    rh = usuarios["rh"]
    comissao = criar_comissao(certame, tipo=Comissao.Tipo.HETEROIDENTIFICACAO, autor=rh,
                              nome="Comissão de heteroidentificação — Edital 001/2026")
    _membros_hetero(comissao, usuarios, rh)
    etapa = certame.etapas.get(tipo=Etapa.Tipo.HETEROIDENTIFICACAO)
    inicio = momento(hoje, 9)  # today, inside the stage
    sessao = agendar_sessao(comissao, inicio=inicio, modalidade=Sessao.Modalidade.PRESENCIAL,
                            local="Auditório da Prefeitura, Rua Coronel Clementino, 123",
                            etapa=etapa, autor=rh, agora=etapa.inicio - dt.timedelta(days=1))
    optantes = [i for i in Inscricao.objects.filter(certame=certame, nota__isnull=False,
                                                    situacao=Inscricao.Situacao.HABILITADO)
                .order_by("-nota", "numero") if "PP" in i.listas][:8]
    for ordem, inscricao in enumerate(optantes):
        convocar(sessao, inscricao, "PP", inicio + dt.timedelta(minutes=15 * ordem),
                 autor=rh)
    _outras_comissoes_smbv(certame, usuarios, hoje)


def _outras_comissoes_smbv(certame: Certame, usuarios: dict, hoje: dt.date) -> None:
    """SMBV's documentary committee (indigenous proof, LC 22/2026 art. 4º) and its
    multiprofessional team (PcD, art. 7º; 3 professionals, one a physician — Decreto
    9.508/2018, art. 5º), each with a session today and its optants called. The
    `comissao` account is a member of both, so the workspace shows every kind."""
    rh = usuarios["rh"]
    User = get_user_model()
    especificacoes = [
        (Comissao.Tipo.VERIFICACAO_DOCUMENTAL, "Comissão de verificação documental",
         Etapa.Tipo.VERIFICACAO_DOCUMENTAL, "I",
         [("Antropóloga", False), ("Servidor do RH", False)]),
        (Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL, "Equipe multiprofissional (PcD)",
         Etapa.Tipo.AVALIACAO_PCD, "PCD",
         [("Medicina", True), ("Psicologia", False)]),
    ]
    for hora, (tipo, nome, tipo_etapa, lista, outros) in enumerate(especificacoes,
                                                                   start=14):
        comissao = criar_comissao(certame, tipo=tipo, nome=f"{nome} — Edital 001/2026",
                                  autor=rh, tamanho=3)
        adicionar_membro(comissao, usuarios["comissao"], genero="masculino",
                         cor_raca="parda", regiao="nordeste", presidente=True, autor=rh,
                         area_profissional="Serviço Social")
        for i, (area, medico) in enumerate(outros, start=1):
            membro, _ = User.objects.get_or_create(
                username=f"{tipo[:4]}{i}", defaults={"first_name": area})
            membro.set_unusable_password()
            membro.save()
            adicionar_membro(comissao, membro, genero="feminino" if i % 2 else "masculino",
                             cor_raca="parda", regiao="nordeste", autor=rh,
                             area_profissional=area, medico=medico)
        etapa = certame.etapas.get(tipo=tipo_etapa)
        inicio = momento(hoje, hora)
        sessao = agendar_sessao(comissao, inicio=inicio,
                                modalidade=Sessao.Modalidade.PRESENCIAL,
                                local="Secretaria de Administração, sala 2", etapa=etapa,
                                autor=rh, agora=etapa.inicio - dt.timedelta(days=1))
        optantes = [i for i in Inscricao.objects.filter(
            certame=certame, nota__isnull=False, situacao=Inscricao.Situacao.HABILITADO)
            .order_by("-nota", "numero") if lista in i.listas][:6]
        for ordem, inscricao in enumerate(optantes):
            convocar(sessao, inscricao, lista, inicio + dt.timedelta(minutes=20 * ordem),
                     autor=rh)


def comissoes_pirangi(certame: Certame, usuarios: dict, avaliadas, hoje: dt.date) -> None:
    """Pirangi's heteroidentification committee held its session in the stage (days 70
    to 72): the members signed the term, the president recorded the attendance, the five
    voted and the president closed each evaluation; RH published the preliminary result
    (batch 1), whose appeal window is open today. The recursal committee (recursal1-5)
    judges the appeals: one is already filed. Only once: skipped if the certame has a
    committee."""
    if Comissao.objects.filter(certame=certame).exists():
        return
    rh = usuarios["rh"]
    comissao = criar_comissao(certame, tipo=Comissao.Tipo.HETEROIDENTIFICACAO, autor=rh,
                              nome="Comissão de heteroidentificação — Edital 001/2026")
    membros = [m for m in _membros_hetero(comissao, usuarios, rh)
               if m.papel == MembroComissao.Papel.TITULAR]
    membros = [assinar_termo(membro, usuario=membro.usuario) for membro in membros]
    recursal = criar_comissao(certame, tipo=Comissao.Tipo.RECURSAL, autor=rh,
                              nome="Comissão recursal — Edital 001/2026")
    for username, _n, _s, genero, cor, regiao, papel in MEMBROS:
        if username.startswith("recursal"):
            adicionar_membro(recursal, usuarios[username], genero=genero, cor_raca=cor,
                             regiao=regiao, papel=papel, autor=rh,
                             presidente=username == "recursal1")
    etapa = certame.etapas.get(tipo=Etapa.Tipo.HETEROIDENTIFICACAO)
    inicio = etapa.inicio + dt.timedelta(hours=1)
    sessao = agendar_sessao(comissao, inicio=inicio, modalidade=Sessao.Modalidade.PRESENCIAL,
                            local="Paço Municipal de Pirangi, sala de reuniões",
                            etapa=etapa, autor=rh, agora=etapa.inicio - dt.timedelta(days=1))
    presidente = membros[0]
    # The president opened the session recording the five titulares present.
    registrar_presenca(sessao, quem_registra=presidente, presentes=[m.pk for m in membros])
    julgadas = []
    for ordem, (inscricao, nao_confirmam) in enumerate(avaliadas):
        conv = convocar(sessao, inscricao, "PP", inicio + dt.timedelta(minutes=15 * ordem),
                        autor=rh)
        registrar_comparecimento(conv, "presente", presidente=presidente)
        avaliacao = conv.avaliacoes.get()
        for i, membro in enumerate(membros):
            if i < nao_confirmam:
                votar(avaliacao, membro, Voto.Sentido.NAO_CONFIRMA, MOTIVO_NAO_CONFIRMA)
            else:
                votar(avaliacao, membro, Voto.Sentido.CONFIRMA, MOTIVO_CONFIRMA)
        julgadas.append(encerrar(avaliacao, presidente,
                                 gravacao=f"sessao-{sessao.pk}-{inscricao.numero}.mp4"))
    # In the procedure's stage or after it (certames/cronograma.py): today, day 75.
    publicar_resultado_preliminar(certame, autor=rh, agora=momento(hoje, 8))
    # The second candidate (not confirmed) appealed, with a declaration attached: the
    # recursal committee has a case with its record.
    recorrente = julgadas[1].inscricao.candidato
    User = get_user_model()
    conta, _ = User.objects.get_or_create(
        username="recorrente", defaults={"first_name": recorrente.nome.split()[0],
                                         "email": recorrente.email})
    conta.set_unusable_password()
    conta.save()
    conta.groups.add(Group.objects.get_or_create(name=GRUPO_CANDIDATO)[0])
    recorrente.usuario = conta
    recorrente.save(update_fields=["usuario"])
    apresentar_recurso(
        julgadas[1], autor=conta, agora=momento(hoje, 8, 30),
        texto="Sou pessoa parda, assim reconhecida na minha família e na comunidade. "
              "Peço a reavaliação do meu fenótipo pela comissão recursal, com base na "
              "gravação da sessão (Lei 3.056/2025, art. 4º, §1º, II).",
        arquivos=[SimpleUploadedFile(
            "declaracao-familia.pdf",
            pdf_simples(["Declaracao (demonstracao)",
                       "Declaro que a recorrente e reconhecida como pessoa parda",
                       "pela familia e pela comunidade."]),
            content_type="application/pdf")])
