"""Reusable widgets, one per module: tiles, the hand, the situation, the answer form,
the yaku picker, the marks, the explanation and the status line."""
