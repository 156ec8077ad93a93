"""Special conditions at the exam (atendimento especializado): the request in the inscrição
window (Decreto 9.508/2018, art. 4º; Lei 13.872/2019), RH's motivated decision per condition
(Lei 9.784/1999, art. 50), supersession, the appeal within 10 days (art. 59, counted as
art. 66) addressed to the decider, who may reconsider within five days, then judged by the
certame's superior authority (art. 56, §1º: `nucleo.autoridade`; here `rh2`) without
reformatio in peius (art. 64, parágrafo único), the exam venue's export, and the pages'
permissions. Fixed datetimes are passed to the domain functions."""

import csv
import datetime as dt
import io
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from candidatos import condicoes
from candidatos.models import (
    CondicaoEspecial,
    DecisaoAtendimento,
    Inscricao,
    PedidoAtendimento,
)
from certames.models import Ato, Etapa
from comum.papeis import GRUPO_CANDIDATO, GRUPO_RH
from comum.somente_insercao import TABELAS_PROTEGIDAS
from nucleo.models import Recurso
from portal import passos
from tests.autoridade_apoio import designar
from tests.factories import CandidatoFactory, CargoFactory, EtapaFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

TZ = ZoneInfo("America/Sao_Paulo")
INSCRICOES = (dt.datetime(2026, 10, 1, 0, 0, tzinfo=TZ),
              dt.datetime(2026, 10, 10, 23, 59, tzinfo=TZ))
DURANTE = dt.datetime(2026, 10, 5, 10, 0, tzinfo=TZ)
DEPOIS = dt.datetime(2026, 10, 11, 9, 0, tzinfo=TZ)
DECISAO = dt.datetime(2026, 10, 12, 15, 0, tzinfo=TZ)
ANALISE_FIM = dt.datetime(2026, 10, 20, 23, 59, tzinfo=TZ)
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
EXE = b"MZ\x90\x00" + b"\x00" * 32
C = CondicaoEspecial
DEF = condicoes.Resultado.DEFERIDO
IND = condicoes.Resultado.INDEFERIDO
MOTIVO_IND = "O laudo apresentado não descreve deficiência visual que exija a prova em Braille."


def _pdf(conteudo=PDF, nome="laudo.pdf"):
    return SimpleUploadedFile(nome, conteudo, content_type="application/pdf")


@pytest.fixture
def cargo():
    cargo = CargoFactory()
    EtapaFactory(certame=cargo.certame, tipo=Etapa.Tipo.INSCRICOES, inicio=INSCRICOES[0],
                 fim=INSCRICOES[1])
    EtapaFactory(certame=cargo.certame, tipo=Etapa.Tipo.ANALISE_ATENDIMENTO,
                 inicio=INSCRICOES[0], fim=ANALISE_FIM)
    return cargo


def _candidata(cargo, nome="Maria Teste", numero=None):
    user = usuario(f"cand{Inscricao.objects.count()}", GRUPO_CANDIDATO)
    cand = CandidatoFactory(usuario=user, nome=nome)
    kwargs = {"numero": numero} if numero else {}
    return user, InscricaoFactory(cargo=cargo, candidato=cand, **kwargs)


@pytest.fixture
def rh():
    return usuario("rh1", GRUPO_RH)


@pytest.fixture
def rh2():
    return usuario("rh2", GRUPO_RH)


def _pedir(insc, user, conds=None, agora=DURANTE, laudo="pdf", **kw):
    conds = conds if conds is not None else {C.BRAILLE: "", C.TEMPO_ADICIONAL: ""}
    return condicoes.solicitar(insc, autor=user, condicoes=conds,
                               justificativa="Baixa visão severa, CID no laudo.",
                               laudo=_pdf() if laudo == "pdf" else laudo, agora=agora, **kw)


def _decidir(pedido, autor, resultados, agora=DECISAO, motivacao="Laudo analisado pelo RH."):
    return condicoes.decidir(pedido, autor=autor, resultados=resultados, motivacao=motivacao,
                             agora=agora)


def _msg(exc) -> str:
    return " ".join(exc.value.messages)


# --- the request ---------------------------------------------------------------------------


