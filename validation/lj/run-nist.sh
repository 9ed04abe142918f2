#!/bin/bash
# NVT Lennard-Jones runs at NIST's reference points (T* = 0.85, rc = 3 sigma with long-range correction)
# compared with the NIST SRSW values: U/N and p* with our standard error from block averages.
# Pass: |ours - NIST| <= 3 SE + 0.5 % |NIST| for every quantity.
# Usage: run-nist.sh BUILD_DIR   (env: CELLS=5 -> 500 atoms, EQUIL=3000, PROD=25000 steps, BLOCKS=20,
#        JOBS=1 state points run at a time)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
mardyn=$build/mardyn
cells=${CELLS:-5} equil=${EQUIL:-3000} prod=${PROD:-25000} blocks=${BLOCKS:-20}
work=${WORKDIR:-$build/validation-lj-nist}
mkdir -p "$work"
# rho*, NIST U/N, NIST p*
points="0.776 -5.5121 0.0067714
0.82 -5.7947 0.55355
0.86 -6.0305 1.2660"

printf '%-7s | %10s %10s %9s %6s | %10s %10s %9s %6s\n' "rho*" "U/N ours" "NIST" "SE" "ok" "p* ours" "NIST" "SE" "ok" > "$work/table.txt"
fail=0
# The runs (JOBS of them at a time), then the analysis.
jobs=${JOBS:-1}
while read -r rho unist pnist; do
  cfg=$work/nist-$rho.xml
  "$here/lj-config.sh" NVT "$rho" 0.85 3.0 "$cells" $((equil + prod)) "$equil" false homogeneous 10 generator > "$cfg"
  (cd "$work" && "$mardyn" --quiet --final-checkpoint 0 -p "$work/nist-$rho" "$cfg" || echo "mardyn failed for rho* = $rho" >&2) &
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 1; done
done <<< "$points"
wait
while read -r rho unist pnist; do
  # .res columns: step time U_pot U_pot_avg U_kin U_kin_avg p p_avg beta_trans beta_rot c_v N
  line=$(awk -v equil="$equil" -v nb="$blocks" -v unist="$unist" -v pnist="$pnist" -v rho="$rho" '
    /^ *#/ || NF < 12 { next }
    $1 > equil { n++; u[n] = $3 / $12; p[n] = $7 }
    function stat(x, m,   b, size, i, j, mean, s, bm) {
      size = int(n / nb); mean = 0; s = 0
      for (b = 0; b < nb; b++) { bm = 0; for (i = 1; i <= size; i++) bm += x[b * size + i]; bm /= size; blk[b] = bm; mean += bm }
      mean /= nb
      for (b = 0; b < nb; b++) s += (blk[b] - mean) ^ 2
      M = mean; SE = sqrt(s / (nb * (nb - 1)))
    }
    END {
      stat(u); um = M; use = SE; uok = (sqrt((um - unist) ^ 2) <= 3 * use + 0.005 * sqrt(unist ^ 2))
      stat(p); pm = M; pse = SE; pok = (sqrt((pm - pnist) ^ 2) <= 3 * pse + 0.005 * sqrt(pnist ^ 2))
      printf "%-7s | %10.5f %10.5f %9.5f %6s | %10.5f %10.5f %9.5f %6s\n", rho, um, unist, use, uok ? "yes" : "NO", pm, pnist, pse, pok ? "yes" : "NO"
    }' "$work/nist-$rho.res")
  echo "$line" >> "$work/table.txt"
  case "$line" in *NO*) fail=1 ;; esac
done <<< "$points"
echo "NIST LJ reference points, T* = 0.85, rc = 3 sigma + LRC, N = $((4 * cells ** 3)), $prod production steps (dt* = 0.005)"
echo "SE: standard error from $blocks block averages; ok: |ours - NIST| <= 3 SE + 0.5 %"
cat "$work/table.txt"
[ $fail -eq 0 ] && echo "NIST comparison: PASS" || echo "NIST comparison: FAIL"
exit $fail
