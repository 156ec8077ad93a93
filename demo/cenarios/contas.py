"""The demo's accounts: RH, the superior authority, the admin, the committee members and the
candidates, each with its documented password (development only), and the candidates'
accounts linked to their imported inscrições.
"""

from __future__ import annotations

import base64

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import CommandError
from django_otp.plugins.otp_totp.models import TOTPDevice

from candidatos.models import Candidato, Inscricao
from certames.models import Cargo, Certame
from certames.regras.fases import ROTA_GARANTIA
from comum.papeis import GRUPO_CANDIDATO, GRUPO_COMISSAO, GRUPO_RH
from demo.cenarios.inscricoes import PERSONA, SEMENTE, Gerador
from provas.models import DesempenhoPublicado, PublicacaoFase

#: Every committee member of the demo with a login shares this password (development only).
SENHA_MEMBROS = "comissao-demo-2026"

#: DEMO ONLY: the TOTP secret (base32) of every demo account that passes the second factor
#: (RH, autoridade, admin and the committee members), so whoever tries the demo generates its
#: codes (`oathtool --totp -b <this>` or any authenticator app; README, "Demo accounts").
#: Production accounts enrol their own authenticator at their first log-in (dois_fatores/).
SEMENTE_TOTP_DEMO = "CERTAMESDEMOCERTAMESDEMOCERTAMES"

USUARIOS = (
    # username, password, group (None: no group), is_staff, is_superuser, first/last name
    ("rh", "rh-demo-2026", GRUPO_RH, True, False, "Renata", "Holanda"),
    # The certames' superior authority: judges the appeals against RH's decisions that the
    # deciding RH user did not reconsider (Lei 9.784/1999, art. 56, §1º; nucleo/autoridade.py).
    ("autoridade", "autoridade-demo-2026", GRUPO_RH, True, False, "Vera", "Albuquerque"),
    ("admin", "admin-demo-2026", None, True, True, "Administração", "do Sistema"),
    ("comissao", SENHA_MEMBROS, GRUPO_COMISSAO, False, False, "Carlos", "Medeiros"),
    ("candidato", "candidato-demo-2026", GRUPO_CANDIDATO, False, False, "Ana Beatriz",
     "Nascimento Souza"),
)

#: A second candidate's account (the password of `candidato`): the first PcD optant of SMBV's
#: edital 001/2026 without an account, whose medical report (laudo) is due in the PcD stage
#: open today (days 75 to 79): the candidate's documents page has something to send.
CONTA_LAUDO = "candidato2"

#: A third candidate's account (the password of `candidato`): a PP optant of Pirangi's cargo
#: in phases (Técnico em Enfermagem) admitted to the discursive exam by the optants'
#: guarantee, below the objective exam's cut-off for AC (`criar_conta_fases`).
CONTA_FASES = "candidato3"

#: The other committee members with a login (password SENHA_MEMBROS): comissao2-5 are
#: titulares with `comissao` (president) of SMBV's and Pirangi's heteroidentification
#: committees, comissao6-7 SMBV's suplentes, recursal1-5 Pirangi's recursal committee
#: (recursal1 presides). Diverse profiles: the composition check (LC 22/2026, art. 3º, §2º).
MEMBROS = (
    # username, first name, last name, gênero, cor/raça, região, papel
    ("comissao2", "Joana", "Ferreira", "feminino", "preta", "nordeste", "titular"),
    ("comissao3", "Paulo", "Bezerra", "masculino", "parda", "nordeste", "titular"),
    ("comissao4", "Helena", "Campos", "feminino", "branca", "sudeste", "titular"),
    ("comissao5", "Raimundo", "Sales", "masculino", "preta", "norte", "titular"),
    ("comissao6", "Luzia", "Tavares", "feminino", "parda", "nordeste", "suplente"),
    ("comissao7", "Cícero", "Monteiro", "masculino", "preta", "nordeste", "suplente"),
    ("recursal1", "Marta", "Queiroz", "feminino", "preta", "sudeste", "titular"),
    ("recursal2", "Otávio", "Prado", "masculino", "parda", "sudeste", "titular"),
    ("recursal3", "Sílvia", "Barros", "feminino", "parda", "nordeste", "titular"),
    ("recursal4", "Jorge", "Farias", "masculino", "branca", "sul", "titular"),
    ("recursal5", "Tereza", "Cunha", "feminino", "preta", "sudeste", "titular"),
)