def test_pedido_na_janela_grava_condicoes_laudo_e_ato(cargo):
    user, insc = _candidata(cargo)
    pedido = _pedir(insc, user, {C.AMPLIADA: "fonte 24", C.TEMPO_ADICIONAL: ""})
    assert list(pedido.condicoes.order_by("pk").values_list("condicao", "detalhe")) == [
        ("ampliada", "fonte 24"), ("tempo_adicional", "")]
    assert pedido.laudo_tipo_conteudo == "application/pdf"
    assert pedido.laudo.name.startswith("atendimento/")
    assert "laudo" not in pedido.laudo.name.split("/")[-1]  # random stored name
    ato = Ato.objects.get(tipo="atendimento_pedido")
    assert ato.depois == {"condicoes": ["ampliada", "tempo_adicional"], "laudo": True,
                          "substitui": None}
    assert ato.fundamento_legal == "Decreto 9.508/2018, art. 4º (parâmetro federal)"


def test_pedido_fora_da_janela_e_recusado(cargo):
    user, insc = _candidata(cargo)
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, user, agora=DEPOIS)
    assert "terminou em 10/10/2026 23:59" in _msg(exc)
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, user, agora=INSCRICOES[0] - dt.timedelta(minutes=1))
    assert "ainda não começou" in _msg(exc)
    assert PedidoAtendimento.objects.count() == 0


def test_condicoes_pcd_exigem_laudo_e_o_arquivo_e_conferido(cargo):
    user, insc = _candidata(cargo)
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, user, {C.LEDOR: ""}, laudo=None)
    assert "Anexe o laudo médico" in _msg(exc)
    with pytest.raises(ValidationError):
        _pedir(insc, user, {C.LEDOR: ""}, laudo=_pdf(EXE, "laudo.pdf"))
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, user, {C.OUTRA: ""})
    assert "Descreva a outra condição" in _msg(exc)
    with pytest.raises(ValidationError):
        _pedir(insc, user, {})
    assert PedidoAtendimento.objects.count() == 0


def test_lactante_sem_laudo_com_data_e_acompanhante_opcional(cargo):
    user, insc = _candidata(cargo)
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, user, {C.LACTANTE: ""}, laudo=None)
    assert "data de nascimento da criança" in _msg(exc)
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, user, {C.LACTANTE: ""}, laudo=None, lactante=condicoes.DadosLactante(
            dt.date(2026, 9, 1), "João Acompanhante", "111.111.111-11"))
    assert "CPF do(a) acompanhante é inválido" in _msg(exc)
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, user, {C.LACTANTE: ""}, laudo=None, lactante=condicoes.DadosLactante(
            dt.date(2026, 9, 1), "João Acompanhante", ""))
    assert "nome e o CPF" in _msg(exc)
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, user, {C.LACTANTE: ""}, laudo=_pdf(),
               lactante=condicoes.DadosLactante(dt.date(2026, 9, 1)))
    assert "a lactante não anexa laudo" in _msg(exc)
    pedido = _pedir(insc, user, {C.LACTANTE: ""}, laudo=None, lactante=condicoes.DadosLactante(
        dt.date(2026, 9, 1), "João Acompanhante", "529.982.247-25"))
    assert (pedido.nascimento_crianca, pedido.acompanhante_nome, pedido.acompanhante_cpf) == (
        dt.date(2026, 9, 1), "João Acompanhante", "52998224725")
    assert not pedido.laudo
    # Without a companion now: indicated on the exam day (Lei 13.872/2019, art. 3º).
    outro = _pedir(insc, user, {C.LACTANTE: ""}, laudo=None,
                   lactante=condicoes.DadosLactante(dt.date(2026, 9, 1)))
    assert outro.acompanhante_nome == ""


def test_so_a_propria_candidata_pede(cargo, rh):
    user, insc = _candidata(cargo)
    outra_user, _outra = _candidata(cargo, "Outra")
    with pytest.raises(PermissionDenied):
        _pedir(insc, outra_user)
    with pytest.raises(PermissionDenied):
        _pedir(insc, rh)


def test_novo_pedido_substitui_o_anterior(cargo, rh):
    user, insc = _candidata(cargo)
    primeiro = _pedir(insc, user)
    segundo = _pedir(insc, user, {C.LIBRAS: ""}, agora=DURANTE + dt.timedelta(hours=1))
    assert condicoes.pedido_vigente(insc) == segundo
    assert not condicoes.vigente(primeiro)
    assert PedidoAtendimento.objects.filter(inscricao=insc).count() == 2
    with pytest.raises(ValidationError) as exc:
        _decidir(primeiro, rh, {C.BRAILLE: condicoes.ResultadoCondicao(DEF),
                                C.TEMPO_ADICIONAL: condicoes.ResultadoCondicao(DEF, minutos=60)})
    assert "substituído" in _msg(exc)


