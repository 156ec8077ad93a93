"""One answer to "is this certame stopped, and why": `motivo_certame_parado`.

A certame stops by an act (`certames.models.AtoSituacaoCertame`, written by
`editais.situacao`): suspended by a court order, a Tribunal de Contas decision or the
Administration's own decision, until a retomada; or cancelled (anulação or revogação: Lei
9.784/1999, arts. 53 and 54; STF, Súmula 473), for good. While it is stopped, every act that
moves it forward is refused with this sentence (inscrições and their payment and exemption
requests, appeals, committee sessions and, inside a session already scheduled, the
members' presence, the candidate's attendance, the votes and the closing of an evaluation
(an appeal's judgment included: `comissoes.dominio.votacao.exigir_certame_em_curso`), imports
of inscrições and scores, publications of results and lists, homologation, calls); reading
goes on, and the public page, the candidate's pages and the committee's evaluation page show
the same sentence.

It lives here, in `certames`, and not in `editais` (which writes the acts): the apps that
refuse (`candidatos`, `nucleo`, `comissoes`, `provas`) sit below `editais` in the import matrix
(tests/test_catracas.py) and all of them may import `certames`.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from certames.models import AtoSituacaoCertame, Certame
from comum.formatos import data_br

#: The certame's statuses that mean "stopped" (each set by an act of `editais.situacao`).
PARADOS = (Certame.Status.SUSPENSO, Certame.Status.CANCELADO)


def ultimo_ato(certame: Certame | int) -> AtoSituacaoCertame | None:
    """The certame's latest suspension, retomada or cancellation, or None."""
    return (AtoSituacaoCertame.objects.filter(certame=certame)
            .order_by("-praticado_em", "-pk").first())


def motivo_certame_parado(certame: Certame) -> str | None:
    """Why the certame is stopped ("Certame suspenso desde dd/mm/aaaa: <motivação>"), or None
    when it runs. The status, written with the act in one transaction, says whether; the
    latest act says since when and why (no query for a certame that runs)."""
    if certame.status not in PARADOS:
        return None
    ato = ultimo_ato(certame)
    if ato is None or ato.tipo == AtoSituacaoCertame.Tipo.RETOMADA:
        # A cancellation recorded before these acts existed: the status alone.
        return _("Certame %(s)s.") % {"s": certame.get_status_display().lower()}
    frases = {
        AtoSituacaoCertame.Tipo.SUSPENSAO: _("Certame suspenso desde %(d)s: %(m)s"),
        AtoSituacaoCertame.Tipo.ANULACAO: _("Certame anulado em %(d)s: %(m)s"),
        AtoSituacaoCertame.Tipo.REVOGACAO: _("Certame revogado em %(d)s: %(m)s"),
    }
    return frases[ato.tipo] % {"d": data_br(ato.praticado_em), "m": ato.motivacao}


def exigir_em_curso(certame: Certame) -> None:
    """Refuse (ValidationError with the reason) an act that moves a stopped certame forward."""
    motivo = motivo_certame_parado(certame)
    if motivo:
        raise ValidationError(motivo)
