// DomainDecompMPI: spatial domain decomposition over a periodic Cartesian grid of MPI processes:
// migration of molecules that left a region, halo exchange with periodic images, global reductions.
#pragma once

#include "parallel/DomainDecompBase.h"

#include <mpi.h>

#include <array>

namespace mardyn {

class DomainDecompMPI : public DomainDecompBase {
 public:
  /// gridDims: processes per dimension; zeros are chosen by MPI_Dims_create. Throws MardynException
  /// when the given dimensions do not multiply to the number of processes of `comm`.
  explicit DomainDecompMPI(std::array<int, 3> gridDims = {0, 0, 0}, MPI_Comm comm = MPI_COMM_WORLD);
  ~DomainDecompMPI() override;
  DomainDecompMPI(const DomainDecompMPI&) = delete;
  DomainDecompMPI& operator=(const DomainDecompMPI&) = delete;

  std::string name() const override;
  void setComponents(const std::vector<Component>& components) override { _components = &components; }
  int rank() const override { return _rank; }
  int numProcs() const override { return _size; }
  const std::array<int, 3>& gridDims() const { return _dims; }
  const std::array<int, 3>& gridCoords() const { return _coords; }
  /// Exchanges so far that sent leavers and halo copies in one round per axis (the others: migration,
  /// then halo exchange, where a region is narrower than two halo widths or a halo plan is recorded).
  unsigned long combinedExchanges() const { return _combinedExchanges; }

  Vec3 boundingBoxMin(const Domain& domain) const override;
  Vec3 boundingBoxMax(const Domain& domain) const override;

  void exchangeMolecules(ParticleContainer& container, const Domain& domain) override;
  void refreshHalo(ParticleContainer& container) override;
  void returnHaloForces(ParticleContainer& container) override;
  int processesAlong(int axis) const override { return _dims[axis]; }
  std::vector<Molecule> routeLeavers(std::vector<Molecule> leavers, const Domain& domain) override;
  std::vector<char> shiftBytes(const std::vector<char>& out, int axis, int direction) const override;
  void exchangeBytesAlong(int axis, const void* toLower, std::size_t toLowerBytes, const void* toUpper,
                          std::size_t toUpperBytes, void* fromUpper, std::size_t fromUpperBytes, void* fromLower,
                          std::size_t fromLowerBytes) const override;
  bool cartesianNeighbours() const override { return true; }
  /// Open MPI's MPIX_Query_cuda_support where the library offers it.
  bool deviceAwareMessages() const override;

  void allreduceSum(std::vector<double>& values) const override;
  void allreduceSum(std::vector<unsigned long>& values) const override;
  void allreduceSumMax(std::vector<double>& sums, std::vector<double>& maxima) const override;
  bool anyTrue(bool local) const override;
  void broadcastFromRoot(std::string& text) const override;
  void allreduceMax(std::vector<double>& values) const override;
  void setDeferredLossCheck(bool on) override { _deferLossCheck = on; }
  bool takeLostMolecules() override {
    const bool lost = _lost;
    _lost = false;
    return lost;
  }
  std::vector<Molecule> gatherMolecules(const ParticleContainer& container) const override;

  /// The plain-data form in which molecules travel between processes.
  struct Message {
    double r[3], v[3], q[4], L[3];
    unsigned long id;
    unsigned long component;
  };

 protected:
  Message pack(const Molecule& m) const;
  Molecule unpack(const Message& msg) const;
  /// Where a lost molecule is noted (deferred check) or reported at once (every process throws).
  void reportLost(bool lost, const char* what);

  MPI_Comm _comm = MPI_COMM_NULL;
  int _rank = 0, _size = 1;
  const std::vector<Component>* _components = nullptr;
  bool _deferLossCheck = false, _lost = false;
  mutable MPI_Op _sumMaxOp = MPI_OP_NULL;  // allreduceSumMax's operation, made at its first use

 private:
  /// Both directions of one axis at once: sends toLower down and toUpper up (non-blocking), receives
  /// what the upper and the lower neighbour sent (sizes from the messages themselves): one round.
  /// T: Message, or HaloPlan::State for a halo refresh.
  template <class T>
  void exchangeAlong(int axis, int tag, const std::vector<T>& toLower, const std::vector<T>& toUpper,
                     std::vector<T>& fromUpper, std::vector<T>& fromLower) const;
  /// A round of a HaloPlan along an axis (side 0 the lower, side 1 the upper neighbour).
  template <class T>
  void exchangeRound(int axis, int tag, const std::vector<std::vector<T>>& to, std::vector<std::vector<T>>& from) const;
  void exchangeAll(ParticleContainer& container, const Domain& domain);
  void migrate(ParticleContainer& container, const Domain& domain);
  /// Leavers along each axis to the neighbours; returns those that arrived in this region (lost: one
  /// that did not reach its region).
  std::vector<Molecule> route(std::vector<Molecule> leavers, const Domain& domain, bool& lost);
  void exchangeHalo(ParticleContainer& container, const Domain& domain);
  /// Migration and halo exchange in one round per axis with several processes (where every region is
  /// at least two halo widths wide along those axes); then the periodic images along the other axes.
  void exchangeCombined(ParticleContainer& container, const Domain& domain);

  std::array<int, 3> _dims{1, 1, 1}, _coords{0, 0, 0}, _lower{0, 0, 0}, _upper{0, 0, 0};
  unsigned long _combinedExchanges = 0;
};

}  // namespace mardyn
