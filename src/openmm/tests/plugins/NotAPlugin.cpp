// NotAPlugin: a shared library without registerPlatforms/registerKernelFactories, placed among the test
// plugins so that the loader's failure report is tested.
extern "C" int notAPluginFunction() { return 42; }
