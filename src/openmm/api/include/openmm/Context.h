// Context: one simulation of a System with an Integrator on a Platform. Owns the ContextImpl that holds
// the platform data; all state (positions, velocities, parameters, checkpoints) goes through it.
#pragma once

#include "openmm/Integrator.h"
#include "openmm/Platform.h"
#include "openmm/State.h"
#include "openmm/System.h"
#include "openmm/Vec3.h"

#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ContextImpl;
class Integrator;
class Platform;
class System;

class Context {
public:
  /** Uses the fastest platform that supports the System. */
  Context(const System& system, Integrator& integrator);
  Context(const System& system, Integrator& integrator, Platform& platform);
  Context(const System& system, Integrator& integrator, Platform& platform,
          const std::map<std::string, std::string>& properties);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const System& getSystem() const;
  Integrator& getIntegrator();
  const Integrator& getIntegrator() const;
  Platform& getPlatform();
  const Platform& getPlatform() const;

  /**
   * Snapshot of the requested data (State::DataType bits). enforcePeriodicBox wraps each molecule's centre into
   * the box; groups is a bit mask of force groups whose forces and energy are included.
   */
  State getState(int types, bool enforcePeriodicBox = false, int groups = 0xFFFFFFFF) const;
  /** Copies time, positions, velocities, box and parameters held by state into this Context. */
  void setState(const State& state);
  /** Simulated time in ps. */
  double getTime() const;
  void setTime(double time);
  long long getStepCount() const;
  void setStepCount(long long count);
  void setPositions(const std::vector<Vec3>& positions);
  void setVelocities(const std::vector<Vec3>& velocities);
  /**
   * Draws velocities from the Maxwell distribution at temperature (K), shifts them by -offset F/m where the
   * integrator's velocities lag the positions (Integrator::getVelocityTimeOffset()), then constrains them.
   */
  void setVelocitiesToTemperature(double temperature, int randomSeed = 0);
  const std::map<std::string, double>& getParameters() const;
  double getParameter(const std::string& name) const;
  void setParameter(const std::string& name, double value);
  void setPeriodicBoxVectors(const Vec3& a, const Vec3& b, const Vec3& c);
  void applyConstraints(double tol);
  void applyVelocityConstraints(double tol);
  /** Groups of particles connected by constraints or bonded forces (each sorted by index). */
  const std::vector<std::vector<int>>& getMolecules() const;
  /** Sets the positions of the virtual sites from those of the particles they depend on. */
  void computeVirtualSites();
  /** Rebuilds the platform data after the System changed; preserveState keeps positions, velocities etc. */
  void reinitialize(bool preserveState = false);
  /** Writes the complete dynamic state (incl. random-number state) for loadCheckpoint() on the same platform. */
  void createCheckpoint(std::ostream& stream);
  void loadCheckpoint(std::istream& stream);

private:
  friend class Force;
  friend class LocalEnergyMinimizer;
  friend class Platform;
  friend class RestrainedEnergy;
  ContextImpl& getImpl();
  const ContextImpl& getImpl() const;

  std::map<std::string, std::string> _properties;
  std::unique_ptr<ContextImpl> _impl;
};

} // namespace OpenMM
