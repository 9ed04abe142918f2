// The slab of ls1's planar long-range correction that holds a site, as the host's PlanarLongRange::slabOf
// computes it: for the correction's forces and for its share of the observers' per-molecule virial.
// mardyn-kernel: fragment

/// The slab of a site at y: truncation of y / delta, one period either way, clamped to the slabs.
DEVICE int planarSlab(mixed y, mixed delta, int slabs) {
  int s = (int) (y / delta);
  if (s < 0) s += slabs;
  else if (s > slabs - 1) s -= slabs;
  return s < 0 ? 0 : (s > slabs - 1 ? slabs - 1 : s);
}
