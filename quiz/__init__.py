"""The Riichi Drill app: Textual screens, grading, spaced repetition and the CLI."""
