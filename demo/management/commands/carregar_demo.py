"""Demo data: four certames (one per seed regime and an older homologated one), their cargos
and schedules, ~2,000 inscrições written through the real importer, committees with their
sessions, votes, published results, an appeal, a homologation with calls, and the demo
accounts. Every date is today (or ``--hoje``) plus an offset, so on any date each phase is
live somewhere: inscrições and exemption requests open (Severínia), heteroidentification
sessions today (SMBV), an appeal window open (Pirangi), calls being made (SMBV 001/2025).

Deterministic but for the dates, and idempotent: everything is keyed on natural keys and
generated from a fixed seed, so a second run on the same day creates nothing (on another day
it changes nothing and says so). Each inscrição is a pure function of (certame, cargo,
position), so ``--inscricoes`` can grow the demo later without conflicting with what exists.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import random
import time
import unicodedata
from dataclasses import dataclass, field, replace
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import BaseCommand, CommandError
from django.db import models, transaction
from django.utils import timezone

from candidatos import condicoes
from candidatos.chamadas import convocar as convocar_chamada
from candidatos.importacao import ArquivoRejeitado, importar_inscricoes
from candidatos.models import (
    Candidato,
    CorRaca,
    EstadoLista,
    Inscricao,
    SituacaoLista,
    motivo_opcao_invalida,
)
from candidatos.servicos import registrar_situacao_lista
from certames.auditoria import registrar_ato
from certames.models import Ato, Cargo, Certame, Etapa, Orgao, Publicacao, Sorteio
from certames.regras.procedimentos import AVALIACAO_PCD, DOCUMENTAL, HETEROIDENTIFICACAO
from certames.regras.regimes import obter_regime
from certames.sorteio import anunciar, sortear
from classificacao.homologacao import homologar
from classificacao.listas import publicar, recalcular
from comissoes.dominio.composicao import adicionar_membro, assinar_termo, criar_comissao
from comissoes.dominio.convocacao import convocar
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.dominio.resultados import publicar_resultado_preliminar
from comissoes.dominio.sessoes import (
    agendar_sessao,
    encerrar,
    registrar_comparecimento,
    registrar_presenca,
    votar,
)
from comissoes.models import Comissao, MembroComissao, Sessao, Voto
from comum.formatos import data_br
from comum.papeis import GRUPO_CANDIDATO, GRUPO_COMISSAO, GRUPO_RH
from demo.pdf import pdf_simples
from nucleo import autoridade

SEMENTE = 20260701
FUSO = ZoneInfo("America/Sao_Paulo")
MINIMO_INSCRICOES = 50

# --- definition of the demo -------------------------------------------------------------------


@dataclass(frozen=True)
class CargoDemo:
    codigo: str
    nome: str
    vagas: int
    requisitos: str
    atribuicoes: str
    remuneracao: str
    taxa: str
    #: Relative demand: candidates per vacancy (a cadastro de reserva counts as 2 vacancies).
    procura: int


@dataclass(frozen=True)
class EtapaDemo:
    tipo: str
    inicio: int  # days after the edital's publication
    fim: int
    descricao: str = ""


@dataclass(frozen=True)
class CertameDemo:
    orgao: str
    municipio: str
    uf: str
    ddd: str
    regiao_cpf: str  # 9th digit of the CPF: fiscal region (4 = PE/..., 8 = SP)
    numero_edital: str
    titulo: str
    regime: str
    #: Days from the edital's publication to the demo's "today": every date of the demo is
    #: today + an offset, so each phase is live on any date (see `certames_em`).
    atraso: int
    cargos: tuple[CargoDemo, ...]
    etapas: tuple[EtapaDemo, ...]
    #: Share (in thousandths) of fee exemptions granted (Severínia only).
    isentas_por_mil: int = 0
    parametros: dict = field(default_factory=dict)
    #: Published with the edital, before the sessions (Lei 3.057/2026, art. 10, §3º, IV).
    criterios_heteroidentificacao: str = ""
    #: Days before "today" the final result was homologated (None: not homologated).
    homologacao: int | None = None
    #: The edital's publication date: set from "today" by `certames_em`.
    publicacao: dt.date = dt.date(2026, 1, 1)


_REQ_FUNDAMENTAL = "Ensino fundamental completo."
_REQ_MEDIO = "Ensino médio completo."

PEB_I = CargoDemo(
    "", "Professor de Educação Básica I", 0,
    "Licenciatura plena em Pedagogia ou Normal Superior.",
    "Ministrar aulas na educação infantil e nos anos iniciais do ensino fundamental; planejar "
    "e avaliar as atividades pedagógicas; participar do conselho de classe e das reuniões "
    "com as famílias.",
    "4867.77", "80.00", 8)


def _cargo(base: CargoDemo, codigo: str, vagas: int, **mudancas) -> CargoDemo:
    campos = {**base.__dict__, "codigo": codigo, "vagas": vagas, **mudancas}
    return CargoDemo(**campos)


CERTAMES: tuple[CertameDemo, ...] = (
    CertameDemo(
        orgao="Prefeitura Municipal de Santa Maria da Boa Vista",
        municipio="Santa Maria da Boa Vista", uf="PE", ddd="87", regiao_cpf="4",
        numero_edital="001/2026",
        titulo="Concurso Público para provimento de cargos efetivos da Prefeitura Municipal "
               "de Santa Maria da Boa Vista",
        regime="smbv-lc22-2026",
        # Today is day 76: the heteroidentification, documentary and PcD sessions are today.
        atraso=76,
        cargos=(
            CargoDemo(
                "101", "Motorista", 10,
                _REQ_FUNDAMENTAL + " Carteira Nacional de Habilitação categoria D.",
                "Conduzir veículos oficiais de passageiros e de carga; zelar pela conservação "
                "do veículo; cumprir o roteiro e o horário estabelecidos.",
                "1621.00", "50.00", 11),
            CargoDemo(
                "201", "Agente Comunitário de Saúde", 14,
                _REQ_MEDIO + " Residir na área da comunidade em que atuar desde a data de "
                "publicação do edital; curso introdutório de formação inicial.",
                "Realizar visitas domiciliares; cadastrar as famílias no território; orientar "
                "a comunidade sobre prevenção de doenças e promoção da saúde.",
                "3242.00", "60.00", 10),
            _cargo(PEB_I, "301", 30, remuneracao="4867.77", taxa="80.00", procura=7),
            CargoDemo(
                "302", "Enfermeiro", 3,
                "Bacharelado em Enfermagem e registro no COREN.",
                "Prestar assistência de enfermagem na atenção básica; supervisionar a equipe "
                "de técnicos; realizar consultas de enfermagem e ações de vigilância em saúde.",
                "4500.00", "90.00", 10),
            CargoDemo(
                "303", "Médico Clínico Geral", 1,
                "Graduação em Medicina e registro no CRM.",
                "Realizar consultas e atendimentos médicos na rede municipal de saúde; "
                "solicitar e interpretar exames; encaminhar a serviços especializados.",
                "14000.00", "120.00", 7),
            CargoDemo(
                "304", "Psicólogo", 0,
                "Graduação em Psicologia e registro no CRP.",
                "Prestar atendimento psicológico no CRAS, no CAPS e nas unidades de saúde; "
                "participar de ações intersetoriais com a rede de proteção social.",
                "3800.00", "90.00", 8),
        ),
        etapas=(
            EtapaDemo("inscricoes", 5, 34, "Inscrições exclusivamente pela internet."),
            EtapaDemo("pagamento_taxa", 5, 35, "Vencimento do boleto: dia útil seguinte ao "
                      "fim das inscrições."),
            EtapaDemo("heteroidentificacao", 75, 79, "Comissão de heteroidentificação, com a "
                      "presença do candidato (LC 22/2026, art. 3º)."),
            EtapaDemo("recurso_heteroidentificacao", 82, 84),
            EtapaDemo("verificacao_documental", 75, 79, "Comprovação da condição de indígena "
                      "(LC 22/2026, art. 4º)."),
            EtapaDemo("recurso_verificacao_documental", 82, 84),
            EtapaDemo("avaliacao_pcd", 75, 79, "Equipe multiprofissional."),
            EtapaDemo("recurso_avaliacao_pcd", 82, 84),
            EtapaDemo("resultado_preliminar", 95, 95),
            EtapaDemo("recurso_resultado", 96, 98),
            EtapaDemo("resultado_final", 110, 110, "Resultado final e homologação."),
        ),
    ),
    CertameDemo(
        orgao="Prefeitura Municipal de Severínia",
        municipio="Severínia", uf="SP", ddd="17", regiao_cpf="8",
        numero_edital="001/2026",
        titulo="Concurso Público nº 001/2026 — cargos efetivos da Prefeitura Municipal de "
               "Severínia",
        regime="severinia-lei3057-2026",
        # Today is day 4: the inscrições and the exemption requests are open.
        atraso=4,
        isentas_por_mil=110,
        criterios_heteroidentificacao=(
            "A comissão considera exclusivamente o fenótipo do candidato no momento da "
            "sessão: cor da pele, textura do cabelo e traços faciais, em conjunto. Não são "
            "considerados ascendência, documentos ou fotografias anteriores. A decisão é "
            "tomada pela maioria dos membros da comissão, com parecer motivado, e dela cabe "
            "recurso (Lei 3.057/2026, art. 10, §3º)."),
        cargos=(
            CargoDemo(
                "101", "Gari", 25, "Ensino fundamental incompleto (alfabetizado).",
                "Executar a varrição de vias e logradouros públicos; recolher resíduos "
                "sólidos; capinar e roçar áreas públicas.",
                "1850.00", "40.00", 7),
            CargoDemo(
                "102", "Motorista", 2,
                _REQ_FUNDAMENTAL + " Carteira Nacional de Habilitação categoria D.",
                "Conduzir veículos oficiais, inclusive o transporte escolar e de pacientes; "
                "zelar pela conservação do veículo.",
                "2600.00", "50.00", 10),
            CargoDemo(
                "201", "Guarda Civil Municipal", 10,
                _REQ_MEDIO + " Carteira Nacional de Habilitação categoria B; idade mínima de "
                "18 anos; aptidão física e psicológica.",
                "Proteger os bens, serviços e instalações do Município; atuar na prevenção da "
                "violência e na fiscalização de trânsito, nos termos da Lei 13.022/2014.",
                "3100.00", "60.00", 11),
            _cargo(PEB_I, "301", 14, remuneracao="5130.63", taxa="80.00", procura=8),
            CargoDemo(
                "302", "Assistente Social", 1,
                "Bacharelado em Serviço Social e registro no CRESS.",
                "Atender as famílias referenciadas no CRAS; elaborar estudos e pareceres "
                "sociais; acompanhar os programas de transferência de renda.",
                "4200.00", "90.00", 10),
        ),
        etapas=(
            EtapaDemo("pedido_isencao", 3, 7, "CadÚnico com renda per capita até meio "
                      "salário mínimo ou doador de sangue (Lei 3.057/2026, art. 2º e 7º)."),
            EtapaDemo("resultado_preliminar_isencao", 12, 12),
            EtapaDemo("recurso_isencao", 13, 14),
            EtapaDemo("resultado_definitivo_isencao", 19, 19),
            EtapaDemo("inscricoes", 3, 32, "Inscrições exclusivamente pela internet."),
            EtapaDemo("pagamento_taxa", 3, 33, "Inclui o pagamento pelos candidatos com "
                      "isenção indeferida (Lei 3.057/2026, art. 3º, §3º)."),
            EtapaDemo("analise_atendimento", 3, 40, "O RH decide os pedidos de atendimento "
                      "especializado à medida que chegam (Decreto 9.508/2018, art. 4º)."),
            EtapaDemo("heteroidentificacao", 60, 62, "Prevista neste edital (Lei 3.057/2026, "
                      "art. 10, §2º)."),
            EtapaDemo("recurso_heteroidentificacao", 65, 66),
            EtapaDemo("avaliacao_pcd", 60, 62, "Equipe multiprofissional."),
            EtapaDemo("recurso_avaliacao_pcd", 65, 66),
            EtapaDemo("resultado_preliminar", 80, 80),
            EtapaDemo("recurso_resultado", 81, 82),
            EtapaDemo("resultado_final", 95, 95, "Resultado final e homologação."),
        ),
    ),
    CertameDemo(
        orgao="Prefeitura Municipal de Pirangi",
        municipio="Pirangi", uf="SP", ddd="17", regiao_cpf="8",
        numero_edital="001/2026",
        titulo="Concurso Público para provimento de cargos da Prefeitura Municipal de Pirangi",
        regime="pirangi-lei3056-2025",
        # Today is day 75: the heteroidentification's preliminary result is published and
        # its appeal window is open (days 74 to 76); the preliminary classification is
        # published today, in its stage.
        atraso=75,
        cargos=(
            CargoDemo(
                "101", "Auxiliar de Serviços Gerais", 25,
                "Ensino fundamental incompleto (alfabetizado).",
                "Executar a limpeza e a conservação de prédios públicos; preparar e servir "
                "refeições; auxiliar na manutenção de áreas verdes.",
                "1700.00", "40.00", 7),
            CargoDemo(
                "201", "Auxiliar Administrativo", 10,
                _REQ_MEDIO + " Conhecimentos básicos de informática.",
                "Executar serviços de apoio administrativo: atendimento ao público, protocolo, "
                "arquivo, redação de ofícios e controle de documentos.",
                "2200.00", "60.00", 11),
            CargoDemo(
                "202", "Técnico em Enfermagem", 3,
                "Curso técnico em enfermagem e registro no COREN.",
                "Executar ações de enfermagem sob supervisão do enfermeiro: curativos, "
                "vacinação, administração de medicamentos e coleta de material.",
                "2500.00", "60.00", 10),
            _cargo(PEB_I, "301", 17, remuneracao="4867.77", taxa="80.00", procura=7),
            CargoDemo(
                "302", "Psicólogo", 2,
                "Graduação em Psicologia e registro no CRP.",
                "Prestar atendimento psicológico na rede de saúde e de assistência social; "
                "realizar avaliações e acompanhamento de casos.",
                "3900.00", "90.00", 10),
            CargoDemo(
                "303", "Médico Clínico Geral", 0,
                "Graduação em Medicina e registro no CRM.",
                "Realizar consultas e atendimentos médicos na rede municipal de saúde; "
                "solicitar e interpretar exames; encaminhar a serviços especializados.",
                "15000.00", "120.00", 5),
        ),
        etapas=(
            EtapaDemo("inscricoes", 7, 36, "Inscrições exclusivamente pela internet."),
            EtapaDemo("pagamento_taxa", 7, 37),
            EtapaDemo("heteroidentificacao", 70, 72, "Obrigatória para todos os optantes PP, "
                      "inclusive os classificados na ampla concorrência (Lei 3.056/2025, "
                      "art. 6º, §1º)."),
            EtapaDemo("recurso_heteroidentificacao", 74, 76),
            EtapaDemo("verificacao_documental", 70, 72, "Indígenas e quilombolas "
                      "(Lei 3.056/2025, art. 4º, II)."),
            EtapaDemo("recurso_verificacao_documental", 74, 76),
            EtapaDemo("avaliacao_pcd", 70, 72, "Equipe multiprofissional."),
            EtapaDemo("recurso_avaliacao_pcd", 74, 76),
            # Today: the preliminary classification is published, its optants sub judice
            # until the heteroidentification's final result; the appeal opens tomorrow.
            EtapaDemo("resultado_preliminar", 75, 75, "Classificação preliminar; os optantes "
                      "das listas reservadas figuram sub judice até o resultado definitivo da "
                      "heteroidentificação."),
            EtapaDemo("recurso_resultado", 76, 78),
            EtapaDemo("resultado_final", 105, 105, "Resultado final e homologação."),
        ),
    ),
    CertameDemo(
        orgao="Prefeitura Municipal de Santa Maria da Boa Vista",
        municipio="Santa Maria da Boa Vista", uf="PE", ddd="87", regiao_cpf="4",
        numero_edital="001/2025",
        titulo="Concurso Público para provimento de cargos da Secretaria de Administração "
               "de Santa Maria da Boa Vista",
        regime="smbv-lc22-2026",
        # Published 170 days ago, homologated 60 days ago (day 110, its "Resultado final /
        # homologação" stage): the calls are being made. The edital is published after
        # LC 22/2026 (10/06/2026, `Regime.vigencia_desde`) on any date the demo loads.
        atraso=170,
        homologacao=60,
        cargos=(
            CargoDemo(
                "101", "Auxiliar de Serviços Gerais", 6,
                "Ensino fundamental incompleto (alfabetizado).",
                "Executar a limpeza e a conservação de prédios públicos; auxiliar na "
                "manutenção de áreas verdes.",
                "1621.00", "40.00", 5),
            CargoDemo(
                "201", "Agente Administrativo", 4,
                _REQ_MEDIO + " Conhecimentos básicos de informática.",
                "Executar serviços de apoio administrativo: atendimento ao público, protocolo, "
                "arquivo e controle de documentos.",
                "2100.00", "60.00", 6),
        ),
        etapas=(
            EtapaDemo("inscricoes", 5, 34, "Inscrições exclusivamente pela internet."),
            EtapaDemo("pagamento_taxa", 5, 35),
            EtapaDemo("heteroidentificacao", 60, 62, "Comissão de heteroidentificação, com a "
                      "presença do candidato (LC 22/2026, art. 3º)."),
            EtapaDemo("recurso_heteroidentificacao", 65, 67),
            EtapaDemo("resultado_preliminar", 95, 95),
            EtapaDemo("recurso_resultado", 96, 98),
            EtapaDemo("resultado_final", 110, 110, "Resultado final e homologação."),
        ),
    ),
)

#: The demo's certames by role (indexes into CERTAMES).
SMBV, SEVERINIA, PIRANGI, HOMOLOGADO = range(4)


def certames_em(hoje: dt.date) -> tuple[CertameDemo, ...]:
    """The demo's certames with their edital published `atraso` days before `hoje`."""
    return tuple(replace(demo, publicacao=hoje - dt.timedelta(days=demo.atraso))
                 for demo in CERTAMES)


