"""Test helper: play one random round and write it as an mjlog and a tenhou.net/6 log.

The play is random but legal in form: draws from a shuffled wall, discards
(tsumogiri after riichi), riichi, chi, pon, open kans, added kans and closed
kans with their replacement draws and kan dora, ending in a tsumo or a ron
(on the last tile of the wall too). The helper keeps its own account of the
winner's hand; the replay of either log must find the same hand.

Winning shapes are not made: the replay follows the play, it does not score.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from data.gamelog.situation import write_tiles

RED_IDS = (16, 52, 88)


def tile(tile_id: int) -> str:
    """MPSZ of a tile id (red fives on)."""
    kind = tile_id // 4
    if tile_id in RED_IDS:
        return "0" + "mps"[kind // 9]
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


def code(tile_id: int) -> int:
    """The tenhou.net/6 code of a tile id."""
    kind = tile_id // 4
    if tile_id in RED_IDS:
        return 51 + kind // 9
    return (kind // 9 + 1) * 10 + kind % 9 + 1


@dataclass
class Meld:
    """A meld as the helper made it."""

    kind: str
    ids: list[int]
    called: int | None
    source: int | None
    m: int
    t6: str

    def batch(self) -> str:
        return f"{self.kind} {write_tiles([tile(i) for i in sorted(self.ids)])}"


@dataclass
class Expected:
    """What the replay must find for the one win of the round."""

    who: int
    source: int
    hand: str
    win: str
    melds: list[str]
    riichi: bool
    sticks: int
    label: str


@dataclass
class WrittenRound:
    """One random round in both formats, and the win it ends with."""

    mjlog: str
    tenhou6: str
    expected: Expected


@dataclass
class _Table:
    rng: random.Random
    number: int
    honba: int
    sticks: int
    hands: list[list[int]] = field(default_factory=list)
    melds: list[list[Meld]] = field(default_factory=lambda: [[], [], [], []])
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    declined: list[set[tuple[int, int]]] = field(default_factory=lambda: [set() for _ in range(4)])
    tags: list[str] = field(default_factory=list)
    draws: list[list[Any]] = field(default_factory=lambda: [[], [], [], []])
    discards: list[list[Any]] = field(default_factory=lambda: [[], [], [], []])
    dora: list[int] = field(default_factory=list)
    pending_dora: int = 0
    start_sticks: int = 0

    def __post_init__(self) -> None:
        self.start_sticks = self.sticks


def _chi_m(ids: list[int], called: int) -> int:
    ids = sorted(ids)
    k0 = ids[0] // 4
    t = ((k0 // 9) * 7 + k0 % 9) * 3 + ids.index(called)
    m = (t << 10) | 0x4 | 3
    for i, tid in enumerate(ids):
        m |= (tid % 4) << (3 + 2 * i)
    return m


def _pon_m(ids: list[int], called: int, rel: int, added: bool = False, extra: int = 0) -> int:
    ids = sorted(ids)
    kind = ids[0] // 4
    unused = next(c for c in range(4) if kind * 4 + c not in ids) if not added else extra % 4
    t = kind * 3 + ids.index(called)
    return (t << 9) | (0x10 if added else 0x8) | (unused << 5) | rel


def random_round(seed: int) -> WrittenRound:
    """Play and write one round from a seed."""
    rng = random.Random(seed)
    wall = list(range(136))
    rng.shuffle(wall)
    if rng.random() < 0.6:  # a wall of pairs: more pons and kans
        pairs = [[2 * i, 2 * i + 1] for i in range(68)]
        rng.shuffle(pairs)
        wall = [tid for pair in pairs for tid in pair]
    table = _Table(rng, rng.randrange(8), rng.randrange(3), rng.randrange(2))
    dealer = table.number % 4
    table.hands = [sorted(wall[13 * p : 13 * p + 13]) for p in range(4)]
    live = wall[52:122]
    dead = wall[122:]
    rinshan = [dead[-1], dead[-2], dead[-3], dead[-4]]
    kan_dora = [dead[1], dead[2], dead[3], dead[4]]
    ura = [dead[5], dead[6], dead[7], dead[8], dead[9]]
    table.dora = [dead[0]]
    haipai = [list(h) for h in table.hands]
    t = table

    def reveal() -> None:
        while t.pending_dora:
            t.pending_dora -= 1
            new = kan_dora[len(t.dora) - 1]
            t.dora.append(new)
            t.tags.append(f'<DORA hai="{new}"/>')

    turn, need_draw, rinshan_next = dealer, True, False
    drawn: int | None = None
    draws_done = 0
    kans = 0
    last_discard: tuple[int, int] | None = None
    win: tuple[int, int, int] | None = None  # who, source, tile
    steps = rng.choice((0, *(rng.randrange(1, 40),) * 3, *(rng.randrange(40, 200),) * 4))
    while win is None:
        if need_draw:
            if rinshan_next:
                drawn = rinshan[kans - 1]
            elif draws_done >= 70:
                assert last_discard is not None
                win = (turn, last_discard[0], last_discard[1])  # a ron on the last discard
                break
            else:
                drawn = live.pop(0)
            draws_done += 1
            rinshan_next = False
            t.hands[turn].append(drawn)
            t.tags.append(f"<{'TUVW'[turn]}{drawn}/>")
            t.draws[turn].append(code(drawn))
            t.declined[turn].clear()
            if steps <= 0 or (draws_done >= 70 and rng.random() < 0.5):
                win = (turn, turn, drawn)
                break
        else:
            drawn = None
        steps -= 1
        kind_counts: dict[int, list[int]] = {}
        for tid in t.hands[turn]:
            kind_counts.setdefault(tid // 4, []).append(tid)
        ankans = [ids for ids in kind_counts.values() if len(ids) == 4]
        kakans = [
            (m, tid)
            for m in t.melds[turn]
            if m.kind == "pon"
            for tid in t.hands[turn]
            if tid // 4 == m.ids[0] // 4
        ]
        can_kan = need_draw and kans < 4 and not t.riichi[turn] and bool(ankans or kakans)
        if can_kan and rng.random() < 0.8:
            reveal()
            kans += 1
            if ankans and (not kakans or rng.random() < 0.5):
                ids = sorted(ankans[0])
                for tid in ids:
                    t.hands[turn].remove(tid)
                m = ((ids[0] // 4) * 4) << 8
                codes = [code(i) for i in ids]
                t6 = f"{codes[0]}{codes[1]}{codes[2]}a{codes[3]}"
                t.melds[turn].append(Meld("ankan", ids, None, None, m, t6))
                t.tags.append(f'<N who="{turn}" m="{m}"/>')
                t.discards[turn].append(t6)
                t.pending_dora += 1
                reveal()
            else:
                pon, added = kakans[0]
                t.hands[turn].remove(added)
                rel = (pon.source - turn) % 4  # type: ignore[operator]
                m = _pon_m(pon.ids, pon.called, rel, added=True, extra=added)  # type: ignore[arg-type]
                t6 = pon.t6.replace("p", f"k{code(added)}")
                idx = t.melds[turn].index(pon)
                t.melds[turn][idx] = Meld(
                    "shouminkan", [*pon.ids, added], pon.called, pon.source, m, t6
                )
                t.tags.append(f'<N who="{turn}" m="{m}"/>')
                t.discards[turn].append(t6)
                t.pending_dora += 1
                if rng.random() < 0.15:  # robbed: a chankan ron
                    win = ((turn + rng.randrange(1, 4)) % 4, turn, added)
                    break
            need_draw, rinshan_next = True, True
            continue
        closed = all(m.kind == "ankan" for m in t.melds[turn])
        declare = closed and not t.riichi[turn] and rng.random() < 0.12
        out = drawn if t.riichi[turn] and drawn is not None else rng.choice(t.hands[turn])
        if declare:
            t.tags.append(f'<REACH who="{turn}" step="1"/>')
            t.riichi[turn] = True
        t.hands[turn].remove(out)
        t.tags.append(f"<{'DEFG'[turn]}{out}/>")
        t6code: Any = 60 if out == drawn else code(out)
        t.discards[turn].append(f"r{t6code}" if declare else t6code)
        reveal()
        last_discard = (turn, out)
        if rng.random() < 0.02:
            win = ((turn + rng.randrange(1, 4)) % 4, turn, out)
            break
        if declare:
            t.tags.append(f'<REACH who="{turn}" step="2"/>')
            t.sticks += 1
        call = _choose_call(t, turn, out)
        if call is None:
            turn, need_draw = (turn + 1) % 4, True
            continue
        q, meld = call
        t.melds[q].append(meld)
        t.tags.append(f'<N who="{q}" m="{meld.m}"/>')
        t.draws[q].append(meld.t6)
        turn = q
        need_draw = meld.kind == "minkan"
        if need_draw:
            kans += 1
            rinshan_next = True
            t.pending_dora += 1
            t.discards[q].append(0)
    assert win is not None
    return _written(t, haipai, win, dealer, ura)


def _choose_call(t: _Table, turn: int, out: int) -> tuple[int, Meld] | None:
    kind = out // 4
    options: list[tuple[int, str, list[int]]] = []
    for offset in (1, 2, 3):
        q = (turn + offset) % 4
        if t.riichi[q] or (kind, turn) in t.declined[q]:
            continue
        same = [tid for tid in t.hands[q] if tid // 4 == kind]
        if len(same) >= 2:
            options.append((q, "pon", same[:2]))
        if len(same) == 3 and sum(len(m.ids) == 4 for ms in t.melds for m in ms) < 3:
            options.append((q, "minkan", same))
        if offset == 1 and kind < 27:
            n = kind % 9
            for start in (n - 2, n - 1, n):
                if start < 0 or start > 6:
                    continue
                need = [kind - n + start + i for i in range(3) if start + i != n]
                own = []
                for k in need:
                    found = next((tid for tid in t.hands[q] if tid // 4 == k), None)
                    if found is None:
                        break
                    own.append(found)
                if len(own) == 2:
                    options.append((q, "chi", own))
    if not options:
        return None
    if t.rng.random() < 0.35:
        for q, _, _ in options:
            t.declined[q].add((kind, turn))
        return None
    q, what, own = t.rng.choice(options)
    for other, _, _ in options:  # the seats whose call was not taken passed on this discard
        if other != q:
            t.declined[other].add((kind, turn))
    for tid in own:
        t.hands[q].remove(tid)
    ids = [*own, out]
    rel = (turn - q) % 4
    c, a = code(out), [code(i) for i in sorted(own)]
    if what == "chi":
        return q, Meld("chi", ids, out, turn, _chi_m(ids, out), f"c{c}{a[0]}{a[1]}")
    if what == "pon":
        at = {3: 0, 2: 1, 1: 2}[rel]
        parts = [str(x) for x in a]
        parts.insert(at, f"p{c}")
        return q, Meld("pon", ids, out, turn, _pon_m(ids, out, rel), "".join(parts))
    at = {3: 0, 2: 1, 1: 3}[rel]
    parts = [str(x) for x in a]
    parts.insert(at, f"m{c}")
    return q, Meld("minkan", ids, out, turn, (out << 8) | rel, "".join(parts))


def _written(
    t: _Table, haipai: list[list[int]], win: tuple[int, int, int], dealer: int, ura: list[int]
) -> WrittenRound:
    who, source, win_tile = win
    concealed = list(t.hands[who]) if who == source else [*t.hands[who], win_tile]
    melds = list(reversed(t.melds[who]))
    label = f"{'ESWN'[t.number // 4]}{t.number % 4 + 1}-{t.honba}"
    uras = ura[: len(t.dora)] if t.riichi[who] else []
    expected = Expected(
        who=who,
        source=source,
        hand=write_tiles([tile(i) for i in concealed]),
        win=tile(win_tile),
        melds=[m.batch() for m in melds],
        riichi=t.riichi[who],
        sticks=t.sticks,
        label=label,
    )
    ms = ",".join(str(m.m) for m in melds)
    sc = ",".join(f"250,{1000 if p == who else 0}" for p in range(4))
    agari = (
        f'<AGARI ba="{t.honba},{t.sticks}" hai="{",".join(str(i) for i in sorted(concealed))}"'
        + (f' m="{ms}"' if ms else "")
        + f' machi="{win_tile}" ten="30,1000,0" yaku="1,1" doraHai="{",".join(map(str, t.dora))}"'
        + (f' doraHaiUra="{",".join(map(str, uras))}"' if uras else "")
        + f' who="{who}" fromWho="{source}" sc="{sc}"/>'
    )
    init = (
        f'<INIT seed="{t.number},{t.honba},{t.start_sticks},0,0,{t.dora[0]}" '
        f'ten="250,250,250,250" oya="{dealer}" '
        + " ".join(f'hai{p}="{",".join(map(str, haipai[p]))}"' for p in range(4))
        + "/>"
    )
    head = (
        '<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,test" ref=""/>'
        '<GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D" dan="1,1,1,1" '
        'rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
    )
    mjlog = head + init + "".join(t.tags) + agari + "</mjloggm>"
    kyoku: list[Any] = [
        [t.number, t.honba, t.start_sticks],
        [25000] * 4,
        [code(i) for i in t.dora],
        [code(i) for i in uras],
    ]
    for p in range(4):
        kyoku += [[code(i) for i in haipai[p]], t.draws[p], t.discards[p]]
    kyoku.append(["和了", [0] * 4, [who, source, who, "30符1飜1000点"]])
    tenhou6 = json.dumps({"name": ["A", "B", "C", "D"], "rule": {"disp": "test"}, "log": [kyoku]})
    return WrittenRound(mjlog, tenhou6, expected)
