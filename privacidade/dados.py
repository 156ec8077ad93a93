"""Everything the system holds about one candidate, as plain data (LGPD, art. 18, II: acesso;
art. 19, §2º, I: by electronic means). The page "Meus dados (LGPD)" renders it, the JSON
download serialises it.

What is included follows the portal's own rules of visibility: committee pareceres, votes and
exemption results only once published (`portal.situacao.situacao_da_inscricao`,
`comissoes.dominio.resultados`), committee members' names only where the edital publishes
them, and in the audit trail the candidate's own acts and the acts on their registration and
inscrições, with the author shown as "você" or "administração" (never a servant's name).
Files are listed with their metadata and the link to the existing permission-checked
download; the file contents are not embedded.

The portal sign-up requests made with the candidate's CPF are listed too, but a request not
proved to be this account holder's (someone else may type a CPF) shows its contact data masked
and not its explanation: they may be another person's (LGPD, art. 6º, VII). Proved are the
request that created this account through a link to the e-mail typed, and the claim RH
approved for it.
"""

from __future__ import annotations

from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from candidatos import isencao as regras_isencao
from candidatos import procedimentos as procs
from candidatos.contas.cadastro import mascarar_email
from candidatos.models import (
    Candidato,
    Inscricao,
    PedidoCadastro,
    somente_digitos,
)
from certames import retencao
from certames.models import Ato
from comissoes.dominio.documental import nome_do_tipo
from nucleo.recursos import anexos_de
from portal.situacao import situacao_da_inscricao
from privacidade.models import Expurgo

FUNDAMENTO = "LGPD (Lei 13.709/2018), art. 18, II, e art. 19, II e §2º, I"

#: Fields of the change history (django-simple-history) shown to the holder: their own data,
#: never who changed it nor results before publication.
HISTORICO_CANDIDATO = ("cpf", "nome", "nome_social", "data_nascimento", "email", "telefone")
HISTORICO_INSCRICAO = ("cor_raca", "quilombola", "deficiencia", "tipo_deficiencia", "listas",
                       "nota", "desempate", "situacao", "situacao_taxa", "convocada_em")
TIPOS_HISTORICO = {"+": _lazy("criação"), "~": _lazy("alteração"), "-": _lazy("exclusão")}


