"""The edital's annex: what the edital must state clearly about the reserve (Severínia, Lei
3.057/2026, art. 18, I to VIII; the product states it for every certame), each item with its
source in the certame's regime, as a public page and a PDF (`classificacao.impressos`).

I to IV and VIII are the vacancy table's own numbers and call order (`documentos.
conteudo_quadro`: one function answers them); V to VII come from the regime's rules (the
reserved lists and their documents, the committee procedures, their appeals) and the schedule.

Rule decided here (product): the edital is published only with every item stated
(`pendencias`, checked by `editais.servicos.publicar_edital` through
`editais.servicos.declarar_verificacao`): the split computed (the whole-edital draw may come
later: then the items say so), and the deadline of the appeal against the preliminary result
in the schedule ("os procedimentos e prazos para interposição de recurso", item VII).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.condicoes.base import PRAZO_RECURSO_DIAS as PRAZO_RECURSO_ATENDIMENTO
from certames.models import Certame, DocumentoPdf, Etapa
from certames.regras.procedimentos import TIPOS_DOCUMENTO
from classificacao.documentos import conteudo_quadro, nome_quadro
from classificacao.impressos import Impresso, registrar
from comissoes.dominio.procedimentos import PROCEDIMENTOS
from comum.formatos import data_hora_br

#: The items, as the law names them.
ITENS = (
    ("I", gettext_lazy("Número total de vagas")),
    ("II", gettext_lazy("Vagas destinadas à ampla concorrência")),
    ("III", gettext_lazy("Vagas reservadas às pessoas com deficiência")),
    ("IV", gettext_lazy("Vagas reservadas (reserva racial)")),
    ("V", gettext_lazy("Critérios para a inscrição nas vagas reservadas")),
    ("VI", gettext_lazy("Procedimentos de confirmação das declarações")),
    ("VII", gettext_lazy("Procedimentos e prazos de recurso")),
    ("VIII", gettext_lazy("Ordem e critérios de convocação")),
)


@dataclass
class Item:
    numero: str
    titulo: str
    linhas: list[str] = field(default_factory=list)
    fonte: str = ""
    #: Why the item cannot be stated yet ("" when it is).
    falta: str = ""


def _por_cargo(quadro: dict, listas: list[str]) -> list[str]:
    return [f"{c['codigo']} — {c['nome']}: " + ", ".join(
        f"{c['distribuicao'].get(lista, 0)} {lista}" for lista in listas)
        for c in quadro["cargos"] if c.get("distribuicao")]


def _vagas(certame: Certame, quadro: dict) -> list[Item]:
    regime = certame.regime_legal
    cargos = quadro["cargos"]
    aviso = (_("A distribuição por cargo depende do sorteio público das vagas reservadas.")
             if quadro.get("sorteio_pendente") else quadro.get("erro") or "")
    raciais = [g.codigo for g in regime.grupos]
    itens = [
        Item("I", str(ITENS[0][1]), [_("%(n)d vaga(s) no edital.") % {
            "n": sum(c["vagas_edital"] for c in cargos)}, *[
            f"{c['codigo']} — {c['nome']}: {c['vagas_edital']}" for c in cargos]],
            regime.lei, "" if cargos else _("o edital não tem cargos.")),
        Item("II", str(ITENS[1][1]), _por_cargo(quadro, ["AC"]) or [aviso],
             regime.fundamento_concorrencia),
        Item("III", str(ITENS[2][1]), _por_cargo(quadro, ["PCD"]) or [aviso],
             regime.pcd.fundamento),
        Item("IV", str(ITENS[3][1]), _por_cargo(quadro, raciais) or [aviso],
             "; ".join(g.fundamento for g in regime.grupos)),
    ]
    if quadro.get("erro") and not quadro.get("sorteio_pendente"):
        for item in itens[1:]:
            item.falta = str(quadro["erro"])
    return itens


def _documentos(regra) -> str:
    obrigatorios = [TIPOS_DOCUMENTO.get(d, d) for d in regra.obrigatorios]
    alternativos = [" ou ".join(TIPOS_DOCUMENTO.get(d, d) for d in grupo)
                    for grupo in regra.alternativos]
    return "; ".join([*obrigatorios, *alternativos])


def _criterios(certame: Certame) -> Item:
    regime = certame.regime_legal
    linhas = [_("%(l)s — %(n)s: por autodeclaração no ato da inscrição (%(f)s).") % {
        "l": g.codigo, "n": g.nome, "f": g.fundamento} for g in regime.grupos]
    linhas.append(_("PCD — pessoas com deficiência: declaração no ato da inscrição, com "
                    "laudo (%(f)s).") % {"f": regime.pcd.fundamento})
    for regra in regime.documentos:
        linhas.append(_("Documentos da lista %(l)s: %(d)s (%(f)s).") % {
            "l": regra.lista, "d": _documentos(regra), "f": regra.fundamento})
    return Item("V", str(ITENS[4][1]), linhas, regime.fundamento_opcoes_na_inscricao)


def _procedimentos(certame: Certame) -> Item:
    regime = certame.regime_legal
    linhas = []
    for tipo, dados in PROCEDIMENTOS.items():
        regra = regime.procedimento(tipo)
        if not regra.convocacao.listas:
            continue
        if tipo == "heteroidentificacao" and not regime.heteroidentificacao_prevista(
                certame.parametros):
            linhas.append(_("%(p)s: dispensada por este edital (%(f)s).") % {
                "p": dados.titulo, "f": regra.convocacao.fundamento_facultativa})
            continue
        linhas.append(_("%(p)s: listas %(l)s (%(f)s)%(s)s.") % {
            "p": dados.titulo, "l": ", ".join(regra.convocacao.listas), "f": regra.fundamento,
            "s": _(", com comparecimento") if dados.exige_presenca else ""})
    if certame.criterios_heteroidentificacao:
        linhas.append(_("Critérios da heteroidentificação: %(c)s") % {
            "c": certame.criterios_heteroidentificacao})
    return Item("VI", str(ITENS[5][1]), linhas, regime.heteroidentificacao)


def _etapas(certame: Certame, tipo: str) -> str:
    etapas = [e for e in certame.etapas.all() if e.tipo == tipo]
    return "; ".join(_("de %(i)s a %(f)s") % {"i": data_hora_br(e.inicio),
                                              "f": data_hora_br(e.fim)} for e in etapas)


def _recursos(certame: Certame) -> Item:
    regime = certame.regime_legal
    linhas = []
    resultado = _etapas(certame, Etapa.Tipo.RECURSO_RESULTADO)
    linhas.append(_("Resultado preliminar da classificação: %(p)s.") % {
        "p": resultado or _("prazo não previsto no cronograma")})
    for tipo, dados in PROCEDIMENTOS.items():
        regra = regime.procedimento(tipo)
        if not regra.convocacao.listas:
            continue
        linhas.append(_("%(p)s: %(d)s (%(f)s).") % {
            "p": dados.titulo, "d": _etapas(certame, dados.etapa_recurso)
            or _("prazo a fixar no cronograma antes do procedimento"),
            "f": regra.fundamento_recurso})
    if regime.isencao is not None:
        linhas.append(_("Isenção da taxa: %(d)s (%(f)s).") % {
            "d": _etapas(certame, Etapa.Tipo.RECURSO_ISENCAO)
            or _("prazo a fixar no cronograma"), "f": regime.isencao.fundamento_recurso})
    linhas.append(_("Atendimento especializado na prova: %(a)d dias da decisão; procedimento "
                    "administrativo de fraude ou falsidade: %(p)d dias da decisão (%(f)s). O "
                    "recurso contra decisão do RH vai a quem decidiu, que pode reconsiderá-la, "
                    "e depois à autoridade superior do certame.") % {
        "a": PRAZO_RECURSO_ATENDIMENTO, "p": regime.regra_fraude.prazo_recurso_dias,
        "f": regime.regra_fraude.fundamento_recurso})
    falta = "" if resultado else _(
        "inclua no cronograma a etapa “Recurso do resultado” (o prazo de recurso contra o "
        "resultado preliminar).")
    return Item("VII", str(ITENS[6][1]), linhas, regime.fundamento_efeito_definitivo, falta)


def _convocacao(certame: Certame, quadro: dict) -> Item:
    regime = certame.regime_legal
    ordem = (certame.parametros or {}).get("ordem_convocacao")
    linhas = [_("Ordem estabelecida no edital.") if ordem else _(
        "Alternância e proporcionalidade entre as listas, conforme a regra do regime.")]
    for c in quadro["cargos"]:
        posicoes = "; ".join(f"{g['lista']}: {g['posicoes']}" for g in c["ordem_convocacao"]
                             if g["posicoes"])
        if posicoes:
            linhas.append(f"{c['codigo']} — {posicoes}")
    return Item("VIII", str(ITENS[7][1]), linhas, regime.fundamento_convocacao)


def itens(certame: Certame, quadro: dict | None = None) -> list[Item]:
    """The eight items of the annex, in order."""
    quadro = quadro if quadro is not None else conteudo_quadro(certame)
    return [*_vagas(certame, quadro), _criterios(certame), _procedimentos(certame),
            _recursos(certame), _convocacao(certame, quadro)]


def pendencias(certame: Certame) -> list[str]:
    """The items the edital cannot state yet: the publication waits for them."""
    return [_("Anexo do edital, item %(n)s (%(t)s): %(f)s") % {
        "n": i.numero, "t": i.titulo, "f": i.falta} for i in itens(certame) if i.falta]


def conteudo_anexo(certame: Certame) -> dict:
    quadro = conteudo_quadro(certame)
    return {**quadro, "titulo": str(gettext_lazy("Anexo do edital")),
            "itens": [asdict(i) for i in itens(certame, quadro)]}


def nome_anexo(certame: Certame) -> str:
    return nome_quadro(certame).replace("quadro-vagas", "anexo")


registrar(Impresso(
    tipo=DocumentoPdf.Tipo.ANEXO_EDITAL, template="classificacao/impressos/anexo_edital.html",
    conteudo=conteudo_anexo, nome=nome_anexo, titulo=gettext_lazy("Anexo do edital"),
    alvo=Certame))
