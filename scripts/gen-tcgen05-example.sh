#!/usr/bin/env bash
# gen-tcgen05-example.sh: compiles examples/tcgen05_gemm/kernel.cu to
# kernel.ptx. Debian's clang-19 knows sm_90a (PTX 8.5) but not sm_100a, so
# the kernel is compiled for sm_90a (every tcgen05 instruction is inline
# asm, which clang passes through unchecked) and the header is then set to
# what the tcgen05 instructions need: .version 8.7 and .target sm_100a.
# Nothing else in the file changes. testdata/tcgen05_pair/kernel.cu (a CTA
# pair's .cta_group::2 GEMM) is compiled the same way. It also compiles the wgmma version of
# the same product (testdata/bench/gemm128/wgmma.cu, sm_90a as it is) that
# docs/benchmarks.md compares with it.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR="$ROOT/examples/tcgen05_gemm"
CLANG=${CLANG:-clang-19}
(cd "$DIR" && "$CLANG" -x cuda --cuda-device-only -nocudainc -nocudalib \
    --cuda-gpu-arch=sm_90a -Xclang -target-feature -Xclang +ptx85 \
    -O2 -fdebug-prefix-map="$DIR"=. -I "$ROOT/testdata" -S -o kernel.ptx.tmp kernel.cu)
sed -e 's/^\.version .*/.version 8.7/' -e 's/^\.target sm_90a/.target sm_100a/' \
    "$DIR/kernel.ptx.tmp" > "$DIR/kernel.ptx"
rm -f "$DIR/kernel.ptx.tmp"
grep -q '^\.version 8\.7$' "$DIR/kernel.ptx"
grep -q '^\.target sm_100a$' "$DIR/kernel.ptx"

P="$ROOT/testdata/tcgen05_pair"
(cd "$P" && "$CLANG" -x cuda --cuda-device-only -nocudainc -nocudalib \
    --cuda-gpu-arch=sm_90a -Xclang -target-feature -Xclang +ptx85 \
    -O2 -fdebug-prefix-map="$P"=. -I "$ROOT/testdata" -S -o kernel.ptx.tmp kernel.cu)
sed -e 's/^\.version .*/.version 8.7/' -e 's/^\.target sm_90a/.target sm_100a/' \
    "$P/kernel.ptx.tmp" > "$P/kernel.ptx"
rm -f "$P/kernel.ptx.tmp"
grep -q '^\.target sm_100a$' "$P/kernel.ptx"

B="$ROOT/testdata/bench/gemm128"
(cd "$B" && "$CLANG" -x cuda --cuda-device-only -nocudainc -nocudalib \
    --cuda-gpu-arch=sm_90a -Xclang -target-feature -Xclang +ptx85 \
    -O2 -fdebug-prefix-map="$B"=. -I "$ROOT/testdata" -S -o wgmma.ptx wgmma.cu)
