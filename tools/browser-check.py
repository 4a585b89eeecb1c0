#!/usr/bin/env python3
"""Check the project's decoding against headless Chromium's (the browser oracle's output).

Usage: browser-check.py --known KNOWN.tsv NAME=CASEDIR:OUTDIR [NAME=CASEDIR:OUTDIR ...]

Reads CASEDIR/cases.jsonl and OUTDIR/chromium.jsonl, OUTDIR/project.jsonl (written by the oracle's
run_all.sh with ONLY=chromium,project). For every case:

- declared (every case except undeclared ones): the project's text must equal Chromium's exactly.
  A difference fails the check, unless the case id matches a line of KNOWN.tsv
  (`pattern<TAB>reason`, fnmatch-style pattern on the case id; '#' starts a comment).
- undeclared (scenario 'undeclared', or 'undeclared' in the case id): this is detection, where the
  project aims for the author's text rather than Chromium's guess. Reported, never failed:
  agreement with Chromium, the encoding against the case's truth, and the text against the true
  text (Chromium's text of the same document served with its label in the header, when the case
  names its document in 'doc').

Exit status: 0 when every declared case agrees (or is a known difference); 1 when the browser
disagreed; 2 when the check could not run (missing output, Chromium failed on a case, bad KNOWN).
"""
import argparse
import fnmatch
import json
import os
import sys
from collections import OrderedDict, defaultdict


def load_jsonl(path):
    out = OrderedDict()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                out[r["id"]] = r
    return out


def load_known(path):
    known = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) < 2 or not parts[0].strip() or not parts[1].strip():
                raise ValueError(f"{path}:{n}: expected 'pattern<TAB>reason', got {line!r}")
            known.append((parts[0].strip(), parts[1].strip()))
    return known


def esc(s):
    out = []
    for ch in s:
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif 0x20 <= o < 0x7F:
            out.append(ch)
        elif ch == "\n":
            out.append("\\n")
        elif o <= 0xFF:
            out.append(f"\\x{o:02x}")
        elif o <= 0xFFFF:
            out.append(f"\\u{o:04x}")
        else:
            out.append(f"\\U{o:08x}")
    return "".join(out)


def first_difference(a, b):
    n = min(len(a), len(b))
    for i in range(n):
        if a[i] != b[i]:
            return i
    return n


def cp(s, i):
    return f"U+{ord(s[i]):04X}" if i < len(s) else "end of text"


def is_undeclared(case):
    return case.get("scenario") == "undeclared" or "undeclared" in case["id"]


def same_encoding(a, b):
    a, b = (a or "").lower(), (b or "").lower()
    return a == b or {a, b} == {"gbk", "gb18030"}


