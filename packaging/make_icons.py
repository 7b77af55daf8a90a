"""Draw the SEForge app icon: an SVG, PNGs from 16 to 512 px and a Windows .ico.

    python packaging/make_icons.py            # writes into resources/icons/

The SVG is the source; the PNGs are rendered from it with Qt's SVG renderer
(PySide6 is a runtime dependency anyway) and the .ico is packed with Pillow (a
build-time requirement, see packaging/requirements-build.txt). macOS needs no
.icns in the repository: PyInstaller converts the 512 px PNG with Pillow.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 88, 128, 176, 256, 512)
"""88 and 176: the start page's logo at 1x and 2x (ui.shell.start_page.LOGO_PX)."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)

# One sword drawn point-up along x = 256; the two crossed swords are this group
# rotated by +45 and -45 degrees around the centre. The blade is two-tone (a lit
# and a shaded bevel) so the edge reads even at 32 px.
_SWORD = """
    <g transform="rotate({angle} 256 256)">
      <path d="M256 52 L278 98 L278 326 L234 326 L234 98 Z" fill="#0b1020" opacity=".35"
            transform="translate(6 8)"/>
      <path d="M256 52 L256 326 L234 326 L234 98 Z" fill="url(#lit)"/>
      <path d="M256 52 L278 98 L278 326 L256 326 Z" fill="url(#shade)"/>
      <rect x="188" y="322" width="136" height="26" rx="13" fill="url(#gold)"
            stroke="#7a5a14" stroke-width="4"/>
      <rect x="244" y="348" width="24" height="72" rx="6" fill="#5b3620"
            stroke="#2e1a0e" stroke-width="4"/>
      <circle cx="256" cy="438" r="20" fill="url(#gold)" stroke="#7a5a14" stroke-width="4"/>
    </g>"""

SVG = f"""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <title>SEForge</title>
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#34507a"/>
      <stop offset="1" stop-color="#162238"/>
    </linearGradient>
    <radialGradient id="glow" cx="256" cy="236" r="230" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#f3b54a" stop-opacity=".55"/>
      <stop offset="1" stop-color="#f3b54a" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="lit" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#c9d3e0"/>
      <stop offset="1" stop-color="#ffffff"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#9aa7ba"/>
      <stop offset="1" stop-color="#6d7a8f"/>
    </linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffd77a"/>
      <stop offset="1" stop-color="#c88f1f"/>
    </linearGradient>
  </defs>
  <rect x="16" y="16" width="480" height="480" rx="96" fill="url(#bg)"/>
  <rect x="16" y="16" width="480" height="480" rx="96" fill="url(#glow)"/>
  <rect x="24" y="24" width="464" height="464" rx="88" fill="none"
        stroke="#ffffff" stroke-opacity=".18" stroke-width="6"/>{_SWORD.format(angle=-45)}{
_SWORD.format(angle=45)}
</svg>
"""


def render_pngs(svg_path: Path, out_dir: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(svg_path))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: Qt cannot read {svg_path}")
    written = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        path = out_dir / f"seforge-{size}.png"
        if not image.save(str(path), "PNG"):
            raise SystemExit(f"make_icons: cannot write {path}")
        written.append(path)
    return written


def write_ico(out_dir: Path) -> Path:
    from PIL import Image

    images = [Image.open(out_dir / f"seforge-{s}.png").convert("RGBA") for s in ICO_SIZES]
    path = out_dir / "seforge.ico"
    largest = images[-1]
    largest.save(path, format="ICO", sizes=[(s, s) for s in ICO_SIZES],
                 append_images=images[:-1])
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ICONS, help="folder (resources/icons)")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    svg_path = out / "seforge.svg"
    svg_path.write_text(SVG, encoding="utf-8")
    pngs = render_pngs(svg_path, out)
    ico = write_ico(out)
    for path in [svg_path, *pngs, ico]:
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
