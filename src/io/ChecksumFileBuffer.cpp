// ChecksumFileBuffer: write(2) in a loop (short writes and EINTR), the checksum taken of what was written.
#include "io/ChecksumFileBuffer.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace mardyn {

ChecksumFileBuffer::ChecksumFileBuffer(int fd) : _fd(fd), _buffer(1 << 16) {
  setp(_buffer.data(), _buffer.data() + _buffer.size());
}

bool ChecksumFileBuffer::writeAll(const char* data, std::size_t size) {
  if (_error != 0) return false;
  _crc.update(data, size);
  while (size > 0) {
    const ssize_t n = ::write(_fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      _error = n < 0 ? errno : EIO;
      return false;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool ChecksumFileBuffer::flushBuffer() {
  const std::size_t n = static_cast<std::size_t>(pptr() - pbase());
  const bool ok = writeAll(pbase(), n);
  setp(_buffer.data(), _buffer.data() + _buffer.size());
  return ok;
}

ChecksumFileBuffer::int_type ChecksumFileBuffer::overflow(int_type ch) {
  if (!flushBuffer()) return traits_type::eof();
  if (!traits_type::eq_int_type(ch, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(ch);
    pbump(1);
  }
  return traits_type::not_eof(ch);
}

std::streamsize ChecksumFileBuffer::xsputn(const char* data, std::streamsize size) {
  const auto room = epptr() - pptr();
  if (size <= room) {
    std::memcpy(pptr(), data, static_cast<std::size_t>(size));
    pbump(static_cast<int>(size));
    return size;
  }
  if (!flushBuffer() || !writeAll(data, static_cast<std::size_t>(size))) return 0;
  return size;
}

}  // namespace mardyn
