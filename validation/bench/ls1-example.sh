#!/bin/bash
# Copies one of ls1-mardyn's examples to a folder and sets it up for a timed run (by mardyn and ls1-mardyn
# alike): only the ResultWriter kept among the output plugins, the production steps set. Prints the config path.
# Usage: ls1-example.sh EXAMPLES_DIR EXAMPLE CASE STEPS DEST   (e.g. ... CO2 370K_15mol_l 100 /tmp/co2)
set -euo pipefail
examples=$1 example=$2 case=$3 steps=$4 dest=$5
rm -rf "$dest" && mkdir -p "$dest" && cp -r "$examples/$example/." "$dest/"
python3 - "$dest/$case/config.xml" "$steps" << 'PY'
import re, sys
path, steps = sys.argv[1], sys.argv[2]
s = open(path).read()
s = re.sub(r"(<production>\s*<steps>)[^<]*(</steps>)", r"\g<1>" + steps + r"\g<2>", s)
def keep(m):
    return m.group(0) if 'name="ResultWriter"' in m.group(0) else ""
s = re.sub(r"<outputplugin\b.*?</outputplugin>", keep, s, flags=re.S)
open(path, "w").write(s)
PY
echo "$dest/$case/config.xml"
