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
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import transaction
from django.db.models import Count, Func, IntegerField
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
)
from candidatos.servicos import motivo_opcoes_fixadas
from certames import formatos
from certames.auditoria import registrar_ato
from certames.classificacao import solicitar_recalculo
from certames.models import Cargo, Certame
from certames.planilhas import (
    ArquivoRejeitado,
    ErroLinha,
    Planilha,
    ler_planilha,
    mostrar,
    normalizar,
)
from certames.travas import travar_sem_ler

LOTE = 2000  # rows per bulk statement and per progress update

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
CAMPO_NOTA = Inscricao._meta.get_field("nota")
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


class ValorInvalido(Exception):
    pass


def decimal_br(texto: str) -> Decimal:
    """'87,5', '87.5', '1.234,5' -> Decimal. Exact, no float."""
    t = texto.strip().replace(" ", "")
    if not t:
        raise ValorInvalido(_("valor em branco"))
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
    valor = decimal_br(texto)
    if digitos_por_extenso(valor) > DESEMPATE_MAX_DIGITOS:
        raise ValorInvalido(_("número “%(v)s” com mais de %(n)d dígitos") % {
            "v": mostrar(texto), "n": DESEMPATE_MAX_DIGITOS})
    return format(valor, "f")


def data_br(texto: str) -> dt.date | None:
    if not texto:
        return None
    for formato in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y"):
        try:
            return dt.datetime.strptime(texto, formato).date()
        except ValueError:
            continue
    raise ValorInvalido(_("data inválida “%(v)s” (use DD/MM/AAAA)") % {"v": mostrar(texto)})


def data_nascimento_br(texto: str) -> dt.date | None:
    data = data_br(texto)
    if data is None:
        return None
    if data > timezone.localdate():
        raise ValorInvalido(_("data de nascimento %(d)s no futuro") % {
            "d": formatos.data_br(data)})
    if data < NASCIMENTO_MINIMO:
        raise ValorInvalido(_("data de nascimento %(d)s anterior a %(m)s") % {
            "d": formatos.data_br(data), "m": formatos.data_br(NASCIMENTO_MINIMO)})
    return data


def _booleano(texto: str) -> bool:
    t = normalizar(texto)
    if t in VERDADEIRO:
        return True
    if t in FALSO:
        return False
    raise ValorInvalido(_("valor “%(v)s” não é sim/não") % {"v": mostrar(texto)})


def _cpf(texto: str) -> str:
    digitos = "".join(ch for ch in texto if ch.isdigit())
    if len(digitos) < 11 and digitos and texto.strip().isdigit():
        digitos = digitos.zfill(11)  # spreadsheets drop leading zeros
    try:
        cpf_validator(digitos)
    except ValidationError:
        raise ValorInvalido(_("CPF inválido “%(v)s”") % {"v": mostrar(texto)}) from None
    return digitos


# Per text column: (max_length, the field's other validators). The length is compared
# directly (the hot path of a 100,000-row file); the validators run only when there are any
# (the e-mail format) or when the length is exceeded (for the model's own message).
_REGRAS_TEXTO = {
    coluna: (campo.max_length, [v for v in campo.validators
                                if not isinstance(v, MaxLengthValidator)])
    for coluna, campo in CAMPOS_TEXTO.items()
}


def erros_texto(coluna: str, texto: str) -> list[str]:
    """Why a non-blank text cell cannot be stored in its model field (empty list if it can)."""
    if CONTROLE.search(texto):
        return [_("caractere de controle não permitido")]
    maximo, outros = _REGRAS_TEXTO[coluna]
    if (maximo is None or len(texto) <= maximo) and not outros:
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
) -> Resumo:
    """Validate the whole file, then check it against the database and write it, in one
    transaction. Raises ArquivoRejeitado (nothing written). `ao_gravar(resumo)` runs inside
    the write transaction, after the rows: whatever it records commits with them or not at
    all."""
    progresso = progresso or (lambda feito, total, fase: None)
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS, extras=COLUNA_DESEMPATE)
    # Tie-break columns in the order of their numbers (desempate_1, desempate_2, ...).
    col_desempate = [extra.indice for extra in sorted(
        planilha.extras, key=lambda extra: (int(extra.encontro.group(1)), extra.indice))]
    nomes_desempate = [planilha.cabecalho[i] for i in col_desempate]
    validas, erros = _validar_linhas(certame, planilha, col_desempate, nomes_desempate,
                                     progresso)
    if not erros:
        progresso(planilha.total_linhas, planilha.total_linhas, "gravando")
    with transaction.atomic():
        # The certame's lock serialises imports and portal inscrições of this certame, so the
        # checks below still hold when the rows are written.
        travar_sem_ler(Certame, certame)
        # The valid rows are checked against the database even when others have errors, so
        # one round lists every error of the file.
        existentes_num, candidatos_existentes = _validar_contra_banco(
            certame, validas, nomes_desempate, erros)
        resumo = _gravar(certame, validas, existentes_num, candidatos_existentes, autor=autor,
                         nome_arquivo=nome_arquivo)
        if ao_gravar is not None:
            ao_gravar(resumo)
    return resumo


