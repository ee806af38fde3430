// What the shell asks of a game's module (web/src/games/<game>/): drawing its table,
// its words, its options in the lobby. The shell does the rest: connection, log,
// undo, language, and the clicks, which come from the server's offers.

import type { GameState, LogEvent, Message, Offer } from "./api.js";
import type { Marks } from "./markup.js";

/** What the table shows now. */
export interface View {
  id: string;
  state: GameState;
  marks: Marks;
  /** The events shown in the log, oldest first. */
  events: LogEvent[];
  /** Whose own area is drawn large. */
  shown: number;
}

export interface GameModule {
  /** The game's name in the lobby's picker (a proper name, the same in every language). */
  title: string;
  /**
   * Fetches the static data the table draws from, once per page: the game's boards,
   * and the content file `state`'s game plays with where its view says it has one
   * (never part of a push).
   */
  setup(state: GameState): Promise<void>;
  /** A short line on where the game stands (phase, round). */
  headline(state: GameState): string;
  /** The table's sections, as markup; its pieces carry the offers' keys as `data-key`. */
  table(view: View): string;
  /**
   * What the page's own seat plays with (Burgundy: its dice, storage and goods), drawn
   * in the status bar, which stays on screen on a phone; its pieces carry keys too.
   */
  bar?(view: View): string;
  /** The final result, once the game is over. */
  result(view: View): string;
  /** A message from the server (an event, a decision, a refusal) in words. */
  say(message: Message): string;
  /** The message of an event, for a server that sends events without one. */
  describe(event: any): Message;
  /** The keys the newest events touched, to highlight them for a moment. */
  fresh(events: any[], me: number | null): Set<string>;
  /** Whether a click on `key` that leads to one offer plays it at once. */
  atOnce(key: string): boolean;
  /** The words of a choice that the table does not draw (a die's value), or null. */
  keyText(key: string): string | null;
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
    /** The numbers of players the game is played by (2 to 4 when not said). */
    players?: number[];
    seat(i: number): string;
    rules(): string;
    /** The options, or a promise of them (a file to read first). */
    options(data: FormData, players: number): unknown | Promise<unknown>;
  };
}
