"""Administrative procedures, the domain: fraud in the self-declaration under each seed regime
(Severínia art. 12, Pirangi art. 7º, SMBV art. 3º §3º; the federal fallback), the phase of the
certame deciding the consequence, the defence and its deadline, the forwardings (Pirangi
art. 7º §2º), and non-confirmation that is not fraud (Severínia art. 11). Fixed datetimes are
passed to the domain functions as `agora`."""

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError

from candidatos import procedimentos, servicos
from candidatos.models import Inscricao, ProcedimentoAdministrativo, SituacaoLista
from certames import instantaneo
from certames.models import Ato, Certame, Chamada, EventoChamada
from certames.regras import obter_regime
from classificacao.listas import recalcular
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

TZ = ZoneInfo("America/Sao_Paulo")
NOTIFICACAO = dt.datetime(2026, 11, 10, 9, 0, tzinfo=TZ)
DURANTE_PRAZO = dt.datetime(2026, 11, 15, 14, 0, tzinfo=TZ)
PRAZO_DEFESA = dt.datetime(2026, 11, 20, 23, 59, tzinfo=TZ)
DEPOIS_PRAZO = dt.datetime(2026, 11, 21, 9, 0, tzinfo=TZ)
ENCAMINHAMENTO = dt.datetime(2026, 11, 25, 10, 0, tzinfo=TZ)
#: The appeal window of a decision of 21/11 (ten days, Lei 9.784/1999, art. 59) ends 01/12.
FIM_RECURSO = dt.datetime(2026, 12, 1, 23, 59, 59, tzinfo=TZ)
DEPOIS_RECURSO = dt.datetime(2026, 12, 2, 8, 0, tzinfo=TZ)
FATOS = ("Denúncia com fotografias e documentos indicando que o candidato se declarou branco "
         "em outro certame e em seus registros funcionais.")
MOTIVACAO = ("A documentação juntada comprova a má-fé na autodeclaração; a defesa não "
             "contestou os registros apresentados.")
IMPROCEDENTE = ("A defesa demonstrou que os registros citados na denúncia são de pessoa "
                "homônima; não há indício de má-fé.")

SEV, PIR, SMBV, FED = ("severinia-lei3057-2026", "pirangi-lei3056-2025", "smbv-lc22-2026",
                       "federal-lei15142-2025")
#: The racial list each regime's test candidate opts for.
LISTA = {SEV: "PPI", PIR: "PP", SMBV: "PP", FED: "PP"}
P = ProcedimentoAdministrativo
EM_ANDAMENTO, HOMOLOGADO = Certame.Status.EM_ANDAMENTO, Certame.Status.HOMOLOGADO


def _cenario(regime, status=EM_ANDAMENTO):
    """A cargo with 4 vacancies; the target (000010) is a reserved-list optant in AC."""
    certame = CertameFactory(regime=regime, status=status)
    cargo = CargoFactory(certame=certame, vagas=4, codigo="ADM")
    lista = LISTA[regime]
    alvo = InscricaoFactory(cargo=cargo, numero="000010", nota=Decimal("95"), cor_raca="parda",
                            listas=[lista],
                            candidato=CandidatoFactory(email="alvo@example.com"))
    for numero, nota, cor, listas in (("000020", "90", "branca", []),
                                      ("000030", "80", "preta", [lista]),
                                      ("000040", "70", "branca", []),
                                      ("000050", "60", "parda", [lista])):
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), cor_raca=cor,
                         listas=listas)
    return alvo


def _abrir(insc, rh, lista=None, agora=NOTIFICACAO, **kw):
    return procedimentos.abrir_procedimento(
        insc, tipo=P.Tipo.FRAUDE_AUTODECLARACAO,
        lista=LISTA[insc.certame.regime] if lista is None else lista, fatos=FATOS,
        prazo_defesa=PRAZO_DEFESA, autor=rh, agora=agora, **kw)


