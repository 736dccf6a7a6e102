"""The executable specification: every scenario under features/ as a pytest test."""

from pytest_bdd import scenarios
from stud.paths import FEATURES

scenarios(str(FEATURES))
