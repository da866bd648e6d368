"""Hypothesis strategies for legal winning hands in the batch input format."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scoring.tiles import TILES

WINDS = ["E", "S", "W", "N"]


def _tile(i: int) -> str:
    return str(TILES[i])


@st.composite
def winning_records(draw: st.DrawFn, allow_open: bool = True) -> dict[str, Any]:
    """A four-sets-and-a-pair hand with melds, winds, riichi, dora and counters.

    Tile counts are kept legal; yaku are not guaranteed (callers skip NoYakuError).
    """
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[str] = []
    closed = True
    for _ in range(4):
        kind = draw(st.sampled_from(["seq", "seq", "trip"]))
        if kind == "seq":
            suit = draw(st.integers(0, 2))
            n = draw(st.integers(0, 6))
            tiles = [9 * suit + n, 9 * suit + n + 1, 9 * suit + n + 2]
        else:
            t = draw(st.integers(0, 33))
            tiles = [t, t, t]
        for t in tiles:
            counts[t] += 1
        melded = allow_open and draw(st.integers(0, 3)) == 0
        if melded and kind == "seq":
            melds.append("chi " + "".join(str(TILES[t].number) for t in tiles)
                         + TILES[tiles[0]].suit.value)
            closed = False
        elif melded:
            meld_kind = draw(st.sampled_from(["pon", "pon", "minkan", "shouminkan", "ankan"]))
            n_tiles = 3 if meld_kind == "pon" else 4
            if n_tiles == 4:
                counts[tiles[0]] += 1
            melds.append(f"{meld_kind} " + str(TILES[tiles[0]].number) * n_tiles
                         + TILES[tiles[0]].suit.value)
            closed = closed and meld_kind == "ankan"
        else:
            concealed.extend(tiles)
    p = draw(st.integers(0, 33))
    counts[p] += 2
    concealed.extend([p, p])
    if max(counts) > 4 or max(counts[4], counts[13], counts[22]) > 3:
        from hypothesis import reject

        reject()
    win = draw(st.sampled_from(concealed))
    order = draw(st.permutations(concealed))
    names = [_tile(i) for i in order]
    win_name = _tile(win)
    for five in (4, 13, 22):
        if five in order and draw(st.booleans()):
            k = order.index(five)
            names[k] = "0" + names[k][1]
            if win == five and five not in order[k + 1 :]:
                win_name = names[k]
    hand = "".join(names)
    tsumo = draw(st.booleans())
    riichi = closed and draw(st.booleans())
    dora = ""
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.sampled_from([i for i in range(34) if counts[i] < 4]))
        counts[i] += 1
        dora += _tile(i)
    return {
        "hand": hand,
        "win": win_name,
        "melds": melds,
        "tsumo": tsumo,
        "round": draw(st.sampled_from(WINDS)),
        "seat": draw(st.sampled_from(WINDS)),
        "riichi": riichi,
        "dora": dora,
        "honba": draw(st.integers(0, 4)),
        "sticks": draw(st.integers(0, 3)),
        "rules": "tenhou",
    }
