"""The curated worked examples, one TOML file per topic (read by :mod:`data.bank.curated`)."""
