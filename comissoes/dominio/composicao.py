"""Committees and their composition: creation, members, president, confidentiality term and
impedimentos.

Rules decided here:
- the composition check is a pure function (`verificar_composicao`) that says what is missing,
  each item with its legal basis: members distributed by gender and colour and, preferably,
  regional diversity. The rule is the regime's data (`Regime.composicao`, a
  `certames.regras.procedimentos.RegraComposicao`): a legal requirement under Santa Maria da
  Boa Vista (LC 22/2026, art. 3º, §2º: the committee "deve ter seus membros distribuídos por
  gênero, cor e, preferencialmente, diversidade regional"); elsewhere the municipal law leaves
  the composition to regulation (Lei 3.057/2026, art. 10, §4º; Lei 3.056/2025, art. 6º,
  caput) and the same criteria are the product's default, shown as recommendations;
- where the regime requires the distribution (`RegraComposicao.diversidade_exigida`), it is a
  requirement of the committee, not a hint: while the titulares are all of one gender or one
  colour, no session is scheduled and no evaluation is closed (`motivo_composicao_irregular`,
  used by `sessoes`). The region stays a recommendation ("preferencialmente");
- a committee is collegiate: at least 3 titulares (Lei 3.057/2026, art. 10, §3º, III; the
  product's default elsewhere); the default size is 5, the product's default (edital setting
  `tamanho_comissao`, then per committee). Both are `RegraComposicao` data;
- a member signs the confidentiality term (an act) before seeing any candidate;
- an impedimento (conflict with a candidate) is an act declared by the member or recorded by
  RH; the member then neither sees nor votes on that candidate (enforced by `votacao`);
- adding to the appeal committee someone who also sits on the certame's heteroidentification
  committee is allowed but warned: they will not judge the appeals of the candidates they
  evaluated (the voting domain refuses it). The same holds between two documentary committees
  or two multiprofessional teams of a certame (the appeal goes to another committee of the
  same kind: `procedimentos`);
- the multiprofessional team of the PcD evaluation (LC 22/2026, art. 7º, §1º: "comissão
  multiprofissional e interdisciplinar"; §3º: the federal parameters) follows Decreto
  9.508/2018, art. 5º: by default three professionals of different areas, one of them a
  physician; the edital may change it (`parametros["equipe_multiprofissional"]`: `tamanho`,
  `medicos`, `areas_distintas`). The gender and colour distribution of LC 22/2026, art. 3º,
  §2º is a rule of the heteroidentification committee and is not checked on the team nor on
  the documentary committee (no law sets their composition beyond being collegiate).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from candidatos.models import Inscricao
from certames.auditoria import registrar_ato
from certames.regras.procedimentos import RegraComposicao
from certames.regras.regimes import regime_ou_none
from certames.travas import travar
from comissoes.dominio.procedimentos import (
    DOCUMENTAL,
    HETEROIDENTIFICACAO,
    PCD,
    RECURSAL,
    fundamento_procedimento,
)
from comissoes.models import Avaliacao, Comissao, Impedimento, MembroComissao, Voto
from comum.papeis import GRUPO_COMISSAO

#: Default number of titulares (product default, `RegraComposicao.tamanho_padrao`); the
#: edital may set `tamanho_comissao`.
TAMANHO_PADRAO = RegraComposicao().tamanho_padrao
#: The multiprofessional team (Decreto 9.508/2018, art. 5º): three professionals of different
#: areas, one of them a physician. Edital: `parametros["equipe_multiprofissional"]`.
TAMANHO_EQUIPE = 3
MEDICOS_EQUIPE = 1
_FUNDAMENTO_EQUIPE = "Decreto 9.508/2018, art. 5º (parâmetro federal)"
#: A collegiate body: at least three titulares (the forms' floor; per regime:
#: `RegraComposicao.tamanho_minimo`, Lei 3.057/2026, art. 10, §3º, III).
TAMANHO_MINIMO = RegraComposicao().tamanho_minimo
#: Version of the confidentiality term text (templates/comissoes/termo.html).
VERSAO_TERMO = "2026-1"

EXIGENCIA = "exigencia"
RECOMENDACAO = "recomendacao"
AVISO = "aviso"

@dataclass(frozen=True)
class Pendencia:
    """One thing missing in a committee's composition."""

    codigo: str
    mensagem: str
    fundamento: str
    nivel: str  # EXIGENCIA, RECOMENDACAO or AVISO

    @property
    def exigencia(self) -> bool:
        return self.nivel == EXIGENCIA


