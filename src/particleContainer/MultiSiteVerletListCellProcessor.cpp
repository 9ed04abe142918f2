// MultiSiteVerletListCellProcessor: site data laid out per slot, each row's partners filtered by the
// centre-of-mass cutoff and passed to the multi-site loops; forces and torques returned per cell.
#include "particleContainer/MultiSiteVerletListCellProcessor.h"

#include <algorithm>

namespace mardyn {

MultiSiteVerletListCellProcessor::MultiSiteVerletListCellProcessor(const InteractionParameters& params, double skin,
                                                                   SimdLevel simd)
    : VerletListCellProcessor(params, skin, simd),
      _interaction(params),
      _sites(params, simd),
      _pair(params),
      _cutoff2(params.cutoff() * params.cutoff()) {
  setOnceMinShare(0.0);
  setMoleculeRows(true);
}

void MultiSiteVerletListCellProcessor::setMoleculeRows(bool on) {
  if (!on)
    _rows.reset();
  else if (!_rows && MoleculeRows::applies(_interaction, simd()))
    _rows = std::make_unique<MoleculeRows>(_interaction);
}

bool MultiSiteVerletListCellProcessor::applies(const std::vector<Component>& /*components*/,
                                               const InteractionParameters& params) {
  return !(params.switchingWidth() > 0.0);
}

void MultiSiteVerletListCellProcessor::computeForces() {
  _sites.initTraversal();
  if (_rows) {
    _rows->startTraversal(_numSlots);
    for (std::size_t s = 0; s < _numSlots; ++s)
      if (present(s)) _rows->setMolecule(s, *_molecule[s]);
  } else {
    // The site layout (which slot's sites lie where) holds while the list does: a slot stands for one
    // molecule (one component) until the next build. Then only positions are rewritten and the forces
    // zeroed, in place; absent slots keep stale sites, which no row reads (their centres lie far away).
    bool inPlace = _layoutBuild == rebuilds() && _soa.numMolecules == _numSlots && _laidOut.size() == _numSlots;
    for (std::size_t s = 0; inPlace && s < _numSlots; ++s) inPlace = !present(s) || _laidOut[s];
    if (inPlace) {
      for (std::size_t s = 0; s < _numSlots; ++s)
        if (present(s)) _sites.updateMolecule(_soa, _multipoles, s, *_molecule[s]);
    } else {
      _soa.comX.clear();
      _soa.comY.clear();
      _soa.comZ.clear();
      _soa.lj.clear();
      _multipoles.clear();
      _soa.numMolecules = _numSlots;
      _laidOut.assign(_numSlots, 0);
      for (std::size_t s = 0; s < _numSlots; ++s) {
        _laidOut[s] = present(s);
        _sites.appendMolecule(_soa, _multipoles, present(s) ? _molecule[s] : nullptr);
      }
      _soa.lj.first.push_back(_soa.lj.size());
      _multipoles.finish();
      _layoutBuild = rebuilds();
    }
  }
  const bool dipoles = _rows ? _rows->hasDipoles() : _multipoles.dipoles.size() > 0;  // reaction-field self energy
  // Rows over the weighted pairs and/or the pairs counted once. Where both kinds are listed they run
  // apart: the image copies' forces from weighted pairs are discarded (counted by their owners), those
  // from pairs counted once go to the owned copies, so the former are taken off before the fold.
  const bool both = _once && pairsWeighted() > 0;
  // Absent slots and the padding slot lie far away, so the cutoff test alone drops them; the filter is
  // branch-free (each partner is written to both buffers and counted where it belongs).
  auto rows = [this](bool weighted, bool once) {
    const double* const pos = _pos.data();
    const double cutoff2 = _cutoff2;
    for (std::size_t i = 0; i < _numSlots; ++i) {
      if (!present(i)) continue;
      const double* pi = &pos[4 * i];
      const double xi = pi[0], yi = pi[1], zi = pi[2];
      const bool ownedI = pi[3] != 0.0;
      const std::size_t rowLength = (weighted ? _rowStart[i + 1] - _rowStart[i] : 0) +
                                    (once ? _rowStartOnce[i + 1] - _rowStartOnce[i] : 0);
      if (_full.size() < 2 * rowLength) {
        _full.resize(2 * rowLength);
        _half.resize(rowLength);
      }
      std::size_t* const full = _full.data();
      std::size_t* const half = _half.data();
      std::size_t nFull = 0, nHalf = 0;
      if (weighted) {
        const std::uint32_t* const partners = _partners.data();
        for (std::size_t k = _rowStart[i], end = _rowStart[i + 1]; k < end; ++k) {
          const std::size_t j = partners[k];
          const double* pj = &pos[4 * j];
          const double dx = xi - pj[0], dy = yi - pj[1], dz = zi - pj[2];
          const bool within = dx * dx + dy * dy + dz * dz < cutoff2;
          const bool ownedJ = pj[3] != 0.0;
          full[nFull] = j;
          half[nHalf] = j;
          nFull += within && ownedI && ownedJ;
          nHalf += within && (ownedI != ownedJ);  // between two halo copies: counted by their owners
        }
      }
      if (once) {  // weight 1 whoever owns the copies now
        const std::uint32_t* const partners = _partnersOnce.data();
        for (std::size_t k = _rowStartOnce[i], end = _rowStartOnce[i + 1]; k < end; ++k) {
          const std::size_t j = partners[k];
          const double* pj = &pos[4 * j];
          const double dx = xi - pj[0], dy = yi - pj[1], dz = zi - pj[2];
          full[nFull] = j;
          nFull += dx * dx + dy * dy + dz * dz < cutoff2;
        }
      }
      if (nFull + nHalf == 0) continue;
      std::copy(half, half + nHalf, full + nFull);  // packed once: weight 1, then weight 1/2
      if (_rows)
        _rows->row(i, full, nFull + nHalf, nFull);
      else
        _sites.moleculeAgainstListed(_soa, _multipoles, i, _soa, _multipoles, full, nFull + nHalf, nFull, 1.0, 0.5);
    }
  };
  _imageForce.assign(_once ? _numSlots : 0, Vec3{});
  _imageTorque.assign(_once ? _numSlots : 0, Vec3{});
  if (both) {
    rows(true, false);
    for (std::size_t s = 0; s < _numSlots; ++s) {
      if (!_local[s] || !present(s) || _pos[4 * s + 3] == 1.0) continue;
      Vec3 f, torque;
      slotForce(s, f, torque);
      _imageForce[s] = -f;  // taken off below (its owner gets only the counted-once part)
      _imageTorque[s] = -torque;
    }
    rows(false, true);
  } else {
    rows(true, _once);
  }
  double selfEnergy = 0.0;
  if (dipoles)
    for (std::size_t i = 0; i < _numSlots; ++i)
      if (present(i) && _pos[4 * i + 3] != 0.0) selfEnergy += _pair.reactionFieldSelfEnergy(*_molecule[i]);
  _upot = (_rows ? _rows->upot() : _sites.upot()) + selfEnergy;
  _virial = _rows ? _rows->virial() : _sites.virial();
  // Forces and torques on image copies of local molecules belong to their owned copies (an image is a
  // translation: the same lever arms).
  if (!_once) return;
  for (std::size_t s = 0; s < _numSlots; ++s) {
    if (!_local[s] || !present(s) || _pos[4 * s + 3] == 1.0) continue;
    const std::int64_t o = imageOwner(s);
    if (o < 0) {
      _ownersLost = true;
      return;
    }
    Vec3 f, torque;
    slotForce(s, f, torque);
    _imageForce[static_cast<std::size_t>(o)] += f + _imageForce[s];
    _imageTorque[static_cast<std::size_t>(o)] += torque + _imageTorque[s];
  }
}

void MultiSiteVerletListCellProcessor::slotForce(std::size_t s, Vec3& force, Vec3& torque) const {
  if (_rows)
    _rows->forceAndTorque(s, force, torque);
  else
    VectorizedCellProcessor::moleculeForce(_soa, _multipoles, s, force, torque);
}

void MultiSiteVerletListCellProcessor::postprocessCell(ParticleCell& cell) {
  compute();
  if (cell.isHalo() && !newton()) return;  // forces on halo copies are discarded (with Newton they go back)
  auto& mols = cell.molecules();
  for (std::size_t i = 0; i < mols.size(); ++i) {
    Vec3 f, torque;
    const auto s = static_cast<std::size_t>(slotOf(cell, i));
    slotForce(s, f, torque);
    if (_once) {
      f += _imageForce[s];
      torque += _imageTorque[s];
    }
    mols[i].setF(f);
    mols[i].setM(torque);
  }
}

}  // namespace mardyn
