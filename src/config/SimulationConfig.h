// SimulationConfig: everything read from a mardyn XML configuration (and the phase space it names),
// as plain data. The XML reader and the readers it is handed fill it; Simulation consumes it.
#pragma once

#include "molecules/Component.h"
#include "molecules/Quaternion.h"
#include "utils/MardynException.h"
#include "utils/Vec3.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mardyn {

/// Where a setting was read: file, line and element path (for messages about its value).
struct SettingSource {
  std::string file;
  int line = 0;
  std::string path;
  /// An InputProblem at this place.
  InputProblem problem(const std::string& message) const { return {file, line, path, message}; }
};

/// Lorentz-Berthelot mixing for one pair of components (ls1's mixing/rule[@type=LB]);
/// sigma_ij = eta * (sigma_i + sigma_j) / 2, epsilon_ij = xi * sqrt(epsilon_i * epsilon_j).
struct MixingRule {
  unsigned cid1 = 0;  ///< 0-based component index (the XML numbers from 1)
  unsigned cid2 = 0;  ///< 0-based component index
  double eta = 1.0;
  double xi = 1.0;
};

/// One molecule of the initial phase space, already resolved (from an .inp file or a generator).
struct MoleculeRecord {
  unsigned component = 0;   ///< 0-based index into SimulationConfig::components
  unsigned long id = 0;     ///< molecule id as written in the input
  Vec3 r;                   ///< centre of mass
  Vec3 v;                   ///< centre-of-mass velocity
  Quaternion q;             ///< orientation (identity for IRV/ICRV input)
  Vec3 L;                   ///< angular momentum, space frame (ls1's D columns)
};

/// One thermostat of algorithm/thermostats. ls1's VelocityScaling thermostat; an empty
/// componentName means the global thermostat (all components).
struct ThermostatConfig {
  std::string type = "VelocityScaling";
  std::string componentName;   ///< ls1's @componentName, empty = all components
  int component = -1;          ///< resolved 0-based component index, -1 = all
  double temperature = 0.0;
  SettingSource source;        ///< the thermostat element (empty for the ensemble's default thermostat)
};

/// One region of ls1's TemperatureControl thermostat (algorithm/thermostats/thermostat[@type=TemperatureControl]/
/// regions/region): molecules strictly inside [lower, upper] of the target component (0: all, else the
/// 1-based id) are scaled towards the target temperature slab by slab (slabs along y).
struct TemperatureControlRegion {
  Vec3 lower, upper;                 ///< coords/lc{x,y,z}, uc{x,y,z} ("box": the box length)
  double temperature = 0.0;          ///< target/temperature
  unsigned component = 0;            ///< target/component: 0 all components, else 1-based
  unsigned numSlabs = 1;             ///< settings/numslabs
  double exponent = 0.0;             ///< settings/exponent: beta = (T_target / T)^exponent (ls1's default 0)
  std::array<bool, 3> directions{true, true, true};  ///< settings/directions: the velocity components scaled
  std::array<int, 6> refCoords{};    ///< coords/*@refcoordsID of lcx..ucz: 0 absolute, 1/2 relative to DistControl's
                                     ///< left/right interface (lower/upper then hold the offsets until it places them)
  bool andersen = false;             ///< method Andersen (else VelocityScaling)
  double nu = 0.0;                   ///< settings/nu: Andersen collision frequency
  bool ramp = false;                 ///< target/ramp: start, end, update/{start, stop, freq}
  double rampStart = 0.0, rampEnd = 0.0;
  unsigned long rampUpdateStart = 0, rampUpdateStop = 0, rampUpdateFreq = 1;
  unsigned long writeFrequency = 1000;  ///< writefreq of the beta log
  std::string filePrefix = "beta_log";  ///< fileprefix: the beta log is <prefix>_reg<N>.dat
};

/// ls1's TemperatureControl: regions controlled at steps s with s % frequency == 0 and start < s <= stop.
struct TemperatureControlConfig {
  bool enabled = false;
  unsigned long start = 0, frequency = 1, stop = 1000000000;
  std::vector<TemperatureControlRegion> regions;
  SettingSource source;  ///< the thermostat element (for messages)
};

