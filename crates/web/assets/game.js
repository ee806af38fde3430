// What the shell asks of a game's module (web/src/games/<game>/): drawing its table,
// its words, its options in the lobby. The shell does the rest: connection, log,
// undo, language, and the clicks, which come from the server's offers.
export {};
