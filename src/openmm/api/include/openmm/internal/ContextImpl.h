// ContextImpl: the implementation behind a Context. Creates the ForceImpls, lets the Platform attach its
// data, requests the core kernels and drives force evaluation (beginComputation, each ForceImpl, finish).
#pragma once

#include "openmm/Kernel.h"
#include "openmm/Vec3.h"

#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class Context;
class ForceImpl;
class Integrator;
class Platform;
class System;

class ContextImpl {
public:
  /** platform may be null: the fastest platform supporting all kernels is chosen. */
  ContextImpl(Context& owner, const System& system, Integrator& integrator, Platform* platform,
              const std::map<std::string, std::string>& properties);
  ~ContextImpl();
  ContextImpl(const ContextImpl&) = delete;
  ContextImpl& operator=(const ContextImpl&) = delete;

  Context& getOwner() { return _owner; }
  const System& getSystem() const { return _system; }
  Integrator& getIntegrator() { return _integrator; }
  const Integrator& getIntegrator() const { return _integrator; }
  Platform& getPlatform() { return *_platform; }
  const Platform& getPlatform() const { return *_platform; }
  std::vector<std::unique_ptr<ForceImpl>>& getForceImpls() { return _forceImpls; }
  const std::vector<std::unique_ptr<ForceImpl>>& getForceImpls() const { return _forceImpls; }

  double getTime() const;
  void setTime(double t);
  long long getStepCount() const;
  void setStepCount(long long count);
  void getPositions(std::vector<Vec3>& positions);
  void setPositions(const std::vector<Vec3>& positions);
  bool hasSetPositions() const { return _hasSetPositions; }
  void getVelocities(std::vector<Vec3>& velocities);
  void setVelocities(const std::vector<Vec3>& velocities);
  /** Forces of the most recent force evaluation. */
  void getForces(std::vector<Vec3>& forces);
  /** dE/d(global parameter) of the most recent force evaluation, for the derivatives the forces request. */
  void getEnergyParameterDerivatives(std::map<std::string, double>& derivatives);
  void getPeriodicBoxVectors(Vec3& a, Vec3& b, Vec3& c);
  void setPeriodicBoxVectors(const Vec3& a, const Vec3& b, const Vec3& c);

  const std::map<std::string, double>& getParameters() const { return _parameters; }
  /** Counts the changes of Forces' parameters in this Context (updateParametersInContext): an integrator that
   * keeps the forces of its last step for the next compares it. */
  unsigned long getForceParametersVersion() const { return _forceParametersVersion; }
  void forceParametersChanged() { ++_forceParametersVersion; }
  double getParameter(const std::string& name) const;
  void setParameter(const std::string& name, double value);

  void applyConstraints(double tol);
  void applyVelocityConstraints(double tol);
  /** Computes forces and/or energy of the force groups in the mask; returns the energy. */
  double calcForcesAndEnergy(bool includeForces, bool includeEnergy, int groups = 0xFFFFFFFF);
  /** Force groups of the most recent force evaluation. */
  int getLastForceGroups() const { return _lastForceGroups; }
  double calcKineticEnergy();
  /** Lets every ForceImpl update the state at the start of a step; true if forces must be recomputed. */
  bool updateContextState();

  /** The platform's data for this Context, set by Platform::contextCreated(). */
  void* getPlatformData() { return _platformData; }
  const void* getPlatformData() const { return _platformData; }
  void setPlatformData(void* data) { _platformData = data; }

  /** Groups of particles connected by constraints or bonds, each sorted. */
  const std::vector<std::vector<int>>& getMolecules() const;
  void createCheckpoint(std::ostream& stream);
  void loadCheckpoint(std::istream& stream);

private:
  /** Names each Force or Integrator class whose kernels the platform lacks. */
  std::string describeUnsupported(const Platform& platform, Integrator& integrator) const;
  /** Creates the platform data and the kernels on `platform` (everything undone if that throws). */
  void createOn(Platform& platform, const std::map<std::string, std::string>& properties);
  void checkPositionsSet(const char* operation) const;

  Context& _owner;
  const System& _system;
  Integrator& _integrator;
  Platform* _platform = nullptr;
  std::vector<std::unique_ptr<ForceImpl>> _forceImpls;
  std::map<std::string, double> _parameters;
  void* _platformData = nullptr;
  bool _hasSetPositions = false;
  bool _platformDataCreated = false;
  int _lastForceGroups = -1;
  unsigned long _forceParametersVersion = 0;
  mutable std::vector<std::vector<int>> _molecules;
  Kernel _initializeForcesKernel, _updateStateDataKernel, _applyConstraintsKernel;
};

} // namespace OpenMM
