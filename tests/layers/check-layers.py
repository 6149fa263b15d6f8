#!/usr/bin/env python3
"""check-layers.py [BISECT_DIR]: the driver's folders import only downward
and no files include or call each other in a loop (ARCHITECTURE.md, "Layers").

A folder may include its own files and those of the folders below it, in
the order of LAYERS; a module is a .c file with its .h, and the include
graph of modules has no cycle. Two files that share one header can still
call each other, so the calls are read too, from the objects (nm): no .c
calls a function of a folder above its own, none calls in a loop, and no
static function has the name of another file's global one (a namesake reads
as a call to a reader, and to a tool that draws the house). Prints TAP;
exits 1 on a violation."""
import os
import re
import subprocess
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


def symbols(top):
    """({file: set of globals it defines}, {file: set it uses}, {file: statics})
    from each folder's objects; empty if they are not built."""
    defined, used, statics = {}, {}, {}
    for folder in LAYERS:
        path = os.path.join(top, folder)
        for name in sorted(os.listdir(path)):
            if not name.endswith('.o'):
                continue
            out = subprocess.run(['nm', os.path.join(path, name)], check=True,
                                 capture_output=True, text=True).stdout
            mod = folder + '/' + name[:-2]
            d, u, st = set(), set(), set()
            for line in out.splitlines():
                f = line.split()
                if len(f) == 2 and f[0] == 'U':
                    u.add(f[1])
                elif len(f) == 3 and f[1] in 'TDBR':
                    d.add(f[2])
                elif len(f) == 3 and f[1] == 't' and '.' not in f[2]:
                    st.add(f[2])
            defined[mod], used[mod], statics[mod] = d, u, st
    return defined, used, statics


def calls(defined, used):
    """{file: set of files whose globals it uses}."""
    owner = {}
    for mod, names in defined.items():
        for name in names:
            owner[name] = mod
    graph = {}
    for mod, names in used.items():
        graph[mod] = {owner[n] for n in names if n in owner and owner[n] != mod}
    return graph


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
    defined, used, statics = symbols(top)
    callgraph = calls(defined, used)
    calls_up = []
    for mod, deps in sorted(callgraph.items()):
        rank = LAYERS.index(mod.split('/')[0])
        for dep in sorted(deps):
            if LAYERS.index(dep.split('/')[0]) > rank:
                names = sorted(used[mod] & defined[dep])
                calls_up.append('%s.c calls %s of %s.c' % (mod, ', '.join(names), dep))
    owner = {n: m for m, names in defined.items() for n in names}
    namesakes = ['%s.c has a static %s(), a global of %s.c' % (mod, name, owner[name])
                 for mod, names in sorted(statics.items()) for name in sorted(names)
                 if name in owner and owner[name] != mod]
    checks = [('every include goes to its own folder or one below', upward),
              ('no modules include each other in a loop',
               [' <-> '.join(c) for c in loops])]
    if defined:
        checks += [('every call goes to its own folder or one below', calls_up),
                   ('no files call each other in a loop',
                    [' <-> '.join(c) for c in cycles(callgraph)]),
                   ('no static function is the namesake of a global one', namesakes)]
    else:
        print('# the objects are not built: the calls are not checked (make all)')
    n = 0
    failed = 0
    for what, bad in checks:
        n += 1
        print('%s %d - %s' % ('not ok' if bad else 'ok', n, what))
        for line in bad:
            print('#   ' + line)
        failed += bool(bad)
    print('1..%d' % n)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
