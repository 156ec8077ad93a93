"""The RH workspace (painel): every back-office page of RH in one app, in the spirit of
django-oscar's dashboard.

One URL namespace, ``painel``, mounted at ``/rh/`` (``painel/urls.py``); the paths are the
ones the pages had before they were gathered here, so bookmarks and the links already sent
keep working. Every page is guarded by ``painel.acesso.RHMixin`` (permission
``certames.acessar_rh``), except the committees' pages, which require
``comissoes.gerir_comissoes``.

The views, one module per area (``painel/views/``):

- ``certames``: the home page, a certame, the imports of scores;
- ``auditoria``: the audit trail (acts) and the changes recorded by the database's triggers;
- ``simular``: simulate an edital (vacancy split and call order);
- ``classificacao``: a cargo's classification, versions, publication, exports, an inscrição;
- ``isencao``: fee exemption (CadÚnico extract, requests, decisions, publications);
- ``procedimentos``: administrative procedures (fraud, false information);
- ``reivindicacoes``: claims of imported records;
- ``comissoes``: committees, members, sessions, convocation;
- ``resultados``: the committee procedures' results and their publication.

The app holds interface code only: each action calls one domain function of ``certames``,
``candidatos`` or ``comissoes``; nothing below imports ``painel``.
"""
