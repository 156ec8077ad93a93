"""Phase 1 of the import: every row on its own and against the others in the file (no writes).

Required cells, CPF, cargo, the self-declaration against the regime, every text cell against
its model field, dates, the score against the edital's maximum and the DecimalField, tie-break
keys, duplicates and one CPF with different personal data within the file. The cells are read
by `candidatos.importacao.valores`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.importacao.consultas import LOTE
from candidatos.importacao.valores import (
    APAGAR_NOTA,
    CAMPO_NOTA,
    COLUNAS_NOME,
    COR_RACA,
    MANTER,
    NOTA_CABE,
    SEPARADOR_LISTAS,
    SITUACOES,
    SITUACOES_TAXA,
    TIPOS_DEFICIENCIA,
    ValorInvalido,
    _booleano,
    _cpf,
    _normalizado,
    data_nascimento_br,
    decimal_br,
    desempate_br,
    erros_texto,
)
from candidatos.models import erros_autodeclaracao
from certames.models import Cargo, Certame
from comum.nomes import nome_normalizado
from comum.planilhas import MAX_ERROS, ErroLinha, Planilha, mostrar, normalizar

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
#: The default of the edital's `nota_maxima` (Certame.parametros).
NOTA_MAXIMA_PADRAO = "100"

Progresso = Callable[[int, int, str], None]  # (done, total, phase)


def nota_maxima(certame: Certame) -> Decimal:
    """The highest score a row may carry: the edital's `nota_maxima` (default 100)."""
    return decimal_br(str(certame.parametros.get("nota_maxima", NOTA_MAXIMA_PADRAO)))


@dataclass
class _Linha:
    numero_linha: int
    valores: dict[str, Any]


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
        self.nota_maxima = nota_maxima(certame)
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
            elif nota.as_tuple().exponent < -CAMPO_NOTA.decimal_places:  # type: ignore[operator]
                self.erro("nota", _("nota %(v)s com mais de %(n)d casas decimais") % {
                    "v": nota_txt, "n": CAMPO_NOTA.decimal_places})
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
