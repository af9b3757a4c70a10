#!/usr/bin/env bash
# Compares `rapidutf convert` with glibc's iconv and `rapidutf validate` with
# isutf8 (moreutils) on the cases users meet, and prints a Markdown table:
# exit status and output of each, and whether the outputs are identical.
#
#   bash cli/compare.sh [path/to/rapidutf]
#
# Installs moreutils (isutf8) through apt when it is missing. Builds the
# release binary when no path is given. Run by hand; not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-}
if [[ -z $B ]]; then
    cargo build --release -q -p rapidutf-cli
    B=$PWD/target/release/rapidutf
fi
if ! command -v isutf8 > /dev/null; then
    apt-get -o DPkg::Lock::Timeout=900 install -y -q moreutils > /dev/null
fi
D=$(mktemp -d)
trap 'chmod -R u+w "$D"; rm -rf "$D"' EXIT
chmod 755 "$D"
cd "$D"
printf 'Grüße, мир\n' > a
printf '世界 😀\n' > b
printf 'ok line\nbad \xff here\n' > bad
printf 'ab\xe2\x82' > cut
printf '\xff\xfeA\x00' > bom16
printf 'x' > 'caf\xe9.txt'
printf 'a€b 😀 “q” œ é' > uni

# What a command wrote: its size, and the text itself when it is short
# and printable.
shown() {
    local n
    n=$(wc -c < "$1")
    if ((n <= 24)) && [[ -z $(LC_ALL=C tr -d '[:print:]\n' < "$1" 2> /dev/null) ]]; then
        printf '%d B `%s`' "$n" "$(tr '\n' ' ' < "$1")"
    else
        printf '%d B' "$n"
    fi
}

# One row: the case, then each tool's command (run with sh -c, in $D). A
# command may go on with `; CHECK` after the conversion: the status is
# the conversion's, which it leaves in the file ST (`echo \$? > ST`).
row() {
    local what=$1 ours=$2 theirs=$3 orc=0 trc=0 same oe te
    sh -c "$ours" > ours.out 2> ours.err || orc=$?
    [[ -f ST ]] && orc=$(cat ST) && rm ST
    sh -c "$theirs" > theirs.out 2> theirs.err || trc=$?
    [[ -f ST ]] && trc=$(cat ST) && rm ST
    if cmp -s ours.out theirs.out; then same=yes; else same=no; fi
    oe=$(head -c 100 ours.err | tr '\n' ' ' | sed 's/|/\\|/g')
    te=$(head -c 100 theirs.err | tr '\n' ' ' | sed 's/|/\\|/g')
    printf '| %s | %s, %s | %s | %s, %s | %s | %s |\n' "$what" "$orc" "$(shown ours.out)" "${oe:--}" \
        "$trc" "$(shown theirs.out)" "${te:--}" "$same"
}

