// Compiles a program that the GPU platforms wrote with MARDYN_OPENMM_SOURCES=DIR (its "// define NAME=VALUE" lines,
// then the source) for one CUDA architecture through NVRTC, as the CUDA platform would, and writes the cubin (to be
// read with `cuobjdump -sass`). Programs written on the OpenCL platform get the CUDA platform's warp barrier and
// work-group shape for the tile kernels (TILE_SYNC, WARPS_PER_GROUP).
//   usage: KernelCubin <program.cc> <out.cubin> [single|mixed|double] [architecture, default 90]
#include "cuda/CudaCompiler.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: " << argv[0] << " <program.cc> <out.cubin> [single|mixed|double] [architecture]\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "cannot read " << argv[1] << "\n";
    return 1;
  }
  mardyn::cuda::CudaCompiler::Defines defines;
  std::string line, source;
  bool header = true;
  while (std::getline(in, line)) {
    const std::string tag = "// define ";
    if (header && line.rfind(tag, 0) == 0) {
      const std::size_t equals = line.find('=');
      if (equals == std::string::npos) continue;
      const std::string name = line.substr(tag.size(), equals - tag.size());
      std::string value = line.substr(equals + 1);
      if (name == "TILE_SYNC") value = "SYNC_WARPS";
      if (name == "WARPS_PER_GROUP") value = "4";
      defines[name] = value;
      continue;
    }
    header = false;
    source += line + "\n";
  }
  const std::string precision = argc > 3 ? argv[3] : "mixed";
  const auto p = precision == "single"   ? mardyn::compute::Precision::Single
                 : precision == "double" ? mardyn::compute::Precision::Double
                                         : mardyn::compute::Precision::Mixed;
  const int arch = argc > 4 ? std::atoi(argv[4]) : 90;
  try {
    mardyn::cuda::CudaCompiler compiler("");
    const std::string cubin =
        compiler.compile(mardyn::cuda::CudaCompiler::fullSource(source, defines, p, argv[1]), argv[1], arch, "sass");
    std::ofstream(argv[2], std::ios::binary) << cubin;
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
