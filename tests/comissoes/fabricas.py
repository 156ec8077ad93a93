"""Factories for committees (tests)."""

import factory
from django.utils import timezone

from comissoes.models import Avaliacao, Comissao, MembroComissao
from tests.factories import CertameFactory, InscricaoFactory, usuario

_n = iter(range(10**6))


class ComissaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Comissao

    certame = factory.SubFactory(CertameFactory)
    tipo = Comissao.Tipo.HETEROIDENTIFICACAO
    nome = "Comissão de heteroidentificação"


def membro(comissao, *, presidente=False, assinado=True, genero="feminino", cor_raca="preta",
           regiao="sudeste", **extra) -> MembroComissao:
    user = usuario(f"membro{next(_n)}", "Comissao")
    return MembroComissao.objects.create(
        comissao=comissao, usuario=user, presidente=presidente, genero=genero,
        cor_raca=cor_raca, regiao=regiao,
        termo_confidencialidade_em=timezone.now() if assinado else None, **extra)


def avaliacao(comissao=None, *, inscricao=None, lista="PP", instancia="primeira") -> Avaliacao:
    comissao = comissao or ComissaoFactory()
    inscricao = inscricao or InscricaoFactory(cargo__certame=comissao.certame, listas=[lista])
    return Avaliacao.objects.create(comissao=comissao, inscricao=inscricao, lista=lista,
                                    instancia=instancia)


# --- results and appeals ---------------------------------------------------------

MOTIVO_NAO = ("Traços fenotípicos observados (cor da pele clara, textura do cabelo lisa) "
              "não caracterizam pessoa negra.")
MOTIVO_SIM = "Fenótipo compatível com pessoa parda."

#: Minimal files of each accepted type (only the signature matters to the checks).
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02"


def arquivo(nome: str, conteudo: bytes, content_type: str = "application/octet-stream"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(nome, conteudo, content_type=content_type)


def comissao_votante(certame, tipo=Comissao.Tipo.HETEROIDENTIFICACAO, n=5, **extra):
    """A committee with n members (the first is the president), all with the term signed."""
    comissao = ComissaoFactory(certame=certame, tipo=tipo, tamanho=n, **extra)
    membros = [membro(comissao, presidente=(i == 0)) for i in range(n)]
    return comissao, membros


def julgar(av: Avaliacao, membros, nao_confirmam: int) -> Avaliacao:
    """Every member votes (the first `nao_confirmam` do not confirm); the president closes."""
    from comissoes.dominio.votacao import encerrar_avaliacao, registrar_voto

    for i, m in enumerate(membros):
        if i < nao_confirmam:
            registrar_voto(av, m, "nao_confirma", MOTIVO_NAO)
        else:
            registrar_voto(av, m, "confirma", MOTIVO_SIM)
    presidente = next(m for m in membros if m.presidente)
    return encerrar_avaliacao(av, presidente)


def etapa_recurso(certame, *, de_dias: float = -1, ate_dias: float = 1):
    """The heteroidentification appeal window, relative to now (in days)."""
    import datetime as dt

    from certames.models import Etapa

    agora = timezone.now()
    return Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.RECURSO_HETEROIDENTIFICACAO,
                                inicio=agora + dt.timedelta(days=de_dias),
                                fim=agora + dt.timedelta(days=ate_dias))


def etapa_procedimento(certame, tipo: str = "heteroidentificacao", *, de_dias: float = -10,
                       ate_dias: float = -2):
    """The procedure's stage of the schedule (Comissao.Tipo of the first instance), relative
    to now (in days): by default already begun, so its preliminary result may be published
    (certames/cronograma.py, `PUBLICACOES`)."""
    import datetime as dt

    from certames.models import Etapa
    from comissoes.dominio.procedimentos import PROCEDIMENTOS

    agora = timezone.now()
    return Etapa.objects.create(certame=certame, tipo=PROCEDIMENTOS[tipo].etapa,
                                inicio=agora + dt.timedelta(days=de_dias),
                                fim=agora + dt.timedelta(days=ate_dias))


