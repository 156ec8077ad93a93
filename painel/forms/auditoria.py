"""The audit trail's filters (painel/views/auditoria.py): kind of act, certame, author, dates
and object, combinable; a value the form refuses is told in Portuguese, never a 500."""

from __future__ import annotations

from django import forms
from django.contrib.contenttypes.models import ContentType
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from certames.models import Ato, Certame
from nucleo.rotulos_atos import rotulo_do_ato


class CertameChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Certame) -> str:
        # Edital number, órgão and full title: two certames never read the same, and what
        # tells them apart comes first (a closed select shows the beginning).
        return f"{obj.numero_edital} · {obj.orgao.nome} — {obj.titulo}"


class FiltroAtosForm(forms.Form):
    tipo = forms.ChoiceField(label=_("Tipo de ato"), required=False)
    certame = CertameChoiceField(
        label=_("Certame"), required=False, empty_label=_("Todos"),
        queryset=Certame.objects.select_related("orgao").order_by(
            "-data_publicacao_edital", "numero_edital", "pk"),
        error_messages={"invalid_choice": _("Escolha um certame da lista.")})
    autor = forms.CharField(
        label=_("Autor"), required=False, max_length=150,
        help_text=_("Usuário, nome ou “sistema”"))
    de = forms.DateField(label=_("De"), required=False,
                         widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    ate = forms.DateField(label=_("Até"), required=False,
                          widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    objeto_tipo = forms.ModelChoiceField(
        label=_("Tipo de objeto"), required=False, empty_label=_("Todos"),
        queryset=ContentType.objects.none(),
        error_messages={"invalid_choice": _("Escolha um tipo de objeto da lista.")})
    objeto_id = forms.CharField(label=_("Id do objeto"), required=False, max_length=64)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        codigos = Ato.objects.values_list("tipo", flat=True).distinct().order_by()
        opcoes = sorted(((c, rotulo_do_ato(c)) for c in codigos), key=lambda par: par[1])
        self.fields["tipo"].choices = [("", _("Todos")), *opcoes]
        self.fields["tipo"].error_messages["invalid_choice"] = _(
            "Escolha um tipo de ato da lista.")
        ids = Ato.objects.exclude(objeto_tipo=None).values_list("objeto_tipo", flat=True)
        self.fields["objeto_tipo"].queryset = ContentType.objects.filter(id__in=ids.distinct())
        for campo in ("de", "ate"):
            self.fields[campo].error_messages["invalid"] = _(
                "Informe uma data válida (dia/mês/ano).")

    def clean(self):
        dados = super().clean()
        de, ate = dados.get("de"), dados.get("ate")
        if de and ate and de > ate:
            self.add_error("ate", _("A data final não pode ser anterior à inicial."))
        return dados

    def filtrar(self, qs):
        """The acts matching the valid filters (call after `is_valid()`)."""
        d = self.cleaned_data
        if d.get("tipo"):
            qs = qs.filter(tipo=d["tipo"])
        if d.get("certame"):
            qs = qs.filter(certame=d["certame"])
        autor = (d.get("autor") or "").strip()
        if autor.lower() == "sistema":
            qs = qs.filter(autor=None)
        elif autor:
            # The username, or every word in the first or last name.
            nome = Q()
            for parte in autor.split():
                nome &= Q(autor__first_name__icontains=parte) | Q(
                    autor__last_name__icontains=parte)
            qs = qs.filter(Q(autor__username__icontains=autor) | nome)
        if d.get("de"):
            qs = qs.filter(criado_em__date__gte=d["de"])
        if d.get("ate"):
            qs = qs.filter(criado_em__date__lte=d["ate"])
        if d.get("objeto_tipo"):
            qs = qs.filter(objeto_tipo=d["objeto_tipo"])
        if d.get("objeto_id"):
            qs = qs.filter(objeto_id=d["objeto_id"].strip())
        return qs