/// longrange type="planar" (ls1): slabs along y, recomputed every `frequency` force computations;
/// smooth: the profile averaged over the run; region: only molecules with left <= y <= right get the force.
struct PlanarLongRangeConfig {
  unsigned slabs = 200;
  unsigned long frequency = 10;
  bool smooth = false;
  double left = 0.0, right = -1.0;  ///< region/left, region/right (right < 0: the box length)
  SettingSource source;
};

/// The settings of one physics plugin as its reader made them: each plugin's own settings type derives from
/// this (it lives with the plugin, in src/plugins), so that the configuration holds plugins it does not know.
struct PluginSettings {
  virtual ~PluginSettings() = default;
};

/// One physics plugin of the configuration (<plugin name="...">), read by the reader its name is registered
/// with (PhysicsPluginRegistry) and created from these settings by the same entry.
struct PhysicsPluginConfig {
  std::string name;                                ///< @name, as registered
  SettingSource source;                            ///< the plugin element
  std::shared_ptr<const PluginSettings> settings;  ///< the plugin's own settings type
  /// The settings as the plugin's type (throws std::bad_cast for another type).
  template <class Settings>
  const Settings& as() const {
    return dynamic_cast<const Settings&>(*settings);
  }
};

/// refunits[@type=SI]: what one reduced unit is in SI (for printing SI values only; the
/// simulation itself uses numbers as written, k_B = 1).
struct RefUnits {
  bool given = false;
  double lengthMeter = 1.0;   ///< length unit in m
  double massKg = 1.0;        ///< mass unit in kg
  double energyJoule = 1.0;   ///< energy unit in J
  double temperatureKelvin() const { return energyJoule / 1.380649e-23; }  ///< T unit in K
  double pressurePascal() const { return energyJoule / (lengthMeter * lengthMeter * lengthMeter); }
};

/// One output/outputplugin element. Known plugins read their settings from `params`
/// (child element name -> text, e.g. "writefrequency" -> "5").
struct OutputPluginConfig {
  std::string name;                          ///< @name, e.g. "ResultWriter"
  std::string type;                          ///< @type if given (e.g. CheckpointWriter: ASCII)
  unsigned long writeFrequency = 1;          ///< writefrequency (steps)
  std::string outputPrefix;                  ///< outputprefix as written (empty = plugin default)
  std::map<std::string, std::string> params; ///< every simple child element, by name (checked against the
                                             ///< plugin's settings by OutputPluginRegistry::check)
  std::map<std::string, SettingSource> sources;  ///< where each of params was read
  std::string file;                          ///< configuration file it came from (for messages)
  int line = 0;                              ///< line of the element (for messages)
  /// What the plugin's own reader made of its element, for plugins with nested settings (regions, spheres,
  /// profiles; the plugin's type, deriving from PluginSettings); null for the others.
  std::shared_ptr<const PluginSettings> settings;
  /// The settings as the plugin's type (throws std::bad_cast for another type).
  template <class Settings>
  const Settings& as() const {
    return dynamic_cast<const Settings&>(*settings);
  }
};

/// parallelisation type="KDDecomposition": ls1's load-balanced k-d tree of cuboids (its element names);
/// GeneralDomainDecomposition is read into it.
struct KDDecompositionConfig {
  unsigned long updateFrequency = 100;      ///< regions recomputed every this many steps (and at the start)
  int fullSearchThreshold = 2;              ///< nodes of at most this many processes try every split of them
  bool splitBiggestDimension = true;        ///< split along the longest side only
  int splitThreshold = 2147483647;          ///< nodes of more processes: the longest side only
  int minNumCellsPerDimension = 2;          ///< cells (cutoff + skin wide) per region along each axis, at least
  double rebalanceLimit = 0.0;              ///< > 0: recompute only when max/min work per process exceeds it
  bool measuredLoad = false;                ///< doMeasureLoadCalc/heterogeneousSystems: shares by measured speed
  unsigned long initialPhaseSteps = 0;      ///< GeneralDomainDecomposition's initialPhaseTime
  unsigned long initialPhaseFrequency = 0;  ///< ... and initialPhaseFrequency
};

