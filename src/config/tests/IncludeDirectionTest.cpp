// IncludeDirectionTest: the arrows between the rooms point down: the configuration model (config/) includes
// only molecules/ and utils/; no file in io/ includes a header of plugins/ or generators/ (their readers reach
// the XML reader through the tables they register), nor, outside its tests, a header of the top level.
#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <string>
#include <vector>

#include <unistd.h>

namespace fs = std::filesystem;

class IncludeDirectionTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(IncludeDirectionTest);
  CPPUNIT_TEST(configIncludesOnlyTheModel);
  CPPUNIT_TEST(ioIncludesNoPluginOrGenerator);
  CPPUNIT_TEST(theCheckFindsAnUpwardInclude);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// file:line: include, for every quoted include under `room` (tests too) that `forbidden` rejects.
  static std::vector<std::string> violations(const fs::path& room, const std::function<bool(const fs::path&, const std::string&)>& forbidden) {
    std::vector<std::string> found;
    const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
    for (const auto& e : fs::recursive_directory_iterator(room)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".h" && ext != ".cpp" && ext != ".cc")) continue;
      std::ifstream in(e.path());
      int n = 0;
      for (std::string line; std::getline(in, line);) {
        ++n;
        std::smatch m;
        if (std::regex_search(line, m, include) && forbidden(e.path(), m[1].str()))
          found.push_back(e.path().string() + ":" + std::to_string(n) + ": " + m[1].str());
      }
    }
    return found;
  }

  static fs::path sourceRoot() {
    const char* dir = std::getenv("MARDYN_SOURCE_DIR");  // set by ctest
    return fs::path(dir ? dir : ".") / "src";
  }

  static std::string list(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += "\n  " + x;
    return s;
  }

  static bool inTests(const fs::path& file) {
    for (const auto& part : file)
      if (part == "tests") return true;
    return false;
  }

  void configIncludesOnlyTheModel() {
    const fs::path room = sourceRoot() / "config";
    CPPUNIT_ASSERT_MESSAGE("no src/config at " + room.string(), fs::is_directory(room));
    const auto bad = violations(room, [](const fs::path&, const std::string& inc) {
      return inc.rfind("config/", 0) != 0 && inc.rfind("molecules/", 0) != 0 && inc.rfind("utils/", 0) != 0;
    });
    CPPUNIT_ASSERT_MESSAGE("config/ includes a room above it:" + list(bad), bad.empty());
  }

  void ioIncludesNoPluginOrGenerator() {
    const fs::path room = sourceRoot() / "io";
    CPPUNIT_ASSERT_MESSAGE("no src/io at " + room.string(), fs::is_directory(room));
    const auto bad = violations(room, [](const fs::path& file, const std::string& inc) {
      if (inc.rfind("plugins/", 0) == 0 || inc.rfind("generators/", 0) == 0) return true;
      return !inTests(file) && inc.find('/') == std::string::npos;  // the top level (Simulation, ...)
    });
    CPPUNIT_ASSERT_MESSAGE("io/ includes a header of a room above it:" + list(bad), bad.empty());
  }

  /// The scan itself: a file that includes a plugin's header is found, with its line.
  void theCheckFindsAnUpwardInclude() {
    const fs::path dir = fs::temp_directory_path() / ("mardyn-include-" + std::to_string(::getpid()));
    fs::create_directories(dir / "sub");
    std::ofstream(dir / "sub" / "Reader.cpp") << "// a reader\n#include \"io/XmlConfigReader.h\"\n  #  include \"plugins/MaxCheck.h\"\n";
    const auto bad = violations(dir, [](const fs::path&, const std::string& inc) { return inc.rfind("plugins/", 0) == 0; });
    fs::remove_all(dir);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), bad.size());
    CPPUNIT_ASSERT_MESSAGE(bad[0], bad[0].find("Reader.cpp:3: plugins/MaxCheck.h") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(IncludeDirectionTest);
