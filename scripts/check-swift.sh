#!/usr/bin/env bash
# Checks the Swift toolchain on PATH against scripts/swift-versions.txt (what this package is built and
# tested with), for the GitHub Action and for anyone else: before Swift 6 the package does not build
# (exit 69, with how to fix it); another 6.x builds, but is not what the tests ran with, so a warning says
# that results and snapshot fingerprints may differ from a machine with a tested version.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mapfile -t supported < <(grep -Ev '^\s*(#|$)' "$here/swift-versions.txt")
if ! banner=$(swift --version 2>&1); then
  echo "::error title=dyntype::no Swift toolchain on PATH: install Swift ${supported[*]} (https://www.swift.org/install/linux/)" >&2
  exit 69
fi
version=$(grep -oE 'Swift version [0-9]+\.[0-9]+' <<<"$banner" | head -1 | cut -d' ' -f3 || true)
if [[ -z $version ]]; then
  echo "::error title=dyntype::cannot read the Swift version from 'swift --version' ($(head -1 <<<"$banner")); install Swift ${supported[*]}" >&2
  exit 69
fi
if (( ${version%%.*} < 6 )); then
  echo "::error title=dyntype::Swift $version is too old: dyntype needs Swift 6 (tested with ${supported[*]}); install it with swift-actions/setup-swift or from swift.org" >&2
  exit 69
fi
for tested in "${supported[@]}"; do
  if [[ $version == "$tested" ]]; then
    echo "Swift $version: a tested toolchain" >&2
    exit 0
  fi
done
echo "::warning title=dyntype::Swift $version is not a tested toolchain (tested: ${supported[*]}): dyntype builds, but compare results and snapshot fingerprints only with runs on the same version" >&2
