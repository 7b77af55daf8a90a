"""Fixtures for the play tests: Sarah, and Sarah in a running session."""

from __future__ import annotations

import pytest

from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.session import start_session
from tests.seforge.conftest import make_sarah


@pytest.fixture
def sarah() -> Character:
    return make_sarah()


@pytest.fixture
def playing(sarah: Character) -> Character:
    start_session(sarah)
    return sarah
