#!/bin/sh
# regen-images.sh -- check or rewrite the committed GNU-as core images.
#
#   sh tests/golden/regen-images.sh          check: GNU as gives every image
#   sh tests/golden/regen-images.sh --write  rewrite the images from their sources
#
# The tests that run flat core images assembled by GNU as (s390x-linux-gnu-as
# -m31) use the committed copies in tests/golden, so they run without the
# s390x binutils.  Each of them also has a test_image_check case that, with
# GNU as installed, assembles the source again and compares (or, under
# IMP_REGEN_IMAGES=1, rewrites the image first); t3600 records Hercules'
# storage the same way (with Hercules installed).  This runs those tests;
# the programs must be built (make).  Exit 0 when every image agrees.
set -eu
cd "$(dirname "$0")/../.."
command -v s390x-linux-gnu-as >/dev/null 2>&1 ||
    { echo "regen-images.sh: s390x-linux-gnu-as is not installed (binutils-s390x-linux-gnu)" >&2; exit 1; }
case ${1:-} in
--write) IMP_REGEN_IMAGES=1; export IMP_REGEN_IMAGES ;;
'') ;;
*) echo "Usage: regen-images.sh [--write]" >&2; exit 2 ;;
esac
: "${IMP_BIN:=$PWD/bin}"
export IMP_BIN
prove $(grep -l 'test_image_check\|IMP_REGEN_IMAGES' tests/t[0-9]*.sh)