def _rejeitar(erros: list[ErroLinha]) -> None:
    erros.sort(key=lambda e: (e.linha, e.coluna))
    raise ArquivoRejeitado(erros)


def _validar_linhas(certame: Certame, planilha: Planilha, col_desempate: list[int],
                    nomes_desempate: list[str],
                    progresso: Progresso) -> tuple[list[_Linha], list[ErroLinha]]:
    """Phase 1: every row on its own and against the others in the file (no writes)."""
    regime = certame.regime_legal
    cargos = {c.codigo.upper(): c for c in Cargo.objects.filter(certame=certame)
              .select_related("certame")}
    nota_maxima = decimal_br(str(certame.parametros.get("nota_maxima", "100")))

    erros: list[ErroLinha] = []
    indices = planilha.colunas
    total = planilha.total_linhas
    validas: list[_Linha] = []
    vistos_numero: dict[str, int] = {}
    vistos_cpf_cargo: dict[tuple[str, str], int] = {}
    dados_por_cpf: dict[str, tuple[dict[str, Any], int]] = {}

    for n, celulas in planilha.linhas:  # blank lines are not there

        def cel(nome: str, celulas=celulas) -> str:
            i = indices.get(nome)
            return celulas[i].strip() if i is not None and i < len(celulas) else ""

        v: dict[str, Any] = {}
        erros_linha: list[ErroLinha] = []

        def conv(coluna: str, funcao, texto: str, erros_linha=erros_linha, v=v, n=n):
            try:
                v[coluna] = funcao(texto)
            except ValorInvalido as exc:
                erros_linha.append(ErroLinha(n, coluna, str(exc)))

        def texto(coluna: str, erros_linha=erros_linha, v=v, n=n) -> None:
            valor = cel(coluna)
            problemas = erros_texto(coluna, valor) if valor else []
            for mensagem in problemas:
                erros_linha.append(ErroLinha(n, coluna, mensagem))
            if not problemas:
                v[coluna] = valor

        for obrigatoria in OBRIGATORIAS:
            if not cel(obrigatoria):
                erros_linha.append(ErroLinha(n, obrigatoria, _("valor obrigatório em branco")))
        texto("inscricao")
        texto("nome")
        if cel("cpf"):
            conv("cpf", _cpf, cel("cpf"))
        codigo = cel("cargo").upper()
        if codigo:
            if codigo not in cargos:
                erros_linha.append(ErroLinha(n, "cargo", _(
                    "cargo “%(c)s” não existe neste certame") % {"c": mostrar(cel("cargo"))}))
            else:
                v["cargo"] = cargos[codigo]
        if cel("cor_raca"):
            cor = COR_RACA.get(normalizar(cel("cor_raca")))
            if cor is None:
                erros_linha.append(ErroLinha(n, "cor_raca", _(
                    "cor ou raça “%(v)s” inválida (branca, preta, parda, amarela ou indígena)")
                    % {"v": mostrar(cel("cor_raca"))}))
            else:
                v["cor_raca"] = cor
        for opcional in ("nome_social", "email", "telefone"):
            if opcional in indices:
                texto(opcional)
        if "data_nascimento" in indices:
            conv("data_nascimento", data_nascimento_br, cel("data_nascimento"))
        for booleano in ("quilombola", "deficiencia"):
            if booleano in indices:
                conv(booleano, _booleano, cel(booleano))
            else:
                v[booleano] = False
        v["tipo_deficiencia"] = ""
        if cel("tipo_deficiencia"):
            tipo = TIPOS_DEFICIENCIA.get(normalizar(cel("tipo_deficiencia")))
            if tipo is None:
                erros_linha.append(ErroLinha(n, "tipo_deficiencia", _(
                    "tipo de deficiência “%(v)s” inválido") % {
                    "v": mostrar(cel("tipo_deficiencia"))}))
            else:
                v["tipo_deficiencia"] = tipo
        listas = [t.upper() for t in SEPARADOR_LISTAS.split(cel("listas")) if t]
        v["listas"] = listas
        v["nota"] = None
        if cel("nota"):
            nota_txt = mostrar(cel("nota"))
            try:
                nota = decimal_br(cel("nota"))
                if not (0 <= nota <= nota_maxima):
                    erros_linha.append(ErroLinha(n, "nota", _(
                        "nota %(v)s fora do intervalo de 0 a %(max)s") % {
                        "v": nota_txt, "max": nota_maxima}))
                elif nota.as_tuple().exponent < -4:  # type: ignore[operator]
                    erros_linha.append(ErroLinha(n, "nota", _(
                        "nota %(v)s com mais de 4 casas decimais") % {"v": nota_txt}))
                else:
                    # The column's own limits (max_digits, decimal_places) too: the edital's
                    # maximum may be larger than the column holds.
                    CAMPO_NOTA.run_validators(nota)
                    v["nota"] = nota
            except ValorInvalido as exc:
                erros_linha.append(ErroLinha(n, "nota", str(exc)))
            except ValidationError as exc:
                erros_linha.extend(ErroLinha(n, "nota", m) for m in exc.messages)
        desempate: list[str] = []
        textos = [celulas[i].strip() if i < len(celulas) else "" for i in col_desempate]
        # An unscored candidate (absent, eliminated) may have blank tie-break cells; a scored
        # one needs every key, since every candidate of a list is ranked by the same keys
        # (spec section 5): within the file every scored row has one key per column.
        if any(textos) or cel("nota"):
            for nome_col, texto_desempate in zip(nomes_desempate, textos, strict=True):
                try:
                    desempate.append(desempate_br(texto_desempate))
                except ValorInvalido as exc:
                    erros_linha.append(ErroLinha(n, nome_col, str(exc)))
        v["desempate"] = desempate
        if "situacao" in indices and cel("situacao"):
            situacao = normalizar(cel("situacao"))
            if situacao not in SITUACOES:
                erros_linha.append(ErroLinha(n, "situacao", _(
                    "situação “%(v)s” inválida (%(validas)s)") % {
                    "v": mostrar(cel("situacao")), "validas": ", ".join(sorted(SITUACOES))}))
            v["situacao"] = situacao
        if "situacao_taxa" in indices and cel("situacao_taxa"):
            taxa = normalizar(cel("situacao_taxa"))
            if taxa not in SITUACOES_TAXA:
                erros_linha.append(ErroLinha(n, "situacao_taxa", _(
                    "situação da taxa “%(v)s” inválida (%(validas)s)") % {
                    "v": mostrar(cel("situacao_taxa")),
                    "validas": ", ".join(sorted(SITUACOES_TAXA))}))
            v["situacao_taxa"] = taxa

        # Reserved lists: allowed by the regime and matching the self-declaration.
        if "cor_raca" in v:
            erros_opcoes = erros_autodeclaracao(
                regime, cor_raca=v["cor_raca"], quilombola=v.get("quilombola", False),
                deficiencia=v.get("deficiencia", False),
                tipo_deficiencia=v["tipo_deficiencia"], listas=listas)
            for campo, mensagens in erros_opcoes.items():
                for mensagem in mensagens:
                    erros_linha.append(ErroLinha(n, campo, mensagem))

        # Duplicates within the file.
        if v.get("inscricao"):
            if v["inscricao"] in vistos_numero:
                erros_linha.append(ErroLinha(n, "inscricao", _(
                    "inscrição %(i)s repetida (já aparece na linha %(l)d)") % {
                    "i": v["inscricao"], "l": vistos_numero[v["inscricao"]]}))
            else:
                vistos_numero[v["inscricao"]] = n
        if "cpf" in v and "cargo" in v:
            chave = (v["cpf"], v["cargo"].codigo)
            if chave in vistos_cpf_cargo:
                erros_linha.append(ErroLinha(n, "cpf", _(
                    "candidato já inscrito neste cargo na linha %(l)d") % {
                    "l": vistos_cpf_cargo[chave]}))
            else:
                vistos_cpf_cargo[chave] = n
        if "cpf" in v:
            # One person, one set of personal data: a CPF that appears in several rows (one
            # per cargo) must carry the same data in each.
            anterior, linha_anterior = dados_por_cpf.setdefault(v["cpf"], (v, n))
            if linha_anterior != n:
                if (v.get("nome") and anterior.get("nome")
                        and normalizar(anterior["nome"]) != normalizar(v["nome"])):
                    erros_linha.append(ErroLinha(n, "nome", _(
                        "o CPF já aparece com outro nome na linha %(l)d") % {
                        "l": linha_anterior}))
                for campo in ("nome_social", "data_nascimento", "email", "telefone"):
                    if campo in v and campo in anterior and v[campo] != anterior[campo]:
                        erros_linha.append(ErroLinha(n, campo, _(
                            "o CPF já aparece com outro valor na linha %(l)d") % {
                            "l": linha_anterior}))

        if erros_linha:
            erros.extend(erros_linha)
        else:
            validas.append(_Linha(n, v))
        if (n - 1) % LOTE == 0:
            progresso(n - 1, total, "validando")
    return validas, erros


