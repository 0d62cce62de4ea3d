#!/usr/bin/env bash
# A real second forum engine for Missive's tests and for trying Missive by hand: Misago 0.39.6
# (Django) on Debian's PostgreSQL 15, everything under .cache/misago and on 127.0.0.1 only.
#
#   scripts/engine.sh install   # once: PostgreSQL from Debian, Misago from PyPI (exact pins), a database
#   scripts/engine.sh start     # starts both on free ports; prints the forum's URL
#   scripts/engine.sh stop      # stops both by their PIDs
#   scripts/engine.sh status    # says whether it runs, and where
#   scripts/engine.sh reset     # stop, and forget the database (the next start makes a fresh one)
#
# A restart keeps the forum's port when it is free, so profiles that point at it keep working
# after the server was killed (the fault tests kill it mid-request and start it again).
# Fault hook for those tests: while the file run/hold-before-post (or run/hold-after-post)
# exists, a POST that makes a post (a reply, a thread, a private thread) is held for a minute
# before the engine stores it (or after it is stored, before the answer goes out), and
# run/held is written, so a test can kill the server at that moment. While run/stale-csrf-once
# exists, the next write arrives with a CSRF token the engine does not accept (as when the
# token the client holds has gone stale), and the file is removed: the engine's own check then
# refuses it. Without the files the hook does nothing.
#
# `start` installs what is missing first, so it alone is enough. A repeat install reuses the venv
# (seconds); the database is made once and reused until `reset`.
# Seeded accounts: admin "MissiveAdmin" and member "MissiveMember", both with password
# "missive-engine-pw" (a throw-away forum on loopback: nothing to keep secret).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
home=${MISSIVE_ENGINE_HOME:-$root/.cache/misago}
venv=$home/venv
pgdata=$home/pgdata
run=$home/run
project=$home/project
pins=$root/scripts/misago-requirements.txt
password=missive-engine-pw

say() { echo "engine: $*" >&2; }
fail() { say "$*"; exit 1; }

# Debian's PostgreSQL keeps its programs out of PATH.
pgbin=""
for candidate in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
  [ -x "$candidate/initdb" ] && { pgbin=$candidate; break; }
done

# PostgreSQL refuses to run as root: as root, its files belong to the `postgres` user Debian made.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

