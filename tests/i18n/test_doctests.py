"""The examples in the i18n modules' docstrings hold (quiz/ is not in pytest's doctest paths)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from quiz.screens import help as help_screen
from quiz.words import (
    breaks as i18n_breaks,
)
from quiz.words import (
    core as i18n,
)
from quiz.words import (
    payments as i18n_payments,
)
from quiz.words import (
    terms as i18n_terms,
)
from quiz.words import (
    width as i18n_width,
)


@pytest.mark.parametrize("module", [i18n, i18n_terms, i18n_payments, i18n_width, i18n_breaks,
                                    help_screen],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    try:
        result = doctest.testmod(module, verbose=False)
    finally:
        i18n.use("en")
    assert result.attempted > 0
    assert result.failed == 0
