// Simulation's reduction at the end of every step: the energies, kinetic sums and counts of all processes, the
// lost-molecule flag, the Verlet lists' forecast for the next exchange and each process's time since the last
// reduction, all in one collective; then the global values, the thermostat and the energy check.
#include "Simulation.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace mardyn {

void Simulation::computeGlobalValues(const KineticSums& local, bool applyThermostat) {
  const std::size_t nc = _config.components.size();
  std::vector<double> d{_localUpot, _localVirial};
  d.insert(d.end(), local.summv2.begin(), local.summv2.end());
  d.insert(d.end(), local.sumIw2.begin(), local.sumIw2.end());
  // The counts travel in the same reduction (one collective per step): as doubles they stay exact up to 2^53.
  const std::size_t countsAt = d.size();
  d.insert(d.end(), local.count.begin(), local.count.end());
  d.insert(d.end(), local.rotDof.begin(), local.rotDof.end());
  // The Verlet lists' forecast for the next step's exchange travels in the same reduction (maxima), and so does
  // this process's time since the last reduction (sum and maximum).
  const bool forecast = _forecastLists && _haloFollows;
  std::vector<double> farthest;
  if (forecast) farthest = _follower->forecast(_integrator->timestep()).maxima();
  const double busy = _sinceReduction.seconds();
  const std::size_t busyAt = d.size();
  d.push_back(busy);
  farthest.push_back(busy);
  d.push_back(_decomp->takeLostMolecules() ? 1.0 : 0.0);
  _decomp->allreduceSumMax(d, farthest);
  _sinceReduction.reset();
  _sinceReduction.start();
  if (_prepared) {  // the steps of the loop (not the set-up)
    _slowestSteps += farthest.back();
    _meanSteps += d[busyAt] / _decomp->numProcs();
  }
  farthest.pop_back();
  if (d.back() > 0.0)
    throw MardynException("step " + std::to_string(_step) + ": a molecule moved farther than one halo width in one "
                          "time step and left the process regions (time step too large or system exploding)");
  std::vector<unsigned long> u(2 * nc);
  for (std::size_t k = 0; k < u.size(); ++k) u[k] = static_cast<unsigned long>(std::llround(d[countsAt + k]));
  KineticSums g;
  g.reset(nc);
  double summv2 = 0.0, sumIw2 = 0.0;
  unsigned long n = 0, rotDof = 0;
  for (std::size_t c = 0; c < nc; ++c) {
    g.summv2[c] = d[2 + c];
    g.sumIw2[c] = d[2 + nc + c];
    g.count[c] = u[c];
    g.rotDof[c] = u[nc + c];
    summv2 += g.summv2[c];
    sumIw2 += g.sumIw2[c];
    n += g.count[c];
    rotDof += g.rotDof[c];
  }
  _domain->setGlobalValues(d[0], d[1], summv2, sumIw2, n, rotDof);

  GlobalValues& gv = _globals;
  gv.numMolecules = n;
  gv.volume = _domain->volume();
  gv.temperature = _domain->globalTemperature();
  gv.temperatureTrans = _domain->translationalTemperature();
  gv.temperatureRot = _domain->rotationalTemperature();
  gv.uPot = _domain->globalUpot();
  gv.uKinTrans = 0.5 * summv2;
  gv.uKinRot = 0.5 * sumIw2;
  gv.virial = _domain->globalVirial();
  gv.pressure = _domain->globalPressure();
  gv.degreesOfFreedom = _domain->degreesOfFreedom();
  gv.virialCorrection = _domain->virialCorrection();
  gv.betaTrans = 1.0;
  gv.betaRot = 1.0;
  bool capped = false;
  if (applyThermostat && _thermostat) {
    _thermostat->computeFactors(g);
    // The heuristic caps every molecule's kinetic energy, as ls1 does (where the molecules live), and the run
    // goes on from a step whose kinetic energy jumped (overlapping set-ups).
    capped = _resident ? _thermostat->limitExplosions([this](double T) { _resident->capKineticEnergies(T); })
                       : _thermostat->limitExplosions(_container.get());
    if (_resident) {
      std::vector<double> betaTrans, betaRot;
      _thermostat->componentFactors(betaTrans, betaRot);
      _resident->scaleVelocities(betaTrans, betaRot);
    } else {
      _thermostat->apply(*_container);
    }
    gv.betaTrans = _thermostat->betaTrans(0);
    gv.betaRot = _thermostat->betaRot(0);
  }
  if (applyThermostat && _explosionGuard) {
    _explosionGuard->computeFactors(g);
    capped = _resident ? _explosionGuard->limitExplosions([this](double T) { _resident->capKineticEnergies(T); })
                       : _explosionGuard->limitExplosions(_container.get());
  }
  _conditions->checkEnergies(gv.uKinTrans + gv.uKinRot, gv.uPot, n, _step, capped);
  _listKeepsNext = false;
  if (forecast && !capped) {
    double scaling = 0.0;  // the thermostat's factors have just scaled the velocities the forecast used
    if (applyThermostat && _thermostat) {
      std::vector<double> betaTrans, betaRot;
      _thermostat->componentFactors(betaTrans, betaRot);
      for (double b : betaTrans) scaling = std::max(scaling, std::abs(b - 1.0));
    }
    _listKeepsNext = _follower->forecastKeepsList(VerletListCellProcessor::Forecast::fromMaxima(farthest),
                                                  _integrator->timestep(), scaling);
  }
}

}  // namespace mardyn
