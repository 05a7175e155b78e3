"""One way for every report to judge its goals: met, missed or inconclusive.

A goal is judged on every round of a run, not only on the median: it is *met* when every round meets
it, *missed* when every round misses it, and *inconclusive* when the rounds disagree (the median on one
side of the line by less than the spread between rounds decides nothing on a shared machine), when
the run was shorter than the goal names, or when nothing was measured. Every report prints its goals
with `table`, between markers, so that RESULTS.md can gather them into one overview (`overview`).

    from goals import Goal, at_least, table
    lines += table([Goal("/json: rps ≥ 0.9× raw Vert.x", "0.94×", at_least(0.9, ratios), "rounds 0.88-1.02")])
"""

from dataclasses import dataclass
import re

MET, MISSED, INCONCLUSIVE = "met", "missed", "inconclusive"
BEGIN, END = "<!-- goals -->", "<!-- /goals -->"


def judge(rounds, meets):
    """The verdict over every round's figure; `meets` says whether one figure meets the goal."""
    outcomes = {bool(meets(value)) for value in rounds if value is not None}
    if outcomes == {True}:
        return MET
    if outcomes == {False}:
        return MISSED
    return INCONCLUSIVE


def at_least(target, rounds):
    """Met when every round's figure is at least `target`."""
    return judge(rounds, lambda value: value >= target)


def at_most(target, rounds):
    """Met when every round's figure is at most `target`."""
    return judge(rounds, lambda value: value <= target)


def despite(judged, share, target, rounds):
    """`judged` (`at_least`, `at_most`) for ratios measured while other programs took up to `share` of the CPU:
    either side of a ratio may have lost that share, so a round's true figure lies between figure × (1 − share)
    and figure ÷ (1 − share). A verdict stands only when both ends give it, else inconclusive: a busy machine
    cannot turn a clear miss into "inconclusive", nor a near miss into "met"."""
    keep = 1 - share
    low = judged(target, [v * keep for v in rounds if v is not None])
    high = judged(target, [v / keep for v in rounds if v is not None])
    return low if low == high else INCONCLUSIVE


def below(target, rounds):
    """Met when every round's figure is below `target`."""
    return judge(rounds, lambda value: value < target)


def single(ok):
    """A goal measured once (a survival, a count): met or missed; inconclusive when nothing was measured."""
    return INCONCLUSIVE if ok is None else (MET if ok else MISSED)


def shorter(verdict, ran, needed):
    """A run shorter than the goal names decides nothing, whatever it showed."""
    return INCONCLUSIVE if ran < needed else verdict


def rounds_text(values, fmt="{:.2f}"):
    """The rounds as the note shows them: '0.88, 0.94, 1.02'."""
    return ", ".join(fmt.format(v) for v in values if v is not None)


@dataclass(frozen=True)
class Goal:
    """One goal of a report: what it asks, the figure measured, the verdict and why (by how much, the rounds)."""

    goal: str
    measured: str
    verdict: str
    note: str = ""


def table(goals, heading="## Goals", intro=None):
    """The report's goals section: a table between markers and a one-line count of each verdict."""
    counts = {v: sum(1 for g in goals if g.verdict == v) for v in (MET, MISSED, INCONCLUSIVE)}
    lines = [heading, ""]
    if intro:
        lines += [intro, ""]
    lines += ["Each goal is judged on every round: met when every round meets it, missed when every round misses it,"
              " inconclusive when the rounds disagree or the run was shorter than the goal names.", "",
              BEGIN, "| goal | measured | verdict | rounds, shortfall or cause |", "| --- | --- | --- | --- |"]
    lines += [f"| {g.goal} | {g.measured} | **{g.verdict}** | {g.note} |" for g in goals]
    lines += [END, "", f"{counts[MET]} met, {counts[MISSED]} missed, {counts[INCONCLUSIVE]} inconclusive.", ""]
    return lines


def rows(text):
    """The goal rows a report printed with `table`, as (goal, measured, verdict, note) tuples."""
    found = []
    for block in re.findall(re.escape(BEGIN) + r"(.*?)" + re.escape(END), text, re.S):
        for line in block.strip().splitlines()[2:]:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 4:
                found.append((cells[0], cells[1], cells[2].strip("*"), " | ".join(cells[3:])))
    return found


def overview(reports):
    """RESULTS.md's table of every report's goals: `reports` is a list of (file name, its text)."""
    lines = ["## Every goal, from every report", "",
             "Gathered from the goals tables of the reports below, each as its own run judged it (the date is"
             " in each report's first lines).", "",
             "| report | goal | measured | verdict | rounds, shortfall or cause |", "| --- | --- | --- | --- | --- |"]
    without = []
    for name, text in reports:
        found = rows(text)
        if not found:
            without.append(name)
        for goal, measured, verdict, note in found:
            lines.append(f"| [{name}]({name}) | {goal} | {measured} | **{verdict}** | {note} |")
    if without:
        lines += ["", "Measurements without a goal (their scripts state none): " + ", ".join(without) + "."]
    return lines + [""]
