// BinaryPhaseSpace: ls1-mardyn's binary phase space, a pair of files: `<name>.header.xml` (time, box,
// molecule count and format) and `<name>.dat` (the molecules, packed little-endian records).
#pragma once

#include "config/SimulationConfig.h"
#include "molecules/Molecule.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace mardyn {

/// The header file's content: /mardyn/headerinfo/{time, length/{x,y,z}, number, format@type}.
struct BinaryPhaseSpaceHeader {
  double time = 0.0;
  Vec3 length;
  std::uint64_t number = 0;
  std::string format = "ICRVQD";  ///< ICRVQD, ICRV or IRV
};

/// Record layout (no padding, as ls1 writes it field by field): id u64, then for ICRVQD and ICRV the
/// component id u32 (1-based), then r, v as 6 doubles; ICRVQD adds q (w, x, y, z) and the angular
/// momentum D as 7 doubles. IRV molecules are of component 1.
class BinaryPhaseSpace {
 public:
  /// Bytes per molecule of a format (0 for an unknown format).
  static std::size_t recordSize(const std::string& format);
  /// Reads a header file; problems (unreadable, missing entries, unknown format) are appended, naming
  /// `element` (the XML element that named the file).
  static BinaryPhaseSpaceHeader readHeader(const std::string& file, const std::string& element,
                                           std::vector<InputProblem>& problems);
  /// Reads `header.number` molecules from the data file. Checks the file size against the count, the
  /// component ids and that every number is finite; molecules outside `box` are problems unless
  /// `box` is zero (a replica that is only cut from, then nothing is checked against a box).
  static std::vector<MoleculeRecord> readData(const std::string& file, const std::string& element,
                                              const BinaryPhaseSpaceHeader& header, std::size_t numComponents,
                                              const Vec3& box, std::vector<InputProblem>& problems);

  /// Writes the header as ls1 does (%.15e numbers, format ICRVQD).
  static void writeHeader(std::ostream& out, double time, const Vec3& box, std::uint64_t number);
  /// Writes one ICRVQD record.
  static void writeRecord(std::ostream& out, unsigned long id, unsigned component, const Vec3& r, const Vec3& v,
                          const Quaternion& q, const Vec3& L);
  /// Writes `<base>.header.xml` and `<base>.dat` (each atomically) for the molecules given.
  static void write(const std::string& base, double time, const Vec3& box, const std::vector<Molecule>& molecules);
};

}  // namespace mardyn
