"""Length limits on every free-text field: a 100,000-character vote
justification was stored. Every CharField of every form of the project has a max_length
(the exemptions below say why not), fields added in a form's __init__ included, and the one
motivation rule refuses a motivation above nucleo.motivacao.MAXIMO whatever calls it."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest
from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError

from comissoes.forms import VotoForm
from nucleo import motivacao

APPS = ("comum", "certames", "nucleo", "editais", "candidatos", "provas", "comissoes", "portal",
        "privacidade", "painel", "demo", "operacao",
        "dois_fatores")
RAIZ = Path(settings.BASE_DIR)

#: (module.Form, field): why the field may be unbounded.
ISENTOS = {
    ("portal.forms.contas.CadastroForm", "password1"):
        "a password: hashed, never stored nor shown as typed (Django's own password forms "
        "set no limit); the request body limit bounds it",
    ("portal.forms.contas.CadastroForm", "password2"): "the password's repetition",
    ("portal.forms.contas.EntrarForm", "password"): "the log-in password, as above",
    ("portal.forms.contas.EntrarForm", "username"):
        "Django's AuthenticationForm sets its max_length in __init__ from the user model (150)",
}


def _modulos():
    for app in APPS:
        pacote = importlib.import_module(app)
        for info in pkgutil.walk_packages(pacote.__path__, f"{app}."):
            if ".migrations" not in info.name:
                yield importlib.import_module(info.name)


def _subclasses(classe):
    for sub in classe.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _formularios():
    list(_modulos())
    return sorted({f for f in _subclasses(forms.BaseForm) if f.__module__.split(".")[0] in APPS},
                  key=lambda f: f"{f.__module__}.{f.__qualname__}")


def test_todo_charfield_de_todo_formulario_tem_max_length():
    formularios = _formularios()
    assert len(formularios) > 50  # the walk found the project's forms
    sem_limite = []
    for form in formularios:
        nome = f"{form.__module__}.{form.__qualname__}"
        for campo, field in form.base_fields.items():
            if (isinstance(field, forms.CharField) and field.max_length is None
                    and (nome, campo) not in ISENTOS):
                sem_limite.append(f"{nome}.{campo}")
    assert sem_limite == []


def test_isencoes_ainda_existem():
    presentes = {(f"{f.__module__}.{f.__qualname__}", c)
                 for f in _formularios() for c in f.base_fields}
    assert set(ISENTOS) <= presentes


def test_charfield_criado_no_init_tambem_tem_max_length():
    """Fields a form adds in __init__ (one motivation per special condition, the four
    dimensions of the biopsychosocial assessment) are not in base_fields: the source says."""
    sem_limite = []
    for app in APPS:
        for arquivo in sorted((RAIZ / app).rglob("*.py")):
            if "migrations" in arquivo.parts:
                continue
            for no in ast.walk(ast.parse(arquivo.read_bytes())):
                if not (isinstance(no, ast.Call) and isinstance(no.func, ast.Attribute)
                        and no.func.attr == "CharField"
                        and getattr(no.func.value, "id", "") == "forms"):
                    continue
                argumentos = {k.arg for k in no.keywords}
                senha = "PasswordInput" in ast.unparse(no)  # passwords: ISENTOS
                if "max_length" not in argumentos and None not in argumentos and not senha:
                    sem_limite.append(f"{arquivo.relative_to(RAIZ)}:{no.lineno}")
    assert sem_limite == []


def test_voto_com_100_mil_caracteres_e_recusado_em_portugues():
    texto = "Traços observados. " * 5_300  # 100,700 characters, 100,699 once stripped
    form = VotoForm({"sentido": "confirma", "motivacao": texto})
    assert form.is_valid() is False
    assert form.errors["motivacao"] == [
        f"Certifique-se de que o valor tenha no máximo {motivacao.MAXIMO} caracteres "
        "(ele possui 100699)."]


def test_regra_da_motivacao_recusa_texto_longo_em_qualquer_servico():
    texto = "Fenótipo avaliado pela comissão: " + "x" * motivacao.MAXIMO
    with pytest.raises(ValidationError) as erro:
        motivacao.validar_motivacao(texto, desfavoravel=False, campo="motivacao")
    assert erro.value.message_dict == {"motivacao": [
        f"A motivação passa de {motivacao.MAXIMO} caracteres: resuma-a ou anexe o texto "
        "completo como documento."]}
    assert motivacao.validar_motivacao("Fenótipo avaliado. " * 10, desfavoravel=False) == (
        ("Fenótipo avaliado. " * 10).strip())
