"""The demo's cargo in phases (`provas`): Pirangi's Técnico em Enfermagem, whose edital gives
an objective exam (P1, minimum 50, cut-off at three times AC's vacancies) and a discursive
one (P2, minimum 50, whose habilitated optants are convoked to the heteroidentification).

Everything goes through RH's acts (`provas.servicos`): the phases defined with the edital,
on its publication day, before the inscrições open (`motivo_fases_fixadas`); the banca's P1
spreadsheet imported; the cargo recomputed; P1's preliminary result published two days ago,
after the inscrições (`certames.cronograma.PUBLICACOES`), so its appeal period (the phase's
`prazo_recurso_dias`, counted from the publication) is open today. P2 has no score yet: every
candidate P1 admitted to it awaits the banca's ("aguardando nota"), and the final
classification waits for them. The law guarantees every phase to the racial reserve's
optants who reach a phase's minimum (Lei 3.056/2025, art. 9º): below AC's cut, they take P2
by the guarantee.
"""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from candidatos.models import Inscricao
from certames.models import Cargo, Certame
from classificacao.listas import recalcular
from demo.cenarios.definicao import CertameDemo, momento
from demo.cenarios.inscricoes import SEMENTE
from provas import servicos
from provas.models import Fase, PublicacaoFase

#: Share (in thousandths) of the inscrições absent from P1.
AUSENTES_POR_MIL = 40
#: P1's preliminary result was published this many days before "today", at 10:00.
DIAS_DESDE_PRELIMINAR = 2


def cargos_em_fases(certame: Certame, demo: CertameDemo) -> list[tuple[Cargo, tuple]]:
    """The certame's cargos the demo edital gives phases, with their `FaseDemo`s."""
    return [(certame.cargos.get(codigo=c.codigo), c.fases) for c in demo.cargos if c.fases]


def definir_fases(certame: Certame, demo: CertameDemo, autor) -> None:
    """RH defines each cargo's phases as the edital published them, on its publication day
    (before the inscrições: once they begin, only a retificação changes them). Once only:
    skipped for a cargo that has phases."""
    com_o_edital = momento(demo.publicacao, 9)
    for cargo, fases in cargos_em_fases(certame, demo):
        if cargo.fases.exists():
            continue
        for fase in fases:
            servicos.definir_fase(cargo, Fase(
                codigo=fase.codigo, nome=fase.nome, tipo=fase.tipo,
                nota_minima=Decimal(fase.nota_minima), peso=Decimal(fase.peso),
                corte=fase.corte,
                habilita_heteroidentificacao=fase.habilita_heteroidentificacao),
                autor=autor, agora=com_o_edital)


def planilha_da_banca(cargo: Cargo, fase: Fase) -> bytes:
    """The banca's spreadsheet of one phase (columns inscricao;nota): a score for each
    habilitated inscrição of the cargo (30.00-97.99, bell-shaped, in hundredths, so some
    fall below the minimum), a few absent. A pure function of (seed, cargo, phase, number)."""
    linhas = ["inscricao;nota"]
    for numero in (Inscricao.objects.filter(cargo=cargo,
                                            situacao=Inscricao.Situacao.HABILITADO)
                   .order_by("numero").values_list("numero", flat=True)):
        rng = random.Random(f"{SEMENTE}:fase:{cargo.certame.regime}:{cargo.codigo}:"
                            f"{fase.codigo}:{numero}")
        if rng.randrange(1000) < AUSENTES_POR_MIL:
            linhas.append(f"{numero};ausente")
            continue
        centesimos = 3000 + sum(rng.randrange(2267) for _ in range(3))
        linhas.append(f"{numero};{Decimal(centesimos).scaleb(-2):.2f}".replace(".", ","))
    return ("\n".join(linhas) + "\n").encode("utf-8")


def resultado_primeira_fase(certame: Certame, demo: CertameDemo, autor,
                            hoje: dt.date) -> None:
    """For each cargo in phases: the banca's P1 spreadsheet imported, the cargo recomputed
    (the job the import queues, run here so the result can be published) and P1's
    preliminary result published `DIAS_DESDE_PRELIMINAR` days ago. Once only: skipped for a
    phase with an import."""
    publicada_em = momento(hoje - dt.timedelta(days=DIAS_DESDE_PRELIMINAR), 10)
    for cargo, _fases in cargos_em_fases(certame, demo):
        primeira = cargo.fases.order_by("ordem").first()
        if primeira is None or primeira.importacoes.exists():
            continue
        servicos.importar_notas(
            primeira, planilha_da_banca(cargo, primeira), autor=autor,
            nome_arquivo=f"banca-{cargo.codigo}-{primeira.codigo}.csv")
        recalcular(cargo.pk, causa="carga de demonstração")
        servicos.publicar_resultado(primeira, PublicacaoFase.Tipo.PRELIMINAR, autor=autor,
                                    agora=publicada_em)
