"""Administrative procedures before a sanction (contraditório e ampla defesa): the domain.

One set of mechanics for the two kinds of `ProcedimentoAdministrativo`:

- `falsidade_isencao`: false information to obtain the fee exemption (Lei 3.057/2026 de
  Severínia, art. 5º);
- `fraude_autodeclaracao`: fraud or bad faith in the self-declaration for a reserved list
  (Severínia art. 12; Pirangi Lei 3.056/2025, art. 7º; SMBV LC 22/2026, art. 3º, §3º; the
  federal regime's `fundamento_fraude`).

Steps, each one function that checks the rule, writes inside one transaction, records the act
(`registrar_ato`) and queues follow-ups on commit:

    abrir_procedimento  -> notice with the facts and a deadline (e-mail on commit, portal page)
    apresentar_defesa   -> the candidate only, within the deadline, once
    decidir_procedimento -> after the defence or its deadline; motivated; the consequence by
                            the phase of the certame, with the legal basis of the type and regime
    registrar_encaminhamento -> the decision forwarded to an authority (Pirangi art. 7º, §2º)
    apresentar_recurso / julgar_recurso -> the candidate's one appeal against a proven case, within
                            `RegraSancao.prazo_recurso_dias` of the decision's notice, addressed
                            to the RH user who decided (who may reconsider within five days),
                            then judged by the certame's superior authority
                            (`nucleo.autoridade`); a granted appeal undoes the decision's
                            effects
    encerrar_procedimento -> the closing: decided, no appeal pending or possible, and every
                            forwarding the regime requires recorded (`motivo_para_nao_encerrar`);
                            an improcedente decision archives it at once

A case proven after the nomeação (or, for the exemption's falsity, after the call) annuls it:
the decision records the annulment as an act on the call (`candidatos.chamadas.anular_chamadas`,
with the regime's article), so the call stays in the history, unoccupied, every order shows it
as annulled and the recompute calls its reserved vacancy again (spec sections 7 and 9).

What a proven case does is type-specific (`TIPOS`, keyed by `ProcedimentoAdministrativo.tipo`);
what it does outside the lists and the inscrição (the exemption request, art. 5º, I) is
registered here by the module that owns it (`consequencia`), never imported from here.

The procedure is a plug-in of the procedure kernel (`nucleo.registro`, key
"procedimento_administrativo", registered by `CandidatosConfig.ready()`): the appeal is the
kernel's `nucleo.Recurso` with its attachments, filed through `nucleo.recursos`; the motivation
rule is `nucleo.motivacao`. It is decided case by case and notified to the candidate, never
published in lists (`publica_em_lotes = False`: the notice the procedure already has; LGPD,
Lei 13.709/2018, art. 6º, III).

A non-confirmation by the committee is not fraud (Severínia art. 11, caput; spec section 5): no
list state opens or implies a procedure here. RH opens one only on indications or a complaint.

The package, one module per step (this module is its public face: callers import
`candidatos.procedimentos` and use the names below):

- `base`: the kinds and outcomes, the authorities, the legal basis of each kind (`RegraSancao`);
- `tipos`: the kinds (`TIPOS`): the opening's checks, the sanction by phase, its effects, the
  effects other modules register, and their undoing by a granted appeal;
- `notificacoes`: the candidate's e-mails (`comum.emails`);
- `abertura`: the opening and the defence;
- `decisao`: the decision and its effects;
- `encaminhamentos`: the forwardings and the closing;
- `recurso`: the appeal, the reconsideration and the ruling (its rules in its docstring);
- `plugin`: the kernel's plug-in;
- `consultas`: the RH list's filters.
"""

from __future__ import annotations

from candidatos.procedimentos.abertura import (
    abrir_procedimento,
    apresentar_defesa,
    pode_decidir,
    pode_defender,
)
from candidatos.procedimentos.base import (
    AO_DESTINO,
    CHAVE,
    HOMOLOGADOS,
    TAREFA_ABERTURA,
    TAREFA_DECISAO,
    TAREFA_JULGAMENTO,
    Conclusao,
    Consequencia,
    Destino,
    Fundamentos,
    Origem,
    ResultadoRecurso,
    Tipo,
    data_hora,
    fundamentos_falsidade,
    fundamentos_fraude,
)
from candidatos.procedimentos.consultas import SITUACOES, procedimentos_do_certame
from candidatos.procedimentos.decisao import decidir_procedimento
from candidatos.procedimentos.encaminhamentos import (
    chamadas_anuladas,
    encaminhamentos_exigidos,
    encaminhamentos_pendentes,
    encaminhamentos_registrados,
    encerrar_procedimento,
    motivo_para_nao_encerrar,
    registrar_encaminhamento,
)
from candidatos.procedimentos.notificacoes import (
    notificar_abertura,
    notificar_decisao,
    notificar_julgamento,
)
from candidatos.procedimentos.plugin import (
    PLUGIN,
    ProcedimentoAdministrativoPlugin,
    registrar_plugin,
)
from candidatos.procedimentos.recurso import (
    apresentar_recurso,
    fim_do_prazo_recurso,
    fundamento_recurso_de,
    janela_recurso,
    julgar_recurso,
    motivo_para_nao_julgar,
    motivo_para_nao_recorrer,
    pode_julgar,
    reconsiderar,
    recurso_de,
)
from candidatos.procedimentos.tipos import (
    TIPOS,
    FalsidadeIsencao,
    FraudeAutodeclaracao,
    TipoProcedimento,
    consequencia,
    consequencia_por_fase,
    consequencias_de,
    fundamentos_de,
    objeto_de,
    reversao,
    tipo_de,
)

# What a proven fraud sets a list's state with (`tipos`): callers have always read it here.
from candidatos.servicos import registrar_situacao_lista

__all__ = [
    "AO_DESTINO",
    "CHAVE",
    "Conclusao",
    "Consequencia",
    "Destino",
    "FalsidadeIsencao",
    "FraudeAutodeclaracao",
    "Fundamentos",
    "HOMOLOGADOS",
    "Origem",
    "PLUGIN",
    "ProcedimentoAdministrativoPlugin",
    "ResultadoRecurso",
    "SITUACOES",
    "TAREFA_ABERTURA",
    "TAREFA_DECISAO",
    "TAREFA_JULGAMENTO",
    "TIPOS",
    "Tipo",
    "TipoProcedimento",
    "abrir_procedimento",
    "apresentar_defesa",
    "chamadas_anuladas",
    "consequencia",
    "consequencia_por_fase",
    "consequencias_de",
    "data_hora",
    "decidir_procedimento",
    "encaminhamentos_exigidos",
    "encaminhamentos_pendentes",
    "encaminhamentos_registrados",
    "encerrar_procedimento",
    "fim_do_prazo_recurso",
    "fundamento_recurso_de",
    "fundamentos_de",
    "fundamentos_falsidade",
    "fundamentos_fraude",
    "janela_recurso",
    "julgar_recurso",
    "motivo_para_nao_encerrar",
    "motivo_para_nao_julgar",
    "motivo_para_nao_recorrer",
    "notificar_abertura",
    "notificar_decisao",
    "notificar_julgamento",
    "objeto_de",
    "pode_decidir",
    "pode_defender",
    "pode_julgar",
    "procedimentos_do_certame",
    "reconsiderar",
    "apresentar_recurso",
    "recurso_de",
    "registrar_encaminhamento",
    "registrar_plugin",
    "registrar_situacao_lista",
    "reversao",
    "tipo_de",
]