def primeiro_dia() -> dt.date:
    """The first reference date on which every demo edital is published on or after its
    regime's start (`Regime.vigencia_desde`: a regime applies only to editais published from
    then on, `Certame.clean`)."""
    inicios = [obter_regime(demo.regime).vigencia_desde for demo in CERTAMES]
    return max(inicio + dt.timedelta(days=demo.atraso)
               for demo, inicio in zip(CERTAMES, inicios, strict=True) if inicio is not None)

#: The candidate behind the `candidato` account: inscribed in two certames, opting in.
PERSONA = {
    "nome": "Ana Beatriz Nascimento Souza",
    "data_nascimento": dt.date(1994, 3, 17),
    "email": "ana.souza@example.com",
    "telefone": "(17) 99123-4567",
    "cor_raca": CorRaca.PARDA,
    # (edital index, cargo code): the persona takes position 0 of these cargos
    "inscricoes": ((1, "301"), (2, "201")),
}

#: Every committee member of the demo with a login shares this password (development only).
SENHA_MEMBROS = "comissao-demo-2026"

USUARIOS = (
    # username, password, group (None: no group), is_staff, is_superuser, first/last name
    ("rh", "rh-demo-2026", GRUPO_RH, True, False, "Renata", "Holanda"),
    # The certames' superior authority: judges the appeals against RH's decisions that the
    # deciding RH user did not reconsider (Lei 9.784/1999, art. 56, §1º; nucleo/autoridade.py).
    ("autoridade", "autoridade-demo-2026", GRUPO_RH, True, False, "Vera", "Albuquerque"),
    ("admin", "admin-demo-2026", None, True, True, "Administração", "do Sistema"),
    ("comissao", SENHA_MEMBROS, GRUPO_COMISSAO, False, False, "Carlos", "Medeiros"),
    ("candidato", "candidato-demo-2026", GRUPO_CANDIDATO, False, False, "Ana Beatriz",
     "Nascimento Souza"),
)

