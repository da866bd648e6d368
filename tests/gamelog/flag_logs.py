"""Test helper: small scripted rounds whose wins hang on what happened before them.

Each scenario is one round played move by move (a deal, draws, discards,
riichi, calls, kans, the wins), written in all three log formats the
importer reads: Tenhou mjlog XML, tenhou.net/6 JSON and mjai JSON lines. The
files are kept in ``tests/gamelog/data/flags/`` (``NAME.mjlog``, ``NAME.json``,
``NAME.mjai.jsonl``); rewrite them with ``python -m tests.gamelog.flag_logs``.

What each win is worth (fu, han, points, yaku) is written here by hand, from
the rules, as the server would record it; the score changes follow from the
points, honba and sticks. The replay must find the situational flags that make
those values (chankan, ippatsu, rinshan, haitei, houtei) from the play alone.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.gamelog.writer import RED_IDS, _chi_m, _pon_m, code, tile

DATA = Path(__file__).resolve().parent / "data" / "flags"
_HONOURS_MJAI = "ESWNPFC"
#: Tenhou's 2009 per-round seed, as an INIT tag's ``shuffle`` attribute (made up, in that shape).
SHUFFLE_2009 = "mt19937ar,1D901539,5BFC6D48,94E86107,6BDF2DE3,C403AC5A,418AD1E4,AE4D3508,24B47254"


def split(text: str) -> list[str]:
    """MPSZ tiles one by one: ``123m5z`` -> ``['1m', '2m', '3m', '5z']``."""
    out: list[str] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out.extend(d + ch for d in digits)
            digits = ""
    return out


def mjai_tile(t: str) -> str:
    """An MPSZ tile in mjai notation (``0p`` -> ``5pr``, ``5z`` -> ``P``)."""
    if t[1] == "z":
        return _HONOURS_MJAI[int(t[0]) - 1]
    return f"5{t[1]}r" if t[0] == "0" else t


@dataclass(frozen=True)
class Value:
    """What the server recorded for a win: fu, han, points, and the yaku (mjlog id, name, han)."""

    fu: int
    han: int
    points: int
    yaku: tuple[tuple[int, str, int], ...]
    limit: int = 0
    text: str = ""
    #: A non-dealer's tsumo: what each non-dealer and the dealer pay.
    shares: tuple[int, int] = (0, 0)


@dataclass
class Round:
    """One scripted round, written as it is played into the three formats."""

    number: int
    honba: int
    sticks: int
    deal: tuple[str, str, str, str]
    dora: str
    ura: str = ""
    seed_2009: bool = False
    pool: dict[int, list[int]] = field(default_factory=dict)
    hands: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    tags: list[str] = field(default_factory=list)
    draws: list[list[Any]] = field(default_factory=lambda: [[], [], [], []])
    discards: list[list[Any]] = field(default_factory=lambda: [[], [], [], []])
    mjai: list[dict[str, Any]] = field(default_factory=list)
    dora_ids: list[int] = field(default_factory=list)
    ura_ids: list[int] = field(default_factory=list)
    last_draw: list[int | None] = field(default_factory=lambda: [None] * 4)
    pons: dict[tuple[int, int], tuple[list[int], int, int, str]] = field(default_factory=dict)
    reds: set[int] = field(default_factory=set)
    last_discard: tuple[int, int] = (-1, -1)
    melds: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    pending_riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    table_sticks: int = 0
    draws_made: int = 0
    wins: list[tuple[int, int, int, Value]] = field(default_factory=list)
    init: str = ""
    start_kyoku: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.pool = {
            k: [4 * k + i for i in range(4) if 4 * k + i not in RED_IDS] for k in range(34)
        }
        self.table_sticks = self.sticks
        self.dora_ids = [self.take(self.dora)]
        self.ura_ids = [self.take(t) for t in split(self.ura)]
        for p in range(4):
            self.hands[p] = [self.take(t) for t in split(self.deal[p])]
            assert len(self.hands[p]) == 13, p
        dealer = self.number % 4
        shuffle = f' shuffle="{SHUFFLE_2009}"' if self.seed_2009 else ""
        self.init = (
            f'<INIT seed="{self.number},{self.honba},{self.sticks},0,0,{self.dora_ids[0]}" '
            f'ten="250,250,250,250" oya="{dealer}" '
            + " ".join(f'hai{p}="{",".join(map(str, self.hands[p]))}"' for p in range(4))
            + f"{shuffle}/>"
        )
        self.start_kyoku = {
            "type": "start_kyoku",
            "bakaze": "ESWN"[self.number // 4],
            "dora_marker": mjai_tile(tile(self.dora_ids[0])),
            "kyoku": self.number % 4 + 1,
            "honba": self.honba,
            "kyotaku": self.sticks,
            "oya": dealer,
            "scores": [25000] * 4,
            "tehais": [[mjai_tile(tile(i)) for i in self.hands[p]] for p in range(4)],
        }
        self.haipai = [list(h) for h in self.hands]

    def take(self, t: str) -> int:
        """A fresh tile id for an MPSZ tile (``0p`` is the red one)."""
        if t[0] == "0":
            red = RED_IDS["mps".index(t[1])]
            assert red not in self.reds, f"a second red {t}"
            self.reds.add(red)
            return red
        kind = "mpsz".index(t[1]) * 9 + int(t[0]) - 1
        assert self.pool[kind], f"a fifth {t}"
        return self.pool[kind].pop(0)

    def _own(self, who: int, t: str) -> int:
        for i in self.hands[who]:
            if tile(i) == t:
                return i
        raise AssertionError(f"seat {who} holds no {t}")

    def _give_up(self, who: int, tiles: str) -> list[int]:
        """Take ``tiles`` out of ``who``'s hand (for a call); their ids."""
        ids = []
        for t in split(tiles):
            i = self._own(who, t)
            self.hands[who].remove(i)
            ids.append(i)
        return ids

    # --- moves -----------------------------------------------------------------------------

    def draw(self, who: int, t: str) -> None:
        """``who`` draws ``t`` (from the wall, or the dead wall right after a kan)."""
        i = self.take(t)
        self.draws_made += 1
        self.hands[who].append(i)
        self.last_draw[who] = i
        self.tags.append(f"<{'TUVW'[who]}{i}/>")
        self.draws[who].append(code(i))
        self.mjai.append({"type": "tsumo", "actor": who, "pai": mjai_tile(t)})

    def discard(self, who: int, t: str | None = None, *, riichi: bool = False) -> None:
        """``who`` discards ``t`` (None: the tile just drawn), declaring riichi if told."""
        i = self.last_draw[who] if t is None else self._own(who, t)
        assert i is not None
        tsumogiri = i == self.last_draw[who]
        if riichi:
            self.tags.append(f'<REACH who="{who}" step="1"/>')
            self.mjai.append({"type": "reach", "actor": who})
        self.hands[who].remove(i)
        self.tags.append(f"<{'DEFG'[who]}{i}/>")
        t6: Any = 60 if tsumogiri else code(i)
        self.discards[who].append(f"r{t6}" if riichi else t6)
        self.mjai.append(
            {"type": "dahai", "actor": who, "pai": mjai_tile(tile(i)), "tsumogiri": tsumogiri}
        )
        self.last_draw[who] = None
        self.last_discard = (who, i)
        if riichi:
            self.table_sticks += 1
            self.tags.append(f'<REACH who="{who}" ten="250,250,250,250" step="2"/>')
            self.mjai.append({"type": "reach_accepted", "actor": who})

    def pon(self, who: int, own: str) -> None:
        """``who`` pons the last discard with two of their own ``own`` tiles."""
        source, called = self.last_discard
        ids = self._give_up(who, own)
        all_ids = [*ids, called]
        rel = (source - who) % 4
        c, a = code(called), [code(i) for i in sorted(ids)]
        parts = [str(x) for x in a]
        parts.insert({3: 0, 2: 1, 1: 2}[rel], f"p{c}")
        m = _pon_m(all_ids, called, rel)
        self.pons[(who, called // 4)] = (all_ids, called, rel, "".join(parts))
        self.melds[who].append(m)
        self.tags.append(f'<N who="{who}" m="{m}"/>')
        self.draws[who].append("".join(parts))
        self.mjai.append(
            {"type": "pon", "actor": who, "target": source, "pai": mjai_tile(tile(called)),
             "consumed": [mjai_tile(tile(i)) for i in ids]}
        )  # fmt: skip

    def chi(self, who: int, own: str) -> None:
        """``who`` chis the last discard with ``own``."""
        source, called = self.last_discard
        ids = self._give_up(who, own)
        m = _chi_m([*ids, called], called)
        self.melds[who].append(m)
        a = [code(i) for i in sorted(ids)]
        self.tags.append(f'<N who="{who}" m="{m}"/>')
        self.draws[who].append(f"c{code(called)}{a[0]}{a[1]}")
        self.mjai.append(
            {"type": "chi", "actor": who, "target": source, "pai": mjai_tile(tile(called)),
             "consumed": [mjai_tile(tile(i)) for i in ids]}
        )  # fmt: skip

    def minkan(self, who: int, own: str) -> None:
        """``who`` calls an open kan on the last discard with three ``own`` tiles."""
        source, called = self.last_discard
        ids = self._give_up(who, own)
        rel = (source - who) % 4
        parts = [str(code(i)) for i in sorted(ids)]
        parts.insert({3: 0, 2: 1, 1: 3}[rel], f"m{code(called)}")
        m = (called << 8) | rel
        self.melds[who].append(m)
        self.tags.append(f'<N who="{who}" m="{m}"/>')
        self.draws[who].append("".join(parts))
        self.discards[who].append(0)
        self.mjai.append(
            {"type": "daiminkan", "actor": who, "target": source, "pai": mjai_tile(tile(called)),
             "consumed": [mjai_tile(tile(i)) for i in ids]}
        )  # fmt: skip

    def kakan(self, who: int, t: str) -> None:
        """``who`` adds ``t`` (in hand) to their pon of it."""
        added = self._own(who, t)
        ids, called, rel, t6 = self.pons.pop((who, added // 4))
        self.hands[who].remove(added)
        m = _pon_m(ids, called, rel, added=True, extra=added)
        self.melds[who][self.melds[who].index(_pon_m(ids, called, rel))] = m
        self.tags.append(f'<N who="{who}" m="{m}"/>')
        self.discards[who].append(t6.replace("p", f"k{code(added)}"))
        self.mjai.append(
            {"type": "kakan", "actor": who, "pai": mjai_tile(t),
             "consumed": [mjai_tile(tile(i)) for i in ids]}
        )  # fmt: skip
        self.last_discard = (who, added)

    def ankan(self, who: int, t: str) -> None:
        """``who`` makes a closed kan of the four ``t`` in hand."""
        ids = sorted(i for i in self.hands[who] if i // 4 == self._own(who, t) // 4)
        assert len(ids) == 4
        for i in ids:
            self.hands[who].remove(i)
        m = ((ids[0] // 4) * 4) << 8
        self.melds[who].append(m)
        c = [code(i) for i in ids]
        self.tags.append(f'<N who="{who}" m="{m}"/>')
        self.discards[who].append(f"{c[0]}{c[1]}{c[2]}a{c[3]}")
        self.mjai.append(
            {"type": "ankan", "actor": who, "consumed": [mjai_tile(tile(i)) for i in ids]}
        )

    def new_dora(self, t: str) -> None:
        """A kan dora indicator is turned."""
        i = self.take(t)
        self.dora_ids.append(i)
        self.tags.append(f'<DORA hai="{i}"/>')
        self.mjai.append({"type": "dora", "dora_marker": mjai_tile(t)})

    def win(self, who: int, source: int, value: Value) -> None:
        """``who`` wins (tsumo when ``source`` is ``who``; else ron on the last discard)."""
        win_id = self.last_draw[who] if who == source else self.last_discard[1]
        assert win_id is not None
        self.wins.append((who, source, win_id, value))

    def pass_turns(self, start: int, until: int, *, avoid: str) -> int:
        """Every seat from ``start`` on draws a tile and lets it go, until ``until`` draws.

        The tiles are the wall's left (never one of ``avoid``), kind after kind in
        turn; returns the seat to draw next.
        """
        banned = {"mpsz".index(t[1]) * 9 + int(t[0]) - 1 for t in split(avoid)}
        seat, kind = start, 0
        while self.draws_made < until:
            while kind in banned or not self.pool[kind]:
                kind = (kind + 1) % 34
            self.draw(seat, tile(self.pool[kind][0]))
            self.discard(seat)
            seat, kind = (seat + 1) % 4, (kind + 1) % 34
        return seat

    # --- writing ---------------------------------------------------------------------------

    def _deltas(self, n: int) -> list[int]:
        who, source, _, value = self.wins[n]
        dealer = self.number % 4
        honba = self.honba if n == 0 else 0
        sticks = self.table_sticks if n == 0 else 0
        deltas = [0, 0, 0, 0]
        if who != source:
            deltas[source] = -(value.points + 300 * honba)
            deltas[who] = value.points + 300 * honba + 1000 * sticks
            return deltas
        for p in range(4):
            if p == who:
                continue
            if who == dealer:
                share = value.points // 3
            else:
                share = value.shares[1] if p == dealer else value.shares[0]
            deltas[p] = -(share + 100 * honba)
        deltas[who] = -sum(deltas) + 1000 * sticks
        return deltas

    def write_mjlog(self) -> str:
        """The round as an mjlog document."""
        agaris = []
        for n, (who, source, win_id, value) in enumerate(self.wins):
            concealed = sorted([*self.hands[who], *([] if who == source else [win_id])])
            deltas = self._deltas(n)
            sc = ",".join(f"250,{d // 100}" for d in deltas)
            yaku = ",".join(f"{i},{h}" for i, _, h in value.yaku)
            ms = ",".join(str(m) for m in reversed(self.melds[who]))
            riichi = any(i == 1 for i, _, _ in value.yaku)
            agaris.append(
                f'<AGARI ba="{self.honba if n == 0 else 0},{self.table_sticks if n == 0 else 0}" '
                f'hai="{",".join(map(str, concealed))}"'
                + (f' m="{ms}"' if ms else "")
                + f' machi="{win_id}" ten="{value.fu},{value.points},{value.limit}" yaku="{yaku}" '
                f'doraHai="{",".join(map(str, self.dora_ids))}"'
                + (
                    f' doraHaiUra="{",".join(map(str, self.ura_ids[: len(self.dora_ids)]))}"'
                    if riichi
                    else ""
                )
                + f' who="{who}" fromWho="{source}" sc="{sc}"/>'
            )
        shuffle = "" if self.seed_2009 else (
            '<SHUFFLE seed="mt19937ar-sha512-n288-base64,flagtest" ref=""/>'
        )
        head = (
            f'<mjloggm ver="2.3">{shuffle}<GO type="169" lobby="0"/>'
            '<UN n0="A" n1="B" n2="C" n3="D" dan="16,16,16,16" rate="2000,2000,2000,2000" '
            'sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
        )
        return head + self.init + "".join(self.tags) + "".join(agaris) + "</mjloggm>\n"

    def write_tenhou6(self) -> str:
        """The round as a tenhou.net/6 game."""
        kyoku: list[Any] = [
            [self.number, self.honba, self.sticks],
            [25000] * 4,
            [code(i) for i in self.dora_ids],
            [code(i) for i in self.ura_ids[: len(self.dora_ids)]],
        ]
        for p in range(4):
            kyoku += [[code(i) for i in self.haipai[p]], self.draws[p], self.discards[p]]
        result: list[Any] = ["和了"]
        for n, (who, source, _, value) in enumerate(self.wins):
            yaku = [f"{name}({han}飜)" for _, name, han in value.yaku]
            result += [self._deltas(n), [who, source, who, value.text, *yaku]]
        kyoku.append(result)
        rule = {"disp": "鳳南喰赤", "aka": 1}
        game = {"name": ["A", "B", "C", "D"], "rule": rule, "log": [kyoku]}
        return json.dumps(game, ensure_ascii=False) + "\n"

    def write_mjai(self) -> str:
        """The round as mjai events, one a line."""
        lines: list[dict[str, Any]] = [{"type": "start_game", "names": ["A", "B", "C", "D"]}]
        lines += [self.start_kyoku, *self.mjai]
        for n, (who, source, win_id, value) in enumerate(self.wins):
            riichi = any(i == 1 for i, _, _ in value.yaku)
            lines.append({
                "type": "hora", "actor": who, "target": source, "pai": mjai_tile(tile(win_id)),
                "deltas": self._deltas(n),
                "ura_markers": [mjai_tile(tile(i)) for i in self.ura_ids] if riichi else [],
            })  # fmt: skip
        lines += [{"type": "end_kyoku"}, {"type": "end_game"}]
        return "".join(json.dumps(v, ensure_ascii=False) + "\n" for v in lines)


# --- the scenarios ---------------------------------------------------------------------------

PINFU = (7, "平和", 1)
TANYAO = (8, "断幺九", 1)
RIICHI = (1, "立直", 1)
IPPATSU = (2, "一発", 1)
CHANKAN = (3, "槍槓", 1)
RINSHAN = (4, "嶺上開花", 1)
HAITEI = (5, "海底摸月", 1)
HOUTEI = (6, "河底撈魚", 1)
TSUMO = (0, "門前清自摸和", 1)
URA = (53, "裏ドラ", 0)


def chankan_double_ron() -> Round:
    """South 2 (seat 1 deals): seat 2 adds a kan of 3p; seats 3 and 0 both rob it.

    Seat 3 (first from the kan) has pinfu tanyao chankan: 30 fu 3 han, 3900, and
    takes seat 0's riichi stick. Seat 0 (second) has riichi pinfu tanyao chankan:
    30 fu 4 han, 7700 (without chankan it would be 3900). Seat 0's ippatsu ended
    with its own next discard.
    """
    r = Round(5, 0, 0, ("234m678m456s45p88s", "3p19m19p19s123456z", "33p19m19p19s12345z",
                        "345m567m678s45p22s"), dora="7z", ura="6z")  # fmt: skip
    r.draw(1, "7z")
    r.discard(1, "3p")
    r.pon(2, "33p")
    r.discard(2, "1m")
    r.draw(3, "9m")
    r.discard(3)
    r.draw(0, "1p")
    r.discard(0, riichi=True)
    r.draw(1, "9p")
    r.discard(1)
    r.draw(2, "1s")
    r.discard(2)
    r.draw(3, "9s")
    r.discard(3)
    r.draw(0, "2z")
    r.discard(0)
    r.draw(1, "3z")
    r.discard(1)
    r.draw(2, "3p")
    r.kakan(2, "3p")
    r.win(3, 2, Value(30, 3, 3900, (CHANKAN, PINFU, TANYAO), text="30符3飜3900点"))
    r.win(0, 2, Value(30, 4, 7700, (RIICHI, CHANKAN, PINFU, TANYAO, URA),
                      text="30符4飜7700点"))  # fmt: skip
    return r


def chankan_ippatsu(*, seed_2009: bool = False) -> Round:
    """East 4, 1 honba (seat 3 deals): seat 0 declares riichi; seat 1 adds a kan; seat 0 robs it.

    The robbed kan never stood, so it breaks no ippatsu: riichi ippatsu chankan
    pinfu, 30 fu 4 han, 7700 (3900 with the ippatsu lost). (A call came before
    seat 0's first discard: no double riichi.)
    """
    r = Round(3, 1, 0, ("123m678m456s45p88s", "33p19m19p19s12345z", "19m19p19s1234567z",
                        "3p19m19p19s123456z"), dora="7z", ura="6z",
              seed_2009=seed_2009)  # fmt: skip
    r.draw(3, "7z")
    r.discard(3, "3p")
    r.pon(1, "33p")
    r.discard(1, "1m")
    r.draw(2, "9m")
    r.discard(2)
    r.draw(3, "1p")
    r.discard(3)
    r.draw(0, "9p")
    r.discard(0, riichi=True)
    r.draw(1, "3p")
    r.kakan(1, "3p")
    r.win(0, 1, Value(30, 4, 7700, (RIICHI, IPPATSU, CHANKAN, PINFU, URA),
                      text="30符4飜7700点"))  # fmt: skip
    return r


def haitei_after_ankan() -> Round:
    """East 1: seat 2 makes a closed kan early; the dealer wins on the last tile of the wall.

    The kan's replacement tile came from the dead wall, which the live wall made
    up, so the last tile is still the 70th drawn: menzen tsumo and haitei, 30 fu
    2 han, 1000 all.
    """
    r = Round(0, 0, 0, ("123m456p789s234s5p", "1m9m1p9p1s9s1z2z3z4z6z7z2m",
                        "5z5z5z5z1m9m1p9p1s9s1z2z3z", "8m8m8p8p8s8s4z4z6z6z7z7z2p"),
              dora="6p")  # fmt: skip
    r.draw(0, "5m")
    r.discard(0)
    r.draw(1, "5m")
    r.discard(1)
    r.draw(2, "5m")
    r.ankan(2, "5z")
    r.new_dora("6p")
    r.draw(2, "6m")
    r.discard(2)
    assert r.pass_turns(3, 69, avoid="5p") == 0
    r.draw(0, "5p")
    r.win(0, 0, Value(30, 2, 3000, (TSUMO, HAITEI), text="30符2飜1000点∀"))
    return r


def houtei_after_minkan() -> Round:
    """East 2 (seat 1 deals): seat 2 calls an open kan; the last discard of the wall is robbed.

    Seat 2 holds 5p all along and lets it go after the 70th draw; seat 0 rons
    on it: houtei only, 40 fu 1 han, 1300.
    """
    r = Round(1, 0, 0, ("123m456p789s234s5p", "7z1m9m1p9p1s9s1z2z3z4z6z2m",
                        "5z5z5z5p8m8m8p8p8s8s4z4z6z", "1m9m1p9p1s9s1z2z3z4z6z7z3m"),
              dora="6p")  # fmt: skip
    r.draw(1, "5z")
    r.discard(1)
    r.minkan(2, "5z5z5z")
    r.draw(2, "6m")
    r.discard(2)
    r.new_dora("6p")
    assert r.pass_turns(3, 69, avoid="5p") == 2
    r.draw(2, "7m")
    r.discard(2, "5p")
    r.win(0, 2, Value(40, 1, 1300, (HOUTEI,), text="40符1飜1300点"))
    return r


def ippatsu_broken_by_pon() -> Round:
    """East 3 (seat 2 deals): seat 0 declares riichi; a pon comes before its next draw; tsumo.

    The call breaks ippatsu: riichi tsumo pinfu tanyao, 20 fu 4 han, 1300/2600
    (with ippatsu it would be a mangan).
    """
    r = Round(2, 0, 0, ("234m678m456s45p88s", "1z1z19m19p19s23456z", "1z19m19p19s234567z",
                        "119m19p19s234567z"), dora="7z", ura="6z")  # fmt: skip
    r.draw(2, "8m")
    r.discard(2)
    r.draw(3, "8p")
    r.discard(3)
    r.draw(0, "2z")
    r.discard(0)
    r.draw(1, "8s")
    r.discard(1)
    r.draw(2, "8m")
    r.discard(2)
    r.draw(3, "8p")
    r.discard(3)
    r.draw(0, "9p")
    r.discard(0, riichi=True)
    r.draw(1, "1s")
    r.discard(1)
    r.draw(2, "9s")
    r.discard(2, "1z")
    r.pon(1, "1z1z")
    r.discard(1, "2z")
    r.draw(2, "3z")
    r.discard(2)
    r.draw(3, "4z")
    r.discard(3)
    r.draw(0, "6p")
    r.win(0, 0, Value(20, 4, 5200, (RIICHI, TSUMO, PINFU, TANYAO, URA),
                      text="20符4飜1300-2600点", shares=(1300, 2600)))  # fmt: skip
    return r


def ippatsu_broken_by_ankan() -> Round:
    """East 3 (seat 2 deals): seat 0 declares riichi; seat 1 makes a closed kan; seat 0 tsumo.

    A closed kan breaks ippatsu too: riichi tsumo pinfu tanyao, 20 fu 4 han,
    1300/2600.
    """
    r = Round(2, 0, 0, ("234m678m456s45p88s", "1z1z1z1z9m19p19s2345z", "119m19p19s234566z",
                        "1499m19p19s23456z"), dora="7z", ura="6z8m")  # fmt: skip
    r.draw(2, "8m")
    r.discard(2)
    r.draw(3, "8p")
    r.discard(3)
    r.draw(0, "7z")
    r.discard(0)
    r.draw(1, "8s")
    r.discard(1)
    r.draw(2, "2m")
    r.discard(2)
    r.draw(3, "2p")
    r.discard(3)
    r.draw(0, "7z")
    r.discard(0, riichi=True)
    r.draw(1, "2s")
    r.ankan(1, "1z")
    r.new_dora("5z")
    r.draw(1, "7s")
    r.discard(1)
    r.draw(2, "3z")
    r.discard(2)
    r.draw(3, "4z")
    r.discard(3)
    r.draw(0, "3p")
    r.win(0, 0, Value(20, 4, 5200, (RIICHI, TSUMO, PINFU, TANYAO, URA),
                      text="20符4飜1300-2600点", shares=(1300, 2600)))  # fmt: skip
    return r


def rinshan_after_ankan() -> Round:
    """South 1 (seat 0 deals): seat 1 makes a closed kan of 2m and wins on the replacement tile.

    Menzen tsumo and rinshan, 40 fu (a closed kan of simples is 16) 2 han,
    700/1300.
    """
    r = Round(4, 0, 0, ("19m19p19s1234567z", "222m345m456p789s3s", "19m19p19s1234567z",
                        "19m19p19s1234567z"), dora="7z")  # fmt: skip
    r.draw(0, "8m")
    r.discard(0)
    r.draw(1, "1m")
    r.discard(1)
    r.draw(2, "8p")
    r.discard(2)
    r.draw(3, "8s")
    r.discard(3)
    r.draw(0, "6z")
    r.discard(0)
    r.draw(1, "2m")
    r.ankan(1, "2m")
    r.new_dora("5z")
    r.draw(1, "3s")
    r.win(1, 1, Value(40, 2, 2700, (TSUMO, RINSHAN), text="40符2飜700-1300点", shares=(700, 1300)))
    return r


SCENARIOS = {
    "chankan_double_ron": chankan_double_ron,
    "chankan_ippatsu": chankan_ippatsu,
    "haitei_after_ankan": haitei_after_ankan,
    "houtei_after_minkan": houtei_after_minkan,
    "ippatsu_broken_by_pon": ippatsu_broken_by_pon,
    "ippatsu_broken_by_ankan": ippatsu_broken_by_ankan,
    "rinshan_after_ankan": rinshan_after_ankan,
}


def written() -> dict[str, str]:
    """Every file of ``tests/gamelog/data/flags/`` by name, as this module writes it."""
    out: dict[str, str] = {}
    for name, make in SCENARIOS.items():
        out[f"{name}.mjlog"] = make().write_mjlog()
        out[f"{name}.json"] = make().write_tenhou6()
        out[f"{name}.mjai.jsonl"] = make().write_mjai()
    # a 2009 Tenhou log: no SHUFFLE tag, the seed in the INIT tag (the chankan ippatsu round)
    out["2009_init_shuffle.mjlog"] = chankan_ippatsu(seed_2009=True).write_mjlog()
    return out


def main() -> int:
    """Rewrite the data files."""
    DATA.mkdir(parents=True, exist_ok=True)
    for name, text in written().items():
        (DATA / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(written())} files into {DATA}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
