"""Import of the banca's spreadsheet (CSV or XLSX): candidates, inscrições and scores.

All or nothing, in two phases:

1. Every row is parsed and checked on its own (no writes): required cells, CPF, cargo, the
   self-declaration against the regime, every text cell against its model field (max_length,
   e-mail format: the validators are taken from the model, never restated here), dates, the
   score against the edital's maximum and the DecimalField, tie-break keys, duplicates and
   one CPF with different personal data within the file.
2. One transaction, holding the certame's row lock (so imports and portal inscrições of the
   same certame are serialised), checks the file against the database (numbers and CPFs
   already taken, and the tie-break keys: every scored inscrição of a cargo is ranked by the
   same keys, spec section 5, so a file may not leave a cargo with scored inscrições of two
   different key counts) and then writes only what changed, with bulk operations (no per-row
   queries), so re-importing the same file changes nothing. `ao_gravar` runs inside that
   transaction, so a caller's record of the outcome (the `Importacao` status) commits or rolls
   back together with the rows.

Any error rejects the whole file with every error listed by line and column, in Portuguese,
and nothing is written.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator, MaxLengthValidator
from django.db import connection, transaction
from django.db.models import Count, F, Func, IntegerField
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from localflavor.br.validators import BRCPFValidator
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from candidatos.models import (
    Candidato,
    CorRaca,
    Inscricao,
    TipoDeficiencia,
    erros_autodeclaracao,
    mesmo_email,
)
from candidatos.servicos import motivo_opcoes_fixadas
from certames.auditoria import registrar_ato
from certames.models import Cargo, Certame
from certames.recalculo import solicitar_recalculo
from certames.travas import travar_sem_ler
from comum import formatos
from comum.nomes import nome_normalizado, problema_nome, validar_nome_pessoa
from comum.planilhas import (
    MAX_ERROS,
    ArquivoRejeitado,
    ErroLinha,
    Planilha,
    ler_planilha,
    mostrar,
    normalizar,
)

LOTE = 2000  # rows per bulk statement and per progress update
#: How the rows are written: "copia" (PostgreSQL COPY into staging tables and set-based
#: statements), "orm" (bulk operations of the ORM, any database), "auto" (COPY when possible).
VIA_AUTO, VIA_COPIA, VIA_ORM = "auto", "copia", "orm"
#: The change reason of the history rows the import writes.
MOTIVO_HISTORICO = "importação"

# Canonical column name -> accepted header spellings (already normalised: lowercase, no
# accents, non-alphanumerics as "_").
COLUNAS: dict[str, tuple[str, ...]] = {
    "inscricao": ("inscricao", "numero_inscricao", "n_inscricao", "numero"),
    "cpf": ("cpf",),
    "nome": ("nome", "nome_civil", "nome_completo"),
    "nome_social": ("nome_social",),
    "data_nascimento": ("data_nascimento", "nascimento", "data_de_nascimento"),
    "email": ("email", "e_mail"),
    "telefone": ("telefone", "celular"),
    "cargo": ("cargo", "codigo_cargo", "cod_cargo", "codigo_do_cargo"),
    "cor_raca": ("cor_raca", "raca_cor", "cor", "cor_ou_raca"),
    "quilombola": ("quilombola",),
    "deficiencia": ("deficiencia", "pcd", "pessoa_com_deficiencia"),
    "tipo_deficiencia": ("tipo_deficiencia", "tipo_de_deficiencia"),
    "listas": ("listas", "reserva", "opcao_reserva", "listas_reservadas", "cotas"),
    "nota": ("nota", "nota_final", "pontuacao", "pontuacao_final"),
    "situacao": ("situacao",),
    "situacao_taxa": ("situacao_taxa", "taxa"),
}
OBRIGATORIAS = ("inscricao", "cpf", "nome", "cargo", "cor_raca")
COLUNA_DESEMPATE = re.compile(r"^desempate_?(\d+)$")

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
SEPARADOR_LISTAS = re.compile(r"[|/+;,\s]+")
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


@dataclass
class Resumo:
    linhas: int = 0
    candidatos_criados: int = 0
    candidatos_atualizados: int = 0
    inscricoes_criadas: int = 0
    inscricoes_atualizadas: int = 0
    inscricoes_inalteradas: int = 0
    cargos_afetados: set[int] = field(default_factory=set)

    def como_dict(self) -> dict[str, Any]:
        return {
            "linhas": self.linhas,
            "candidatos_criados": self.candidatos_criados,
            "candidatos_atualizados": self.candidatos_atualizados,
            "inscricoes_criadas": self.inscricoes_criadas,
            "inscricoes_atualizadas": self.inscricoes_atualizadas,
            "inscricoes_inalteradas": self.inscricoes_inalteradas,
            "cargos_afetados": sorted(self.cargos_afetados),
        }


Progresso = Callable[[int, int, str], None]  # (done, total, phase)


# --- parsing of cells ----------------------------------------------------------------------

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
    for formato in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y"):
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


# --- the import ----------------------------------------------------------------------------


@dataclass
class _Linha:
    numero_linha: int
    valores: dict[str, Any]


def importar_inscricoes(
    certame: Certame,
    conteudo: bytes,
    *,
    autor=None,
    nome_arquivo: str = "",
    progresso: Progresso | None = None,
    ao_gravar: Callable[[Resumo], None] | None = None,
    via: str = VIA_AUTO,
) -> Resumo:
    """Validate the whole file, then check it against the database and write it, in one
    transaction. Raises ArquivoRejeitado (nothing written). `ao_gravar(resumo)` runs inside
    the write transaction, after the rows: whatever it records commits with them or not at
    all. `via` chooses how the rows are written (VIA_AUTO: COPY on PostgreSQL when the role
    may create temporary tables, the ORM otherwise); both write the same rows."""
    if via not in (VIA_AUTO, VIA_COPIA, VIA_ORM):
        raise ValueError(f"via desconhecida: {via!r}")
    progresso = progresso or (lambda feito, total, fase: None)
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS, extras=COLUNA_DESEMPATE)
    # Tie-break columns in the order of their numbers (desempate_1, desempate_2, ...).
    col_desempate = [extra.indice for extra in sorted(
        planilha.extras, key=lambda extra: (int(extra.encontro.group(1)), extra.indice))]
    nomes_desempate = [planilha.cabecalho[i] for i in col_desempate]
    validas, erros, excedentes = _validar_linhas(certame, planilha, col_desempate,
                                                 nomes_desempate, progresso)
    if not erros:
        progresso(planilha.total_linhas, planilha.total_linhas, "gravando")
    with transaction.atomic():
        # The certame's lock serialises imports and portal inscrições of this certame, so the
        # checks below still hold when the rows are written.
        travar_sem_ler(Certame, certame)
        with _ajustes_postgresql():
            resumo = _conferir_e_gravar(certame, validas, nomes_desempate, erros, excedentes,
                                        autor=autor, nome_arquivo=nome_arquivo, via=via)
        if ao_gravar is not None:
            ao_gravar(resumo)
    return resumo


@contextmanager
def _ajustes_postgresql():
    """On PostgreSQL, for the import's statements only: no JIT (it would spend seconds
    compiling plans of 100,000-row statements that run once; the column-history trigger turns
    it off for itself too) and room to sort and hash 100,000 rows in memory. Transaction-local
    (`set_config(..., true)`) and restored on the way out; a rollback reverts them anyway."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('jit'), current_setting('work_mem'), "
                       "set_config('jit', 'off', true), set_config('work_mem', '64MB', true)")
        jit, work_mem = cursor.fetchone()[:2]
    yield
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('jit', %s, true), set_config('work_mem', %s, true)",
                       [jit, work_mem])


