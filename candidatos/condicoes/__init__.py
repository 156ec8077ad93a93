"""Special conditions at the exam (atendimento especializado): the domain.

The laws (federal parameters: the seed municipal laws are silent on the exam's conditions):

- Decreto 9.508/2018, art. 4º: the exam is adapted to the candidate's disability through
  tecnologias assistivas and adaptações razoáveis (its Anexo lists them: Braille, enlarged
  print, reader, transcriber, Libras interpreter, accessible room and furniture...); the
  candidate requests them in the period the edital sets, saying which ones; extra time is
  requested with a justification backed by the opinion of a multiprofessional team or of a
  specialist in the candidate's impediments;
- Lei 13.872/2019: the mother may breastfeed a child up to 6 months old on the exam day if she
  asked in advance (arts. 1º and 2º; the age is declared at the inscrição and the birth
  certificate shown at the exam, art. 2º, parágrafo único); an adult companion she indicates
  keeps the child in a room near the exam (art. 3º); she may breastfeed every 2 hours for up
  to 30 minutes per child, and the time spent is compensated in the exam (art. 4º).

What the product decided (the laws leave the form to the edital):

- the request period is the inscrição window (Etapa "inscricoes"): Decreto 9.508/2018,
  art. 4º ("no prazo determinado em edital") read as the inscrição period. Within it a new
  request supersedes the earlier one (acts are never rewritten);
- every condition except breastfeeding requires a medical report (laudo médico; for extra
  time, the specialist's or multiprofessional team's opinion): PDF, JPEG or PNG checked by
  content (`comum.arquivos`). Breastfeeding requires the child's birth date (art. 2º,
  parágrafo único: the certificate is shown at the exam, not uploaded); the companion may be
  named now or on the exam day (art. 3º);
- RH decides each requested condition (granted or rejected), with a motivation for the
  decision (Lei 9.784/1999, art. 50; `nucleo.motivacao`) and a specific one for each rejected
  condition (art. 50, I: acts that deny rights); granted extra time states its minutes (1 to
  `MAXIMO_MINUTOS`, product limit). A later decision supersedes an earlier one until the
  candidate appeals;
- the appeal is the kernel's (`nucleo.recursos`, one per request) against a decision that
  rejects any condition, within `PRAZO_RECURSO_DIAS` (ten: Lei 9.784/1999, art. 59) of the
  decision, which the candidate sees at once in their area; counted as the fraud procedure
  counts it (art. 66; `procedimentos.fim_do_prazo_recurso`). Addressed to the RH user who
  decided, who may reconsider within five days (granting every condition denied) or keep the
  decision; then judged by the certame's superior authority, a role RH assigns per certame
  (art. 56, §1º: `nucleo.autoridade`), never by another RH user. The ruling supersedes the
  decision and cannot take back a condition granted at first instance (no reformatio in peius
  without hearing the candidate: art. 64, parágrafo único);
- decisions are notified to the candidate individually and never published in lists: the
  conditions reveal health data (LGPD, Lei 13.709/2018, arts. 5º, II and 11). RH exports, for
  the exam venue, only the granted conditions (never the report, nor the disability).

The package, one module per step (this module is its public face: callers import
`candidatos.condicoes` and use the names below): `base` (constants, a request's decisions and
appeal as they stand, the windows), `pedido` (the candidate's request), `decisao` (RH's
decision), `recurso` (the appeal, the reconsideration, the ruling), `notificacao` (the
candidate's e-mail, `comum.emails`), `acompanhamento` (what the pages show), `exportacao` (the
exam venue's list) and `plugin` (the kernel's plug-in).
"""

from __future__ import annotations

from candidatos.condicoes.acompanhamento import ROTULOS_ESTADO, Aviso, Situacao, avisos, situacao
from candidatos.condicoes.base import (
    CHAVE,
    EXIGEM_DETALHE,
    EXIGEM_LAUDO,
    FASES_DO_RECURSO,
    FUNDAMENTO_LACTANTE,
    FUNDAMENTO_MOTIVACAO,
    FUNDAMENTO_PCD,
    FUNDAMENTO_RECURSO,
    MAXIMO_JUSTIFICATIVA,
    MAXIMO_MINUTOS,
    MESES_LACTANTE,
    MINIMO_JUSTIFICATIVA,
    PRAZO_RECURSO_DIAS,
    TAREFA_AVISO,
    Condicao,
    Fase,
    Resultado,
    decisao_primeira,
    decisao_vigente,
    desfavoravel,
    etapas_analise,
    etapas_pedido,
    fundamento,
    janela_analise_aberta,
    janela_pedido_aberta,
    janela_recurso,
    julgamento,
    motivo_para_nao_recorrer,
    pedido_vigente,
    pedidos_da_inscricao,
    recurso_do_pedido,
    vigente,
)
from candidatos.condicoes.decisao import ResultadoCondicao, decidir
from candidatos.condicoes.exportacao import (
    COLUNAS,
    ROTULOS_COLUNAS,
    SALA,
    concedidas,
    concedidas_por_inscricao,
    linhas_exportacao,
    registrar_exportacao,
)
from candidatos.condicoes.notificacao import avisar_decisao
from candidatos.condicoes.pedido import DadosLactante, solicitar, somar_meses
from candidatos.condicoes.plugin import ProcedimentoAtendimento, registrar_plugin
from candidatos.condicoes.recurso import (
    apresentar_recurso,
    julgar_recurso,
    motivo_para_nao_julgar,
    reconsiderar,
)

__all__ = [
    "Aviso",
    "CHAVE",
    "COLUNAS",
    "Condicao",
    "DadosLactante",
    "EXIGEM_DETALHE",
    "EXIGEM_LAUDO",
    "FASES_DO_RECURSO",
    "FUNDAMENTO_LACTANTE",
    "FUNDAMENTO_MOTIVACAO",
    "FUNDAMENTO_PCD",
    "FUNDAMENTO_RECURSO",
    "Fase",
    "MAXIMO_JUSTIFICATIVA",
    "MAXIMO_MINUTOS",
    "MESES_LACTANTE",
    "MINIMO_JUSTIFICATIVA",
    "PRAZO_RECURSO_DIAS",
    "ProcedimentoAtendimento",
    "ROTULOS_COLUNAS",
    "ROTULOS_ESTADO",
    "Resultado",
    "ResultadoCondicao",
    "SALA",
    "Situacao",
    "TAREFA_AVISO",
    "avisar_decisao",
    "avisos",
    "concedidas",
    "concedidas_por_inscricao",
    "decidir",
    "decisao_primeira",
    "decisao_vigente",
    "desfavoravel",
    "etapas_analise",
    "etapas_pedido",
    "fundamento",
    "janela_analise_aberta",
    "janela_pedido_aberta",
    "janela_recurso",
    "julgamento",
    "julgar_recurso",
    "linhas_exportacao",
    "motivo_para_nao_julgar",
    "motivo_para_nao_recorrer",
    "pedido_vigente",
    "pedidos_da_inscricao",
    "reconsiderar",
    "apresentar_recurso",
    "recurso_do_pedido",
    "registrar_exportacao",
    "registrar_plugin",
    "situacao",
    "solicitar",
    "somar_meses",
    "vigente",
]
