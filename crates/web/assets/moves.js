// Turning the server's legal actions into click targets. The page never decides what
// is legal: each legal action becomes a path of clicks (a die, then a value; a stored
// tile, then a space; a depot's tile; ...), and only the next steps of the paths that
// start with the clicks made so far light up.
/** The clicks that make an action, each a key of something drawn on the table. */
export function clickPath(action) {
    const w = action.split(/\s+/);
    switch (w[0]) {
        case "castle":
            return [`space:${w[1]}`];
        case "die":
            return [`die:${w[1]}`, `value:${w[2]}`];
        case "take":
        case "knowledge6":
            return [`depot:${w[1]}:${w[2]}`];
        case "buy":
            return [`depot:${w[1] === "black" ? 0 : w[1]}:${w[2]}`];
        case "place":
            return [`storage:${w[1]}`, `space:${w[2]}`];
        case "discard":
            return [`storage:${w[1]}`];
        case "sell":
            return [`goods:${w[1]}`];
        case "ship":
            return [`depotgoods:${w[1]}`];
        default:
            return [w[0]]; // workers, pass
    }
}
function startsWith(path, prefix) {
    return prefix.every((k, i) => path[i] === k);
}
/** The keys that can be clicked next, after the clicks `prefix`. */
export function nextKeys(legal, prefix) {
    const keys = new Set();
    for (const a of legal) {
        const p = clickPath(a);
        if (p.length > prefix.length && startsWith(p, prefix))
            keys.add(p[prefix.length]);
    }
    return keys;
}
/** What a click on `key` does after the clicks `prefix`. */
export function click(legal, prefix, key) {
    const next = [...prefix, key];
    const matching = legal.filter((a) => {
        const p = clickPath(a);
        return p.length >= next.length && startsWith(p, next);
    });
    if (matching.length === 0)
        return { kind: "refused" };
    // A die that can only be used one way is used at once.
    if (matching.length === 1 && key.startsWith("die:"))
        return { kind: "send", action: matching[0] };
    const complete = matching.filter((a) => clickPath(a).length === next.length);
    if (complete.length === matching.length) {
        return complete.length === 1
            ? { kind: "send", action: complete[0] }
            : { kind: "choose", actions: complete };
    }
    return { kind: "select", prefix: next };
}
