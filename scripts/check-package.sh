#!/usr/bin/env bash
# Checks the packages scripts/package.sh made, as a machine without Swift would use them: the tarball
# against its .sha256, then the tarball unpacked into one temporary folder and the .deb unpacked with
# `dpkg -x` into another, each running `dyntype --version` and `dyntype preview` (the bundled sample
# notes) under `env -i PATH=/usr/bin:/bin` (no Swift toolchain reachable). A third copy with one sample
# note taken out of its bundle shows the bundles beside the executable are the ones read (not the
# build folder's, which SwiftPM's accessor falls back to). Exit 0 when all holds, 1 with what failed.
# Usage: bash scripts/check-package.sh dist/dyntype-<version>-linux-x86_64.tar.gz dist/dyntype_<version>_amd64.deb
set -euo pipefail

if (($# != 2)); then
  echo "usage: bash scripts/check-package.sh TARBALL DEB" >&2
  exit 64
fi
tarball=$(realpath "$1")
deb=$(realpath "$2")
for file in "$tarball" "$tarball.sha256" "$deb"; do
  if [[ ! -f $file ]]; then
    echo "check-package: '$file' is not a file (bash scripts/package.sh makes it)" >&2
    exit 66
  fi
done
name=$(basename "$tarball" .tar.gz)
version=${name#dyntype-}
version=${version%-linux-x86_64}

failures=0
fail() {
  echo "check-package: FAIL: $*" >&2
  failures=$((failures + 1))
}
pass() { echo "check-package: ok: $*" >&2; }

clean=(env -i PATH=/usr/bin:/bin)
if swift=$("${clean[@]}" sh -c 'command -v swift'); then
  echo "check-package: '$swift' is on PATH=/usr/bin:/bin, so this check cannot show the package runs without Swift" >&2
  exit 69
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The checksum file as GitHub releases carry it: "<sha256>  <file name>".
if (cd "$(dirname "$tarball")" && sha256sum --quiet -c "$tarball.sha256" >&2); then
  pass "$(basename "$tarball") matches its .sha256"
else
  fail "$(basename "$tarball") does not match $(basename "$tarball").sha256"
fi

# Every entry of the tarball inside its one folder (no absolute path, no `..`, no link).
if bad=$(tar -tvzf "$tarball" | awk -v top="$name" '$1 ~ /^[lhbcps]/ || $6 !~ ("^" top "(/|$)") || $6 ~ /(^|\/)\.\.(\/|$)/ { print $6 }') && [[ -z $bad ]]; then
  pass "the tarball holds only $name/ with files and folders"
else
  fail "the tarball holds entries outside $name/ or links: $bad"
fi
mkdir "$work/tar" "$work/deb"
tar -C "$work/tar" -xzf "$tarball"
dpkg -x "$deb" "$work/deb"

fields=$(dpkg-deb -f "$deb" Package Version Architecture Depends)
if grep -qx "Package: dyntype" <<<"$fields" && grep -qx "Version: $version" <<<"$fields" && grep -qx "Architecture: amd64" <<<"$fields"; then
  pass "the .deb is dyntype $version for amd64"
else
  fail "the .deb's control fields: $fields"
fi
if owners=$(dpkg-deb -c "$deb" | awk '$2 != "root/root" { print $2, $6 }') && [[ -z $owners ]]; then
  pass "every file in the .deb is owned by root"
else
  fail "files in the .deb not owned by root: $owners"
fi
missing=()
for package in $(dpkg-deb -f "$deb" Depends | tr -d ' ' | tr ',' ' '); do
  dpkg-query -W -f='${Status}' "${package%%(*}" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  fail "the .deb depends on packages not installed here (bash scripts/setup.sh --run-only): ${missing[*]}"
else
  pass "every package in Depends is installed here"
fi

samples=$(find "$work/tar/$name/DynamicTypeSimulator_Notepad.resources/SampleNotes" -maxdepth 1 -type f -name '*.txt' | wc -l)
cp -R "$work/tar/$name" "$work/moved"
# The moved copy's bundle lacks one note: if it renders all of them, dyntype read another bundle.
find "$work/moved/DynamicTypeSimulator_Notepad.resources/SampleNotes" -maxdepth 1 -type f -name '*.txt' | sort | head -1 | xargs rm -f

# check LABEL DYNTYPE NOTES: --version, preview of the samples (NOTES of them), no toolchain library loaded.
check() {
  local label=$1 dyntype=$2 notes=$3 run=$work/run-$1
  mkdir -p "$run"
  if [[ ! -x $dyntype ]]; then
    fail "$label: no executable $dyntype"
    return
  fi
  local libraries
  libraries=$("${clean[@]}" ldd "$dyntype" 2>&1 || true)
  if grep -qE 'not found|libswift|libFoundation|/opt/swift' <<<"$libraries"; then
    fail "$label: ldd shows a missing or Swift runtime library: $(grep -E 'not found|libswift|libFoundation|/opt/swift' <<<"$libraries" | tr '\n' ' ')"
  fi
  local printed
  if printed=$(cd "$run" && "${clean[@]}" "$dyntype" --version 2>&1) && [[ $printed == "$version" ]]; then
    pass "$label: dyntype --version prints $version"
  else
    fail "$label: dyntype --version printed '$printed', expected '$version'"
  fi
  if printed=$(cd "$run" && "${clean[@]}" "$dyntype" preview --out "$run/preview" 2>&1); then
    if ! grep -q "^Rendered $notes notes + the notes list at 12 categories" <<<"$printed"; then
      fail "$label: dyntype preview did not render the $notes sample notes at 12 categories: $printed"
    elif ! python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit(0 if isinstance(r.get("schemaVersion"), int) and len(r.get("views", [])) == int(sys.argv[2]) + 1 else 1)' "$run/preview/report.json" "$notes" 2>/dev/null; then
      fail "$label: preview/report.json is not a report of the $notes notes and the list"
    elif [[ $(head -c 8 "$run/preview/contact-sheet.png" | od -An -tx1 | tr -d ' \n') != 89504e470d0a1a0a ]]; then
      fail "$label: preview/contact-sheet.png is not a PNG"
    else
      pass "$label: dyntype preview rendered the $notes sample notes (report.json, contact-sheet.png)"
    fi
  else
    fail "$label: dyntype preview failed: $printed"
  fi
}
check tarball "$work/tar/$name/dyntype" "$samples"
check deb "$work/deb/usr/bin/dyntype" "$samples"
check moved "$work/moved/dyntype" "$((samples - 1))"

if ((failures)); then
  echo "check-package: $failures check(s) failed" >&2
  exit 1
fi
echo "check-package: dyntype $version runs from the tarball and the .deb without Swift" >&2
