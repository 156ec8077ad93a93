import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from certames.models import Ato
from comissoes.dominio.votacao import (
    avaliacoes_visiveis,
    decidir,
    encerrar_avaliacao,
    registrar_voto,
    votos_correntes,
)
from comissoes.models import Avaliacao, Comissao, Impedimento
from tests.comissoes.fabricas import ComissaoFactory, avaliacao, membro

pytestmark = pytest.mark.django_db

MOTIVO_NAO = ("Traços fenotípicos observados (cor da pele clara, textura do cabelo lisa) "
              "não caracterizam pessoa negra.")
MOTIVO_SIM = "Fenótipo compatível com pessoa parda."


@pytest.mark.parametrize(
    ("sentidos", "unanimidade", "resultado", "placar"),
    [
        (["confirma"] * 3 + ["nao_confirma"] * 2, False, "confirmada", (3, 2)),
        (["confirma"] * 2 + ["nao_confirma"] * 3, False, "nao_confirmada", (2, 3)),
        # Edital setting: not confirmed only by unanimity.
        (["confirma"] + ["nao_confirma"] * 4, True, "confirmada", (1, 4)),
        (["nao_confirma"] * 5, True, "nao_confirmada", (0, 5)),
    ],
)
def test_decisao_colegiada(sentidos, unanimidade, resultado, placar):
    decisao = decidir(sentidos, unanimidade, membros=5)
    assert (decisao.resultado, (decisao.confirmam, decisao.nao_confirmam)) == (resultado, placar)


@pytest.mark.parametrize(
    ("membros", "sentidos", "unanimidade", "resultado"),
    [
        # 5 members, 3 vote, 2 "não confirma": 2 < 3 (absolute majority of 5) -> confirmed,
        # although 2 of the 3 voters did not confirm.
        (5, ["confirma"] + ["nao_confirma"] * 2, False, "confirmada"),
        # 3 "não confirma" of 5 members: the absolute majority -> not confirmed.
        (5, ["nao_confirma"] * 3, False, "nao_confirmada"),
        (5, ["confirma"] + ["nao_confirma"] * 3, False, "nao_confirmada"),
        # 4 members vote 2-2 of 5: a tie and no majority -> confirmed.
        (5, ["confirma"] * 2 + ["nao_confirma"] * 2, False, "confirmada"),
        # 6 members: the absolute majority is 4; 3 of 6 is not enough.
        (6, ["confirma"] * 3 + ["nao_confirma"] * 3, False, "confirmada"),
        (6, ["confirma"] + ["nao_confirma"] * 4, False, "nao_confirmada"),
        # 3 members: 2 "não confirma" is the majority.
        (3, ["confirma"] + ["nao_confirma"] * 2, False, "nao_confirmada"),
        # Unanimity of the voters is not enough when they are not the majority of members.
        (5, ["nao_confirma"] * 2, True, "confirmada"),
        (5, ["nao_confirma"] * 3, True, "nao_confirmada"),
        (5, ["confirma"] + ["nao_confirma"] * 3, True, "confirmada"),
    ],
)
def test_nao_confirmacao_exige_maioria_absoluta_dos_membros(membros, sentidos, unanimidade,
                                                            resultado):
    assert decidir(sentidos, unanimidade, membros=membros).resultado == resultado


def test_regra_cita_a_maioria_dos_membros():
    assert decidir(["nao_confirma"] * 2, False, membros=5).regra == (
        "não confirmação somente pela maioria absoluta dos membros (3 de 5); sem ela prevalece "
        "a autodeclaração (padrão do produto)")


def test_dois_de_cinco_nao_confirmam_com_tres_votantes_a_autodeclaracao_prevalece():
    """The reported case: 5 members, 3 vote (the quorum), 2 "não confirma" -> the
    evaluation closes as confirmed (the proposal against the candidate did not reach 3)."""
    av = avaliacao()
    presidente = membro(av.comissao, presidente=True)
    outros = [membro(av.comissao) for _ in range(4)]
    registrar_voto(av, presidente, "nao_confirma", MOTIVO_NAO)
    registrar_voto(av, outros[0], "nao_confirma", MOTIVO_NAO)
    registrar_voto(av, outros[1], "confirma", MOTIVO_SIM)
    encerrada = encerrar_avaliacao(av, presidente)
    assert (encerrada.resultado, av.comissao.tamanho) == (Avaliacao.Resultado.CONFIRMADA, 5)
    assert encerrada.parecer.startswith(
        "A comissão confirmou a autodeclaração (1 voto(s) a favor, 2 contra; não confirmação "
        "somente pela maioria absoluta dos membros (3 de 5); sem ela prevalece a "
        "autodeclaração (padrão do produto)).")


@pytest.mark.parametrize("motivacao", ["", "Não confirma.", "não possui fenótipo", "curta demais"])
def test_nao_confirmacao_exige_motivacao_especifica(motivacao):
    av = avaliacao()
    m = membro(av.comissao)
    with pytest.raises(ValidationError) as exc:
        registrar_voto(av, m, "nao_confirma", motivacao)
    assert "motivacao" in exc.value.message_dict
    assert av.votos.count() == 0


