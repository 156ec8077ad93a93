"""The demo's building blocks, one module per part of its story (`manage.py carregar_demo`
runs them in order):

- `definicao`: the four certames as data (cargos, schedules, dates relative to "today");
- `inscricoes`: the synthetic people and the CSVs the real importer reads;
- `contas`: the demo accounts and the candidates' links to their inscrições;
- `editais`: órgão, certame, cargos and stages, the superior authority, Pirangi's draw;
- `fases`: Pirangi's cargo in phases: the phases defined with the edital, the banca's first
  phase scores and its preliminary result;
- `comissoes`: the committees, their sessions, votes, preliminary result and an appeal;
- `procedimentos`: the reserved-list decisions and a special conditions request;
- `resultados`: published lists, the homologation and the calls.
"""
