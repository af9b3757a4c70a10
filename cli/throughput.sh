#!/usr/bin/env bash
# Throughput of `rapidutf convert` against glibc's iconv on 1 GiB of UTF-8
# (to UTF-16LE): to /dev/null, to a pipe and with -o FILE, in paired runs
# (the contenders alternate, ROUNDS times, and the median is kept), with
# each run's peak memory; then how fast `convert ... | head -c 10` returns
# and whether $TMPDIR was touched.
#
#   bash cli/throughput.sh [ROUNDS]     (default 3)
#
# The input is the lipsum corpus of ../shared/corpus when it exists, else
# generated text, repeated to 1 GiB, in $WORK (default /tmp). Run by hand;
# not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
WORK=${WORK:-/tmp}
cargo build --release -q -p rapidutf-cli
B=$PWD/target/release/rapidutf
IN=$WORK/rapidutf-throughput-1g.txt
OUT=$WORK/rapidutf-throughput-out
if [[ ! -f $IN ]]; then
    seed=$WORK/rapidutf-throughput-seed.txt
    if compgen -G '../shared/corpus/lipsum/*.utf8.txt' > /dev/null; then
        cat ../shared/corpus/lipsum/*.utf8.txt > "$seed"
    else
        for _ in $(seq 2000); do
            printf 'Lorem ipsum dolor sit amet, Grüße aus Köln, привет мир, 你好世界, مرحبا 😀\n'
        done > "$seed"
    fi
    while (($(stat -c %s "$seed") < 1 << 30)); do cat "$seed" "$seed" > "$seed.2" && mv "$seed.2" "$seed"; done
    head -c $((1 << 30)) "$seed" > "$IN.tmp"
    rm "$seed"
    # Cut back to a character boundary.
    python3 - "$IN.tmp" << 'EOF'
import sys
p = sys.argv[1]
d = open(p, 'rb').read()
while True:
    try:
        d.decode('utf-8')
        break
    except UnicodeDecodeError as e:
        d = d[:e.start]
open(p, 'wb').write(d)
EOF
    mv "$IN.tmp" "$IN"
fi
cat "$IN" > /dev/null
SIZE=$(stat -c %s "$IN")
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "input: $SIZE bytes of UTF-8; $("$B" --version); $(iconv --version | head -1)"

# Runs "$@" under /usr/bin/time, its output into file $1 or, if $1 is
# `pipe`, through a pipe to `cat`; prints "seconds peak-KiB".
timed() {
    local sink=$1
    shift
    if [[ $sink == pipe ]]; then
        /usr/bin/time -f '%e %M' -o "$WORK/rapidutf-time" "$@" | cat > /dev/null
    else
        /usr/bin/time -f '%e %M' -o "$WORK/rapidutf-time" "$@" > "$sink"
    fi
    tail -1 "$WORK/rapidutf-time"
}

declare -A WALL RSS
for round in $(seq "$ROUNDS"); do
    for who in rapidutf iconv; do
        if [[ $who == rapidutf ]]; then cmd=("$B" convert -f utf-8 -t utf-16le); else cmd=(iconv -f utf-8 -t utf-16le); fi
        read -r s m < <(timed /dev/null "${cmd[@]}" "$IN")
        WALL[$who,null]+="$s " RSS[$who,null]+="$m "
        read -r s m < <(timed pipe "${cmd[@]}" "$IN")
        WALL[$who,pipe]+="$s " RSS[$who,pipe]+="$m "
        rm -f "$OUT"
        read -r s m < <(timed /dev/null "${cmd[@]}" -o "$OUT" "$IN")
        WALL[$who,file]+="$s " RSS[$who,file]+="$m "
    done
    echo "round $round done" >&2
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo
echo "| output | rapidutf: s, GB/s, peak RSS | iconv: s, GB/s, peak RSS | rapidutf / iconv speed |"
echo "|---|---|---|---|"
for kind in null pipe file; do
    rs=$(echo "${WALL[rapidutf,$kind]}" | median) is=$(echo "${WALL[iconv,$kind]}" | median)
    rm_=$(echo "${RSS[rapidutf,$kind]}" | median) im=$(echo "${RSS[iconv,$kind]}" | median)
    label=$(case $kind in null) echo '> /dev/null' ;; pipe) echo '\| cat > /dev/null' ;; file) echo '-o FILE' ;; esac)
    awk -v l="$label" -v rs="$rs" -v is="$is" -v rm="$rm_" -v im="$im" -v n="$SIZE" 'BEGIN {
        printf "| %s | %.2f s, %.2f, %.0f MiB | %.2f s, %.2f, %.0f MiB | %.2fx |\n",
            l, rs, n / rs / 1e9, rm / 1024, is, n / is / 1e9, im / 1024, is / rs }'
    echo "  (all runs: rapidutf ${WALL[rapidutf,$kind]}; iconv ${WALL[iconv,$kind]})" >&2
done
rm -f "$OUT"
echo
T=$(mktemp -d)
for who in rapidutf iconv; do
    if [[ $who == rapidutf ]]; then cmd="TMPDIR=$T $B convert"; else cmd="TMPDIR=$T iconv"; fi
    read -r s _ < <(timed /dev/null sh -c "$cmd -f utf-8 -t utf-16le $IN | head -c 10")
    echo "$who ... | head -c 10: $s s"
done
echo "files left in \$TMPDIR: $(find "$T" -mindepth 1 | wc -l)"
rmdir "$T"
