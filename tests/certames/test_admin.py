import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from certames.models import Ato, Cargo, Certame
from tests.certames.test_sorteio import _anunciar, _edital, _sortear
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db


def test_vaga_surgida_pelo_admin_e_um_ato_que_recalcula(client, rh,
                                                       django_capture_on_commit_callbacks):
    # Within the validity (counted from the homologation): homologated a month ago.
    hoje = timezone.localdate()
    cargo = CargoFactory(vagas=10, certame=CertameFactory(
        data_publicacao_edital=hoje - dt.timedelta(days=120),
        homologado_em=hoje - dt.timedelta(days=30), status=Certame.Status.HOMOLOGADO))
    InscricaoFactory(cargo=cargo, nota=80)
    client.force_login(rh)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("admin:certames_vagasurgida_add"), {
            "cargo": cargo.pk, "quantidade": 7, "data": hoje.isoformat(), "ato": "Lei 10/2026"})
    assert resposta.status_code == 302
    assert cargo.total_vagas() == 17
    assert Ato.objects.get(tipo="vaga_surgida").autor == rh
    assert cargo.versoes_classificacao.get().vagas == 17


def test_mudar_vagas_do_cargo_no_admin_registra_ato_e_recalcula(
        client, rh, django_capture_on_commit_callbacks):
    cargo = CargoFactory(vagas=10)
    InscricaoFactory(cargo=cargo, nota=80)
    client.force_login(rh)
    url = reverse("admin:certames_cargo_change", args=[cargo.pk])
    dados = {"certame": cargo.certame_id, "codigo": cargo.codigo, "nome": cargo.nome,
             "vagas": 3, "requisitos": "", "atribuicoes": "", "remuneracao": "",
             "taxa_inscricao": "50.00",
             "vagas_surgidas-TOTAL_FORMS": 0, "vagas_surgidas-INITIAL_FORMS": 0}
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url, dados)
    assert resposta.status_code == 302, resposta.content.decode()[:2000]
    ato = Ato.objects.get(tipo="alteracao_edital")
    assert (ato.antes, ato.depois) == ({"vagas": "10"}, {"vagas": 3})
    assert cargo.versoes_classificacao.get().vagas == 3


def test_inscricao_no_admin_so_leitura_com_link_para_os_atos(client, rh):
    insc = InscricaoFactory()
    client.force_login(rh)
    html = client.get(reverse("admin:candidatos_inscricao_change",
                              args=[insc.pk])).content.decode()
    assert reverse("painel:inscricao", args=[insc.pk]) in html
    assert 'name="situacao"' not in html


# --- after the public draw, the edital's codes and vacancies are fixed (spec 4.1, item 3) ----


def _sorteado(rh):
    certame = _edital()
    _anunciar(certame, rh)
    _sortear(certame, rh)
    return certame


def test_depois_do_sorteio_vagas_e_codigo_do_cargo_nao_mudam(rh):
    certame = _sorteado(rh)
    prof = certame.cargos.get(codigo="PROF")
    prof.vagas = 11
    prof.codigo = "PROF2"
    with pytest.raises(ValidationError) as erro:
        prof.full_clean()
    assert sorted(erro.value.message_dict) == ["codigo", "vagas"]
    assert erro.value.message_dict["vagas"][0].startswith(
        "As vagas não podem ser alteradas: o sorteio público das vagas reservadas deste "
        "edital foi realizado em ")
    # Anything else of the cargo may still be corrected.
    prof.refresh_from_db()
    prof.nome = "Professor de Educação Básica"
    prof.full_clean()


def test_depois_do_sorteio_so_entra_cargo_de_cadastro_de_reserva(rh):
    certame = _sorteado(rh)
    with pytest.raises(ValidationError) as erro:
        Cargo(certame=certame, codigo="NOVO", nome="Novo", vagas=2).full_clean()
    assert list(erro.value.message_dict) == ["vagas"]
    Cargo(certame=certame, codigo="RES", nome="Reserva", vagas=0).full_clean()


def test_antes_do_sorteio_as_vagas_mudam_e_o_sorteio_pede_novo_anuncio(rh):
    certame = _edital()
    _anunciar(certame, rh)
    prof = certame.cargos.get(codigo="PROF")
    prof.vagas = 11
    prof.full_clean()  # no draw yet: the draw itself refuses a changed edital


def test_admin_recusa_mudar_vagas_depois_do_sorteio_e_nada_grava(client, rh):
    certame = _sorteado(rh)
    cargo = certame.cargos.get(codigo="C00")
    client.force_login(rh)
    url = reverse("admin:certames_cargo_change", args=[cargo.pk])
    atos = Ato.objects.count()
    resposta = client.post(url, {
        "certame": certame.pk, "codigo": "C00", "nome": cargo.nome, "vagas": 2,
        "requisitos": "", "atribuicoes": "", "remuneracao": "", "taxa_inscricao": "50.00",
        "vagas_surgidas-TOTAL_FORMS": 0, "vagas_surgidas-INITIAL_FORMS": 0})
    assert resposta.status_code == 200
    assert "As vagas não podem ser alteradas" in resposta.content.decode()
    cargo.refresh_from_db()
    assert (cargo.vagas, Ato.objects.count()) == (1, atos)
