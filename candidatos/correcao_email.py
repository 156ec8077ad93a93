"""The correction of an imported record's e-mail by RH.

A record's e-mail is where a sign-up with its CPF sends the claim link
(`candidatos.contas.cadastro`, `email_do_cadastro`): whoever changes it decides who may take the
record over. The admin shows it read-only (candidatos/admin.py); RH corrects it only here, with
a specific motivation (how the new address was checked), as an act in the audit trail, and both
the OLD and the new address are told. A record that already belongs to an account is refused:
its e-mail is the account's, changed only by the candidate. A pending confirmation link sent to
the old address stops working (the portal compares the address the link was sent to).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from candidatos.contas.cadastro import mascarar_email
from candidatos.models import Candidato, mesmo_email
from certames.auditoria import registrar_ato
from certames.calendario import no_fuso
from certames.models import Ato
from certames.travas import travar
from comum import emails
from comum.filas import enfileirar
from comum.formatos import data_hora_br
from nucleo.motivacao import validar_motivacao

#: The act's type in the audit trail (its label: nucleo/rotulos_atos.py).
TIPO_ATO = "correcao_email_cadastro"
#: The e-mail task (candidatos.tasks, queue "email"; queued by name on commit).
TAREFA_AVISO = "candidatos.avisar_correcao_email"


def corrigir_email(candidato: Candidato, *, novo_email: str, motivacao: str, autor) -> Ato:
    """Change an imported record's e-mail as a motivated act; ValidationError (Portuguese,
    per field) and nothing written otherwise. Both addresses are told on commit."""
    with transaction.atomic():
        return _corrigir(candidato, novo_email, motivacao, autor)


def _corrigir(candidato: Candidato, novo_email: str, motivacao: str, autor) -> Ato:
    candidato = travar(Candidato, candidato)
    novo_email = (novo_email or "").strip()
    erros: dict[str, list[str]] = {}
    try:
        validate_email(novo_email)
    except ValidationError:
        erros["novo_email"] = [_("Informe um endereço de e-mail válido.")]
    try:
        motivacao = validar_motivacao(
            motivacao, desfavoravel=True, campo="motivacao",
            especifica=_("como o novo endereço foi conferido e por que o anterior está errado"))
    except ValidationError as exc:
        erros.update(exc.message_dict)
    if candidato.usuario_id is not None:
        erros.setdefault("__all__", []).append(_(
            "Este cadastro já pertence a uma conta do portal: o e-mail é o da conta, e só o(a) "
            "próprio(a) candidato(a) o altera."))
    elif "novo_email" not in erros and mesmo_email(novo_email, candidato.email):
        erros["novo_email"] = [_("O e-mail informado é o mesmo do cadastro: nada a corrigir.")]
    if erros:
        raise ValidationError(erros)
    anterior = candidato.email
    candidato.email = novo_email
    candidato._change_reason = TIPO_ATO  # the row's history (simple_history) names the act
    candidato.save(update_fields=["email"])
    insc = candidato.inscricoes.select_related("certame").order_by("pk").first()
    ato = registrar_ato(
        tipo=TIPO_ATO, autor=autor, certame=insc.certame if insc else None, objeto=candidato,
        descricao=_("E-mail do cadastro de %(nome)s corrigido de %(antes)s para %(depois)s.") % {
            "nome": candidato.nome, "antes": mascarar_email(anterior) if anterior else "—",
            "depois": mascarar_email(novo_email)},
        motivacao=motivacao, antes={"email": anterior}, depois={"email": novo_email})
    ato_id = ato.pk
    transaction.on_commit(lambda: enfileirar(TAREFA_AVISO, ato_id))
    return ato


def avisar(ato_id: int) -> list[str]:
    """E-mail the old address (when there was one) and the new one about the correction (the
    task's body); the addresses written to."""
    ato = Ato.objects.select_related("certame__orgao").get(pk=ato_id, tipo=TIPO_ATO)
    candidato = Candidato.objects.get(pk=int(ato.objeto_id))
    anterior, novo = (ato.antes or {}).get("email", ""), (ato.depois or {}).get("email", "")
    # The act's hour in the clock of the órgão of the certame it names (none: the default).
    with no_fuso(ato.certame):
        contexto = {"nome": candidato.nome_exibicao, "quando": data_hora_br(ato.criado_em),
                    "antes": anterior or "—", "depois": novo, "motivacao": ato.motivacao}
    enviados = []
    if anterior:
        emails.correcao_email_anterior(anterior, contexto, ato=ato)
        enviados.append(anterior)
    emails.correcao_email_novo(novo, contexto, ato=ato)
    enviados.append(novo)
    return enviados
