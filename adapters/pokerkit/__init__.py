"""PokerKit (https://github.com/uoftcprg/pokerkit) as a protocol v1 engine.

Run ``python adapters/pokerkit/server.py`` (or ``python -m adapters.pokerkit.server`` from
the repository root); it needs ``pip install 'stud[pokerkit]'``.
"""
