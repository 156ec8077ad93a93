"""Fee exemption (isenção da taxa de inscrição): the domain, one module per phase.

Lei 3.057/2026 de Severínia, art. 2º to 7º (spec `regras-de-reserva.md`, section 8). Whether
a certame has an exemption, of which kinds, and the article of every step are data of its
regime (`Regime.isencao`, a `certames.regras.procedimentos.RegraIsencao`); the texts below
cite Severínia's articles (the only seed law with an exemption). Every state transition is
one function of this package: it checks the rule, writes inside one transaction, records the
act in the audit trail (`registrar_ato`) and queues follow-ups on commit.
Decisions are new rows (`DecisaoIsencao`, `ProcedimentoAdministrativo`); the fields of
`PedidoIsencao` and `Inscricao.situacao_taxa` are their projection, written with the act.

The exemption is a plug-in of the procedure kernel (`nucleo`, key `CHAVE`; the plug-in is
`candidatos.isencao.plugin.ProcedimentoIsencao`, registered by `CandidatosConfig.ready()`):
the publications of the preliminary and final result are the kernel's batches
(`nucleo.PublicacaoResultado`), the appeal is the kernel's `nucleo.Recurso` with its
`AnexoRecurso`, and every motivation follows the kernel's one rule (`nucleo.motivacao`). This
package keeps what is the exemption's own, one module per phase:

- `base`: the regime's rule, the schedule's windows, the kernel's records of a request, a proven
  falsity's finding and the RH list's filters;
- `cadunico`: the CadÚnico check as a pure function, and the import of the extract;
- `verificacao`: that check applied to the requests (at the request, after an import);
- `pedido`: the candidate's request;
- `decisoes`: RH's preliminary decisions;
- `publicacoes`: the preliminary and final results, and what the final result does to the fee;
- `recursos`: the appeal, the decider's reconsideration and the superior authority's ruling;
- `pagamento`: the payment deadline;
- `falsidade`: the falsity procedure on a request and its effects on the exemption;
- `plugin`: the kernel's plug-in.

This module is the package's public face: callers import `candidatos.isencao` (or `from
candidatos import isencao`) and use the names below.

Phases (art. 3º): request window (Etapa pedido_isencao) -> automatic CadÚnico check ->
RH's preliminary decision on every request (motivated rejections, §2º) -> publication of the
preliminary result -> appeal window (Etapa recurso_isencao) -> appeal rulings -> publication of
the final result (granted: fee "isenta") -> payment deadline for the finally rejected (Etapa
pagamento_taxa, art. 3º, VII and §3º) -> after it, the unpaid are "não confirmada".
"""

from __future__ import annotations

from candidatos.isencao.base import (
    CHAVE,
    FASES_DO_RECURSO,
    PARAMETRO_MESES,
    RESULTADO_DA_VERIFICACAO,
    STATUS_PEDIDO,
    TAMANHO_MAXIMO_ARQUIVO,
    Fase,
    Publicacao,
    Resultado,
    SituacaoTaxa,
    Verificacao,
    com_recurso,
    etapas,
    falsidade_comprovada,
    fundamento_regimes_com_isencao,
    janela_aberta,
    mensagem_nao_prevista,
    meses_atualizacao,
    oferece_isencao,
    pedidos_com_resultado_definitivo,
    pedidos_do_certame,
    prazo_final,
    procedimento_procedente,
    publicacao,
    publicacoes_do_pedido,
    reais,
    recurso_do_pedido,
    regimes_com_isencao,
    regra,
    validar_arquivo,
)
from candidatos.isencao.decisoes import (
    confirmar_em_lote,
    decidir_preliminar,
)
from candidatos.isencao.falsidade import (
    FALSIDADE,
    abrir_procedimento_falsidade,
    apresentar_defesa,
    consequencia_da_falsidade,
    decidir_procedimento,
    desfazer_indeferimento_por_falsidade,
    indeferir_por_falsidade,
)
from candidatos.isencao.pagamento import (
    encerrar_prazo_pagamento,
    registrar_pagamento,
    situacao_taxa_efetiva,
    taxas_ainda_pendentes,
)
from candidatos.isencao.pedido import (
    solicitar_isencao,
)
from candidatos.isencao.publicacoes import (
    consolidar_lote,
    descricao_preliminar,
    pendencias_proprias_preliminar,
    publicar_resultado,
    resultado_definitivo,
)
from candidatos.isencao.recursos import (
    apresentar_recurso,
    autor_da_decisao,
    julgar_recurso,
    motivo_falsidade_sem_recurso,
    reconsiderar,
)
from candidatos.isencao.verificacao import (
    aplicar_verificacao,
    aviso_extrato_posterior,
    importar_extrato,
    motivacao_automatica,
    reverificar_pendentes,
)

__all__ = [
    "CHAVE",
    "FALSIDADE",
    "FASES_DO_RECURSO",
    "Fase",
    "PARAMETRO_MESES",
    "Publicacao",
    "RESULTADO_DA_VERIFICACAO",
    "Resultado",
    "STATUS_PEDIDO",
    "SituacaoTaxa",
    "TAMANHO_MAXIMO_ARQUIVO",
    "Verificacao",
    "abrir_procedimento_falsidade",
    "aplicar_verificacao",
    "apresentar_defesa",
    "autor_da_decisao",
    "aviso_extrato_posterior",
    "com_recurso",
    "confirmar_em_lote",
    "consequencia_da_falsidade",
    "consolidar_lote",
    "decidir_preliminar",
    "decidir_procedimento",
    "descricao_preliminar",
    "desfazer_indeferimento_por_falsidade",
    "encerrar_prazo_pagamento",
    "etapas",
    "falsidade_comprovada",
    "fundamento_regimes_com_isencao",
    "importar_extrato",
    "indeferir_por_falsidade",
    "apresentar_recurso",
    "janela_aberta",
    "julgar_recurso",
    "mensagem_nao_prevista",
    "meses_atualizacao",
    "motivacao_automatica",
    "motivo_falsidade_sem_recurso",
    "oferece_isencao",
    "pedidos_com_resultado_definitivo",
    "pedidos_do_certame",
    "pendencias_proprias_preliminar",
    "prazo_final",
    "procedimento_procedente",
    "publicacao",
    "publicacoes_do_pedido",
    "publicar_resultado",
    "reais",
    "reconsiderar",
    "recurso_do_pedido",
    "regimes_com_isencao",
    "registrar_pagamento",
    "regra",
    "resultado_definitivo",
    "reverificar_pendentes",
    "situacao_taxa_efetiva",
    "taxas_ainda_pendentes",
    "solicitar_isencao",
    "validar_arquivo",
]
