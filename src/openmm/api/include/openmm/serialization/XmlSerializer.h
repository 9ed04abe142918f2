// XmlSerializer: Systems, Forces, Integrators and States to and from OpenMM's XML format (element and attribute
// names as OpenMM 7.7 writes them, so files are exchanged both ways). Malformed XML or a missing or bad attribute
// throws an OpenMMException naming the line and element.
#pragma once

#include "openmm/Force.h"
#include "openmm/Integrator.h"
#include "openmm/OpenMMException.h"
#include "openmm/serialization/SerializationNode.h"
#include "openmm/serialization/SerializationProxy.h"

#include <iosfwd>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <typeinfo>

namespace OpenMM {

class XmlSerializer {
public:
  /** Writes `object` under a root element named rootName (OpenMM uses "System", "Integrator", "State"). */
  template <class T> static void serialize(const T* object, const std::string& rootName, std::ostream& stream) {
    if (object == nullptr)
      throw OpenMMException("XmlSerializer: cannot serialize a null object");
    const SerializationProxy& proxy = SerializationProxy::getProxy(typeid(*object));
    SerializationNode node(rootName);
    node.setStringProperty("type", proxy.getTypeName());
    proxy.serialize(static_cast<const void*>(familyBase(object)), node);
    write(node, stream);
  }
  /** Reads an object written by serialize (here or by OpenMM); the caller owns it. */
  template <class T> static T* deserialize(std::istream& stream) {
    SerializationNode node = read(stream);
    const std::string& type = node.getStringProperty("type");
    const SerializationProxy& proxy = SerializationProxy::getProxy(type);
    using Base = typename std::conditional<
        std::is_base_of<Force, T>::value, Force,
        typename std::conditional<std::is_base_of<Integrator, T>::value, Integrator, T>::type>::type;
    if (proxy.getFamily() != typeid(Base))
      throw OpenMMException("XmlSerializer: " + node.describe() + " holds a " + type + ", which is not a " +
                            familyName<Base>());
    std::unique_ptr<Base> object(static_cast<Base*>(proxy.deserialize(node)));
    T* typed = dynamic_cast<T*>(object.get());
    if (typed == nullptr)
      throw OpenMMException("XmlSerializer: " + node.describe() + " holds a " + type + ", not the class asked for");
    object.release();
    return typed;
  }
  /** A deep copy through serialization. */
  template <class T> static T* clone(const T& object) {
    std::stringstream buffer;
    serialize<T>(&object, "Object", buffer);
    return deserialize<T>(buffer);
  }
  /** The node tree as XML (one element per node, tab indentation). */
  static void write(const SerializationNode& node, std::ostream& stream);
  /** Parses XML into a node tree; throws with the line of the first error. */
  static SerializationNode read(std::istream& stream);

private:
  template <class T> static const void* familyBase(const T* object) {
    if constexpr (std::is_base_of<Force, T>::value)
      return static_cast<const Force*>(object);
    else if constexpr (std::is_base_of<Integrator, T>::value)
      return static_cast<const Integrator*>(object);
    else
      return object;
  }
  template <class Base> static std::string familyName() {
    if constexpr (std::is_same<Base, Force>::value)
      return "Force";
    else if constexpr (std::is_same<Base, Integrator>::value)
      return "Integrator";
    else
      return SerializationProxy::getProxy(typeid(Base)).getTypeName();
  }
};

} // namespace OpenMM
