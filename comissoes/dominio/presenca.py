"""Reading the members' presence in a committee session (the act itself is
`sessoes.registrar_presenca`). One answer for every page and rule: the votes, who presides an
evaluation, the session page and the ata all ask here.

Rules decided here:
- a collegiate body deliberates with its members present: a member votes on an evaluation of
  a session only once the session's presence is recorded and the member is recorded present
  (the votes and the ata agree on who sat). No seed law fixes the collegiate's procedure (LC
  22/2026, art. 3º: "com competência deliberativa"; Lei 3.057/2026, art. 10, §3º, III:
  "composição colegiada", §4º leaves it to regulation; Lei 3.056/2025, art. 6º: "regulamento
  específico"): padrão do produto, as in any collegiate body whose minutes record who was
  present;
- an appeal judged on the record (no session: `Avaliacao.convocacao` is empty) has no
  presence to record.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from comissoes.models import Avaliacao, MembroComissao, PresencaSessao, Sessao


def presencas_correntes(sessao: Sessao | int) -> list[PresencaSessao]:
    """Each member's current presence row in the session (not superseded), in the committee's
    order (president first, then titulares, then suplentes: "-papel", as "titular" sorts
    after "suplente")."""
    sessao_id = sessao if isinstance(sessao, int) else sessao.pk
    return list(PresencaSessao.objects.filter(sessao_id=sessao_id,
                                              substituida_por__isnull=True)
                .select_related("membro__usuario", "registrada_por__usuario")
                .order_by("-membro__presidente", "-membro__papel", "membro__pk"))


def presentes(sessao: Sessao | int) -> set[int] | None:
    """The ids (`MembroComissao.pk`) of the members recorded present, or None while the
    session's presence is not recorded."""
    sessao_id = sessao if isinstance(sessao, int) else sessao.pk
    linhas = list(PresencaSessao.objects.filter(sessao_id=sessao_id,
                                                substituida_por__isnull=True)
                  .values_list("membro_id", "presente"))
    if not linhas:
        return None
    return {membro_id for membro_id, presente in linhas if presente}


def motivo_sem_presenca(membro: MembroComissao, avaliacao: Avaliacao) -> str | None:
    """Why this member may not vote on this evaluation for want of presence, or None."""
    conv = avaliacao.convocacao
    if conv is None:
        return None  # an appeal, judged on the record
    ids = presentes(conv.sessao_id)
    if ids is None:
        return _("A presença dos membros nesta sessão ainda não foi registrada: quem preside "
                 "registra a presença ao abrir a sessão, e só os membros presentes votam.")
    if membro.pk not in ids:
        return _("Você não consta como presente nesta sessão: só os membros presentes votam. "
                 "Quem preside pode corrigir o registro de presença.")
    return None
