// Queues, byte-range copies and peer access on every backend: work on a queue of its own is ordered
// against the default queue by events only; copyBytesTo and uploadBytesAsync move byte ranges; a backend
// with peer access exports an array, opens it again (in this process: the array itself), copies into it and
// raises a flag that a queue waits for; one without it says why.
#include <cppunit/extensions/HelperMacros.h>

#include <cstdint>
#include <numeric>

#include "compute/ComputeArray.h"
#include "compute/ComputeContext.h"
#include "compute/PeerAccess.h"
#include "compute/tests/ComputeTestDevices.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

class ComputeQueueTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ComputeQueueTest);
  CPPUNIT_TEST(copyBytesAndRanges);
  CPPUNIT_TEST(queuesOrderedByEvents);
  CPPUNIT_TEST(peerAccessInOneProcess);
  CPPUNIT_TEST_SUITE_END();

 public:
  void copyBytesAndRanges() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      ComputeArray<int> a(*context, 64, "a"), b(*context, 32, "b");
      std::vector<int> values(64);
      std::iota(values.begin(), values.end(), 100);
      a.upload(values);
      b.zero();
      a.copyBytesTo(b, 10 * sizeof(int), 4 * sizeof(int), 8 * sizeof(int));
      const auto out = b.download();
      for (int i = 0; i < 32; ++i) CPPUNIT_ASSERT_EQUAL(i >= 4 && i < 12 ? 106 + i : 0, out[i]);
      CPPUNIT_ASSERT_THROW(a.copyBytesTo(b, 60 * sizeof(int), 0, 8 * sizeof(int)), ComputeException);
      CPPUNIT_ASSERT_THROW(a.copyBytesTo(b, 0, 30 * sizeof(int), 8 * sizeof(int)), ComputeException);
      const int patch[2] = {-1, -2};
      b.uploadBytesAsync(patch, 30 * sizeof(int), sizeof(patch));
      context->synchronize();
      CPPUNIT_ASSERT_EQUAL(-2, b.download().back());
    }
  }

  /// A queue of its own waits for the default queue's upload (event), its copy is waited for by the
  /// default queue (event) before the result is read; repeated so that an unordered run would show.
  void queuesOrderedByEvents() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      auto queue = context->createQueue();
      auto ready = context->createEvent(), done = context->createEvent();
      const std::size_t n = 1 << 20;
      ComputeArray<int> source(*context, n, "source"), target(*context, n, "target");
      PinnedHostBuffer host(*context, n * sizeof(int));
      auto* values = static_cast<int*>(host.data());
      for (int round = 0; round < 4; ++round) {
        for (std::size_t i = 0; i < n; ++i) values[i] = static_cast<int>(i) * (round + 1);
        source.uploadBytesAsync(values, 0, n * sizeof(int));
        ready->record();
        {
          QueueScope onQueue(*context, queue.get());
          CPPUNIT_ASSERT(context->currentQueue() == queue.get());
          ready->enqueueWait();
          source.copyBytesTo(target, 0, 0, n * sizeof(int));
          done->record();
        }
        CPPUNIT_ASSERT(context->currentQueue() == nullptr);
        done->enqueueWait();
        const auto out = target.download();
        for (std::size_t i = 0; i < n; i += 4099) CPPUNIT_ASSERT_EQUAL(static_cast<int>(i) * (round + 1), out[i]);
        CPPUNIT_ASSERT_EQUAL(static_cast<int>(n - 1) * (round + 1), out[n - 1]);
      }
    }
  }

  void peerAccessInOneProcess() {
    for (const auto& options : ComputeTestDevices::all()) {
      auto context = ComputeTestDevices::create(options);
      std::string why;
      PeerAccess* peer = context->peerAccess(why);
      if (!peer) {
        std::cout << "\n  [compute test] " << options.backend << ": no peer access (" << why << ")";
        CPPUNIT_ASSERT(!why.empty());
        continue;
      }
      const std::size_t n = peer->minimumExportBytes() / sizeof(int) + 1000;
      ComputeArray<int> incoming(*context, n, "incoming"), outgoing(*context, n, "outgoing");
      ComputeArray<std::uint32_t> flags(*context, std::max<std::size_t>(4, peer->minimumExportBytes() / 4), "flags");
      incoming.zero();
      flags.zero();
      std::vector<int> values(n);
      std::iota(values.begin(), values.end(), 7);
      outgoing.upload(values);
      context->synchronize();
      auto target = peer->openArray(peer->exportArray(incoming));
      auto flagTarget = peer->openArray(peer->exportArray(flags));
      CPPUNIT_ASSERT_EQUAL(incoming.byteSize(), target->byteSize());
      auto queue = context->createQueue();
      {
        QueueScope onQueue(*context, queue.get());
        peer->copy(outgoing, 4 * sizeof(int), *target, 0, 100 * sizeof(int));
        peer->signal(*flagTarget, 2, 1);
        peer->wait(flags, 2, 1);  // raised just before on this queue: passes
      }
      context->synchronize();
      const auto out = incoming.download();
      for (int i = 0; i < 100; ++i) CPPUNIT_ASSERT_EQUAL(11 + i, out[i]);
      CPPUNIT_ASSERT_EQUAL(0, out[100]);
      std::uint32_t flag = 0;
      flags.downloadBytes(&flag, 2 * sizeof(std::uint32_t), sizeof(flag));
      CPPUNIT_ASSERT_EQUAL(std::uint32_t(1), flag);
      CPPUNIT_ASSERT_THROW(peer->openArray(std::vector<char>(5)), ComputeException);
      std::cout << "\n  [compute test] " << options.backend << ": " << peer->name() << " copy, signal and wait";
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ComputeQueueTest);
