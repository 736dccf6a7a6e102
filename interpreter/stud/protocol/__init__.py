"""Engine protocol v1 (docs/protocol.md): JSON Lines between stud and any engine program.

Client, in layers: :mod:`~stud.protocol.transport` (pipes, timeouts, stderr tail),
:mod:`~stud.protocol.session` (ids, matching, schema validation),
:mod:`~stud.protocol.commands` (one helper per op) and :mod:`~stud.protocol.client`
(``SubprocessEngine``, the spec's ``Engine``).  Server: :mod:`~stud.protocol.server`
(``Handler``; ``stud serve``).  :mod:`~stud.protocol.schemas` loads
``schemas/protocol/*.json``; :mod:`~stud.protocol.recording` records calls for
``stud dump-spec``.
"""
