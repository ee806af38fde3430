// What the shell asks of a game's module (web/src/games/<game>/): drawing its table,
// its words, its options in the lobby. The shell does the rest: connection, log,
// undo, language, and the clicks, which come from the server's offers.

import type { GameState, LogEvent, Message, Offer, ServerEvent } from "./api.js";
import type { Marks } from "./markup.js";

/** What the table shows now: `V` and `E` are the game's view and event (types/<game>.d.ts). */
export interface View<V = unknown, E = unknown> {
  id: string;
  state: GameState<V>;
  marks: Marks;
  /** The events shown in the log, oldest first. */
  events: LogEvent<E>[];
  /** Whose own area is drawn large. */
  shown: number;
}

/**
 * A game's module, over its view `V` and event `E`. The shell holds every module as
 * `GameModule` (of unknowns): the state's `game` picks the module, so what the shell
 * hands it is that game's view and events.
 */
export interface GameModule<V = unknown, E = unknown> {
  /** The game's name in the lobby's picker (a proper name, the same in every language). */
  title: string;
  /**
   * Fetches the static data the table draws from, once per page: the game's boards,
   * and the content file `state`'s game plays with where its view says it has one
   * (never part of a push).
   */
  setup(state: GameState<V>): Promise<void>;
  /** A short line on where the game stands (phase, round). */
  headline(state: GameState<V>): string;
  /** The table's sections, as markup; its pieces carry the offers' keys as `data-key`. */
  table(view: View<V, E>): string;
  /**
   * What the page's own seat plays with (Burgundy: its dice, storage and goods), drawn
   * in the status bar, which stays on screen on a phone; its pieces carry keys too.
   */
  bar?(view: View<V, E>): string;
  /** The final result, once the game is over. */
  result(view: View<V, E>): string;
  /** A message from the server (an event, a decision, a refusal) in words. */
  say(message: Message): string;
  /** The message of an event, for a server that sends events without one. */
  describe(event: E): Message;
  /** The keys the newest events touched, to highlight them for a moment. */
  fresh(events: (E | ServerEvent)[], me: number | null): Set<string>;
  /** Whether a click on `key` that leads to one offer plays it at once. */
  atOnce(key: string): boolean;
  /** The words of a choice that the table does not draw (a die's value), or null. */
  keyText(key: string): string | null;
  /**
   * Whether the table answers `key` its own way (Catan's bank trade in two clicks, its
   * trade panel), so that the shell offers no button of its own for it.
   */
  ownKeys?(key: string): boolean;
  /** The heading of a menu of choices the table does not draw, or null. */
  menuTitle(keys: string[]): string | null;
  /**
   * Whether a decision that ends the turn (`offer.ends_turn`) waits on the table for
   * "End turn", so that it can still be taken back (Burgundy: all but an explicit pass).
   * Without it the shell sends every decision at once.
   */
  confirmEnd?(offer: Offer): boolean;
  /** The piece a key of the keyboard chooses (Burgundy: "1" the first die), if any. */
  shortcut?(key: string): string | null;
  /** The lobby's options of a new game: fields per seat, the rules, and reading them. */
  lobby: {
    setup(): Promise<void>;
    seat(i: number): string;
    rules(): string;
    /** The options, or a promise of them (a file to read first). */
    options(data: FormData, players: number): unknown | Promise<unknown>;
  };
}
