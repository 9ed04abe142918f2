// ChecksumFileBuffer: a std::streambuf that writes to a file descriptor through a buffer of its own,
// keeps the CRC-32 of every byte it passed on, and remembers the errno of the first write that failed
// (a full disk, the file-size limit), so that the caller can say why.
#pragma once

#include "utils/Crc32.h"

#include <streambuf>
#include <vector>

namespace mardyn {

class ChecksumFileBuffer : public std::streambuf {
 public:
  /// Writes to `fd` (not owned: the caller closes it).
  explicit ChecksumFileBuffer(int fd);
  ChecksumFileBuffer(const ChecksumFileBuffer&) = delete;
  ChecksumFileBuffer& operator=(const ChecksumFileBuffer&) = delete;

  /// Passes the buffered bytes on; false once a write failed.
  bool flushBuffer();
  /// CRC-32 of every byte written so far (after flushBuffer()).
  std::uint32_t checksum() const { return _crc.value(); }
  /// errno of the first failed write, 0 if none failed.
  int error() const { return _error; }

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* data, std::streamsize size) override;
  int sync() override { return flushBuffer() ? 0 : -1; }

 private:
  bool writeAll(const char* data, std::size_t size);
  int _fd;
  int _error = 0;
  Crc32 _crc;
  std::vector<char> _buffer;
};

}  // namespace mardyn
