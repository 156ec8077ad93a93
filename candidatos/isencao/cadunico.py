"""CadÚnico: the automatic check of a fee-exemption request and the import of the extract.

The check (`verificar`) is a pure function over plain values: NIS, request date, the
registrations of the extract of the request date and the minimum wage in force on the
request date. It decides the requirements of Lei 3.057/2026 de Severínia, art. 2º:

- caput: family in CadÚnico with monthly per-capita income "igual ou inferior a meio salário
  mínimo nacional" (the income is the one CadÚnico holds, not a recomputation);
- §3º: registration active and updated on the request date (updated = last update at most
  `meses_atualizacao` months before the request date, an edital setting, default 24);
- §4º: the NIS identifies the family's record.

Which extract: the one with the latest reference date on or before the request date (then
the latest import: `extrato_da_data`, `extrato_aplicavel`). §3º asks for the registration
active and updated "na data do requerimento": an extract of a later date never changes a
request's check (spec section 8); at most it shows RH a divergence, which may lead RH to open
the falsity procedure (art. 5º), never decides it.

The import reads the extract the municipality obtains (CSV or XLSX, all or nothing) and keeps
only NIS, per-capita income, date of the last update and status (art. 4º, parágrafo único):
the file itself is not stored.

Expected columns (header names are flexible, accents and case ignored; other columns are
ignored and never stored):

    nis                 NIS/PIS/PASEP, 11 digits with a valid check digit (mask allowed)
    renda_per_capita    per-capita family income in reais: "810,50", "1.234,56", "R$ 810,50"
    data_atualizacao    date of the last update of the registration: DD/MM/AAAA
    situacao            registration status: ativo / inativo (also cadastrado / excluído)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any, Protocol

from dateutil.relativedelta import relativedelta
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from validate_docbr import PIS

# The cell parsers of the inscrições importer (decimal comma, DD/MM/AAAA); the file itself is
# read by the one spreadsheet reader, `comum.planilhas` (Latin-1 or UTF-8, ';' or ',',
# XLSX, all-or-nothing with errors by line and column).
from candidatos.importacao import ValorInvalido, data_br, decimal_br
from candidatos.models import ExtratoCadUnico, PedidoIsencao, RegistroCadUnico
from certames.auditoria import registrar_ato
from certames.regras.procedimentos import CADUNICO
from certames.regras.regimes import fundamentos_dos_regimes
from comum import formatos
from comum.planilhas import ArquivoRejeitado, ErroLinha, ler_planilha, mostrar, normalizar

Verificacao = PedidoIsencao.Verificacao

#: Months after which a registration is no longer "updated" (Lei 3.057/2026, art. 2º, §3º,
#: "nos termos das normas federais aplicáveis"); the edital may set another value in
#: `Certame.parametros["cadunico_meses_atualizacao"]`.
MESES_ATUALIZACAO_PADRAO = 24

LOTE = 2000
_pis = PIS()


# --- the automatic check (pure) --------------------------------------------------------------


class RegistroLike(Protocol):
    renda_per_capita: Decimal
    data_atualizacao: dt.date
    situacao: str


@dataclass(frozen=True)
class DadosCadUnico:
    """One registration of the extract, as plain data."""

    nis: str
    renda_per_capita: Decimal
    data_atualizacao: dt.date
    situacao: str  # RegistroCadUnico.Situacao value


@dataclass(frozen=True)
class ResultadoVerificacao:
    codigo: str  # PedidoIsencao.Verificacao value
    renda_per_capita: Decimal | None
    limite: Decimal | None


class SalarioMinimoAusente(ValueError):
    """No minimum wage in force on the request date: the income cannot be compared."""


def limite_renda(salario_minimo: Decimal) -> Decimal:
    """Half the minimum wage (Lei 3.057/2026, art. 2º, caput), floored to the cent.

    An income in whole cents is <= S/2 exactly when it is <= floor_to_cent(S/2), so the
    floored value is the exact limit to show and compare (R$ 1.621,00 -> R$ 810,50;
    R$ 1.518,00 -> R$ 759,00).
    """
    return (Decimal(salario_minimo) / 2).quantize(Decimal("0.01"), rounding=ROUND_DOWN)


def atualizado_ate(data_pedido: dt.date, meses: int = MESES_ATUALIZACAO_PADRAO) -> dt.date:
    """The oldest last-update date still "updated" on the request date (art. 2º, §3º)."""
    return data_pedido - relativedelta(months=meses)


def verificar(
    nis: str,
    data_pedido: dt.date,
    registros: Mapping[str, RegistroLike] | None,
    salario_minimo: Decimal | None,
    *,
    meses_atualizacao: int = MESES_ATUALIZACAO_PADRAO,
) -> ResultadoVerificacao:
    """Check one request against the extract of its date (`extrato_da_data`). `registros`
    None: no extract of that date yet.

    Order of the checks: extract, record, status, update date, income; the first failing
    requirement is the result.
    """
    limite = limite_renda(salario_minimo) if salario_minimo is not None else None
    if registros is None:
        return ResultadoVerificacao(Verificacao.SEM_EXTRATO, None, limite)
    registro = registros.get(nis)
    if registro is None:
        # Art. 2º, caput and §4º: the NIS must identify a family registered in CadÚnico.
        return ResultadoVerificacao(Verificacao.NAO_ENCONTRADO, None, limite)
    renda = Decimal(registro.renda_per_capita)
    if registro.situacao != "ativo":
        # Art. 2º, §3º: registration active on the request date.
        return ResultadoVerificacao(Verificacao.INATIVO, renda, limite)
    if registro.data_atualizacao < atualizado_ate(data_pedido, meses_atualizacao):
        # Art. 2º, §3º: data updated on the request date.
        return ResultadoVerificacao(Verificacao.DESATUALIZADO, renda, limite)
    if limite is None:
        raise SalarioMinimoAusente(data_pedido)
    if renda > limite:
        # Art. 2º, caput: "igual ou inferior a meio salário mínimo" (equal is eligible).
        return ResultadoVerificacao(Verificacao.RENDA_ACIMA, renda, limite)
    return ResultadoVerificacao(Verificacao.APTO, renda, limite)


def validar_nis(texto: str) -> str:
    """The NIS digits if the check digit is valid (art. 2º, §4º); raises ValorInvalido."""
    digitos = "".join(ch for ch in str(texto or "") if "0" <= ch <= "9")  # ASCII only
    if digitos and len(digitos) < 11 and str(texto).strip().isdigit() and str(texto).isascii():
        digitos = digitos.zfill(11)  # spreadsheets drop leading zeros
    if len(digitos) != 11 or not _pis.validate(digitos):
        raise ValorInvalido(_("NIS inválido “%(v)s” (11 dígitos com dígito verificador "
                              "válido)") % {"v": mostrar(texto)})
    return digitos


#: The order of the extracts: by reference date, then import (a re-import of the same date
#: supersedes the earlier one).
ORDEM_EXTRATOS = ("data_referencia", "importado_em", "pk")


def ultimo_extrato() -> ExtratoCadUnico | None:
    """The latest extract (by reference date, then import time)."""
    return ExtratoCadUnico.objects.order_by(*(f"-{c}" for c in ORDEM_EXTRATOS)).first()


def extrato_da_data(data: dt.date) -> ExtratoCadUnico | None:
    """The extract a request of `data` is checked against: the latest reference date on or
    before it, then the latest import (art. 2º, §3º: "na data do requerimento"). None: no
    extract of that date yet."""
    return (ExtratoCadUnico.objects.filter(data_referencia__lte=data)
            .order_by(*(f"-{c}" for c in ORDEM_EXTRATOS)).first())


def extrato_aplicavel(extratos: list, data: dt.date):
    """`extrato_da_data` over `extratos` already read in `ORDEM_EXTRATOS` (pure)."""
    aplicavel = None
    for extrato in extratos:
        if extrato.data_referencia <= data:
            aplicavel = extrato
    return aplicavel


# --- the import ------------------------------------------------------------------------------

#: Canonical column -> accepted header spellings (normalised: lowercase, no accents, "_").
#: The CECAD export names (d.vlr_renda_media_fam, d.dat_atual_fam, ...) are accepted too.
COLUNAS: dict[str, tuple[str, ...]] = {
    "nis": ("nis", "numero_nis", "n_nis", "nu_nis", "num_nis", "nis_pis", "nis_responsavel",
            "num_nis_pessoa_atual", "p_num_nis_pessoa_atual"),
    "renda_per_capita": ("renda_per_capita", "renda_familiar_per_capita", "renda_percapita",
                         "renda_per_capita_familiar", "renda", "valor_renda_per_capita",
                         "vlr_renda_media_fam", "d_vlr_renda_media_fam"),
    "data_atualizacao": ("data_atualizacao", "data_da_atualizacao", "data_de_atualizacao",
                         "data_ultima_atualizacao",
                         "data_da_ultima_atualizacao", "ultima_atualizacao", "dt_atualizacao",
                         "dat_atual_fam", "d_dat_atual_fam"),
    "situacao": ("situacao", "situacao_cadastro", "situacao_do_cadastro", "situacao_cadastral",
                 "estado_cadastral", "status"),
}
OBRIGATORIAS = tuple(COLUNAS)
SITUACOES = {
    "ativo": RegistroCadUnico.Situacao.ATIVO, "ativa": RegistroCadUnico.Situacao.ATIVO,
    "cadastrado": RegistroCadUnico.Situacao.ATIVO, "cadastrada": RegistroCadUnico.Situacao.ATIVO,
    "inativo": RegistroCadUnico.Situacao.INATIVO, "inativa": RegistroCadUnico.Situacao.INATIVO,
    "excluido": RegistroCadUnico.Situacao.INATIVO, "excluida": RegistroCadUnico.Situacao.INATIVO,
}
# The income column's own limits (max_digits, decimal_places), taken from the model.
CAMPO_RENDA = RegistroCadUnico._meta.get_field("renda_per_capita")
# CadÚnico exists since Decreto 3.877, de 24 de julho de 2001 (Cadastramento Único para
# Programas Sociais): no registration was updated before it.
INICIO_CADUNICO = dt.date(2001, 7, 24)


@dataclass
class ResultadoImportacao:
    extrato: ExtratoCadUnico
    registros: int
    colunas_ignoradas: list[str]
    reverificados: dict[str, int]  # verification code -> number of requests

    def como_dict(self) -> dict[str, Any]:
        return {"registros": self.registros, "colunas_ignoradas": self.colunas_ignoradas,
                "reverificados": self.reverificados}


def _renda(texto: str) -> Decimal:
    t = texto.strip()
    if t.upper().startswith("R$"):
        t = t[2:]
    valor = decimal_br(t)
    if valor < 0:
        raise ValorInvalido(_("renda negativa “%(v)s”") % {"v": mostrar(texto)})
    if valor.as_tuple().exponent < -2:  # type: ignore[operator]
        raise ValorInvalido(_("renda “%(v)s” com mais de 2 casas decimais") % {
            "v": mostrar(texto)})
    try:
        CAMPO_RENDA.run_validators(valor)
    except ValidationError as exc:
        raise ValorInvalido(_("renda “%(v)s” fora do limite: %(motivo)s") % {
            "v": mostrar(texto), "motivo": " ".join(exc.messages)}) from None
    return valor


def _data_atualizacao(texto: str) -> dt.date | None:
    data = data_br(texto)
    if data is not None and data < INICIO_CADUNICO:
        raise ValorInvalido(_("data de atualização %(d)s anterior à criação do CadÚnico "
                              "(%(i)s)") % {"d": formatos.data_br(data),
                                            "i": formatos.data_br(INICIO_CADUNICO)})
    return data


def ler_extrato(conteudo: bytes, *, data_referencia: dt.date
                ) -> tuple[list[DadosCadUnico], list[str]]:
    """Parse and validate the whole extract; raises ArquivoRejeitado with every error."""
    # Columns not needed to check the requirements are not read (art. 4º, parágrafo único).
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS, desconhecidas="ignorar")
    erros: list[ErroLinha] = []
    dados: list[DadosCadUnico] = []
    vistos: dict[str, int] = {}
    for linha in planilha.linhas:  # blank lines are not there
        n = linha.numero

        def cel(nome: str, linha=linha) -> str:
            return planilha.celula(linha, nome)

        v: dict[str, Any] = {}
        erros_linha: list[ErroLinha] = []
        for coluna, funcao in (("nis", validar_nis), ("renda_per_capita", _renda),
                               ("data_atualizacao", _data_atualizacao)):
            texto = cel(coluna)
            if not texto:
                erros_linha.append(ErroLinha(n, coluna, _("valor obrigatório em branco")))
                continue
            try:
                v[coluna] = funcao(texto)
            except ValorInvalido as exc:
                erros_linha.append(ErroLinha(n, coluna, str(exc)))
        data = v.get("data_atualizacao")
        if data is not None and data > data_referencia:
            erros_linha.append(ErroLinha(n, "data_atualizacao", _(
                "data de atualização %(d)s posterior à data de referência do extrato "
                "(%(r)s)") % {"d": formatos.data_br(data),
                              "r": formatos.data_br(data_referencia)}))
        situacao = cel("situacao")
        if not situacao:
            erros_linha.append(ErroLinha(n, "situacao", _("valor obrigatório em branco")))
        elif normalizar(situacao) not in SITUACOES:
            erros_linha.append(ErroLinha(n, "situacao", _(
                "situação “%(v)s” inválida (ativo ou inativo)") % {"v": mostrar(situacao)}))
        else:
            v["situacao"] = SITUACOES[normalizar(situacao)]
        if "nis" in v:
            if v["nis"] in vistos:
                erros_linha.append(ErroLinha(n, "nis", _(
                    "NIS %(nis)s repetido (já aparece na linha %(l)d)") % {
                    "nis": v["nis"], "l": vistos[v["nis"]]}))
            else:
                vistos[v["nis"]] = n
        if erros_linha:
            erros.extend(erros_linha)
        else:
            dados.append(DadosCadUnico(nis=v["nis"], renda_per_capita=v["renda_per_capita"],
                                       data_atualizacao=v["data_atualizacao"],
                                       situacao=v["situacao"]))
    if erros:
        erros.sort(key=lambda e: (e.linha, e.coluna))
        raise ArquivoRejeitado(erros)
    return dados, planilha.ignoradas


def fundamento_consulta() -> str:
    """Where the laws with a CadÚnico exemption allow the check against official databases and
    limit the data kept (`RegraIsencao.fundamento_consulta` of each such regime): the extract
    belongs to no certame."""
    return fundamentos_dos_regimes(
        lambda r: r.isencao.fundamento_consulta
        if r.isencao is not None and CADUNICO in r.isencao.codigos else "")


def importar_extrato(conteudo: bytes, *, data_referencia: dt.date, nome_arquivo: str,
                     autor, agora: dt.datetime | None = None) -> ResultadoImportacao:
    """Validate the whole extract, then write it in one transaction. Raises ArquivoRejeitado
    (nothing written). The file is not kept. The undecided requests are re-checked by the
    caller in the same transaction (`candidatos.isencao.importar_extrato`, which fills
    `reverificados`): the check does not import the exemption's domain."""
    agora = agora or timezone.now()
    if data_referencia > timezone.localdate(agora):
        raise ValidationError(_("A data de referência do extrato não pode ser futura."))
    dados, ignoradas = ler_extrato(conteudo, data_referencia=data_referencia)
    with transaction.atomic():
        extrato = ExtratoCadUnico.objects.create(
            nome_arquivo=(nome_arquivo or "extrato")[:250], data_referencia=data_referencia,
            importado_por=autor if getattr(autor, "is_authenticated", False) else None,
            total_registros=len(dados))
        RegistroCadUnico.objects.bulk_create(
            [RegistroCadUnico(extrato=extrato, nis=d.nis, renda_per_capita=d.renda_per_capita,
                              data_atualizacao=d.data_atualizacao, situacao=d.situacao)
             for d in dados], batch_size=LOTE)
        registrar_ato(
            tipo="cadunico_importacao", autor=autor, objeto=extrato,
            descricao=_("Importação do extrato do CadÚnico %(a)s (referência %(d)s): "
                        "%(n)d registros.") % {"a": extrato.nome_arquivo,
                                               "d": formatos.data_br(data_referencia),
                                               "n": len(dados)},
            fundamento_legal=fundamento_consulta(),
            depois={"registros": len(dados), "colunas_ignoradas": ignoradas})
    return ResultadoImportacao(extrato, len(dados), ignoradas, {})
