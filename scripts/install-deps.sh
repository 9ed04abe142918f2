#!/usr/bin/env bash
# Installs the system packages the build needs (Debian 12). As root it runs apt-get; otherwise it
# prints the exact command to run. Usage: scripts/install-deps.sh [extra-package...]
set -euo pipefail

packages=(cmake make g++ pkg-config libtinyxml2-dev libcppunit-dev libfftw3-dev libvkfft-dev
          ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo
          libopenmpi-dev openmpi-bin strace
          python3-matplotlib python3-meshio)  # mardyn-plot's figures; the VTK frames read back in the tests
packages+=("$@")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${missing[*]}" >&2
  echo "Install them with:  sudo apt-get update && sudo $cmd" >&2
  exit 1
fi
echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
$cmd
