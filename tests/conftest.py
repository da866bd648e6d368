"""Shared test fixtures and paths."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
GOLDEN = Path(__file__).resolve().parent / "golden"
