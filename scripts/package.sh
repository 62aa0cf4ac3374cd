#!/usr/bin/env bash
# Builds a `dyntype` that runs on a Linux x86_64 machine with no Swift toolchain, packaged two ways in
# dist/ (or --out DIR):
#   dyntype-<version>-linux-x86_64.tar.gz (+ .sha256)  a folder: dyntype and its resource bundles beside it
#   dyntype_<version>_amd64.deb                         /usr/lib/dyntype/… and the link /usr/bin/dyntype
# The Swift runtime (and Foundation) is linked statically (--static-swift-stdlib); the C libraries,
# fonts and the hyphenation dictionary come from the system, named in the .deb's Depends
# (scripts/deb-depends.sh). dyntype finds its profiles and sample notes in the bundles beside its own
# executable (SwiftPM's Bundle.module looks in the folder of the resolved executable), so the folder
# may be moved anywhere. The version is dyntype's own (`dyntype --version`, ReportTool.version).
#
# Outputs are written into a temporary folder inside the output folder and renamed into place, so a
# failed run leaves no half-written package and never touches anything else.
# `--configuration debug` packages the debug build instead (minutes instead of a release build's
# quarter of an hour or more): a quick check of the packaging itself, never a package to publish.
# Usage: bash scripts/package.sh [--out DIR] [--configuration release|debug]   (docs/ci.md, "Packages")
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
out=$root/dist
configuration=release
usage="usage: bash scripts/package.sh [--out DIR] [--configuration release|debug]"
while (($#)); do
  case $1 in
    --out) out=${2:?$usage}; shift 2 ;;
    --configuration)
      configuration=${2:?$usage}
      [[ $configuration == release || $configuration == debug ]] || { echo "$usage" >&2; exit 64; }
      shift 2
      ;;
    *) echo "$usage" >&2; exit 64 ;;
  esac
done

if [[ $(uname -s) != Linux || $(uname -m) != x86_64 ]]; then
  echo "package: builds Linux x86_64 packages only; this is $(uname -s) $(uname -m)" >&2
  exit 69
fi
for tool in swift readelf ldd dpkg dpkg-deb tar gzip sha256sum; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "package: '$tool' is not on PATH (swift: export PATH=/opt/swift/usr/bin:\$PATH; the others: apt-get install binutils dpkg-dev)" >&2
    exit 69
  fi
done
# The output folder holds only what this script writes: never a link (to somewhere else) or an input.
if [[ -L $out ]]; then
  echo "package: the output folder '$out' is a symbolic link; give a real folder with --out" >&2
  exit 73
fi
mkdir -p "$out"
out=$(cd "$out" && pwd -P)
case "$out/" in
  "$root/" | "$root"/Sources/* | "$root"/Profiles/* | "$root"/Tests/* | "$root"/scripts/* | "$root"/.build/*)
    echo "package: the output folder '$out' holds the package's inputs; use dist/ or a folder of its own" >&2
    exit 73
    ;;
esac

cd "$root"
# With Swift 6.3 here, --static-swift-stdlib alone leaves Foundation's own static libraries off the link
# (undefined swift_ures_*, _CFXML*, _stringshims_*: swiftlang/swift-package-manager#10564, open), so
# they are named, as one group (they refer to each other), with the system's libxml2 FoundationXML needs.
link=()
for flag in --start-group -lFoundationXML -l_CFXMLInterface -lFoundation -lCoreFoundation -lFoundationInternationalization \
  -l_FoundationICU -lFoundationEssentials -l_FoundationCShims -l_FoundationCollections -lswiftSynchronization -lswiftDispatch \
  -ldispatch -lBlocksRuntime -lswift_RegexParser -lswift_StringProcessing -lswift_Concurrency -lswiftCore --end-group -lxml2 -lstdc++; do
  link+=(-Xlinker "$flag")
done
echo "package: swift build -c $configuration --product dyntype --static-swift-stdlib (+ Foundation's static libraries)" >&2
# Build progress goes to stderr: stdout carries only the paths written (callers read them).
swift build -c "$configuration" --product dyntype --static-swift-stdlib "${link[@]}" >&2
bin=$(swift build -c "$configuration" --static-swift-stdlib "${link[@]}" --show-bin-path)
dyntype=$bin/dyntype

# No Swift runtime library may be loaded from the toolchain: a machine without it could not start dyntype.
toolchain=$(dirname "$(dirname "$(command -v swift)")")
if swift_libraries=$(ldd "$dyntype" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|not found|'"$toolchain"); then
  echo "package: $dyntype still loads Swift runtime libraries or misses some:" >&2
  echo "$swift_libraries" >&2
  exit 70
fi

version=$("$dyntype" --version)
if [[ ! $version =~ ^[0-9]+\.[0-9]+\.[0-9]+([.+~-][0-9A-Za-z.+~-]+)?$ ]]; then
  echo "package: 'dyntype --version' printed '$version', not a version number" >&2
  exit 70
fi
depends=$(bash "$root/scripts/deb-depends.sh" "$dyntype" "$root/scripts/setup.sh")
bundles=("$bin"/*.resources)
if [[ ! -d ${bundles[0]} ]]; then
  echo "package: no resource bundle beside $dyntype" >&2
  exit 70
fi
# The files' times in both packages: the commit's, so two runs on one commit give the same listing.
stamp=$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)

stage=$(mktemp -d "$out/.package.XXXXXX")
trap 'rm -rf "$stage"' EXIT
trap 'exit 130' INT TERM
name=dyntype-$version-linux-x86_64

# The tarball: one folder, the executable and its bundles side by side.
mkdir "$stage/$name"
cp "$dyntype" "$stage/$name/dyntype"
cp -R "${bundles[@]}" "$stage/$name/"
chmod -R u=rwX,go=rX "$stage/$name"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -cf - "$name" | gzip -n > "$stage/$name.tar.gz"
(cd "$stage" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")

# The .deb: the same folder as /usr/lib/dyntype, /usr/bin/dyntype a relative link to it (the bundles are
# found beside the link's target).
deb=$stage/deb
mkdir -p "$deb/DEBIAN" "$deb/usr/lib" "$deb/usr/bin"
cp -R "$stage/$name" "$deb/usr/lib/dyntype"
ln -s ../lib/dyntype/dyntype "$deb/usr/bin/dyntype"
size=$(du -sk --exclude=DEBIAN "$deb" | cut -f1)
cat > "$deb/DEBIAN/control" <<EOF
Package: dyntype
Version: $version
Architecture: amd64
Maintainer: DynamicTypeSimulator <dyntype@users.noreply.github.com>
Installed-Size: $size
Depends: $depends
Section: devel
Priority: optional
Homepage: https://github.com/DynamicTypeSimulator/DynamicTypeSimulator
Description: Dynamic Type and TextKit simulator for Linux
 dyntype renders screens, SwiftUI views and notes at every Dynamic Type text
 size with real fonts, and reports truncated, clipped and overlapping text.
EOF
chmod -R u=rwX,go=rX "$deb"
find "$deb" -exec touch -h -d "@$stamp" {} +
dpkg-deb --root-owner-group -Zgzip --build "$deb" "$stage/dyntype_${version}_amd64.deb" >&2

for file in "$name.tar.gz" "$name.tar.gz.sha256" "dyntype_${version}_amd64.deb"; do
  mv -f "$stage/$file" "$out/$file"
  echo "$out/$file"
done
echo "package: dyntype $version; Depends: $depends" >&2
