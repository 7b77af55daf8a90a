"""A smaller ICU data library for the Linux bundle (issue 28: the bundle was 157 MB).

PySide6's Linux wheels ship ICU with Qt; its data library ``libicudata.so.NN`` is 32 MB,
a fifth of the bundle. Qt asks ICU for little: collation (QCollator), case mapping,
normalization, IDNA and, on request, legacy text codecs and time-zone display names.
SEForge uses none of the last two, nor any of ICU's display names of currencies,
languages, regions and units, transliterators, spelled-out numbers or the dictionaries
that break Chinese, Japanese, Thai, Khmer, Lao and Burmese text into words (Qt breaks
text with its own tables). This module rebuilds the library without those items:

1. read the data package (ICU's "common data" table of contents) out of the library's
   ``icudtNN_dat`` symbol,
2. keep every item but the ones in :data:`DROP_FOLDERS`, :data:`DROP_SUFFIXES`,
3. link a library with the same name and the same symbol around the smaller package
   (the system's C compiler driver, ``cc``).

ICU finds the items it needs where they were; an item left out makes ICU fall back
(collation to the root order, a time-zone name to "GMT+1"), never fail. When no compiler
is there, or the library is not laid out as expected, the original library stays
(:func:`slim_icu_data` returns None and says why).
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

DROP_FOLDERS = ("curr", "lang", "region", "unit", "zone", "translit", "rbnf")
"""Display names and transforms nothing in Qt's use of ICU reads."""
DROP_SUFFIXES = (".cnv", ".dict")
"""Legacy codecs (UTF-8/16 and Latin-1 are built into ICU's code) and word-break
dictionaries."""
ALIGN = 16


def _elf_symbol(data: bytes, wanted: str) -> tuple[int, int] | None:
    """(file offset, size) of the symbol ``wanted`` in a 64-bit little-endian ELF file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return None
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
                for i in range(shnum)]
    for _name, kind, _flags, _addr, offset, size, link, _info, _align, entsize in sections:
        if kind not in (2, 11):  # SHT_SYMTAB, SHT_DYNSYM
            continue
        strtab = sections[link]
        for index in range(size // entsize):
            name, _info8, _other, shndx, value, sym_size = struct.unpack_from(
                "<IBBHQQ", data, offset + index * entsize)
            end = data.index(b"\0", strtab[4] + name)
            if data[strtab[4] + name:end].decode("ascii", "replace") != wanted:
                continue
            target = sections[shndx]  # value is an address: make it a file offset
            return target[4] + value - target[3], sym_size
    return None


def _keep(name: str) -> bool:
    parts = name.split("/")
    if len(parts) > 2 and parts[1] in DROP_FOLDERS:
        return False
    return not name.endswith(DROP_SUFFIXES)


def filter_package(package: bytes) -> tuple[bytes, int, int]:
    """ICU common data ``package`` without the dropped items: (new package, items kept,
    items dropped). ValueError when it is not such a package."""
    header_size, = struct.unpack_from("<H", package, 0)
    if package[2:4] != b"\xda\x27" or package[12:16] != b"CmnD":
        raise ValueError("not an ICU common data package")
    toc = memoryview(package)[header_size:]
    count, = struct.unpack_from("<I", toc, 0)
    entries = [struct.unpack_from("<II", toc, 4 + 8 * i) for i in range(count)]
    items = []
    for index, (name_offset, data_offset) in enumerate(entries):
        end = bytes(toc[name_offset:name_offset + 256]).index(b"\0")
        name = bytes(toc[name_offset:name_offset + end]).decode("ascii")
        data_end = entries[index + 1][1] if index + 1 < count else len(toc)
        items.append((name, bytes(toc[data_offset:data_end])))
    kept = [(name, blob) for name, blob in items if _keep(name)]  # still sorted by name
    names = b"".join(name.encode("ascii") + b"\0" for name, _blob in kept)
    table_size = 4 + 8 * len(kept)
    names_start = table_size
    data_start = names_start + len(names)
    data_start += -data_start % ALIGN
    table, body = bytearray(struct.pack("<I", len(kept))), bytearray()
    name_offset = names_start
    for name, blob in kept:
        table += struct.pack("<II", name_offset, data_start + len(body))
        name_offset += len(name) + 1
        body += blob
        body += b"\0" * (-len(body) % ALIGN)
    toc_bytes = bytes(table) + names + b"\0" * (data_start - names_start - len(names))
    return package[:header_size] + toc_bytes + bytes(body), len(kept), count - len(kept)


def slim_icu_data(library: Path, out_dir: Path) -> tuple[Path | None, str]:
    """A smaller copy of ICU's data library ``library`` in ``out_dir`` (same file name),
    and a line saying what was done; (None, why) when it cannot be made."""
    match = re.match(r"libicudata\.so\.(\d+)", library.name)
    if not match:
        return None, f"{library.name} is not ICU's data library"
    symbol = f"icudt{match.group(1)}_dat"
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None, "no C compiler (cc) to link a smaller ICU data library"
    data = library.read_bytes()
    found = _elf_symbol(data, symbol)
    if found is None:
        return None, f"no {symbol} in {library.name}"
    offset, size = found
    try:
        package, kept, dropped = filter_package(data[offset:offset + size])
    except (ValueError, struct.error, UnicodeDecodeError) as exc:
        return None, f"{library.name}: {exc}"
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / library.name
    with tempfile.TemporaryDirectory() as scratch:
        blob = Path(scratch, "icudata.dat")
        blob.write_bytes(package)
        source = Path(scratch, "icudata.S")
        source.write_text(
            "\t.section .rodata\n"
            f"\t.globl {symbol}\n"
            f"\t.type {symbol}, @object\n"
            f"\t.balign {ALIGN}\n"
            f"{symbol}:\n"
            f'\t.incbin "{blob}"\n'
            f"\t.size {symbol}, . - {symbol}\n"
            '\t.section .note.GNU-stack,"",@progbits\n', encoding="ascii")
        result = subprocess.run(
            [compiler, "-shared", "-nostdlib", f"-Wl,-soname,{library.name}",
             "-o", str(target), str(source)], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        return None, f"cc could not link {library.name}: {result.stderr.strip()[:200]}"
    check = _elf_symbol(target.read_bytes(), symbol)
    if check is None or check[1] != len(package):
        return None, f"the linked {library.name} does not hold {symbol} whole"
    return target, (f"{library.name}: {size / 1e6:.1f} MB -> {len(package) / 1e6:.1f} MB "
                    f"({kept} ICU data items kept, {dropped} left out)")