#: A second candidate's account (the password of `candidato`): the first PcD optant of SMBV's
#: edital 001/2026 without an account, whose medical report (laudo) is due in the PcD stage
#: open today (days 75 to 79): the candidate's documents page has something to send.
CONTA_LAUDO = "candidato2"

#: The other committee members with a login (password SENHA_MEMBROS): comissao2-5 are
#: titulares with `comissao` (president) of SMBV's and Pirangi's heteroidentification
#: committees, comissao6-7 SMBV's suplentes, recursal1-5 Pirangi's recursal committee
#: (recursal1 presides). Diverse profiles: the composition check (LC 22/2026, art. 3º, §2º).
MEMBROS = (
    # username, first name, last name, gênero, cor/raça, região, papel
    ("comissao2", "Joana", "Ferreira", "feminino", "preta", "nordeste", "titular"),
    ("comissao3", "Paulo", "Bezerra", "masculino", "parda", "nordeste", "titular"),
    ("comissao4", "Helena", "Campos", "feminino", "branca", "sudeste", "titular"),
    ("comissao5", "Raimundo", "Sales", "masculino", "preta", "norte", "titular"),
    ("comissao6", "Luzia", "Tavares", "feminino", "parda", "nordeste", "suplente"),
    ("comissao7", "Cícero", "Monteiro", "masculino", "preta", "nordeste", "suplente"),
    ("recursal1", "Marta", "Queiroz", "feminino", "preta", "sudeste", "titular"),
    ("recursal2", "Otávio", "Prado", "masculino", "parda", "sudeste", "titular"),
    ("recursal3", "Sílvia", "Barros", "feminino", "parda", "nordeste", "titular"),
    ("recursal4", "Jorge", "Farias", "masculino", "branca", "sul", "titular"),
    ("recursal5", "Tereza", "Cunha", "feminino", "preta", "sudeste", "titular"),
)

MOTIVO_CONFIRMA = "Fenótipo compatível com pessoa parda: cor da pele, cabelo e traços faciais."
MOTIVO_NAO_CONFIRMA = ("Traços fenotípicos observados (pele clara, cabelo liso, traços "
                       "faciais) não caracterizam pessoa negra.")

# --- names ------------------------------------------------------------------------------------

NOMES_FEMININOS = (
    "Maria", "Ana", "Francisca", "Antônia", "Adriana", "Juliana", "Márcia", "Fernanda",
    "Patrícia", "Aline", "Sandra", "Camila", "Amanda", "Bruna", "Jéssica", "Letícia", "Júlia",
    "Luciana", "Vanessa", "Mariana", "Gabriela", "Vera", "Vitória", "Larissa", "Cláudia",
    "Beatriz", "Rita", "Luana", "Sônia", "Renata", "Eliane", "Josefa", "Raimunda", "Simone",
    "Natália", "Rafaela", "Tatiane", "Daniela", "Cristiane", "Débora", "Priscila", "Carla",
    "Kelly", "Rosângela", "Jaqueline", "Isabela", "Lúcia", "Sabrina", "Thaís", "Edilene",
    "Joana", "Valéria", "Luzia", "Manuela", "Heloísa", "Cícera", "Rayssa", "Yasmin", "Lívia",
    "Silvana", "Michele", "Kátia", "Elaine", "Regina", "Bianca", "Alessandra", "Tereza",
)
NOMES_MASCULINOS = (
    "José", "João", "Antônio", "Francisco", "Carlos", "Paulo", "Pedro", "Lucas", "Luiz",
    "Marcos", "Luís", "Gabriel", "Rafael", "Daniel", "Marcelo", "Bruno", "Eduardo", "Felipe",
    "Raimundo", "Rodrigo", "Manoel", "Mateus", "André", "Fernando", "Fábio", "Leonardo",
    "Gustavo", "Guilherme", "Leandro", "Tiago", "Anderson", "Ricardo", "Márcio", "Jorge",
    "Sebastião", "Alexandre", "Roberto", "Edson", "Diego", "Vítor", "Sérgio", "Cláudio",
    "Matheus", "Thiago", "Geraldo", "Adriano", "Luciano", "Júlio", "Renato", "Alex", "Vinícius",
    "Rogério", "Samuel", "Ronaldo", "Mário", "Flávio", "Douglas", "Igor", "Davi", "Heitor",
    "Arthur", "Severino", "Cícero", "Wellington", "Everton", "Josué", "Otávio", "Caio",
)
SOBRENOMES = (
    "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira",
    "Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares",
    "Fernandes", "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira",
    "Nunes", "Marques", "Machado", "Mendes", "Freitas", "Cardoso", "Ramos", "Gonçalves",
    "Santana", "Teixeira", "Araújo", "Cavalcanti", "Monteiro", "Moura", "Batista", "Barros",
    "Pinto", "Correia", "Campos", "Cunha", "Xavier", "Brito", "Farias", "Bezerra", "Sales",
    "Macedo", "Siqueira", "Tavares", "Aragão", "Queiroz", "Pires", "Leite", "Coelho",
    "Medeiros", "Nogueira", "Holanda", "Pacheco", "Rezende", "Fonseca", "Amaral", "Borges",
    "Miranda", "Guimarães", "Castro", "Duarte", "Figueiredo", "Cruz", "Torres", "Matos",
    "Sampaio", "Bastos", "Vasconcelos", "Paiva", "Prado", "Bueno", "Camargo", "Franco",
)
PARTICULAS = {"Santos": "dos", "Silva": "da", "Souza": "de", "Oliveira": "de",
              "Nascimento": "do", "Araújo": "de", "Jesus": "de", "Conceição": "da"}
