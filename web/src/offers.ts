// Turning the server's offers into click targets. The page never decides what is
// legal and parses no action: each offer comes with its path of clicks (the keys of
// things drawn on the table, or menu choices), and only the next steps of the paths
// that start with the clicks made so far light up.

import type { Offer } from "./api.js";

export type Step =
  | { kind: "send"; offer: Offer }
  | { kind: "choose"; offers: Offer[] } // several offers end at this click: ask which
  | { kind: "select"; prefix: string[] }
  | { kind: "refused" };

function startsWith(path: string[], prefix: string[]): boolean {
  return prefix.every((k, i) => path[i] === k);
}

/** The keys that can be clicked next, after the clicks `prefix`. */
export function nextKeys(offers: Offer[], prefix: string[]): Set<string> {
  const keys = new Set<string>();
  for (const o of offers) {
    if (o.path.length > prefix.length && startsWith(o.path, prefix)) keys.add(o.path[prefix.length]);
  }
  return keys;
}

/** The offers the clicks `prefix` lead to. */
export function matching(offers: Offer[], prefix: string[]): Offer[] {
  return offers.filter((o) => o.path.length >= prefix.length && startsWith(o.path, prefix));
}

/**
 * What a click on `key` does after the clicks `prefix`; `atOnce` says whether a
 * piece that leads to one offer only plays it at once (a game's choice).
 */
export function click(offers: Offer[], prefix: string[], key: string, atOnce: boolean): Step {
  const next = [...prefix, key];
  const found = matching(offers, next);
  if (found.length === 0) return { kind: "refused" };
  if (found.length === 1 && atOnce) return { kind: "send", offer: found[0] };
  const complete = found.filter((o) => o.path.length === next.length);
  if (complete.length === found.length) {
    return complete.length === 1 ? { kind: "send", offer: complete[0] } : { kind: "choose", offers: complete };
  }
  return { kind: "select", prefix: next };
}