@dataclass(frozen=True)
class ConfigEquipe:
    """The composition the edital requires of the multiprofessional team."""

    tamanho: int = TAMANHO_EQUIPE
    medicos: int = MEDICOS_EQUIPE
    areas_distintas: bool = True


def config_equipe(certame) -> ConfigEquipe:
    """`parametros["equipe_multiprofissional"]` (validated by the certame), else the default
    of Decreto 9.508/2018, art. 5º."""
    valor = (certame.parametros or {}).get("equipe_multiprofissional") or {}
    if not isinstance(valor, dict):
        return ConfigEquipe()
    padrao = ConfigEquipe()
    return ConfigEquipe(tamanho=valor.get("tamanho", padrao.tamanho),
                        medicos=valor.get("medicos", padrao.medicos),
                        areas_distintas=valor.get("areas_distintas", padrao.areas_distintas))


def regra_composicao(regime) -> RegraComposicao:
    """The regime's composition rule (a `Regime` or its id; unknown: the product default)."""
    dados = regime_ou_none(regime)
    return dados.composicao if dados is not None else RegraComposicao()


def tamanho_padrao(certame, tipo: str = HETEROIDENTIFICACAO) -> int:
    """The edital's committee size (`parametros["tamanho_comissao"]`), else the regime's
    default (5); for the multiprofessional team, `parametros["equipe_multiprofissional"]
    ["tamanho"]`, else 3."""
    if tipo == PCD:
        return config_equipe(certame).tamanho
    regra = regra_composicao(certame.regime)
    valor = (certame.parametros or {}).get("tamanho_comissao")
    try:
        valor = int(valor)
    except (TypeError, ValueError):
        return regra.tamanho_padrao
    return valor if valor >= regra.tamanho_minimo else regra.tamanho_padrao


def _fundamento_diversidade(regime) -> tuple[str, bool]:
    """(basis, whether the law itself requires the distribution by gender and colour)."""
    regra = regra_composicao(regime)
    return regra.fundamento_diversidade, regra.diversidade_exigida


def _area(texto: str) -> str:
    sem_acento = unicodedata.normalize("NFKD", texto or "").encode("ascii", "ignore").decode()
    return " ".join(sem_acento.lower().split())


def _pendencias_equipe(titulares: list, regime: str, config: ConfigEquipe) -> list[Pendencia]:
    """The multiprofessional team: a physician among the titulares and, by default, each
    titular of a different professional area (Decreto 9.508/2018, art. 5º)."""
    fundamento = regra_composicao(regime).fundamento_equipe
    pendencias: list[Pendencia] = []
    medicos = sum(1 for m in titulares if getattr(m, "medico", False))
    if medicos < config.medicos:
        pendencias.append(Pendencia(
            "sem_medico",
            (_("Não há médico(a) entre os titulares da equipe multiprofissional.")
             if medicos == 0 else
             ngettext("Há %(m)d médico(a) entre os titulares; o edital exige %(n)d.",
                      "Há %(m)d médicos(as) entre os titulares; o edital exige %(n)d.",
                      medicos) % {"m": medicos, "n": config.medicos}),
            fundamento, EXIGENCIA))
    sem_area = sum(1 for m in titulares if not _area(getattr(m, "area_profissional", "")))
    if sem_area:
        pendencias.append(Pendencia(
            "area_nao_informada",
            ngettext("Área profissional não informada para %(n)d titular.",
                     "Área profissional não informada para %(n)d titulares.",
                     sem_area) % {"n": sem_area},
            fundamento, EXIGENCIA))
    if config.areas_distintas:
        vistas: dict[str, int] = {}
        for m in titulares:
            area = _area(getattr(m, "area_profissional", ""))
            if area:
                vistas[area] = vistas.get(area, 0) + 1
        repetidas = sorted(a for a, n in vistas.items() if n > 1)
        if repetidas:
            pendencias.append(Pendencia(
                "areas_repetidas",
                _("Há titulares da mesma área profissional (%(a)s): a equipe é "
                  "multiprofissional, um profissional de cada área.") % {
                    "a": ", ".join(repetidas)},
                fundamento, EXIGENCIA))
    return pendencias


