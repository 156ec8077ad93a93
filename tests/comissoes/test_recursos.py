"""The appeal against the heteroidentification (domain): window, who may appeal, the
recursal committee, attachments and the separation of the instances."""

import datetime as dt
import os

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from certames.models import Ato
from comissoes.dominio.recursos import apresentar_recurso, pode_ver_anexo
from comissoes.dominio.resultados import avaliacao_do_recurso
from comissoes.dominio.votacao import avaliacoes_visiveis, encerrar_avaliacao, registrar_voto
from comissoes.models import Avaliacao, Comissao, Voto
from editais import situacao
from nucleo.models import AnexoRecurso, Recurso
from tests.comissoes.fabricas import (
    JPEG,
    MOTIVO_SIM,
    PDF,
    arquivo,
    candidato_com_conta,
    cenario,
    julgar,
    membro,
    suspender,
)

pytestmark = pytest.mark.django_db

RAZOES = "A comissão desconsiderou meus traços fenotípicos; junto fotografias e laudo."


def _recorrer(c, **kw):
    kw.setdefault("texto", RAZOES)
    return apresentar_recurso(c.avaliacao, autor=c.user, **kw)


# --- the window -----------------------------------------------------------------------------


def test_antes_do_prazo_recusa_com_as_datas():
    c = cenario(janela=(2, 4))
    with pytest.raises(ValidationError) as exc:
        _recorrer(c)
    mensagem = exc.value.messages[0]
    inicio = timezone.localtime(c.etapa.inicio).strftime("%d/%m/%Y %H:%M")
    fim = timezone.localtime(c.etapa.fim).strftime("%d/%m/%Y %H:%M")
    assert mensagem == (f"O prazo de recurso ainda não começou: recursos podem ser "
                        f"apresentados de {inicio} a {fim}.")
    assert not Recurso.objects.exists()


def test_depois_do_prazo_recusa_com_as_datas():
    c = cenario(janela=(-4, -2))
    with pytest.raises(ValidationError, match="O prazo de recurso terminou: recursos podiam "
                                              "ser apresentados de "):
        _recorrer(c)
    assert not Recurso.objects.exists()


def test_sem_prazo_no_cronograma_recusa():
    c = cenario(janela=None)
    with pytest.raises(ValidationError, match="ainda não prevê o prazo de recurso"):
        _recorrer(c)


def test_limites_do_prazo_sao_inclusivos():
    c = cenario()
    recurso = apresentar_recurso(c.avaliacao, autor=c.user, texto=RAZOES,
                                 agora=c.etapa.fim)
    assert recurso.pk
    c2 = cenario()
    with pytest.raises(ValidationError, match="terminou"):
        apresentar_recurso(c2.avaliacao, autor=c2.user, texto=RAZOES,
                           agora=c2.etapa.fim + dt.timedelta(seconds=1))


# --- filing ---------------------------------------------------------------------------------


def test_recurso_cria_a_avaliacao_na_comissao_recursal_com_anexos_e_ato(
        django_capture_on_commit_callbacks, settings):
    c = cenario()
    with django_capture_on_commit_callbacks(execute=True):
        recurso = _recorrer(c, arquivos=[arquivo("laudo.pdf", PDF),
                                         arquivo("foto.jpeg", JPEG, "image/jpeg")])
    assert (recurso.procedimento, recurso.objeto_id) == ("heteroidentificacao", c.avaliacao.pk)
    julgamento = avaliacao_do_recurso(c.avaliacao)
    assert (julgamento.comissao, julgamento.instancia, julgamento.inscricao, julgamento.lista) \
        == (c.recursal, Avaliacao.Instancia.RECURSO, c.inscricao, "PP")
    assert not julgamento.encerrada
    anexos = list(recurso.anexos.order_by("pk"))
    assert [(a.nome_original, a.tipo_conteudo) for a in anexos] == [
        ("laudo.pdf", "application/pdf"), ("foto.jpeg", "image/jpeg")]
    for a in anexos:
        # Stored under MEDIA_ROOT with a random name, never the sender's.
        caminho = a.arquivo.path
        assert caminho.startswith(str(settings.MEDIA_ROOT))
        assert "laudo" not in os.path.basename(caminho)
        with open(caminho, "rb") as f:
            assert f.read(4) in (b"%PDF", b"\xff\xd8\xff\xe0")
    ato = Ato.objects.get(tipo="recurso_heteroidentificacao")
    assert (ato.autor, ato.certame, ato.motivacao) == (c.user, c.certame, RAZOES)
    assert ato.fundamento_legal.startswith("Lei 3.056/2025, art. 4º, §1º, II")
    # The receipt, sent after commit.
    assert len(mail.outbox) == 1
    assert c.inscricao.numero in mail.outbox[0].subject
    assert MOTIVO_SIM not in mail.outbox[0].body


def test_um_unico_recurso_por_avaliacao():
    c = cenario()
    _recorrer(c)
    with pytest.raises(ValidationError, match="já apresentou recurso"):
        _recorrer(c)
    assert Recurso.objects.count() == 1


def test_so_o_proprio_candidato_recorre():
    c = cenario()
    outro = candidato_com_conta("outro_candidato")
    with pytest.raises(PermissionDenied):
        apresentar_recurso(c.avaliacao, autor=outro.usuario, texto=RAZOES)
    with pytest.raises(PermissionDenied):
        apresentar_recurso(c.avaliacao, autor=c.rh, texto=RAZOES)
    assert not Recurso.objects.exists()


def test_confirmada_nao_tem_recurso():
    c = cenario(resultado="confirmada")
    with pytest.raises(ValidationError, match="foi confirmada"):
        _recorrer(c)


