"""The course: lessons in order, each read, practised and gated; free of Textual.

- :mod:`quiz.course.lessons`: the lessons (data in ``data/course/lessons.toml``),
  their titles and readings in the learner's language;
- :mod:`quiz.course.mastery`: the gate, refreshers, each lesson's state, what next;
- :mod:`quiz.course.practice`: a lesson's questions until its gate is passed;
- :mod:`quiz.course.placement`: the placement test;
- :mod:`quiz.course.service`: one learner's course (progress read, practice and
  placement started on the drill controller, lessons placed), what the screens use.

The screens (``quiz/screens/course_*.py``) show; a web page can drive the same
objects.
"""