def _decidir(proc, rh, conclusao="procedente", motivacao=MOTIVACAO, agora=DEPOIS_PRAZO):
    return procedimentos.decidir_procedimento(proc, conclusao=conclusao, motivacao=motivacao,
                                              autor=rh, agora=agora)


def _atos(objeto, modelo):
    return list(Ato.objects.filter(objeto_tipo__model=modelo, objeto_id=str(objeto.pk))
                .order_by("criado_em", "id").values_list("tipo", flat=True))


def _listas(versao, insc):
    return sorted(p.lista for p in instantaneo.posicoes_da_inscricao(versao, insc.pk))


def _mensagem(exc) -> str:
    return " ".join(exc.value.messages)


def _candidato_do(insc):
    user = usuario(f"cand_{insc.numero}", "Candidato")
    insc.candidato.usuario = user
    insc.candidato.save()
    return user


# --- fraud, phase by phase, under each regime ------------------------------------------------

FASES = [
    # (regime, status, convocada, consequencia, fundamento)
    (SEV, EM_ANDAMENTO, False, "cancelamento", "Lei 3.057/2026, art. 12, parágrafo único, I"),
    (SEV, HOMOLOGADO, False, "exclusao_lista", "Lei 3.057/2026, art. 12, parágrafo único, II"),
    (SEV, HOMOLOGADO, True, "anulacao", "Lei 3.057/2026, art. 12, parágrafo único, III"),
    (PIR, EM_ANDAMENTO, False, "cancelamento", "Lei 3.056/2025, art. 7º, §1º, I"),
    (PIR, HOMOLOGADO, False, "exclusao_lista", "Lei 3.056/2025, art. 7º, §1º, I"),
    # Art. 7º, §1º, II: "terá anulada a sua admissão ... caso já tenha sido nomeado".
    (PIR, HOMOLOGADO, True, "anulacao", "Lei 3.056/2025, art. 7º, §1º, II"),
    (SMBV, EM_ANDAMENTO, False, "cancelamento", "LC 22/2026, art. 3º, §3º"),
    (SMBV, Certame.Status.ENCERRADO, False, "exclusao_lista", "LC 22/2026, art. 3º, §3º"),
    (SMBV, HOMOLOGADO, True, "anulacao", "LC 22/2026, art. 3º, §3º"),
    (FED, EM_ANDAMENTO, False, "cancelamento",
     "Lei 15.142/2025, art. 3º (procedimento com contraditório e ampla defesa)"),
]


@pytest.mark.parametrize(("regime", "status", "convocada", "consequencia", "fundamento"), FASES)
def test_fraude_comprovada_consequencia_pela_fase_e_pelo_regime(
        rh, regime, status, convocada, consequencia, fundamento):
    alvo = _cenario(regime, status)
    lista = LISTA[regime]
    antes = recalcular(alvo.cargo_id, causa="antes")
    if convocada:
        # Appointed: the annulment phase comes from the nomeação act ("caso já
        # tenha sido nomeado"), not from the call alone.
        Inscricao.objects.filter(pk=alvo.pk).update(convocada_em=NOTIFICACAO)
        chamada = Chamada.objects.create(cargo_id=alvo.cargo_id, posicao=1, inscricao=alvo,
                                         vaga="AC", lista="AC", versao=antes,
                                         prazo=NOTIFICACAO.date())
        EventoChamada.objects.create(chamada=chamada, tipo="nomeacao", data=NOTIFICACAO.date())
    assert _listas(antes, alvo) == sorted(["AC", lista])
    geracao = alvo.cargo.geracao_classificacao

    proc = _abrir(alvo, rh)
    proc = _decidir(proc, rh)

    assert (proc.conclusao, proc.consequencia, proc.fundamento, proc.decidido_por,
            proc.decidido_em, proc.motivacao) == (
        "procedente", consequencia, fundamento, rh, DEPOIS_PRAZO, MOTIVACAO)
    alvo.refresh_from_db()
    situacao = SituacaoLista.objects.get(inscricao=alvo)
    assert (alvo.situacao, situacao.lista, situacao.estado, situacao.fundamento) == (
        "eliminado", lista, "fraude", fundamento)
    assert _atos(proc, "procedimentoadministrativo") == [
        "procedimento_instaurado", "procedimento_decidido"]
    # After the nomeação the decision first annuls it on the call (spec section 9).
    assert _atos(alvo, "inscricao") == (["chamada_anulada"] if convocada else []) + [
        "situacao_lista", "eliminacao"]
    assert Ato.objects.get(tipo="eliminacao").fundamento_legal == fundamento
    alvo.cargo.refresh_from_db()
    assert alvo.cargo.geracao_classificacao > geracao  # recompute queued
    # In no list after the recompute.
    depois = recalcular(alvo.cargo_id, causa="depois")
    assert _listas(depois, alvo) == []
    assert [e["motivo"] for e in depois.exclusoes if e["inscricao"] == alvo.numero] == [
        "eliminado"]


