// VTKMoleculeWriter: the points (sites, ls1's order: LJ centres, charges, dipoles, quadrupoles; kinds 2, 1, 3, 4)
// with their data arrays, written whole (a temporary file renamed): <prefix>_<step>.vtu, or under MPI
// <prefix>_node<rank>_<step>.vtu and <prefix>_<step>.pvtu.
#include "io/VTKMoleculeWriter.h"

#include "io/AtomicFile.h"
#include "io/StreamingFile.h"


#include <iomanip>
#include <limits>
#include <locale>
#include <sstream>

namespace mardyn {

std::shared_ptr<const PluginSettings> VTKMoleculeWriter::read(XmlInput& xml, const XmlNode& e, const SimulationConfig&,
                                                              OutputPluginConfig& plugin) {
  auto s = std::make_shared<Settings>();
  if (plugin.params.count("writefrequency")) s->frequency = plugin.writeFrequency;
  plugin.writeFrequency = s->frequency;
  const long offset = xml.integer(e, "writefrequencyOffset", 0L);
  if (offset < 0) xml.problem(xml.child(e, "writefrequencyOffset"), "writefrequencyOffset must not be negative");
  s->offset = static_cast<unsigned long>(std::max(0L, offset));
  if (s->offset != 0) s->initialState = xml.boolean(e, "writeInitialState", true);
  return s;
}

VTKMoleculeWriter::VTKMoleculeWriter(const Settings& settings, std::string prefix)
    : _s(settings), _prefix(std::move(prefix)) {}

std::string VTKMoleculeWriter::decimal(double v) {
  std::ostringstream os;
  os.imbue(std::locale::classic());
  os << std::fixed << std::setprecision(std::numeric_limits<long double>::digits10) << v;
  std::string s = os.str();
  std::size_t n = s.size();
  while (n > 0 && s[n - 1] == '0') --n;
  if (n > 0 && s[n - 1] == '.') --n;
  s.resize(n);
  return s;
}

void VTKMoleculeWriter::init(const SimulationView& sim) {
  StreamingFile::checkWritable(_prefix + "_0.vtu");
  (void)sim;
}

namespace {
const char* kArrays[][3] = {{"id", "UInt64", "1"},          {"component-id", "Int32", "1"}, {"node-rank", "Int32", "1"},
                            {"forces", "Float32", "3"},     {"center-id", "Float32", "1"},  {"center-type", "UInt8", "1"}};
}  // namespace

void VTKMoleculeWriter::afterStep(unsigned long step, double, const SimulationView& sim) {
  if (!((step == 0 && _s.initialState) || (step >= _s.offset && (step - _s.offset) % _s.frequency == 0))) return;
  const SamplingView* view = sim.sampling();
  if (!view) return;
  std::ostringstream data[6], points;
  unsigned long count = 0;
  const int rank = sim.rank();
  view->forEachWithVirial(
      [&](const Molecule& m, const Vec3&, const Vec3* siteForces) {
        const Component& c = m.component();
        int k = 0;
        auto center = [&](const Vec3& body, int kind) {
          const Vec3 r = m.r() + m.siteOffset(body);
          const Vec3 f = siteForces ? siteForces[k] : Vec3();
          data[0] << m.id() << " ";
          data[1] << c.id() << " ";
          data[2] << rank << " ";
          data[3] << decimal(f.x) << " " << decimal(f.y) << " " << decimal(f.z) << " ";
          data[4] << k << " ";
          data[5] << kind << " ";
          points << decimal(r.x) << " " << decimal(r.y) << " " << decimal(r.z) << " ";
          ++k;
          ++count;
        };
        for (const auto& s : c.ljCenters()) center(s.r, 2);
        for (const auto& s : c.charges()) center(s.r, 1);
        for (const auto& s : c.dipoles()) center(s.r, 3);
        for (const auto& s : c.quadrupoles()) center(s.r, 4);
      },
      true);
  const bool parallel = view->numProcs() > 1;
  const std::string stepText = std::to_string(step);
  const std::string file = _prefix + (parallel ? "_node" + std::to_string(rank) : std::string()) + "_" + stepText + ".vtu";
  // One vertex cell per point (ls1 writes no cells and an empty "types" array of 0 components, which VTK's
  // readers refuse): ParaView shows the points as they are.
  std::ostringstream connectivity, offsets, types;
  for (unsigned long k = 0; k < count; ++k) {
    connectivity << k << " ";
    offsets << k + 1 << " ";
    types << "1 ";
  }
  std::ostringstream doc;
  doc << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\" ?>\n"
      << "<VTKFile byte_order=\"LittleEndian\" type=\"UnstructuredGrid\" version=\"0.1\">\n  <UnstructuredGrid>\n"
      << "    <Piece NumberOfCells=\"" << count << "\" NumberOfPoints=\"" << count << "\">\n      <PointData>\n";
  for (int a = 0; a < 6; ++a)
    doc << "        <DataArray Name=\"" << kArrays[a][0] << "\" NumberOfComponents=\"" << kArrays[a][2]
        << "\" format=\"ascii\" type=\"" << kArrays[a][1] << "\">" << data[a].str() << "</DataArray>\n";
  doc << "      </PointData>\n      <CellData/>\n      <Points>\n        <DataArray Name=\"points\" NumberOfComponents=\"3\" "
         "format=\"ascii\" type=\"Float32\">"
      << points.str() << "</DataArray>\n      </Points>\n      <Cells>\n"
      << "        <DataArray Name=\"connectivity\" NumberOfComponents=\"1\" format=\"ascii\" type=\"Int64\">"
      << connectivity.str() << "</DataArray>\n"
      << "        <DataArray Name=\"offsets\" NumberOfComponents=\"1\" format=\"ascii\" type=\"Int64\">" << offsets.str()
      << "</DataArray>\n"
      << "        <DataArray Name=\"types\" NumberOfComponents=\"1\" format=\"ascii\" type=\"UInt8\">" << types.str()
      << "</DataArray>\n"
      << "      </Cells>\n    </Piece>\n  </UnstructuredGrid>\n</VTKFile>\n";
  AtomicFile::write(file, doc.str());
  if (!parallel || rank != 0) return;
  const std::string base = _prefix.substr(_prefix.find_last_of('/') == std::string::npos ? 0 : _prefix.find_last_of('/') + 1);
  std::ostringstream p;
  p << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\" ?>\n"
    << "<VTKFile byte_order=\"LittleEndian\" type=\"PUnstructuredGrid\" version=\"0.1\">\n"
    << "  <PUnstructuredGrid GhostLevel=\"0\">\n    <PPointData>\n";
  for (int a = 0; a < 6; ++a)
    p << "      <PDataArray Name=\"" << kArrays[a][0] << "\" NumberOfComponents=\"" << kArrays[a][2]
      << "\" format=\"ascii\" type=\"" << kArrays[a][1] << "\"/>\n";
  p << "    </PPointData>\n    <PCellData/>\n    <PPoints>\n      <PDataArray Name=\"points\" NumberOfComponents=\"3\" "
       "format=\"ascii\" type=\"Float32\"/>\n    </PPoints>\n    <PCells>\n"
    << "      <PDataArray Name=\"connectivity\" NumberOfComponents=\"1\" format=\"ascii\" type=\"Int64\"/>\n"
    << "      <PDataArray Name=\"offsets\" NumberOfComponents=\"1\" format=\"ascii\" type=\"Int64\"/>\n"
    << "      <PDataArray Name=\"types\" NumberOfComponents=\"1\" format=\"ascii\" type=\"UInt8\"/>\n    </PCells>\n";
  for (int r = 0; r < view->numProcs(); ++r)
    p << "    <Piece Source=\"" << base << "_node" << r << "_" << stepText << ".vtu\"/>\n";
  p << "  </PUnstructuredGrid>\n</VTKFile>\n";
  AtomicFile::write(_prefix + "_" + stepText + ".pvtu", p.str());
}

}  // namespace mardyn