# --- RH's decision -------------------------------------------------------------------------


def test_indeferimento_exige_motivacao_especifica_e_tempo_exige_minutos(cargo, rh):
    user, insc = _candidata(cargo)
    pedido = _pedir(insc, user)
    R = condicoes.ResultadoCondicao
    with pytest.raises(ValidationError) as exc:
        _decidir(pedido, rh, {C.BRAILLE: R(IND, "indeferido"), C.TEMPO_ADICIONAL: R(DEF, "",
                                                                                    60)})
    assert "Prova em Braille" in _msg(exc) and "motivação específica" in _msg(exc)
    with pytest.raises(ValidationError) as exc:
        _decidir(pedido, rh, {C.BRAILLE: R(DEF), C.TEMPO_ADICIONAL: R(DEF)})
    assert "minutos de tempo adicional" in _msg(exc)
    with pytest.raises(ValidationError) as exc:
        _decidir(pedido, rh, {C.BRAILLE: R(DEF), C.TEMPO_ADICIONAL: R(DEF, minutos=241)})
    assert "de 1 a 240" in _msg(exc)
    with pytest.raises(ValidationError) as exc:
        _decidir(pedido, rh, {C.BRAILLE: R(DEF)})
    assert "falta Tempo adicional" in _msg(exc)
    with pytest.raises(ValidationError):
        _decidir(pedido, rh, {C.BRAILLE: R(DEF), C.TEMPO_ADICIONAL: R(DEF, minutos=60)},
                 motivacao="ok")
    assert DecisaoAtendimento.objects.count() == 0
    decisao = _decidir(pedido, rh, {C.BRAILLE: R(IND, MOTIVO_IND),
                                    C.TEMPO_ADICIONAL: R(DEF, minutos=60)})
    assert [(i.condicao, i.resultado, i.minutos_adicionais) for i in decisao.itens.order_by("pk")
            ] == [("braille", "indeferido", None), ("tempo_adicional", "deferido", 60)]
    ato = Ato.objects.get(tipo="atendimento_decisao")
    assert ato.depois["itens"] == {"braille": "indeferido", "tempo_adicional": "deferido"}
    assert ato.fundamento_legal == ("Decreto 9.508/2018, art. 4º (parâmetro federal); "
                                    "Lei 9.784/1999, art. 50")


def test_candidata_nao_decide(cargo):
    user, insc = _candidata(cargo)
    pedido = _pedir(insc, user)
    with pytest.raises(PermissionDenied):
        _decidir(pedido, user, {})


def test_nova_decisao_substitui_a_anterior_sem_reescrever(cargo, rh):
    user, insc = _candidata(cargo)
    pedido = _pedir(insc, user)
    R = condicoes.ResultadoCondicao
    primeira = _decidir(pedido, rh, {C.BRAILLE: R(IND, MOTIVO_IND),
                                     C.TEMPO_ADICIONAL: R(DEF, minutos=60)})
    segunda = _decidir(pedido, rh, {C.BRAILLE: R(DEF), C.TEMPO_ADICIONAL: R(DEF, minutos=45)},
                       agora=DECISAO + dt.timedelta(hours=1))
    assert condicoes.decisao_vigente(pedido) == segunda
    primeira.refresh_from_db()
    assert list(primeira.itens.values_list("resultado", flat=True)) == ["indeferido", "deferido"]
    assert condicoes.situacao(pedido, DECISAO).motivo_sem_recurso == (
        "Todas as condições pedidas foram concedidas: não há decisão a recorrer.")


def test_tabelas_sao_atos_protegidos():
    assert {"candidatos_condicaosolicitada", "candidatos_decisaoatendimento",
            "candidatos_itemdecisaoatendimento"} <= set(TABELAS_PROTEGIDAS)


# --- the appeal ------------------------------------------------------------------------------


def _indeferido(cargo, rh):
    user, insc = _candidata(cargo)
    pedido = _pedir(insc, user)
    R = condicoes.ResultadoCondicao
    _decidir(pedido, rh, {C.BRAILLE: R(IND, MOTIVO_IND), C.TEMPO_ADICIONAL: R(DEF, minutos=60)})
    return user, insc, pedido


