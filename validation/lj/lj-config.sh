#!/bin/bash
# Writes a mardyn configuration for a single-centre Lennard-Jones fluid (reduced units) to stdout.
# Usage: lj-config.sh ENSEMBLE RHO T RC CELLS STEPS EQUIL SHIFTED LONGRANGE RESFREQ PHASESPACE
#   PHASESPACE: "generator" (FCC lattice, CELLS^3 * 4 atoms, seed $SEED or 4711) or the path of an .inp file
#   (a checkpoint too: the run then starts afresh at step 0 and time 0, STEPS steps, not as its restart).
#   Env SKIN: Verlet-list skin written to datastructure/skin (unset: mardyn's default; 0: no list).
set -euo pipefail
ens=$1 rho=$2 temp=$3 rc=$4 cells=$5 steps=$6 equil=$7 shifted=$8 longrange=$9 resfreq=${10} ps=${11}
n=$((4 * cells * cells * cells))
box=$(awk -v n="$n" -v rho="$rho" 'BEGIN { printf "%.17g", exp(log(n / rho) / 3) }')
if [ "$ps" = generator ]; then
  phasespace="<generator name=\"Lattice\"><lattice>fcc</lattice><cells>$cells</cells><component>1</component><seed>${SEED:-4711}</seed></generator>"
else
  phasespace="<file type=\"ASCII\">$ps</file><ignoreCheckpointTime>true</ignoreCheckpointTime>"
fi
skin=""
[ -n "${SKIN:-}" ] && skin="<skin>$SKIN</skin>"
cat <<XML
<?xml version="1.0" encoding="UTF-8"?>
<mardyn version="20100525">
  <simulation type="MD">
    <integrator type="Leapfrog"><timestep>0.005</timestep></integrator>
    <run>
      <currenttime>0</currenttime>
      <equilibration><steps>$equil</steps></equilibration>
      <production><steps>$steps</steps></production>
    </run>
    <ensemble type="$ens">
      <temperature>$temp</temperature>
      <domain type="box"><lx>$box</lx><ly>$box</ly><lz>$box</lz></domain>
      <components>
        <moleculetype id="1" name="LJ">
          <site type="LJ126" id="1">
            <coords><x>0</x><y>0</y><z>0</z></coords>
            <mass>1</mass><sigma>1</sigma><epsilon>1</epsilon><shifted>$shifted</shifted>
          </site>
          <momentsofinertia><Ixx>0</Ixx><Iyy>0</Iyy><Izz>0</Izz></momentsofinertia>
        </moleculetype>
      </components>
      <phasespacepoint>$phasespace</phasespacepoint>
    </ensemble>
    <algorithm>
      <datastructure type="LinkedCells"><cellsInCutoffRadius>1</cellsInCutoffRadius>$skin</datastructure>
      <cutoffs type="CenterOfMass"><radiusLJ>$rc</radiusLJ></cutoffs>
      <longrange type="$longrange"/>
    </algorithm>
    <output>
      <outputplugin name="ResultWriter">
        <writefrequency>$resfreq</writefrequency>
        <writeprecision>10</writeprecision>
      </outputplugin>
    </output>
  </simulation>
</mardyn>
XML
