#!/usr/bin/env python3
"""Checks `editmenu perform --lines` against cases with expectations on the presentation and the result.

usage: check-perform.py [--cases FILE] [--runner RUN.PY] [--only P1,P2] [--verbose] -- COMMAND...
  e.g. scripts/check-perform.py -- .build/release/editmenu perform --lines

Each case is one JSON object per line: {"name", "scenario", "expect"}. The presentation's expectations
are the public runner's (../shared/conformance/run.py: ids, includes, absent, titles …; its `check` is
imported); the result's are this script's, because the public runner does not look at `result`:
  "result":         {"text": …, "selection": […], "undo": …, "opened": […]}   each key equal
  "resultContains": {"panel.text": "move fast", "pasteboard.0.text": "Hello"}  a dotted path: the value
                    contains the string (for strings) or equals it (anything else)
  "resultRange":    {"spoken.seconds": [0.5, 3]}                               a number within [low, high]
  "errorContains":  "is not offered"          the line is an error whose message contains this text
Prints one line per failing case and closes with 'N passed, N failed'; exit 0 when all pass, 1 otherwise,
2 when the command cannot run.
"""
import importlib.util, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASES = os.path.join(HERE, "..", "Tests", "Conformance", "perform.jsonl")
DEFAULT_RUNNER = os.path.join(HERE, "..", "..", "shared", "conformance", "run.py")


def load_runner(path):
    spec = importlib.util.spec_from_file_location("conformance_run", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lookup(value, path):
    for part in path.split("."):
        if isinstance(value, list):
            if not part.isdigit() or int(part) >= len(value):
                return None, False
            value = value[int(part)]
        elif isinstance(value, dict):
            if part not in value:
                return None, False
            value = value[part]
        else:
            return None, False
    return value, True


def check_result(case, out):
    e = case.get("expect", {})
    fails = []
    if "errorContains" in e:
        if "error" not in out:
            return [f"expected an error containing {e['errorContains']!r}, got {json.dumps(out)[:300]}"]
        if e["errorContains"] not in out["error"]:
            fails.append(f"error {out['error']!r} does not contain {e['errorContains']!r}")
        return fails
    if "error" in out:
        return [f"tool error: {out['error']}"]
    result = out.get("result")
    if not isinstance(result, dict):
        return ["no result"]
    for key, want in (e.get("result") or {}).items():
        got, found = lookup(result, key)
        if not found or got != want:
            fails.append(f"result.{key}: expected {want!r}, got {got!r}")
    for key, want in (e.get("resultContains") or {}).items():
        got, found = lookup(result, key)
        if not found:
            fails.append(f"result.{key}: missing (wanted {want!r})")
        elif isinstance(want, str) and isinstance(got, str):
            if want not in got:
                fails.append(f"result.{key}: {got[:200]!r} does not contain {want!r}")
        elif isinstance(want, str) and isinstance(got, list):
            if not any(want in json.dumps(g, ensure_ascii=False) for g in got):
                fails.append(f"result.{key}: {json.dumps(got, ensure_ascii=False)[:200]} has nothing with {want!r}")
        elif got != want:
            fails.append(f"result.{key}: expected {want!r}, got {got!r}")
    for key, (low, high) in (e.get("resultRange") or {}).items():
        got, found = lookup(result, key)
        if not found or not isinstance(got, (int, float)) or not (low <= got <= high):
            fails.append(f"result.{key}: expected a number in [{low}, {high}], got {got!r}")
    return fails


def main(argv):
    if "--" not in argv:
        print(__doc__, file=sys.stderr)
        return 2
    k = argv.index("--")
    opts, cmd = argv[:k], argv[k + 1:]
    files, runner_path, only, verbose = [], DEFAULT_RUNNER, [], False
    i = 0
    while i < len(opts):
        if opts[i] == "--cases": files.append(opts[i + 1]); i += 2
        elif opts[i] == "--runner": runner_path = opts[i + 1]; i += 2
        elif opts[i] == "--only": only += [x for x in opts[i + 1].split(",") if x]; i += 2
        elif opts[i] == "--verbose": verbose = True; i += 1
        else:
            print(f"unknown option {opts[i]}", file=sys.stderr)
            return 2
    runner = load_runner(runner_path)
    cases = []
    for f in files or [DEFAULT_CASES]:
        with open(f, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip() and not line.startswith("//"):
                    c = json.loads(line)
                    c.setdefault("name", f"{os.path.basename(f)}:{n}")
                    cases.append(c)
    if only:
        cases = [c for c in cases if any(c["name"].startswith(p) for p in only)]
    inp = "".join(json.dumps(c["scenario"], ensure_ascii=False) + "\n" for c in cases)
    try:
        r = subprocess.run(cmd, input=inp.encode(), capture_output=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as ex:
        print(f"cannot run {cmd}: {ex}", file=sys.stderr)
        return 2
    lines = r.stdout.decode("utf-8", "replace").splitlines()
    if len(lines) != len(cases):
        print(f"expected {len(cases)} output lines, got {len(lines)}; stderr: {r.stderr.decode()[:500]}", file=sys.stderr)
    passed = failed = 0
    for c, line in zip(cases, lines + [""] * (len(cases) - len(lines))):
        try:
            out = json.loads(line) if line else {"error": "no output line"}
        except json.JSONDecodeError as ex:
            out = {"error": f"invalid JSON: {ex}"}
        fails = check_result(c, out)
        if "errorContains" not in c.get("expect", {}) and "error" not in out:
            fails = runner.check(c, out) + fails
        if fails:
            failed += 1
            print(f"FAIL {c['name']}: " + "; ".join(fails))
            if verbose:
                print("     got: " + line[:3000])
        else:
            passed += 1
            if verbose:
                print(f"ok   {c['name']}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
