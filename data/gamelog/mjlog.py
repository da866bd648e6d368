"""Tenhou's mjlog XML: the tags of a game, read into replay events.

A tag per action: ``<T12/>`` (seat 0 draws tile 12; ``U V W`` for seats 1-3),
``<D12/>`` (seat 0 discards; ``E F G``), ``<N who m/>`` (a call, the meld
packed in ``m``), ``<REACH who step/>``, ``<DORA hai/>``, ``<INIT .../>`` (a
round starts), ``<AGARI .../>`` (a win, with what the server paid) and
``<RYUUKYOKU/>`` (a draw). Tiles are 0-135: ``id // 4`` is the kind; with red
fives on, 16, 52 and 88 are the red 5m, 5p, 5s.

The game id is not in the file: it is taken from the file name when that
holds one (``2014123118gm-0029-0000-4700b218&tw=0.mjlog``), else made from
the shuffle seed (``seed-`` and the first 16 hex digits of its SHA-1). The
seed is the ``SHUFFLE`` tag's; logs of 2009 have none, but give each round's
seed in its ``INIT`` tag's ``shuffle`` attribute (the first round's is the
game's). A log whose seed is not Tenhou's is refused: a simulator wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from urllib.parse import unquote

from . import situation as play
from .ends import EndEvent, mjlog_end_events
from .errors import MalformedLogError, NotServerLogError, ThreePlayerGameError
from .game import GameLog, LogFormat, content_id, game_id_in, replayed_game

_TAG = re.compile(r"<([A-Z]+)(\d*)([^>]*)>")
_ATTR = re.compile(r"([A-Za-z0-9_]+)\s*=\s*\"([^\"]*)\"")
_RED_IDS = frozenset((16, 52, 88))
_DRAW_LETTERS = "TUVW"
_DISCARD_LETTERS = "DEFG"
#: How Tenhou's shuffle seeds begin (``mt19937ar-sha512-n288-base64,...``; 2009: ``mt19937ar,...``).
_TENHOU_SEED = "mt19937ar"
#: The tags that carry what settling a round needs (scores, sticks, draws, final scores).
_END_TAGS = frozenset(("INIT", "REACH", "RYUUKYOKU", "AGARI"))


def tile_of(tile_id: int, red: bool) -> str:
    """The MPSZ tile of an mjlog tile id (0-135)."""
    if not 0 <= tile_id < 136:
        raise ValueError(f"tile id {tile_id} is not 0-135")
    kind = tile_id // 4
    if red and tile_id in _RED_IDS:
        return "0" + "mps"[kind // 9]
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


_TILES = {
    red: tuple(tile_of(i, red) for i in range(136)) for red in (False, True)
}


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",") if v.strip() != ""]


def decode_meld(who: int, m: int, red: bool) -> play.Call:
    """The call packed in an ``N`` tag's ``m`` (chi, pon, added kan, open or closed kan).

    >>> decode_meld(0, 10479, True).kind.value
    'chi'
    """
    source = (who + (m & 3)) % 4
    if m & 0x4:  # chi
        t = (m & 0xFC00) >> 10
        called_at = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        tiles = tuple(tile_of(i, red) for i in ids)
        return play.Call(who, play.CallKind.CHI, tiles, tiles[called_at], source)
    if m & 0x18:  # pon or added kan
        unused = (m & 0x60) >> 5
        t = (m & 0xFE00) >> 9
        called_at = t % 3
        base = (t // 3) * 4
        ids = [base + i for i in range(4) if i != unused]
        tiles = tuple(tile_of(i, red) for i in ids)
        if m & 0x8:
            return play.Call(who, play.CallKind.PON, tiles, tiles[called_at], source)
        four = tuple(tile_of(base + i, red) for i in range(4))
        return play.Call(who, play.CallKind.SHOUMINKAN, four, tiles[called_at], source)
    if m & 0x20:
        raise ValueError("a nukidora (North taken out): a 3-player game")
    hai0 = (m & 0xFF00) >> 8
    base = hai0 - hai0 % 4
    four = tuple(tile_of(base + i, red) for i in range(4))
    if m & 3 == 0:
        return play.Call(who, play.CallKind.ANKAN, four)
    return play.Call(who, play.CallKind.MINKAN, four, tile_of(hai0, red), source)


def _tags(text: str) -> Iterator[tuple[str, str, str]]:
    """Each tag: its name, the number glued to it (a move: ``<T12/>``), its attributes' text."""
    for match in _TAG.finditer(text):
        yield match.group(1), match.group(2), match.group(3)


