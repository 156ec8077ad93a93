"""Back-office pages for RH: certames, imports and the audit trail."""

from django.contrib import messages
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import DetailView, FormView, ListView
from rules.contrib.views import PermissionRequiredMixin

from candidatos.forms import ImportacaoForm
from candidatos.isencao import oferece_isencao
from candidatos.models import Importacao, Inscricao
from candidatos.tasks import enfileirar_importacao
from certames.models import Ato, Certame


class RHMixin(PermissionRequiredMixin):
    permission_required = "certames.acessar_rh"


class PainelView(RHMixin, ListView):
    template_name = "certames/rh/painel.html"
    context_object_name = "certames"

    def get_queryset(self):
        return Certame.objects.select_related("orgao").annotate(
            num_cargos=Count("cargos", distinct=True),
            num_inscricoes=Count("inscricoes", distinct=True)).order_by(
            "-data_publicacao_edital", "numero_edital")


class CertameRHView(RHMixin, DetailView):
    template_name = "certames/rh/certame.html"
    context_object_name = "certame"
    queryset = Certame.objects.select_related("orgao")

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = self.object
        ctx["cargos"] = certame.cargos.annotate(num_inscricoes=Count("inscricoes")).order_by(
            "codigo")
        ctx["etapas"] = certame.etapas.all()
        ctx["situacoes"] = (Inscricao.objects.filter(certame=certame).values("situacao")
                            .annotate(total=Count("id")).order_by("situacao"))
        ctx["importacoes"] = certame.importacoes.select_related("criado_por")[:10]
        ctx["oferece_isencao"] = oferece_isencao(certame)
        return ctx


class ImportarView(RHMixin, FormView):
    template_name = "certames/rh/importar.html"
    form_class = ImportacaoForm

    def dispatch(self, request, *args, **kwargs):
        self.certame = get_object_or_404(Certame, pk=kwargs["pk"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["certame"] = self.certame
        ctx["importacoes"] = self.certame.importacoes.select_related("criado_por")[:20]
        return ctx

    def form_valid(self, form):
        arquivo = form.cleaned_data["arquivo"]
        with transaction.atomic():
            imp = Importacao.objects.create(certame=self.certame, arquivo=arquivo,
                                            nome_arquivo=arquivo.name[:250],
                                            criado_por=self.request.user)
            enfileirar_importacao(imp)
        # Eager tasks (no broker) have already run by now: say what the database holds.
        imp.refresh_from_db()
        if not imp.terminada:
            messages.info(self.request, _("Arquivo recebido; a importação está em andamento."))
        return redirect("rh:importacao", pk=imp.pk)


class ImportacaoView(RHMixin, DetailView):
    """The import's progress; with htmx, only the progress fragment is re-rendered."""

    model = Importacao
    context_object_name = "importacao"

    def get_template_names(self):
        if self.request.htmx:
            return ["certames/rh/_importacao_progresso.html"]
        return ["certames/rh/importacao.html"]


class AuditoriaView(RHMixin, ListView):
    template_name = "certames/rh/auditoria.html"
    context_object_name = "atos"
    paginate_by = 50

    def get_queryset(self):
        qs = Ato.objects.select_related("autor", "certame", "objeto_tipo")
        g = self.request.GET
        if g.get("certame", "").isdigit():
            qs = qs.filter(certame_id=int(g["certame"]))
        if g.get("objeto_tipo", "").isdigit():
            qs = qs.filter(objeto_tipo_id=int(g["objeto_tipo"]))
        if g.get("objeto_id"):
            qs = qs.filter(objeto_id=g["objeto_id"].strip())
        if g.get("tipo"):
            qs = qs.filter(tipo=g["tipo"])
        return qs

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["certames"] = Certame.objects.only("id", "numero_edital", "titulo")
        ids = Ato.objects.exclude(objeto_tipo=None).values_list("objeto_tipo", flat=True)
        ctx["tipos_objeto"] = ContentType.objects.filter(id__in=ids.distinct())
        ctx["tipos_ato"] = Ato.objects.values_list("tipo", flat=True).distinct().order_by("tipo")
        ctx["filtros"] = self.request.GET.copy()
        ctx["filtros"].pop("page", None)
        return ctx


