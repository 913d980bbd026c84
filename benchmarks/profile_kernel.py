"""Where a kernel's time goes: perf samples mapped onto numba's compiled code.

    NUMBA_NUM_THREADS=1 .venv/bin/python benchmarks/profile_kernel.py [--game luft]
        [--bots threshold:t=2] [--players 4] [--seconds 20] [--top 20] [--asm FILE]

numba's compiled code carries no symbols perf can read: it lies in anonymous
executable memory. So this process warms the kernel up, copies every
anonymous executable region out of /proc/self/maps, runs `perf record -e
cpu-clock` on itself while it plays batches of --games for --seconds, and
maps each sampled address onto the copied regions. It prints the share of
samples in compiled code (per region), in Python and its libraries, and in the
OS; then, for the hottest region, the hottest 128-byte blocks and
instructions, disassembled by objdump (--asm FILE: the whole region, each
instruction with its share). A timer sample lands where the core's oldest
unfinished instruction waits, often the one after a long-latency operation or
a mispredicted branch: read the figures as where time piles up, and compare
versions with `ab_kernel.py`, not with this. Needs perf and objdump (binutils).
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BLOCK = 128  # bytes per block in the block table


def _fail(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def jit_regions() -> list[tuple[int, int]]:
    """(start, end) of this process's anonymous executable mappings: numba's code."""
    regions = []
    with open("/proc/self/maps") as maps:
        for line in maps:
            parts = line.split()
            if "x" in parts[1] and len(parts) < 6:  # no backing file
                start, end = (int(x, 16) for x in parts[0].split("-"))
                regions.append((start, end))
    return regions


def region_of(ip: int, regions: list[tuple[int, int]]):
    """The region holding address ``ip``, or None."""
    for start, end in regions:
        if start <= ip < end:
            return start, end
    return None


def block_counts(ips: collections.Counter, start: int, end: int, width: int = BLOCK) -> dict[int, int]:
    """Samples per ``width``-byte block of [start, end), keyed by block address."""
    blocks: dict[int, int] = collections.defaultdict(int)
    for ip, count in ips.items():
        if start <= ip < end:
            blocks[start + (ip - start) // width * width] += count
    return dict(blocks)


def disassemble(code: bytes, start: int) -> list[tuple[int, str]]:
    """(address, text) of each instruction of ``code`` loaded at ``start`` (objdump)."""
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        f.write(code)
        f.flush()
        out = subprocess.run(
            ["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", f"--adjust-vma={start:#x}", f.name],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    lines = []
    for line in out.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(.*)", line)
        if m and m.group(2):
            lines.append((int(m.group(1), 16), m.group(2).strip()))
    return lines


def _samples(data: str) -> tuple[collections.Counter, dict[int, str]]:
    """(samples per address, the shared object of each address) of a perf.data file."""
    out = subprocess.run(["perf", "script", "-i", data, "-F", "ip,dso"], capture_output=True, text=True).stdout
    ips: collections.Counter = collections.Counter()
    dsos: dict[int, str] = {}
    for line in out.splitlines():
        parts = line.split(None, 1)
        if parts:
            ip = int(parts[0], 16)
            ips[ip] += 1
            dsos[ip] = parts[1].strip("() ") if len(parts) > 1 else "?"
    return ips, dsos


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="luft")
    ap.add_argument("--bots", default="threshold:t=2")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=20.0, help="time the kernel runs under perf")
    ap.add_argument("--games", type=int, default=100_000, help="games per batch (a search bot: a few hundred)")
    ap.add_argument("--top", type=int, default=20, help="blocks and instructions listed")
    ap.add_argument("--region", type=int, default=1, help="detail the K-th hottest region of compiled code (default 1)")
    ap.add_argument("--asm", type=Path, help="write the hottest region's annotated disassembly here")
    args = ap.parse_args(argv)
    if args.seconds <= 0:
        _fail(f"--seconds must be positive, got {args.seconds}")
    for tool in ("perf", "objdump"):
        if shutil.which(tool) is None:
            _fail(f"{tool} not found: install it (linux-perf / binutils) to profile the kernel")
    from sim.games import get_game

    try:
        game = get_game(args.game)
        rules = game.rules_cls.from_strings({}, players=args.players)
        seats = game.registry.parse_seats(args.bots, args.players)
    except ValueError as exc:  # unknown game or bot, players out of range: the message says which
        _fail(str(exc))
    game.play_batch(rules, seats, 0, 0, 2000)  # compile or load the cache: the code is mapped now
    regions = jit_regions()
    code = {r: ctypes.string_at(r[0], r[1] - r[0]) for r in regions}
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        perf = subprocess.Popen(
            ["perf", "record", "-q", "-e", "cpu-clock", "-F", "2000", "-p", str(os.getpid()), "-o", data],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)  # perf attaches
        t0, batches = time.time(), 0
        while time.time() - t0 < args.seconds:
            game.play_batch(rules, seats, batches + 1, 0, args.games)
            batches += 1
        perf.send_signal(signal.SIGINT)
        perf.wait()
        ips, dso_of = _samples(data)
    total = sum(ips.values())
    if not total:
        _fail("perf recorded no samples (is perf_event_paranoid too high? try as root or lower it)")
    by_region: collections.Counter = collections.Counter()
    other: collections.Counter = collections.Counter()
    for ip, count in ips.items():
        r = region_of(ip, regions)
        if r is not None:
            by_region[r] += count
        else:
            other[os.path.basename(dso_of[ip])] += count
    print(f"{args.game}, {args.players} players, {args.bots}: {batches} batches of {args.games:,} games, {total:,} samples")
    for (start, end), count in by_region.most_common(5):
        print(f"  compiled code {start:#x}-{end:#x} ({end - start:,} bytes): {100 * count / total:5.1f}%")
    for name, count in other.most_common(5):
        print(f"  {name}: {100 * count / total:5.1f}%")
    if not by_region:
        return
    ranked = by_region.most_common()
    hot = ranked[min(args.region, len(ranked)) - 1][0]
    asm = disassemble(code[hot], hot[0])
    text = dict(asm)
    print(f"hottest {BLOCK}-byte blocks of {hot[0]:#x} (share of all samples; first instruction):")
    for addr, count in sorted(block_counts(ips, *hot).items(), key=lambda kv: -kv[1])[: args.top]:
        first = next((t for a, t in asm if a >= addr), "")
        print(f"  {addr:#x} {100 * count / total:5.1f}%  {first}")
    print("hottest instructions:")
    for ip, count in sorted(((ip, c) for ip, c in ips.items() if hot[0] <= ip < hot[1]), key=lambda kv: -kv[1])[: args.top]:
        print(f"  {ip:#x} {100 * count / total:5.2f}%  {text.get(ip, '?')}")
    if args.asm:
        args.asm.write_text("".join(f"{100 * ips.get(a, 0) / total:5.2f}% {a:#x}  {t}\n" for a, t in asm))
        print(f"annotated disassembly: {args.asm}")


if __name__ == "__main__":
    main()
