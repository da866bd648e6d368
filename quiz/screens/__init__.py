"""The app's screens: one module each.

- :mod:`.drill` ``DrillScreen``: the question (the ``drill`` mode).
- :mod:`.explanation` ``ExplanationScreen``: marks and the worked explanation.
- :mod:`.summary` ``SummaryScreen``: the end of a session.
- :mod:`.settings` ``SettingsScreen``, :mod:`.help` ``HelpScreen``,
  :mod:`.learners` ``LearnerScreen``, :mod:`.drill_picker` ``DrillPicker``.
"""
