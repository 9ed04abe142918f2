// ReplicaGenerator: ls1-mardyn's generator name="ReplicaGenerator": a large box built by repeating small
// equilibrated boxes (ls1's binary phase space) side by side, homogeneous or as a liquid slab between vapour.
#pragma once

#include "config/ElementReaders.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace mardyn {

class ReplicaGenerator {
 public:
  /// type: homogeneous (vapour blocks only), heterogeneous_VLV (vapour | liquid | vapour along y),
  /// heterogeneous_LV (liquid | vapour along y).
  enum class Type { Homogeneous, VaporLiquidVapor, LiquidVapor };

  /// One of the replicated boxes: its box lengths, its molecules, and the component each of its
  /// (0-based) components becomes (componentIDs/<phase>/change from -> to).
  struct Phase {
    Vec3 length;
    std::vector<MoleculeRecord> molecules;
    std::vector<unsigned> componentMap;
  };

  struct Settings {
    Type type = Type::Homogeneous;
    unsigned blocksXZ = 0;      ///< numblocks/xz: blocks along x and along z each
    unsigned blocksVapor = 0;   ///< numblocks/vapor: vapour blocks along y (on each side for VLV)
    unsigned blocksLiquid = 0;  ///< numblocks/liquid: liquid blocks along y (heterogeneous types)
    double diameter = 0.0;      ///< diameter: width of the empty gap on the vapour side of each interface
  };

  /// The box the replicas make (ls1 replaces the XML's box by it): x and z are blocksXZ vapour boxes,
  /// y the sum of the phases' block lengths.
  static Vec3 box(const Settings& s, const Phase& vapor, const Phase* liquid);
  /// The molecules of every block before the gaps are cut out (ls1's expected total).
  static double blockMoleculeCount(const Settings& s, const Phase& vapor, const Phase* liquid);
  /// Places the blocks as ls1 does: block (i, j, k) is shifted by (i, j, k) times the vapour box (the
  /// liquid blocks too), blocks j in the liquid range take the liquid's molecules; molecules that land
  /// outside [0, box) or strictly inside a gap (open y intervals of width `diameter` on the vapour side of
  /// each interface, and at the top of the box) are left out; ids count from 0 in placement order
  /// (x blocks outermost, then z, then y). `gapped` (optional) receives the number cut out by the gaps.
  static std::vector<MoleculeRecord> generate(const Settings& s, const Phase& vapor, const Phase* liquid,
                                              std::size_t* gapped = nullptr);

  /// Reads <generator name="ReplicaGenerator"> (type, files/{vapor,liquid}/{header,data}, numblocks/{xz,
  /// vapor,liquid}, diameter, componentIDs/{vapor,liquid}/change/{from,to}) and the binary files it names
  /// (only when `readFiles`; `fits` is asked before the molecules are made). Returns false on a problem.
  struct Input {
    Settings settings;
    Phase vapor, liquid;
  };
  static bool read(XmlInput& xml, const XmlNode& generator, std::size_t numComponents, bool readFiles,
                   const std::function<bool(const XmlNode&, double)>& fits, Input& out);
  /// The generator's entry in GeneratorRegistry: reads <generator name="ReplicaGenerator"> and puts its molecules into
  /// the configuration (problems go to `xml`).
  static void readAndGenerate(XmlInput& xml, const XmlNode& generator, GeneratorInput& input);
};

}  // namespace mardyn