def verificar_composicao(membros: Iterable, tamanho: int, *, regime: str,
                         tipo: str = HETEROIDENTIFICACAO,
                         equipe: ConfigEquipe | None = None) -> list[Pendencia]:
    """What is missing in a committee, with the basis.

    Pure: `membros` are objects with `papel`, `presidente`, `genero`, `cor_raca`, `regiao`,
    `area_profissional`, `medico` and `ativo` (MembroComissao rows, or any stand-in). Only
    active members count; the composition is judged on the titulares, who sit and vote.
    Heteroidentification and recursal committees: gender, colour and region (LC 22/2026,
    art. 3º, §2º). Multiprofessional team: a physician and different areas (Decreto
    9.508/2018, art. 5º). Documentary committee: only what every collegiate body needs.
    """
    ativos = [m for m in membros if getattr(m, "ativo", True)]
    titulares = [m for m in ativos if m.papel == MembroComissao.Papel.TITULAR]
    suplentes = [m for m in ativos if m.papel == MembroComissao.Papel.SUPLENTE]
    pendencias: list[Pendencia] = []
    tamanho_edital = _("composição definida no edital: %(n)d titulares") % {"n": tamanho}

    if len(titulares) < tamanho:
        faltam = tamanho - len(titulares)
        pendencias.append(Pendencia(
            "faltam_titulares",
            ngettext("Falta %(n)d titular.", "Faltam %(n)d titulares.", faltam) % {"n": faltam},
            tamanho_edital, EXIGENCIA))
    elif len(titulares) > tamanho:
        sobram = len(titulares) - tamanho
        pendencias.append(Pendencia(
            "titulares_em_excesso",
            ngettext("Há %(n)d titular além do previsto.",
                     "Há %(n)d titulares além do previsto.", sobram) % {"n": sobram},
            tamanho_edital, EXIGENCIA))

    presidentes = [m for m in ativos if m.presidente]
    fundamento_presidencia = _("o(a) presidente encerra as avaliações e assina os pareceres")
    if not presidentes:
        pendencias.append(Pendencia("sem_presidente", _("Não há presidente."),
                                    fundamento_presidencia, EXIGENCIA))
    elif len(presidentes) > 1:
        pendencias.append(Pendencia("presidentes_demais", _("Há mais de um(a) presidente."),
                                    fundamento_presidencia, EXIGENCIA))
    elif presidentes[0].papel != MembroComissao.Papel.TITULAR:
        pendencias.append(Pendencia("presidente_suplente",
                                    _("O(A) presidente deve ser titular."),
                                    fundamento_presidencia, EXIGENCIA))

    if tipo == PCD:
        pendencias.extend(_pendencias_equipe(titulares, regime, equipe or ConfigEquipe()))
    fundamento, exigida = _fundamento_diversidade(regime)
    nivel = EXIGENCIA if exigida else RECOMENDACAO
    if tipo in (HETEROIDENTIFICACAO, RECURSAL) and len(titulares) >= 2:
        if len({m.genero for m in titulares}) == 1:
            pendencias.append(Pendencia(
                "mesmo_genero", _("Todos os membros titulares são do mesmo gênero."),
                fundamento, nivel))
        if len({m.cor_raca for m in titulares}) == 1:
            pendencias.append(Pendencia(
                "sem_diversidade_cor",
                _("Não há diversidade de cor entre os membros titulares."), fundamento, nivel))
        regioes = [m.regiao for m in titulares if m.regiao]
        if len(regioes) >= 2 and len(set(regioes)) == 1:
            # "preferencialmente": a recommendation even where the law speaks.
            pendencias.append(Pendencia(
                "mesma_regiao",
                _("Todos os membros titulares são da mesma região (preferencialmente "
                  "diversa)."), fundamento, RECOMENDACAO))
        sem_regiao = len(titulares) - len(regioes)
        if sem_regiao:
            pendencias.append(Pendencia(
                "regiao_nao_informada",
                ngettext("Região de origem não informada para %(n)d titular.",
                         "Região de origem não informada para %(n)d titulares.",
                         sem_regiao) % {"n": sem_regiao},
                fundamento, AVISO))
    if not suplentes:
        pendencias.append(Pendencia(
            "sem_suplentes",
            _("Não há suplentes: um impedimento ou ausência pode deixar a comissão sem "
              "quórum."),
            _("quórum: maioria dos titulares"), AVISO))
    return pendencias