@pytest.mark.parametrize("regime", [SEV, PIR, SMBV])
def test_improcedente_so_registra_os_atos(rh, regime):
    alvo = _cenario(regime)
    antes = recalcular(alvo.cargo_id, causa="antes")
    geracao = alvo.cargo.geracao_classificacao
    proc = _abrir(alvo, rh)
    proc = _decidir(proc, rh, conclusao="improcedente", motivacao=IMPROCEDENTE)
    assert (proc.conclusao, proc.consequencia, proc.fundamento) == (
        "improcedente", "nenhuma", obter_regime(regime).regra_fraude.procedimento)
    alvo.refresh_from_db()
    alvo.cargo.refresh_from_db()
    assert (alvo.situacao, SituacaoLista.objects.count(), alvo.cargo.geracao_classificacao) == (
        "habilitado", 0, geracao)
    assert list(Ato.objects.order_by("criado_em", "id").values_list("tipo", flat=True)) == [
        "procedimento_instaurado", "procedimento_decidido"]
    assert recalcular(alvo.cargo_id) is None  # same input as before: no new version
    assert _listas(antes, alvo) == sorted(["AC", LISTA[regime]])
    assert procedimentos.encaminhamentos_pendentes(proc) == []


def test_fraude_de_inscricao_ja_eliminada_so_recalcula(rh):
    alvo = _cenario(PIR)
    servicos.eliminar(alvo, autor=rh, motivacao="Ausente na prova objetiva.",
                      fundamento="Edital, item 9.1")
    alvo.cargo.refresh_from_db()
    geracao = alvo.cargo.geracao_classificacao
    proc = _decidir(_abrir(alvo, rh), rh)
    assert proc.consequencia == "cancelamento"
    alvo.refresh_from_db()
    alvo.cargo.refresh_from_db()
    assert (alvo.situacao, SituacaoLista.objects.get(inscricao=alvo).estado) == (
        "eliminado", "fraude")
    assert Ato.objects.filter(tipo="eliminacao").count() == 1  # the earlier one only
    assert alvo.cargo.geracao_classificacao == geracao + 1


# --- contraditório e ampla defesa ------------------------------------------------------------