DOMINIOS = ("example.com", "example.org", "example.net")

# Self-declaration, in thousandths (rough IBGE 2022 proportions).
CORES = ((CorRaca.PARDA, 452), (CorRaca.BRANCA, 425), (CorRaca.PRETA, 103),
         (CorRaca.INDIGENA, 15), (CorRaca.AMARELA, 5))
TIPOS_DEFICIENCIA = (("fisica", 35), ("visual", 20), ("auditiva", 20), ("intelectual", 8),
                     ("tea", 8), ("mental", 5), ("multipla", 4))
SITUACOES = (("habilitado", 900), ("ausente", 55), ("eliminado", 35), ("desistente", 10))


def _sortear(rng: random.Random, tabela) -> str:
    alvo = rng.randrange(sum(peso for _, peso in tabela))
    for valor, peso in tabela:
        if alvo < peso:
            return valor
        alvo -= peso
    raise AssertionError("tabela de pesos vazia")


def _sem_acento(texto: str) -> str:
    return unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()


# --- CPF --------------------------------------------------------------------------------------


def digitos_verificadores_cpf(base: str) -> str:
    """The two check digits of a CPF whose first nine digits are ``base``."""
    digitos = [int(d) for d in base]
    for _ in range(2):
        peso = len(digitos) + 1
        soma = sum(d * (peso - i) for i, d in enumerate(digitos))
        resto = soma * 10 % 11
        digitos.append(0 if resto == 10 else resto)
    return "".join(str(d) for d in digitos[9:])


def gerar_cpf(rng: random.Random, regiao: str) -> str:
    while True:
        regiao_fiscal = regiao if rng.randrange(100) < 85 else str(rng.randrange(10))
        base = "".join(str(rng.randrange(10)) for _ in range(8)) + regiao_fiscal
        if len(set(base)) > 1:
            return base + digitos_verificadores_cpf(base)


# --- people and inscrições --------------------------------------------------------------------


@dataclass
class Pessoa:
    cpf: str
    nome: str
    nome_social: str
    data_nascimento: dt.date
    email: str
    telefone: str
    cor_raca: str
    quilombola: bool
    tipo_deficiencia: str  # "" = no disability


class Gerador:
    """Builds the people and rows of the demo. Every value is a function of its key."""

    def __init__(self, semente: int):
        self.semente = semente
        self.pessoas: dict[str, Pessoa] = {}
        self.cpfs: set[str] = set()
        self.persona()  # first, so its CPF never depends on the others

    def _rng(self, *chave) -> random.Random:
        return random.Random(":".join(str(c) for c in (self.semente, *chave)))

    def pessoa(self, chave: str, demo: CertameDemo) -> Pessoa:
        if chave in self.pessoas:
            return self.pessoas[chave]
        rng = self._rng("pessoa", chave)
        feminino = rng.randrange(100) < 55  # women are the majority of municipal applicants
        primeiros = NOMES_FEMININOS if feminino else NOMES_MASCULINOS
        nome = [rng.choice(primeiros)]
        if rng.randrange(100) < 30:
            nome.append(rng.choice([n for n in primeiros if n != nome[0]]))
        sobrenomes = rng.sample(SOBRENOMES, 2 if rng.randrange(100) < 70 else 1)
        familia: list[str] = []
        for i, sobrenome in enumerate(sobrenomes):
            particula = PARTICULAS.get(sobrenome)
            if particula and (i or len(sobrenomes) == 1) and rng.randrange(100) < 60:
                familia.append(particula)
            familia.append(sobrenome)
        nome += familia
        nome_social = ""
        if rng.randrange(1000) < 4:
            outros = NOMES_MASCULINOS if feminino else NOMES_FEMININOS
            nome_social = " ".join([rng.choice(outros), *familia])
        idade_dias = 18 * 365 + 30 + rng.randrange(6) * rng.randrange(2600) + rng.randrange(2600)
        nascimento = demo.publicacao - dt.timedelta(days=idade_dias)
        cor = _sortear(rng, CORES)
        quilombola = cor in (CorRaca.PRETA, CorRaca.PARDA) and rng.randrange(100) < 6
        deficiencia = _sortear(rng, TIPOS_DEFICIENCIA) if rng.randrange(100) < 8 else ""
        usuario_email = ".".join(_sem_acento(p).lower() for p in (nome[0], sobrenomes[-1]))
        email = f"{usuario_email}{rng.randrange(10, 100)}@{rng.choice(DOMINIOS)}"
        celular = f"9{rng.randrange(8000, 10000)}-{rng.randrange(10000):04d}"
        cpf = gerar_cpf(rng, demo.regiao_cpf)
        while cpf in self.cpfs:  # practically never; deterministic anyway
            cpf = gerar_cpf(rng, demo.regiao_cpf)
        pessoa = Pessoa(cpf=cpf, nome=" ".join(nome), nome_social=nome_social,
                        data_nascimento=nascimento, email=email,
                        telefone=f"({demo.ddd}) {celular}", cor_raca=cor, quilombola=quilombola,
                        tipo_deficiencia=deficiencia)
        self._registrar(chave, pessoa)
        return pessoa

    def persona(self) -> Pessoa:
        if "persona" not in self.pessoas:
            rng = self._rng("persona")
            cpf = gerar_cpf(rng, "8")
            while cpf in self.cpfs:
                cpf = gerar_cpf(rng, "8")
            self._registrar("persona", Pessoa(
                cpf=cpf, nome=PERSONA["nome"], nome_social="",
                data_nascimento=PERSONA["data_nascimento"], email=PERSONA["email"],
                telefone=PERSONA["telefone"], cor_raca=PERSONA["cor_raca"], quilombola=False,
                tipo_deficiencia=""))
        return self.pessoas["persona"]

    def _registrar(self, chave: str, pessoa: Pessoa) -> None:
        self.pessoas[chave] = pessoa
        self.cpfs.add(pessoa.cpf)

    def linhas(self, indice: int, demo: CertameDemo, quantidades: dict[str, int]) -> list[list]:
        """The CSV rows (header first) of one certame."""
        regime = obter_regime(demo.regime)
        tem_q = "Q" in regime.listas
        fim_inscricoes = demo.publicacao + dt.timedelta(
            days=next(e.fim for e in demo.etapas if e.tipo == "inscricoes"))
        persona_em = {codigo for i, codigo in PERSONA["inscricoes"] if i == indice}
        linhas: list[list] = [[
            "Inscrição", "CPF", "Nome", "Nome social", "Data de nascimento", "E-mail",
            "Telefone", "Cargo", "Cor/raça", "Quilombola", "Deficiência",
            "Tipo de deficiência", "Listas", "Nota final", "Situação", "Taxa",
            "desempate_1", "desempate_2",
        ]]
        codigos = [c.codigo for c in demo.cargos]
        for cargo in demo.cargos:
            ja_no_cargo: set[str] = set()
            for posicao in range(quantidades[cargo.codigo]):
                rng = self._rng("inscricao", demo.numero_edital, demo.regime, cargo.codigo,
                                posicao)
                if posicao == 0 and cargo.codigo in persona_em:
                    chave, pessoa = "persona", self.persona()
                else:
                    chave = f"{demo.regime}:{cargo.codigo}:{posicao}"
                    # ~5% apply to a second cargo of the same certame: reuse someone who is
                    # (or would be, with more inscrições) in another cargo.
                    if rng.randrange(100) < 5 and len(codigos) > 1:
                        outro = rng.choice([c for c in codigos if c != cargo.codigo])
                        candidata = f"{demo.regime}:{outro}:{rng.randrange(40)}"
                        if candidata not in ja_no_cargo:
                            chave = candidata
                    if chave in ja_no_cargo:
                        chave = f"{demo.regime}:{cargo.codigo}:{posicao}"
                    pessoa = self.pessoa(chave, demo)
                ja_no_cargo.add(chave)
                linhas.append(self._linha(rng, demo, regime, tem_q, cargo, posicao, pessoa,
                                          chave == "persona", fim_inscricoes))
        return linhas

    def _linha(self, rng, demo, regime, tem_q, cargo, posicao, pessoa, e_persona,
               fim_inscricoes) -> list:
        quilombola = pessoa.quilombola and tem_q
        deficiencia = bool(pessoa.tipo_deficiencia)
        listas = []
        for lista in regime.listas:
            if motivo_opcao_invalida(lista, cor_raca=pessoa.cor_raca, quilombola=quilombola,
                                     deficiencia=deficiencia) is None:
                if e_persona or rng.randrange(100) < (90 if lista == "PCD" else 85):
                    listas.append(lista)
        situacao = "habilitado" if e_persona else _sortear(rng, SITUACOES)
        # Final score 40.00-97.99, bell-shaped, in integer hundredths (exact).
        centesimos = 4000 + sum(rng.randrange(1934) for _ in range(3))
        nota = "" if situacao == "ausente" else _decimal_br(Decimal(centesimos).scaleb(-2))
        especifica = 0 if situacao == "ausente" else rng.randrange(1000, 4001)
        idade_dias = (fim_inscricoes - pessoa.data_nascimento).days
        taxa = "paga"
        if demo.isentas_por_mil and rng.randrange(1000) < demo.isentas_por_mil:
            taxa = "isenta"
        return [
            f"{cargo.codigo}{posicao + 1:05d}",
            _formatar_cpf(pessoa.cpf),
            pessoa.nome,
            pessoa.nome_social,
            data_br(pessoa.data_nascimento),
            pessoa.email,
            pessoa.telefone,
            cargo.codigo,
            pessoa.cor_raca,
            "Sim" if quilombola else "Não",
            "Sim" if deficiencia else "Não",
            pessoa.tipo_deficiencia,
            ", ".join(listas),
            nota,
            situacao,
            taxa,
            _decimal_br(Decimal(especifica).scaleb(-2)),  # specific-knowledge score, 0-40
            str(idade_dias),  # age in days: the older wins
        ]


