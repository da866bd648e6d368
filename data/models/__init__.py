"""The tables, one module a family: the bank and learners (`core`), spaced repetition
(`srs`), the classroom (`classroom`), imported game logs (`gamelog`) and the web
pages' learner passwords (`web`).

`MODEL_MODULES` is the one list of them: `data.db.schema.load_models` imports exactly these
(a table in a module missing here would be left out of the schema, so the list is
explicit rather than found by file names).
"""

MODEL_MODULES: tuple[str, ...] = (
    "data.models.core",
    "data.models.srs",
    "data.models.classroom",
    "data.models.gamelog",
    "data.models.web",
    "data.models.course",
)
