#!/usr/bin/env bash
# Fails if any of the given executables or shared libraries needs the CUDA driver library
# (libcuda.so*) to start: neither a NEEDED entry nor anything ldd resolves for it may name it.
# The first argument is also run: it must start and exit 0. Usage: check-no-driver-link.sh FILE...
set -uo pipefail
status=0
for f in "$@"; do
  if readelf -d "$f" | grep NEEDED | grep -qi 'libcuda\.so'; then
    echo "FAIL: $f needs $(readelf -d "$f" | grep NEEDED | grep -io 'libcuda\.so[.0-9]*')" >&2
    status=1
  fi
  if ldd "$f" 2>&1 | grep -qi 'libcuda\.so'; then
    echo "FAIL: $f loads the CUDA driver at start: $(ldd "$f" | grep -i 'libcuda\.so')" >&2
    status=1
  fi
done
if ! "$1" > /dev/null; then
  echo "FAIL: $1 does not start" >&2
  status=1
fi
[ $status -eq 0 ] && echo "OK: none of $# files needs libcuda.so.1"
exit $status