/// algorithm/parallelisation: how the domain is split across MPI ranks.
struct ParallelisationConfig {
  std::string type = "DomainDecomposition";  ///< DomainDecomposition or KDDecomposition (as run)
  std::array<int, 3> mpiGridDims{0, 0, 0};   ///< MPIGridDims x,y,z; 0 = chosen automatically
  KDDecompositionConfig kd;                  ///< type KDDecomposition
};

/// GPU settings (command line --gpu/--gpu-backend/--cell-processor/--precision, or an XML
/// algorithm/gpu element). Interpreted by the GPU decorator; kept open on purpose.
struct GpuConfig {
  bool enabled = false;
  std::string backend;                        ///< "cuda", "opencl" or empty (= first available)
  std::string cellProcessor;                  ///< a CellProcessorRegistry name, "auto" or empty
  std::string precision;                      ///< "single", "mixed", "double" or empty
  std::map<std::string, std::string> options; ///< further key=value settings
  /// Where each setting read from XML was written, by name ("backend", "cellProcessor", "precision",
  /// or an option's name); settings from the command line have no entry.
  std::map<std::string, SettingSource> sources;
};

/// The checkpoint a run starts from, when its phase space is a checkpoint this program wrote: the
/// header's step and the output plugins' saved state (running averages). Empty for a fresh run.
struct RestartPoint {
  bool active = false;           ///< the phase space carried a step: the run continues from it
  unsigned long step = 0;        ///< step of the checkpoint; the run continues with step + 1
  std::string file;              ///< the checkpoint file (never overwritten by this run)
  /// Saved plugin states in the order written: (plugin name, state text).
  std::vector<std::pair<std::string, std::string>> pluginStates;
  std::vector<int> pluginStateLines;  ///< the line of each saved state in `file` (for messages)
  std::string chain;             ///< the run chain the checkpoint belongs to (empty: written before chains)
};

/// Everything the application needs to set up a Simulation.
struct SimulationConfig {
  std::string configFile;        ///< path of the XML file as given
  std::string outputPrefix;      ///< --output-prefix (prepended to every output file), default ""

  // integrator / run
  std::string integrator = "Leapfrog";
  double timestep = 0.0;
  double currentTime = 0.0;
  unsigned long productionSteps = 0;     ///< run/production/steps: the last step (overridden by --steps);
                                         ///< a restart from step S runs steps S+1..productionSteps (ls1)
  SettingSource productionStepsSource;   ///< where productionSteps was read (for messages)
  unsigned long equilibrationSteps = 0;  ///< run/equilibration/steps: as in ls1, the step from which
                                         ///< averages are accumulated (part of the production steps)

  // ensemble
  enum class Ensemble { NVT, NVE };
  Ensemble ensemble = Ensemble::NVT;
  double temperature = 0.0;              ///< ensemble/temperature (target for NVT and generators)
  Vec3 box;                              ///< domain lx, ly, lz

  std::vector<Component> components;     ///< component i has id() == i
  std::vector<MixingRule> mixing;        ///< pairs not listed mix with eta = xi = 1
  std::vector<MoleculeRecord> molecules; ///< initial phase space, every molecule inside [0, box)

