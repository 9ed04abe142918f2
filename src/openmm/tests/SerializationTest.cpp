// SerializationTest: the XmlSerializer test bodies (TestSerialization.h, TestSerializationTabulated.h), with
// the Reference platform for the energies and Contexts they need. ctest entry openmm.SerializationTest.
#include "TestSerialization.h"
#include "TestSerializationTabulated.h"

#include <cppunit/extensions/HelperMacros.h>

class SerializationTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(SerializationTest);
  CPPUNIT_TEST(systemRoundTrip);
  CPPUNIT_TEST(openMMSystemFile);
  CPPUNIT_TEST(integratorSerialization);
  CPPUNIT_TEST(stateSerialization);
  CPPUNIT_TEST(parameterDerivativeSerialization);
  CPPUNIT_TEST(malformedXml);
  CPPUNIT_TEST(tabulatedRoundTrip);
  CPPUNIT_TEST(openMMTabulatedFile);
  CPPUNIT_TEST(malformedFunctionTables);
  CPPUNIT_TEST(customIntegratorFunctionsFile);
  CPPUNIT_TEST_SUITE_END();

public:
  void systemRoundTrip() { OpenMMTests::testSystemRoundTrip(platform()); }
  void openMMSystemFile() { OpenMMTests::testOpenMMSystemFile(platform()); }
  void integratorSerialization() { OpenMMTests::testIntegratorSerialization(platform()); }
  void stateSerialization() { OpenMMTests::testStateSerialization(platform()); }
  void parameterDerivativeSerialization() { OpenMMTests::testParameterDerivativeSerialization(platform()); }
  void malformedXml() { OpenMMTests::testMalformedXml(platform()); }
  void tabulatedRoundTrip() { OpenMMTests::testTabulatedRoundTrip(platform()); }
  void openMMTabulatedFile() { OpenMMTests::testOpenMMTabulatedFile(platform()); }
  void malformedFunctionTables() { OpenMMTests::testMalformedFunctionTables(platform()); }
  void customIntegratorFunctionsFile() { OpenMMTests::testCustomIntegratorFunctionsFile(platform()); }

private:
  static OpenMM::Platform& platform() { return OpenMM::Platform::getPlatformByName("Reference"); }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SerializationTest);
