"""RH's acts that stop, resume or end the certame, posted from its page
(`editais.situacao`; the forms: `painel.forms.situacao`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from comum.formatos import data_br
from editais import situacao
from painel.forms.situacao import CancelamentoForm, RetomadaForm, SuspensaoForm
from painel.views.certames import AtoCertameView


class SuspenderView(AtoCertameView):
    prefixo = "suspensao"
    form_class = SuspensaoForm

    def executar(self, certame, dados):
        ato = situacao.suspender(certame, motivacao=dados["motivacao"], origem=dados["origem"],
                                 documento=dados["documento"], fundamento=dados["fundamento"],
                                 autor=self.request.user)
        return _("Certame suspenso desde %(d)s; os inscritos serão avisados por e-mail.") % {
            "d": data_br(ato.praticado_em)}


class RetomarView(AtoCertameView):
    prefixo = "retomada"
    form_class = RetomadaForm

    def formulario(self, certame, dados):
        self.form_retomada = RetomadaForm(dados, prefix=self.prefixo, certame=certame)
        return self.form_retomada

    def executar(self, certame, dados):
        situacao.retomar(certame, motivacao=dados["motivacao"], autor=self.request.user,
                         cronograma=self.form_retomada.cronograma())
        return _("Certame retomado com o cronograma registrado; os inscritos serão avisados "
                 "por e-mail.")


class CancelarView(AtoCertameView):
    prefixo = "cancelamento"
    form_class = CancelamentoForm

    def executar(self, certame, dados):
        ato = situacao.cancelar(certame, tipo=dados["tipo"], motivacao=dados["motivacao"],
                                origem=dados["origem"], documento=dados["documento"],
                                autor=self.request.user)
        return _("%(t)s registrada em %(d)s; os inscritos serão avisados por e-mail.") % {
            "t": ato.get_tipo_display(), "d": data_br(ato.praticado_em)}
