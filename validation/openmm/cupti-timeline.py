#!/usr/bin/env python3
"""Summarises a CuptiTimeline.cpp record (CSV, optionally gzipped) of a run: over its records from 40 to 90 %
(the steps, past the set-up), the wall time, the time the GPU was busy (the union of its kernels, copies and
memsets), how many of them ran at once on average, the time per stream, the kernels by total time, and the
largest idle gaps with what came before and after them. With --step NAME it also prints one whole step, from one launch of kernel NAME to the
next: start, duration and stream of everything, and the host's driver calls where they were recorded.
usage: cupti-timeline.py timeline.csv [--step NAME]"""
import collections
import gzip
import sys


def read(path):
    opener = gzip.open if path.endswith('.gz') else open
    device, host = [], []
    with opener(path, 'rt') as f:
        for line in f:
            p = line.rstrip('\n').split(',')
            if len(p) < 8:
                continue
            row = (int(p[2]), int(p[3]), p[0], p[1], int(p[4]))
            (host if p[0] in 'AR' else device).append(row)
    return sorted(device), sorted(host)


def summary(device):
    window = device[len(device) * 4 // 10:len(device) * 9 // 10]
    wall = max(r[1] for r in window) - window[0][0]
    busy, gaps, gap_count = 0, collections.Counter(), collections.Counter()
    start, end, before = window[0][0], window[0][1], window[0][3]
    for r in window[1:]:
        if r[0] > end:
            busy += end - start
            key = before[:40] + ' -> ' + r[3][:40]
            gaps[key] += r[0] - end
            gap_count[key] += 1
            start, end = r[0], r[1]
        else:
            end = max(end, r[1])
        if r[1] >= end:
            before = r[3]
    busy += end - start
    total, count, streams = collections.Counter(), collections.Counter(), collections.Counter()
    for r in window:
        total[r[3]] += r[1] - r[0]
        count[r[3]] += 1
        streams[r[4]] += r[1] - r[0]
    print('records 40 to 90 %% of the run: wall %.2f ms, GPU busy %.2f ms (idle %.1f %%), %.2f running at once' %
          (wall / 1e6, busy / 1e6, 100.0 * (1 - busy / wall), sum(total.values()) / busy))
    print('per stream (ms): ' + ', '.join('%d: %.2f' % (s, v / 1e6) for s, v in streams.most_common()))
    print('%-60s %7s %9s %8s' % ('kernel / copy', 'count', 'total ms', 'mean us'))
    for name, v in total.most_common(25):
        print('%-60s %7d %9.2f %8.1f' % (name[:60], count[name], v / 1e6, v / count[name] / 1e3))
    print('largest idle gaps:')
    for key, v in gaps.most_common(10):
        print('  %-82s %6d x %6.1f us' % (key, gap_count[key], v / gap_count[key] / 1e3))


def step(device, host, name):
    marks = [i for i, r in enumerate(device) if r[3].startswith(name)]
    if len(marks) < 3:
        sys.exit('cupti-timeline.py: kernel %s launched fewer than three times' % name)
    k = len(marks) * 2 // 3
    t0, t1 = device[marks[k]][0], device[marks[k + 1]][0]
    rows = [r for r in device if t0 <= r[0] < t1] + [r for r in host if t0 <= r[0] < t1]
    print('one step: %.1f us' % ((t1 - t0) / 1e3))
    for r in sorted(rows):
        where = 'host' if r[2] in 'AR' else 'stream %d' % r[4]
        print('%8.1f %7.1f  %-10s %s' % ((r[0] - t0) / 1e3, (r[1] - r[0]) / 1e3, where, r[3][:70]))


def main():
    if len(sys.argv) not in (2, 4) or (len(sys.argv) == 4 and sys.argv[2] != '--step'):
        sys.exit(__doc__)
    device, host = read(sys.argv[1])
    if not device:
        sys.exit('cupti-timeline.py: no device records in ' + sys.argv[1])
    summary(device)
    if len(sys.argv) == 4:
        step(device, host, sys.argv[3])


if __name__ == '__main__':
    main()
