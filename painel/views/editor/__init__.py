"""RH's edital editor (`editais.servicos`): the certame's draft, its cargos and schedule, and
the edital's publication."""
