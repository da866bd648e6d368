"""The app's door to the database: the drill store, the journal, bounded reads."""
