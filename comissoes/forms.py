"""Forms of the committees: RH management and the members' workspace. They only collect and
check input; every change goes through a domain function."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from candidatos.models import CorRaca, Inscricao
from comissoes.dominio.composicao import TAMANHO_MINIMO
from comissoes.dominio.pcd import DIMENSOES
from comissoes.dominio.procedimentos import procedimento
from comissoes.dominio.sessoes import regra_presenca
from comissoes.models import Comissao, MembroComissao, Sessao, Voto
from comum.confirmacao import campo_confirmacao
from comum.nomes import validar_nome_pessoa
from comum.papeis import GRUPO_COMISSAO
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO

_CONTROLE = {"class": "form-control"}
_SELECT = {"class": "form-select"}
_CHECK = {"class": "form-check-input"}


class ComissaoForm(forms.Form):
    """Any kind of committee. The appeals of the documentary verification and of the PcD
    evaluation go to a second committee of the same kind (`procedimentos`)."""

    tipo = forms.ChoiceField(label=_("Tipo"), widget=forms.Select(attrs=_SELECT),
                             choices=Comissao.Tipo.choices)
    nome = forms.CharField(label=_("Nome"), max_length=150, widget=forms.TextInput(
        attrs={**_CONTROLE, "placeholder": _("Ex.: Comissão de heteroidentificação — Portaria "
                                             "12/2026")}))
    tamanho = forms.IntegerField(
        label=_("Número de membros titulares"), min_value=TAMANHO_MINIMO, max_value=15,
        required=False, widget=forms.NumberInput(attrs=_CONTROLE),
        help_text=_("Vazio: o definido no edital, ou 5 (equipe multiprofissional: 3 "
                    "profissionais, um deles médico — Decreto 9.508/2018, art. 5º)."))
    unanimidade_para_rejeitar = forms.BooleanField(
        label=_("Não confirmação só por unanimidade (regra do edital)"), required=False,
        widget=forms.CheckboxInput(attrs=_CHECK))
    divulgar_nomes = forms.BooleanField(
        label=_("Divulgar os nomes dos membros aos candidatos"), required=False,
        widget=forms.CheckboxInput(attrs=_CHECK))
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, a comissão é designada e o ato fica registrado nos atos do certame; a "
        "designação não pode ser desfeita."))


class MembroForm(forms.Form):
    usuario = forms.ModelChoiceField(
        label=_("Pessoa (conta do grupo Comissão)"), queryset=get_user_model().objects.none(),
        widget=forms.Select(attrs=_SELECT))
    papel = forms.ChoiceField(label=_("Papel"), choices=MembroComissao.Papel.choices,
                              widget=forms.Select(attrs=_SELECT))
    presidente = forms.BooleanField(label=_("Presidente"), required=False,
                                    widget=forms.CheckboxInput(attrs=_CHECK))
    genero = forms.ChoiceField(label=_("Gênero"),
                               choices=[("", "—")] + list(MembroComissao.Genero.choices),
                               widget=forms.Select(attrs=_SELECT))
    cor_raca = forms.ChoiceField(label=_("Cor ou raça (autodeclarada, IBGE)"),
                                 choices=[("", "—")] + list(CorRaca.choices),
                                 widget=forms.Select(attrs=_SELECT))
    regiao = forms.ChoiceField(label=_("Região de origem"), required=False,
                               choices=[("", "—")] + list(MembroComissao.Regiao.choices),
                               widget=forms.Select(attrs=_SELECT))
    area_profissional = forms.CharField(
        label=_("Área profissional"), required=False, max_length=80,
        widget=forms.TextInput(attrs={**_CONTROLE, "placeholder": _(
            "Ex.: medicina, psicologia, serviço social, terapia ocupacional")}),
        help_text=_("Obrigatória na equipe multiprofissional (Decreto 9.508/2018, art. 5º)."))
    medico = forms.BooleanField(label=_("Médico(a)"), required=False,
                                widget=forms.CheckboxInput(attrs=_CHECK))
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, a pessoa é incluída na comissão e o ato fica registrado nos atos do "
        "certame; a inclusão não pode ser desfeita (um desligamento é um novo ato)."))

    def __init__(self, *args, comissao: Comissao, **kwargs):
        super().__init__(*args, **kwargs)
        ja = comissao.membros.values("usuario_id")
        self.fields["usuario"].queryset = (
            get_user_model().objects.filter(is_active=True, groups__name=GRUPO_COMISSAO)
            .exclude(pk__in=ja).order_by("first_name", "username"))
        self.fields["usuario"].label_from_instance = (
            lambda u: f"{u.get_full_name() or u.get_username()} ({u.get_username()})")


class NovoMembroForm(MembroForm):
    """RH creates the person's account and includes them (`comissoes.dominio.contas`)."""

    nome = forms.CharField(label=_("Nome completo"), max_length=300,
                           validators=[validar_nome_pessoa],
                           widget=forms.TextInput(attrs={**_CONTROLE, "autocomplete": "off"}))
    email = forms.EmailField(label=_("E-mail"), max_length=254,
                             widget=forms.EmailInput(attrs={**_CONTROLE, "autocomplete": "off"}),
                             help_text=_("O convite para definir a senha vai para este "
                                         "e-mail; ele também é o usuário de acesso."))
    field_order = ["nome", "email", "papel", "presidente"]

    def __init__(self, *args, comissao: Comissao, **kwargs):
        super().__init__(*args, comissao=comissao, **kwargs)
        del self.fields["usuario"]
        for nome, campo in self.fields.items():
            campo.widget.attrs.setdefault("id", f"id_novo_{nome}")