install_postgres() {
  [ -n "$pgbin" ] && return
  say "installing PostgreSQL from Debian"
  "$root/scripts/install-debs.sh" postgresql python3-venv
  for candidate in /usr/lib/postgresql/*/bin; do
    [ -x "$candidate/initdb" ] && { pgbin=$candidate; break; }
  done
  [ -n "$pgbin" ] || fail "PostgreSQL's initdb is still missing after installing postgresql"
}

install_misago() {
  if [ -x "$venv/bin/python" ] && cmp -s "$pins" "$venv/.pins"; then return; fi
  say "installing Misago into $venv (exact pins from $(basename "$pins"))"
  rm -rf "$venv"
  # Debian's own Python 3.11 (Misago 0.39.6 was verified on it); any python3 >= 3.10 otherwise.
  local python=/usr/bin/python3
  [ -x "$python" ] || python=python3
  "$python" -m venv "$venv" || fail "could not make a venv (is python3-venv installed?)"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps \
      -r "$pins" 2>&1 | grep -v DEPRECATION >&2 || true
  "$venv/bin/python" -c 'import misago, django' || fail "Misago did not install; see the pip output above"
  cp "$pins" "$venv/.pins"
}

write_settings() {
  mkdir -p "$project" "$run"
  cat > "$project/missive_settings.py" <<EOF
# Made by scripts/engine.sh: Misago's own development settings, pointed at this checkout's
# PostgreSQL and kept on loopback, without Redis or a Celery worker.
from devproject.settings import *  # noqa: F401,F403

DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
DATABASES["default"].update(
    NAME="misago", USER="misago", PASSWORD="", HOST="127.0.0.1", PORT="$(cat "$run/pg.port")"
)
MIDDLEWARE = [m for m in MIDDLEWARE if "debug_toolbar" not in m]
SILENCED_SYSTEM_CHECKS = ["debug_toolbar.W001"]
STATIC_ROOT = "$project/static"
MEDIA_ROOT = "$project/media"
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
# Without these a post waits on a Redis that is not there and answers 500.
CELERY_BROKER_URL = "memory://"
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
# The fault hook (see the top of scripts/engine.sh): first, so it wraps everything.
MISSIVE_RUN_DIR = "$run"
MIDDLEWARE = ["missive_faults.HoldPosts"] + MIDDLEWARE
EOF
  cat > "$project/missive_faults.py" <<'PY'
# Made by scripts/engine.sh: holds a posting request while a test's file says so (see there).
import os
import re
import time

from django.conf import settings

POSTING = re.compile(r"^/api/(private-)?threads/(\d+/posts/)?$")


class HoldPosts:
    def __init__(self, get_response):
        self.get_response = get_response

    def hold(self, when):
        flag = os.path.join(settings.MISSIVE_RUN_DIR, "hold-%s-post" % when)
        if not os.path.exists(flag):
            return
        with open(os.path.join(settings.MISSIVE_RUN_DIR, "held"), "w") as held:
            held.write(when)
        time.sleep(60)

    def __call__(self, request):
        stale = os.path.join(settings.MISSIVE_RUN_DIR, "stale-csrf-once")
        if request.method not in ("GET", "HEAD", "OPTIONS") and os.path.exists(stale):
            os.remove(stale)
            request.META["HTTP_X_CSRFTOKEN"] = "stale000" * 4
        posting = request.method == "POST" and POSTING.match(request.path)
        if posting:
            self.hold("before")
        response = self.get_response(request)
        if posting and response.status_code == 200:
            self.hold("after")
        return response
PY
}

manage() {
  (cd "$project" && DJANGO_SETTINGS_MODULE=missive_settings PYTHONPATH="$project" "$venv/bin/python" -m django "$@")
}

pg_running() { [ -f "$pgdata/postmaster.pid" ] && as_pg "$pgbin/pg_ctl" -D "$pgdata" status >/dev/null 2>&1; }

start_postgres() {
  pg_running && return
  mkdir -p "$run"
  if [ ! -f "$pgdata/PG_VERSION" ]; then
    say "making a database cluster in $pgdata"
    mkdir -p "$pgdata"
    [ "$(id -u)" = 0 ] && chown postgres: "$pgdata" "$run"
    as_pg "$pgbin/initdb" -D "$pgdata" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  [ "$(id -u)" = 0 ] && chown postgres: "$run"
  free_port > "$run/pg.port"
  as_pg "$pgbin/pg_ctl" -D "$pgdata" -l "$run/postgres.log" -w \
    -o "-k $run -h 127.0.0.1 -p $(cat "$run/pg.port")" start >/dev/null \
    || fail "PostgreSQL did not start; see $run/postgres.log"
}

initialise() {
  [ -f "$home/.initialised" ] && return
  local psql=("$pgbin/psql" -h 127.0.0.1 -p "$(cat "$run/pg.port")" -U postgres -q)
  "${psql[@]}" -c "CREATE ROLE misago LOGIN CREATEDB" 2>/dev/null || true
  "${psql[@]}" -c "CREATE DATABASE misago OWNER misago" 2>/dev/null || true
  say "creating Misago's tables"
  manage migrate --noinput >/dev/null
  manage shell -c "
from django.contrib.auth import get_user_model
from misago.conf.shortcuts import get_dynamic_settings
from misago.users.setupnewuser import setup_new_user
User = get_user_model()
dynamic = get_dynamic_settings()
if not User.objects.filter(username='MissiveAdmin').exists():
    admin = User.objects.create_superuser('MissiveAdmin', 'admin@example.com', '$password')
    # createsuperuser leaves it without avatars: once it posts, every page answers 500.
    setup_new_user(dynamic, admin)
if not User.objects.filter(username='MissiveMember').exists():
    member = User.objects.create_user('MissiveMember', 'member@example.com', '$password')
    setup_new_user(dynamic, member)
" || fail "could not seed the accounts"
  touch "$home/.initialised"
}

# A killed server can linger as a zombie until whoever adopted it reaps it: that is not running.
server_running() {
  [ -f "$run/misago.pid" ] || return 1
  local pid
  pid=$(cat "$run/misago.pid")
  kill -0 "$pid" 2>/dev/null && ! grep -qE '^[0-9]+ \(.*\) Z' "/proc/$pid/stat" 2>/dev/null
}

start_misago() {
  if server_running; then echo "http://127.0.0.1:$(cat "$run/misago.port")"; return; fi
  local port=""
  # The port it had, when nothing holds it now: a profile made for it keeps working.
  if [ -f "$run/misago.port" ] && python3 -c 'import socket, sys; s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", int(sys.argv[1])))' \
      "$(cat "$run/misago.port")" 2>/dev/null; then
    port=$(cat "$run/misago.port")
  else
    port=$(free_port)
    echo "$port" > "$run/misago.port"
  fi
  # A parent that starts us from a thread which blocks signals (a Swift test's, say) passes its
  # signal mask down, and runserver would then never see the SIGTERM that stops it: unblock first.
  (cd "$project" && DJANGO_SETTINGS_MODULE=missive_settings PYTHONPATH="$project" \
    exec "$venv/bin/python" -c 'import runpy, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, set())
sys.argv = ["django"] + sys.argv[1:]
runpy.run_module("django", run_name="__main__")' runserver "127.0.0.1:$port" --noreload --insecure) \
    < /dev/null >> "$run/misago.log" 2>&1 &
  echo $! > "$run/misago.pid"
  for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/api/auth/" 2>/dev/null; then
      echo "http://127.0.0.1:$port"
      return
    fi
    server_running || fail "Misago exited at start; see $run/misago.log"
    sleep 0.2
  done
  fail "Misago did not answer on port $port within 30 s; see $run/misago.log"
}

stop_all() {
  if server_running; then
    kill "$(cat "$run/misago.pid")" 2>/dev/null || true
    for _ in $(seq 1 50); do server_running || break; sleep 0.1; done
    # It keeps nothing in memory worth a clean exit: one that did not stop is killed.
    server_running && kill -9 "$(cat "$run/misago.pid")" 2>/dev/null || true
  fi
  rm -f "$run/misago.pid"
  if [ -n "$pgbin" ] && pg_running; then as_pg "$pgbin/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null; fi
}

case "${1:-}" in
  install)
    install_postgres; install_misago
    # A running engine keeps running; otherwise the database is started only to be made.
    if server_running; then say "running already; installed in $home"; exit 0; fi
    start_postgres; write_settings; initialise
    as_pg "$pgbin/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null
    say "installed in $home" ;;
  start)
    install_postgres; install_misago; start_postgres; write_settings; initialise; start_misago ;;
  stop) stop_all ;;
  status)
    if server_running; then echo "running at http://127.0.0.1:$(cat "$run/misago.port") (pid $(cat "$run/misago.pid"))"
    else echo "not running"; exit 3; fi ;;
  reset) stop_all; rm -rf "$pgdata" "$home/.initialised" "$run" ;;
  *) echo "usage: $0 install|start|stop|status|reset" >&2; exit 64 ;;
esac