class _TamanhoJSON(Func):
    """Number of elements of a JSON array column, computed by the database."""

    function = "JSON_ARRAY_LENGTH"  # SQLite
    output_field = IntegerField()

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, function="JSONB_ARRAY_LENGTH", **extra)


def _validar_contra_banco(certame: Certame, validas: list[_Linha], nomes_desempate: list[str],
                          erros: list[ErroLinha]) -> tuple[dict[str, dict], dict[str, dict]]:
    """Phase 2 (inside the write transaction): conflicts with the stored rows, by bulk
    look-ups (no per-row queries). Raises ArquivoRejeitado with these and `erros`."""
    existentes_num = _inscricoes_existentes(certame, [lin.valores["inscricao"] for lin in validas])
    candidatos_existentes = _candidatos_existentes([lin.valores["cpf"] for lin in validas])
    for linha in validas:
        v = linha.valores
        insc = existentes_num.get(v["inscricao"])
        if insc is not None and (insc["candidato__cpf"] != v["cpf"]
                                 or insc["cargo_id"] != v["cargo"].pk):
            erros.append(ErroLinha(linha.numero_linha, "inscricao", _(
                "a inscrição %(i)s já existe para outro candidato ou cargo") % {
                "i": v["inscricao"]}))
    erros.extend(_erros_opcoes_fixadas(certame, validas, existentes_num))
    ja_inscritos = _inscricoes_por_cpf_cargo(certame, candidatos_existentes)
    for linha in validas:
        v = linha.valores
        numero = ja_inscritos.get((v["cpf"], v["cargo"].pk))
        if numero is not None and numero != v["inscricao"]:
            erros.append(ErroLinha(linha.numero_linha, "cpf", _(
                "o candidato já está inscrito neste cargo com o número %(n)s") % {"n": numero}))
    erros.extend(_erros_desempate(validas, existentes_num, nomes_desempate))
    if erros:
        _rejeitar(erros)
    return existentes_num, candidatos_existentes


