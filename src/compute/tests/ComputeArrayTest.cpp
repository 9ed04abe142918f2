// Device arrays on every backend: upload/download round trips of scalars and vector types, resizing
// that keeps the common prefix, zeroing, device copies, empty arrays and range errors.
#include <cppunit/extensions/HelperMacros.h>

#include <cstring>

#include "compute/ComputeArray.h"
#include "compute/ComputeContext.h"
#include "compute/VectorTypes.h"
#include "compute/tests/ComputeTestDevices.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

class ComputeArrayTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ComputeArrayTest);
  CPPUNIT_TEST(roundTrip);
  CPPUNIT_TEST(resizeKeepsPrefix);
  CPPUNIT_TEST(zeroAndCopy);
  CPPUNIT_TEST(emptyArrayAndRangeErrors);
  CPPUNIT_TEST(asyncDownloadIsOrdered);
  CPPUNIT_TEST(pinnedBuffersAreIndependent);
  CPPUNIT_TEST_SUITE_END();

 public:
  void roundTrip() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      ComputeArray<mm_double4> vectors(*context, 1000, "vectors");
      std::vector<mm_double4> in(1000);
      for (int i = 0; i < 1000; ++i) in[i] = {i * 0.5, -i * 1.0, i * 1e-3, 1.0 / (i + 1)};
      vectors.upload(in);
      const auto out = vectors.download();
      CPPUNIT_ASSERT_EQUAL(std::size_t(1000), out.size());
      CPPUNIT_ASSERT(std::memcmp(in.data(), out.data(), sizeof(mm_double4) * in.size()) == 0);

      ComputeArray<int> ints(*context, 17, "ints");
      std::vector<int> values(17);
      for (int i = 0; i < 17; ++i) values[i] = i * i - 40;
      ints.upload(values);
      int part[3] = {};
      ints.downloadBytes(part, 5 * sizeof(int), sizeof(part));
      CPPUNIT_ASSERT_EQUAL(values[5], part[0]);
      CPPUNIT_ASSERT_EQUAL(values[7], part[2]);
      const int patch = 12345;
      ints.uploadBytes(&patch, 16 * sizeof(int), sizeof(int));
      CPPUNIT_ASSERT_EQUAL(12345, ints.download().back());
      CPPUNIT_ASSERT_THROW(ints.upload(std::vector<int>(16)), ComputeException);
      CPPUNIT_ASSERT_THROW(ints.upload(std::vector<double>(17)), ComputeException);
    }
  }

  /// downloadBytesAsync sees the work queued before it (a zeroing) and not the work queued after it (an
  /// upload), once an event recorded after it has been synchronised.
  void asyncDownloadIsOrdered() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      ComputeArray<int> ints(*context, 4096, "ints");
      std::vector<int> first(4096), second(4096);
      for (int i = 0; i < 4096; ++i) {
        first[i] = 3 * i + 1;
        second[i] = -7 * i - 2;
      }
      ints.upload(first);
      PinnedHostBuffer staging(*context, 4096 * sizeof(int));
      auto* host = static_cast<int*>(staging.data());
      CPPUNIT_ASSERT(host != nullptr);
      auto event = context->createEvent();
      ints.downloadBytesAsync(host, 0, 4096 * sizeof(int));
      event->record();
      ints.upload(second);
      event->synchronize();
      for (int i = 0; i < 4096; ++i) CPPUNIT_ASSERT_EQUAL(first[i], host[i]);
      ints.zero();
      ints.downloadBytesAsync(host + 10, 100 * sizeof(int), 8 * sizeof(int));
      event->record();
      event->synchronize();
      for (int i = 10; i < 18; ++i) CPPUNIT_ASSERT_EQUAL(0, host[i]);
      CPPUNIT_ASSERT_EQUAL(first[9], host[9]);
      CPPUNIT_ASSERT_EQUAL(first[18], host[18]);
      CPPUNIT_ASSERT_THROW(ints.downloadBytesAsync(host, 4090 * sizeof(int), 8 * sizeof(int)), ComputeException);
    }
  }

  /// Host buffers for copies (page-locked memory on CUDA, mapped CL_MEM_ALLOC_HOST_PTR buffers on OpenCL): several at once, of any size
  /// (0 included), each receiving its own download, moved and given back in any order.
  void pinnedBuffersAreIndependent() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      ComputeArray<int> ints(*context, 64, "ints");
      std::vector<int> values(64);
      for (int i = 0; i < 64; ++i) values[i] = 5 * i - 17;
      ints.upload(values);
      std::vector<PinnedHostBuffer> buffers;
      for (std::size_t bytes : {std::size_t(0), std::size_t(4), std::size_t(256), std::size_t(1) << 20})
        buffers.emplace_back(*context, bytes);  // moved as the vector grows
      CPPUNIT_ASSERT(buffers[0].data() != nullptr);
      for (std::size_t k = 0; k < buffers.size(); ++k)
        for (std::size_t j = 0; j < k; ++j) CPPUNIT_ASSERT(buffers[k].data() != buffers[j].data());
      auto event = context->createEvent();
      ints.downloadBytesAsync(buffers[1].data(), 12 * sizeof(int), sizeof(int));
      ints.downloadBytesAsync(buffers[2].data(), 0, 64 * sizeof(int));
      ints.downloadBytesAsync(buffers[3].data(), 0, 64 * sizeof(int));
      event->record();
      event->synchronize();
      CPPUNIT_ASSERT_EQUAL(values[12], *static_cast<int*>(buffers[1].data()));
      for (int i = 0; i < 64; ++i) {
        CPPUNIT_ASSERT_EQUAL(values[i], static_cast<int*>(buffers[2].data())[i]);
        CPPUNIT_ASSERT_EQUAL(values[i], static_cast<int*>(buffers[3].data())[i]);
      }
      buffers.erase(buffers.begin() + 2);  // given back out of order; the others keep their contents
      CPPUNIT_ASSERT_EQUAL(values[63], static_cast<int*>(buffers[2].data())[63]);
    }
  }

  void resizeKeepsPrefix() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      ComputeArray<float> array(*context, 100, "resized");
      std::vector<float> values(100);
      for (int i = 0; i < 100; ++i) values[i] = 0.25f * i;
      array.upload(values);
      array.resize(250);
      CPPUNIT_ASSERT_EQUAL(std::size_t(250), array.size());
      auto grown = array.download();
      for (int i = 0; i < 100; ++i) CPPUNIT_ASSERT_EQUAL(values[i], grown[i]);
      array.resize(30);
      auto shrunk = array.download();
      CPPUNIT_ASSERT_EQUAL(std::size_t(30), shrunk.size());
      for (int i = 0; i < 30; ++i) CPPUNIT_ASSERT_EQUAL(values[i], shrunk[i]);
    }
  }

  void zeroAndCopy() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      ComputeArray<mm_int2> a(*context, 64, "a"), b(*context, 64, "b"), c(*context, 65, "c");
      std::vector<mm_int2> values(64);
      for (int i = 0; i < 64; ++i) values[i] = {i, -i};
      a.upload(values);
      a.copyTo(b);
      const auto copied = b.download();
      for (int i = 0; i < 64; ++i) CPPUNIT_ASSERT(copied[i].x == i && copied[i].y == -i);
      CPPUNIT_ASSERT_THROW(a.copyTo(c), ComputeException);
      a.zero();
      for (const auto& v : a.download()) CPPUNIT_ASSERT(v.x == 0 && v.y == 0);
      CPPUNIT_ASSERT_EQUAL(-63, b.download()[63].y);
    }
  }

  void emptyArrayAndRangeErrors() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      ComputeArray<double> empty(*context, 0, "empty");
      CPPUNIT_ASSERT_EQUAL(std::size_t(0), empty.size());
      CPPUNIT_ASSERT(empty.download().empty());
      empty.zero();
      empty.resize(3);
      CPPUNIT_ASSERT_EQUAL(std::size_t(3), empty.download().size());
      double value = 1;
      CPPUNIT_ASSERT_THROW(empty.uploadBytes(&value, 3 * sizeof(double), sizeof(double)), ComputeException);
      CPPUNIT_ASSERT_THROW(empty.downloadBytes(&value, 2 * sizeof(double) + 1, sizeof(double)), ComputeException);
      ComputeArray<double> uninitialized;
      CPPUNIT_ASSERT(!uninitialized.isInitialized());
      CPPUNIT_ASSERT_THROW(uninitialized.size(), ComputeException);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ComputeArrayTest);
