"""A private, user-space PulseAudio server with a virtual microphone and speaker, for the real PortAudio path.

    spk      a null sink: the kiosk's speaker; record it from spk.monitor
    micsink  a null sink that tests play into; vmic, remapped from its monitor, is the microphone

PortAudio reaches it through ALSA's pulse plugin. PortAudio scans devices when sounddevice is imported, so
code under test runs in a child process started after the server (with `env`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import BinaryIO


class VirtualAudio:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.socket = folder / "pulse.sock"
        self.env = {
            **os.environ,
            "XDG_RUNTIME_DIR": str(folder / "xdg"),
            "HOME": str(folder / "home"),
            "PULSE_SERVER": f"unix:{self.socket}",
        }
        self._server: subprocess.Popen[bytes] | None = None
        self._reader: subprocess.Popen[bytes] | None = None
        self._log: BinaryIO | None = None

    @staticmethod
    def available() -> bool:
        return all(shutil.which(tool) for tool in ("pulseaudio", "pactl", "paplay", "parec"))

    def start(self) -> None:
        (self.folder / "xdg").mkdir(mode=0o700, parents=True)
        (self.folder / "home").mkdir(parents=True)
        self._log = (self.folder / "pulse.log").open("wb")
        self._server = subprocess.Popen(
            [
                "pulseaudio",
                "-n",
                "--daemonize=no",
                "--exit-idle-time=-1",
                "--disallow-exit",
                "--disable-shm=yes",
                "--log-target=stderr",
                "-L",
                f"module-native-protocol-unix socket={self.socket} auth-anonymous=1",
                "-L",
                "module-null-sink sink_name=spk rate=16000 channels=1",
                "-L",
                "module-null-sink sink_name=micsink rate=16000 channels=1",
                "-L",
                "module-remap-source master=micsink.monitor source_name=vmic",
            ],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self._log,
        )
        deadline = time.monotonic() + 20
        while subprocess.run(["pactl", "info"], env=self.env, capture_output=True, check=False).returncode:
            if time.monotonic() > deadline or self._server.poll() is not None:
                raise RuntimeError(
                    "the virtual sound server did not start: "
                    + (self.folder / "pulse.log").read_text()[-2000:]
                )
            time.sleep(0.1)
        self.pactl("set-default-sink", "spk")
        self.pactl("set-default-source", "vmic")
        # Without a reader on the monitor the null sink idles and the first seconds of capture are lost.
        self._reader = subprocess.Popen(
            ["parec", "--latency-msec=20", "--device=micsink.monitor"],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._wait_for_low_latency()

    def _wait_for_low_latency(self) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            listing = self.pactl("list", "sinks")
            for block in listing.split("Sink #"):
                if "Name: micsink" in block:
                    for line in block.splitlines():
                        if line.strip().startswith("Latency:"):
                            micros = int(line.split()[1])
                            if micros < 50_000:
                                return
            time.sleep(0.2)

    def pactl(self, *args: str) -> str:
        return subprocess.run(
            ["pactl", *args], env=self.env, capture_output=True, text=True, check=True
        ).stdout

    def feed_microphone(self, wav: Path) -> subprocess.Popen[bytes]:
        """Play a WAV into the virtual microphone; returns the player process."""
        return subprocess.Popen(
            ["paplay", "--device=micsink", str(wav)],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )

    def record_speaker(self, path: Path) -> subprocess.Popen[bytes]:
        """Record what the kiosk plays, as a WAV; stop it with terminate()."""
        return subprocess.Popen(
            ["parec", "--device=spk.monitor", "--file-format=wav", "--rate=16000", "--channels=1", str(path)],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )

    def stop(self) -> None:
        for process in (self._reader, self._server):
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        if self._log is not None:
            self._log.close()
