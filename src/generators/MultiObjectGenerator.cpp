// MultiObjectGenerator: ls1's object generators, fillers and velocity assigners, with ls1's order of
// lattice points, its random-number streams (std::mt19937 seeded with 0) and its molecule numbering.
//   <generator name="MultiObjectGenerator">
//     <objectgenerator>
//       <filler type="GridFiller"> <lattice system="cubic" centering="face"> <vec id="a|b|c"><x/><y/><z/></vec>
//         </lattice> <basis> <site> <componentid>0-based</componentid> <coordinate><x/><y/><z/></coordinate>
//         </site>... </basis> <latticeOccupancy>1</latticeOccupancy> <density>rho</density>
//         <latticeOrigin><x/><y/><z/></latticeOrigin> </filler>
//       | <filler type="ReplicaFiller"> <input type="BinaryReader"> <header/> <data/> </input>
//         <origin/> <componentid>1-based, optional</componentid> </filler>
//       <object type="Cuboid|Sphere|Cylinder|ObjectUnifier|ObjectSubtractor|ObjectIntersecter"> ... </object>
//       <velocityAssigner type="EqualVelocityDistribution|MaxwellVelocityDistribution" enableRandomSeed="false"/>
//     </objectgenerator> ...
//   </generator>
#include "generators/MultiObjectGenerator.h"

#include "generators/GeneratorObject.h"
#include "io/BinaryPhaseSpace.h"

#include <tinyxml2.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <random>

namespace mardyn {

namespace {

/// A lattice: cell vectors a, b, c and the centres of one cell in cell coordinates.
struct Lattice {
  Vec3 a{1, 0, 0}, b{0, 1, 0}, c{0, 0, 1};
  std::vector<Vec3> centres{Vec3(0, 0, 0)};
  bool hexagonal = false;
};

/// ls1's centerings and their centres.
bool centering(const std::string& name, std::vector<Vec3>& centres) {
  if (name == "primitive" || name.empty()) centres = {{0, 0, 0}};
  else if (name == "body") centres = {{0, 0, 0}, {0.5, 0.5, 0.5}};
  else if (name == "face") centres = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  else if (name == "base A") centres = {{0, 0, 0}, {0, 0.5, 0.5}};
  else if (name == "base B") centres = {{0, 0, 0}, {0.5, 0, 0.5}};
  else if (name == "base C") centres = {{0, 0, 0}, {0.5, 0.5, 0}};
  else return false;
  return true;
}

/// x with a x0 + b x1 + c x2 = r (Cramer's rule).
Vec3 cellCoordinates(const Lattice& l, const Vec3& r) {
  auto det = [](const Vec3& u, const Vec3& v, const Vec3& w) {
    return u.x * (v.y * w.z - v.z * w.y) - v.x * (u.y * w.z - u.z * w.y) + w.x * (u.y * v.z - u.z * v.y);
  };
  const double d = det(l.a, l.b, l.c);
  return {det(r, l.b, l.c) / d, det(l.a, r, l.c) / d, det(l.a, l.b, r) / d};
}

/// Fills an object with lattice points + basis, in ls1's order (x fastest, then y, then z; the centres
/// of a cell, then each basis molecule), skipping each candidate with probability 1 - occupancy.
class GridFill {
 public:
  GridFill(Lattice lattice, std::vector<MoleculeRecord> basis, Vec3 origin, double occupancy)
      : _l(std::move(lattice)), _basis(std::move(basis)), _origin(origin), _occupancy(occupancy) {}

