// ParallelisationReader: algorithm/parallelisation of an ls1-mardyn configuration: the Cartesian grid
// (DomainDecomposition, MPIGridDims), ls1's KDDecomposition with its options, GeneralDomainDecomposition
// read as a KDDecomposition, and the other ls1 types run on the Cartesian grid with a warning.
#pragma once

#include "config/SimulationConfig.h"
#include "config/XmlInput.h"

namespace mardyn {

class ParallelisationReader {
 public:
  /// Reads `par` (the parallelisation element) into `config`; problems and warnings go to `xml`.
  static void read(XmlInput& xml, const XmlNode& par, ParallelisationConfig& config);

 private:
  static void readKD(XmlInput& xml, const XmlNode& par, KDDecompositionConfig& kd);
  static void readGeneral(XmlInput& xml, const XmlNode& par, KDDecompositionConfig& kd);
};

}  // namespace mardyn
