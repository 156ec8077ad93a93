"""The exam venue's list for RH: per venue and room, the candidates of the allocation in force
(inscrição number, name, masked CPF, the special conditions granted: never the report nor
the disability, LGPD, Lei 13.709/2018, arts. 5º, II and 11). CSV and XLSX through
`comum.exportacao` (cells neutralised against formula injection), PDF through `comum.pdf`."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos import condicoes
from certames.auditoria import registrar_ato
from certames.models import Etapa
from comum.formatos import data_hora_br
from comum.pdf import renderizar_pdf
from provas.aplicacao.alocacao import ORDEM_SALAS, ordenar
from provas.models import AlocacaoProva, LugarProva, SalaProva

#: CSV keys (stable) and the XLSX's labels, in order.
COLUNAS = ("local", "endereco", "sala", "acessivel", "cargo", "inscricao", "nome", "cpf",
           "condicoes")
ROTULOS_COLUNAS = (gettext_lazy("Local"), gettext_lazy("Endereço"),
                   gettext_lazy("Sala de prova"),
                   gettext_lazy("Sala acessível"), gettext_lazy("Cargo"),
                   gettext_lazy("Inscrição"), gettext_lazy("Nome"),
                   gettext_lazy("CPF (mascarado)"),
                   gettext_lazy("Atendimento especializado concedido"))


def salas_com_candidatos(alocacao: AlocacaoProva
                         ) -> list[tuple[SalaProva, list[tuple[LugarProva, list[str]]]]]:
    """[(room, [(lugar, conditions' labels), ...]), ...]: the rooms in the allocation's order
    (`alocacao.ORDEM_SALAS`), the candidates of each in its order (cargo, name, number). Two
    queries and the conditions', whatever the number of rooms and candidates."""
    lugares = (LugarProva.objects.filter(alocacao=alocacao)
               .select_related("sala__local", "inscricao__candidato", "inscricao__cargo")
               .order_by(*(f"sala__{campo}" for campo in ORDEM_SALAS)))
    concedidas = condicoes.concedidas_por_inscricao(alocacao.etapa.certame)
    por_sala: dict[int, tuple[SalaProva, list[LugarProva]]] = {}
    for lugar in lugares:
        por_sala.setdefault(lugar.sala_id, (lugar.sala, []))[1].append(lugar)
    resultado = []
    for sala, da_sala in por_sala.values():
        por_insc = {lugar.inscricao_id: lugar for lugar in da_sala}
        resultado.append((sala, [(por_insc[i.pk], concedidas.get(i.pk, ([], set()))[0])
                                 for i in ordenar([lugar.inscricao for lugar in da_sala])]))
    return resultado


def linhas(alocacao: AlocacaoProva) -> list[list]:
    """The export's rows (text as typed: `comum.exportacao` neutralises it)."""
    saida = []
    for sala, candidatos in salas_com_candidatos(alocacao):
        for lugar, rotulos in candidatos:
            insc = lugar.inscricao
            saida.append([sala.local.nome, f"{sala.local.endereco} — {sala.local.cidade}",
                          sala.nome, sala.acessivel, insc.cargo.codigo, insc.numero,
                          insc.candidato.nome_exibicao, insc.candidato.cpf_mascarado,
                          "; ".join(rotulos)])
    return saida


def pdf(alocacao: AlocacaoProva) -> tuple[bytes, int]:
    """The list as PDF (`comum.pdf`: every value escaped by the template), and how many
    candidates it lists."""
    salas = salas_com_candidatos(alocacao)
    return renderizar_pdf("provas/lista_sala_pdf.html", {
        "alocacao": alocacao, "etapa": alocacao.etapa, "certame": alocacao.etapa.certame,
        "salas": salas}), sum(len(candidatos) for _sala, candidatos in salas)


def nome_arquivo(etapa: Etapa) -> str:
    return (f"locais-de-prova-{etapa.certame.numero_edital}-{etapa.pk}"
            .replace("/", "-"))


def registrar_exportacao(etapa: Etapa, *, autor, formato: str, total: int) -> None:
    registrar_ato(
        tipo="lista_local_prova_exportada", autor=autor, certame=etapa.certame,
        descricao=_("Lista de candidatos por sala da prova de %(d)s (%(f)s, %(n)d "
                    "inscrições).") % {"d": data_hora_br(etapa.inicio),
                                       "f": formato.upper(), "n": total},
        fundamento_legal=f"{condicoes.FUNDAMENTO_PCD}; {condicoes.FUNDAMENTO_LACTANTE}"[:250])