def test_abertura_notifica_com_fatos_e_prazo(rh, django_capture_on_commit_callbacks):
    alvo = _cenario(SEV)
    with django_capture_on_commit_callbacks(execute=True):
        proc = _abrir(alvo, rh, origem="denuncia")
    assert (proc.tipo, proc.lista, proc.fatos, proc.notificado_em, proc.prazo_defesa,
            proc.aberto_por) == ("fraude_autodeclaracao", "PPI", FATOS, NOTIFICACAO,
                                 PRAZO_DEFESA, rh)
    assert [m.to for m in mail.outbox] == [["alvo@example.com"]]
    assert mail.outbox[0].subject == "Procedimento administrativo — inscrição 000010"
    assert "fraude na autodeclaração (lista PPI)" in mail.outbox[0].body
    assert "20/11/2026 23:59" in mail.outbox[0].body
    assert FATOS in mail.outbox[0].body
    ato = Ato.objects.get(tipo="procedimento_instaurado")
    assert (ato.fundamento_legal, ato.motivacao, ato.depois) == (
        "Lei 3.057/2026, art. 12, caput (processo administrativo específico, contraditório e "
        "ampla defesa)", FATOS,
        {"tipo": "fraude_autodeclaracao", "lista": "PPI", "origem": "denuncia",
         "notificado_em": NOTIFICACAO.isoformat(), "prazo_defesa": PRAZO_DEFESA.isoformat()})


def test_decisao_antes_do_prazo_sem_defesa_e_recusada(rh):
    alvo = _cenario(PIR)
    proc = _abrir(alvo, rh)
    with pytest.raises(ValidationError) as exc:
        _decidir(proc, rh, agora=PRAZO_DEFESA)
    assert _mensagem(exc) == (
        "Aguarde a defesa ou o fim do prazo da defesa (20/11/2026 23:59): contraditório e "
        "ampla defesa (Lei 3.056/2025, art. 7º, caput).")
    proc.refresh_from_db()
    alvo.refresh_from_db()
    assert (proc.conclusao, alvo.situacao, _atos(proc, "procedimentoadministrativo")) == (
        "", "habilitado", ["procedimento_instaurado"])


def test_defesa_no_prazo_permite_decidir_antes_do_fim_do_prazo(rh,
                                                               django_capture_on_commit_callbacks):
    alvo = _cenario(SMBV)
    candidato = _candidato_do(alvo)
    proc = _abrir(alvo, rh)
    proc = procedimentos.apresentar_defesa(proc, defesa="Sou parda e junto minha certidão.",
                                           autor=candidato, agora=DURANTE_PRAZO)
    assert (proc.defesa, proc.defesa_em) == ("Sou parda e junto minha certidão.", DURANTE_PRAZO)
    with django_capture_on_commit_callbacks(execute=True):
        proc = _decidir(proc, rh, agora=DURANTE_PRAZO)
    assert proc.consequencia == "cancelamento"
    assert _atos(proc, "procedimentoadministrativo") == [
        "procedimento_instaurado", "procedimento_defesa", "procedimento_decidido"]
    assert [m.subject for m in mail.outbox] == [
        "Decisão do procedimento administrativo — inscrição 000010"]
    assert MOTIVACAO in mail.outbox[0].body


def test_defesa_fora_do_prazo_e_de_terceiros_e_recusada(rh):
    alvo = _cenario(SEV)
    candidato = _candidato_do(alvo)
    outra = usuario("outra_candidata", "Candidato")
    CandidatoFactory(usuario=outra)
    proc = _abrir(alvo, rh)
    with pytest.raises(ValidationError) as exc:
        procedimentos.apresentar_defesa(proc, defesa="Minha defesa atrasada.", autor=candidato,
                                        agora=DEPOIS_PRAZO)
    assert _mensagem(exc) == "O prazo da defesa terminou em 20/11/2026 23:59."
    for autor in (outra, rh):  # only the candidate files the defence
        with pytest.raises(PermissionDenied):
            procedimentos.apresentar_defesa(proc, defesa="Defesa por outra pessoa.",
                                            autor=autor, agora=DURANTE_PRAZO)
    proc.refresh_from_db()
    assert (proc.defesa, proc.defesa_em) == ("", None)
    procedimentos.apresentar_defesa(proc, defesa="Minha defesa no prazo.", autor=candidato,
                                    agora=PRAZO_DEFESA)
    with pytest.raises(ValidationError) as exc:
        procedimentos.apresentar_defesa(proc, defesa="Uma segunda defesa.", autor=candidato,
                                        agora=PRAZO_DEFESA)
    assert _mensagem(exc) == "A defesa já foi apresentada."


