#!/usr/bin/env python3
"""Checks that each Swift target's declared dependencies and its files' imports agree (issue 34).

    python3 tools/check_imports.py      # from the repository root (or anywhere: it finds Package.swift)

Reads Package.swift's `.target`, `.executableTarget` and `.testTarget` declarations (name, dependencies, path) and
every `import X` line of the target's Swift files, and reports:
  - a declared dependency that no file of the target imports (an unused dependency);
  - an imported garden module the target does not declare (reached only transitively);
  - an import line of a garden module none of whose public names the file uses is NOT checked here
    (that needs the compiler's index); see the README's architecture section.
C system libraries (`CSQLite`, `CZlib`, `CTextFold`) count as imported when a file imports them.
Exit 0 when every target agrees, 1 otherwise (one line per finding).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def targets(package_text):
    """Yields (name, dependencies, path) for each target declaration in Package.swift."""
    for match in re.finditer(r"\.(?:target|executableTarget|testTarget)\(\s*name:\s*\"(\w+)\"(.*?)\)\s*,\s*(?://[^\n]*\n\s*)*(?=\.(?:target|executableTarget|testTarget|systemLibrary)\(|\]\s*\))",
                             package_text, re.S):
        name, body = match.group(1), match.group(2)
        deps_match = re.search(r"dependencies:\s*\[(.*?)\]", body, re.S)
        deps = re.findall(r"\"(\w+)\"", deps_match.group(1)) if deps_match else []
        path_match = re.search(r"path:\s*\"([^\"]+)\"", body)
        path = path_match.group(1) if path_match else None
        yield name, deps, path


def imports(folder):
    found = set()
    for base, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d not in ("Fixtures", "Golden")]
        for file in files:
            if not file.endswith(".swift"):
                continue
            with open(os.path.join(base, file), encoding="utf-8") as handle:
                for line in handle:
                    m = re.match(r"\s*(?:@_exported\s+|@testable\s+|@_implementationOnly\s+|internal\s+|public\s+)*import\s+(?:struct\s+|enum\s+|class\s+|func\s+)?(\w+)", line)
                    if m:
                        found.add(m.group(1))
    return found


def main():
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
        text = handle.read()
    declared = list(targets(text))
    ours = {name for name, _, _ in declared} | set(re.findall(r"\.systemLibrary\(name:\s*\"(\w+)\"", text))
    findings = []
    for name, deps, path in declared:
        folder = os.path.join(ROOT, path or ("Tests/" + name if name.endswith("Tests") else "Sources/" + name))
        used = imports(folder)
        for dep in deps:
            if dep not in used:
                findings.append("%s: declares %s, which none of its files imports" % (name, dep))
        for module in sorted(used & ours):
            if module not in deps and module != name:
                findings.append("%s: imports %s without declaring it" % (name, module))
    for line in findings:
        print(line)
    print("%d target(s) checked, %d finding(s)" % (len(declared), len(findings)), file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
