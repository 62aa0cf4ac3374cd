#!/usr/bin/env bash
# Prints the `Depends:` value of a .deb holding BINARY (scripts/package.sh): the Debian packages that own
# the shared libraries BINARY names (its NEEDED entries, found where `ldd` resolves them, owner from
# `dpkg -S`), then what dyntype reads at run time besides libraries: the fonts, fontconfig and the
# hyphenation dictionary that SETUP_SH (default scripts/setup.sh) installs for running dyntype.
#
# Library packages carry their ABI in their names (libicu72, libfreetype6), so names are enough: a
# machine whose libraries have other sonames has other package names and apt refuses the install.
# A library no package owns (the Swift runtime from a toolchain, a library built by hand) is an error
# (exit 69) naming it: a .deb cannot depend on it.
set -euo pipefail

if (($# < 1 || $# > 2)); then
  echo "usage: bash scripts/deb-depends.sh BINARY [SETUP_SH]" >&2
  exit 64
fi
binary=$1
setup=${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh}
for file in "$binary" "$setup"; do
  if [[ ! -f $file ]]; then
    echo "deb-depends: '$file' is not a file" >&2
    exit 66
  fi
done

# The libraries BINARY itself names; each library's own dependencies come with its package.
mapfile -t needed < <(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')
if ((${#needed[@]} == 0)); then
  echo "deb-depends: '$binary' names no shared library (not a dynamically linked ELF file?)" >&2
  exit 65
fi
resolved=$(ldd "$binary")

# The package owning PATH (as dpkg recorded it: /usr/lib/… or /lib/… on a merged-/usr system).
owner() {
  local path candidates=("$1" "$(realpath -m "$1")")
  case $1 in
    /usr/lib/*) candidates+=("${1#/usr}") ;;
    /lib/* | /lib64/*) candidates+=("/usr$1") ;;
  esac
  for path in "${candidates[@]}"; do
    local line
    line=$(dpkg -S "$path" 2>/dev/null | grep -v '^diversion by' | head -1 || true)
    if [[ -n $line ]]; then
      # "libfreetype6:amd64: /usr/lib/…" (one package; several are listed with ", ").
      line=${line%%: /*}
      echo "${line%%:*}"
      return 0
    fi
  done
  return 1
}

libraries=()
for name in "${needed[@]}"; do
  # "libfoo.so.6 => /lib/…/libfoo.so.6 (0x…)", or the loader alone: "/lib64/ld-linux-x86-64.so.2 (0x…)".
  path=$(awk -v name="$name" '$1 == name && $2 == "=>" { print $3; exit } $1 ~ "/" name "$" { print $1; exit }' <<<"$resolved")
  if [[ -z $path || $path == "not" ]]; then
    echo "deb-depends: '$binary' needs $name, which ldd does not find on this machine: install it, then package again" >&2
    exit 69
  fi
  if ! package=$(owner "$path"); then
    echo "deb-depends: $name ($path) belongs to no Debian package, so a .deb cannot depend on it; a Swift runtime library means the build lacks --static-swift-stdlib" >&2
    exit 69
  fi
  libraries+=("$package")
done

# What setup.sh installs for running dyntype (its `packages=(…)` list, comments left out): the fonts,
# fontconfig and the hyphenation dictionaries.
mapfile -t data < <(sed -n '/^packages=(/,/^)/p' "$setup" | sed 's/#.*//' | tr -s ' \t' '\n\n' \
  | grep -E '^(fontconfig|fonts-[a-z0-9.+-]+|hyphen-[a-z0-9.+-]+)$' || true)
if ((${#data[@]} == 0)); then
  echo "deb-depends: '$setup' lists no font package in its packages=(…) list" >&2
  exit 65
fi

mapfile -t sorted < <(printf '%s\n' "${libraries[@]}" | sort -u)
mapfile -t fonts < <(printf '%s\n' "${data[@]}" | awk '!seen[$0]++')
all=("${sorted[@]}" "${fonts[@]}")
(
  IFS=,
  echo "${all[*]}"
) | sed 's/,/, /g'
