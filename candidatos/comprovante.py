"""The inscrição receipt (comprovante) in PDF, rendered by weasyprint from an HTML template.

The verification hash is the SHA-256 of the receipt's content fields as canonical JSON (keys
sorted, UTF-8), so anyone holding the same data can recompute it; the emission time is shown
but not hashed (the same inscrição data always gives the same hash).
"""

from __future__ import annotations

import hashlib
import json

from django.core.files.base import ContentFile
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import Inscricao, Lista
from comum.formatos import data_hora_br
from comum.pdf import renderizar_pdf as renderizar_pdf_do_modelo


def dados_comprovante(inscricao: Inscricao) -> dict:
    """The content fields of the receipt (all strings, lists of strings or booleans)."""
    certame = inscricao.cargo.certame
    candidato = inscricao.candidato
    return {
        "certame": f"{certame.orgao.nome} — edital {certame.numero_edital} — {certame.titulo}",
        "cargo": f"{inscricao.cargo.codigo} — {inscricao.cargo.nome}",
        "numero": inscricao.numero,
        "nome": candidato.nome_exibicao,
        "cpf": candidato.cpf_mascarado,
        "data_hora": data_hora_br(inscricao.criada_em, segundos=True),
        "cor_raca": inscricao.get_cor_raca_display(),
        "quilombola": inscricao.quilombola,
        "deficiencia": inscricao.deficiencia,
        "tipo_deficiencia": (inscricao.get_tipo_deficiencia_display()
                             if inscricao.deficiencia else ""),
        "listas": [f"{codigo} — {Lista(codigo).label}" for codigo in inscricao.listas],
        "situacao_taxa": (inscricao.get_situacao_taxa_display() if inscricao.cargo.taxa_inscricao
                          else str(_("Sem taxa de inscrição"))),
    }


def hash_verificacao(dados: dict) -> str:
    canonico = json.dumps({k: str(v) if not isinstance(v, list | bool) else v
                           for k, v in dados.items()},
                          ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonico.encode("utf-8")).hexdigest()


def renderizar_pdf(inscricao: Inscricao) -> tuple[bytes, str]:
    """(PDF bytes, verification hash) of the inscrição's receipt."""
    dados = dados_comprovante(inscricao)
    codigo = hash_verificacao(dados)
    return renderizar_pdf_do_modelo("candidatos/comprovante.html", {
        "dados": dados, "hash": codigo, "emitido_em": timezone.localtime()}), codigo


def gerar_comprovante(inscricao_id: int) -> str:
    """Render the receipt and store it in `Inscricao.comprovante` (MEDIA_ROOT); returns its
    storage name. A new receipt replaces the reference to the previous one (which stays in
    storage: it was given to the candidate and its hash may still be checked)."""
    inscricao = (Inscricao.objects.select_related("cargo__certame__orgao", "candidato")
                 .get(pk=inscricao_id))
    pdf, codigo = renderizar_pdf(inscricao)
    nome = f"comprovante-{inscricao.certame_id}-{inscricao.numero}-{codigo[:12]}.pdf"
    campo = inscricao.comprovante
    campo.save(nome, ContentFile(pdf), save=False)
    # Only this column: the inscrição may be changing meanwhile (a derived document, not an
    # act, so no history row either).
    Inscricao.objects.filter(pk=inscricao.pk).update(comprovante=campo.name)
    return campo.name
