// SerializationProxy: writes one class of object into a SerializationNode and creates one from it. Proxies are
// registered by the object's dynamic type and by the type name written in the "type" attribute; the library's
// own are registered in one table (serialization/SerializationProxyRegistry.cpp), a plugin adds its own with
// registerProxy. deserialize returns a pointer to the object's family base (System, Force, Integrator, State).
#pragma once

#include <string>
#include <typeinfo>

namespace OpenMM {

class SerializationNode;

class SerializationProxy {
public:
  explicit SerializationProxy(const std::string& typeName) : _typeName(typeName) {}
  virtual ~SerializationProxy() = default;
  const std::string& getTypeName() const { return _typeName; }
  virtual void serialize(const void* object, SerializationNode& node) const = 0;
  virtual void* deserialize(const SerializationNode& node) const = 0;
  /** The class whose pointer deserialize returns (System, Force, Integrator or State). */
  virtual const std::type_info& getFamily() const = 0;
  /** Registers a proxy (owned by the registry from then on) for a class. */
  static void registerProxy(const std::type_info& type, const SerializationProxy* proxy);
  /** The proxy for a type name written in XML; throws naming the type if there is none. */
  static const SerializationProxy& getProxy(const std::string& typeName);
  /** The proxy for an object's dynamic type; throws naming the class if there is none. */
  static const SerializationProxy& getProxy(const std::type_info& type);

private:
  std::string _typeName;
};

} // namespace OpenMM
