"""The demo's published results and their sequel: Pirangi's preliminary lists, and the older
SMBV certame's final lists, homologation and first calls.
"""

from __future__ import annotations

import datetime as dt

from candidatos.chamadas import convocar as convocar_chamada
from certames.models import Certame, Publicacao
from classificacao.homologacao import homologar
from classificacao.listas import publicar, recalcular
from demo.cenarios.definicao import CertameDemo, momento
from demo.cenarios.procedimentos import confirmar_listas


def publicar_pirangi(certame: Certame, autor, hoje: dt.date) -> None:
    """Publish Pirangi's lists as preliminary results (once), today, in the schedule's
    "Resultado preliminar" stage (day 75), so the public pages show them. Runs after the
    commit, when the recompute has a version to publish. Not the cargo in phases: its
    candidates await the discursive exam's scores (`cenarios.fases`), no one has a final
    score yet."""
    for cargo in certame.cargos.all():
        recalcular(cargo.pk, causa="carga de demonstração")
        versao = cargo.versoes_classificacao.order_by("-numero").first()
        if versao is not None and not versao.aguardando_nota and not Publicacao.objects.filter(
                versao__cargo=cargo).exists():
            publicar(versao, Publicacao.Tipo.PRELIMINAR, autor,
                     agora=momento(hoje, 9))


def homologar_e_convocar(certame: Certame, demo: CertameDemo, autor, hoje: dt.date) -> None:
    """The older SMBV certame: every reserved-list option decided (confirmed), the final
    classification of each cargo published, the result homologated `demo.homologacao`
    days ago (CF, art. 37, III: the validity counts from it) and the first positions of
    each cargo called, with a deadline 15 days ahead. Only once: skipped if homologated."""
    if certame.homologado_em is not None:
        return
    confirmar_listas(certame, autor)
    homologado_em = hoje - dt.timedelta(days=demo.homologacao)
    for cargo in certame.cargos.order_by("codigo"):
        versao = (recalcular(cargo.pk, causa="carga de demonstração")
                  or cargo.versoes_classificacao.order_by("-numero").first())
        # Published on the day of the homologation, in the schedule's "Resultado final /
        # homologação" stage (certames/cronograma.py).
        publicar(versao, Publicacao.Tipo.FINAL, autor, agora=momento(homologado_em, 10))
    homologar(certame, data=homologado_em,
              ato="Decreto municipal de homologação (demonstração), publicado no Diário "
                  "Oficial dos Municípios", autor=autor, hoje=hoje)
    for cargo in certame.cargos.order_by("codigo"):
        convocar_chamada(cargo, min(3, cargo.vagas), prazo=hoje + dt.timedelta(days=15),
                         autor=autor, hoje=hoje)
