#!/usr/bin/env bash
# Runs a dictionary server (dictd, RFC 2229) of the project's own for tests, in the foreground, on
# 127.0.0.1:PORT, serving every Debian dictionary installed in /usr/share/dictd (dict-gcide, dict-wn,
# dict-freedict-*: scripts/setup.sh installs them). It never touches Debian's dictd service or its
# configuration: its own configuration lives in a temporary folder removed when it stops.
#   scripts/start-dictd.sh PORT            runs until stopped (SIGTERM / SIGINT)
#   scripts/start-dictd.sh PORT --ready    also prints "ready" once the server answers, for callers
#   scripts/start-dictd.sh PORT --parent PID   also stops when process PID ends (a test run)
# The database names are the files' (freedict-deu-eng, gcide, wn), as Debian's dictdconfig makes them.
set -euo pipefail
port="${1:?usage: start-dictd.sh PORT [--ready] [--parent PID]}"
shift
ready=false
parent=
while [ $# -gt 0 ]; do
  case "$1" in
    --ready) ready=true ;;
    --parent) parent="${2:?--parent needs a process id}"; shift ;;
    *) echo "start-dictd: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -gt 0 ] && [ "$port" -lt 65536 ] || { echo "start-dictd: bad port $port" >&2; exit 2; }
dictd=$(command -v dictd || echo /usr/sbin/dictd)
[ -x "$dictd" ] || { echo "start-dictd: dictd is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/editmenu-dictd.XXXXXX")
chmod 755 "$dir"  # dictd reads it after giving up root
conf="$dir/dictd.conf"
{
  echo "access { allow 127.0.0.1 allow ::1 allow localhost }"
  for index in /usr/share/dictd/*.index; do
    [ -e "$index" ] || continue
    name=$(basename "$index" .index)
    data=/usr/share/dictd/$name.dict.dz
    [ -f "$data" ] || data=/usr/share/dictd/$name.dict
    [ -f "$data" ] || continue
    echo "database $name { data \"$data\" index \"$index\" }"
  done
} >"$conf"
# Started before any trap is set: with a trap, bash would keep a subshell between this script and dictd,
# and stopping the script would leave dictd running.
"$dictd" --config "$conf" --port "$port" --listen-to 127.0.0.1 --debug nodetach --pid-file /dev/null \
  --locale C.UTF-8 2>"$dir/errors" &
child=$!
# `|| true`: under `set -e`, a failed `kill` (dictd already stopped, the usual case) would end the script
# before it removes its folder.
cleanup() { kill "$child" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT
trap 'exit 0' TERM INT
# Whether process $1 is running: it exists and is not a zombie. A test process that has ended stays a
# zombie until its runner reaps it, and the runner may first wait for this script to let go of its
# output — so a zombie counts as ended, or both would wait for ever.
running() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat%% *}" != Z ]
}
if [ -n "$parent" ]; then
  (while running "$parent" && kill -0 "$child" 2>/dev/null; do sleep 1; done; kill "$child" 2>/dev/null) \
    </dev/null >/dev/null 2>&1 &
fi
if $ready; then
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo ready; break; fi
    kill -0 "$child" 2>/dev/null || { echo "start-dictd: dictd exited: $(tail -n 3 "$dir/errors" 2>/dev/null)" >&2; exit 1; }
    sleep 0.1
  done
fi
wait "$child"