def criar_usuarios() -> dict:
    """Create or restore every demo account (`USUARIOS` and `MEMBROS`), by username."""
    contas = [(u, senha, grupo, staff, su, nome, sobrenome)
              for u, senha, grupo, staff, su, nome, sobrenome in USUARIOS]
    contas += [(u, SENHA_MEMBROS, GRUPO_COMISSAO, False, False, nome, sobrenome)
               for u, nome, sobrenome, *_ in MEMBROS]
    User = get_user_model()
    usuarios = {}
    for username, senha, grupo, staff, superusuario, nome, sobrenome in contas:
        email = PERSONA["email"] if grupo == GRUPO_CANDIDATO else f"{username}@example.com"
        usuario, criado = User.objects.get_or_create(
            username=username,
            defaults={"first_name": nome, "last_name": sobrenome, "is_staff": staff,
                      "is_superuser": superusuario, "email": email})
        mudou = criado
        if (usuario.is_staff, usuario.is_superuser, usuario.is_active) != (
                staff, superusuario, True):
            usuario.is_staff, usuario.is_superuser, usuario.is_active = (
                staff, superusuario, True)
            mudou = True
        if criado or not usuario.check_password(senha):
            usuario.set_password(senha)
            mudou = True
        if mudou:
            usuario.save()
        if grupo is not None:
            grupo_obj, _ = Group.objects.get_or_create(name=grupo)
            usuario.groups.add(grupo_obj)
        if grupo != GRUPO_CANDIDATO:
            dar_segundo_fator(usuario)
        usuarios[username] = usuario
    return usuarios


def dar_segundo_fator(usuario) -> None:
    """The demo account's authenticator with the documented seed `SEMENTE_TOTP_DEMO` (kept
    when it has one already)."""
    if not TOTPDevice.objects.filter(user=usuario, confirmed=True).exists():
        TOTPDevice.objects.create(
            user=usuario, name="Demonstração", confirmed=True,
            key=base64.b32decode(SEMENTE_TOTP_DEMO).hex())


def criar_conta_laudo(certame: Certame) -> None:
    """`CONTA_LAUDO` logs in as a habilitado PcD optant of `certame` (the first by number
    with no account), who sends the laudo in today's stage. Once only: kept if linked."""
    if Candidato.objects.filter(usuario__username=CONTA_LAUDO).exists():
        return
    optante = next((i for i in Inscricao.objects.filter(
        certame=certame, situacao=Inscricao.Situacao.HABILITADO, nota__isnull=False,
        candidato__usuario__isnull=True).select_related("candidato").order_by("numero")
        if "PCD" in i.listas), None)
    if optante is not None:
        _conta_do_candidato(CONTA_LAUDO, optante.candidato)


def criar_conta_fases(cargos: list[Cargo]) -> None:
    """`CONTA_FASES` logs in as a PP optant of a cargo in phases whom the first phase's
    published preliminary result admitted to the next one by the guarantee (below AC's cut,
    above the minimum; the first by number with no account): the inscrição page shows the
    phases, the route and its basis, and the appeal period open. Once only: kept if linked."""
    if Candidato.objects.filter(usuario__username=CONTA_FASES).exists():
        return
    desempenho = next((d for d in DesempenhoPublicado.objects.filter(
        publicacao__fase__cargo__in=cargos, publicacao__fase__ordem=1,
        publicacao__tipo=PublicacaoFase.Tipo.PRELIMINAR, rota=ROTA_GARANTIA,
        inscricao__candidato__usuario__isnull=True)
        .select_related("inscricao__candidato").order_by("inscricao__numero")
        if "PP" in d.inscricao.listas), None)
    if desempenho is not None:
        _conta_do_candidato(CONTA_FASES, desempenho.inscricao.candidato)


def _conta_do_candidato(username: str, candidato: Candidato) -> None:
    """A candidate's account (the password of `candidato`) linked to `candidato`."""
    User = get_user_model()
    usuario, _ = User.objects.get_or_create(
        username=username, defaults={"first_name": candidato.nome.split()[0],
                                     "email": candidato.email})
    usuario.set_password(next(s for u, s, *_ in USUARIOS if u == "candidato"))
    usuario.save()
    usuario.groups.add(Group.objects.get_or_create(name=GRUPO_CANDIDATO)[0])
    candidato.usuario = usuario
    candidato.save(update_fields=["usuario"])


def vincular_candidato(usuario) -> None:
    """Link the `candidato` account to the persona's imported Candidato (and only to her)."""
    cpf = Gerador(SEMENTE).persona().cpf
    candidato = Candidato.objects.filter(cpf=cpf).first()
    if candidato is None:  # cannot happen with >= MINIMO_INSCRICOES
        raise CommandError("A candidata de demonstração não foi importada.")
    anterior = Candidato.objects.filter(usuario=usuario).exclude(pk=candidato.pk).first()
    if anterior is not None:
        anterior.usuario = None
        anterior.save(update_fields=["usuario"])
    if candidato.usuario_id != usuario.pk:
        candidato.usuario = usuario
        candidato.save(update_fields=["usuario"])
