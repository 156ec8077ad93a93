"""The load benchmark's arithmetic (``manage.py bench_carga``): reading wrk's output and the
static/page ratio. The load itself is not run in the suite (``make bench-carga``)."""

import dataclasses
import math

import pytest

from demo import bench_publicacao
from demo.management.commands.bench_carga import (
    PAGINA_LOGIN,
    Pagina,
    ResultadoWrk,
    conclusao,
    conclusao_login,
    decimal_br,
    duracao_ms,
    ler_saida_wrk,
    razao_estatico_login,
    razao_estatico_pagina,
    script_variantes,
    tabela,
)

# Captured from wrk 4.1.0 (Debian 12) against a local server; the third sample has a
# socket-errors line and a p99 in seconds added by hand (both formats wrk prints).
WRK_OK = """\
Running 2s test @ http://127.0.0.1:18765/
  2 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     5.60ms   17.03ms 209.92ms   97.33%
    Req/Sec     0.95k   623.87     2.16k    62.50%
  Latency Distribution
     50%    1.91ms
     75%    4.38ms
     90%    9.33ms
     99%  103.48ms
  3777 requests in 2.01s, 1.13MB read
Requests/sec:   1883.52
Transfer/sec:    575.73KB
"""

WRK_TIMEOUT = """\
Running 3s test @ http://127.0.0.1:18765/lento
  2 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.11ms    1.22ms   5.65ms   92.45%
    Req/Sec    50.75     79.55   170.00     75.00%
  Latency Distribution
     50%  677.00us
     75%    1.17ms
     90%    2.15ms
     99%    5.65ms
  63 requests in 3.01s, 19.26KB read
  Socket errors: connect 0, read 0, write 0, timeout 10
Requests/sec:     20.96
Transfer/sec:      6.41KB
"""

WRK_NAO_2XX = """\
Running 2s test @ http://127.0.0.1:18765/x
  2 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     8.56ms   38.06ms 426.97ms   96.68%
    Req/Sec     1.30k   755.71     2.64k    53.66%
  Latency Distribution
     50%    2.24ms
     75%    2.59ms
     90%    3.08ms
     99%     1.50s
  5302 requests in 2.10s, 1.59MB read
  Socket errors: connect 2, read 3, write 1, timeout 0
  Non-2xx or 3xx responses: 1572
Requests/sec:   2525.89
Transfer/sec:    777.25KB
"""


def test_le_saida_normal():
    assert ler_saida_wrk(WRK_OK) == ResultadoWrk(
        requisicoes_s=1883.52, p50_ms=1.91, p99_ms=103.48, requisicoes=3777, timeouts=0,
        erros_socket=0, nao_2xx=0)


def test_le_timeouts_e_microssegundos():
    r = ler_saida_wrk(WRK_TIMEOUT)
    assert (r.requisicoes_s, r.requisicoes, r.timeouts, r.erros_socket) == (20.96, 63, 10, 0)
    assert r.p50_ms == pytest.approx(0.677)
    assert r.p99_ms == 5.65


def test_le_respostas_nao_2xx_erros_de_socket_e_segundos():
    r = ler_saida_wrk(WRK_NAO_2XX)
    assert (r.requisicoes_s, r.nao_2xx, r.erros_socket, r.timeouts) == (2525.89, 1572, 6, 0)
    assert r.p99_ms == 1500.0


def test_saida_sem_requests_por_segundo_e_recusada():
    with pytest.raises(ValueError, match="Requests/sec"):
        ler_saida_wrk("unable to connect to 127.0.0.1:1 Connection refused\n")


def test_duracoes():
    assert [duracao_ms(t) for t in ("250.00us", "42.00ms", "2.50s", "1.00m")] == [
        0.25, 42.0, 2500.0, 60_000.0]
    with pytest.raises(ValueError):
        duracao_ms("42 ms")


def test_razao_usa_a_pagina_mais_lenta():
    # The original figures: static 1,165 req/s; the slowest public page 29 req/s.
    assert razao_estatico_pagina(1165.0, [80.0, 39.0, 36.0, 29.0]) == 1165.0 / 29.0
    assert decimal_br(razao_estatico_pagina(1165.0, [80.0, 39.0, 36.0, 29.0]), 2) == "40,17"
    assert razao_estatico_pagina(1200.0, [600.0, 800.0]) == 2.0


