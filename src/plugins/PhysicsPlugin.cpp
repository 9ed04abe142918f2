// PhysicsPlugin: the dispatch of a hook by its point of the step.
#include "plugins/PhysicsPlugin.h"

namespace mardyn {

const char* hookName(PluginHook hook) {
  switch (hook) {
    case PluginHook::BeforeEventNewTimestep: return "beforeEventNewTimestep";
    case PluginHook::BeforeExchange: return "beforeExchange";
    case PluginHook::BeforeForces: return "beforeForces";
    case PluginHook::SiteWiseForces: return "siteWiseForces";
    case PluginHook::AfterForces: return "afterForces";
    case PluginHook::EndStep: return "endStep";
  }
  return "?";
}

void PhysicsPlugin::call(PluginHook hook, PluginStep& s) {
  switch (hook) {
    case PluginHook::BeforeEventNewTimestep: beforeEventNewTimestep(s); return;
    case PluginHook::BeforeExchange: beforeExchange(s); return;
    case PluginHook::BeforeForces: beforeForces(s); return;
    case PluginHook::SiteWiseForces: siteWiseForces(s); return;
    case PluginHook::AfterForces: afterForces(s); return;
    case PluginHook::EndStep: endStep(s); return;
  }
}

}  // namespace mardyn