  // algorithm
  double cutoffRadius = 0.0;             ///< cutoffs/radiusLJ (centre-of-mass cutoff)
  double cutoffSwitchWidth = 0.0;        ///< cutoffs/switchingwidth: smooth switch of molecule pairs over
                                         ///< [rc - w, rc] (mardyn extension; 0 = plain truncation, ls1)
  double epsilonRF = 1.0e10;             ///< electrostatic[@type=ReactionField]/epsilon
  int cellsInCutoffRadius = 1;           ///< datastructure/cellsInCutoffRadius
  double verletSkin = -1.0;              ///< datastructure/skin: Verlet-list skin for single-centre LJ systems
                                         ///< (negative: 0.12 x cutoff, 0: no list; mardyn extension)
  bool fullExchange = false;             ///< --full-exchange: migration and new halo copies at every step
  /// --newton on|off: pairs across process faces computed once (forces sent back) or on both sides at
  /// half weight; unset (auto): on for multi-site molecules, off for single-centre LJ
  std::optional<bool> newton;
  enum class LongRange { Homogeneous, None, Planar };
  LongRange longRange = LongRange::Homogeneous;  ///< ls1 default: homogeneous correction
  /// What the homogeneous correction counts in a system made by one of ls1-mardyn's generators: the molecules
  /// present (Applied, the default), or, as ls1-mardyn, ls1GeneratorCounts: its generators leave the
  /// per-component counts at zero, so ls1 runs such systems without the correction (longrange/generated,
  /// --generated-lrc).
  enum class GeneratedLongRange { Applied, Ls1 };
  GeneratedLongRange generatedLongRange = GeneratedLongRange::Applied;
  std::string ls1Generator;                        ///< the ls1-mardyn generator that made the phase space, else ""
  SettingSource ls1GeneratorSource;                ///< its element
  std::vector<unsigned long> ls1GeneratorCounts;   ///< per component: the counts ls1's correction uses then (zero
                                                   ///< but for the molecules of files a ReplicaFiller reads)
  PlanarLongRangeConfig planar;                  ///< settings of LongRange::Planar
  std::vector<ThermostatConfig> thermostats;     ///< empty: one global thermostat at `temperature` (NVT)
  TemperatureControlConfig temperatureControl;   ///< replaces the thermostats when enabled (as in ls1)
  /// The <plugin> elements of the physics plugins (MaxCheck, Mirror, DistControl, ...), in XML order: the
  /// order in which they act at each point of the step, as in ls1.
  std::vector<PhysicsPluginConfig> physicsPlugins;
  ParallelisationConfig parallelisation;
  GpuConfig gpu;
  bool legacyCellProcessor = false;      ///< --legacy-cell-processor
  std::string cpuCellProcessor;          ///< --cpu-cell-processor: a registry name (empty: automatic)
  std::string simd;                      ///< --simd: variant of the CPU kernels (empty: the best the CPU has)

  RefUnits refUnits;
  std::vector<OutputPluginConfig> outputPlugins;  ///< in XML order, unknown names included
  RestartPoint restart;                  ///< the checkpoint this run continues, if any
  std::string runChain;                  ///< the run chain this run belongs to (RunChain): the checkpoint's on a
                                         ///< restart, else a new one (the Simulation draws it when empty)
  std::vector<InputProblem> warnings;    ///< inconsistencies that do not stop the run (printed by main)

  // command-line controlled output
  bool finalCheckpoint = true;           ///< --final-checkpoint 0|1
  unsigned long printInterval = 1;       ///< per-step line every this many steps (0 = never)
  bool quiet = false;

  /// The physics plugins named `name`, in XML order.
  std::vector<const PhysicsPluginConfig*> physicsPluginsNamed(const std::string& name) const {
    std::vector<const PhysicsPluginConfig*> list;
    for (const PhysicsPluginConfig& p : physicsPlugins)
      if (p.name == name) list.push_back(&p);
    return list;
  }
  /// Appends a physics plugin (as its reader would, for set-ups made in code).
  void addPhysicsPlugin(const std::string& name, std::shared_ptr<const PluginSettings> settings) {
    physicsPlugins.push_back({name, SettingSource{}, std::move(settings)});
  }

  /// The last step of the run (ls1's convention: run/production/steps counts every step).
  unsigned long totalSteps() const { return productionSteps; }
  /// The first step number: 0, or the step of the checkpoint a restart continues.
  unsigned long startStep() const { return restart.active ? restart.step : 0; }
  /// Steps this run computes: from startStep() to totalSteps().
  unsigned long stepsToRun() const { return totalSteps() > startStep() ? totalSteps() - startStep() : 0; }
};

}  // namespace mardyn