def test_decisao_exige_motivacao_especifica_e_e_unica(rh):
    alvo = _cenario(PIR)
    proc = _abrir(alvo, rh)
    with pytest.raises(ValidationError) as exc:
        _decidir(proc, rh, motivacao="Procedente")
    assert _mensagem(exc) == (
        "Uma decisão desfavorável ao(à) candidato(a) precisa de motivação específica (os "
        "fatos apurados, a apreciação da defesa e a conclusão) (ao menos 30 caracteres), não "
        "uma fórmula genérica.")
    # Specific but short: a sanction needs at least 30 characters (`nucleo.motivacao`) ...
    with pytest.raises(ValidationError):
        _decidir(proc, rh, motivacao="Fotos comprovam a má-fé.")
    # ... an acquittal, 10.
    with pytest.raises(ValidationError) as exc:
        _decidir(proc, rh, conclusao="improcedente", motivacao="Arquivado.")
    assert _mensagem(exc) == "Informe a motivação da decisão (ao menos 10 caracteres)."
    with pytest.raises(ValidationError):
        _decidir(proc, rh, conclusao="talvez")
    _decidir(proc, rh)
    with pytest.raises(ValidationError) as exc:
        _decidir(proc, rh, conclusao="improcedente", motivacao=IMPROCEDENTE)
    assert _mensagem(exc) == "O procedimento já foi decidido."


def test_abertura_recusada(rh, membro_comissao):
    alvo = _cenario(PIR)
    Inscricao.objects.filter(pk=alvo.pk).update(listas=["PP", "PCD"], deficiencia=True,
                                                tipo_deficiencia="fisica")
    alvo.refresh_from_db()
    casos = [
        ({"lista": "I"}, "A inscrição 000010 não optou pela lista I."),
        ({"lista": "PCD"}, "O procedimento por fraude na autodeclaração se refere às listas "
                           "de pessoas pretas, pardas, indígenas ou quilombolas do regime "
                           "(PP, I, Q)."),
        ({"lista": ""}, "Informe a lista reservada da autodeclaração."),
        ({"fatos": "curto"}, "Descreva os indícios ou a denúncia (ao menos 15 caracteres)."),
        ({"prazo_defesa": NOTIFICACAO},
         "O prazo da defesa deve ser posterior à notificação."),
    ]
    for mudanca, mensagem in casos:
        kw = {"tipo": P.Tipo.FRAUDE_AUTODECLARACAO, "lista": "PP", "fatos": FATOS,
              "prazo_defesa": PRAZO_DEFESA, "autor": rh, "agora": NOTIFICACAO, **mudanca}
        with pytest.raises(ValidationError) as exc:
            procedimentos.abrir_procedimento(alvo, **kw)
        assert (mudanca, _mensagem(exc)) == (mudanca, mensagem)
    with pytest.raises(PermissionDenied):
        _abrir(alvo, membro_comissao)
    _abrir(alvo, rh)
    with pytest.raises(ValidationError) as exc:
        _abrir(alvo, rh)
    assert _mensagem(exc) == ("Já há um procedimento por fraude na lista PP em aberto sobre "
                              "esta inscrição.")
    assert P.objects.count() == 1


def test_fraude_ja_apurada_nao_abre_outro(rh):
    alvo = _cenario(SEV)
    _decidir(_abrir(alvo, rh), rh)
    with pytest.raises(ValidationError) as exc:
        _abrir(alvo, rh, agora=DURANTE_PRAZO)
    assert _mensagem(exc) == "A fraude na lista PPI desta inscrição já foi apurada."


# --- non-confirmation is not fraud (Severínia art. 11, caput) --------------------------------


