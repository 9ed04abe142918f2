#!/bin/bash
# Writes an ls1-mardyn configuration (read by mardyn and by ls1-mardyn alike) of a vapour-liquid slab to
# stdout: LJ (rc = 2.5, truncated), a liquid FCC block at rho = 0.73 filling the middle third of the box
# along x (the longest axis, twice the others), vapour at rho = 0.02 on both sides, velocities at T = 0.8,
# NVT velocity scaling; the phase space from ls1's MultiObjectGenerator (both programs make the same);
# KDDecomposition as in ls1's examples (splitBiggestDimension false), rebalanced every KD_UPDATE (100) steps,
# with KD_MEASURE=1 by each process's measured speed (doMeasureLoadCalc) instead of the cost model alone.
# Usage: slab-config.sh TYPE MOLECULES STEPS   (TYPE: KDDecomposition or DomainDecomposition)
set -euo pipefail
type=$1 n=$2 steps=$3
# liquid 0.73 * (2/3) a^3 + vapour 0.02 * (4/3) a^3 = n; box 2a x a x a
a=$(awk -v n="$n" 'BEGIN { printf "%.6f", exp(log(n / (0.73 * 2 / 3 + 0.02 * 4 / 3)) / 3) }')
lx=$(awk -v a="$a" 'BEGIN { printf "%.6f", 2 * a }')
x1=$(awk -v a="$a" 'BEGIN { printf "%.6f", 2 * a / 3 }')
x2=$(awk -v a="$a" 'BEGIN { printf "%.6f", 4 * a / 3 }')
kd=""
[ "$type" = KDDecomposition ] && kd="<updateFrequency>${KD_UPDATE:-100}</updateFrequency><splitBiggestDimension>false</splitBiggestDimension>"
[ "$type" = KDDecomposition ] && [ "${KD_MEASURE:-0}" = 1 ] && kd="$kd<doMeasureLoadCalc>true</doMeasureLoadCalc>"
filler() {  # $1 = density, $2 = x from, $3 = x to
  cat <<XML
        <objectgenerator>
          <filler type="GridFiller">
            <lattice system="cubic" centering="face">
              <vec id="a"><x>1</x><y>0</y><z>0</z></vec>
              <vec id="b"><x>0</x><y>1</y><z>0</z></vec>
              <vec id="c"><x>0</x><y>0</y><z>1</z></vec>
            </lattice>
            <basis><site><componentid>0</componentid><coordinate><x>0.5</x><y>0.5</y><z>0.5</z></coordinate></site></basis>
            <latticeOccupancy>1</latticeOccupancy>
            <density>$1</density>
          </filler>
          <object type="Cuboid"><lower><x>$2</x><y>0</y><z>0</z></lower><upper><x>$3</x><y>$a</y><z>$a</z></upper></object>
          <velocityAssigner type="EqualVelocityDistribution"></velocityAssigner>
        </objectgenerator>
XML
}
cat <<XML
<?xml version="1.0" encoding="UTF-8"?>
<mardyn version="20100525">
  <simulation type="MD">
    <integrator type="Leapfrog"><timestep unit="reduced">0.005</timestep></integrator>
    <run><currenttime>0</currenttime><production><steps>$steps</steps></production></run>
    <ensemble type="NVT">
      <temperature unit="reduced">0.8</temperature>
      <domain type="box"><lx>$lx</lx><ly>$a</ly><lz>$a</lz></domain>
      <components>
        <moleculetype id="1" name="LJ">
          <site type="LJ126" id="1">
            <coords><x>0</x><y>0</y><z>0</z></coords>
            <mass>1</mass><sigma>1</sigma><epsilon>1</epsilon><shifted>false</shifted>
          </site>
          <momentsofinertia rotaxes="xyz"><Ixx>0</Ixx><Iyy>0</Iyy><Izz>0</Izz></momentsofinertia>
        </moleculetype>
      </components>
      <phasespacepoint>
        <generator name="MultiObjectGenerator">
$(filler 0.02 0 "$x1")
$(filler 0.73 "$x1" "$x2")
$(filler 0.02 "$x2" "$lx")
        </generator>
      </phasespacepoint>
    </ensemble>
    <algorithm>
      <parallelisation type="$type">$kd</parallelisation>
      <datastructure type="LinkedCells"><cellsInCutoffRadius>1</cellsInCutoffRadius></datastructure>
      <cutoffs type="CenterOfMass"><defaultCutoff unit="reduced">2.5</defaultCutoff><radiusLJ unit="reduced">2.5</radiusLJ></cutoffs>
      <electrostatic type="ReactionField"><epsilon>1.0e+10</epsilon></electrostatic>
      <longrange type="none"></longrange>
    </algorithm>
    <output>
      <outputplugin name="ResultWriter"><writefrequency>$steps</writefrequency><outputprefix>slab</outputprefix></outputplugin>
    </output>
  </simulation>
</mardyn>
XML