#: The self-declaration and the options: fixed at the inscrição (issue #11 item 5).
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
        if linha.valores["nota"] is not None:
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
        if existente is not None and existente["nota"] is not None:
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


def _inscricoes_existentes(certame: Certame, numeros: Iterable[str]) -> dict[str, dict]:
    """Existing inscrições by number, as plain dicts (no model instances: this is the hot path)."""
    resultado: dict[str, dict] = {}
    for lote in _em_lotes(sorted(set(numeros))):
        for linha in Inscricao.objects.filter(certame=certame, numero__in=lote).values(
                "pk", "numero", "cargo_id", "candidato__cpf", *CAMPOS_INSCRICAO):
            resultado[linha["numero"]] = linha
    return resultado


def _candidatos_existentes(cpfs: Iterable[str]) -> dict[str, dict]:
    resultado: dict[str, dict] = {}
    for lote in _em_lotes(sorted(set(cpfs))):
        for linha in Candidato.objects.filter(cpf__in=lote).values("pk", "cpf",
                                                                   *CAMPOS_CANDIDATO):
            resultado[linha["cpf"]] = linha
    return resultado


def _inscricoes_por_cpf_cargo(certame: Certame,
                              candidatos: dict[str, dict]) -> dict[tuple[str, int], str]:
    resultado: dict[tuple[str, int], str] = {}
    ids = sorted(c["pk"] for c in candidatos.values())
    for lote in _em_lotes(ids):
        for cpf, cargo_id, numero in Inscricao.objects.filter(
                certame=certame, candidato_id__in=lote).values_list(
                "candidato__cpf", "cargo_id", "numero"):
            resultado[(cpf, cargo_id)] = numero
    return resultado


