#!/usr/bin/env python3
"""Lists Swift functions longer than the project's limit (for garden's maintainers; the brief says < 60 lines).

usage: tools/function_lengths.py [--limit N] [--all] [DIR ...]        (default: --limit 60 Sources)

Reports every `func`, `init`, `deinit`, `subscript`, closure-bodied computed property (`var x: T { ... }`) and
closure-initialised stored property (`let x: T = { ... }()`) whose body spans more than N lines, counting from
the declaration's first line to its closing brace, one `path:line: kind name (N lines)` per line, longest first.
Comments and string literals are blanked before braces are matched, so a brace in either does not count.
The hot-path scanner, tokenizer and writers are exempt (EXEMPT below); `--all` lists them too, marked.
Exit status: 0 when nothing is listed, 1 otherwise.
"""
import os
import re
import sys

# Hot-path files the brief exempts: the JSON scanner, the tokenizer and the JSON-line writers, where one long
# loop over bytes is faster and easier to follow than a chain of calls.
EXEMPT = re.compile(r"(^|/)(JSONScanner|TokenizedText|JSONWriter|\w*ResolutionWriter)(\+\w+)?\.swift$")

DECLARATION = re.compile(
    r"\b(?P<kind>func|init|deinit|subscript)\b(?P<name>\s*[^\s(<{]*)"
    r"|\b(?P<pkind>var|let)\s+(?P<pname>\w+)\s*(:[^={\n]+)?(?P<rest>=\s*\{|\{)"
)
STOPWORDS = re.compile(r"\b(func|var|let|init|case|subscript|typealias|struct|class|enum|extension|protocol)\b")


def blank(source):
    """Returns `source` with comments and string-literal contents replaced by spaces (newlines kept)."""
    out, i, n = [], 0, len(source)

    def keep_newlines(text):
        return "".join(c if c == "\n" else " " for c in text)

    while i < n:
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(keep_newlines(source[i:end]))
            i = end
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(keep_newlines(source[i:j]))
            i = j
        elif source[i] == '"' or (source[i] == "#" and re.match(r'#+"', source[i:])):
            j = string_end(source, i)
            out.append(keep_newlines(source[i:j]))
            i = j
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def string_end(source, start):
    """Returns the index just past the string literal (plain, multi-line or raw) starting at `start`."""
    hashes = len(re.match(r"#*", source[start:]).group())
    i = start + hashes
    quote = '"""' if source.startswith('"""', i) else '"'
    closing = quote + "#" * hashes
    i += len(quote)
    while i < len(source):
        if source[i] == "\\" and hashes == 0:
            if source.startswith("\\(", i):
                i = interpolation_end(source, i + 2)
                continue
            i += 2
            continue
        if source.startswith(closing, i):
            return i + len(closing)
        if quote == '"' and source[i] == "\n":
            return i
        i += 1
    return i


def interpolation_end(source, i):
    """Returns the index just past the `)` closing a string interpolation whose content starts at `i`."""
    depth = 1
    while i < len(source) and depth:
        if source[i] == '"':
            i = string_end(source, i)
            continue
        depth += {"(": 1, ")": -1}.get(source[i], 0)
        i += 1
    return i


def body_start(code, i, is_property):
    """Returns the index of the `{` opening the body of the declaration whose header continues at `i`, or None."""
    if is_property:
        return code.index("{", i)
    depth = 0
    while i < len(code):
        c = code[i]
        if c in "([<":
            depth += 1
        elif c in ")]>" and not code.startswith("->", i - 1):
            depth -= 1
        elif depth <= 0 and c == "{":
            return i
        elif depth <= 0 and (c == "}" or c == "=" or STOPWORDS.match(code, i) and code[i - 1] in " \n\t"):
            return None
        i += 1
    return None


def matching_brace(code, i):
    """Returns the index of the `}` closing the `{` at `i`."""
    depth = 0
    for j in range(i, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def long_functions(path, limit):
    """Yields (line, kind, name, length) for each declaration in the file at `path` longer than `limit` lines."""
    with open(path, encoding="utf-8") as f:
        code = blank(f.read())
    for m in DECLARATION.finditer(code):
        is_property = m.group("pkind") is not None
        if is_property and not at_type_level(code, m.start()):
            continue
        start = body_start(code, m.end("name") if not is_property else m.start("rest"), is_property)
        if start is None:
            continue
        end = matching_brace(code, start)
        first, last = code.count("\n", 0, m.start()) + 1, code.count("\n", 0, end) + 1
        length = last - first + 1
        if length > limit:
            kind = m.group("kind") or ("computed property" if m.group("rest") == "{" else "closure property")
            name = (m.group("name") or m.group("pname") or "").strip()
            yield first, kind, name, length


def at_type_level(code, i):
    """Tells whether position `i` is directly inside a type or extension body (not inside a function body)."""
    depth, j = 0, i
    while j > 0:
        j -= 1
        if code[j] == "}":
            depth += 1
        elif code[j] == "{":
            if depth == 0:
                header = code[code.rfind("\n", 0, code.rfind("\n", 0, j)) + 1:j]
                return re.search(r"\b(struct|class|enum|extension|protocol|actor)\b", header) is not None
            depth -= 1
    return True


def main(argv):
    limit, show_all, roots = 60, False, []
    args = iter(argv)
    for a in args:
        if a == "--limit":
            limit = int(next(args))
        elif a == "--all":
            show_all = True
        else:
            roots.append(a)
    found = []
    for root in roots or ["Sources"]:
        for directory, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    exempt = EXEMPT.search(path) is not None
                    if exempt and not show_all:
                        continue
                    for line, kind, fname, length in long_functions(path, limit):
                        found.append((length, path, line, kind, fname, exempt))
    for length, path, line, kind, fname, exempt in sorted(found, key=lambda f: (-f[0], f[1], f[2])):
        print(f"{path}:{line}: {kind}{' ' + fname if fname else ''} ({length} lines){' [exempt: hot path]' if exempt else ''}")
    return 1 if any(not f[5] for f in found) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