def _decimal_br(valor: Decimal) -> str:
    return f"{valor:.2f}".replace(".", ",")


def _formatar_cpf(cpf: str) -> str:
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


def distribuir(total: int, cargos: list[tuple[str, int]]) -> dict[str, int]:
    """``total`` inscrições over the cargos: one each, the rest by weight (largest remainder)."""
    resultado = {codigo: 1 for codigo, _ in cargos}
    resto = total - len(cargos)
    peso_total = sum(peso for _, peso in cargos)
    partes = [(codigo, resto * peso) for codigo, peso in cargos]
    for codigo, parte in partes:
        resultado[codigo] += parte // peso_total
    faltam = total - sum(resultado.values())
    por_resto = sorted(partes, key=lambda p: (-(p[1] % peso_total), p[0]))
    for codigo, _ in por_resto[:faltam]:
        resultado[codigo] += 1
    return resultado


def gerar_csvs(total: int, semente: int = SEMENTE, hoje: dt.date | None = None
               ) -> list[tuple[CertameDemo, bytes, int]]:
    """(certame, CSV bytes, number of rows) for each demo certame, as of `hoje`."""
    demos = certames_em(hoje or timezone.localdate())
    pesos = [((i, c.codigo), (c.vagas or 2) * c.procura)
             for i, demo in enumerate(demos) for c in demo.cargos]
    quantidades = distribuir(total, pesos)
    gerador = Gerador(semente)
    resultado = []
    for i, demo in enumerate(demos):
        por_cargo = {c.codigo: quantidades[(i, c.codigo)] for c in demo.cargos}
        linhas = gerador.linhas(i, demo, por_cargo)
        saida = io.StringIO()
        csv.writer(saida, delimiter=";", lineterminator="\n").writerows(linhas)
        resultado.append((demo, saida.getvalue().encode("utf-8"), len(linhas) - 1))
    return resultado


# --- writing ----------------------------------------------------------------------------------


def sincronizar(modelo: type[models.Model], chaves: dict, valores: dict, *,
                validar: bool = False, criacao: dict | None = None
                ) -> tuple[models.Model, bool]:
    """Create, or update only the fields that differ (so a re-run adds no history rows).
    `criacao` holds values written only when the row is created (e.g. a certame's status,
    which the demo's own acts change afterwards: the homologation)."""
    obj = modelo.objects.filter(**chaves).first()
    if obj is None:
        obj = modelo(**chaves, **valores, **(criacao or {}))
        if validar:
            obj.full_clean()
        obj.save()
        return obj, True
    mudaram = [campo for campo, valor in valores.items() if getattr(obj, campo) != valor]
    if mudaram:
        for campo in mudaram:
            setattr(obj, campo, valores[campo])
        if validar:
            obj.full_clean()
        obj.save(update_fields=mudaram)
    return obj, False


def _momento(data: dt.date, hora: int, minuto: int = 0) -> dt.datetime:
    return dt.datetime.combine(data, dt.time(hora, minuto), tzinfo=FUSO)