def test_prazo_de_recurso_dez_dias_da_decisao(cargo, rh):
    user, _insc, pedido = _indeferido(cargo, rh)
    janela = condicoes.janela_recurso(pedido, DECISAO)
    # Decided 12/10 at 15:00: day 1 is 13/10, day 10 is 22/10, to its end (Lei 9.784, arts.
    # 59 and 66).
    assert janela.fim == dt.datetime(2026, 10, 22, 23, 59, 59, tzinfo=TZ)
    assert janela.aberta
    tarde = dt.datetime(2026, 10, 23, 0, 0, 1, tzinfo=TZ)
    with pytest.raises(ValidationError) as exc:
        condicoes.apresentar_recurso(pedido, autor=user, agora=tarde,
                                     texto="Peço a prova em Braille: tenho cegueira.")
    assert "O prazo de recurso terminou" in _msg(exc)
    recurso = condicoes.apresentar_recurso(
        pedido, autor=user, agora=dt.datetime(2026, 10, 22, 23, 0, tzinfo=TZ),
        texto="Peço a prova em Braille: tenho cegueira total.")
    assert (recurso.procedimento, recurso.objeto_id) == ("atendimento_especializado", pedido.pk)
    with pytest.raises(ValidationError) as exc:
        condicoes.apresentar_recurso(pedido, autor=user, agora=DECISAO,
                                     texto="Segundo recurso, não deveria caber.")
    assert "cabe um único recurso" in _msg(exc)
    # RH cannot re-decide once appealed; the candidate cannot replace the request meanwhile.
    R = condicoes.ResultadoCondicao
    with pytest.raises(ValidationError):
        _decidir(pedido, rh, {C.BRAILLE: R(DEF), C.TEMPO_ADICIONAL: R(DEF, minutos=60)})


def test_sem_recurso_contra_decisao_favoravel_ou_inexistente(cargo, rh):
    user, insc = _candidata(cargo)
    pedido = _pedir(insc, user)
    with pytest.raises(ValidationError) as exc:
        condicoes.apresentar_recurso(pedido, autor=user, texto="Recurso antes de qualquer decisão.",
                                     agora=DECISAO)
    assert "ainda não foi decidido" in _msg(exc)


def test_julgamento_pela_autoridade_superior_sem_retirar_condicao_concedida(cargo, rh, rh2):
    """Art. 56, §1º (before: judged by any RH user but the decider): filed Tuesday 13/10/2026,
    the fifth day is Sunday 18/10, so the decider (rh) may reconsider until Monday 19/10
    23:59:59 (art. 66, §1º); then only the superior authority (rh2) judges."""
    user, insc, pedido = _indeferido(cargo, rh)
    designar(cargo.certame, rh2, autor=rh)
    condicoes.apresentar_recurso(pedido, autor=user, texto="Tenho cegueira total, ver laudo anexo.",
                                 agora=DECISAO + dt.timedelta(days=1))
    encaminhado = DECISAO + dt.timedelta(days=8)  # 20/10 15:00
    R = condicoes.ResultadoCondicao
    with pytest.raises(ValidationError) as exc:
        condicoes.julgar_recurso(pedido, autor=rh2, motivacao="Recurso provido após reanálise.",
                                 resultados={C.BRAILLE: R(DEF),
                                             C.TEMPO_ADICIONAL: R(DEF, minutos=60)},
                                 agora=DECISAO + dt.timedelta(days=2))
    assert _msg(exc) == (
        "O recurso está com quem proferiu a decisão (rh1), que pode reconsiderá-la até "
        "19/10/2026 23:59; só depois vai à autoridade superior do certame (Lei 9.784/1999, "
        "art. 56, §1º).")
    with pytest.raises(ValidationError) as exc:
        condicoes.julgar_recurso(pedido, autor=rh, motivacao="Recurso provido após reanálise.",
                                 resultados={C.BRAILLE: R(DEF),
                                             C.TEMPO_ADICIONAL: R(DEF, minutos=60)},
                                 agora=encaminhado)
    assert "art. 56, §1º" in _msg(exc)
    with pytest.raises(ValidationError) as exc:
        condicoes.julgar_recurso(
            pedido, autor=rh2, motivacao="Recurso apreciado; razões não infirmam o laudo.",
            resultados={C.BRAILLE: R(IND, MOTIVO_IND),
                        C.TEMPO_ADICIONAL: R(IND, "Tempo adicional retirado sem motivo aparente")},
            agora=encaminhado)
    assert "art. 64" in _msg(exc)
    julg = condicoes.julgar_recurso(
        pedido, autor=rh2, motivacao="Recurso provido: o novo laudo comprova cegueira total.",
        resultados={C.BRAILLE: R(DEF), C.TEMPO_ADICIONAL: R(DEF, minutos=60)},
        agora=encaminhado)
    assert condicoes.decisao_vigente(pedido) == julg
    sit = condicoes.situacao(pedido, encaminhado)
    assert (sit.estado, [i.resultado for i in sit.itens]) == ("decidido", [DEF, DEF])
    assert (sit.tramite.estado, sit.tramite.texto) == (
        "julgado", "Seu recurso foi julgado pela autoridade superior do certame.")
    with pytest.raises(ValidationError) as exc:
        condicoes.julgar_recurso(pedido, autor=rh2, motivacao="Segundo julgamento indevido.",
                                 resultados={C.BRAILLE: R(DEF),
                                             C.TEMPO_ADICIONAL: R(DEF, minutos=60)})
    assert "já foi julgado" in _msg(exc)
    assert Ato.objects.filter(tipo="atendimento_julgamento_recurso").count() == 1
    assert Ato.objects.filter(tipo="recurso_atendimento_especializado").count() == 1


