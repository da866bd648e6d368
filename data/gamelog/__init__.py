"""Game logs: the wins of real games, replayed and checked, as bank items.

One concern a module:

- :mod:`.detect`: which format a log is in (from its content) and reading it;
- :mod:`.mjlog`, :mod:`.tenhou6`, :mod:`.mjai`: each format read into replay events;
- :mod:`.situation`: the replay, one round event by event, to each win's situation;
- :mod:`.game`: a game read from a log (its id, rules, players, wins);
- :mod:`.check`: a win scored with ``scoring`` and compared with the server's payment;
- :mod:`.ends`: the events that end rounds, and a whole game followed to each round's end;
- :mod:`.settling`: every round end settled with ``scoring.settle`` and compared with the log;
- :mod:`.importer`: storing the wins that agree, one transaction a file;
- :mod:`.wins`: finding imported wins (of one import, of one player);
- :mod:`.errors`: why a log is refused.

Pure code down to :mod:`.importer`, which writes to the bank.
"""
