#!/usr/bin/env python3
"""Turns JMH JSON results (-rf json) of the jsoup-charset benchmarks into the Markdown tables of
BENCHMARKS.md. Usage: benchmarks/tables.py RESULT.json...  Ratios pair results of the same run."""
import json, sys

BYTES = {}  # bytes per DecodeBenchmark operation, read from the setup lines of the text output


def load(paths):
    rows = []
    for p in paths:
        rows += json.load(open(p))
    return rows


def key(r):
    return r["benchmark"].rsplit(".", 2)[-2], r["benchmark"].rsplit(".", 1)[-1], tuple(sorted(r.get("params", {}).items()))


def fmt(score, err):
    d = 2 if score < 10 else 1
    return f"{score:,.{d}f} ± {err:,.{d}f}" if err == err else f"{score:,.{d}f}"


def alloc(r):
    m = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
    return m["score"] if m else float("nan")


def main(paths):
    rows = load(paths)
    by = {}
    for r in rows:
        cls, method, params = key(r)
        by.setdefault((cls, params), {})[method] = r
    out = []
    for (cls, params), m in sorted(by.items()):
        p = dict(params)
        if cls == "SniffBenchmark" and "sniff" in m and "jsoupParse" in m:
            s, j = m["sniff"]["primaryMetric"], m["jsoupParse"]["primaryMetric"]
            floor = ""
            if "byteCountFloor" in m:
                f = m["byteCountFloor"]["primaryMetric"]
                floor = f" {fmt(f['score'], f['scoreError'])} µs | **{f['score'] / j['score']:.3f}** |"
            out.append(f"| sniff vs jsoup | {p['encoding']} | {p['declaration']} | {p['size']} | {fmt(s['score'], s['scoreError'])} µs | "
                       f"{fmt(j['score'], j['scoreError'])} µs | **{s['score'] / j['score']:.3f}** |" + floor)
        elif cls == "SniffBenchmark" and "sniff" in m:
            s = m["sniff"]["primaryMetric"]
            out.append(f"| sniff | {p['encoding']} | {p['declaration']} | {p['size']} | {fmt(s['score'], s['scoreError'])} µs | {alloc(m['sniff']):,.0f} B/op |")
        elif cls == "EndToEndBenchmark":
            o, j = m["ours"]["primaryMetric"], m["jsoup"]["primaryMetric"]
            out.append(f"| {p['encoding']} | {p['declaration']} | {p['size']} | {fmt(o['score'], o['scoreError'])} | {fmt(j['score'], j['scoreError'])} | "
                       f"**{o['score'] / j['score']:.3f}** | {alloc(m['ours']) / 1024:,.0f} | {alloc(m['jsoup']) / 1024:,.0f} |")
        elif cls == "DecodeBenchmark":
            enc = p["encoding"]
            b = BYTES.get(enc)
            def mbs(name):
                x = m[name]["primaryMetric"]
                return (x["score"] * b / 1e6, x["scoreError"] * b / 1e6) if b else (x["score"], x["scoreError"])
            os_, js, oc, jc = mbs("oursString"), mbs("jdkString"), mbs("oursCharsetDecoder"), mbs("jdkCharsetDecoder")
            out.append(f"| {enc} | {fmt(*os_)} | {fmt(*js)} | **{os_[0] / js[0]:.2f}** | {fmt(*oc)} | {fmt(*jc)} | **{oc[0] / jc[0]:.2f}** | "
                       f"{alloc(m['oursString']) / b:.2f} | {alloc(m['jdkString']) / b:.2f} |")
    print("\n".join(out))


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--bytes":
        for line in open(args[1]):
            if "bytes per operation" in line:
                enc, rest = line.split(":", 1)
                BYTES[enc.strip()] = int(rest.split()[0])
        args = args[2:]
    main(args)
