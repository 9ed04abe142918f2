# Required libraries come from the system; MPI, OpenMP, CUDA and OpenCL are options that default to
# "on if found". Each option is reported by MardynSummary at the end of configuration.

find_package(tinyxml2 REQUIRED CONFIG)
find_package(PkgConfig REQUIRED)
pkg_check_modules(CPPUNIT REQUIRED IMPORTED_TARGET cppunit)
# FFTW: the real-to-complex transforms of particle-mesh Ewald in the platform library.
pkg_check_modules(FFTW3 REQUIRED IMPORTED_TARGET fftw3)
find_package(Threads REQUIRED)

find_package(MPI QUIET COMPONENTS CXX)
option(MARDYN_ENABLE_MPI "Build the MPI domain decomposition (Open MPI)" ${MPI_CXX_FOUND})
if(MARDYN_ENABLE_MPI AND NOT MPI_CXX_FOUND)
  message(FATAL_ERROR "MARDYN_ENABLE_MPI is ON but no MPI C++ library was found")
endif()

# Threads inside a process for the CPU pair kernels (OMP_NUM_THREADS); without it they run on one.
find_package(OpenMP QUIET COMPONENTS CXX)
option(MARDYN_ENABLE_OPENMP "Run the CPU pair kernels on several threads per process (OpenMP)" ${OpenMP_CXX_FOUND})
if(MARDYN_ENABLE_OPENMP AND NOT OpenMP_CXX_FOUND)
  message(FATAL_ERROR "MARDYN_ENABLE_OPENMP is ON but the compiler offers no OpenMP")
endif()

find_package(CUDAToolkit QUIET)
set(_mardyn_cuda_found OFF)
if(CUDAToolkit_FOUND AND TARGET CUDA::nvrtc)
  set(_mardyn_cuda_found ON)
endif()
option(MARDYN_ENABLE_CUDA "Build the CUDA compute backend (driver API + NVRTC)" ${_mardyn_cuda_found})
if(MARDYN_ENABLE_CUDA AND NOT _mardyn_cuda_found)
  message(FATAL_ERROR "MARDYN_ENABLE_CUDA is ON but the CUDA toolkit with NVRTC was not found")
endif()
# NVRTC alone: CMake's CUDA::nvrtc carries CUDA::cuda_driver (the libcuda.so stub) in its link
# interface, which would make every executable need libcuda.so.1 to start unless the linker drops it
# (--as-needed). The driver is opened at run time (dlopen), so nothing links it.
if(MARDYN_ENABLE_CUDA)
  get_target_property(_mardyn_nvrtc_location CUDA::nvrtc IMPORTED_LOCATION)
  if(NOT _mardyn_nvrtc_location)
    set(_mardyn_nvrtc_location ${CUDA_nvrtc_LIBRARY})
  endif()
  add_library(mardyn_nvrtc INTERFACE IMPORTED)
  set_target_properties(mardyn_nvrtc PROPERTIES
    INTERFACE_LINK_LIBRARIES "${_mardyn_nvrtc_location}"
    INTERFACE_INCLUDE_DIRECTORIES "${CUDAToolkit_INCLUDE_DIRS}")
endif()

find_package(OpenCL QUIET)
option(MARDYN_ENABLE_OPENCL "Build the OpenCL compute backend (ICD loader)" ${OpenCL_FOUND})
if(MARDYN_ENABLE_OPENCL AND NOT OpenCL_FOUND)
  message(FATAL_ERROR "MARDYN_ENABLE_OPENCL is ON but no OpenCL ICD loader/headers were found")
endif()
