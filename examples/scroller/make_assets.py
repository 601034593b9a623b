#!/usr/bin/env python3
"""Draws the scroller's sprites: hero.png (a 32 x 32 ball with transparent corners), coin.png (a
sprite sheet of four 16 x 16 frames of a turning coin) and ground.jpg (a 64 x 32 turf tile, through
ffmpeg). Standard library only; run it from this folder to make them again."""
import math
import struct
import subprocess
import zlib


def write_png(path, width, height, pixel):
    """pixel(x, y) -> (r, g, b, a); 8-bit RGBA, no filtering."""
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(rows, 9)))
        f.write(chunk(b"IEND", b""))


def coverage(inside, x, y, n=4):
    """Fraction of pixel (x, y) inside the shape, sampled n x n, for smooth edges."""
    hits = sum(inside(x + (i + 0.5) / n, y + (j + 0.5) / n) for i in range(n) for j in range(n))
    return hits / (n * n)


def hero(x, y):
    ball = coverage(lambda px, py: (px - 16) ** 2 + (py - 16) ** 2 <= 15 ** 2, x, y)
    eye = coverage(lambda px, py: (px - 22) ** 2 + (py - 12) ** 2 <= 4 ** 2, x, y)
    stripe = 13 <= y < 19
    r, g, b = (255, 255, 255) if eye > 0.5 else ((241, 250, 238) if stripe else (230, 57, 70))
    return (r, g, b, round(255 * ball))


def coin(x, y):
    frame, fx = divmod(x, 16)
    half_width = 7 * abs(math.cos(frame * math.pi / 4)) + 1   # turning: full, narrower, edge-on, narrower
    inside = coverage(lambda px, py: ((px - 8) / half_width) ** 2 + ((py - 8) / 7) ** 2 <= 1, fx, y)
    return (244, 196, 48, round(255 * inside))


def turf(x, y):
    if y < 6:
        return (88, 166, 72, 255)
    shade = 12 if (x // 8 + y // 8) % 2 else 0
    return (139 - shade, 94 - shade, 60 - shade, 255)


write_png("hero.png", 32, 32, hero)
write_png("coin.png", 64, 16, coin)
write_png("turf.png", 64, 32, turf)
subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", "turf.png", "-q:v", "3", "ground.jpg"], check=True)
subprocess.run(["rm", "turf.png"], check=True)
