#!/usr/bin/env python3
"""Per-module timeline of a release build, for docs/dependencies.md ("Build time").
Usage: swift build -c release --product dyntype -v 2>&1 | while IFS= read -r l; do printf "%s %s\n" "$(date +%s.%N)" "$l"; done > build.log
       python3 scripts/build-timeline.py build.log .build/x86_64-unknown-linux-gnu/release <epoch of the start>
Start: a module's first compile command (-module-name, or a C file's -o <module>.build/x.o); done: the newest
file in <module>.build/ (wall time, waits for a free core included). Prints Markdown tables."""
import os, re, sys, collections
log, build, t0 = sys.argv[1], sys.argv[2], float(sys.argv[3])
start, package = {}, {}
for line in open(log, errors="replace"):
    stamp, _, rest = line.partition(" ")
    try: t = float(stamp)
    except ValueError: continue
    # A Swift module's own compile names it with -module-name; a C file's compile writes -o <module>.build/x.o.
    names = set(re.findall(r"-module-name ([A-Za-z0-9_]+)", rest)) | set(re.findall(r" -o \S*/release/([A-Za-z0-9_\-]+)\.build/\S+\.o\b", rest))
    for m in names:
        if m not in start: start[m] = t
        if m not in package:
            src = re.search(r"(checkouts/([^/ ]+)/|/Sources/|/Profiles/)", rest)
            if src and ("-c " in rest or "clang" in rest.split(" ")[0]):
                package[m] = src.group(2) or "DynamicTypeSimulator"
import glob
clean = build.split("/.build/")[0]
def owner(m):
    if os.path.isdir(os.path.join(clean, "Sources", m)) or m == "DynamicTypeProfiles": return "DynamicTypeSimulator"
    hits = glob.glob(os.path.join(clean, ".build/checkouts/*/Sources", m))
    return hits[0].split("/checkouts/")[1].split("/")[0] if hits else package.get(m, "?")
rows = []
for m, s in start.items():
    folder = os.path.join(build, m + ".build")
    if not os.path.isdir(folder): continue
    end = max((os.path.getmtime(os.path.join(d, f)) for d, _, fs in os.walk(folder) for f in fs), default=s)
    rows.append((s - t0, end - t0, m, owner(m)))
rows.sort()
print("| module | package | start (s) | done (s) | wall (s) |\n| --- | --- | ---: | ---: | ---: |")
for s, e, m, p in rows: print(f"| {m} | {p} | {s:.0f} | {e:.0f} | {e - s:.0f} |")
spans = collections.defaultdict(lambda: [1e18, 0, 0.0])
for s, e, m, p in rows:
    spans[p][0] = min(spans[p][0], s); spans[p][1] = max(spans[p][1], e); spans[p][2] += e - s
print("\n| package | first start (s) | last done (s) | sum of module walls (s) |\n| --- | ---: | ---: | ---: |")
for p, (s, e, w) in sorted(spans.items(), key=lambda kv: -kv[1][2]): print(f"| {p} | {s:.0f} | {e:.0f} | {w:.0f} |")
