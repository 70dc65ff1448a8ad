#!/usr/bin/env python3
"""Agreement of sudoforge's human rating with Sudoku Explainer and HoDoKu.

Reads the calibration set (puzzle, ..., se_er, ..., hodoku_level, ...) and
sudoforge's grade records of the same puzzles in the same order; prints Spearman's
rank correlation against SE's ER overall, within each tier and within the
diabolical tier, the mean absolute error, and the level against HoDoKu's level.
A set without the hodoku_level column (puzzle, se_er: the held-out set when
bench-rating runs Sudoku Explainer but not HoDoKu) is measured against SE alone.
Used by scripts/bench-rating (a benchmark: these are measurements, not tests).

  rating-agreement.py CALIBRATION.csv GRADES.csv
"""
import csv
import sys
from collections import Counter

TARGETS = {"spearman": 0.95, "spearman_diabolical": 0.93, "mae": 0.5, "level": 0.85}
HODOKU = ["Easy", "Medium", "Hard", "Unfair", "Extreme"]
OURS = ["easy", "medium", "hard", "fiendish", "extreme"]


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2  # ties share their mean rank
        i = j + 1
    return result


def spearman(a, b):
    if len(a) < 2:
        return float("nan")
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5 if va > 0 and vb > 0 else float("nan")


def main():
    calibration = list(csv.DictReader(open(sys.argv[1], newline="")))
    grades = list(csv.DictReader(open(sys.argv[2], newline="")))
    if len(calibration) != len(grades):
        sys.exit(f"rating-agreement: {len(calibration)} calibration rows but {len(grades)} grades")
    for row, grade in zip(calibration, grades):
        if row["puzzle"] != grade["puzzle"] or grade["status"] != "unique":
            sys.exit(f"rating-agreement: grades do not match the calibration set at {row['puzzle']}")
    se = [float(r["se_er"]) for r in calibration]
    ours = [float(g["rating"]) for g in grades]
    n = len(se)
    mae = sum(abs(a - b) for a, b in zip(se, ours)) / n
    overall = spearman(se, ours)

    def mark(ok):
        return "meets target" if ok else "BELOW TARGET"

    hodoku = "hodoku_level" in calibration[0]
    print(f"{n} puzzles rated by Sudoku Explainer (ER){' and HoDoKu' if hodoku else ''} ({sys.argv[1]})")
    print(f"  Spearman vs SE ER, overall:       {overall:.3f}   (target >= {TARGETS['spearman']}: "
          f"{mark(overall >= TARGETS['spearman'])})")
    diabolical = None
    for tier in ["singles", "twins", "diabolical"]:
        ix = [i for i, g in enumerate(grades) if g["tier"] == tier]
        rho = spearman([se[i] for i in ix], [ours[i] for i in ix])
        err = sum(abs(se[i] - ours[i]) for i in ix) / max(len(ix), 1)
        note = ""
        if tier == "diabolical":
            diabolical = rho
            note = f"   (target >= {TARGETS['spearman_diabolical']}: {mark(rho >= TARGETS['spearman_diabolical'])})"
        print(f"  Spearman within {tier:<11} n={len(ix):<4} {rho:.3f}, mean abs error {err:.2f}{note}")
    print(f"  Mean absolute error vs SE ER:     {mae:.3f}   (target <= {TARGETS['mae']}: {mark(mae <= TARGETS['mae'])})")
    exact = sum(1 for a, b in zip(se, ours) if abs(a - b) < 0.05) / n
    print(f"  Rating equal to SE's ER:          {exact:.1%}")
    ok = overall >= TARGETS["spearman"] and diabolical >= TARGETS["spearman_diabolical"] and mae <= TARGETS["mae"]
    if hodoku:
        same = sum(1 for r, g in zip(calibration, grades) if HODOKU.index(r["hodoku_level"]) == OURS.index(g["level"]))
        share = same / n
        ok = ok and share >= TARGETS["level"]
        print(f"  Level equal to HoDoKu's level:    {share:.1%}  (target >= {TARGETS['level']:.0%}: "
              f"{mark(share >= TARGETS['level'])})")
        table = Counter((r["hodoku_level"], g["level"]) for r, g in zip(calibration, grades))
        print()
        print("  HoDoKu \\ sudoforge " + "".join(f"{o:>9}" for o in OURS))
        for h in HODOKU:
            print(f"  {h:<19}" + "".join(f"{table[(h, o)]:>9}" for o in OURS))
    # The largest disagreements, for a look (not for tuning: see README).
    worst = sorted(range(n), key=lambda i: -abs(se[i] - ours[i]))[:5]
    print()
    print("  largest differences (SE, ours, our hardest step, puzzle):")
    for i in worst:
        print(f"    {se[i]:>4} {ours[i]:>5} {grades[i]['hardest_technique']:<26} {calibration[i]['puzzle']}")
    return 0 if ok else 1

if __name__ == "__main__":
    sys.exit(main())