def test_razao_infinita_quando_uma_pagina_nao_respondeu():
    assert math.isinf(razao_estatico_pagina(1165.0, [80.0, 0.0]))
    assert decimal_br(math.inf, 2) == "infinito"


def test_decimal_br():
    assert decimal_br(1165.456) == "1.165,5"
    assert decimal_br(0.677, 2) == "0,68"
    assert decimal_br(None) == "—"


def _r(rps: float, p99: float = 10.0, timeouts: int = 0) -> ResultadoWrk:
    return ResultadoWrk(requisicoes_s=rps, p50_ms=1.0, p99_ms=p99, requisicoes=int(rps * 10),
                        timeouts=timeouts, erros_socket=0, nao_2xx=0)


def test_conclusao_termina_com_a_razao_e_ignora_paginas_nao_publicas():
    medidas = [
        (Pagina("estático", "/static/x.css", publica=False, estatica=True), _r(1000.0)),
        (Pagina("início", "/"), _r(400.0)),
        (Pagina("lista", "/certames/1/cargos/2/", ), _r(250.0, timeouts=3)),
        # Slower, but the candidate's pages are not public: outside the ratio.
        (Pagina("situação", "/candidato/inscricoes/7/", publica=False, autenticada=True),
         _r(50.0, p99=180.5)),
    ]
    linhas = conclusao(medidas)
    assert linhas == [
        "situação da inscrição (candidato), p99: 180,5 ms (meta: < 200 ms)",
        "time-outs, erros de conexão e respostas não-2xx (total): 3",
        "página pública mais lenta: lista (250,0 req/s)",
        "razao estatico/pagina: 4,00",
    ]
    assert tabela(medidas)[2].split() == ["início", "400,0", "1,0", "10,0", "0", "0"]


def test_script_de_variantes_sorteia_entre_os_caminhos_com_semente_por_thread():
    script = script_variantes(["/c/?q=00000001", "/c/?q=00000002"])
    assert script.startswith('local caminhos = {\n"/c/?q=00000001",\n"/c/?q=00000002"\n}\n')
    assert 'thread:set("semente", threads)' in script
    assert 'wrk.format("GET", caminhos[math.random(#caminhos)])' in script


# --- the log-in and the dashboard (demo/bench_login.py) ---------------------------------------


def test_razao_estatico_login():
    assert razao_estatico_login(1739.4, 50.0) == 1739.4 / 50.0
    assert decimal_br(razao_estatico_login(1739.4, 50.0), 2) == "34,79"
    assert math.isinf(razao_estatico_login(1739.4, 0.0))


def test_conclusao_do_login_e_do_painel():
    medidas = [
        (Pagina("estático", "/static/x.css", publica=False, estatica=True), _r(1500.0)),
        (Pagina("painel do candidato", "/candidato/", publica=False, autenticada=True),
         _r(600.0, p99=120.25)),
        (Pagina("situação", "/candidato/inscricoes/7/", publica=False, autenticada=True),
         _r(620.0, p99=99.0)),
        (Pagina(PAGINA_LOGIN, "/contas/login/", publica=False), _r(40.0)),
    ]
    assert conclusao_login(medidas) == [
        "painel do candidato, p99: 120,2 ms (meta: < 200 ms)",
        "razao estatico/login: 37,50",
    ]
    # Without a log-in measured (an older run's figures), no log-in ratio.
    assert conclusao_login(medidas[:3]) == ["painel do candidato, p99: 120,2 ms (meta: < 200 ms)"]
# --- the publication's figures (demo/bench_publicacao.py) ---------------------------------


MEDIDAS_PUBLICACAO = bench_publicacao.MedidasPublicacao(
    inscricoes=12_000, post_s=0.0834, pronto_s=41.27, resumos_worker_s=3.5,
    resumos_copia_s=2.0, documentos_s=55.44, pdf_primeiro_s=0.0125, estatico_s=0.005,
    pdf_bytes=1_536_000, estatico_css_s=0.0012, pdf_seguintes_s=0.004,
    estatico_seguintes_s=0.0025)


