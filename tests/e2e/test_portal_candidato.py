"""End to end: sign-up, confirmation, log-in with a masked CPF, inscrição with a PP option in
a Pirangi certame during the window, and the inscrição on the status pages."""

import re

import pytest
from django.core import mail

from candidatos.models import Candidato, Inscricao, formatar_cpf
from certames.models import Etapa
from tests.e2e.passos import cadastrar_confirmar_e_entrar, inscrever_em_certame
from tests.factories import CargoFactory, CertameFactory, EtapaFactory, gerar_cpf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_cadastro_confirmacao_login_e_inscricao_pirangi(live_server, pagina):
    certame = CertameFactory(regime="pirangi-lei3056-2025",
                             titulo="Concurso de Pirangi para a saúde")
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES)
    CargoFactory(certame=certame, codigo="ENF", nome="Enfermeiro")
    cpf = gerar_cpf()

    cadastrar_confirmar_e_entrar(pagina, live_server.url, cpf_mascarado=formatar_cpf(cpf),
                                 nome="Ana Beatriz Nascimento", email="ana@example.com")
    assert [m.to for m in mail.outbox] == [["ana@example.com"]]
    assert pagina.url == f"{live_server.url}/candidato/"

    numero = inscrever_em_certame(pagina, titulo_certame="Concurso de Pirangi para a saúde",
                                  cargo="ENF — Enfermeiro", cor_raca="Parda", listas=["PP"])
    insc = Inscricao.objects.get(candidato=Candidato.objects.get(cpf=cpf))
    assert (numero, insc.listas, insc.cor_raca, insc.situacao_taxa) == (
        insc.numero, ["PP"], "parda", "pendente")
    opcoes = pagina.locator("#opcoes-listas").inner_text()
    assert "Pessoas pretas e pardas — 15% das vagas (Lei 3.056/2025, art. 3º, I)" in opcoes
    pagina.get_by_text(re.compile(f"Inscrição nº {numero} realizada")).wait_for()

    pagina.get_by_role("link", name="Minha área").first.click()
    item = pagina.locator(".list-group-item", has_text=numero)
    assert "Enfermeiro" in item.inner_text()
    assert "PP" in item.inner_text()

    # The receipt was generated on commit (eager task in the server thread).
    insc.refresh_from_db()
    assert insc.comprovante.name.endswith(".pdf")
    resposta = pagina.request.get(f"{live_server.url}/candidato/inscricoes/{insc.pk}/"
                                  "comprovante.pdf")
    assert (resposta.status, resposta.body()[:4]) == (200, b"%PDF")