@pytest.mark.parametrize("regime", [SEV, PIR])
def test_nao_confirmacao_nao_e_fraude(rh, regime):
    alvo = _cenario(regime)
    lista = LISTA[regime]
    servicos.registrar_situacao_lista(alvo, lista, "nao_confirmada", autor=rh,
                                      motivacao="Parecer da comissão: fenótipo não confirmado.")
    versao = recalcular(alvo.cargo_id)
    alvo.refresh_from_db()
    # No procedure is opened nor implied; the candidate stays in AC (art. 11, §1º).
    assert (P.objects.count(), alvo.situacao, _listas(versao, alvo)) == (0, "habilitado", ["AC"])
    assert [e["motivo"] for e in versao.exclusoes if e["inscricao"] == alvo.numero] == [
        "nao_confirmada"]
    assert not Ato.objects.filter(tipo__startswith="procedimento_").exists()
    # A procedure needs its own indications; until decided the non-confirmation stays.
    proc = _abrir(alvo, rh)
    assert SituacaoLista.objects.get(inscricao=alvo).estado == "nao_confirmada"
    _decidir(proc, rh, conclusao="improcedente", motivacao=IMPROCEDENTE)
    alvo.refresh_from_db()
    assert (alvo.situacao, SituacaoLista.objects.get(inscricao=alvo).estado) == (
        "habilitado", "nao_confirmada")


# --- forwardings (Pirangi art. 7º, §2º) ------------------------------------------------------

MP, PGM = procedimentos.Destino.MINISTERIO_PUBLICO, procedimentos.Destino.PROCURADORIA


def _encaminhar(proc, rh, destino, data=dt.date(2026, 11, 24), referencia="Ofício 12/2026"):
    return procedimentos.registrar_encaminhamento(proc, destino=destino, data=data,
                                                  referencia=referencia, autor=rh,
                                                  agora=ENCAMINHAMENTO)


def test_pirangi_exige_encaminhar_ao_mp_e_a_procuradoria(rh):
    alvo = _cenario(PIR)
    proc = _abrir(alvo, rh)
    with pytest.raises(ValidationError) as exc:
        _encaminhar(proc, rh, MP)
    assert _mensagem(exc) == "Só se encaminha o resultado de um procedimento decidido."
    assert procedimentos.encaminhamentos_pendentes(proc) == []
    proc = _decidir(proc, rh)
    assert procedimentos.encaminhamentos_pendentes(proc) == [MP, PGM]

    proc = _encaminhar(proc, rh, MP)
    assert procedimentos.encaminhamentos_pendentes(proc) == [PGM]
    proc = _encaminhar(proc, rh, PGM, referencia="Protocolo PGM 3456/2026")
    assert procedimentos.encaminhamentos_pendentes(proc) == []
    proc.refresh_from_db()
    assert proc.encaminhamentos == [
        {"destino": "ministerio_publico", "data": "2026-11-24", "referencia": "Ofício 12/2026",
         "registrado_por": rh.pk, "registrado_por_nome": "rh_teste",
         "registrado_em": ENCAMINHAMENTO.isoformat()},
        {"destino": "procuradoria_municipal", "data": "2026-11-24",
         "referencia": "Protocolo PGM 3456/2026", "registrado_por": rh.pk,
         "registrado_por_nome": "rh_teste", "registrado_em": ENCAMINHAMENTO.isoformat()}]
    atos = Ato.objects.filter(tipo="procedimento_encaminhamento").order_by("criado_em", "id")
    assert [(a.fundamento_legal, a.autor, a.depois["destino"]) for a in atos] == [
        ("Lei 3.056/2025, art. 7º, §2º (apuração de eventual ilícito penal)", rh,
         "ministerio_publico"),
        ("Lei 3.056/2025, art. 7º, §2º (apuração da necessidade de ressarcimento ao erário)",
         rh, "procuradoria_municipal")]
    with pytest.raises(ValidationError) as exc:
        _encaminhar(proc, rh, MP)
    assert _mensagem(exc) == "O encaminhamento ao Ministério Público já foi registrado."


