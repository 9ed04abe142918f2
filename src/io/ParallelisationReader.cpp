// ParallelisationReader: the parallelisation element, ls1's names and defaults; each number checked
// for its range where it is read.
#include "io/ParallelisationReader.h"

#include <algorithm>
#include <limits>

namespace mardyn {

namespace {

/// A count >= lowest, or the fallback with a problem.
long count(XmlInput& xml, const XmlNode& par, const char* name, long fallback, long lowest) {
  const long v = xml.integer(par, name, fallback);
  if (v < lowest || v > std::numeric_limits<int>::max()) {
    xml.problem(xml.child(par, name), std::string(name) + " out of range (expected an integer >= " + std::to_string(lowest) + ")");
    return fallback;
  }
  return v;
}

}  // namespace

void ParallelisationReader::read(XmlInput& xml, const XmlNode& par, ParallelisationConfig& config) {
  config.type = xml.attribute(par, "type").value_or("DomainDecomposition");
  if (config.type == "KDDecomposition") {
    readKD(xml, par, config.kd);
  } else if (config.type == "GeneralDomainDecomposition") {
    readGeneral(xml, par, config.kd);
    config.type = "KDDecomposition";
  } else if (config.type != "DomainDecomposition") {
    // The other ls1 decompositions split the same box differently; the physics does not depend on the
    // split, so they run on the Cartesian grid.
    static const char* cartesian[] = {"StaticIrregDomainDecomposition", "DummyDecomposition"};
    if (std::find(std::begin(cartesian), std::end(cartesian), config.type) != std::end(cartesian))
      xml.warning(par, "parallelisation type=\"" + config.type +
                           "\" runs as DomainDecomposition (a Cartesian process grid); its options are ignored");
    else
      xml.problem(par, "unknown parallelisation type \"" + config.type +
                           "\" (expected DomainDecomposition, KDDecomposition or GeneralDomainDecomposition)");
    config.type = "DomainDecomposition";
  }
  if (const XmlNode dims = xml.child(par, "MPIGridDims")) {
    const char* names[3] = {"x", "y", "z"};
    for (int d = 0; d < 3; ++d) {
      const long v = xml.integer(dims, names[d], 0L);
      if (v < 0 || v > 1000000) xml.problem(xml.child(dims, names[d]), "MPIGridDims out of range (expected 0..1000000)");
      config.mpiGridDims[d] = static_cast<int>(std::clamp(v, 0L, 1000000L));
    }
    if (config.type == "KDDecomposition") xml.warning(dims, "MPIGridDims is not used by a KDDecomposition");
  }
}

// ls1's KDDecomposition options (KDDecomposition::readXML). Costs are modelled from the molecules per cell
// (ls1's quadratic model); with doMeasureLoadCalc or heterogeneousSystems each process's share follows its
// speed measured from its force time; the vectorization tuner's and the communication scheme's options have no
// counterpart and are accepted without effect.
void ParallelisationReader::readKD(XmlInput& xml, const XmlNode& par, KDDecompositionConfig& kd) {
  kd.updateFrequency = static_cast<unsigned long>(count(xml, par, "updateFrequency", 100, 0));
  kd.fullSearchThreshold = static_cast<int>(count(xml, par, "fullSearchThreshold", kd.fullSearchThreshold, 1));
  kd.splitBiggestDimension = xml.boolean(par, "splitBiggestDimension", kd.splitBiggestDimension);
  kd.splitThreshold = static_cast<int>(count(xml, par, "splitThreshold", kd.splitThreshold, 1));
  kd.minNumCellsPerDimension = static_cast<int>(count(xml, par, "minNumCellsPerDimension", kd.minNumCellsPerDimension, 1));
  kd.rebalanceLimit = xml.number(par, "rebalanceLimit", kd.rebalanceLimit);
  if (kd.rebalanceLimit < 0.0) {
    xml.problem(xml.child(par, "rebalanceLimit"), "rebalanceLimit out of range (expected a number >= 0)");
    kd.rebalanceLimit = 0.0;
  }
  kd.measuredLoad = xml.boolean(par, "doMeasureLoadCalc", false) || xml.boolean(par, "heterogeneousSystems", false);
  if (const auto op = xml.text(par, "deviationReductionOperation"); op && *op != "max" && *op != "sum")
    xml.problem(xml.child(par, "deviationReductionOperation"), "deviationReductionOperation '" + *op +
                                                                   "' (expected max or sum)");
  if (xml.boolean(par, "useVectorizationTuner", false))
    xml.warning(xml.child(par, "useVectorizationTuner"),
                "useVectorizationTuner: cell costs come from the molecule counts (ls1's quadratic model), not from a tuner");
}

// ls1's GeneralDomainDecomposition (ALL load balancer on a grid): the same balancing goal, run as a
// KDDecomposition with its update frequencies.
void ParallelisationReader::readGeneral(XmlInput& xml, const XmlNode& par, KDDecompositionConfig& kd) {
  kd.updateFrequency = static_cast<unsigned long>(count(xml, par, "updateFrequency", 100, 0));
  kd.initialPhaseSteps = static_cast<unsigned long>(count(xml, par, "initialPhaseTime", 0, 0));
  kd.initialPhaseFrequency = static_cast<unsigned long>(count(xml, par, "initialPhaseFrequency", 0, 0));
  kd.measuredLoad = true;  // ALL balances measured work
  kd.minNumCellsPerDimension = 1;
  std::string ignored;
  if (xml.child(par, "gridSize")) ignored += " gridSize";
  if (xml.child(par, "loadBalancer")) ignored += " loadBalancer";
  xml.warning(par, "parallelisation type=\"GeneralDomainDecomposition\" runs as a KDDecomposition (a k-d tree of "
                   "cuboids balanced by measured cost) with its updateFrequency, initialPhaseTime and "
                   "initialPhaseFrequency" + (ignored.empty() ? std::string() : ";" + ignored + " not used"));
}

}  // namespace mardyn
