#!/usr/bin/env bash
# Checks DynamicTypeLintPlugin as a team uses it (docs/lint.md, "Build plugin"): a new package that
# depends on this one by path applies the plugin to two targets and runs `swift build`.
# - `Warned` holds a label with a fixed height (fixed-text-height, a warning): the build succeeds
#   and prints `<absolute path>:6:…: warning: … [fixed-text-height]`;
# - `Failing` holds a fixed-size UIKit font (fixed-font-uikit, an error): the build fails and prints
#   `<absolute path>:4:…: error: … [fixed-font-uikit]`, as a compiler error would.
# The sample's Swift uses stand-ins for UIKit's types so it compiles on Linux; lint reads syntax only.
# The build's scratch folder is `.build/plugin-check` in this checkout, so a second run is incremental
# (the first compiles dyntype for the plugin: minutes). Exit 0 when all holds, 1 with what failed.
# Usage: bash scripts/check-plugin.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"

failures=0
fail() {
  echo "check-plugin: FAIL: $*" >&2
  failures=$((failures + 1))
}
pass() { echo "check-plugin: ok: $*" >&2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# SwiftPM names a path dependency after its folder, so the plugin's package is this checkout's folder name.
identity=$(basename "$repo")
sample="$work/Sample"
mkdir -p "$sample/Sources/Warned" "$sample/Sources/Failing"
cat >"$sample/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Sample",
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(name: "Warned", plugins: [.plugin(name: "DynamicTypeLintPlugin", package: "$identity")]),
        .target(name: "Failing", plugins: [.plugin(name: "DynamicTypeLintPlugin", package: "$identity")]),
    ]
)
EOF
cat >"$sample/Sources/Warned/Title.swift" <<'EOF'
// Stand-ins for UIKit's types, so the sample builds on Linux; lint reads the syntax only.
struct Anchor { func constraint(equalToConstant constant: Double) -> Double { constant } }
struct Label { var heightAnchor = Anchor() }

let titleLabel = Label()
let titleHeight = titleLabel.heightAnchor.constraint(equalToConstant: 21)
EOF
cat >"$sample/Sources/Failing/Caption.swift" <<'EOF'
// A stand-in for UIKit's UIFont, so the sample builds on Linux; lint reads the syntax only.
enum UIFont { static func systemFont(ofSize size: Double) -> Double { size } }

let captionFont = UIFont.systemFont(ofSize: 12)
EOF

scratch="$repo/.build/plugin-check"
build() { swift build --package-path "$sample" --scratch-path "$scratch" --target "$1" 2>&1; }

echo "check-plugin: building the sample's Warned target (the first run compiles dyntype: minutes)" >&2
if output=$(build Warned); then
  pass "Warned builds"
else
  fail "Warned did not build:"$'\n'"$output"
fi
if grep -Eq "^$sample/Sources/Warned/Title.swift:6:[0-9]+: warning: .*\[fixed-text-height\]" <<<"$output"; then
  pass "swift build printed the fixed-text-height warning at Title.swift:6"
else
  fail "no 'Title.swift:6:…: warning: … [fixed-text-height]' line in swift build's output:"$'\n'"$output"
fi

if output=$(build Failing); then
  fail "Failing built, though its fixed font is an error:"$'\n'"$output"
else
  pass "Failing's build failed"
fi
if grep -Eq "^$sample/Sources/Failing/Caption.swift:4:[0-9]+: error: .*\[fixed-font-uikit\]" <<<"$output"; then
  pass "swift build printed the fixed-font-uikit error at Caption.swift:4"
else
  fail "no 'Caption.swift:4:…: error: … [fixed-font-uikit]' line in swift build's output:"$'\n'"$output"
fi

if ((failures > 0)); then
  echo "check-plugin: $failures check(s) failed" >&2
  exit 1
fi
echo "check-plugin: the plugin lints a dependent package's targets in swift build" >&2