def pendencias_da_comissao(comissao: Comissao) -> list[Pendencia]:
    return verificar_composicao(list(comissao.membros.all()), comissao.tamanho,
                                regime=comissao.certame.regime, tipo=comissao.tipo,
                                equipe=config_equipe(comissao.certame))


#: The pendencias of the legal distribution by gender and colour (LC 22/2026, art. 3º, §2º).
DISTRIBUICAO = ("mesmo_genero", "sem_diversidade_cor")


def motivo_composicao_irregular(comissao: Comissao) -> str | None:
    """Why this committee may not hold a session nor close an evaluation, or None: where the
    regime requires its members distributed by gender and colour
    (`RegraComposicao.diversidade_exigida`: LC 22/2026, art. 3º, §2º, "deve ter"), a
    committee whose titulares are all of one gender or one colour is not the committee the
    law designates."""
    if comissao.tipo not in (HETEROIDENTIFICACAO, RECURSAL):
        return None
    faltas = [p for p in pendencias_da_comissao(comissao)
              if p.codigo in DISTRIBUICAO and p.exigencia]
    if not faltas:
        return None
    return _("A composição da comissão não atende à lei (%(f)s): %(p)s Ajuste os membros "
             "titulares antes de agendar sessões ou encerrar avaliações.") % {
        "f": faltas[0].fundamento, "p": " ".join(p.mensagem for p in faltas)}


def nome_do_usuario(usuario) -> str:
    return usuario.get_full_name() or usuario.get_username()


def nome_do_membro(membro: MembroComissao) -> str:
    return nome_do_usuario(membro.usuario)


# --- acts -----------------------------------------------------------------------------------


def _motivo(texto: str, minimo: int = 10) -> str:
    texto = (texto or "").strip()
    if len(texto) < minimo:
        raise ValidationError({"motivo": _("Informe o motivo (ao menos %(n)d caracteres).")
                               % {"n": minimo}})
    return texto


@transaction.atomic
def criar_comissao(certame, *, tipo: str, nome: str, autor, tamanho: int | None = None,
                   unanimidade_para_rejeitar: bool = False,
                   divulgar_nomes: bool = False) -> Comissao:
    """Designate a committee of the certame (an act)."""
    if tipo not in Comissao.Tipo.values:
        raise ValidationError({"tipo": _("Tipo de comissão inválido.")})
    nome = (nome or "").strip()
    if not nome:
        raise ValidationError({"nome": _("Informe o nome da comissão.")})
    tamanho = tamanho_padrao(certame, tipo) if tamanho is None else tamanho
    regra = regra_composicao(certame.regime)
    if tamanho < regra.tamanho_minimo:
        raise ValidationError({"tamanho": _(
            "A comissão é colegiada: ao menos %(n)d titulares (%(f)s).") % {
            "n": regra.tamanho_minimo, "f": regra.fundamento_minimo}})
    comissao = Comissao.objects.create(
        certame=certame, tipo=tipo, nome=nome, tamanho=tamanho,
        unanimidade_para_rejeitar=unanimidade_para_rejeitar, divulgar_nomes=divulgar_nomes)
    registrar_ato(
        tipo="comissao_designada", autor=autor, certame=certame, objeto=comissao,
        descricao=_("Comissão designada: %(c)s.") % {"c": comissao},
        fundamento_legal=fundamento_procedimento(certame.regime_legal, tipo),
        depois={"tipo": tipo, "tamanho": tamanho, "unanimidade": unanimidade_para_rejeitar,
                "divulgar_nomes": divulgar_nomes})
    return comissao


