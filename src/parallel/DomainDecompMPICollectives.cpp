// DomainDecompMPI's collectives: the sums and maxima of the step's reduction (one MPI_Allreduce with a
// sum-then-max operation for both), the vote, the broadcast of rank 0's text and the gather of every
// molecule on rank 0.
#include "parallel/DomainDecompMPI.h"

#include <algorithm>
#include <cstddef>

namespace mardyn {

namespace {

/// allreduceSumMax's operation on elements of a contiguous type of n doubles laid out as [k, k values to add,
/// n - 1 - k values of which to keep the larger]. Whole elements reach it (MPI never splits one), so every call
/// sees its layout; k is the same on every process.
void sumThenMax(void* in, void* inout, int* len, MPI_Datatype* type) {
  int bytes = 0;
  MPI_Type_size(*type, &bytes);
  const int n = bytes / static_cast<int>(sizeof(double));
  const double* a = static_cast<const double*>(in);
  double* b = static_cast<double*>(inout);
  for (int e = 0; e < *len; ++e, a += n, b += n) {
    const int k = static_cast<int>(a[0]);
    for (int i = 1; i <= k; ++i) b[i] += a[i];
    for (int i = k + 1; i < n; ++i) b[i] = std::max(b[i], a[i]);
  }
}

}  // namespace

void DomainDecompMPI::allreduceMax(std::vector<double>& values) const {
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_MAX, _comm);
}

void DomainDecompMPI::allreduceSum(std::vector<double>& values) const {
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_SUM, _comm);
}

void DomainDecompMPI::allreduceSum(std::vector<unsigned long>& values) const {
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_UNSIGNED_LONG, MPI_SUM, _comm);
}

void DomainDecompMPI::allreduceSumMax(std::vector<double>& sums, std::vector<double>& maxima) const {
  if (_sumMaxOp == MPI_OP_NULL) MPI_Op_create(&sumThenMax, 1, &_sumMaxOp);
  std::vector<double> buffer;
  buffer.reserve(1 + sums.size() + maxima.size());
  buffer.push_back(static_cast<double>(sums.size()));
  buffer.insert(buffer.end(), sums.begin(), sums.end());
  buffer.insert(buffer.end(), maxima.begin(), maxima.end());
  MPI_Datatype element;
  MPI_Type_contiguous(static_cast<int>(buffer.size()), MPI_DOUBLE, &element);
  MPI_Type_commit(&element);
  MPI_Allreduce(MPI_IN_PLACE, buffer.data(), 1, element, _sumMaxOp, _comm);
  MPI_Type_free(&element);
  std::copy(buffer.begin() + 1, buffer.begin() + 1 + static_cast<std::ptrdiff_t>(sums.size()), sums.begin());
  std::copy(buffer.end() - static_cast<std::ptrdiff_t>(maxima.size()), buffer.end(), maxima.begin());
}

bool DomainDecompMPI::anyTrue(bool local) const {
  int flag = local ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &flag, 1, MPI_INT, MPI_LOR, _comm);
  return flag != 0;
}

void DomainDecompMPI::broadcastFromRoot(std::string& text) const {
  unsigned long size = text.size();
  MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG, 0, _comm);
  text.resize(size);
  if (size > 0) MPI_Bcast(text.data(), static_cast<int>(size), MPI_CHAR, 0, _comm);
}

std::vector<Molecule> DomainDecompMPI::gatherMolecules(const ParticleContainer& container) const {
  std::vector<Message> mine;
  container.forEach([&](const Molecule& m) { mine.push_back(pack(m)); });
  const int bytes = static_cast<int>(mine.size() * sizeof(Message));
  std::vector<int> counts(_size), displs(_size);
  MPI_Gather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, _comm);
  std::vector<Message> all;
  if (_rank == 0) {
    int total = 0;
    for (int r = 0; r < _size; ++r) {
      displs[r] = total;
      total += counts[r];
    }
    all.resize(static_cast<std::size_t>(total) / sizeof(Message));
  }
  MPI_Gatherv(mine.data(), bytes, MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE, 0, _comm);
  std::vector<Molecule> out;
  out.reserve(all.size());
  for (const Message& msg : all) out.push_back(unpack(msg));
  std::sort(out.begin(), out.end(), [](const Molecule& a, const Molecule& b) { return a.id() < b.id(); });
  return out;
}

}  // namespace mardyn