class Command(BaseCommand):
    help = (
        "Carrega dados de demonstração com datas relativas a hoje: quatro certames (Santa "
        "Maria da Boa Vista/PE, Severínia/SP, Pirangi/SP e um certame homologado com "
        "convocações), cargos, cronogramas, inscrições (pelo importador), comissões e as "
        "contas de demonstração. Idempotente: rodar de novo no mesmo dia não cria nada."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--inscricoes", type=int, default=2000,
            help="Total de inscrições distribuídas entre os certames (padrão: 2000).")
        parser.add_argument(
            "--hoje", type=dt.date.fromisoformat, default=None, metavar="AAAA-MM-DD",
            help="Data de referência da demonstração (padrão: hoje). Todas as datas são "
                 "relativas a ela.")

    def handle(self, *args, **options):
        total = options["inscricoes"]
        if total < MINIMO_INSCRICOES:
            raise CommandError(f"--inscricoes deve ser pelo menos {MINIMO_INSCRICOES}.")
        self.hoje = options["hoje"] or timezone.localdate()
        self.demos = certames_em(self.hoje)
        primeiro = primeiro_dia()
        if self.hoje < primeiro:
            raise CommandError(
                f"A demonstração só pode ser carregada com data de referência a partir de "
                f"{data_br(primeiro)}: antes dela, o edital de algum certame seria anterior à "
                f"lei do seu regime (vigência de cada regime: `manage.py regimes`).")
        if self._carregada_em_outra_data():
            return
        inicio = time.perf_counter()
        contadores = self._contar()
        with transaction.atomic():
            usuarios = self._usuarios()
            certames = [self._certame(demo, usuarios["rh"]) for demo in self.demos]
            self._autoridade_superior(certames, usuarios)
            self._sorteio_pirangi(certames[PIRANGI], self.demos[PIRANGI], usuarios["rh"])
            for (demo, conteudo, linhas), certame in zip(gerar_csvs(total, hoje=self.hoje),
                                                         certames, strict=True):
                if certame.homologado_em is None:  # a homologated list is closed
                    self._importar(certame, demo, conteudo, linhas, usuarios["rh"])
            self._vincular_candidato(usuarios["candidato"])
            self._atendimento_severinia(certames[SEVERINIA], usuarios)
            avaliadas = self._avaliadas_pirangi(certames[PIRANGI])
            self._decisoes_pirangi(certames[PIRANGI], usuarios["rh"], avaliadas)
            self._comissao_smbv(certames[SMBV], usuarios)
            self._conta_laudo(certames[SMBV])
            self._comissoes_pirangi(certames[PIRANGI], usuarios, avaliadas)
        self._publicar_pirangi(certames[PIRANGI], usuarios["rh"])
        self._homologar_e_convocar(certames[HOMOLOGADO], self.demos[HOMOLOGADO],
                                   usuarios["rh"])
        self._relatorio(contadores, time.perf_counter() - inicio)

    def _carregada_em_outra_data(self) -> bool:
        """The demo's acts (sessions, votes, publications, the homologation) are dated from
        the day it was loaded: loaded on another day, it is kept as it is, with a notice."""
        demo = self.demos[SEVERINIA]
        certame = Certame.objects.filter(orgao__nome=demo.orgao,
                                         numero_edital=demo.numero_edital).first()
        if certame is None or certame.data_publicacao_edital == demo.publicacao:
            return False
        referencia = certame.data_publicacao_edital + dt.timedelta(days=demo.atraso)
        self.stderr.write(self.style.WARNING(
            f"Os dados de demonstração já existem neste banco, carregados com a data de "
            f"referência {data_br(referencia)}; nada foi alterado. Para uma demonstração com "
            f"as datas de hoje, apague o banco de desenvolvimento (rm db.sqlite3) e rode "
            f"`make run` de novo."))
        return True

    # -- steps ---------------------------------------------------------------------------------

    def _usuarios(self) -> dict:
        contas = [(u, senha, grupo, staff, su, nome, sobrenome)
                  for u, senha, grupo, staff, su, nome, sobrenome in USUARIOS]
        contas += [(u, SENHA_MEMBROS, GRUPO_COMISSAO, False, False, nome, sobrenome)
                   for u, nome, sobrenome, *_ in MEMBROS]
        User = get_user_model()
        usuarios = {}
        for username, senha, grupo, staff, superusuario, nome, sobrenome in contas:
            email = PERSONA["email"] if grupo == GRUPO_CANDIDATO else f"{username}@example.com"
            usuario, criado = User.objects.get_or_create(
                username=username,
                defaults={"first_name": nome, "last_name": sobrenome, "is_staff": staff,
                          "is_superuser": superusuario, "email": email})
            mudou = criado
            if (usuario.is_staff, usuario.is_superuser, usuario.is_active) != (
                    staff, superusuario, True):
                usuario.is_staff, usuario.is_superuser, usuario.is_active = (
                    staff, superusuario, True)
                mudou = True
            if criado or not usuario.check_password(senha):
                usuario.set_password(senha)
                mudou = True
            if mudou:
                usuario.save()
            if grupo is not None:
                grupo_obj, _ = Group.objects.get_or_create(name=grupo)
                usuario.groups.add(grupo_obj)
            usuarios[username] = usuario
        return usuarios

    def _autoridade_superior(self, certames: list[Certame], usuarios: dict) -> None:
        """Each certame's superior authority (`autoridade`, the Secretária de Administração),
        designated by RH with the edital: it judges the appeals against RH's decisions that
        the decider did not reconsider (Lei 9.784/1999, art. 56, §1º). Once per certame."""
        for demo, certame in zip(self.demos, certames, strict=True):
            if autoridade.autoridade_em_vigor(certame) is not None:
                continue
            autoridade.designar(
                certame, usuario=usuarios["autoridade"], autor=usuarios["rh"],
                agora=_momento(demo.publicacao, 9),
                ato=f"Portaria da Prefeitura de {demo.municipio} (demonstração), publicada com "
                    f"o edital {demo.numero_edital}",
                motivacao="Secretária Municipal de Administração, superior hierárquica do setor "
                          "de RH que conduz o certame.")

    def _certame(self, demo: CertameDemo, autor) -> Certame:
        orgao, _ = sincronizar(Orgao, {"nome": demo.orgao},
                               {"municipio": demo.municipio, "uf": demo.uf})
        certame, criado = sincronizar(
            Certame, {"orgao": orgao, "numero_edital": demo.numero_edital},
            {"titulo": demo.titulo, "tipo": Certame.Tipo.CONCURSO, "regime": demo.regime,
             "data_publicacao_edital": demo.publicacao, "validade_meses": 24,
             "parametros": demo.parametros,
             "criterios_heteroidentificacao": demo.criterios_heteroidentificacao},
            validar=True, criacao={"status": Certame.Status.EM_ANDAMENTO})
        if criado:
            registrar_ato(
                tipo="carga_demonstracao",
                descricao=f"Certame de demonstração criado: {orgao.municipio}/{orgao.uf}, "
                          f"edital {certame.numero_edital}.",
                autor=autor, certame=certame, objeto=certame)
        for cargo in demo.cargos:
            sincronizar(Cargo, {"certame": certame, "codigo": cargo.codigo}, {
                "nome": cargo.nome, "vagas": cargo.vagas, "requisitos": cargo.requisitos,
                "atribuicoes": cargo.atribuicoes, "remuneracao": Decimal(cargo.remuneracao),
                "taxa_inscricao": Decimal(cargo.taxa)}, validar=True)
        for etapa in demo.etapas:
            inicio = _momento(demo.publicacao + dt.timedelta(days=etapa.inicio), 8)
            fim = _momento(demo.publicacao + dt.timedelta(days=etapa.fim), 23, 59)
            sincronizar(Etapa, {"certame": certame, "tipo": etapa.tipo},
                        {"inicio": inicio, "fim": fim, "descricao": etapa.descricao},
                        validar=True)
        return certame

    def _sorteio_pirangi(self, certame: Certame, demo: CertameDemo, autor) -> None:
        """Pirangi applies its reserve to the whole edital (Lei 3.056/2025, art. 1º, §1º, and
        art. 8º): the seats the cargos' whole parts leave were drawn in public, announced on
        day 1 with the Loteria Federal's draw of day 5 as the seed (certames/sorteio.py)."""
        if Sorteio.objects.filter(certame=certame).exists():
            return
        dia_da_semente = demo.publicacao + dt.timedelta(days=5)
        anunciar(certame, autor=autor, hoje=demo.publicacao + dt.timedelta(days=1),
                 data_da_semente=dia_da_semente,
                 fonte_semente=f"1º prêmio da Loteria Federal, extração de "
                               f"{data_br(dia_da_semente)}")
        sortear(certame, semente="46213", autor=autor, hoje=dia_da_semente)

    def _importar(self, certame, demo, conteudo, linhas, autor) -> None:
        nome_arquivo = f"demo-{demo.regime}-{linhas}.csv"
        try:
            resumo = importar_inscricoes(certame, conteudo, autor=autor,
                                         nome_arquivo=nome_arquivo)
        except ArquivoRejeitado as exc:
            for erro in exc.erros[:20]:
                self.stderr.write(str(erro))
            raise CommandError(
                f"O importador rejeitou {nome_arquivo} com {len(exc.erros)} erro(s); nada foi "
                "gravado.") from None
        self.stdout.write(
            f"{demo.municipio}/{demo.uf} — edital {demo.numero_edital} ({demo.regime}): "
            f"{resumo.linhas} linhas, {resumo.inscricoes_criadas} inscrições criadas, "
            f"{resumo.inscricoes_atualizadas} atualizadas, {resumo.inscricoes_inalteradas} "
            f"inalteradas; {resumo.candidatos_criados} candidatos criados.")

    def _avaliadas_pirangi(self, certame: Certame) -> list[tuple[Inscricao, int]]:
        """The PP optants Pirangi's committee judged in its session (with how many of the
        five members did not confirm): the persona (not confirmed: she may appeal today), one
        not confirmed who has appealed, and two confirmed."""
        persona = Inscricao.objects.get(certame=certame,
                                        candidato__cpf=Gerador(SEMENTE).persona().cpf)
        outros = [i for i in Inscricao.objects.filter(
            certame=certame, nota__isnull=False, situacao=Inscricao.Situacao.HABILITADO)
            .exclude(pk=persona.pk).select_related("candidato").order_by("numero")
            if "PP" in i.listas and i.candidato.usuario_id is None][:3]
        return [(persona, 3), *zip(outros, (5, 0, 1), strict=True)]

    def _decisoes_pirangi(self, certame: Certame, autor, avaliadas) -> None:
        """Heteroidentification results for Pirangi's other PP optants (recorded as decided
        outside the system), so the demo shows confirmed, pending (sub judice) and not
        confirmed candidates. Only once: skipped if any decision exists in this certame."""
        if SituacaoLista.objects.filter(inscricao__certame=certame).exists():
            return
        pela_comissao = {i.pk for i, _ in avaliadas}
        optantes = [i for i in Inscricao.objects.filter(certame=certame, nota__isnull=False)
                    .exclude(pk__in=pela_comissao).order_by("numero") if "PP" in i.listas]
        # The bases are the regime's (a non-confirmation's effect; the procedure's article).
        regime = certame.regime_legal
        nao_confirmada = regime.regra_nao_confirmacao("PP").fundamento
        confirmada = regime.procedimento(HETEROIDENTIFICACAO).fundamento
        for indice, inscricao in enumerate(optantes):
            if indice % 3 == 2:
                continue  # still pending: shown as sub judice
            if indice % 10 == 9:
                registrar_situacao_lista(
                    inscricao, "PP", EstadoLista.NAO_CONFIRMADA, autor=autor,
                    motivacao="Parecer da comissão de heteroidentificação (demonstração): "
                              "fenótipo não confirmado por maioria.",
                    fundamento=nao_confirmada)
            else:
                registrar_situacao_lista(
                    inscricao, "PP", EstadoLista.CONFIRMADA, autor=autor,
                    motivacao="Parecer da comissão de heteroidentificação (demonstração): "
                              "autodeclaração confirmada.",
                    fundamento=confirmada)

    def _membros_hetero(self, comissao: Comissao, usuarios: dict, rh) -> list:
        """`comissao` presides; comissao2-5 titulares; the suplentes where `MEMBROS` says."""
        membros = [adicionar_membro(comissao, usuarios["comissao"], genero="masculino",
                                    cor_raca="parda", regiao="nordeste", presidente=True,
                                    autor=rh)[0]]
        for username, _n, _s, genero, cor, regiao, papel in MEMBROS:
            if username.startswith("comissao"):
                membros.append(adicionar_membro(
                    comissao, usuarios[username], genero=genero, cor_raca=cor, regiao=regiao,
                    papel=papel, autor=rh)[0])
        return membros

    def _comissao_smbv(self, certame: Certame, usuarios: dict) -> None:
        """SMBV's heteroidentification committee (five titulares presided by the `comissao`
        account, two suplentes), with one in-person session today (LC 22/2026, art. 3º, §1º)
        and eight PP optants called to it, so the workspace has a queue to judge: three
        votes close an evaluation (absolute majority of five). Only once: skipped if the
        certame has a committee."""
        if Comissao.objects.filter(certame=certame).exists():
            return
        rh = usuarios["rh"]
        comissao = criar_comissao(certame, tipo=Comissao.Tipo.HETEROIDENTIFICACAO, autor=rh,
                                  nome="Comissão de heteroidentificação — Edital 001/2026")
        self._membros_hetero(comissao, usuarios, rh)
        etapa = certame.etapas.get(tipo=Etapa.Tipo.HETEROIDENTIFICACAO)
        inicio = _momento(self.hoje, 9)  # today, inside the stage
        sessao = agendar_sessao(comissao, inicio=inicio, modalidade=Sessao.Modalidade.PRESENCIAL,
                                local="Auditório da Prefeitura, Rua Coronel Clementino, 123",
                                etapa=etapa, autor=rh, agora=etapa.inicio - dt.timedelta(days=1))
        optantes = [i for i in Inscricao.objects.filter(certame=certame, nota__isnull=False,
                                                        situacao=Inscricao.Situacao.HABILITADO)
                    .order_by("-nota", "numero") if "PP" in i.listas][:8]
        for ordem, inscricao in enumerate(optantes):
            convocar(sessao, inscricao, "PP", inicio + dt.timedelta(minutes=15 * ordem),
                     autor=rh)
        self._outras_comissoes_smbv(certame, usuarios)

    def _outras_comissoes_smbv(self, certame: Certame, usuarios: dict) -> None:
        """SMBV's documentary committee (indigenous proof, LC 22/2026 art. 4º) and its
        multiprofessional team (PcD, art. 7º; 3 professionals, one a physician — Decreto
        9.508/2018, art. 5º), each with a session today and its optants called. The
        `comissao` account is a member of both, so the workspace shows every kind."""
        rh = usuarios["rh"]
        User = get_user_model()
        especificacoes = [
            (Comissao.Tipo.VERIFICACAO_DOCUMENTAL, "Comissão de verificação documental",
             Etapa.Tipo.VERIFICACAO_DOCUMENTAL, "I",
             [("Antropóloga", False), ("Servidor do RH", False)]),
            (Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL, "Equipe multiprofissional (PcD)",
             Etapa.Tipo.AVALIACAO_PCD, "PCD",
             [("Medicina", True), ("Psicologia", False)]),
        ]
        for hora, (tipo, nome, tipo_etapa, lista, outros) in enumerate(especificacoes,
                                                                       start=14):
            comissao = criar_comissao(certame, tipo=tipo, nome=f"{nome} — Edital 001/2026",
                                      autor=rh, tamanho=3)
            adicionar_membro(comissao, usuarios["comissao"], genero="masculino",
                             cor_raca="parda", regiao="nordeste", presidente=True, autor=rh,
                             area_profissional="Serviço Social")
            for i, (area, medico) in enumerate(outros, start=1):
                membro, _ = User.objects.get_or_create(
                    username=f"{tipo[:4]}{i}", defaults={"first_name": area})
                membro.set_unusable_password()
                membro.save()
                adicionar_membro(comissao, membro, genero="feminino" if i % 2 else "masculino",
                                 cor_raca="parda", regiao="nordeste", autor=rh,
                                 area_profissional=area, medico=medico)
            etapa = certame.etapas.get(tipo=tipo_etapa)
            inicio = _momento(self.hoje, hora)
            sessao = agendar_sessao(comissao, inicio=inicio,
                                    modalidade=Sessao.Modalidade.PRESENCIAL,
                                    local="Secretaria de Administração, sala 2", etapa=etapa,
                                    autor=rh, agora=etapa.inicio - dt.timedelta(days=1))
            optantes = [i for i in Inscricao.objects.filter(
                certame=certame, nota__isnull=False, situacao=Inscricao.Situacao.HABILITADO)
                .order_by("-nota", "numero") if lista in i.listas][:6]
            for ordem, inscricao in enumerate(optantes):
                convocar(sessao, inscricao, lista, inicio + dt.timedelta(minutes=20 * ordem),
                         autor=rh)

    def _comissoes_pirangi(self, certame: Certame, usuarios: dict, avaliadas) -> None:
        """Pirangi's heteroidentification committee held its session in the stage (days 70
        to 72): the members signed the term, the president recorded the attendance, the five
        voted and the president closed each evaluation; RH published the preliminary result
        (batch 1), whose appeal window is open today. The recursal committee (recursal1-5)
        judges the appeals: one is already filed. Only once: skipped if the certame has a
        committee."""
        if Comissao.objects.filter(certame=certame).exists():
            return
        rh = usuarios["rh"]
        comissao = criar_comissao(certame, tipo=Comissao.Tipo.HETEROIDENTIFICACAO, autor=rh,
                                  nome="Comissão de heteroidentificação — Edital 001/2026")
        membros = [m for m in self._membros_hetero(comissao, usuarios, rh)
                   if m.papel == MembroComissao.Papel.TITULAR]
        membros = [assinar_termo(membro, usuario=membro.usuario) for membro in membros]
        recursal = criar_comissao(certame, tipo=Comissao.Tipo.RECURSAL, autor=rh,
                                  nome="Comissão recursal — Edital 001/2026")
        for username, _n, _s, genero, cor, regiao, papel in MEMBROS:
            if username.startswith("recursal"):
                adicionar_membro(recursal, usuarios[username], genero=genero, cor_raca=cor,
                                 regiao=regiao, papel=papel, autor=rh,
                                 presidente=username == "recursal1")
        etapa = certame.etapas.get(tipo=Etapa.Tipo.HETEROIDENTIFICACAO)
        inicio = etapa.inicio + dt.timedelta(hours=1)
        sessao = agendar_sessao(comissao, inicio=inicio, modalidade=Sessao.Modalidade.PRESENCIAL,
                                local="Paço Municipal de Pirangi, sala de reuniões",
                                etapa=etapa, autor=rh, agora=etapa.inicio - dt.timedelta(days=1))
        presidente = membros[0]
        # The president opened the session recording the five titulares present.
        registrar_presenca(sessao, quem_registra=presidente, presentes=[m.pk for m in membros])
        julgadas = []
        for ordem, (inscricao, nao_confirmam) in enumerate(avaliadas):
            conv = convocar(sessao, inscricao, "PP", inicio + dt.timedelta(minutes=15 * ordem),
                            autor=rh)
            registrar_comparecimento(conv, "presente", presidente=presidente)
            avaliacao = conv.avaliacoes.get()
            for i, membro in enumerate(membros):
                if i < nao_confirmam:
                    votar(avaliacao, membro, Voto.Sentido.NAO_CONFIRMA, MOTIVO_NAO_CONFIRMA)
                else:
                    votar(avaliacao, membro, Voto.Sentido.CONFIRMA, MOTIVO_CONFIRMA)
            julgadas.append(encerrar(avaliacao, presidente,
                                     gravacao=f"sessao-{sessao.pk}-{inscricao.numero}.mp4"))
        # In the procedure's stage or after it (certames/cronograma.py): today, day 75.
        publicar_resultado_preliminar(certame, autor=rh, agora=_momento(self.hoje, 8))
        # The second candidate (not confirmed) appealed, with a declaration attached: the
        # recursal committee has a case with its record.
        recorrente = julgadas[1].inscricao.candidato
        User = get_user_model()
        conta, _ = User.objects.get_or_create(
            username="recorrente", defaults={"first_name": recorrente.nome.split()[0],
                                             "email": recorrente.email})
        conta.set_unusable_password()
        conta.save()
        conta.groups.add(Group.objects.get_or_create(name=GRUPO_CANDIDATO)[0])
        recorrente.usuario = conta
        recorrente.save(update_fields=["usuario"])
        apresentar_recurso(
            julgadas[1], autor=conta, agora=_momento(self.hoje, 8, 30),
            texto="Sou pessoa parda, assim reconhecida na minha família e na comunidade. "
                  "Peço a reavaliação do meu fenótipo pela comissão recursal, com base na "
                  "gravação da sessão (Lei 3.056/2025, art. 4º, §1º, II).",
            arquivos=[SimpleUploadedFile(
                "declaracao-familia.pdf",
                pdf_simples(["Declaracao (demonstracao)",
                           "Declaro que a recorrente e reconhecida como pessoa parda",
                           "pela familia e pela comunidade."]),
                content_type="application/pdf")])

    def _publicar_pirangi(self, certame: Certame, autor) -> None:
        """Publish Pirangi's lists as preliminary results (once), today, in the schedule's
        "Resultado preliminar" stage (day 75), so the public pages show them. Runs after the
        commit, when the recompute has a version to publish."""
        for cargo in certame.cargos.all():
            recalcular(cargo.pk, causa="carga de demonstração")
            versao = cargo.versoes_classificacao.order_by("-numero").first()
            if versao is not None and not Publicacao.objects.filter(
                    versao__cargo=cargo).exists():
                publicar(versao, Publicacao.Tipo.PRELIMINAR, autor,
                         agora=_momento(self.hoje, 9))

    def _homologar_e_convocar(self, certame: Certame, demo: CertameDemo, autor) -> None:
        """The older SMBV certame: every reserved-list option decided (confirmed), the final
        classification of each cargo published, the result homologated `demo.homologacao`
        days ago (CF, art. 37, III: the validity counts from it) and the first positions of
        each cargo called, with a deadline 15 days ahead. Only once: skipped if homologated."""
        if certame.homologado_em is not None:
            return
        # Each list's procedure's article, from the regime.
        regime = certame.regime_legal
        fundamentos = {lista: regime.procedimento(tipo).fundamento
                       for lista, tipo in (("PP", HETEROIDENTIFICACAO), ("I", DOCUMENTAL),
                                           ("PCD", AVALIACAO_PCD))}
        with transaction.atomic():
            for inscricao in Inscricao.objects.filter(certame=certame).order_by("numero"):
                for lista in inscricao.listas:
                    registrar_situacao_lista(
                        inscricao, lista, EstadoLista.CONFIRMADA, autor=autor,
                        motivacao="Decisão definitiva do procedimento (demonstração): "
                                  "condição confirmada.",
                        fundamento=fundamentos.get(lista, regime.lei))
        homologado_em = self.hoje - dt.timedelta(days=demo.homologacao)
        for cargo in certame.cargos.order_by("codigo"):
            versao = (recalcular(cargo.pk, causa="carga de demonstração")
                      or cargo.versoes_classificacao.order_by("-numero").first())
            # Published on the day of the homologation, in the schedule's "Resultado final /
            # homologação" stage (certames/cronograma.py).
            publicar(versao, Publicacao.Tipo.FINAL, autor, agora=_momento(homologado_em, 10))
        homologar(certame, data=homologado_em,
                  ato="Decreto municipal de homologação (demonstração), publicado no Diário "
                      "Oficial dos Municípios", autor=autor, hoje=self.hoje)
        for cargo in certame.cargos.order_by("codigo"):
            convocar_chamada(cargo, min(3, cargo.vagas), prazo=self.hoje + dt.timedelta(days=15),
                             autor=autor, hoje=self.hoje)

    def _atendimento_severinia(self, certame: Certame, usuarios: dict) -> None:
        """The persona's request for special conditions in Severínia (inscrições open), made
        yesterday and decided by RH: two conditions granted, one rejected, so the portal shows
        the decision and the appeal window (candidatos/condicoes.py). Once only."""
        insc = Inscricao.objects.filter(certame=certame,
                                        candidato__usuario=usuarios["candidato"]).first()
        if insc is None or condicoes.pedido_vigente(insc) is not None:
            return
        ontem = self.hoje - dt.timedelta(days=1)
        pedido = condicoes.solicitar(
            insc, autor=usuarios["candidato"], agora=_momento(ontem, 10),
            condicoes={"ampliada": "fonte 24", "tempo_adicional": "", "sala_acesso": ""},
            justificativa="Baixa visão (acuidade 20/200 no melhor olho), conforme o laudo "
                          "oftalmológico anexo.",
            laudo=SimpleUploadedFile("laudo.pdf", b"%PDF-1.4\n%demo\n%%EOF\n",
                                     content_type="application/pdf"))
        R = condicoes.ResultadoCondicao
        condicoes.decidir(
            pedido, autor=usuarios["rh"], agora=_momento(ontem, 16),
            motivacao="Laudo oftalmológico analisado: baixa visão comprovada.",
            resultados={
                "ampliada": R("deferido"), "tempo_adicional": R("deferido", minutos=60),
                "sala_acesso": R("indeferido", "A candidata não tem limitação de mobilidade "
                                 "e todas as salas do local de prova são térreas.")})

    def _conta_laudo(self, certame: Certame) -> None:
        """`CONTA_LAUDO` logs in as a habilitado PcD optant of `certame` (the first by number
        with no account), who sends the laudo in today's stage. Once only: kept if linked."""
        User = get_user_model()
        if Candidato.objects.filter(usuario__username=CONTA_LAUDO).exists():
            return
        optante = next((i for i in Inscricao.objects.filter(
            certame=certame, situacao=Inscricao.Situacao.HABILITADO, nota__isnull=False,
            candidato__usuario__isnull=True).select_related("candidato").order_by("numero")
            if "PCD" in i.listas), None)
        if optante is None:
            return
        candidato = optante.candidato
        usuario, _ = User.objects.get_or_create(
            username=CONTA_LAUDO, defaults={"first_name": candidato.nome.split()[0],
                                            "email": candidato.email})
        usuario.set_password(next(s for u, s, *_ in USUARIOS if u == "candidato"))
        usuario.save()
        usuario.groups.add(Group.objects.get_or_create(name=GRUPO_CANDIDATO)[0])
        candidato.usuario = usuario
        candidato.save(update_fields=["usuario"])

    def _vincular_candidato(self, usuario) -> None:
        cpf = Gerador(SEMENTE).persona().cpf
        candidato = Candidato.objects.filter(cpf=cpf).first()
        if candidato is None:  # cannot happen with >= MINIMO_INSCRICOES
            raise CommandError("A candidata de demonstração não foi importada.")
        anterior = Candidato.objects.filter(usuario=usuario).exclude(pk=candidato.pk).first()
        if anterior is not None:
            anterior.usuario = None
            anterior.save(update_fields=["usuario"])
        if candidato.usuario_id != usuario.pk:
            candidato.usuario = usuario
            candidato.save(update_fields=["usuario"])

    # -- output --------------------------------------------------------------------------------

    @staticmethod
    def _contar() -> dict[str, int]:
        return {
            "Órgãos": Orgao.objects.count(),
            "Certames": Certame.objects.count(),
            "Cargos": Cargo.objects.count(),
            "Etapas": Etapa.objects.count(),
            "Candidatos": Candidato.objects.count(),
            "Inscrições": Inscricao.objects.count(),
            "Usuários": get_user_model().objects.count(),
            "Atos de auditoria": Ato.objects.count(),
        }

    def _relatorio(self, antes: dict[str, int], duracao: float) -> None:
        depois = self._contar()
        self.stdout.write("")
        self.stdout.write(f"{'Registro':<20}{'criados':>10}{'total':>10}")
        for nome, total in depois.items():
            self.stdout.write(f"{nome:<20}{total - antes[nome]:>10}{total:>10}")
        self.stdout.write("")
        self.stdout.write("Contas de demonstração (somente para ambiente de desenvolvimento):")
        self.stdout.write(f"  {'usuário':<12}{'senha':<22}papel")
        for username, senha, grupo, _staff, superusuario, *_ in USUARIOS:
            papel = "superusuário (admin)" if superusuario else grupo
            self.stdout.write(f"  {username:<12}{senha:<22}{papel}")
        membros = ", ".join(u for u, *_ in MEMBROS)
        self.stdout.write(f"  {membros}: senha {SENHA_MEMBROS} (Comissao)")
        if get_user_model().objects.filter(username=CONTA_LAUDO).exists():
            self.stdout.write(f"  {CONTA_LAUDO}: senha de candidato (Candidato; laudo PcD a "
                              "enviar em Santa Maria da Boa Vista, edital 001/2026)")
        self.stdout.write(f"Data de referência: {data_br(self.hoje)}.")
        self.stdout.write(self.style.SUCCESS(
            f"Dados de demonstração carregados em {duracao:.1f} s."))
