# Sourced by the compare-*.sh scripts: the build directory (first argument, default build), Debian's OpenMM 7.7
# present, the library built, and one program compiled and run against both.
#   peer_build NAME SOURCE   compiles SOURCE into $WORK/NAME_openmm77 and $WORK/NAME_project
#   peer_run NAME            writes $WORK/NAME_77.txt (OpenMM 7.7, Reference) and $WORK/NAME_Reference.txt,
#                            $WORK/NAME_CPU.txt (this library)
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD="$(realpath -m "${1:-$ROOT/build}")"
WORK="$BUILD/validation-openmm"
mkdir -p "$WORK"
[ -f /usr/include/OpenMM.h ] || { echo "Debian's OpenMM 7.7 is missing: apt-get install libopenmm-dev libopenmm-plugins" >&2; exit 2; }
cmake --build "$BUILD" -j2 --target OpenMM OpenMMCPU >/dev/null
CXX="${CXX:-g++}"

peer_build() {
  # src/openmm/tests holds headers of public API only that the programs share with the test bodies.
  "$CXX" -std=c++17 -O2 -o "$WORK/$1_openmm77" "$2" -I"$ROOT/src/openmm/tests" -lOpenMM
  "$CXX" -std=c++17 -O2 -o "$WORK/$1_project" "$2" -I"$ROOT/src/openmm/tests" \
    -I"$ROOT/src/openmm/api/include" -I"$ROOT/src/openmm/olla/include" -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lOpenMM
}

peer_run() {
  (unset OPENMM_PLUGIN_DIR; "$WORK/$1_openmm77" Reference > "$WORK/$1_77.txt")
  for platform in Reference CPU; do
    OPENMM_PLUGIN_DIR="$BUILD/lib/plugins" "$WORK/$1_project" "$platform" > "$WORK/$1_$platform.txt"
  done
}
