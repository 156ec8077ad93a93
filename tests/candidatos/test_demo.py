"""The `carregar_demo` command: realistic, valid, deterministic and idempotent demo data."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from localflavor.br.validators import BRCPFValidator

from candidatos.models import Candidato, Inscricao, SituacaoLista
from certames.models import Ato, Cargo, Certame, Etapa, Orgao, Publicacao, VersaoClassificacao
from classificacao.listas import versao_publicada
from demo.management.commands.carregar_demo import (
    digitos_verificadores_cpf,
    distribuir,
)
from nucleo import autoridade
from provas.models import Fase, ImportacaoNotasFase, NotaFase, PublicacaoFase

REGIMES_DEMO = {"smbv-lc22-2026", "severinia-lei3057-2026", "pirangi-lei3056-2025"}
VAGAS_EXERCITADAS = {0, 1, 2, 3, 10, 14, 17, 25, 30}
SENHAS = {"rh": "rh-demo-2026", "autoridade": "autoridade-demo-2026",
          "admin": "admin-demo-2026", "comissao": "comissao-demo-2026",
          "candidato": "candidato-demo-2026"}


def _carregar(*args) -> str:
    saida = io.StringIO()
    call_command("carregar_demo", *args, stdout=saida)
    return saida.getvalue()


def _contagens() -> dict[str, int]:
    User = get_user_model()
    return {
        "orgao": Orgao.objects.count(),
        "certame": Certame.objects.count(),
        "cargo": Cargo.objects.count(),
        "etapa": Etapa.objects.count(),
        "candidato": Candidato.objects.count(),
        "inscricao": Inscricao.objects.count(),
        "user": User.objects.count(),
        "ato": Ato.objects.count(),
        "certame_hist": Certame.history.count(),
        "cargo_hist": Cargo.history.count(),
        "etapa_hist": Etapa.history.count(),
        "candidato_hist": Candidato.history.count(),
        "inscricao_hist": Inscricao.history.count(),
        "user_groups": User.groups.through.objects.count(),
        "situacao_lista": SituacaoLista.objects.count(),
        "versao": VersaoClassificacao.objects.count(),
        "publicacao": Publicacao.objects.count(),
        "fase": Fase.objects.count(),
        "importacao_fase": ImportacaoNotasFase.objects.count(),
        "nota_fase": NotaFase.objects.count(),
        "publicacao_fase": PublicacaoFase.objects.count(),
    }


@pytest.fixture
def demo():
    return _carregar("--inscricoes", "300")


def test_digitos_verificadores_do_cpf():
    # Known valid CPFs (the classic examples used in documentation).
    assert digitos_verificadores_cpf("111444777") == "35"
    assert digitos_verificadores_cpf("529982247") == "25"


def test_distribuir_respeita_o_total_e_da_ao_menos_uma_a_cada_cargo():
    resultado = distribuir(50, [("a", 1), ("b", 100), ("c", 30)])
    assert sum(resultado.values()) == 50
    assert min(resultado.values()) == 1
    assert resultado["b"] > resultado["c"] > resultado["a"]


@pytest.mark.django_db
def test_certames_cargos_e_etapas(demo):
    assert Certame.objects.count() == 4
    assert set(Certame.objects.values_list("regime", flat=True)) == REGIMES_DEMO
    for certame in Certame.objects.all():
        certame.full_clean()  # respects the regime's vigência date
        homologado = certame.numero_edital == "001/2025"
        assert certame.status == (Certame.Status.HOMOLOGADO if homologado
                                  else Certame.Status.EM_ANDAMENTO)
        assert certame.cargos.count() >= (2 if homologado else 5)
        tipos = set(certame.etapas.values_list("tipo", flat=True))
        assert {"inscricoes", "heteroidentificacao", "resultado_preliminar",
                "recurso_resultado", "resultado_final"} <= tipos
        for etapa in certame.etapas.all():
            assert etapa.inicio <= etapa.fim
            assert etapa.inicio.date() > certame.data_publicacao_edital
    vagas = set(Cargo.objects.values_list("vagas", flat=True))
    assert vagas >= VAGAS_EXERCITADAS
    severinia = Certame.objects.get(regime="severinia-lei3057-2026")
    assert "pedido_isencao" in set(severinia.etapas.values_list("tipo", flat=True))
    assert all(c.taxa_inscricao > 0 for c in severinia.cargos.all())
    assert Orgao.objects.count() == 3


@pytest.mark.django_db
def test_inscricoes_validas_para_o_regime_e_a_autodeclaracao(demo):
    inscricoes = list(Inscricao.objects.select_related("cargo__certame"))
    assert len(inscricoes) == 300
    for insc in inscricoes:
        assert insc.erros_validacao() == {}, (insc.numero, insc.listas)
        assert insc.certame_id == insc.cargo.certame_id
        if insc.situacao == Inscricao.Situacao.AUSENTE or insc.cargo.fases.exists():
            # In phases, the final score is the sum of the phases', none before the last.
            assert insc.nota is None
        else:
            assert insc.nota is not None
            assert 40 <= insc.nota < 98
            assert insc.nota == round(insc.nota, 2)
        assert len(insc.desempate) == 2
    assert {i.cargo_id for i in inscricoes} == set(Cargo.objects.values_list("pk", flat=True))
    opcoes = {lista for i in inscricoes for lista in i.listas}
    assert {"PP", "PPI", "PCD"} <= opcoes
    situacoes = {i.situacao for i in inscricoes}
    assert Inscricao.Situacao.HABILITADO in situacoes
    habilitados = sum(i.situacao == Inscricao.Situacao.HABILITADO for i in inscricoes)
    assert habilitados > 0.8 * len(inscricoes)
    pirangi = [i for i in inscricoes if i.certame.regime == "pirangi-lei3056-2025"]
    assert all(not i.quilombola for i in inscricoes if i.certame.regime != "pirangi-lei3056-2025")
    assert {i.situacao_taxa for i in pirangi} == {Inscricao.SituacaoTaxa.PAGA}


@pytest.mark.django_db
def test_cpfs_validos_e_unicos(demo):
    cpfs = list(Candidato.objects.values_list("cpf", flat=True))
    assert len(cpfs) == len(set(cpfs))
    validar = BRCPFValidator()
    for cpf in cpfs:
        assert len(cpf) == 11 and cpf.isdigit()
        assert len(set(cpf)) > 1
        try:
            validar(cpf)
        except ValidationError:  # pragma: no cover - the assertion below reports it
            pytest.fail(f"CPF inválido gerado: {cpf}")
        assert digitos_verificadores_cpf(cpf[:9]) == cpf[9:]


@pytest.mark.django_db
def test_usuarios_grupos_e_senhas(demo):
    User = get_user_model()
    # The documentary and PcD professionals and the appellant have no password.
    com_senha = {f"comissao{i}" for i in range(2, 8)} | {f"recursal{i}" for i in range(1, 6)}
    sem_senha = {"veri1", "veri2", "equi1", "equi2", "recorrente"}
    assert set(User.objects.values_list("username", flat=True)) == (
        set(SENHAS) | com_senha | sem_senha | {"candidato2", "candidato3"})
    assert not any(User.objects.get(username=m).has_usable_password() for m in sem_senha)
    assert all(User.objects.get(username=m).check_password("comissao-demo-2026")
               for m in com_senha)
    grupos = {u.username: set(u.groups.values_list("name", flat=True))
              for u in User.objects.filter(username__in=SENHAS)}
    assert grupos == {"rh": {"RH"}, "autoridade": {"RH"}, "admin": set(),
                      "comissao": {"Comissao"}, "candidato": {"Candidato"}}
    # The superior authority of every demo certame (Lei 9.784/1999, art. 56, §1º).
    assert {autoridade.autoridade_em_vigor(c).usuario.username
            for c in Certame.objects.all()} == {"autoridade"}
    for username, senha in SENHAS.items():
        usuario = User.objects.get(username=username)
        assert usuario.check_password(senha) is True
        assert usuario.is_superuser is (username == "admin")
    assert User.objects.get(username="rh").is_staff is True
    assert User.objects.get(username="comissao").is_staff is False
    candidato = Candidato.objects.get(usuario__username="candidato")
    assert candidato.inscricoes.count() >= 1
    assert candidato.inscricoes.values("certame").distinct().count() == 2
    for username, senha in SENHAS.items():
        assert senha in demo and username in demo
    # candidato2 (candidate's password): SMBV 001/2026's PcD optant whose laudo is due today.
    laudo = User.objects.get(username="candidato2")
    assert (laudo.check_password("candidato-demo-2026"),
            list(laudo.groups.values_list("name", flat=True))) == (True, ["Candidato"])
    optante = Candidato.objects.get(usuario=laudo).inscricoes.get(
        certame__regime="smbv-lc22-2026", certame__numero_edital="001/2026")
    assert ("PCD" in optante.listas, optante.situacao) == (True, "habilitado")
    assert "candidato2" in demo
    # candidato3 (candidate's password): a PP optant of Pirangi's cargo in phases.
    fases = User.objects.get(username="candidato3")
    assert (fases.check_password("candidato-demo-2026"),
            list(fases.groups.values_list("name", flat=True))) == (True, ["Candidato"])
    assert "candidato3" in demo


@pytest.mark.django_db
def test_segunda_execucao_nao_cria_nada(demo):
    antes = _contagens()
    saida = _carregar("--inscricoes", "300")
    assert _contagens() == antes
    assert "0 inscrições criadas" in saida


@pytest.mark.django_db
def test_aumentar_o_total_acrescenta_sem_conflitar(demo):
    antes = Inscricao.objects.count()
    _carregar("--inscricoes", "400")
    # The homologated certame's list is closed: it keeps its 300-run share.
    from demo.management.commands.carregar_demo import gerar_csvs
    novas = {d.numero_edital + d.regime: n for d, _c, n in gerar_csvs(400)}
    velhas = {d.numero_edital + d.regime: n for d, _c, n in gerar_csvs(300)}
    fechado = "001/2025smbv-lc22-2026"
    assert Inscricao.objects.count() == antes + 100 - (novas[fechado] - velhas[fechado])
    assert Certame.objects.count() == 4


@pytest.mark.django_db
def test_total_minimo():
    with pytest.raises(CommandError):
        _carregar("--inscricoes", "10")
    assert Certame.objects.count() == 0


@pytest.mark.django_db
def test_execucao_padrao_gera_cerca_de_duas_mil_inscricoes():
    """The default run (~2,000 inscrições through the importer); a few seconds on SQLite."""
    _carregar()
    total = Inscricao.objects.count()
    assert 1900 <= total <= 2100
    vagas = sum(Cargo.objects.values_list("vagas", flat=True))
    assert 5 <= total / vagas <= 15
    for cargo in Cargo.objects.filter(vagas__gt=0):
        assert cargo.inscricoes.count() > cargo.vagas


@pytest.mark.django_db
def test_pirangi_tem_decisoes_e_listas_publicadas(demo):
    pirangi = Certame.objects.get(regime="pirangi-lei3056-2025")
    estados = set(SituacaoLista.objects.filter(inscricao__certame=pirangi)
                  .values_list("estado", flat=True))
    assert estados == {"confirmada", "nao_confirmada"}
    # The cargo in phases awaits the discursive exam's scores: no classification yet.
    for cargo in pirangi.cargos.filter(fases__isnull=True):
        publicada = versao_publicada(cargo)
        assert publicada is not None
        assert publicada[0] == cargo.versoes_classificacao.order_by("-numero").first()
    outros = Certame.objects.exclude(pk=pirangi.pk).exclude(numero_edital="001/2025")
    assert not Publicacao.objects.filter(versao__cargo__certame__in=outros).exists()


@pytest.mark.django_db
def test_comissao_da_smbv_com_sessao_e_fila(demo):
    from comissoes.models import Convocacao, MembroComissao

    presidente = MembroComissao.objects.get(usuario__username="comissao",
                                            comissao__tipo="heteroidentificacao",
                                            comissao__certame__regime="smbv-lc22-2026")
    assert (presidente.presidente, presidente.comissao.certame.regime) == (
        True, "smbv-lc22-2026")
    assert presidente.comissao.membros.count() == 7  # five titulares, two suplentes
    convocacoes = Convocacao.objects.filter(sessao__comissao=presidente.comissao)
    assert convocacoes.count() == 8
    assert {c.lista for c in convocacoes} == {"PP"}
    antes = (MembroComissao.objects.count(), Convocacao.objects.count())
    _carregar("--inscricoes", "300")
    assert (MembroComissao.objects.count(), Convocacao.objects.count()) == antes


@pytest.mark.django_db
def test_comissoes_documental_e_multiprofissional_da_smbv(demo):
    from comissoes.dominio.composicao import pendencias_da_comissao
    from comissoes.models import Comissao

    tipos = dict(Comissao.objects.filter(certame__regime="smbv-lc22-2026")
                 .values_list("tipo", "certame__regime"))
    assert tipos == {"heteroidentificacao": "smbv-lc22-2026",
                     "verificacao_documental": "smbv-lc22-2026",
                     "equipe_multiprofissional": "smbv-lc22-2026"}
    equipe = Comissao.objects.get(tipo="equipe_multiprofissional")
    # Decreto 9.508/2018, art. 5º: one physician among professionals of different areas.
    assert equipe.membros.filter(medico=True).count() == 1
    assert [p for p in pendencias_da_comissao(equipe) if "médic" in str(p).lower()] == []

