"""The confirmation card's content fields and its verification code: the SHA-256 of the
fields as canonical JSON (keys sorted, UTF-8), as the inscrição receipt's
(`candidatos.comprovante`), the allocation's id included (a re-allocation gives a new code).
The conditions granted are not among them (health data: provas.aplicacao.cartao). The exam's
times are written in the órgão's zone (`certames.calendario.fuso`), whoever asks and whatever
zone their request runs in: the card, its PDF, the public check and the code say the same
hour."""

from __future__ import annotations

import hashlib
import json

from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import Inscricao
from certames import calendario
from comum.formatos import data_hora_br
from provas.models import AlocacaoProva, SalaProva


def dados_do_lugar(alocacao: AlocacaoProva, inscricao: Inscricao, sala: SalaProva) -> dict:
    """The card's content fields (all strings): what the code covers. The certame is the
    stage's (read with its órgão: one query for a whole allocation)."""
    etapa = alocacao.etapa
    certame = etapa.certame
    with timezone.override(calendario.fuso(certame)):
        inicio, fim = data_hora_br(etapa.inicio), data_hora_br(etapa.fim)
    return {
        "alocacao": str(alocacao.pk),
        "certame": _("%(o)s — edital %(n)s — %(t)s") % {
            "o": certame.orgao.nome, "n": certame.numero_edital, "t": certame.titulo},
        "cargo": f"{inscricao.cargo.codigo} — {inscricao.cargo.nome}",
        "numero": inscricao.numero,
        "nome": inscricao.candidato.nome_exibicao,
        "cpf": inscricao.candidato.cpf_mascarado,
        "prova": (f"{etapa.fase.codigo} — {etapa.fase.nome}" if etapa.fase_id
                  else str(etapa.get_tipo_display())),
        "inicio": inicio,
        "fim": fim,
        "local": sala.local.nome,
        "endereco": f"{sala.local.endereco} — {sala.local.cidade}",
        "sala": sala.nome + (f" ({_('acessível')})" if sala.acessivel else ""),
    }


def hash_dos_dados(dados: dict) -> str:
    canonico = json.dumps(dados, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonico.encode("utf-8")).hexdigest()


def codigo_do_lugar(alocacao: AlocacaoProva, inscricao: Inscricao, sala: SalaProva) -> str:
    return hash_dos_dados(dados_do_lugar(alocacao, inscricao, sala))
