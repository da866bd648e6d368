"""The database, a module a job: where it lives (:mod:`.url`, no SQLAlchemy: the start
reads it first), connecting (:mod:`.engine`), a database that does not answer
(:mod:`.liveness`), an open database and its transactions (:mod:`.database`), and
keeping its schema current (:mod:`.schema`, with :func:`~.schema.open_database`, the
app's one way in). Nothing here runs at import time.
"""
