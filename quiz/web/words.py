"""The words of the web pages, in the visitor's language.

Every sentence a page shows is a message of the catalogs,
marked here so that Babel extracts it with the rest of the app; the templates
read them from :func:`page_words` by a short key. Words the terminal app
already says (``Fu``, ``Next question``, the situation, the marks, the
explanation) are taken from where the app says them.
"""

from __future__ import annotations

from typing import Final

from ..words.core import N_, _

__all__ = ["page_words"]

#: The page words by key, in English (the msgids).
_WORDS: Final[dict[str, str]] = {
    "title": N_("Riichi Drill"),
    "tagline": N_("Score riichi mahjong hands as at the table: fu, han and the payment."),
    "learner_heading": N_("Drill on your own"),
    "student_heading": N_("Join a class"),
    "teacher_heading": N_("Teacher"),
    "name": N_("Name"),
    "password": N_("Password"),
    "password_again": N_("Password again"),
    "sign_in": N_("Sign in"),
    "sign_up": N_("Sign up"),
    "sign_out": N_("Sign out"),
    "new_here": N_("New here? Choose a name and a password."),
    "set_name": N_("Class set"),
    "your_name": N_("Your name"),
    "code": N_("Resume code (only on another device)"),
    "join": N_("Join"),
    "teacher_password": N_("The set's password"),
    "open_results": N_("Open the class"),
    "check": N_("Check"),
    "next": N_("Next question"),
    "to_summary": N_("End the session"),
    "right_answer": N_("Right"),
    "wrong_answer": N_("Not quite"),
    "explanation": N_("Worked explanation"),
    "hand": N_("The hand"),
    "situation": N_("Situation"),
    "your_answer": N_("Your answer"),
    "menu": N_("Menu"),
    "drill": N_("Drill"),
    "review": N_("Review"),
    "settings": N_("Settings"),
    "progress": N_("Progress"),
    "summary": N_("Session summary"),
    "save": N_("Save"),
    "saved": N_("Saved."),
    "choose_drill": N_("Choose a drill"),
    "payment_forms": N_("Table forms"),
    "skip_link": N_("Skip to the answer"),
    "question_n": N_("Question %(n)s"),
    "question_n_of": N_("Question %(n)s of %(total)s"),
    "bad_request": N_("The request could not be read: %(what)s."),
    "bad_form": N_("This form has expired or came from another site: reload the page and "
                   "try again."),
    "too_big": N_("That was too much to send: nothing was changed."),
    "too_long": N_("The answer is too long: nothing was changed."),
    "too_slow": N_("The form came too slowly: nothing was changed. Send it again."),
    "unknown_question": N_("That question was not asked here: nothing was changed."),
    "answered_already": N_("That question is answered already."),
    "signed_out": N_("You are signed out."),
    "need_sign_in": N_("Sign in first."),
    "wrong_sign_in": N_("That name and password do not match."),
    "too_many": N_("Too many wrong attempts: try again in %(seconds)s s."),
    "passwords_differ": N_("The two passwords differ."),
    "password_short": N_("Choose a password of at least 8 characters."),
    "name_taken": N_("That name is taken: choose another or sign in."),
    "code_once": N_("Your resume code: %(code)s. Keep it: it is shown once. This browser "
           "remembers it; on another device type it to go on."),
    "finished": N_("You have answered every question of the set."),
    "results_later": N_("The set shows the marks when you have finished it."),
    "your_results": N_("Your results"),
    "class_live": N_("The class, live"),
    "class_score": N_("Class score"),
    "answers_given": N_("Answers given"),
    "students": N_("Students"),
    "most_missed": N_("Most missed concepts"),
    "report": N_("Report"),
    "download_csv": N_("Download CSV"),
    "updated": N_("Updated %(time)s"),
    "no_answers_yet": N_("No answers yet."),
    "due_now": N_("Due now"),
    "none_due": N_("Nothing is due for review now."),
    "rate_it": N_("How well did you know it?"),
    "answered_count": N_("Answered"),
    "accuracy": N_("Right"),
    "page_not_found": N_("There is no such page."),
    "server_busy": N_("The database is away or busy: try again in a moment."),
    "summary_line": N_("%(n)s answered · %(right)s right · %(time)s"),
    "last_days": N_("The last 14 days"),
    "by_drill": N_("By drill"),
    "new_session": N_("New session"),
    "code_label": N_("Resume code"),
    "go_on": N_("Go on"),
    "live_note": N_("Updated every few seconds."),
    "set_closed": N_("This set is not open."),
    "no_hands": N_("The bank has no hand for this drill yet: try another drill."),
    "course": N_("Course"),
    "course_map": N_("The course map"),
    "course_next": N_("Next: %(n)d %(title)s"),
    "course_done": N_("Every lesson is mastered: practise whole hands, or review."),
    "no_lesson": N_("There is no lesson '%(id)s' in the course."),
    "placement_hint": N_("Already scoring hands? The placement test (one question a lesson, "
                         "then three whole hands) marks each lesson it proves mastered."),
    "end_test": N_("End the test (what is answered counts)"),
}


def page_words() -> dict[str, str]:
    """Every page word in the language spoken now (:func:`quiz.words.core.speaking`)."""
    return {key: _(text) for key, text in _WORDS.items()}