def _conferir_e_gravar(certame, validas, nomes_desempate, erros, excedentes, *, autor,
                       nome_arquivo, via) -> Resumo:
    # The valid rows are checked against the database even when others have errors, so
    # one round lists every error of the file (the first MAX_ERROS, and their total).
    existentes_num, candidatos_existentes = _validar_contra_banco(
        certame, validas, nomes_desempate, erros, excedentes)
    if via == VIA_AUTO:
        via = VIA_COPIA if copia_disponivel() else VIA_ORM
    elif via == VIA_COPIA and not copia_disponivel():
        raise ValueError("COPY exige PostgreSQL e o privilégio TEMPORARY no banco")
    return _gravar(certame, validas, existentes_num, candidatos_existentes, autor=autor,
                   nome_arquivo=nome_arquivo, via=via)


def _rejeitar(erros: list[ErroLinha], excedentes: int = 0) -> None:
    """Refuse the file with its first errors (by line and column) and their total."""
    erros.sort(key=lambda e: (e.linha, e.coluna))
    raise ArquivoRejeitado(erros, len(erros) + excedentes)


#: The value of a score cell that erases the stored score (a blank cell keeps it).
APAGAR_NOTA = "apagar"


class _NotaMantida:
    """A blank score cell: the stored score (if any) stays, resolved against the database in
    phase 2 (`_resolver_notas_mantidas`); a new inscrição gets none."""

    def __repr__(self) -> str:
        return "MANTER"


MANTER = _NotaMantida()


