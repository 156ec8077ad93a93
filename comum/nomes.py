"""A person's name, wherever it is typed (the sign-up form, the banca's spreadsheet, the
admin, a committee member's account, a companion's name): one rule, one place.

A name is stored in Unicode NFC (a letter and its accent as one character, so "José" typed
as "e" + combining acute is the same name as the precomposed one, in searches, comparisons
and PDFs) and may not carry what is invisible or changes how the text around it is shown:
control characters (C0/C1, tab, line breaks), format characters (the bidi overrides and
isolates U+202A-U+202E and U+2066-U+2069, the zero-width space, joiners and marks, the BOM,
the soft hyphen), line and paragraph separators, private-use, surrogate and unassigned code
points, and combining marks stacked beyond `MAX_MARCAS` on one letter (the "Zalgo" text). Such a
name, shown in a public list or a PDF, would reorder or hide what is around it.

`nome_normalizado` gives the NFC text; `problema_nome` says what is wrong (or None);
`validar_nome_pessoa` is the Django validator (on the models' name fields, through
`NomePessoaField`, and on the forms' name fields); the import calls `problema_nome` cell by
cell.
"""

from __future__ import annotations

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

#: At most this many combining marks on one base character (after NFC composition: the
#: Portuguese accents are precomposed and leave none; a few scripts stack two).
MAX_MARCAS = 2
#: Unicode categories never accepted in a name: format (bidi, zero-width), line and paragraph
#: separators, private use, surrogates, unassigned.
_PROIBIDAS = {"Cf", "Zl", "Zp", "Co", "Cs", "Cn"}
_CONTROLE_ASCII = re.compile(r"[\x00-\x1f\x7f]")
#: Text made only of these is a valid name as it stands (the hot path of a 100,000-row
#: import): printable ASCII, Latin-1's letters and signs (not its soft hyphen, U+00AD) and
#: Latin Extended-A and B, all of them assigned, visible and precomposed (already NFC).
_SEGURO = re.compile("[ -~\u00a0-\u00ac\u00ae-\u024f]*")


def nome_normalizado(valor: str) -> str:
    """The name in NFC."""
    return unicodedata.normalize("NFC", valor)


def problema_nome(valor: str) -> str | None:
    """Why `valor` (normalised to NFC first) cannot be a person's name, in Portuguese, or
    None."""
    if valor.isascii():  # the common case: one C-level check
        return _("caractere de controle não permitido") if _CONTROLE_ASCII.search(valor) \
            else None
    if _SEGURO.fullmatch(valor):
        return None
    marcas = 0
    for caractere in nome_normalizado(valor):
        categoria = unicodedata.category(caractere)
        if categoria == "Cc":
            return _("caractere de controle não permitido")
        if categoria in _PROIBIDAS:
            return _("caractere invisível ou que altera a direção do texto não permitido "
                     "(U+%(cp)04X)") % {"cp": ord(caractere)}
        if categoria in ("Mn", "Me"):
            marcas += 1
            if marcas > MAX_MARCAS:
                return _("sinais diacríticos empilhados não permitidos (mais de %(n)d sobre "
                         "uma letra)") % {"n": MAX_MARCAS}
        else:
            marcas = 0
    return None


def validar_nome_pessoa(valor: str) -> None:
    """Django validator of a person's name (see the module's docstring)."""
    if not valor:
        return
    problema = problema_nome(str(valor))
    if problema is not None:
        raise ValidationError(problema, code="nome_invalido")


class NomePessoaField(models.CharField):
    """A CharField for a person's name: validated by `validar_nome_pessoa` and stored in NFC
    (whatever path wrote it: a form, the admin, the import)."""

    default_validators = [validar_nome_pessoa]

    def to_python(self, value):
        value = super().to_python(value)
        return nome_normalizado(value) if isinstance(value, str) else value

    def get_prep_value(self, value):
        value = super().get_prep_value(value)
        return nome_normalizado(value) if isinstance(value, str) else value