def test_encaminhamento_valida_data_e_referencia(rh):
    alvo = _cenario(PIR)
    proc = _decidir(_abrir(alvo, rh), rh)
    casos = [
        ({"data": dt.date(2026, 11, 26)}, "A data do encaminhamento não pode ser futura."),
        ({"data": dt.date(2026, 11, 20)},
         "A data do encaminhamento não pode ser anterior à decisão (21/11/2026)."),
        ({"referencia": " "}, "Informe a referência do encaminhamento (ex.: número do ofício "
                              "ou do protocolo)."),
        ({"destino": "imprensa"}, "Destino inválido."),
    ]
    for mudanca, mensagem in casos:
        kw = {"destino": MP, **mudanca}
        with pytest.raises(ValidationError) as exc:
            _encaminhar(proc, rh, **kw)
        assert (mudanca, _mensagem(exc)) == (mudanca, mensagem)
    proc.refresh_from_db()
    assert proc.encaminhamentos == []


def test_severinia_nao_exige_encaminhamento_mas_permite(rh):
    alvo = _cenario(SEV)
    proc = _decidir(_abrir(alvo, rh), rh)
    assert procedimentos.encaminhamentos_pendentes(proc) == []
    _encaminhar(proc, rh, MP)
    ato = Ato.objects.get(tipo="procedimento_encaminhamento")
    assert ato.fundamento_legal == (
        "Lei 3.057/2026, art. 12, parágrafo único (sem prejuízo das demais sanções cabíveis)")


# --- the closing (encerramento) ---------------------------------------------------------------


def test_pirangi_so_encerra_com_os_dois_encaminhamentos(rh):
    """Pirangi art. 7º, §2º: the result goes to the Ministério Público and the Procuradoria
    Municipal. Decided on 21/11, the appeal window runs to 01/12 (ten days counted from the
    day after the notice); the procedure stays open until it ends and both forwardings are
    recorded, then RH closes it (one act) and nothing more is recorded in it."""
    proc = _decidir(_abrir(_cenario(PIR), rh), rh)
    assert procedimentos.janela_recurso(proc, DEPOIS_RECURSO).fim == FIM_RECURSO
    motivos = [
        (ENCAMINHAMENTO, "O prazo de recurso vai até 01/12/2026 23:59: o procedimento é "
                         "encerrado depois dele."),
        (DEPOIS_RECURSO, "Faltam os encaminhamentos que a lei exige: ao Ministério Público "
                         "(Lei 3.056/2025, art. 7º, §2º (apuração de eventual ilícito penal)); "
                         "à Procuradoria Municipal (Lei 3.056/2025, art. 7º, §2º (apuração da "
                         "necessidade de ressarcimento ao erário)). Registre cada um (data, "
                         "destino e número do ofício ou protocolo) antes de encerrar."),
    ]
    for agora, motivo in motivos:
        assert procedimentos.motivo_para_nao_encerrar(proc, agora) == motivo
        with pytest.raises(ValidationError) as exc:
            procedimentos.encerrar_procedimento(proc, autor=rh, agora=agora)
        assert _mensagem(exc) == motivo
    proc = _encaminhar(proc, rh, MP)
    assert procedimentos.motivo_para_nao_encerrar(proc, DEPOIS_RECURSO).startswith(
        "Faltam os encaminhamentos que a lei exige: à Procuradoria Municipal (")
    proc.refresh_from_db()
    assert proc.encerrado_em is None
    proc = _encaminhar(proc, rh, PGM, referencia="Protocolo PGM 3456/2026")
    assert procedimentos.motivo_para_nao_encerrar(proc, DEPOIS_RECURSO) is None
    proc = procedimentos.encerrar_procedimento(proc, autor=rh, agora=DEPOIS_RECURSO)
    proc.refresh_from_db()
    assert (proc.encerrado_em, proc.encerrado_por) == (DEPOIS_RECURSO, rh)
    ato = Ato.objects.get(tipo="procedimento_encerrado")
    assert (ato.descricao, ato.depois["encaminhamentos"]) == (
        "Procedimento por fraude na autodeclaração (lista PP) da inscrição 000010 encerrado.",
        ["ministerio_publico", "procuradoria_municipal"])
    with pytest.raises(ValidationError) as exc:
        procedimentos.registrar_encaminhamento(
            proc, destino=procedimentos.Destino.OUTRA, data=dt.date(2026, 12, 2),
            referencia="Ofício 20/2026", autor=rh, agora=DEPOIS_RECURSO)
    assert _mensagem(exc) == "O procedimento foi encerrado em 02/12/2026 08:00."
    with pytest.raises(ValidationError) as exc:
        procedimentos.encerrar_procedimento(proc, autor=rh, agora=DEPOIS_RECURSO)
    assert _mensagem(exc) == "O procedimento foi encerrado em 02/12/2026 08:00."


