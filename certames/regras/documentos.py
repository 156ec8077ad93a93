"""Documentary proof of indigenous and quilombola condition, and the PcD medical report:
which documents each regime accepts for each reserved list, with the article.

A rule is data: documents required (all of them) and groups of alternatives (at least one
document of each group). The edital may extend a list (``parametros["documentos"]``), e.g. to
accept more alternatives; it never removes what the law requires.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .erros import ErroParametro

__all__ = ["TIPOS", "RegraDocumental", "REGRAS", "regra_documental", "faltantes"]

#: Document types the product knows, with their names as the laws write them.
TIPOS: dict[str, str] = {
    "TADII": "Termo de Autodeclaração de Identidade Indígena (TADII)",
    "RANI": "Registro Administrativo de Nascimento Indígena (RANI)",
    "DECL_LIDERANCA": (
        "declaração de pertencimento étnico emitida por liderança, ancião ou personalidade "
        "indígena de reconhecida reputação pública"),
    "DECL_ORGANIZACAO": (
        "declaração expedida por órgão indigenista, associação indígena ou organização "
        "indígena de reconhecida atuação pública"),
    "DECL_COMUNIDADE": (
        "declaração da comunidade ou de sua associação, assinada por suas lideranças"),
    "CERTIDAO_PALMARES": (
        "certidão da Fundação Cultural Palmares de reconhecimento da comunidade quilombola"),
    "LAUDO": "laudo médico com a espécie e o grau da deficiência e o código CID",
    "DOC_EDITAL": "outro documento previsto no edital",
}


@dataclass(frozen=True)
class RegraDocumental:
    lista: str
    obrigatorios: tuple[str, ...]
    alternativos: tuple[tuple[str, ...], ...]
    fundamento: str

    @property
    def tipos_aceitos(self) -> tuple[str, ...]:
        vistos: list[str] = []
        for tipo in (*self.obrigatorios, *(t for grupo in self.alternativos for t in grupo)):
            if tipo not in vistos:
                vistos.append(tipo)
        return tuple(vistos)


_SMBV = "LC 22/2026"
_SEV = "Lei 3.057/2026"
_PIR = "Lei 3.056/2025"
_FED = "Lei 15.142/2025; Decreto 12.536/2025"
_INDIGENA_ALTERNATIVOS = (("RANI", "DECL_LIDERANCA", "DECL_ORGANIZACAO"),)
# Decreto 9.508/2018 (federal parameter; LC 22/2026 art. 7º §3º points to it): the candidate
# presents a medical report; the multiprofessional team evaluates it.
_LAUDO = ("LAUDO",)
_F_LAUDO = "Decreto 9.508/2018, art. 5º (parâmetro federal)"

REGRAS: dict[str, dict[str, RegraDocumental]] = {
    "smbv-lc22-2026": {
        # TADII plus one of RANI, leader's declaration, indigenist body's declaration.
        "I": RegraDocumental("I", ("TADII",), _INDIGENA_ALTERNATIVOS, f"{_SMBV}, art. 4º"),
        "PCD": RegraDocumental("PCD", _LAUDO, (), f"{_SMBV}, art. 7º, §§1º e 3º; {_F_LAUDO}"),
    },
    "severinia-lei3057-2026": {
        # Art. 13: "na forma ... do edital". Product default: the federal practice (TADII plus
        # one proof of belonging), for the indigenous optants of the PPI pool only.
        "PPI": RegraDocumental(
            "PPI", ("TADII",), _INDIGENA_ALTERNATIVOS,
            f"{_SEV}, art. 13 (forma definida no edital; padrão do produto: TADII e uma prova "
            "de pertencimento)"),
        "PCD": RegraDocumental("PCD", _LAUDO, (), f"{_SEV}, art. 19; {_F_LAUDO}"),
    },
    "pirangi-lei3056-2025": {
        # Art. 4º II: "verificação documental complementar"; the documents are the product
        # default (the edital may extend them).
        "I": RegraDocumental("I", ("DECL_COMUNIDADE",), (),
                             f"{_PIR}, art. 4º, II (documentos: padrão do produto)"),
        "Q": RegraDocumental("Q", ("DECL_COMUNIDADE", "CERTIDAO_PALMARES"), (),
                             f"{_PIR}, art. 4º, II (documentos: padrão do produto)"),
        "PCD": RegraDocumental("PCD", _LAUDO, (), _F_LAUDO),
    },
    "federal-lei15142-2025": {
        "I": RegraDocumental("I", ("TADII",), _INDIGENA_ALTERNATIVOS,
                             f"{_FED} (comissão de verificação documental)"),
        "Q": RegraDocumental("Q", ("DECL_COMUNIDADE", "CERTIDAO_PALMARES"), (),
                             f"{_FED} (comissão de verificação documental)"),
        "PCD": RegraDocumental("PCD", _LAUDO, (), _F_LAUDO),
    },
}


def regra_documental(regime_id: str, lista: str,
                     parametros: Mapping | None = None) -> RegraDocumental | None:
    """The rule for one list, with the edital's extension applied (None: no documents)."""
    base = REGRAS.get(regime_id, {}).get(lista)
    extensao = ((parametros or {}).get("documentos") or {}).get(lista)
    if not extensao:
        return base
    if not isinstance(extensao, Mapping):
        raise ErroParametro(f"documentos.{lista}", "esperado um objeto")
    outras = sorted(set(extensao) - {"alternativos_adicionais"})
    if outras:
        raise ErroParametro(f"documentos.{lista}",
                            f"chave desconhecida: {', '.join(map(str, outras))} (o edital só "
                            "acrescenta documentos alternativos: alternativos_adicionais)")
    extras = extensao.get("alternativos_adicionais") or []
    if not isinstance(extras, list | tuple) or not all(isinstance(t, str) for t in extras):
        raise ErroParametro(f"documentos.{lista}.alternativos_adicionais",
                            "esperada uma lista de tipos de documento")
    desconhecidos = [t for t in extras if t not in TIPOS]
    if desconhecidos:
        raise ErroParametro(f"documentos.{lista}.alternativos_adicionais",
                            f"tipo de documento desconhecido: {', '.join(desconhecidos)}")
    if base is None:
        return RegraDocumental(lista, (), (tuple(extras),) if extras else (),
                               "edital (parâmetro documentos)")
    # The edital adds alternatives to the first group (more ways to prove the condition);
    # required documents stay as the law or the product default fix them.
    grupos = list(base.alternativos) or [()]
    grupos[0] = tuple(dict.fromkeys((*grupos[0], *extras)))
    return RegraDocumental(lista, base.obrigatorios, tuple(g for g in grupos if g),
                           f"{base.fundamento}; ampliado pelo edital")


def faltantes(regra: RegraDocumental, enviados: Iterable[str]) -> list[str]:
    """What is still missing, in Portuguese, before the candidate submits."""
    tem = set(enviados)
    falta = [TIPOS[t] for t in regra.obrigatorios if t not in tem]
    for grupo in regra.alternativos:
        if not tem.intersection(grupo):
            falta.append("um destes: " + "; ".join(TIPOS[t] for t in grupo))
    return falta
