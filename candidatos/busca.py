"""RH's search for an inscrição across certames: by CPF, by inscrição
number or by name (civil or social).

- Digits only (punctuation ignored): 11 digits is a CPF (exact, unique index) or an inscrição
  number; any other count of digits is an inscrição number, compared as
  `candidatos.contas.cadastro.normalizar_inscricao` does (no mask, no leading zeros).
- Otherwise every word of 2 or more letters must appear in the civil or the social name
  (case-insensitive substring). On PostgreSQL this is served by trigram GIN indexes on
  UPPER(nome) and UPPER(nome_social) (migration candidatos/0012), so it stays fast with
  hundreds of thousands of inscrições; on SQLite it is the same filter without the index.
- At most `LIMITE` results, by name: RH refines the query instead of paging a crowd.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from candidatos.models import Inscricao, somente_digitos

LIMITE = 50
MINIMO_LETRAS = 3


@dataclass
class ResultadoBusca:
    termo: str
    inscricoes: list[Inscricao] = field(default_factory=list)
    #: More than LIMITE matched: the page asks for a narrower query.
    excedeu: bool = False
    #: Why nothing was searched (too short), in Portuguese; empty when searched.
    aviso: str = ""
    #: What the query was read as: "cpf", "numero" or "nome".
    modo: str = ""


def _numeros(digitos: str) -> list[str]:
    """The stored forms an inscrição number may have: numbers are imported with or without
    leading zeros, so "123" may be stored as "000123". Every zero-padded width up to the
    field's length, all served by the index on the number."""
    sem_zeros = digitos.lstrip("0") or "0"
    largura = Inscricao._meta.get_field("numero").max_length or 20
    return sorted({sem_zeros.zfill(w) for w in range(len(sem_zeros), largura + 1)})


def _consulta(termo: str) -> tuple[str, Q | None, str]:
    limpo = " ".join(termo.split())
    digitos = somente_digitos(limpo)
    if limpo and digitos and not any(ch.isalpha() for ch in limpo):
        filtro = Q(numero__in=_numeros(digitos))
        if len(digitos) == 11:
            return "cpf", Q(candidato__cpf=digitos) | filtro, ""
        return "numero", filtro, ""
    palavras = [p for p in limpo.split(" ") if len(p) >= 2]
    if not palavras or max(len(p) for p in palavras) < MINIMO_LETRAS:
        return "", None, _("Digite ao menos %(n)d letras do nome, o CPF ou o número da "
                           "inscrição.") % {"n": MINIMO_LETRAS}
    filtro = Q()
    for palavra in palavras:
        filtro &= Q(candidato__nome__icontains=palavra) | Q(
            candidato__nome_social__icontains=palavra)
    return "nome", filtro, ""


def buscar(termo: str, base: QuerySet[Inscricao] | None = None) -> ResultadoBusca:
    modo, filtro, aviso = _consulta(termo or "")
    resultado = ResultadoBusca(termo=termo or "", aviso=aviso, modo=modo)
    if filtro is None:
        return resultado
    consulta = (base if base is not None else Inscricao.objects.all()).filter(filtro)
    achadas = list(consulta.select_related("candidato", "cargo", "certame__orgao")
                   .order_by("candidato__nome", "certame_id", "numero")[:LIMITE + 1])
    resultado.excedeu = len(achadas) > LIMITE
    resultado.inscricoes = achadas[:LIMITE]
    return resultado