def inscricoes_avaliadas_por(usuario, certame, tipo: str | None = None) -> list[Inscricao]:
    """Candidates evaluated in first instance by committees of the certame (of this kind, if
    given) on which this user sits: on the appeal committee they will not see them."""
    avaliacoes = Avaliacao.objects.filter(
        instancia=Avaliacao.Instancia.PRIMEIRA, comissao__certame=certame,
        comissao__membros__usuario=usuario)
    if tipo is not None:
        avaliacoes = avaliacoes.filter(comissao__tipo=tipo)
    ids = avaliacoes.values("inscricao_id")
    return list(Inscricao.objects.filter(pk__in=ids).select_related("candidato")
                .order_by("numero"))


def avisos_de_separacao(comissao: Comissao, usuario) -> tuple[list[str], list[Inscricao]]:
    """Warnings (not refusals) when the same person sits on the heteroidentification and the
    appeal committees of one certame, and the candidates they will not see on appeal."""
    avisos: list[str] = []
    if comissao.tipo in (DOCUMENTAL, PCD):
        # The appeal of one goes to another committee of the same kind.
        outras = (Comissao.objects.filter(certame=comissao.certame, tipo=comissao.tipo,
                                          membros__usuario=usuario)
                  .exclude(pk=comissao.pk).distinct())
        if not outras:
            return [], []
        afetados = inscricoes_avaliadas_por(usuario, comissao.certame, comissao.tipo)
        avisos.append(_(
            "%(u)s também integra outra comissão do mesmo tipo neste certame (%(c)s): não "
            "julgará o recurso de quem avaliou em primeira instância (%(n)d candidato(s) até "
            "agora).") % {
            "u": nome_do_usuario(usuario), "c": ", ".join(c.nome for c in outras),
            "n": len(afetados)})
        return avisos, afetados
    if comissao.tipo == Comissao.Tipo.RECURSAL:
        outras = Comissao.objects.filter(certame=comissao.certame,
                                         tipo=Comissao.Tipo.HETEROIDENTIFICACAO,
                                         membros__usuario=usuario).distinct()
        if not outras:
            return [], []
        afetados = inscricoes_avaliadas_por(usuario, comissao.certame, HETEROIDENTIFICACAO)
        avisos.append(_(
            "%(u)s também integra a comissão de heteroidentificação deste certame "
            "(%(c)s): não julgará o recurso de quem avaliou em primeira instância "
            "(%(n)d candidato(s) até agora).") % {
            "u": nome_do_usuario(usuario), "c": ", ".join(c.nome for c in outras),
            "n": len(afetados)})
        return avisos, afetados
    if comissao.tipo == Comissao.Tipo.HETEROIDENTIFICACAO and Comissao.objects.filter(
            certame=comissao.certame, tipo=Comissao.Tipo.RECURSAL,
            membros__usuario=usuario).exists():
        avisos.append(_(
            "%(u)s também integra a comissão recursal deste certame: não julgará o recurso "
            "dos candidatos que avaliar nesta comissão.") % {"u": nome_do_usuario(usuario)})
    return avisos, []


