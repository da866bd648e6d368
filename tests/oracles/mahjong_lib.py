"""Moved to :mod:`tests.support.oracles.mahjong_lib` (re-exported for older branches)."""

from tests.support.oracles.mahjong_lib import (
    LibraryInput,
    LibraryRejectedError,
    OracleError,
    OracleInputError,
    from_library_response,
    parse_tiles,
    run_library,
    score_with_mahjong,
    tenhou_options,
    to_library_input,
)

__all__ = [
    "LibraryInput",
    "LibraryRejectedError",
    "OracleError",
    "OracleInputError",
    "from_library_response",
    "parse_tiles",
    "run_library",
    "score_with_mahjong",
    "tenhou_options",
    "to_library_input",
]