class _ValidadorLinhas:
    """Phase 1: every row on its own and against the others in the file (no writes).

    One method per column or check; `linha` runs them in order for one row, adding to the
    row's values (`v`) and errors. Only the first MAX_ERROS errors are kept; the rest are
    counted (`excedentes`)."""

    def __init__(self, certame: Certame, planilha: Planilha, col_desempate: list[int],
                 nomes_desempate: list[str]):
        self.regime = certame.regime_legal
        self.cargos = {c.codigo.upper(): c for c in Cargo.objects.filter(certame=certame)
                       .select_related("certame")}
        self.nota_maxima = decimal_br(str(certame.parametros.get("nota_maxima", "100")))
        self.indices = planilha.colunas
        self.colunas = [(nome, self.indices.get(nome)) for nome in COLUNAS]
        self.col_desempate = col_desempate
        self.nomes_desempate = nomes_desempate
        self.hoje = timezone.localdate()
        self.erros: list[ErroLinha] = []
        self.excedentes = 0
        self.validas: list[_Linha] = []
        self.vistos_numero: dict[str, int] = {}
        self.vistos_cpf_cargo: dict[tuple[str, str], int] = {}
        self.dados_por_cpf: dict[str, tuple[dict[str, Any], int]] = {}
        # A pure function of the self-declaration under the certame's regime: computed once
        # per distinct self-declaration of the file.
        self.autodeclaracoes: dict[tuple, dict[str, list[str]]] = {}
        # The current row (set by `linha`).
        self.n = 0
        self.cel: Callable[[str], str] = str
        self.v: dict[str, Any] = {}
        self.erros_linha: list[ErroLinha] = []

    # --- the row ---

    def linha(self, n: int, celulas: list[str]) -> None:
        # Every cell of the row, stripped, once (a missing cell is blank).
        tamanho = len(celulas)
        self.cel = {nome: celulas[i].strip() if i is not None and i < tamanho else ""
                    for nome, i in self.colunas}.__getitem__
        self.n, self.v, self.erros_linha = n, {}, []
        self.obrigatorias()
        self.texto("inscricao")
        self.texto("nome")
        if self.cel("cpf"):
            self.converter("cpf", _cpf)
        self.cargo()
        self.cor_raca()
        for opcional in ("nome_social", "email", "telefone"):
            if opcional in self.indices:
                self.texto(opcional)
        if "data_nascimento" in self.indices:
            self.converter("data_nascimento",
                           lambda texto: data_nascimento_br(texto, self.hoje))
        for booleano in ("quilombola", "deficiencia"):
            if booleano in self.indices:
                self.converter(booleano, _booleano)
            else:
                self.v[booleano] = False
        self.tipo_deficiencia()
        self.v["listas"] = [t.upper() for t in SEPARADOR_LISTAS.split(self.cel("listas")) if t]
        self.nota()
        self.desempate(celulas)
        self.codigo("situacao", SITUACOES, _("situação “%(v)s” inválida (%(validas)s)"))
        self.codigo("situacao_taxa", SITUACOES_TAXA,
                    _("situação da taxa “%(v)s” inválida (%(validas)s)"))
        self.autodeclaracao()
        self.repetidas()
        self.mesma_pessoa()
        if self.erros_linha:
            self.guardar_erros(self.erros_linha)
        else:
            self.validas.append(_Linha(n, self.v))

    def guardar_erros(self, erros: list[ErroLinha]) -> None:
        vagas = MAX_ERROS - len(self.erros)
        self.erros.extend(erros[:max(vagas, 0)])
        self.excedentes += max(len(erros) - max(vagas, 0), 0)

    def erro(self, coluna: str, mensagem: str) -> None:
        self.erros_linha.append(ErroLinha(self.n, coluna, mensagem))

    # --- cells ---

    def converter(self, coluna: str, funcao: Callable[[str], Any]) -> None:
        try:
            self.v[coluna] = funcao(self.cel(coluna))
        except ValorInvalido as exc:
            self.erro(coluna, str(exc))

    def texto(self, coluna: str) -> None:
        valor = self.cel(coluna)
        if valor and coluna in COLUNAS_NOME:
            valor = nome_normalizado(valor)
        problemas = erros_texto(coluna, valor) if valor else []
        for mensagem in problemas:
            self.erro(coluna, mensagem)
        if not problemas:
            self.v[coluna] = valor

    def obrigatorias(self) -> None:
        for obrigatoria in OBRIGATORIAS:
            if not self.cel(obrigatoria):
                self.erro(obrigatoria, _("valor obrigatório em branco"))

    def cargo(self) -> None:
        codigo = self.cel("cargo").upper()
        if not codigo:
            return
        if codigo not in self.cargos:
            self.erro("cargo", _("cargo “%(c)s” não existe neste certame") % {
                "c": mostrar(self.cel("cargo"))})
        else:
            self.v["cargo"] = self.cargos[codigo]

    def cor_raca(self) -> None:
        if not self.cel("cor_raca"):
            return
        cor = COR_RACA.get(_normalizado(self.cel("cor_raca")))
        if cor is None:
            self.erro("cor_raca", _(
                "cor ou raça “%(v)s” inválida (branca, preta, parda, amarela ou indígena)")
                % {"v": mostrar(self.cel("cor_raca"))})
        else:
            self.v["cor_raca"] = cor

    def tipo_deficiencia(self) -> None:
        self.v["tipo_deficiencia"] = ""
        if not self.cel("tipo_deficiencia"):
            return
        tipo = TIPOS_DEFICIENCIA.get(_normalizado(self.cel("tipo_deficiencia")))
        if tipo is None:
            self.erro("tipo_deficiencia", _("tipo de deficiência “%(v)s” inválido") % {
                "v": mostrar(self.cel("tipo_deficiencia"))})
        else:
            self.v["tipo_deficiencia"] = tipo

    def nota(self) -> None:
        """A blank cell keeps the stored score (MANTER); "apagar" erases it; else a score
        within the edital's maximum and the column's limits."""
        texto = self.cel("nota")
        if not texto:
            self.v["nota"] = MANTER
            return
        self.v["nota"] = None
        if _normalizado(texto) == APAGAR_NOTA:
            return
        nota_txt = mostrar(texto)
        try:
            nota = decimal_br(texto)
            if not (0 <= nota <= self.nota_maxima):
                self.erro("nota", _("nota %(v)s fora do intervalo de 0 a %(max)s") % {
                    "v": nota_txt, "max": self.nota_maxima})
            elif nota.as_tuple().exponent < -4:  # type: ignore[operator]
                self.erro("nota", _("nota %(v)s com mais de 4 casas decimais") % {
                    "v": nota_txt})
            else:
                # The column's own limits (max_digits, decimal_places) too: the edital's
                # maximum may be larger than the column holds. Below NOTA_CABE, with no more
                # decimals than the column, the score always fits.
                expoente = nota.as_tuple().exponent
                if (nota >= NOTA_CABE or not isinstance(expoente, int)
                        or expoente < -CAMPO_NOTA.decimal_places):
                    CAMPO_NOTA.run_validators(nota)
                self.v["nota"] = nota
        except ValorInvalido as exc:
            self.erro("nota", str(exc))
        except ValidationError as exc:
            for mensagem in exc.messages:
                self.erro("nota", mensagem)

    def desempate(self, celulas: list[str]) -> None:
        """An unscored candidate (absent, eliminated) may have blank tie-break cells; a
        scored one needs every key, since every candidate of a list is ranked by the same
        keys (spec section 5): within the file every scored row has one key per column."""
        desempate: list[str] = []
        textos = [celulas[i].strip() if i < len(celulas) else "" for i in self.col_desempate]
        nota_informada = self.cel("nota") and _normalizado(self.cel("nota")) != APAGAR_NOTA
        if any(textos) or nota_informada:
            for nome_col, texto in zip(self.nomes_desempate, textos, strict=True):
                try:
                    desempate.append(desempate_br(texto))
                except ValorInvalido as exc:
                    self.erro(nome_col, str(exc))
        self.v["desempate"] = desempate

    def codigo(self, coluna: str, validos: set[str], mensagem: str) -> None:
        if coluna not in self.indices or not self.cel(coluna):
            return
        valor = _normalizado(self.cel(coluna))
        if valor not in validos:
            self.erro(coluna, mensagem % {"v": mostrar(self.cel(coluna)),
                                          "validas": ", ".join(sorted(validos))})
        self.v[coluna] = valor

    # --- the row as a whole, and against the other rows ---

    def autodeclaracao(self) -> None:
        """Reserved lists: allowed by the regime and matching the self-declaration."""
        v = self.v
        if "cor_raca" not in v:
            return
        chave = (v["cor_raca"], v.get("quilombola", False), v.get("deficiencia", False),
                 v["tipo_deficiencia"], tuple(v["listas"]))
        erros_opcoes = self.autodeclaracoes.get(chave)
        if erros_opcoes is None:
            erros_opcoes = self.autodeclaracoes[chave] = erros_autodeclaracao(
                self.regime, cor_raca=v["cor_raca"], quilombola=v.get("quilombola", False),
                deficiencia=v.get("deficiencia", False),
                tipo_deficiencia=v["tipo_deficiencia"], listas=v["listas"])
        for campo, mensagens in erros_opcoes.items():
            for mensagem in mensagens:
                self.erro(campo, mensagem)

    def repetidas(self) -> None:
        """Duplicates within the file: the inscrição number, and CPF and cargo."""
        v, n = self.v, self.n
        if v.get("inscricao"):
            if v["inscricao"] in self.vistos_numero:
                self.erro("inscricao", _(
                    "inscrição %(i)s repetida (já aparece na linha %(l)d)") % {
                    "i": v["inscricao"], "l": self.vistos_numero[v["inscricao"]]})
            else:
                self.vistos_numero[v["inscricao"]] = n
        if "cpf" in v and "cargo" in v:
            chave = (v["cpf"], v["cargo"].codigo)
            if chave in self.vistos_cpf_cargo:
                self.erro("cpf", _("candidato já inscrito neste cargo na linha %(l)d") % {
                    "l": self.vistos_cpf_cargo[chave]})
            else:
                self.vistos_cpf_cargo[chave] = n

    def mesma_pessoa(self) -> None:
        """One person, one set of personal data: a CPF that appears in several rows (one per
        cargo) must carry the same data in each."""
        v, n = self.v, self.n
        if "cpf" not in v:
            return
        anterior, linha_anterior = self.dados_por_cpf.setdefault(v["cpf"], (v, n))
        if linha_anterior == n:
            return
        if (v.get("nome") and anterior.get("nome")
                and normalizar(anterior["nome"]) != normalizar(v["nome"])):
            self.erro("nome", _("o CPF já aparece com outro nome na linha %(l)d") % {
                "l": linha_anterior})
        for campo in ("nome_social", "data_nascimento", "email", "telefone"):
            if campo in v and campo in anterior and v[campo] != anterior[campo]:
                self.erro(campo, _("o CPF já aparece com outro valor na linha %(l)d") % {
                    "l": linha_anterior})


