// SerializationProxy: the registry of proxies, by dynamic type and by type name, filled with the library's own
// proxies on first use (SerializationProxyRegistry.cpp) and open to registerProxy.
#include "openmm/serialization/SerializationProxy.h"

#include "SerializationProxyRegistry.h"
#include "openmm/OpenMMException.h"

#include <map>
#include <memory>
#include <mutex>
#include <typeindex>

namespace OpenMM {

namespace {
struct Registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<const SerializationProxy>> proxies;
  std::map<std::type_index, const SerializationProxy*> byType;
  std::map<std::string, const SerializationProxy*> byName;
};

void add(Registry& r, const std::type_info& type, const SerializationProxy* proxy) {
  r.proxies.emplace_back(proxy);
  r.byType[std::type_index(type)] = proxy;
  r.byName[proxy->getTypeName()] = proxy;
}

Registry& registry() {
  static Registry instance;
  static std::once_flag builtIns;
  std::call_once(builtIns, [] {
    registerBuiltInSerializationProxies(
        [](const std::type_info& type, const SerializationProxy* proxy) { add(instance, type, proxy); });
  });
  return instance;
}
} // namespace

void SerializationProxy::registerProxy(const std::type_info& type, const SerializationProxy* proxy) {
  if (proxy == nullptr)
    throw OpenMMException("SerializationProxy::registerProxy: null proxy");
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  add(r, type, proxy);
}

const SerializationProxy& SerializationProxy::getProxy(const std::string& typeName) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.byName.find(typeName);
  if (it == r.byName.end())
    throw OpenMMException("XmlSerializer: no serialization proxy for the type '" + typeName + "'");
  return *it->second;
}

const SerializationProxy& SerializationProxy::getProxy(const std::type_info& type) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.byType.find(std::type_index(type));
  if (it == r.byType.end())
    throw OpenMMException(std::string("XmlSerializer: no serialization proxy for the class ") + type.name());
  return *it->second;
}

} // namespace OpenMM
