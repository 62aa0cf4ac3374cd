#!/usr/bin/env bash
# Side-by-side layout benchmark: Pango, bare HarfBuzz shaping and `dyntype measure` on the same
# corpus, font file, size and width — wrapping the 1 MB corpus and measuring 100,000 one-line
# titles — for DejaVu Sans and Inter. Prints each tool's layout time (setup excluded on every
# side), the ratios, and the per-paragraph line-count agreement with Pango.
#
# Pango (libpango1.0-dev) is a benchmark aid, not a dependency: it is installed here when missing.
# Tracking is off on both sides (fonts are given as files), since Pango applies none.
# Usage: scripts/bench/compare-pango.sh [runs]   (median of `runs`, default 3; WIDTH=343 SIZE=17)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
width=${WIDTH:-343}
size=${SIZE:-17}
if ! pkg-config --exists pangoft2; then
  echo "compare-pango: installing libpango1.0-dev (benchmark aid only)" >&2
  if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends libpango1.0-dev >&2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/pango_measure" scripts/bench/pango_measure.c $(pkg-config --cflags --libs pangoft2)
gcc -O2 -o "$work/harfbuzz_shape" scripts/bench/harfbuzz_shape.c $(pkg-config --cflags --libs harfbuzz)
swift build -c release --product dyntype >/dev/null
dyntype=.build/release/dyntype
"$dyntype" bench layout --runs 1 --titles 10 --write-corpus "$work/corpus.txt" >/dev/null
python3 - "$work/titles.txt" <<'PY'
import random, sys
random.seed(42)
words = ("the of and to in is that it was for on are as with his they at be this have from or one had by word "
         "typography readable accessibility dynamic category paragraph notepad letterpress exclusion container").split()
with open(sys.argv[1], "w") as out:
    for i in range(100_000):
        a, b = random.choice(words), random.choice(words)
        out.write(f"{a.capitalize()} {b} {i % 100}\n")
PY

python3 - "$work" "$dyntype" "$width" "$size" "$runs" <<'PY'
import json, statistics, subprocess, sys
work, dyntype, width, size, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
fonts = {
    "DejaVu Sans": ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVu Sans"),
    "Inter": ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", "Inter"),
}
def run(cmd):
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
def median(cmd, key):
    results = [run(cmd) for _ in range(runs)]
    return statistics.median(r[key] for r in results), results[0]
rows = []
for name, (file, family) in fonts.items():
    for task, corpus, w in (("wrap 1 MB", "corpus.txt", width), ("100,000 titles", "titles.txt", "0")):
        path = f"{work}/{corpus}"
        pango_s, pango = median([f"{work}/pango_measure", path, w, f"{family} {size}px"], "seconds")
        hb_s, _ = median([f"{work}/harfbuzz_shape", path, file, size], "seconds")
        ours_cmd = [dyntype, "measure", path, "--font-file", file, "--size", size, "--format", "json"]
        ours_cmd += ["--titles"] if w == "0" else ["--width", w, "--per-paragraph"]
        ours_s, ours = median(ours_cmd, "elapsedSeconds")
        agree = ""
        if w != "0":
            mine = [p["lines"] for p in ours["perParagraph"]]
            same = sum(a == b for a, b in zip(pango["counts"], mine))
            agree = f"{same}/{len(mine)} ({100 * same / len(mine):.2f} %)"
        rows.append((name, task, pango_s, hb_s, ours_s, agree))
print(f"median of {runs} run(s); {size} pt; wrapping at {width} pt; layout time as each tool reports it")
print(f"{'font':<12} {'task':<15} {'Pango':>8} {'HarfBuzz':>9} {'dyntype':>8} {'vs Pango':>9} {'vs HarfBuzz':>12}  line counts = Pango")
for name, task, p, h, o, agree in rows:
    print(f"{name:<12} {task:<15} {p:>7.3f}s {h:>8.3f}s {o:>7.3f}s {p / o:>8.1f}x {h / o:>11.2f}x  {agree}")
PY
