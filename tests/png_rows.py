"""png_rows.py — a PNG of 8-bit RGB or RGBA read into rows of pixel bytes,
unfiltered by hand (no imaging library on the test machines), for the
tests that look at what a frame drew."""
import struct
import zlib


def rows(path):
    """(rows, bytes a pixel): each row the bytes of its pixels, left to right."""
    b = open(path, "rb").read()
    i = 8
    idat = b""
    w = h = ct = 0
    while i < len(b):
        n, t = struct.unpack(">I4s", b[i:i + 8])
        d = b[i + 8:i + 8 + n]
        i += 12 + n
        if t == b"IHDR":
            w, h, _, ct = struct.unpack(">IIBB", d[:10])
        if t == b"IDAT":
            idat += d
    bpp = 4 if ct == 6 else 3
    raw = zlib.decompress(idat)
    out = []
    s = w * bpp
    prev = bytearray(s)
    for y in range(h):
        f = raw[y * (s + 1)]
        line = bytearray(raw[y * (s + 1) + 1:(y + 1) * (s + 1)])
        for x in range(s):
            a = line[x - bpp] if x >= bpp else 0
            u = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + u) & 255
            elif f == 3:
                line[x] = (line[x] + (a + u) // 2) & 255
            elif f == 4:
                p = a + u - c
                pa, pb, pc = abs(p - a), abs(p - u), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else u if pb <= pc else c)) & 255
        out.append(bytes(line))
        prev = line
    return out, bpp
