#!/usr/bin/env bash
# Compares `dyntype measure` with Pango on the same corpus, font, size and width: throughput and
# per-paragraph line counts. Needs libpango1.0-dev (not part of the normal set-up) and a release build.
# Tracking is off on both sides (the font file is given directly), since Pango applies none.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
font=/usr/share/fonts/opentype/inter/Inter-Regular.otf
width=${WIDTH:-343}
gcc -O2 -o "$work/pango_measure" scripts/bench/pango_measure.c $(pkg-config --cflags --libs pangoft2)
swift build -c release --product dyntype >/dev/null
.build/release/dyntype bench layout --runs 1 --titles 10 --write-corpus "$work/corpus.txt" >/dev/null
"$work/pango_measure" "$work/corpus.txt" "$width" "Inter 17px" > "$work/pango.json"
.build/release/dyntype measure "$work/corpus.txt" --width "$width" --per-paragraph --format json \
  --font-file "$font" --size 17 > "$work/ours.json"
python3 - "$work/pango.json" "$work/ours.json" <<'PY'
import json, sys
pango, ours = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
theirs, mine = pango["counts"], [p["lines"] for p in ours["perParagraph"]]
same = sum(a == b for a, b in zip(theirs, mine))
print(f"paragraphs {len(mine)}; lines pango {pango['lines']} dyntype {ours['lines']}")
print(f"identical line counts: {same}/{len(mine)} ({100 * same / len(mine):.2f}%)")
print(f"layout time: pango {pango['seconds']:.3f} s, dyntype {ours['elapsedSeconds']:.3f} s "
      f"({pango['seconds'] / ours['elapsedSeconds']:.1f}x)")
PY
