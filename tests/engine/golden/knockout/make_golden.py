"""Write knockout-NN.txt (2-33 players) by a construction independent of the engine.

The engine builds the slot order bottom-up (interleaving each seed with its mirror). Here
the bracket is split top-down instead: in a (sub-)bracket holding the sorted seeds L of size
m, the mirror pairs (L[i], L[m-1-i]) are dealt to the two halves as i = 0, 3, 4, 7, 8, ...
(i mod 4 in {0, 3}) to the half of the best seed and i mod 4 in {1, 2} to the other half,
which keeps the best seed and the second-best seed of L apart (they meet last) and pairs the
best with the worst inside each half. Seeds above the number of players are byes.

Run: python tests/engine/golden/knockout/make_golden.py
"""

from pathlib import Path


def split(seeds):
    if len(seeds) == 2:
        return [seeds]
    m = len(seeds)
    top, bottom = [], []
    for i in range(m // 2):
        (top if i % 4 in (0, 3) else bottom).extend([seeds[i], seeds[m - 1 - i]])
    return split(sorted(top)) + split(sorted(bottom))


def main():
    here = Path(__file__).parent
    for n in range(2, 34):
        size = 1
        while size < n:
            size *= 2
        lines = [
            f"# Knockout bracket for {n} players (bracket of {size}, {size - n} byes): first-round ties",
            "# from top to bottom as 'seed-seed' (better seed first), a bye as 'seed-bye'.",
        ]
        for a, b in split(list(range(1, size + 1))):
            lines.append(f"{a}-{b if b <= n else 'bye'}")
        (here / f"knockout-{n:02}.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