echo "rapidutf: $("$B" --version); iconv: $(iconv --version | head -1); isutf8: moreutils $(dpkg-query -W -f '${Version}' moreutils 2>/dev/null || echo '?')"
echo
echo '| case | rapidutf: status, output | rapidutf: stderr | iconv: status, output | iconv: stderr | same output |'
echo '|---|---|---|---|---|---|'
C="$B convert"
row 'UTF-8 to UTF-16LE' "$C -f utf-8 -t utf-16le a" "iconv -f utf-8 -t utf-16le a"
row 'invalid byte, strict' "$C -f utf-8 -t utf-16le bad" "iconv -f utf-8 -t utf-16le bad"
row 'incomplete character at the end' "$C -f utf-8 -t utf-16le cut" "iconv -f utf-8 -t utf-16le cut"
row '-c' "$C -c -f utf-8 -t utf-8 bad" "iconv -c -f utf-8 -t utf-8 bad"
row '//IGNORE' "$C -f utf-8 -t utf-8//IGNORE bad" "iconv -f utf-8 -t utf-8//IGNORE bad"
row 'several inputs' "$C -f utf-8 -t utf-16le a b" "iconv -f utf-8 -t utf-16le a b"
row 'several inputs, -t utf-16 (a BOM each)' "$C -f utf-8 -t utf-16 a b" "iconv -f utf-8 -t utf-16 a b"
row 'several inputs, -f utf-16 (a BOM each)' "$C -f utf-16 -t utf-8 bom16 bom16" "iconv -f utf-16 -t utf-8 bom16 bom16"
row 'error in the 2nd of 3 inputs' "$C -f utf-8 -t utf-8 a bad b" "iconv -f utf-8 -t utf-8 a bad b"
row 'missing input' "$C -f utf-8 -t utf-8 nonexistent a" "iconv -f utf-8 -t utf-8 nonexistent a"
row '-t ascii' "$C -f utf-8 -t ascii uni" "iconv -f utf-8 -t ascii uni"
row '-t ascii//TRANSLIT' "$C -f utf-8 -t ascii//TRANSLIT uni" "iconv -f utf-8 -t ascii//TRANSLIT uni"
row '-t latin1//TRANSLIT' "$C -f utf-8 -t latin1//TRANSLIT uni" "iconv -f utf-8 -t latin1//TRANSLIT uni"
row '-t latin1, € lacking' "$C -f utf-8 -t latin1 uni" "iconv -f utf-8 -t latin1 uni"
row '-t ucs-2 (BMP)' "$C -f utf-8 -t ucs-2 a" "iconv -f utf-8 -t ucs-2 a"
row '-t ucs-2, emoji lacking' "$C -f utf-8 -t ucs-2 b" "iconv -f utf-8 -t ucs-2 b"
row '-t ucs-4' "$C -f utf-8 -t ucs-4 b" "iconv -f utf-8 -t ucs-4 b"
row '-t ucs-4le' "$C -f utf-8 -t ucs-4le b" "iconv -f utf-8 -t ucs-4le b"
row '-s' "$C -s -f utf-8 -t utf-8//IGNORE bad" "iconv -s -f utf-8 -t utf-8//IGNORE bad"
row '-o - (then: ls -- -)' "$C -f utf-8 -t utf-8 -o - a; echo \$? > ST; ls -- - 2>&1" "iconv -f utf-8 -t utf-8 -o - a; echo \$? > ST; ls -- - 2>&1"
rm -f -- -
row 'closed stdout (>&-)' "$C -f utf-8 -t utf-8 a >&-" "iconv -f utf-8 -t utf-8 a >&-"
row 'full stdout (/dev/full)' "$C -f utf-8 -t utf-8 a > /dev/full" "iconv -f utf-8 -t utf-8 a > /dev/full"
cp bad g1 && cp bad g2
row 'f >> f, -c (then: wc -c f, 19 before)' "$C -c -f utf-8 -t utf-8 g1 >> g1; echo \$? > ST; wc -c < g1" "iconv -c -f utf-8 -t utf-8 g2 >> g2; echo \$? > ST; wc -c < g2"
cp a h1 && ln h1 h1b && cp a h2 && ln h2 h2b
row '-o f f, hard link kept (then: the link)' "$C -f utf-8 -t utf-16le -o h1 h1; echo \$? > ST; cat h1b" "iconv -f utf-8 -t utf-16le -o h2 h2; echo \$? > ST; cat h2b"
mkdir ro && cp a ro/f && cp a ro/g && chmod 666 ro/f ro/g && chmod 555 ro
row 'writable file, read-only dir, as nobody' "setpriv --reuid=nobody --regid=nogroup --clear-groups $C -f utf-8 -t utf-16le -o ro/f a; echo \$? > ST; cat ro/f" \
    "setpriv --reuid=nobody --regid=nogroup --clear-groups iconv -f utf-8 -t utf-16le -o ro/g a; echo \$? > ST; cat ro/g"
echo
echo '| case | rapidutf validate: status, output | stderr | isutf8: status, output | stderr | same output |'
echo '|---|---|---|---|---|---|'
V="$B validate"
row 'valid file' "$V a" "isutf8 a"
row 'invalid file' "$V bad" "isutf8 bad"
row 'invalid stdin' "$V < bad" "isutf8 < bad"
row 'truncated at the end' "$V cut" "isutf8 cut"
row '-l' "$V -l a bad" "isutf8 -l a bad"
row '-i' "$V -i a bad" "isutf8 -i a bad"
row '-q' "$V -q bad" "isutf8 -q bad"
row 'non-UTF-8 file name, -i' "$V -i caf*.txt bad" "isutf8 -i caf*.txt bad"
row 'closed stdout (>&-)' "$V bad >&-" "isutf8 bad >&-"
