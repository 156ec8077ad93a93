"""The demo's inscrições as the importer reads them: synthetic people (names, CPFs, e-mails,
self-declarations) and one CSV per certame. Each inscrição is a pure function of (seed,
certame, cargo, position), so ``--inscricoes`` can grow the demo later without conflicting
with what exists.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import random
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone

from candidatos.models import CorRaca, motivo_opcao_invalida
from certames.regras.regimes import obter_regime
from comum.formatos import data_br
from demo.cenarios.definicao import CertameDemo, certames_em

SEMENTE = 20260701

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
        if cargo.fases:
            # In phases: no final score in the inscrições' sheet (a blank cell keeps the
            # stored one, the engine's sum of the phases); the banca's come per phase.
            nota = ""
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