  /// The cell index range [lo, hi) that covers the object's bounding box (ls1's GridFiller::init).
  void range(const GeneratorObject& object, std::array<long, 3>& lo, std::array<long, 3>& hi) const {
    const Vec3 bmin = object.bboxMin() - _origin, bmax = object.bboxMax() - _origin;
    const Vec3 x0 = cellCoordinates(_l, bmin), x1 = cellCoordinates(_l, bmax);
    for (int d = 0; d < 3; ++d) {
      lo[d] = static_cast<long>(std::floor(x0[d]));
      hi[d] = static_cast<long>(std::ceil(x1[d]));
    }
    for (int j = 0; j < 3; ++j) {
      Vec3 r = bmin;
      r[j] = bmax[j];
      const Vec3 x = cellCoordinates(_l, r);
      for (int d = 0; d < 3; ++d) {
        lo[d] = std::min(lo[d], static_cast<long>(std::floor(x[d])));
        hi[d] = std::max(hi[d], static_cast<long>(std::ceil(x[d])));
      }
    }
  }
  double candidates(const GeneratorObject& object) const {
    std::array<long, 3> lo, hi;
    range(object, lo, hi);
    double n = static_cast<double>(_l.centres.size() * _basis.size());
    for (int d = 0; d < 3; ++d) n *= static_cast<double>(std::max(0L, hi[d] - lo[d]));
    return n;
  }
  template <typename Emit>
  void fill(const GeneratorObject& object, Emit emit) const {
    std::array<long, 3> lo, hi;
    range(object, lo, hi);
    std::mt19937 gen(0);
    std::uniform_real_distribution<> dis(0.0, 1.0);
    for (long k = lo[2]; k < hi[2]; ++k)
      for (long j = lo[1]; j < hi[1]; ++j)
        for (long i = lo[0]; i < hi[0]; ++i) {
          if (_l.hexagonal && (i - j + 2) % 3 == 0) continue;  // centres of the hexagons
          for (const Vec3& c : _l.centres) {
            const double ia = i + c.x, ib = j + c.y, ic = k + c.z;
            const Vec3 p{ia * _l.a.x + ib * _l.b.x + ic * _l.c.x, ia * _l.a.y + ib * _l.b.y + ic * _l.c.y,
                         ia * _l.a.z + ib * _l.b.z + ic * _l.c.z};
            for (const MoleculeRecord& m : _basis) {
              const Vec3 r = _origin + p + m.r;
              if (dis(gen) > _occupancy) continue;
              if (!object.isInside(r)) continue;
              MoleculeRecord out = m;
              out.r = r;
              emit(out);
            }
          }
        }
  }

