#!/usr/bin/env python3
# include_cycles.py — files that include each other in a loop (layout_test.sh runs it). A file and
# its header count as one (a .cpp including its .h is no loop); an include of another file of the
# tree is an arrow. Prints each loop's files and exits 1 when there is one.
# Usage: include_cycles.py ROOT DIR...
import os
import re
import sys

root, dirs = sys.argv[1], sys.argv[2:]
os.chdir(root)
include = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
edges = {}
for top in dirs:
    for folder, _, names in os.walk(top):
        for name in names:
            if not name.endswith(('.h', '.cpp')):
                continue
            path = os.path.join(folder, name)
            unit = os.path.splitext(path)[0]
            with open(path, encoding='utf-8', errors='replace') as f:
                for target in include.findall(f.read()):
                    if os.path.isfile(target) and os.path.splitext(target)[0] != unit:
                        edges.setdefault(unit, set()).add(os.path.splitext(target)[0])

# Tarjan's strongly connected components, iteratively.
index, low, on_stack, stack, loops, counter = {}, {}, set(), [], [], [0]
for start in sorted(edges):
    if start in index:
        continue
    work = [(start, iter(sorted(edges.get(start, ()))))]
    index[start] = low[start] = counter[0]; counter[0] += 1
    stack.append(start); on_stack.add(start)
    while work:
        node, children = work[-1]
        child = next(children, None)
        if child is not None:
            if child not in index:
                index[child] = low[child] = counter[0]; counter[0] += 1
                stack.append(child); on_stack.add(child)
                work.append((child, iter(sorted(edges.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[node])
        if low[node] == index[node]:
            loop = []
            while True:
                member = stack.pop(); on_stack.discard(member); loop.append(member)
                if member == node:
                    break
            if len(loop) > 1:
                loops.append(sorted(loop))

for loop in loops:
    print("layout: files that include each other in a loop (split out what they share): " + ", ".join(loop))
sys.exit(1 if loops else 0)