def _validar_linhas(certame: Certame, planilha: Planilha, col_desempate: list[int],
                    nomes_desempate: list[str],
                    progresso: Progresso) -> tuple[list[_Linha], list[ErroLinha], int]:
    """Phase 1: the valid rows, the first errors and how many more errors there are."""
    validador = _ValidadorLinhas(certame, planilha, col_desempate, nomes_desempate)
    total = planilha.total_linhas
    for n, celulas in planilha.linhas:  # blank lines are not there
        validador.linha(n, celulas)
        if (n - 1) % LOTE == 0:
            progresso(n - 1, total, "validando")
    return validador.validas, validador.erros, validador.excedentes


class _TamanhoJSON(Func):
    """Number of elements of a JSON array column, computed by the database."""

    function = "JSON_ARRAY_LENGTH"  # SQLite
    output_field = IntegerField()

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, function="JSONB_ARRAY_LENGTH", **extra)


def _validar_contra_banco(certame: Certame, validas: list[_Linha], nomes_desempate: list[str],
                          erros: list[ErroLinha], excedentes: int = 0,
                          ) -> tuple[dict[str, dict], dict[str, dict]]:
    """Phase 2 (inside the write transaction): conflicts with the stored rows, by bulk
    look-ups (no per-row queries). Raises ArquivoRejeitado with these and `erros`."""
    existentes_num = _inscricoes_existentes(certame, [lin.valores["inscricao"] for lin in validas])
    _resolver_notas_mantidas(validas, existentes_num)
    cadastros = _candidatos_existentes([lin.valores["cpf"] for lin in validas])
    for linha in validas:
        v = linha.valores
        insc = existentes_num.get(v["inscricao"])
        if insc is not None and (insc["candidato__cpf"] != v["cpf"]
                                 or insc["cargo_id"] != v["cargo"].pk):
            erros.append(ErroLinha(linha.numero_linha, "inscricao", _(
                "a inscrição %(i)s já existe para outro candidato ou cargo") % {
                "i": v["inscricao"]}))
    erros.extend(_erros_opcoes_fixadas(certame, validas, existentes_num))
    # Both records of a CPF count (the account's and the banca's not yet claimed): one
    # person, one inscrição per cargo.
    ja_inscritos = _inscricoes_por_cpf_cargo(
        certame, [c["pk"] for linhas in cadastros.values() for c in linhas])
    for linha in validas:
        v = linha.valores
        numero = ja_inscritos.get((v["cpf"], v["cargo"].pk))
        if numero is not None and numero != v["inscricao"]:
            erros.append(ErroLinha(linha.numero_linha, "cpf", _(
                "o candidato já está inscrito neste cargo com o número %(n)s") % {"n": numero}))
    erros.extend(_erros_desempate(validas, existentes_num, nomes_desempate))
    if erros or excedentes:
        _rejeitar(erros, excedentes)
    return existentes_num, _destinos(validas, cadastros)


def _resolver_notas_mantidas(validas: list[_Linha], existentes_num: dict[str, dict]) -> None:
    """A blank score cell keeps the stored score (never erased without "apagar"): the row
    takes the stored score and, when its tie-break cells are blank too, the stored keys, and
    is marked `mantida` (the file does not rewrite that score: `_erros_desempate`). A new
    inscrição with a blank score has none."""
    for linha in validas:
        v = linha.valores
        if v["nota"] is not MANTER:
            continue
        existente = existentes_num.get(v["inscricao"])
        v["nota"] = existente["nota"] if existente is not None else None
        if v["nota"] is not None and not v["desempate"]:
            v["desempate"] = list(existente["desempate"] or [])
            v["mantida"] = True


def _destinos(validas: list[_Linha], cadastros: dict[str, list[dict]]) -> dict[str, dict]:
    """The stored record each CPF of the file writes to (cpf -> its row; a CPF absent gets a
    new record without an account).

    An imported inscrição joins an existing account only when the e-mail the banca imported
    is the account's own (the e-mail its owner proved: the sign-up's link, or the claim RH
    approved), the proof of `candidatos.portal`; never by the CPF alone
    (anyone may have signed up with a CPF the banca had not imported yet). Otherwise the
    file's rows go to the CPF's record without an account (created if need be), which the
    account holder may claim (`portal.solicitar_vinculo`); the account's own record is not
    touched."""
    destinos: dict[str, dict] = {}
    for linha in validas:
        v = linha.valores
        if v["cpf"] in destinos:
            continue
        linhas = cadastros.get(v["cpf"], [])
        conta = next((c for c in linhas if c["usuario_id"] is not None), None)
        sem_conta = next((c for c in linhas if c["usuario_id"] is None), None)
        if conta is not None and mesmo_email(v.get("email"), conta["email_da_conta"]):
            destinos[v["cpf"]] = conta
        elif sem_conta is not None:
            destinos[v["cpf"]] = sem_conta
    return destinos


#: The self-declaration and the options: fixed at the inscrição.
CAMPOS_DECLARADOS = ("cor_raca", "quilombola", "deficiencia", "tipo_deficiencia", "listas")


def _erros_opcoes_fixadas(certame: Certame, validas: list[_Linha],
                          existentes_num: dict[str, dict]) -> list[ErroLinha]:
    """After the inscrições window a re-import may bring new inscrições and scores, but not
    change the self-declaration or the options of a stored inscrição (LC 22/2026 art. 2º;
    Lei 3.057/2026 art. 10 caput; Lei 3.056/2025 art. 5º §2º: the regime's
    `fundamento_opcoes_na_inscricao`): a data error is corrected by RH's retificação."""
    motivo = motivo_opcoes_fixadas(certame)
    if motivo is None:
        return []
    erros = []
    for linha in validas:
        v = linha.valores
        existente = existentes_num.get(v["inscricao"])
        if existente is None:
            continue
        arquivo = {"cor_raca": v["cor_raca"], "quilombola": v.get("quilombola", False),
                   "deficiencia": v.get("deficiencia", False),
                   "tipo_deficiencia": v["tipo_deficiencia"], "listas": sorted(v["listas"])}
        guardado = {c: existente[c] for c in CAMPOS_DECLARADOS} | {
            "listas": sorted(existente["listas"] or [])}
        diferentes = [c for c in CAMPOS_DECLARADOS if arquivo[c] != guardado[c]]
        if diferentes:
            erros.append(ErroLinha(linha.numero_linha, diferentes[0], _(
                "a inscrição %(i)s já existe com outra autodeclaração ou opção (%(campos)s). "
                "%(motivo)s") % {"i": v["inscricao"], "campos": ", ".join(diferentes),
                                 "motivo": motivo}))
    return erros