# --- the exam venue's export -------------------------------------------------------------------


@pytest.fixture
def concedidos(cargo, rh):
    R = condicoes.ResultadoCondicao
    u1, i1 = _candidata(cargo, "=HYPERLINK(\"http://x\")", numero="000002")
    p1 = _pedir(i1, u1, {C.AMPLIADA: "-fonte 24", C.TEMPO_ADICIONAL: "", C.SALA_ACESSO: ""})
    _decidir(p1, rh, {C.AMPLIADA: R(DEF), C.TEMPO_ADICIONAL: R(DEF, minutos=60),
                      C.SALA_ACESSO: R(IND, "Sala térrea já é a padrão do local de prova.")})
    u2, i2 = _candidata(cargo, "Ana Lactante", numero="000001")
    p2 = _pedir(i2, u2, {C.LACTANTE: ""}, laudo=None, lactante=condicoes.DadosLactante(
        dt.date(2026, 9, 1), "@João", "52998224725"))
    _decidir(p2, rh, {C.LACTANTE: R(DEF)})
    u3, i3 = _candidata(cargo, "Sem Decisão", numero="000003")
    _pedir(i3, u3, {C.LEDOR: ""})
    u4, i4 = _candidata(cargo, "Tudo Indeferido", numero="000004")
    p4 = _pedir(i4, u4, {C.LEDOR: ""})
    _decidir(p4, rh, {C.LEDOR: R(IND, "O laudo não indica necessidade de ledor na prova.")})
    return cargo.certame


LACTANTE_OBS = ("Amamentação a cada 2 horas, até 30 minutos por filho, tempo compensado na "
                "prova; certidão de nascimento no dia da prova (Lei 13.872/2019, arts. 2º e 4º)")


def test_linhas_do_local_de_prova(concedidos):
    assert condicoes.linhas_exportacao(concedidos) == [
        ["000001", "Ana Lactante", "Auxiliar Administrativo", "Amamentação (lactante)", None,
         "Amamentação (lactante)", "@João (CPF 529.982.247-25)", LACTANTE_OBS],
        ["000002", "=HYPERLINK(\"http://x\")", "Auxiliar Administrativo",
         "Prova ampliada (fonte maior) (-fonte 24); Tempo adicional", 60, "", "", ""],
    ]


