// MardynProcess: helpers of the tests that run the `mardyn` executable (built beside mardyn_tests): its
// path, a run in a directory with stdout and stderr to files, and input/lj-fcc with other outputs.
#pragma once

#include "io/tests/IoTestFiles.h"

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace mardyn::iotest {

/// The mardyn executable beside this test executable (empty if /proc/self/exe cannot be read).
inline std::string mardynPath() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : (self.parent_path() / "mardyn").string();
}

/// Runs `mardyn args` in `dir` (out<tag>.txt, err<tag>.txt there), after the shell commands `before` (e.g.
/// "ulimit -f 64;") and through the command `via` (e.g. "strace -o trace.txt"); its exit code, or 128 + the
/// signal that ended it.
inline int runMardyn(const std::string& args, const TempDir& dir, const std::string& tag = "",
                     const std::string& before = "", const std::string& via = "") {
  const std::string cmd = "cd '" + dir.path().string() + "' && " + before + " exec " + via + " '" + mardynPath() + "' " +
                          args + " > out" + tag + ".txt 2> err" + tag + ".txt";
  const int status = std::system(cmd.c_str());
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// Starts `mardyn args...` in `dir` without waiting (stdout to out<tag>.txt, stderr to err<tag>.txt); its pid.
inline pid_t spawnMardyn(const std::vector<std::string>& args, const TempDir& dir, const std::string& tag = "") {
  const pid_t pid = fork();
  if (pid == 0) {
    if (chdir(dir.path().c_str()) != 0) _exit(127);
    const int out = open(("out" + tag + ".txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(("err" + tag + ".txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(out, 1);
    dup2(err, 2);
    const std::string exe = mardynPath();
    std::vector<char*> argv{const_cast<char*>(exe.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(exe.c_str(), argv.data());
    _exit(127);
  }
  return pid;
}

/// The last "Simstep = N" line of a step-line output, or -1.
inline long lastStepLine(const std::string& text) {
  const auto at = text.rfind("Simstep = ");
  return at == std::string::npos ? -1 : std::atol(text.c_str() + at + 10);
}

/// input/lj-fcc (864 LJ atoms, NVT) with `phasespace` ("generator": its own) and the given output plugins.
inline std::string ljConfig(const std::string& phasespace, const std::string& plugins) {
  const char* src = std::getenv("MARDYN_SOURCE_DIR");
  std::string cfg = readFile((std::filesystem::path(src ? src : ".") / "input" / "lj-fcc" / "config.xml").string());
  const auto ps0 = cfg.find("<generator"), ps1 = cfg.find("</generator>") + 12;
  if (phasespace != "generator") cfg.replace(ps0, ps1 - ps0, phasespace);
  const auto o0 = cfg.find("<output>"), o1 = cfg.find("</output>") + 9;
  return cfg.replace(o0, o1 - o0, "<output>" + plugins + "</output>");
}

/// One <outputplugin> element.
inline std::string plugin(const std::string& name, int frequency, const std::string& extra = "") {
  return "<outputplugin name=\"" + name + "\"><writefrequency>" + std::to_string(frequency) + "</writefrequency>" +
         extra + "</outputplugin>\n";
}

}  // namespace mardyn::iotest
