"""The Linux bundle's smaller ICU data library (packaging/icu_slim.py, issue 28)."""

from __future__ import annotations

import importlib.util
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def icu() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "seforge_icu_slim", ROOT / "packaging" / "icu_slim.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["seforge_icu_slim"] = module
    spec.loader.exec_module(module)
    return module


def package(items: dict[str, bytes]) -> bytes:
    """An ICU common data package (the layout ICU's pkgdata writes) holding ``items``."""
    header = bytearray(32)
    struct.pack_into("<H", header, 0, len(header))
    header[2:4] = b"\xda\x27"
    header[12:16] = b"CmnD"
    names = sorted(items)
    blob_names = b"".join(n.encode() + b"\0" for n in names)
    start = 4 + 8 * len(names) + len(blob_names)
    start += -start % 16
    table, body, offset = struct.pack("<I", len(names)), b"", 4 + 8 * len(names)
    for name in names:
        table += struct.pack("<II", offset, start + len(body))
        offset += len(name) + 1
        body += items[name] + b"\0" * (-len(items[name]) % 16)
    toc = table + blob_names
    return bytes(header) + toc + b"\0" * (start - len(toc)) + body


def read_package(data: bytes) -> dict[str, bytes]:
    size, = struct.unpack_from("<H", data, 0)
    toc = data[size:]
    count, = struct.unpack_from("<I", toc, 0)
    entries = [struct.unpack_from("<II", toc, 4 + 8 * i) for i in range(count)]
    out = {}
    for i, (name_at, data_at) in enumerate(entries):
        name = toc[name_at:toc.index(b"\0", name_at)].decode()
        assert data_at % 16 == 0, "ICU items stay 16-byte aligned"
        end = entries[i + 1][1] if i + 1 < count else len(toc)
        out[name] = toc[data_at:end]
    return out


ITEMS = {
    "icudt99l/root.res": b"R" * 40,
    "icudt99l/coll/ucadata.icu": b"U" * 33,
    "icudt99l/coll/sv.res": b"S" * 7,
    "icudt99l/zone/de.res": b"Z" * 20,
    "icudt99l/curr/fr.res": b"C" * 20,
    "icudt99l/brkitr/cjdict.dict": b"D" * 50,
    "icudt99l/brkitr/word.brk": b"W" * 9,
    "icudt99l/ibm-943_P15A-2003.cnv": b"J" * 30,
    "icudt99l/cnvalias.icu": b"A" * 12,
    "icudt99l/uts46.nrm": b"N" * 16,
}
KEPT = {"icudt99l/root.res", "icudt99l/coll/ucadata.icu", "icudt99l/coll/sv.res",
        "icudt99l/brkitr/word.brk", "icudt99l/cnvalias.icu", "icudt99l/uts46.nrm"}


def test_the_package_keeps_what_qt_reads(icu: ModuleType) -> None:
    slim, kept, dropped = icu.filter_package(package(ITEMS))
    items = read_package(slim)
    assert set(items) == KEPT and (kept, dropped) == (len(KEPT), len(ITEMS) - len(KEPT))
    assert list(items) == sorted(items)  # ICU looks items up by binary search
    for name in KEPT:
        assert items[name].rstrip(b"\0") == ITEMS[name]
    with pytest.raises(ValueError):
        icu.filter_package(b"\x20\x00" + b"\0" * 60)


@pytest.mark.skipif(shutil.which("cc") is None or not sys.platform.startswith("linux"),
                    reason="links an ELF library with the system's C compiler")
def test_a_library_is_relinked_with_the_same_name_and_symbol(icu: ModuleType,
                                                             tmp_path: Path) -> None:
    data = tmp_path / "icudt99l.dat"
    data.write_bytes(package(ITEMS))
    source = tmp_path / "data.S"
    source.write_text(f'\t.section .rodata\n\t.globl icudt99_dat\n\t.balign 16\nicudt99_dat:\n'
                      f'\t.incbin "{data}"\n\t.size icudt99_dat, . - icudt99_dat\n'
                      '\t.section .note.GNU-stack,"",@progbits\n', encoding="ascii")
    original = tmp_path / "libicudata.so.99"
    subprocess.run(["cc", "-shared", "-nostdlib", "-Wl,-soname,libicudata.so.99", "-o",
                    str(original), str(source)], check=True)
    slim, message = icu.slim_icu_data(original, tmp_path / "out")
    assert slim == tmp_path / "out" / "libicudata.so.99", message
    assert "6 ICU data items kept, 4 left out" in message
    binary = slim.read_bytes()
    offset, size = icu._elf_symbol(binary, "icudt99_dat")
    assert set(read_package(binary[offset:offset + size])) == KEPT
    if shutil.which("readelf"):
        dynamic = subprocess.run(["readelf", "-d", str(slim)], capture_output=True,
                                 text=True, check=True).stdout
        assert "Library soname: [libicudata.so.99]" in dynamic
    missing, why = icu.slim_icu_data(tmp_path / "data.S", tmp_path / "out")
    assert missing is None and "not ICU's data library" in why