def test_severinia_encerra_sem_encaminhamento_depois_do_recurso(rh):
    """Severínia requires no forwarding (art. 12, parágrafo único: "sem prejuízo das demais
    sanções"): closed once the appeal window is over."""
    proc = _decidir(_abrir(_cenario(SEV), rh), rh)
    assert procedimentos.motivo_para_nao_encerrar(proc, FIM_RECURSO) == (
        "O prazo de recurso vai até 01/12/2026 23:59: o procedimento é encerrado depois dele.")
    procedimentos.encerrar_procedimento(proc, autor=rh, agora=DEPOIS_RECURSO)
    proc.refresh_from_db()
    assert proc.encerrado_em == DEPOIS_RECURSO


def test_improcedente_e_arquivado_ao_decidir(rh):
    proc = _decidir(_abrir(_cenario(PIR), rh), rh, conclusao="improcedente",
                    motivacao=IMPROCEDENTE)
    proc.refresh_from_db()
    assert (proc.encerrado_em, proc.encerrado_por) == (DEPOIS_PRAZO, rh)
    assert procedimentos.motivo_para_nao_encerrar(proc, DEPOIS_RECURSO) == (
        "O procedimento foi encerrado em 21/11/2026 09:00.")


def test_nao_decidido_nao_encerra(rh):
    proc = _abrir(_cenario(PIR), rh)
    assert procedimentos.motivo_para_nao_encerrar(proc, DEPOIS_RECURSO) == (
        "O procedimento ainda não foi decidido.")


def test_lista_do_certame_filtra_por_tipo_situacao_e_pendencias(rh):
    alvo = _cenario(PIR)
    outra = Inscricao.objects.get(numero="000030")
    decidido = _decidir(_abrir(alvo, rh), rh)
    aberto = _abrir(outra, rh)
    certame = alvo.certame

    def filtrar(**kw):
        return [p.pk for p in procedimentos.procedimentos_do_certame(
            certame, agora=DURANTE_PRAZO, **kw)]

    assert filtrar() == [aberto.pk, decidido.pk]
    # Decided, but open until the appeal window ends and both forwardings are recorded.
    assert filtrar(situacao="aberto") == [aberto.pk, decidido.pk]
    assert filtrar(situacao="encerrado") == []
    assert filtrar(situacao="aguardando_defesa") == [aberto.pk]
    assert filtrar(situacao="pronto") == []
    assert filtrar(situacao="decidido") == [decidido.pk]
    assert filtrar(tipo="falsidade_isencao") == []
    assert filtrar(pendentes=True) == [decidido.pk]
    _encaminhar(decidido, rh, MP)
    _encaminhar(decidido, rh, PGM)
    assert filtrar(pendentes=True) == []
    procedimentos.encerrar_procedimento(decidido, autor=rh, agora=DEPOIS_RECURSO)
    assert filtrar(situacao="aberto") == [aberto.pk]
    assert filtrar(situacao="encerrado") == [decidido.pk]
