"""Everything the learner reads, in their language: the i18n core, terms, payments
as said, topics, faults, refusals, the explanation in words, tile faces; the catalogs."""
