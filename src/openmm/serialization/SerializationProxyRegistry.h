// SerializationProxyRegistry: the library's own serialization proxies, one registration line per class, and the
// typed proxy that turns a pair of write/read functions into a SerializationProxy.
#pragma once

#include "openmm/serialization/SerializationProxy.h"

#include <functional>
#include <memory>
#include <typeinfo>

namespace OpenMM {

/** Calls `add` once for every class the library serializes. */
void registerBuiltInSerializationProxies(
    const std::function<void(const std::type_info&, const SerializationProxy*)>& add);

/** A proxy for class T of family Family (System, Force, Integrator or State) from a write and a read function. */
template <class Family, class T> class TypedSerializationProxy : public SerializationProxy {
public:
  using Write = void (*)(const T&, SerializationNode&);
  using Read = T* (*)(const SerializationNode&);
  TypedSerializationProxy(const std::string& typeName, Write write, Read read)
      : SerializationProxy(typeName), _write(write), _read(read) {}
  void serialize(const void* object, SerializationNode& node) const override {
    _write(dynamic_cast<const T&>(*static_cast<const Family*>(object)), node);
  }
  void* deserialize(const SerializationNode& node) const override {
    std::unique_ptr<T> object(_read(node));
    return static_cast<Family*>(object.release());
  }
  const std::type_info& getFamily() const override { return typeid(Family); }

private:
  Write _write;
  Read _read;
};

} // namespace OpenMM
