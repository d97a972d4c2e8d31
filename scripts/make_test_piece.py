#!/usr/bin/env python3
"""Writes examples/grounds/test_piece.obj (docs/grounds.md): a 300 m x 40 m plate with a rumble
kerb, a ramp with a plateau and a bump field, as a Wavefront OBJ in metres, z up; the OBJ reader's
fuzz seed and a shipped mesh to drive on.

  scripts/make_test_piece.py > examples/grounds/test_piece.obj
"""
verts, faces = [], []
cur = [None]
def v(x, y, z):
    verts.append((x, y, z)); return len(verts)
def area(a, b, c):
    pa, pb, pc = verts[a - 1], verts[b - 1], verts[c - 1]
    u = [pb[i] - pa[i] for i in range(3)]; w = [pc[i] - pa[i] for i in range(3)]
    n = (u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0])
    return (n[0] ** 2 + n[1] ** 2 + n[2] ** 2) ** 0.5 / 2
def quad(a, b, c, d, mtl):
    # two triangles, those without area left out (a side wall where the top meets the plate)
    for tri in ((a, b, c), (a, c, d)):
        if area(*tri) > 1e-9: faces.append((mtl, tri))
def box_top(x0, x1, y0, y1, profile, mtl, n):
    # a strip from x0 to x1 with height profile(x) along x, with side walls down to 0
    xs = [x0 + (x1 - x0) * i / n for i in range(n + 1)]
    top_l = [v(x, y0, profile(x)) for x in xs]
    top_r = [v(x, y1, profile(x)) for x in xs]
    bot_l = [v(x, y0, 0.0) for x in xs]
    bot_r = [v(x, y1, 0.0) for x in xs]
    for i in range(n):
        quad(top_l[i], top_l[i + 1], top_r[i + 1], top_r[i], mtl)           # top, normal up
        quad(bot_l[i], bot_l[i + 1], top_l[i + 1], top_l[i], mtl)           # side y0, normal -y
        quad(bot_r[i + 1], bot_r[i], top_r[i], top_r[i + 1], mtl)           # side y1, normal +y
# the plate
a, b, c, d = v(-50, -20, 0), v(250, -20, 0), v(250, 20, 0), v(-50, 20, 0)
quad(a, b, c, d, "asphalt")
# a rumble kerb at the left edge of the lane: 12 cm, ramped over 0.5 m at each end
def kerb(x):
    if x < 50.5: return 0.12 * (x - 50.0) / 0.5
    if x > 99.5: return 0.12 * (100.0 - x) / 0.5
    return 0.12
box_top(50.0, 100.0, 3.5, 4.5, kerb, "kerb", 100)
# a ramp up to 0.4 m over 8 m, a 10 m plateau, down over 4 m
def ramp(x):
    if x < 158.0: return 0.4 * (x - 150.0) / 8.0
    if x < 168.0: return 0.4
    return 0.4 * (172.0 - x) / 4.0
box_top(150.0, 172.0, -3.0, 3.0, ramp, "asphalt", 22)
import math
# a bump field: 6 half-sine bumps of 8 cm over 1 m, 3 m apart
for k in range(6):
    x0 = 200.0 + 3.0 * k
    box_top(x0, x0 + 1.0, -3.0, 3.0, lambda x, x0=x0: 0.08 * math.sin(math.pi * (x - x0)), "asphalt", 8)
out = ["# tractive test piece (examples/grounds/test_piece.obj): a 300 m x 40 m plate, a 12 cm kerb",
       "# at y = 3.5..4.5 m from x = 50 to 100 m, a 0.4 m ramp and plateau at x = 150..172 m, six 8 cm",
       "# bumps at x = 200..216 m. Metres, z up; made by scripts/make_test_piece.py.",
       ]
for x, y, z in verts: out.append(f"v {x:g} {y:g} {z:g}")
mtl_now = None
for mtl, f in faces:
    if mtl != mtl_now:
        out.append(f"usemtl {mtl}"); mtl_now = mtl
    out.append("f " + " ".join(str(i) for i in f))
print("\n".join(out))
