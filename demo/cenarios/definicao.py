"""What the demo's certames are: four editais (one per seed regime and an older homologated
one), their cargos and schedules, as plain data. Every date is today (or ``--hoje``) plus an
offset (`certames_em`), so on any date each phase is live somewhere.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from zoneinfo import ZoneInfo

from certames.regras.regimes import obter_regime

FUSO = ZoneInfo("America/Sao_Paulo")


@dataclass(frozen=True)
class FaseDemo:
    """One phase of the exam as the edital defines it (`provas.models.Fase`): minimum and
    weight as decimal texts, the cut-off per list as RH enters it."""

    codigo: str
    nome: str
    tipo: str
    nota_minima: str
    peso: str = "1"
    corte: dict = field(default_factory=dict)
    habilita_heteroidentificacao: bool = False


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
    #: The exam's phases (none: a single score, the import's "Nota final"). A cargo in phases
    #: is imported without a final score: the banca's scores come per phase (`cenarios.fases`).
    fases: tuple[FaseDemo, ...] = ()


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
            EtapaDemo("aplicacao_prova", 40, 40, "Prova objetiva, no local e na sala do "
                      "cartão de confirmação."),
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
            # The cargo in phases: an objective exam whose cut-off admits three times AC's
            # vacancies to the discursive one, which the optants reaching the minimum take
            # whatever the cut (Lei 3.056/2025, art. 9º). Many candidates per vacancy, so the
            # cut leaves some out on any --inscricoes.
            CargoDemo(
                "202", "Técnico em Enfermagem", 3,
                "Curso técnico em enfermagem e registro no COREN.",
                "Executar ações de enfermagem sob supervisão do enfermeiro: curativos, "
                "vacinação, administração de medicamentos e coleta de material.",
                "2500.00", "60.00", 40,
                fases=(
                    FaseDemo("P1", "Prova objetiva", "objetiva", "50",
                             corte={"AC": {"modo": "multiplo", "valor": 3}}),
                    FaseDemo("P2", "Prova discursiva", "discursiva", "50",
                             habilita_heteroidentificacao=True),
                )),
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


def momento(data: dt.date, hora: int, minuto: int = 0) -> dt.datetime:
    """`hora`:`minuto` of the day `data`, in the demo municipalities' time zone."""
    return dt.datetime.combine(data, dt.time(hora, minuto), tzinfo=FUSO)
