#!/usr/bin/env python3
"""check-layers.py [BISECT_DIR]: the driver's folders import only downward
and no files include each other in a loop (ARCHITECTURE.md, "Layers").

A folder may include its own files and those of the folders below it, in
the order of LAYERS; a module is a .c file with its .h, and the include
graph of modules has no cycle (a call needs its declaration, so a loop of
calls shows as a loop of includes). Prints TAP; exits 1 on a violation."""
import os
import re
import sys

LAYERS = ['lib', 'db', 'input', 'kconfig', 'judge', 'step', 'run', 'report', 'builtin']
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def modules(top):
    """{module: set of modules it includes}, module = 'folder/name'."""
    graph = {}
    for folder in LAYERS:
        path = os.path.join(top, folder)
        for name in sorted(os.listdir(path)):
            if not name.endswith(('.c', '.h')):
                continue
            mod = folder + '/' + name.rsplit('.', 1)[0]
            text = open(os.path.join(path, name), errors='replace').read()
            deps = graph.setdefault(mod, set())
            for inc in INCLUDE.findall(text):
                if '/' in inc and inc.endswith('.h') and inc.split('/')[0] in LAYERS:
                    dep = inc[:-2]
                    if dep != mod:
                        deps.add(dep)
    return graph


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else 'bisect'
    graph = modules(top)
    upward = []
    for mod, deps in sorted(graph.items()):
        rank = LAYERS.index(mod.split('/')[0])
        for dep in sorted(deps):
            if LAYERS.index(dep.split('/')[0]) > rank:
                upward.append('%s includes %s.h' % (mod, dep))
    loops = cycles(graph)
    n = 0
    failed = 0
    for what, bad in (('every include goes to its own folder or one below', upward),
                      ('no modules include each other in a loop',
                       [' <-> '.join(c) for c in loops])):
        n += 1
        print('%s %d - %s' % ('not ok' if bad else 'ok', n, what))
        for line in bad:
            print('#   ' + line)
        failed += bool(bad)
    print('1..%d' % n)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
