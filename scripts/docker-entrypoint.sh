#!/bin/sh
# The container's entrypoint. Fly mounts the volume at /data owned by root, so
# the server cannot write there as the unprivileged user; started as root, this
# hands the data folder to that user (only what is not theirs already), then
# runs the command as them. Either way the command runs with no_new_privs: no
# setuid program it starts (su, mount ...) can gain privileges it does not have.
# The app's own files stay root's and read-only to the server (see the Dockerfile).
set -eu

RUN_AS="${RUN_AS:-node}"
DATA_DIR="${DATA_DIR:-/data}"

if [ "$(id -u)" = "0" ]; then
  RUN_GROUP="$(id -g "$RUN_AS")"
  mkdir -p "$DATA_DIR"
  find "$DATA_DIR" \( ! -user "$RUN_AS" -o ! -group "$RUN_GROUP" \) -exec chown "$RUN_AS:$RUN_GROUP" {} +
  exec setpriv --reuid="$RUN_AS" --regid="$RUN_GROUP" --init-groups --no-new-privs -- "$@"
fi
exec setpriv --no-new-privs -- "$@"