def test_exportacao_csv_e_xlsx_escapam_e_nao_levam_laudo(client, concedidos, rh):
    client.force_login(rh)
    resp = client.get(reverse("painel:atendimento_exportar", args=[concedidos.pk, "csv"]))
    assert resp.status_code == 200
    texto = resp.content.decode("utf-8-sig")
    linhas = list(csv.reader(io.StringIO(texto), delimiter=";"))
    assert linhas == [
        list(condicoes.COLUNAS),
        ["000001", "Ana Lactante", "Auxiliar Administrativo", "Amamentação (lactante)", "",
         "Amamentação (lactante)", "'@João (CPF 529.982.247-25)", LACTANTE_OBS],
        ["000002", "'=HYPERLINK(\"http://x\")", "Auxiliar Administrativo",
         "Prova ampliada (fonte maior) (-fonte 24); Tempo adicional", "60", "", "", ""],
    ]
    assert "laudo" not in texto.lower() and "Baixa visão" not in texto
    resp = client.get(reverse("painel:atendimento_exportar", args=[concedidos.pk, "xlsx"]))
    folha = load_workbook(io.BytesIO(resp.content)).active
    valores = [[c.value for c in linha] for linha in folha.iter_rows()]
    assert valores[0] == ["Inscrição", "Nome", "Cargo", "Condições concedidas",
                          "Tempo adicional (minutos)", "Sala ou mobiliário",
                          "Acompanhante da lactante", "Observações"]
    assert valores[2][:5] == ["000002", "'=HYPERLINK(\"http://x\")", "Auxiliar Administrativo",
                              "Prova ampliada (fonte maior) (-fonte 24); Tempo adicional", 60]
    assert client.get(reverse("painel:atendimento_exportar",
                              args=[concedidos.pk, "pdf"])).status_code == 404
    assert Ato.objects.filter(tipo="atendimento_exportacao").count() == 2


# --- pages and permissions --------------------------------------------------------------------


def test_paginas_da_candidata_pedido_e_outra_pessoa_404(client, cargo, monkeypatch):
    monkeypatch.setattr(condicoes.pedido.timezone, "now", lambda: DURANTE)
    user, insc = _candidata(cargo)
    outra, insc_outra = _candidata(cargo, "Outra")
    client.force_login(user)
    url = reverse("condicoes:inscricao", args=[insc.pk])
    assert client.get(url).status_code == 200
    resp = client.post(url, {"condicoes": ["ledor"], "justificativa": "Tenho baixa visão.",
                             "laudo": _pdf(), "confirmacao": "on"})
    assert resp.status_code == 302
    pedido = condicoes.pedido_vigente(insc)
    assert list(pedido.condicoes.values_list("condicao", flat=True)) == ["ledor"]
    pagina = client.get(url).content.decode()
    assert "Em análise pelo RH" in pagina and "Ledor" in pagina
    assert client.get(reverse("condicoes:laudo", args=[pedido.pk])).status_code == 200
    # Another person's inscrição and report: 404, nothing written.
    assert client.get(reverse("condicoes:inscricao", args=[insc_outra.pk])).status_code == 404
    assert client.post(reverse("condicoes:inscricao", args=[insc_outra.pk]),
                       {"condicoes": ["ledor"], "justificativa": "x" * 20,
                        "confirmacao": "on"}).status_code == 404
    client.force_login(outra)
    assert client.get(reverse("condicoes:laudo", args=[pedido.pk])).status_code == 404
    assert PedidoAtendimento.objects.count() == 1


def test_rh_decide_pela_pagina_com_confirmacao(client, cargo, rh):
    user, insc = _candidata(cargo)
    pedido = _pedir(insc, user, {C.LEDOR: ""})
    client.force_login(rh)
    url = reverse("painel:atendimento_pedido", args=[pedido.pk])
    assert client.get(url).status_code == 200
    dados = {"resultado_ledor": "indeferido", "motivacao_ledor": MOTIVO_IND,
             "motivacao": "Laudo analisado pela equipe do RH."}
    # The schedule's analysis stage ended on 20/10/2026: RH's decision is refused.
    resposta = client.post(url, {**dados, "confirmacao": "on"})
    assert resposta.status_code == 400
    assert ("O prazo de análise dos pedidos de atendimento especializado terminou em "
            "20/10/2026 23:59") in resposta.content.decode()
    assert DecisaoAtendimento.objects.count() == 0
    agora = timezone.now()
    EtapaFactory(certame=cargo.certame, tipo=Etapa.Tipo.ANALISE_ATENDIMENTO,
                 inicio=agora - dt.timedelta(days=1), fim=agora + dt.timedelta(days=1))
    assert client.post(url, dados).status_code == 400  # no confirmation box
    assert DecisaoAtendimento.objects.count() == 0
    assert client.post(url, {**dados, "motivacao_ledor": "", "confirmacao": "on"}
                       ).status_code == 400
    assert DecisaoAtendimento.objects.count() == 0
    assert client.post(url, {**dados, "confirmacao": "on"}).status_code == 302
    assert condicoes.decisao_vigente(pedido).itens.get().resultado == IND
    lista = client.get(reverse("painel:atendimento_lista", args=[cargo.certame.pk]),
                       {"condicao": "ledor"})
    assert lista.status_code == 200 and insc.numero in lista.content.decode()
    assert "aberta: as decisões podem ser registradas" in lista.content.decode()
    vazia = client.get(reverse("painel:atendimento_lista", args=[cargo.certame.pk]),
                       {"condicao": "braille"})
    assert insc.numero not in vazia.content.decode()
    # The candidate may not open RH's pages.
    client.force_login(user)
    assert client.get(url).status_code == 403
    assert Recurso.objects.count() == 0