def pct(m, n):
    return f"{m}/{n} ({100.0 * m / n:.0f}%)" if n else "0/0"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--known", required=True)
    ap.add_argument("sets", nargs="+", help="NAME=CASEDIR:OUTDIR")
    a = ap.parse_args()
    try:
        known = load_known(a.known)
    except (OSError, ValueError) as e:
        print(f"browser check could not run: {e}")
        return 2
    known_used = defaultdict(list)

    disagreements = []   # (set, id, scenario, detail)
    excused = []         # (set, id, reason)
    broken = []          # reasons the check could not run
    rows = OrderedDict()  # (set, scenario) -> counters
    undeclared_rows = OrderedDict()
    undeclared_misses = []

    for spec in a.sets:
        name, _, dirs = spec.partition("=")
        casedir, _, outdir = dirs.partition(":")
        try:
            cases = load_jsonl(os.path.join(casedir, "cases.jsonl"))
            chromium = load_jsonl(os.path.join(outdir, "chromium.jsonl"))
            project = load_jsonl(os.path.join(outdir, "project.jsonl"))
        except OSError as e:
            broken.append(f"{name}: {e}")
            continue
        # the true text of a document: Chromium's decoding of it served with its label in the header
        true_text = {}
        for cid, c in cases.items():
            if c.get("doc") and c.get("scenario") == "header":
                r = chromium.get(cid)
                if r and r.get("error") is None:
                    true_text[c["doc"]] = r.get("text")
        for cid, c in cases.items():
            scen = c.get("scenario") or "-"
            ch, pr = chromium.get(cid), project.get(cid)
            if ch is None or ch.get("error") is not None or ch.get("text") is None:
                broken.append(f"{name}/{cid}: Chromium gave no text ({(ch or {}).get('error', 'no record')})")
                continue
            pr_text = None if pr is None or pr.get("error") is not None else pr.get("text")
            agree = pr_text == ch["text"]
            if is_undeclared(c):
                u = undeclared_rows.setdefault((name, scen), defaultdict(int))
                u["n"] += 1
                u["agree"] += agree
                if c.get("truth"):
                    u["with_truth"] += 1
                    u["proj_enc"] += same_encoding(pr and pr.get("encoding"), c["truth"])
                    u["chr_enc"] += same_encoding(ch.get("encoding"), c["truth"])
                t = true_text.get(c.get("doc"))
                if t is not None:
                    u["with_text"] += 1
                    u["proj_text"] += pr_text == t
                    u["chr_text"] += ch["text"] == t
                    if pr_text != t:
                        undeclared_misses.append(f"{name}/{cid}: truth {c.get('truth')}, project "
                                                 f"{pr and pr.get('encoding')} ({pr and pr.get('source')}), "
                                                 f"chromium {ch.get('encoding')}"
                                                 f"{'' if ch['text'] == t else ' (also wrong)'}")
                continue
            row = rows.setdefault((name, scen), defaultdict(int))
            row["n"] += 1
            if agree:
                row["agree"] += 1
                continue
            reason = next((r for p, r in known if fnmatch.fnmatchcase(cid, p)), None)
            if reason is not None:
                row["known"] += 1
                excused.append((name, cid, reason))
                known_used[reason].append(cid)
                continue
            row["fail"] += 1
            if pr is None:
                detail = "no record from the project"
            elif pr_text is None:
                detail = f"the project failed: {pr.get('error')}"
            else:
                i = first_difference(pr_text, ch["text"])
                lo = max(0, i - 10)
                detail = (f"first difference at code point {i}: project ({pr.get('encoding')}) "
                          f"{cp(pr_text, i)} vs chromium ({ch.get('encoding')}) {cp(ch['text'], i)}; "
                          f"project \"{esc(pr_text[lo:i + 10])}\" chromium \"{esc(ch['text'][lo:i + 10])}\"")
            disagreements.append((name, cid, scen, detail))

    print("Declared cases: the project's text vs Chromium's (must agree)")
    print()
    print("| set | scenario | agree | known difference | disagree |")
    print("|---|---|---|---|---|")
    tot = defaultdict(int)
    for (name, scen), r in rows.items():
        print(f"| {name} | {scen} | {r['agree']}/{r['n']} | {r['known']} | {r['fail']} |")
        for k in ("n", "agree", "known", "fail"):
            tot[k] += r[k]
    print(f"| ALL | | {tot['agree']}/{tot['n']} | {tot['known']} | {tot['fail']} |")
    print()
    print("Undeclared cases (detection: reported, not failed). Truth = the document's real encoding;")
    print("true text = Chromium's decoding of the same document served with its label in the header.")
    print()
    print("| set | scenario | text = Chromium | project encoding = truth | Chromium encoding = truth "
          "| project text = true text | Chromium text = true text |")
    print("|---|---|---|---|---|---|---|")
    for (name, scen), u in undeclared_rows.items():
        print(f"| {name} | {scen} | {pct(u['agree'], u['n'])} | {pct(u['proj_enc'], u['with_truth'])} "
              f"| {pct(u['chr_enc'], u['with_truth'])} | {pct(u['proj_text'], u['with_text'])} "
              f"| {pct(u['chr_text'], u['with_text'])} |")
    print()
    if undeclared_misses:
        print(f"Undeclared cases where the project's text is not the true text ({len(undeclared_misses)}):")
        for m in undeclared_misses:
            print(f"  {m}")
        print()
    if known_used:
        print(f"Known differences used ({len(excused)} cases):")
        for reason, ids in known_used.items():
            print(f"  {len(ids):4d}  {reason}")
        print()
    unused = [(p, r) for p, r in known if r not in known_used]
    if unused:
        print("Known-difference entries that matched no differing case (remove them if they no longer apply):")
        for p, r in unused:
            print(f"  {p}\t{r}")
        print()

    if broken:
        print(f"browser check could not run properly ({len(broken)} problem(s)):")
        for b in broken[:50]:
            print(f"  {b}")
        return 2
    if disagreements:
        print(f"the browser disagreed: {len(disagreements)} declared case(s) decode differently from "
              f"Chromium (and are not in {a.known}):")
        for name, cid, scen, detail in disagreements:
            print(f"  {name}/{cid} [{scen}]: {detail}")
        return 1
    print(f"the browser agreed: every declared case decodes as Chromium does ({tot['agree']} equal, "
          f"{tot['known']} known differences)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
