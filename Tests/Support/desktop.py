"""What the desktop checks share (Tests/ATSPI/check_menu.py and check_orca.py, Tests/Wayland/check_wayland.py):
the failures found so far, waiting for something with a message saying what, the demo's event log
(EDITMENU_GTK_LOG, JSON lines), stopping a process, and the closing report."""
import json
import subprocess
import time

failures = []


def check(condition, message):
    """Records `message` (what was expected, what was seen) as a failure unless `condition` holds."""
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)
    return condition


def wait(what, probe, timeout=10.0, pump=None):
    """Calls `probe` until it returns something true, and returns that; raises naming `what` after
    `timeout` seconds. `pump` runs before each try (an event loop to turn)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if pump is not None:
            pump()
        value = probe()
        if value:
            return value
        time.sleep(0.05)
    raise RuntimeError("timed out waiting for " + what)


def stop(process, timeout=5):
    """Ends `process` (SIGTERM, then SIGKILL after `timeout` seconds) and reaps it."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class EventLog:
    """The event log of the demo running as `process`, at `path`."""

    def __init__(self, path, process, pump=None):
        self.path, self.process, self.pump = path, process, pump

    def events(self):
        try:
            with open(self.path, encoding="utf-8") as f:
                return [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            return []

    def wait_event(self, name, after=0, timeout=8.0, where=lambda e: True):
        """The first event called `name` after the first `after` ones for which `where` holds."""
        def probe():
            if self.process.poll() is not None:
                raise RuntimeError('editmenu-gtk exited (%d) while waiting for a "%s" event'
                                   % (self.process.returncode, name))
            for event in self.events()[after:]:
                if event.get("event") == name and where(event):
                    return event
            return None
        try:
            return wait('"%s" event' % name, probe, timeout, self.pump)
        except RuntimeError as error:
            if "exited" in str(error):
                raise
            seen = [e.get("event") for e in self.events()[after:]]
            raise RuntimeError('expected a "%s" event; the log has %s' % (name, seen or "nothing new"))


def run(tests, arguments, label):
    """Runs each test with `arguments`, a timeout or a crash failing it with what it waited for, then
    reports: returns 1 when a check failed, 0 when every one held."""
    started = time.time()
    for test in tests:
        print("--", test.__name__, flush=True)
        try:
            test(*arguments)
        except Exception as error:
            check(False, "%s: %s" % (test.__name__, error))
    if failures:
        print("%d %s check(s) failed" % (len(failures), label))
        return 1
    print("%s: every check passed (%.0f s)" % (label, time.time() - started))
    return 0
