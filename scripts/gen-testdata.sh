#!/usr/bin/env bash
# gen-testdata.sh: regenerates the PTX and expected outputs under testdata/.
#
#   testdata/run/<name>/kernel.cu -> kernel.ptx   (clang-14, CUDA device-only)
#   testdata/run/<name>/ref.c     -> launch.json, expected.json (gcc, plain C)
#   testdata/gpu/<name>/kernel.cu -> kernel.ptx   (expected.json from a GPU)
#   testdata/check/ok/<name>.cu   -> <name>.ptx
#   testdata/sanitize/<name>.cu   -> <name>.ptx (and <name>_o0.ptx at -O0 too
#                                    when it says "// clang-also-O0")
#
# A source may choose its own flags with a line "// clang-flags: -O0 ..."
# (default -O2); "// clang-arch: sm_70" and "// clang-ptx: ptx64" change the
# target and PTX version (defaults sm_80 and ptx70); "// clang-bin: clang-19"
# compiles with another clang than $CLANG (clang-14); "// ptx-version: 8.7"
# rewrites the PTX's .version line afterwards, for instructions newer than
# the newest PTX the clang emits (clang-19 stops at ptx85). A ref.c may choose its
# gcc optimisation level with "// cc-flags: -O0" (default -O1).
# Usage: scripts/gen-testdata.sh [name-filter]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TD="$ROOT/testdata"
CLANG=${CLANG:-clang-14}
CC=${CC:-gcc}
FILTER=${1:-}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# compile DIR FILE.cu OUT.ptx [FLAGS]
compile() {
  local dir=$1 src=$2 out=$3
  local flags arch ptx cc
  flags=${4:-$(sed -n 's|^// clang-flags: *||p' "$dir/$src" | head -1)}
  cc=$(sed -n 's|^// clang-bin: *\(clang-[0-9]*\).*|\1|p' "$dir/$src" | head -1)
  arch=$(sed -n 's|^// clang-arch: *||p' "$dir/$src" | head -1)
  ptx=$(sed -n 's|^// clang-ptx: *||p' "$dir/$src" | head -1)
  (cd "$dir" && "${cc:-$CLANG}" -x cuda --cuda-device-only -nocudainc -nocudalib \
      --cuda-gpu-arch="${arch:-sm_80}" -Xclang -target-feature -Xclang "+${ptx:-ptx70}" \
      ${flags:--O2} -fdebug-prefix-map="$dir"=. -I "$TD" -S -o "$out" "$src")
  local ver
  ver=$(sed -n 's|^// ptx-version: *\([0-9]*\.[0-9]*\).*|\1|p' "$dir/$src" | head -1)
  if [[ -n "$ver" ]]; then
    sed -i "s|^\.version [0-9.]*$|.version $ver|" "$dir/$out"
  fi
}

for d in "$TD"/run/*/; do
  d=${d%/}; name=$(basename "$d")
  [[ -f "$d/kernel.cu" ]] || continue
  [[ -n "$FILTER" && "$name" != *$FILTER* ]] && continue
  echo "run/$name"
  compile "$d" kernel.cu kernel.ptx
  ccflags=$(sed -n 's|^// cc-flags: *\(-O[0-3s]\).*|\1|p' "$d/ref.c" | head -1)
  "$CC" -std=c11 ${ccflags:--O1} -ffp-contract=off -fno-fast-math -frounding-math -Wall -Werror -Wno-unused-function \
    -I "$TD/run" -o "$TMP/ref_$name" "$d/ref.c" -lm
  "$TMP/ref_$name" launch >"$d/launch.json"
  "$TMP/ref_$name" expected >"$d/expected.json"
done

# testdata/gpu: the PTX only; expected.json comes from a GPU (testdata/gpu/README.md).
for d in "$TD"/gpu/*/; do
  d=${d%/}; name=$(basename "$d")
  [[ -f "$d/kernel.cu" ]] || continue
  [[ -n "$FILTER" && "$name" != *$FILTER* ]] && continue
  echo "gpu/$name"
  compile "$d" kernel.cu kernel.ptx
done

for f in "$TD"/check/ok/*.cu; do
  [[ -e "$f" ]] || continue
  name=$(basename "$f" .cu)
  [[ -n "$FILTER" && "$name" != *$FILTER* ]] && continue
  echo "check/ok/$name"
  compile "$(dirname "$f")" "$name.cu" "$name.ptx"
done

for f in "$TD"/sanitize/*.cu; do
  name=$(basename "$f" .cu)
  [[ -n "$FILTER" && "$name" != *$FILTER* ]] && continue
  echo "sanitize/$name"
  compile "$TD/sanitize" "$name.cu" "$name.ptx"
  if grep -q '^// clang-also-O0' "$f"; then
    compile "$TD/sanitize" "$name.cu" "${name}_o0.ptx" -O0
  fi
done

# Every JSON file must parse.
if command -v python3 >/dev/null; then
  for j in "$TD"/run/*/launch.json "$TD"/run/*/expected.json; do
    python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$j" || { echo "bad JSON: $j"; exit 1; }
  done
fi
