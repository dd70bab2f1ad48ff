#!/bin/bash -eu
# OSS-Fuzz project build script (projects/dv-harness/build.sh upstream):
# the same steps as .clusterfuzzlite/build.sh.
exec "$(dirname "$0")/../.clusterfuzzlite/build.sh"