def candidato_com_conta(username: str, **extra):
    """A Candidato with a login in the Candidato group."""
    from tests.factories import CandidatoFactory

    user = usuario(username, "Candidato")
    return CandidatoFactory(usuario=user, **extra)


def cenario(*, regime="pirangi-lei3056-2025", lista="PP", resultado="nao_confirmada",
            publicar=True, recursal=True, janela=(-1, 1), data_edital=None, **certame_extra):
    """A certame with a closed first-instance evaluation of one candidate with a login, the
    preliminary result published (by default), a recursal committee and an open appeal
    window. Returns a namespace with everything a test needs."""
    import datetime as dt
    from types import SimpleNamespace

    from comissoes.dominio.resultados import publicar_resultado_preliminar
    from tests.factories import CargoFactory

    if data_edital is None:
        data_edital = dt.date(2026, 10, 1)
    certame = CertameFactory(regime=regime, data_publicacao_edital=data_edital,
                             **certame_extra)
    etapa_procedimento(certame)
    cargo = CargoFactory(certame=certame)
    candidato = candidato_com_conta(f"cand{next(_n)}")
    inscricao = InscricaoFactory(cargo=cargo, candidato=candidato, listas=[lista],
                                 nota="80")
    comissao, membros = comissao_votante(certame)
    av = avaliacao(comissao, inscricao=inscricao, lista=lista)
    av = julgar(av, membros, 5 if resultado == "nao_confirmada" else 0)
    rh = usuario(f"rh{next(_n)}", "RH", staff=True)
    ns = SimpleNamespace(certame=certame, cargo=cargo, candidato=candidato,
                         user=candidato.usuario, inscricao=inscricao, comissao=comissao,
                         membros=membros, avaliacao=av, rh=rh, recursal=None,
                         membros_recursal=[], etapa=None, preliminar=None)
    if recursal:
        ns.recursal, ns.membros_recursal = comissao_votante(certame, Comissao.Tipo.RECURSAL)
    if janela is not None:
        ns.etapa = etapa_recurso(certame, de_dias=janela[0], ate_dias=janela[1])
    if publicar:
        ns.preliminar = publicar_resultado_preliminar(certame, autor=rh)
    return ns


# --- sessions and convocations (appended for the committee workspace tests) ----------------

def sessao(comissao, *, inicio=None, etapa=None, local="Sala 3 da Prefeitura", **extra):
    """A session written directly (past dates allowed, unlike `agendar_sessao`)."""
    import datetime as dt

    from comissoes.models import Sessao

    inicio = inicio or timezone.now() + dt.timedelta(days=7)
    return Sessao.objects.create(comissao=comissao, etapa=etapa, inicio=inicio, local=local,
                                 **extra)


def comissao_completa(certame=None, *, titulares=5, **extra):
    """A committee with a president and `titulares` diverse titulares, all terms signed.
    Returns (comissao, presidente, other members)."""
    comissao = ComissaoFactory(**({"certame": certame} if certame else {}), **extra)
    generos = ["feminino", "masculino"]
    cores = ["preta", "parda", "branca"]
    regioes = ["nordeste", "sudeste", "sul"]
    presidente = membro(comissao, presidente=True)
    outros = [membro(comissao, genero=generos[i % 2], cor_raca=cores[i % 3],
                     regiao=regioes[i % 3]) for i in range(1, titulares)]
    return comissao, presidente, outros


def convocado(sessao_, *, inscricao=None, lista="PP", horario=None, autor=None, **insc):
    """Call a candidate (through the domain) and return (convocacao, avaliacao)."""
    from comissoes.dominio.convocacao import convocar

    certame = sessao_.comissao.certame
    inscricao = inscricao or InscricaoFactory(cargo__certame=certame, listas=[lista], **insc)
    conv = convocar(sessao_, inscricao, lista, horario or sessao_.inicio, autor=autor)
    return conv, conv.avaliacoes.get()


