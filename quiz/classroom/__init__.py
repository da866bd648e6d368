"""The classroom: the server, the student's client, the desk's rules, the wire."""