class MotivoForm(forms.Form):
    motivacao = forms.CharField(label=_("Motivo"), required=False, max_length=2000,
                                widget=forms.TextInput(attrs=_CONTROLE))


class ImpedimentoRHForm(forms.Form):
    membro = forms.ModelChoiceField(label=_("Membro"), queryset=MembroComissao.objects.none(),
                                    widget=forms.Select(attrs=_SELECT))
    numero = forms.CharField(label=_("Número de inscrição"), max_length=20,
                             widget=forms.TextInput(attrs=_CONTROLE))
    motivo = forms.CharField(label=_("Motivo do impedimento"), min_length=10,
                             widget=forms.Textarea(attrs={**_CONTROLE, "rows": 2}),
                             max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, o impedimento é registrado: o(a) membro deixa de ver e de avaliar este "
        "candidato, e o ato consta da ata. O registro não pode ser desfeito."),
        id_html="id_confirmacao_impedimento")

    def __init__(self, *args, comissao: Comissao, **kwargs):
        super().__init__(*args, **kwargs)
        self.comissao = comissao
        self.fields["membro"].queryset = comissao.membros.filter(ativo=True).select_related(
            "usuario")
        self.fields["membro"].label_from_instance = (
            lambda m: m.usuario.get_full_name() or m.usuario.get_username())

    def clean_numero(self):
        numero = self.cleaned_data["numero"].strip()
        inscricao = Inscricao.objects.filter(certame_id=self.comissao.certame_id,
                                             numero=numero).first()
        if inscricao is None:
            raise forms.ValidationError(_("Inscrição não encontrada neste certame."))
        self.cleaned_data["inscricao"] = inscricao
        return numero


