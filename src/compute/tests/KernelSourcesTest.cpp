// Embedded kernel files and their directives, the host-constant layout rules and the stable hash.
#include <cppunit/extensions/HelperMacros.h>

#include "compute/ComputeException.h"
#include "compute/HostConstantLayout.h"
#include "compute/KernelSources.h"
#include "compute/SourceHash.h"

using namespace mardyn::compute;

class KernelSourcesTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(KernelSourcesTest);
  CPPUNIT_TEST(embeddedFiles);
  CPPUNIT_TEST(directives);
  CPPUNIT_TEST(constantLayout);
  CPPUNIT_TEST(hash);
  CPPUNIT_TEST_SUITE_END();

 public:
  void embeddedFiles() {
    CPPUNIT_ASSERT(KernelSources::contains("compute/tests/kernels/ComputeTestKernels.cc"));
    const std::string text = KernelSources::get("compute/tests/kernels/ComputeTestKernels.cc");
    CPPUNIT_ASSERT(text.find("KERNEL void everyMacro") != std::string::npos);
    CPPUNIT_ASSERT_THROW(KernelSources::get("nowhere/kernels/None.cc"), ComputeException);
    for (const auto& file : KernelSources::all()) {
      const std::string path = file.path;
      CPPUNIT_ASSERT(path.find("/kernels/") != std::string::npos);
      CPPUNIT_ASSERT(path.size() > 3 && path.substr(path.size() - 3) == ".cc");
    }
    const auto header = KernelSources::header("compute/tests/kernels/HostConstantKernels.cc");
    CPPUNIT_ASSERT_EQUAL(std::string("4"), header.defines.at("TABLE_SIZE"));
  }

  void directives() {
    const std::string text =
        "// mardyn-kernel: defines A=1 B\n  // mardyn-kernel: requires x/kernels/Y.cc\n// mardyn-kernel: fragment\n";
    const auto header = KernelFileHeader::parse(text, "t.cc");
    CPPUNIT_ASSERT_EQUAL(std::string("1"), header.defines.at("A"));
    CPPUNIT_ASSERT_EQUAL(std::string("1"), header.defines.at("B"));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), header.required.size());
    CPPUNIT_ASSERT(header.fragment);
    CPPUNIT_ASSERT_THROW(KernelFileHeader::parse("// mardyn-kernel: unknown\n", "t.cc"), ComputeException);
  }

  void constantLayout() {
    const std::string source =
        "HOST_CONSTANT(char, flag)\n// HOST_CONSTANT(int, commented)\nHOST_CONSTANT(real4, box)\n"
        "HOST_CONSTANT_ARRAY(float3, sites, N)\nHOST_CONSTANT(mm_long, count)\n"
        "KERNEL void k(GLOBAL int* x HOST_CONSTANTS) {}\n";
    const auto single = HostConstantLayout::parse(source, {{"N", "3"}}, Precision::Single);
    CPPUNIT_ASSERT_EQUAL(std::size_t(4), single.fields().size());
    CPPUNIT_ASSERT(!single.find("commented"));
    CPPUNIT_ASSERT_EQUAL(std::size_t(16), single.find("box")->offset);
    CPPUNIT_ASSERT_EQUAL(std::size_t(32), single.find("sites")->offset);
    CPPUNIT_ASSERT_EQUAL(std::size_t(48), single.find("sites")->bytes);
    CPPUNIT_ASSERT_EQUAL(std::size_t(80), single.find("count")->offset);
    const auto twice = HostConstantLayout::parse(source, {{"N", "3"}}, Precision::Double);
    CPPUNIT_ASSERT_EQUAL(std::size_t(32), twice.find("box")->offset);
    CPPUNIT_ASSERT_EQUAL(std::size_t(32), twice.find("box")->bytes);
    CPPUNIT_ASSERT_THROW(HostConstantLayout::parse("HOST_CONSTANT(MyStruct, s)", {}, Precision::Single),
                         ComputeException);
    CPPUNIT_ASSERT_THROW(HostConstantLayout::parse("HOST_CONSTANT_ARRAY(int, s, M)", {}, Precision::Single),
                         ComputeException);
    CPPUNIT_ASSERT_THROW(HostConstantLayout::parse("HOST_CONSTANT(int)", {}, Precision::Single), ComputeException);
    CPPUNIT_ASSERT(HostConstantLayout::parse("MY_HOST_CONSTANT(int, x)", {}, Precision::Single).empty());
  }

  void hash() {
    CPPUNIT_ASSERT_EQUAL(SourceHash().add("abc").hex(), SourceHash().add("abc").hex());
    CPPUNIT_ASSERT(SourceHash().add("ab").add("c").hex() != SourceHash().add("a").add("bc").hex());
    CPPUNIT_ASSERT_EQUAL(std::size_t(32), SourceHash().add("").hex().size());
    // Stable across compilers and runs: a fixed value.
    CPPUNIT_ASSERT_EQUAL(std::string("bd7bf65588330d00c484b2ef3dc71f6f"), SourceHash().add("mardyn").hex());
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(KernelSourcesTest);
