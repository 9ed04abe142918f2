// PovWriter: ls1's scene (header comments, background, one #declare per component, camera, nine lights, one object
// per molecule with ls1's rotation matrix of its quaternion), all molecules gathered on process 0.
#include "io/PovWriter.h"

#include "io/AtomicFile.h"
#include "io/DecompWriter.h"
#include "io/StreamingFile.h"

#include <chrono>
#include <ctime>
#include <iomanip>
#include <sstream>

namespace mardyn {

PovWriter::PovWriter(std::string prefix, unsigned long writeFrequency, bool incremental, unsigned long totalSteps)
    : _prefix(std::move(prefix)), _writeFrequency(writeFrequency ? writeFrequency : 1), _totalSteps(totalSteps),
      _incremental(incremental) {}

void PovWriter::init(const SimulationView& sim) {
  if (sim.rank() == 0) StreamingFile::checkWritable(DecompWriter::numbered(_prefix, 0, _writeFrequency, _totalSteps, _incremental, ".pov"));
}

std::string PovWriter::scene(const std::string& fileName, const SimulationConfig& config,
                             const std::vector<Molecule>& molecules) {
  const Vec3& L = config.box;
  std::ostringstream os;
  os << "// " << fileName << "\n// moldy\n";
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm local{};
  localtime_r(&now, &local);
  os << "// " << std::put_time(&local, "%c") << "\n";
  os << "// bb: [0," << L.x << "]^3\n//*PMRawBegin\nbackground {rgb <1,1,1>}\n//*PMRawEnd\n";
  for (std::size_t i = 0; i < config.components.size(); ++i) {
    std::ostringstream para;
    para << " pigment {color rgb <" << (i + 1) % 2 << "," << (i + 1) / 2 % 2 << "," << (i + 1) / 4 % 2 << ">}"
         << " finish{ambient 0.5 diffuse 0.4 phong 0.3 phong_size 3}";
    os << "#declare T" << i << " = ";
    const auto& ljs = config.components[i].ljCenters();
    if (ljs.size() == 1) {
      os << "sphere {<" << ljs[0].r.x << "," << ljs[0].r.y << "," << ljs[0].r.z << ">," << .5 * ljs[0].sigma << " "
         << para.str() << "}";
    } else if (ljs.size() > 1) {
      os << "blob { threshold 0.01 ";
      for (const auto& s : ljs)
        os << "sphere {<" << s.r.x << "," << s.r.y << "," << s.r.z << ">," << .5 * s.sigma << ", strength 1 } ";
      os << para.str() << "}";
    }
    os << "\n";
  }
  os << "\ncamera { perspective\n";
  const float xloc = static_cast<float>(-.1 * L.x), yloc = static_cast<float>(1.1 * L.y), zloc = static_cast<float>(-1.5 * L.z);
  os << " location <" << xloc << ", " << yloc << ", " << zloc << ">\n";
  os << " look_at <" << .5 * L.x << ", " << .5 * L.y << ", " << .5 * L.z << ">\n}\n\n";
  os << "light_source { <" << xloc << ", " << yloc << ", " << zloc << ">, color rgb <1,1,1> }\n";
  os << "light_source { <0,0,0>, color rgb <1,1,1> }\n";
  os << "light_source { <0,0," << L.z << ">, color rgb <1,1,1> }\n";
  os << "light_source { <0," << L.y << ",0>, color rgb <1,1,1> }\n";
  os << "light_source { <0," << L.y << "," << L.z << ">, color rgb <1,1,1> }\n";
  os << "light_source { <" << L.x << ",0,0>, color rgb <1,1,1> }\n";
  os << "light_source { <" << L.x << ",0," << L.z << ">, color rgb <1,1,1> }\n";
  os << "light_source { <" << L.x << "," << L.y << ",0>, color rgb <1,1,1> }\n";
  os << "light_source { <" << L.x << "," << L.y << "," << L.z << ">, color rgb <1,1,1> }\n";
  os << "\n// " << config.components.size() << " objects for the atoms following...\n";
  for (const Molecule& m : molecules) {
    const Quaternion& q = m.q();
    const double ww = q.w() * q.w(), xx = q.x() * q.x(), yy = q.y() * q.y(), zz = q.z() * q.z();
    const double wx = q.w() * q.x(), wy = q.w() * q.y(), wz = q.w() * q.z();
    const double xy = q.x() * q.y(), xz = q.x() * q.z(), yz = q.y() * q.z();
    const double R[9] = {ww + xx - yy - zz, 2. * (xy - wz), 2. * (xz + wy), 2. * (xy + wz), ww - xx + yy - zz,
                         2. * (yz - wx),    2. * (xz - wy), 2. * (yz + wx), ww - xx - yy + zz};
    os << "object { T" << m.componentId() << " matrix <";
    for (double r : R) os << r << ",";
    os << m.r().x << "," << m.r().y << "," << m.r().z << ">}\n";
  }
  return os.str();
}

void PovWriter::afterStep(unsigned long step, double, const SimulationView& sim) {
  if (step % _writeFrequency != 0) return;
  const std::vector<Molecule> molecules = sim.gatherMolecules();  // collective
  if (sim.rank() != 0) return;
  const std::string file = DecompWriter::numbered(_prefix, step, _writeFrequency, _totalSteps, _incremental, ".pov");
  AtomicFile::write(file, scene(file, sim.config(), molecules));
}

}  // namespace mardyn
