#!/usr/bin/env python3
"""Draws the pachinko board's sprites and sounds: ball.png (a 16 x 16 steel ball), peg.png and
peg_lit.png (a 12 x 12 peg, dark blue and lit bright cyan), gold.png and gold_lit.png (the rarer gold peg, lit red),
launcher.png (a 24 x 48 barrel pointing down), hit.wav (a short metallic tick) and bucket.wav (a
two-note chime), all with the standard library only. Run it from this folder to make them again."""
import math
import struct
import wave
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


def shaded_disc(size, dark, light, glow=None):
    """A disc lit from the top left: `dark` at the rim, `light` at the highlight; an optional glow
    colour fills the corners faintly (a lit peg shines past its edge)."""
    c = size / 2
    def pixel(x, y):
        a = coverage(lambda px, py: (px - c) ** 2 + (py - c) ** 2 <= (c - 0.5) ** 2, x, y)
        d = math.hypot(x + 0.5 - c * 0.7, y + 0.5 - c * 0.7) / size
        t = max(0.0, min(1.0, 1 - d * 1.6))
        rgb = tuple(round(dk + (lt - dk) * t) for dk, lt in zip(dark, light))
        if a == 0 and glow:
            return (*glow, 70)
        return (*rgb, round(255 * a))
    return pixel


def launcher(x, y):
    # A barrel 24 wide, 48 long, pointing down (+y); its pivot is the centre of the top half's disc.
    body = coverage(lambda px, py: 6 <= px <= 18 and 12 <= py <= 46, x, y)
    hub = coverage(lambda px, py: (px - 12) ** 2 + (py - 12) ** 2 <= 11 ** 2, x, y)
    a = max(body, hub)
    stripe = 36 <= y <= 40
    rgb = (230, 57, 70) if stripe else ((69, 123, 157) if hub > body else (29, 53, 87))
    return (*rgb, round(255 * a))


def write_wav(path, seconds, sample):
    rate = 22050
    frames = b"".join(struct.pack("<h", round(32767 * max(-1.0, min(1.0, sample(i / rate)))))
                      for i in range(int(rate * seconds)))
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)


def tick(t):
    # Two inharmonic partials with a fast decay: a small metal peg struck.
    decay = math.exp(-t * 45)
    return 0.8 * decay * (math.sin(2 * math.pi * 1760 * t) * 0.7 + math.sin(2 * math.pi * 4150 * t) * 0.3)


def chime(t):
    # Two notes a fifth apart, the second starting 0.12 s in.
    note = lambda f, start: (math.sin(2 * math.pi * f * (t - start)) * math.exp(-(t - start) * 6)
                             if t >= start else 0.0)
    return 0.45 * (note(880, 0) + note(1320, 0.12))


write_png("ball.png", 16, 16, shaded_disc(16, (90, 98, 110), (245, 248, 252)))
write_png("peg.png", 12, 12, shaded_disc(12, (29, 53, 87), (120, 170, 220)))
write_png("peg_lit.png", 12, 12, shaded_disc(12, (20, 160, 230), (235, 252, 255), glow=(110, 215, 255)))
write_png("gold.png", 12, 12, shaded_disc(12, (150, 100, 10), (240, 200, 90)))
write_png("gold_lit.png", 12, 12, shaded_disc(12, (230, 57, 70), (255, 230, 200), glow=(255, 90, 90)))
write_png("launcher.png", 24, 48, launcher)
write_wav("hit.wav", 0.15, tick)
write_wav("bucket.wav", 0.6, chime)
