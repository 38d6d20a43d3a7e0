#!/usr/bin/env python3
"""Counts the corridor of one request from a jdb method trace (see walk.sh): files, calls between files, re-entries."""
import re
import sys

ENTER = re.compile(r'Method entered: "thread=([^"]+)", ([\w.$]+)\.([\w$<>]+)\(\)')
EXIT = re.compile(r'Method exited: .*"thread=([^"]+)", ([\w.$]+)\.([\w$<>]+)\(\)')
# the carrier whose channelRead the breakpoint stopped in (walk.sh's PROTO): HTTP/1.1's unless named
CARRIER = sys.argv[2] if len(sys.argv) > 2 else 'dev.pronto.core.internal.http1.HttpConnection'
START = (CARRIER, 'channelRead')
END = (CARRIER, 'channelReadComplete')
BREAK = re.compile(r'"thread=([^"]+)", ' + re.escape(CARRIER) + r'\.channelRead\(\)')


def breakpoint_thread(path):
    """The thread the breakpoint stopped (other event loops' timers may enter Pronto's code first)."""
    for line in open(path, errors='replace'):
        m = BREAK.search(line)
        if m:
            return m.group(1)
    return None


def events(path):
    """(kind, thread, class, method) in trace order, from the first START call to the end of the first END call."""
    out, thread, depth, started, ending = [], None, 0, False, False
    stopped = breakpoint_thread(path)
    for line in open(path, errors='replace'):
        for kind, rx in (('enter', ENTER), ('exit', EXIT)):
            m = rx.search(line)
            if not m:
                continue
            t, cls, meth = m.groups()
            if not started:
                # the breakpoint's own frame: tracing starts inside channelRead, so its callees open the walk
                if kind == 'enter' and cls.startswith('dev.pronto.') and (stopped is None or t == stopped):
                    thread, started = t, True
                    out.append(('enter', cls, meth))
                continue
            if t != thread:
                continue
            out.append((kind, cls, meth))
            if kind == 'enter' and (cls, meth) == END and not ending:
                ending, depth = True, 0
            depth += 1 if kind == 'enter' else -1
            if ending and depth == 0:
                return out
    return out


def tree(evs):
    """The calls as nodes [file, method, children], under one root."""
    root = [None, None, []]
    stack = [root]
    for kind, cls, meth in evs:
        if kind == 'enter':
            node = [cls.split('$')[0], meth, []]
            stack[-1][2].append(node)
            stack.append(node)
        elif len(stack) > 1:
            stack.pop()
    return root


def crosses(node):
    """Whether anything under node enters a file other than node's own."""
    return any(c[0] != node[0] or crosses(c) for c in node[2])


def main(trace):
    state = {'visited': [], 'calls': 0, 'reentries': 0}

    def walk(node, caller, depth):
        f, meth, children = node
        counted = f is not None and caller is not None and f != caller and crosses(node)
        if counted:
            state['calls'] += 1
            again = f in state['visited']
            state['reentries'] += again
            print(f'{"  " * depth}{caller.split(".")[-1]} -> {f.split(".")[-1]}.{meth}{"   (re-entry)" if again else ""}')
        if counted and f not in state['visited']:
            state['visited'].append(f)
        # a call left out is transparent: what it calls counts as called from the file that called it
        here = f if (counted or f == caller) else caller
        previous = None
        for c in children:
            # a loop calling the same method again (a byte processor, a list of hooks) is one corridor
            if (c[0], c[1]) != previous:
                walk(c, here, depth + counted)
            previous = (c[0], c[1])

    root = tree(events(trace))
    # tracing starts inside the carrier's channelRead (the breakpoint): its callees are called from there
    state['visited'].append(START[0])
    previous = None
    for top in root[2]:
        if (top[0], top[1]) != previous:
            walk(top, START[0], 0)
        previous = (top[0], top[1])
    print(f'files: {len(state["visited"])}, calls between files: {state["calls"]}, re-entries: {state["reentries"]}')
    print('files in order: ' + ', '.join(x.split('.')[-1] for x in state['visited']))


if __name__ == '__main__':
    main(sys.argv[1])