 private:
  Lattice _l;
  std::vector<MoleculeRecord> _basis;
  Vec3 _origin;
  double _occupancy;
};

std::string trimmed(const XmlNode& n) {
  std::string t = n && n.element->GetText() ? n.element->GetText() : "";
  t.erase(0, t.find_first_not_of(" \t\r\n"));
  t.erase(t.find_last_not_of(" \t\r\n") + 1);
  return t;
}

std::string pathIn(XmlInput& xml, const XmlNode& parent, const char* name, const char* expected) {
  const XmlNode n = xml.requiredChild(parent, name, expected);
  const std::string t = trimmed(n);
  if (n && t.empty()) xml.problem(n, std::string("empty file name (expected ") + expected + ")");
  if (t.empty()) return t;
  std::filesystem::path p(t);
  if (p.is_relative()) p = std::filesystem::path(n.file).parent_path() / p;
  return p.string();
}

/// One objectgenerator's filler, read from XML.
struct Filler {
  std::unique_ptr<GridFill> grid;
  bool replica = false;
  int replicaComponent = -1;  ///< ReplicaFiller's componentid (0-based), -1 keeps the file's
};

Filler readGridFiller(XmlInput& xml, const XmlNode& f, const SimulationConfig& config) {
  Filler out;
  Lattice lattice;
  if (const XmlNode l = xml.child(f, "lattice")) {
    const std::string system = xml.attribute(l, "system").value_or("cubic");
    static const char* systems[] = {"triclinic", "monoclinic", "orthorombic", "tetragonal", "rhomboedral", "hexagonal", "cubic"};
    if (std::find(std::begin(systems), std::end(systems), system) == std::end(systems))
      xml.problem(l, "unknown lattice system '" + system + "' (expected triclinic, monoclinic, orthorombic, tetragonal, "
                     "rhomboedral, hexagonal or cubic)");
    lattice.hexagonal = system == "hexagonal";
    const std::string cent = xml.attribute(l, "centering").value_or("primitive");
    if (!centering(cent, lattice.centres))
      xml.problem(l, "unknown lattice centering '" + cent + "' (expected primitive, body, face, base A, base B or base C)");
    for (const auto& v : xml.children(l, "vec")) {
      const std::string id = xml.attribute(v, "id").value_or("");
      const Vec3 vec{xml.number(v, "x", 0.0), xml.number(v, "y", 0.0), xml.number(v, "z", 0.0)};
      if (id == "a") lattice.a = vec;
      else if (id == "b") lattice.b = vec;
      else if (id == "c") lattice.c = vec;
      else xml.problem(v, "unknown lattice vector id '" + id + "' (expected a, b or c)");
    }
  }
  std::vector<MoleculeRecord> basis;
  const XmlNode b = xml.requiredChild(f, "basis", "<basis> with <site>s");
  for (const auto& site : xml.children(b, "site")) {
    MoleculeRecord m;
    const long cid = xml.integer(site, "componentid", 0L);  // ls1 numbers basis components from 0
    if (cid < 0 || cid >= static_cast<long>(config.components.size())) {
      const XmlNode c = xml.child(site, "componentid");
      xml.problem(c ? c : site, "unknown component id " + std::to_string(cid) + " (a basis site's componentid counts from 0: expected 0.." +
                                    std::to_string(config.components.size() - 1) + ")");
      continue;
    }
    m.component = static_cast<unsigned>(cid);
    m.r = xml.vec3(site, "coordinate", false);
    basis.push_back(m);
  }
  if (b && basis.empty()) xml.problem(b, "empty basis (expected at least one <site>)");
  const double occupancy = xml.number(f, "latticeOccupancy", 1.0);
  if (!(occupancy > 0 && occupancy <= 1))
    xml.problem(xml.child(f, "latticeOccupancy"), "latticeOccupancy out of range (expected 0 < occupancy <= 1)");
  if (const auto rho = xml.number(f, "density", false, "a positive density")) {
    if (!(*rho > 0)) xml.problem(xml.child(f, "density"), "density must be positive (expected > 0)");
    // as ls1: a cubic cell of the given centering whose size gives this density
    const double perCell = static_cast<double>(basis.size() * lattice.centres.size());
    const double l = std::pow(perCell / (*rho / occupancy), 1. / 3.);  // as ls1 (pow, not cbrt: same rounding)
    lattice.a = {l, 0, 0};
    lattice.b = {0, l, 0};
    lattice.c = {0, 0, l};
    lattice.hexagonal = false;
  }
  const Vec3 origin = xml.vec3(f, "latticeOrigin", false);
  auto cell = [](const Lattice& l) {
    return l.a.x * (l.b.y * l.c.z - l.b.z * l.c.y) - l.b.x * (l.a.y * l.c.z - l.a.z * l.c.y) +
           l.c.x * (l.a.y * l.b.z - l.a.z * l.b.y);
  };
  if (!(std::abs(cell(lattice)) > 0)) xml.problem(f, "the lattice vectors a, b, c span no volume (expected independent vectors)");
  out.grid = std::make_unique<GridFill>(lattice, basis, origin, occupancy);
  return out;
}

Filler readReplicaFiller(XmlInput& xml, const XmlNode& f, const GeneratorInput& ctx) {
  Filler out;
  out.replica = true;
  const XmlNode in = xml.requiredChild(f, "input", "<input type=\"BinaryReader\"> with <header> and <data>");
  if (!in) return out;
  if (xml.attribute(in, "type").value_or("") != "BinaryReader") {
    xml.problem(in, "wrong type: type=\"" + xml.attribute(in, "type").value_or("") + "\" (expected BinaryReader)");
    return out;
  }
  const std::string header = pathIn(xml, in, "header", "the path of a .header.xml file");
  const std::string data = pathIn(xml, in, "data", "the path of a .dat file");
  const Vec3 origin = xml.vec3(f, "origin", false);
  if (const auto cid = xml.integer(f, "componentid", false, "a component id 1..n")) {
    if (*cid < 1 || *cid > static_cast<long>(ctx.config.components.size()))
      xml.problem(xml.child(f, "componentid"), "unknown component id " + std::to_string(*cid) + " (expected 1.." +
                                                   std::to_string(ctx.config.components.size()) + ")");
    else out.replicaComponent = static_cast<int>(*cid - 1);
  }
  if (header.empty() || data.empty() || !ctx.readPhaseSpace) return out;
  const std::size_t before = xml.problems().size();
  const BinaryPhaseSpaceHeader h = BinaryPhaseSpace::readHeader(header, in.path + "/header", xml.problems());
  if (xml.problems().size() != before || !ctx.fits(in, static_cast<double>(h.number))) return out;
  std::vector<MoleculeRecord> replica =
      BinaryPhaseSpace::readData(data, in.path + "/data", h, ctx.config.components.size(), Vec3(), xml.problems());
  if (xml.problems().size() != before) return out;
  if (replica.empty()) {
    xml.problem(in, "the replica has no molecules (expected a phase space with molecules)");
    return out;
  }
  if (!(h.length.x > 0 && h.length.y > 0 && h.length.z > 0)) {
    xml.problem(in, "the replica's box length is not positive (expected headerinfo/length > 0)");
    return out;
  }
  Lattice lattice;  // the replica's box repeated: a primitive lattice of its edges
  lattice.a = {h.length.x, 0, 0};
  lattice.b = {0, h.length.y, 0};
  lattice.c = {0, 0, h.length.z};
  out.grid = std::make_unique<GridFill>(lattice, std::move(replica), origin, 1.0);
  return out;
}

/// ls1's velocity assigners (one random stream per objectgenerator, seeded 0 unless enableRandomSeed).
struct VelocityAssigner {
  enum class Kind { None, Equal, Maxwell } kind = Kind::None;
  std::mt19937 gen{0};
  std::uniform_real_distribution<double> uniform{0, 1};
  std::normal_distribution<double> normal{0.0, 1.0};
  void assign(MoleculeRecord& m, const Component& c, double T) {
    const double dof = c.rotationalDegreesOfFreedom();
    if (kind == Kind::Equal) {
      const double vAbs = std::sqrt((3 + dof) * T / c.mass());
      const double phi = 2 * M_PI * uniform(gen);
      const double theta = std::acos(2 * uniform(gen) - 1);
      m.v = {vAbs * std::sin(phi), vAbs * std::cos(phi) * std::sin(theta), vAbs * std::cos(phi) * std::cos(theta)};
    } else if (kind == Kind::Maxwell) {
      const double vAbs = std::sqrt((1 + dof / 3.0) * T / c.mass());
      const double x = normal(gen);
      const double y = normal(gen);
      const double z = normal(gen);
      m.v = {vAbs * x, vAbs * y, vAbs * z};
    }
  }
};

}  // namespace

std::vector<MoleculeRecord> MultiObjectGenerator::generate(XmlInput& xml, const XmlNode& generator, const GeneratorInput& ctx,
                                                           bool& timeReset) {
  std::vector<MoleculeRecord> out;
  unsigned long nextId = 1;  // ls1 numbers generated molecules from 1
  const auto gens = xml.children(generator, "objectgenerator");
  if (gens.empty()) xml.problem(generator, "no <objectgenerator> (expected at least one, each with <filler> and <object>)");
  for (const auto& og : gens) {
    const XmlNode fn = xml.requiredChild(og, "filler", "<filler type=\"GridFiller\"> or type=\"ReplicaFiller\"");
    const XmlNode on = xml.requiredChild(og, "object", "<object type=\"Cuboid\"> (or Sphere, Cylinder, ...)");
    Filler filler;
    if (fn) {
      const std::string type = xml.attribute(fn, "type").value_or("");
      if (type == "GridFiller") filler = readGridFiller(xml, fn, ctx.config);
      else if (type == "ReplicaFiller") filler = readReplicaFiller(xml, fn, ctx);
      else xml.problem(fn, "unknown filler type '" + type + "' (expected GridFiller or ReplicaFiller)");
    }
    std::unique_ptr<GeneratorObject> object = on ? GeneratorObject::read(xml, on) : nullptr;
    VelocityAssigner va;
    if (const XmlNode vn = xml.child(og, "velocityAssigner")) {
      const std::string type = xml.attribute(vn, "type").value_or("");
      if (type == "EqualVelocityDistribution") va.kind = VelocityAssigner::Kind::Equal;
      else if (type == "MaxwellVelocityDistribution") va.kind = VelocityAssigner::Kind::Maxwell;
      else xml.problem(vn, "unknown velocity assigner '" + type + "' (expected EqualVelocityDistribution or MaxwellVelocityDistribution)");
      const std::string random = xml.attribute(vn, "enableRandomSeed").value_or("false");
      if (random == "true" || random == "1")
        va.gen.seed(static_cast<std::mt19937::result_type>(std::chrono::system_clock::now().time_since_epoch().count()));
    }
    if (filler.replica) timeReset = true;
    if (!filler.grid || !object || !ctx.readPhaseSpace || !xml.problems().empty()) continue;
    // as ls1: the object cut to the domain [0, L)
    auto bounded = GeneratorObject::intersection(GeneratorObject::halfOpenBox(Vec3(), ctx.config.box), std::move(object));
    if (!ctx.fits(og, static_cast<double>(out.size()) + filler.grid->candidates(*bounded))) continue;
    filler.grid->fill(*bounded, [&](MoleculeRecord m) {
      if (filler.replicaComponent >= 0) m.component = static_cast<unsigned>(filler.replicaComponent);
      m.id = nextId++;
      va.assign(m, ctx.config.components[m.component], ctx.config.temperature);
      out.push_back(m);
    });
  }
  return out;
}

void MultiObjectGenerator::readAndGenerate(XmlInput& xml, const XmlNode& g, GeneratorInput& in) {
  bool timeReset = false;
  auto molecules = generate(xml, g, in, timeReset);
  if (timeReset) in.config.currentTime = 0.0;  // as ls1's ReplicaFiller
  if (in.readPhaseSpace) in.config.molecules = std::move(molecules);
}

}  // namespace mardyn
