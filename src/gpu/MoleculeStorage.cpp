// MoleculeStorage: flattening, upload and download of the per-molecule device data.
#include "gpu/MoleculeStorage.h"

#include "particleContainer/LinkedCells.h"

namespace mardyn::gpu {

using compute::ComputeContext;

MoleculeStorage::MoleculeStorage(ComputeContext& context)
    : _context(context),
      _positions(context, PrecisionArray::Kind::Mixed, 4, 0, "moleculePositions"),
      _quaternions(context, PrecisionArray::Kind::Real, 4, 0, "moleculeQuaternions"),
      _rotations(context, PrecisionArray::Kind::Real, 1, 0, "moleculeRotations"),
      _forces(context, PrecisionArray::Kind::Mixed, 4, 0, "moleculeForces"),
      _torques(context, PrecisionArray::Kind::Mixed, 4, 0, "moleculeTorques"),
      _types(context, 1, "moleculeComponentTypes"),
      _cellStart(context, 1, "cellStartIndices"),
      _cellIsHalo(context, 1, "cellIsHalo") {}

void MoleculeStorage::createKernels(compute::ComputeProgram& program) {
  _toRotations = program.createKernel("quaternionsToRotations");
  _clear = program.createKernel("clearAccumulators");
}

void MoleculeStorage::preInteraction(LinkedCells& cells) {
  const auto& cellList = cells.cells();
  _numCells = cellList.size();
  _hostCellStart.resize(_numCells + 1);
  _hostHalo.resize(_numCells);
  std::size_t n = 0;
  for (std::size_t c = 0; c < _numCells; ++c) {
    _hostCellStart[c] = static_cast<int>(n);
    _hostHalo[c] = cellList[c].isHalo() ? 1 : 0;
    n += cellList[c].size();
  }
  _hostCellStart[_numCells] = static_cast<int>(n);
  _numMolecules = n;
  _hostPositions.resize(4 * n);
  _hostQuaternions.resize(4 * n);
  _hostTypes.resize(std::max<std::size_t>(n, 1));
  _ids.resize(n);
  std::size_t i = 0;
  for (std::size_t c = 0; c < _numCells; ++c)
    for (const Molecule& m : cellList[c].molecules()) {
      const Vec3& r = m.r();
      const Quaternion& q = m.q();
      double* p = &_hostPositions[4 * i];
      p[0] = r.x; p[1] = r.y; p[2] = r.z; p[3] = static_cast<double>(c);
      double* qq = &_hostQuaternions[4 * i];
      qq[0] = q.w(); qq[1] = q.x(); qq[2] = q.y(); qq[3] = q.z();
      _hostTypes[i] = static_cast<int>(m.componentId());
      _ids[i] = m.id();
      ++i;
    }
  _positions.resize(n);
  _quaternions.resize(n);
  _rotations.resize(9 * n);
  _forces.resize(n);
  _torques.resize(n);
  if (_types.size() < _hostTypes.size()) _types.resize(_hostTypes.size() + _hostTypes.size() / 8);
  if (_cellStart.size() != _numCells + 1) _cellStart.resize(_numCells + 1);
  if (_cellIsHalo.size() != std::max<std::size_t>(_numCells, 1)) _cellIsHalo.resize(std::max<std::size_t>(_numCells, 1));
  _positions.upload(_hostPositions);
  if (!_orientationFree) _quaternions.upload(_hostQuaternions);
  _types.uploadBytes(_hostTypes.data(), 0, _hostTypes.size() * sizeof(int));
  _cellStart.uploadBytes(_hostCellStart.data(), 0, _hostCellStart.size() * sizeof(int));
  if (_numCells > 0) _cellIsHalo.uploadBytes(_hostHalo.data(), 0, _hostHalo.size() * sizeof(int));

  const int num = static_cast<int>(n);
  if (_orientationFree)
    _rotations.zero();
  else if (n > 0)
    _toRotations->call().arg(_quaternions.array()).arg(_rotations.array()).arg(num).execute(n);
  const int numCells = static_cast<int>(_numCells);
  _clear->call()
      .arg(_forces.array())
      .arg(_torques.array())
      .arg(num)
      .arg(_cellStats->array())
      .arg(numCells)
      .execute(std::max<std::size_t>({n, _numCells, 1}));
}

void MoleculeStorage::downloadResults() {
  _forces.download(_f);
  if (_orientationFree)
    _t.assign(4 * _numMolecules, 0.0);
  else
    _torques.download(_t);
}

void MoleculeStorage::applyResults(LinkedCells& cells) const {
  std::size_t i = 0;
  for (auto& cell : cells.cells())
    for (Molecule& m : cell.molecules()) {
      m.setF({_f[4 * i], _f[4 * i + 1], _f[4 * i + 2]});
      m.setM({_t[4 * i], _t[4 * i + 1], _t[4 * i + 2]});
      ++i;
    }
}

std::vector<double> MoleculeStorage::downloadRotations() const {
  std::vector<double> r;
  _rotations.download(r);
  return r;
}

}  // namespace mardyn::gpu