def test_linhas_da_publicacao_terminam_com_a_razao_do_pdf():
    assert bench_publicacao.linhas(MEDIDAS_PUBLICACAO) == [
        "publicação do maior cargo (12.000 inscrições): POST do RH respondeu em 0,083 s "
        "(meta: < 1 s)",
        "tempo até a página do RH dizer pronto: 41,3 s (resumos e documentos; documentos no "
        "worker: 55,4 s somados)",
        "resumos no worker: 3,50 s; com COPY: 2,00 s; razao worker/copia: 1,75 (meta: < 2)",
        "primeiro GET do PDF da lista (1.500 KB): 12,5 ms (seguintes: 4,0 ms); arquivo "
        "estático do mesmo tamanho, primeiro GET: 5,0 ms (seguintes: 2,5 ms); "
        "bootstrap.min.css: 1,2 ms",
        "GETs seguintes: os do PDF sobre os do estático do mesmo tamanho: 1,60",
        "razao estatico/pdf: 2,50 (primeiro GET do PDF sobre o primeiro do estático do mesmo "
        "tamanho; meta: <= 2)",
    ]


def test_linhas_da_publicacao_de_uma_medida_antiga_sem_os_gets_seguintes():
    antiga = dataclasses.replace(MEDIDAS_PUBLICACAO, pdf_seguintes_s=None,
                                 estatico_seguintes_s=None, estatico_css_s=None)
    assert bench_publicacao.linhas(antiga)[3:] == [
        "primeiro GET do PDF da lista (1.500 KB): 12,5 ms; arquivo estático do mesmo "
        "tamanho, primeiro GET: 5,0 ms",
        "razao estatico/pdf: 2,50 (primeiro GET do PDF sobre o primeiro do estático do mesmo "
        "tamanho; meta: <= 2)",
    ]


def test_estatico_do_mesmo_tamanho_interpolado_entre_os_degraus():
    """1,536,000 bytes lie between the 1 MiB and 2 MiB reference files: 46.5 % of the way
    ((1,536,000 - 1,048,576) / 1,048,576), so 2 ms + 0.465 x (4 - 2) ms."""
    assert bench_publicacao.degraus(1_536_000) == (1_048_576, 2_097_152)
    tempos = {1_048_576: 0.002, 2_097_152: 0.004}
    assert bench_publicacao.interpolar(1_536_000, tempos) == pytest.approx(
        0.002 + (1_536_000 - 1_048_576) / 1_048_576 * 0.002)
    # An exact size is its own file; beyond the ladder, the nearest end.
    assert bench_publicacao.degraus(1_048_576) == (1_048_576, 1_048_576)
    assert bench_publicacao.interpolar(1_048_576, tempos) == 0.002
    assert bench_publicacao.degraus(10) == (65_536, 65_536)
    assert bench_publicacao.degraus(10 ** 9) == (33_554_432, 33_554_432)


def test_escada_de_arquivos_estaticos(tmp_path):
    bench_publicacao.criar_escada(tmp_path)
    tamanhos = sorted(f.stat().st_size for f in (tmp_path / "bench-referencia").iterdir())
    assert tamanhos == [2 ** k * 1024 for k in range(6, 16)]


def test_razao_sem_denominador_e_infinita():
    assert bench_publicacao.razao(1.0, 0.0) == math.inf
    assert bench_publicacao.razao(3.0, 2.0) == 1.5


def test_progresso_lido_da_pagina_do_rh():
    pagina = ('<div id="preparo-publicacao" class="card mb-3" data-preparo="resumos"\n'
              '     hx-get="/rh/publicacoes/42/preparo/" hx-trigger="every 2s">')
    assert bench_publicacao.url_preparo(pagina) == "/rh/publicacoes/42/preparo/"
    assert bench_publicacao.estado_preparo(pagina) == "resumos"
    assert bench_publicacao.url_preparo('<div data-preparo="pronto">') is None
    assert bench_publicacao.estado_preparo("<p>nada</p>") is None