def abrir_sessao(sessao_, *, quem=None, ausentes=()):
    """The session's presence record: every active member with the term
    signed present but `ausentes` (members), recorded by whoever presides (or `quem`)."""
    from comissoes.dominio.sessoes import membros_da_sessao, quem_preside, registrar_presenca

    fora = {m.pk for m in ausentes}
    membros = membros_da_sessao(sessao_)
    presentes = {m.pk for m in membros
                 if m.termo_confidencialidade_em is not None and m.pk not in fora}
    quem = quem or quem_preside(membros, presentes)
    return registrar_presenca(sessao_, quem_registra=quem, presentes=presentes)


# --- an appeal with its record --------------------------------------------

RAZOES_RECURSO = ("Sou parda, reconhecida assim pela família e pela comunidade.\n"
                  "<script>alert('x')</script> Junto a declaração assinada.")
GRAVACAO = "https://gravacoes.pirangi.sp.gov.br/sessao-1/0001.mp4"
LOCAL_RECURSO = "Paço Municipal de Pirangi, sala 2"


def caso_de_recurso(*, gravacao=GRAVACAO, divulgar=False, ausente=False):
    """Pirangi: a session, the candidate present, 3 of 5 do not confirm (the absolute
    majority), the recording attached, the result published; the candidate appeals with a
    PDF. Returns a namespace."""
    import datetime as _dt
    from types import SimpleNamespace

    from comissoes.dominio.recursos import apresentar_recurso
    from comissoes.dominio.resultados import publicar_resultado_preliminar
    from comissoes.dominio.sessoes import encerrar, registrar_comparecimento, votar
    from tests.factories import CargoFactory

    certame = CertameFactory(regime="pirangi-lei3056-2025",
                             data_publicacao_edital=_dt.date(2026, 10, 1))
    cargo = CargoFactory(certame=certame)
    etapa_procedimento(certame)  # the preliminary result waits for its stage
    candidato = candidato_com_conta(f"recorrente{next(_n)}")
    insc = InscricaoFactory(cargo=cargo, candidato=candidato, listas=["PP"], nota="80")
    comissao, presidente, outros = comissao_completa(certame, divulgar_nomes=divulgar)
    s = sessao(comissao, inicio=timezone.now() - _dt.timedelta(hours=1), local=LOCAL_RECURSO)
    conv, av = convocado(s, inscricao=insc)
    abrir_sessao(s)
    membros = [presidente, *outros]
    if ausente:
        registrar_comparecimento(conv, "ausente", presidente=presidente)
        av.refresh_from_db()
    else:
        registrar_comparecimento(conv, "presente", presidente=presidente)
        for m in membros[:3]:
            votar(av, m, "nao_confirma", MOTIVO_NAO)
        for m in membros[3:]:
            votar(av, m, "confirma", MOTIVO_SIM)
        av = encerrar(av, presidente, gravacao=gravacao)
    recursal, julgadores = comissao_votante(certame, Comissao.Tipo.RECURSAL)
    etapa_recurso(certame)
    rh = usuario(f"rh_rec{next(_n)}", "RH", staff=True)
    publicar_resultado_preliminar(certame, autor=rh)
    recurso = apresentar_recurso(av, autor=candidato.usuario, texto=RAZOES_RECURSO,
                                 arquivos=[arquivo("declaracao.pdf", PDF, "application/pdf")])
    return SimpleNamespace(certame=certame, insc=insc, candidato=candidato, comissao=comissao,
                           membros=membros, conv=conv, av=av, recursal=recursal,
                           julgadores=julgadores, recurso=recurso,
                           anexo=recurso.anexos.get(), julgamento=recursal.avaliacoes.get(),
                           rh=rh)


# --- a certame suspended ------------------------------------------------------------------

LIMINAR = "Decisão liminar suspendeu o certame até o julgamento do mérito."


def suspender(certame, autor) -> str:
    """Suspend the certame now by a court order (`editais.situacao.suspender`) and return the
    sentence every act it stops answers (`certames.situacao.motivo_certame_parado`)."""
    from editais import situacao

    situacao.suspender(certame, autor=autor, motivacao=LIMINAR, origem="decisao_judicial",
                       documento="Processo 0001234-56.2026.8.26.0000")
    return f"Certame suspenso desde {timezone.localdate():%d/%m/%Y}: {LIMINAR}"
