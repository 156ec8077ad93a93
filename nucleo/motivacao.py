"""The one motivation rule of every decision of every procedure.

Every administrative decision states its reasons, with the facts and the legal basis
(Lei 9.784/1999, art. 50, applied by the municipalities' laws through the contraditório and
ampla defesa they guarantee: LC 22/2026, art. 3º, §3º and art. 5º; Lei 3.056/2025, art. 4º,
§1º and art. 7º; Lei 3.057/2026, art. 3º, §2º and art. 10, §3º). A decision against the
candidate (a rejection, a non-confirmation, a sanction, a vote to reject) needs a specific
one: at least `MINIMO_DESFAVORAVEL` characters and not a formula that fits any case
(product rule: the laws require the motivation, the product fixes what "specific" means).
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

#: Any decision: at least this many characters.
MINIMO = 10
#: A decision against the candidate: at least this many characters, and specific.
MINIMO_DESFAVORAVEL = 30
#: Any motivation, justification or free-text reason typed in a form: at most this many
#: characters (a 100,000-character vote justification was stored). An appeal's
#: reasons, a defence and the facts of a procedure allow nucleo.recursos.MAXIMO_TEXTO.
MAXIMO = 5_000

#: Formulas that say nothing about the case (compared without accents, case, punctuation).
GENERICAS = frozenset({
    "nao confirma", "nao confirmado", "nao confirmada", "nao", "indeferido", "indeferida",
    "indeferimento", "deferido", "deferimento", "negado", "procedente", "improcedente",
    "fraude", "fraude comprovada", "falsidade", "falsidade comprovada", "arquivado",
    "arquive se", "sem fraude", "nao ha fraude", "nao possui fenotipo",
    "nao possui fenotipo negro", "nao apresenta fenotipo", "nao apresenta fenotipo negro",
    "fenotipo nao compativel", "sem fenotipo", "nao atende", "nao atende aos criterios",
    "nao atende aos requisitos", "nao cumpre os requisitos", "requisitos nao atendidos",
    "conforme analise", "conforme avaliacao da comissao", "conforme edital", "sem motivo",
    "ver ata", "idem", "-", ".", "...",
})


def normalizar(texto: str) -> str:
    sem_acento = unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()
    for sinal in ".,;:_/":
        sem_acento = sem_acento.replace(sinal, " ")
    return " ".join(sem_acento.lower().split())


def generica(texto: str) -> bool:
    normalizado = normalizar(texto)
    return normalizado in GENERICAS or not normalizado.strip("- ")


def validar_motivacao(texto: str, *, desfavoravel: bool, especifica: str = "",
                      campo: str | None = None) -> str:
    """The motivation, stripped, or a ValidationError in Portuguese (on `campo`, if given).

    `especifica` says what a specific motivation is about in this procedure ("sobre os
    aspectos fenotípicos observados", "os fatos apurados e a apreciação da defesa"...)."""

    def erro(mensagem: str) -> ValidationError:
        return ValidationError({campo: mensagem} if campo else mensagem)

    texto = (texto or "").strip()
    if not texto:
        raise erro(_("Informe a motivação da decisão."))
    if desfavoravel and (len(texto) < MINIMO_DESFAVORAVEL or generica(texto)):
        raise erro(_(
            "Uma decisão desfavorável ao(à) candidato(a) precisa de motivação específica%(s)s "
            "(ao menos %(n)d caracteres), não uma fórmula genérica.") % {
            "n": MINIMO_DESFAVORAVEL, "s": f" ({especifica})" if especifica else ""})
    if len(texto) < MINIMO or generica(texto):
        raise erro(_("Informe a motivação da decisão (ao menos %(n)d caracteres).") % {
            "n": MINIMO})
    if len(texto) > MAXIMO:
        raise erro(_("A motivação passa de %(n)d caracteres: resuma-a ou anexe o texto "
                     "completo como documento.") % {"n": MAXIMO})
    return texto