def _erros_desempate(validas: list[_Linha], existentes_num: dict[str, dict],
                     nomes_desempate: list[str]) -> list[ErroLinha]:
    """Every scored inscrição of a cargo is ranked by the same tie-break keys (spec section 5;
    the engine refuses a cargo whose candidates have different key counts). After the import,
    each cargo's scored inscrições are the file's scored rows (one key per tie-break column)
    plus the stored scored ones the file does not overwrite: these must have as many keys."""
    chaves = len(nomes_desempate)
    coluna = ", ".join(nomes_desempate) or "desempate"
    linhas_por_cargo: dict[int, list[int]] = {}
    cargo_por_id: dict[int, Cargo] = {}
    for linha in validas:
        if linha.valores["nota"] is not None and not linha.valores.get("mantida"):
            cargo = linha.valores["cargo"]
            linhas_por_cargo.setdefault(cargo.pk, []).append(linha.numero_linha)
            cargo_por_id[cargo.pk] = cargo
    if not linhas_por_cargo:
        return []
    # Stored scored inscrições by (cargo, number of keys): one grouped query.
    restantes: dict[tuple[int, int], int] = {}
    for cargo_id, tamanho, total in (
            Inscricao.objects.filter(cargo_id__in=sorted(linhas_por_cargo), nota__isnull=False)
            .values_list("cargo_id", _TamanhoJSON("desempate"))
            .annotate(total=Count("pk")).order_by()):
        restantes[(cargo_id, tamanho)] = restantes.get((cargo_id, tamanho), 0) + total
    # Those the file overwrites no longer count with their stored keys.
    for linha in validas:
        existente = existentes_num.get(linha.valores["inscricao"])
        if (existente is not None and existente["nota"] is not None
                and not linha.valores.get("mantida")):
            chave = (existente["cargo_id"], len(existente["desempate"] or []))
            if chave in restantes:
                restantes[chave] -= 1
    erros: list[ErroLinha] = []
    for cargo_id, numeros_linhas in sorted(linhas_por_cargo.items(),
                                           key=lambda item: item[1][0]):
        guardadas = sorted(t for (c, t), total in restantes.items()
                           if c == cargo_id and total > 0)
        if not guardadas or guardadas == [chaves]:
            continue
        cargo = cargo_por_id[cargo_id]
        em_linhas = ngettext("%(n)d linha com nota deste cargo no arquivo",
                             "%(n)d linhas com nota deste cargo no arquivo",
                             len(numeros_linhas)) % {"n": len(numeros_linhas)}
        if len(guardadas) == 1:
            mensagem = _(
                "o cargo %(cargo)s já tem inscrições com nota e %(guardadas)s; esta planilha "
                "traz %(arquivo)s. Todas as inscrições com nota de um cargo são classificadas "
                "pelos mesmos critérios: envie as colunas de desempate do cargo ou regrave "
                "todas as suas notas (%(linhas)s).") % {
                "cargo": cargo.codigo,
                "guardadas": ngettext("%(n)d critério de desempate",
                                      "%(n)d critérios de desempate",
                                      guardadas[0]) % {"n": guardadas[0]},
                "arquivo": ngettext("%(n)d coluna de desempate", "%(n)d colunas de desempate",
                                    chaves) % {"n": chaves},
                "linhas": em_linhas}
        else:
            mensagem = _(
                "o cargo %(cargo)s já tem inscrições com nota com números diferentes de "
                "critérios de desempate (%(guardadas)s); envie uma planilha que regrave todas "
                "as notas do cargo com os mesmos critérios (%(linhas)s).") % {
                "cargo": cargo.codigo, "guardadas": ", ".join(map(str, guardadas)),
                "linhas": em_linhas}
        erros.append(ErroLinha(numeros_linhas[0], coluna, mensagem))
    return erros


CAMPOS_CANDIDATO = ("nome", "nome_social", "data_nascimento", "email", "telefone")
CAMPOS_INSCRICAO = ("cor_raca", "quilombola", "deficiencia", "tipo_deficiencia", "listas", "nota",
                    "desempate", "situacao", "situacao_taxa")


def _em_lotes(itens: list, tamanho: int = LOTE) -> Iterator[list]:
    for i in range(0, len(itens), tamanho):
        yield itens[i : i + tamanho]


