"""The template of the banca's spreadsheet for one certame, and its instructions.

Every column the importer reads (`linhas.COLUNAS`: its name and the other spellings the header
may use; `linhas.OBRIGATORIAS`; the tie-break columns of `linhas.COLUNA_DESEMPATE`), each with
the values it accepts, worded from the constants the importer validates with (`valores`: cor
ou raça, sim/não, kinds of disability, situations, date formats, the text fields' limits read
from the models, the score's decimals) and from the certame (its regime's reserved lists and
who may opt into each, its cargos' codes, the edital's maximum score). RH downloads it from the
import page as CSV or XLSX (`painel.views.certames.ModeloImportacaoView`, written by
`comum.exportacao`) and the page shows the same table.

Nothing here lists the columns or the values a second time: a column or a value the importer
learns shows up here by itself. A column must still be described (`_DESCRICOES`, keyed by the
importer's names); tests/candidatos/test_importacao_modelo.py fails on one that is not.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from candidatos.importacao.linhas import COLUNAS, OBRIGATORIAS, nota_maxima
from candidatos.importacao.valores import (
    APAGAR_NOTA,
    CAMPO_NOTA,
    CAMPOS_TEXTO,
    COR_RACA,
    DESEMPATE_MAX_DIGITOS,
    FALSO,
    FORMATOS_DATA,
    NASCIMENTO_MINIMO,
    SEPARADORES_LISTAS,
    SITUACOES,
    SITUACOES_TAXA,
    TIPOS_DEFICIENCIA,
    VERDADEIRO,
)
from candidatos.models import CorRaca, Inscricao, Lista, TipoDeficiencia, motivo_opcao_invalida
from certames.models import Certame
from comum.exportacao import Folha
from comum.formatos import data_br
from comum.planilhas import normalizar

#: The tie-break columns as the template names them (any `desempate<N>` is read, in the order
#: of N; tests check these match `linhas.COLUNA_DESEMPATE`).
EXEMPLOS_DESEMPATE = ("desempate_1", "desempate_2")


@dataclass(frozen=True)
class ColunaModelo:
    """One column of the template: its name (the template's header), the other spellings
    the importer accepts, whether it is required, what it holds, the values it accepts and an
    example cell."""

    nome: str
    outros_nomes: tuple[str, ...]
    obrigatoria: str
    conteudo: str
    valores: str
    exemplo: str = ""
    #: Columns the template's header carries (the tie-break ones are added by RH, one per
    #: criterion of the edital: a blank tie-break cell of a scored row is refused).
    no_cabecalho: bool = True


@dataclass
class _Certame:
    """What the descriptions read of the certame, once."""

    certame: Certame
    regime: object = field(init=False)
    cargos: list = field(init=False)

    def __post_init__(self):
        self.regime = self.certame.regime_legal
        self.cargos = list(self.certame.cargos.order_by("codigo").values_list("codigo", "nome"))


def _lista(itens) -> str:
    itens = [str(i) for i in itens]
    if len(itens) <= 1:
        return "".join(itens)
    return _("%(a)s ou %(b)s") % {"a": ", ".join(itens[:-1]), "b": itens[-1]}


def _ate(coluna: str) -> str:
    return _("texto de até %(n)d caracteres") % {"n": CAMPOS_TEXTO[coluna].max_length}


def _codigos(choices, validos) -> str:
    """Each accepted code with its label: "paga (Paga)"."""
    return "; ".join(f"{valor} ({rotulo})" for valor, rotulo in choices if valor in validos)


def _sim_nao() -> str:
    def ordem(valores, primeiro):
        return ", ".join(sorted((v for v in valores if v), key=lambda v: (v != primeiro, v)))

    return _("sim: %(s)s; não: %(n)s ou a célula em branco") % {
        "s": ordem(VERDADEIRO, "sim"), "n": ordem(FALSO, "nao")}


def _formato_data(formato: str) -> str:
    return formato.replace("%d", "DD").replace("%m", "MM").replace("%Y", "AAAA")


# --- one description per column: (what it holds, accepted values, example) -----------------


def _inscricao(c: _Certame):
    return (_("Número de inscrição, único no certame."), _ate("inscricao"), "000123")


def _cpf(c: _Certame):
    return (_("CPF do candidato."),
            _("11 dígitos, com ou sem pontos e traço; os dígitos verificadores são conferidos "
              "e os zeros à esquerda que a planilha apagar são repostos."), "529.982.247-25")


def _nome(c: _Certame):
    return (_("Nome civil do candidato."), _ate("nome"), "Maria da Silva")


def _nome_social(c: _Certame):
    return (_("Nome social, quando o candidato o informou."), _ate("nome_social"), "")


def _data_nascimento(c: _Certame):
    primeiro, *outros = (_formato_data(f) for f in FORMATOS_DATA)
    return (_("Data de nascimento."),
            _("%(f)s (também %(o)s); nem no futuro nem antes de %(m)s.") % {
                "f": primeiro, "o": _lista(outros), "m": data_br(NASCIMENTO_MINIMO)},
            data_br(dt.date(1990, 3, 5)))


def _email(c: _Certame):
    return (_("E-mail do candidato."), _("endereço de e-mail válido, até %(n)d caracteres") % {
        "n": CAMPOS_TEXTO["email"].max_length}, "maria@example.com")


def _telefone(c: _Certame):
    return (_("Telefone do candidato."), _ate("telefone"), "(17) 99999-0000")


def _cargo(c: _Certame):
    if not c.cargos:
        return (_("Código do cargo neste certame."),
                _("este certame ainda não tem cargos cadastrados."), "")
    codigos = "; ".join(f"{codigo} ({nome})" for codigo, nome in c.cargos)
    return (_("Código do cargo neste certame."),
            _("um dos códigos: %(c)s. Maiúsculas e minúsculas não fazem diferença.") % {
                "c": codigos}, c.cargos[0][0])


def _cor_raca(c: _Certame):
    grafias: dict[str, list[str]] = {}
    for grafia, valor in COR_RACA.items():
        grafias.setdefault(valor, []).append(grafia)
    partes = []
    for valor, rotulo in CorRaca.choices:
        outras = [g for g in grafias.get(valor, []) if g != normalizar(str(rotulo))]
        partes.append(f"{rotulo} ({_('ou')} {', '.join(outras)})" if outras else str(rotulo))
    return (_("Cor ou raça autodeclarada (categorias do IBGE)."),
            _("%(v)s. Acentos e maiúsculas não fazem diferença.") % {"v": "; ".join(partes)},
            str(CorRaca.PARDA.label).lower())


def _quilombola(c: _Certame):
    return (_("Autoatribuição quilombola."), _sim_nao(), _("não"))


def _deficiencia(c: _Certame):
    return (_("Pessoa com deficiência (autodeclaração)."), _sim_nao(), _("não"))


def _tipo_deficiencia(c: _Certame):
    return (_("Tipo de deficiência: obrigatório quando deficiencia é sim."),
            _("o código ou o nome: %(v)s.") % {
                "v": _codigos(TipoDeficiencia.choices, set(TIPOS_DEFICIENCIA.values()))}, "")


def _listas(c: _Certame):
    # Who may opt into each list: the importer's own check, asked of a self-declaration that
    # allows none (its refusal says what the list requires).
    partes = []
    for codigo in c.regime.listas:
        exige = motivo_opcao_invalida(codigo, cor_raca="", quilombola=False, deficiencia=False)
        rotulo = Lista(codigo).label if codigo in Lista.values else codigo
        partes.append(f"{codigo} — {rotulo} ({exige})" if exige else f"{codigo} — {rotulo}")
    separadores = " ".join(SEPARADORES_LISTAS)
    return (_("Listas reservadas em que o candidato concorre, além da ampla concorrência "
              "(em branco: só a ampla concorrência)."),
            _("códigos das listas de %(r)s: %(l)s. Mais de uma lista separada por um de "
              "%(s)s ou espaço.") % {"r": c.regime.nome, "l": "; ".join(partes),
                                     "s": separadores},
            "|".join(dict.fromkeys(c.regime.listas[:1] + c.regime.listas[-1:])))


def _nota(c: _Certame):
    maximo = format(nota_maxima(c.certame).normalize(), "f").replace(".", ",")
    return (_("Nota final do candidato."),
            _("número de 0 a %(m)s (a nota máxima do edital), com vírgula ou ponto decimal e "
              "até %(n)d casas decimais. Em branco (ou sem a coluna): mantém a nota já "
              "gravada. “%(a)s”: apaga a nota gravada.") % {
                "m": maximo, "n": CAMPO_NOTA.decimal_places, "a": APAGAR_NOTA}, "87,5")


def _situacao(c: _Certame):
    return (_("Situação da inscrição."),
            _("%(v)s. Em branco (ou sem a coluna): com nota, habilitado; sem nota, inscrito; "
              "quem está eliminado, ausente ou desistente continua assim.") % {
                "v": _codigos(Inscricao.Situacao.choices, SITUACOES)}, "")


def _situacao_taxa(c: _Certame):
    padrao = Inscricao._meta.get_field("situacao_taxa").get_default()
    return (_("Situação da taxa de inscrição."),
            _("%(v)s. Em branco (ou sem a coluna): mantém a situação gravada; uma inscrição "
              "nova fica “%(p)s”.") % {
                "v": _codigos(Inscricao.SituacaoTaxa.choices, SITUACOES_TAXA),
                "p": Inscricao.SituacaoTaxa(padrao).label}, "")


#: Columns required only with another's value (the importer's `erros_autodeclaracao`).
_CONDICIONAIS = {"tipo_deficiencia": _lazy("quando deficiencia é sim")}

_DESCRICOES: dict[str, Callable[[_Certame], tuple[str, str, str]]] = {
    "inscricao": _inscricao, "cpf": _cpf, "nome": _nome, "nome_social": _nome_social,
    "data_nascimento": _data_nascimento, "email": _email, "telefone": _telefone,
    "cargo": _cargo, "cor_raca": _cor_raca, "quilombola": _quilombola,
    "deficiencia": _deficiencia, "tipo_deficiencia": _tipo_deficiencia, "listas": _listas,
    "nota": _nota, "situacao": _situacao, "situacao_taxa": _situacao_taxa,
}


def _desempate() -> ColunaModelo:
    return ColunaModelo(
        nome=", ".join(EXEMPLOS_DESEMPATE) + ", …", outros_nomes=(),
        obrigatoria=_("com nota, se o edital tiver critérios de desempate"),
        conteudo=_("Critérios de desempate, na ordem do edital: acrescente uma coluna por "
                   "critério (%(p)s é o primeiro). No empate, vence o maior valor.") % {
                       "p": EXEMPLOS_DESEMPATE[0]},
        valores=_("número de até %(n)d dígitos, com vírgula ou ponto decimal. Toda inscrição "
                  "com nota tem um valor em cada coluna, e todas as de um cargo têm o mesmo "
                  "número de critérios.") % {"n": DESEMPATE_MAX_DIGITOS},
        exemplo="36", no_cabecalho=False)


def colunas_do_modelo(certame: Certame) -> list[ColunaModelo]:
    """Every column the importer reads, described for this certame, in the importer's
    order, the tie-break columns last."""
    dados = _Certame(certame)
    colunas = []
    for nome, grafias in COLUNAS.items():
        descrever = _DESCRICOES.get(nome)
        conteudo, valores, exemplo = descrever(dados) if descrever else ("", "", "")
        obrigatoria = _("sim") if nome in OBRIGATORIAS else str(_CONDICIONAIS.get(nome, _("não")))
        colunas.append(ColunaModelo(nome, tuple(g for g in grafias if g != nome), obrigatoria,
                                    conteudo, valores, exemplo))
    colunas.append(_desempate())
    return colunas


def cabecalho(colunas: list[ColunaModelo]) -> list[str]:
    """The template's header row: the importer's column names."""
    return [c.nome for c in colunas if c.no_cabecalho]


def notas_gerais() -> list[str]:
    """What holds for the whole file (the instructions' first lines)."""
    return [
        _("A primeira linha tem os nomes das colunas, em qualquer ordem; acentos, maiúsculas e "
          "pontuação dos nomes não fazem diferença. Uma coluna com outro nome recusa o "
          "arquivo."),
        _("Obrigatórias: %(c)s. Cada linha é uma inscrição (um candidato em um cargo).") % {
            "c": ", ".join(OBRIGATORIAS)},
        _("Arquivo CSV (separado por ponto e vírgula ou vírgula, em UTF-8 ou Latin-1) ou XLSX. "
          "Números com vírgula decimal (87,5) ou ponto (87.5); datas como 05/03/1990."),
        _("Tudo ou nada: um erro em qualquer linha recusa o arquivo inteiro, com cada erro "
          "por linha e coluna, e nada é gravado. Fórmulas são recusadas: grave os valores."),
    ]


#: The instructions sheet's column widths (characters): name, required, other names, what it
#: holds, values, example.
LARGURAS_INSTRUCOES = (22, 16, 26, 42, 70, 18)


def instrucoes(colunas: list[ColunaModelo], notas: list[str] | None = None) -> Folha:
    """The sheet "Instruções" of the XLSX template: the general notes, then a header and one
    row per column."""
    return Folha(
        _("Instruções"), notas=notas_gerais() if notas is None else notas,
        cabecalhos=[[_("Coluna"), _("Obrigatória"), _("Também aceita como"),
                     _("O que contém"), _("Valores aceitos"), _("Exemplo")]],
        linhas=[[c.nome, c.obrigatoria, ", ".join(c.outros_nomes), c.conteudo, c.valores,
                 c.exemplo] for c in colunas],
        larguras=LARGURAS_INSTRUCOES)