def test_antes_da_publicacao_nao_ha_recurso():
    c = cenario(publicar=False)
    with pytest.raises(ValidationError, match="ainda não foi publicado"):
        _recorrer(c)


def test_sem_comissao_recursal_recusa_com_mensagem_clara():
    c = cenario(recursal=False)
    with pytest.raises(ValidationError, match="não há comissão recursal designada"):
        _recorrer(c)
    assert not Recurso.objects.exists()
    assert not Avaliacao.objects.filter(instancia="recurso").exists()


def test_texto_curto_e_recusado():
    c = cenario()
    with pytest.raises(ValidationError) as exc:
        _recorrer(c, texto="discordo")
    assert "texto" in exc.value.message_dict


def test_anexo_disfarcado_recusa_o_recurso_inteiro_e_nada_fica_gravado(settings):
    c = cenario()
    antes = _arquivos_em(settings.MEDIA_ROOT)
    with pytest.raises(ValidationError, match="“laudo.pdf” não é um PDF, JPEG ou PNG"):
        _recorrer(c, arquivos=[arquivo("foto.png", b"\x89PNG\r\n\x1a\nxx"),
                               arquivo("laudo.pdf", b"texto com extensao pdf")])
    assert not Recurso.objects.exists()
    assert not AnexoRecurso.objects.exists()
    assert _arquivos_em(settings.MEDIA_ROOT) == antes


def test_falha_depois_de_gravar_apaga_os_arquivos(settings, monkeypatch):
    c = cenario()
    antes = _arquivos_em(settings.MEDIA_ROOT)

    def falha(**kwargs):
        raise RuntimeError("falha simulada")

    monkeypatch.setattr("nucleo.recursos.registrar_ato", falha)
    with pytest.raises(RuntimeError):
        _recorrer(c, arquivos=[arquivo("laudo.pdf", PDF)])
    assert not Recurso.objects.exists()
    assert _arquivos_em(settings.MEDIA_ROOT) == antes


def _arquivos_em(raiz) -> set[str]:
    return {os.path.join(d, f) for d, _s, fs in os.walk(raiz) for f in fs}


# --- judgement by the recursal committee ----------------------------------------------------


def test_comissao_recursal_julga_com_a_mesma_mecanica_e_nao_ha_novo_recurso():
    c = cenario()
    _recorrer(c)
    julgamento = avaliacao_do_recurso(c.avaliacao)
    julgamento = julgar(julgamento, c.membros_recursal, 1)
    assert julgamento.resultado == Avaliacao.Resultado.CONFIRMADA
    assert "confirmou a autodeclaração" in julgamento.parecer
    with pytest.raises(ValidationError, match="não cabe novo recurso"):
        apresentar_recurso(julgamento, autor=c.user, texto=RAZOES)


def test_recurso_nao_e_julgado_com_o_certame_suspenso(rh):
    """The appeal is judged on the record by the recursal committee's votes and closing:
    while the certame is suspended neither is recorded (the one guard's sentence), and
    nothing is written; after the retomada the judgment goes on."""
    c = cenario()
    _recorrer(c)
    julgamento = avaliacao_do_recurso(c.avaliacao)
    presidente = next(m for m in c.membros_recursal if m.presidente)
    for m in c.membros_recursal[:3]:
        registrar_voto(julgamento, m, "confirma", MOTIVO_SIM)
    suspenso = suspender(c.avaliacao.inscricao.certame, rh)
    antes = (Voto.objects.count(), Ato.objects.count())
    with pytest.raises(ValidationError) as recusa:
        registrar_voto(julgamento, c.membros_recursal[3], "confirma", MOTIVO_SIM)
    assert recusa.value.messages == [suspenso]
    with pytest.raises(ValidationError) as recusa:
        encerrar_avaliacao(julgamento, presidente)
    assert recusa.value.messages == [suspenso]
    julgamento.refresh_from_db()
    assert (julgamento.encerrada, Voto.objects.count(), Ato.objects.count()) == (False, *antes)
    situacao.retomar(c.avaliacao.inscricao.certame, autor=rh,
                     motivacao="Liminar revogada; o certame volta a correr como estava.")
    assert encerrar_avaliacao(julgamento, presidente).resultado == "confirmada"


def test_membro_da_primeira_instancia_nao_julga_o_recurso_do_mesmo_candidato():
    c = cenario()
    julgador = c.membros[1]
    # The same person also sits on the recursal committee (allowed for other candidates).
    no_recurso = membro(c.recursal)
    no_recurso.usuario = julgador.usuario
    no_recurso.save()
    recurso = _recorrer(c, arquivos=[arquivo("laudo.pdf", PDF)])
    julgamento = avaliacao_do_recurso(c.avaliacao)
    assert julgamento not in avaliacoes_visiveis(no_recurso)
    with pytest.raises(PermissionDenied, match="primeira instância"):
        registrar_voto(julgamento, no_recurso, "confirma", MOTIVO_SIM)
    # Nor does that member reach the appeal's files; the recursal members do.
    anexo = recurso.anexos.get()
    assert not pode_ver_anexo(julgador.usuario, anexo)
    assert pode_ver_anexo(c.membros_recursal[2].usuario, anexo)
    assert pode_ver_anexo(c.rh, anexo)
    assert pode_ver_anexo(c.user, anexo)
    assert not pode_ver_anexo(c.membros[0].usuario, anexo)
    assert not pode_ver_anexo(candidato_com_conta("curioso").usuario, anexo)


def test_comissao_recursal_de_outro_certame_nao_recebe_o_recurso():
    c = cenario(recursal=False)
    outro = cenario()
    assert outro.recursal.certame != c.certame
    with pytest.raises(ValidationError, match="comissão recursal"):
        _recorrer(c)
    assert Comissao.objects.filter(tipo="recursal").count() == 1
