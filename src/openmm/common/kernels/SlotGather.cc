// Per-atom data of the common-compute platforms gathered into slot order, in the common kernel dialect: the
// nonbonded utility's parameters, kept in the System's order by the forces, are read by the tile kernels in
// the order of the slots (atomIndex[slot] is the atom in a slot), so that they need no indirection there.
// mardyn-kernel: defines PADDED_ATOMS=64 NUM_ATOMS=60

/// slotValues[s] = atomValues[atomIndex[s]] for elements of `words` 32-bit words (zero in padding slots).
KERNEL void gatherSlotWords(int words, GLOBAL const int* RESTRICT atomValues, GLOBAL const int* RESTRICT atomIndex,
                            GLOBAL int* RESTRICT slotValues) {
  for (int i = GLOBAL_ID; i < PADDED_ATOMS * words; i += GLOBAL_SIZE) {
    const int s = i / words, w = i - s * words;
    slotValues[i] = s < NUM_ATOMS ? atomValues[atomIndex[s] * words + w] : 0;
  }
}