def test_o_que_vem_a_seguir_mostra_recurso_e_decisao(cargo, rh):
    user, insc, pedido = _indeferido(cargo, rh)
    url = reverse("condicoes:inscricao", args=[insc.pk])
    agora = DECISAO + dt.timedelta(days=1)
    assert [(p.tipo, p.texto, p.data, p.url, p.prazo)
            for p in passos.proximos_passos(user.candidato, agora)] == [
        ("recurso", "Prazo de recurso aberto: atendimento especializado na prova",
         dt.datetime(2026, 10, 22, 23, 59, 59, tzinfo=TZ), url + "#recurso", True),
        ("resultado", "Decisão sobre o atendimento especializado", DECISAO, url, False),
    ]
    # After the window and 15 days: nothing.
    assert passos.proximos_passos(user.candidato, DECISAO + dt.timedelta(days=16)) == []


def test_decisao_e_julgamento_avisam_por_email_sem_dados_de_saude(
        cargo, rh, rh2, django_capture_on_commit_callbacks, mailoutbox):
    user, insc = _candidata(cargo)
    insc.candidato.email = "maria@example.com"
    insc.candidato.save(update_fields=["email"])
    pedido = _pedir(insc, user)
    R = condicoes.ResultadoCondicao
    with django_capture_on_commit_callbacks(execute=True):
        _decidir(pedido, rh, {C.BRAILLE: R(IND, MOTIVO_IND),
                              C.TEMPO_ADICIONAL: R(DEF, minutos=60)})
    assert [(m.to, m.subject) for m in mailoutbox] == [
        (["maria@example.com"], f"Atendimento especializado — inscrição {insc.numero}")]
    corpo = mailoutbox[0].body
    assert "pode recorrer em até 10 dias" in corpo
    assert "Braille" not in corpo and "laudo" not in corpo.lower()
    with django_capture_on_commit_callbacks(execute=True):
        condicoes.apresentar_recurso(pedido, autor=user, agora=DECISAO + dt.timedelta(days=1),
                                     texto="Tenho cegueira total, ver laudo anexo.")
    designar(cargo.certame, rh2, autor=rh)
    with django_capture_on_commit_callbacks(execute=True):
        condicoes.julgar_recurso(
            pedido, autor=rh2, motivacao="Recurso provido: novo laudo comprova cegueira total.",
            resultados={C.BRAILLE: R(DEF), C.TEMPO_ADICIONAL: R(DEF, minutos=60)},
            # Filed Tuesday 13/10: the decider's five days end on Monday 19/10 (art. 66, §1º).
            agora=DECISAO + dt.timedelta(days=8))
    assert len(mailoutbox) == 3  # the appeal's receipt (kernel) and the ruling's notice
    assert "foi julgado" in mailoutbox[-1].body


def test_lactante_crianca_com_sete_meses_completos_no_pedido_e_recusada(cargo):
    # Request on 05/10/2026: a child born 05/03/2026 completes 7 months that day, so it is
    # older than 6 months on any later exam day (Lei 13.872/2019, arts. 1º and 2º); one born
    # 06/03/2026 is 6 months and 29 days old: RH decides.
    user, insc = _candidata(cargo)
    with pytest.raises(ValidationError) as exc:
        _pedir(insc, user, {C.LACTANTE: ""}, laudo=None,
               lactante=condicoes.DadosLactante(dt.date(2026, 3, 5)))
    assert "mais de 6 meses" in _msg(exc)
    pedido = _pedir(insc, user, {C.LACTANTE: ""}, laudo=None,
                    lactante=condicoes.DadosLactante(dt.date(2026, 3, 6)))
    assert pedido.nascimento_crianca == dt.date(2026, 3, 6)
    assert condicoes.somar_meses(dt.date(2026, 8, 31), 6) == dt.date(2027, 2, 28)
