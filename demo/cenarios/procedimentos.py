"""The procedures' decisions the demo records: the states of reserved-list options (Pirangi's
heteroidentification results, the older certame's confirmed options) and Severínia's special
conditions request, decided by RH. The only demo module that sets a list's state.
"""

from __future__ import annotations

import datetime as dt

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction

from candidatos import condicoes
from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from candidatos.servicos import registrar_situacao_lista
from certames.models import Certame
from certames.regras.procedimentos import AVALIACAO_PCD, DOCUMENTAL, HETEROIDENTIFICACAO
from demo.cenarios.definicao import momento


def decisoes_pirangi(certame: Certame, autor, avaliadas) -> None:
    """Heteroidentification results for Pirangi's other PP optants (recorded as decided
    outside the system), so the demo shows confirmed, pending (sub judice) and not
    confirmed candidates. Only once: skipped if any decision exists in this certame."""
    if SituacaoLista.objects.filter(inscricao__certame=certame).exists():
        return
    pela_comissao = {i.pk for i, _ in avaliadas}
    optantes = [i for i in Inscricao.objects.filter(certame=certame, nota__isnull=False)
                .exclude(pk__in=pela_comissao).order_by("numero") if "PP" in i.listas]
    # The bases are the regime's (a non-confirmation's effect; the procedure's article).
    regime = certame.regime_legal
    nao_confirmada = regime.regra_nao_confirmacao("PP").fundamento
    confirmada = regime.procedimento(HETEROIDENTIFICACAO).fundamento
    for indice, inscricao in enumerate(optantes):
        if indice % 3 == 2:
            continue  # still pending: shown as sub judice
        if indice % 10 == 9:
            registrar_situacao_lista(
                inscricao, "PP", EstadoLista.NAO_CONFIRMADA, autor=autor,
                motivacao="Parecer da comissão de heteroidentificação (demonstração): "
                          "fenótipo não confirmado por maioria.",
                fundamento=nao_confirmada)
        else:
            registrar_situacao_lista(
                inscricao, "PP", EstadoLista.CONFIRMADA, autor=autor,
                motivacao="Parecer da comissão de heteroidentificação (demonstração): "
                          "autodeclaração confirmada.",
                fundamento=confirmada)


def confirmar_listas(certame: Certame, autor) -> None:
    """Confirm every reserved-list option of `certame`, each on its procedure's article (the
    regime's), as the procedures' final decisions would."""
    regime = certame.regime_legal
    fundamentos = {lista: regime.procedimento(tipo).fundamento
                   for lista, tipo in (("PP", HETEROIDENTIFICACAO), ("I", DOCUMENTAL),
                                       ("PCD", AVALIACAO_PCD))}
    with transaction.atomic():
        for inscricao in Inscricao.objects.filter(certame=certame).order_by("numero"):
            for lista in inscricao.listas:
                registrar_situacao_lista(
                    inscricao, lista, EstadoLista.CONFIRMADA, autor=autor,
                    motivacao="Decisão definitiva do procedimento (demonstração): "
                              "condição confirmada.",
                    fundamento=fundamentos.get(lista, regime.lei))


def atendimento_severinia(certame: Certame, usuarios: dict, hoje: dt.date) -> None:
    """The persona's request for special conditions in Severínia (inscrições open), made
    yesterday and decided by RH: two conditions granted, one rejected, so the portal shows
    the decision and the appeal window (candidatos/condicoes/). Once only."""
    insc = Inscricao.objects.filter(certame=certame,
                                    candidato__usuario=usuarios["candidato"]).first()
    if insc is None or condicoes.pedido_vigente(insc) is not None:
        return
    ontem = hoje - dt.timedelta(days=1)
    pedido = condicoes.solicitar(
        insc, autor=usuarios["candidato"], agora=momento(ontem, 10),
        condicoes={"ampliada": "fonte 24", "tempo_adicional": "", "sala_acesso": ""},
        justificativa="Baixa visão (acuidade 20/200 no melhor olho), conforme o laudo "
                      "oftalmológico anexo.",
        laudo=SimpleUploadedFile("laudo.pdf", b"%PDF-1.4\n%demo\n%%EOF\n",
                                 content_type="application/pdf"))
    R = condicoes.ResultadoCondicao
    condicoes.decidir(
        pedido, autor=usuarios["rh"], agora=momento(ontem, 16),
        motivacao="Laudo oftalmológico analisado: baixa visão comprovada.",
        resultados={
            "ampliada": R("deferido"), "tempo_adicional": R("deferido", minutos=60),
            "sala_acesso": R("indeferido", "A candidata não tem limitação de mobilidade "
                             "e todas as salas do local de prova são térreas.")})
