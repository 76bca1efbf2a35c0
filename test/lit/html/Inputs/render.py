"""Renders a warplint HTML report in headless Chromium and checks what a
person would see.

usage: render.py CHROMIUM PAGE.html OUT.png

Prints the rendered DOM (for FileCheck), then one line per check:
  console: the console messages the page produced (none expected)
  colors:  whether the picture colours (lanes, colliding lanes) cover more
           of the screenshot than the legend does: the SVG pictures were
           drawn
Chromium runs as the environment allows (no sandbox as root, no GPU, no
network: a report must not reach for any).
"""
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

chromium, page, png = sys.argv[1:4]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--enable-logging=stderr", "--v=0", "--window-size=1200,3200"]


def run(extra):
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run(
            [chromium] + FLAGS + ["--user-data-dir=" + profile] + extra +
            ["file://" + os.path.abspath(page)],
            capture_output=True, text=True, timeout=120)


dom = run(["--dump-dom"])
shot = run(["--screenshot=" + png])
if dom.returncode != 0 or shot.returncode != 0 or not os.path.exists(png):
    sys.exit("chromium failed: %d %d\n%s" % (dom.returncode, shot.returncode,
                                             shot.stderr[-2000:]))
print(dom.stdout)
console = [l for l in (dom.stderr + shot.stderr).splitlines()
           if "CONSOLE" in l or "Failed to load" in l]
print("console: %d messages" % len(console))
for l in console:
    print("console message: " + l)


def pixels(path):
    """The RGB(A) pixels of an 8-bit non-interlaced PNG, as rows of bytes."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, color = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    assert depth == 8 and color in (2, 6), "unexpected PNG format"
    bpp = 3 if color == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], None
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        up = prev or bytearray(stride)
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = up[i], up[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    return rows, bpp


rows, bpp = pixels(png)
count = {}
for line in rows:
    for i in range(0, len(line), bpp):
        key = bytes(line[i:i + 3])
        count[key] = count.get(key, 0) + 1
# A picture fills a cell of about 9x9 pixels per lane and bank; the legend's
# two swatches are 10x10 each: more than 1,000 pixels of a colour take
# pictures (a 32-lane request alone fills about 2,600).
lane, collides = bytes((0x2f, 0x81, 0xf7)), bytes((0xcf, 0x22, 0x2e))
verdict = lambda c: "drawn" if count.get(c, 0) > 1000 else "missing"
print("colors: lanes %s, colliding lanes %s (%d and %d pixels)" %
      (verdict(lane), verdict(collides), count.get(lane, 0),
       count.get(collides, 0)))