def _historico(objeto, campos: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every version of the object in its history table: when, the kind of change and the
    values of `campos` (dates as ISO text, numbers as text)."""
    saida = []
    for h in objeto.history.order_by("history_date", "history_id"):
        valores = {}
        for campo in campos:
            v = getattr(h, campo)
            if hasattr(v, "isoformat"):
                v = _data(v)
            elif v is not None and not isinstance(v, (bool, int, str, list, dict)):
                v = str(v)
            valores[campo] = v
        saida.append({"quando": _data(h.history_date),
                      "tipo": str(TIPOS_HISTORICO.get(h.history_type, h.history_type)),
                      "valores": valores})
    return saida


def _data(valor) -> str | None:
    if valor is None:
        return None
    if hasattr(valor, "tzinfo"):
        return timezone.localtime(valor).isoformat() if valor.tzinfo else valor.isoformat()
    return valor.isoformat()


def _texto(valor) -> str | None:
    return None if valor is None else str(valor)


class Coletor:
    """Builds the data of one candidate. `url` makes links absolute when given a request."""

    def __init__(self, candidato: Candidato, request=None):
        self.candidato = candidato
        self.usuario = candidato.usuario
        self.request = request
        self.pedidos = list(PedidoCadastro.objects.filter(cpf=candidato.cpf)
                            .order_by("criado_em", "pk"))
        self.expurgos = self._expurgos()

    def url(self, nome: str, *args) -> str:
        caminho = reverse(nome, args=args)
        return self.request.build_absolute_uri(caminho) if self.request else caminho

    # --- markers ------------------------------------------------------------------------

    def _expurgos(self) -> dict[tuple[str, str], list[Expurgo]]:
        """The shredding markers about this candidate's objects, by (model, id): the objects
        each app declares as the holder's (`retencao.declarar_objetos_do_titular`)."""
        inscricoes = list(self.candidato.inscricoes.values_list("pk", flat=True))
        alvos: dict = {}
        for objetos in retencao.OBJETOS_DO_TITULAR:
            alvos.update(objetos(self.candidato, inscricoes))
        filtro = Q(pk__in=[])
        for modelo, ids in alvos.items():
            if ids:
                filtro |= Q(objeto_tipo=ContentType.objects.get_for_model(modelo),
                            objeto_id__in=[str(i) for i in ids])
        saida: dict[tuple[str, str], list[Expurgo]] = {}
        for exp in Expurgo.objects.filter(filtro).select_related("objeto_tipo"):
            saida.setdefault((exp.objeto_tipo.model, exp.objeto_id), []).append(exp)
        return saida

    def marcas(self, objeto) -> list[dict[str, Any]]:
        chave = (objeto._meta.model_name, str(objeto.pk))
        return [{
            "regra": exp.regra,
            "regra_titulo": str(retencao.regra(exp.regra).titulo),
            "expurgado_em": _data(exp.executado_em),
            "retido_ate": _data(exp.retido_ate),
            "o_que": exp.campos,
            "fundamento": exp.fundamento,
        } for exp in self.expurgos.get(chave, [])]

    # --- the whole ------------------------------------------------------------------------

    def tudo(self) -> dict[str, Any]:
        inscricoes = list(self.candidato.inscricoes.select_related(
            "cargo__certame__orgao", "certame__orgao").order_by(
            "-certame__data_publicacao_edital", "certame__numero_edital", "numero"))
        return {
            "gerado_em": _data(timezone.now()),
            "fundamento": FUNDAMENTO,
            "conta": self.conta(),
            "cadastro": self.cadastro(),
            "pedidos_de_cadastro": [self.pedido_cadastro(p) for p in self.pedidos],
            "inscricoes": [self.inscricao(i) for i in inscricoes],
            "trilha_de_auditoria": self.atos(inscricoes),
            "politica_de_retencao": politica_como_dados(),
        }

    def conta(self) -> dict[str, Any] | None:
        u = self.usuario
        if u is None:
            return None
        return {"usuario": u.get_username(), "nome": u.first_name, "sobrenome": u.last_name,
                "email": u.email, "ativa": u.is_active, "criada_em": _data(u.date_joined),
                "ultimo_acesso": _data(u.last_login)}

    def cadastro(self) -> dict[str, Any]:
        c = self.candidato
        return {"cpf": c.cpf, "nome": c.nome, "nome_social": c.nome_social,
                "data_nascimento": _data(c.data_nascimento), "email": c.email,
                "telefone": c.telefone,
                "historico_de_alteracoes": _historico(c, HISTORICO_CANDIDATO)}

    def pedido_cadastro(self, p: PedidoCadastro) -> dict[str, Any]:
        """One sign-up request made with the candidate's CPF: the fact, its outcome, RH's
        decision on a claim (never who decided) and what was typed, unless shredded."""
        via = PedidoCadastro.Via
        criou = self.usuario is not None and p.usuario_id == self.usuario.pk
        # The link went to the e-mail typed (or RH checked the identity): the typist is the
        # holder of this account. Through the record's e-mail, whoever typed may be anyone.
        comprovado = criou and p.via != via.EMAIL_DO_CADASTRO
        marcas = self.marcas(p)

        def contato(valor: str, mascara) -> str:
            return valor if comprovado else mascara(valor)

        informado = None if marcas else {
            "nome": p.nome, "nome_social": p.nome_social,
            "data_nascimento": _data(p.data_nascimento),
            "numero_inscricao": p.numero_inscricao,
            "email": contato(p.email, mascarar_email),
            "telefone": contato(p.telefone, _mascarar_telefone),
            "email_do_link": contato(p.email_destino, mascarar_email),
            "explicacao": p.explicacao if comprovado else None,
        }
        decidido = p.decidido_por_id is not None
        return {
            "id": p.pk, "criado_em": _data(p.criado_em),
            "forma_de_comprovacao": p.via, "forma_de_comprovacao_texto": p.get_via_display(),
            "situacao": p.situacao, "situacao_texto": p.get_situacao_display(),
            "encerrado_em": _data(p.concluido_em),
            "criou_esta_conta": criou,
            "decisao_da_organizadora": ({"decidida_em": _data(p.concluido_em),
                                         "motivacao": p.motivacao} if decidido else None),
            "dados_informados": informado,
            "contato_mascarado": not comprovado,
            "expurgos": marcas,
        }

    def inscricao(self, insc: Inscricao) -> dict[str, Any]:
        certame = insc.cargo.certame
        s = situacao_da_inscricao(insc)
        return {
            "id": insc.pk,
            "numero": insc.numero,
            "certame": {"id": certame.pk, "edital": certame.numero_edital,
                        "titulo": certame.titulo, "orgao": certame.orgao.nome,
                        "municipio": f"{certame.orgao.municipio}/{certame.orgao.uf}",
                        "regime": certame.regime_legal.nome},
            "cargo": {"codigo": insc.cargo.codigo, "nome": insc.cargo.nome},
            "criada_em": _data(insc.criada_em),
            "autodeclaracao": {
                "cor_raca": insc.cor_raca, "cor_raca_texto": insc.get_cor_raca_display(),
                "quilombola": insc.quilombola, "deficiencia": insc.deficiencia,
                "tipo_deficiencia": insc.tipo_deficiencia,
                "tipo_deficiencia_texto": insc.get_tipo_deficiencia_display(),
                "expurgos": self.marcas(insc),
            },
            "listas_reservadas": list(insc.listas),
            "situacao": insc.situacao, "situacao_texto": insc.get_situacao_display(),
            "situacao_taxa": s.situacao_taxa, "situacao_taxa_texto": s.situacao_taxa_rotulo,
            "nota": _texto(insc.nota),
            "desempate": [_texto(v) for v in (insc.desempate or [])],
            "convocada_em": _data(insc.convocada_em),
            "comprovante_url": self.url("portal:comprovante", insc.pk),
            "situacoes_nas_listas": [{
                "lista": d.lista, "estado": d.estado, "estado_texto": d.get_estado_display(),
                "motivacao": d.motivacao, "fundamento": d.fundamento,
                "atualizada_em": _data(d.atualizada_em)} for d in s.decisoes],
            "classificacao_publicada": self.classificacao(s.classificacao),
            "isencao": self.isencao(insc, s),
            "documentos": self.documentos(insc),
            "convocacoes": [{
                "procedimento": c.procedimento_nome, "lista": c.lista,
                "comissao": c.comissao, "horario": _data(c.horario), "local": c.local,
                "modalidade": c.modalidade_nome, "comparecimento": c.comparecimento_nome,
                "membros": c.membros} for c in s.convocacoes_individuais],
            "resultados_comissoes": [self.resultados(r) for r in s.resultados_comissoes],
            "procedimentos_administrativos": [self.procedimento(p) for p in s.procedimentos],
            "historico_de_alteracoes": _historico(insc, HISTORICO_INSCRICAO),
        }

    def classificacao(self, cl) -> dict[str, Any] | None:
        if cl is None:
            return None
        return {
            "versao": cl.versao.numero,
            "publicacao": cl.publicacao.get_tipo_display(),
            "publicada_em": _data(cl.publicacao.publicada_em),
            "posicoes": [{"lista": p.lista, "posicao": p.posicao, "sub_judice": p.sub_judice}
                         for p in cl.posicoes],
            "vaga": ({"vaga": cl.vaga.vaga, "lista_de_origem": cl.vaga.lista,
                      "fundamento": cl.vaga.fundamento} if cl.vaga else None),
            "exclusoes": cl.exclusoes,
        }

    def isencao(self, insc: Inscricao, s) -> dict[str, Any] | None:
        pedido = s.pedido_isencao
        if pedido is None:
            return None
        recurso = regras_isencao.recurso_do_pedido(pedido)

        def resultado(r):
            return {"resultado": r.resultado, "texto": str(r.rotulo), "motivo": r.motivo} \
                if r else None

        return {
            "tipo": pedido.tipo, "tipo_texto": pedido.get_tipo_display(),
            "solicitado_em": _data(pedido.solicitado_em),
            "nis": pedido.nis,
            "cadunico": {
                "verificacao_automatica": pedido.verificacao,
                "verificacao_automatica_texto": pedido.get_verificacao_display(),
                "renda_per_capita": _texto(pedido.renda_per_capita),
                "limite_de_renda": _texto(pedido.limite_renda),
                "extrato_data_referencia": _data(pedido.extrato.data_referencia)
                if pedido.extrato else None,
            },
            "comprovante_doacao_url": (self.url("isencao:arquivo", insc.pk, "comprovante")
                                       if pedido.comprovante_doacao else None),
            "comprovante_cadunico_url": (
                self.url("isencao:arquivo", insc.pk, "comprovante_cadunico")
                if pedido.comprovante_cadunico else None),
            "resultado_preliminar": resultado(s.isencao_preliminar),
            "resultado_definitivo": resultado(s.isencao_final),
            "recurso": ({"texto": recurso.texto, "apresentado_em": _data(recurso.apresentado_em),
                         "anexos": [{"nome_original": a.nome_original,
                                     "tipo_conteudo": a.tipo_conteudo,
                                     "url": (self.url("recursos:anexo", a.pk) if a.arquivo
                                             else None),
                                     "expurgos": self.marcas(a)} for a in anexos_de(recurso)],
                         "expurgos": self.marcas(recurso)} if recurso else None),
            "expurgos": self.marcas(pedido),
        }

    def documentos(self, insc: Inscricao) -> list[dict[str, Any]]:
        return [{
            "id": d.pk, "lista": d.lista, "tipo": d.tipo, "tipo_texto": nome_do_tipo(d.tipo),
            "nome_original": d.nome_original, "tipo_conteudo": d.tipo_conteudo,
            "tamanho_bytes": d.tamanho, "sha256": d.sha256, "enviado_em": _data(d.enviado_em),
            "substituido_em": _data(d.substituido_em),
            "url": self.url("documentos:arquivo", d.pk) if d.arquivo else None,
            "expurgos": self.marcas(d),
        } for d in insc.documentos.order_by("lista", "tipo", "enviado_em", "pk")]

    def resultados(self, r) -> dict[str, Any]:
        def recurso(item):
            if item.recurso is None:
                return None
            return {"texto": item.recurso.texto,
                    "apresentado_em": _data(item.recurso.apresentado_em),
                    "anexos": [{"nome_original": a.nome_original,
                                "tipo_conteudo": a.tipo_conteudo,
                                "url": self.url("recursos:anexo", a.pk) if a.arquivo else None,
                                "expurgos": self.marcas(a)} for a in item.anexos]}

        def decisao(d):
            return None if d is None else {
                "resultado": d.resultado_texto, "provido": d.provido, "parecer": d.parecer,
                "julgado_em": _data(d.julgado_em), "membros": d.membros}

        return {
            "procedimento": r.titulo,
            "resultado_preliminar_publicado_em": _data(r.preliminar.publicada_em)
            if r.preliminar else None,
            "resultado_definitivo_publicado_em": _data(r.final.publicada_em)
            if r.final else None,
            "aguardando_publicacao": r.aguardando_publicacao,
            "avaliacoes": [{
                "lista": i.lista, "resultado": i.resultado_texto, "parecer": i.parecer,
                "fundamento": i.fundamento, "encerrada_em": _data(i.encerrada_em),
                "membros": i.membros, "recurso": recurso(i),
                "situacao_do_recurso": i.situacao_recurso_texto,
                "decisao_do_recurso": decisao(i.decisao_recurso),
                "resultado_definitivo": _texto(i.resultado_definitivo),
            } for i in r.itens],
        }

    def procedimento(self, p) -> dict[str, Any]:
        destinos = dict(procs.Destino.choices)
        return {
            "tipo": p.tipo, "tipo_texto": p.get_tipo_display(), "objeto": procs.objeto_de(p),
            "lista": p.lista, "fatos": p.fatos, "aberto_em": _data(p.aberto_em),
            "notificado_em": _data(p.notificado_em), "prazo_defesa": _data(p.prazo_defesa),
            "defesa": p.defesa, "defesa_em": _data(p.defesa_em),
            "conclusao": p.get_conclusao_display() if p.conclusao else None,
            "consequencia": p.get_consequencia_display() if p.consequencia else None,
            "fundamento": p.fundamento, "motivacao": p.motivacao,
            "decidido_em": _data(p.decidido_em),
            # LGPD, art. 18, VII: the public entities the data were shared with.
            "encaminhamentos": [{"destino": str(destinos.get(e.get("destino"),
                                                             e.get("destino"))),
                                 "data": e.get("data"), "referencia": e.get("referencia")}
                                for e in (p.encaminhamentos or [])],
        }

    def atos(self, inscricoes: list[Inscricao]) -> list[dict[str, Any]]:
        """The acts about this person: their own, and the administration's on their
        registration, inscrições and the sign-up requests made with their CPF."""
        filtro = Q(objeto_tipo=ContentType.objects.get_for_model(Candidato),
                   objeto_id=str(self.candidato.pk))
        if inscricoes:
            filtro |= Q(objeto_tipo=ContentType.objects.get_for_model(Inscricao),
                        objeto_id__in=[str(i.pk) for i in inscricoes])
        if self.pedidos:
            filtro |= Q(objeto_tipo=ContentType.objects.get_for_model(PedidoCadastro),
                        objeto_id__in=[str(p.pk) for p in self.pedidos])
        if self.usuario is not None:
            filtro |= Q(autor=self.usuario)
        return [{
            "quando": _data(a.criado_em), "tipo": a.tipo, "descricao": a.descricao,
            "autor": _("você") if self.usuario is not None and a.autor_id == self.usuario.pk
            else _("administração"),
            "motivacao": a.motivacao, "fundamento_legal": a.fundamento_legal,
            "antes": a.antes, "depois": a.depois,
        } for a in Ato.objects.filter(filtro).order_by("criado_em", "pk")]


def _mascarar_telefone(telefone: str) -> str:
    """"(17) 99123-4567" → "***4567" (as RH sees a claimant's phone)."""
    digitos = somente_digitos(telefone)
    return f"***{digitos[-4:]}" if len(digitos) >= 4 else ""


def politica_como_dados() -> list[dict[str, Any]]:
    return [{
        "codigo": r.codigo, "titulo": str(r.titulo), "dados": str(r.dados),
        "finalidade": str(r.finalidade), "conta_a_partir_de": str(r.evento),
        "prazo": str(r.prazo), "ao_fim": str(r.ao_fim), "acao": r.acao,
        "fundamento": r.fundamento, "prazo_padrao_do_produto": r.padrao_do_produto,
    } for r in retencao.REGRAS]


def dados_do_candidato(candidato: Candidato, request=None) -> dict[str, Any]:
    return Coletor(candidato, request).tudo()
