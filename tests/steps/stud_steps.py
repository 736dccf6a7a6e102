"""pytest-bdd bindings of the step vocabulary, generated from ``stud.spec.vocabulary``.

One pytest-bdd step per :class:`~stud.spec.vocabulary.StepDef`; each binding hands the
step's text and table to :func:`stud.spec.vocabulary.run_step`, the same dispatcher the
``stud verify`` runner uses, so the two cannot drift apart.  The engine is the in-process
reference interpreter, or the program in the ``STUD_ENGINE`` environment variable
(protocol v1, via ``stud.protocol.client.SubprocessEngine``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when
from stud.errors import EngineError
from stud.spec.context import NotSupported, ScenarioContext
from stud.spec.engine import Engine, EngineRefusal
from stud.spec.vocabulary import VOCABULARY, StepDef, run_step

DECORATORS = {"given": given, "when": when, "then": then}


class VocabularyParser(parsers.StepParser):
    """Matches exactly the texts its StepDef matches; passes the whole text on."""

    def __init__(self, definition: StepDef):
        super().__init__(definition.template)
        self.definition = definition

    def parse_arguments(self, name: str) -> dict[str, Any] | None:
        return {"step_text": name} if self.definition.regex.fullmatch(name) else None

    def is_matching(self, name: str) -> bool:
        return bool(self.definition.regex.fullmatch(name))


def _binding(kind: str) -> Callable[..., None]:
    def step(stud_context: ScenarioContext, step_text: str, datatable: Any = None) -> None:
        try:
            run_step(stud_context, kind, step_text, datatable)
        except NotSupported as exc:
            pytest.skip(f"not supported by the engine: {exc}")
        except EngineRefusal as exc:
            if exc.code == "unsupported":
                pytest.skip(f"not supported by the engine: {exc.message}")
            raise

    return step


for _definition in VOCABULARY:
    DECORATORS[_definition.kind](VocabularyParser(_definition))(_binding(_definition.kind))


@pytest.fixture(scope="session")
def stud_engine() -> Iterator[Engine]:
    command = os.environ.get("STUD_ENGINE")
    if command:
        from stud.protocol.client import SubprocessEngine

        engine: Engine = SubprocessEngine(
            command, timeout=float(os.environ.get("STUD_TIMEOUT", "5"))
        )
    else:
        from stud.spec.inprocess import InProcessEngine

        engine = InProcessEngine()
    yield engine
    engine.close()


@pytest.fixture(scope="session")
def stud_hello(stud_engine: Engine) -> dict[str, Any]:
    try:
        return dict(stud_engine.hello())
    except EngineError as exc:
        pytest.fail(f"the engine did not answer hello: {exc}")


@pytest.fixture
def stud_context(stud_engine: Engine, stud_hello: dict[str, Any]) -> ScenarioContext:
    """A fresh context per scenario."""
    return ScenarioContext(engine=stud_engine, hello=stud_hello)