def test_voto_nao_e_editado_e_substituicao_exige_motivo():
    av = avaliacao()
    m = membro(av.comissao)
    primeiro = registrar_voto(av, m, "confirma", MOTIVO_SIM)
    with pytest.raises(ValidationError) as exc:
        registrar_voto(av, m, "nao_confirma", MOTIVO_NAO)
    assert exc.value.message_dict == {
        "motivo_substituicao": ["Você já votou: para substituir o voto, informe o motivo."]}
    segundo = registrar_voto(av, m, "nao_confirma", MOTIVO_NAO,
                             motivo_substituicao="Revi a gravação da sessão.")
    primeiro.refresh_from_db()
    assert primeiro.sentido == "confirma"  # the earlier act is kept as it was
    assert segundo.substitui == primeiro
    assert [v.pk for v in votos_correntes(av)] == [segundo.pk]
    assert list(Ato.objects.filter(objeto_id=str(av.pk)).values_list("tipo", flat=True)
                .order_by("id")) == ["voto", "voto_substituido"]


def test_sem_termo_de_confidencialidade_nao_ve_nem_vota():
    av = avaliacao()
    m = membro(av.comissao, assinado=False)
    assert list(avaliacoes_visiveis(m)) == []
    with pytest.raises(PermissionDenied, match="termo de confidencialidade"):
        registrar_voto(av, m, "confirma", MOTIVO_SIM)


def test_impedimento_esconde_o_candidato_e_impede_o_voto(rh):
    av = avaliacao()
    outra = avaliacao(av.comissao)
    m = membro(av.comissao)
    Impedimento.objects.create(membro=m, inscricao=av.inscricao, motivo="Prima do candidato",
                               registrado_por=rh)
    assert list(avaliacoes_visiveis(m)) == [outra]
    with pytest.raises(PermissionDenied, match="impedimento"):
        registrar_voto(av, m, "confirma", MOTIVO_SIM)


def test_membro_de_outra_comissao_nao_vota():
    av = avaliacao()
    estranho = membro(ComissaoFactory(certame=av.comissao.certame))
    assert list(avaliacoes_visiveis(estranho)) == []
    with pytest.raises(PermissionDenied):
        registrar_voto(av, estranho, "confirma", MOTIVO_SIM)


def test_recursal_nao_tem_membro_da_primeira_instancia_para_o_mesmo_candidato():
    primeira = avaliacao()
    julgador = membro(primeira.comissao)
    recursal = ComissaoFactory(certame=primeira.comissao.certame, tipo=Comissao.Tipo.RECURSAL)
    # The same person on the appeal committee (allowed for other candidates, not this one).
    mesmo = membro(recursal)
    mesmo.usuario = julgador.usuario
    mesmo.save()
    recurso = avaliacao(recursal, inscricao=primeira.inscricao, instancia="recurso")
    outro_recurso = avaliacao(recursal, instancia="recurso")
    assert list(avaliacoes_visiveis(mesmo)) == [outro_recurso]
    with pytest.raises(PermissionDenied, match="primeira instância"):
        registrar_voto(recurso, mesmo, "confirma", MOTIVO_SIM)


def test_presidente_encerra_com_quorum_e_gera_parecer():
    av = avaliacao()
    presidente = membro(av.comissao, presidente=True)
    outros = [membro(av.comissao) for _ in range(4)]
    registrar_voto(av, presidente, "nao_confirma", MOTIVO_NAO)
    registrar_voto(av, outros[0], "nao_confirma", MOTIVO_NAO)
    with pytest.raises(ValidationError, match="ao menos 3 votos"):
        encerrar_avaliacao(av, presidente)
    registrar_voto(av, outros[1], "nao_confirma", MOTIVO_NAO)
    registrar_voto(av, outros[2], "confirma", MOTIVO_SIM)
    with pytest.raises(PermissionDenied, match="presidente"):
        encerrar_avaliacao(av, outros[3])
    encerrada = encerrar_avaliacao(av, presidente, gravacao="sessao-12.mp4")
    assert encerrada.resultado == Avaliacao.Resultado.NAO_CONFIRMADA
    assert encerrada.parecer.startswith(
        "A comissão não confirmou a autodeclaração (3 voto(s) pela não confirmação, 1 pela "
        "confirmação; não confirmação somente pela maioria absoluta dos membros (3 de 5); sem "
        "ela prevalece a autodeclaração (padrão do produto)).")
    assert encerrada.parecer.count(MOTIVO_NAO) == 3
    assert (encerrada.encerrada_por, encerrada.gravacao) == (presidente, "sessao-12.mp4")
    with pytest.raises(ValidationError, match="encerrada"):
        registrar_voto(av, outros[3], "confirma", MOTIVO_SIM)


def test_presidente_impedido_e_substituido_pelo_titular_mais_antigo(rh):
    """A collegiate body does not stop because its president is impeded for one candidate:
    the first designated titular who may act presides that evaluation."""
    from comissoes.dominio.votacao import presidente_da_avaliacao

    av = avaliacao()
    presidente = membro(av.comissao, presidente=True)
    substituto = membro(av.comissao)
    outros = [membro(av.comissao) for _ in range(3)]
    outra = avaliacao(av.comissao)
    assert presidente_da_avaliacao(av) == presidente
    Impedimento.objects.create(membro=presidente, inscricao=av.inscricao,
                               motivo="Irmão do candidato", registrado_por=rh)
    assert presidente_da_avaliacao(av) == substituto
    assert presidente_da_avaliacao(outra) == presidente
    for m in (substituto, *outros):
        registrar_voto(av, m, "confirma", MOTIVO_SIM)
    with pytest.raises(PermissionDenied):
        encerrar_avaliacao(av, outros[0])
    assert encerrar_avaliacao(av, substituto).encerrada_por == substituto
