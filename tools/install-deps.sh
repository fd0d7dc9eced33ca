#!/bin/sh
# install-deps.sh -- install the Debian packages IMP needs to build, test and
# demonstrate itself.  Runs apt-get as root (through sudo when not root).
set -eu
PKGS="build-essential clang make flex bison perl libreadline-dev libncurses-dev
      binutils-s390x-linux-gnu hercules qemu-user tmux man-db groff-base valgrind
      unzip zip parallel python3"
missing=
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
        missing="$missing $p"
done
[ -z "$missing" ] && { echo "install-deps: all packages present"; exit 0; }
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing
