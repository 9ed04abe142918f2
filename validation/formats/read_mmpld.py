#!/usr/bin/env python3
"""Reads an MMPLD file (MegaMol's particle list format, versions 1.0 to 1.3) by its published layout, checks its
structure and prints or returns its frames. Written from the format's description, independently of the writer:

  header: "MMPLD\\0", version (u16: 100..103), frame count (u32), bounding box and clipping box (6 floats each),
          seek table (frame count + 1 u64 offsets: frame starts and the end of the last frame)
  frame:  [1.2+: time (float)], list count (u32), per list: vertex type (u8), colour type (u8), [global radius
          (float) for vertex types 1 and 3], [global RGBA (4 u8) for colour type 0 | intensity range (2 floats)
          for colour type 3], particle count (u64), [1.3: list bounding box (6 floats)], particles

  read_mmpld.py FILE   prints a summary; as a module: read(path) -> dict
"""
import struct
import sys

VERTEX_BYTES = {0: 0, 1: 12, 2: 16, 3: 6, 4: 24}
COLOUR_BYTES = {0: 0, 1: 3, 2: 4, 3: 4, 4: 12, 5: 16, 6: 8, 7: 8}


class MmpldError(Exception):
    pass


def read(path):
    data = open(path, 'rb').read()
    if data[:6] != b'MMPLD\x00':
        raise MmpldError('not an MMPLD file (magic %r)' % data[:6])
    version, frames = struct.unpack_from('<HI', data, 6)
    if version not in (100, 101, 102, 103):
        raise MmpldError('unknown version %d' % version)
    bbox = struct.unpack_from('<6f', data, 12)
    clip = struct.unpack_from('<6f', data, 36)
    seek = struct.unpack_from('<%dQ' % (frames + 1), data, 60)
    if seek[0] != 60 + 8 * len(seek) and frames > 0 and seek[0] < 60 + 8 * len(seek):
        raise MmpldError('first frame offset %d lies inside the header' % seek[0])
    out = {'version': version, 'bbox': bbox, 'clip': clip, 'frames': []}
    for f in range(frames):
        pos = seek[f]
        frame = {'time': None, 'lists': []}
        if version >= 102:
            frame['time'], = struct.unpack_from('<f', data, pos)
            pos += 4
        nlists, = struct.unpack_from('<I', data, pos)
        pos += 4
        for _ in range(nlists):
            vtype, ctype = struct.unpack_from('<BB', data, pos)
            pos += 2
            if vtype not in VERTEX_BYTES or ctype not in COLOUR_BYTES:
                raise MmpldError('frame %d: unknown vertex/colour type %d/%d' % (f, vtype, ctype))
            lst = {'vertex': vtype, 'colour': ctype, 'radius': None, 'rgba': None}
            if vtype in (1, 3):
                lst['radius'], = struct.unpack_from('<f', data, pos)
                pos += 4
            if ctype == 0:
                lst['rgba'] = struct.unpack_from('<4B', data, pos)
                pos += 4
            elif ctype == 3:
                lst['intensity'] = struct.unpack_from('<2f', data, pos)
                pos += 8
            count, = struct.unpack_from('<Q', data, pos)
            pos += 8
            if version >= 103:
                pos += 24
            size = VERTEX_BYTES[vtype] + COLOUR_BYTES[ctype]
            if pos + count * size > len(data):
                raise MmpldError('frame %d: list of %d particles runs past the end of the file' % (f, count))
            particles = []
            for k in range(count):
                p = pos + k * size
                xyz = struct.unpack_from('<3f', data, p) if vtype in (1, 2) else struct.unpack_from('<3d', data, p) if vtype == 4 else struct.unpack_from('<3H', data, p)
                colour = struct.unpack_from('<3f', data, p + VERTEX_BYTES[vtype]) if ctype == 4 else None
                particles.append((xyz, colour))
            pos += count * size
            lst['particles'] = particles
            frame['lists'].append(lst)
        if pos != seek[f + 1]:
            raise MmpldError('frame %d ends at %d, the seek table says %d' % (f, pos, seek[f + 1]))
        out['frames'].append(frame)
    return out


if __name__ == '__main__':
    m = read(sys.argv[1])
    print('version %d, %d frames, box %s' % (m['version'], len(m['frames']), m['bbox'][3:]))
    for i, f in enumerate(m['frames']):
        print('frame %d: time %s, lists %s' % (i, f['time'], [len(l['particles']) for l in f['lists']]))