def _por_lista(sql: str, params: list, campos: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    """PostgreSQL: rows of `sql` (a list is passed whole as one array, `= ANY(%s)`: one query
    whatever its length) as dicts keyed by `campos`; JSON columns are selected as text and
    decoded here."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for linha in cursor.fetchall():
            valores = dict(zip(campos, linha, strict=True))
            for coluna in ("listas", "desempate"):
                if coluna in valores:
                    valores[coluna] = json.loads(valores[coluna])
            yield valores


def _inscricoes_existentes(certame: Certame, numeros: Iterable[str]) -> dict[str, dict]:
    """Existing inscrições by number, as plain dicts (no model instances: this is the hot path)."""
    resultado: dict[str, dict] = {}
    numeros = sorted(set(numeros))
    campos = ("pk", "numero", "cargo_id", "candidato__cpf", *CAMPOS_INSCRICAO)
    if connection.vendor == "postgresql":
        colunas = ", ".join(f"i.{c}::text" if c in ("listas", "desempate") else f"i.{c}"
                            for c in CAMPOS_INSCRICAO)
        for linha in _por_lista(
                f"SELECT i.id, i.numero, i.cargo_id, c.cpf, {colunas} "
                "FROM candidatos_inscricao AS i JOIN candidatos_candidato AS c "
                "ON c.id = i.candidato_id WHERE i.certame_id = %s AND i.numero = ANY(%s)",
                [certame.pk, numeros], campos):
            resultado[linha["numero"]] = linha
        return resultado
    for lote in _em_lotes(numeros):
        for linha in Inscricao.objects.filter(certame=certame, numero__in=lote).values(*campos):
            resultado[linha["numero"]] = linha
    return resultado


def _candidatos_existentes(cpfs: Iterable[str]) -> dict[str, list[dict]]:
    """The stored records of these CPFs (cpf -> its rows: at most one with an account, with
    that account's e-mail, and one without), as plain dicts."""
    resultado: dict[str, list[dict]] = {}
    cpfs = sorted(set(cpfs))
    campos = ("pk", "cpf", *CAMPOS_CANDIDATO, "usuario_id", "email_da_conta")
    if connection.vendor == "postgresql":
        linhas = _por_lista(
            "SELECT c.id, c.cpf, " + ", ".join(f"c.{c}" for c in CAMPOS_CANDIDATO)
            + ", c.usuario_id, u.email FROM candidatos_candidato AS c "
            "LEFT JOIN auth_user AS u ON u.id = c.usuario_id WHERE c.cpf = ANY(%s) "
            "ORDER BY c.id", [cpfs], campos)
    else:
        linhas = (linha for lote in _em_lotes(cpfs)
                  for linha in Candidato.objects.filter(cpf__in=lote).order_by("pk").values(
                      *campos[:-1], email_da_conta=F("usuario__email")))
    for linha in linhas:
        resultado.setdefault(linha["cpf"], []).append(linha)
    return resultado


def _inscricoes_por_cpf_cargo(certame: Certame,
                              candidatos: Iterable[int]) -> dict[tuple[str, int], str]:
    resultado: dict[tuple[str, int], str] = {}
    ids = sorted(candidatos)
    if connection.vendor == "postgresql":
        for linha in _por_lista(
                # A join with the list (not `= ANY` as a filter over the certame's rows,
                # which compares each row with the whole list).
                "SELECT c.cpf, i.cargo_id, i.numero FROM unnest(%s::bigint[]) AS u(id) "
                "JOIN candidatos_inscricao AS i ON i.candidato_id = u.id "
                "JOIN candidatos_candidato AS c ON c.id = i.candidato_id "
                "WHERE i.certame_id = %s",
                [ids, certame.pk], ("cpf", "cargo_id", "numero")):
            resultado[(linha["cpf"], linha["cargo_id"])] = linha["numero"]
        return resultado
    for lote in _em_lotes(ids):
        for cpf, cargo_id, numero in Inscricao.objects.filter(
                certame=certame, candidato_id__in=lote).values_list(
                "candidato__cpf", "cargo_id", "numero"):
            resultado[(cpf, cargo_id)] = numero
    return resultado


def _situacao_derivada(atual: str | None, nota) -> str:
    """Without a `situacao` column: a scored candidate is habilitado, an unscored one inscrito;
    an eliminated, absent or withdrawn candidate is never brought back by a score file."""
    if atual in (Inscricao.Situacao.ELIMINADO, Inscricao.Situacao.AUSENTE,
                 Inscricao.Situacao.DESISTENTE):
        return atual
    return Inscricao.Situacao.HABILITADO if nota is not None else Inscricao.Situacao.INSCRITO


@dataclass
class _Plano:
    """What the import writes, decided once in Python for both ways of writing it.

    `candidatos_novos`: cpf -> the new candidate's fields (CAMPOS_CANDIDATO), in file order;
    `candidatos_alterados`: pk -> the changed fields only; `inscricoes_novas`: one dict per
    new inscrição (cpf, cargo_id, numero and the CAMPOS_INSCRICAO it sets), in file order;
    `inscricoes_alteradas`: pk -> the changed fields only."""

    candidatos_novos: dict[str, dict[str, Any]] = field(default_factory=dict)
    candidatos_alterados: dict[int, dict[str, Any]] = field(default_factory=dict)
    inscricoes_novas: list[dict[str, Any]] = field(default_factory=list)
    inscricoes_alteradas: dict[int, dict[str, Any]] = field(default_factory=dict)


def _planejar(validas, existentes_num, candidatos_existentes, resumo: Resumo) -> _Plano:
    """Only what changed: new rows, and for stored ones the fields whose value differs."""
    plano = _Plano()
    # CPFs with a new inscrição: only these may need a new record (the file's rows of a
    # stored inscrição never move it to another record).
    com_novas = {lin.valores["cpf"] for lin in validas
                 if lin.valores["inscricao"] not in existentes_num}
    for linha in validas:
        v = linha.valores
        existente = candidatos_existentes.get(v["cpf"])
        if existente is None:
            if v["cpf"] in com_novas and v["cpf"] not in plano.candidatos_novos:
                plano.candidatos_novos[v["cpf"]] = {
                    c: v.get(c) or (None if c == "data_nascimento" else "")
                    for c in CAMPOS_CANDIDATO}
            continue
        diferencas = {c: v[c] for c in CAMPOS_CANDIDATO if c in v and existente[c] != v[c]}
        if diferencas:
            plano.candidatos_alterados.setdefault(existente["pk"], {}).update(diferencas)

    for linha in validas:
        v = linha.valores
        existente = existentes_num.get(v["inscricao"])
        alvo = {
            "cor_raca": v["cor_raca"],
            "quilombola": v.get("quilombola", False),
            "deficiencia": v.get("deficiencia", False),
            "tipo_deficiencia": v["tipo_deficiencia"],
            "listas": v["listas"],
            "nota": v["nota"],
            "desempate": v["desempate"],
            "situacao": v.get("situacao") or _situacao_derivada(
                existente["situacao"] if existente else None, v["nota"]),
        }
        if "situacao_taxa" in v:
            alvo["situacao_taxa"] = v["situacao_taxa"]
        if existente is None:
            plano.inscricoes_novas.append(
                {"cpf": v["cpf"], "cargo_id": v["cargo"].pk, "numero": v["inscricao"], **alvo})
            resumo.cargos_afetados.add(v["cargo"].pk)
            continue
        # Decimal("87.5000") == Decimal("87.5"): numeric equality, not text.
        diferencas = {c: valor for c, valor in alvo.items() if existente[c] != valor}
        if diferencas:
            plano.inscricoes_alteradas[existente["pk"]] = diferencas
            resumo.cargos_afetados.add(existente["cargo_id"])
        else:
            resumo.inscricoes_inalteradas += 1
    resumo.candidatos_criados = len(plano.candidatos_novos)
    resumo.candidatos_atualizados = len(plano.candidatos_alterados)
    resumo.inscricoes_criadas = len(plano.inscricoes_novas)
    resumo.inscricoes_atualizadas = len(plano.inscricoes_alteradas)
    return plano


def _gravar(certame, validas, existentes_num, candidatos_existentes, *, autor,
            nome_arquivo, via: str) -> Resumo:
    """Write the validated rows (called inside importar_inscricoes' transaction)."""
    resumo = Resumo(linhas=len(validas))
    plano = _planejar(validas, existentes_num, candidatos_existentes, resumo)
    if via == VIA_COPIA:
        _gravar_copia(certame, plano, candidatos_existentes, existentes_num, autor=autor)
    else:
        _gravar_orm(certame, plano, candidatos_existentes, autor=autor)

    if plano.candidatos_novos or plano.candidatos_alterados or plano.inscricoes_novas \
            or plano.inscricoes_alteradas:
        registrar_ato(
            tipo="importacao_inscricoes",
            descricao=_("Importação de inscrições e notas (%(arquivo)s): %(c)d criadas, "
                        "%(a)d atualizadas.") % {"arquivo": nome_arquivo or "arquivo",
                                                 "c": resumo.inscricoes_criadas,
                                                 "a": resumo.inscricoes_atualizadas},
            autor=autor, certame=certame, objeto=certame, depois=resumo.como_dict())
        solicitar_recalculo(resumo.cargos_afetados,
                            causa=_("importação de inscrições e notas (%(arquivo)s)") % {
                                "arquivo": nome_arquivo or "arquivo"})
    return resumo


# --- writing through the ORM (SQLite and any other database; on PostgreSQL when asked) ------


def _aplicar_mudancas(modelo, mudancas: dict[int, dict[str, Any]], campos, autor) -> None:
    """Load only the changed rows, apply the changes and save them with their history."""
    objetos = []
    for lote in _em_lotes(sorted(mudancas)):
        for obj in modelo.objects.filter(pk__in=lote):
            for campo, valor in mudancas[obj.pk].items():
                setattr(obj, campo, valor)
            objetos.append(obj)
    bulk_update_with_history(objetos, modelo, list(campos), batch_size=LOTE, default_user=autor,
                             default_change_reason=MOTIVO_HISTORICO)


def _gravar_orm(certame: Certame, plano: _Plano, candidatos_existentes: dict[str, dict], *,
                autor) -> None:
    novos = [Candidato(cpf=cpf, **campos) for cpf, campos in plano.candidatos_novos.items()]
    if novos:
        bulk_create_with_history(novos, Candidato, batch_size=LOTE, default_user=autor,
                                 default_change_reason=MOTIVO_HISTORICO)
    if plano.candidatos_alterados:
        _aplicar_mudancas(Candidato, plano.candidatos_alterados, CAMPOS_CANDIDATO, autor)
    pk_candidato = {cpf: c["pk"] for cpf, c in candidatos_existentes.items()}
    if novos:  # the new pks, whatever the backend returns from the bulk insert
        pk_candidato |= {cpf: c["pk"] for cpf, linhas in
                         _candidatos_existentes(plano.candidatos_novos).items()
                         for c in linhas if c["usuario_id"] is None}
    criar = [Inscricao(certame=certame, cargo_id=nova["cargo_id"],
                       candidato_id=pk_candidato[nova["cpf"]], numero=nova["numero"],
                       **{c: valor for c, valor in nova.items()
                          if c not in ("cpf", "cargo_id", "numero")})
             for nova in plano.inscricoes_novas]
    if criar:
        bulk_create_with_history(criar, Inscricao, batch_size=LOTE, default_user=autor,
                                 default_change_reason=MOTIVO_HISTORICO)
    if plano.inscricoes_alteradas:
        _aplicar_mudancas(Inscricao, plano.inscricoes_alteradas, CAMPOS_INSCRICAO, autor)


# --- writing through COPY (PostgreSQL) ----------------------------------------------------------
#
# The plan is streamed with COPY into temporary staging tables (dropped at the end, and ON
# COMMIT DROP in any case), then each target is written by ONE set-based statement whose
# data-modifying CTE feeds the simple-history table the same rows the ORM path writes (one
# "+" row per created candidate and inscrição, one "~" row per changed one, with the import's
# author and the reason "importação"). The column-history triggers of candidatos_inscricao are
# statement-level, so they record these statements like any other. Everything runs inside
# importar_inscricoes' transaction: a failure leaves nothing written. COPY's escaping of tabs,
# line breaks and backslashes in user text is psycopg's (`write_row`).

_HISTORICO_META = ("history_id", "history_date", "history_change_reason", "history_type",
                   "history_user")


def copia_disponivel(conexao=None) -> bool:
    """COPY path possible: PostgreSQL and the role may create temporary tables (PUBLIC has
    TEMPORARY on a new database; a hardened one that revoked it gets the ORM path)."""
    conexao = conexao or connection
    if conexao.vendor != "postgresql":
        return False
    with conexao.cursor() as cursor:
        cursor.execute("SELECT has_database_privilege(current_database(), 'TEMPORARY')")
        return bool(cursor.fetchone()[0])


def _colunas_historico(modelo) -> list[str]:
    """The columns of `modelo`'s history table that copy the tracked row."""
    historico = modelo.history.model
    return [f.column for f in historico._meta.concrete_fields
            if f.name not in _HISTORICO_META]


def _q(nome: str) -> str:
    return connection.ops.quote_name(nome)


def _copiar(cursor, tabela: str, colunas: list[str], linhas: Iterable[tuple]) -> None:
    with cursor.copy(f"COPY {tabela} ({', '.join(colunas)}) FROM STDIN") as copia:
        for linha in linhas:
            copia.write_row(linha)


def _com_historico(cursor, modelo, escrita: str, tipo: str, params: list,
                   historico: dict[str, Any], devolver: str = "") -> list[tuple]:
    """Run `escrita` (an INSERT or UPDATE ... RETURNING the whole row) and write one history
    row per returned row, in one statement; `devolver` (columns of the written rows) is
    returned to the caller."""
    tabela = modelo.history.model._meta.db_table
    colunas = _colunas_historico(modelo)
    insercao = (
        f"INSERT INTO {_q(tabela)} ({', '.join(_q(c) for c in colunas)}, history_date, "
        f"history_change_reason, history_type, history_user_id) "
        f"SELECT {', '.join('escritas.' + _q(c) for c in colunas)}, %s, %s, %s, %s "
        f"FROM escritas")
    params = [*params, historico["data"], MOTIVO_HISTORICO, tipo, historico["usuario"]]
    if not devolver:
        cursor.execute(f"WITH escritas AS ({escrita}) {insercao}", params)
        return []
    cursor.execute(f"WITH escritas AS ({escrita}), historico AS ({insercao}) "
                   f"SELECT {devolver} FROM escritas", params)
    return cursor.fetchall()


def _gravar_copia(certame: Certame, plano: _Plano, candidatos_existentes: dict[str, dict],
                  existentes_num: dict[str, dict], *, autor) -> None:
    if not (plano.candidatos_novos or plano.candidatos_alterados or plano.inscricoes_novas
            or plano.inscricoes_alteradas):
        return
    agora = timezone.now()
    usuario = autor or Candidato.history.model.get_default_history_user(None)
    historico = {"data": agora, "usuario": getattr(usuario, "pk", None)}
    t_cand, t_insc = _q(Candidato._meta.db_table), _q(Inscricao._meta.db_table)
    campos_cand = list(CAMPOS_CANDIDATO)
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMPORARY TABLE pg_temp.importacao_candidato (ordem integer, id bigint, "
            "cpf varchar, nome varchar, nome_social varchar, data_nascimento date, "
            "email varchar, telefone varchar) ON COMMIT DROP")
        cursor.execute(
            "CREATE TEMPORARY TABLE pg_temp.importacao_inscricao (ordem integer, id bigint, "
            "candidato_id bigint, cargo_id bigint, numero varchar, cor_raca varchar, "
            "quilombola boolean, deficiencia boolean, tipo_deficiencia varchar, listas jsonb, "
            "situacao_taxa varchar, nota numeric, desempate jsonb, situacao varchar) "
            "ON COMMIT DROP")
        # Candidates: the new ones (id NULL) and the full new state of the changed ones.
        por_pk = {c["pk"]: c for c in candidatos_existentes.values()}
        _copiar(cursor, "pg_temp.importacao_candidato", ["ordem", "id", "cpf", *campos_cand], (
            *((i, None, cpf, *(campos[c] for c in campos_cand))
              for i, (cpf, campos) in enumerate(plano.candidatos_novos.items())),
            *((0, pk, por_pk[pk]["cpf"], *(mudancas.get(c, por_pk[pk][c])
                                           for c in campos_cand))
              for pk, mudancas in plano.candidatos_alterados.items())))
        cursor.execute("ANALYZE pg_temp.importacao_candidato")  # the planner sees its size
        colunas = ", ".join(_q(c) for c in ["cpf", *campos_cand])
        pk_candidato = {cpf: c["pk"] for cpf, c in candidatos_existentes.items()}
        if plano.candidatos_novos:
            pk_candidato.update((cpf, pk) for pk, cpf in _com_historico(cursor, Candidato, (
                f"INSERT INTO {t_cand} ({colunas}, usuario_id) "
                f"SELECT {colunas}, NULL FROM pg_temp.importacao_candidato WHERE id IS NULL "
                f"ORDER BY ordem RETURNING *"), "+", [], historico, devolver="id, cpf"))
        if plano.candidatos_alterados:
            _com_historico(cursor, Candidato, (
                f"UPDATE {t_cand} AS c SET "
                + ", ".join(f"{_q(col)} = s.{_q(col)}" for col in campos_cand)
                + " FROM pg_temp.importacao_candidato AS s WHERE s.id IS NOT NULL AND c.id = s.id "
                "RETURNING c.*"), "~", [], historico)

        # Inscrições: new ones get their candidate's id (created just above or stored).
        padrao_taxa = Inscricao._meta.get_field("situacao_taxa").get_default()
        campos_insc = list(CAMPOS_INSCRICAO)
        i_listas, i_desempate = campos_insc.index("listas"), campos_insc.index("desempate")
        por_pk_insc = {i["pk"]: i for i in existentes_num.values()}

        json_listas: dict[tuple, str] = {}  # few distinct option sets: dumped once each

        def valores(campos: dict[str, Any], base: dict[str, Any]) -> tuple:
            linha: list[Any] = [campos.get(c, base.get(c)) for c in campos_insc]
            listas = tuple(linha[i_listas])
            linha[i_listas] = json_listas.get(listas) or json_listas.setdefault(
                listas, json.dumps(list(listas)))
            linha[i_desempate] = json.dumps(linha[i_desempate])
            return tuple(linha)

        _inserir_inscricoes_copia(cursor, [
            *((i, None, pk_candidato[nova["cpf"]], nova["cargo_id"], nova["numero"],
               *valores(nova, {"situacao_taxa": padrao_taxa}))
              for i, nova in enumerate(plano.inscricoes_novas)),
            *((0, pk, None, None, None, *valores(mudancas, por_pk_insc[pk]))
              for pk, mudancas in plano.inscricoes_alteradas.items())])
        cursor.execute("ANALYZE pg_temp.importacao_inscricao")
        colunas_i = ", ".join(_q(c) for c in campos_insc)
        if plano.inscricoes_novas:
            _com_historico(cursor, Inscricao, (
                f"INSERT INTO {t_insc} (certame_id, cargo_id, candidato_id, numero, "
                f"{colunas_i}, convocada_em, comprovante, criada_em, atualizada_em) "
                f"SELECT %s, s.cargo_id, s.candidato_id, s.numero, "
                + ", ".join(f"s.{_q(c)}" for c in campos_insc)
                + ", NULL, '', %s, %s FROM pg_temp.importacao_inscricao AS s "
                "WHERE s.id IS NULL ORDER BY s.ordem RETURNING *"), "+",
                [certame.pk, agora, agora],
                historico)
        if plano.inscricoes_alteradas:
            # Like bulk_update: only the imported fields (atualizada_em is not touched).
            _com_historico(cursor, Inscricao, (
                f"UPDATE {t_insc} AS i SET "
                + ", ".join(f"{_q(col)} = s.{_q(col)}" for col in campos_insc)
                + " FROM pg_temp.importacao_inscricao AS s WHERE s.id IS NOT NULL AND i.id = s.id "
                "RETURNING i.*"), "~", [], historico)
        # Only on success: after an error the rollback of the transaction (or savepoint) takes
        # the temporary tables away with everything else.
        cursor.execute("DROP TABLE pg_temp.importacao_candidato, pg_temp.importacao_inscricao")


def _inserir_inscricoes_copia(cursor, linhas: list[tuple]) -> None:
    """COPY the inscrições' plan into its staging table (a function of its own: the tests
    make it fail to check that nothing is left written)."""
    _copiar(cursor, "pg_temp.importacao_inscricao",
            ["ordem", "id", "candidato_id", "cargo_id", "numero", *CAMPOS_INSCRICAO], linhas)