@transaction.atomic
def adicionar_membro(comissao: Comissao, usuario, *, genero: str, cor_raca: str, autor,
                     regiao: str = "", papel: str = MembroComissao.Papel.TITULAR,
                     presidente: bool = False, area_profissional: str = "",
                     medico: bool = False) -> tuple[MembroComissao, list[str]]:
    """Add a member (titular or suplente). Returns the member and warnings to show. On the
    multiprofessional team the professional area is required (Decreto 9.508/2018, art. 5º)."""
    comissao = travar(Comissao, comissao, "certame")
    if MembroComissao.objects.filter(comissao=comissao, usuario=usuario).exists():
        raise ValidationError({"usuario": _("Esta pessoa já integra (ou integrou) a comissão.")})
    if papel not in MembroComissao.Papel.values:
        raise ValidationError({"papel": _("Papel inválido.")})
    if presidente and papel != MembroComissao.Papel.TITULAR:
        raise ValidationError({"presidente": _("O(A) presidente deve ser titular.")})
    if genero not in MembroComissao.Genero.values:
        raise ValidationError({"genero": _("Informe o gênero.")})
    if not cor_raca:
        raise ValidationError({"cor_raca": _("Informe a cor ou raça.")})
    area_profissional = " ".join((area_profissional or "").split())[:80]
    if comissao.tipo == PCD and not area_profissional:
        raise ValidationError({"area_profissional": _(
            "Informe a área profissional: a equipe é multiprofissional (Decreto 9.508/2018, "
            "art. 5º).")})
    avisos, afetados = avisos_de_separacao(comissao, usuario)
    if presidente:
        comissao.membros.filter(presidente=True).update(presidente=False)
    membro = MembroComissao.objects.create(
        comissao=comissao, usuario=usuario, papel=papel, presidente=presidente, genero=genero,
        cor_raca=cor_raca, regiao=regiao or "", area_profissional=area_profissional,
        medico=bool(medico))
    # The workspace is for the Comissão group: membership grants it.
    grupo, _criado = Group.objects.get_or_create(name=GRUPO_COMISSAO)
    usuario.groups.add(grupo)
    registrar_ato(
        tipo="membro_designado", autor=autor, certame=comissao.certame, objeto=membro,
        descricao=_("%(m)s designado(a) %(p)s da %(c)s.") % {
            "m": nome_do_membro(membro), "p": membro.get_papel_display().lower(),
            "c": comissao.nome},
        fundamento_legal=(_FUNDAMENTO_EQUIPE if comissao.tipo == PCD else
                          _fundamento_diversidade(comissao.certame.regime)[0][:250]),
        motivacao=" ".join(avisos),
        depois={"papel": papel, "presidente": presidente, "genero": genero,
                "cor_raca": cor_raca, "regiao": regiao,
                "area_profissional": area_profissional, "medico": bool(medico),
                "nao_vera": [i.numero for i in afetados]})
    return membro, avisos


@transaction.atomic
def definir_presidente(membro: MembroComissao, *, autor) -> MembroComissao:
    membro = travar(MembroComissao, membro, "comissao__certame", "usuario")
    if not membro.ativo or membro.papel != MembroComissao.Papel.TITULAR:
        raise ValidationError(_("O(A) presidente deve ser membro titular ativo."))
    anteriores = list(membro.comissao.membros.filter(presidente=True).exclude(pk=membro.pk))
    for anterior in anteriores:
        anterior.presidente = False
        anterior.save(update_fields=["presidente"])
    membro.presidente = True
    membro.save(update_fields=["presidente"])
    registrar_ato(
        tipo="presidente_designado", autor=autor, certame=membro.comissao.certame,
        objeto=membro, descricao=_("%(m)s designado(a) presidente da %(c)s.") % {
            "m": nome_do_membro(membro), "c": membro.comissao.nome},
        antes={"presidentes": [a.pk for a in anteriores]}, depois={"presidente": membro.pk})
    return membro


@transaction.atomic
def alterar_papel(membro: MembroComissao, papel: str, *, autor,
                  motivacao: str = "") -> MembroComissao:
    """Titular ↔ suplente (e.g. a suplente takes the seat of a member who left)."""
    membro = travar(MembroComissao, membro, "comissao__certame", "usuario")
    if papel not in MembroComissao.Papel.values:
        raise ValidationError({"papel": _("Papel inválido.")})
    if papel == membro.papel:
        return membro
    if membro.presidente and papel != MembroComissao.Papel.TITULAR:
        raise ValidationError(_("Designe outro(a) presidente antes de tornar este membro "
                                "suplente."))
    antes = membro.papel
    membro.papel = papel
    membro.save(update_fields=["papel"])
    registrar_ato(
        tipo="membro_papel", autor=autor, certame=membro.comissao.certame, objeto=membro,
        descricao=_("%(m)s passa a %(p)s da %(c)s.") % {
            "m": nome_do_membro(membro), "p": membro.get_papel_display().lower(),
            "c": membro.comissao.nome},
        motivacao=(motivacao or "").strip(), antes={"papel": antes}, depois={"papel": papel})
    return membro


