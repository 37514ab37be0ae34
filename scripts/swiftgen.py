"""What the scripts that generate Swift from well-kept data share: where a generated table goes and how
a long data string is written as a Swift multi-line string literal within the format's 120 columns."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def generated_path(*parts):
    """The path of a generated file under Sources/ (e.g. "EditMenuKit", "DataDetection", "Generated", "X.swift")."""
    return os.path.join(HERE, "..", "Sources", *parts)


def swift_lines(body, width=100):
    """The body of a Swift multi-line string literal, indented 8 spaces, long lines cut with a
    trailing backslash (Swift joins them again), so that the file stays within 120 columns."""
    out = []
    for line in body.split("\n"):
        chunks = [line[i:i + width] for i in range(0, len(line), width)] or [""]
        for index, chunk in enumerate(chunks):
            out.append("        " + chunk + ("\\" if index < len(chunks) - 1 else ""))
    return "\n".join(out)
