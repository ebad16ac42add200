"""Maximum-weight matching: Edmonds' blossom algorithm, primal-dual after Galil 1986
(the package docstring says why every weight and dual is an exact integer)."""
from __future__ import annotations

from typing import Iterable


def max_weight_matching(
    n: int, edges: Iterable[tuple[int, int, int]], maxcardinality: bool = False,
    duals: list[int] | None = None,
) -> list[int]:
    """A maximum-weight matching of the graph on vertices 0..n-1.

    `edges` are (u, v, w) with integer w; edges with w <= 0 never help and are ignored unless
    `maxcardinality` asks for a maximum-cardinality matching of maximum weight. Returns
    `mate` with mate[v] the partner of v, or -1. When `duals` is a list it receives the
    optimal vertex duals, doubled (an edge is tight when duals[u] + duals[v] == 2 * w); they
    certify optimality alone when the graph is bipartite (no blossom duals).
    """
    edge_list = [(i, j, w) for i, j, w in edges if i != j and (maxcardinality or w > 0)]
    nedge = len(edge_list)
    if nedge == 0:
        if duals is not None:
            duals.extend([0] * n)
        return [-1] * n
    nvertex = n
    maxweight = max(0, max(w for _, _, w in edge_list))
    endpoint = [0] * (2 * nedge)
    weight = [0] * nedge
    neighbend: list[list[int]] = [[] for _ in range(nvertex)]
    for k, (i, j, w) in enumerate(edge_list):
        endpoint[2 * k] = i
        endpoint[2 * k + 1] = j
        weight[k] = w
        neighbend[i].append(2 * k + 1)
        neighbend[j].append(2 * k)

    mate = [-1] * nvertex
    label = [0] * (2 * nvertex)
    labelend = [-1] * (2 * nvertex)
    inblossom = list(range(nvertex))
    blossomparent = [-1] * (2 * nvertex)
    blossomchilds: list[list[int] | None] = [None] * (2 * nvertex)
    blossombase = list(range(nvertex)) + [-1] * nvertex
    blossomendps: list[list[int] | None] = [None] * (2 * nvertex)
    bestedge = [-1] * (2 * nvertex)
    blossombestedges: list[list[int] | None] = [None] * (2 * nvertex)
    unusedblossoms = list(range(nvertex, 2 * nvertex))
    dualvar = [maxweight] * nvertex + [0] * nvertex  # doubled duals
    allowedge = [False] * nedge
    queue: list[int] = []

    weight2 = [2 * w for w in weight]

    def slack(k: int) -> int:
        return dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - weight2[k]

    def leaves(b: int) -> list[int]:
        """The vertices inside blossom b, in the order of a depth-first walk."""
        if b < nvertex:
            return [b]
        out: list[int] = []
        stack = [iter(blossomchilds[b])]  # type: ignore[arg-type]
        while stack:
            for t in stack[-1]:
                if t < nvertex:
                    out.append(t)
                else:
                    stack.append(iter(blossomchilds[t]))  # type: ignore[arg-type]
                    break
            else:
                stack.pop()
        return out

    def assign_label(w: int, t: int, p: int) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        labelend[w] = labelend[b] = p
        bestedge[w] = bestedge[b] = -1
        if t == 1:
            queue.extend(leaves(b))
        else:
            base = blossombase[b]
            assign_label(endpoint[mate[base]], 1, mate[base] ^ 1)

    def scan_blossom(v: int, w: int) -> int:
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        blossomchilds[b] = path
        blossomendps[b] = endps
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for v in leaves(b):
            if label[inblossom[v]] == 2:
                queue.append(v)
            inblossom[v] = b
        bestedgeto = [-1] * (2 * nvertex)
        bestslack: dict[int, int] = {}
        for bv in path:
            if blossombestedges[bv] is None:
                nblists = [[p >> 1 for p in neighbend[v]] for v in leaves(bv)]
            else:
                nblists = [blossombestedges[bv]]
            for nblist in nblists:
                for kk in nblist:
                    i, j = endpoint[2 * kk], endpoint[2 * kk + 1]
                    bj = inblossom[j]
                    if bj == b:
                        i, j = j, i
                        bj = inblossom[j]
                    if bj != b and label[bj] == 1:
                        ks = dualvar[i] + dualvar[j] - weight2[kk]
                        if bestedgeto[bj] == -1 or ks < bestslack[bj]:
                            bestedgeto[bj] = kk
                            bestslack[bj] = ks
            blossombestedges[bv] = None
            bestedge[bv] = -1
        blossombestedges[b] = [kk for kk in bestedgeto if kk != -1]
        bestedge[b] = -1
        for kk in blossombestedges[b]:  # type: ignore[union-attr]
            if bestedge[b] == -1 or slack(kk) < slack(bestedge[b]):
                bestedge[b] = kk

    def expand_blossom(b: int, endstage: bool) -> None:
        for s in blossomchilds[b]:  # type: ignore[union-attr]
            blossomparent[s] = -1
            if s < nvertex:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for v in leaves(s):
                    inblossom[v] = s
        if not endstage and label[b] == 2:
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            childs = blossomchilds[b]
            endps = blossomendps[b]
            j = childs.index(entrychild)  # type: ignore[union-attr]
            if j & 1:
                j -= len(childs)  # type: ignore[arg-type]
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0  # type: ignore[index]
                assign_label(endpoint[p ^ 1], 2, p)
                allowedge[endps[j - endptrick] // 2] = True  # type: ignore[index]
                j += jstep
                p = endps[j - endptrick] ^ endptrick  # type: ignore[index]
                allowedge[p // 2] = True
                j += jstep
            bv = childs[j]  # type: ignore[index]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:  # type: ignore[index]
                bv = childs[j]  # type: ignore[index]
                if label[bv] == 1:
                    j += jstep
                    continue
                for v in leaves(bv):
                    if label[v] != 0:
                        break
                if label[v] != 0:
                    label[v] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(v, 2, labelend[v])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def augment_blossom(b: int, v: int) -> None:
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= nvertex:
            augment_blossom(t, v)
        childs = blossomchilds[b]
        endps = blossomendps[b]
        i = j = childs.index(t)  # type: ignore[union-attr]
        if i & 1:
            j -= len(childs)  # type: ignore[arg-type]
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        while j != 0:
            j += jstep
            t = childs[j]  # type: ignore[index]
            p = endps[j - endptrick] ^ endptrick  # type: ignore[index]
            if t >= nvertex:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]  # type: ignore[index]
            if t >= nvertex:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = childs[i:] + childs[:i]  # type: ignore[index]
        blossomendps[b] = endps[i:] + endps[:i]  # type: ignore[index]
        blossombase[b] = blossombase[childs[i]]  # type: ignore[index]

    def augment_matching(k: int) -> None:
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nvertex:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nvertex:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    no_label = [0] * (2 * nvertex)
    no_edge = [-1] * (2 * nvertex)
    no_blossom_edges = [None] * nvertex
    no_allow = [False] * nedge
    for _stage in range(nvertex):
        # Slice assignments: the per-stage resets cost O(n + m) at C speed.
        label[:] = no_label
        bestedge[:] = no_edge
        blossombestedges[nvertex:] = no_blossom_edges
        allowedge[:] = no_allow
        queue.clear()
        for v in range(nvertex):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                dv = dualvar[v]
                bv = inblossom[v]
                for p in neighbend[v]:
                    w = endpoint[p]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    k = p >> 1
                    if not allowedge[k]:
                        kslack = dv + dualvar[w] - weight2[k]
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        lw = label[bw]
                        if lw == 0:
                            assign_label(w, 2, p ^ 1)
                        elif lw == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                                bv = inblossom[v]
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[bw] == 1:
                        e = bestedge[bv]
                        if e == -1 or kslack < (dualvar[endpoint[2 * e]] + dualvar[endpoint[2 * e + 1]]
                                                - weight2[e]):
                            bestedge[bv] = k
                    elif label[w] == 0:
                        e = bestedge[w]
                        if e == -1 or kslack < (dualvar[endpoint[2 * e]] + dualvar[endpoint[2 * e + 1]]
                                                - weight2[e]):
                            bestedge[w] = k
            if augmented:
                break
            deltatype = -1
            delta = deltaedge = deltablossom = None
            if not maxcardinality:
                deltatype = 1
                delta = min(dualvar[:nvertex])
            for v in range(nvertex):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]
            for b in range(2 * nvertex):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    kslack = slack(bestedge[b])
                    d = kslack // 2
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]
            for b in range(nvertex, 2 * nvertex):
                if (blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2
                        and (deltatype == -1 or dualvar[b] < delta)):
                    delta = dualvar[b]
                    deltatype = 4
                    deltablossom = b
            if deltatype == -1:
                deltatype = 1
                delta = max(0, min(dualvar[:nvertex]))
            for v in range(nvertex):
                lab = label[inblossom[v]]
                if lab == 1:
                    dualvar[v] -= delta
                elif lab == 2:
                    dualvar[v] += delta
            for b in range(nvertex, 2 * nvertex):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            elif deltatype == 2:
                allowedge[deltaedge] = True
                i, j = endpoint[2 * deltaedge], endpoint[2 * deltaedge + 1]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                queue.append(endpoint[2 * deltaedge])
            elif deltatype == 4:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in range(nvertex, 2 * nvertex):
            if blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1 and dualvar[b] == 0:
                expand_blossom(b, True)

    if duals is not None:
        duals.extend(dualvar[:nvertex])
    return [endpoint[p] if p != -1 else -1 for p in mate]
