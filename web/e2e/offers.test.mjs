// The click machinery over offers (web/src/offers.ts, as compiled), without a
// browser: which pieces light up after some clicks, and what a click does.

import { test } from "node:test";
import assert from "node:assert/strict";
import { click, matching, nextKeys } from "../../crates/web/assets/offers.js";

const offer = (action, ...path) => ({ action, path, label: { key: `action.${action.split(" ")[0]}` } });
// A turn of Burgundy's shape: a die then its value; a stored tile then a space or
// its discard; two purchases of the same tile that differ only in payment.
const offers = [
  offer("die 1 3", "die:1", "value:3"),
  offer("die 1 4", "die:1", "value:4"),
  offer("die 2 6", "die:2", "value:6"),
  offer("place market 12", "storage:market", "space:12"),
  offer("place market 13", "storage:market", "space:13"),
  offer("buy black market", "depot:0:market"),
  offer("buy black market workers=2", "depot:0:market"),
  offer("pass", "pass"),
];

test("the first clicks of every offer light up, then the next steps of the chosen ones", () => {
  assert.deepEqual([...nextKeys(offers, [])].sort(), ["depot:0:market", "die:1", "die:2", "pass", "storage:market"]);
  assert.deepEqual([...nextKeys(offers, ["die:1"])].sort(), ["value:3", "value:4"]);
  assert.deepEqual([...nextKeys(offers, ["storage:market"])].sort(), ["space:12", "space:13"]);
  assert.deepEqual([...nextKeys(offers, ["pass"])], []);
  assert.equal(matching(offers, ["die:1"]).length, 2);
});

test("a click sends, selects, asks which, or is refused", () => {
  assert.deepEqual(click(offers, [], "pass", false), { kind: "send", offer: offers[7] });
  assert.deepEqual(click(offers, [], "die:1", true), { kind: "select", prefix: ["die:1"] });
  // A piece with one way to use it is used at once when the game says so.
  assert.deepEqual(click(offers, [], "die:2", true), { kind: "send", offer: offers[2] });
  assert.deepEqual(click(offers, [], "die:2", false), { kind: "select", prefix: ["die:2"] });
  assert.deepEqual(click(offers, ["die:1"], "value:4", false), { kind: "send", offer: offers[1] });
  assert.deepEqual(click(offers, [], "depot:0:market", false), { kind: "choose", offers: [offers[5], offers[6]] });
  assert.deepEqual(click(offers, ["die:1"], "value:6", false), { kind: "refused" });
  assert.deepEqual(click(offers, [], "space:12", false), { kind: "refused" });
  assert.deepEqual(click([], [], "pass", false), { kind: "refused" });
});
