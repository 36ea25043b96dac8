#!/bin/sh
# Remake tests/kept_nights/: each recorded table played by the kiosk with keep_audio on, its journal and
# readings kept (its audio too, for a night under 1 MB). Run from the repository, with the venv's python.
set -eu
python=${PYTHON:-python}
out=tests/kept_nights
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The model without dither, as the tests replay through: the same audio is heard the same way every time.
model=$work/model
mkdir -p "$model"
for item in models/vosk-model-small-en-us-0.15/*; do
    [ "$(basename "$item")" = conf ] || ln -s "$(realpath "$item")" "$model/"
done
cp -r models/vosk-model-small-en-us-0.15/conf "$model/conf"
echo "--dither=0.0" >>"$model/conf/mfcc.conf"
for table in audio_fixtures/table-night.wav audio_fixtures/tables/two-teams.piper-normal.wav \
    audio_fixtures/tables/candle-end.espeak-ng-normal.wav; do
    name=$(basename "$table" .wav)
    home="$work/$name"
    SNAP_APPLE_HOME="$home" SNAP_APPLE_CONFIG="$work/none.toml" XDG_RUNTIME_DIR="$home/run" \
        "$python" -m kiosk voice --audio-in "$table" --audio-out "$work/$name.out.wav" --keep-audio \
        --model "$model" --log-level warning >/dev/null
    journal=$(ls "$home"/nights/night-*.jsonl)
    rm -rf "$out/$name.jsonl" "$out/$name.heard"
    mkdir -p "$out"
    cp "$journal" "$out/$name.jsonl"
    cp -r "${journal%.jsonl}.heard" "$out/$name.heard"
    if [ "$(wc -c <"$out/$name.heard/heard.wav")" -gt 1000000 ]; then rm "$out/$name.heard/heard.wav"; fi
done