def read_mjlog(text: str, *, origin: str, name: str | None = None) -> GameLog:
    """Read an mjlog document into a :class:`GameLog` (wins replayed and recorded).

    Raises:
        ThreePlayerGameError: for a sanma game.
        NotServerLogError: for a log a simulator wrote (no real shuffle seed,
            a winning hand that is not what the play gives).
        MalformedLogError: for a truncated or malformed file.
    """
    stripped = text.rstrip()
    if not stripped.endswith("</mjloggm>"):
        raise MalformedLogError(origin, "the mjlog is truncated (no closing </mjloggm> tag)")
    seed = ""
    foreign: str | None = None  # the first round seed (2009) that is not Tenhou's
    red = True
    names = ["", "", "", ""]
    events: list[play.Event | EndEvent] = []
    players = 4
    hands_in_log: list[tuple[int, list[int]]] = []
    round_honba = 0
    last_win_round = -1
    rounds = 0
    try:
        tiles = _TILES[True]
        for tag, glued, rest in _tags(text):
            if glued:
                seat = _DRAW_LETTERS.find(tag)
                if seat >= 0:
                    events.append(play.Draw(seat, tiles[int(glued)]))
                else:
                    events.append(play.Discard(_DISCARD_LETTERS.index(tag), tiles[int(glued)]))
                continue
            attrs = dict(_ATTR.findall(rest))
            if tag == "SHUFFLE":
                seed = attrs.get("seed", "")
            elif tag == "GO":
                kind = int(attrs.get("type", "0"))
                red = not kind & 0x02
                tiles = _TILES[red]
                if kind & 0x10:
                    players = 3
            elif tag == "UN" and "dan" in attrs:
                names = [unquote(attrs.get(f"n{i}", "")) for i in range(4)]
                if not names[3]:
                    players = 3
            elif tag == "INIT":
                if players == 3:
                    break
                if "shuffle" in attrs:  # 2009: each round's seed in its INIT, no SHUFFLE tag
                    shuffle = attrs["shuffle"]
                    if not shuffle.startswith(_TENHOU_SEED):
                        foreign = shuffle if foreign is None else foreign
                    elif not seed:
                        seed = shuffle
                seed_parts = _ints(attrs["seed"])
                ten = _ints(attrs.get("ten", ""))
                if len(ten) != 4 or not attrs.get("hai3"):
                    players = 3
                    break
                number, round_honba, sticks = seed_parts[0], seed_parts[1], seed_parts[2]
                hands = tuple(
                    tuple(tile_of(i, red) for i in _ints(attrs[f"hai{p}"])) for p in range(4)
                )
                events.append(
                    play.StartRound(
                        number,
                        round_honba,
                        sticks,
                        (tile_of(seed_parts[5], red),),
                        hands,
                        dealer=int(attrs["oya"]),
                    )
                )
                rounds += 1
            elif tag == "N":
                events.append(decode_meld(int(attrs["who"]), int(attrs["m"]), red))
            elif tag == "REACH" and attrs.get("step") == "1":
                events.append(play.Riichi(int(attrs["who"])))
            elif tag == "DORA":
                events.append(play.NewDora(tile_of(int(attrs["hai"]), red)))
            elif tag == "AGARI":
                who, source = int(attrs["who"]), int(attrs["fromWho"])
                ten = _ints(attrs["ten"])
                yaku = _ints(attrs.get("yaku", ""))
                yakuman = _ints(attrs.get("yakuman", ""))
                sc = _ints(attrs["sc"])
                pao = int(attrs["paoWho"]) if "paoWho" in attrs else None
                recorded = play.Recorded(
                    points=ten[1],
                    deltas=tuple(v * 100 for v in sc[1::2]),
                    fu=ten[0],
                    han=None if yakuman else sum(yaku[1::2]),
                    yakuman=len(yakuman),
                    pao=pao,
                )
                ura = tuple(tile_of(i, red) for i in _ints(attrs.get("doraHaiUra", "")))
                first = last_win_round != rounds
                last_win_round = rounds
                events.append(play.Win(who, source, recorded, ura, takes_counters=first))
                hands_in_log.append((len(events) - 1, _ints(attrs["hai"])))
            if tag in _END_TAGS:
                events.extend(mjlog_end_events(tag, attrs))
    except (KeyError, ValueError, IndexError) as e:
        if players == 3 or "nukidora" in str(e):
            raise ThreePlayerGameError(origin) from None
        raise MalformedLogError(origin, f"a malformed mjlog tag ({e})") from None
    if players == 3:
        raise ThreePlayerGameError(origin)
    if rounds == 0:
        raise MalformedLogError(origin, "the mjlog has no round (no INIT tag)")
    for _, hai in hands_in_log:
        if len(hai) not in (2, 5, 8, 11, 14):
            raise NotServerLogError(
                origin,
                f"not a game server's log: a winning hand of {len(hai)} concealed tiles "
                "(a simulator or bot wrote it)",
            )
    if foreign is not None or not seed.startswith(_TENHOU_SEED):
        seed = seed if foreign is None else foreign
        raise NotServerLogError(
            origin,
            f"not a Tenhou server log: its shuffle seed {seed[:24]!r} is not Tenhou's "
            "(a simulator or bot wrote it)",
        )
    game = replayed_game(
        events,
        origin,
        game=game_id_in(name or "") or content_id(seed),
        format=LogFormat.MJLOG,
        rules="tenhou",
        players=names,
        seed=seed,
    )
    _check_hands(game.wins, [h for _, h in hands_in_log], red, origin)
    return game


def _check_hands(
    wins: Sequence[play.WinSituation], logged: list[list[int]], red: bool, origin: str
) -> None:
    """The replayed winning hands must be the ones the server wrote in AGARI."""
    for win, hai in zip(wins, logged, strict=True):
        theirs = play.write_tiles([tile_of(i, red) for i in hai])
        if theirs != win.problem["hand"]:
            raise NotServerLogError(
                origin,
                f"not a game server's log: in {win.label} the winning hand it records "
                f"({theirs}) is not the one its play gives ({win.problem['hand']})",
            )
