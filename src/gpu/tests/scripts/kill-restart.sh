#!/usr/bin/env bash
# A GPU run killed with SIGKILL (as a batch scheduler does at its wall-time limit) continues from its last
# checkpoint: the checkpoint holds the state the device's time step needs. The restarted GPU run and a CPU
# run restarted from the same checkpoint give the same step lines (to the printed digits).
# usage: kill-restart.sh MARDYN WORKDIR      exit 77 (skipped) without a GPU or OpenCL device
set -uo pipefail
mardyn=$1
work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$mardyn" --version | grep -q "GPU: yes" || { echo "no GPU support built"; exit 77; }

config() {  # $1 = phase space element, $2 = steps
  cat <<XML
<?xml version="1.0" encoding="UTF-8"?>
<mardyn version="20100525">
  <simulation type="MD">
    <integrator type="Leapfrog"><timestep>0.005</timestep></integrator>
    <run><currenttime>0</currenttime><production><steps>$2</steps></production></run>
    <ensemble type="NVE">
      <temperature>1.44</temperature>
      <domain type="box"><lx>10.0786</lx><ly>10.0786</ly><lz>10.0786</lz></domain>
      <components>
        <moleculetype id="1" name="LJ">
          <site type="LJ126" id="1"><coords><x>0</x><y>0</y><z>0</z></coords>
            <mass>1</mass><sigma>1</sigma><epsilon>1</epsilon><shifted>false</shifted></site>
          <momentsofinertia><Ixx>0</Ixx><Iyy>0</Iyy><Izz>0</Izz></momentsofinertia>
        </moleculetype>
      </components>
      <phasespacepoint>$1</phasespacepoint>
    </ensemble>
    <algorithm>
      <datastructure type="LinkedCells"><cellsInCutoffRadius>1</cellsInCutoffRadius></datastructure>
      <cutoffs type="CenterOfMass"><radiusLJ>2.5</radiusLJ></cutoffs>
      <longrange type="none"/>
    </algorithm>
    <output>
      <outputplugin name="CheckpointWriter"><type>ASCII</type><writefrequency>40</writefrequency></outputplugin>
    </output>
  </simulation>
</mardyn>
XML
}

config '<generator name="Lattice"><lattice>fcc</lattice><cells>6</cells><component>1</component><seed>5</seed></generator>' 1000000 > run.xml
gpu=(--gpu --precision double)
# A first step shows whether there is a device at all.
if ! "$mardyn" run.xml "${gpu[@]}" -n 1 -q -p probe --final-checkpoint 0 > probe.txt 2>&1; then
  grep -q "no usable device" probe.txt && { cat probe.txt; exit 77; }
  cat probe.txt; exit 1
fi
"$mardyn" run.xml "${gpu[@]}" -i 0 -p killed --final-checkpoint 0 > killed.txt 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  [ -n "$(ls killed-*.restart.dat 2>/dev/null | sed -n 3p)" ] && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.1
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
last=$(ls killed-*.restart.dat 2>/dev/null | sort | tail -1)
[ -n "$last" ] || { echo "no checkpoint was written before the kill"; cat killed.txt; exit 1; }
echo "killed after $(ls killed-*.restart.dat | wc -l) checkpoints; restarting from $last"
# The restart continues the checkpoint's step count (run/production/steps is the last step): 60 more.
from=$(echo "$last" | sed 's/.*-0*\([0-9]*\)\.restart\.dat/\1/')
config "<file type=\"ASCII\">$last</file>" $((from + 60)) > restart.xml
"$mardyn" restart.xml "${gpu[@]}" -p gpu --final-checkpoint 0 -i 20 > gpu.txt 2>&1 || { echo "GPU restart failed"; cat gpu.txt; exit 1; }
"$mardyn" restart.xml -p cpu --final-checkpoint 0 -i 20 > cpu.txt 2>&1 || { echo "CPU restart failed"; cat cpu.txt; exit 1; }
g=$(grep "Simstep" gpu.txt | sed 's/Simstep = [0-9]*//'); c=$(grep "Simstep" cpu.txt | sed 's/Simstep = [0-9]*//')
echo "GPU: $(grep Simstep gpu.txt | tail -1)"
echo "CPU: $(grep Simstep cpu.txt | tail -1)"
[ "$(echo "$g" | wc -l)" -ge 4 ] || { echo "the restarted run printed too few steps"; exit 1; }
[ "$g" = "$c" ] || { echo "restarted GPU and CPU runs differ"; diff <(echo "$g") <(echo "$c"); exit 1; }
echo "the killed GPU run continues from its checkpoint"