@transaction.atomic
def desativar_membro(membro: MembroComissao, *, autor, motivacao: str) -> MembroComissao:
    """A member leaves the committee (kept for the record; their votes stay acts)."""
    motivacao = _motivo(motivacao)
    membro = travar(MembroComissao, membro, "comissao__certame", "usuario")
    if not membro.ativo:
        raise ValidationError(_("O membro já está inativo."))
    abertos = Voto.objects.filter(membro=membro, substituido_por__isnull=True,
                                  avaliacao__encerrada_em__isnull=True)
    if abertos.exists():
        raise ValidationError(_(
            "O membro tem votos em avaliações ainda não encerradas; encerre-as antes de "
            "desligá-lo."))
    membro.ativo = False
    membro.presidente = False
    membro.save(update_fields=["ativo", "presidente"])
    registrar_ato(
        tipo="membro_desligado", autor=autor, certame=membro.comissao.certame, objeto=membro,
        descricao=_("%(m)s deixa a %(c)s.") % {"m": nome_do_membro(membro),
                                               "c": membro.comissao.nome},
        motivacao=motivacao, antes={"ativo": True}, depois={"ativo": False})
    return membro


@transaction.atomic
def assinar_termo(membro: MembroComissao, *, usuario) -> MembroComissao:
    """The member signs the confidentiality term (dated act) before seeing any candidate."""
    membro = travar(MembroComissao, membro, "comissao__certame", "usuario")
    if membro.usuario_id != usuario.pk:
        raise PermissionDenied(_("Só o próprio membro assina o seu termo."))
    if not membro.ativo:
        raise PermissionDenied(_("Você não integra mais esta comissão."))
    if membro.termo_confidencialidade_em is not None:
        raise ValidationError(_("O termo já foi assinado."))
    membro.termo_confidencialidade_em = timezone.now()
    membro.save(update_fields=["termo_confidencialidade_em"])
    registrar_ato(
        tipo="termo_confidencialidade", autor=usuario, certame=membro.comissao.certame,
        objeto=membro, descricao=_("%(m)s assinou o termo de confidencialidade da %(c)s.") % {
            "m": nome_do_membro(membro), "c": membro.comissao.nome},
        fundamento_legal=membro.comissao.certame.regime_legal.fundamento_sigilo,
        depois={"versao_termo": VERSAO_TERMO,
                "assinado_em": membro.termo_confidencialidade_em.isoformat()})
    return membro


def validar_impedimento(membro: MembroComissao, inscricao: Inscricao, motivo: str) -> str:
    """The checks of `registrar_impedimento` (also used by the admin form); returns the
    cleaned reason."""
    motivo = _motivo(motivo)
    if inscricao.certame_id != membro.comissao.certame_id:
        raise ValidationError({"inscricao": _("A inscrição não é deste certame.")})
    if Impedimento.objects.filter(membro=membro, inscricao=inscricao).exists():
        raise ValidationError({"inscricao": _("O impedimento já está registrado.")})
    # A vote already cast in an open evaluation would still count (votes are acts and are
    # never withdrawn): the conflict must be declared before voting.
    if Voto.objects.filter(membro=membro, avaliacao__inscricao=inscricao,
                           avaliacao__encerrada_em__isnull=True,
                           substituido_por__isnull=True).exists():
        raise ValidationError({"inscricao": _(
            "O membro já votou neste candidato em avaliação não encerrada; o impedimento deve "
            "ser declarado antes do voto. Comunique a presidência e o RH.")})
    return motivo


@transaction.atomic
def registrar_impedimento(membro: MembroComissao, inscricao: Inscricao, *, motivo: str,
                          autor) -> Impedimento:
    """A conflict of the member with a candidate, declared by the member or recorded by RH:
    from then on the member neither sees nor votes on that candidate (`votacao`)."""
    membro = travar(MembroComissao, membro, "comissao__certame", "usuario")
    motivo = validar_impedimento(membro, inscricao, motivo)
    impedimento = Impedimento.objects.create(membro=membro, inscricao=inscricao, motivo=motivo,
                                             registrado_por=autor)
    proprio = autor is not None and autor.pk == membro.usuario_id
    registrar_ato(
        tipo="impedimento", autor=autor, certame=membro.comissao.certame, objeto=impedimento,
        descricao=(_("%(m)s declarou impedimento quanto à inscrição %(n)s.") if proprio else
                   _("Impedimento de %(m)s quanto à inscrição %(n)s registrado pelo RH."))
        % {"m": nome_do_membro(membro), "n": inscricao.numero},
        motivacao=motivo,
        fundamento_legal=_("impessoalidade (CF, art. 37); Lei 9.784/1999, arts. 18 a 20"),
        depois={"membro": membro.pk, "inscricao": inscricao.pk})
    return impedimento
