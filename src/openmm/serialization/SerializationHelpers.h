// SerializationHelpers: pieces the proxies share: a Force's common attributes, Vec3 elements, lists of
// elements with their item name checked, per-term parameter values and the global parameters of custom forces.
#pragma once

#include "openmm/Vec3.h"
#include "openmm/serialization/SerializationNode.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace OpenMM {

class Force;
class TabulatedFunction;
class TabulatedFunctionList;

namespace serialization {

/** forceGroup, name and version; usesPeriodic too when the class writes it. */
void writeForceBase(const Force& force, SerializationNode& node, int version, bool writeUsesPeriodic);
/** forceGroup (default 0) and name. */
void readForceBase(const SerializationNode& node, Force& force);
void writeVec3(SerializationNode& node, const Vec3& v);
Vec3 readVec3(const SerializationNode& node);
/** The children of parent's child listName, each of which must be an itemName element. */
const std::vector<SerializationNode>& items(const SerializationNode& parent, const std::string& listName,
                                            const std::string& itemName);
/** Like items(), but an absent list is empty. */
const std::vector<SerializationNode>& optionalItems(const SerializationNode& parent, const std::string& listName,
                                                    const std::string& itemName);
/** param1 ... paramN. */
void writeParameters(SerializationNode& node, const std::vector<double>& values);
std::vector<double> readParameters(const SerializationNode& node, int count);
/** <listName><Parameter name=.../>...</listName>. */
void writeNames(SerializationNode& parent, const std::string& listName, const std::vector<std::string>& names);
std::vector<std::string> readNames(const SerializationNode& parent, const std::string& listName);
/** <GlobalParameters><Parameter default=... name=.../>...</GlobalParameters>. */
void writeGlobals(SerializationNode& parent, const std::vector<std::pair<std::string, double>>& globals);
std::vector<std::pair<std::string, double>> readGlobals(const SerializationNode& parent);
/** <Functions><Function name=... type=...>...</Function>...</Functions> (TabulatedFunctionSerialization.cpp). */
void writeFunctions(SerializationNode& parent, const TabulatedFunctionList& functions);
/** Reads each function of an optional <Functions> list and hands it, owned, to add(name, function). */
void readFunctions(const SerializationNode& parent,
                   const std::function<void(const std::string&, TabulatedFunction*)>& add);
/** Runs action; an OpenMMException from the library's own checks is rethrown naming node and its line. */
void withContext(const SerializationNode& node, const std::function<void()>& action);
/** Throws unless the node's version attribute is at most `newest`. */
void checkVersion(const SerializationNode& node, int newest);

} // namespace serialization
} // namespace OpenMM