def _aplicar_mudancas(modelo, mudancas: dict[int, dict[str, Any]], campos, autor) -> None:
    """Load only the changed rows, apply the changes and save them with their history."""
    objetos = []
    for lote in _em_lotes(sorted(mudancas)):
        for obj in modelo.objects.filter(pk__in=lote):
            for campo, valor in mudancas[obj.pk].items():
                setattr(obj, campo, valor)
            objetos.append(obj)
    bulk_update_with_history(objetos, modelo, list(campos), batch_size=LOTE, default_user=autor,
                             default_change_reason="importação")


def _situacao_derivada(atual: str | None, nota) -> str:
    """Without a `situacao` column: a scored candidate is habilitado, an unscored one inscrito;
    an eliminated, absent or withdrawn candidate is never brought back by a score file."""
    if atual in (Inscricao.Situacao.ELIMINADO, Inscricao.Situacao.AUSENTE,
                 Inscricao.Situacao.DESISTENTE):
        return atual
    return Inscricao.Situacao.HABILITADO if nota is not None else Inscricao.Situacao.INSCRITO


def _gravar(certame, validas, existentes_num, candidatos_existentes, *, autor,
            nome_arquivo) -> Resumo:
    """Write the validated rows (called inside importar_inscricoes' transaction)."""
    resumo = Resumo(linhas=len(validas))

    # Candidates: create the new ones, update only those whose data changed.
    novos: dict[str, Candidato] = {}
    mudancas_cand: dict[int, dict[str, Any]] = {}
    for linha in validas:
        v = linha.valores
        existente = candidatos_existentes.get(v["cpf"])
        if existente is None:
            if v["cpf"] not in novos:
                novos[v["cpf"]] = Candidato(cpf=v["cpf"], **{
                    c: v.get(c) or (None if c == "data_nascimento" else "")
                    for c in CAMPOS_CANDIDATO})
            continue
        diferencas = {c: v[c] for c in CAMPOS_CANDIDATO if c in v and existente[c] != v[c]}
        if diferencas:
            mudancas_cand.setdefault(existente["pk"], {}).update(diferencas)
    if novos:
        bulk_create_with_history(list(novos.values()), Candidato, batch_size=LOTE,
                                 default_user=autor, default_change_reason="importação")
    if mudancas_cand:
        _aplicar_mudancas(Candidato, mudancas_cand, CAMPOS_CANDIDATO, autor)
    resumo.candidatos_criados = len(novos)
    resumo.candidatos_atualizados = len(mudancas_cand)
    pk_candidato = {cpf: c["pk"] for cpf, c in candidatos_existentes.items()}
    if novos:  # the new pks, whatever the backend returns from the bulk insert
        pk_candidato |= {cpf: c["pk"] for cpf, c in _candidatos_existentes(novos).items()}

    criar: list[Inscricao] = []
    mudancas_insc: dict[int, dict[str, Any]] = {}
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
            criar.append(Inscricao(certame=certame, cargo=v["cargo"],
                                   candidato_id=pk_candidato[v["cpf"]],
                                   numero=v["inscricao"], **alvo))
            resumo.cargos_afetados.add(v["cargo"].pk)
            continue
        # Decimal("87.5000") == Decimal("87.5"): numeric equality, not text.
        diferencas = {c: valor for c, valor in alvo.items() if existente[c] != valor}
        if diferencas:
            mudancas_insc[existente["pk"]] = diferencas
            resumo.cargos_afetados.add(existente["cargo_id"])
        else:
            resumo.inscricoes_inalteradas += 1
    if criar:
        bulk_create_with_history(criar, Inscricao, batch_size=LOTE, default_user=autor,
                                 default_change_reason="importação")
    if mudancas_insc:
        _aplicar_mudancas(Inscricao, mudancas_insc, CAMPOS_INSCRICAO, autor)
    resumo.inscricoes_criadas = len(criar)
    resumo.inscricoes_atualizadas = len(mudancas_insc)

    if novos or mudancas_cand or criar or mudancas_insc:
        registrar_ato(
            tipo="importacao_inscricoes",
            descricao=_("Importação de inscrições e notas (%(arquivo)s): %(c)d criadas, "
                        "%(a)d atualizadas.") % {"arquivo": nome_arquivo or "arquivo",
                                                 "c": len(criar), "a": len(mudancas_insc)},
            autor=autor, certame=certame, objeto=certame, depois=resumo.como_dict())
        solicitar_recalculo(resumo.cargos_afetados,
                            causa=_("importação de inscrições e notas (%(arquivo)s)") % {
                                "arquivo": nome_arquivo or "arquivo"})
    return resumo
