"""One cell of the banca's spreadsheet, parsed and checked on its own.

Numbers, tie-break keys, dates, sim/não, CPF and the text cells against their model field
(max_length, e-mail format: the validators are taken from the model, never restated here). A
cell that cannot be read raises `ValorInvalido` with the reason, in Portuguese; the rows'
validation (`candidatos.importacao.linhas`) records it by line and column.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator, MaxLengthValidator
from django.utils import timezone
from django.utils.translation import gettext as _
from localflavor.br.validators import BRCPFValidator

from candidatos.models import Candidato, CorRaca, Inscricao, TipoDeficiencia
from comum import formatos
from comum.nomes import problema_nome, validar_nome_pessoa
from comum.planilhas import mostrar, normalizar

VERDADEIRO = {"sim", "s", "1", "true", "verdadeiro", "x", "yes"}
FALSO = {"nao", "n", "0", "false", "falso", "", "no"}
COR_RACA = {
    "branca": CorRaca.BRANCA, "branco": CorRaca.BRANCA,
    "preta": CorRaca.PRETA, "preto": CorRaca.PRETA,
    "parda": CorRaca.PARDA, "pardo": CorRaca.PARDA,
    "amarela": CorRaca.AMARELA, "amarelo": CorRaca.AMARELA,
    "indigena": CorRaca.INDIGENA,
}
# Normalised label or code -> code.
TIPOS_DEFICIENCIA: dict[str, str] = {
    **{normalizar(str(label)): valor for valor, label in TipoDeficiencia.choices},
    **{valor: valor for valor in TipoDeficiencia.values},
}
SITUACOES = set(Inscricao.Situacao.values)
SITUACOES_TAXA = set(Inscricao.SituacaoTaxa.values)
#: What separates the codes of a `listas` cell ("PP|PCD"), besides blanks.
SEPARADORES_LISTAS = "|/+;,"
SEPARADOR_LISTAS = re.compile(rf"[{re.escape(SEPARADORES_LISTAS)}\s]+")
cpf_validator = BRCPFValidator()

# Text columns -> the model field whose validators (max_length, e-mail format...) each cell
# must pass: the limits are the model's, so a migration that changes them changes the import.
CAMPOS_TEXTO = {
    "inscricao": Inscricao._meta.get_field("numero"),
    "nome": Candidato._meta.get_field("nome"),
    "nome_social": Candidato._meta.get_field("nome_social"),
    "email": Candidato._meta.get_field("email"),
    "telefone": Candidato._meta.get_field("telefone"),
}
#: Person's names: stored in NFC and checked by `comum.nomes` (the model field's validator).
COLUNAS_NOME = ("nome", "nome_social")
CAMPO_NOTA = Inscricao._meta.get_field("nota")
#: Scores below this have at most max_digits - decimal_places whole digits: with at most
#: decimal_places (4) decimals, they pass the column's DecimalValidator.
NOTA_CABE = Decimal(10) ** (CAMPO_NOTA.max_digits - CAMPO_NOTA.decimal_places)
# C0/C1 control characters (NUL, tab, line breaks...): PostgreSQL refuses NUL in text, and
# none belongs in a name, an e-mail or an inscrição number.
CONTROLE = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# Tie-break keys are stored as decimal text in a JSON list (no column limit): bound them so a
# cell like "1e999999" cannot become a million-digit number. 20 digits hold any score, age
# in days or date written as a number (AAAAMMDD) an edital uses.
DESEMPATE_MAX_DIGITOS = 20
# A birth date before this is a typing error (no living candidate was born before 1900).
NASCIMENTO_MINIMO = dt.date(1900, 1, 1)


#: `normalizar` of coded cells (cor/raça, sim/não, tipo, situação): few distinct values, each
#: normalised once per process instead of once per row.
_normalizado = functools.lru_cache(maxsize=4096)(normalizar)


class ValorInvalido(Exception):
    pass


def decimal_br(texto: str) -> Decimal:
    """'87,5', '87.5', '1.234,5' -> Decimal. Exact, no float."""
    t = texto.strip().replace(" ", "")
    if not t:
        raise ValorInvalido(_("valor em branco"))
    if not t.isascii():  # Decimal() would take "٥٠" or "９９,５" as 50 and 99.5
        raise ValorInvalido(_("número inválido “%(v)s”") % {"v": mostrar(texto)})
    if "," in t:
        t = t.replace(".", "").replace(",", ".")
    try:
        valor = Decimal(t)
    except InvalidOperation:
        raise ValorInvalido(_("número inválido “%(v)s”") % {"v": mostrar(texto)}) from None
    if not valor.is_finite():
        raise ValorInvalido(_("número inválido “%(v)s”") % {"v": mostrar(texto)})
    return valor


def digitos_por_extenso(valor: Decimal) -> int:
    """How many digits `valor` has written out in full (without building the text)."""
    sinal, digitos, expoente = valor.as_tuple()
    inteiros = max(valor.adjusted() + 1, 1) if any(digitos) else 1
    return inteiros + max(-int(expoente), 0)


def desempate_br(texto: str) -> str:
    """A tie-break key as exact decimal text written out in full ("1e3" -> "1000"): the
    engine reads plain decimals only, never exponent notation."""
    if len(texto) <= DESEMPATE_MAX_DIGITOS and texto.isascii() and texto.isdigit():
        return str(int(texto))  # what the lines below give for plain digits ("040" -> "40")
    valor = decimal_br(texto)
    if digitos_por_extenso(valor) > DESEMPATE_MAX_DIGITOS:
        raise ValorInvalido(_("número “%(v)s” com mais de %(n)d dígitos") % {
            "v": mostrar(texto), "n": DESEMPATE_MAX_DIGITOS})
    return format(valor, "f")


_DATA_BR = re.compile(r"([0-9]{2})/([0-9]{2})/([0-9]{4})")
#: The date formats a cell may use, the first one the product's own (DD/MM/AAAA).
FORMATOS_DATA = ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y")


def data_br(texto: str) -> dt.date | None:
    if not texto:
        return None
    if not texto.isascii():  # strptime's \d would take any Unicode digit
        raise ValorInvalido(_("data inválida “%(v)s” (use DD/MM/AAAA)") % {"v": mostrar(texto)})
    # DD/MM/AAAA, the common case, without strptime (the same date it would give).
    encontro = _DATA_BR.fullmatch(texto)
    if encontro is not None:
        dia, mes, ano = encontro.groups()
        try:
            return dt.date(int(ano), int(mes), int(dia))
        except ValueError:
            pass  # 31/02/2000...: the formats below give the same error message
    for formato in FORMATOS_DATA:
        try:
            return dt.datetime.strptime(texto, formato).date()
        except ValueError:
            continue
    raise ValorInvalido(_("data inválida “%(v)s” (use DD/MM/AAAA)") % {"v": mostrar(texto)})


def data_nascimento_br(texto: str, hoje: dt.date | None = None) -> dt.date | None:
    data = data_br(texto)
    if data is None:
        return None
    if data > (hoje or timezone.localdate()):
        raise ValorInvalido(_("data de nascimento %(d)s no futuro") % {
            "d": formatos.data_br(data)})
    if data < NASCIMENTO_MINIMO:
        raise ValorInvalido(_("data de nascimento %(d)s anterior a %(m)s") % {
            "d": formatos.data_br(data), "m": formatos.data_br(NASCIMENTO_MINIMO)})
    return data


def _booleano(texto: str) -> bool:
    t = _normalizado(texto)
    if t in VERDADEIRO:
        return True
    if t in FALSO:
        return False
    raise ValorInvalido(_("valor “%(v)s” não é sim/não") % {"v": mostrar(texto)})


_NAO_DIGITO_ASCII = re.compile(r"[^0-9]")


def _cpf(texto: str) -> str:
    # Only ASCII digits count: "０１２…" or "٠١٢…" is not a CPF.
    digitos = _NAO_DIGITO_ASCII.sub("", texto)
    if len(digitos) < 11 and digitos and texto.strip().isdigit() and texto.isascii():
        digitos = digitos.zfill(11)  # spreadsheets drop leading zeros
    if len(digitos) == 11 and digitos.isascii():
        # localflavor's BRCPFValidator for 11 ASCII digits, inline (the hot path): both
        # check digits, and not one digit repeated eleven times.
        if digitos[9:] == _digitos_verificadores(digitos) and digitos.count(digitos[0]) != 11:
            return digitos
        raise ValorInvalido(_("CPF inválido “%(v)s”") % {"v": mostrar(texto)})
    try:
        cpf_validator(digitos)
    except ValidationError:
        raise ValorInvalido(_("CPF inválido “%(v)s”") % {"v": mostrar(texto)}) from None
    return digitos


def _digitos_verificadores(cpf: str) -> str:
    """The two check digits of the CPF whose first nine digits start `cpf` (mod 11)."""
    a, b, c, d, e, f, g, h, i = (ord(x) - 48 for x in cpf[:9])
    r = (10 * a + 9 * b + 8 * c + 7 * d + 6 * e + 5 * f + 4 * g + 3 * h + 2 * i) % 11
    dv1 = 0 if r < 2 else 11 - r
    r = (11 * a + 10 * b + 9 * c + 8 * d + 7 * e + 6 * f + 5 * g + 4 * h + 3 * i
         + 2 * dv1) % 11
    return f"{dv1}{0 if r < 2 else 11 - r}"


# Per text column: (max_length, the field's other validators). The length is compared
# directly (the hot path of a 100,000-row file); the validators run only when there are any
# (the e-mail format) or when the length is exceeded (for the model's own message).
_REGRAS_TEXTO = {
    coluna: (campo.max_length, [v for v in campo.validators
                                if not isinstance(v, MaxLengthValidator)])
    for coluna, campo in CAMPOS_TEXTO.items()
}


def _aceito_pelo_email_validator() -> Callable[[str], bool] | None:
    """The acceptance path of the e-mail field's EmailValidator (its own two patterns,
    compiled once): True only where that validator accepts; anything else goes through the
    validator itself, for its verdict and message. None if the field has other validators
    (then they all run)."""
    outros = _REGRAS_TEXTO["email"][1]
    if len(outros) != 1 or not isinstance(outros[0], EmailValidator):
        return None
    validador = outros[0]
    usuario = re.compile(validador.user_regex.pattern, validador.user_regex.flags)
    dominio = re.compile(validador.domain_regex.pattern, validador.domain_regex.flags)

    def aceito(valor: str) -> bool:
        if "@" not in valor or len(valor) > 320:
            return False
        parte_usuario, parte_dominio = valor.rsplit("@", 1)
        return bool(usuario.match(parte_usuario) and dominio.match(parte_dominio))

    return aceito


def _aceito_pelo_validador_de_nome(coluna: str) -> Callable[[str], bool] | None:
    """The name fields' validator (`comum.nomes`) called directly, without Django's
    run_validators: None if the field has other validators (then they all run)."""
    if _REGRAS_TEXTO[coluna][1] != [validar_nome_pessoa]:
        return None
    return lambda valor: problema_nome(valor) is None


# Columns whose validators have a fast acceptance path (the hot path of a large file).
_ACEITOS = {coluna: aceito for coluna, aceito in
            (("email", _aceito_pelo_email_validator()),
             *((coluna, _aceito_pelo_validador_de_nome(coluna)) for coluna in COLUNAS_NOME))
            if aceito is not None}


def erros_texto(coluna: str, texto: str) -> list[str]:
    """Why a non-blank text cell cannot be stored in its model field (empty list if it can)."""
    if CONTROLE.search(texto):
        return [_("caractere de controle não permitido")]
    maximo, outros = _REGRAS_TEXTO[coluna]
    if maximo is None or len(texto) <= maximo:
        if not outros:
            return []
        aceito = _ACEITOS.get(coluna)
        if aceito is not None and aceito(texto):
            return []
    try:
        CAMPOS_TEXTO[coluna].run_validators(texto)
    except ValidationError as exc:
        return list(exc.messages)
    return []


#: The value of a score cell that erases the stored score (a blank cell keeps it).
APAGAR_NOTA = "apagar"


class _NotaMantida:
    """A blank score cell: the stored score (if any) stays, resolved against the database in
    phase 2 (`conferencia._resolver_notas_mantidas`); a new inscrição gets none."""

    def __repr__(self) -> str:
        return "MANTER"


MANTER = _NotaMantida()