class SessaoForm(forms.Form):
    etapa = forms.ModelChoiceField(label=_("Etapa do cronograma"), required=False,
                                   queryset=None, widget=forms.Select(attrs=_SELECT))
    inicio = forms.DateTimeField(label=_("Data e hora"), widget=forms.DateTimeInput(
        attrs={**_CONTROLE, "type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%d/%m/%Y %H:%M"])
    local = forms.CharField(label=_("Local ou endereço da sala virtual"), max_length=250,
                            widget=forms.TextInput(attrs=_CONTROLE))
    modalidade = forms.ChoiceField(label=_("Modalidade"), choices=Sessao.Modalidade.choices,
                                   widget=forms.Select(attrs=_SELECT))
    impedimento_legal = forms.CharField(
        label=_("Impedimento legal à presença (se remota)"), required=False,
        widget=forms.Textarea(attrs={**_CONTROLE, "rows": 2}),
        help_text=_("Preencha só se a sessão for remota por impedimento legal à presença do "
                    "candidato."), max_length=MAXIMO_MOTIVACAO)
    gravacao_exigida = forms.BooleanField(label=_("O edital exige gravação"), required=False,
                                          initial=True, widget=forms.CheckboxInput(attrs=_CHECK))
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, a sessão é agendada e registrada nos atos do certame; os candidatos são "
        "convocados depois, na lista de convocação. O agendamento não pode ser desfeito."),
        id_html="id_confirmacao_sessao")

    def __init__(self, *args, etapas, comissao: Comissao | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["etapa"].queryset = etapas
        # The in-person rule is the regime's (`RegraProcedimento.presencial_obrigatoria`),
        # said only where the certame's law has it.
        regra = regra_presenca(comissao) if comissao is not None else None
        if regra is not None and regra.presencial_obrigatoria:
            self.fields["impedimento_legal"].help_text = _(
                "Neste certame a verificação é obrigatoriamente presencial, salvo impedimento "
                "por força de norma legal vigente (%(f)s): uma sessão remota exige o "
                "impedimento.") % {"f": regra.fundamento_presenca}


class DistribuicaoForm(forms.Form):
    sessoes = forms.ModelMultipleChoiceField(
        label=_("Sessões"), queryset=Sessao.objects.none(),
        widget=forms.CheckboxSelectMultiple)
    intervalo_minutos = forms.IntegerField(label=_("Intervalo entre candidatos (minutos)"),
                                           min_value=1, max_value=240, initial=20,
                                           widget=forms.NumberInput(attrs=_CONTROLE))
    por_sessao = forms.IntegerField(label=_("Candidatos por sessão (vazio: dividir igualmente)"),
                                    min_value=1, max_value=500, required=False,
                                    widget=forms.NumberInput(attrs=_CONTROLE))
    confirmacao = campo_confirmacao(
        _("Ao confirmar, cada candidato da lista é convocado para uma das sessões escolhidas e "
          "notificado por e-mail e na área do candidato, com a data, o horário e o local. As "
          "convocações e os avisos não podem ser desfeitos."))

    def __init__(self, *args, sessoes, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sessoes"].queryset = sessoes


# --- workspace ------------------------------------------------------------------------------


class TermoForm(forms.Form):
    aceito = forms.BooleanField(
        label=_("Li o termo e comprometo-me a cumpri-lo."),
        widget=forms.CheckboxInput(attrs={**_CHECK, "class": "form-check-input termo-check"}))


class VotoForm(forms.Form):
    sentido = forms.ChoiceField(label=_("Seu voto"), choices=Voto.Sentido.choices,
                                widget=forms.RadioSelect)
    motivacao = forms.CharField(
        label=_("Motivação (aspectos fenotípicos observados)"),
        widget=forms.Textarea(attrs={**_CONTROLE, "rows": 4}), max_length=MAXIMO_MOTIVACAO)
    motivo_substituicao = forms.CharField(
        label=_("Motivo da substituição do voto"), required=False,
        widget=forms.Textarea(attrs={**_CONTROLE, "rows": 2}), max_length=MAXIMO_MOTIVACAO)

    def __init__(self, *args, tipo: str = Comissao.Tipo.HETEROIDENTIFICACAO, **kwargs):
        """The words of the procedure (`procedimentos`): e.g. "Enquadra como pessoa com
        deficiência" for the multiprofessional team."""
        super().__init__(*args, **kwargs)
        proc = procedimento(tipo)
        self.fields["sentido"].choices = [(Voto.Sentido.CONFIRMA, proc.confirma),
                                          (Voto.Sentido.NAO_CONFIRMA, proc.nao_confirma)]
        self.fields["motivacao"].label = proc.motivacao_rotulo


class AnaliseDocumentoForm(forms.Form):
    """The committee's judgement of one document."""

    aceito = forms.TypedChoiceField(
        label=_("Documento"), coerce=lambda v: v == "sim", widget=forms.RadioSelect,
        choices=[("sim", _("Aceito")), ("nao", _("Não aceito"))])
    motivo = forms.CharField(
        label=_("Motivo (obrigatório se não aceito ou se substituir a análise)"), required=False,
        max_length=2000, widget=forms.Textarea(attrs={**_CONTROLE, "rows": 2}))


class BiopsicossocialForm(forms.Form):
    """The multiprofessional team's biopsychosocial evaluation (LC 22/2026, art. 7º, §1º, I to
    IV) and the compatibility with the cargo's attributions (art. 6º, caput)."""

    compativel = forms.TypedChoiceField(
        label=_("Compatibilidade da deficiência com as atribuições do cargo"),
        coerce=lambda v: v == "sim", widget=forms.RadioSelect,
        choices=[("sim", _("Compatível")), ("nao", _("Incompatível"))])
    compatibilidade = forms.CharField(
        label=_("Justificativa da compatibilidade (atribuições do cargo consideradas)"),
        widget=forms.Textarea(attrs={**_CONTROLE, "rows": 3}), max_length=MAXIMO_MOTIVACAO)
    motivo_substituicao = forms.CharField(
        label=_("Motivo da substituição do registro"), required=False,
        widget=forms.Textarea(attrs={**_CONTROLE, "rows": 2}), max_length=MAXIMO_MOTIVACAO)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        dimensoes = {}
        for chave, rotulo in DIMENSOES:
            dimensoes[chave] = forms.CharField(
                label=rotulo, widget=forms.Textarea(attrs={**_CONTROLE, "rows": 3}),
                max_length=MAXIMO_MOTIVACAO)
        # The four dimensions first, in the law's order.
        self.fields = {**dimensoes, **self.fields}

    def dimensoes(self) -> dict[str, str]:
        return {chave: self.cleaned_data.get(chave, "") for chave, _r in DIMENSOES}


class ImpedimentoForm(forms.Form):
    motivo = forms.CharField(label=_("Motivo do impedimento"), min_length=10,
                             widget=forms.Textarea(attrs={**_CONTROLE, "rows": 2}),
                             help_text=_("Ex.: parentesco, amizade íntima, relação de trabalho."),
                             max_length=MAXIMO_MOTIVACAO)


class GravacaoForm(forms.Form):
    gravacao = forms.CharField(label=_("Gravação (arquivo ou link)"), max_length=500,
                               widget=forms.TextInput(attrs=_CONTROLE))
